"""Formulas in questions (docs/FORMULAS.md): a teacher writes TeX through the API; a student sees
it drawn as MathML by the browser itself, with JavaScript and without, and the page stays
axe-clean. Text around a formula that would run as script stays text."""
import uuid

from selenium.webdriver.common.by import By

from support import BASE, XSS, api, axe, browser, enroll, navigate, button, no_xss, register, screenshot, sign_up, unique, wait

MATHML = "http://www.w3.org/1998/Math/MathML"


def formula_exam():
    """A teacher, a course and a published exam whose question and choices hold formulas."""
    teacher = sign_up(unique("teacher"), "faculty")
    status, created = api("POST", "/api/faculty/courses", {"name": "Fractions " + uuid.uuid4().hex[:6], "description": "Fractions and roots"}, teacher)
    assert status == 201, status
    course = created["course"]
    draft = {
        "title": "Fractions", "timeLimitMinutes": 30,
        "questions": [{
            "kind": "single_choice", "points": 1,
            "prompt": "Which number is \\(\\frac{1}{2}\\)? " + XSS + "\n\\[x=\\frac{-b\\pm\\sqrt{b^2-4ac}}{2a}\\]",
            "choices": [{"id": "a", "text": "\\(0.5\\)"}, {"id": "b", "text": "\\(\\sqrt{2}\\)"}], "answer": "a",
        }],
    }
    status, exam = api("POST", f"/api/faculty/courses/{course['id']}/exams", draft, teacher)
    assert status == 201, (status, exam)
    assert exam["questions"][0]["prompt"] == draft["questions"][0]["prompt"], "the API keeps the TeX as written"
    status, _ = api("POST", f"/api/faculty/exams/{exam['id']}/publish", None, teacher)
    assert status == 200, status
    return course, exam


def see_the_formulas(javascript):
    course, exam = formula_exam()
    driver = browser(javascript=javascript)
    try:
        register(driver, unique("formulas"))
        enroll(driver, course["courseCode"])
        driver.get(f"{BASE}/exams/{exam['id']}")
        navigate(driver, button(driver, "Start attempt"))
        wait(driver, lambda d: "/attempts/" in d.current_url)
        prompt = driver.find_element(By.CSS_SELECTOR, "legend .prompt")
        maths = prompt.find_elements(By.TAG_NAME, "math")
        assert len(maths) == 2, prompt.get_attribute("innerHTML")
        assert driver.execute_script("return arguments[0].namespaceURI", maths[0]) == MATHML
        assert [m.get_attribute("display") for m in maths] == ["inline", "block"]
        fraction = maths[0].find_element(By.TAG_NAME, "mfrac")
        height = driver.execute_script("return arguments[0].getBoundingClientRect().height", fraction)
        assert height > 0, "the browser draws the fraction itself"
        assert maths[1].find_element(By.TAG_NAME, "msqrt")
        assert "<script>" in prompt.text, "the teacher's markup is shown as text"
        no_xss(driver)
        # Choices are shuffled: one label, whichever, holds the root.
        assert len(driver.find_elements(By.CSS_SELECTOR, ".choice label math msqrt")) == 1
        screenshot(driver, "formulas-" + ("js" if javascript else "nojs"))
        if javascript:  # axe is a script: it runs where scripts do (the page is the same without)
            axe(driver, "the attempt page with formulas")
    finally:
        driver.quit()


def test_a_student_sees_formulas_without_javascript():
    see_the_formulas(javascript=False)


def test_a_student_sees_formulas_with_javascript():
    see_the_formulas(javascript=True)
