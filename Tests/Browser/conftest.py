"""Shared pytest fixtures for the browser tests: the real server and headless Chromium.

server_url: session-scoped; starts `.build/debug/covid-atlas serve --port 0 --database <tmp>/atlas.sqlite`
from the repository root and yields `http://127.0.0.1:PORT` (the port it printed on its first line).
browser: function-scoped headless selenium Chrome on Debian's /usr/bin/chromium and /usr/bin/chromedriver,
window 1280x900.
"""

import pathlib
import re
import subprocess
import threading

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def server_url(tmp_path_factory):
    database = tmp_path_factory.mktemp("atlas") / "atlas.sqlite"
    process = subprocess.Popen(
        [str(REPO_ROOT / ".build/debug/covid-atlas"), "serve", "--port", "0", "--database", str(database)],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    first_line = process.stdout.readline().strip()
    match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)", first_line)
    if not match:
        process.kill()
        raise RuntimeError(f"unexpected first line from the server: {first_line!r}")
    # Keep reading its output so a full pipe never blocks the server.
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    yield match.group(1)
    process.terminate()
    process.wait(timeout=15)


@pytest.fixture
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(1280, 900)
    yield driver
    driver.quit()
