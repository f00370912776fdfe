"""The attempt page's countdown (docs/WEB.md): a screen reader is told the time only at 30, 10, 5
and 1 minutes left, through a status of its own (the timer itself is not live), also while the
numbers are hidden; at the deadline the inputs are disabled and the page says that the server
submits what it has. The page's clock is moved forward (Date.now, as the page reads it), never
waited out."""
from selenium.webdriver.common.by import By

from support import api, browser, button, classroom, enroll, register, unique, wait
from test_attempt import start

# Date.now, moved by window.__skew milliseconds; the skew is set so that `arguments[0]` ms are
# left to the page's deadline (the server's clock is this machine's: the page's offset to it is
# about zero, and each announcement has a minute of leeway).
MOVE_CLOCK = """
if (!window.__realNow) {
  window.__realNow = Date.now.bind(Date);
  window.__skew = 0;
  Date.now = function () { return window.__realNow() + window.__skew; };
}
var deadline = Date.parse(document.querySelector("[data-deadline]").getAttribute("data-deadline"));
window.__skew = deadline - window.__realNow() - arguments[0];
"""


def text(element):
    return element.get_attribute("textContent").strip()


def test_the_countdown_speaks_at_30_10_5_and_1_minutes_and_the_inputs_stop_at_the_deadline():
    teacher, course, exam = classroom("Countdown exam", minutes=60)
    driver = browser(javascript=True)
    try:
        register(driver, unique("timer"))
        enroll(driver, course["courseCode"])
        attempt_url = start(driver, exam)
        timer = driver.find_element(By.CSS_SELECTOR, "[role=timer]")
        announce = driver.find_element(By.CSS_SELECTOR, "[data-timer-announce]")
        assert timer.get_attribute("aria-live") == "off", "the numbers are never read out by themselves"
        assert announce.get_attribute("role") == "status"
        wait(driver, lambda d: text(timer).startswith("Time left: 59:") or text(timer).startswith("Time left: 1:00:"))
        assert text(announce) == "", "nothing said at the start"

        def left(seconds):
            driver.execute_script(MOVE_CLOCK, seconds * 1000)

        left(40 * 60)
        wait(driver, lambda d: text(timer).startswith("Time left: 40:") or text(timer).startswith("Time left: 39:"))
        assert text(announce) == "", "nothing said at 40 minutes"
        left(30 * 60 - 20)
        wait(driver, lambda d: text(announce) == "30 minutes left.")
        left(20 * 60)
        wait(driver, lambda d: text(timer).startswith("Time left: 20:") or text(timer).startswith("Time left: 19:"))
        assert text(announce) == "30 minutes left.", "nothing more said between the marks"
        left(10 * 60 - 20)
        wait(driver, lambda d: text(announce) == "10 minutes left.")
        # Hidden numbers (WCAG 2.2.2): the announcements stay.
        button(driver, "Hide timer").click()
        wait(driver, lambda d: "hidden-timer" in timer.get_attribute("class"))
        left(5 * 60 - 20)
        wait(driver, lambda d: text(announce) == "5 minutes left.")
        left(60 - 20)
        wait(driver, lambda d: text(announce) == "1 minute left.")

        inputs = driver.find_elements(By.CSS_SELECTOR, "[data-question-form] input:not([type=hidden]), [data-question-form] select, "
                                      "[data-question-form] button")
        assert inputs and all(element.is_enabled() for element in inputs), "answering until the deadline"
        left(-1)
        wait(driver, lambda d: text(announce) == "The time is up.")
        assert not [element for element in inputs if element.is_enabled()], "every input disabled at the deadline"
        status = text(driver.find_element(By.CSS_SELECTOR, "[data-save-status]"))
        assert status.startswith("The time is up. The server submits the answers it has"), status
        # The page's clock only: the server's attempt still runs.
        [attempt] = api("GET", f"/api/faculty/exams/{exam['id']}/attempts", None, teacher)[1]
        assert attempt.get("submittedAt") is None, attempt
        assert attempt_url.rsplit("/", 1)[1] == str(attempt["attemptId"])
    finally:
        driver.quit()
