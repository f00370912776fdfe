"""The faculty pages (issue 39): a teacher signs in, makes a course, uploads Moodle's own GIFT
examples (the dry run shows before anything is stored), imports them, builds an exam with a
bank slot and publishes it; a student starts it through part one's pages; the live page shows
the student without a reload; the teacher extends the attempt and the student's countdown moves
at its next save; the student submits; grade book, statistics, CSV. axe on every faculty page;
the upload and the exam editor by keyboard; a student is kept out."""
import os
import re
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from support import BASE, PASSWORD, XSS, api, axe, browser, button, enroll, field, navigate, no_xss, register, screenshot, sign_up, unique, wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def moodle_examples():
    """Every example of Moodle's GIFT documentation page: the text of Tests/InterchangeTests/MoodleDocFixture.swift."""
    source = open(os.path.join(ROOT, "Tests", "InterchangeTests", "MoodleDocFixture.swift"), encoding="utf-8").read()
    body = re.search(r'##"""\n(.*?)\n *"""##', source, re.S).group(1)
    return "\n".join(line[8:] if line.startswith(" " * 8) else line.strip() for line in body.split("\n")) + "\n"


def sign_in(driver, email, password=PASSWORD):
    driver.get(BASE + "/login")
    field(driver, "Email").send_keys(email)
    field(driver, "Password").send_keys(password)
    navigate(driver, button(driver, "Sign in"))


def press(driver, element):
    """Presses Enter on `element` (the keyboard's way to send a form) and waits for the next page."""
    navigate(driver, element, Keys.ENTER)


def teacher_with_course(driver, name):
    """A teacher signed in through the sign-in page, with a course made in /teach; returns (token, course page URL)."""
    email = unique("teacher")
    token = sign_up(email, "faculty")
    sign_in(driver, email)
    wait(driver, lambda d: d.current_url.endswith("/teach"))
    axe(driver, "/teach (no course)")
    field(driver, "Name").send_keys(name)
    field(driver, "Description").send_keys("Groups, rings and fields")
    Select(field(driver, "Time zone")).select_by_visible_text("Europe/Warsaw")
    press(driver, button(driver, "Create course"))
    wait(driver, lambda d: "done=created" in d.current_url)
    return token, driver.current_url.split("?")[0]


def test_a_teacher_runs_a_course_and_imports_moodles_examples():
    driver = browser(javascript=True)
    try:
        token, course_page = teacher_with_course(driver, "Algebra " + XSS)
        no_xss(driver)
        axe(driver, "/teach/courses/{id}")
        status, courses = api("GET", "/api/faculty/courses", None, token)
        course = courses[0]
        assert course["timeZone"] == "Europe/Warsaw" and course["name"].startswith("Algebra <script>")

        # The bank: upload the file, see the dry run, nothing stored yet.
        navigate(driver, driver.find_element(By.LINK_TEXT, "Question bank"))
        axe(driver, "the empty bank")
        with tempfile.NamedTemporaryFile("w", suffix=".gift.txt", delete=False, encoding="utf-8") as out:
            out.write(moodle_examples())
        field(driver, "File").send_keys(out.name)
        Select(field(driver, "Format")).select_by_value("gift")
        press(driver, button(driver, "Check the file"))
        summary = driver.find_element(By.ID, "import-summary").text
        will = int(re.search(r"(\d+) questions? will be imported", summary).group(1))
        assert will > 20, summary
        # Every example on Moodle's page imports (missing words, descriptions and essays too):
        # nothing is left out.
        assert not driver.find_elements(By.XPATH, "//h2[normalize-space()='Left out']"), summary
        axe(driver, "the import's dry run")
        status, stored = api("GET", f"/api/faculty/courses/{course['id']}/questions?limit=200", None, token)
        assert status == 200 and stored == [], "nothing stored by the dry run"

        # The import, by keyboard.
        press(driver, driver.find_element(By.XPATH, f"//button[normalize-space()='Import {will} question{'' if will == 1 else 's'}']"))
        wait(driver, lambda d: "done=imported" in d.current_url)
        assert f"{will} questions imported" in driver.find_element(By.CSS_SELECTOR, "p.notice").text
        status, stored = api("GET", f"/api/faculty/courses/{course['id']}/questions?limit=200", None, token)
        assert len(stored) == will
        axe(driver, "the bank")
        screenshot(driver, "bank")
        driver.get(course_page + "/questions?q=Grant")
        assert "Ulysses" in driver.find_element(By.CSS_SELECTOR, ".bank-list").text, "the search finds Moodle's Q7"
        axe(driver, "a search of the bank")

        # A student enrolls; the roster, the student's page, an accommodation.
        student = browser(javascript=False)
        try:
            student_email = unique("student")
            register(student, student_email)
            enroll(student, course["courseCode"])
            for path in ["/teach", course_page, course_page + "/questions", course_page + "/delete"]:
                student.get(BASE + path if path.startswith("/") else path)
                assert "403" in student.title or "Forbidden" in student.title, (path, student.title)
        finally:
            student.quit()
        driver.get(course_page)
        navigate(driver, driver.find_element(By.LINK_TEXT, student_email))
        axe(driver, "a student of the course")
        box = field(driver, "Extra minutes")
        box.clear()
        box.send_keys("15")
        press(driver, button(driver, "Save accommodation"))
        wait(driver, lambda d: "done=saved" in d.current_url)
        assert "+15 min" in driver.find_element(By.TAG_NAME, "main").text
        navigate(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "from the course"))
        axe(driver, "removing a student: the confirmation")
        driver.get(course_page + "/delete")
        assert "1 student enrollment" in driver.find_element(By.TAG_NAME, "main").text
        axe(driver, "deleting a course: the confirmation")
        no_xss(driver)

        exam_hour(driver, token, course, course_page, student_email)
    finally:
        driver.quit()


def touch_answer(driver):
    """Answers the question on the attempt page somehow (the first choice, the first option, or
    something typed: the exam draws its questions at random, essays among them)."""
    choice = driver.find_elements(By.CSS_SELECTOR, "fieldset.question input[type=radio], fieldset.question input[type=checkbox]")
    if choice:
        choice[0].click()
        return
    select = driver.find_elements(By.CSS_SELECTOR, "fieldset.question select")
    if select:
        Select(select[0]).select_by_index(1)
        return
    box = driver.find_element(By.CSS_SELECTOR, "fieldset.question input[type=text], fieldset.question textarea")
    box.send_keys("1")


def time_left_minutes(driver):
    text = driver.find_element(By.CSS_SELECTOR, "[role=timer]").text
    parts = [int(part) for part in re.findall(r"\d+", text)]
    return parts[0] * 60 + parts[1] if len(parts) == 3 else parts[0]


def exam_hour(driver, token, course, course_page, student_email):
    """The exam editor, publishing, the live page while a student sits the exam, the results."""
    driver.get(course_page)
    navigate(driver, driver.find_element(By.LINK_TEXT, "Exams"))
    axe(driver, "the course's exams (none)")
    navigate(driver, driver.find_element(By.LINK_TEXT, "New exam"))
    field(driver, "Title").send_keys("Moodle's examples " + XSS)
    field(driver, "Time limit (minutes)").send_keys("30")
    field(driver, "Number of questions").send_keys("3")
    axe(driver, "the exam editor")
    screenshot(driver, "exam-editor")
    press(driver, button(driver, "Save the exam"))
    wait(driver, lambda d: "done=saved" in d.current_url)
    no_xss(driver)
    axe(driver, "an exam (draft)")
    press(driver, button(driver, "Publish"))
    wait(driver, lambda d: "done=published" in d.current_url)
    exam_page = driver.current_url.split("?")[0]
    exam_id = exam_page.rsplit("/", 1)[1]
    axe(driver, "an exam (published)")

    # The live page, before anyone starts; it will show the student without a reload.
    navigate(driver, driver.find_element(By.LINK_TEXT, "The exam hour, live"))
    driver.execute_script("window.__sameLoad = 1")
    student = browser(javascript=True)
    try:
        sign_in_student(student, student_email)
        student.get(f"{BASE}/exams/{exam_id}")
        navigate(student, button(student, "Start attempt"))
        wait(student, lambda d: "/attempts/" in d.current_url)
        wait(driver, lambda d: student_email in d.find_element(By.ID, "live").text, timeout=20)
        assert driver.execute_script("return window.__sameLoad") == 1, "the live page showed the student without a reload"
        axe(driver, "the live page")
        screenshot(driver, "live")

        # The teacher extends the attempt; the student's countdown moves at its next save.
        wait(student, lambda d: d.find_element(By.CSS_SELECTOR, "[role=timer]").text.startswith("Time left"))
        before = time_left_minutes(student)
        navigate(driver, driver.find_element(By.LINK_TEXT, student_email))
        axe(driver, "an attempt's log")
        field(driver, "Minutes").send_keys("10")
        press(driver, button(driver, "Extend this attempt"))
        wait(driver, lambda d: "done=extended" in d.current_url)
        touch_answer(student)
        wait(student, lambda d: time_left_minutes(d) >= before + 9)
        student.get(student.current_url.split("?")[0] + "/summary")
        navigate(student, button(student, "Submit all and finish"))
        wait(student, lambda d: "done=submitted" in d.current_url)
    finally:
        student.quit()

    # The results: the grade book (sorted), its CSV, the statistics.
    driver.get(course_page + "/grades")
    assert student_email in driver.find_element(By.TAG_NAME, "main").text
    axe(driver, "the grade book")
    navigate(driver, driver.find_element(By.XPATH, "//th/a[starts-with(normalize-space(), 'Score')]"))
    assert driver.find_elements(By.CSS_SELECTOR, "th[aria-sort='ascending']")
    csv = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done, e => done(String(e)));",
        course_page + "/grades.csv")
    assert csv.startswith("name,studentNumber,email,examTitle") and student_email in csv, csv[:200]
    # The draw may have given the student one of Moodle's essays: its grade is the teacher's,
    # and statistics count an attempt once nothing in it waits for grading.
    status, pending = api("GET", f"/api/faculty/exams/{exam_id}/grading?pending=true", None, token)
    assert status == 200, pending
    for answer in pending:
        status, graded = api("PUT", f"/api/faculty/attempts/{answer['attemptId']}/grades/{answer['questionId']}", {"points": 0}, token)
        assert status == 200, graded
    driver.get(exam_page + "/statistics")
    alt = driver.find_element(By.CSS_SELECTOR, ".histogram img").get_attribute("alt")
    assert alt.startswith("Histogram of 1 scores"), alt
    assert driver.execute_script("return document.querySelector('.histogram img').naturalWidth") > 0, "the SVG loads"
    axe(driver, "the statistics")
    screenshot(driver, "statistics")
    no_xss(driver)


def sign_in_student(driver, email):
    sign_in(driver, email)
    wait(driver, lambda d: d.current_url.endswith("/courses"))
