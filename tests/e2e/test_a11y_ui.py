"""Accessibility audit (axe-core, WCAG 2.2 A/AA): the lobby, each game's table in play and
between rounds, the scoresheets screen, on a phone and a laptop, in both languages: no
serious or critical violation (tests/e2e/a11y.py)."""

from __future__ import annotations

import random

import pytest
import saved_game
from a11y import check_a11y
from browser_harness import open_game, start_from_lobby
from durak_driver import tap, wait_settled

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


# Each game's table in play: the game, its players and the lobby settings ticked (started
# from the lobby one after the other in the same page: no boot each).
TABLES = [("durak", 4, ("#rule-transfer",)), ("dunka", 4, ()), ("elvakort", 8, ()),
          ("tonk", 3, ())]


@pytest.mark.parametrize("size,lang", [(PHONE, "sv"), (LAPTOP, "en")])
def test_lobby_scoresheets_and_each_table_in_play(page, site, size, lang):
    """One boot per size and language: the lobby with each game's form, the scoresheet
    editor with an error shown, then each game's table in play (TABLES)."""
    page.set_viewport_size(size)
    open_game(page, site.url + f"?lang={lang}&speed=instant")
    page.locator("input[name=game]").first.wait_for()
    check_a11y(page, "lobby (Durak)")
    for game in ("dunka", "elvakort", "tonk"):
        page.locator(f"input[name=game][value={game}]").check()
        check_a11y(page, f"lobby ({game})")
    tap(page.locator("[data-ui=sheets]").first)
    page.select_option("#sheet-game", "elvakort")
    page.locator("[data-ui=sheet-create]").click()
    page.wait_for_selector("#sheet-editor")
    page.locator("[data-cell='0,0']").fill("12")
    page.locator("[data-cell='0,1']").fill("x")          # an error message is shown
    check_a11y(page, "scoresheet editor")
    for game, players, ticked in TABLES:
        start_from_lobby(page, game, players, ticked)
        wait_settled(page)
        check_a11y(page, f"{game}, {players} players {' '.join(ticked)}")


def test_round_summary_and_hand_result(page, site):
    # The late states come from the engine in CPython (saved_game.py): the page resumes
    # them as after a reload; the games are played whole through the DOM elsewhere.
    at_end = lambda s: s.legal() == ["next"]  # noqa: E731  (the round or hand is over)
    session, log = saved_game.play_until("dunka", 3, 7, random.Random(3), at_end)
    saved_game.open_saved(page, site, session, log, "speed=instant&lang=en")
    page.locator("#round-result").wait_for()
    assert page.locator("#moves li").count() > 0   # with the round's move history
    check_a11y(page, "Dunka round summary")
    session, log = saved_game.play_until("tonk", 2, 7, random.Random(3), at_end)
    saved_game.open_saved(page, site, session, log, "speed=instant&lang=sv")
    page.locator("#hand-result").wait_for()
    check_a11y(page, "Tonk hand result and ledger")
