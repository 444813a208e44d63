"""The levels the lobby offers per game (game.session.offered_levels, LOBBY_LEVELS; issue
17): weakest first, easy and normal everywhere, hard only in the games whose hard player
was measured above normal (bench/bots.py, its 95 % interval above 50 %, or above 0 chips
per hand in Tonk), and the lobby's
level select (game.web.seats.seats_el) lists exactly those, in both languages. The same
check through the page is tests/e2e/test_hard_ui.py's."""

from __future__ import annotations

import sys
import types

import pytest

from game.i18n import t
from game.session import GAMES, LEVELS, offered_levels
from game.web import markup

HARD_OFFERED = {"durak", "tonk", "elvakort", "dunka"}
"""Games whose hard player beat normal with a 95 % interval above 50 % (Tonk: above 0 chips
per hand), as measured in ``game.session.LOBBY_LEVELS``'s docstring: every game."""


def test_every_game_offers_known_levels_weakest_first():
    for game in GAMES:
        offered = offered_levels(game)
        assert {"easy", "normal"} <= set(offered), game
        assert list(offered) == [lv for lv in LEVELS if lv in offered], game


def test_hard_is_offered_only_where_it_beats_normal():
    assert {g for g in GAMES if "hard" in offered_levels(g)} == HARD_OFFERED


@pytest.fixture
def dom(monkeypatch):
    """``game.web.dom.h`` without a browser: the markup tree's ``h`` (the same calls)."""
    monkeypatch.setitem(sys.modules, "game.web.dom", types.SimpleNamespace(h=markup.h))


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_lobby_level_select_lists_the_offered_levels(dom, game, lang):
    from game.web.seats import seats_el
    seats = [{"kind": "bot", "name": "", "level": "normal"}] * 2  # computer seats only:
    # a person's name field sets ``value``, which only the browser's element has
    box = seats_el(lang, game, seats)
    select = box.find(lambda n: n.getAttribute("id") == "lobby-level-1")
    options = [n for n in select.children if isinstance(n, markup.Node)]
    assert [o.getAttribute("value") for o in options] == list(offered_levels(game))
    texts = [o.html().split(">", 1)[1].rsplit("<", 1)[0] for o in options]
    assert texts == [t(lang, f"level_{lv}") for lv in offered_levels(game)]
