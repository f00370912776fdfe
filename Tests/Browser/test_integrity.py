"""Exam integrity (docs/INTEGRITY.md): with JavaScript the attempt page reports the periods the
student left it (another tab) and came back, through POST /attempts/{id}/focus; an exam that
needs Safe Exam Browser refuses an ordinary browser with a page (403) that passes axe in English
and in Polish."""
import uuid

from selenium.webdriver.common.by import By

from support import BASE, answer_current, api, axe, browser, button, enroll, exam_draft, field, navigate, register, requests_to, sign_up, unique, wait
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


def reading_classroom(name):
    """A teacher's course with a published 30-minute exam that opens with a description."""
    teacher = sign_up(unique("teacher"), "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": name + " " + uuid.uuid4().hex[:6], "description": name}, teacher)
    assert status == 201, status
    course = created["course"]
    draft = exam_draft(name + " exam", minutes=30)
    draft["questions"].insert(0, {"kind": "description", "prompt": "Read the text below first.", "points": 0})
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", draft, teacher)
    assert status == 201, (status, exam)
    status, exam = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)
    assert status == 200, status
    return course, exam


def test_the_countdown_shows_on_a_description_that_opens_the_attempt():
    """Issue 67: the countdown first appeared on question 2 when question 1 was a description
    (the page's script looked for a question's fieldset only)."""
    course, exam = reading_classroom("Reading")
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


def pending_answers(driver, attempt_id):
    """The answers this browser's queue still holds for the attempt (localStorage)."""
    return driver.execute_script(
        "var q = JSON.parse(localStorage.getItem('examprep.attempt.' + arguments[0]) || '{\"pending\": []}');"
        "return q.pending.length;", str(attempt_id))


def test_one_place_a_second_tab_moves_the_attempt_and_the_first_keeps_its_answer():
    """Issue 71, policy.oneSession with JavaScript: a second tab opening the attempt is told it is
    open elsewhere and moves it; the first tab's next save gets 409 and says so plainly, keeps
    the answer in its queue, and sends it once the attempt is moved back to it."""
    course, exam = locked_classroom({"oneSession": True})
    driver = browser(javascript=True)
    try:
        register(driver, unique("places"))
        enroll(driver, course["courseCode"])
        start(driver, exam)
        first_url = driver.current_url
        assert "place=" in first_url, first_url
        attempt_id = first_url.split("/attempts/")[1].split("?")[0]
        first = driver.current_window_handle
        field(driver, "4").click()
        status = driver.find_element(By.CSS_SELECTOR, "[data-save-status]")
        wait(driver, lambda d: status.text.startswith("Saved"))
        # The second tab: where it is open, and Move it here.
        driver.switch_to.new_window("tab")
        driver.get(f"{BASE}/attempts/{attempt_id}")
        assert "This attempt is open in another tab or app" in driver.page_source
        axe(driver, "a one-place attempt open in another tab")
        navigate(driver, button(driver, "Move it here"))
        assert "place=" in driver.current_url and driver.current_url != first_url
        assert driver.find_elements(By.CSS_SELECTOR, "[data-question-form]")
        # The first tab's next answer: refused, said plainly, kept.
        driver.switch_to.window(first)
        field(driver, "3").click()
        status = driver.find_element(By.CSS_SELECTOR, "[data-save-status]")
        wait(driver, lambda d: "moved to another tab or app" in status.text)
        assert "Your unsent answers are kept" in status.text
        assert pending_answers(driver, attempt_id) == 1
        back = driver.find_element(By.CSS_SELECTOR, "[data-move-back]")
        assert back.is_displayed()
        axe(driver, "the first tab after its attempt moved away")
        # Moved back here, the kept answer is sent.
        navigate(driver, button(driver, "Move it here"))
        wait(driver, lambda d: pending_answers(d, attempt_id) == 0)
        assert driver.find_element(By.CSS_SELECTOR, "input[type=radio]:checked").get_attribute("id") == field(driver, "3").get_attribute("id")
    finally:
        driver.quit()


def test_one_place_without_javascript():
    """The same move without JavaScript: the address carries the place; the old page's form
    gets 409 with the same plain sentence. (axe needs JavaScript: the JavaScript test above
    checks the same pages.)"""
    course, exam = locked_classroom({"oneSession": True})
    driver = browser(javascript=False)
    try:
        register(driver, unique("places-nojs"))
        enroll(driver, course["courseCode"])
        start(driver, exam)
        first_url = driver.current_url
        assert "place=" in first_url, first_url
        attempt_id = first_url.split("/attempts/")[1].split("?")[0]
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(f"{BASE}/attempts/{attempt_id}")
        assert "This attempt is open in another tab or app" in driver.page_source
        navigate(driver, button(driver, "Move it here"))
        assert "place=" in driver.current_url and driver.current_url != first_url
        assert driver.find_elements(By.CSS_SELECTOR, "[data-question-form]")
        # The old tab's page, still on the screen, sent: refused, said plainly.
        driver.switch_to.window(first)
        field(driver, "4").click()
        navigate(driver, button(driver, "Next"))
        assert "This attempt was moved to another tab or app" in driver.page_source
        # Its address now draws the page that offers to move the attempt back.
        driver.get(first_url)
        assert "This attempt is open in another tab or app" in driver.page_source
    finally:
        driver.quit()


def test_next_and_previous_step_over_a_description_with_javascript():
    """The lead's report: with JavaScript, Next on the description (?q=1) must reach question 1
    (?q=2), then question 2 (?q=3); Previous goes back one page (the script used the question's
    number, which a description does not have, as the page's place)."""
    course, exam = reading_classroom("Steps")
    driver = browser(javascript=True)
    try:
        register(driver, unique("stepper"))
        enroll(driver, course["courseCode"])
        start(driver, exam)
        navigate(driver, button(driver, "Next"))
        wait(driver, lambda d: "q=2" in d.current_url)
        assert driver.title.startswith("Question 1 of 6")
        answer_current(driver)
        navigate(driver, button(driver, "Next"))
        wait(driver, lambda d: "q=3" in d.current_url)
        assert driver.title.startswith("Question 2 of 6")
        navigate(driver, button(driver, "Previous"))
        wait(driver, lambda d: "q=2" in d.current_url)
        assert driver.title.startswith("Question 1 of 6")
    finally:
        driver.quit()
