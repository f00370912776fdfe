"""The pages of a school's accounts in Chromium, each through axe: the admin's page (an
invitation made, a reset link made), the invitation a teacher opens and accepts, the reset link
that sets a new password (then spent), and "Forgot password"."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import ADMIN_EMAIL, ADMIN_PASSWORD, BASE, PASSWORD, api, axe, browser, button, field, navigate, ours, unique, wait
from test_teach import sign_in


def one_time_link(driver):
    """The link the admin's page shows once, after its form."""
    link = driver.find_element(By.CSS_SELECTOR, "code.one-time-link").text
    assert link.startswith(BASE + "/"), link
    return link


def test_the_admin_invitation_reset_and_forgot_pages_pass_axe():
    assert ADMIN_EMAIL and ADMIN_PASSWORD, "scripts/browser-test makes an admin (BROWSER_TEST_ADMIN_EMAIL)"
    admin = browser(javascript=True)
    person = browser(javascript=True)
    try:
        sign_in(admin, ADMIN_EMAIL, ADMIN_PASSWORD)
        wait(admin, lambda d: d.current_url.endswith("/admin"))
        axe(admin, "/admin")

        teacher = unique("invited")
        field(admin, "Email").send_keys(teacher)
        Select(field(admin, "Role")).select_by_value("faculty")
        navigate(admin, button(admin, "Invite"))
        invitation = one_time_link(admin)
        assert "/invitations/" in invitation, invitation
        axe(admin, "/admin with a new invitation's link")

        person.get(invitation)
        assert teacher in person.find_element(By.TAG_NAME, "main").text
        axe(person, "an invitation")
        field(person, "Password").send_keys(PASSWORD)
        navigate(person, button(person, "Create account"))
        wait(person, lambda d: "done=invited" in d.current_url)
        axe(person, "/login after accepting an invitation")
        person.get(invitation)
        axe(person, "a used invitation")

        admin.get(f"{BASE}/admin?q={teacher}")
        axe(admin, "/admin, an account searched for")
        navigate(admin, admin.find_element(By.XPATH, "//button[starts-with(normalize-space(), 'Reset link')]"))
        reset = one_time_link(admin)
        assert "/reset/" in reset, reset
        axe(admin, "/admin with a new reset link")

        person.get(reset)
        axe(person, "a reset link")
        field(person, "Password").send_keys("a new passphrase here")
        navigate(person, button(person, "Set password"))
        wait(person, lambda d: "done=reset" in d.current_url)
        axe(person, "/login after a reset")
        status, _ = api("POST", "/api/login", {"email": teacher, "password": "a new passphrase here"})
        assert status == 200, status
        person.get(reset)
        axe(person, "a spent reset link")

        person.get(BASE + "/forgot")
        axe(person, "/forgot")
        field(person, "Email").send_keys(teacher)
        navigate(person, button(person, "Send reset link"))
        assert person.find_elements(By.CSS_SELECTOR, "main [role=status]"), "the notice"
        axe(person, "/forgot, sent")
        ours(person, "/forgot")
    finally:
        admin.quit()
        person.quit()
