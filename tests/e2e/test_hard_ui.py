"""The hard level through the page (Playwright, Chromium): a Tonk hand against two hard
computer players (their searches driven in slices by game/web/computer.py) is played to its
end and saved with their level; the lobby offers the level where it beats normal (every
game since session 11).

Uses conftest.py's fixtures: any console error, page error, failed request or request to
another origin fails the test.
"""

from __future__ import annotations

import random

from browser_harness import open_game
from tonk_driver import RESULT, play_until


def test_a_tonk_hand_against_hard_players_is_played_to_its_end(page, site):
    open_game(page, site.url + "?game=tonk&players=3&level=hard&seed=3&speed=instant&lang=en")
    play_until(page, random.Random(1), RESULT)
    assert page.locator("#hand-result").get_attribute("data-end")
    assert '"hard"' in page.evaluate("localStorage.getItem('kortbordet.v1.session')")
    # the same page's lobby
    page.locator("[data-ui=lobby]").first.click(position={"x": 8, "y": 16})
    page.locator("[data-screen=lobby]").wait_for()
    check_the_lobby_offers_the_hard_level_where_it_beats_normal(page)


def check_the_lobby_offers_the_hard_level_where_it_beats_normal(page):
    """Every game's hard player beats normal (bench/bots.py, bench/rummy_screen.py:
    Durak, Tonk, Elvakort and, since session 11, Dunka), so the lobby offers hard for
    each game it is switched to (game.session.offered_levels)."""
    page.check("input[name=game][value=durak]")
    options = "select[id^=lobby-level] option"
    page.wait_for_selector(options, state="attached")
    values = page.eval_on_selector_all(options, "els => els.map(e => e.value)")
    assert "hard" in values, values
    for game in ("tonk", "dunka", "elvakort"):
        page.check(f"input[name=game][value={game}]")
        page.wait_for_function(
            f"() => document.querySelector('input[name=game][value={game}]').checked"
            " && [...document.querySelectorAll('select[id^=lobby-level] option')]"
            ".some(o => o.value === 'hard')")
