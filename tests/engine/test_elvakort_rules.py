"""Elvakorts-Rummy rules tests, named by rule id of rules/elvakort.md (ELV-1 … ELV-14).

Elvakort is a rule set of the contract-rummy engine (``game/rummy/``,
``Rules(variant="elvakort")``). Positions are built in text notation with
``elvakort_helpers.position`` (the cards add up to 108 or 162, ELV-1). Illegal moves are
checked for their reason code and for leaving ``to_dict()`` unchanged (``assert_illegal``).
"""

from __future__ import annotations

import json

import pytest

from elvakort_helpers import (ELV, NAMES, act, assert_illegal, cards, full_deck, hand,
                              legal_texts, meld_text, play, position)
from game.cards import card_key
from game.engine import SaveError, SettingError
from game.melds import ELVAKORT_CONTRACTS, elvakort_value
from game.rummy import RULE_SETS, Rules, State, new_game


def sheet_before(n, rounds, totals):
    """Finished rounds 1..rounds with all points in the last one (for ELV-14)."""
    out = []
    for r in range(1, rounds + 1):
        pts = list(totals) if r == rounds else [0] * n
        out.append({"round": r, "contract": "", "dealer": 0, "out": None, "points": pts,
                    "totals": list(totals) if r == rounds else [0] * n,
                    "hands": [[]] * n})
    return out


# ------------------------------------------------------------------ ELV-1 cards, players


@pytest.mark.parametrize("n, total, jokers", [(2, 108, 4), (4, 108, 4), (5, 162, 6),
                                               (8, 162, 6)])
def test_elv_1_decks_by_player_count(n, total, jokers):
    state = new_game(ELV, NAMES[:n], 7)
    cards_now = sorted(state.all_cards(), key=card_key)
    assert len(cards_now) == total and cards_now == full_deck(n)
    assert sum(1 for c in cards_now if c.is_joker) == jokers
    assert state.game == "elvakort" and RULE_SETS["elvakort"].deck_counts(n)[0] == total // 54


def test_elv_1_four_players_two_decks_five_players_three():
    four = new_game(ELV, NAMES[:4], 1)
    five = new_game(ELV, NAMES[:5], 1)
    assert len(four.all_cards()) == 108 and len(five.all_cards()) == 162
    assert not any(str(c).endswith(".2") for c in four.all_cards() if not c.is_joker)
    assert any(str(c) == "7S.2" for c in five.all_cards())


@pytest.mark.parametrize("n", [1, 9])
def test_elv_1_bad_player_count(n):
    with pytest.raises(SettingError) as info:
        new_game(ELV, [f"P{i}" for i in range(n)], 1)
    assert info.value.setting == "players"


def test_elv_1_integrity_counts_the_decks_for_the_players():
    for n in (4, 5):
        data = new_game(ELV, NAMES[:n], 3).to_dict()
        assert State.from_dict(json.loads(json.dumps(data))).to_dict() == data
        broken = json.loads(json.dumps(data))
        broken["stock"].pop()
        with pytest.raises(SaveError):
            State.from_dict(broken)
    # a 4-player game with a third deck's card does not add up
    data = new_game(ELV, NAMES[:4], 3).to_dict()
    data["stock"][-1] = "7S.2"
    with pytest.raises(SaveError):
        State.from_dict(data)


# ------------------------------------------------------------------ ELV-2, ELV-3 melds


def test_elv_2_runs_need_four_cards_sets_three():
    state = position(["5S 6S 7S 9D 10D JD QD 2C", "2H"], round=3)
    assert_illegal(state, "meld 5S 6S 7S / 9D 10D JD QD", 0, "invalid_meld")
    state = position(["5S 6S 7S 8S 9D 10D JD QD 2C", "2H"], round=3)
    act(state, "meld 5S 6S 7S 8S / 9D 10D JD QD", 0)
    assert meld_text(state, 1) == "run 5S 6S 7S 8S"
    state = position(["AS 2S 3S 4S JD QD KD AD 2C", "2H"], round=3)
    act(state, "meld AS 2S 3S 4S / JD QD KD AD", 0)
    assert state.laid_down[0]


def test_elv_3_jokers_fewer_than_naturals():
    state = position(["7S JK JK.1 9D 9H 9C 2C", "2H"])
    assert_illegal(state, "meld 7S JK JK.1 / 9D 9H 9C", 0, "invalid_meld")
    state = position(["7S 7H JK 9D 9H 9C 2C", "2H"])
    act(state, "meld 7S 7H JK=7 / 9D 9H 9C", 0)
    assert meld_text(state, 1) == "set 7S 7H JK=7"


def test_elv_3_jokers_may_be_discarded_and_taken():
    state = position(["JK 5C 6D", "2H 3H"])
    assert "discard JK" in legal_texts(state, 0)
    act(state, "discard JK", 0)
    assert str(state.pile[-1]) == "JK"
    act(state, "draw pile", 1)
    assert "JK" in hand(state, 1)


def test_elv_3_jokers_laid_on_another_players_meld_no_replacement():
    state = position(["JK 8S 4C", "2H 3H"], table=[(0, "set 9D 9H 9C"),
                                                 (1, "run 4S 5S JK.1=6S 7S")])
    texts = legal_texts(state, 0)
    assert "layoff JK m2 low" in texts and "layoff JK m2 high" in texts
    assert not any(t.startswith("replace") for t in texts)
    act(state, "layoff JK m2 high", 0)
    assert meld_text(state, 2) == "run 4S 5S JK.1=6S 7S JK=8S"
    # ELV-3: no joker replacement, even with the card a joker stands for
    state = position(["6S 4C", "2H 3H"], table=[(0, "set 9D 9H 9C"),
                                               (1, "run 4S 5S JK.1=6S 7S")])
    assert not any(t.startswith("replace") for t in legal_texts(state, 0))
    # the joker does stand for the six: the reason is the rule, not a missing joker
    exc = assert_illegal(state, "replace 6S m2 low", 0, "no_joker_replacement")
    from game.i18n import reason
    assert reason("en", exc.code, exc.params, game="elvakort") == \
        "Jokers are never replaced in this game."
    assert reason("sv", exc.code, exc.params, game="elvakort") == \
        "Jokrar byts aldrig ut i det här spelet."


# ------------------------------------------------------------------ ELV-4 deal


def test_elv_4_deal_eleven_opening_discards_then_turn_up():
    state = new_game(ELV, NAMES[:4], 11, dealer=0)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert state.pile == [] and state.phase == "opening" and state.turn == 1
    assert len(state.stock) == 108 - 44
    assert legal_texts(state, 2) == []
    order = []
    for seat in (1, 2, 3, 0):
        assert state.turn == seat and state.phase == "opening"
        card = state.hands[seat][0]
        order.append(str(card))
        turned = state.stock[-1]
        events = act(state, f"discard {card}", seat)
    assert [str(c) for c in state.pile[:4]] == order
    assert state.pile[-1] == turned and len(state.pile) == 5
    assert {"type": "turn_up", "card": str(turned)} in events
    assert [len(h) for h in state.hands] == [10, 10, 10, 10]
    assert state.phase == "draw" and state.turn == 1
    assert state.view(1)["pile_top"] == str(turned)
    # the turned-up card has no discarder: taking from the stock opens no claim window
    act(state, "draw stock", 1)
    assert state.phase == "play" and state.claim_view() is None


def test_elv_4_deal_rotates():
    state = new_game(ELV, NAMES[:3], 5, dealer=2)
    assert state.turn == 0
    for seat in (0, 1, 2):
        act(state, f"discard {state.hands[seat][0]}", seat)
    assert state.turn == 0 and state.phase == "draw"


# ------------------------------------------------------------------ ELV-5, ELV-6 claims


def test_elv_6_claims_as_dun_7_nearest_gets_it_with_a_penalty_card():
    state = position(["2C 3C", "4D 5D", "6H 7H", "8S 9S"], phase="draw", turn=1,
                     pile="KD QH", stock="AC 10C", discarder=0, claim_card=cards("QH")[0])
    act(state, "draw stock", 1)
    assert state.phase == "claim" and state.to_act() == [2, 3]
    play(state, (3, "dunk"), (2, "dunk"))
    assert "QH" in hand(state, 2) and "10C" in hand(state, 2) and len(state.hands[2]) == 4
    assert state.phase == "play" and state.turn == 1


# ------------------------------------------------------------------ ELV-7, ELV-8 melds


def test_elv_7_lay_down_after_taking_at_least_the_contract():
    state = position(["7S 7H 7D 9C 9D 9H 5C 6C 7C 8C 2D", "2H"], phase="draw")
    assert not any(t.startswith("meld") for t in legal_texts(state, 0))
    act(state, "draw stock", 0)
    # the contract (2 sets) plus a further run in the same lay-down
    act(state, "meld 7S 7H 7D / 9C 9D 9H / 5C 6C 7C 8C", 0)
    assert len(state.table) == 3 and all(owner == 0 for _, owner, _ in state.table)
    state = position(["7S 7H 7D 5C 6C 7C 8C 2D", "2H"])
    assert_illegal(state, "meld 7S 7H 7D / 5C 6C 7C 8C", 0, "contract_not_met")
    assert_illegal(state, "meld 7S 7H 7D", 0, "contract_not_met")


def test_elv_8_further_melds_in_a_later_turn():
    state = position(["KS KH KD 3C 4C 5C 6C 2D", "2H"],
                     table=[(0, "set 9D 9H 9C"), (0, "set 10S 10H 10D")])
    texts = legal_texts(state, 0)
    assert "meld KS KH KD / 3C 4C 5C 6C" in texts
    assert "meld KS KH KD" in texts and "meld 3C 4C 5C 6C" in texts
    events = act(state, "meld KS KH KD", 0)
    assert events[0]["further"] is True and events[0]["ids"] == [3]
    assert meld_text(state, 3) == "set KS KH KD" and state.table[2][1] == 0
    # and more in the same turn, any valid meld not listed too
    act(state, "meld 6c 3c 5c 4c", 0)
    assert meld_text(state, 4) == "run 3C 4C 5C 6C"
    assert hand(state, 0) == ["2D"]
    assert_illegal(state, "meld 2D", 0, "invalid_meld")


def test_elv_8_no_further_melds_before_the_contract_or_out_of_turn():
    state = position(["KS KH KD 2D", "QS QH QD 3D"], table=[(0, "set 9D 9H 9C"),
                                                          (0, "set 10S 10H 10D")])
    assert_illegal(state, "meld QS QH QD", 1, "not_your_turn")
    state = position(["KS KH KD 2D", "QS QH QD 3D"], phase="draw",
                     table=[(0, "set 9D 9H 9C"), (0, "set 10S 10H 10D")])
    assert_illegal(state, "meld KS KH KD", 0, "must_draw_first")


def test_elv_8_card_on_another_players_meld_is_credited_and_scores_for_the_owner():
    state = position(["8S 9C 4D", "2H 3H"], table=[(1, "run 4S 5S 6S 7S"),
                                                 (0, "set 9D 9H 9S")])
    act(state, "layoff 8S m1", 0)
    view = state.view(1)
    assert view["table"][0]["owner"] == 1
    assert view["table"][0]["added_by"] == [1, 1, 1, 1, 0]
    assert view["table"][1]["added_by"] == [0, 0, 0]
    act(state, "layoff 9C m2", 0)
    events = act(state, "discard 4D", 0)
    end = [e for e in events if e["type"] == "round_end"][0]
    # seat 0: own set 9D 9H 9S 9C = 20, + 50 for going out; seat 1: run 4S..8S = 25 - 10
    assert end["out"] == 0 and end["points"] == [70, 15]
    assert state.scoresheet()["rounds"][0]["points"] == [70, 15]


def test_elv_8_credits_follow_the_cards_at_the_low_end():
    state = position(["3S 2S 9C", "2H 3H"], table=[(1, "run 4S 5S 6S 7S")],
                     laid_down=[True, True])
    play(state, (0, "layoff 3S m1"), (0, "layoff 2S m1"))
    assert meld_text(state, 1) == "run 2S 3S 4S 5S 6S 7S"
    assert state.view(0)["table"][0]["added_by"] == [0, 0, 1, 1, 1, 1]


# ------------------------------------------------------------------ ELV-9, ELV-10 going out


def test_elv_10_round_ends_on_the_last_discard():
    state = position(["5C", "2H 3H"], table=[(0, "set 9D 9H 9C"), (0, "set 10S 10H 10D")])
    events = act(state, "discard 5C", 0)
    assert state.phase == "round_over" and events[-1]["out"] == 0


def melds_all(state, player, text):
    """True when the ``meld`` action ``text`` would put every card of the hand down."""
    used = sum(len(g.split()) for g in text[len("meld "):].split("/"))
    return used == len(state.hands[player])


@pytest.mark.parametrize("round_no", [1, 2, 3, 4, 5])
def test_elv_10_laying_off_the_last_card_is_refused_in_rounds_1_to_5(round_no):
    # revised ELV-10: the round ends only with the last card discarded
    state = position(["7C", "2H 3H"], table=[(0, "set 7S 7H 7D"), (0, "set 10S 10H 10D")],
                     round=round_no)
    assert state.keeps_discard()
    assert legal_texts(state, 0) == ["discard 7C"]
    exc = assert_illegal(state, "layoff 7C m1", 0, "must_keep_discard")
    assert exc.params["contract"] == str(ELVAKORT_CONTRACTS[round_no - 1])
    events = act(state, "discard 7C", 0)
    end = [e for e in events if e["type"] == "round_end"][0]
    # ELV-13: own melds 15 + 30 and the 50 bonus; the discarded card scores nothing
    assert end["out"] == 0 and end["points"] == [95, -10]
    assert state.phase == "round_over" and not state.hands[0]


def test_elv_10_further_meld_of_every_card_is_refused():
    state = position(["KS KH KD", "2H 3H"], table=[(0, "set 9D 9H 9C"),
                                                 (0, "set 10S 10H 10D")])
    assert not any(t.startswith("meld") for t in legal_texts(state, 0))
    assert_illegal(state, "meld KS KH KD", 0, "must_keep_discard")
    assert state.laydown_options(0, "KS KH KD") == []
    # with a card to spare the further meld is offered, and the discard goes out
    state = position(["KS KH KD KC", "2H 3H"], table=[(0, "set 9D 9H 9C"),
                                                    (0, "set 10S 10H 10D")])
    melds = [t for t in legal_texts(state, 0) if t.startswith("meld")]
    assert melds and not any(melds_all(state, 0, t) for t in melds)
    assert_illegal(state, "meld KS KH KD KC", 0, "must_keep_discard")
    act(state, melds[0], 0)
    assert len(state.hands[0]) == 1 and state.phase == "play"
    (last,) = legal_texts(state, 0)  # no lay-off of the last card: only its discard
    events = act(state, last, 0)
    end = events[-1]
    # 9s 15 + 10s 30 + three kings 30 + 50; the fourth king was discarded
    assert end["type"] == "round_end" and end["out"] == 0 and end["points"] == [125, -10]


def test_elv_10_contract_with_every_card_is_refused_a_card_is_kept():
    # the contract (2 sets) with a further run: all ten cards
    hand10 = "7S 7H 7D 9C 9D 9H 5C 6C 7C 8C"
    state = position([hand10, "2H"])
    assert_illegal(state, "meld 7S 7H 7D / 9C 9D 9H / 5C 6C 7C 8C", 0, "must_keep_discard")
    assert state.laydown_options(0, hand10) == []
    # seven cards that meld as two sets: the lay-down offered keeps a card back
    state = position(["7S 7H 7D 7C 9C 9D 9H", "2H"])
    assert_illegal(state, "meld 7S 7H 7D 7C / 9C 9D 9H", 0, "must_keep_discard")
    melds = [t for t in legal_texts(state, 0) if t.startswith("meld")]
    assert melds and not any(melds_all(state, 0, t) for t in melds)
    assert state.laydown_options(0, "7S 7H 7D 7C 9C 9D 9H") == []
    assert [str(a) for a in state.laydown_options(0, "7S 7H 7D 9C 9D 9H")] == [
        "meld 7S 7H 7D / 9H 9D 9C"]
    act(state, melds[0], 0)
    assert len(state.hands[0]) == 1
    events = act(state, legal_texts(state, 0)[-1], 0)
    assert events[-1]["type"] == "round_end" and events[-1]["out"] == 0
    # six cards that are exactly two sets: no lay-down at all (nothing left to discard)
    state = position(["7S 7H 7D 9C 9D 9H", "2H"])
    assert not any(t.startswith("meld") for t in legal_texts(state, 0))
    assert_illegal(state, "meld 7S 7H 7D / 9C 9D 9H", 0, "must_keep_discard")


def test_elv_10_going_out_by_laying_off_then_discarding_the_last_card():
    state = position(["7C 10C", "2H 3H"], table=[(0, "set 7S 7H 7D"),
                                               (1, "set 10S 10H 10D")])
    assert "layoff 7C m1" in legal_texts(state, 0) and "layoff 10C m2" in legal_texts(state, 0)
    act(state, "layoff 7C m1", 0)
    assert legal_texts(state, 0) == ["discard 10C"]
    events = act(state, "discard 10C", 0)
    end = events[-1]
    # seat 0: 7s 20 + 50; seat 1: 10s 30 - 10
    assert end["type"] == "round_end" and end["out"] == 0 and end["points"] == [70, 20]


def test_elv_10_round_6_going_out_at_once():
    assert ELVAKORT_CONTRACTS[5].go_out
    hand6 = "7S 7H 7D 3C 4C 5C 6C 9D 10D JD QD"
    state = position([hand6 + " 2S", "2H 3H"], round=6)
    assert not state.keeps_discard()  # round 6: every card down, no discard
    assert_illegal(state, "meld 7S 7H 7D / 3C 4C 5C 6C / 9D 10D JD QD", 0, "must_go_out")
    state = position([hand6 + " 8D", "2H 3H"], round=6)
    texts = [t for t in legal_texts(state, 0) if t.startswith("meld")]
    assert texts
    events = act(state, texts[0], 0)
    assert state.phase == "game_over" and events[-2]["out"] == 0
    assert not state.hands[0]


# ------------------------------------------------------------------ ELV-11 stock exhausted


def test_elv_11_stock_exhausted_as_dun_16():
    state = position(["5C 6D", "2H 3H"], rest="pile", stock="", pile="",
                     table=[(1, "set 9D 9H 9C")], reshuffles=3)
    events = act(state, "discard 5C", 0)
    assert {"type": "stock_exhausted"} in events
    end = [e for e in events if e["type"] == "round_end"][0]
    # nobody went out: no bonus; seat 1 scores its meld minus its hand
    assert end["out"] is None and end["points"] == [-5, 15 - 10]


# ------------------------------------------------------------------ ELV-12, ELV-13 scoring


def test_elv_12_card_values():
    assert [elvakort_value(c) for c in cards("JK AS KS 10S 9S 2S")] == [25, 15, 10, 10, 5, 5]


def test_elv_13_table_minus_hand_with_bonus():
    state = position(["4D", "JK AH 2C", "KS"],
                     table=[(0, "set 9D 9H 9C"), (1, "run 4S 5S JK.1=6S 7S 8S"),
                            (0, "set QS QH QD")],
                     credits={2: [1, 1, 1, 0, 1]}, laid_down=[True, True, False])
    events = act(state, "discard 4D", 0)
    end = events[-1]
    # seat 0: 15 + 30 + 50; seat 1: 4S 5S 7S 8S 20 + JK.1 25 (a card of its meld added
    # by seat 0 still scores for seat 1) - (25 + 15 + 5) = 0; seat 2 (not laid down): -10
    assert end["points"] == [95, 0, -10]


# ------------------------------------------------------------------ ELV-14 winner, sheet


def test_elv_14_highest_total_wins_and_the_scoresheet():
    # going out in round 6 means laying down every card; here seat 0 lays down all
    state = position(["7S 7H 7D 3C 4C 5C 6C 9D 10D JD QD 8D", "2H 3H", "4H"], round=6,
                     sheet=sheet_before(3, 5, [100, 300, 300]))
    act(state, [t for t in legal_texts(state, 0) if t.startswith("meld")][0], 0)
    outcome = state.outcome()
    value = sum(elvakort_value(c) for _, _, m in state.table for c in m.cards)
    assert outcome["totals"] == [100 + value + 50, 300 - 10, 300 - 5]
    best = max(outcome["totals"])
    assert outcome["winners"] == [s for s, t in enumerate(outcome["totals"]) if t == best]
    sheet = state.scoresheet()
    assert len(sheet["rounds"]) == 6 and sheet["totals"] == outcome["totals"]
    assert sheet["contracts"] == [str(c) for c in ELVAKORT_CONTRACTS]
    assert sheet["rounds"][-1]["out"] == 0


def test_elv_14_equal_highest_share_the_win():
    state = position(["5C", "2H 3H"], round=6, phase="draw", turn=1,
                     sheet=sheet_before(2, 5, [0, 0]), stock="", rest="pile",
                     reshuffles=3, pile="")
    assert state.is_over() is False
    act(state, "draw pile", 1)
    act(state, "discard 2H", 1)
    # the stock cannot be rebuilt: round 6 ends with no winner, both score -hand
    assert state.is_over()
    totals = state.outcome()["totals"]
    assert state.outcome()["winners"] == [s for s, t in enumerate(totals)
                                          if t == max(totals)]


# ------------------------------------------------------------------ views and saves


def test_elv_view_keys_credits_and_hidden_hands():
    state = position(["5C 6C 8S", "5D 6D", "5H 6H"], table=[(1, "run 4S 5S 6S 7S")],
                     laid_down=[True, True, False])
    act(state, "layoff 8S m1", 0)
    view = state.view(2)
    for key in ("hand", "hand_counts", "table", "pile_top", "pile_size", "stock_size",
                "contract", "round", "scoresheet", "laid_down", "claim", "known",
                "discards", "to_act", "dealer", "turn", "phase", "rules"):
        assert key in view, key
    assert view["game"] == "elvakort" and view["rules"]["variant"] == "elvakort"
    assert view["table"][0] == {"id": 1, "name": "m1", "owner": 1, "kind": "run",
                                "cards": ["4S", "5S", "6S", "7S", "8S"],
                                "added_by": [1, 1, 1, 1, 0]}
    text = json.dumps(view)
    assert "5C" not in text and "5D" not in text


def test_elv_save_round_trip_with_credits_and_old_saves_without_them():
    state = position(["8S 9C 4D", "2H 3H"], table=[(1, "run 4S 5S 6S 7S")],
                     laid_down=[True, True])
    act(state, "layoff 8S m1", 0)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["credits"] == [[1, [1, 1, 1, 1, 0]]]
    restored = State.from_dict(data)
    assert restored.to_dict() == data and restored.view(0) == state.view(0)
    old = dict(data)
    del old["credits"]
    assert State.from_dict(old).view(0)["table"][0]["added_by"] == [1] * 5
    bad = json.loads(json.dumps(data))
    bad["credits"] = [[1, [1, 1]]]
    with pytest.raises(SaveError):
        State.from_dict(bad)
    bad["credits"] = [[1, [1, 1, 1, 1, 9]]]
    with pytest.raises(SaveError):
        State.from_dict(bad)


def test_elv_dunka_unchanged_view_and_save_have_no_credits():
    dunka = new_game(Rules(), NAMES[:3], 4)
    assert "credits" not in dunka.to_dict()
    assert Rules(variant="elvakort") == ELV and Rules.from_dict(ELV.to_dict()) == ELV


def test_elv_7_8_laydown_options_for_selected_cards():
    state = position(["7S 7H 7D 9C 9D 9H 5C 6C 7C 8C 2D", "2H"])
    picked = "7S 7H 7D 9C 9D 9H 5C 6C 7C 8C"
    options = [str(a) for a in state.laydown_options(0, picked)]
    assert len(options) == 1
    act(state, options[0], 0)
    assert sorted(meld_text(state, i) for i in (1, 2, 3)) == [
        "run 5C 6C 7C 8C", "set 7S 7H 7D", "set 9H 9D 9C"]
    assert state.laydown_options(0, "2D") == []
    state = position(["KS KH KD 3C 4C 5C 6C 2D", "2H"],
                     table=[(0, "set 9D 9H 9C"), (0, "set 10S 10H 10D")])
    assert [str(a) for a in state.laydown_options(0, "KS KH KD")] == ["meld KS KH KD"]
    assert state.laydown_options(1, "2H") == []
