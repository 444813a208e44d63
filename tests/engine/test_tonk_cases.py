"""Tonk cases TC-1 … TC-7 (cases/tonk.md): the situations the product must handle."""

from __future__ import annotations

import random

import pytest

from tonk_helpers import (NAMES, act, all_rules, assert_illegal, cards, deck_for, legal_texts,
                          net, payouts, position)
from game.melds import TONK, melds_from
from game.tonk import Rules, new_game, spreads_in


# ------------------------------------------------------------------ TC-1


def test_TC_1_out_by_discarding_the_last_card_pays_the_base_stake():
    s = position(["7C 8C 9C KD", "2S 3D 4H 5S 6D", "AS 2H 3C 9S 10D"], stock="10C",
                 rules=Rules(stake=2))
    act(s, "draw stock")
    act(s, "spread 7C 8C 9C 10C")
    act(s, "discard KD")
    assert s.result["end"] == "out_by_discard"
    assert payouts(s) == [(1, 0, 2, "out_by_discard"), (2, 0, 2, "out_by_discard")]
    assert all(p["units"] == 1 for p in s.result["payouts"])


def test_TC_1_out_without_a_discard_pays_double():
    s = position(["7C 8C 9C KD", "2S 3D 4H 5S 6D", "AS 2H 3C 9S 10D"], stock="10C",
                 table=[(1, "KH KS KC")], rules=Rules(stake=2))
    act(s, "draw stock")
    act(s, "spread 7C 8C 9C 10C")
    act(s, "hit KD s1")
    assert s.result["end"] == "tonk_out"
    assert payouts(s) == [(1, 0, 4, "tonk_out"), (2, 0, 4, "tonk_out")]


# ------------------------------------------------------------------ TC-2


def test_TC_2_spreads_and_hits_only_after_drawing():
    s = position(["3H 4H 5H 9D KC", "2C 3C 4C 7S 8S"], table=[(1, "6D 7D 8D")])
    assert_illegal(s, "spread 3H 4H 5H", "must_draw_first")
    assert_illegal(s, "hit 9D s1", "must_draw_first")
    act(s, "draw stock")
    act(s, "spread 3H 4H 5H")
    act(s, "hit 9D s1")


def test_TC_2_knock_only_at_the_start_of_the_turn():
    s = position(["3H 4H 5H 9D KC", "2C 3C 4C 7S 8S"])
    assert legal_texts(s)[0] == "knock"
    act(s, "draw stock")
    assert "knock" not in legal_texts(s)
    assert_illegal(s, "knock", "knock_after_draw")
    act(s, f"discard {s.hands[0][-1]}")
    assert_illegal(s, "knock", "not_your_turn", 0)
    assert legal_texts(s, 1)[0] == "knock"


# ------------------------------------------------------------------ TC-3


def test_TC_3_knock_tie_the_knocker_is_caught():
    # knocker 7, another player 7, a third 20
    s = position(["3S 4D", "5C 2H", "KS QH"])
    act(s, "knock")
    assert s.result["totals"] == [7, 7, 20] and s.result["caught"] is True
    assert s.result["winners"] == [1]
    assert payouts(s) == [(0, 1, 2, "caught"), (0, 1, 1, "lowest"), (2, 1, 1, "lowest")]
    assert net(s) == [-3, 4, -1]


def test_TC_3_knock_tie_two_players():
    s = position(["3S 4D", "5C 2H"], turn=1)
    act(s, "knock")  # seat 1 knocks with 7, seat 0 has 7
    assert payouts(s) == [(1, 0, 2, "caught"), (1, 0, 1, "lowest")]
    assert net(s) == [3, -3]


# ------------------------------------------------------------------ TC-4


def test_TC_4_stock_runs_dry_play_goes_on_while_each_takes_the_discard():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D", "AC 2C 6D 7H 8S"], stock="JS",
                 rest="pile")
    pile_before = list(s.pile)
    act(s, "draw stock")
    act(s, "discard 9S")
    assert s.stock == [] and s.pile == pile_before + cards("9S")
    assert legal_texts(s) == ["knock", "draw pile", "end"]
    act(s, "draw pile")
    assert cards("9S")[0] in s.hands[1]
    act(s, "discard KS")
    assert s.turn == 2 and s.stock == []
    act(s, "end")
    assert s.result["end"] == "dry_stock" and s.result["player"] == 2
    totals = s.result["totals"]
    low = min(totals)
    assert s.result["winners"] == [q for q in range(3) if totals[q] == low]
    assert s.stock == [] and len(s.all_cards()) == 52  # never reshuffled


def test_TC_4_dry_hand_always_ends():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], rest="pile", pile="8C",
                 dry_turns=1)
    turns = 0
    while s.phase != "hand_over":
        act(s, "draw pile")
        act(s, f"discard {s.hands[s.turn][0]}")
        turns += 1
    assert turns == 2 and s.result["end"] == "dry_stock"


# ------------------------------------------------------------------ TC-5


@pytest.mark.parametrize("n", [2, 3, 4])
def test_TC_5_two_tonks_on_the_deal_nobody_pays_same_dealer_redeals(n):
    others = ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"]
    hands = ["KS QS JS 10S 9S", "KH QH JH 10H 10D"] + others[:n - 2]
    dealer = n - 1
    s = new_game(Rules(stake=5), NAMES[:n], 3, dealer=dealer,
                 deck=deck_for(hands, pile="AH", dealer=dealer))
    assert s.phase == "hand_over" and s.result["end"] == "tonk_tie"
    assert s.result["payouts"] == [] and s.ledger.balances() == [0] * n
    act(s, "next", 0)
    assert s.dealer == dealer and s.hand_no == 2 and s.turn == (dealer + 1) % n


def test_TC_5_a_single_tonk_on_the_deal_passes_the_deal_on():
    hands = ["KS QS JS 10S 9S", "2C 3C 4C 5C 6C"]
    s = new_game(Rules(), NAMES[:2], 3, dealer=1, deck=deck_for(hands, pile="AH", dealer=1))
    assert s.result["end"] == "tonk_deal" and net(s) == [2, -2]
    act(s, "next", 1)
    assert s.dealer == 0


# ------------------------------------------------------------------ TC-6


def test_TC_6_runs_and_books():
    assert melds_from(cards("QH KH AH"), TONK) == []
    assert [m.kind for m in melds_from(cards("AH 2H 3H"), TONK)] == ["run"]
    assert spreads_in(cards("QH KH AH")) == []
    assert len(spreads_in(cards("AH 2H 3H"))) == 1
    s = position(["AS 3C 9D KC 5H", "2C 4C 7S 8S 6C"], table=[(1, "JS QS KS"), (1, "2S 3S 4S"),
                                                               (1, "7H 7D 7C")], phase="play")
    texts = legal_texts(s)
    assert "hit AS s2" in texts and "hit AS s1" not in texts
    act(s, "hit AS s2")
    assert s.view(0)["table"][1]["cards"] == ["AS", "2S", "3S", "4S"]
    s = position(["7S 3C 9D KC 5H", "2C 4C 8S 6C JH"], table=[(1, "7H 7D 7C")], phase="play")
    act(s, "hit 7S s1")
    assert len(s.table[0][2]) == 4


# ------------------------------------------------------------------ TC-7


@pytest.mark.parametrize("seed", range(12))
def test_TC_7_the_ledger_sums_to_zero_after_every_hand(seed):
    rng = random.Random(seed)
    rules = all_rules()[seed % 16]
    rules = Rules(**{**rules.to_dict(), "stake": 1 + seed % 3})
    n = 2 + seed % 3
    s = new_game(rules, NAMES[:n], seed)
    hands = 0
    while hands < 8:
        if s.phase == "hand_over":
            assert s.ledger.sums_to_zero() and sum(s.ledger.balances()) == 0
            assert sum(s.result["net"]) == 0
            assert s.ledger.history[-1] == {"hand": s.hand_no, "balances": s.ledger.balances()}
            hands += 1
            act(s, "next", rng.randrange(n))
            continue
        acts = s.legal_actions(s.turn)
        if s.phase == "start":
            weights = [0.15 if str(a) == "knock" else 0.05 if str(a) == "end" else 1
                       for a in acts]
            s.apply(rng.choices(acts, weights)[0])
        else:
            s.apply(rng.choice(acts))
    assert len(s.ledger.history) == 8
