"""Every game in Firefox (Debian's firefox-esr, puppeteer-core over WebDriver BiDi).

One test per game, each on one page, with the DOM drivers of the Chromium tests
(tests/e2e/*_driver.py) through tests/firefox/firefox_page.py. The runtime boots twice
per game (the first visit and the reload), so every check rides on those two boots:

1. the game boots from a link and the service worker installs and takes control;
2. a few moves, then the network is cut for real (the test's HTTP server is stopped, so
   connecting is refused) and the page is reloaded mid-game: it boots from the service
   worker and the same hand, table and status come back;
3. the game is played through the DOM to its end, offline (Tonk: hands to their results,
   the ledger kept), with no card travelling across the table at ``speed=instant``.
   Dunka and Elvakorts-Rummy: the first round from the deal to its summary and the next
   deal, then (a third boot, offline) a save played in CPython to the start of the last
   round is resumed and that round is played to the game's end: rounds 2-5 are the same
   table again and took half of each test;
4. Dunka and Elvakorts-Rummy: the finished game's scoresheet, printed from the lobby's
   scoresheets screen, comes out of Firefox's own PDF of the print media as one A4 page.

The ``ff_page`` fixture fails a test on any console error, page error, failed request or
request to another origin. The last test checks that recorder in Firefox.
"""

from __future__ import annotations

import random
import re
import time
import urllib.error
import urllib.request
import zlib

import dunka_driver
import pytest
import saved_game
import tonk_driver
from browser_harness import open_game
from durak_driver import human_move, play_to_end, table_cards, tap, wait_settled
from game import movelog, saves

HAND = "els => els.map(e => e.dataset.card)"


# ------------------------------------------------------------------ shared steps

def install_service_worker(page, server) -> None:
    """Wait until the service worker is active and controls the page."""
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == server.url
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)


def assert_no_card_travels(page) -> None:
    """At ``speed=instant`` from the link the cards do not travel either (``--anim`` is
    0 ms): a card still flying across the table could take a tap meant for a button."""
    assert page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--anim').trim()") == "0ms"
    assert page.evaluate("window.kortbordetMotion.report.moved") == []


def snapshot(page) -> dict:
    """What a reload must bring back: every card on the table, the hand, the status line
    and the scoresheet (rummy) or the ledger (Tonk) as shown."""
    return {"cards": table_cards(page),
            "hand": page.eval_on_selector_all(".hand [data-card]", HAND),
            "status": page.locator("#status-line").inner_text(),
            "sheet": page.eval_on_selector_all("#scoresheet, #ledger",
                                               "els => els.map(e => e.textContent)")}


def wait_snapshot_made(page, timeout_s: float = 120) -> None:
    """Until the first visit's memory snapshot is made and kept (static/js/interpreter.mjs
    starts a worker for it once the page is ready)."""
    deadline = time.monotonic() + timeout_s
    while (made := page.evaluate("window.kortbordetSnapshotMade ?? null")) is None:
        assert time.monotonic() < deadline, "Firefox made no memory snapshot"
        time.sleep(0.25)
    assert made is True, "the snapshot worker failed in Firefox"


def cut_network_and_reload_mid_game(page, server) -> None:
    """Stop the HTTP server (nothing listens on its port any more), then reload while the
    human is to move: the page must boot from the service worker's cache and from the
    memory snapshot the first visit made, and resume the same game exactly."""
    assert wait_settled(page) == "human"
    before = snapshot(page)
    assert before["hand"]
    wait_snapshot_made(page)
    server.stop()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(server.url, timeout=5)
    open_game(page, page.url, reload=True)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert page.evaluate("window.kortbordetSnapshot === true"), "not restored offline"
    assert wait_settled(page) == "human"
    assert snapshot(page) == before


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF: its page objects (``/Type /Page``, not ``/Pages``),
    also inside compressed object streams (Firefox's PDFs keep them there)."""
    assert pdf.startswith(b"%PDF")
    parts = [pdf]
    for stream in re.finditer(rb"stream\r?\n", pdf):
        try:
            parts.append(zlib.decompressobj().decompress(pdf[stream.end():]))
        except zlib.error:
            pass  # not a Flate stream
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", b"\n".join(parts)))


def print_played_scoresheet(page, rounds: int = 6) -> None:
    """From the lobby's scoresheets screen print the finished game's sheet; it must come
    out as one A4 page holding every round."""
    tap(page.locator("[data-ui=lobby]").first)
    tap(page.locator("[data-ui=sheets]"))
    page.evaluate("window.printed = 0; window.print = () => { window.printed += 1 }; 0")
    tap(page.locator("[data-ui=played-print]").first)
    assert page.evaluate("window.printed") == 1
    area = page.locator("#print-area .print-sheet[data-print=filled]")
    assert area.locator("tbody tr").count() == rounds
    assert not area.is_visible()               # only in print media
    pages = pdf_pages(page.pdf(format="A4"))
    assert pages == 1, f"the scoresheet printed on {pages} pages"


# How far into the last round the save is taken (turns played in it): an Elvakort round 6
# from its deal took 98 s of taps in Firefox (its computer, in CPython, goes out at turn 35
# of this deal); the taps that round adds to the first one are its lay-down and going out.
LATE_TURNS = {"dunka": 0, "elvakort": 24}


def resume_late_save(page, game: str, players: int) -> None:
    """Write a game played in CPython to the start of its last round into the page's
    localStorage (saved_game: the save and its move history, as the page writes them)
    and reload: the page boots again (from the service worker when the network is cut)
    and resumes that game in its last round."""
    session, log = saved_game.play_until(
        game, players, seed=5, rng=random.Random(5),
        done=lambda s: s.state.round == 6 and s.state.phase != "round_over"
        and s.state.turns >= LATE_TURNS[game])
    items = {saves.SESSION_KEY: saves.dumps(session), saves.MOVES_KEY: movelog.dumps(log)}
    page.evaluate("items => { for (const [k, v] of Object.entries(items))"
                  " localStorage.setItem(k, v); }", items)
    open_game(page, page.url, reload=True)
    assert wait_settled(page) == "human"
    assert page.get_attribute("#contract", "data-round") == "6"


def play_rummy(page, server, game: str) -> None:
    """Dunka and Elvakorts-Rummy share the rummy table and its driver. The first round is
    played through the DOM from the deal to its summary and the next deal (with the
    offline reload in it); the game is then resumed from a save at the start of its last
    round (rounds 2-5 are the same table again, a minute of taps) and that round is
    played through the DOM to the game's end, its scoresheet printed."""
    open_game(page, server.url + f"?game={game}&players=2&seed=21&speed=instant&lang=en")
    assert page.locator(f"#table[data-game={game}] #contract").count() == 1
    install_service_worker(page, server)
    rng = random.Random(8)
    for _ in range(5):
        dunka_driver.human_move(page, rng)  # (each move waits for the table first)
    assert_log_lines_fit(page)
    cut_network_and_reload_mid_game(page, server)
    dunka_driver.play_until(page, rng, "!!document.querySelector('#round-result')")
    assert page.get_attribute("#round-result", "data-round") == "1"
    rows = sheet_rows(page)
    assert len(rows) == 6 and all(rows[0]) and not any(all(r) for r in rows[1:])
    tap(page.locator("#round-result [data-action=next]"))
    dunka_driver.play_until(page, rng, "!!document.querySelector(\"#contract[data-round='2']\")"
                            " && !document.querySelector('#round-result')")
    resume_late_save(page, game, players=2)
    dunka_driver.play_to_end(page, seed=3)
    assert page.locator("#result").is_visible()
    assert_no_card_travels(page)
    rows = sheet_rows(page)
    assert len(rows) == 6 and all(all(c != "" for c in row) for row in rows)
    print_played_scoresheet(page)


def assert_log_lines_fit(page) -> None:
    """The one-line log's sentences (game/web/turn_line.py) in Firefox as in Chromium
    (tests/e2e/test_log_line_ui.py): each at most two lines (``-webkit-line-clamp``, which
    Firefox reads too), within the log's width, the newest one in view."""
    seen = page.evaluate("""() => {
      const log = document.querySelector('#table .log'), box = log.getBoundingClientRect();
      return [...log.querySelectorAll(':scope > .log-line')].map((el) => {
        const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
        return {clamp: cs.webkitLineClamp, lines: r.height / parseFloat(cs.lineHeight),
                inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5,
                shown: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5};
      });
    }""")
    assert seen, "the others' moves are in the log"
    assert all(ln["clamp"] == "2" and ln["lines"] < 2.5 and ln["inside"] for ln in seen), seen
    assert seen[-1]["shown"], seen


def sheet_rows(page) -> list[list[str]]:
    """The scoresheet's cells, row by row (one row per round; empty cells for rounds not
    played yet)."""
    return page.eval_on_selector_all(
        "#scoresheet tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent.trim()))")


# ------------------------------------------------------------------ the games

def test_durak_in_firefox(ff_page, server):
    page = ff_page
    open_game(page, server.url + "?game=durak&players=2&seed=7&speed=instant")
    assert page.locator("#table[data-game=durak]").count() == 1
    # the endgame search compiled by Firefox's WebAssembly (game/web/native_solver.py)
    page.wait_for_function("window.kortbordetSearch !== undefined")
    assert page.evaluate("window.kortbordetSearch") == "native"
    install_service_worker(page, server)
    rng = random.Random(2)
    for _ in range(3):
        human_move(page, rng)  # (each move waits for the table first)
    cut_network_and_reload_mid_game(page, server)
    play_to_end(page, seed=1)
    assert_no_card_travels(page)
    result = page.locator("#result")
    assert result.is_visible() and result.locator(".big").inner_text().strip()


def test_dunka_in_firefox(ff_page, server):
    play_rummy(ff_page, server, "dunka")


def test_elvakort_in_firefox(ff_page, server):
    play_rummy(ff_page, server, "elvakort")


def test_tonk_in_firefox(ff_page, server):
    page = ff_page
    open_game(page, server.url + "?game=tonk&players=3&seed=11&speed=instant")
    assert page.locator("#table[data-game=tonk] #hand-info").count() == 1
    install_service_worker(page, server)
    rng = random.Random(5)
    for _ in range(3):
        tonk_driver.human_move(page, rng)  # (each move waits for the table first)
    led = tonk_driver.ledger(page)
    cut_network_and_reload_mid_game(page, server)
    assert tonk_driver.ledger(page) == led

    # hands to their ends, the second with a knock by the human when it can
    tonk_driver.play_until(page, rng, tonk_driver.RESULT)
    res = page.locator("#hand-result")
    assert res.locator(".big").inner_text().strip() and res.locator(".points li").count() == 3
    tap(res.locator("[data-action=next]"))
    tonk_driver.play_until(page, rng, tonk_driver.RESULT, knock=True)
    assert int(page.get_attribute("#ledger", "data-hands")) == 2
    balances = tonk_driver.ledger(page)["balances"]
    assert len(balances) == 3 and sum(balances) == 0
    assert_no_card_travels(page)


def test_the_problem_recorder_works_in_firefox(firefox_browser, server):
    """Console errors, page errors, requests to another origin and failed requests are
    recorded (so the fixture's checks at teardown are not vacuous)."""
    page = firefox_browser.new_page(server.origin)
    try:
        page.goto(server.url + "static/css/app.css")
        page.evaluate("""() => {
            console.error("deliberate");
            setTimeout(() => { throw new Error("deliberate page error"); });
            return fetch("http://foreign.invalid/x").catch(() => null);
        }""")
        page.goto(server.url + "no-such-file.txt")
        page.wait_for_timeout(300)
        found = page.problems()
    finally:
        page.close()
    assert any("deliberate" in e for e in found["console_errors"])
    assert any("deliberate page error" in e for e in found["page_errors"])
    assert found["foreign_requests"] == ["GET http://foreign.invalid/x"]
    assert any("HTTP 404" in f for f in found["failed_requests"])
