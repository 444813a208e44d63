"""The hard Dunka player's own settings (game.bots.dunka_hard, issue 17): its feed
surcharge, and that Elvakort's hard player is untouched by them."""

from __future__ import annotations

import pytest

from game import bots, rummy
from game.bots import dunka_hard, rummy_outs


def positions(variant: str, seed: int, players: int = 2):
    """Every decision of one seeded game of normal bots: ``(state, seat)`` before it."""
    state = rummy.new_game(rummy.Rules(variant=variant), [f"P{i}" for i in range(players)],
                           seed)
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        yield state, seat
        state.apply(bots.choose(state.view(seat), state.legal_actions(seat), "normal",
                                seed=step))
        step += 1


def test_dunka_feed_surcharge_is_its_own_feed_step():
    """Before the next player is down, a discard's surcharge is Dunka's FEED_STEP times
    the chance they take it (rummy_outs' take chance); Elvakort's context keeps
    rummy_outs.FEED_STEP."""
    checked = 0
    for state, seat in positions("dunka", 3):
        view = state.view(seat)
        if view["phase"] != "play" or view["laid_down"][(seat + 1) % 2]:
            continue
        ctx = dunka_hard._HardCtx(view)
        for card in {c for c in ctx.hand if c[0]}:
            assert ctx.feeds(card) == pytest.approx(
                dunka_hard.FEED_STEP * ctx.take_chance(card))
            checked += 1
        elv = rummy_outs._ElvOutsCtx({**view, "game": "elvakort"})
        card = next(c for c in ctx.hand if c[0])
        assert elv.feeds(card) == pytest.approx(
            rummy_outs.FEED_STEP * elv.take_chance(card))
    assert checked >= 50


def test_elvakort_hard_is_rummy_outs():
    """Dunka's settings live in game.bots.dunka_hard: the hard Elvakort player is still
    rummy_outs.choose, move for move."""
    checked = 0
    for state, seat in positions("elvakort", 2):
        view, legal = state.view(seat), state.legal_actions(seat)
        if len(legal) > 1 and state.round <= 2:
            assert bots.choose(view, legal, "hard", seed=0) is \
                rummy_outs.choose(view, legal)
            checked += 1
    assert checked >= 40
