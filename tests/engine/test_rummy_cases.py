"""Contract-rummy situations RC-1 … RC-9 of cases/rummy.md, at the meld level
(``game.melds``). RC-10 … RC-12 are claims and discards: they belong to the game engine's
tests.
"""

from __future__ import annotations

from game.cards import parse_card, parse_cards
from game.melds import (DUNKA, DUNKA_CONTRACTS, ELVAKORT, TONK, Contract, MeldError,
                        best_contract, best_melds, contract_arrangements, dunka_value,
                        lay_off_options, melds_from, parse_meld, tonk_value)

import pytest


def texts(melds):
    return [str(m) for m in melds]


def used_cards(arrangement):
    return [c for m in arrangement.melds for c in m.cards]


def test_rc_1_no_card_in_two_melds():
    hand = parse_cards("JC 9D 8S 6D JS 8H 10D 8D 7D JD")
    best = best_melds(hand, DUNKA, dunka_value)
    assert texts(best.melds) == ["set JS JD JC", "run 6D 7D 8D 9D 10D"]
    assert [str(c) for c in best.left] == ["8H", "8S"]
    contract = DUNKA_CONTRACTS[1]  # 1 set + 1 four-run
    assert best_contract(hand, contract, DUNKA, dunka_value) == best
    every = contract_arrangements(hand, contract, DUNKA, limit=None)
    assert every
    for arr in every:
        cards = used_cards(arr)
        assert len(cards) == len(set(cards)), arr
        assert sorted(cards + list(arr.left)) == sorted(hand)
    assert min(a.points(dunka_value) for a in every) == best.points(dunka_value) == 10


def test_rc_2_two_sets_and_a_run_found():
    hand = parse_cards("4H 5H 6H 7H QH QC QD KH KD KC")
    best = best_melds(hand, DUNKA, dunka_value)
    assert not best.left
    assert sorted(texts(best.melds)) == ["run 4H 5H 6H 7H", "set KH KD KC", "set QH QD QC"]
    # the whole hand is Dunka's round 6 contract, going out at once
    out = best_contract(hand, DUNKA_CONTRACTS[5], DUNKA, dunka_value, use_all=True)
    assert out is not None and not out.left
    hand = parse_cards("2H 3H 4H 5H 10C 10D 10S 3S 4S 5S")
    best = best_melds(hand, DUNKA, dunka_value)
    assert not best.left
    assert sorted(texts(best.melds)) == ["run 2H 3H 4H 5H", "run 3S 4S 5S", "set 10S 10D 10C"]
    one_each = Contract(sets=1, runs=2, run_size=3)
    out = best_contract(hand, one_each, DUNKA, dunka_value, use_all=True)
    assert out is not None and not out.left
    # the case's title: two runs in one suit plus a set
    hand = parse_cards("2S 3S 4S 5S 9S 10S JS QS KH KD KC")
    out = best_contract(hand, Contract(sets=1, runs=2, run_size=4), DUNKA, dunka_value,
                        use_all=True)
    assert sorted(texts(out.melds)) == ["run 2S 3S 4S 5S", "run 9S 10S JS QS",
                                        "set KH KD KC"]


def test_rc_3_greedy_longest_run_fails():
    hand = parse_cards("3S 4S 5S 6S 7S 6H 6D")
    for rules, values in ((DUNKA, dunka_value), (TONK, tonk_value)):
        best = best_melds(hand, rules, values)
        assert texts(best.melds) == ["set 6S 6H 6D", "run 3S 4S 5S"]
        assert [str(c) for c in best.left] == ["7S"]
    best = best_contract(hand, Contract(sets=1, runs=1), DUNKA, dunka_value)
    assert [str(c) for c in best.left] == ["7S"]


def test_rc_4_a_set_never_mixes_ranks():
    for rules in (DUNKA, ELVAKORT, TONK):
        assert melds_from(parse_cards("KS KH AS"), rules) == []
        assert melds_from(parse_cards("KS KH AS AH"), rules) == []
    assert melds_from(parse_cards("KS KH AS JK"), DUNKA) == []
    with pytest.raises(MeldError):
        parse_meld("set KS KH AS")
    assert lay_off_options(parse_meld("set KS KH KD"), [parse_card("AS")], DUNKA) == []
    best = best_melds(parse_cards("KS KH AS AD 5C"), DUNKA, dunka_value)
    assert best.melds == ()


def test_rc_5_ace_low_and_high_never_wrap():
    assert texts(melds_from(parse_cards("AS 2S 3S 4S"), DUNKA)) == ["run AS 2S 3S 4S"]
    assert texts(melds_from(parse_cards("JS QS KS AS"), DUNKA)) == ["run JS QS KS AS"]
    assert melds_from(parse_cards("QS KS AS 2S"), DUNKA) == []
    assert melds_from(parse_cards("KS AS 2S"), DUNKA) == []
    # a joker next to K-A can only make Q-K-A, not K-A-2
    assert texts(melds_from(parse_cards("KS AS JK"), DUNKA)) == ["run JK=QS KS AS"]
    assert lay_off_options(parse_meld("run QS KS AS"), [parse_card("2S")], DUNKA) == []
    assert lay_off_options(parse_meld("run AS 2S 3S"), [parse_card("KS")], DUNKA) == []
    assert parse_meld("run AS 2S 3S").low == 1
    assert parse_meld("run QS KS AS").high == 14


def test_rc_6_run_stored_in_order():
    (run,) = melds_from(parse_cards("9S 7S 8S 10S"), DUNKA)
    assert str(run) == "run 7S 8S 9S 10S"
    assert run.low == 7 and run.high == 10
    (run,) = melds_from(parse_cards("10S JK 7S 8S"), DUNKA)
    assert str(run) == "run 7S 8S JK=9S 10S"
    assert run.stands[2] == (9, "S")
    (longer,) = lay_off_options(run, [parse_card("6S")], DUNKA)
    assert str(longer) == "run 6S 7S 8S JK=9S 10S"  # the joker keeps its rank


def test_rc_7_joker_placement_is_chosen_not_guessed():
    table = parse_meld("run JS QS KS")
    options = lay_off_options(table, parse_cards("JK 9S"), DUNKA)
    assert texts(options) == ["run 9S JK=10S JS QS KS"]
    options = lay_off_options(table, parse_cards("JK"), DUNKA)
    assert sorted(texts(options)) == ["run JK=10S JS QS KS", "run JS QS KS JK=AS"]
    readings = melds_from(parse_cards("7S 8S JK"), DUNKA)
    assert texts(readings) == ["run JK=6S 7S 8S", "run 7S 8S JK=9S"]


def test_rc_8_open_ends_recomputed_after_each_lay_off():
    run = parse_meld("run 5C 6C 7C")
    (run,) = lay_off_options(run, [parse_card("4C")], DUNKA)
    assert str(run) == "run 4C 5C 6C 7C"
    (run,) = lay_off_options(run, [parse_card("3C")], DUNKA)
    assert str(run) == "run 3C 4C 5C 6C 7C"
    (run,) = lay_off_options(run, [parse_card("8C")], DUNKA)
    assert str(run) == "run 3C 4C 5C 6C 7C 8C"


def test_rc_9_card_fitting_two_melds_player_chooses():
    seven = parse_card("7S")
    a = parse_meld("set 7H 7D 7C")
    b = parse_meld("run 4S 5S 6S")
    assert texts(lay_off_options(a, [seven], DUNKA)) == ["set 7S 7H 7D 7C"]
    assert texts(lay_off_options(b, [seven], DUNKA)) == ["run 4S 5S 6S 7S"]
    for rules in (ELVAKORT, TONK):
        assert lay_off_options(a, [seven], rules)
