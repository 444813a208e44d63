"""Meld engine tests (``game.melds``): rules by id (DUN-2, DUN-3, DUN-4, DUN-11, DUN-15,
ELV-2, ELV-3, TONK-1, TONK-2), text and JSON round-trips, and a brute-force cross-check of
the exact searches against a naive exhaustive search written here.
"""

from __future__ import annotations

import json
import random

import pytest

from game.cards import JOKER_RANK, Card, make_deck, parse_card, parse_cards
from game.engine import SettingError
from game.melds import (DUNKA, DUNKA_CONTRACTS, ELVAKORT, ELVAKORT_CONTRACTS, TONK,
                        Arrangement, Contract, Meld, MeldError, MeldRules, best_contract,
                        best_melds, contract_arrangements, dunka_value, is_valid,
                        lay_off_options, melds_from, parse_meld, replace_joker, tonk_value)


def texts(melds):
    return [str(m) for m in melds]


def reads(text, rules=DUNKA):
    return texts(melds_from(parse_cards(text), rules))


# ------------------------------------------------------------------ rules values


def test_meld_rules_constants():
    assert (DUNKA.min_set, DUNKA.min_run, DUNKA.ace, DUNKA.jokers) == (3, 3, "both", True)
    assert DUNKA.joker_replacement and not ELVAKORT.joker_replacement
    assert ELVAKORT.min_run == 4
    assert (TONK.jokers, TONK.ace, TONK.set_repeats_suits) == (False, "low", False)


@pytest.mark.parametrize("name,value", [("ace", "high"), ("min_set", 1), ("jokers", 1)])
def test_meld_rules_bad_setting(name, value):
    with pytest.raises(SettingError) as info:
        MeldRules(**{name: value})
    assert info.value.setting == name


def test_contract_tables_and_text():
    assert [str(c) for c in DUNKA_CONTRACTS] == [
        "2 sets", "1 set + 1 four-run", "2 four-runs", "3 sets", "3 three-runs",
        "2 sets + 1 four-run, going out"]
    assert [str(c) for c in ELVAKORT_CONTRACTS] == [
        "2 sets", "1 set + 1 four-run", "2 four-runs", "3 sets", "2 sets + 1 four-run",
        "1 set + 2 four-runs, going out"]
    for c in DUNKA_CONTRACTS + ELVAKORT_CONTRACTS:
        assert Contract.from_dict(json.loads(json.dumps(c.to_dict()))) == c
    with pytest.raises(SettingError):
        Contract.from_dict({"sets": 2, "color": "red"})


def test_card_values():
    assert [dunka_value(c) for c in parse_cards("JK AS 10H KD 9C 2S")] == [25, 15, 10, 10, 5, 5]
    assert [tonk_value(c) for c in parse_cards("AS 10H KD 9C 2S")] == [1, 10, 10, 9, 2]


# ------------------------------------------------------------------ DUN-2 sets and runs


def test_dun_2_set_of_three_or_more_suits_may_repeat():
    assert reads("7S 7S.1 7H") == ["set 7S 7S.1 7H"]
    assert reads("7S 7H") == []
    assert reads("7S 7H 7D 7C 7S.1") == ["set 7S 7S.1 7H 7D 7C"]


def test_dun_2_run_of_three_or_more_in_one_suit():
    assert reads("5H 6H 7H") == ["run 5H 6H 7H"]
    assert reads("5H 6H") == []
    assert reads("5H 6H 7S") == []
    assert reads("5H 6H 8H") == []


def test_dun_2_run_never_holds_two_cards_of_a_rank():
    assert reads("7S 7S.1 8S") == []
    assert reads("7S 7S.1 8S 9S") == []
    assert lay_off_options(parse_meld("run 7S 8S 9S"), [parse_card("8S.1")], DUNKA) == []


def test_dun_2_ace_low_or_high_never_both():
    assert reads("AH 2H 3H") == ["run AH 2H 3H"]
    assert reads("QH KH AH") == ["run QH KH AH"]
    assert reads("KH AH 2H") == []
    # a 13-card run may hold the ace at one end only: either end, two readings
    full = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert reads(full) == ["run " + full, "run 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"]
    assert reads(full + " AH.1") == []
    twelve = parse_meld("run 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert texts(lay_off_options(twelve, [parse_card("AH")], DUNKA)) == [
        "run AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "run 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"]
    low_ace = parse_meld("run AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")
    assert texts(lay_off_options(low_ace, parse_cards("KH"), DUNKA)) == [
        "run AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]
    assert lay_off_options(lay_off_options(low_ace, parse_cards("KH"), DUNKA)[0],
                           parse_cards("AH.1"), DUNKA) == []


# ------------------------------------------------------------------ DUN-3 joker majority


def test_dun_3_jokers_fewer_than_naturals():
    assert reads("7S 7H JK") == ["set 7S 7H JK=7"]
    assert reads("7S JK JK.1") == []
    assert reads("7S 7H 7D JK JK.1") == ["set 7S 7H 7D JK=7 JK.1=7"]
    assert reads("7S 7H JK JK.1") == []
    assert reads("7S JK 9S") == ["run 7S JK=8S 9S"]
    assert reads("7S JK JK.1 10S") == []
    assert reads("7S 8S 9S JK JK.1") == [
        "run JK=5S JK.1=6S 7S 8S 9S", "run JK=6S 7S 8S 9S JK.1=10S",
        "run 7S 8S 9S JK=10S JK.1=JS"]
    assert reads("JK JK.1 JK.2") == []


def test_dun_3_lay_off_keeps_the_majority():
    s = parse_meld("set 7S 7H JK=7")
    assert lay_off_options(s, parse_cards("JK.1"), DUNKA) == []
    assert texts(lay_off_options(s, parse_cards("7D JK.1"), DUNKA)) == [
        "set 7S 7H 7D JK=7 JK.1=7"]
    r = parse_meld("run 7S JK=8S 9S")
    assert lay_off_options(r, parse_cards("JK.1"), DUNKA) == []
    assert texts(lay_off_options(r, parse_cards("10S JK.1"), DUNKA)) == [
        "run 7S JK=8S 9S 10S JK.1=JS", "run JK.1=6S 7S JK=8S 9S 10S"]


def test_dun_3_no_majority_rule_when_switched_off():
    loose = MeldRules(joker_majority=False)
    assert "set 7S JK=7 JK.1=7" in reads("7S JK JK.1", loose)


# ------------------------------------------------------------------ DUN-4 longer melds


def test_dun_4_contract_melds_may_be_longer():
    hand = parse_cards("KS KH KD KC KS.1 4D 4H 4C 9S 10S JS")
    best = best_contract(hand, DUNKA_CONTRACTS[0], DUNKA, dunka_value)
    assert texts(best.melds) == ["set 4H 4D 4C", "set KS KS.1 KH KD KC"]
    hand = parse_cards("5D 6D 7D 8D 9D 10D 2S 2H 2C JK")
    best = best_contract(hand, DUNKA_CONTRACTS[1], DUNKA, dunka_value)
    assert not best.left
    assert texts(best.melds) == ["set 2S 2H 2C", "run 5D 6D 7D 8D 9D 10D JK=JD"]


def test_dun_4_contract_is_exact_no_extra_melds():
    hand = parse_cards("2S 2H 2C 5S 5H 5D 9C 9D 9H")
    best = best_contract(hand, DUNKA_CONTRACTS[0], DUNKA, dunka_value)
    assert len(best.melds) == 2 and len(best.left) == 3
    assert len(best_contract(hand, DUNKA_CONTRACTS[3], DUNKA, dunka_value).melds) == 3


# ------------------------------------------------------------------ DUN-11 joker replacement


def test_dun_11_natural_replaces_joker_which_moves_to_an_end():
    run = parse_meld("run 7S 8S JK=9S 10S")
    assert texts(replace_joker(run, parse_card("9S.1"), DUNKA)) == [
        "run JK=6S 7S 8S 9S.1 10S", "run 7S 8S 9S.1 10S JK=JS"]
    assert replace_joker(run, parse_card("9H"), DUNKA) == []
    assert replace_joker(run, parse_card("8S.1"), DUNKA) == []


def test_dun_11_only_ends_that_keep_the_run_valid():
    run = parse_meld("run 10S JS JK=QS KS AS")
    assert texts(replace_joker(run, parse_card("QS"), DUNKA)) == ["run JK=9S 10S JS QS KS AS"]
    run = parse_meld("run JK=AS 2S 3S")
    assert texts(replace_joker(run, parse_card("AS"), DUNKA)) == ["run AS 2S 3S JK=4S"]


def test_dun_11_sets_never_and_not_in_elvakort():
    assert replace_joker(parse_meld("set 7S 7H JK=7"), parse_card("7D"), DUNKA) == []
    run = parse_meld("run 7S 8S JK=9S 10S")
    assert replace_joker(run, parse_card("9S"), ELVAKORT) == []
    with pytest.raises(MeldError):
        replace_joker(run, parse_card("8S"), DUNKA)


# ------------------------------------------------------------------ DUN-15 going out


def test_dun_15_round_6_uses_every_card():
    contract = DUNKA_CONTRACTS[5]
    hand = parse_cards("3S 3H 3D 9C 9D JK 4H 5H 6H 7H 8H")
    out = best_contract(hand, contract, DUNKA, dunka_value, use_all=True)
    assert out is not None and not out.left
    assert sorted(texts(out.melds)) == ["run 4H 5H 6H 7H 8H", "set 3S 3H 3D", "set 9D 9C JK=9"]
    arrs = contract_arrangements(hand, contract, DUNKA, use_all=True, limit=None)
    assert len(arrs) == 1 and arrs[0].melds == out.melds
    hand = parse_cards("3S 3H 3D 9C 9D JK 4H 5H 6H 7H KS")
    assert best_contract(hand, contract, DUNKA, dunka_value, use_all=True) is None
    assert contract_arrangements(hand, contract, DUNKA, use_all=True) == []
    assert best_contract(hand, contract, DUNKA, dunka_value) is not None


# ------------------------------------------------------------------ Elvakort and Tonk


def test_elv_2_runs_of_four():
    assert reads("5H 6H 7H", ELVAKORT) == []
    assert reads("5H 6H 7H 8H", ELVAKORT) == ["run 5H 6H 7H 8H"]
    assert reads("JH QH KH AH", ELVAKORT) == ["run JH QH KH AH"]
    hand = parse_cards("5H 6H 7H 2C 2D 2S")
    assert best_contract(hand, ELVAKORT_CONTRACTS[1], ELVAKORT, dunka_value) is None


def test_elv_7_contract_with_extra_melds():
    hand = parse_cards("2C 2D 2S 5H 6H 7H 8H KS KH KD 4C")
    contract = ELVAKORT_CONTRACTS[1]
    plain = best_contract(hand, contract, ELVAKORT, dunka_value)
    assert len(plain.melds) == 2 and len(plain.left) == 4
    more = best_contract(hand, contract, ELVAKORT, dunka_value, extra=True)
    assert len(more.melds) == 3 and [str(c) for c in more.left] == ["4C"]
    with pytest.raises(ValueError):
        best_contract(hand, DUNKA_CONTRACTS[1], DUNKA, dunka_value, extra=True)


def test_tonk_2_ace_low_only():
    assert reads("AS 2S 3S", TONK) == ["run AS 2S 3S"]
    assert reads("QS KS AS", TONK) == []
    assert lay_off_options(parse_meld("run JS QS KS"), [parse_card("AS")], TONK) == []
    assert not is_valid(parse_meld("run QS KS AS"), TONK)
    assert is_valid(parse_meld("run QS KS AS"), DUNKA)


def test_tonk_1_no_jokers_and_books_of_three_or_four():
    assert reads("7S 7H JK", TONK) == []
    assert reads("7S 8S JK", TONK) == []
    assert reads("7S 7H 7D 7C", TONK) == ["set 7S 7H 7D 7C"]
    assert reads("7S 7S.1 7H", TONK) == []
    assert lay_off_options(parse_meld("set 7S 7H 7D"), parse_cards("JK"), TONK) == []
    hand = parse_cards("KS KH KD JK 2C")
    best = best_melds(hand, TONK, tonk_value)
    assert texts(best.melds) == ["set KS KH KD"] and len(best.left) == 2
    assert best_melds(hand, TONK, tonk_value, use_all=True) is None


# ------------------------------------------------------------------ text and JSON


def test_meld_text_and_dict_round_trip_on_many_melds():
    rng = random.Random(5)
    deck = make_deck(range(2, 15), copies=2, jokers=4)
    seen = 0
    for _ in range(3000):
        cards = rng.sample(deck, rng.randint(3, 5))
        for m in melds_from(cards, DUNKA):
            seen += 1
            assert parse_meld(str(m)) == m
            assert Meld.from_dict(json.loads(json.dumps(m.to_dict()))) == m
            assert is_valid(m, DUNKA)
            assert sorted(m.cards) == sorted(cards)
    assert seen > 20


@pytest.mark.parametrize("bad", [
    "set KS KH AS", "run 7S 8S 10S", "run 7S 8H 9S", "run JK=7S 8S 9S 9S", "run 7S JK 9S",
    "set 7S 7H JK=8", "set 7S 7S", "run KS AS 2S", "pile 7S 7H 7D", "", "run 7S 8S=9S 9S",
    "run JK=6S JK.1=7S",
])
def test_malformed_meld_text(bad):
    with pytest.raises(MeldError):
        parse_meld(bad)


@pytest.mark.parametrize("bad", [None, [], {"kind": "set"}, {"kind": "set", "cards": "7S"},
                                 {"kind": "set", "cards": ["7S", "7H", 7]},
                                 {"kind": "run", "cards": ["7S", "8S", "XS"]}])
def test_malformed_meld_dict(bad):
    with pytest.raises(MeldError):
        Meld.from_dict(bad)


def test_arrangement_round_trip():
    hand = parse_cards("JC 9D 8S 6D JS 8H 10D 8D 7D JD JK")
    arr = best_melds(hand, DUNKA, dunka_value)
    again = Arrangement.from_dict(json.loads(json.dumps(arr.to_dict())))
    assert again == arr
    assert str(arr).startswith("set ")


def test_cards_given_twice_are_refused():
    seven = parse_card("7S")
    with pytest.raises(MeldError):
        melds_from([seven, seven, parse_card("7H")], DUNKA)
    with pytest.raises(MeldError):
        lay_off_options(parse_meld("set 7S 7H 7D"), [seven], DUNKA)
    with pytest.raises(MeldError):
        best_contract([seven, seven], DUNKA_CONTRACTS[0], DUNKA, dunka_value)


# ------------------------------------------------------------------ brute-force cross-check


def naive_kinds(cards, rules):
    """The meld kinds a group of cards can be, decided the slow obvious way."""
    nat = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(nat)
    if not nat or (jokers and not rules.jokers):
        return set()
    if rules.joker_majority and jokers >= len(nat):
        return set()
    kinds = set()
    if len(cards) >= rules.min_set and len({c.rank for c in nat}) == 1:
        if rules.set_repeats_suits or (len({c.suit for c in nat}) == len(nat)
                                       and len(cards) <= 4):
            kinds.add("set")
    if len(cards) >= rules.min_run and len({c.suit for c in nat}) == 1:
        top = 14 if rules.ace == "both" else 13
        ranks = sorted(c.rank for c in nat)
        for low in range(1, top - len(cards) + 2):
            window = [14 if p == 1 else p for p in range(low, low + len(cards))]
            if len(set(window)) == len(window) and len(set(ranks)) == len(ranks) \
                    and set(ranks) <= set(window):
                kinds.add("run")
    return kinds


def naive_groups(hand, rules):
    """Every (bitmask, kind, size) of a subset of the hand that is a meld."""
    out = []
    for mask in range(1, 1 << len(hand)):
        group = [hand[i] for i in range(len(hand)) if mask >> i & 1]
        for kind in sorted(naive_kinds(group, rules)):
            out.append((mask, kind, len(group)))
    return out


def naive_value(hand, mask, values):
    return sum(values(hand[i]) for i in range(len(hand)) if mask >> i & 1)


def naive_best_contract(hand, groups, contract, values, use_all):
    """Fewest points left over every choice of exactly the contract's melds (or None);
    ``groups`` is ``naive_groups(hand, rules)``."""
    sets = [g[0] for g in groups if g[1] == "set" and g[2] >= contract.set_size]
    runs = [g[0] for g in groups if g[1] == "run" and g[2] >= contract.run_size]
    full = (1 << len(hand)) - 1
    best = None

    def pick(pool, k, start, used, then):
        if k == 0:
            then(used)
            return
        for i in range(start, len(pool)):
            if not pool[i] & used:
                pick(pool, k - 1, i + 1, used | pool[i], then)

    def done(used):
        nonlocal best
        if use_all and used != full:
            return
        left = naive_value(hand, full & ~used, values)
        best = left if best is None else min(best, left)

    pick(sets, contract.sets, 0, 0, lambda used: pick(runs, contract.runs, 0, used, done))
    return best


def naive_best_melds(hand, rules, values):
    groups = [g[0] for g in naive_groups(hand, rules)]
    full = (1 << len(hand)) - 1
    best = naive_value(hand, full, values)

    def walk(i, used, kept):
        nonlocal best
        while i < len(hand) and used >> i & 1:
            i += 1
        if i == len(hand):
            best = min(best, naive_value(hand, kept, values))
            return
        walk(i + 1, used | 1 << i, kept | 1 << i)  # card i stays in hand
        for g in groups:
            if g & (1 << i) and not g & used and g & ((1 << i) - 1) == 0:
                walk(i + 1, used | g, kept)

    walk(0, 0, 0)
    return best


def small_hands(seed, count, ranks, suits, copies, jokers, sizes):
    rng = random.Random(seed)
    deck = make_deck(ranks, suits, copies=copies, jokers=jokers)
    return [rng.sample(deck, rng.choice(sizes)) for _ in range(count)]


def check_arrangement(arr, hand, rules, contract=None):
    cards = [c for m in arr.melds for c in m.cards]
    assert len(cards) == len(set(cards))
    assert sorted(cards + list(arr.left)) == sorted(hand)
    for m in arr.melds:
        assert is_valid(m, rules), m
    if contract is not None:
        sets = [m for m in arr.melds if m.kind == "set"]
        runs = [m for m in arr.melds if m.kind == "run"]
        assert len(sets) == contract.sets and len(runs) == contract.runs
        assert all(len(m) >= contract.set_size for m in sets)
        assert all(len(m) >= contract.run_size for m in runs)


DENSE = [  # (rules, values, contracts, deck: ranks, suits, copies, jokers, fewest held)
    (DUNKA, dunka_value, DUNKA_CONTRACTS, ([2, 3, 4, 14], "SH", 2, 4), 100),
    (DUNKA, dunka_value, DUNKA_CONTRACTS, ([2, 3, 4, 5, 6, 7, 13, 14], "SHD", 2, 4), 15),
    (ELVAKORT, dunka_value, ELVAKORT_CONTRACTS, ([2, 3, 4, 12, 13, 14], "SH", 2, 4), 60),
]


@pytest.mark.parametrize("case", range(len(DENSE)))
def test_best_contract_equals_exhaustive_search(case):
    rules, values, contracts, (ranks, suits, copies, jokers), fewest = DENSE[case]
    hands = small_hands(100 + case, 100, ranks, suits, copies, jokers, [8, 9])
    held = 0
    for hand in hands:
        groups = naive_groups(hand, rules)
        for contract in contracts:
            for use_all in (False, True):
                want = naive_best_contract(hand, groups, contract, values, use_all)
                got = best_contract(hand, contract, rules, values, use_all=use_all)
                assert (got is None) == (want is None), (hand, contract, use_all, got)
                if got is not None:
                    held += 1
                    check_arrangement(got, hand, rules, contract)
                    assert got.points(values) == want, (hand, contract, use_all, got)
    assert held >= fewest


@pytest.mark.parametrize("rules,values,deck", [
    (DUNKA, dunka_value, (list(range(2, 8)) + [14], "SH", 2, 4)),
    (ELVAKORT, dunka_value, ([2, 3, 4, 5, 6, 13, 14], "SHD", 2, 3)),
    (TONK, tonk_value, (list(range(2, 9)) + [12, 13, 14], "SHD", 1, 0)),
])
def test_best_melds_equals_exhaustive_search(rules, values, deck):
    ranks, suits, copies, jokers = deck
    for hand in small_hands(7, 80, ranks, suits, copies, jokers, [5, 6, 7, 8, 9]):
        got = best_melds(hand, rules, values)
        check_arrangement(got, hand, rules)
        assert got.points(values) == naive_best_melds(hand, rules, values), (hand, got)


def test_contract_arrangements_agree_with_best_contract():
    hands = small_hands(11, 40, [2, 3, 4, 5, 6, 14], "SH", 2, 4, [7, 8])
    for hand in hands:
        for contract in DUNKA_CONTRACTS:
            arrs = contract_arrangements(hand, contract, DUNKA, limit=None)
            keys = [str(a) for a in arrs]
            assert len(keys) == len(set(keys))
            for a in arrs:
                check_arrangement(a, hand, DUNKA, contract)
            best = best_contract(hand, contract, DUNKA, dunka_value)
            if best is None:
                assert arrs == []
            else:
                assert min(a.points(dunka_value) for a in arrs) == best.points(dunka_value)
            assert contract_arrangements(hand, contract, DUNKA, limit=3) == arrs[:3]


def test_jokers_in_hand_count_when_rules_forbid_them():
    hand = [Card(JOKER_RANK, "", 0)] + parse_cards("5S 6S 7S")
    best = best_melds(hand, TONK, tonk_value)
    assert texts(best.melds) == ["run 5S 6S 7S"] and len(best.left) == 1


def test_round_6_going_out_equals_exhaustive_search():
    """DUN-15 needs 10+ cards: 10-11 card hands from a dense deck, checked against the naive
    search and against ``contract_arrangements``."""
    contract = DUNKA_CONTRACTS[5]
    held = 0
    for hand in small_hands(3, 60, [2, 3, 4, 14], "SH", 2, 4, [10, 11]):
        want = naive_best_contract(hand, naive_groups(hand, DUNKA), contract, dunka_value,
                                   True)
        got = best_contract(hand, contract, DUNKA, dunka_value, use_all=True)
        arrs = contract_arrangements(hand, contract, DUNKA, use_all=True, limit=None)
        assert (got is None) == (want is None) == (arrs == []), hand
        if got is not None:
            held += 1
            check_arrangement(got, hand, DUNKA, contract)
            assert want == 0 and not got.left
            assert all(not a.left for a in arrs)
    assert held >= 3
