"""The go-out round's distance of the hard Dunka and Elvakort players
(game.bots.rummy_go_out, issue 17; DUN-15, ELV-10): the cards a hand still has to draw
before every card in it forms the contract, checked against the engine's contract search."""

from __future__ import annotations

import collections
import importlib
import random

import pytest

from game import bots
from game.bots import dunka, pimc, rummy_go_out, rummy_outs, rummy_race
from game.melds import DUNKA, DUNKA_CONTRACTS, ELVAKORT, ELVAKORT_CONTRACTS
from game.melds.arrangements import contract_arrangements
from game.cards import parse_card

SUITS = dunka.SUITS
GAMES = {"dunka": (DUNKA, DUNKA_CONTRACTS[5]), "elvakort": (ELVAKORT, ELVAKORT_CONTRACTS[5])}


def last_round(game: str, seed: int = 1):
    """A two-player game dealt its round 6 (going out at once: DUN-15, ELV-10)."""
    return importlib.import_module("bench.round_screen").fresh_round(game, seed, 6)


def last_round_ctx(game: str) -> rummy_outs._Outs:
    """The hard player's context of seat 0 at the deal of round 6 of a two-player game."""
    view = last_round(game).view(0)
    return rummy_outs._ElvOutsCtx(view) if game == "elvakort" else rummy_outs._OutsCtx(view)


def hand(text: str) -> tuple:
    return tuple(sorted(dunka._card(t) for t in text.split()))


def engine_cards(cards: tuple) -> list:
    """``(rank, suit)`` cards (rank 0 a joker) as the engine's cards, copies told apart."""
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}
    seen: collections.Counter = collections.Counter()
    out = []
    for r, s in cards:
        base = "JK" if r == 0 else names.get(r, str(r)) + s
        out.append(parse_card(base + (f".{seen[(r, s)]}" if seen[(r, s)] else "")))
        seen[(r, s)] += 1
    return out


def test_turn_size_counts_the_draw_and_the_claims():
    # 11 dealt, one in the opening discard: 10 between turns, 11 in turn; a claim adds two
    assert [rummy_go_out.turn_size(n) for n in (9, 10, 11, 12, 13)] == [11, 11, 11, 13, 13]


def test_dunka_run_of_five_goes_out_and_the_exact_contract_is_one_card_short():
    ctx = last_round_ctx("dunka")
    # 2 sets + a run of 4 is 10 cards; the hand in turn holds 11 (DUN-15)
    assert rummy_go_out.go_out_distance(ctx, hand("QS QH QD 7S 7H 7C 2S 3S 4S 5S 6S")) == 0
    assert rummy_go_out.go_out_distance(ctx, hand("QS QH QD QC 7S 7H 7C 2S 3S 4S 5S")) == 0
    exact = hand("QS QH QD 7S 7H 7C 2S 3S 4S 5S")
    assert rummy_go_out.go_out_distance(ctx, exact) == 1
    # the normal bot's distance reads the run of five as a card short, the exact
    # contract as out already
    assert dunka._Ctx._distance(ctx, hand("QS QH QD 7S 7H 7C 2S 3S 4S 5S 6S")) > 0
    assert dunka._Ctx._distance(ctx, exact) == 0


def test_missing_cards_and_jokers():
    ctx = last_round_ctx("elvakort")
    # ELV-10: two runs of 4 and a set, 11 cards in turn
    assert rummy_go_out.go_out_distance(ctx, hand("2S 3S 4S 5S 8H 9H 10H JH KD KC KS")) == 0
    # a pair for the set and a loose card: one card to draw (a king), the 9C goes
    assert rummy_go_out.go_out_distance(ctx, hand("2S 3S 4S 5S 8H 9H 10H JH KD KC")) == 1
    assert rummy_go_out.go_out_distance(ctx, hand("2S 3S 4S 5S 8H 9H 10H JH KD KC 9C")) == 1
    # a joker fills the set's third place
    assert rummy_go_out.go_out_distance(ctx, hand("2S 3S 4S 5S 8H 9H 10H JH KD KC JK")) == 0
    # but a meld needs more naturals than jokers (ELV-3): K + two jokers is no set
    assert rummy_go_out.go_out_distance(ctx, hand("2S 3S 4S 5S 8H 9H 10H JH KD JK JK")) == 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_zero_exactly_when_the_engine_finds_a_way_out(game):
    """On near-go-out hands of 11 cards (a contract's melds, some a card longer, a few
    cards swapped for random ones) the distance is 0 exactly when the engine's contract
    search lays every card down (DUN-15, ELV-10)."""
    ctx = last_round_ctx(game)
    rules, contract = GAMES[game]
    deck = [(r, s) for r in range(2, 15) for s in SUITS] * 2 + [(0, "S")] * 4
    rng = random.Random(7)
    outcomes: collections.Counter = collections.Counter()
    for _ in range(600):
        cards = []
        for _run in range(contract.runs):
            s, low, length = rng.choice(SUITS), rng.randint(1, 10), rng.choice((4, 4, 5))
            cards += [(14 if p == 1 else p, s) for p in range(low, min(low + length, 15))]
        for _set in range(contract.sets):
            r = rng.randint(2, 14)
            cards += [(r, rng.choice(SUITS)) for _ in range(rng.choice((3, 3, 4)))]
        rng.shuffle(cards)
        cards = cards[:11]
        while len(cards) < 11:
            cards.append(rng.choice(deck))
        for _swap in range(rng.randint(0, 2)):
            cards[rng.randrange(11)] = rng.choice(deck)
        h = tuple(sorted(cards))
        if max(collections.Counter(h).values()) > 2 or h.count((0, "S")) > 4:
            continue
        out = bool(contract_arrangements(engine_cards(h), contract, rules, use_all=True,
                                         limit=1))
        zero = rummy_go_out.go_out_distance(ctx, h) == 0
        assert zero == out, h
        outcomes[out] += 1
    assert outcomes[True] > 50 and outcomes[False] > 50


@pytest.mark.parametrize("game,held,top,out", [
    ("dunka", "QS QH QD 7S 7H 7C 2S 3S 4S 5S", "6S", True),  # the run's fifth card
    ("dunka", "QS QH QD 7S 7H 7C 2S 3S 4S 5S", "QC", True),  # a fourth queen
    ("dunka", "QS QH QD 7S 7H 7C 2S 3S 4S 5S", "9D", False),
    ("elvakort", "2S 3S 4S 5S 8H 9H 10H JH KD KC", "KS", True),
    ("elvakort", "2S 3S 4S 5S 8H 9H 10H JH KD KC", "QH", False),
])
def test_hard_takes_the_pile_card_that_goes_out(game, held, top, out):
    """In round 6 the hard player takes the pile's top card when it lets every card go
    out at once (DUN-6 / ELV-5 with DUN-15 / ELV-10). The normal bot's draw weighs the
    hand after the discard it would then make, which is no nearer, and takes the stock
    for the run's fifth card or the fourth queen."""
    state = last_round(game, 3)
    step = 0
    while state.phase != "draw":
        seat = state.to_act()[0]
        state.apply(bots.choose(state.view(seat), state.legal_actions(seat), "normal",
                                seed=step))
        step += 1
    seat = state.to_act()[0]
    state.hands[seat] = [parse_card(t) for t in held.split()]
    state.pile.append(parse_card(top))
    legal = state.legal_actions(seat)
    view = state.view(seat)
    assert rummy_go_out.go_out_distance(rummy_outs._OutsCtx(view),
                                        hand(f"{held} {top}")) == (0 if out else 1)
    if game == "dunka" and out:
        assert bots.choose(view, legal, "normal", seed=1).source == "stock"
    if out:
        action = bots.choose(view, legal, "hard", seed=1)
        assert action.source == "pile"
        state.apply(action)  # then every card goes down (the engine offers it)
        after = bots.choose(state.view(seat), state.legal_actions(seat), "hard", seed=1)
        assert type(after).__name__ == "LayDown"


def test_race_counts_the_draws_to_go_out():
    """``rummy_race``: a hand one card from going out with many cards that finish it goes
    out in fewer draws than one with few, the same sequences serving both; the sequences
    depend only on the view."""
    ctx = last_round_ctx("dunka")
    pool = ctx.to_come()
    seen = len(ctx.view["pile"]) + len(ctx.hand)
    assert len(pool) == 2 * 52 + 4 - seen
    draws = rummy_race.sequences(ctx)
    assert draws == rummy_race.sequences(last_round_ctx("dunka"))
    assert len(draws) == rummy_race.RACE_SAMPLES
    assert all(len(seq) == rummy_race.RACE_HORIZON for seq in draws)
    # both one card short (DUN-15: 11 cards in turn); the first goes out with AS, 6S, a
    # fourth queen or seven or a joker, the second only with a QC or a joker
    wide = list(hand("QS QH QD 7S 7H 7C 2S 3S 4S 5S"))
    narrow = list(hand("QS QH QD 7S 7H 7C 9C 10C JC KC"))
    assert rummy_go_out.go_out_distance(ctx, tuple(wide)) == 1
    assert rummy_go_out.go_out_distance(ctx, tuple(sorted(narrow))) == 1
    fast = pimc.drive(rummy_race.race_turns_steps(ctx, wide, draws))
    slow = pimc.drive(rummy_race.race_turns_steps(ctx, narrow, draws))
    assert 1 <= fast < slow <= rummy_race.RACE_HORIZON + 1
    # every sequence's first card finishing a hand: one draw each
    assert pimc.drive(rummy_race.race_turns_steps(
        ctx, list(hand("QS QH QD 7S 7H 7C 2S 3S 4S 5S")), [[(6, "S")]] * 3)) == 1


# ---------------------------------------------------------------------------- issue 32

@pytest.mark.parametrize("game", ["dunka", "elvakort"])
def test_every_go_out_at_the_lay_down_is_seen_and_taken(game):
    """Four-player games of normal bots: at the start of every lay-down turn the plans
    (``game.rummy.goout``, from the view) find a way out exactly when the bench's
    independent check (``bench/go_out.py``: every set of cards the engine lets the seat
    lay off, every discard, the engine playing the split) does, the bot's first move is
    the plan's, and a seat with a way out is out before the next turn. Its lay-offs are
    the engine's listing (``legal_actions``) without the further melds' search."""
    from bench import go_out
    from game import rummy
    from game.rummy import LayDown, Layoff, Replace, goout
    seen = {True: 0, False: 0}
    for seed in (3, 4):
        state = rummy.new_game(rummy.Rules(variant=game), [f"P{i}" for i in range(4)],
                               seed)
        looked, watching, step = None, None, 0
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if state.phase == "play" and state.laid_down[seat]:
                assert sorted(map(str, go_out._layoffs(state, seat))) == \
                    sorted(str(a) for a in legal if isinstance(a, (Layoff, Replace)))
            if state.phase == "play" and not state.laid_down[seat] \
                    and looked != (state.round, state.turns) \
                    and any(isinstance(a, LayDown) for a in legal):
                looked = (state.round, state.turns)
                chance = go_out.can_go_out(state, seat)
                if not state.contract.go_out:
                    assert bool(goout.state_plans(state, seat)) == chance, \
                        go_out.describe(state, seat)
                seen[chance] += 1
                watching = seat if chance else None
            action = bots.choose(state.view(seat), legal, "normal", seed=seed * 1000 + step)
            state.apply(action)
            step += 1
            if watching is not None and not (state.phase == "play"
                                             and state.turn == watching):
                assert state.sheet[-1]["out"] == watching
                watching = None
    assert seen[True] >= 3 and seen[False] >= 10, seen


def test_the_bench_counts_chances_and_misses():
    """``bench/bots.py --go-out``'s count (issue 32) on one four-player Elvakort game:
    its lay-down turns, the chances among them and no miss; the decision times too."""
    from bench.bots import go_out_chances
    r = go_out_chances("elvakort", "normal", 1, players=4, first_deal=3)
    assert r["turns"] >= 10 and r["chances"] >= 1
    assert r["taken"] == r["chances"] and r["missed"] == [] and r["unchecked"] == 0
    assert len(r["times"]) == len(r["listing"]) > 100
