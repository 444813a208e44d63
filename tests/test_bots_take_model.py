"""The next player's take chances inferred from sampled hands (game.bots.take_model, an
off-by-default option of the hard Dunka and Elvakort players, issue 17): samples only
what the view allows, weighs them by the next player's own decisions, and gives the same
chance for the same view."""

from __future__ import annotations

import pytest

from game import bots, rummy
from game.bots import dunka, rummy_outs, take_model
from game.rummy import Discard


def hard_discard_view(variant: str, seed: int):
    """A two-player game of normal bots at the first discard of the play where neither
    player is down and the next player has discarded at least twice this round."""
    state = rummy.new_game(rummy.Rules(variant=variant), ["A", "B"], seed)
    step = 0
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if state.phase == "play" and all(isinstance(a, Discard) for a in legal) \
                and not any(view["laid_down"]) \
                and sum(1 for s, _t in view["discards"] if s != seat) >= 2:
            return view, legal
        state.apply(bots.choose(view, legal, "normal", seed=step))
        step += 1


@pytest.mark.parametrize("variant", ["dunka", "elvakort"])
def test_samples_hold_the_known_cards_and_no_card_seen_twice_over(variant):
    view, _legal = hard_discard_view(variant, 7)
    ctx = rummy_outs._OutsCtx(view)
    model = take_model.TakeModel(ctx)
    assert len(model.hands) == take_model.SAMPLES
    seen: dict = {}
    for t in view["hand"] + view["pile"]:
        c = dunka._card(t)
        seen[c] = seen.get(c, 0) + 1
    for hand in model.hands:
        assert len(hand) == view["hand_counts"][ctx.nxt]
        for c in ctx.nxt_known:
            assert c in hand
        for c in set(hand):
            limit = 4 if c == (0, "") else 2
            assert hand.count(c) + seen.get(c, 0) <= limit


def test_would_take_a_card_that_completes_a_set():
    view, _legal = hard_discard_view("dunka", 7)  # round 1: two sets
    ctx = rummy_outs._OutsCtx(view)
    model = take_model.TakeModel(ctx)
    hand = [dunka._card(t) for t in "5S 5H 9C 9D KS 2C 4D 6H JS QD".split()]
    d = model.opp.distance(hand)
    assert model.would_take(hand, d, (5, "C"))
    assert not model.would_take(hand, d, (7, "C"))


def test_a_contradicted_sample_weighs_less():
    view, _legal = hard_discard_view("dunka", 7)
    ctx = rummy_outs._OutsCtx(view)
    model = take_model.TakeModel(ctx)
    for miss, weight in zip(model.misses, model.weights):
        assert weight == pytest.approx(take_model.MISMATCH ** miss)
    assert model.total == pytest.approx(sum(model.weights))


@pytest.mark.parametrize("variant", ["dunka", "elvakort"])
def test_the_option_gives_a_legal_move_and_the_same_chance_for_the_same_view(
        monkeypatch, variant):
    monkeypatch.setattr(rummy_outs, "TAKE_MODEL", True)
    view, legal = hard_discard_view(variant, 11)
    first = rummy_outs._OutsCtx(view)
    again = rummy_outs._OutsCtx(view)
    for t in view["hand"]:
        c = dunka._card(t)
        if c[0]:
            p = first.take_chance(c)
            assert 0.0 <= p <= 1.0
            assert p == again.take_chance(c)
    assert bots.choose(view, legal, "hard", seed=0) in legal
