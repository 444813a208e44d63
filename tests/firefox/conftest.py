"""Firefox fixtures (Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi).

- ``firefox``: one Firefox per test process (scripts/firefox.py finds it; `make test`
  installs one), driven through tests/firefox/bridge.mjs.
- ``server``: the repository root served on a free localhost port for this test alone, so
  that the test can cut the network for real (``server.stop()``: nothing answers any more).
- ``ff_page``: a page in a fresh browser context (its own storage, service worker and
  cache) with the same Playwright-like calls as the Chromium tests' ``page``, so the DOM
  drivers of tests/e2e/ play the games. Any console error, page error, failed request or
  request to another origin fails the test at teardown; nothing is allow-listed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
for extra in (ROOT / "scripts", ROOT / "tests" / "e2e", HERE):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import firefox  # noqa: E402  (scripts/firefox.py)
import serve  # noqa: E402  (scripts/serve.py)
from browser_harness import ALL_DONE_INIT_SCRIPT, Site  # noqa: E402
from firefox_page import Firefox  # noqa: E402


class Server(Site):
    """A Site with its own HTTP server thread; ``stop()`` closes the listening socket."""

    def __init__(self, prefix: str = "/"):
        self._server, url = serve.serve_in_thread(prefix)
        super().__init__(url)
        self.running = True

    def stop(self) -> None:
        if self.running:
            self._server.shutdown()
            self._server.server_close()
            self.running = False


@pytest.fixture(scope="session")
def firefox_browser(tmp_path_factory):
    if not (ROOT / "sw.js").is_file() or not (ROOT / "static/vendor/pyodide").is_dir():
        pytest.fail("static/vendor/ or sw.js missing: run scripts/setup.sh (make test does)")
    if not (ROOT / "node_modules/puppeteer-core").is_dir():
        pytest.fail("node_modules/puppeteer-core missing: run scripts/setup.sh (make test does)")
    try:
        path, _ = firefox.find_firefox()
    except FileNotFoundError as exc:
        pytest.fail(str(exc))
    log = tmp_path_factory.mktemp("firefox") / "bridge.log"
    browser = Firefox(ROOT, path, log)
    yield browser
    browser.close()


@pytest.fixture
def server():
    s = Server()
    yield s
    s.stop()


def problems_of(page) -> list[str]:
    """The recorded problems of a page as lines (empty when there were none)."""
    found = page.problems()
    return [f"{kind}: {item}" for kind in ("console_errors", "page_errors", "foreign_requests",
                                            "failed_requests") for item in found[kind]]


@pytest.fixture
def ff_page(firefox_browser, server):
    page = firefox_browser.new_page(server.origin, ALL_DONE_INIT_SCRIPT)
    yield page
    page.wait_for_timeout(200)  # let pending console messages and requests arrive
    problems = problems_of(page)
    page.close()
    assert not problems, "the page had problems in Firefox:\n  " + "\n  ".join(problems)
