"""One sign-in across terminal and browser (issue 38): a link made by `examprep open --print`
signs the browser in, once; opened again it shows the page that says it was used."""
import os
import subprocess
import tempfile

from selenium.webdriver.common.by import By

from support import BASE, PASSWORD, api, axe, browser, unique


def examprep(config, *arguments, stdin=""):
    """Runs the terminal client (EXAMPREP_CLI_BIN) against the test server, the session in `config`."""
    result = subprocess.run([os.environ["EXAMPREP_CLI_BIN"], *arguments, "--server", BASE], input=stdin, capture_output=True,
                            text=True, timeout=120, env={"EXAMPREP_CONFIG_DIR": config, "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_link_made_by_the_cli_signs_the_browser_in_once():
    email = unique("open")
    status, _ = api("POST", "/api/register", {"email": email, "password": PASSWORD, "role": "student"})
    assert status == 201, status
    with tempfile.TemporaryDirectory() as config:
        examprep(config, "login", "--email", email, stdin=PASSWORD + "\n")
        url = examprep(config, "open", "--print", "/grades").strip()
    assert url.startswith(BASE + "/sign-in/") and url.endswith("?next=/grades"), url
    driver = browser(javascript=True)
    try:
        driver.get(url)
        assert driver.current_url == BASE + "/grades", driver.current_url
        assert email in driver.page_source
        [cookie] = [c for c in driver.get_cookies() if c["name"] == "examprep_session"]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax", cookie
        driver.get(url)
        assert driver.find_element(By.TAG_NAME, "h1").text == "This sign-in link has been used"
        assert "already been used" in driver.find_element(By.CSS_SELECTOR, "[role=alert]").text
        axe(driver, "a used sign-in link")
    finally:
        driver.quit()
    # A browser of its own that never signed in gets the same page.
    fresh = browser(javascript=False)
    try:
        fresh.get(url)
        assert fresh.find_element(By.TAG_NAME, "h1").text == "This sign-in link has been used"
        assert not [c for c in fresh.get_cookies() if c["name"] == "examprep_session"]
    finally:
        fresh.quit()
