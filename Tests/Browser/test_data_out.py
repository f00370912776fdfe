"""Data out and back (issue 72) in Chromium: a student downloads their data from the account
page (the file parses and names their attempt); an admin erases a student through the
confirmation page (axe-clean); a teacher whose browser speaks Polish copies a course (the copy
has the bank and the exams, no students), each page through axe."""
import json

from selenium.webdriver.common.by import By

from support import ADMIN_EMAIL, ADMIN_PASSWORD, BASE, PASSWORD, api, axe, browser, button, classroom, field, navigate, sign_up, unique, wait
from test_teach import sign_in


def fetch_json(driver, path):
    """What the browser's own session downloads from `path` (the link's target), parsed."""
    text = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done, e => done('ERROR ' + e));", path)
    return json.loads(text)


def student_with_attempt():
    """A teacher's course with a published exam, and a student (email, token) who started it."""
    teacher, course, exam = classroom("Data out midterm")
    email = unique("pupil")
    token = sign_up(email, "student")
    status, _ = api("POST", "/api/students/courses/enroll", {"courseCode": course["courseCode"]}, token)
    assert status == 201, status
    status, attempt = api("POST", f"/api/students/exams/{exam['id']}/attempts", None, token)
    assert status == 201, (status, attempt)
    return teacher, course, exam, email, token, attempt


def test_a_student_downloads_their_data_and_an_admin_erases_them():
    assert ADMIN_EMAIL and ADMIN_PASSWORD, "scripts/browser-test makes an admin (BROWSER_TEST_ADMIN_EMAIL)"
    _, _, exam, email, _, attempt = student_with_attempt()
    student = browser(javascript=True)
    admin = browser(javascript=True)
    try:
        sign_in(student, email)
        student.get(BASE + "/account")
        axe(student, "/account")
        link = student.find_element(By.LINK_TEXT, "Download my data")
        assert link.get_attribute("href").endswith("/account/export")
        document = fetch_json(student, "/account/export")
        assert document["format"] == "examprep-personal-data" and document["account"]["email"] == email
        assert [a["examTitle"] for a in document["attempts"]] == ["Data out midterm"], document["attempts"]
        assert document["attempts"][0]["id"] == attempt["attemptId"] and document["attempts"][0]["examId"] == exam["id"]

        sign_in(admin, ADMIN_EMAIL, ADMIN_PASSWORD)
        wait(admin, lambda d: d.current_url.endswith("/admin"))
        admin.get(f"{BASE}/admin?q={email}")
        navigate(admin, admin.find_element(By.XPATH, f"//a[starts-with(normalize-space(), 'Erase') and contains(., '{email}')]"))
        assert "/erase" in admin.current_url and "cannot be undone" in admin.find_element(By.TAG_NAME, "main").text
        axe(admin, "/admin/users/{id}/erase")
        navigate(admin, admin.find_element(By.XPATH, "//button[starts-with(normalize-space(), 'Erase for good')]"))
        assert "The account is erased" in admin.find_element(By.TAG_NAME, "main").text
        axe(admin, "/admin/users/{id}/erase, erased")
        status, _ = api("POST", "/api/login", {"email": email, "password": PASSWORD})
        assert status == 400, status
    finally:
        student.quit()
        admin.quit()


def test_a_polish_teacher_copies_a_course_without_its_students():
    email = unique("nauczyciel")
    teacher = sign_up(email, "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Fizyka " + unique("k")[:10], "description": "Ruch i siły"}, teacher)
    assert status == 201, status
    course = created["course"]
    for prompt in ["Czy prędkość jest wektorem?", "Czy masa jest wektorem?"]:
        status, _ = api("POST", f"/api/faculty/courses/{course['id']}/questions",
                        {"kind": "true_false", "prompt": prompt, "points": 1, "answer": True, "topic": "mechanika"}, teacher)
        assert status == 201, status
    status, _ = api("POST", f"/api/faculty/courses/{course['id']}/exams", {
        "title": "Sprawdzian", "questions": [{"fromBank": {"topic": "mechanika", "count": 2}}]}, teacher)
    assert status == 201, status
    pupil = sign_up(unique("uczen"), "student")
    status, _ = api("POST", "/api/students/courses/enroll", {"courseCode": course["courseCode"]}, pupil)
    assert status == 201, status

    driver = browser(javascript=True, language="pl-PL")
    try:
        driver.get(BASE + "/login")
        field(driver, "E-mail").send_keys(email)
        field(driver, "Hasło").send_keys(PASSWORD)
        navigate(driver, button(driver, "Zaloguj się"))
        driver.get(f"{BASE}/teach/courses/{course['id']}")
        navigate(driver, driver.find_element(By.LINK_TEXT, "Kopiuj kurs"))
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl"
        title = field(driver, "Nazwa nowego kursu")
        assert title.get_attribute("value") == course["name"] + " (kopia)"
        axe(driver, "/teach/courses/{id}/copy (pl)")
        title.clear()
        title.send_keys(course["name"] + " 2027")
        navigate(driver, button(driver, "Utwórz kopię"))
        wait(driver, lambda d: "done=created" in d.current_url)
        axe(driver, "the copy's course page (pl)")
        copy_id = int(driver.current_url.split("/teach/courses/")[1].split("?")[0])
        assert copy_id != course["id"]

        status, courses = api("GET", "/api/faculty/courses", None, teacher)
        copy = next(c for c in courses if c["id"] == copy_id)
        assert copy["name"] == course["name"] + " 2027" and copy["enrollmentCount"] == 0 and copy["courseCode"] != course["courseCode"]
        status, bank = api("GET", f"/api/faculty/courses/{copy_id}/questions", None, teacher)
        assert sorted(q["prompt"] for q in bank) == ["Czy masa jest wektorem?", "Czy prędkość jest wektorem?"]
        status, exams = api("GET", f"/api/faculty/exams?courseId={copy_id}", None, teacher)
        assert [(e["title"], e["status"]) for e in exams] == [("Sprawdzian", "draft")]
        status, roster = api("GET", f"/api/faculty/courses/{copy_id}/roster", None, teacher)
        assert status == 200 and roster == [], roster

        # The same name again: the page says so, in Polish, and nothing is made.
        driver.get(f"{BASE}/teach/courses/{course['id']}/copy")
        title = field(driver, "Nazwa nowego kursu")
        title.clear()
        title.send_keys(course["name"] + " 2027")
        navigate(driver, button(driver, "Utwórz kopię"))
        assert driver.find_element(By.ID, "copy-error").text
        axe(driver, "/teach/courses/{id}/copy, refused (pl)")
        status, again = api("GET", "/api/faculty/courses", None, teacher)
        assert len(again) == len(courses)
    finally:
        driver.quit()
