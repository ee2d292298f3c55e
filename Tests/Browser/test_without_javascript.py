"""With JavaScript switched off every page and form still works; the map becomes a notice."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import PAGE_KINDS, console_errors, navigate, page_overflow, set_width


@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_every_page_reads_fully_without_javascript(browser_no_js, server_url, kind):
    browser_no_js.get(server_url + PAGE_KINDS[kind])
    assert browser_no_js.find_element(By.TAG_NAME, "h1").text
    assert browser_no_js.find_element(By.CSS_SELECTOR, "footer").is_displayed()
    assert page_overflow(browser_no_js) <= 0
    assert console_errors(browser_no_js) == []


def test_page_scripts_really_are_off(browser_no_js, server_url):
    browser_no_js.get(server_url + "/countries/kr")
    assert browser_no_js.find_elements(By.CSS_SELECTOR, "#map .leaflet-pane") == []


def test_the_map_is_the_countrys_outline_among_its_neighbours_drawn_on_the_server(browser_no_js, server_url):
    """Without JavaScript the map box holds an outline map drawn on the server, the country picked out
    and its centre marked; Leaflet replaces it when scripts run."""
    for width in (390, 1280):
        set_width(browser_no_js, width)
        browser_no_js.get(server_url + "/countries/kr")
        svg = browser_no_js.find_element(By.CSS_SELECTOR, "#map svg.locator-map")
        assert svg.is_displayed()
        assert svg.get_attribute("aria-label") == \
            "Outline map of S. Korea among its neighbours, centred on 37° N, 127.5° E"
        box = svg.rect
        frame = browser_no_js.find_element(By.ID, "map").rect
        assert box["height"] > 150 and abs(box["width"] - frame["width"]) <= 2, (width, box, frame)
        selected = browser_no_js.find_element(By.CSS_SELECTOR, "#map svg.locator-map path.locator-selected")
        inside = selected.rect
        assert inside["width"] > 40 and inside["height"] > 40, inside
        assert box["x"] <= inside["x"] and inside["x"] + inside["width"] <= box["x"] + box["width"] + 1
        neighbours = browser_no_js.find_elements(By.CSS_SELECTOR, "#map svg.locator-map path:not(.locator-selected)")
        assert len(neighbours) >= 2, "North Korea, Japan and China are in view"
        assert browser_no_js.find_element(By.CSS_SELECTOR, ".map-flag").is_displayed()
    set_width(browser_no_js, 1280)


def test_search_continent_and_sort_work_as_plain_forms_and_links(browser_no_js, server_url):
    browser_no_js.get(server_url + "/")
    field = browser_no_js.find_element(By.ID, "search-q")
    field.send_keys("land")
    navigate(browser_no_js, field.find_element(By.XPATH, "ancestor::form//button").click)
    assert browser_no_js.find_element(By.TAG_NAME, "h1").text == "Countries"
    assert browser_no_js.find_element(By.ID, "list-q").get_attribute("value") == "land"

    navigate(browser_no_js, browser_no_js.find_element(By.CSS_SELECTOR, ".continent-buttons").find_element(
        By.LINK_TEXT, "Europe").click)
    Select(browser_no_js.find_element(By.ID, "list-sort")).select_by_value("population")
    navigate(browser_no_js, browser_no_js.find_element(By.CSS_SELECTOR, ".search-form button[type=submit]").click)
    assert browser_no_js.current_url.endswith("/countries?q=land&continent=europe&sort=population")
    names = [cell.text for cell in browser_no_js.find_elements(
        By.CSS_SELECTOR, ".country-table tbody th a span:not(.flag)")]
    assert names[:3] == ["UK", "Poland", "Netherlands"], names

    navigate(browser_no_js, browser_no_js.find_element(By.CSS_SELECTOR, ".country-table tbody th a").click)
    assert browser_no_js.find_element(By.TAG_NAME, "h1").text == "UK"


def test_an_error_page_search_form_recovers_the_visitor(browser_no_js, server_url):
    browser_no_js.get(server_url + "/countries/swedn")
    assert "Sweden" in browser_no_js.find_element(By.CSS_SELECTOR, ".suggestions").text
    field = browser_no_js.find_element(By.ID, "search-q")
    assert field.get_attribute("value") == "swedn", "what the visitor typed is kept"
    field.clear()
    field.send_keys("sweden")
    navigate(browser_no_js, field.find_element(By.XPATH, "ancestor::form//button").click)
    assert "Sweden" in browser_no_js.find_element(By.CSS_SELECTOR, ".country-table").text


def test_the_profile_editor_and_the_star_work_as_plain_forms(browser_no_js, server_url):
    driver = browser_no_js
    # A first visit straight to the editor: the form a new visitor is shown saves and commits.
    driver.get(server_url + "/profile/edit")
    field = driver.find_element(By.ID, "field-username")
    field.clear()
    field.send_keys("No script")
    navigate(driver, lambda: driver.find_element(By.ID, "save-draft").click())
    assert driver.find_element(By.ID, "field-username").get_attribute("value") == "No script"
    field = driver.find_element(By.ID, "field-username")
    field.clear()
    field.send_keys("é" * 41)
    navigate(driver, lambda: driver.find_element(By.ID, "done").click())
    assert "at most 40" in driver.find_element(By.ID, "username-error").text
    console_errors(driver)  # The 422 page's own status, asked for here.
    field = driver.find_element(By.ID, "field-username")
    field.clear()
    field.send_keys("No script")
    navigate(driver, lambda: driver.find_element(By.ID, "done").click())
    assert driver.find_element(By.ID, "profile-name").text == "No script"
    driver.get(server_url + "/countries/jp")
    navigate(driver, lambda: driver.find_element(By.CSS_SELECTOR, ".favorite-button").click())
    assert driver.find_element(By.CSS_SELECTOR, ".favorite-button").get_attribute("aria-pressed") == "true"
    driver.get(server_url + "/profile")
    assert driver.find_element(By.CSS_SELECTOR, ".starred-list a[href='/countries/jp']")
    assert console_errors(driver) == []
