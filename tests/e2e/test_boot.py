"""The page boots with the vendored runtime: at /, under a sub-path, and offline.

Deliberately generic (no UI details): PyScript finishes (py:all-done), shows no
.py-error, logs no console error and requests nothing from another origin (checked by
the fixtures in conftest.py at teardown).
"""

from __future__ import annotations

import re

import build_sw  # scripts/build_sw.py (on the path: tests/e2e/conftest.py)
from browser_harness import open_game
from durak_driver import play_to_end


# A first visit boots at the root and under a sub-path: the first boot of each offline
# test below (a fresh context each). ``index.html`` boots too: the damaged-storage test.


# Every URL in the worker's caches of this page.
CACHED_URLS = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    for (const r of await (await caches.open(name)).keys()) out.push(r.url);
  }
  return out;
}"""


def _install_service_worker(page) -> str:
    """Wait until the service worker is active, reload so it controls; return its scope."""
    return page.evaluate("async () => (await navigator.serviceWorker.ready).scope")


def test_boots_at_root_then_offline_reload_boots_from_the_service_worker(tab, site):
    page, context = tab.page, tab.context
    open_game(page, site.url)  # a first visit (a fresh context) boots at /
    assert page.title()
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    scope = _install_service_worker(page)
    assert scope == site.url
    # issue 33: the worker keeps every file the first visit fetched, for an offline
    # return, and nothing the page never loads (PyScript's editor, terminal, ...)
    cached = set(page.evaluate(CACHED_URLS))
    ours = [u.split("#")[0] for u in fetched if u.startswith(site.url)]
    missing = [u for u in ours if u not in cached]
    assert ours and not missing, f"fetched but not kept for an offline return: {missing}"
    unused = [u for u in cached if "/static/vendor/pyscript/" in u
              and u.rsplit("/", 1)[-1].startswith(build_sw.UNUSED_PYSCRIPT)]
    unused += [u for u in cached if u.removeprefix(site.url).startswith(build_sw.NOT_PRECACHED)]
    assert not unused, f"kept though no page loads them: {unused}"
    open_game(page, site.url, reload=True)
    assert page.evaluate("!!navigator.serviceWorker.controller"), "worker does not control"
    context.set_offline(True)
    try:
        open_game(page, site.url, reload=True)
        assert page.evaluate("navigator.onLine") is False
        # the page fetched our files by content hash (scripts/stamp.py), as precached...
        fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        assert any(re.search(r"/static/build/game\.zip\?v=[0-9a-f]{12}$", u) for u in fetched)
        # ...and a plain URL (another page, an older link) is still answered offline
        assert page.evaluate("fetch('static/build/game.zip').then(r => r.ok)") is True
    finally:
        context.set_offline(False)


def test_boots_under_a_subpath_and_offline(tab_subpath, site_subpath):
    page, context = tab_subpath.page, tab_subpath.context
    assert site_subpath.url.endswith("/kortbordet/")
    open_game(page, site_subpath.url)  # a first visit (a fresh context) under the sub-path
    # Every request stayed under the sub-path (all URLs relative).
    assert page.evaluate("location.pathname").startswith("/kortbordet/")
    assert _install_service_worker(page) == site_subpath.url
    # named by its scope: another copy of the site on the same origin keeps its own cache
    names = page.evaluate("caches.keys()")
    assert any(n.startswith("kortbordet-") and n.endswith("@/kortbordet/") for n in names), names
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


def test_damaged_and_deeply_nested_stored_items_are_kept_and_the_game_starts(page, site):
    """Issue 13: a saved game nested 100,000 deep (which used to kill the runtime on every
    later start), a history with a non-finite number and preferences that are not an object:
    the page starts, one notice names the backups, each raw text is kept under its backup
    key and offered for download, and a new game can be played."""
    import json
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from game import saves

    from saved_game import store

    damaged = {saves.SESSION_KEY: "[" * 100_000 + "]" * 100_000,
               saves.HISTORY_KEY: '{"format": "kortbordet", "version": 1, "games": [1e999]}',
               saves.PREFS_KEY: "[" * 50_000}
    store(page, damaged)  # in localStorage before the page's scripts run (one boot)
    open_game(page, site.url + "index.html")  # the page's own name boots too
    stored = page.evaluate("() => Object.fromEntries(Object.keys(localStorage)"
                           ".filter(k => k.startsWith('kortbordet.')).map(k => [k, localStorage.getItem(k)]))")
    backups = {k: v for k, v in stored.items() if k.startswith(saves.BACKUP_PREFIX)}
    assert sorted(backups.values()) == sorted(damaged.values())  # every text kept exactly
    assert not any(k in stored for k in damaged)  # moved out of the way
    notice = page.locator("#notice")
    assert notice.is_visible()
    for key in backups:
        assert key in notice.inner_text()
    with page.expect_download() as info:
        page.click("[data-ui=backup-download]")
    data = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert data["items"] == backups
    page.click("[data-ui=start]")
    page.wait_for_selector("#table[data-game]")
    assert page.evaluate("(k) => localStorage.getItem(k)", saves.SESSION_KEY)  # saved again


def test_the_boot_error_screen_offers_the_saved_data_before_clearing(browser, site):
    """When Python fails at boot, the error screen (JavaScript only) advises clearing the
    site's data only after downloading the saved data, and its button downloads every
    kortbordet localStorage item as one file, raw texts kept."""
    import json
    from pathlib import Path

    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.url + "manifest.webmanifest")
        page.evaluate("() => { localStorage.setItem('kortbordet.v1.session', '{kept'); "
                      "localStorage.setItem('kortbordet.prefs', '{\"lang\": \"en\"}'); "
                      "localStorage.setItem('other.site', 'x'); }")
        # the game's bundle (static/build/game.zip) is another one whose package fails on
        # import: Python's error reaches the error screen
        import io
        import zipfile
        broken = io.BytesIO()
        with zipfile.ZipFile(broken, "w") as zf:
            zf.writestr("game/__init__.py", "raise RuntimeError('deliberate boot failure')")
        page.route("**/static/build/game.zip*", lambda route: route.fulfill(
            body=broken.getvalue(), content_type="application/zip"))
        page.goto(site.url)
        page.wait_for_selector("#boot-error:not([hidden])", timeout=300_000)
        text = page.locator("#boot-error-text").inner_text().lower()
        assert "download" in text and text.index("download") < text.index("clear")
        button = page.locator("#boot-error-export")
        assert button.is_visible() and button.inner_text() == "Download my saved data"
        with page.expect_download() as info:
            button.click()
        data = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
        assert data["items"] == {"kortbordet.v1.session": "{kept",
                                 "kortbordet.prefs": '{"lang": "en"}'}
        assert page.locator("#boot-error-exported").is_visible()
    finally:
        context.close()


def test_boots_with_the_trimmed_stdlib_and_fetches_the_full_one_for_a_missing_module(browser, site):
    """Issue 33: the page starts Python with its trimmed standard library
    (static/build/python_stdlib.zip, under its stamped URL), never downloading the full
    one; a module the trimmed one lacks still imports: the full zip is fetched once, with a
    console warning naming the module (game/web/stdlib_fallback.py). A name the full one
    lacks too fetches nothing."""
    import zipfile

    import build_stdlib  # scripts/build_stdlib.py
    import stamp  # scripts/stamp.py
    from browser_harness import ALL_DONE_INIT_SCRIPT, expose_python, run_python, watch

    with zipfile.ZipFile(build_stdlib.OUTPUT) as zf:
        kept = build_stdlib.zip_modules(zf.namelist())
    absent = [name for name in ("colorsys", "graphlib", "tomllib", "encodings.cp1252")
              if name not in kept]
    assert len(absent) >= 2 and "encodings.cp1252" in absent, absent
    context = browser.new_context(service_workers="block")  # a worker's answers bypass routes
    context.add_init_script(ALL_DONE_INIT_SCRIPT)
    expose_python(context)
    try:
        page = context.new_page()
        problems = watch(context, page, site.origin)
        stdlib_requests = []
        context.on("request", lambda r: stdlib_requests.append(r.url) if "stdlib" in r.url else None)
        warnings = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        open_game(page, site.url + "?lang=en")
        trimmed = site.url + stamp.url("static/build/python_stdlib.zip").removeprefix("./")
        assert stdlib_requests == [trimmed], stdlib_requests
        # a name no standard library has (encodings.no_such_codec): nothing fetched
        assert run_python(page, "import codecs\ntry:\n    codecs.lookup('no-such-codec')\n"
                                "except LookupError:\n    ok = True\nok") is True
        assert stdlib_requests == [trimmed], stdlib_requests
        # a module of the full standard library only: fetched once, then found there
        first = absent[0]
        where = run_python(page, f"import {first}, sys; [{first}.__file__, sys.meta_path[-1].state]")
        assert where == [f"/lib/python_stdlib_full.zip/{first.replace('.', '/')}.py", "fetched"]
        full = site.url + "static/vendor/pyodide/python_stdlib.zip"
        assert stdlib_requests == [trimmed, full], stdlib_requests
        assert any(first in text and "python_stdlib.zip" in text for text in warnings), warnings
        assert len(problems.stdlib_fallbacks) == 1 and first in problems.stdlib_fallbacks[0]
        problems.stdlib_fallbacks.clear()  # a problem in every other test (browser_harness)
        # a codec the trimmed package encodings lacks (a spreadsheet's CSV file), from the
        # same full zip: no second fetch
        assert run_python(page, "b'\\x80'.decode('cp1252')") == "\u20ac"
        assert stdlib_requests == [trimmed, full], stdlib_requests
        assert not problems.report(), problems.report()
    finally:
        context.close()
