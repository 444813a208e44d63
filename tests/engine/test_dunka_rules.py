"""Dunka rules tests, one or more per rule id of rules/dunka.md (DUN-1 … DUN-17), and the
engine's house rules (``test_house_*``: no discarding the card just taken from the pile;
the turn limit per round; see ``game/rummy/``).

Positions are built in text notation with ``dunka_helpers.position`` (the cards always add
up to 108). Illegal moves are checked for their reason code and for leaving ``to_dict()``
unchanged (``assert_illegal``).
"""

from __future__ import annotations

import json

import pytest

from dunka_helpers import (NAMES, act, assert_illegal, cards, full_deck, hand, legal_texts,
                           meld_text, play, position)
from game.cards import card_key, make_deck
from game.engine import IllegalAction, Rng, SaveError, SettingError
from game.rummy import MAX_ROUND_TURNS, ROUNDS, Rules, State, new_game, parse_action


# ------------------------------------------------------------------ DUN-1 cards, players


def test_dun_1_108_cards_two_decks_four_jokers():
    state = new_game(Rules(), NAMES[:4], 1)
    assert sorted(state.all_cards(), key=card_key) == full_deck()
    assert len(full_deck()) == 108
    assert sum(1 for c in full_deck() if c.is_joker) == 4


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_dun_1_two_to_six_players(n):
    state = new_game(Rules(), NAMES[:n], 3)
    assert state.num_players == n and state.game == "dunka"


@pytest.mark.parametrize("n", [0, 1, 7])
def test_dun_1_bad_player_count(n):
    with pytest.raises(SettingError) as info:
        new_game(Rules(), [f"P{i}" for i in range(n)], 1)
    assert info.value.setting == "players"


def test_dun_1_bad_settings_name_the_setting():
    with pytest.raises(SettingError) as info:
        Rules(max_reshuffles=0)
    assert info.value.setting == "max_reshuffles"
    with pytest.raises(SettingError):
        Rules(variant="canasta")
    assert Rules.from_dict(Rules().to_dict()) == Rules()


# ------------------------------------------------------------------ DUN-2, DUN-3, DUN-4 melds


def round1(hand0, **kw):
    """Seat 0 in turn in round 1 (2 sets), having drawn."""
    return position([hand0, "2C 3C"], **kw)


def test_dun_2_set_may_repeat_suits_and_run_ace_low_or_high():
    state = round1("7S 7S.1 7H 9D 9D.1 9C 5C")
    act(state, "meld 7S 7S.1 7H / 9D 9D.1 9C", 0)
    assert state.laid_down[0]
    state = position(["AS 2S 3S 4S QD KD AD JD 5C", "2C"], round=3)
    act(state, "meld AS 2S 3S 4S / JD QD KD AD", 0)
    assert meld_text(state, 1) == "run AS 2S 3S 4S"
    assert meld_text(state, 2) == "run JD QD KD AD"


def test_dun_2_no_wrap_and_no_mixed_set():
    state = position(["QS KS AS 2S 3D 4D 5D 6D 9C", "2C"], round=3)
    assert_illegal(state, "meld QS KS AS 2S / 3D 4D 5D 6D", 0, "invalid_meld")
    state = round1("KS KH AH 9D 9D.1 9C 5C")
    assert_illegal(state, "meld KS KH AH / 9D 9D.1 9C", 0, "invalid_meld")


def test_dun_3_jokers_fewer_than_naturals():
    state = round1("7S JK JK.1 9D 9D.1 9C 5C")
    assert_illegal(state, "meld 7S JK=7 JK.1=7 / 9D 9D.1 9C", 0, "invalid_meld")
    state = round1("7S 7H 7D JK JK.1 9D 9D.1 9C 5C")
    act(state, "meld 7S 7H 7D JK=7 JK.1=7 / 9D 9D.1 9C", 0)
    assert meld_text(state, 1) == "set 7S 7H 7D JK=7 JK.1=7"


def test_dun_4_contract_melds_may_be_longer():
    state = round1("KS KH KD KC KS.1 9D 9D.1 9C 5C")
    act(state, "meld KS KH KD KC KS.1 / 9D 9D.1 9C", 0)
    assert meld_text(state, 2) == "set KS KS.1 KH KD KC" and hand(state, 0) == ["5C"]


# ------------------------------------------------------------------ DUN-5 deal


def test_dun_5_deal_order_turn_up_and_eleventh_card():
    seed, n = 77, 4
    state = new_game(Rules(), NAMES[:n], seed)
    rng = Rng(seed)
    dealer = rng.below(n)
    deck = make_deck(range(2, 15), copies=2, jokers=4)
    rng.shuffle(deck)
    order = [(dealer + k) % n for k in range(1, n + 1)]
    hands = [[] for _ in range(n)]
    for _ in range(10):
        for s in order:
            hands[s].append(deck.pop())
    up = deck.pop()
    for s in order:
        hands[s].append(deck.pop())
    assert state.dealer == dealer and state.first_dealer == dealer
    assert state.hands == hands and state.pile == [up] and state.stock == deck
    assert len(state.stock) == 108 - 11 * n - 1


def test_dun_5_first_dealer_is_random_but_seeded():
    dealers = {new_game(Rules(), NAMES[:5], seed).dealer for seed in range(40)}
    assert len(dealers) > 1
    assert new_game(Rules(), NAMES[:5], 9).to_dict() == new_game(Rules(), NAMES[:5], 9).to_dict()
    assert new_game(Rules(), NAMES[:5], 9, dealer=2).dealer == 2
    with pytest.raises(SettingError):
        new_game(Rules(), NAMES[:3], 9, dealer=3)


def test_dun_5_opening_discard_round_then_forhand_draws():
    state = new_game(Rules(), NAMES[:4], 5, dealer=1)
    assert state.phase == "opening"
    seats = []
    for _ in range(4):
        seat = state.to_act()[0]
        seats.append(seat)
        assert all(t.startswith("discard ") for t in legal_texts(state, seat))
        assert_illegal(state, "draw stock", seat, "opening_discard")
        assert_illegal(state, "dunk", (seat + 2) % 4, "no_claim_window")
        card = state.legal_actions(seat)[0].card
        act(state, f"discard {card}", seat)
        assert len(state.hands[seat]) == 10
    assert seats == [2, 3, 0, 1]
    assert state.phase == "draw" and state.to_act() == [2]
    dealer_discard = state.pile[-1]
    assert state.discards[-1] == [1, str(dealer_discard)]
    assert len(state.pile) == 5
    act(state, "draw pile", 2)  # the first right, free (DUN-7)
    assert dealer_discard in state.hands[2] and len(state.hands[2]) == 11


def test_dun_5_dealer_rotates_left_every_round():
    state = new_game(Rules(), NAMES[:3], 11, dealer=2)
    dealers = [state.dealer]
    for r in range(1, ROUNDS):
        state = position(["5C", "6C", "7C"], phase="round_over", round=r,
                         dealer=(2 + r - 1) % 3)
        act(state, "next", 1)
        dealers.append(state.dealer)
        assert state.round == r + 1 and state.phase == "opening"
        assert state.to_act() == [(state.dealer + 1) % 3]
    assert dealers == [2, 0, 1, 2, 0, 1]


# ------------------------------------------------------------------ DUN-6 a turn


def test_dun_6_take_then_discard():
    state = position(["5C 6D 7H", "8S 9S", "10D JD"], phase="draw", turn=1, pile="2H 3H",
                     stock="KC")
    assert legal_texts(state, 1) == ["draw stock", "draw pile"]
    assert_illegal(state, "discard 8S", 1, "must_draw_first")
    assert_illegal(state, "draw stock", 0, "not_your_turn")
    act(state, "draw stock", 1)
    assert "KC" in hand(state, 1) and state.phase == "play"
    assert_illegal(state, "draw pile", 1, "already_drawn")
    act(state, "discard 8S", 1)
    assert state.pile[-1] == cards("8S")[0]
    assert state.turn == 2 and state.phase == "draw"


def test_dun_6_draw_pile_takes_the_top_and_is_public():
    state = position(["5C 6D 7H", "8S 9S"], phase="draw", turn=1, pile="2H 3H")
    act(state, "draw pile", 1)
    assert hand(state, 1) == ["8S", "9S", "3H"] or "3H" in hand(state, 1)
    assert [str(c) for c in state.known[1]] == ["3H"]
    assert state.view(0)["known"][1] == ["3H"]
    act(state, "discard 8S", 1)  # not 3H in this turn (house rule discard_just_taken)
    assert [str(c) for c in state.known[1]] == ["3H"]
    play(state, (0, "draw stock"), (0, "discard 5C"), (1, "draw stock"), (1, "discard 3H"))
    assert state.known[1] == []


# ------------------------------------------------------------------ DUN-7 dunk


def five_player_window():
    """Seat 0 discarded 9D; seat 1 is to draw; seats 2, 3, 4 may claim after a stock draw."""
    return position(["5C 6C", "5D 6D", "5H 6H", "5S 6S", "7C 8C"], phase="draw", turn=1,
                    pile="2H 9D", stock="KC QC", discarder=0, claim_card=cards("9D")[0])


def test_dun_7_next_player_has_the_first_right_free():
    state = five_player_window()
    act(state, "draw pile", 1)
    assert "9D" in hand(state, 1) and len(state.hands[1]) == 3
    assert state.phase == "play" and state.to_act() == [1]


def test_dun_7_nearest_claimer_wins_whoever_dunked_first():
    state = five_player_window()
    act(state, "draw stock", 1)
    assert state.phase == "claim" and state.to_act() == [2, 3, 4]
    assert state.view(2)["claim"]["card"] == "9D"
    act(state, "dunk", 4)       # the farthest dunks first
    assert state.to_act() == [2, 3]
    act(state, "dunk", 3)       # a nearer one overrides
    assert state.to_act() == [2]
    act(state, "pass", 2)
    assert "9D" in hand(state, 3) and "QC" in hand(state, 3) and len(state.hands[3]) == 4
    assert len(state.hands[4]) == 2
    assert state.phase == "play" and state.turn == 1 and state.to_act() == [1]
    assert hand(state, 1) == ["5D", "6D", "KC"]


def test_dun_7_nearest_dunk_resolves_at_once():
    state = five_player_window()
    act(state, "draw stock", 1)
    act(state, "dunk", 2)
    assert state.phase == "play" and "9D" in hand(state, 2)
    assert [str(c) for c in state.known[2]] == ["9D"]


def test_dun_7_all_pass_keeps_the_discard_on_the_pile():
    state = five_player_window()
    act(state, "draw stock", 1)
    play(state, (3, "pass"), (2, "pass"), (4, "pass"))
    assert str(state.pile[-1]) == "9D" and state.phase == "play"


def test_dun_7_discarder_and_next_player_never_claim():
    state = five_player_window()
    act(state, "draw stock", 1)
    assert 0 not in state.to_act() and 1 not in state.to_act()
    assert_illegal(state, "dunk", 0, "discarder_cannot_claim")
    assert_illegal(state, "dunk", 1, "declined_discard")
    assert_illegal(state, "discard 5D", 1, "claims_pending")


def test_dun_7_two_players_have_no_window():
    state = position(["5C 6C", "5D 6D"], phase="draw", turn=1, pile="2H 9D",
                     discarder=0, claim_card=cards("9D")[0])
    act(state, "draw stock", 1)
    assert state.phase == "play"


def test_dun_7_a_whole_turn_after_a_dunk_continues_with_the_next_player():
    state = five_player_window()
    act(state, "draw stock", 1)
    act(state, "dunk", 2)
    act(state, "discard 5D", 1)
    assert state.turn == 2 and state.phase == "draw"  # the dunker gets no extra turn


# ------------------------------------------------------------------ DUN-8 laying down


def test_dun_8_lay_down_exactly_the_contract():
    state = round1("7S 7H 7D 9D 9D.1 9C 5C 5H 5D")
    texts = legal_texts(state, 0)
    melds = [t for t in texts if t.startswith("meld ")]
    assert melds, "the contract is held: at least one lay-down is listed"
    assert_illegal(state, "meld 7S 7H 7D / 9D 9D.1 9C / 5C 5H 5D", 0, "contract_not_met")
    assert_illegal(state, "meld 7S 7H 7D", 0, "contract_not_met")
    act(state, "meld 5C 5H 5D / 9D 9D.1 9C", 0)  # any valid arrangement, listed or not
    assert hand(state, 0) == ["7D", "7H", "7S"]
    assert_illegal(state, "meld 7S 7H 7D / 7S 7H 7D", 0, "already_laid_down")


def test_dun_8_best_arrangement_first_and_any_text_order_accepted():
    state = round1("KS KH KD 9D 9D.1 9C 5C")
    assert legal_texts(state, 0)[0] == "meld KS KH KD / 9D 9D.1 9C" or \
        legal_texts(state, 0)[0] == "meld 9D 9D.1 9C / KS KH KD"
    act(state, "meld 9c 9d.1 9d / kd ks kh", 0)
    assert hand(state, 0) == ["5C"]


def test_dun_8_lay_down_only_after_drawing_and_in_turn():
    state = position(["7S 7H 7D 9D 9D.1 9C", "2C 3C"], phase="draw", turn=0, pile="4H")
    assert_illegal(state, "meld 7S 7H 7D / 9D 9D.1 9C", 0, "must_draw_first")
    assert_illegal(state, "meld 7S 7H 7D / 9D 9D.1 9C", 1, "not_your_turn")


def test_dun_8_house_rule_lay_down_after_taking_the_discard():
    """House rule (rules page ``house_laydown``): the sheet speaks of the stock; the top
    discard is as good a draw for laying down."""
    state = position(["7S 7H 7D 9D 9D.1 5C 5H 4D 2S 3S", "2C 3C"], phase="draw", turn=0,
                     pile="4H 9C", discarder=1)
    act(state, "draw pile", 0)
    assert "meld 7S 7H 7D / 9D 9D.1 9C" in legal_texts(state, 0)
    act(state, "meld 7S 7H 7D / 9D 9D.1 9C", 0)
    assert state.laid_down[0]


def test_dun_8_joker_must_say_what_it_stands_for_when_ambiguous():
    state = position(["7S 8S JK 9D 10D JD QD 5C", "2C"], round=2)
    assert_illegal(state, "meld 7S 8S JK=9S / 9D 10D JD QD", 0, "contract_not_met")
    state = position(["7S 8S 9S JK 9D 9H 9C 5C", "2C"], round=2)
    exc = assert_illegal(state, "meld 7S 8S 9S JK / 9D 9H 9C", 0, "ambiguous_joker")
    assert sorted(exc.params["options"]) == ["7S 8S 9S JK=10S", "JK=6S 7S 8S 9S"]
    act(state, "meld 7S 8S 9S JK=10S / 9D 9H 9C", 0)
    assert meld_text(state, 2) == "run 7S 8S 9S JK=10S"


def test_dun_8_laydown_options_of_selected_cards():
    state = position(["7S 8S 9S JK 9D 9H 9C 5C", "2C"], round=2)
    options = state.laydown_options(0, "7S 8S 9S JK 9D 9H 9C")
    texts = sorted(str(o) for o in options)
    assert "meld 9D 9H 9C / 7S 8S 9S JK=10S" in texts or \
        "meld 9H 9D 9C / 7S 8S 9S JK=10S" in texts or len(texts) >= 2
    for o in options:
        clone = state.clone()
        clone.apply(o)
        assert hand(clone, 0) == ["5C"]
    assert state.laydown_options(0, "7S 8S 5C") == []
    assert state.laydown_options(1, "2C") == []


def test_dun_8_card_not_in_hand_and_card_twice():
    state = round1("7S 7H 7D 9D 9D.1 9C 5C")
    assert_illegal(state, "meld 7S 7H 7C / 9D 9D.1 9C", 0, "card_not_in_hand")


# ------------------------------------------------------------------ DUN-9 laying off


def table_position(hand0, **kw):
    kw.setdefault("table", [(0, "set 7S 7H 7D"), (0, "set 9D 9D.1 9C"),
                            (1, "run 5C 6C 7C"), (1, "set KS KH KD")])
    return position([hand0, "2H 3H"], **kw)


def test_dun_9_lay_off_only_after_laying_down():
    state = table_position("4C 8C 7C.1", table=[(1, "run 5C 6C 7C")])
    assert not any(t.startswith("layoff") for t in legal_texts(state, 0))
    assert_illegal(state, "layoff 4C m1", 0, "not_laid_down")


def test_dun_9_lay_off_on_any_meld_and_ends_recomputed():
    state = table_position("4C 3C 7C.1 KC 2D")
    texts = legal_texts(state, 0)
    assert {"layoff 4C m3", "layoff 7C.1 m1", "layoff KC m4"} <= set(texts)
    act(state, "layoff 4C m3", 0)
    act(state, "layoff 3C m3", 0)  # RC-8: the run's open end moved
    assert meld_text(state, 3) == "run 3C 4C 5C 6C 7C"
    act(state, "layoff KC m4", 0)
    assert meld_text(state, 4) == "set KS KH KD KC"
    assert state.table[3][1] == 1  # the meld keeps its owner


def test_dun_9_no_new_melds_and_bad_layoffs():
    state = table_position("4H 5H 6H 8D")
    assert not any(t.startswith("meld") for t in legal_texts(state, 0))
    assert_illegal(state, "meld 4H 5H 6H", 0, "already_laid_down")
    assert_illegal(state, "layoff 8D m3", 0, "card_does_not_fit")
    assert_illegal(state, "layoff 4H m9", 0, "no_such_meld")
    assert_illegal(state, "layoff 4C m3", 0, "card_not_in_hand")


def test_dun_9_lay_off_in_the_same_turn_as_laying_down():
    state = round1("7S 7H 7D 9D 9D.1 9C 7C 5C")
    act(state, "meld 7S 7H 7D / 9D 9D.1 9C", 0)
    assert "layoff 7C m1" in legal_texts(state, 0)
    act(state, "layoff 7C m1", 0)
    assert hand(state, 0) == ["5C"]


# ------------------------------------------------------------------ DUN-10 jokers


def test_dun_10_jokers_may_not_be_discarded():
    state = position(["JK 5C 6C", "2H"])
    assert "discard JK" not in legal_texts(state, 0)
    assert_illegal(state, "discard JK", 0, "joker_discard")


def test_dun_10_jokers_only_on_own_melds_and_stay_there():
    state = table_position("JK 2D")
    texts = legal_texts(state, 0)
    assert "layoff JK m1" in texts and "layoff JK m2" in texts
    assert not any(t.startswith("layoff JK m3") or t.startswith("layoff JK m4")
                   for t in texts)
    assert_illegal(state, "layoff JK m3 high", 0, "joker_on_others_meld")
    assert_illegal(state, "layoff JK m4", 0, "joker_on_others_meld")
    act(state, "layoff JK m1", 0)
    assert meld_text(state, 1) == "set 7S 7H 7D JK=7"


def test_dun_10_joker_on_own_run_chooses_the_end():
    state = position(["JK 2D", "2H"], table=[(0, "run 5C 6C 7C")])
    assert [t for t in legal_texts(state, 0) if t.startswith("layoff")] == \
        ["layoff JK m1 low", "layoff JK m1 high"]
    assert_illegal(state, "layoff JK m1", 0, "choose_end")
    act(state, "layoff JK m1 low", 0)
    assert meld_text(state, 1) == "run JK=4C 5C 6C 7C"


# ------------------------------------------------------------------ DUN-11 joker replacement


def test_dun_11_replace_joker_in_a_run_replacer_chooses_end():
    table = [(1, "run 4H 5H JK=6H 7H"), (1, "set 8S 8D JK.1=8")]
    for end, result in (("low", "run JK=3H 4H 5H 6H 7H"), ("high", "run 4H 5H 6H 7H JK=8H")):
        state = position(["6H 2D", "2H", "3H"], table=table + [(0, "set QS QD QC")])
        assert f"replace 6H m1 {end}" in legal_texts(state, 0)
        act(state, f"replace 6H m1 {end}", 0)
        assert meld_text(state, 1) == result
        assert state.table[0][1] == 1 and hand(state, 0) == ["2D"]


def test_dun_11_jokers_in_sets_never_replaced_and_only_after_laying_down():
    state = position(["8H 6H 2D", "2H"], table=[(1, "run 4H 5H JK=6H 7H"),
                                               (1, "set 8S 8D JK.1=8")],
                     laid_down=[False, True])
    assert_illegal(state, "replace 6H m1 low", 0, "not_laid_down")
    state = position(["8H 6H 2D", "2H"], table=[(1, "run 4H 5H JK=6H 7H"),
                                               (1, "set 8S 8D JK.1=8"), (0, "set QS QD QC")])
    assert_illegal(state, "replace 8H m2 low", 0, "joker_in_set")
    assert_illegal(state, "replace 2D m1 low", 0, "no_joker_for_card")


@pytest.mark.parametrize("run", ["run 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK=KH AH",
                                 "run AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK=KH"])
def test_dun_11_a_joker_with_no_end_to_move_to_is_refused_for_that(run):
    """A run of 13 cards (two to ace, or ace to king) has no end for the joker to move to:
    the refusal said "No joker in that run stands for the king of hearts", which is false
    (issue 32); it now says the joker stands for it but cannot move."""
    from game.i18n import reason
    state = position(["KH 2D", "2S"], table=[(1, run), (0, "set 5S 5D 5C")])
    assert not [t for t in legal_texts(state, 0) if t.startswith("replace")]
    for end in ("low", "high"):
        exc = assert_illegal(state, f"replace KH m1 {end}", 0, "joker_cannot_move")
        en, sv = (reason(lang, exc.code, exc.params, game="dunka") for lang in ("en", "sv"))
        assert en.startswith("The joker stands for the king of hearts, but it cannot move")
        assert sv.startswith("Jokern står för hjärter kung, men den kan inte flyttas")
    assert_illegal(state, "replace 2D m1 low", 0, "no_joker_for_card")  # still true there


def test_dun_11_only_ends_that_keep_the_run_valid():
    state = position(["KH 2D", "2H"], table=[(1, "run JH QH JK=KH AH"), (0, "set 5S 5D 5C")])
    texts = [t for t in legal_texts(state, 0) if t.startswith("replace")]
    assert texts == ["replace KH m1 low"]
    assert_illegal(state, "replace KH m1 high", 0, "bad_end")


# ------------------------------------------------------------------ DUN-12 only jokers


def test_dun_12_only_jokers_discards_a_joker():
    state = position(["JK JK.1", "2H"], table=[(0, "set 5S 5D 5C"), (1, "set 6S 6D 6C")],
                     laid_down=[True, True])
    state.table[0][2]  # jokers may go on own set m1: offered, but discarding one is too
    texts = legal_texts(state, 0)
    assert "discard JK" in texts and "discard JK.1" in texts


# ------------------------------------------------------------------ DUN-13 end of round


def test_dun_13_round_ends_by_discarding_the_last_card():
    state = position(["5C", "2H 3H", "KH"], table=[(0, "set 7S 7H 7D"), (0, "set 8S 8H 8D")])
    events = act(state, "discard 5C", 0)
    assert state.phase == "round_over" and any(e["type"] == "round_end" for e in events)
    assert state.sheet[-1]["out"] == 0 and state.sheet[-1]["points"] == [0, 10, 10]
    assert state.to_act() == [0, 1, 2] and legal_texts(state, 2) == ["next"]


def test_dun_13_round_ends_by_melding_the_last_cards():
    state = position(["7C", "2H 3H"], table=[(0, "set 7S 7H 7D"), (0, "set 8S 8H 8D")])
    act(state, "layoff 7C m1", 0)
    assert state.phase == "round_over" and state.sheet[-1]["out"] == 0
    state = round1("7S 7H 7D 9D 9D.1 9C")
    act(state, "meld 7S 7H 7D / 9D 9D.1 9C", 0)
    assert state.phase == "round_over" and state.sheet[-1]["out"] == 0


@pytest.mark.parametrize("round_no", [1, 3, 5])
def test_dun_13_melding_the_last_card_is_offered_unlike_elvakort(round_no):
    # Dunka keeps DUN-13: unlike Elvakort (ELV-10 revised) nothing needs keeping back
    state = position(["7C", "2H 3H"], table=[(0, "set 7S 7H 7D"), (0, "set 8S 8H 8D")],
                     round=round_no)
    assert not state.keeps_discard()
    assert legal_texts(state, 0) == ["layoff 7C m1", "discard 7C"]
    events = act(state, "layoff 7C m1", 0)
    end = [e for e in events if e["type"] == "round_end"][0]
    assert end["out"] == 0 and end["points"] == [0, 10]
    state = round1("7S 7H 7D 7C 9C 9D 9H")
    best = [t for t in legal_texts(state, 0) if t.startswith("meld")][0]
    assert best == "meld 7S 7H 7D 7C / 9H 9D 9C"  # every card: going out
    assert [str(a) for a in state.laydown_options(0, "7S 7H 7D 7C 9C 9D 9H")] == [best]
    act(state, best, 0)
    assert state.phase == "round_over" and state.sheet[-1]["out"] == 0


# ------------------------------------------------------------------ DUN-14 scoring


def test_dun_14_card_values():
    state = position(["5C", "JK AS 10H JD QC KS 2H 9D", "3H"],
                     table=[(0, "set 7S 7H 7D"), (0, "set 8S 8H 8D")])
    act(state, "discard 5C", 0)
    assert state.sheet[-1]["points"] == [0, 25 + 15 + 10 + 10 + 10 + 10 + 5 + 5, 5]
    assert state.view(1)["scoresheet"]["totals"] == [0, 90, 5]


# ------------------------------------------------------------------ DUN-15 round 6


def round6(hand0, **kw):
    return position([hand0, "2H 3H 4H", "5S 6S"], round=6, **kw)


def test_dun_15_round_6_lay_down_only_by_going_out():
    state = round6("7S 7H 7D 9D 9D.1 9C 4C 5C 6C 7C 2D")
    assert not any(t.startswith("meld") for t in legal_texts(state, 0))
    assert_illegal(state, "meld 7S 7H 7D / 9D 9D.1 9C / 4C 5C 6C 7C", 0, "must_go_out")
    state = round6("7S 7H 7D 9D 9D.1 9C 4C 5C 6C 7C 8C")
    assert legal_texts(state, 0)[0].startswith("meld")
    act(state, "meld 7S 7H 7D / 9D 9D.1 9C / 4C 5C 6C 7C 8C", 0)
    assert state.is_over() and state.sheet[-1]["out"] == 0
    assert state.sheet[-1]["points"] == [0, 15, 10]


def test_dun_15_a_dunker_may_go_out_at_once():
    hand2 = "7S 7H 7D 9D 9D.1 9C 4C 5C 6C"
    state = position(["5H 6H", "2D 3D", hand2], round=6, phase="draw", turn=1,
                     pile="2S 7C", stock="KC 8C", discarder=0, claim_card=cards("7C")[0])
    act(state, "draw stock", 1)
    act(state, "dunk", 2)
    assert state.phase == "after_dunk" and state.to_act() == [2]
    texts = legal_texts(state, 2)
    assert texts[-1] == "pass" and texts[0].startswith("meld")
    assert_illegal(state, "discard 2D", 1, "not_your_turn")
    clone = state.clone()
    act(clone, "pass", 2)
    assert clone.phase == "play" and clone.to_act() == [1]
    act(state, texts[0], 2)
    assert state.is_over() and state.sheet[-1]["out"] == 2


# ------------------------------------------------------------------ DUN-16 stock exhausted


def test_dun_16_stock_rebuilt_from_pile_except_top():
    state = position(["5C 6C", "5D 6D"], phase="draw", turn=1, stock="", rest="pile",
                     pile="2S 3S 4S")
    top = state.pile[-1]
    under = sorted(state.pile[:-1], key=card_key)
    events = act(state, "draw stock", 1)
    assert any(e["type"] == "reshuffle" for e in events)
    assert state.pile == [top]
    assert sorted(state.stock + [c for c in state.hands[1] if c not in cards("5D 6D")],
                  key=card_key) == under
    assert state.reshuffles == 1


def test_dun_16_no_card_at_all_ends_the_round_with_no_winner():
    used = set(cards("5C 6C 5D 6D 8H"))
    big = " ".join(str(c) for c in full_deck() if c not in used)
    state = position(["5C 6C 8H", "5D 6D " + big], phase="play", turn=0, stock="")
    assert state.pile == [] and state.stock == []
    act(state, "discard 8H", 0)
    assert state.phase == "round_over" and state.sheet[-1]["out"] is None
    assert state.sheet[-1]["points"][0] == 10


def test_dun_16_reshuffle_limit_ends_the_round():
    state = position(["5C 6C 8H", "5D 6D"], phase="play", turn=0, stock="", rest="pile",
                     pile="9H", rules=Rules(max_reshuffles=1), reshuffles=1)
    act(state, "discard 8H", 0)
    assert state.phase == "round_over" and state.sheet[-1]["out"] is None


# ------------------------------------------------------------------ DUN-17 game result


def test_dun_17_lowest_total_wins_ties_share():
    def last_round(sheet):
        return position(["7S 7H 7D 8S 8H 8D 2C 3C 4C 5C.1", "2H 3H", "KH"], round=6,
                        sheet=sheet)

    sheet = [{"round": r, "contract": "", "dealer": 0, "out": None,
              "points": [10, 10, 20], "totals": [10 * r, 10 * r, 20 * r],
              "hands": [[], [], []]} for r in range(1, 6)]
    state = last_round(sheet)
    assert state.outcome() is None
    events = act(state, "meld 7S 7H 7D / 8S 8H 8D / 2C 3C 4C 5C.1", 0)
    assert state.is_over() and state.to_act() == []
    out = state.outcome()
    assert out["totals"] == [50, 60, 110] and out["winners"] == [0]
    assert [e["round"] for e in out["rounds"]] == [1, 2, 3, 4, 5, 6]
    assert any(e["type"] == "game_over" for e in events)
    assert_illegal(state, "next", 0, "game_over")
    sheet[-1]["points"] = [10, 0, 20]
    state = last_round(sheet)
    act(state, "meld 7S 7H 7D / 8S 8H 8D / 2C 3C 4C 5C.1", 0)
    assert state.outcome()["totals"] == [50, 50, 110]
    assert state.outcome()["winners"] == [0, 1]


def test_dun_17_scoresheet_in_view_and_saves():
    state = new_game(Rules(), NAMES[:3], 4)
    view = state.view(0)
    assert view["scoresheet"]["contracts"][0] == "2 sets"
    assert len(view["scoresheet"]["contracts"]) == 6
    data = json.loads(json.dumps(state.to_dict()))
    assert State.from_dict(data).to_dict() == state.to_dict()


# ------------------------------------------------------------------ house rule: discard_just_taken


def took_3h(hand1, **kw):
    """Seat 1 (of 2) has just drawn 3H from the pile; ``hand1`` is its hand before."""
    state = position(["5C 6D 7H", hand1], phase="draw", turn=1, pile="2H 3H", **kw)
    act(state, "draw pile", 1)
    return state


def test_house_pile_card_may_not_be_discarded_in_the_same_turn():
    state = took_3h("8S 9S")
    assert state.taken == cards("3H")[0] and state.view(0)["taken"] == "3H"
    assert legal_texts(state, 1) == ["discard 8S", "discard 9S"]
    exc = assert_illegal(state, "discard 3H", 1, "discard_just_taken")
    assert "3H" in str(exc) and exc.params == {"card": "3H", "taken": "3H"}
    act(state, "discard 8S", 1)
    assert state.taken is None and state.view(1)["taken"] is None
    assert "3H" in hand(state, 1)


def test_house_pile_card_twin_counts_as_the_same_card():
    state = took_3h("8S 3H.1")
    assert legal_texts(state, 1) == ["discard 8S"]
    assert_illegal(state, "discard 3H.1", 1, "discard_just_taken")
    assert_illegal(state, "discard 3H", 1, "discard_just_taken")


def test_house_pile_card_may_be_discarded_when_nothing_else_may():
    state = took_3h("JK JK.1")  # jokers may not be discarded (DUN-10)
    assert legal_texts(state, 1) == ["discard 3H"]
    act(state, "discard 3H", 1)
    assert state.pile[-1] == cards("3H")[0] and state.turn == 0
    state = took_3h("JK 3H.1")  # only the card and its twin
    assert legal_texts(state, 1) == ["discard 3H", "discard 3H.1"]
    state = took_3h("")  # an empty hand before drawing cannot happen; one card can
    assert legal_texts(state, 1) == ["discard 3H"]


def test_house_pile_card_only_this_turn_and_not_after_a_stock_draw():
    state = took_3h("8S 9S")
    play(state, (1, "discard 8S"), (0, "draw stock"), (0, "discard 5C"), (1, "draw stock"))
    assert state.taken is None and "discard 3H" in legal_texts(state, 1)
    act(state, "discard 3H", 1)


def test_house_pile_card_may_be_laid_off_or_melded():
    state = position(["5C 6D 7H", "8S 9S"], phase="draw", turn=1, pile="2H 7C",
                     table=[(1, "set 7S 7H.1 7D")])
    act(state, "draw pile", 1)
    assert "layoff 7C m1" in legal_texts(state, 1)
    act(state, "layoff 7C m1", 1)
    assert legal_texts(state, 1) == ["discard 8S", "discard 9S"]


def test_house_dunked_card_is_not_restricted():
    state = position(["5C 6C", "5D 6D", "5H 6H"], phase="draw", turn=1, pile="2H 9D",
                     stock="KC QC JC 10C", discarder=0, claim_card=cards("9D")[0])
    act(state, "draw stock", 1)
    act(state, "dunk", 2)
    assert state.taken is None
    play(state, (1, "discard 5D"), (2, "draw stock"), (0, "pass"))
    assert "discard 9D" in legal_texts(state, 2)


def test_house_taken_card_in_saves_and_old_saves_load():
    state = took_3h("8S 9S", turns=12)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["taken"] == "3H" and data["turns"] == 12
    restored = State.from_dict(data)
    assert restored.to_dict() == data
    assert_illegal(restored, "discard 3H", 1, "discard_just_taken")
    del data["taken"], data["turns"]  # a save written before the house rules
    old = State.from_dict(data)
    assert old.taken is None and old.turns == 0
    assert "discard 3H" in legal_texts(old, 1)


# ------------------------------------------------------------------ house rule: turn limit


def test_house_turn_counter_counts_turns_and_restarts_every_round():
    state = new_game(Rules(), NAMES[:3], 7)
    assert state.turns == 0 and state.view(0)["max_turns"] == MAX_ROUND_TURNS
    while state.phase == "opening":
        act(state, legal_texts(state, state.turn)[0])
    assert state.turns == 1 and state.view(2)["turns"] == 1
    for k in range(2, 6):
        seat = state.turn
        act(state, "draw stock", seat)
        while state.phase == "claim":
            act(state, "pass")
        act(state, [t for t in legal_texts(state, seat) if t.startswith("discard")][0], seat)
        assert state.turns == k
    state = position(["5C", "2H 3H"], table=[(0, "set 7S 7H 7D"), (0, "set 8S 8H 8D")],
                     turns=40)
    act(state, "discard 5C", 0)
    act(state, "next", 1)
    assert state.round == 2 and state.turns == 0


def test_house_turn_limit_ends_the_round_with_no_winner():
    hands = ["5C 6C 8H", "JK AD 10D", "2S"]
    state = position(hands, turns=MAX_ROUND_TURNS - 1)
    act(state, "discard 8H", 0)  # the last turn the round may have begins
    assert state.phase == "draw" and state.turn == 1 and state.turns == MAX_ROUND_TURNS
    state = position(hands, turns=MAX_ROUND_TURNS)
    events = act(state, "discard 8H", 0)
    types = [e["type"] for e in events]
    assert types == ["discard", "turn_limit", "round_end"]
    assert events[1] == {"type": "turn_limit", "turns": MAX_ROUND_TURNS,
                         "limit": MAX_ROUND_TURNS}
    assert state.phase == "round_over" and state.sheet[-1]["out"] is None
    assert state.sheet[-1]["points"] == [10, 25 + 15 + 10, 5]
    assert legal_texts(state, 2) == ["next"]


def test_house_turn_limit_in_the_last_round_ends_the_game():
    state = position(["5C 6C 8H", "2S"], round=6, turns=MAX_ROUND_TURNS)
    events = act(state, "discard 8H", 0)
    assert state.is_over() and [e["type"] for e in events][-3:] == [
        "turn_limit", "round_end", "game_over"]
    assert state.outcome()["totals"] == [10, 5]


def test_house_turn_limit_after_the_stock_rule():
    """When no card can be had either, DUN-16 ends the round (its event comes alone)."""
    state = position(["5C 6C 8H", "5D 6D"], stock="", rest="pile", pile="9H",
                     rules=Rules(max_reshuffles=1), reshuffles=1, turns=MAX_ROUND_TURNS)
    events = act(state, "discard 8H", 0)
    types = [e["type"] for e in events]
    assert "stock_exhausted" in types and "turn_limit" not in types


def test_house_rules_saved_state_is_checked():
    state = took_3h("8S 9S")
    data = state.to_dict()
    for key, value in (("turns", -1), ("turns", MAX_ROUND_TURNS + 1)):
        with pytest.raises(SaveError):
            State.from_dict({**data, key: value})
    act(state, "discard 8S", 1)
    with pytest.raises(SaveError):
        State.from_dict({**state.to_dict(), "taken": "3H"})


# ------------------------------------------------------------------ protocol (no rule id)


def test_action_texts_round_trip_and_bad_text():
    for text in ("draw stock", "draw pile", "dunk", "pass", "next", "discard 8H",
                 "layoff 5C m2", "layoff JK.1 m3 low", "replace 9S m3 high",
                 "meld 7S 7H 7D / 9C 10C JC JK=QC"):
        assert str(parse_action(text, 1)) == text
        assert parse_action(text, 1).player == 1
    for bad in ("", "draw", "draw deck", "replace 9S m3", "layoff 5C m2 middle", "meld",
                "meld 7S / / 8S", "discard 8X", "fold"):
        try:
            parse_action(bad, 0)
        except IllegalAction as exc:
            assert exc.code == "bad_action_text"
        else:
            raise AssertionError(f"{bad!r} was read")


def test_view_keys_and_hidden_hands():
    state = position(["5C 6C", "5D 6D", "5H 6H", "5S 6S", "7C 8C"], phase="draw", turn=1,
                     pile="2H 9D", stock="KC QC", discarder=0, claim_card=cards("9D")[0],
                     table=[(3, "set 9S 9H JK=9"), (3, "set 10S 10H 10D")])
    act(state, "draw stock", 1)
    view = state.view(2)
    for key in ("hand", "hand_counts", "table", "pile_top", "pile_size", "stock_size",
                "contract", "round", "scoresheet", "laid_down", "claim", "known",
                "discards", "to_act", "dealer", "turn", "phase"):
        assert key in view, key
    assert view["hand"] == ["5H", "6H"] and view["hand_counts"] == [2, 3, 2, 2, 2]
    assert view["table"][0] == {"id": 1, "name": "m1", "owner": 3, "kind": "set",
                                "cards": ["9S", "9H", "JK=9"]}
    assert view["claim"]["card"] == "9D" and view["claim"]["order"] == [2, 3, 4]
    assert "KC" not in json.dumps(view) and "5D" not in json.dumps(view)
