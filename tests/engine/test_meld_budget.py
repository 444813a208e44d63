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
    # 200,000 nodes: the candidate runs of this 80-card hand are all built (issue 13: the
    # building counts), then the search runs out
    big = best_contract(hand, contract, ELVAKORT, dunka_value, budget=200_000)
    assert search_nodes() == 200_000  # ran out
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
    assert search_nodes() <= default_budget(75) + GREEDY_BUDGET


def every_position_hand():
    """Issue 13's slowest saved game: a claiming player's 75 cards holding every position of
    two suits two or three times over and six jokers (tens of thousands of run shapes)."""
    deck = make_deck(range(2, 15), copies=3, jokers=6)
    jokers = [c for c in deck if c.is_joker]
    spades = [c for c in deck if c.suit == "S"]
    hearts = [c for c in deck if c.suit == "H"][:26]
    diamonds = [c for c in deck if c.suit == "D"][:4]
    return jokers + spades + hearts + diamonds


def counting_shapes(monkeypatch):
    """Count the candidate run shapes the searches build (``_run_shapes``' items)."""
    from game.melds import arrangements, packed, search
    made = [0]
    real = packed._run_shapes

    def counted(*args, **kwargs):
        for shape in real(*args, **kwargs):
            made[0] += 1
            yield shape

    monkeypatch.setattr(search, "_run_shapes", counted)
    monkeypatch.setattr(arrangements, "_run_shapes", counted)
    return made


@pytest.mark.parametrize("contract", [c for c in ELVAKORT_CONTRACTS if c.runs],
                         ids=str)
def test_building_the_candidate_runs_counts_in_the_budget(monkeypatch, contract):
    """Issue 13: building the candidate runs was not counted, and a 75-card hand built
    ~20,000 of them per search (562 ms in Pyodide); now each shape is at least one node of
    the budget, and the searches still lay the contract down from whole intervals."""
    from game.melds import default_budget
    hand = every_position_hand()
    assert len(hand) == 75
    made = counting_shapes(monkeypatch)
    arr = best_contract(hand, contract, ELVAKORT, dunka_value, use_all=contract.go_out)
    assert made[0] <= search_nodes() <= default_budget(75) + GREEDY_BUDGET
    if not contract.go_out:
        check_arrangement(arr, hand, ELVAKORT, contract)
    made[0] = 0
    arrs = contract_arrangements(hand, contract, ELVAKORT, use_all=contract.go_out, limit=9)
    assert made[0] <= search_nodes() <= default_budget(75) + GREEDY_BUDGET
    for a in arrs:
        check_arrangement(a, hand, ELVAKORT, contract, contract.go_out)
    if not contract.go_out:
        assert arrs


def test_further_melds_fallback_takes_runs_too():
    """When the budget runs out while the candidate runs are built, ``best_melds``' greedy
    fallback lays runs from whole intervals as well as sets: two whole suits, which hold no
    set, go down as two runs."""
    deck = make_deck(range(2, 15), copies=1, jokers=0)
    hand = [c for c in deck if c.suit in "SH"]
    arr = best_melds(hand, ELVAKORT, dunka_value, budget=1)
    assert search_nodes() <= 1 + GREEDY_BUDGET
    check_arrangement(arr, hand, ELVAKORT)
    assert [m.kind for m in arr.melds] == ["run", "run"] and not arr.left


def test_a_sets_only_contract_builds_no_runs(monkeypatch):
    """Issue 13's 562-ms save was in round "3 sets": the search built every run shape of a
    75-card hand and never looked at one."""
    contract = next(c for c in ELVAKORT_CONTRACTS if not c.runs)
    made = counting_shapes(monkeypatch)
    arr = best_contract(every_position_hand(), contract, ELVAKORT, dunka_value)
    assert made[0] == 0
    check_arrangement(arr, every_position_hand(), ELVAKORT, contract)


def test_keeping_a_card_from_a_huge_hand_does_not_search_per_card(monkeypatch):
    """Issue 13: a claiming player who has laid down holds 45 cards that all meld; ELV-10
    keeps one for the discard, which searched the hand less each distinct card (40+
    budgeted searches, 2-3 s). Now one card is taken out of a meld that can spare it."""
    from game.rummy import search
    deck = make_deck(range(2, 15), copies=3, jokers=6)
    naturals = [c for c in deck if not c.is_joker]
    hand = tuple([c for c in deck if c.is_joker]
                 + [c for c in naturals if c.suit in "SH" and c.copy == 0]
                 + [c for c in naturals if c.suit == "D"][:13])
    assert len(hand) == 45
    calls = [0]
    real = search.best_melds

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "best_melds", counted)
    search.further_cached.cache_clear()
    offers = search.further_cached(hand, "elvakort", True)
    assert calls[0] == 1
    melded = [c for m in offers[0] for c in m.cards]
    assert len(melded) == len(hand) - 1 and set(melded) < set(hand)
    assert all(is_valid(m, ELVAKORT) for m in offers[0])
