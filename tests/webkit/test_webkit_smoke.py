"""WebKit smoke test (Debian's WebKitGTK through WebKitWebDriver and Selenium, under Xvfb).

Not part of `make test` (a first visit boots the WebAssembly runtime in 47-137 s on a busy
two-core machine, 254 s and a reload 163 s at a load average of 18 on 2026-12-01: the
test took 8.6 min, more than the whole suite's budget can spare); run by `make test-webkit`.
One WebKit window, two boots: the first visit (a Durak link) and a reload.

1. The page boots from a link with no ``.py-error`` and no boot-error screen;
2. a few moves of each game through the DOM drivers of tests/e2e/: Durak from the link,
   then Dunka, Elvakorts-Rummy and Tonk started from the lobby (no new boot);
3. a reload mid-game (Tonk) boots again and brings back the same hand, table and status;
4. no console error, page error or unhandled rejection after each boot (recorded in the
   page from then on: WebDriver classic has no console log), and every resource the page
   loaded came from the test's server.
The boot times are printed (``-s`` shows them), never asserted. The last test checks the
problem recorder itself (no boot).
"""

from __future__ import annotations

import random
import time

import dunka_driver
import durak_driver
import tonk_driver
from durak_driver import table_cards, tap, wait_settled

BOOT_TIMEOUT_MS = 300_000
READY = """() => document.documentElement.dataset.boot === 'ready'
    || !!document.querySelector('.py-error')
    || (document.getElementById('boot-error') && !document.getElementById('boot-error').hidden)"""
HAND = "els => els.map(e => e.dataset.card)"
MOVES = 4


def boot(page, url: str | None) -> float:
    """Open url (None: reload) and wait until the app is ready; return the seconds taken."""
    start = time.monotonic()
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS, polling=250)
    seconds = time.monotonic() - start
    assert page.locator(".py-error").count() == 0, page.locator(".py-error").all_inner_texts()
    assert page.evaluate("document.getElementById('boot-error').hidden"), "boot-error screen"
    assert page.evaluate("document.documentElement.dataset.boot") == "ready"
    page.record_problems()
    return seconds


def snapshot(page) -> dict:
    return {"cards": table_cards(page),
            "hand": page.eval_on_selector_all(".hand [data-card]", HAND),
            "status": page.locator("#status-line").inner_text()}


def a_few_moves(page, game: str, rng: random.Random, moves: int = MOVES) -> None:
    """Make ``moves`` legal human moves (fewer if the game ends first)."""
    move = {"durak": durak_driver.human_move, "dunka": dunka_driver.human_move,
            "elvakort": dunka_driver.human_move, "tonk": tonk_driver.human_move}[game]
    before = snapshot(page)
    for _ in range(moves):
        if wait_settled(page, timeout_ms=120_000) != "human":
            break
        assert move(page, rng), f"{game}: the human is to act but nothing is clickable"
    wait_settled(page, timeout_ms=120_000)
    assert snapshot(page) != before, f"{game}: the moves changed nothing"


def start_from_lobby(page, game: str) -> None:
    tap(page.locator("[data-ui=lobby]").first)
    page.locator(f"input[name=game][value={game}]").click()
    tap(page.locator("[data-ui=start]"))
    if page.locator("[data-ui=start-confirmed]").count():
        tap(page.locator("[data-ui=start-confirmed]"))
    page.wait_for_selector(f"#table[data-game={game}]")


def test_every_game_boots_plays_and_resumes_in_webkit(wk_page, server):
    page, rng = wk_page, random.Random(16)
    first = boot(page, server.url + "?game=durak&players=2&seed=3&speed=instant&lang=en")
    page.wait_for_selector("#table[data-game=durak]")
    a_few_moves(page, "durak", rng)
    for game in ("dunka", "elvakort", "tonk"):
        start_from_lobby(page, game)
        a_few_moves(page, game, rng)
    assert wait_settled(page) == "human"
    before = snapshot(page)
    assert not page.problems(), page.problems()
    again = boot(page, None)
    assert page.locator("#table[data-game=tonk]").count() == 1
    assert wait_settled(page) == "human"
    assert snapshot(page) == before
    a_few_moves(page, "tonk", rng, moves=2)
    assert not page.problems(), page.problems()
    print(f"\nWebKit boot: first visit {first:.1f} s, reload {again:.1f} s")


def test_the_problem_recorder_works_in_webkit(wk_page, server):
    """A console error, an uncaught error and a resource from another origin (a second
    server on another port) are all reported by ``problems()``, so the smoke test's checks
    are not vacuous. No boot: a plain file of the site is enough. (WebKit lists no
    Resource Timing entry for a request that fails to connect, so only requests that are
    answered are seen.)"""
    import serve

    other, other_url = serve.serve_in_thread("/")
    try:
        page = wk_page
        page.goto(server.url + "manifest.webmanifest")
        assert page.problems() == []
        page.record_problems()
        page.evaluate("""(src) => {
            console.error("recorded console error");
            setTimeout(() => { throw new Error("recorded page error"); }, 0);
            const img = document.createElement("img");
            img.src = src;
            document.documentElement.appendChild(img);
            return true; }""", other_url + "static/icons/icon-192.png")
        page.wait_for_function("() => performance.getEntriesByType('resource').length > 0",
                               timeout=10_000)
        page.wait_for_timeout(300)
        found = "\n".join(page.problems())
    finally:
        other.shutdown()
        other.server_close()
    assert "console_errors: recorded console error" in found, found
    assert "page_errors: " in found and "recorded page error" in found, found
    assert f"foreign_requests: {other_url}static/icons/icon-192.png" in found, found
