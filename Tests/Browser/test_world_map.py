"""The front page's world map: drawn on the server as SVG, every country a link named with its value,
working with JavaScript off at a phone's width and a desktop's, in light and dark mode, valid HTML with
nothing serious for axe."""

import json
import subprocess

import pytest
from selenium.webdriver.common.by import By

from conftest import console_errors, fetch, navigate, page_overflow, save_screenshot, set_dark_mode, set_width
from test_valid_and_accessible import ACCEPTED_WARNINGS, VNU_JAR, axe_violations

MAP_PAGES = {"world-map-tests": ("/?map=tests", 200), "world-map-bad": ("/?map=recovered", 400)}


def map_links(driver):
    return driver.find_elements(By.CSS_SELECTOR, "svg.world-map a")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_map_works_without_javascript_at_a_phones_and_a_desktops_width(browser_no_js, server_url, width):
    driver = browser_no_js
    set_width(driver, width)
    driver.get(server_url + "/")
    svg = driver.find_element(By.CSS_SELECTOR, "svg.world-map")
    box = svg.rect
    assert box["width"] > 0.8 * width - 64 and box["height"] > box["width"] / 3, box
    assert page_overflow(driver) <= 0
    assert len(map_links(driver)) > 160
    assert driver.find_element(By.ID, "world-map-title").get_attribute("textContent") \
        == "World map of COVID-19 cases per million people"
    save_screenshot(driver, "world-map", full_page=False)
    # Another figure is a plain link; a country is a plain link to its page.
    navigate(driver, driver.find_element(By.CSS_SELECTOR, ".map-choices").find_element(By.LINK_TEXT, "Deaths").click)
    assert driver.current_url.endswith("/?map=deaths")
    peru = driver.find_element(By.CSS_SELECTOR, "svg.world-map a[href='/countries/pe']")
    assert peru.accessible_name == "Peru: 5,971 deaths per million"
    navigate(driver, lambda: driver.execute_script("arguments[0].querySelector('path').dispatchEvent("
                                                   "new MouseEvent('click', {bubbles: true}));", peru))
    assert driver.current_url.endswith("/countries/pe")
    assert console_errors(driver) == []


def test_a_country_is_a_link_a_keyboard_reaches_and_the_skip_link_passes_them(browser, server_url):
    set_width(browser, 1280)
    browser.get(server_url + "/")
    skip = browser.find_element(By.CSS_SELECTOR, "a.skip-map")
    assert skip.get_attribute("href").endswith("#after-map")
    links = map_links(browser)
    names = [link.accessible_name for link in links]
    assert "S. Korea: 7,704 cases per million" in names
    assert all(": " in name for name in names)
    # A click on a country's shape follows its link.
    korea = browser.find_element(By.CSS_SELECTOR, "svg.world-map a[href='/countries/br'] path")
    navigate(browser, korea.click)
    assert browser.current_url.endswith("/countries/br")


def test_dark_mode_draws_the_map_in_the_dark_palette(browser, server_url):
    set_width(browser, 1280)
    browser.get(server_url + "/")
    fill = "return getComputedStyle(document.querySelector('svg.world-map path.map-b5')).fill;"
    light = browser.execute_script(fill)
    set_dark_mode(browser)
    browser.get(server_url + "/")
    dark = browser.execute_script(fill)
    assert light == "rgb(179, 0, 0)" and dark == "rgb(255, 192, 138)"
    save_screenshot(browser, "world-map-dark", full_page=False)
    set_width(browser, 390)
    save_screenshot(browser, "world-map-dark", full_page=False)


def test_the_map_pages_pass_the_nu_html_checker(server_url, tmp_path):
    files = []
    for kind, (path, expected) in MAP_PAGES.items():
        status, headers, body = fetch(server_url + path)
        assert status == expected, path
        file = tmp_path / f"{kind}.html"
        file.write_bytes(body)
        files.append(file)
    run = subprocess.run(["java", "-jar", str(VNU_JAR), "--format", "json", "--exit-zero-always", *map(str, files)],
                         capture_output=True, text=True, timeout=120)
    problems = [m for m in json.loads(run.stderr)["messages"]
                if (m["type"] == "error" or m.get("subType") in ("warning", "fatal"))
                and not m["message"].startswith(ACCEPTED_WARNINGS)]
    assert problems == []


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("kind", MAP_PAGES)
def test_axe_finds_nothing_serious_on_the_map_pages(browser, server_url, axe_script, kind, width, dark):
    set_width(browser, width)
    set_dark_mode(browser, dark)
    browser.get(server_url + MAP_PAGES[kind][0])
    serious = [v for v in axe_violations(browser, axe_script) if v["impact"] in ("serious", "critical")]
    assert serious == []
