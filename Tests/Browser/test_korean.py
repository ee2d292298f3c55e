"""The Korean pages (/ko/…) as a Korean reader's browser shows them: Hangul drawn in a Korean font,
not empty boxes (docs/field-cases.md B44); lines broken between words without anything overflowing
at phone widths (B43); and the language switch leading to the same view in the other language. (The
Korean page kinds are also in PAGE_KINDS: the Nu checker, axe, the layout checks and the
no-JavaScript reading cover them.)"""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import navigate, page_overflow, save_screenshot, set_width


def platform_fonts(driver, selector):
    """The fonts Chromium drew the text of the first element matching `selector` with (DevTools
    `CSS.getPlatformFontsForNode`): a list of family names."""
    driver.execute_cdp_cmd("DOM.enable", {})
    driver.execute_cdp_cmd("CSS.enable", {})
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return [font["familyName"] for font in fonts]


def test_hangul_is_drawn_in_a_korean_font(browser, server_url):
    browser.get(server_url + "/ko/countries")
    assert browser.find_element(By.TAG_NAME, "h1").text == "국가별 현황"
    families = platform_fonts(browser, "h1")
    assert any("CJK" in family or "KR" in family for family in families), families


@pytest.mark.parametrize("width", [320, 390])
def test_korean_lines_break_between_words_and_nothing_overflows(browser, server_url, width):
    set_width(browser, width)
    browser.get(server_url + "/ko/countries?q=%EA%B3%B5%ED%99%94%EA%B5%AD")
    assert browser.execute_script("return window.innerWidth;") == width
    assert page_overflow(browser) <= 0, "the page scrolls sideways"
    assert browser.execute_script(
        "return getComputedStyle(document.querySelector('.summary')).wordBreak;") == "keep-all"
    # "콩고 민주 공화국" wraps, if at all, between its words: each line starts a word.
    lines = browser.execute_script("""
        var span = Array.from(document.querySelectorAll('.country-table th[scope=row] span span'))
            .find(function (s) { return s.textContent === '콩고 민주 공화국'; });
        var range = document.createRange(), lines = {}, text = span.firstChild;
        for (var i = 0; i < text.length; i++) {
            range.setStart(text, i); range.setEnd(text, i + 1);
            var top = Math.round(range.getBoundingClientRect().top);
            lines[top] = (lines[top] || '') + text.data[i];
        }
        return Object.keys(lines).sort(function (a, b) { return a - b; }).map(function (k) { return lines[k].trim(); });""")
    assert all(line in {"콩고", "민주", "공화국", "콩고 민주", "민주 공화국", "콩고 민주 공화국"} for line in lines), lines
    save_screenshot(browser, f"ko-list-search-{width}")


def test_the_language_switch_keeps_the_view_both_ways(browser, server_url):
    browser.get(server_url + "/countries?continent=asia&sort=cases")
    navigate(browser, lambda: browser.find_element(By.CSS_SELECTOR, ".language-switch").click())
    assert browser.current_url == server_url + "/ko/countries?continent=asia&sort=cases"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    assert browser.find_element(By.TAG_NAME, "h1").text == "아시아 국가별 현황"
    first = browser.find_element(By.CSS_SELECTOR, ".country-table tbody th[scope=row]").text
    assert first == "인도"
    navigate(browser, lambda: browser.find_element(By.CSS_SELECTOR, ".language-switch").click())
    assert browser.current_url == server_url + "/countries?continent=asia&sort=cases"
    assert browser.find_element(By.CSS_SELECTOR, ".country-table tbody th[scope=row]").text == "India"


def test_the_korean_search_form_and_buttons_stay_in_korean(browser, server_url):
    browser.get(server_url + "/ko/countries")
    field = browser.find_element(By.ID, "list-q")
    field.send_keys("일본")
    navigate(browser, lambda: browser.find_element(By.CSS_SELECTOR, ".search-form button[type=submit]").click())
    assert browser.current_url.startswith(server_url + "/ko/countries?q=")
    assert [row.text for row in browser.find_elements(By.CSS_SELECTOR, ".country-table tbody th[scope=row]")] == ["일본"]
    navigate(browser, lambda: browser.find_element(By.LINK_TEXT, "검색 지우기").click())
    assert browser.current_url == server_url + "/ko/countries"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_korean_country_page_reads_in_korean_at_phone_and_desktop_widths(browser, server_url, width):
    """docs/screenshots/ko-country-detail.png in the README is this one's 1280 px window."""
    set_width(browser, width)
    browser.get(server_url + "/ko/countries/kr")
    assert browser.execute_script("return window.innerWidth;") == width
    assert browser.find_element(By.TAG_NAME, "h1").text == "대한민국"
    assert page_overflow(browser) <= 0, "the page scrolls sideways"
    # The chart's ticks and its title are Korean, drawn in a Korean font.
    ticks = [t.get_attribute("textContent") for t in browser.find_elements(By.CSS_SELECTOR, ".history .chart-axis-x text")]
    assert any(t.endswith("월") or t.endswith("년") for t in ticks), ticks
    assert any("CJK" in f or "KR" in f for f in platform_fonts(browser, ".history .chart-heading"))
    save_screenshot(browser, "ko-country-detail", full_page=False)


def test_the_korean_editor_autosaves_with_korean_messages_and_done_stays_in_korean(browser, server_url):
    browser.get(server_url + "/ko/profile/edit")
    field = browser.find_element(By.ID, "field-username")
    field.clear()
    field.send_keys("김하늘")
    WebDriverWait(browser, 10).until(
        expected_conditions.text_to_be_present_in_element((By.ID, "autosave-status"), "임시 저장했습니다."))
    # Past the limit, the browser's own check says so in the page's words before anything is sent.
    field.send_keys("가" * 41)
    message = browser.execute_script("return arguments[0].validationMessage;", field)
    assert "최대 40자까지" in message and "44자" in message, message
    field.clear()
    field.send_keys("김하늘")
    navigate(browser, lambda: browser.find_element(By.ID, "done").click())
    assert browser.current_url == server_url + "/ko/profile"
    assert browser.find_element(By.ID, "profile-name").text == "김하늘"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"


def test_the_korean_maps_controls_and_credits_are_korean(browser, server_url):
    browser.get(server_url + "/ko/countries/kr")
    zoom_in = WebDriverWait(browser, 10).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, ".leaflet-control-zoom-in")))
    assert zoom_in.get_attribute("title") == "확대"
    assert browser.find_element(By.CSS_SELECTOR, ".leaflet-control-zoom-out").get_attribute("title") == "축소"
    WebDriverWait(browser, 10).until(
        expected_conditions.text_to_be_present_in_element(
            (By.CSS_SELECTOR, ".leaflet-control-attribution"), "국경선: Natural Earth"))
    assert "© OpenStreetMap 기여자" in browser.find_element(By.CSS_SELECTOR, ".leaflet-control-attribution").text
