"""The vaccination views as a visitor meets them: the Vaccination section of a country page and the
compare page's vaccination lines, at a phone's width and on a desktop, in light and dark mode, with
JavaScript on and off; an entry Our World in Data has no row for. (Every one of these pages is also
in PAGE_KINDS: the Nu checker, axe, the layout checks and the no-JavaScript reading cover them.)"""

from selenium.webdriver.common.by import By

from conftest import console_errors, navigate, page_overflow, save_screenshot, set_dark_mode, set_width
from test_compare import series_labels
from test_journey import OFFLINE_TILES

COMPARE = "/compare?countries=kr,jp,pt,us,de,in,br,gb&metric=vaccinated"


def chart_texts_outside(driver, selector):
    """The texts of the chart `selector` drawn past its box's left or right edge."""
    return driver.execute_script("""
        var svg = document.querySelector(arguments[0]);
        if (!svg) return null;
        var box = svg.getBoundingClientRect();
        return Array.from(svg.querySelectorAll('text')).filter(function (t) {
            var r = t.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1); }).map(function (t) {
            return t.textContent; });""", selector)


def test_the_compare_vaccination_lines_are_named_inside_the_chart_and_apart(browser, server_url):
    for dark in (False, True):
        set_dark_mode(browser, dark)
        for width in (390, 1280):
            set_width(browser, width)
            browser.get(server_url + COMPARE)
            assert page_overflow(browser) <= 0
            assert browser.find_element(By.CSS_SELECTOR, ".chart-heading").text.startswith(
                "Share of people fully vaccinated (% of the population)")
            labels = sorted(series_labels(browser), key=lambda l: l["top"])
            assert len(labels) == 8
            for label in labels:
                assert label["left"] >= label["svgLeft"] - 1 and label["right"] <= label["svgRight"] + 1, (width, label)
                assert label["top"] >= label["svgTop"] - 1 and label["bottom"] <= label["svgBottom"] + 1, (width, label)
            for a, b in zip(labels, labels[1:]):
                assert a["bottom"] <= b["top"] + 1, f"at {width} px: {a['text']} overlaps {b['text']}"
            assert chart_texts_outside(browser, "svg.chart-svg") == []
            # The 0–100 % axis, and the words under the chart say each country's own last day.
            ticks = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "svg.chart-svg .chart-axis-y text")]
            assert ticks[0] == "0 %" and ticks[-1] == "100 %", ticks
            summary = browser.find_element(By.CSS_SELECTOR, ".chart-summary").text
            assert "Portugal 87.39 % on 1 Nov 2021" in summary
            save_screenshot(browser, "compare-vaccinated" + ("-dark" if dark else ""), full_page=False)
            assert console_errors(browser) == []
    set_dark_mode(browser, False)


def test_without_javascript_the_links_and_the_date_form_switch_views(browser_no_js, server_url):
    driver = browser_no_js
    driver.get(server_url + "/compare?countries=kr,jp")
    navigate(driver, driver.find_element(By.LINK_TEXT, "Doses").click)
    assert driver.current_url.endswith("/compare?countries=kr,jp&metric=doses")
    assert "Doses a day per million people" in driver.find_element(By.CSS_SELECTOR, ".chart-heading").text
    navigate(driver, driver.find_element(By.LINK_TEXT, "Cumulative").click)
    assert driver.current_url.endswith("/compare?countries=kr,jp&metric=doses&interval=cumulative")
    start = driver.find_element(By.CSS_SELECTOR, ".chart-range input[name=from]")
    driver.execute_script("arguments[0].value = '2021-06-01';", start)
    navigate(driver, driver.find_element(By.CSS_SELECTOR, ".chart-range button").click)
    assert driver.current_url.endswith(
        "/compare?countries=kr,jp&metric=doses&interval=cumulative&time=2021-06-01..latest")
    assert driver.find_element(By.CSS_SELECTOR, ".chart-summary").text.startswith(
        "One line per country from 1 Jun 2021 to 8 Nov 2021")
    navigate(driver, driver.find_element(By.LINK_TEXT, "Cases").click)
    assert "metric" not in driver.current_url
    # The shared parameters stay: cumulative, from 1 Jun 2021.
    assert driver.find_element(By.CSS_SELECTOR, ".chart-heading").text.startswith("Total cases per million people")
    assert console_errors(driver) == []


def test_the_section_fits_a_phone_and_a_desktop_in_light_and_dark_mode(browser, server_url):
    for dark in (False, True):
        set_dark_mode(browser, dark)
        for width in (390, 1280):
            set_width(browser, width)
            for path in ("/countries/kr", "/countries/il?metric=boosters", "/countries/kr?metric=doses"):
                browser.get(server_url + path)
                assert page_overflow(browser) <= 0, (path, width)
                section = browser.find_element(By.CSS_SELECTOR, "section.vaccination")
                figures = [d.text for d in section.find_elements(By.CSS_SELECTOR, ".stat-vaccination dd")]
                assert len(figures) == 4 and all(figures), (path, figures)
                assert chart_texts_outside(browser, "section.vaccination svg.chart-svg") == [], (path, width)
                assert section.find_element(By.CSS_SELECTOR, "svg.chart-svg").is_displayed()
            assert console_errors(browser, allow_hosts=OFFLINE_TILES) == []
    set_dark_mode(browser, False)


def test_an_entry_owid_has_no_row_for_says_so_with_no_chart_links(browser_no_js, server_url):
    driver = browser_no_js
    for width in (390, 1280):
        set_width(driver, width)
        driver.get(server_url + "/countries/re")
        section = driver.find_element(By.CSS_SELECTOR, "section.vaccination")
        assert section.find_element(By.CSS_SELECTOR, ".vaccination-message").text.startswith(
            "Our World in Data has no row for Réunion")
        assert section.find_elements(By.CSS_SELECTOR, "a[href*='metric=']") == []
        assert section.find_elements(By.CSS_SELECTOR, "svg") == []
        assert page_overflow(driver) <= 0


def test_the_readme_vaccination_screenshot_is_taken(browser, server_url):
    """docs/screenshots/vaccination.png in the README is a copy of this one (1280 px, light)."""
    set_width(browser, 1280, 900)
    browser.get(server_url + "/countries/kr")
    section = browser.find_element(By.CSS_SELECTOR, "section.vaccination")
    browser.execute_script("arguments[0].scrollIntoView();", section)
    path = save_screenshot(browser, "readme-vaccination", full_page=False)
    assert path.stat().st_size > 10_000
