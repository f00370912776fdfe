"""Sign-in with the school's accounts in Chromium, against the OpenID provider of the tests
(Tests/OIDCProvider/provider.py, which scripts/browser-test starts and names to the server as
OIDC_ISSUER): a class list's student signs in with the button and sits an exam; a spoiled token
signs nobody in; `examprep login --browser` goes through the same button and takes its tokens
back over its loopback address."""
import json
import os
import subprocess
import tempfile
import time
import urllib.request
import uuid

from selenium.webdriver.common.by import By

from support import BASE, api, axe, browser, button, classroom, field, navigate, screenshot, wait

PROVIDER = os.environ.get("OIDC_PROVIDER", "")


def control(body):
    request = urllib.request.Request(PROVIDER + "/control", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200


def school_email():
    return f"pupil-{uuid.uuid4().hex[:10]}@school.example"


def class_list_student(teacher, course):
    """A student account made by the teacher's class list (no password of its own)."""
    email = school_email()
    request = urllib.request.Request(f"{BASE}/api/faculty/courses/{course['id']}/roster/import", data=f"email\n{email}\n".encode(),
                                     method="POST", headers={"Content-Type": "text/csv", "Authorization": "Bearer " + teacher})
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.status == 201
    return email


def sign_in_at_the_provider(driver, email):
    """The sign-in page's school button, then the provider's page."""
    driver.get(BASE + "/login")
    navigate(driver, driver.find_element(By.LINK_TEXT, "Sign in with School"))
    wait(driver, lambda d: d.current_url.startswith(PROVIDER))
    field(driver, "Email").send_keys(email)
    navigate(driver, button(driver, "Continue"))


def test_a_class_list_student_signs_in_with_the_button_and_sits_an_exam():
    control({"identity": None, "spoil": None})
    teacher, course, exam = classroom(title="Biology quiz")
    email = class_list_student(teacher, course)
    driver = browser(javascript=True)
    try:
        driver.get(BASE + "/login")
        axe(driver, "the sign-in page with the school button")
        sign_in_at_the_provider(driver, email)
        wait(driver, lambda d: d.current_url.startswith(BASE + "/courses"))
        screenshot(driver, "school-sign-in")
        driver.get(f"{BASE}/exams/{exam['id']}")
        navigate(driver, button(driver, "Start attempt"))
        wait(driver, lambda d: "/attempts/" in d.current_url)
        attempt = driver.current_url.split("?")[0]
        driver.get(attempt + "/summary")
        navigate(driver, button(driver, "Submit all and finish"))
        wait(driver, lambda d: "done=submitted" in d.current_url)
        status, attempts = api("GET", f"/api/faculty/exams/{exam['id']}/attempts", None, teacher)
        assert status == 200 and len(attempts) == 1 and attempts[0]["submittedAt"], attempts
    finally:
        driver.quit()


def test_a_spoiled_token_signs_nobody_in_and_says_what_to_do():
    teacher, course, _ = classroom()
    email = class_list_student(teacher, course)
    driver = browser(javascript=True)
    try:
        for spoil, words in [("signature", "cannot trust"), ("nonce", "cannot trust"), ("unverified", "no verified email address")]:
            control({"identity": None, "spoil": spoil})
            driver.delete_all_cookies()
            sign_in_at_the_provider(driver, email)
            wait(driver, lambda d: d.current_url.startswith(BASE + "/auth/oidc/callback"))
            text = driver.find_element(By.TAG_NAME, "main").text
            assert words in text and "Try again" in text, (spoil, text)
            axe(driver, f"a refused school sign-in ({spoil})")
            driver.get(BASE + "/account")
            wait(driver, lambda d: "/login" in d.current_url)
        control({"spoil": None})
        sign_in_at_the_provider(driver, "someone@private.example")
        assert "takes school accounts of school.example only" in driver.find_element(By.TAG_NAME, "main").text
    finally:
        control({"spoil": None})
        driver.quit()


def test_the_cli_signs_in_through_the_browser_and_the_button():
    control({"identity": None, "spoil": None})
    teacher, course, _ = classroom()
    email = class_list_student(teacher, course)
    with tempfile.TemporaryDirectory() as config:
        cli = subprocess.Popen([os.environ["EXAMPREP_CLI_BIN"], "login", "--browser", "--print", "--server", BASE],
                               env={"EXAMPREP_CONFIG_DIR": config, "PATH": "/usr/bin:/bin"}, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        driver = browser(javascript=True)
        try:
            address = None
            lines = []
            while address is None:
                line = cli.stdout.readline()
                assert line, "".join(lines)
                lines.append(line)
                if "/auth/app/start?" in line:
                    address = line.strip()
            driver.get(address)
            wait(driver, lambda d: "/login" in d.current_url)
            navigate(driver, driver.find_element(By.LINK_TEXT, "Sign in with School"))
            wait(driver, lambda d: d.current_url.startswith(PROVIDER))
            field(driver, "Email").send_keys(email)
            navigate(driver, button(driver, "Continue"))
            wait(driver, lambda d: d.current_url.startswith("http://127.0.0.1:") and "/callback?" in d.current_url)
            assert "Signed in" in driver.find_element(By.TAG_NAME, "body").text
            output = cli.communicate(timeout=60)[0]
            assert cli.returncode == 0 and f"Signed in as {email} (student)." in output, output
            whoami = subprocess.run([os.environ["EXAMPREP_CLI_BIN"], "whoami", "--server", BASE], env={"EXAMPREP_CONFIG_DIR": config},
                                    capture_output=True, text=True, timeout=60)
            assert email in whoami.stdout, whoami
        finally:
            if cli.poll() is None:
                cli.kill()
            driver.quit()
