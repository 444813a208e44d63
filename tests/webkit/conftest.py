"""WebKit fixtures: Debian's WebKitGTK (MiniBrowser) through WebKitWebDriver and Selenium,
on a virtual X display.

- ``xvfb_display``: an ``Xvfb`` server on a free display number (``-displayfd``), one per
  test process, stopped at the end.
- ``server``: the repository root served on a free localhost port.
- ``wk_page``: a new WebDriver session (a fresh, ephemeral MiniBrowser: empty storage and
  cache) wrapped in tests/webkit/webkit_page.py's Playwright-like page, so the DOM drivers
  of tests/e2e/ play the games. scripts/webkit.py finds the driver (``make test-webkit``
  installs it with Xvfb when missing).
"""

from __future__ import annotations

import glob
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
for extra in (ROOT / "scripts", ROOT / "tests" / "e2e", HERE):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import serve  # noqa: E402  (scripts/serve.py)
import webkit  # noqa: E402  (scripts/webkit.py)
from browser_harness import Site  # noqa: E402
from webkit_page import WebKitPage  # noqa: E402

MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"


@pytest.fixture(scope="session")
def webkit_paths():
    if not (ROOT / "sw.js").is_file() or not (ROOT / "static/vendor/pyodide").is_dir():
        pytest.fail("static/vendor/ or sw.js missing: run scripts/setup.sh (make test-webkit does)")
    try:
        return webkit.find_webkit()
    except FileNotFoundError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def xvfb_display(webkit_paths):
    read, write = os.pipe()
    proc = subprocess.Popen([webkit_paths[1], "-displayfd", str(write), "-screen", "0",
                             "1280x1024x24", "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        proc.kill()
        pytest.fail("Xvfb did not start")
    yield f":{number}"
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture
def server():
    server, url = serve.serve_in_thread("/")
    yield Site(url)
    server.shutdown()
    server.server_close()


@pytest.fixture
def wk_page(webkit_paths, xvfb_display, server, tmp_path):
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    browsers = sorted(glob.glob(MINIBROWSER_GLOB))
    if browsers:
        options.binary_location = browsers[-1]
    options.add_argument("--automation")
    service = Service(executable_path=webkit_paths[0], log_output=str(tmp_path / "driver.log"),
                      env={**os.environ, "DISPLAY": xvfb_display})
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_window_size(1280, 900)
    driver.set_script_timeout(120)
    try:
        yield WebKitPage(driver, server.origin)
    finally:
        driver.quit()
