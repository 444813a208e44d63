"""Whole games on a 360×640 phone never need a page scroll (issue 11, "Done when"): a
four-player Durak game played to its end through the DOM (the six-round Dunka game on a
phone, with the same checks, is test_dunka_ui.py's whole game),
with the layout checks of test_table_layout_ui.py (no page scroll; hand, action bar and
status line in view; no overlapping controls; ranks ≥ 18 px) run whenever the table
waits for the human, and once more at the end.

Uses conftest.py's fixtures (any console error or failed request fails a test).
"""

from __future__ import annotations

import random

from browser_harness import open_game
from durak_driver import MOVE_SELECTORS, human_move
from table_driver import look
from test_table_layout_ui import CHECK

PHONE = {"width": 360, "height": 640}


def check(page, seen: dict, when: str) -> None:
    for problem in page.evaluate(CHECK):
        seen.setdefault(problem[:90], when)


# speed=instant means no motion: no card flew in the whole game (a card in flight also
# covers others and leaves the viewport, which the checks above would report at random)
MOVED = "() => window.kortbordetMotion.report.moved"


def test_a_whole_four_player_durak_game_on_a_phone_never_scrolls(page, site):
    page.set_viewport_size(PHONE)
    open_game(page, site.url + "?game=durak&players=4&seed=9&speed=instant&lang=en")
    seen: dict = {}
    rng = random.Random(3)
    for move in range(600):
        # the checks read with the table whenever it waits (one round trip)
        table = look(page, MOVE_SELECTORS, extra=CHECK)
        for problem in table.extra:
            seen.setdefault(problem[:90], f"move {move}")
        if table.state in ("game_over", "series_over"):
            break
        assert human_move(page, rng, table), "the human is to act but nothing is clickable"
    page.wait_for_selector("#table[data-over]")
    check(page, seen, "the end")
    assert not seen, seen
    assert page.evaluate(MOVED) == []
