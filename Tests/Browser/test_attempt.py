"""A whole exam in Chromium: without JavaScript, with it (and the network cut in the middle),
and by keyboard alone. Every answer is graded in the end, as the teacher's API reports it."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import (BASE, MAX_SCORE, PASSWORD, api, answer_current, attempts_of, browser, button, classroom, enroll, field, navigate, no_xss,
                     register, report, screenshot, unique, wait)


def start(driver, exam):
    driver.get(f"{BASE}/exams/{exam['id']}")
    navigate(driver, button(driver, "Start attempt"))
    wait(driver, lambda d: "/attempts/" in d.current_url)
    return driver.current_url.split("?")[0]


def finish_and_submit(driver):
    wait(driver, lambda d: "/summary" in d.current_url)
    summary = driver.find_element(By.CSS_SELECTOR, ".counts").text
    navigate(driver, button(driver, "Submit all and finish"))
    wait(driver, lambda d: "done=submitted" in d.current_url)
    return summary


def test_whole_exam_without_javascript():
    teacher, course, exam = classroom(hostile=True)
    driver = browser(javascript=False)
    try:
        register(driver, unique("nojs"))
        enroll(driver, course["courseCode"])
        start(driver, exam)
        assert driver.title.startswith("Question 1 of 6 · Algebra midterm")
        assert not driver.find_elements(By.CSS_SELECTOR, "[data-timer-box]:not([hidden])"), "no script, no countdown"
        for number in range(1, 7):
            answer_current(driver)
            if number == 2:
                navigate(driver, button(driver, "Flag for review"))
                flag = button(driver, "Remove flag")
                assert flag.get_attribute("aria-pressed") == "true"
                assert driver.find_element(By.LINK_TEXT, "Question 2, answered, flagged")
            navigate(driver, button(driver, "Next" if number < 6 else "Finish attempt"))
        summary = finish_and_submit(driver)
        assert "6 of 6 answered" in summary and "1 flagged" in summary, summary
        [attempt] = attempts_of(teacher, exam["id"])
        assert attempt["score"] == MAX_SCORE and attempt["flagged"] == 1, attempt
    finally:
        driver.quit()


def page_weight(driver):
    """The attempt page with its stylesheet and script: under 30 kB as the server sends them to a
    browser (Accept-Encoding as Chromium's), and gzipped; nothing from another origin."""
    import gzip
    import urllib.request
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(url.startswith(BASE) for url in resources), resources
    assets = sorted({url for url in resources if "/assets/" in url})
    assert len(assets) == 2, resources
    sent, zipped, parts = 0, 0, []
    for name, url in [("attempt page", driver.current_url)] + [(url.rsplit("/", 1)[-1], url) for url in assets]:
        request = urllib.request.Request(url, headers={"Cookie": cookies, "Accept-Encoding": "gzip, deflate, br, zstd"})
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()  # as sent: urllib does not decode a Content-Encoding
            encoding = response.headers.get("Content-Encoding") or "identity"
            plain = gzip.decompress(body) if encoding == "gzip" else body
        sent += len(body)
        zipped += len(gzip.compress(plain))
        parts.append(f"{name} {len(body)} B {encoding} ({len(plain)} B plain)")
    report(f"attempt page with its stylesheet and script: {sent} bytes as sent, {zipped} bytes gzipped: " + "; ".join(parts))
    assert sent < 30_000 and zipped < 30_000, (sent, zipped, parts)


def offline(driver, cut):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": cut, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def status(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-save-status]").text


def test_whole_exam_with_javascript_and_a_cut_network():
    teacher, course, exam = classroom("Algebra midterm")
    driver = browser(javascript=True)
    try:
        register(driver, unique("js"))
        enroll(driver, course["courseCode"])
        screenshot(driver, "course")
        driver.get(f"{BASE}/exams/{exam['id']}")
        screenshot(driver, "exam-start")
        attempt_url = start(driver, exam)
        timer = driver.find_element(By.CSS_SELECTOR, "[role=timer]")
        wait(driver, lambda d: timer.text.startswith("Time left: 59:") or timer.text.startswith("Time left: 1:00:"))
        button(driver, "Hide timer").click()
        assert not timer.is_displayed() or "hidden-timer" in timer.get_attribute("class")
        button(driver, "Show timer").click()
        no_xss(driver)

        answer_current(driver)
        wait(driver, lambda d: status(d).startswith("Saved"))
        screenshot(driver, "attempt")
        page_weight(driver)
        navigate(driver, button(driver, "Next"))
        wait(driver, lambda d: "q=2" in d.current_url)

        # The network goes; the answer stays in the browser, the page says so; a reload while
        # offline loses nothing.
        offline(driver, True)
        answer_current(driver)
        wait(driver, lambda d: status(d).startswith("Connection lost"))
        pending = json.loads(driver.execute_script("return localStorage.getItem(arguments[0])", "examprep.attempt." + attempt_url.rsplit("/", 1)[1]))
        assert len(pending["pending"]) == 1 and pending["pending"][0]["answer"]["choiceIds"], pending
        driver.refresh()
        wait(driver, lambda d: "Algebra" not in d.title)  # offline, the reload shows the browser's own page
        offline(driver, False)
        # Back online (Chrome may reload its error page by itself): the page sends what waits.
        driver.get(attempt_url + "?q=2")
        wait(driver, lambda d: "Algebra" in d.title)
        key = "examprep.attempt." + attempt_url.rsplit("/", 1)[1]
        wait(driver, lambda d: json.loads(d.execute_script("return localStorage.getItem(arguments[0])", key))["pending"] == [], timeout=45)
        driver.get(attempt_url + "?q=2")
        assert driver.find_element(By.LINK_TEXT, "Question 2, answered"), "the server has it"

        for number in range(2, 7):
            if number > 2:
                answer_current(driver)
            if number == 3:
                # The flag without a reload: aria-pressed, the button's name and the panel change.
                button(driver, "Flag for review").click()
                wait(driver, lambda d: d.find_elements(By.XPATH, "//button[@aria-pressed='true' and normalize-space()='Remove flag']"))
                wait(driver, lambda d: d.find_elements(By.LINK_TEXT, "Question 3, answered, flagged"))
            navigate(driver, button(driver, "Next" if number < 6 else "Finish attempt"))
            wait(driver, lambda d: f"q={number + 1}" in d.current_url or "/summary" in d.current_url)
        screenshot(driver, "summary")
        summary = finish_and_submit(driver)
        assert "6 of 6 answered" in summary and "1 flagged" in summary, summary
        screenshot(driver, "review")
        [attempt] = attempts_of(teacher, exam["id"])
        assert attempt["score"] == MAX_SCORE, attempt
    finally:
        driver.quit()


def press_until(driver, predicate, key=Keys.TAB, limit=60):
    """Presses `key` until the focused element fits `predicate`: only the keyboard moves."""
    for _ in range(limit):
        element = driver.switch_to.active_element
        if predicate(element):
            return element
        element.send_keys(key)
    raise AssertionError("the keyboard never reached the control")


def named(text):
    return lambda element: element.text.strip() == text or element.get_attribute("aria-label") == text

# The labels of the answers' controls as the pages name them, by language.
ENGLISH_NAMES = {"true": "True", "text": "Your answer", "number": "Your answer (a number)"}


def answer_by_keyboard(driver, names):
    """Gives the right answer to the question shown by the keyboard alone: Tab to a control,
    the arrow keys within a group of radio buttons (choices are shuffled: they move to the right
    one and choose it), Space where Tab landed on it first (Tab alone chooses nothing)."""
    kind = driver.find_element(By.CSS_SELECTOR, "fieldset.question").get_attribute("data-kind")
    is_input = lambda label: (lambda e: e.get_attribute("id") == field(driver, label).get_attribute("id"))
    if kind == "single":
        press_until(driver, lambda e: e.get_attribute("type") == "radio")
        press_until(driver, is_input("4"), key=Keys.ARROW_DOWN).send_keys(Keys.SPACE)
    elif kind == "multiple":
        press_until(driver, is_input("2")).send_keys(Keys.SPACE)
        press_until(driver, is_input("3")).send_keys(Keys.SPACE)
    elif kind == "truefalse":
        press_until(driver, lambda e: e.get_attribute("type") == "radio")
        press_until(driver, is_input(names["true"]), key=Keys.ARROW_DOWN).send_keys(Keys.SPACE)
    elif kind == "text":
        press_until(driver, is_input(names["text"])).send_keys("Wut")
    elif kind == "number":
        press_until(driver, is_input(names["number"])).send_keys("3.14")
    else:
        press_until(driver, is_input("Dog")).send_keys("Woof")
        press_until(driver, is_input("Cat")).send_keys("Meow")
    return kind



def test_whole_exam_by_keyboard_alone():
    teacher, course, exam = classroom("Keyboard exam")
    driver = browser(javascript=True)
    try:
        register(driver, unique("keys"))
        enroll(driver, course["courseCode"])
        driver.get(f"{BASE}/exams/{exam['id']}")
        navigate(driver, press_until(driver, named("Start attempt")), Keys.ENTER)
        wait(driver, lambda d: "/attempts/" in d.current_url)
        for number in range(1, 7):
            answer_by_keyboard(driver, ENGLISH_NAMES)
            navigate(driver, press_until(driver, named("Next" if number < 6 else "Finish attempt")), Keys.ENTER)
            wait(driver, lambda d: f"q={number + 1}" in d.current_url or "/summary" in d.current_url)
        navigate(driver, press_until(driver, named("Submit all and finish")), Keys.ENTER)
        wait(driver, lambda d: "done=submitted" in d.current_url)
        [attempt] = attempts_of(teacher, exam["id"])
        assert attempt["score"] == MAX_SCORE, attempt
    finally:
        driver.quit()


def test_signing_in_again_in_place_keeps_the_answers():
    teacher, course, exam = classroom("Session exam")
    driver = browser(javascript=True)
    email = unique("again")
    try:
        register(driver, email)
        enroll(driver, course["courseCode"])
        start(driver, exam)
        # The session ends elsewhere (the student signs out everywhere from the app).
        status_code, login = api("POST", "/api/login", {"email": email, "password": PASSWORD})
        assert status_code == 200
        assert api("POST", "/api/logout?scope=all", None, login["token"])[0] == 200
        answer_current(driver)
        dialog = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog[open]"))
        assert "kept in this browser" in status(driver)
        field(driver, "Email").send_keys(email)
        field(driver, "Password").send_keys(PASSWORD)
        dialog.find_element(By.XPATH, ".//button[normalize-space()='Sign in']").click()
        wait(driver, lambda d: status(d).startswith("Saved"))
        assert not driver.find_elements(By.CSS_SELECTOR, "dialog[open]")
        assert "/attempts/" in driver.current_url, "the page stayed"
    finally:
        driver.quit()
