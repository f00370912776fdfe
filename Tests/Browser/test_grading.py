"""A teacher grades an essay on the grading page and edits a bank question on its page (the
preview first), each page through axe; the grade reaches the student's result."""
from selenium.webdriver.common.by import By

from support import BASE, api, axe, browser, button, field, navigate, sign_up, unique, wait
from test_teach import sign_in


def essay_submitted(teacher):
    """A course with a bank question and a published exam with an essay; a student (through the
    API) wrote the essay and submitted. Returns (course, exam, attempt id, bank question id, the student's token)."""
    status, created = api("POST", "/api/faculty/courses", {"name": "Essays " + unique("c")[:14], "description": "Writing"}, teacher)
    assert status == 201, created
    course = created["course"]
    question = {"kind": "true_false", "prompt": "The sky is blue.", "points": 1, "answer": True}
    status, bank = api("POST", f"/api/faculty/courses/{course['id']}/questions", question, teacher)
    assert status == 201, bank
    draft = {"title": "Essay exam", "instructions": "Write.", "questions": [
        {"kind": "essay", "prompt": "Why is the sky blue?", "points": 4, "graderInfo": "Rayleigh scattering."}]}
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", draft, teacher)
    assert status == 201, exam
    status, exam = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)
    assert status == 200, exam
    student = sign_up(unique("writer"), "student")
    assert api("POST", "/api/students/courses/enroll", {"courseCode": course["courseCode"]}, student)[0] == 201
    status, attempt = api("POST", f"/api/students/exams/{exam['id']}/attempts", None, student)
    assert status == 201, attempt
    answer = {"questionId": attempt["questions"][0]["id"], "text": "Short waves scatter more."}
    status, _ = api("POST", f"/api/students/attempts/{attempt['attemptId']}/submit", {"answers": [answer]}, student)
    assert status == 200
    return course, exam, attempt["attemptId"], bank["id"], student


def test_a_teacher_grades_an_essay_and_edits_a_bank_question():
    email = unique("grader")
    teacher = sign_up(email, "faculty")
    course, exam, attempt_id, question_id, student = essay_submitted(teacher)
    driver = browser(javascript=True)
    try:
        sign_in(driver, email)
        wait(driver, lambda d: d.current_url.endswith("/teach"))
        driver.get(f"{BASE}/teach/exams/{exam['id']}")
        navigate(driver, driver.find_element(By.LINK_TEXT, "Grading (essays)"))
        assert "Short waves scatter more." in driver.find_element(By.TAG_NAME, "main").text
        axe(driver, "the grading queue")
        points = driver.find_element(By.XPATH, "//label[starts-with(normalize-space(), 'Points (0 to 4')]")
        box = driver.find_element(By.ID, points.get_attribute("for"))
        box.clear()
        box.send_keys("2,5")
        field(driver, "Comment for the student").send_keys("Name the law.")
        navigate(driver, button(driver, "Save the grade"))
        wait(driver, lambda d: "/grading" in d.current_url)
        axe(driver, "the grading queue, graded")
        status, result = api("GET", f"/api/students/attempts/{attempt_id}", None, student)
        assert status == 200 and result["result"]["score"] == 2.5, result

        driver.get(f"{BASE}/teach/questions/{question_id}")
        axe(driver, "a bank question")
        gift = field(driver, "The question in GIFT")
        gift.clear()
        gift.send_keys("::Sky:: The sky is green. {F}")
        navigate(driver, button(driver, "Preview the change"))
        assert "The sky is green." in driver.find_element(By.CSS_SELECTOR, ".preview").text
        axe(driver, "a bank question's preview")
        status, stored = api("GET", f"/api/faculty/questions/{question_id}", None, teacher)
        assert status == 200 and stored["prompt"] == "The sky is blue.", "a preview saves nothing"
        navigate(driver, button(driver, "Save the question"))
        status, stored = api("GET", f"/api/faculty/questions/{question_id}", None, teacher)
        assert status == 200 and stored["prompt"] == "The sky is green.", stored
        axe(driver, "a bank question, saved")
    finally:
        driver.quit()
