"""Every page with axe-core (WCAG 2.2 AA): no violation; narrow screens and large text; the
cookie's flags; a forged cross-site form; text from people shown as text; bad input."""
import http.server
import threading

from selenium.webdriver.common.by import By

from support import (BASE, PASSWORD, api, axe, browser, button, classroom, enroll, field, health, navigate, no_xss, ours, register,
                     requests_to, screenshot, sign_up, unique, wait)


def test_every_page_passes_axe_at_any_width():
    _, course, exam = classroom("Accessible exam")
    driver = browser(javascript=True)
    try:
        driver.get(BASE + "/login")
        screenshot(driver, "sign-in")
        version = axe(driver, "/login")
        assert tuple(int(part) for part in version.split(".")[:2]) >= (4, 10), version
        driver.get(BASE + "/register")
        axe(driver, "/register")
        register(driver, unique("axe"))
        axe(driver, "/courses (empty)")
        enroll(driver, course["courseCode"])
        axe(driver, "/courses/{id}")
        driver.get(BASE + "/courses")
        screenshot(driver, "courses")
        axe(driver, "/courses")
        driver.get(f"{BASE}/exams/{exam['id']}")
        axe(driver, "/exams/{id}")
        navigate(driver, button(driver, "Start attempt"))
        wait(driver, lambda d: "/attempts/" in d.current_url)
        attempt = driver.current_url.split("?")[0]
        for number in range(1, 7):
            driver.get(f"{attempt}?q={number}")
            axe(driver, f"question {number}")
        button(driver, "Flag for review").click()
        wait(driver, lambda d: d.find_elements(By.XPATH, "//button[@aria-pressed='true' and normalize-space()='Remove flag']"))
        axe(driver, "a flagged question")
        for width in (320, 390):
            driver.set_window_size(width, 900)
            driver.get(f"{attempt}?q=1")
            if width == 390:
                screenshot(driver, "attempt-phone")
            assert driver.execute_script("return document.documentElement.scrollWidth") <= width, f"no sideways scroll at {width} px"
        driver.set_window_size(1280, 900)
        driver.execute_script("document.documentElement.style.fontSize = '200%'")
        wait(driver, lambda d: d.execute_script("return parseFloat(getComputedStyle(document.documentElement).fontSize)") >= 32)
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 1280, "no sideways scroll at 200 % text"
        driver.get(attempt + "/summary")
        axe(driver, "summary")
        navigate(driver, button(driver, "Submit all and finish"))
        wait(driver, lambda d: "done=submitted" in d.current_url)
        axe(driver, "review")
        driver.get(BASE + "/exams/999999")
        axe(driver, "an error page")
        driver.get(BASE + "/account")
        axe(driver, "/account")
        driver.get(BASE + "/grades")
        axe(driver, "/grades")
        driver.get(BASE + "/practice")
        axe(driver, "/practice")
    finally:
        driver.quit()


def test_cookie_flags_and_text_shown_as_text():
    _, course, exam = classroom(hostile=True)
    driver = browser(javascript=True)
    try:
        register(driver, unique("cookie"))
        [cookie] = [c for c in driver.get_cookies() if c["name"] in ("examprep_session", "__Host-examprep_session")]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["path"] == "/", cookie
        assert driver.execute_script("return document.cookie").find("examprep_session") < 0, "scripts cannot read it"
        enroll(driver, course["courseCode"])
        driver.get(f"{BASE}/exams/{exam['id']}")
        assert "<script>window.__xss = 1</script>" in driver.find_element(By.CSS_SELECTOR, ".instructions").text
        navigate(driver, button(driver, "Start attempt"))
        wait(driver, lambda d: "/attempts/" in d.current_url)
        legend = driver.find_element(By.TAG_NAME, "legend").text
        assert '<script>window.__xss = 1</script>"><img src=x onerror="window.__xss = 2">' in legend, legend
        assert not driver.find_elements(By.CSS_SELECTOR, "fieldset img"), "no element was made from the text"
        no_xss(driver)
    finally:
        driver.quit()


def test_practice_passes_axe_and_a_reload_sends_nothing_again():
    teacher, course, _ = classroom("Practice")
    question = {"kind": "single_choice", "prompt": "3 + 4 = ?", "points": 1, "practice": True,
                "choices": [{"id": "a", "text": "7"}, {"id": "b", "text": "8"}], "answer": "a"}
    status, _ = api("POST", f"/api/faculty/courses/{course['id']}/questions", question, teacher)
    assert status == 201, status
    driver = browser(javascript=True)
    email = unique("practice")
    try:
        register(driver, email)
        enroll(driver, course["courseCode"])
        driver.get(BASE + "/practice")
        navigate(driver, button(driver, f"Practise {course['name']}"))
        wait(driver, lambda d: "/practice/" in d.current_url)
        axe(driver, "a practice question")
        assert driver.find_element(By.CSS_SELECTOR, "input[name=choice]").get_attribute("value") not in ("a", "b"), "aliases, not the author's ids"
        field(driver, "8").click()
        navigate(driver, button(driver, "Check answer"))
        wait(driver, lambda d: "Not right." in d.page_source)
        axe(driver, "a practice answer's feedback")
        page = driver.current_url
        driver.refresh()  # a GET of the same page: nothing is sent again (no "confirm resubmission")
        wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
        assert driver.current_url == page and "Right answer: 7" in driver.find_element(By.TAG_NAME, "main").text
        status, login = api("POST", "/api/login", {"email": email, "password": PASSWORD})
        status, mistakes = api("GET", "/api/students/mistakes", None, login["token"])
        assert status == 200 and [m["wrongCount"] for m in mistakes] == [1], mistakes
    finally:
        driver.quit()


class ForgedPage(http.server.BaseHTTPRequestHandler):
    """Another site: a form that posts to ExamPrep's enroll form."""
    code = ""
    # Chromium opens a spare connection it may never use; a handler waiting on it would hold
    # the server's shutdown until Chromium drops it (minutes), so reads give up after 5 s.
    timeout = 5

    def do_GET(self):
        page = (f'<!doctype html><title>Win a prize</title><form method="post" action="{BASE}/courses">'
                f'<input type="hidden" name="courseCode" value="{ForgedPage.code}"><button>Claim</button></form>')
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(page.encode())

    def log_message(self, *args):
        pass


def forged_post(driver, host):
    """Opens the forged page served on `host` (another port), sends its form, and returns what the
    browser sent to ExamPrep and got back: {"method", "headers", "status"}."""
    other = http.server.ThreadingHTTPServer((host, 0), ForgedPage)  # daemon threads: shutdown waits for none
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        driver.get(f"http://{host}:{other.server_address[1]}/")
        requests_to(driver, BASE + "/courses")  # the log read so far
        navigate(driver, button(driver, "Claim"))
        wait(driver, lambda d: d.current_url.startswith(BASE))
        [sent] = [request for request in requests_to(driver, BASE + "/courses") if request["method"] == "POST"]
        return sent
    finally:
        other.shutdown()
        other.server_close()


def test_a_forged_post_from_another_site_is_403_and_changes_nothing():
    """SameSite=Lax alone keeps the cookie from a cross-site form (which would then only be asked
    to sign in): the CSRF checks must refuse it themselves, 403. From a site of the same host on
    another port (same-site: the cookie goes with it), 403 too."""
    _, course, _ = classroom()
    ForgedPage.code = course["courseCode"]
    driver = browser(javascript=True)
    email = unique("victim")
    try:
        register(driver, email)
        # localhost is another site than 127.0.0.1: the browser sends no cookie.
        cross = forged_post(driver, "localhost")
        assert cross.get("status") == 403, cross
        assert "examprep_session" not in cross.get("headers", {}).get("cookie", ""), cross
        ours(driver, "the refusal of a cross-site form")
        assert "did not come from this site" in driver.find_element(By.TAG_NAME, "main").text
        # 127.0.0.1 on another port is the same site: the browser sends the cookie.
        same = forged_post(driver, "127.0.0.1")
        assert same.get("headers", {}).get("sec-fetch-site") == "same-site", same
        assert "examprep_session=" in same.get("headers", {}).get("cookie", ""), same
        assert same.get("status") == 403, same
        assert "did not come from this site" in driver.find_element(By.TAG_NAME, "main").text
        status, login = api("POST", "/api/login", {"email": email, "password": PASSWORD})
        status, courses = api("GET", "/api/students/courses", None, login["token"])
        assert status == 200 and courses == [], "nothing changed"
        driver.get(BASE + "/courses")
        assert driver.current_url == BASE + "/courses", "still signed in"
    finally:
        driver.quit()


FUZZ = ["\"\u0301'\u0301<\u0301>", "a" * 10_000, "x\u0001\u0007\u001b[31m\u0008", "%00%zz\\", "\u202e\u0301" * 50]


def no_validation(driver):
    """Lets the form send what the browser's own checks would stop (the server must cope)."""
    driver.execute_script("document.querySelectorAll('form').forEach(f => f.noValidate = true)")


def test_fuzzed_form_fields_get_a_page_never_a_500():
    _, course, exam = classroom()
    driver = browser(javascript=True)
    try:
        for text in FUZZ:
            for path, labels, name in [("/login", ["Email", "Password"], "Sign in"), ("/register", ["Email", "Password"], "Create account")]:
                driver.get(BASE + path)
                no_validation(driver)
                for label in labels:
                    field(driver, label).send_keys(text[:2000])
                navigate(driver, button(driver, name))
                ours(driver, path)
                assert "Internal" not in driver.title and "500" not in driver.title, (path, driver.title)
        register(driver, unique("fuzz"))
        for text in FUZZ:
            driver.get(BASE + "/courses")
            no_validation(driver)
            field(driver, "Course code").send_keys(text[:20])
            navigate(driver, button(driver, "Enroll"))
            ours(driver, "/courses")
            assert "Internal" not in driver.title, driver.title
        enroll(driver, course["courseCode"])
        driver.get(f"{BASE}/exams/{exam['id']}")
        navigate(driver, button(driver, "Start attempt"))
        wait(driver, lambda d: "/attempts/" in d.current_url)
        attempt = driver.current_url.split("?")[0]
        for text in FUZZ:
            for number, label in [(4, "Your answer"), (5, "Your answer (a number)")]:
                driver.get(f"{attempt}?q={number}")
                box = field(driver, label)
                box.clear()
                box.send_keys(text)
                navigate(driver, button(driver, "Next"))
                ours(driver, f"question {number}")
                assert "Internal" not in driver.title and "Server Error" not in driver.title, driver.title
        health()
    finally:
        driver.quit()


def test_signing_in_with_javascript_says_a_wrong_password_in_place_then_signs_in():
    """With the script, the sign-in form is sent by the page (so that it can wait in line through
    a sign-in surge): a wrong password still shows the server's page with its message, the
    email kept, and the right one signs in."""
    email = unique("script")
    sign_up(email, "student")
    driver = browser(javascript=True)
    try:
        driver.get(BASE + "/login")
        field(driver, "Email").send_keys(email)
        field(driver, "Password").send_keys("not the password")
        button(driver, "Sign in").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[role=alert]"))
        assert "incorrect" in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text
        assert field(driver, "Email").get_attribute("value") == email
        axe(driver, "/login with a wrong password, sent by the script")
        field(driver, "Password").send_keys(PASSWORD)
        button(driver, "Sign in").click()
        wait(driver, lambda d: "/courses" in d.current_url)
    finally:
        driver.quit()
