"""The country map: its marker (B06), its size (B07), tiles with a referrer and credit (B08), and the
world it still shows when no tile can load (this machine has no internet)."""

import socket

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import console_errors, fetch, set_width
from test_journey import OFFLINE_TILES, wait_for_map

RECT = "var r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"


def rect(browser, element):
    return browser.execute_script(RECT, element)


@pytest.fixture(scope="module")
def tiled_url(start_server, tile_server):
    """A server whose map loads tiles from the local tile server (`--tile-url`)."""
    return start_server("--tile-url", tile_server.template)


@pytest.fixture(scope="module")
def blocked_tiles(start_server):
    """A server whose tile host refuses every connection (a closed local port): the network cut
    off, on any machine. Returns (base URL, tile host)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        host = f"127.0.0.1:{probe.getsockname()[1]}"
    return start_server("--tile-url", f"http://{host}/{{z}}/{{x}}/{{y}}.png"), host


def loaded_tiles_cover_the_map(browser):
    """True when every corner and the middle of #map lie on a loaded tile image."""
    return browser.execute_script("""
        var map = document.getElementById('map').getBoundingClientRect();
        var tiles = Array.from(document.querySelectorAll('#map img.leaflet-tile'))
            .filter(function (img) { return img.complete && img.naturalWidth > 0; })
            .map(function (img) { return img.getBoundingClientRect(); });
        var points = [[map.left + 2, map.top + 2], [map.right - 2, map.top + 2], [map.left + 2, map.bottom - 2],
                      [map.right - 2, map.bottom - 2], [(map.left + map.right) / 2, (map.top + map.bottom) / 2]];
        return points.every(function (p) {
            return tiles.some(function (t) { return p[0] >= t.left && p[0] <= t.right && p[1] >= t.top && p[1] <= t.bottom; });
        });""")


# B06: Leaflet guesses its marker image path from its CSS; self-hosted, the guess 404s.
def test_marker_images_resolve_as_png_and_the_marker_is_visible(browser, server_url):
    status, _, page = fetch(server_url + "/countries/it")
    assert status == 200
    for attribute in ("data-icon-url", "data-icon-retina-url", "data-shadow-url"):
        url = page.decode().split(f'{attribute}="', 1)[1].split('"', 1)[0]
        status, headers, body = fetch(server_url + url)
        assert (status, headers["Content-Type"]) == (200, "image/png") and body.startswith(b"\x89PNG")
    # Where Leaflet's own CSS would look (images/ next to leaflet.css) works too.
    for image in ("marker-icon.png", "marker-icon-2x.png", "marker-shadow.png"):
        status, headers, _ = fetch(server_url + "/vendor/leaflet/images/" + image)
        assert (status, headers["Content-Type"]) == (200, "image/png")

    browser.get(server_url + "/countries/it")
    marker = wait_for_map(browser)
    shadow = browser.find_element(By.CSS_SELECTOR, "#map img.leaflet-marker-shadow")
    assert browser.execute_script("return [arguments[0].naturalWidth, arguments[1].naturalWidth];", marker, shadow) \
        == [25, 41]
    left, top, right, bottom = rect(browser, marker)
    map_left, map_top, map_right, map_bottom = rect(browser, browser.find_element(By.ID, "map"))
    assert map_left <= left < right <= map_right and map_top <= top < bottom <= map_bottom
    assert console_errors(browser, allow_hosts=OFFLINE_TILES) == []


# B07: a map laid out in a box without a size shows grey tiles until invalidateSize().
def test_the_map_box_has_a_definite_height_at_every_width(browser, server_url):
    for width in (390, 1280):
        set_width(browser, width)
        browser.get(server_url + "/countries/it")
        wait_for_map(browser)
        height = browser.execute_script("return document.getElementById('map').getBoundingClientRect().height;")
        assert height >= 250, f"#map is {height}px tall at {width}px"


def test_a_map_revealed_after_a_resize_fills_with_tiles(browser, tiled_url):
    set_width(browser, 390)
    browser.get(tiled_url + "/countries/it")
    wait_for_map(browser)
    WebDriverWait(browser, 10).until(loaded_tiles_cover_the_map)
    # Hidden while the window grows (a collapsed section, a background tab), then shown again.
    browser.execute_script("document.querySelector('.map-frame').style.display = 'none';")
    set_width(browser, 1280)
    browser.execute_script("document.querySelector('.map-frame').style.display = '';")
    WebDriverWait(browser, 10).until(loaded_tiles_cover_the_map)
    assert console_errors(browser) == []


# B08: OpenStreetMap blocks tile requests without a Referer, and asks for visible credit.
def test_tiles_are_requested_with_the_pages_origin_as_referrer_and_credited(browser, tiled_url, tile_server):
    status, headers, _ = fetch(tiled_url + "/countries/it")
    assert headers["Referrer-Policy"] not in ("no-referrer", "same-origin")
    csp = headers["Content-Security-Policy"]
    assert "img-src 'self' data: " + tile_server.template.split("/tiles/")[0] in csp, csp

    browser.get(tiled_url + "/countries/it")
    wait_for_map(browser)
    WebDriverWait(browser, 10).until(loaded_tiles_cover_the_map)
    tile_requests = [referer for path, referer in tile_server.requests if path.startswith("/tiles/")]
    assert tile_requests and set(tile_requests) == {tiled_url + "/"}
    attribution = browser.find_element(By.CSS_SELECTOR, "#map .leaflet-control-attribution")
    assert attribution.is_displayed() and "© OpenStreetMap contributors" in attribution.text
    assert console_errors(browser) == []


def test_the_default_tile_host_is_openstreetmap_with_a_referrer_policy_that_keeps_it_working(server_url):
    _, headers, page = fetch(server_url + "/countries/it")
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "img-src 'self' data: https://tile.openstreetmap.org;" in headers["Content-Security-Policy"]
    assert b'data-tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"' in page


def test_without_tiles_the_map_still_shows_the_world_and_the_country(browser, blocked_tiles):
    url, tile_host = blocked_tiles
    browser.get(url + "/countries/fr")
    wait_for_map(browser)
    outlines = browser.find_elements(By.CSS_SELECTOR, "#map .leaflet-outlines-pane path")
    assert len(outlines) >= 170, "every Natural Earth outline is drawn under the tiles"
    assert not browser.execute_script(
        "return Array.from(document.querySelectorAll('#map img.leaflet-tile')).some(i => i.naturalWidth > 0);"), \
        "no tile can load"
    # France is found by ISO_A2_EH (its ISO_A2 is -99) and highlighted above the tile layer.
    selected = browser.find_elements(By.CSS_SELECTOR, "#map .leaflet-selected-pane path")
    assert len(selected) == 1
    panes = browser.execute_script("""
        var z = s => +getComputedStyle(document.querySelector('#map ' + s)).zIndex;
        return [z('.leaflet-outlines-pane'), z('.leaflet-tile-pane'), z('.leaflet-selected-pane')];""")
    assert panes[0] < panes[1] < panes[2]
    status, headers, body = fetch(url + "/geo/countries.geojson")
    assert status == 200 and headers["Content-Type"] == "application/geo+json"
    assert len(body) < 300_000, f"the reduced outlines are {len(body)} bytes"
    assert console_errors(browser, allow_hosts=(tile_host,)) == []


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("country", ["be", "kr", "br", "cl", "fr", "ca"])
def test_the_map_fits_the_country_neither_a_dot_nor_cropped(browser, blocked_tiles, country, width):
    # A new visitor on a phone with the network cut off still sees where the country is.
    set_width(browser, width)
    browser.get(blocked_tiles[0] + "/countries/" + country)
    marker = wait_for_map(browser)
    left, top, right, bottom = rect(browser, browser.find_element(By.CSS_SELECTOR, "#map .leaflet-selected-pane path"))
    map_left, map_top, map_right, map_bottom = rect(browser, browser.find_element(By.ID, "map"))
    assert map_left - 1 <= left and right <= map_right + 1 and map_top - 1 <= top and bottom <= map_bottom + 1, \
        "the whole country is in view"
    share = max((right - left) / (map_right - map_left), (bottom - top) / (map_bottom - map_top))
    assert share >= 0.5, f"the country fills only {share:.0%} of the map"
    marker_left, marker_top, marker_right, marker_bottom = rect(browser, marker)
    assert map_left <= marker_left and marker_right <= map_right and map_top <= marker_top \
        and marker_bottom <= map_bottom


def test_a_country_too_small_for_the_outlines_gets_its_marker_on_the_world(browser, blocked_tiles):
    browser.get(blocked_tiles[0] + "/countries/sg")
    marker = WebDriverWait(browser, 10).until(
        lambda driver: driver.find_element(By.CSS_SELECTOR, "#map img.leaflet-marker-icon"))
    WebDriverWait(browser, 10).until(
        lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-outlines-pane path")) > 100)
    assert browser.execute_script("return arguments[0].naturalWidth;", marker) == 25
    assert browser.find_elements(By.CSS_SELECTOR, "#map .leaflet-selected-pane path") == []
