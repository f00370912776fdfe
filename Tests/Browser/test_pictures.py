"""Pictures in questions (issue 68, docs/FORMULAS.md "Pictures"): a teacher writes a formula and
uploads a diagram on /teach, previews the question and saves it; a student sees both in the
exam, with JavaScript and without. The picture has its width and height (no layout shift), is
scaled down to a phone's width, and every page is axe-clean."""
import os
import struct
import tempfile
import uuid
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import BASE, api, axe, browser, button, enroll, field, fits_a_phone, navigate, register, screenshot, sign_up, unique, wait
from test_teach import sign_in

MATHML = "http://www.w3.org/1998/Math/MathML"
WIDTH, HEIGHT = 800, 300  # wider than a phone: the page scales it down
ALT = "A square cut in two, its left half shaded"
GIFT = ("Which part of the square is shaded? \\\\(\\\\frac\\{1\\}\\{2\\}\\\\) or \\\\(\\\\frac\\{1\\}\\{4\\}\\\\)? {\n"
        "=\\\\(\\\\frac\\{1\\}\\{2\\}\\\\)\n~\\\\(\\\\frac\\{1\\}\\{4\\}\\\\)\n}")


def diagram_png():
    """A real PNG (the browser decodes it): the left half grey, the right half white."""
    row = b"\x00" + (b"\x80\x80\x80" * (WIDTH // 2)) + (b"\xff\xff\xff" * (WIDTH - WIDTH // 2))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * HEIGHT)) + chunk(b"IEND", b"")


def teacher_writes_the_question(javascript):
    """On /teach: the formula in GIFT and the diagram, each previewed, then saved. Returns the
    teacher's token, the course and the bank question as saved."""
    email = unique("teacher")
    token = sign_up(email, "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Fractions " + uuid.uuid4().hex[:6], "description": "Halves"}, token)
    assert status == 201, status
    course = created["course"]
    status, question = api("POST", f"/api/faculty/courses/{course['id']}/questions",
                           {"kind": "true_false", "prompt": "Draft", "points": 1, "answer": True}, token)
    assert status == 201, (status, question)
    driver = browser(javascript=javascript)
    path = tempfile.mkdtemp()
    picture = os.path.join(path, "diagram.png")
    with open(picture, "wb") as out:
        out.write(diagram_png())
    try:
        sign_in(driver, email)
        wait(driver, lambda d: d.current_url.endswith("/teach"))
        driver.get(f"{BASE}/teach/questions/{question['id']}")
        gift = field(driver, "The question in GIFT")
        gift.clear()
        gift.send_keys(GIFT)
        navigate(driver, button(driver, "Preview the change"))
        preview = driver.find_element(By.CSS_SELECTOR, "section.preview")
        assert preview.find_elements(By.CSS_SELECTOR, "legend math mfrac"), preview.get_attribute("innerHTML")
        navigate(driver, button(driver, "Save the question"))
        wait(driver, lambda d: "done=saved" in d.current_url)

        Select(field(driver, "Show the picture with")).select_by_visible_text("the question")
        field(driver, "Picture file").send_keys(picture)
        field(driver, "Text alternative").send_keys(ALT)
        navigate(driver, button(driver, "Preview with the picture"))
        image = driver.find_element(By.CSS_SELECTOR, "section.preview img.picture")
        assert image.get_attribute("alt") == ALT
        assert (image.get_dom_attribute("width"), image.get_dom_attribute("height")) == (str(WIDTH), str(HEIGHT))
        wait(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == WIDTH)
        assert driver.find_elements(By.CSS_SELECTOR, "section.preview legend math mfrac")
        if javascript:
            axe(driver, "the question page with a picture previewed")
        screenshot(driver, "pictures-teach-" + ("js" if javascript else "nojs"))
        navigate(driver, button(driver, "Save with the picture"))
        wait(driver, lambda d: "done=saved" in d.current_url)
        assert driver.find_element(By.CSS_SELECTOR, "section.preview img.picture").get_attribute("alt") == ALT

        driver.get(f"{BASE}/teach/courses/{course['id']}/questions")
        thumbnail = driver.find_element(By.CSS_SELECTOR, "table img.picture.thumb")
        assert thumbnail.get_attribute("alt") == ALT
        if javascript:
            axe(driver, "the bank with a thumbnail")
    finally:
        driver.quit()
    status, saved = api("GET", f"/api/faculty/questions/{question['id']}", None, token)
    assert status == 200, status
    assert saved["image"]["alt"] == ALT and "\\frac{1}{2}" in saved["prompt"], saved
    return token, course, saved


def student_sees_both(javascript):
    token, course, saved = teacher_writes_the_question(javascript)
    draft = {key: saved[key] for key in ("kind", "prompt", "points", "choices", "answer", "image") if key in saved}
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", {"title": "Halves", "timeLimitMinutes": 30, "questions": [draft]}, token)
    assert status == 201, (status, exam)
    status, _ = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, token)
    assert status == 200, status
    driver = browser(javascript=javascript)
    try:
        register(driver, unique("pictures"))
        enroll(driver, course["courseCode"])
        driver.get(f"{BASE}/exams/{exam['id']}")
        navigate(driver, button(driver, "Start attempt"))
        wait(driver, lambda d: "/attempts/" in d.current_url)
        image = driver.find_element(By.CSS_SELECTOR, "fieldset.question img.picture")
        assert image.get_attribute("alt") == ALT
        assert (image.get_dom_attribute("width"), image.get_dom_attribute("height")) == (str(WIDTH), str(HEIGHT)), "no layout shift"
        wait(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == WIDTH)
        fraction = driver.find_element(By.CSS_SELECTOR, "legend .prompt math mfrac")
        assert driver.execute_script("return arguments[0].namespaceURI", fraction) == MATHML
        assert len(driver.find_elements(By.CSS_SELECTOR, ".choice label math mfrac")) == 2
        if javascript:
            axe(driver, "the attempt page with a picture and formulas")
        fits_a_phone(driver, "the attempt page with a picture")
        driver.set_window_size(390, 900)
        wait(driver, lambda d: d.execute_script("return window.innerWidth") <= 390)
        shown = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", image)
        assert 0 < shown[0] < 390 and abs(shown[1] - shown[0] * HEIGHT / WIDTH) < 2, f"scaled down, its shape kept: {shown}"
        screenshot(driver, "pictures-attempt-" + ("js" if javascript else "nojs"))
    finally:
        driver.quit()


def test_a_teacher_adds_a_picture_and_a_formula_and_a_student_sees_both_without_javascript():
    student_sees_both(javascript=False)


def test_a_teacher_adds_a_picture_and_a_formula_and_a_student_sees_both_with_javascript():
    student_sees_both(javascript=True)
