"""An exam sat entirely in Polish, as a Polish school's browser asks for it (Accept-Language: pl):
by keyboard alone with JavaScript and with the mouse without it, through the Polish accessible
names the contract fixes, axe-core on every page in Polish; and a teacher's live page in Polish."""
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import (BASE, MAX_SCORE, PASSWORD, api, attempts_of, axe, browser, button, exam_draft, field, fits_a_phone, navigate,
                     screenshot, sign_up, unique, wait)
from test_attempt import answer_by_keyboard, named, press_until

# The labels of the answers' controls in Polish.
POLISH_NAMES = {"true": "Prawda", "text": "Twoja odpowiedź", "number": "Twoja odpowiedź (liczba)"}

# Words that would show an English sentence left on a Polish page (the teacher's own texts aside).
ENGLISH = ["Sign out", "My courses", "Question ", "Next", "Previous", "answered", "Submit", "Time left", "Saved", "Start attempt"]


def polish_classroom(title):
    """A teacher (email, token) with a course and a published exam, made through the API."""
    email = unique("nauczyciel")
    teacher = sign_up(email, "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Algebra " + unique("k")[:12], "description": "Grupy"}, teacher)
    assert status == 201, status
    course = created["course"]
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", exam_draft(title), teacher)
    assert status == 201, (status, exam)
    status, exam = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)
    assert status == 200, status
    return email, teacher, course, exam


def polish(driver, page, javascript=True):
    """The page is ExamPrep's in Polish: `<html lang="pl">`, no English sentence of ours, and axe
    clean (axe runs as a script: only where the browser runs scripts)."""
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl", page
    text = driver.find_element(By.TAG_NAME, "body").text
    left = [word for word in ENGLISH if word in text]
    assert not left, f"{page}: English left: {left}"
    if javascript:
        axe(driver, page + " (pl)")


def polish_points(number):
    """The word "punkt" as Polish counts `number` (written with a decimal comma)."""
    if "," in number:
        return "punktu"
    n = int(number)
    if n == 1:
        return "punkt"
    return "punkty" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "punktów"


def register_in_polish(driver, email, javascript=True):
    driver.get(BASE + "/register")
    polish(driver, "/register", javascript)
    field(driver, "E-mail").send_keys(email)
    field(driver, "Hasło").send_keys(PASSWORD)
    navigate(driver, button(driver, "Załóż konto"))
    wait(driver, lambda d: "/courses" in d.current_url)
    field(driver, "Kod kursu")
    polish(driver, "/courses", javascript)


def enroll_in_polish(driver, code, javascript=True):
    field(driver, "Kod kursu").send_keys(code)
    navigate(driver, button(driver, "Zapisz się"))
    wait(driver, lambda d: "done=enrolled" in d.current_url)
    polish(driver, "/courses/{id}", javascript)


def test_a_student_sits_an_exam_in_polish_by_keyboard():
    _, teacher, course, exam = polish_classroom("Egzamin z klawiatury")
    driver = browser(javascript=True, language="pl")
    try:
        register_in_polish(driver, unique("klawiatura"))
        enroll_in_polish(driver, course["courseCode"])
        driver.get(f"{BASE}/exams/{exam['id']}")
        polish(driver, "/exams/{id}")
        fits_a_phone(driver, "/exams/{id}")
        rules = driver.find_element(By.TAG_NAME, "main").text
        assert "6 pytań" in rules, "the count by the Polish plural rules"
        points = re.search(r"6 pytań, łącznie (\d+(?:,\d+)?) (punkt\w*)\.", rules)
        assert points and points.group(2) == polish_points(points.group(1)), rules
        navigate(driver, press_until(driver, named("Rozpocznij podejście")), Keys.ENTER)
        wait(driver, lambda d: "/attempts/" in d.current_url)
        for number in range(1, 7):
            if number == 1:
                polish(driver, "a question")
                fits_a_phone(driver, "a question")
            answer_by_keyboard(driver, POLISH_NAMES)
            if number == 1:
                wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-save-status]").text.startswith("Zapisano"))
                screenshot(driver, "attempt-pl")
            if number == 2:
                flag = press_until(driver, named("Oznacz do przejrzenia"))
                flag.send_keys(Keys.ENTER)
                wait(driver, lambda d: d.find_elements(By.XPATH, "//button[@aria-pressed='true' and normalize-space()='Usuń oznaczenie']"))
            navigate(driver, press_until(driver, named("Dalej" if number < 6 else "Zakończ podejście")), Keys.ENTER)
            wait(driver, lambda d: f"q={number + 1}" in d.current_url or "/summary" in d.current_url)
        polish(driver, "the summary")
        fits_a_phone(driver, "the summary")
        navigate(driver, press_until(driver, named("Prześlij wszystko i zakończ")), Keys.ENTER)
        wait(driver, lambda d: "done=submitted" in d.current_url)
        polish(driver, "the review")
        [attempt] = attempts_of(teacher, exam["id"])
        assert attempt["score"] == MAX_SCORE and attempt["flagged"] == 1, attempt
    finally:
        driver.quit()


def test_a_student_sits_an_exam_in_polish_without_javascript_while_the_teacher_watches_live():
    email, teacher, course, exam = polish_classroom("Egzamin bez skryptów")
    student = browser(javascript=False, language="pl")
    watcher = browser(javascript=True, language="pl")
    try:
        # The teacher signs in with the Polish form and opens the live page.
        watcher.get(BASE + "/login")
        polish(watcher, "/login")
        field(watcher, "E-mail").send_keys(email)
        field(watcher, "Hasło").send_keys(PASSWORD)
        navigate(watcher, button(watcher, "Zaloguj się"))
        watcher.get(f"{BASE}/teach/exams/{exam['id']}/live")
        polish(watcher, "the live page")
        fits_a_phone(watcher, "the live page")

        student_email = unique("bez-js")
        register_in_polish(student, student_email, javascript=False)
        enroll_in_polish(student, course["courseCode"], javascript=False)
        student.get(f"{BASE}/exams/{exam['id']}")
        navigate(student, button(student, "Rozpocznij podejście"))
        wait(student, lambda d: "/attempts/" in d.current_url)
        for number in range(1, 7):
            kind = student.find_element(By.CSS_SELECTOR, "fieldset.question").get_attribute("data-kind")
            if kind == "single":
                field(student, "4").click()
            elif kind == "multiple":
                field(student, "2").click()
                field(student, "3").click()
            elif kind == "truefalse":
                field(student, "Prawda").click()
            elif kind == "text":
                field(student, "Twoja odpowiedź").send_keys("Wut")
            elif kind == "number":
                field(student, "Twoja odpowiedź (liczba)").send_keys("3.14")
            else:
                from selenium.webdriver.support.ui import Select
                Select(field(student, "Dog")).select_by_visible_text("Woof")
                Select(field(student, "Cat")).select_by_visible_text("Meow")
            if number == 3:
                polish(student, "a question without JavaScript", javascript=False)
                wait(watcher, lambda d: student_email in d.find_element(By.ID, "live").text)
                polish(watcher, "the live page with a student")
                screenshot(watcher, "live-pl")
            navigate(student, button(student, "Dalej" if number < 6 else "Zakończ podejście"))
        wait(student, lambda d: "/summary" in d.current_url)
        polish(student, "the summary without JavaScript", javascript=False)
        navigate(student, button(student, "Prześlij wszystko i zakończ"))
        wait(student, lambda d: "done=submitted" in d.current_url)
        [attempt] = attempts_of(teacher, exam["id"])
        assert attempt["score"] == MAX_SCORE, attempt
    finally:
        student.quit()
        watcher.quit()
