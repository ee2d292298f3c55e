"""The compare page as a visitor meets it: reached from a country page, the country list and the
profile with JavaScript off, one chart whose names at the lines' ends stay inside and apart at a
phone's width and on a desktop, in light and dark mode."""

from selenium.webdriver.common.by import By

from conftest import console_errors, navigate, page_overflow, save_screenshot, set_dark_mode, set_width


def series_labels(driver):
    """The names at the lines' ends, with their boxes and the chart's, in CSS pixels."""
    return driver.execute_script("""
        var svg = document.querySelector('svg.chart-svg').getBoundingClientRect();
        return Array.from(document.querySelectorAll('svg.chart-svg .chart-series-label')).map(function (t) {
            var r = t.getBoundingClientRect();
            return {text: t.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                    svgLeft: svg.left, svgRight: svg.right, svgTop: svg.top, svgBottom: svg.bottom}; });""")


def test_a_country_page_leads_to_a_comparison_and_remove_links_undo_it(browser_no_js, server_url):
    driver = browser_no_js
    driver.get(server_url + "/countries/kr")
    driver.find_element(By.ID, "compare-add").send_keys("Japan, USA")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, ".compare-form button").click)
    assert driver.current_url.endswith("/compare?countries=kr,jp,us")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Compare S. Korea, Japan and USA"
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg.chart-svg .chart-series")) == 3
    # Another view keeps the list; per million is the default, so Total is the one in the address.
    navigate(driver, driver.find_element(By.LINK_TEXT, "Deaths").click)
    navigate(driver, driver.find_element(By.LINK_TEXT, "Total").click)
    assert driver.current_url.endswith("/compare?countries=kr,jp,us&metric=deaths&per=total")
    # Adding a country on the compare page itself.
    driver.find_element(By.ID, "compare-add").send_keys("de")
    navigate(driver, driver.find_element(By.CSS_SELECTOR, ".compare-form button").click)
    assert driver.current_url.endswith("/compare?countries=kr,jp,us,de&metric=deaths&per=total")
    remove = driver.find_elements(By.CSS_SELECTOR, ".compare-remove")[1]
    navigate(driver, remove.click)
    assert driver.current_url.endswith("/compare?countries=kr,us,de&metric=deaths&per=total")
    assert console_errors(driver) == []


def test_the_country_list_compares_the_ticked_rows(browser_no_js, server_url):
    driver = browser_no_js
    driver.get(server_url + "/countries?sort=cases")
    boxes = driver.find_elements(By.CSS_SELECTOR, "input.compare-check")
    ids = [box.get_attribute("value") for box in boxes[:3]]
    for box in boxes[:3]:
        box.click()
    navigate(driver, driver.find_element(By.CSS_SELECTOR, "#compare-selected button").click)
    assert driver.current_url.endswith("/compare?countries=" + ",".join(ids))
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg.chart-svg .chart-series")) == 3


def test_an_unknown_id_page_offers_the_near_matches_and_the_rest(browser_no_js, server_url):
    driver = browser_no_js
    driver.get(server_url + "/compare?countries=kr,japn")
    assert "japn" in driver.find_element(By.CSS_SELECTOR, ".compare-unknown").text
    navigate(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "Japan").click)
    assert driver.current_url.endswith("/compare?countries=kr,jp")


def test_the_names_at_the_lines_ends_stay_inside_the_chart_and_apart(browser, server_url):
    for dark in (False, True):
        set_dark_mode(browser, dark)
        for width in (390, 1280):
            set_width(browser, width)
            browser.get(server_url + "/compare?countries=kr,jp,us,fr,de,gb,in,br")
            assert page_overflow(browser) <= 0
            labels = sorted(series_labels(browser), key=lambda l: l["top"])
            assert len(labels) == 8
            for label in labels:
                assert label["left"] >= label["svgLeft"] - 1 and label["right"] <= label["svgRight"] + 1, (width, label)
                assert label["top"] >= label["svgTop"] - 1 and label["bottom"] <= label["svgBottom"] + 1, (width, label)
            for a, b in zip(labels, labels[1:]):
                assert a["bottom"] <= b["top"] + 1, f"at {width} px: {a['text']} overlaps {b['text']}"
    set_dark_mode(browser, False)
    set_width(browser, 1280)
    browser.get(server_url + "/compare?countries=kr,jp,us,fr,de,gb,in,br")
    # docs/screenshots/compare.png is this one's window (save_screenshot(..., full_page=False)).
    save_screenshot(browser, "compare-chart", full_page=False)
    set_width(browser, 390)
    browser.get(server_url + "/compare?countries=kr,jp,us")
    save_screenshot(browser, "compare-phone")
