"""Moodle XML with a picture on /teach (issue 68): a teacher uploads a Moodle XML file whose
question shows a picture (<file encoding="base64">, @@PLUGINFILE@@); the dry run says what it
found and what it leaves out, stores nothing; the import stores the question with its picture,
and the question's page shows it. axe on the dry run and the question's page."""
import base64
import re
import struct
import tempfile
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import BASE, XSS, api, axe, browser, button, field, navigate, no_xss, screenshot, unique, wait
from test_teach import press, teacher_with_course


def png(width, height):
    """A small, real PNG (one colour)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x20\x60\xc0" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def moodle_xml():
    picture = base64.b64encode(png(120, 80)).decode()
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Circuits</text></category></question>
  <question type="multichoice">
    <name><text>Bulbs</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>Which bulb lights, \\(I = \\frac{{U}}{{R}}\\)? {XSS}</p><p><img src="@@PLUGINFILE@@/circuit.png" alt="A circuit with two bulbs"></p><script>alert(1)</script>]]></text>
      <file name="circuit.png" path="/" encoding="base64">{picture}</file>
    </questiontext>
    <defaultgrade>1</defaultgrade>
    <single>true</single>
    <answer fraction="100" format="html"><text>A</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="0" format="html"><text>B</text><feedback format="html"><text></text></feedback></answer>
  </question>
</quiz>
"""


def test_a_teacher_imports_moodle_xml_with_a_picture():
    driver = browser(javascript=True)
    try:
        token, course_page = teacher_with_course(driver, "Physics " + unique("c"))
        status, courses = api("GET", "/api/faculty/courses", None, token)
        course = courses[0]
        navigate(driver, driver.find_element(By.LINK_TEXT, "Question bank"))
        with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False, encoding="utf-8") as out:
            out.write(moodle_xml())
        field(driver, "File").send_keys(out.name)
        Select(field(driver, "Format")).select_by_value("moodlexml")
        press(driver, button(driver, "Check the file"))

        # The dry run: one question, its picture found, the script said to be left out; nothing stored.
        summary = driver.find_element(By.ID, "import-summary").text
        assert "1 question will be imported" in summary, summary
        assert "1 picture" in driver.find_element(By.ID, "import-pictures").text
        left_out = driver.find_element(By.XPATH, "//section[h2[normalize-space()='Left out of imported questions']]")
        assert "Bulbs" in left_out.text and "left out: a script" in left_out.text, left_out.text
        no_xss(driver)
        axe(driver, "the Moodle XML import's dry run")
        status, stored = api("GET", f"/api/faculty/courses/{course['id']}/questions", None, token)
        assert status == 200 and stored == [], "nothing stored by the dry run"

        press(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Import 1 question']"))
        wait(driver, lambda d: "done=imported" in d.current_url)
        status, stored = api("GET", f"/api/faculty/courses/{course['id']}/questions", None, token)
        assert len(stored) == 1 and stored[0]["image"]["alt"] == "A circuit with two bulbs", stored
        assert stored[0]["topic"] == "Circuits"

        # The question's page previews the picture, with its alt text and size.
        driver.get(f"{BASE}/teach/questions/{stored[0]['id']}")
        image = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "img[alt='A circuit with two bulbs']"))
        assert re.search(r"/media/\d+$", image.get_attribute("src")), image.get_attribute("src")
        assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 120
        no_xss(driver)
        axe(driver, "a question imported from Moodle XML with its picture")
        screenshot(driver, "moodle-xml-picture")
    finally:
        driver.quit()
