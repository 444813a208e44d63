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


def test_back_closes_the_drawer_then_goes_to_the_lobby_with_the_game_kept(page, site):
    """On a phone the side panels open as a drawer ("Scores & more"). Back closes it and
    keeps the game (it left the site: a new-user check); closed by its own button, the
    drawer's history entry is gone back over, so the next Back is the table's own: it
    goes to the lobby with the game kept, not off the site (issue 32: game.web.nav),
    Forward shows the table again, and the lobby's button and "Resume" between the two
    add no entry."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site.url + "?game=dunka&players=2&seed=4&speed=instant&lang=en")
    page.locator("#table").wait_for()
    url = page.url
    table = "'kortbordet-table'"
    drawer = "document.body.getAttribute('data-drawer')"
    page.locator("[data-drawer=toggle]").click()
    assert page.evaluate(drawer) == "open"
    page.go_back()
    page.wait_for_function(f"{drawer} === null")
    assert page.url == url and page.locator("#table").count() == 1
    assert page.evaluate(f"history.state === {table}")
    # opened and closed by its button: no entry is left behind
    page.locator("[data-drawer=toggle]").click()
    page.locator("#table-side .drawer-close").click()
    page.wait_for_function(f"{drawer} === null && history.state === {table}")
    assert page.url == url and page.locator("#table").count() == 1
    hand = page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")
    entries = page.evaluate("history.length")   # (the drawer's gone-back entry counted)
    # Back at the table: the lobby, on the site, the game kept
    page.go_back()
    page.locator("#lobby-h").wait_for()
    assert page.url == url and page.locator("#table").count() == 0
    assert page.locator("[data-ui=resume]").count() == 1
    # Forward: the same table again
    page.go_forward()
    page.locator("#table .hand .card").first.wait_for()
    assert page.eval_on_selector_all(".hand [data-card]",
                                     "els => els.map(e => e.dataset.card)") == hand
    # the lobby's button and Resume take the table's entry again: no entry piles up
    for _ in range(2):
        page.locator("#top [data-ui=lobby]").click()
        page.locator("#lobby-h").wait_for()
        page.locator("[data-ui=resume]").click()
        page.locator("#table .hand .card").first.wait_for()
    assert page.evaluate("history.length") == entries
    page.go_back()
    page.locator("#lobby-h").wait_for()
    assert page.url == url
