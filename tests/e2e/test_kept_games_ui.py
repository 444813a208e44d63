"""A game in progress of each kind kept side by side, and two tabs of one game (issue 32,
Playwright + Chromium).

Starting a game of another kind puts the game in progress aside (its own stored item);
the lobby offers it back with its date; a new game of a kind that has one put aside asks
first. Two tabs of the page: when one moves the game on, the other shows the newer state
(the ``storage`` event), and a tab never writes an older state over a newer one (the
save's revision).
"""

from __future__ import annotations

import json
import random
import re

from browser_harness import open_game
from table_driver import forget_taps, look
import durak_driver
import tonk_driver

SESSION = "kortbordet.v1.session"


def _saved(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SESSION}')"))


def _start(page, game: str) -> None:
    page.locator("[data-ui=lobby]").first.click()
    page.check(f"input[name=game][value={game}]")
    page.select_option("#lobby-players", "2")
    page.locator("[data-ui=start]").click()


def test_a_game_of_each_kind_is_kept_side_by_side(page, site):
    rng = random.Random(4)
    open_game(page, site.url + "?game=tonk&players=2&speed=instant&lang=en")
    for _ in range(2):
        tonk_driver.human_move(page, rng, seen=look(page, tonk_driver.MOVE_SELECTORS))
    look(page, tonk_driver.MOVE_SELECTORS)
    tonk_hand = tonk_driver.hand(page)
    tonk_moves = _saved(page)["session"]["moves"]
    # a Durak game from the lobby: nothing asked, the Tonk game is put aside
    _start(page, "durak")
    page.locator("#table[data-game=durak]").wait_for()
    assert page.locator("#notice-text").count() == 0
    durak_driver.human_move(page, rng)
    aside = json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.parked.tonk')"))
    assert aside["session"]["moves"] == tonk_moves
    # the lobby offers it back, dated; resuming it puts the Durak game aside in turn
    page.locator("[data-ui=lobby]").first.click()
    back = page.locator(".lobby-actions [data-ui=resume-parked][data-game=tonk]")
    assert re.fullmatch(r"Resume Tonk from \d{1,2} [A-Z][a-z]{2} 20\d\d", back.inner_text()), \
        back.inner_text()
    back.click()
    page.locator("#table[data-game=tonk]").wait_for()
    look(page, tonk_driver.MOVE_SELECTORS)
    assert tonk_driver.hand(page) == tonk_hand and _saved(page)["session"]["moves"] == tonk_moves
    assert page.evaluate("localStorage.getItem('kortbordet.v1.parked.tonk')") is None
    durak = json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.parked.durak')"))
    assert durak["session"]["game"] == "durak" and durak["session"]["played"] >= 1
    # a new Durak game would replace the one put aside: asked, with the way back offered
    _start(page, "durak")
    notice = page.locator("#notice-text").inner_text()
    assert notice.startswith("You have an unfinished Durak game from"), notice
    page.locator("#notice [data-ui=resume-parked-durak]").click()
    page.locator("#table[data-game=durak]").wait_for()
    assert json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.parked.tonk')"))[
        "session"]["moves"] == tonk_moves
    # after a reload both are still there
    open_game(page, site.url + "?lang=en", reload=True)
    page.locator("#table[data-game=durak]").wait_for()
    page.locator("[data-ui=lobby]").first.click()
    assert page.locator(".lobby-actions [data-ui=resume-parked][data-game=tonk]").count() == 1


def test_two_tabs_show_the_newer_state_and_never_write_an_older_one(page, site):
    rng = random.Random(2)
    open_game(page, site.url + "?game=tonk&players=2&speed=instant&lang=en")
    look(page, tonk_driver.MOVE_SELECTORS)
    other = page.context.new_page()
    try:
        open_game(other, site.url + "?lang=en")   # the same saved game, in a second tab
        look(other, tonk_driver.MOVE_SELECTORS)
        assert tonk_driver.hand(other) == tonk_driver.hand(page)
        # the first tab moves on: the second shows the newer state and says so
        tonk_driver.human_move(page, rng, seen=look(page, tonk_driver.MOVE_SELECTORS))
        look(page, tonk_driver.MOVE_SELECTORS)
        other.locator("#notice-text").wait_for()
        assert "another tab" in other.locator("#notice-text").inner_text()
        forget_taps(other)
        look(other, tonk_driver.MOVE_SELECTORS)
        assert tonk_driver.hand(other) == tonk_driver.hand(page)
        # a tab that missed the news (the event not yet come) does not write over it:
        # another tab's newer save is stored, then this tab moves
        newer = _saved(page)
        newer["rev"] += 5
        page.evaluate("(t) => localStorage.setItem('kortbordet.v1.session', t)",
                      json.dumps(newer, separators=(",", ":")))
        tonk_driver.human_move(page, rng, seen=look(page, tonk_driver.MOVE_SELECTORS))
        page.wait_for_function("(document.querySelector('#notice-text') || {}).innerText"
                               " && document.querySelector('#notice-text').innerText"
                               ".includes('was not saved')")
        assert _saved(page) == newer   # the older state was not written over it
    finally:
        other.close()


def test_a_link_to_a_kind_put_aside_keeps_both_games_of_that_kind(page, site):
    """A new-user check lost a game so: Durak A put aside while Tonk is played, a link to
    a new Durak game B, then "Resume Tonk" put B aside over A. A becomes the game to go
    back to before the link, B is put aside: both are offered in the lobby."""
    rng = random.Random(6)
    open_game(page, site.url + "?game=durak&players=2&seed=21&speed=instant&lang=en")
    durak_driver.human_move(page, rng)
    _start(page, "tonk")                          # Durak A put aside
    tonk_driver.human_move(page, rng, seen=look(page, tonk_driver.MOVE_SELECTORS))
    open_game(page, site.url + "?game=durak&players=2&seed=22&speed=instant&lang=en")
    forget_taps(page)
    assert "kept" in page.locator("#notice-text").inner_text()
    durak_driver.human_move(page, rng)            # Durak B played
    page.locator("[data-ui=lobby]").first.click()
    page.locator(".lobby-actions [data-ui=resume-parked][data-game=tonk]").click()
    page.locator("#table[data-game=tonk]").wait_for()
    kept = {key: json.loads(page.evaluate(f"localStorage.getItem('kortbordet.v1.{key}')"))[
        "session"]["seed"] for key in ("previous", "parked.durak")}
    assert kept == {"previous": 21, "parked.durak": 22}, kept
    page.locator("[data-ui=lobby]").first.click()
    assert page.locator(".lobby-actions [data-ui=restore-previous]").inner_text() == \
        "Back to my game before the link (Durak)"
    assert page.locator(".lobby-actions [data-ui=resume-parked][data-game=durak]").count() == 1
