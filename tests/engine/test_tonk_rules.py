"""Tonk rules tests, named after the rule ids of rules/tonk.md (TONK-1 … TONK-14) and the
settings, built from positions in text notation (tonk_helpers.position) and prepared deals.
"""

from __future__ import annotations

import json

import pytest

from tonk_helpers import (NAMES, act, all_rules, assert_illegal, cards, deck_for, hand,
                          legal_texts, net, payouts, position)
from game.cards import card_key, make_deck
from game.engine import IllegalAction, Rng, SaveError, SettingError
from game.ledger import REASONS, TonkLedger
from game.tonk import (TURN_LIMIT, Discard, Draw, End, Hit, Knock, Next, Rules, Spread, State,
                       cut_for_dealer, hand_total, holds_spread, low_rank, new_game,
                       parse_action, spreads_in, tonk_key)

# ------------------------------------------------------------------ settings


def test_settings_defaults():
    r = Rules()
    assert r.to_dict() == {"stake": 1, "no_initial_discard": False, "must_lay_spreads": False,
                           "double_only_new_spread": False, "hit_lock": False}
    assert Rules.from_dict(r.to_dict()) == r
    assert len(all_rules()) == 16


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2", None])
def test_setting_stake_must_be_a_whole_number_from_1(bad):
    with pytest.raises(SettingError) as exc:
        Rules(stake=bad)
    assert exc.value.setting == "stake"


@pytest.mark.parametrize("name", sorted(Rules.CHOICES))
def test_setting_switches_accept_only_booleans(name):
    for value in (True, False):
        assert getattr(Rules(**{name: value}), name) is value
    with pytest.raises(SettingError) as exc:
        Rules(**{name: 1})
    assert exc.value.setting == name


def test_setting_unknown_name_is_refused():
    with pytest.raises(SettingError):
        Rules.from_dict({"jokers": True})


# ------------------------------------------------------------------ TONK-1


def test_TONK_1_one_deck_no_jokers_values():
    s = new_game(Rules(), NAMES[:2], 1)
    assert sorted(s.all_cards(), key=card_key) == sorted(make_deck(range(2, 15)), key=card_key)
    assert hand_total(cards("AS 2H 10D JC QS KH")) == 1 + 2 + 10 + 30
    assert [low_rank(c) for c in cards("AS 2S KS")] == [1, 2, 13]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_TONK_1_two_to_four_players(n):
    s = new_game(Rules(), NAMES[:n], 7)
    assert s.num_players == n and all(len(h) == 5 for h in s.hands)


@pytest.mark.parametrize("n", [0, 1, 5, 6])
def test_TONK_1_other_player_counts_are_refused(n):
    with pytest.raises(SettingError) as exc:
        new_game(Rules(), [f"P{i}" for i in range(n)], 1)
    assert exc.value.setting == "players"


# ------------------------------------------------------------------ TONK-2


def test_TONK_2_books_of_three_or_four_and_runs_ace_low():
    found = {" ".join(map(str, s)) for s in spreads_in(cards("7S 7H 7D 7C"))}
    assert found == {"7S 7H 7D", "7S 7H 7C", "7S 7D 7C", "7H 7D 7C", "7S 7H 7D 7C"}
    assert [" ".join(map(str, s)) for s in spreads_in(cards("AH 2H 3H 4H"))] == [
        "AH 2H 3H", "AH 2H 3H 4H", "2H 3H 4H"]
    assert spreads_in(cards("QH KH AH")) == []
    assert spreads_in(cards("7S 7H 8C 9C")) == []


def test_TONK_2_spread_actions_only_for_valid_spreads():
    s = position(["QH KH AH 2H 3H", "2C 3C 4D 5D 9S"], pile="9H", phase="play")
    assert "spread AH 2H 3H" in legal_texts(s)
    assert not any(t.startswith("spread QH") or "KH AH" in t for t in legal_texts(s))
    assert_illegal(s, "spread QH KH AH", "not_a_spread")
    assert_illegal(s, "spread 2H 3H", "not_a_spread")
    act(s, "spread AH 3H 2H")
    assert s.view(0)["table"][0]["cards"] == ["AH", "2H", "3H"]


# ------------------------------------------------------------------ TONK-3


def test_TONK_3_payouts_are_units_of_the_stake():
    for stake in (1, 5):
        s = position(["AS 2D", "KS KH", "QC JD"], rules=Rules(stake=stake))
        act(s, "knock")
        assert payouts(s) == [(1, 0, stake, "knock_won"), (2, 0, stake, "knock_won")]
        assert s.ledger.balances() == [2 * stake, -stake, -stake]
        assert all(p["units"] == 1 for p in s.result["payouts"])


# ------------------------------------------------------------------ TONK-4


@pytest.mark.parametrize("seed", range(40))
def test_TONK_4_first_dealer_by_cut_highest_ace_low_ties_recut(seed):
    rng = Rng(seed)
    n = 2 + seed % 3
    dealer, rounds = cut_for_dealer(rng, n)
    assert [s for s, _c in rounds[0]] == list(range(n))
    for rnd, nxt in zip(rounds, rounds[1:]):
        top = max(low_rank(c) for _s, c in rnd)
        tied = [s for s, c in rnd if low_rank(c) == top]
        assert len(tied) > 1 and [s for s, _c in nxt] == tied
    last = rounds[-1]
    top = max(low_rank(c) for _s, c in last)
    assert [s for s, c in last if low_rank(c) == top] == [dealer]
    game = new_game(Rules(), NAMES[:n], seed)
    assert game.dealer == game.first_dealer == dealer
    assert game.view(0)["cut"][-1]


def test_TONK_4_cut_ties_do_happen_and_recut():
    assert any(len(cut_for_dealer(Rng(seed), 4)[1]) > 1 for seed in range(60))


def test_TONK_4_ace_is_low_in_the_cut():
    for seed in range(300):
        dealer, rounds = cut_for_dealer(Rng(seed), 2)
        ranks = [c.rank for _s, c in rounds[-1]]
        if 14 in ranks and len(rounds) == 1:
            assert rounds[-1][dealer][1].rank != 14
            return
    raise AssertionError("no cut with an ace found")


def test_TONK_4_deal_five_each_from_dealer_left_then_pile_then_stock():
    deck = make_deck(range(2, 15))
    s = new_game(Rules(), NAMES[:3], 1, dealer=1, deck=deck)
    assert s.hands[2] == deck[0:15:3] and s.hands[0] == deck[1:15:3]
    assert s.hands[1] == deck[2:15:3]
    assert s.pile == [deck[15]] and s.stock[-1] == deck[16] and len(s.stock) == 52 - 16
    assert s.turn == 2 and s.phase == "start"


def test_TONK_4_setting_no_initial_discard():
    deck = make_deck(range(2, 15))
    s = new_game(Rules(no_initial_discard=True), NAMES[:2], 1, dealer=0, deck=deck)
    assert s.pile == [] and s.stock[-1] == deck[10]
    assert legal_texts(s) == ["knock", "draw stock"]
    assert_illegal(s, "draw pile", "pile_empty")
    act(s, "draw stock")
    act(s, "discard " + str(s.hands[1][0]))
    assert len(s.pile) == 1


def test_TONK_4_deal_passes_left():
    s = position(["AS", "KS", "QS"], turn=0)
    assert s.dealer == 2
    act(s, "knock")
    act(s, "next", 2)
    assert s.dealer == 0 and s.turn == 1 and s.hand_no == 2
    assert all(len(h) == 5 for h in s.hands)


def test_TONK_4_seed_replays_the_session():
    a, b = new_game(Rules(), NAMES[:3], 99), new_game(Rules(), NAMES[:3], 99)
    assert a.to_dict() == b.to_dict()
    for _ in range(3):
        for st in (a, b):
            while st.phase != "hand_over":  # knock never; stock first; highest discard
                acts = st.legal_actions(st.turn)
                st.apply(acts[1] if st.phase == "start" else acts[-1])
            act(st, "next", 0)
        assert a.to_dict() == b.to_dict()


# ------------------------------------------------------------------ TONK-5


@pytest.mark.parametrize("tonk", ["KS QS JS 10S 9S", "KS QS JS 10S 10H"])
def test_TONK_5_tonk_on_the_deal_pays_double(tonk):
    assert hand_total(cards(tonk)) in (49, 50)
    deck = deck_for(["2C 3C 4C 5C 6C", tonk, "2D 3D 4D 5D 6D"], pile="AH", dealer=0)
    s = new_game(Rules(stake=3), NAMES[:3], 5, dealer=0, deck=deck)
    assert s.phase == "hand_over" and s.result["end"] == "tonk_deal"
    assert payouts(s) == [(0, 1, 6, "tonk_deal"), (2, 1, 6, "tonk_deal")]
    assert s.ledger.balances() == [-6, 12, -6]
    view = s.view(0)
    shown = [str(c) for c in sorted(cards(tonk), key=tonk_key)]
    assert view["result"]["hands"] == [None, shown, None]
    assert view["result"]["totals"] == [None, hand_total(cards(tonk)), None]
    assert legal_texts(s, 2) == ["next"]
    act(s, "next", 2)
    assert s.dealer == 1 and s.hand_no == 2


def test_TONK_5_only_49_or_50_is_a_tonk():
    deck = deck_for(["KS QS JS 10S 8S", "2C 3C 4C 5C 6C"], pile="AH", dealer=1)
    s = new_game(Rules(), NAMES[:2], 5, dealer=1, deck=deck)
    assert hand_total(s.hands[0]) == 48 and s.phase == "start"


def test_TONK_5_two_tonks_tie_nobody_pays_same_dealer_redeals():
    deck = deck_for(["KS QS JS 10S 9S", "KH QH JH 10H 10D", "2C 3C 4C 5C 6C"], pile="AH",
                    dealer=2)
    s = new_game(Rules(), NAMES[:3], 5, dealer=2, deck=deck)
    assert s.result["end"] == "tonk_tie" and s.result["payouts"] == []
    assert s.ledger.balances() == [0, 0, 0] and s.ledger.history[-1]["hand"] == 1
    assert s.result["hands"][2] is None and s.result["hands"][0] is not None
    act(s, "next", 0)
    assert s.dealer == 2 and s.hand_no == 2


# ------------------------------------------------------------------ TONK-6


def test_TONK_6_play_starts_left_of_dealer_and_knock_before_drawing():
    s = new_game(Rules(), NAMES[:4], 3, dealer=2)
    assert s.turn == 3 and s.to_act() == [3]
    assert legal_texts(s, 3) == ["knock", "draw stock", "draw pile"]
    assert_illegal(s, "draw stock", "not_your_turn", 0)
    act(s, "draw pile", 3)
    assert_illegal(s, "knock", "knock_after_draw", 3)


def test_TONK_6_only_the_top_discard_is_visible():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], pile="7C 8D KH")
    view = s.view(0)
    assert view["pile_top"] == "KH" and view["pile_size"] == 3
    assert "7C" not in json.dumps(view) and "8D" not in json.dumps(view)


def test_TONK_6_draw_from_stock_or_pile():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], pile="7C", stock="8H")
    clone = s.clone()
    act(s, "draw stock")
    assert "8H" in hand(s, 0) and s.phase == "play" and s.known[0] == []
    act(clone, "draw pile")
    assert "7C" in hand(clone, 0) and clone.pile == [] and clone.view(1)["known"][0] == ["7C"]


# ------------------------------------------------------------------ TONK-7


def test_TONK_7_spreads_and_hits_only_after_drawing():
    s = position(["3H 4H 5H 9C KD", "2C 3C 4C 7S 8S"], pile="9D", table=[(1, "6D 7D 8D")])
    assert legal_texts(s) == ["knock", "draw stock", "draw pile"]
    assert_illegal(s, "spread 3H 4H 5H", "must_draw_first")
    assert_illegal(s, "hit 9C s1", "must_draw_first")
    assert_illegal(s, "discard 9C", "must_draw_first")
    act(s, "draw pile")
    texts = legal_texts(s)
    assert "spread 3H 4H 5H" in texts and "hit 9D s1" in texts


def test_TONK_7_hit_any_spread_own_or_others_both_run_ends_and_books():
    s = position(["5D 9D 3S AS KD", "10C JH 4C 7S 8S"], pile="QC", stock="2S",
                 table=[(1, "6D 7D 8D"), (1, "3H 3D 3C"), (0, "JS QS KS")], phase="play")
    texts = legal_texts(s)
    assert {"hit 5D s1", "hit 9D s1", "hit 3S s2"} <= set(texts)
    assert "hit KD s1" not in texts and "hit AS s3" not in texts  # no Q-K-A
    assert_illegal(s, "hit AS s3", "cannot_hit")
    act(s, "hit 5D s1")
    act(s, "hit 3S s2")
    assert s.view(0)["table"][0]["cards"] == ["5D", "6D", "7D", "8D"]
    assert s.view(0)["table"][1]["cards"] == ["3S", "3H", "3D", "3C"]
    assert_illegal(s, "hit 9D s2", "cannot_hit")
    assert_illegal(s, "hit 9D s7", "no_such_spread")
    assert_illegal(s, "hit 2C s1", "card_not_in_hand")


def test_TONK_7_a_book_holds_at_most_four_cards():
    s = position(["7C 2D 3S 9H KD", "2C 3C 4C 8S 9S"], table=[(1, "7S 7H 7D")], phase="play")
    act(s, "hit 7C s1")
    assert not any(t.startswith("hit") for t in legal_texts(s))


# ------------------------------------------------------------------ TONK-8


def test_TONK_8_discard_ends_the_turn():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D", "AC 2C 6D 7H 8S"], stock="JH")
    act(s, "draw stock")
    events = act(s, "discard JH")
    assert s.pile[-1].rank == 11 and s.turn == 1 and s.phase == "start"
    assert {"type": "discard", "player": 0, "card": "JH"} in events
    assert len(s.hands[0]) == 5


# ------------------------------------------------------------------ TONK-9


def test_TONK_9_must_lay_spreads_forbids_keeping_a_spread():
    rules = Rules(must_lay_spreads=True)
    s = position(["3H 4H 5H 9C KD", "2C 3C 4C 7S 8S"], rules=rules, stock="QS")
    act(s, "draw stock")
    assert [t for t in legal_texts(s) if t.startswith("discard")] == [
        "discard 3H", "discard 4H", "discard 5H"]  # breaking the spread is allowed
    assert_illegal(s, "discard QS", "must_lay_spreads")
    assert_illegal(s, "discard KD", "must_lay_spreads")
    act(s, "spread 3H 4H 5H")
    assert "discard QS" in legal_texts(s)


def test_TONK_9_discarding_a_card_of_the_spread_breaks_it():
    rules = Rules(must_lay_spreads=True)
    s = position(["7S 7H 7D 9C KD", "2C 3C 4C 8S 9S"], rules=rules, stock="QS")
    act(s, "draw stock")
    assert [t for t in legal_texts(s) if t.startswith("discard")] == [
        "discard 7S", "discard 7H", "discard 7D"]


def test_TONK_9_three_aces_may_be_kept_but_not_a_run_with_an_ace():
    rules = Rules(must_lay_spreads=True)
    s = position(["AS AH AD 9C KD", "2C 3C 4C 8S 9S"], rules=rules, stock="QS")
    act(s, "draw stock")
    assert "discard QS" in legal_texts(s) and "spread AS AH AD" in legal_texts(s)
    assert not holds_spread(cards("AS AH AD AC 9C"))
    assert holds_spread(cards("AH 2H 3H 9C"))


def test_TONK_9_setting_off_allows_keeping_spreads():
    s = position(["3H 4H 5H 9C KD", "2C 3C 4C 7S 8S"], stock="QS")
    act(s, "draw stock")
    assert "discard QS" in legal_texts(s)


# ------------------------------------------------------------------ TONK-10


def test_TONK_10_tonk_out_without_discard_pays_two():
    s = position(["3H 4H", "2C 3C 4C 7S 8S", "KS QS JS 9D 9H"], stock="5H", rules=Rules(stake=2))
    act(s, "draw stock")
    act(s, "spread 3H 4H 5H")
    assert s.phase == "hand_over" and s.result["end"] == "tonk_out"
    assert payouts(s) == [(1, 0, 4, "tonk_out"), (2, 0, 4, "tonk_out")]
    assert s.result["hands"] == [None, None, None]


def test_TONK_10_out_by_discard_pays_one():
    s = position(["3H 4H 9C", "2C 3C 4C 7S 8S"], stock="5H")
    act(s, "draw stock")
    act(s, "spread 3H 4H 5H")
    assert s.phase == "play"
    act(s, "discard 9C")
    assert s.result["end"] == "out_by_discard" and payouts(s) == [(1, 0, 1, "out_by_discard")]


def test_TONK_10_going_out_by_hits_pays_two_when_the_setting_is_off():
    s = position(["9D", "2C 3C 4C 7S 8S"], stock="5D", table=[(1, "6D 7D 8D")])
    act(s, "draw stock")
    act(s, "hit 5D s1")
    act(s, "hit 9D s1")
    assert s.result["end"] == "tonk_out" and net(s) == [2, -2]


def test_TONK_10_setting_double_only_new_spread():
    rules = Rules(double_only_new_spread=True)
    s = position(["9D", "2C 3C 4C 7S 8S"], stock="5D", table=[(1, "6D 7D 8D")], rules=rules)
    act(s, "draw stock")
    act(s, "hit 5D s1")
    act(s, "hit 9D s1")
    assert s.result["end"] == "tonk_out" and payouts(s) == [(1, 0, 1, "tonk_out")]
    s = position(["JC QC 9D", "2C 3C 4C 7S 8S"], stock="KC", table=[(1, "6D 7D 8D")],
                 rules=rules)
    act(s, "draw stock")
    act(s, "spread JC QC KC")
    act(s, "hit 9D s1")
    assert payouts(s) == [(1, 0, 2, "tonk_out")]


# ------------------------------------------------------------------ TONK-11


def test_TONK_11_knocker_strictly_lowest_wins_one_from_each():
    s = position(["AS 2D 3C", "KS KH", "QC JD 4H"])
    events = act(s, "knock")
    assert s.result["end"] == "knock" and s.result["caught"] is False
    assert s.result["totals"] == [6, 20, 24] and s.result["winners"] == [0]
    assert payouts(s) == [(1, 0, 1, "knock_won"), (2, 0, 1, "knock_won")]
    assert events[0] == {"type": "knock", "player": 0}
    assert s.view(1)["result"]["hands"][0] == ["AS", "2D", "3C"]


def test_TONK_11_caught_knocker_pays_two_to_equal_or_lower_and_lowest_gets_one():
    # knocker 9; seat 1 has 4 (lowest), seat 2 has 9 (equal), seat 3 has 20
    s = position(["4S 5D", "AS 3H", "2C 7C", "KS QH"])
    act(s, "knock")
    assert s.result["caught"] is True and s.result["winners"] == [1]
    assert payouts(s) == [(0, 1, 2, "caught"), (0, 2, 2, "caught"),
                          (0, 1, 1, "lowest"), (2, 1, 1, "lowest"), (3, 1, 1, "lowest")]
    assert net(s) == [-5, 5, 1, -1] and s.ledger.sums_to_zero()


def test_TONK_11_several_lowest_each_get_one_from_everyone_else():
    s = position(["9S 5D", "AS 3H", "2C 2D", "KS QH"])
    act(s, "knock")
    assert s.result["winners"] == [1, 2]
    assert payouts(s) == [(0, 1, 2, "caught"), (0, 2, 2, "caught"),
                          (0, 1, 1, "lowest"), (3, 1, 1, "lowest"),
                          (0, 2, 1, "lowest"), (3, 2, 1, "lowest")]
    assert net(s) == [-6, 4, 4, -2]


def test_TONK_11_knock_shows_all_hands_and_totals():
    s = position(["4S 5D", "AS 3H"], turn=1)
    act(s, "knock")
    view = s.view(0)
    assert view["result"]["hands"] == [["4S", "5D"], ["AS", "3H"]]
    assert view["result"]["totals"] == [9, 4]
    assert view["last_result"]["totals"] == [9, 4] and "hands" not in view["last_result"]


def test_TONK_11_house_rule_a_spread_held_in_hand_counts_at_a_knock():
    """House rule (rules page ``house_count``): the whole hand counts, a complete spread
    still in hand too (the sheet speaks of unmatched cards)."""
    s = position(["3H 4H 5H KS", "AS 9D 9C"])
    act(s, "knock")
    assert s.result["totals"] == [22, 19] and s.result["caught"] is True


# ------------------------------------------------------------------ TONK-12


def dry_position(**kw):
    """Seat 0 to play, stock empty, 9H on the pile (seat 2's discard)."""
    return position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D", "AC 2C 6D 7H 8S"], pile="9H",
                    rest="pile", dry_turns=1, **kw)


def test_TONK_12_dry_stock_take_the_discard_or_end():
    s = dry_position()
    assert legal_texts(s) == ["knock", "draw pile", "end"]
    assert_illegal(s, "draw stock", "stock_empty")
    act(s, "draw pile")
    act(s, "discard 9S")
    assert s.turn == 1 and legal_texts(s) == ["knock", "draw pile", "end"]
    act(s, "end")
    assert s.result["end"] == "dry_stock" and s.result["totals"] == [23, 49, 24]
    assert payouts(s) == [(1, 0, 1, "dry_stock"), (2, 0, 1, "dry_stock")]


def test_TONK_12_end_only_when_the_stock_is_dry():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], pile="9H")
    assert_illegal(s, "end", "stock_not_dry")


def test_TONK_12_equal_lowest_totals_each_get_one():
    s = position(["2S 3D", "AS 4H", "KS QH"], pile="9H", rest="pile")
    act(s, "end")
    assert s.result["winners"] == [0, 1]
    assert payouts(s) == [(2, 0, 1, "dry_stock"), (2, 1, 1, "dry_stock")]


def test_TONK_12_house_rule_a_spread_held_in_hand_counts_at_a_dry_end():
    s = position(["7S 7H 7D", "AS 9D 9C"], pile="9H", rest="pile")
    act(s, "end")
    assert s.result["totals"] == [21, 19] and s.result["winners"] == [1]


def test_TONK_12_stock_running_dry_is_announced_and_never_reshuffled():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], pile="", stock="8C", rest="pile")
    assert len(s.stock) == 1
    events = act(s, "draw stock")
    assert {"type": "stock_dry"} in events
    pile_size = len(s.pile)
    act(s, "discard 8C")
    assert s.stock == [] and len(s.pile) == pile_size + 1
    assert s.view(1)["stock_dry"] is True and legal_texts(s) == ["knock", "draw pile", "end"]


def test_TONK_12_house_rule_the_dry_phase_lasts_one_round():
    s = dry_position()
    for seat in range(3):
        assert s.turn == seat and s.phase == "start"
        act(s, "draw pile")
        act(s, f"discard {s.hands[seat][0]}")  # not the card just taken (house rule A)
    assert s.phase == "hand_over" and s.result["end"] == "dry_stock"
    assert s.result["player"] is None


def test_TONK_12_knock_is_still_possible_with_the_stock_dry():
    s = dry_position()
    act(s, "knock")
    assert s.result["end"] == "knock"


# ------------------------------------------------------------------ TONK-13


def test_TONK_13_hit_lock_after_another_player_hits_your_spread():
    rules = Rules(hit_lock=True)
    s = position(["9D 2S 5C 4H KC", "2C 3C 4C 7S 8S"], stock="JH JS",
                 table=[(1, "6D 7D 8D")], rules=rules)
    act(s, "draw stock")
    act(s, "hit 9D s1")
    act(s, "discard JH")
    assert s.view(0)["hit_locked"] == [1]
    assert legal_texts(s) == ["draw stock", "draw pile"]
    assert_illegal(s, "knock", "hit_locked")
    act(s, "draw stock")
    assert s.view(0)["hit_locked"] == []


def test_TONK_13_own_hits_do_not_lock_and_setting_off_never_locks():
    rules = Rules(hit_lock=True)
    s = position(["9D 2S 5C 4H KC", "2C 3C 4C 7S 8S"], stock="JH JS",
                 table=[(0, "6D 7D 8D")], rules=rules)
    act(s, "draw stock")
    act(s, "hit 9D s1")
    act(s, "discard JH")
    act(s, "draw stock")
    act(s, "discard JS")
    assert "knock" in legal_texts(s)
    s = position(["9D 2S 5C 4H KC", "2C 3C 4C 7S 8S"], stock="JH JS",
                 table=[(1, "6D 7D 8D")])
    act(s, "draw stock")
    act(s, "hit 9D s1")
    act(s, "discard JH")
    assert "knock" in legal_texts(s)


# ------------------------------------------------------------------ TONK-14


def test_TONK_14_every_payout_in_the_ledger_with_hand_and_reason():
    s = position(["4S 5D", "AS 3H", "KS QH"], hand_no=7)
    act(s, "knock")
    assert s.ledger.payouts_for(7) == [
        {"hand": 7, "payer": 0, "payee": 1, "amount": 2, "reason": "caught"},
        {"hand": 7, "payer": 0, "payee": 1, "amount": 1, "reason": "lowest"},
        {"hand": 7, "payer": 2, "payee": 1, "amount": 1, "reason": "lowest"}]
    assert s.ledger.history == [{"hand": 7, "balances": [-3, 4, -1]}]
    assert s.ledger.sums_to_zero()
    assert s.view(2)["balances"] == [-3, 4, -1]


def test_TONK_14_ledger_reasons_balances_history_reset():
    led = TonkLedger(3)
    assert set(REASONS) == {"tonk_deal", "tonk_out", "out_by_discard", "knock_won", "caught",
                            "lowest", "dry_stock", "turn_limit"}
    led.record_hand(1, [{"payer": 1, "payee": 0, "amount": 2, "reason": "tonk_out"},
                        {"payer": 2, "payee": 0, "amount": 2, "reason": "tonk_out"}])
    led.record_hand(2, [])
    led.record_hand(3, [{"payer": 0, "payee": 2, "amount": 1, "reason": "dry_stock"}])
    assert led.balances() == [3, -2, -1] and led.sums_to_zero()
    assert [h["balances"] for h in led.history] == [[4, -2, -2], [4, -2, -2], [3, -2, -1]]
    assert led.hand_balances(3) == [-1, 0, 1]
    again = TonkLedger.from_dict(json.loads(json.dumps(led.to_dict())))
    assert again == led and again.to_dict() == led.to_dict()
    led.reset()
    assert led.balances() == [0, 0, 0] and led.history == [] and led.payouts == []


@pytest.mark.parametrize("bad", [
    {"payer": 0, "payee": 0, "amount": 1, "reason": "caught"},
    {"payer": 0, "payee": 3, "amount": 1, "reason": "caught"},
    {"payer": 0, "payee": 1, "amount": 0, "reason": "caught"},
    {"payer": 0, "payee": 1, "amount": 1.5, "reason": "caught"},
    {"payer": 0, "payee": 1, "amount": 1, "reason": "bribe"},
])
def test_TONK_14_ledger_refuses_bad_payouts_all_or_nothing(bad):
    led = TonkLedger(3)
    good = {"payer": 1, "payee": 0, "amount": 1, "reason": "knock_won"}
    with pytest.raises(ValueError):
        led.record_hand(1, [good, bad])
    assert led.payouts == [] and led.history == []


def test_TONK_14_ledger_hands_only_go_forward():
    led = TonkLedger(2)
    led.record_hand(2, [])
    with pytest.raises(ValueError):
        led.record_hand(2, [])
    with pytest.raises(ValueError):
        led.record(1, 0, 1, 1, "caught")
    with pytest.raises(SettingError):
        TonkLedger(5)


def _damaged_ledgers():
    led = TonkLedger(2)
    led.record_hand(1, [{"payer": 1, "payee": 0, "amount": 2, "reason": "tonk_out"}])
    base = led.to_dict()
    out = []
    for change in (lambda d: d.update(v=2), lambda d: d.update(kind="durak"),
                   lambda d: d.update(players=9), lambda d: d.pop("history"),
                   lambda d: d["payouts"][0].update(payee=1),
                   lambda d: d["payouts"][0].update(amount=-2),
                   lambda d: d["payouts"][0].update(reason="x"),
                   lambda d: d["history"][0].update(balances=[1, -1]),
                   lambda d: d["history"].append({"hand": 1, "balances": [2, -2]}),
                   lambda d: d.update(payouts="x"), lambda d: d.update(extra=1)):
        d = json.loads(json.dumps(base))
        change(d)
        out.append(d)
    return out + [None, [], "ledger"]


@pytest.mark.parametrize("data", _damaged_ledgers())
def test_TONK_14_damaged_ledger_raises_save_error(data):
    with pytest.raises(SaveError):
        TonkLedger.from_dict(data)


# ------------------------------------------------------------------ house rules A and B


def test_house_rule_A_the_card_just_taken_from_the_pile_may_not_be_discarded():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], pile="7C")
    act(s, "draw pile")
    assert s.view(0)["pile_taken"] == "7C" and s.view(1)["pile_taken"] == "7C"
    assert "discard 7C" not in legal_texts(s)
    assert [t for t in legal_texts(s) if t.startswith("discard")] == [
        "discard 2S", "discard 3D", "discard 4C", "discard 5H", "discard 9S"]
    assert_illegal(s, "discard 7C", "discard_just_taken")
    act(s, "discard 9S")
    assert s.taken is None and s.view(1)["pile_taken"] is None
    act(s, "draw pile")  # seat 1 takes 9S; seat 0's 7C is an ordinary card again
    assert_illegal(s, "discard 9S", "discard_just_taken")
    act(s, "discard KS")
    act(s, "draw stock")
    assert "discard 7C" in legal_texts(s)


def test_house_rule_A_does_not_touch_a_card_from_the_stock():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], pile="7C", stock="8H")
    act(s, "draw stock")
    assert s.taken is None and s.view(0)["pile_taken"] is None
    act(s, "discard 8H")
    assert s.pile[-1] == cards("8H")[0]


def test_house_rule_A_the_only_legal_discard_may_be_the_card_just_taken():
    s = position(["3H 4H 5H 9C", "2S 3D 4C 5S 6D"], pile="KD", table=[(1, "10C JC QC")])
    act(s, "draw pile")
    act(s, "spread 3H 4H 5H")
    assert "discard KD" not in legal_texts(s)
    act(s, "hit 9C s1")
    assert hand(s, 0) == ["KD"] and legal_texts(s) == ["discard KD"]
    act(s, "discard KD")
    assert s.result["end"] == "out_by_discard" and net(s) == [1, -1]


def test_house_rule_A_with_must_lay_spreads_the_taken_card_may_be_the_only_discard():
    # 4S 4H 5D 6D + 4D: every other discard keeps a spread in hand (TONK-9)
    s = position(["4S 4H 5D 6D", "2S 3D 7C 5S KD"], pile="4D",
                 rules=Rules(must_lay_spreads=True))
    act(s, "draw pile")
    assert [t for t in legal_texts(s) if t.startswith("discard")] == ["discard 4D"]
    act(s, "discard 4D")
    assert s.turn == 1 and s.pile[-1] == cards("4D")[0]
    s = position(["4S 4H 5D 6D", "2S 3D 7C 5S KD"], pile="4D",
                 rules=Rules(must_lay_spreads=True))
    act(s, "draw pile")
    assert_illegal(s, "discard 5D", "must_lay_spreads")


def test_house_rule_A_the_taken_card_laid_in_a_spread_is_forgotten():
    s = position(["3H 4H 9S KC QD", "2S 3D 4C 5S 6D"], pile="5H")
    act(s, "draw pile")
    act(s, "spread 3H 4H 5H")
    assert s.taken is None
    State.from_dict(json.loads(json.dumps(s.to_dict())))  # a sound save


def test_house_rule_B_the_turn_limit_ends_the_hand_like_a_dry_stock():
    s = position(["2S 3D 4C 5H 9S", "AS 2H 3C 4S 5D", "KS QH JD 10C 8D"], pile="7C",
                 stock="8H", turns=TURN_LIMIT - 1)
    assert s.view(1)["turns_left"] == 1 and s.view(1)["turns"] == TURN_LIMIT - 1
    act(s, "draw stock")
    events = act(s, "discard 9S")
    assert {"type": "turn_limit", "player": 1, "turns": TURN_LIMIT} in events
    assert s.phase == "hand_over" and s.turns == TURN_LIMIT
    assert s.result["end"] == "turn_limit" and s.result["player"] is None
    assert s.result["totals"] == [22, 15, 48] and s.result["winners"] == [1]
    assert all(h is not None for h in s.result["hands"])  # every hand is shown
    assert payouts(s) == [(0, 1, 1, "turn_limit"), (2, 1, 1, "turn_limit")]
    assert s.ledger.sums_to_zero() and net(s) == [-1, 2, -1]
    act(s, "next", 2)
    assert s.turns == 0 and s.view(0)["turns_left"] == TURN_LIMIT


def test_house_rule_B_equal_lowest_totals_each_get_one():
    s = position(["2S 3D", "AS 4H", "KS QH"], pile="9H", stock="KD", turns=TURN_LIMIT - 1,
                 rules=Rules(stake=3))
    act(s, "draw stock")
    act(s, "discard KD")
    assert s.result["end"] == "turn_limit" and s.result["winners"] == [0, 1]
    assert payouts(s) == [(2, 0, 3, "turn_limit"), (2, 1, 3, "turn_limit")]
    assert s.ledger.sums_to_zero() and net(s) == [3, 3, -6]


def test_house_rule_B_a_tonk_out_on_the_last_turn_is_still_a_tonk_out():
    s = position(["3H 4H 5H 9C", "2S 3D 4C 5S 6D"], stock="KC", table=[(1, "10C JC QC")],
                 turns=TURN_LIMIT - 1)
    act(s, "draw stock")
    act(s, "spread 3H 4H 5H")
    act(s, "hit 9C s1")
    act(s, "hit KC s1")
    assert s.result["end"] == "tonk_out" and net(s) == [2, -2]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_house_rules_A_and_B_a_hand_where_everyone_takes_the_discard_ends(n):
    s = new_game(Rules(), NAMES[:n], 7, deck=deck_for(
        ["2S 3S 9D KH QC", "2H 3H 9C KD QS", "2D 3D 9H KS QH", "2C 3C 9S KC QD"][:n],
        pile="7C"))
    steps = 0
    while s.phase != "hand_over":
        pile = [a for a in s.legal_actions(s.turn) if str(a) == "draw pile"]
        discards = [a for a in s.legal_actions(s.turn) if str(a).startswith("discard")]
        s.apply(pile[0] if pile else discards[-1])
        steps += 1
        assert steps <= 2 * TURN_LIMIT
    assert s.result["end"] == "turn_limit" and s.turns == TURN_LIMIT
    assert len(s.stock) == 52 - 5 * n - 1  # nobody ever drew from the stock
    assert s.ledger.sums_to_zero() and sum(net(s)) == 0


def test_house_rules_counters_are_saved_and_old_saves_read_as_zero():
    s = position(["2S 3D 4C 5H 9S", "KS QD JC 10H 9D"], pile="7C", turns=17)
    act(s, "draw pile")
    data = json.loads(json.dumps(s.to_dict()))
    assert data["turns"] == 17 and data["taken"] == "7C"
    again = State.from_dict(data)
    assert again.to_dict() == s.to_dict() and again.legal_actions(0) == s.legal_actions(0)
    old = dict(data)
    del old["turns"], old["taken"]
    restored = State.from_dict(old)
    assert restored.turns == 0 and restored.taken is None
    for bad in ({"turns": -1}, {"turns": TURN_LIMIT + 1}, {"turns": "3"}, {"taken": "AS"},
                {"taken": "ZZ"}):
        with pytest.raises(SaveError):
            State.from_dict({**data, **bad})
    s.apply(parse_action("discard 9S", 0))
    with pytest.raises(SaveError):  # a taken card outside a turn's play
        State.from_dict({**json.loads(json.dumps(s.to_dict())), "taken": "7C"})


# ------------------------------------------------------------------ protocol


def test_action_texts_round_trip():
    texts = ["knock", "draw stock", "draw pile", "spread AH 2H 3H", "hit 5C s2",
             "discard 8H", "end", "next", "spread 7S 7H 7D 7C"]
    for t in texts:
        a = parse_action(t, 1)
        assert str(a) == t and a.player == 1
    assert parse_action("HIT 5c 2", 0) == Hit(0, cards("5C")[0], 2)
    assert parse_action("spread 3H AH 2H", 0) == Spread(0, tuple(cards("AH 2H 3H")))
    assert parse_action("draw stock", 0) == Draw(0, "stock")
    assert {type(parse_action(t, 0)) for t in texts} == {Knock, Draw, Spread, Hit, Discard,
                                                          End, Next}
    for bad in ["", "draw", "draw deck", "hit 5C", "hit 5C sx", "discard", "discard ZZ",
                "knock now", "fold", "spread"]:
        with pytest.raises(IllegalAction) as exc:
            parse_action(bad, 0)
        assert exc.value.code == "bad_action_text"


def test_illegal_codes_for_turn_and_hand_over():
    s = position(["4S 5D", "AS 3H"])
    assert_illegal(s, "knock", "not_your_turn", 1)
    assert_illegal(s, "next", "hand_in_progress", 0)
    assert_illegal(s, "spread 4S 5D", "must_draw_first")
    assert_illegal(s, "discard 6D", "card_not_in_hand")
    assert_illegal(s, "spread 4S 4S", "duplicate_card")
    act(s, "knock")
    assert s.to_act() == [0, 1] and s.is_over() is False and s.outcome() is None
    assert_illegal(s, "knock", "hand_over", 1)
    assert_illegal(s, "draw stock", "hand_over", 0)


def test_view_keys_and_hidden_hands():
    s = position(["4S 5D 6H 8C 9C", "AS 3H KD KC 2H"], pile="7S", known=[[], []])
    view = s.view(0)
    assert set(view) == {
        "game", "player", "names", "hand_no", "dealer", "first_dealer", "cut", "phase",
        "turn", "to_act", "hand", "hand_counts", "known", "table", "pile_top", "pile_size",
        "stock_size", "stock_dry", "dry_turns_left", "turns", "turns_left", "pile_taken",
        "spread_this_turn", "hit_locked",
        "result", "last_result", "stake", "balances", "history", "rules", "over", "outcome"}
    text = json.dumps(view)
    assert all(c not in text for c in ["AS", "3H", "KD", "KC", "2H"])
    assert view["hand"] == ["4S", "5D", "6H", "8C", "9C"] and view["hand_counts"] == [5, 5]


def test_save_round_trip_and_damage():
    s = new_game(Rules(hit_lock=True, stake=2), NAMES[:3], 11)
    for _ in range(12):
        s.apply(s.legal_actions(s.to_act()[0])[1 if s.phase == "start" else -1])
    data = json.loads(json.dumps(s.to_dict()))
    assert State.from_dict(data).to_dict() == s.to_dict()
    for change in (lambda d: d.update(game="durak"), lambda d: d.update(v=9),
                   lambda d: d["hands"][0].append(d["stock"][0]),
                   lambda d: d["hands"][0].pop(),
                   lambda d: d.update(turn=5), lambda d: d.update(phase="bidding"),
                   lambda d: d["ledger"]["payouts"].append(
                       {"hand": 1, "payer": 0, "payee": 0, "amount": 1, "reason": "caught"}),
                   lambda d: d.update(rules={"stake": 0}), lambda d: d.pop("stock"),
                   lambda d: d.update(hit_since=[1, 0, 0])):
        bad = json.loads(json.dumps(data))
        change(bad)
        with pytest.raises(SaveError):
            State.from_dict(bad)
