"""Bugs of issue 11 found by playing as a new user, each checked through the DOM
(Playwright, Chromium): the engine's reason for a discard Dunka refuses, the keyboard kept
in the table after a move, "1 card" (not "1 cards"), and no "Resume" for a finished game.
"""

from __future__ import annotations

import sys
from pathlib import Path

from browser_harness import open_game
from durak_driver import ENABLED, tap, wait_settled
from saved_game import store

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game import saves  # noqa: E402
from game.session import Session  # noqa: E402

# Dunka round 1 (two sets): the human took 7D from the pile and may meld it, not discard it
TAKEN = ("?lang=en&position=dunka;round=1;phase=play;h0=7S,7H,7D,QC,QH,QS,2D,5S,8H;"
         "h1=?9;pile=4D;taken=7D")


def test_dunka_says_why_the_card_just_taken_cannot_be_discarded(page, site):
    open_game(page, site.url + TAKEN)
    tap(page.locator(".hand [data-card='7D']"))
    assert page.locator(".hand [data-card='7D'][aria-pressed=true]").count() == 1
    status = page.locator("#status-line").inner_text()
    assert "Tap Discard" not in status and "may not discard" in status, status
    discard = page.locator(".actions [data-ui=discard]")
    assert discard.get_attribute("aria-disabled") == "true"
    discard.click(position={"x": 8, "y": 16}, force=True)  # aria-disabled: it explains
    reason = page.locator("#reason").inner_text()
    assert reason == ("You may not discard the card you just took from the discard pile, nor its "
                      "twin from the other deck."), reason
    assert page.locator(".hand [data-card='7D']").count() == 1  # nothing was played


def check_the_keyboard_stays_in_the_table_after_a_move(page):
    for _ in range(4):
        if wait_settled(page) != "human":
            break
        page.locator(ENABLED).first.focus()
        page.keyboard.press("Enter")
        wait_settled(page)
        inside = page.evaluate("!!document.activeElement.closest('#table')")
        assert inside, page.evaluate("document.activeElement.tagName")


def test_one_card_is_one_card_and_an_opponents_card_back_is_no_move(page, site):
    """Tonk deals one card face up to the discard pile: "Discards: 1 card". Then, on the
    same table, a tap on an opponent's card back (check_tapping_...)."""
    open_game(page, site.url + "?game=tonk&players=2&seed=3&speed=instant&lang=en")
    wait_settled(page)
    counts = page.eval_on_selector_all("#table .talon-count", "els => els.map(e => e.textContent)")
    assert "Discards: 1 card" in counts, counts
    assert not any(c.endswith(" 1 cards") for c in counts), counts
    check_tapping_an_opponents_card_back_is_no_error(page)


def finished_durak() -> str:
    players = [{"name": "You", "kind": "human"},
               {"name": "Computer 1", "kind": "bot", "level": "easy"}]
    s = Session.new("durak", {}, players, 5)
    while s.waiting() in ("human", "bot"):
        s.step_bot() if s.waiting() == "bot" else s.play(s.legal()[0])
    assert s.waiting() == "series_over"
    return saves.dumps(s)


def test_no_resume_for_a_game_that_is_over(page, site):
    store(page, {saves.SESSION_KEY: finished_durak()})  # written before the boot
    open_game(page, site.url + "?lang=en")
    page.locator("#table[data-over]").wait_for()
    tap(page.locator("[data-ui=lobby]").first)
    page.locator("[data-ui=start]").wait_for()
    assert page.locator("[data-ui=resume]").count() == 0
    # a game in progress is offered back (on its table first: the keyboard stays in the
    # table after a move)
    open_game(page, site.url + "?game=durak&players=2&seed=7&speed=instant&lang=en")
    wait_settled(page)
    check_the_keyboard_stays_in_the_table_after_a_move(page)
    wait_settled(page)
    tap(page.locator("[data-ui=lobby]").first)
    assert page.locator("[data-ui=resume]").count() == 1


def check_tapping_an_opponents_card_back_is_no_error(page):
    """A tap that is no move (an opponent's face-down card) leaves the table as it was:
    no internal error (the page fixture fails the test on any console error)."""
    wait_settled(page)
    before = page.locator("#table").inner_html()
    page.locator(".seat [data-card=back]").first.click(force=True)
    page.wait_for_timeout(300)
    assert page.locator("#notice.error").count() == 0 or not page.locator("#notice").inner_text()
    assert page.locator("#table").inner_html() == before
