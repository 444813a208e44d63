"""Accessibility audit (axe-core, WCAG 2.2 A/AA): the lobby, each game's table in play and
between rounds, the scoresheets screen, on a phone and a laptop, in both languages: no
serious or critical violation (tests/e2e/a11y.py)."""

from __future__ import annotations

import random

import pytest
from a11y import check_a11y
from browser_harness import open_game
from dunka_driver import play_until
from durak_driver import tap, wait_settled
from tonk_driver import play_until as play_tonk_until

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size,lang", [(PHONE, "sv"), (LAPTOP, "en")])
def test_lobby_and_scoresheets(page, site, size, lang):
    page.set_viewport_size(size)
    open_game(page, site.url + f"?lang={lang}")
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


@pytest.mark.parametrize("query", [
    "game=durak&players=4&transfer=on",
    "game=dunka&players=4",
    "game=elvakort&players=8",
    "game=tonk&players=3",
])
@pytest.mark.parametrize("size,lang", [(PHONE, "sv"), (LAPTOP, "en")])
def test_each_table_in_play(page, site, query, size, lang):
    page.set_viewport_size(size)
    open_game(page, site.url + f"?{query}&seed=4&speed=instant&lang={lang}")
    wait_settled(page)
    check_a11y(page, query)


def test_round_summary_and_hand_result(page, site):
    open_game(page, site.url + "?game=dunka&players=3&seed=7&speed=instant&lang=en")
    play_until(page, random.Random(3), lambda p: p.locator("#round-result").count() > 0)
    check_a11y(page, "Dunka round summary")
    open_game(page, site.url + "?game=tonk&players=2&seed=7&speed=instant&lang=sv")
    play_tonk_until(page, random.Random(3), lambda p: p.locator("#hand-result").count() > 0)
    check_a11y(page, "Tonk hand result and ledger")
