"""The profile editor in real headless Chromium: edits are a draft until Done, Cancel forgets them.

Each test starts with a fresh cookie jar (a new browser), so it is a new visitor with the defaults.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import navigate, page_overflow, save_screenshot, set_width


def open_editor(browser, server_url):
    browser.get(server_url + "/profile/edit")
    return browser.find_element(By.ID, "profile-form")


def type_username(browser, name):
    field = browser.find_element(By.ID, "field-username")
    field.clear()
    field.send_keys(name)


def set_goal(browser, iso):
    # Typing into a date input depends on the locale's field order; the value property does not.
    field = browser.find_element(By.ID, "field-goal_date")
    browser.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        field,
        iso,
    )


def click_and_wait(browser, by, selector):
    """Clicks and waits until the next page has replaced this one (the URL may stay the same)."""
    navigate(browser, lambda: browser.find_element(by, selector).click())


def wait_for_path(browser, path):
    WebDriverWait(browser, 10).until(lambda driver: driver.current_url.split("?")[0].endswith(path))


def test_save_draft_survives_a_reload_and_done_commits_it(browser, server_url):
    open_editor(browser, server_url)
    minimum = browser.find_element(By.ID, "field-goal_date").get_attribute("min")
    type_username(browser, "Zoë Ångström 🚀")
    browser.find_element(By.CSS_SELECTOR, "input[name=season][value=summer]").click()
    notifications = browser.find_element(By.ID, "field-notifications")
    if notifications.is_selected():
        notifications.click()
    set_goal(browser, minimum)
    click_and_wait(browser, By.ID, "save-draft")
    wait_for_path(browser, "/profile/edit")

    browser.refresh()
    assert browser.find_element(By.ID, "field-username").get_attribute("value") == "Zoë Ångström 🚀"
    assert browser.find_element(By.CSS_SELECTOR, "input[name=season][value=summer]").is_selected()
    assert not browser.find_element(By.ID, "field-notifications").is_selected()
    assert browser.find_element(By.ID, "field-goal_date").get_attribute("value") == minimum

    # Not committed yet: the profile still shows the defaults and offers the draft.
    browser.get(server_url + "/profile")
    assert browser.find_element(By.ID, "profile-name").text == "guest"
    click_and_wait(browser, By.LINK_TEXT, "Continue editing")
    wait_for_path(browser, "/profile/edit")

    click_and_wait(browser, By.ID, "done")
    wait_for_path(browser, "/profile")
    assert browser.find_element(By.ID, "profile-name").text == "Zoë Ångström 🚀"
    assert browser.find_element(By.ID, "profile-notifications").text == "Off"
    assert "Summer" in browser.find_element(By.ID, "profile-season").text
    assert browser.find_element(By.CSS_SELECTOR, "#profile-goal time").get_attribute("datetime") == minimum
    assert "unfinished draft" not in browser.page_source


def test_cancel_forgets_the_edits(browser, server_url):
    open_editor(browser, server_url)
    type_username(browser, "Never committed")
    browser.find_element(By.CSS_SELECTOR, "input[name=season][value=spring]").click()
    click_and_wait(browser, By.ID, "cancel")
    wait_for_path(browser, "/profile")
    assert browser.find_element(By.ID, "profile-name").text == "guest"
    assert "Winter" in browser.find_element(By.ID, "profile-season").text
    assert "unfinished draft" not in browser.page_source
    open_editor(browser, server_url)
    assert browser.find_element(By.ID, "field-username").get_attribute("value") == "guest"


def test_typing_is_saved_as_a_draft_without_pressing_a_button(browser, server_url):
    open_editor(browser, server_url)
    version = browser.find_element(By.ID, "field-version").get_attribute("value")
    type_username(browser, "Autosaved")
    WebDriverWait(browser, 10).until(
        expected_conditions.text_to_be_present_in_element((By.ID, "autosave-status"), "Draft saved")
    )
    assert browser.find_element(By.ID, "field-version").get_attribute("value") != version
    # The visitor's own Done right after the autosave is not mistaken for a stale form.
    click_and_wait(browser, By.ID, "done")
    wait_for_path(browser, "/profile")
    assert browser.find_element(By.ID, "profile-name").text == "Autosaved"


def test_the_star_on_a_country_shows_on_the_profile(browser, server_url):
    browser.get(server_url + "/countries/kr")
    click_and_wait(browser, By.CSS_SELECTOR, ".favorite-button")
    wait_for_path(browser, "/countries/kr")
    assert browser.find_element(By.CSS_SELECTOR, ".favorite-button").get_attribute("aria-pressed") == "true"
    browser.get(server_url + "/profile")
    assert browser.find_element(By.CSS_SELECTOR, ".starred-list a[href='/countries/kr']")


def test_a_username_over_40_characters_is_refused_with_a_message(browser, server_url):
    open_editor(browser, server_url)
    type_username(browser, "👩🏽‍💻" * 41)
    browser.find_element(By.ID, "done").click()
    # The script counts graphemes like the server and blocks the submit with the browser's message.
    message = browser.find_element(By.ID, "field-username").get_attribute("validationMessage")
    assert "40" in message
    browser.get(server_url + "/profile")
    assert browser.find_element(By.ID, "profile-name").text == "guest"


def test_the_script_trims_what_the_server_trims(browser, server_url):
    """40 characters between zero-width spaces pass both checks (the server trims U+200B); with a
    byte-order mark (U+FEFF, which the server keeps) they are 41 for both."""
    open_editor(browser, server_url)
    field = browser.find_element(By.ID, "field-username")
    set_value = ("arguments[0].value = arguments[1];"
                 " arguments[0].dispatchEvent(new Event('input', {bubbles: true}));")
    browser.execute_script(set_value, field, "\u200b" + "a" * 40 + "\u200b")
    assert field.get_attribute("validationMessage") == ""
    browser.execute_script(set_value, field, "\ufeff" + "a" * 40)
    assert "40" in field.get_attribute("validationMessage")


def test_a_character_under_too_many_marks_is_refused_by_the_script_too(browser, server_url):
    open_editor(browser, server_url)
    field = browser.find_element(By.ID, "field-username")
    browser.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        field, "Zalgo e" + "\u0301" * 20)
    browser.find_element(By.ID, "done").click()
    assert "at most 16" in field.get_attribute("validationMessage")
    browser.get(server_url + "/profile")
    assert browser.find_element(By.ID, "profile-name").text == "guest"


def test_starred_countries_stay_whole_on_a_phone_and_are_photographed(browser, server_url):
    # Enough stars that the line wraps at 390 px, with long names and flags.
    for country in ["kr", "gb", "us", "diamond-princess", "cd", "va", "ms-zaandam", "hk"]:
        browser.get(server_url + "/countries/" + country)
        # Starring is this test's setup (test_the_star_on_a_country_shows_on_the_profile clicks as a
        # user does): the button is pressed through the DOM, so no layout still settling around it
        # (the map's tiles, the flags) can move it from under a click at coordinates.
        button = browser.find_element(By.CSS_SELECTOR, ".favorite-button")
        navigate(browser, lambda: browser.execute_script("arguments[0].click();", button))
        assert browser.find_element(By.CSS_SELECTOR, ".favorite-button").get_attribute("aria-pressed") == "true", country
    set_width(browser, 390)
    browser.get(server_url + "/countries")
    links = browser.find_elements(By.CSS_SELECTOR, ".starred-line a")
    assert len(links) == 8
    for link in links:
        # One line box per country: a flag never ends a line without its name.
        assert browser.execute_script("return arguments[0].getClientRects().length;", link) == 1, link.text
    assert "Hong Kong" in [link.text for link in links]
    # Every flag beside a name is decoration (alt=""), and every one is drawn: a real flag or the
    # cruise ships' placeholder.
    flags = browser.find_elements(By.CSS_SELECTOR, ".starred-line a img.flag")
    assert len(flags) == 8 and all(flag.get_attribute("alt") == "" for flag in flags)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".starred-line a img.flag-placeholder")) == 2
    for flag in flags:
        browser.execute_script("arguments[0].scrollIntoView();", flag)
    WebDriverWait(browser, 10).until(lambda driver: all(
        driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", flag) for flag in flags))
    assert page_overflow(browser) <= 0
    save_screenshot(browser, "list-starred", full_page=False)
    for width in (390, 1280):
        set_width(browser, width)
        browser.get(server_url + "/profile")
        assert page_overflow(browser) <= 0
        save_screenshot(browser, "profile-starred")


def test_the_conflict_notice_stands_apart_from_the_form(browser, server_url):
    open_editor(browser, server_url)
    first_tab = browser.current_window_handle
    browser.switch_to.new_window("tab")
    open_editor(browser, server_url)
    type_username(browser, "From the other tab")
    click_and_wait(browser, By.ID, "done")
    browser.close()
    browser.switch_to.window(first_tab)
    # Straight to Save draft, before an autosave could notice the other tab.
    browser.execute_script("document.getElementById('field-username').value = 'From this tab';")
    click_and_wait(browser, By.ID, "save-draft")
    set_width(browser, 390)
    notice = browser.find_element(By.CSS_SELECTOR, ".notice-conflict").rect
    label = browser.find_element(By.CSS_SELECTOR, "label[for=field-username]").rect
    assert label["y"] - (notice["y"] + notice["height"]) >= 8, "the notice touches the form"
    assert browser.find_element(By.ID, "field-username").get_attribute("value") == "From this tab"
    save_screenshot(browser, "profile-edit-conflict")


def test_the_star_pressed_again_in_an_older_tab_leaves_the_country_starred(browser, server_url):
    # Two tabs both show "Star" (as a double click sends the same form twice): the second press asks
    # for the state its button shows instead of flipping the first one back.
    browser.get(server_url + "/countries/fr")
    first_tab = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(server_url + "/countries/fr")
    click_and_wait(browser, By.CSS_SELECTOR, ".favorite-button")
    assert browser.find_element(By.CSS_SELECTOR, ".favorite-button").get_attribute("aria-pressed") == "true"
    browser.close()
    browser.switch_to.window(first_tab)
    assert browser.find_element(By.CSS_SELECTOR, ".favorite-button").text.endswith("Star")
    click_and_wait(browser, By.CSS_SELECTOR, ".favorite-button")
    assert browser.find_element(By.CSS_SELECTOR, ".favorite-button").get_attribute("aria-pressed") == "true"
    browser.get(server_url + "/profile")
    assert browser.find_element(By.CSS_SELECTOR, ".starred-list a[href='/countries/fr']")


def test_back_after_done_shows_the_editor_as_it_is_now_and_keeps_autosaving(browser, server_url):
    browser.get(server_url + "/countries")  # A visitor with a cookie.
    open_editor(browser, server_url)
    type_username(browser, "First")
    WebDriverWait(browser, 10).until(
        expected_conditions.text_to_be_present_in_element((By.ID, "autosave-status"), "Draft saved"))
    click_and_wait(browser, By.ID, "done")
    wait_for_path(browser, "/profile")
    # Back may restore the left page from the back/forward cache, its script stopped by the Done.
    navigate(browser, browser.back)
    WebDriverWait(browser, 10).until(
        lambda driver: driver.find_element(By.ID, "autosave-status").text == ""
        and driver.find_element(By.ID, "field-username").get_attribute("value") == "First")
    field = browser.find_element(By.ID, "field-username")
    field.send_keys(" and second")
    WebDriverWait(browser, 10).until(
        expected_conditions.text_to_be_present_in_element((By.ID, "autosave-status"), "Draft saved"))
    click_and_wait(browser, By.ID, "done")
    wait_for_path(browser, "/profile")
    assert browser.find_element(By.ID, "profile-name").text == "First and second"
