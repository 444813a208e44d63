"""The meld searches' work budget (``game.melds.SEARCH_BUDGET``): huge hands (a player who
claims nearly every discard, 60-80 cards) stay within a fixed number of search nodes and
still get valid arrangements; normal hands get exactly the unbounded search's results.
Asserts on node counts, never on wall-clock time."""

from __future__ import annotations

import random
import zlib

import pytest

from game.cards import make_deck
from game.melds import (DUNKA, DUNKA_CONTRACTS, ELVAKORT, ELVAKORT_CONTRACTS, GREEDY_BUDGET,
                        SEARCH_BUDGET, best_contract, best_melds, contract_arrangements,
                        dunka_value, is_valid, search_nodes)

HUGE = 10 ** 12


def huge_hand(seed: int, size: int = 80):
    """``size`` cards from three decks with all 6 jokers: many near-sets and near-runs."""
    deck = make_deck(range(2, 15), copies=3, jokers=6)
    jokers = [c for c in deck if c.is_joker]
    naturals = [c for c in deck if not c.is_joker]
    return jokers + random.Random(seed).sample(naturals, size - len(jokers))


def check_arrangement(arr, hand, rules, contract=None, use_all=False):
    used = [c for m in arr.melds for c in m.cards]
    assert len(set(used)) == len(used)
    assert set(used) <= set(hand)
    assert sorted(map(str, used + list(arr.left))) == sorted(map(str, hand))
    assert all(is_valid(m, rules) for m in arr.melds)
    if contract is not None:
        sets = [m for m in arr.melds if m.kind == "set"]
        runs = [m for m in arr.melds if m.kind == "run"]
        assert len(sets) == contract.sets and len(runs) == contract.runs
        assert all(len(m) >= contract.set_size for m in sets)
        assert all(len(m) >= contract.run_size for m in runs)
    if use_all:
        assert not arr.left


CASES = [("dunka", DUNKA, c) for c in DUNKA_CONTRACTS] + \
        [("elvakort", ELVAKORT, c) for c in ELVAKORT_CONTRACTS]


@pytest.mark.parametrize("seed,size", [(0, 80), (1, 60)])
@pytest.mark.parametrize("name,rules,contract", CASES,
                         ids=[f"{n}-{i % 6 + 1}" for i, (n, _, _) in enumerate(CASES)])
def test_huge_hand_stays_within_budget(seed, size, name, rules, contract):
    hand = huge_hand(seed, size)
    arr = best_contract(hand, contract, rules, dunka_value, use_all=contract.go_out)
    assert search_nodes() <= SEARCH_BUDGET + GREEDY_BUDGET
    if contract.go_out:
        assert arr is None  # 60+ random cards never go out in three melds
    else:
        assert arr is not None
        check_arrangement(arr, hand, rules, contract)
    arrs = contract_arrangements(hand, contract, rules, use_all=contract.go_out, limit=9)
    assert search_nodes() <= SEARCH_BUDGET
    for a in arrs:
        check_arrangement(a, hand, rules, contract, contract.go_out)
    if not contract.go_out:
        assert arrs


@pytest.mark.parametrize("seed", [0, 1])
def test_huge_hand_further_melds(seed):
    hand = huge_hand(seed)
    arr = best_melds(hand, ELVAKORT, dunka_value)
    assert search_nodes() <= SEARCH_BUDGET
    check_arrangement(arr, hand, ELVAKORT)
    assert arr.melds


def test_budget_runs_out_and_best_found_is_used():
    hand = huge_hand(3)
    contract = ELVAKORT_CONTRACTS[4]
    small = best_contract(hand, contract, ELVAKORT, dunka_value, budget=1000)
    assert search_nodes() <= 1000 + GREEDY_BUDGET
    check_arrangement(small, hand, ELVAKORT, contract)
    big = best_contract(hand, contract, ELVAKORT, dunka_value, budget=50_000)
    assert search_nodes() == 50_000  # ran out
    assert big.points(dunka_value) <= small.points(dunka_value)


@pytest.mark.parametrize("rules,contract", [(DUNKA, DUNKA_CONTRACTS[1]),
                                            (ELVAKORT, ELVAKORT_CONTRACTS[4]),
                                            (DUNKA, DUNKA_CONTRACTS[4])])
def test_greedy_fallback_when_nothing_found(rules, contract):
    """A budget too small to reach any leaf: the greedy construction still finds the
    contract in a hand that plainly holds it."""
    hand = huge_hand(4, 70)
    arr = best_contract(hand, contract, rules, dunka_value, budget=1)
    assert search_nodes() <= 1 + GREEDY_BUDGET
    assert arr is not None
    check_arrangement(arr, hand, rules, contract)


def normal_hands(n: int, seed: int):
    """Random deals of 11-25 cards from two decks with 4 jokers (Elvakort, 2-4 players)."""
    rnd = random.Random(seed)
    deck = make_deck(range(2, 15), copies=2, jokers=4)
    return [rnd.sample(deck, rnd.randint(11, 25)) for _ in range(n)]


def _text(arr):
    return None if arr is None else str(arr)


@pytest.mark.parametrize("name,rules,contract", CASES,
                         ids=[f"{n}-{i % 6 + 1}" for i, (n, _, _) in enumerate(CASES)])
def test_normal_hands_unchanged(name, rules, contract):
    for hand in normal_hands(25, zlib.crc32(str(contract).encode()) % 1000):
        got = best_contract(hand, contract, rules, dunka_value, use_all=contract.go_out)
        assert search_nodes() < SEARCH_BUDGET  # finished: exact
        want = best_contract(hand, contract, rules, dunka_value, use_all=contract.go_out,
                             budget=HUGE)
        assert _text(got) == _text(want)
        got = contract_arrangements(hand, contract, rules, use_all=contract.go_out, limit=9)
        assert search_nodes() < SEARCH_BUDGET
        want = contract_arrangements(hand, contract, rules, use_all=contract.go_out, limit=9,
                                     budget=HUGE)
        assert list(map(str, got)) == list(map(str, want))


def test_normal_hands_further_melds_unchanged():
    for hand in normal_hands(60, 7):
        got = best_melds(hand, ELVAKORT, dunka_value)
        assert search_nodes() < SEARCH_BUDGET
        assert _text(got) == _text(best_melds(hand, ELVAKORT, dunka_value, budget=HUGE))


def test_budget_shrinks_with_the_hand():
    """Issue 13: a node costs more the bigger the hand, so hands beyond
    ``FULL_BUDGET_CARDS`` get fewer nodes; normal hands keep the whole budget (exact)."""
    from game.melds import FULL_BUDGET_CARDS, default_budget
    assert all(default_budget(n) == SEARCH_BUDGET for n in range(1, FULL_BUDGET_CARDS + 1))
    assert default_budget(75) == SEARCH_BUDGET // 9
    assert default_budget(40) < default_budget(30) < SEARCH_BUDGET
    hand = huge_hand(0, 75)
    contract = ELVAKORT_CONTRACTS[4]
    best_contract(hand, contract, ELVAKORT, dunka_value)
    assert search_nodes() <= default_budget(75) + GREEDY_BUDGET
    contract_arrangements(hand, contract, ELVAKORT, limit=9)
    assert search_nodes() <= default_budget(75)
    best_melds(hand, ELVAKORT, dunka_value)
    assert search_nodes() <= default_budget(75)
