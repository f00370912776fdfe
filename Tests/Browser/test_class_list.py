"""A class list from the course page (issue 44): a teacher uploads a CSV file, sees what will
happen to each line, imports it, hands out the new accounts' links, and finds the names and
student numbers on the roster; a list that cannot be read comes back with the message by the
form. axe on each page; names with markup stay text; by keyboard."""
import tempfile
import urllib.request

from selenium.webdriver.common.by import By

from support import BASE, XSS, axe, browser, button, field, no_xss, sign_up, unique, wait
from test_teach import press, sign_in_student, teacher_with_course


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


def test_a_student_with_an_account_accepts_a_class_lists_invitation():
    """A class list never enrolls an account that exists: the student finds the invitation on
    the courses page and joins by pressing Accept (by keyboard), axe-clean."""
    driver = browser(javascript=True)
    try:
        token, course_page = teacher_with_course(driver, "Invitations " + XSS)
        student = unique("pupil")
        sign_up(student, "student")
        course_id = int(course_page.rstrip("/").split("/")[-1])
        request = urllib.request.Request(
            BASE + f"/api/faculty/courses/{course_id}/roster/import", data=f"email\n{student}\n".encode(), method="POST")
        request.add_header("Content-Type", "text/csv")
        request.add_header("Authorization", "Bearer " + token)
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 201, response.status
        driver.delete_all_cookies()
        sign_in_student(driver, student)
        heading = driver.find_element(By.ID, "invitations-heading").text
        assert heading == "Invitations", heading
        no_xss(driver)
        axe(driver, "the courses page with an invitation")
        accept = driver.find_element(By.XPATH, "//button[starts-with(@aria-label, 'Accept the invitation')]")
        press(driver, accept)
        wait(driver, lambda d: "done=enrolled" in d.current_url)
        assert "/courses/" in driver.current_url, driver.current_url
        driver.get(BASE + "/courses")
        assert not driver.find_elements(By.ID, "invitations-heading")
    finally:
        driver.quit()


def test_a_polish_excel_class_list_in_windows_1250():
    """Polish Excel's "CSV" (issue 67): `;`, CRLF, Windows-1250, Polish headings with first names
    and surnames apart, uploaded on the course page (its form has no script of its own: the
    browser sends the file's bytes as they are): the check shows the names with their Polish
    letters and how the file was read; the roster has them after the import. axe on the check."""
    driver = browser(javascript=True)
    try:
        token, course_page = teacher_with_course(driver, "Klasa 1a")
        driver.get(course_page)
        lucja, jas = unique("lucja"), unique("jas")
        text = (f"Nazwisko;Imię;Adres e-mail;Nr legitymacji\r\nŚliwińska;Łucja;{lucja};123/2024\r\n"
                f"Żółć;Jaś;{jas};124/2024\r\n")
        with tempfile.NamedTemporaryFile("wb", suffix=".csv", delete=False) as out:
            out.write(text.encode("cp1250"))
        field(driver, "CSV file").send_keys(out.name)
        press(driver, button(driver, "Check the list"))
        summary = driver.find_element(By.ID, "class-list-summary").text
        assert "2 new accounts to make" in summary, summary
        read_as = driver.find_element(By.ID, "class-list-read-as").text
        assert "Windows-1250" in read_as and "semicolons" in read_as, read_as
        rows = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "table.list tbody tr")]
        assert any("Łucja Śliwińska" in row and "123/2024" in row for row in rows), rows
        assert any("Jaś Żółć" in row for row in rows), rows
        axe(driver, "a Windows-1250 class list's dry run")
        press(driver, button(driver, "Import the list"))
        assert "Imported: 2 new accounts made" in driver.find_element(By.ID, "class-list-summary").text
        driver.get(course_page)
        roster = driver.find_element(By.XPATH, "//table[caption[starts-with(normalize-space(), 'Students enrolled')]]").text
        assert "Łucja Śliwińska" in roster and "Jaś Żółć" in roster and "124/2024" in roster, roster
    finally:
        driver.quit()
