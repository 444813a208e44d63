"""The page boots with the vendored runtime: at /, under a sub-path, and offline.

Deliberately generic (no UI details): PyScript finishes (py:all-done), shows no
.py-error, logs no console error and requests nothing from another origin (checked by
the fixtures in conftest.py at teardown).
"""

from __future__ import annotations

from browser_harness import open_game
from durak_driver import play_to_end


def test_boots_at_root(tab, site):
    open_game(tab.page, site.url)
    assert tab.page.title()


def test_boots_under_a_subpath(tab_subpath, site_subpath):
    assert site_subpath.url.endswith("/kortbordet/")
    open_game(tab_subpath.page, site_subpath.url)
    # Every request stayed under the sub-path (all URLs relative).
    assert tab_subpath.page.evaluate("location.pathname").startswith("/kortbordet/")


def test_index_html_url_boots_too(tab, site):
    open_game(tab.page, site.url + "index.html")


def _install_service_worker(page) -> str:
    """Wait until the service worker is active, reload so it controls; return its scope."""
    return page.evaluate("async () => (await navigator.serviceWorker.ready).scope")


def test_offline_reload_boots_from_the_service_worker(tab, site):
    page, context = tab.page, tab.context
    open_game(page, site.url)
    scope = _install_service_worker(page)
    assert scope == site.url
    open_game(page, site.url, reload=True)
    assert page.evaluate("!!navigator.serviceWorker.controller"), "worker does not control"
    context.set_offline(True)
    try:
        open_game(page, site.url, reload=True)
        assert page.evaluate("navigator.onLine") is False
    finally:
        context.set_offline(False)


def test_offline_under_a_subpath(tab_subpath, site_subpath):
    page, context = tab_subpath.page, tab_subpath.context
    open_game(page, site_subpath.url)
    assert _install_service_worker(page) == site_subpath.url
    open_game(page, site_subpath.url, reload=True)
    context.set_offline(True)
    try:
        open_game(page, site_subpath.url, reload=True)
        # a whole game, offline, under the sub-path
        open_game(page, site_subpath.url + "?game=durak&players=3&seed=5&speed=instant")
        assert page.evaluate("location.pathname").startswith("/kortbordet/")
        play_to_end(page, seed=5)
        assert page.locator("#result").is_visible()
    finally:
        context.set_offline(False)


def test_harness_records_foreign_requests_and_errors(browser, site):
    """The recorder itself works (so the teardown checks above are not vacuous)."""
    from browser_harness import watch

    context = browser.new_context()
    try:
        page = context.new_page()
        problems = watch(context, page, site.origin)
        page.goto(site.url + "manifest.webmanifest")
        page.evaluate("""() => {
            console.error("deliberate");
            setTimeout(() => { throw new Error("deliberate page error"); });
            return fetch("http://foreign.invalid/x").catch(() => null);
        }""")
        page.goto(site.url + "no-such-file.txt")
        page.wait_for_timeout(200)
    finally:
        context.close()
    assert any("deliberate" in e for e in problems.console_errors)
    assert any("deliberate page error" in e for e in problems.page_errors)
    assert problems.foreign_requests == ["GET http://foreign.invalid/x"]
    assert any("HTTP 404" in f for f in problems.failed_requests)
