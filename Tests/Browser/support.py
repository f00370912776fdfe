"""What the browser tests share: the live server's API (to set up a teacher, a course and an
exam), Chromium through Selenium (JavaScript on or off), axe-core, screenshots."""
import json
import os
import urllib.error
import urllib.request
import uuid

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE = os.environ.get("BROWSER_TEST_BASE", "http://127.0.0.1:8080")
PASSWORD = "correct horse battery"
# The admin scripts/browser-test makes with `examprep-server create-admin` before the server starts.
ADMIN_EMAIL = os.environ.get("BROWSER_TEST_ADMIN_EMAIL")
ADMIN_PASSWORD = os.environ.get("BROWSER_TEST_ADMIN_PASSWORD")
SCREENSHOTS = os.environ.get("BROWSER_TEST_SCREENSHOTS")  # a folder, or unset
AXE_SOURCE = open(os.environ["AXE_JS"], encoding="utf-8").read() if os.environ.get("AXE_JS") else None
XSS = '<script>window.__xss = 1</script>"><img src=x onerror="window.__xss = 2">'
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def unique(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:10]}@example.org"


def api(method, path, body=None, token=None):
    """One call to the JSON API; returns (status, decoded body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else None


def sign_up(email, role):
    status, _ = api("POST", "/api/register", {"email": email, "password": PASSWORD, "role": role})
    assert status == 201, status
    status, login = api("POST", "/api/login", {"email": email, "password": PASSWORD})
    assert status == 200, status
    return login["token"]


def exam_draft(title, minutes=60, hostile=False):
    """Every kind the server grades; with `hostile`, texts that would run if they were not escaped."""
    bait = " " + XSS if hostile else ""
    return {
        "title": title, "instructions": "Answer every question. Calculators are allowed." + bait, "timeLimitMinutes": minutes,
        "questions": [
            {"kind": "single_choice", "prompt": "2 + 2 = ?" + bait, "points": 1,
             "choices": [{"id": "a", "text": "3" + bait}, {"id": "b", "text": "4"}], "answer": "b"},
            {"kind": "multiple_choice", "prompt": "Which are prime?", "points": 2,
             "choices": [{"id": "a", "text": "2"}, {"id": "b", "text": "3"}, {"id": "c", "text": "4"}], "answer": ["a", "b"]},
            {"kind": "true_false", "prompt": "Water is wet.", "points": 1, "answer": True},
            {"kind": "short_answer", "prompt": "German for anger?", "points": 1, "answer": ["Wut"]},
            {"kind": "numerical", "prompt": "Pi to two places?", "points": 1, "answer": [{"value": 3.14, "tolerance": 0.005}]},
            {"kind": "matching", "prompt": "Match the animals.", "points": 2,
             "items": [{"id": "dog", "text": "Dog"}, {"id": "cat", "text": "Cat"}],
             "options": [{"id": "woof", "text": "Woof"}, {"id": "meow", "text": "Meow"}, {"id": "moo", "text": "Moo"}],
             "answer": {"dog": "woof", "cat": "meow"}},
        ],
    }


MAX_SCORE = 8


def classroom(title="Algebra midterm", minutes=60, hostile=False):
    """A teacher (through the API) with a course and a published exam; returns (token, course, exam)."""
    teacher = sign_up(unique("teacher"), "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Algebra " + uuid.uuid4().hex[:6], "description": "Groups and rings"}, teacher)
    assert status == 201, status
    course = created["course"]
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", exam_draft(title, minutes, hostile), teacher)
    assert status == 201, (status, exam)
    status, exam = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)
    assert status == 200, status
    return teacher, course, exam


def browser(javascript=True, width=1280, height=900, language="en-GB"):
    """A headless Chromium whose languages (Accept-Language) are `language`'s."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={width},{height}",
                     f"--lang={language}", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    prefs = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    # Chrome's log of the network (`requests_to`): what a request carried and its status.
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    service = webdriver.ChromeService(executable_path=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.implicitly_wait(0)
    return driver


def wait(driver, condition, timeout=20):
    return WebDriverWait(driver, timeout).until(condition)


def navigate(driver, element, key=None):
    """Clicks `element` (or presses `key` on it) and waits for the next page to load."""
    page = driver.find_element(By.TAG_NAME, "html")
    if key:
        element.send_keys(key)
    else:
        element.click()
    def gone(driver):
        try:
            page.is_enabled()
            return False
        except WebDriverException:  # stale, or Chrome's "does not belong to the document"
            return True
    wait(driver, gone)
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")


def field(driver, label):
    """The input a visible label names, as a screen reader finds it."""
    target = driver.find_element(By.XPATH, f"//label[normalize-space()='{label}']").get_attribute("for")
    return driver.find_element(By.ID, target)


def button(driver, name):
    return driver.find_element(By.XPATH, f"//button[normalize-space()='{name}']")


def ours(driver, page):
    """The page shown is one of ExamPrep's, not Chromium's own (an error page when the server is
    gone has a title and no violation of its own): this site's URL, the layout's `main` landmark
    and its title."""
    assert driver.current_url.startswith(BASE + "/"), f"{page}: {driver.current_url}"
    assert driver.find_elements(By.CSS_SELECTOR, "main#main"), f"{page}: no main landmark ({driver.title})"
    assert driver.title.endswith(" · ExamPrep"), f"{page}: {driver.title}"


def axe(driver, page):
    """axe-core with the WCAG 2.2 AA tags on the page shown (one of ExamPrep's): no violation."""
    assert AXE_SOURCE, "AXE_JS names axe.min.js (scripts/browser-test fetches it)"
    ours(driver, page)
    driver.execute_script(AXE_SOURCE)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}).then(r => done(r.violations), e => done(String(e)));",
        AXE_TAGS)
    assert isinstance(result, list), result
    problems = [f"{v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:3])})" for v in result]
    assert not problems, f"axe on {page}: " + "; ".join(problems)
    return driver.execute_script("return axe.version")


def fits_a_phone(driver, page):
    """Polish words run longer than English ones: at 390 and 320 px the page still needs no
    sideways scrolling (WCAG 1.4.10), then the window is as it was."""
    size = driver.get_window_size()
    try:
        for width in (390, 320):
            driver.set_window_size(width, 900)
            wait(driver, lambda d: d.execute_script("return window.innerWidth") <= width)
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            assert scroll <= width, f"{page} at {width} px: {scroll} px wide, past the edge: {past_the_edge(driver, width)}"
    finally:
        driver.set_window_size(size["width"], size["height"])


def past_the_edge(driver, width):
    """The innermost elements that reach past `width`, and those whose own text does (a long
    word in a box that does not grow), as tag.class "text" (what to fix); not those a box within
    the width clips (a table that scrolls inside its own box)."""
    return driver.execute_script("""
        const width = arguments[0];
        const past = e => e.getBoundingClientRect().right > width + 0.5;
        const textPast = e => [...e.childNodes].some(n => {
            if (n.nodeType !== Node.TEXT_NODE || !n.textContent.trim()) return false;
            const range = document.createRange();
            range.selectNodeContents(n);
            return range.getBoundingClientRect().right > width + 0.5;
        });
        const clipped = e => {
            for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
                if (getComputedStyle(box).overflowX !== 'visible' && !past(box)) return true;
            }
            return false;
        };
        return [...document.body.querySelectorAll('*')]
            .filter(e => (past(e) && ![...e.children].some(past)) || textPast(e))
            .filter(e => !clipped(e))
            .slice(0, 5)
            .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' "' + e.textContent.trim().slice(0, 40) + '"');
    """, width)


def report(line):
    """A figure for the run's end (scripts/browser-test prints them after pytest, which keeps a passing test's output)."""
    print(line)
    if os.environ.get("BROWSER_TEST_REPORT"):
        with open(os.environ["BROWSER_TEST_REPORT"], "a", encoding="utf-8") as out:
            out.write(line + "\n")


def screenshot(driver, name):
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SCREENSHOTS, name + ".png"))


def register(driver, email):
    driver.get(BASE + "/register")
    field(driver, "Email").send_keys(email)
    field(driver, "Password").send_keys(PASSWORD)
    navigate(driver, button(driver, "Create account"))
    wait(driver, lambda d: "/courses" in d.current_url)


def enroll(driver, code):
    driver.get(BASE + "/courses")
    field(driver, "Course code").send_keys(code)
    navigate(driver, button(driver, "Enroll"))
    wait(driver, lambda d: "done=enrolled" in d.current_url)


def no_xss(driver):
    assert driver.execute_script("return window.__xss === undefined") in (True, None), "text from a teacher ran as script"


def attempts_of(teacher, exam_id):
    """The exam's attempts as its teacher sees them (score, flags)."""
    status, page = api("GET", f"/api/faculty/exams/{exam_id}/attempts", None, teacher)
    assert status == 200, status
    return page


def answer_current(driver):
    """Gives the right answer to the question on the page, by its kind."""
    fieldset = driver.find_element(By.CSS_SELECTOR, "fieldset.question")
    kind = fieldset.get_attribute("data-kind")
    if kind == "single":
        field(driver, "4").click()
    elif kind == "multiple":
        field(driver, "2").click()
        field(driver, "3").click()
    elif kind == "truefalse":
        field(driver, "True").click()
    elif kind == "text":
        box = field(driver, "Your answer")
        box.clear()
        box.send_keys("Wut")
    elif kind == "number":
        box = field(driver, "Your answer (a number)")
        box.clear()
        box.send_keys("3.14")
    elif kind == "matching":
        from selenium.webdriver.support.ui import Select
        Select(field(driver, "Dog")).select_by_visible_text("Woof")
        Select(field(driver, "Cat")).select_by_visible_text("Meow")
    return kind


def requests_to(driver, url):
    """The requests the browser sent to `url` since the log was last read, from Chrome's
    performance log, each as {"url", "method", "headers" (as sent, names in lower case),
    "status"}. A redirect goes on under the same request id: each hop is a request of its own."""
    hops, extras = {}, {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        chain = hops.setdefault(params.get("requestId"), [])
        if message["method"] == "Network.requestWillBeSent":
            if "redirectResponse" in params and chain:
                chain[-1]["status"] = params["redirectResponse"]["status"]
            chain.append({"url": params["request"]["url"], "method": params["request"]["method"]})
        elif message["method"] == "Network.requestWillBeSentExtraInfo":
            extras.setdefault(params.get("requestId"), []).append({name.lower(): value for name, value in params["headers"].items()})
        elif message["method"] == "Network.responseReceived" and chain:
            chain[-1]["status"] = params["response"]["status"]
    sent = []
    for request_id, chain in hops.items():
        for hop, headers in zip(chain, extras.get(request_id, [])):
            hop["headers"] = headers
        sent += [hop for hop in chain if hop["url"] == url]
    return sent


def health():
    """The server still runs: GET /health answers 200."""
    status, body = api("GET", "/health")
    assert status == 200 and body == {"status": "ok"}, (status, body)
