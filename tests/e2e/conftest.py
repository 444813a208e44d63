"""Browser end-to-end fixtures (sync Playwright, Chromium).

- ``site`` / ``site_subpath``: the repository root served on a free localhost port,
  at ``/`` and under ``/kortbordet/`` (like a GitHub Pages project site).
- ``browser``: Chromium chosen by scripts/chromium.py (Playwright's own if installed,
  else a system Chromium). Session-scoped, so under pytest-xdist (`make test`) each worker
  launches one Chromium and serves the site on its own port.
- ``page``: a new page in the worker's one shared context (``shared_context``), the site's
  localStorage emptied before the test; its HTTP cache, compiled WebAssembly and service
  worker stay warm from test to test (a returning visitor). ``tab`` / ``tab_subpath``: a
  fresh context and page (a first visit), for the tests of the boot, the service worker
  and the network. Both record console errors, page errors, failed requests, every
  request to another origin than the server's and every standard library module the
  page had to fetch the full standard library for (browser_harness.STDLIB_FALLBACK);
  any of them fails the test at teardown. Nothing is allow-listed.
- ``open_game(page, url)`` (in browser_harness.py): navigate and wait for PyScript's ``py:all-done``; assert no
  ``.py-error`` is shown.
- Each test's page loads (boots of the game page, iframes included) are counted and kept in
  its report (junit property ``page_loads``); a summary lists them per test at the end.

Why a boot in the shared context is cheap (profiled 2026-12-02 with Chrome tracing and
per-process CPU from /proc: bench/boot_cpu.py): most of a warm boot's CPU was not Python but
the browser compiling the runtime's WebAssembly again in each new page's process (the code
cache holds only part of it: the rest was compiled lazily on the main thread, and V8
optimized the hot functions again on background threads, about 1.5-2 s of CPU per boot),
and the loading screen's endless animation (composited frames for the whole boot). So
Chromium runs with ``--process-per-site`` (browser_harness.PROCESS_ARGS) and the janitor
page keeps the runtime's module compiled (KEEPER_SCRIPT): every test page of the shared
context runs in that process and gets the module, optimized code included, from V8's
module cache; the init script stills the loading screen's suits. A boot as a new page
went from about 5 s to 2.7 s of browser CPU (bench/boot_cpu.py, loaded two-core machine).

Writing fast browser tests (each boot of the page as a new page of the shared context
costs about 2-3 s of browser CPU, a first visit in a fresh context several times that;
on a loaded machine, 2026-12-02, eight boots cost 12 s of browser CPU each in fresh
contexts and 8.6 s each as new pages of one warm context before the keeper below: hence
the shared context of ``page``):
- Boot once per test and do several checks on that page (``check_*`` functions called
  from one test, as test_tonk_ui.py and test_sheets_ui.py do). A viewport change needs no boot:
  ``page.set_viewport_size({"width": w, "height": h})`` re-lays out the booted page (the
  app listens to ``resize``), so a layout check at seven sizes is one test with a loop over
  the sizes, not seven parametrized tests (name the size in each assert message).
- Look at the table once per tap: ``table_driver.look`` waits until the page waits for the
  person and reads its state, the test's condition and every control in one round trip;
  ``table_driver.tap_at`` presses where the tap lands (the game drivers use both). Where
  the page may get a tap late and the screen before it would also satisfy the look (a
  "Pass to" screen and the table after "show my cards"), ``look(after=tapped_draw(page))``
  reads only a screen drawn after the tapped one (each drawing is numbered: ``data-draw``).
- Move between games in-app where the test is not about the URL or the deal:
  ``browser_harness.start_from_lobby(page, game, players)`` starts another game from the
  lobby without a boot (its seed is the lobby's own). A test that plays a lobby game on
  to a state calls ``browser_harness.fixed_random(page, n)`` before the boot: the lobby
  then deals the same game in every run, so the test's length does not vary with the
  deal (the three-person Dunka test took 71 to 389 looks at the table, run to run).
- After ``page.set_viewport_size`` use ``browser_harness.resize`` (two frames: the
  page's resize listener has run), not a fixed wait.
- Reload (``open_game(page, url, reload=True)``) only where the test is about what survives
  a reload; ``speed=instant`` in the URL keeps the computer players from waiting.
- A parametrized test pays one boot per case: parametrize over what needs a new page
  (a URL parameter read at boot, a fresh storage), loop over the rest.
- A test about a late state (a round summary, a hand where a spread is possible) starts
  there: ``saved_game.play_until`` plays to it in CPython and ``saved_game.open_saved``
  stores the save before the page boots (one boot, no taps). Each game is played whole
  through the DOM once per browser, by its own test; fold further checks into that game
  (test_dunka_ui.py's game checks the phone layout and a reload on the way).
- Preferences or storage a test needs before the boot: ``saved_game.store`` /
  ``store_prefs`` (written as the page navigates), not a boot to write them and a second.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import chromium  # noqa: E402  (scripts/chromium.py)
import serve  # noqa: E402  (scripts/serve.py)
from browser_harness import (  # noqa: E402
    ALL_DONE_INIT_SCRIPT,
    KEEPER_MODULE,
    KEEPER_SCRIPT,
    PROCESS_ARGS,
    SUBPATH,
    BootCounter,
    PageProblems,
    Site,
    Tab,
    open_game,
    watch,
)

__all__ = ["open_game"]

def _serve(prefix: str):
    server, url = serve.serve_in_thread(prefix)
    try:
        yield Site(url)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site():
    if not (ROOT / "sw.js").is_file() or not (ROOT / "static/vendor/pyodide").is_dir():
        pytest.fail("static/vendor/ or sw.js missing: run scripts/setup.sh (make test does)")
    yield from _serve("/")


@pytest.fixture(scope="session")
def site_subpath():
    yield from _serve(SUBPATH)


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    kwargs = chromium.launch_kwargs()
    kwargs["args"] = kwargs.get("args", []) + PROCESS_ARGS
    browser = playwright_instance.chromium.launch(**kwargs)
    yield browser
    browser.close()


def _new_tab(browser, site: Site) -> Tab:
    context = browser.new_context(service_workers="allow")
    context.add_init_script(ALL_DONE_INIT_SCRIPT)
    page = context.new_page()
    boots = BootCounter(urlsplit(site.url).path).count(page)
    return Tab(context, page, watch(context, page, site.origin), boots)


def _record_loads(request, boots: BootCounter) -> None:
    """Keep the test's page loads in its report (junit property ``page_loads``; summed up
    by pytest_terminal_summary below, also under pytest-xdist)."""
    request.node.user_properties.append(("page_loads", boots.boots))
    request.node.user_properties.append(("documents", boots.documents))


def _close_and_check(tab: Tab) -> None:
    # Let pending console messages and requests arrive before judging.
    try:
        tab.page.wait_for_timeout(200)
    finally:
        tab.context.close()
    problems = tab.problems.report()
    assert not problems, "the page had problems:\n  " + "\n  ".join(problems)


@pytest.fixture
def tab(browser, site, request):
    t = _new_tab(browser, site)
    yield t
    _record_loads(request, t.boots)
    _close_and_check(t)


@pytest.fixture
def tab_subpath(browser, site_subpath, request):
    t = _new_tab(browser, site_subpath)
    yield t
    _record_loads(request, t.boots)
    _close_and_check(t)


# The shared context's storage is emptied before each test from a page of its own that
# never boots the game (a JSON file of the site), so the test's page starts with no history
# entry of the site and no init script of a test before it.
_JANITOR_FILE = "manifest.webmanifest"

@pytest.fixture(scope="session")
def shared_context(browser, site):
    """One context per worker for the ``page`` fixture: its HTTP cache, compiled
    WebAssembly and installed service worker are kept from test to test (a boot in it
    costs about half the CPU of a first visit in a fresh context); its localStorage is
    emptied before each test."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(ALL_DONE_INIT_SCRIPT)
    janitor = context.new_page()
    janitor.goto(site.url + _JANITOR_FILE)
    # The keeper: the janitor holds the runtime's WebAssembly module compiled, so that
    # every test's page (same process, PROCESS_ARGS) is handed it by V8's module cache;
    # the code V8 optimizes in one test's page stays for the next. Only an optimization:
    # a page boots the same without it.
    janitor.evaluate(KEEPER_SCRIPT, site.url + KEEPER_MODULE)
    yield context, janitor
    context.close()


@pytest.fixture
def page(shared_context, site, request):
    """A new page in the worker's shared context, its origin's localStorage empty (a
    returning visitor who cleared the site's data: the runtime comes from the cache);
    any console error, page error, failed request or request to another origin fails the
    test. Tests about a first visit, the service worker or the network use ``tab``."""
    context, janitor = shared_context
    janitor.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page = context.new_page()
    problems = watch(context, page, site.origin)
    boots = BootCounter(urlsplit(site.url).path).count(page)
    yield page
    _record_loads(request, boots)
    try:
        page.wait_for_timeout(200)  # let pending console messages and requests arrive
    finally:
        page.close()
        problems.detach()
    found = problems.report()
    assert not found, "the page had problems:\n  " + "\n  ".join(found)


def pytest_terminal_summary(terminalreporter):
    """The page loads (boots of the game page, iframes included) of each browser test that
    used ``page`` or ``tab``, most first, and their sum: what the tests spend on boots."""
    rows = []
    for reports in terminalreporter.stats.values():
        for report in reports:
            props = dict(getattr(report, "user_properties", ()) or ())
            if getattr(report, "when", None) == "teardown" and "page_loads" in props:
                rows.append((props["page_loads"], props.get("documents", 0), report.nodeid))
    if not rows:
        return
    rows.sort(key=lambda r: (-r[0], r[2]))
    terminalreporter.section("page loads per browser test")
    for boots, documents, nodeid in rows:
        terminalreporter.write_line(f"{boots:3d} boots {documents:3d} documents  {nodeid}")
    terminalreporter.write_line(f"{sum(r[0] for r in rows):3d} boots in {len(rows)} tests")
