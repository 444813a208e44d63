"""The Durak endgame solver (game/bots/durak_endgame.py) and the normal bot's use of it
(issue 17, scope 1). CPython only.

- the solver against an independent brute force over the engine's own ``clone()`` /
  ``apply()`` on many small random endgames (every move's value, transfers on and off),
  and its static bout-start rules (``lead_value``) on their own;
- the issue's example: normal no longer throws the won position away;
- random won two-player endgames with 10–12 cards in play: normal's first move keeps the
  win (checked by the solver itself, which the first test checks against brute force);
- the fixed bench set of 12-card endgames (bench/durak_solver.py): the solver finds the
  values the solver before its speed-up found (the quick part here, all of it in the bench);
- the live-card structure cache shared by all solvers stays bounded and untracked by
  the garbage collector (long units of a long session, bench/hard_slices.py).
"""

from __future__ import annotations

import importlib
import random

import pytest

from durak_endgames import brute_force, random_endgame
from game import bots
from game.bots.durak_endgame import Solver, move_of, root_of_state
from game.positions import read

EXAMPLE = "durak;trump=AC;h0=9C,9D,KS,AS,JC;h1=10D,10C,QC,8S,8D,AH;talon=;discard=AC,?24;attacker=0"


def solved(state, seat):
    """{action text: exact value for ``seat``} of every legal action of ``seat``."""
    root = root_of_state(state, seat)
    assert root is not None
    values = Solver(state.trump, state.rules.transfer).solve_moves(root, exact=True)
    return {str(a): values[move_of(a)] for a in state.legal_actions(seat)}


@pytest.mark.parametrize("seed", range(4))
def test_solver_agrees_with_engine_brute_force(seed):
    rng = random.Random(seed)
    checked = moves = 0
    while checked < 60:
        state = random_endgame(rng, rng.randint(2, 6), moves=rng.randint(0, 4),
                               deck=rng.choice((24, 36, 52)))
        if state is None:
            continue
        seat = state.to_act()[0]
        if root_of_state(state, seat) is None:
            continue
        values = solved(state, seat)
        for action in state.legal_actions(seat):
            nxt = state.clone()
            nxt.apply(action)
            assert values[str(action)] == brute_force(nxt, seat), (state.to_dict(), str(action))
            moves += 1
        checked += 1
    assert moves > checked  # positions with a real choice were met


@pytest.mark.parametrize("seed", range(2))
def test_static_bout_start_rules_agree_with_engine_brute_force(seed):
    # EndgameMoves.lead_value (W1, W2, W3, L0, L1) on bout starts: every answer it gives is
    # the brute-force value for the attacker
    rng = random.Random(100 + seed)
    settled = {1: 0, -1: 0}
    for _ in range(400):
        state = random_endgame(rng, rng.randint(2, 6), deck=rng.choice((24, 36, 52)))
        attacker = state.attacker
        root = root_of_state(state, attacker)
        if root is None or root[0] != 0:
            continue
        solver = Solver(state.trump, state.rules.transfer)
        v = solver.lead_value(root[1], root[2])
        if v:
            assert v == brute_force(state, attacker), state.to_dict()
            settled[v] += 1
    assert settled[1] > 20 and settled[-1] > 5  # both kinds of rule were met


def _bout_start(attacker_cards: str, defender_cards: str, trump: str, transfer: bool):
    """A two-player 36-card bout start (talon empty, attacker seat 0) from card texts."""
    from game.cards import make_deck, parse_cards
    from game.durak import DECK_RANKS, Rules, State
    hands = [parse_cards(attacker_cards.replace(",", " ")),
             parse_cards(defender_cards.replace(",", " "))]
    live = {str(c) for h in hands for c in h}
    deck = make_deck(DECK_RANKS[36])
    trump_card = next(c for c in deck if c.suit == trump and str(c) not in live)
    state = State(rules=Rules(transfer=transfer), names=["P0", "P1"], hands=hands, talon=[],
                  trump_card=trump_card, dealer=1, attacker=0, defender=1, rng_state=0,
                  discard=[c for c in deck if str(c) not in live], table=[],
                  known=[[], []], first_bout=False)
    state.limit = min(6, len(hands[1]))
    state.check_integrity()
    return state


@pytest.mark.parametrize("a, d, transfer", [
    ("AS,KH,7D", "9D,6S,6H", False),  # W3, one card (7D) that the defender can beat
    ("AS,7D,7H", "6S,8D,8H", True),   # W3, a one-rank group (7D, 7H) led last at once
])
def test_rule_w3_wins_by_engine_brute_force(a, d, transfer):
    state = _bout_start(a, d, "C", transfer)
    solver = Solver("C", transfer)
    root = root_of_state(state, 0)
    assert solver._beatable(root[2], root[1])  # W2 does not apply: d beats a card of a
    assert solver.lead_value(root[1], root[2]) == 1
    assert brute_force(state, 0) == 1


def test_the_issue_example_is_won_and_normal_keeps_it():
    state = read(EXAMPLE).state
    values = solved(state, 0)
    assert values["attack 9D"] == -1
    assert values["attack KS"] == 1 and values["attack AS"] == 1
    seat = state.to_act()[0]
    choice = bots.choose(state.view(seat), state.legal_actions(seat), "normal", seed=1)
    assert values[str(choice)] == 1


def test_normal_never_throws_a_won_endgame_away():
    rng = random.Random(17)
    won = 0
    while won < 96:
        state = random_endgame(rng, rng.randint(10, 12), moves=rng.randint(0, 2))
        if state is None:
            continue
        seat = state.to_act()[0]
        if root_of_state(state, seat) is None:
            continue
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        root = root_of_state(state, seat)
        solver = Solver(state.trump, state.rules.transfer)
        if max(solver.solve_moves(root).values()) != 1:
            continue  # not won: nothing to keep
        won += 1
        choice = bots.choose(state.view(seat), legal, "normal", seed=won)
        after = state.clone()
        after.apply(choice)
        if after.is_over():
            assert after.outcome()["durak"] not in (seat, None)
            continue
        kids = dict(solver.moves(root, all_targets=True, reduce=False))
        child = kids[move_of(choice)]
        value = child if child.__class__ is int else solver.value(child)
        assert value == 1, (state.to_dict(), str(choice))


def _bench_module():
    return importlib.import_module("bench.durak_solver")


def test_solver_keeps_the_values_of_the_solver_before_its_speed_up():
    bench = _bench_module()
    entries = [e for e in bench.load() if e["old_units"] <= 20_000]
    assert len(entries) >= 250 and any(e["transfer"] for e in entries)
    for entry in entries:
        bench.check(entry)  # asserts the root value and every stored move value


def test_the_structure_cache_stays_small_and_out_of_the_collector():
    """``_structure``'s cache, shared by every solver of a session, is bounded by
    ``CACHE_LIMIT`` and holds only tuples of ints, which the garbage collector stops
    tracking: a long session's full collections (and the page's slices they fall in) do
    not grow with it. Its entries give the same structure again."""
    import gc

    from game.bots import durak_endgame_position as position
    rng = random.Random(3)
    first = rng.getrandbits(36)
    entry = position._structure(first)
    for _ in range(position.CACHE_LIMIT + 50):
        position._structure(rng.getrandbits(36))
        assert len(position._STRUCT) <= position.CACHE_LIMIT
    for _ in range(4):  # each collection stops tracking one level of nested tuples
        gc.collect()
    assert not gc.is_tracked(entry)
    assert not any(gc.is_tracked(e) for e in position._STRUCT.values())
    assert position._structure(first) == entry
