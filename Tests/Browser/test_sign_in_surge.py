"""A sign-in surge nobody must act on (issue 73, item 3), in a real Chromium against a server of
its own whose password hashing is held: ExamPrepHeldServer (examprep-server with a hold a test
switches on standard input), one hashing thread and a one-second bound
(PASSWORD_HASH_MAX_WAIT=1). While the thread is held every login is answered 503 with
Retry-After, whatever the machine's load (a crowd of logins only kept the queue near its limit,
and a login sent between two of theirs got through). With JavaScript the sign-in page waits in
line by itself (a countdown, said once per wait in a polite live region) and signs in once the
hold ends; after its last try it says when to press again, the typed address and password kept.
Without JavaScript (in Polish) the 503 page is the form again, saying when to press again, the
address filled in and never the password. Every page through axe (the page without JavaScript
as a browser with it shows it)."""
import json
import os
import queue
import re
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager

import pytest
from selenium.webdriver.common.by import By

import support
from support import PASSWORD, axe, browser, button, field, navigate, requests_to, unique, wait

# How long a test waits for the page to get through the line once the hold ends: a hash or two
# on a busy machine, and the page's waits between its tries. A bound on a hang, not a timing.
THROUGH = 180
# How long the held server may take to answer a command: a bound on a hang.
ANSWER = 240


class HeldServer:
    """ExamPrepHeldServer on a free 127.0.0.1 port with a database of its own and one hashing
    thread, which `held()` keeps busy."""

    def __init__(self, binary, folder):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        settings = {
            "PATH": "/usr/bin:/bin", "HOST": "127.0.0.1", "PORT": str(port), "ENV": "development", "LOG_LEVEL": "warning",
            "EXAMPREP_DATA_DIR": os.path.join(folder, "data"), "JWT_SECRET": os.urandom(32).hex(),
            "PASSWORD_HASH_THREADS": "1", "PASSWORD_HASH_MAX_WAIT": "1",
        }
        self.log = open(os.path.join(folder, "server.log"), "w", encoding="utf-8")
        # Commands go in on standard input, answers come back on standard output, the log
        # goes to the file.
        self.process = subprocess.Popen(
            [binary], env=settings, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True, bufsize=1)
        self.answers = queue.Queue()
        threading.Thread(target=self._read_answers, daemon=True).start()
        deadline = time.monotonic() + 240
        while self.call("GET", "/health") != 200:
            assert self.process.poll() is None, open(self.log.name, encoding="utf-8").read()
            assert time.monotonic() < deadline, "the held server did not start"
            time.sleep(0.5)

    def _read_answers(self):
        for line in self.process.stdout:
            self.answers.put(line.strip())
        self.answers.put(None)

    def command(self, command, answer):
        """Sends one command and waits for its answer."""
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        got = self.answers.get(timeout=ANSWER)
        assert got == answer, (command, got, open(self.log.name, encoding="utf-8").read()[-2000:])

    def call(self, method, path, body=None):
        """One call to this server's JSON API: its status (0: no answer)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            return 0

    def student(self, email):
        """A student account with the tests' password."""
        status = self.call("POST", "/api/register", {"email": email, "password": PASSWORD, "role": "student"})
        assert status == 201, status

    @contextmanager
    def held(self):
        """While inside, the one hashing thread is held: every login is answered 503."""
        self.command("hold", "held")
        try:
            yield
        finally:
            self.command("release", "released")

    def stop(self):
        # The end of standard input frees anything held, so that the server can stop.
        self.process.stdin.close()
        self.process.terminate()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


@pytest.fixture(scope="module")
def server():
    binary = os.environ["EXAMPREP_HELD_SERVER_BIN"]
    with tempfile.TemporaryDirectory() as folder:
        started = HeldServer(binary, folder)
        try:
            yield started
        finally:
            started.stop()


@pytest.fixture
def base(server, monkeypatch):
    """The held server is the one `support`'s checks (axe's "one of ExamPrep's pages") look at."""
    monkeypatch.setattr(support, "BASE", server.base)
    return server.base


# What the page says and announces while it waits, and when it stops trying.
COUNTDOWN = re.compile(r"^Many people are signing in\. Trying again in \d+ s…$")
PRESS_AGAIN = re.compile(r"^Many people are signing in right now\. Press Sign in again in \d+ seconds?\.$")
PRESS_AGAIN_PL = re.compile(r"^Wiele osób loguje się teraz\. Naciśnij „Zaloguj się” ponownie za \d+ sekund[ęy]?\.$")

# Keeps what the page's live regions say (role=status), across the page's own navigation.
LISTEN = """
const said = [];
const keep = () => sessionStorage.setItem('said', JSON.stringify(said));
new MutationObserver(records => {
  for (const record of records) {
    const region = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
    const live = region && region.closest('[role=status], [role=alert], [aria-live]');
    if (live && live.textContent.trim()) said.push(live.textContent.trim());
  }
  keep();
}).observe(document.body, {childList: true, characterData: true, subtree: true});
keep();
"""


def status_text(driver):
    shown = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[data-line-status]") if e.is_displayed()]
    return shown[0] if shown else ""


def typed(driver):
    return field(driver, "Email").get_attribute("value"), field(driver, "Password").get_attribute("value")


def test_with_javascript_the_sign_in_page_waits_in_line_and_signs_in_by_itself(server, base):
    email = unique("surge")
    server.student(email)
    driver = browser(javascript=True)
    try:
        driver.get(base + "/login")
        driver.execute_script(LISTEN)
        field(driver, "Email").send_keys(email)
        field(driver, "Password").send_keys(PASSWORD)
        with server.held():
            button(driver, "Sign in").click()
            wait(driver, lambda d: COUNTDOWN.match(status_text(d)), THROUGH)
            assert driver.current_url == base + "/login", driver.current_url
            assert typed(driver) == (email, PASSWORD), "the typed address and password stay"
            # Pressed again while it waits: nothing more is sent.
            button(driver, "Sign in").click()
            axe(driver, "/login waiting in line")
        wait(driver, lambda d: d.current_url == base + "/courses", THROUGH)
        said = json.loads(driver.execute_script("return sessionStorage.getItem('said')") or "[]")
        sent = [r for r in requests_to(driver, base + "/login") if r["method"] == "POST"]
    finally:
        driver.quit()
    shed = [r for r in sent if r.get("status") == 503]
    assert shed and len(sent) == len(shed) + 1, [r.get("status") for r in sent]
    waits = [text for text in said if COUNTDOWN.match(text)]
    assert waits, said
    # Said once per wait, never every second; "Signing in…" once, when the form is sent.
    assert len(waits) <= len(shed), (said, len(shed))
    assert said.count("Signing in…") == 1, said


def test_with_javascript_a_wait_past_its_tries_says_when_to_press_again_and_keeps_the_form(server, base):
    email = unique("patient")
    server.student(email)
    driver = browser(javascript=True)
    try:
        driver.get(base + "/login")
        # Two tries instead of the page's twenty: both are answered 503 while the thread is held.
        driver.execute_script("document.querySelector('form[data-in-line]').setAttribute('data-line-tries', '2')")
        field(driver, "Email").send_keys(email)
        field(driver, "Password").send_keys(PASSWORD)
        with server.held():
            button(driver, "Sign in").click()
            wait(driver, lambda d: PRESS_AGAIN.match(status_text(d)), THROUGH)
            assert driver.current_url == base + "/login", driver.current_url
            assert typed(driver) == (email, PASSWORD), "the typed address and password stay"
            axe(driver, "/login after its tries")
        button(driver, "Sign in").click()
        wait(driver, lambda d: d.current_url == base + "/courses", THROUGH)
    finally:
        driver.quit()


def test_without_javascript_the_polish_page_says_when_to_press_again_with_the_address_kept(server, base):
    email = unique("uczen")
    server.student(email)
    driver = browser(javascript=False, language="pl-PL")
    # axe runs as a script: the same page, sent as the browser sends a form without the page's script.
    checked = browser(javascript=True, language="pl-PL")
    try:
        driver.get(base + "/login")
        field(driver, "E-mail").send_keys(email)
        field(driver, "Hasło").send_keys(PASSWORD)
        requests_to(driver, base + "/login")
        checked.get(base + "/login")
        checked.execute_script("const form = document.querySelector('form[data-in-line]'); form.replaceWith(form.cloneNode(true));")
        field(checked, "E-mail").send_keys(email)
        field(checked, "Hasło").send_keys(PASSWORD)
        with server.held():
            navigate(driver, button(driver, "Zaloguj się"))
            [sent] = [r for r in requests_to(driver, base + "/login") if r["method"] == "POST"]
            assert sent.get("status") == 503, sent
            said = driver.find_element(By.ID, "in-line").text
            assert PRESS_AGAIN_PL.match(said), said
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl"
            assert field(driver, "E-mail").get_attribute("value") == email, "the address is filled in"
            assert field(driver, "Hasło").get_attribute("value") == "", "never the password"
            navigate(checked, button(checked, "Zaloguj się"))
            assert PRESS_AGAIN_PL.match(checked.find_element(By.ID, "in-line").text), checked.page_source
            axe(checked, "/login, 503, in Polish")
        field(driver, "Hasło").send_keys(PASSWORD)
        # The hold has ended: the line is empty.
        navigate(driver, button(driver, "Zaloguj się"))
        assert driver.current_url == base + "/courses", driver.current_url
    finally:
        driver.quit()
        checked.quit()
