"""The History chart as a visitor meets it: drawn on the server, every view reached by links and the
date form with JavaScript off, readable at a phone's width and in dark mode."""

from selenium.webdriver.common.by import By

from conftest import console_errors, navigate, page_overflow, save_screenshot, set_dark_mode, set_width


def chart_box(driver):
    return driver.find_element(By.CSS_SELECTOR, "svg.chart-svg").rect


def test_the_chart_is_there_without_javascript_and_every_view_is_a_link(browser_no_js, server_url):
    driver = browser_no_js
    driver.get(server_url + "/countries/kr")
    svg = driver.find_element(By.CSS_SELECTOR, "svg.chart-svg")
    assert svg.get_attribute("role") == "img"
    assert driver.find_element(By.ID, "chart-title").get_attribute("textContent").startswith("Daily new cases in S. Korea")
    navigate(driver, driver.find_element(By.LINK_TEXT, "Deaths").click)
    navigate(driver, driver.find_element(By.LINK_TEXT, "Log").click)
    assert driver.current_url.endswith("/countries/kr?metric=deaths&scale=log")
    assert "Daily new deaths in S. Korea" in driver.find_element(By.ID, "chart-title").get_attribute("textContent")
    # The date form: two dates, sent as a plain GET, answered with the canonical address.
    start = driver.find_element(By.NAME, "from")
    driver.execute_script("arguments[0].value = '2021-06-01';", start)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, ".chart-range button").click)
    assert driver.current_url.endswith("/countries/kr?metric=deaths&scale=log&time=2021-06-01..2021-11-13")
    assert "from 1 Jun 2021 to 13 Nov 2021" in driver.find_element(By.ID, "chart-desc").get_attribute("textContent")
    assert console_errors(driver) == []


def test_the_chart_fits_a_phone_and_its_labels_stay_inside(browser, server_url):
    set_width(browser, 390)
    browser.get(server_url + "/countries/fr")
    assert browser.execute_script("return window.innerWidth;") == 390
    assert page_overflow(browser) <= 0
    box = chart_box(browser)
    assert 300 <= box["width"] <= 390
    # Every label of the chart lies inside the chart's box, and the visible ones do not overlap.
    labels = browser.execute_script("""
        var svg = document.querySelector('svg.chart-svg').getBoundingClientRect();
        return Array.from(document.querySelectorAll('svg.chart-svg text')).filter(function (t) {
            return getComputedStyle(t).display !== 'none';
        }).map(function (t) { var r = t.getBoundingClientRect();
            return {text: t.textContent, left: r.left - svg.left, right: svg.right - r.right,
                    x: r.left, y: r.top, w: r.width, h: r.height, size: parseFloat(getComputedStyle(t).fontSize)}; });""")
    assert labels
    for label in labels:
        assert label["left"] >= -1 and label["right"] >= -1, label
    x_labels = sorted((l for l in labels if l["y"] > box["y"] + box["height"] * 0.8), key=lambda l: l["x"])
    for a, b in zip(x_labels, x_labels[1:]):
        assert a["x"] + a["w"] <= b["x"] + 1, f"{a['text']} overlaps {b['text']}"
    save_screenshot(browser, "history-phone")


def test_dark_mode_draws_the_chart_in_the_dark_palette(browser, server_url):
    set_dark_mode(browser)
    browser.get(server_url + "/countries/kr")
    line = browser.find_element(By.CSS_SELECTOR, "path.chart-line")
    assert browser.execute_script("return getComputedStyle(arguments[0]).stroke;", line) == "rgb(240, 160, 75)"
    text = browser.find_element(By.CSS_SELECTOR, ".chart-axis-y text")
    assert browser.execute_script("return getComputedStyle(arguments[0]).fill;", text) == "rgb(169, 177, 190)"
    save_screenshot(browser, "history-dark", full_page=False)
    set_dark_mode(browser, False)


def test_the_readme_chart_screenshot_is_taken(browser, server_url):
    """docs/screenshots/country-history.png in the README is a copy of this one."""
    set_width(browser, 1280, 900)
    browser.get(server_url + "/countries/kr")
    section = browser.find_element(By.CSS_SELECTOR, "section.history")
    browser.execute_script("arguments[0].scrollIntoView();", section)
    path = save_screenshot(browser, "readme-country-history", full_page=False)
    assert path.stat().st_size > 10_000
