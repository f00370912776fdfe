"""Things that looked unfinished (issue 67, item 11), measured in Chromium at 1280 and 390 px on
the teacher's pages and the attempt page: a checkbox or radio beside its label (not centred above
it), date inputs as tall as the other inputs, a fieldset's legend inside its box (not drawn across
its border), buttons side by side of one height, the bank's question column wider than 90 px, and
the counted sentences and the Polish time multiplier ("1,5") as a teacher reads and types them."""
from selenium.webdriver.common.by import By

from support import BASE, api, browser, navigate, sign_up, unique, wait
from test_teach import sign_in

WIDTHS = (1280, 390)

# What each check measures, in the page: visible elements only; the problems as lines of text.
MEASURE = """
const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
const box = e => e.getBoundingClientRect();
const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.name ? '[name=' + e.name + ']' : '');
const problems = [];
for (const input of document.querySelectorAll('main input[type=checkbox], main input[type=radio]')) {
  if (!shown(input)) continue;
  const label = input.id ? document.querySelector('label[for="' + CSS.escape(input.id) + '"]') : input.closest('label');
  if (!label || !shown(label)) continue;
  const i = box(input), l = box(label);
  if (i.bottom <= l.top + 1) problems.push(name(input) + ' sits above its label');
  if (label.contains(input)) continue;
  if (l.left < i.right - 1 && l.top >= i.bottom - 1) problems.push(name(input) + ' is not beside its label');
}
const text = [...document.querySelectorAll('main input[type=text], main input[type=email], main input[type=number]')].find(shown);
for (const input of document.querySelectorAll('main input[type=date], main input[type=datetime-local], main input[type=time]')) {
  if (!shown(input) || !text) continue;
  if (box(input).height < box(text).height - 2) problems.push(name(input) + ' is ' + Math.round(box(input).height) + ' px high, a text input ' + Math.round(box(text).height));
}
for (const legend of document.querySelectorAll('main fieldset > legend')) {
  if (!shown(legend)) continue;
  const f = box(legend.parentElement), l = box(legend);
  const border = parseFloat(getComputedStyle(legend.parentElement).borderTopWidth) || 0;
  if (border > 0 && l.top < f.top + border - 0.5) problems.push('legend "' + legend.textContent.trim().slice(0, 40) + '" is drawn across its fieldset\\'s border');
}
const buttons = [...document.querySelectorAll('main button, main input[type=submit], main a.button')].filter(shown);
for (const a of buttons) for (const b of buttons) {
  if (a === b || a.parentElement !== b.parentElement) continue;
  const ra = box(a), rb = box(b);
  const side = ra.top < rb.bottom && rb.top < ra.bottom;
  if (side && Math.abs(ra.height - rb.height) > 2) problems.push(name(a) + ' "' + a.textContent.trim().slice(0, 20) + '" ' + Math.round(ra.height) + ' px beside ' + name(b) + ' "' + b.textContent.trim().slice(0, 20) + '" ' + Math.round(rb.height) + ' px');
}
for (const cell of document.querySelectorAll('.bank table.list th[scope=row]')) {
  if (shown(cell) && window.innerWidth >= 1000 && box(cell).width <= 90) problems.push('the bank\\'s question column is ' + Math.round(box(cell).width) + ' px');
}
return [...new Set(problems)];
"""


def looks(driver, page):
    """The problems of the page shown at each width (in both, the window back at the first after)."""
    problems = []
    for width in WIDTHS:
        driver.set_window_size(width, 900)
        wait(driver, lambda d: d.execute_script("return window.innerWidth") <= width)
        problems += [f"{page} at {width} px: {line}" for line in driver.execute_script(MEASURE)]
    driver.set_window_size(WIDTHS[0], 900)
    return problems


def course_with_everything():
    """A teacher's course with a bank question, a published exam with an essay, and a student who
    sat it (the essay waits); returns (teacher's address, course, exam, student's token, student id)."""
    email = unique("looks-teacher")
    teacher = sign_up(email, "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Wygląd", "description": "Sprawdzamy wygląd"}, teacher)
    assert status == 201, created
    course = created["course"]
    essay = {"kind": "essay", "prompt": "Opisz burzę.", "points": 4}
    choice = {"kind": "single_choice", "prompt": "2 + 2 = ?", "points": 1,
              "choices": [{"id": "a", "text": "3"}, {"id": "b", "text": "4"}], "answer": "b"}
    for question in (choice, essay):
        assert api("POST", f"/api/faculty/courses/{course['id']}/questions", question, teacher)[0] == 201
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", {"title": "Burza", "maxAttempts": 2, "questions": [choice, essay]}, teacher)
    assert status == 201, exam
    assert api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)[0] == 200
    student = sign_up(unique("looks-student"), "student")
    assert api("POST", "/api/students/courses/enroll", {"courseCode": course["courseCode"]}, student)[0] == 201
    status, attempt = api("POST", f"/api/students/exams/{exam['id']}/attempts", None, student)
    assert status == 201, attempt
    answers = [{"questionId": q["id"], "text": "Grzmi."} for q in attempt["questions"] if q["kind"] == "essay"]
    assert api("POST", f"/api/students/attempts/{attempt['attemptId']}/submit", {"answers": answers}, student)[0] == 200
    status, me = api("GET", "/api/me", None, student)
    assert status == 200, me
    return email, course, exam, student, me["id"]


def test_nothing_looks_unfinished_on_the_teachers_pages_and_the_attempt_page():
    email, course, exam, student, student_id = course_with_everything()
    course_page = f"{BASE}/teach/courses/{course['id']}"
    exam_page = f"{BASE}/teach/exams/{exam['id']}"
    driver = browser(javascript=True)
    try:
        sign_in(driver, email)
        wait(driver, lambda d: d.current_url.endswith("/teach"))
        problems = []
        pages = {"the course": course_page, "the bank": course_page + "/questions", "a new exam": course_page + "/exams/new",
                 "an exam": exam_page, "the exam editor": exam_page + "/edit", "the grading queue": exam_page + "/grading",
                 "the grade book": course_page + "/grades", "a student's page": f"{course_page}/students/{student_id}"}
        for page, url in pages.items():
            driver.get(url)
            problems += looks(driver, page)

        # Counted sentences: one essay waits, not "1 essays wait".
        driver.get(exam_page + "/grading")
        main = driver.find_element(By.TAG_NAME, "main").text
        assert "1 essay waits to be graded." in main and "1 essays" not in main, main

        # The accommodation form in Polish reads a decimal comma: "1,5" is one and a half.
        driver.delete_cookie("lang")
        driver.add_cookie({"name": "lang", "value": "pl", "path": "/"})
        driver.get(f"{course_page}/students/{student_id}")
        multiplier = driver.find_element(By.CSS_SELECTOR, "input[name=timeMultiplier]")
        multiplier.clear()
        multiplier.send_keys("1,5")
        navigate(driver, multiplier.find_element(By.XPATH, "ancestor::form//button[@type='submit']"))
        status, roster = api("GET", f"/api/faculty/courses/{course['id']}/roster", None, sign_in_token(email))
        assert status == 200, roster
        mine = [row for row in roster if row["userId"] == student_id]
        assert mine and (mine[0].get("accommodation") or {}).get("timeMultiplier") == 1.5, mine
        problems += looks(driver, "a student's page (pl)")
    finally:
        driver.quit()

    pupil = browser(javascript=True)
    try:
        status, again = api("POST", f"/api/students/exams/{exam['id']}/attempts", None, student)
        assert status == 201, again
        pupil_email = api("GET", "/api/me", None, student)[1]["email"]
        sign_in(pupil, pupil_email)
        wait(pupil, lambda d: d.current_url.endswith("/courses"))
        pupil.get(f"{BASE}/attempts/{again['attemptId']}")
        problems += looks(pupil, "the attempt page")
    finally:
        pupil.quit()
    assert not problems, "\n".join(problems)


def sign_in_token(email):
    status, login = api("POST", "/api/login", {"email": email, "password": "correct horse battery"})
    assert status == 200, login
    return login["token"]


# How the page looked before issue 67's fixes, through the CSS object model (the CSP refuses a
# <style> element): the measures must see each of these.
UNFINISHED = """
const sheet = [...document.styleSheets].find(s => s.href && s.href.includes('app'));
for (const rule of [
  '.field:has(> input[type="checkbox"]) { flex-direction: column !important; align-items: center !important; }',
  'input[type="datetime-local"] { min-height: 0 !important; height: 1.2rem !important; padding: 0 !important; }',
  'fieldset { border: 2px solid black !important; }',
  'fieldset:not(.plain) > legend { float: none !important; padding: 0 !important; }',
]) sheet.insertRule(rule, sheet.cssRules.length);
"""


def test_the_measures_see_what_looked_unfinished():
    email, course, exam, _, _ = course_with_everything()
    driver = browser(javascript=True)
    try:
        sign_in(driver, email)
        wait(driver, lambda d: d.current_url.endswith("/teach"))
        driver.get(f"{BASE}/teach/courses/{course['id']}/exams/new")
        assert not looks(driver, "a new exam")
        driver.execute_script(UNFINISHED)
        found = "\n".join(looks(driver, "a new exam"))
        for symptom in ("sits above its label", "px high, a text input", "drawn across its fieldset's border"):
            assert symptom in found, found
    finally:
        driver.quit()
