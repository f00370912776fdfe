"""A school's day (issue 67), walked in a real Chromium in Polish and in English, on a server of
its own that sends mail (aiosmtpd, a real SMTP server) with its links built from PUBLIC_URL:
a teacher uploads the class list as Polish Excel writes it (`;`, CRLF, Windows-1250, Polish
headings, first names and surnames apart); the roster names the pupils, sorted by surname as
Polish sorts (Ś after S, Ż after Z) and searched without diacritics; a pupil's welcome mail
names the course and the teacher and says to set a password; its link sets one and the sign-in
page that follows has the address filled in; the pupil sits an exam that opens with a
description (no number, no Flag, the countdown already there); the teacher's Close asks first and
says how many have not sat it, and the exam reopens; the grade book's CSV, read by a CSV reader
set to the page's language's rules (Polish: `;` and a decimal comma), has the right numbers and a
line for the pupil who did not sit it. Every page walked fits a phone (390 and 320 px); axe on
each."""
import csv
import email
import email.policy
import glob
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.by import By

import support
from support import PASSWORD, axe, browser, button, field, fits_a_phone, navigate, wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEACHER_NAME = "Anna Kowalska"

# What the day reads and presses, in each language (the Polish as the pages say it).
WORDS = {
    "pl": {
        "browser": "pl", "csv_file": "Plik CSV", "check": "Sprawdź listę", "import": "Importuj listę",
        "search": "Szukaj po imieniu i nazwisku, adresie e-mail lub numerze legitymacji", "search_button": "Szukaj",
        "email": "E-mail", "password": "Hasło", "sign_in": "Zaloguj się", "start": "Rozpocznij podejście",
        "next": "Dalej", "finish": "Zakończ podejście", "submit": "Prześlij wszystko i zakończ", "information": "Informacja",
        "false": "Fałsz", "close": "Zamknij egzamin", "not_sat": "3 uczniowie jeszcze go nie pisali", "reopen": "Otwórz egzamin ponownie",
        "reopened": "Egzamin jest znowu otwarty.", "download": "Pobierz dziennik ocen (CSV)", "separator": ";", "percent": "62,5",
        "mail_words": ["ustaw", "hasło"],
    },
    "en": {
        "browser": "en-GB", "csv_file": "CSV file", "check": "Check the list", "import": "Import the list",
        "search": None, "search_button": "Search",
        "email": "Email", "password": "Password", "sign_in": "Sign in", "start": "Start attempt",
        "next": "Next", "finish": "Finish attempt", "submit": "Submit all and finish", "information": "Information",
        "false": "False", "close": "Close the exam", "not_sat": "3 students have not sat it yet", "reopen": "Reopen the exam",
        "reopened": "The exam is open again.", "download": "Download the grade book (CSV)", "separator": ",", "percent": "62.5",
        "mail_words": ["set your password"],
    },
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, predicate, attempts=600):
    """Polls `predicate` until it holds (a child process starting: it has no event to wait on)."""
    for _ in range(attempts):
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what} never happened")


def answers(url):
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.fixture(scope="module")
def school():
    """A server of its own with mail: aiosmtpd keeps every message in a maildir. Yields the
    maildir; the browser tests' BASE points at this server while the module runs."""
    server_bin = os.environ.get("EXAMPREP_SERVER_BIN")
    if not server_bin:
        pytest.fail("EXAMPREP_SERVER_BIN names examprep-server (scripts/browser-test sets it)")
    python = subprocess.run([os.path.join(ROOT, "scripts", "smtp-sink")], check=True, capture_output=True, text=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="school-day-")
    os.chmod(work, 0o755)  # the embedded PostgreSQL runs as the postgres user when we are root
    maildir = os.path.join(work, "mail")
    for folder in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(maildir, folder))
    smtp_port, port = free_port(), free_port()
    sink = subprocess.Popen([python, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{smtp_port}", "-c", "aiosmtpd.handlers.Mailbox", maildir],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    settings = dict(os.environ, HOST="127.0.0.1", PORT=str(port), ENV="development", EXAMPREP_DATA_DIR=os.path.join(work, "data"),
                    LOG_LEVEL="warning", FACULTY_REGISTRATION="open", JWT_SECRET=uuid.uuid4().hex * 2, PUBLIC_URL=base,
                    SMTP_URL=f"smtp://127.0.0.1:{smtp_port}", MAIL_FROM="egzaminy@szkola.example",
                    DEFAULT_TIME_ZONE="Europe/Warsaw",
                    REGISTRATION_MAX_PER_ADDRESS="100000", REGISTRATION_MAX_PER_ADDRESS_PER_DAY="100000")
    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen([server_bin], env=settings, stdout=log, stderr=subprocess.STDOUT)
    previous = support.BASE
    try:
        wait_for("the mail server to listen", lambda: socket.socket().connect_ex(("127.0.0.1", smtp_port)) == 0)
        wait_for("the school's server to answer", lambda: server.poll() is not None or answers(base + "/health"), attempts=2400)
        assert server.poll() is None, open(os.path.join(work, "server.log")).read()[-3000:]
        support.BASE = base
        yield maildir
    finally:
        support.BASE = previous
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
        sink.kill()
        sink.wait()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


def mail_to(maildir, address):
    """The one message aiosmtpd was given for `address`, as (subject, text), once it is there."""
    found = []

    def delivered():
        for path in glob.glob(os.path.join(maildir, "new", "*")):
            with open(path, "rb") as raw:
                message = email.message_from_binary_file(raw, policy=email.policy.default)
            if address in str(message["To"]):
                body = message.get_body(preferencelist=("plain",))
                found[:] = [(str(message["Subject"]), body.get_content())]
                return True
        return False

    wait_for(f"a mail to {address}", delivered)
    return found[0]


def classroom(language):
    """A teacher with a name, a course in Warsaw's time and a published exam that opens with a
    description: a 5-point question and a 3-point one (the pupil gets the first right: 62.5 %)."""
    teacher_email = support.unique("nauczycielka")
    status, _ = support.api("POST", "/api/register", {"email": teacher_email, "password": PASSWORD, "role": "faculty", "name": TEACHER_NAME})
    assert status == 201, status
    status, login = support.api("POST", "/api/login", {"email": teacher_email, "password": PASSWORD})
    assert status == 200, status
    token = login["token"]
    status, created = support.api("POST", "/api/faculty/courses",
                                  {"name": "Matematyka 1a " + uuid.uuid4().hex[:4], "description": "Klasa 1a", "timeZone": "Europe/Warsaw"}, token)
    assert status == 201, (status, created)
    course = created["course"]
    draft = {"title": "Sprawdzian " + language, "instructions": "", "timeLimitMinutes": 30, "questions": [
        {"kind": "description", "prompt": "Przeczytaj najpierw polecenia.", "points": 0},
        {"kind": "single_choice", "prompt": "2 + 2 = ?", "points": 5, "choices": [{"id": "a", "text": "3"}, {"id": "b", "text": "4"}], "answer": "b"},
        {"kind": "true_false", "prompt": "Woda jest sucha.", "points": 3, "answer": True},
    ]}
    status, exam = support.api("POST", f"/api/faculty/courses/{course['id']}/exams", draft, token)
    assert status == 201, (status, exam)
    status, exam = support.api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, token)
    assert status == 200, status
    return teacher_email, course, exam


def sign_in(driver, words, address):
    driver.get(support.BASE + "/login")
    field(driver, words["email"]).send_keys(address)
    field(driver, words["password"]).send_keys(PASSWORD)
    navigate(driver, button(driver, words["sign_in"]))


def checked(driver, page, language):
    """The page is in the day's language, passes axe and fits a phone."""
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language, page
    axe(driver, f"{page} ({language})")
    fits_a_phone(driver, f"{page} ({language})")


def pupils():
    """Four pupils whose surnames sort differently by Polish rules than by code points."""
    tag = uuid.uuid4().hex[:6]
    return [("Nowak", "Adam", f"adam-{tag}@example.org", "101/2026"), ("Żółć", "Jaś", f"jas-{tag}@example.org", "102/2026"),
            ("Zając", "Ola", f"ola-{tag}@example.org", "103/2026"), ("Śliwińska", "Łucja", f"lucja-{tag}@example.org", "104/2026")]


@pytest.mark.parametrize("language", ["pl", "en"])
def test_a_school_day(school, language):
    words = WORDS[language]
    teacher_email, course, exam = classroom(language)
    course_page = f"{support.BASE}/teach/courses/{course['id']}"
    people = pupils()
    teacher = browser(javascript=True, language=words["browser"])
    pupil = browser(javascript=True, language=words["browser"])
    try:
        # The class list as Polish Excel saves it.
        sign_in(teacher, words, teacher_email)
        teacher.get(course_page)
        lines = ["Nazwisko;Imię;Adres e-mail;Nr legitymacji"] + [";".join(person) for person in people]
        with tempfile.NamedTemporaryFile("wb", suffix=".csv", delete=False) as out:
            out.write(("\r\n".join(lines) + "\r\n").encode("cp1250"))
        field(teacher, words["csv_file"]).send_keys(out.name)
        navigate(teacher, button(teacher, words["check"]))
        checked(teacher, "a class list's dry run", language)
        navigate(teacher, button(teacher, words["import"]))
        checked(teacher, "a class list imported", language)

        # The roster: names, sorted by surname as Polish sorts, found without diacritics.
        teacher.get(course_page)
        checked(teacher, "the course page", language)
        roster = teacher.find_element(By.XPATH, "//table[caption[@id='roster-caption']]").text
        order = [roster.find(f"{first} {last}") for last, first, _, _ in people]
        assert all(position >= 0 for position in order), roster
        nowak, zolc, zajac, sliwinska = order
        assert nowak < sliwinska < zajac < zolc, roster
        search = teacher.find_element(By.ID, "roster-search")
        search.send_keys("Zolc")
        navigate(teacher, button(teacher, words["search_button"]))
        found = teacher.find_element(By.XPATH, "//table[caption[@id='roster-caption']]").text
        assert "Jaś Żółć" in found and "Łucja" not in found, found

        # Łucja's welcome mail: the course, the teacher, "set your password", a link to PUBLIC_URL.
        lucja = people[3][2]
        subject, text = mail_to(school, lucja)
        said = (subject + "\n" + text).lower()
        assert course["name"].lower() in said and TEACHER_NAME.lower() in said, (subject, text)
        assert all(word in said for word in words["mail_words"]), (subject, text)
        assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", text), text
        link = re.search(re.escape(support.BASE) + r"/\S+", text).group(0)

        # The link sets a password; the sign-in page that follows has the address filled in.
        pupil.get(link)
        checked(pupil, "setting a first password", language)
        for box in pupil.find_elements(By.CSS_SELECTOR, "input[type=password]"):
            box.send_keys(PASSWORD)
        navigate(pupil, pupil.find_element(By.CSS_SELECTOR, "main form button[type=submit], main form button:not([type])"))
        wait(pupil, lambda d: "/login" in d.current_url)
        assert field(pupil, words["email"]).get_attribute("value") == lucja
        checked(pupil, "the sign-in page after a first password", language)
        field(pupil, words["password"]).send_keys(PASSWORD)
        navigate(pupil, button(pupil, words["sign_in"]))

        # The exam: a description first (no number, no Flag, the countdown already there).
        pupil.get(f"{support.BASE}/exams/{exam['id']}")
        navigate(pupil, button(pupil, words["start"]))
        wait(pupil, lambda d: "/attempts/" in d.current_url)
        assert pupil.title.startswith(words["information"]), pupil.title
        assert not pupil.find_elements(By.CSS_SELECTOR, "button[value=flag]"), "no Flag on a description"
        timer = pupil.find_element(By.CSS_SELECTOR, "[role=timer]")
        wait(pupil, lambda d: timer.is_displayed() and timer.get_attribute("textContent").strip() != "")
        checked(pupil, "a description opening the attempt", language)
        navigate(pupil, button(pupil, words["next"]))
        wait(pupil, lambda d: "q=2" in d.current_url)
        field(pupil, "4").click()
        navigate(pupil, button(pupil, words["next"]))
        wait(pupil, lambda d: "q=3" in d.current_url)
        field(pupil, words["false"]).click()
        navigate(pupil, button(pupil, words["finish"]))
        wait(pupil, lambda d: "/summary" in d.current_url)
        checked(pupil, "the summary", language)
        navigate(pupil, button(pupil, words["submit"]))
        wait(pupil, lambda d: "done=submitted" in d.current_url)

        # Close asks first and counts who has not sat it (the other three); it reopens.
        teacher.get(f"{support.BASE}/teach/exams/{exam['id']}")
        checked(teacher, "the exam page", language)
        navigate(teacher, teacher.find_element(By.LINK_TEXT, words["close"]))
        asked = teacher.find_element(By.TAG_NAME, "main").text
        assert words["not_sat"] in asked, asked
        checked(teacher, "closing asks first", language)
        navigate(teacher, teacher.find_element(By.CSS_SELECTOR, "main form button.danger"))
        checked(teacher, "a closed exam", language)
        navigate(teacher, button(teacher, words["reopen"]))
        if words["reopened"]:
            assert words["reopened"] in teacher.find_element(By.TAG_NAME, "main").text

        # The grade book's CSV, read as the page's language writes numbers.
        teacher.get(f"{course_page}/grades")
        checked(teacher, "the grade book", language)
        csv_link = teacher.find_element(By.CSS_SELECTOR, "a[download]")
        if words["download"]:
            assert csv_link.text == words["download"], csv_link.text
        href = csv_link.get_attribute("href")
        body = teacher.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done, e => done('failed: ' + e));", href)
        rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=words["separator"]))
        heading, lines = rows[0], rows[1:]
        by_address = {line[heading.index("email")]: line for line in lines}
        assert set(by_address) >= {person[2] for person in people}, rows
        hers = by_address[lucja]
        assert hers[heading.index("name")] == "Łucja Śliwińska" and hers[heading.index("studentNumber")] == "104/2026", hers
        assert hers[heading.index("percent")] == words["percent"], hers
        assert float(hers[heading.index("percent")].replace(",", ".")) == 62.5
        absent = by_address[people[0][2]]
        assert absent[heading.index("percent")] in ("", "-", "–"), absent
    finally:
        teacher.quit()
        pupil.quit()
