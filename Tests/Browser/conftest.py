"""Shared fixtures for the browser suite: the real `covid-atlas` binary on a free port and headless
Debian Chromium driven by selenium.

Fixtures:
- `server_url` (session): base URL of `.build/debug/covid-atlas serve --port 0` on a fresh database.
- `browser` (function): headless Chromium, 1280x900, JavaScript on, console log captured (one
  Chromium per session, handed to each test blank).
- `browser_no_js` (function): the same with JavaScript switched off by Chrome's content settings.
- `start_server` (session): starts another server with extra `serve` flags (e.g. `--tile-url`).
- `tile_server` (session): a local stand-in for a tile server, which records each request's Referer.
- `axe_script` (session): the text of axe-core's `axe.min.js` (script/bootstrap unpacks it).

Helpers for tests: `console_errors(driver)`, `navigate(driver, action)`, `set_width(driver, px)`,
`set_dark_mode(driver, on)`,
`page_overflow(driver)`, `save_screenshot(driver, name)`, `fetch(url)`; `PAGE_KINDS` names one URL
per kind of page (add new kinds there: they are then validated, checked by axe and photographed).
"""

import collections
import http.server
import os
import pathlib
import shutil
import struct
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPO_ROOT / ".build" / "debug" / "covid-atlas"
SCREENSHOTS = REPO_ROOT / "screenshots"
AXE_SCRIPT = REPO_ROOT / ".venv" / "axe" / "axe.min.js"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# One URL per kind of page the app serves; every kind is validated, checked by axe and photographed.
PAGE_KINDS = {
    "world": "/",
    "list": "/countries",
    "list-filtered": "/countries?q=korea&continent=asia&sort=cases",
    "list-empty": "/countries?q=zzzz&continent=europe",
    "detail-country": "/countries/kr",
    "detail-ship": "/countries/diamond-princess",
    "not-found": "/countries/atlantis",
    "bad-request": "/countries?sort=colour",
    "profile": "/profile",
    "profile-edit": "/profile/edit",
    "chart-log-per-million": "/countries/fr?metric=deaths&scale=log&per=million",
    "chart-range-cumulative": "/countries/kr?interval=cumulative&time=2021-08-16..latest",
    "chart-recovered": "/countries/us?metric=recovered",
    "chart-bad-request": "/countries/kr?metric=colour",
    "chart-uncovered": "/countries/eh",
    "list-per-million-ascending": "/countries?sort=deaths-per-million&order=asc",
    "list-echo-override": "/countries?q=%E2%80%AEaidni",
    "bad-request-echo-override": "/countries?continent=%E2%80%AEaisa",
    "not-found-absent-country": "/countries/north-korea",
    "compare": "/compare?countries=kr,jp,us,fr,de,gb,in,br",
    "compare-empty": "/compare",
    "compare-bad-request": "/compare?countries=kr,japn,%E2%80%AEaidni",
    "compare-vaccinated": "/compare?countries=kr,jp,pt,us,de,in,br,gb&metric=vaccinated",
    "compare-doses-no-row": "/compare?countries=kr,jp,re&metric=doses&interval=cumulative&per=total",
    "compare-vaccination-bad-request": "/compare?countries=kr,jp&metric=vaccinatd",
    "vaccination-boosters": "/countries/il?metric=boosters",
    "vaccination-no-row": "/countries/re",
    "ko-world": "/ko/",
    "ko-detail-country": "/ko/countries/kr",
    "ko-detail-doses": "/ko/countries/kr?metric=doses&per=million",
    "ko-compare": "/ko/compare?countries=kr,jp,us",
    "ko-compare-empty": "/ko/compare",
    "ko-profile": "/ko/profile",
    "ko-profile-edit": "/ko/profile/edit",
    "ko-list": "/ko/countries",
    "ko-list-filtered": "/ko/countries?q=%EA%B3%B5%ED%99%94%EA%B5%AD&continent=africa&sort=fully-vaccinated",
    "ko-list-empty": "/ko/countries?q=zzzz&continent=europe",
    "ko-bad-request": "/ko/countries?sort=colour",
    "ko-not-found": "/ko/nowhere",
}
DESKTOP = (1280, 900)
PHONE = (390, 844)


class Server:
    """A running `covid-atlas serve` on a temporary database, stopped by `stop()`."""

    def __init__(self, *flags):
        if not BINARY.exists():
            raise RuntimeError(f"{BINARY} is missing: run `swift build` first")
        self.directory = tempfile.mkdtemp(prefix="atlas-browser-")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--port", "0", "--database", os.path.join(self.directory, "atlas.sqlite"), *flags],
            cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = self.process.stdout.readline().strip()
        prefix = "listening on "
        if not first.startswith(prefix):
            self.process.kill()
            raise RuntimeError(f"server did not start: {first!r} {self.process.stderr.read()!r}")
        self.url = first[len(prefix):]
        # Keep reading the access and error logs; error lines (one per 500) fail the session. The
        # last access lines are kept for the report of a failed test (see pytest_runtest_makereport).
        self.errors = []
        self.recent_access = collections.deque(maxlen=40)
        self._readers = [threading.Thread(target=self._read, args=(stream, sink), daemon=True)
                         for stream, sink in ((self.process.stdout, self.recent_access),
                                              (self.process.stderr, self.errors))]
        for reader in self._readers:
            reader.start()
        _RUNNING_SERVERS.append(self)

    @staticmethod
    def _read(stream, sink):
        for line in stream:
            sink.append(line.rstrip("\n"))

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for reader in self._readers:
            reader.join(timeout=5)
        shutil.rmtree(self.directory, ignore_errors=True)
        _RUNNING_SERVERS.remove(self)


_RUNNING_SERVERS = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's report ends with what each running server logged last (its access log:
    method, target, status, time), so a timeout in CI says whether the request reached the app."""
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for index, server in enumerate(_RUNNING_SERVERS):
            report.sections.append((f"server {index} ({server.url}): last access-log lines",
                                    "\n".join(server.recent_access) + "\n" + "\n".join(server.errors)))


@pytest.fixture(scope="session")
def start_server():
    """Starts extra servers with the given `serve` flags; all stop at the end of the session."""
    servers = []

    def start(*flags):
        server = Server(*flags)
        servers.append(server)
        return server.url

    yield start
    for server in servers:
        server.stop()
    assert [line for server in servers for line in server.errors] == [], "a server logged errors"


@pytest.fixture(scope="session")
def server_url():
    """Base URL (`http://127.0.0.1:PORT`) of the real binary serving the shipped snapshot."""
    server = Server()
    yield server.url
    server.stop()
    assert server.errors == [], "the server logged errors (a 500 is one line on standard error)"


def _png(width, height, rgb):
    """A solid-colour PNG (PNG spec: IHDR, one IDAT, IEND)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


class TileServer:
    """Answers every GET with a 256x256 PNG tile; `requests` lists (path, Referer) pairs."""

    def __init__(self):
        tile = _png(256, 256, (170, 211, 223))
        requests = self.requests = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                requests.append((self.path, self.headers.get("Referer")))
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(tile)))
                self.end_headers()
                self.wfile.write(tile)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.template = f"http://127.0.0.1:{self.httpd.server_port}/tiles/{{z}}/{{x}}/{{y}}.png"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def tile_server():
    """A local tile server (the machine may have no internet): `.template` for `--tile-url`."""
    server = TileServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def axe_script():
    """axe-core 4.x from PyPI's axe-playwright-python wheel, unpacked by script/bootstrap."""
    if not AXE_SCRIPT.exists():
        pytest.fail(f"{AXE_SCRIPT} is missing: run script/bootstrap")
    return AXE_SCRIPT.read_text(encoding="utf-8")


def _chrome(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={DESKTOP[0]},{DESKTOP[1]}", "--hide-scrollbars", "--lang=en-US",
                     "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_window_size(*DESKTOP)
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture(scope="session")
def _chrome_session():
    driver = _chrome()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def _chrome_no_js_session():
    driver = _chrome(javascript=False)
    yield driver
    driver.quit()


def _fresh(driver):
    """One Chromium serves the whole session (starting one costs over a second); each test gets
    it blank, without cookies, at 1280x900, with an empty console log."""
    driver.get("about:blank")
    # Every site's cookies (a sign-in from an earlier test must not leak into the next one).
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    set_width(driver, *DESKTOP)
    set_dark_mode(driver, False)
    driver.get_log("browser")
    return driver


@pytest.fixture
def browser(_chrome_session):
    """Headless Chromium at 1280x900 with JavaScript; `console_errors(browser)` reads its console."""
    yield _fresh(_chrome_session)


@pytest.fixture
def browser_no_js(_chrome_no_js_session):
    """Headless Chromium at 1280x900 with JavaScript disabled (Chrome content setting)."""
    yield _fresh(_chrome_no_js_session)


def console_entries(driver):
    """Console entries since the last call (Chrome hands each entry out once)."""
    return driver.get_log("browser")


def console_errors(driver, allow_hosts=()):
    """SEVERE console entries since the last call: script errors, CSP violations, failed loads.
    Failed loads from `allow_hosts` (e.g. the tile server on a machine without internet) pass, and
    so does the 4xx status of the page itself (a 404 page answers 404)."""
    errors = []
    # An error page's own 4xx status is what the test asked for, not a failed load.
    own_status = driver.current_url + " - Failed to load resource: the server responded with a status of 4"
    for entry in console_entries(driver):
        if entry["level"] != "SEVERE" or entry["message"].startswith(own_status):
            continue
        if any(host in entry["message"] for host in allow_hosts) and entry.get("source") == "network":
            continue
        errors.append(entry["message"])
    return errors


def _replaced(element):
    """True once `element`'s document has been replaced. While Chrome tears the old document down,
    asking about its node can fail with "Node with given id does not belong to the document"
    instead of the stale-element error selenium's `staleness_of` expects; that is "not yet", so ask again."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return False
        raise


def navigate(driver, action):
    """Runs `action` (a click on a link or button, Enter in a field, history back) and waits until
    the next page has replaced this one and finished loading: a click does not wait for that."""
    old = driver.find_element(By.TAG_NAME, "html")
    action()
    WebDriverWait(driver, 10).until(lambda d: _replaced(old))
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState;") == "complete")


def set_width(driver, width, height=None):
    """Resizes the viewport to a CSS width (390 for a phone, 1280 for a desktop) and height
    (844 on a phone, 900 on a desktop unless given); the window's own bars are added on top."""
    height = height or (PHONE[1] if width < 600 else DESKTOP[1])
    driver.set_window_size(width, height)
    bars = height - driver.execute_script("return window.innerHeight;")
    if bars > 0:
        driver.set_window_size(width, height + bars)


def set_dark_mode(driver, on=True):
    """Makes the page see `prefers-color-scheme: dark` (or light again), as a browser set to a dark
    theme does (DevTools `Emulation.setEmulatedMedia`)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


def page_overflow(driver):
    """How many CSS pixels the page scrolls sideways (0 when it fits)."""
    return driver.execute_script(
        "return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - document.documentElement.clientWidth;")


def save_screenshot(driver, name, full_page=True):
    """Saves a PNG of the whole page (or only the window) into `screenshots/` (gitignored) as
    NAME-WIDTH.png and returns its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    width = driver.execute_script("return window.innerWidth;")
    if not full_page:
        path = SCREENSHOTS / f"{name}-{width}.png"
        driver.save_screenshot(str(path))
        return path
    height = driver.execute_script("return document.documentElement.scrollHeight;")
    original = driver.get_window_size()
    chrome = original["height"] - driver.execute_script("return window.innerHeight;")
    # A window as tall as the page shows all of it; only the height changes, so the layout stays.
    driver.set_window_size(original["width"], min(height, 6000) + chrome)
    time.sleep(0.3)
    path = SCREENSHOTS / f"{name}-{width}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(original["width"], original["height"])
    return path


def fetch(url):
    """GET without a browser: (status, headers, body bytes), 4xx/5xx included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
