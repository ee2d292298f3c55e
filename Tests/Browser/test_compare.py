"""The compare page as a visitor meets it: reached from a country page, the country list and the
profile with JavaScript off, one chart whose names at the lines' ends stay inside and apart at a
phone's width and on a desktop, in light and dark mode."""

from selenium.webdriver.common.by import By

from conftest import console_errors, navigate, page_overflow, save_screenshot, set_dark_mode, set_width


def series_labels(driver):
    """The names at the lines' ends, with their boxes and the chart's, in CSS pixels."""
    return driver.execute_script("""
        var svg = document.querySelector('svg.chart-svg').getBoundingClientRect();
        return Array.from(document.querySelectorAll('svg.chart-svg .chart-series-label')).filter(function (t) {
            return getComputedStyle(t).display !== 'none'; }).map(function (t) {
            var r = t.getBoundingClientRect();
            var end = t.parentNode.querySelector('.chart-point').getBoundingClientRect();
            return {text: t.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                    distance: Math.abs((r.top + r.bottom) / 2 - (end.top + end.bottom) / 2),
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
            # Each name close to its line's end (once up to 81 px away on a desktop).
            farthest = max(labels, key=lambda l: l["distance"])
            assert farthest["distance"] <= 50, f"at {width} px: {farthest['text']} is {farthest['distance']} px away"
    set_dark_mode(browser, False)
    set_width(browser, 1280)
    browser.get(server_url + "/compare?countries=kr,jp,us,fr,de,gb,in,br")
    # docs/screenshots/compare.png is this one's window (save_screenshot(..., full_page=False)).
    save_screenshot(browser, "compare-chart", full_page=False)
    set_width(browser, 390)
    browser.get(server_url + "/compare?countries=kr,jp,us")
    save_screenshot(browser, "compare-phone")


def _rgb(css):
    """`rgb(0, 114, 178)` → (0, 114, 178)."""
    return tuple(int(float(part)) for part in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def _contrast(a, b):
    """WCAG 2.1 contrast ratio of two sRGB colours."""
    def luminance(rgb):
        channels = [c / 255 for c in rgb]
        channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_each_line_is_named_in_its_own_colour_and_the_colours_are_apart(browser, server_url):
    """Eight lines in eight colours readable as text on the page (4.5:1), no two alike (two teals once),
    each name written in its line's colour, in light and dark mode."""
    for dark in (False, True):
        set_dark_mode(browser, dark)
        browser.get(server_url + "/compare?countries=kr,jp,us,fr,de,gb,in,br")
        styles = browser.execute_script("""
            var page = getComputedStyle(document.querySelector('.chart')).backgroundColor;
            return Array.from(document.querySelectorAll('svg.chart-svg .chart-series')).map(function (g) {
                return {line: getComputedStyle(g.querySelector('.chart-line')).stroke,
                        label: getComputedStyle(g.querySelector('.chart-series-label')).fill, page: page}; });""")
        assert len(styles) == 8
        colours = [_rgb(style["line"]) for style in styles]
        page = _rgb(styles[0]["page"])
        for style, colour in zip(styles, colours):
            assert _rgb(style["label"]) == colour, style
            assert _contrast(colour, page) >= 4.5, (dark, colour, page)
        for i, a in enumerate(colours):
            for b in colours[i + 1:]:
                distance = sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5
                assert distance >= 60, f"{a} and {b} are hard to tell apart (dark={dark})"
    set_dark_mode(browser, False)


def test_the_latest_figures_fit_a_phone_and_the_list_fits_the_narrowest(browser_no_js, server_url):
    """The compare table once ran past a 390 px phone (Remove cut off) and /countries past a 320 px one."""
    driver = browser_no_js
    for width in (390, 320):
        set_width(driver, width)
        driver.get(server_url + "/compare?countries=kr,jp,us,fr,de,gb,in,br")
        assert page_overflow(driver) <= 0
        fits = driver.execute_script("""
            var wrap = document.querySelector('.compare-table-wrap');
            var removes = Array.from(document.querySelectorAll('.compare-remove')).map(function (a) {
                return a.getBoundingClientRect().right; });
            return {table: wrap.scrollWidth, room: wrap.clientWidth, right: Math.max.apply(null, removes),
                    edge: wrap.getBoundingClientRect().right};""")
        assert fits["table"] <= fits["room"], (width, fits)
        assert fits["right"] <= fits["edge"], (width, fits)
        driver.get(server_url + "/countries")
        assert page_overflow(driver) <= 0, width
