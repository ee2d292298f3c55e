"""What a person does with the site, in a real browser: from the world page to a country and back."""

from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import console_errors, navigate

# Tile requests fail on a machine without internet; the map must still work (test_map.py).
OFFLINE_TILES = ("tile.openstreetmap.org",)
NAME_CELLS = ".country-table tbody th a span:not(.flag)"


def wait_for_map(browser):
    """Waits until the marker image has loaded and the country outline is drawn; returns the marker."""
    wait = WebDriverWait(browser, 10)
    marker = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#map img.leaflet-marker-icon")))
    wait.until(lambda driver: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth;", marker))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#map .leaflet-selected-pane path")))
    return marker


def query_of(url):
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def test_a_visitor_searches_filters_sorts_opens_a_country_and_comes_back(browser, server_url):
    browser.get(server_url + "/")
    assert browser.title == "Worldwide — Covid Atlas"
    assert console_errors(browser) == []

    navigate(browser, browser.find_element(By.LINK_TEXT, "Countries").click)
    assert browser.title == "Countries — Covid Atlas"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".country-table tbody tr")) > 200

    search = browser.find_element(By.ID, "list-q")
    search.send_keys("guinea")
    navigate(browser, lambda: search.send_keys(Keys.ENTER))
    assert browser.title == "“guinea” — Countries — Covid Atlas"
    names = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, NAME_CELLS)]
    assert "Papua New Guinea" in names and "Guinea" in names

    navigate(browser, browser.find_element(By.CSS_SELECTOR, ".continent-buttons").find_element(
        By.LINK_TEXT, "Africa").click)
    current = browser.find_element(By.CSS_SELECTOR, ".continent-buttons [aria-current]")
    assert current.text == "Africa" and current.get_attribute("aria-current") == "page"
    names = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, NAME_CELLS)]
    assert "Papua New Guinea" not in names and {"Guinea", "Equatorial Guinea", "Guinea-Bissau"} <= set(names)

    navigate(browser, browser.find_element(By.CSS_SELECTOR, ".country-table thead").find_element(
        By.LINK_TEXT, "Cases").click)
    filtered_list = browser.current_url
    assert query_of(filtered_list) == {"q": "guinea", "continent": "africa", "sort": "cases"}
    cases = [int(cell.text.replace(",", "")) for cell in browser.find_elements(
        By.CSS_SELECTOR, ".country-table tbody td:nth-of-type(3)")]
    assert cases == sorted(cases, reverse=True) and len(cases) == 3
    assert console_errors(browser) == []

    name = browser.find_element(By.CSS_SELECTOR, NAME_CELLS).text
    navigate(browser, browser.find_element(By.CSS_SELECTOR, ".country-table tbody th a").click)
    assert browser.title == f"{name} — Covid Atlas"
    marker = wait_for_map(browser)
    assert marker.get_attribute("alt") == name
    # The flag over the map stands alone, so it names its country.
    flag = browser.find_element(By.CSS_SELECTOR, ".map-flag img")
    assert flag.get_attribute("alt") == name
    labels = [term.text for term in browser.find_elements(By.CSS_SELECTOR, ".stat-grid dt")]
    assert labels[:6] == ["Cases", "Deaths", "Recovered", "Active", "Critical", "Tests"]
    assert console_errors(browser, allow_hosts=OFFLINE_TILES) == []

    navigate(browser, browser.back)
    assert browser.current_url == filtered_list
    assert browser.find_element(By.ID, "list-q").get_attribute("value") == "guinea"
    assert browser.find_element(By.CSS_SELECTOR, ".continent-buttons [aria-current]").text == "Africa"
    assert browser.find_element(By.CSS_SELECTOR, NAME_CELLS).text == name
    assert console_errors(browser) == []


def test_a_bookmarked_country_page_opens_directly_with_map_flag_and_figures(browser, server_url):
    browser.get(server_url + "/countries/kr")
    assert browser.title == "S. Korea — Covid Atlas"
    marker = wait_for_map(browser)
    assert browser.execute_script("return arguments[0].naturalWidth;", marker) > 0
    flag = browser.find_element(By.CSS_SELECTOR, ".map-flag img")
    assert flag.get_attribute("src").endswith("/flags/kr.svg") and flag.get_attribute("alt") == "S. Korea"
    # A real image, drawn at 4:3, not an emoji that is letters on Windows.
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth;", flag) > 0
    assert abs(flag.rect["width"] / flag.rect["height"] - 4 / 3) < 0.05
    cases = browser.find_element(By.CSS_SELECTOR, ".stat-cases .stat-value").text
    assert cases.replace(",", "").isdigit() and "," in cases, "numbers are grouped for reading"
    updated = browser.find_element(By.CSS_SELECTOR, ".freshness time")
    assert updated.get_attribute("datetime").startswith("2021-11-14T05:11")
    assert "14 November 2021" in updated.text
    assert console_errors(browser, allow_hosts=OFFLINE_TILES) == []


def test_another_spelling_of_a_bookmark_lands_on_the_country(browser, server_url):
    browser.get(server_url + "/countries/south-korea")
    assert urlsplit(browser.current_url).path == "/countries/kr"
    assert browser.find_element(By.TAG_NAME, "h1").text == "S. Korea"
