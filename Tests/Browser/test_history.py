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
    start = driver.find_element(By.CSS_SELECTOR, "section.history .chart-range input[name=from]")
    driver.execute_script("arguments[0].value = '2021-06-01';", start)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "section.history .chart-range button").click)
    # The untouched end is the last day: the canonical address says latest.
    assert driver.current_url.endswith("/countries/kr?metric=deaths&scale=log&time=2021-06-01..latest")
    assert "from 1 Jun 2021 to 13 Nov 2021" in driver.find_element(By.ID, "chart-desc").get_attribute("textContent")
    assert console_errors(driver) == []


def shown_labels(driver):
    """The chart's text elements a visitor sees (not inside a group hidden at this width), with their
    boxes relative to the chart's, and their font size in CSS pixels as drawn."""
    return driver.execute_script("""
        var svg = document.querySelector('section.history svg.chart-svg').getBoundingClientRect();
        function shown(e) {
            for (; e && e.nodeType === 1; e = e.parentNode) if (getComputedStyle(e).display === 'none') return false;
            return true;
        }
        return Array.from(document.querySelectorAll('section.history svg.chart-svg text')).filter(shown).map(function (t) {
            var r = t.getBoundingClientRect();
            return {text: t.textContent, left: r.left - svg.left, right: svg.right - r.right,
                    x: r.left, y: r.top, w: r.width, h: r.height, axis: !!t.closest('.chart-axis-x')}; });""")


# Ranges whose time axis once drew labels over each other ("15 May 202117 May").
CROWDED_RANGES = [
    "/countries/fr", "/countries/fr?time=2021-05-15..2021-05-25", "/countries/fr?time=2021-11-01..latest",
    "/countries/fr?time=2021-10-05..latest", "/countries/fr?time=2021-08-16..latest",
    "/countries/fr?time=2020-10-10..latest",
]


def test_the_chart_fits_a_phone_and_its_labels_stay_inside_and_apart(browser, server_url):
    for width in (390, 1280):
        set_width(browser, width)
        for path in CROWDED_RANGES:
            browser.get(server_url + path)
            assert browser.execute_script("return window.innerWidth;") == width
            assert page_overflow(browser) <= 0
            box = chart_box(browser)
            if width == 390:
                assert 300 <= box["width"] <= 390
            labels = shown_labels(browser)
            assert labels
            # Every label lies inside the chart's box, and is legible (12 px or more) at a phone's width.
            for label in labels:
                assert label["left"] >= -1 and label["right"] >= -1, (path, width, label)
                # A label's box is about 1.15 times its font size high.
                assert label["h"] >= 12 * 1.1, (path, width, label)
            x_labels = sorted((l for l in labels if l["axis"]), key=lambda l: l["x"])
            assert len(x_labels) >= 2, (path, width, x_labels)
            for a, b in zip(x_labels, x_labels[1:]):
                assert a["x"] + a["w"] <= b["x"] + 1, f"{path} at {width} px: {a['text']} overlaps {b['text']}"
    set_width(browser, 390)
    browser.get(server_url + "/countries/fr")
    save_screenshot(browser, "history-phone")


def test_a_visible_title_and_legend_say_what_bars_and_line_are(browser_no_js, server_url):
    driver = browser_no_js
    driver.get(server_url + "/countries/fr")
    assert driver.find_element(By.CSS_SELECTOR, "section.history .chart-heading").text \
        == "Daily new cases in France, with the 7-day average"
    legend = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "section.history .chart-legend li")]
    assert legend == ["New cases per day", "Below zero: corrections", "7-day average"]


def test_dark_mode_draws_the_chart_in_the_dark_palette(browser, server_url):
    set_dark_mode(browser)
    browser.get(server_url + "/countries/kr")
    line = browser.find_element(By.CSS_SELECTOR, "section.history path.chart-line")
    assert browser.execute_script("return getComputedStyle(arguments[0]).stroke;", line) == "rgb(240, 160, 75)"
    text = browser.find_element(By.CSS_SELECTOR, "section.history .chart-axis-y text")
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


def test_the_vaccination_chart_keeps_its_labels_inside_at_a_phones_and_a_desktops_width(browser, server_url):
    """The second chart, OWID's shares on a 0–100 % axis, once drew "100 %" 3 px off a 390 px phone."""
    for width in (390, 1280):
        set_width(browser, width)
        for path in ("/countries/fr", "/countries/kr?metric=doses", "/"):
            browser.get(server_url + path)
            outside = browser.execute_script("""
                var svg = document.querySelector('section.vaccination svg.chart-svg');
                if (!svg) return null;
                var box = svg.getBoundingClientRect();
                return Array.from(svg.querySelectorAll('text')).filter(function (t) {
                    var r = t.getBoundingClientRect();
                    return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1); }).map(function (t) {
                    return t.textContent; });""")
            assert outside == [], (path, width, outside)
