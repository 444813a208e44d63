"""The hard Dunka player's outs (game.bots.rummy_outs, issue 17): the cards still to
come that bring a hand nearer the contract, counted only among cards not yet seen, and
the discard that keeps the most of them."""

from __future__ import annotations

import pytest

from game import bots, rummy
from game.bots import dunka, elvakort, rummy_outs
from game.cards import parse_card
from game.rummy import Discard


def round_one_play(seed: int = 4):
    """A two-player Dunka game (round 1: two sets) at the first draw of the play."""
    state = rummy.new_game(rummy.Rules(variant="dunka"), ["A", "B"], seed)
    step = 0
    while state.phase != "play":
        seat = state.to_act()[0]
        state.apply(bots.choose(state.view(seat), state.legal_actions(seat), "normal",
                                seed=step))
        step += 1
    return state


def cards(text: str):
    return [dunka._card(t) for t in text.split()]


def test_outs_count_the_copies_still_to_come():
    state = round_one_play()
    seat = state.to_act()[0]
    state.hands[seat] = [parse_card(t) for t in
                         "7S 7H 9C 9D KS 2C 4D 6H JS QD".split()]
    hand = cards("7S 7H 9C 9D KS 2C 4D 6H JS QD")
    ctx = rummy_outs._OutsCtx(state.view(seat))
    before = {c: ctx.live(c) for c in cards("7C 7S 9H")}
    outs = ctx.outs(hand)
    # a third 7 or 9 (two sets, DUN-3): every copy not in hand and not seen
    seen = [dunka._card(t) for t in state.view(seat)["pile"]]
    expect = sum(max(0, 2 - seen.count((r, s)) - hand.count((r, s)))
                 for r in (7, 9) for s in "SHDC")
    assert outs == expect
    # both copies of 7C and one of 9H thrown away: three outs fewer
    state.pile[:0] = [parse_card("7C"), parse_card("7C.1"), parse_card("9H")]
    ctx = rummy_outs._OutsCtx(state.view(seat))
    assert ctx.live((7, "C")) == 0 and before[(7, "C")] - ctx.live((7, "C")) == 2
    assert ctx.outs(hand) == outs - (before[(7, "C")] - 0) - 1


@pytest.mark.parametrize("variant", ["dunka", "elvakort"])
def test_hard_discards_for_more_outs_where_it_differs_from_normal(variant):
    """In seeded two-player games the hard Dunka and Elvakort players' discard differs
    from the normal bot's only before laying down, and then leaves a hand with more outs
    at no more than the outs bonus of extra normal cost (the game's own hand cost:
    ELV-13's for Elvakort; game.bots.rummy_outs)."""
    differ = 0
    for seed in range(2):
        state = rummy.new_game(rummy.Rules(variant=variant), ["A", "B"], seed)
        step = 0
        while not state.is_over():
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            normal = bots.choose(view, legal, "normal", seed=step)
            hard = bots.choose(view, legal, "hard", seed=step)
            if hard != normal:
                differ += 1
                assert isinstance(hard, Discard) and isinstance(normal, Discard)
                assert not view["laid_down"][seat]
                ctx = rummy_outs._ElvOutsCtx(view) if variant == "elvakort" \
                    else rummy_outs._OutsCtx(view)
                left = {a: dunka._without(ctx.hand, dunka._card(str(a.card)))
                        for a in (hard, normal)}
                assert ctx.outs(left[hard]) > ctx.outs(left[normal])
                extra = ctx.cost(left[hard]) - ctx.cost(left[normal]) \
                    + ctx.feeds(dunka._card(str(hard.card))) \
                    - ctx.feeds(dunka._card(str(normal.card)))
                assert extra <= rummy_outs.OUTS_WEIGHT * dunka.DIST_WEIGHT * \
                    ctx.outs(left[hard]) / ctx.unseen
            state.apply(normal)
            step += 1
    assert differ >= 3


def test_elvakort_outs_weigh_elvakort_hand_cost():
    """The hard Elvakort player reads the view as the Elvakort normal bot does: its hand
    cost is ELV-13's (a card with a partner costs only part of its value), not
    Dunka's, and its outs count the same cards still to come as Dunka's would."""
    state = rummy.new_game(rummy.Rules(variant="elvakort"), ["A", "B"], 3)
    while state.phase != "play":
        seat = state.to_act()[0]
        state.apply(bots.choose(state.view(seat), state.legal_actions(seat), "normal",
                                seed=0))
    view = state.view(state.to_act()[0])
    hand = cards("7S 7H KD KC 2C 9D")
    elv = rummy_outs._ElvOutsCtx(view)
    assert elv.cost(hand) == elvakort._ElvCtx(view).cost(hand)
    assert elv.cost(hand) < dunka._Ctx(view).cost(hand)
    assert elv.outs(hand) == rummy_outs._OutsCtx(view).outs(hand) > 0
