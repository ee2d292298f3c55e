"""Every kind of page at a phone width (390 px) and a desktop width (1280 px): nothing scrolls
sideways, overlaps or is cut off. Screenshots go to screenshots/ (gitignored) for a person to look at."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PAGE_KINDS, console_errors, page_overflow, save_screenshot, set_width
from test_journey import OFFLINE_TILES


def overlaps(a, b):
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] \
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_the_page_fits_the_window_and_is_photographed(browser, server_url, kind, width):
    set_width(browser, width)
    browser.get(server_url + PAGE_KINDS[kind])
    if kind == "detail-country":
        WebDriverWait(browser, 10).until(
            lambda driver: driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-selected-pane path"))
    assert browser.execute_script("return window.innerWidth;") == width
    assert page_overflow(browser) <= 0, "the page scrolls sideways"
    # Text is not cut off inside a box either: no element is wider than the box that clips it.
    clipped = browser.execute_script("""
        return Array.from(document.querySelectorAll('main *, header *, footer *')).filter(function (e) {
            var s = getComputedStyle(e);
            return (s.overflowX === 'hidden' || s.overflowX === 'clip') && !e.closest('#map')
                && !e.classList.contains('visually-hidden') && e.scrollWidth > e.clientWidth + 1;
        }).map(function (e) { return e.outerHTML.slice(0, 80); });""")
    assert clipped == []
    brand = browser.find_element(By.CSS_SELECTOR, ".site-header .brand").rect
    for link in browser.find_elements(By.CSS_SELECTOR, ".site-header nav a"):
        assert not overlaps(brand, link.rect)
    if kind == "detail-country":
        flag = browser.find_element(By.CSS_SELECTOR, ".map-flag").rect
        for control in browser.find_elements(By.CSS_SELECTOR, "#map .leaflet-control"):
            assert not overlaps(flag, control.rect), "the flag covers a map control"
        title = browser.find_element(By.ID, "country-name").rect
        assert not overlaps(flag, title)
    save_screenshot(browser, kind)
    save_screenshot(browser, kind + "-window", full_page=False)
    assert console_errors(browser, allow_hosts=OFFLINE_TILES) == []


def test_the_readme_screenshots_are_taken(browser, server_url):
    """docs/screenshots/ in the README are copies of these two (refresh by hand after a change)."""
    set_width(browser, 1280, 1000)
    browser.get(server_url + "/countries/kr")
    WebDriverWait(browser, 10).until(
        lambda driver: driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-selected-pane path"))
    assert save_screenshot(browser, "readme-country-detail", full_page=False).stat().st_size > 10_000
    set_width(browser, 390, 1000)
    browser.get(server_url + "/countries")
    assert save_screenshot(browser, "readme-list-phone", full_page=False).stat().st_size > 10_000
