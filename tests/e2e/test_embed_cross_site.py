"""An embedded table inside a page of ANOTHER site (Playwright, Chromium): the teacher's case.

Chromium denies a cross-site frame its storage (third-party storage blocking; Safari,
Brave and Firefox strict do too). PyScript hangs at boot without IndexedDB and reading
``localStorage`` raises there, so static/js/start.mjs installs an in-memory IndexedDB
(fake-indexeddb) and the page keeps its storage in memory. The table must boot, send
``ready`` to the parent, and play, with no page error.

The parent page is served by a second small server and opened as ``http://localhost:<port>/``
while the game is the test server at ``http://127.0.0.1:<port>/``: two different sites.
(A made-up public hostname would meet Chromium's local-network checks, which block a
public page from framing a server on the loopback address.)
"""

from __future__ import annotations

import functools
import json
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import TimeoutError as PlaywrightTimeout

BOOT_MS = 180_000


def parent_html(frame_src: str) -> str:
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title><link rel="icon" href="data:,">
</head><body><h1>A lesson</h1>
<iframe id="game" title="Durak" width="420" height="720" src="{frame_src}"></iframe>
<script>
window.events = [];
addEventListener("message", (e) => {{
  if (e.data && e.data.source === "kortbordet") window.events.push(e.data);
}});
</script></body></html>"""


def test_a_table_embedded_in_another_site_boots_and_plays(browser, site, tmp_path):
    src = site.url + "?embed=1&lang=en&game=durak&players=2&seed=3&speed=instant"
    (tmp_path / "lesson.html").write_text(parent_html(src), encoding="utf-8")
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    parent = f"http://localhost:{server.server_address[1]}/lesson.html"
    context = browser.new_context()
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(f"page: {e}"))
        page.on("console", lambda m: errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.goto(parent)
        page.wait_for_function(
            "() => window.events.some(e => e.type === 'ready')", timeout=BOOT_MS, polling=200)
        frame = page.frame_locator("#game")
        assert frame.locator("#table[data-game=durak]").count() == 1
        assert frame.locator("#boot-error:not([hidden])").count() == 0
        fr = page.locator("#game").element_handle().content_frame()
        denied = fr.evaluate("() => { try { localStorage.getItem('x'); return false; }"
                             " catch (e) { return true; } }")
        if denied:   # the case this test is for: the in-memory stand-ins were used
            assert fr.evaluate("() => window.kortbordetMemoryStorage === true")
        # the learner plays: the first legal move of the table, and the parent hears of it;
        # once the table waits for the person (on a loaded machine a tap on a table the
        # computer's move was about to redraw was lost once: no action in 60 s)
        fr.wait_for_function(
            "() => !!document.querySelector('#table[data-waiting=human] [data-action]')",
            timeout=60_000)
        # the deal's cards may still fly: a tap then acts on what lies at its point once
        # they stop (static/js/motion.js), so the card is tapped where it comes to rest
        fr.wait_for_function("() => !document.getAnimations().some("
                             "a => a.playState === 'running')", timeout=60_000)
        move = fr.locator("#table [data-action]").first
        action = move.get_attribute("data-action")
        move.click(force=True)
        heard = "() => window.events.some(e => e.type === 'action')"
        try:
            page.wait_for_function(heard, timeout=15_000, polling=200)
        except PlaywrightTimeout:
            # in two loaded full runs (not alone, not under a CPU hog) the tap was not
            # heard: tap the table's first move again, as a person would (the point here
            # is that a cross-site frame plays and tells its parent)
            move = fr.locator("#table[data-waiting=human] [data-action]").first
            action = move.get_attribute("data-action")
            move.click(force=True)
            try:
                page.wait_for_function(heard, timeout=60_000, polling=200)
            except PlaywrightTimeout:
                state = fr.evaluate("() => [document.querySelector('#table')?.dataset.waiting,"
                                    " document.querySelector('#status-line')?.textContent,"
                                    " document.querySelector('#reason')?.textContent]")
                raise AssertionError(f"no action heard after two taps on {action}: "
                                     f"{state}, events {page.evaluate('() => window.events')},"
                                     f" errors {errors}") from None
        played = [e for e in page.evaluate("() => window.events") if e["type"] == "action"]
        assert played and played[0]["action"].split()[0] == action.split()[0], json.dumps(played)
        assert not errors, errors
    finally:
        context.close()
        server.shutdown()
        server.server_close()
