"""What a browser shows of text a visitor sent (isolated, its direction controls shown and not
obeyed), and the long country list's header row, which stays in view while the list scrolls, at a
phone width (390 px) and a desktop width (1280 px)."""

import pytest
from selenium.webdriver.common.by import By

from conftest import console_errors, page_overflow, save_screenshot, set_width

# U+202E RIGHT-TO-LEFT OVERRIDE before "aidni": obeyed, it would read "india".
OVERRIDE = "%E2%80%AEaidni"
SHOWN = "[U+202E]aidni"
DIRECTION_CONTROLS = "".join(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


def isolated(driver, element):
    """Whether `element` is a bidi isolate: a <bdi>, or an element whose direction is dir="auto"."""
    return driver.execute_script(
        "var e = arguments[0]; return e.tagName === 'BDI' || e.getAttribute('dir') === 'auto'"
        " || getComputedStyle(e).unicodeBidi === 'isolate';", element)


def shown_text(driver):
    """Everything the page shows, the title and the values of its fields."""
    return driver.execute_script(
        "return document.title + '\\n' + document.body.innerText + '\\n'"
        " + Array.from(document.querySelectorAll('input')).map(function (i) { return i.value; }).join('\\n');")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_search_with_an_override_shows_it_and_is_not_turned_around(browser, server_url, width):
    set_width(browser, width)
    browser.get(server_url + "/countries?q=" + OVERRIDE)
    assert browser.execute_script("return window.innerWidth;") == width
    box = browser.find_element(By.ID, "list-q")
    assert box.get_attribute("value") == SHOWN
    assert isolated(browser, box)
    echo = browser.find_element(By.CSS_SELECTOR, ".summary bdi")
    assert echo.text == SHOWN
    assert isolated(browser, echo)
    assert SHOWN in browser.title
    text = shown_text(browser)
    assert not any(control in text for control in DIRECTION_CONTROLS)
    assert "india" not in text.lower()
    assert page_overflow(browser) <= 0
    assert console_errors(browser) == []


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("path, selector", [
    ("/countries?continent=" + OVERRIDE, ".error-message bdi"),
    ("/countries?sort=" + OVERRIDE, ".error-message bdi"),
    ("/countries/kr?metric=" + OVERRIDE, ".error-message bdi"),
    ("/countries/" + OVERRIDE, "h1 bdi"),
])
def test_every_page_that_quotes_a_value_isolates_it(browser, server_url, path, selector, width):
    set_width(browser, width)
    browser.get(server_url + path)
    assert browser.execute_script("return window.innerWidth;") == width
    echo = browser.find_element(By.CSS_SELECTOR, selector)
    assert echo.text.startswith(SHOWN)
    assert isolated(browser, echo)
    assert not any(control in shown_text(browser) for control in DIRECTION_CONTROLS)
    assert page_overflow(browser) <= 0


def test_right_to_left_text_keeps_its_order_without_moving_the_sentence(browser, server_url):
    """An Arabic search (مصر, Egypt) is shown as typed, in its isolate; the English words after it
    stay after it."""
    browser.get(server_url + "/countries?q=%D9%85%D8%B5%D8%B1")
    echo = browser.find_element(By.CSS_SELECTOR, ".summary bdi")
    assert echo.text == "مصر"
    clear = browser.find_element(By.CSS_SELECTOR, ".summary a")
    # In a left-to-right sentence the isolate ends before the link begins.
    assert echo.rect["x"] + echo.rect["width"] <= clear.rect["x"]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_lists_header_row_stays_in_view_while_the_list_scrolls(browser, server_url, width):
    set_width(browser, width)
    browser.get(server_url + "/countries")
    assert browser.execute_script("return window.innerWidth;") == width
    header = browser.find_element(By.CSS_SELECTOR, ".country-table thead th")
    start = header.rect["y"]
    # Scroll until the hundredth row is at the top: the header's own place is far above the window.
    row = browser.find_elements(By.CSS_SELECTOR, ".country-table tbody tr")[100]
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", row)
    scrolled = browser.execute_script("return window.scrollY;")
    assert scrolled > start + 1000
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top;", header)
    assert -1 <= top <= 1, "the header row left the window"
    # Visible on top, not under the rows: the element at its place is the header cell (or its link).
    covered = browser.execute_script("""
        var r = arguments[0].getBoundingClientRect();
        var e = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
        return arguments[0].contains(e) ? null : (e && e.outerHTML.slice(0, 80));""", header)
    assert covered is None
    # Every column heading is in view and the table still fits the width.
    for cell in browser.find_elements(By.CSS_SELECTOR, ".country-table thead th"):
        if cell.is_displayed():
            assert -1 <= browser.execute_script("return arguments[0].getBoundingClientRect().top;", cell) <= 1
    assert page_overflow(browser) <= 0
    save_screenshot(browser, "list-scrolled-header", full_page=False)
    assert console_errors(browser) == []


@pytest.mark.parametrize("width", [390, 1280])
def test_the_sorted_column_shows_and_its_heading_turns_the_order(browser, server_url, width):
    set_width(browser, width)
    browser.get(server_url + "/countries?sort=deaths-per-million")
    heading = browser.find_element(By.CSS_SELECTOR, "th[aria-sort='descending']")
    assert heading.is_displayed()
    assert heading.text == "Deaths per million"
    first = browser.find_element(By.CSS_SELECTOR, ".country-table tbody th").text
    heading.find_element(By.TAG_NAME, "a").click()
    ascending = browser.find_element(By.CSS_SELECTOR, "th[aria-sort='ascending']")
    assert ascending.text == "Deaths per million"
    assert browser.current_url.endswith("sort=deaths-per-million&order=asc")
    assert browser.find_element(By.CSS_SELECTOR, ".country-table tbody th").text != first
    assert page_overflow(browser) <= 0
