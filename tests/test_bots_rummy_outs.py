"""The hard Dunka player's outs (game.bots.rummy_outs, issue 17): the cards still to
come that bring a hand nearer the contract, counted only among cards not yet seen, and
the discard that keeps the most of them."""

from __future__ import annotations

import pytest

from game import bots, rummy
from game.bots import dunka, dunka_hard, elvakort, pimc, rummy_outs, rummy_race
from game.cards import parse_card
from game.rummy import Discard


def normal_play_until(state, phase: str):
    """Let normal bots play ``state`` until its phase is ``phase``; returns ``state``."""
    step = 0
    while state.phase != phase:
        seat = state.to_act()[0]
        state.apply(bots.choose(state.view(seat), state.legal_actions(seat), "normal",
                                seed=step))
        step += 1
    return state


def round_one_play(seed: int = 4):
    """A two-player Dunka game (round 1: two sets) at the first draw of the play."""
    return normal_play_until(rummy.new_game(rummy.Rules(variant="dunka"), ["A", "B"], seed),
                             "play")


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


def hard_score(ctx, card) -> float:
    """The hard player's score of discarding ``card`` (lower is better): before laying
    down its hand cost with the outs bonus and the feed surcharge, once down minus the
    card's value plus the surcharge (game.bots.rummy_outs); in the go-out round the race
    replaces the outs (game.bots.rummy_race)."""
    if ctx.down:
        return -dunka._value(card) + ctx.feeds(card)
    left = dunka._without(ctx.hand, card)
    if ctx.go_out:  # round 6: by the race, several draws ahead (game.bots.rummy_race)
        draws = rummy_race.sequences(ctx)
        turns = pimc.drive(rummy_race.race_turns_steps(ctx, left, draws))
        return ctx.cost(left) + ctx.feeds(card) + rummy_outs.RACE_WEIGHT * turns
    return ctx.cost(left) + ctx.feeds(card) - rummy_outs.OUTS_WEIGHT * dunka.DIST_WEIGHT \
        * ctx.outs(left) / ctx.unseen


def hard_candidates(ctx) -> list:
    """The discards the hard player compares before laying down: the
    ``OUTS_CANDIDATES`` cheapest by hand cost plus its feed surcharge (its other discards
    it never weighs by outs, so its score need not beat theirs); every card once down."""
    naturals = sorted({c for c in ctx.hand if c[0]})
    if ctx.down:
        return naturals
    scored = sorted((ctx.cost(dunka._without(ctx.hand, c)) + ctx.feeds(c), c)
                    for c in naturals)
    return [c for _cost, c in scored[:rummy_outs.OUTS_CANDIDATES]]


@pytest.mark.parametrize("variant", ["dunka", "elvakort"])
def test_hard_discards_by_its_own_score_where_it_differs_from_normal(variant):
    """In seeded two-player games the hard Dunka and Elvakort players' discard differs
    from the normal bot's often enough to matter, and where it does (before laying down,
    or once down in Dunka) hard's card scores better than normal's by hard's own measure:
    the game's hand cost with outs and the feed chance (ELV-13's cost for Elvakort;
    game.bots.rummy_outs; Dunka's settings game.bots.dunka_hard)."""
    differ = 0
    for seed in range(1):
        state = rummy.new_game(rummy.Rules(variant=variant), ["A", "B"], seed)
        step = 0
        while not state.is_over():
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            normal = bots.choose(view, legal, "normal", seed=step)
            hard = bots.choose(view, legal, "hard", seed=step)
            if hard != normal and isinstance(hard, Discard) and isinstance(normal, Discard):
                differ += 1
                ctx = rummy_outs._ElvOutsCtx(view) if variant == "elvakort" \
                    else dunka_hard._HardCtx(view)
                h, n = (dunka._card(str(a.card)) for a in (hard, normal))
                if (not ctx.down or variant == "dunka") and n in hard_candidates(ctx):
                    assert hard_score(ctx, h) <= hard_score(ctx, n) + 1e-9
            state.apply(normal)
            step += 1
    assert differ >= 3, differ


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


def round_four_discard(hand: str, thrown: str, known: str = ""):
    """A two-player Dunka round 4 (three sets) at the discard of the seat in turn, whose
    hand is ``hand``; the other seat threw away ``thrown`` this round and holds ``known``
    from the pile. Returns (state, seat)."""
    state = rummy.new_game(rummy.Rules(variant="dunka"), ["A", "B"], 7)
    state._deal(4)
    normal_play_until(state, "draw")
    seat = state.to_act()[0]
    state.apply(rummy.Draw(seat, "stock"))
    other = 1 - seat
    state.hands[seat] = [parse_card(t) for t in hand.split()]
    state.discards = [[other, t] for t in thrown.split()]
    state.pile = [parse_card(t) for t in thrown.split()]
    state.known[other] = [parse_card(t) for t in known.split()]
    state.hands[other][:len(state.known[other])] = state.known[other]
    return state, seat


def test_hard_discards_what_the_next_player_let_go_not_what_they_collect(monkeypatch):
    """Four loose fives, equal for the normal bot's hand cost and the outs: the hard
    player throws the eight, whose rank the next player threw away twice this round
    (``take_chance``: they take such discards about 5 % of the time, others about 20 %),
    never the six they are known to collect from the pile;
    without the feed model (FEED_STEP 0) it would not pick the eight."""
    monkeypatch.setattr(rummy_outs, "PARTNER_MODEL", False)  # the bins alone
    hand = "KS KH KD QD QC 9S 9H 5S 6H 7C 8D"
    state, seat = round_four_discard(hand, thrown="8S 8H", known="6S")
    view, legal = state.view(seat), state.legal_actions(seat)
    ctx = rummy_outs._OutsCtx(view)
    chance = rummy_outs.TAKE_CHANCE["dunka"]
    assert ctx.take_chance((8, "D")) == chance["thrown"]
    assert ctx.take_chance((6, "H")) == chance["known"]
    assert ctx.take_chance((7, "C")) == chance["unsafe"]
    hard = bots.choose(view, legal, "hard", seed=0)
    assert isinstance(hard, Discard) and str(hard.card) == "8D"
    monkeypatch.setattr(dunka_hard, "FEED_STEP", 0.0)  # Dunka's own (game.bots.dunka_hard)
    plain = bots.choose(view, legal, "hard", seed=0)
    assert str(plain.card) != "8D"
    assert str(plain.card) != "6H"  # the normal surcharge (FEED_KNOWN) still holds


def test_take_chance_scales_with_the_partners_still_unseen():
    """Round 4 (three sets): a seven the next player cannot use (all six other sevens
    seen: in our hand or on the pile) is never taken; one whose rank is all still out is
    likelier than the bin's mean, a partner factor above 1 and at most ``PARTNER_CAP``;
    the factor is relative to the mean card, so it is about 1 on average."""
    hand = "KS KH KD QD QC 9S 9H 7S 7H 7D 3C"
    state, seat = round_four_discard(hand, thrown="7C 7C.1 7S.1 7H.1 2D")
    ctx = rummy_outs._OutsCtx(state.view(seat))
    chance = rummy_outs.TAKE_CHANCE["dunka"]
    assert ctx.partners((7, "D")) == 1  # only the second 7D is still out
    assert ctx.partners((3, "C")) == 7
    assert ctx.partner_factor((7, "D")) < 0.5
    assert ctx.take_chance((7, "D")) < 0.5 * chance["thrown"]
    assert 1.0 < ctx.partner_factor((3, "C")) <= rummy_outs.PARTNER_CAP
    assert ctx.take_chance((3, "C")) == pytest.approx(
        chance["unsafe"] * ctx.partner_factor((3, "C")))
    mean = sum(ctx.partner_factor(c) for c in rummy_outs.DECK) / len(rummy_outs.DECK)
    assert 0.7 < mean < 1.3
    # runs (round 5, three-card runs): the partners are the same suit two ranks away
    state, seat = round_four_discard("KS KH KD QD QC 9S 9H 7S 7H 7D 3C", thrown="")
    state.round = 5
    view = state.view(seat)
    view["contract_melds"] = {**view["contract_melds"], "sets": 0, "runs": 3,
                              "run_size": 3}
    ctx = rummy_outs._OutsCtx(view)
    near = [(r, "C") for r in (14, 2, 4, 5)]
    assert ctx.partners((3, "C")) == sum(ctx.live(c) for c in near)


def last_round_view(lead: int):
    """The view of the seat in turn at its first draw of a two-player Dunka round 6
    (going out at once, DUN-15), leading the other seat by ``lead`` points (DUN-17)."""
    state = rummy.new_game(rummy.Rules(variant="dunka"), ["A", "B"], 5)
    state._deal(6)
    seat = state.to_act()[0]
    points = [0, 0]
    points[1 - seat] = max(0, lead)
    points[seat] = max(0, -lead)
    state.sheet = [{"round": 5, "contract": "3 three-runs", "dealer": 0, "out": None,
                    "points": points, "totals": list(points), "hands": [[], []]}]
    return state.view(seat)


def test_last_round_cost_weighs_the_game_not_the_round():
    """Dunka's last round (DUN-15, DUN-17): behind, the hand's points barely count (a
    lost race loses the game whatever the hand holds: BEHIND_POINTS); ahead by more than
    the least a hand can hold, each point above the lead costs AHEAD_RAMP more; before
    the last round the cost is the normal bot's."""
    hand = cards("KS KH KD QD QC 9S 9H AS 7C 8D")  # 10 cards: 85 points, least 50
    behind, ahead, far = (rummy_outs._OutsCtx(last_round_view(x)) for x in (-30, 60, 200))
    assert behind.lead == -30 and ahead.lead == 60 and far.lead == 200
    normal = dunka._Ctx(last_round_view(60)).cost(hand)
    dist = dunka.DIST_WEIGHT * ahead.distance(hand)
    assert behind.cost(hand) == pytest.approx(dist + rummy_outs.BEHIND_POINTS * 85)
    assert ahead.cost(hand) == pytest.approx(normal + rummy_outs.AHEAD_RAMP * (85 - 60 + 1))
    assert far.cost(hand) == normal  # the hand cannot lose the game: normal's cost
    early = rummy_outs._OutsCtx(round_four_discard(
        "KS KH KD QD QC 9S 9H 5S 6H 7C 8D", "8S")[0].view(0))
    assert early.lead is None and early.cost(hand) == dunka._Ctx(early.view).cost(hand)


def ending_view(other_cards: str, game: str = "dunka"):
    """A two-player round 4 (three sets) at the discard of the seat in turn, holding
    ``KS KH KD 9S 9H 5S 5H QC 7C 7D 2S``; the other seat is down with three sets of
    queens, eights and fours and holds ``other_cards``. Returns (view, legal)."""
    from game.melds import Meld
    state = rummy.new_game(rummy.Rules(variant=game), ["A", "B"], 7)
    state._deal(4)
    normal_play_until(state, "draw")
    seat = state.to_act()[0]
    state.apply(rummy.Draw(seat, "stock"))
    other = 1 - seat
    state.hands[seat] = [parse_card(t) for t in "KS KH KD 9S 9H 5S 5H QC 7C 7D 2S".split()]
    state.hands[other] = [parse_card(t) for t in other_cards.split()]
    state.known[other] = []
    state.table = [[i + 1, other, Meld.from_dict({"kind": "set", "cards": cards.split()})]
                   for i, cards in enumerate(("QS QH QD", "8S 8H 8D", "4S 4H 4D"))]
    state.next_meld_id = 4
    state.laid_down[other] = True
    return state.view(seat), state.legal_actions(seat)


@pytest.mark.parametrize("game", ["dunka", "elvakort"])
def test_a_card_that_lets_the_next_player_go_out_costs_the_round(monkeypatch, game):
    """The next player is down with one card: a discard they can lay off lets them go out
    at once (DUN-13, ELV-10), so it costs the points left in our hand (and their 50 in
    Elvakort, ELV-13) less the chance the stock gives them such a card anyway; with two
    cards, or a card that fits no meld, nothing more than the normal bot's surcharge."""
    monkeypatch.setattr(rummy_outs, "ENDING_CARDS", 1)
    view, _legal = ending_view("JC", game)
    ctx = rummy_outs._ElvOutsCtx(view) if game == "elvakort" else rummy_outs._OutsCtx(view)
    # the normal surcharge: a card the next player lays off on a meld of theirs
    base = elvakort.FEED_OWN_MELD if game == "elvakort" else dunka.FEED_LAYOFF
    points = sum(dunka._value(c) for c in ctx.hand) - 10 + (50 if game == "elvakort" else 0)
    fitting = sum(ctx.live((r, s)) for r in (12, 8, 4) for s in "SHDC")
    assert ctx.ending_feed((12, "C")) == pytest.approx((1 - fitting / ctx.unseen) * points)
    assert ctx.ending_feed((12, "C")) > dunka.DIST_WEIGHT  # dearer than a step back
    assert ctx.feeds((12, "C")) == pytest.approx(base + ctx.ending_feed((12, "C")))
    assert ctx.ending_feed((2, "S")) == 0.0  # fits no meld
    view, _legal = ending_view("JC 3D", game)
    ctx = rummy_outs._OutsCtx(view)
    assert ctx.ending_feed((12, "C")) == 0.0  # two cards: not out with one lay-off
    monkeypatch.setattr(rummy_outs, "ENDING_CARDS", 0)
    view, _legal = ending_view("JC", game)
    assert rummy_outs._OutsCtx(view).ending_feed((12, "C")) == 0.0
