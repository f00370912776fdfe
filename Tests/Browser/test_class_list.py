"""A class list from the course page (issue 44): a teacher uploads a CSV file, sees what will
happen to each line, imports it, hands out the new accounts' links, and finds the names and
student numbers on the roster; a list that cannot be read comes back with the message by the
form. axe on each page; names with markup stay text; by keyboard."""
import tempfile

from selenium.webdriver.common.by import By

from support import XSS, axe, browser, button, field, no_xss, unique
from test_teach import press, teacher_with_course


def test_a_teacher_imports_a_class_list():
    driver = browser(javascript=True)
    try:
        token, course_page = teacher_with_course(driver, "Roll call")
        driver.get(course_page)
        new = unique("pupil")
        quoted = '"' + ("Zoe\u0301 " + XSS).replace('"', '""') + '"'
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8") as out:
            out.write(f"Email,Name,Student Number\r\n{new},{quoted},S-7\r\nnot-an-address,Nobody,\r\n")
        field(driver, "CSV file").send_keys(out.name)
        press(driver, button(driver, "Check the list"))
        summary = driver.find_element(By.ID, "class-list-summary").text
        assert "Nothing is stored yet" in summary and "1 new account to make" in summary and "1 line rejected" in summary, summary
        rows = driver.find_elements(By.CSS_SELECTOR, "table.list tbody tr")
        assert len(rows) == 2 and "Not imported" in rows[1].text, [row.text for row in rows]
        no_xss(driver)
        axe(driver, "a class list's dry run")

        press(driver, button(driver, "Import the list"))
        assert "Imported: " in driver.find_element(By.ID, "class-list-summary").text
        link = driver.find_element(By.CSS_SELECTOR, "code.one-time-link").text
        assert "/reset/" in link, link
        no_xss(driver)
        axe(driver, "a class list imported, with its links")

        driver.get(course_page)
        roster = driver.find_element(By.XPATH, "//table[caption[starts-with(normalize-space(), 'Students enrolled')]]").text
        assert new in roster and "S-7" in roster and "<script>" in roster, roster
        no_xss(driver)
        axe(driver, "the roster with names and student numbers")

        field(driver, "Or paste the list").send_keys("name\nAda\n")
        press(driver, button(driver, "Check the list"))
        error = driver.find_element(By.ID, "class-list-error").text
        assert "email" in error, error
        described = field(driver, "Or paste the list").get_attribute("aria-describedby")
        assert "class-list-error" in described, described
        axe(driver, "a refused class list")
    finally:
        driver.quit()
