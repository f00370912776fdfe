"""Exam integrity (docs/INTEGRITY.md): with JavaScript the attempt page reports the periods the
student left it (another tab) and came back, through POST /attempts/{id}/focus; an exam that
needs Safe Exam Browser refuses an ordinary browser with a page (403) that passes axe in English
and in Polish."""
import uuid

from selenium.webdriver.common.by import By

from support import BASE, api, axe, browser, enroll, exam_draft, register, requests_to, sign_up, unique, wait
from test_attempt import start
from test_polish import enroll_in_polish, register_in_polish


def locked_classroom(policy):
    """A teacher's course with a published exam of `policy`; returns the course and the exam."""
    teacher = sign_up(unique("teacher"), "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Integrity " + uuid.uuid4().hex[:6], "description": "Integrity"}, teacher)
    assert status == 201, status
    course = created["course"]
    draft = exam_draft("Integrity exam")
    draft["policy"] = policy
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", draft, teacher)
    assert status == 201, (status, exam)
    status, exam = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)
    assert status == 200, status
    return course, exam


def test_leaving_the_attempt_page_for_another_tab_is_reported():
    course, exam = locked_classroom({})
    driver = browser(javascript=True)
    try:
        register(driver, unique("focus"))
        enroll(driver, course["courseCode"])
        driver.get(f"{BASE}/exams/{exam['id']}")
        assert "the time is recorded for your teacher" in driver.page_source
        attempt_url = start(driver, exam)
        assert driver.find_elements(By.CSS_SELECTOR, "[data-attempt][data-focus-log]")
        requests_to(driver, attempt_url + "/focus")
        attempt_tab = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(BASE + "/health")
        driver.switch_to.window(attempt_tab)
        # Headless Chromium tells a page of a tab in the background that it is hidden; should it
        # not, the page is told as a browser tells it when its window loses focus.
        driver.execute_script("if (document.hasFocus()) { window.dispatchEvent(new Event('blur')); }")
        driver.execute_script("window.dispatchEvent(new Event('focus'))")
        sent = []
        wait(driver, lambda d: sent.extend(requests_to(d, attempt_url + "/focus")) or any(r.get("status") == 200 for r in sent))
        assert all(r["method"] == "POST" for r in sent)
    finally:
        driver.quit()


def test_an_exam_in_safe_exam_browser_refuses_an_ordinary_browser_with_a_page_in_both_languages():
    course, exam = locked_classroom({"safeExamBrowser": {"configKeys": ["ab" * 32]}})
    for language, words in [("en-GB", "Open the exam from Safe Exam Browser"), ("pl", "Otwórz egzamin w Safe Exam Browser")]:
        driver = browser(javascript=True, language=language)
        try:
            if language == "pl":
                register_in_polish(driver, unique("seb"))
                enroll_in_polish(driver, course["courseCode"])
            else:
                register(driver, unique("seb"))
                enroll(driver, course["courseCode"])
            driver.get(f"{BASE}/exams/{exam['id']}")
            wait(driver, lambda d: words in d.page_source)
            axe(driver, f"Safe Exam Browser refusal ({language})")
        finally:
            driver.quit()


def test_the_countdown_shows_on_a_description_that_opens_the_attempt():
    """Issue 67: the countdown first appeared on question 2 when question 1 was a description
    (the page's script looked for a question's fieldset only)."""
    teacher = sign_up(unique("teacher"), "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Reading " + uuid.uuid4().hex[:6], "description": "Reading"}, teacher)
    assert status == 201, status
    course = created["course"]
    draft = exam_draft("Reading exam", minutes=30)
    draft["questions"].insert(0, {"kind": "description", "prompt": "Read the text below first.", "points": 0})
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", draft, teacher)
    assert status == 201, (status, exam)
    status, exam = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)
    assert status == 200, status
    driver = browser(javascript=True)
    try:
        register(driver, unique("reader"))
        enroll(driver, course["courseCode"])
        start(driver, exam)
        assert "Read the text below first." in driver.page_source
        timer = driver.find_element(By.CSS_SELECTOR, "[role=timer]")
        wait(driver, lambda d: timer.is_displayed() and timer.get_attribute("textContent").startswith("Time left: "))
        assert not driver.find_elements(By.CSS_SELECTOR, "button[value=flag]"), "no Flag button on a description"
        axe(driver, "an attempt opening with a description")
    finally:
        driver.quit()
