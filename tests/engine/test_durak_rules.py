"""Durak rules tests, one or more per rule id of rules/durak.md (DUR-1 … DUR-20).

Positions are built in text notation with ``durak_helpers.position`` (the cards always add
up to one deck) or dealt with ``durak_helpers.dealt_game`` (a fixed deck order through
``new_game``). Illegal moves are checked for their reason code and for leaving
``to_dict()`` unchanged (``assert_illegal``).
"""

from __future__ import annotations

import pytest

from durak_helpers import (act, assert_illegal, cards, dealt_game, deck_of, legal_texts,
                           play, position)
from game.cards import Card, make_deck, parse_card
from game.durak import DECK_RANKS, Rules, new_game, parse_action
from game.engine import Rng, SettingError

NAMES = ["A", "B", "C", "D", "E", "F"]


def hand(state, seat):
    return sorted(state.hands[seat])


# ------------------------------------------------------------------ DUR-1 players, decks


@pytest.mark.parametrize("deck", [36, 52])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_dur_1_players_2_to_6_with_36_and_52(deck, n):
    state = new_game(Rules(deck=deck), NAMES[:n], 1)
    assert state.num_players == n
    assert all(len(h) == 6 for h in state.hands)


def test_dur_1_24_card_deck_for_2_players_only():
    state = new_game(Rules(deck=24), NAMES[:2], 1)
    assert len(deck_of(state)) == 24
    for n in (3, 4, 5, 6):
        with pytest.raises(SettingError) as info:
            new_game(Rules(deck=24), NAMES[:n], 1)
        assert info.value.setting == "deck"


@pytest.mark.parametrize("n", [0, 1, 7])
def test_dur_1_bad_player_count(n):
    with pytest.raises(SettingError) as info:
        new_game(Rules(), [f"P{i}" for i in range(n)], 1)
    assert info.value.setting == "players"


# ------------------------------------------------------------------ DUR-2 decks, rank order


@pytest.mark.parametrize("deck,low", [(24, 9), (36, 6), (52, 2)])
def test_dur_2_deck_contents(deck, low):
    n = 2 if deck == 24 else 4
    state = new_game(Rules(deck=deck), NAMES[:n], 7)
    expected = sorted(Card(r, s) for r in range(low, 15) for s in "SHDC")
    assert sorted(state.all_cards()) == expected
    assert len(expected) == deck


def test_dur_2_rank_order_2_to_ace():
    """Every heart beats exactly the lower hearts: 2 < 3 < ... < 10 < J < Q < K < A."""
    order = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    rules = Rules(deck=52)
    for i, rank in enumerate(order):
        target = f"{rank}H"
        others = " ".join(f"{r}H" for r in order if r != rank)
        state = position(["2S", others], trump_card="2S", rules=rules,
                         table=[(target, None)], attacker=0, defender=1)
        beats = {a.card for a in state.legal_actions(1) if a.verb == "beat"}
        assert beats == {parse_card(f"{r}H") for r in order[i + 1:]}, rank


# ------------------------------------------------------------------ DUR-3 the deal


@pytest.mark.parametrize("n,dealer", [(2, 1), (2, 0), (3, 0), (4, 2), (5, 4)])
def test_dur_3_deal_one_at_a_time_left_of_dealer(n, dealer):
    seed = 12345 + n
    state = new_game(Rules(), NAMES[:n], seed, dealer=dealer)
    deck = make_deck(DECK_RANKS[36])
    Rng(seed).shuffle(deck)
    for i in range(6 * n):
        seat = (dealer + 1 + i) % n
        assert deck[i] in state.hands[seat]
    assert state.trump_card == deck[6 * n]
    assert state.trump == deck[6 * n].suit
    # the talon is drawn in deck order, the face-up trump card last
    draw_order = state.talon[::-1]
    assert draw_order == deck[6 * n + 1:] + [deck[6 * n]]
    assert state.view(0)["trump_card"] == str(deck[6 * n])


def test_dur_3_same_seed_same_deal_other_seed_other_deal():
    a = new_game(Rules(), NAMES[:3], 99)
    b = new_game(Rules(), NAMES[:3], 99)
    c = new_game(Rules(), NAMES[:3], 100)
    assert a.to_dict() == b.to_dict()
    assert a.hands != c.hands


def test_dur_3_face_up_trump_drawn_last_by_position():
    state = position(["6H 8C 9C 10C JC QC", "7H 6D 7D 8D 9D 10D"], trump_card="AS",
                     talon="QH", attacker=0)
    play(state, (0, "attack 6H"), (1, "beat 7H 6H"))
    # the bout ends (nothing to throw in): 0 draws QH, then 1 draws the trump card
    assert parse_card("QH") in state.hands[0]
    assert parse_card("AS") in state.hands[1]
    assert state.talon == []
    assert state.view(0)["known"][1] == ["AS"]
    assert state.view(0)["trump_in_hand"] is True


# ------------------------------------------------------------------ DUR-4 nothing left


@pytest.mark.parametrize("dealer", [5, 0, 3])
def test_dur_4_six_players_last_dealt_card_is_trump(dealer):
    state = new_game(Rules(deck=36), NAMES, 5, dealer=dealer)
    deck = make_deck(DECK_RANKS[36])
    Rng(5).shuffle(deck)
    assert state.talon == []
    assert state.trump_card == deck[35]
    assert state.trump_card in state.hands[dealer]
    assert state.hands[dealer][-1] == deck[35]
    for p in range(6):
        view = state.view(p)
        assert view["trump_card"] == str(deck[35])
        assert view["known"][dealer] == [str(deck[35])]
        assert view["talon"] == 0


# ------------------------------------------------------------------ DUR-5 beating


def _beat_position(target, defender_hand, trump="S"):
    return position(["AC", defender_hand, "AD"], trump_card=f"K{trump}",
                    table=[(target, None)], attacker=0, defender=1)


def test_dur_5_higher_same_suit_beats():
    state = _beat_position("8H", "9H AH 7H 8D")
    assert legal_texts(state, 1)[:2] == ["beat 9H 8H", "beat AH 8H"]
    assert_illegal(state, "beat 7H 8H", 1, "cannot_beat")
    assert_illegal(state, "beat 8D 8H", 1, "cannot_beat")


def test_dur_5_trump_beats_non_trump():
    state = _beat_position("AH", "6S 7D")
    assert "beat 6S AH" in legal_texts(state, 1)
    assert_illegal(state, "beat 7D AH", 1, "cannot_beat")
    act(state, "beat 6S AH", 1)
    assert state.table == [[parse_card("AH"), parse_card("6S")]]


def test_dur_5_trump_beaten_only_by_higher_trump():
    state = _beat_position("8S", "7S AH 9S")
    assert [t for t in legal_texts(state, 1) if t.startswith("beat")] == ["beat 9S 8S"]
    assert_illegal(state, "beat 7S 8S", 1, "cannot_beat")
    assert_illegal(state, "beat AH 8S", 1, "cannot_beat")


# ------------------------------------------------------------------ DUR-6 first attacker


def test_dur_6_lowest_trump_attacks_first():
    hands = ["7H 8H 9H 10H JH QH", "6D 7D 8D 9D 10D JD", "AH KH 8S 6C 7C 9C"]
    state = dealt_game(hands, "AS", Rules(), dealer=2)
    assert state.trump == "S"
    assert (state.attacker, state.defender) == (2, 0)
    assert state.to_act() == [2]

    hands = ["7S 8H 9H 10H JH QH", "6S 7D 8D 9D 10D JD", "AH KH 8S 6C 7C 9C"]
    state = dealt_game(hands, "AS", Rules(), dealer=2)
    assert (state.attacker, state.defender) == (1, 2)


def test_dur_6_no_trump_player_left_of_dealer():
    hands = ["7H 8H 9H 10H JH QH", "6D 7D 8D 9D 10D JD", "AH KH 6H 6C 7C 9C"]
    for dealer in range(3):
        state = dealt_game(hands, "AS", Rules(), dealer=dealer)
        assert state.attacker == (dealer + 1) % 3
        assert state.defender == (dealer + 2) % 3


def test_dur_6_applies_when_last_durak_setting_off():
    rules = Rules(last_durak_attacked_first=False)
    hands = ["7H 8H 9H 10H JH QH", "6D 7D 8D 9D 10D JD", "AH KH 8S 6C 7C 9C"]
    state = dealt_game(hands, "AS", rules, dealer=2, last_durak=0)
    assert (state.attacker, state.defender) == (2, 0)


# ------------------------------------------------------------------ DUR-7 last Durak


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_dur_7_last_durak_is_attacked_first(n):
    for k in range(n):
        state = new_game(Rules(last_durak_attacked_first=True), NAMES[:n], 3, last_durak=k)
        assert state.defender == k
        assert state.attacker == (k - 1) % n
        assert state.to_act() == [(k - 1) % n]


def test_dur_7_setting_off_or_draw_uses_dur_6():
    for seed in range(5):
        base = new_game(Rules(), NAMES[:4], seed)  # first game: DUR-6
        off = new_game(Rules(last_durak_attacked_first=False), NAMES[:4], seed, last_durak=2)
        draw = new_game(Rules(), NAMES[:4], seed, last_durak=None)
        assert off.attacker == base.attacker == draw.attacker


def test_dur_7_bad_last_durak_seat():
    with pytest.raises(SettingError) as info:
        new_game(Rules(), NAMES[:3], 1, last_durak=3)
    assert info.value.setting == "last_durak"


# ------------------------------------------------------------------ DUR-8 the lead


def _lead_position(attacker_hand="6H 6D 6C 7H 8C", defender_hand="9S 10S JS QS KS AS"):
    return position([attacker_hand, defender_hand], trump_card="6S", attacker=0)


def test_dur_8_lead_one_or_several_of_one_rank():
    state = _lead_position()
    legal = legal_texts(state, 0)
    for text in ("attack 6H", "attack 6C 6D", "attack 6C 6D 6H", "attack 7H", "attack 8C"):
        assert text in legal
    act(state, "attack 6D 6H 6C", 0)
    assert [str(a) for a in state.attack_cards()] == ["6C", "6D", "6H"]
    assert hand(state, 0) == sorted(cards("7H 8C"))


def test_dur_8_mixed_ranks_rejected():
    state = _lead_position()
    assert_illegal(state, "attack 6H 7H", 0, "mixed_ranks")


def test_dur_8_only_the_attacker_leads_once():
    state = _lead_position()
    assert_illegal(state, "attack 9S", 1, "wait_for_lead")
    assert state.legal_actions(1) == []
    act(state, "attack 7H", 0)
    assert_illegal(state, "attack 6H", 0, "bout_started")


def test_dur_8_lead_limited_by_defender_cards():
    state = _lead_position(defender_hand="9S 10S")
    legal = legal_texts(state, 0)
    assert "attack 6C 6D" in legal
    assert not any(len(t.split()) > 3 for t in legal)
    assert_illegal(state, "attack 6C 6D 6H", 0, "attack_limit")


def test_dur_8_must_lead_before_other_actions():
    state = _lead_position()
    assert_illegal(state, "take", 0, "must_attack")
    assert_illegal(state, "done", 0, "must_attack")


# ------------------------------------------------------------------ DUR-9 throw-in


def _throw_position(throw_in, n=4):
    hands = ["6C 9D", "10S JS QS KS AS 7H", "6D 9C", "6S 9H"][:n]
    return position(hands, trump_card="8S", table=[("6H", None)], attacker=0, defender=1,
                    rules=Rules(throw_in=throw_in))


@pytest.mark.parametrize("throw_in,eligible", [
    ("attacker", [0]), ("neighbours", [0, 2]), ("all", [0, 2, 3])])
def test_dur_9_who_may_throw_in(throw_in, eligible):
    state = _throw_position(throw_in)
    assert state.throwers() == eligible
    assert state.to_act() == [1] + eligible
    for seat in (0, 2, 3):
        card = state.hands[seat][0]
        if seat in eligible:
            assert f"throw {card}" in legal_texts(state, seat)
        else:
            assert state.legal_actions(seat) == []
            assert_illegal(state, f"throw {card}", seat, "not_eligible")


def test_dur_9_neighbours_with_two_players_is_the_attacker():
    state = _throw_position("neighbours", n=2)
    assert state.throwers() == [0]
    assert state.to_act() == [1, 0]


def test_dur_9_rank_of_attack_or_defence_cards():
    state = position(["6C 7D 9D", "JS QS", "KD"], trump_card="8S",
                     table=[("6H", "7H")], attacker=0, defender=1,
                     rules=Rules(throw_in="attacker"))
    assert legal_texts(state, 0) == ["throw 6C", "throw 7D", "done"]
    assert_illegal(state, "throw 9D", 0, "rank_not_on_table")


def test_dur_9_defender_never_throws_in():
    state = position(["6C", "6D 7H 8C", "9D"], trump_card="8S", table=[("6H", None)],
                     attacker=0, defender=1)
    assert "throw 6D" not in legal_texts(state, 1)
    assert_illegal(state, "throw 6D", 1, "defender_cannot_throw")


def test_dur_9_thrower_without_matching_card_is_not_asked():
    state = _throw_position("all")
    state.hands[3] = cards("9H")
    state.hands[2] = cards("6D 9C 6S")
    state.check_integrity()
    assert state.to_act() == [1, 0, 2]


# ------------------------------------------------------------------ DUR-10 limits


def test_dur_10_at_most_six_attack_cards():
    table = [("6H", "8H"), ("6D", "8D"), ("6C", "8C"), ("7H", None), ("7D", None), ("7C", None)]
    state = position(["7S 6S", "10H 10D 10C JH JD JC QH QD", "KH"], trump_card="AS",
                     table=table, attacker=0, defender=1, limit=6)
    assert state.legal_actions(0) == []
    assert 0 not in state.to_act()
    assert_illegal(state, "throw 7S", 0, "attack_limit")


def test_dur_10_limit_is_defenders_cards_at_bout_start():
    state = position(["6H 6D 6C 7H 7D", "10S JS QS", "KH"], trump_card="AS", attacker=0)
    assert state.limit == 3
    act(state, "attack 6H 6D", 0)
    act(state, "beat 10S 6H", 1)
    # the defender now holds 2 cards, but 3 attack cards are allowed in all
    act(state, "throw 6C", 0)
    assert state.legal_actions(0) == []
    act(state, "beat JS 6D", 1)
    assert_illegal(state, "throw 7H", 0, "attack_limit")
    assert len(state.attack_cards()) == 3


def test_dur_10_limit_after_transfer_is_new_defenders_cards():
    rules = Rules(transfer=True)
    state = position(["6H 6C 7H", "6D 10D JD QD KD AD", "8S 9S"],
                     trump_card="AS", attacker=0, rules=rules)
    act(state, "attack 6H", 0)
    act(state, "transfer 6D", 1)
    assert (state.attacker, state.defender) == (1, 2)
    assert state.limit == 2
    assert state.throwers() == [1, 0]
    assert "throw 6C" not in legal_texts(state, 0)
    assert_illegal(state, "throw 6C", 0, "attack_limit")


# ------------------------------------------------------------------ DUR-11 first bout 5


def _five_position(first_bout, n=4):
    """Seat 0 has led five cards against seat 1 (eight cards); seat 0 could throw in 7C."""
    table = [("6H", "8H"), ("6D", None), ("6C", None), ("7H", None), ("7D", None)]
    hands = ["7C 7S", "10H 10D 10C JH JD JC QH QD", "KH", "KS", "KC", "KD"][:n]
    return position(hands, trump_card="AS", table=table, attacker=0, defender=1,
                    rules=Rules(first_bout_limit_5=True, throw_in="attacker"),
                    first_bout=first_bout)


def test_dur_11_first_bout_limited_to_5():
    state = _five_position(True)
    assert state.limit == 5
    assert state.legal_actions(0) == []
    assert_illegal(state, "throw 7C", 0, "attack_limit")


def test_dur_11_limit_6_after_the_first_bout():
    state = _five_position(False)
    assert state.limit == 6
    assert "throw 7C" in legal_texts(state, 0)


def test_dur_11_setting_off_limit_is_6():
    state = new_game(Rules(), NAMES[:2], 4)
    assert state.limit == 6


@pytest.mark.parametrize("n", [4, 5, 6])
def test_dur_11_applies_from_four_players(n):
    state = new_game(Rules(first_bout_limit_5=True), NAMES[:n], 4)
    assert state.first_bout and state.limit == 5


@pytest.mark.parametrize("n", [2, 3])
def test_dur_11_refused_below_four_players(n):
    from game.engine import SettingNeedsPlayers
    with pytest.raises(SettingNeedsPlayers) as info:
        new_game(Rules(first_bout_limit_5=True), NAMES[:n], 4)
    assert (info.value.setting, info.value.players, info.value.low) == (
        "first_bout_limit_5", n, 4)
    assert "needs 4 or more players" in str(info.value)
    assert isinstance(info.value, SettingError)
    with pytest.raises(SettingNeedsPlayers):
        Rules(first_bout_limit_5=True).check_players(n)
    Rules(first_bout_limit_5=True).check_players(4)


def test_dur_11_only_the_first_bout_even_when_it_is_taken():
    """A take ends the first bout too: the next bout may hold 6 attack cards (revised
    DUR-11; before, the limit lasted until the first successful defence)."""
    rules = Rules(first_bout_limit_5=True, throw_in="attacker")
    state = position(["6H 6D 7C 8C 9C 10C", "7H 8H 9H 10H JH QH", "6C 7D 8D 9D 10D JD",
                      "6S 7S 8S 9S 10S JS"], trump_card="AS", rest="talon", attacker=0,
                     rules=rules)
    assert state.first_bout and state.limit == 5
    play(state, (0, "attack 6H"), (1, "take"), (0, "done"))
    assert not state.first_bout
    assert not state.discard  # nobody has defended: the old rule would still say 5
    assert (state.attacker, state.defender) == (2, 3)
    assert state.limit == 6


def test_dur_11_limit_5_holds_through_a_transfer_in_the_first_bout():
    rules = Rules(first_bout_limit_5=True, transfer=True)
    state = position(["6H 9C 10C JC QC KC", "6D 7H 8H 9H 10H JH", "7C 8C 7D 8D 9D 10D",
                      "6S 7S 8S 9S 10S JS"], trump_card="AS", rest="talon", attacker=0,
                     rules=rules)
    play(state, (0, "attack 6H"), (1, "transfer 6D"))
    assert (state.attacker, state.defender) == (1, 2)
    assert state.first_bout and state.limit == 5


def test_dur_11_a_successful_first_defence_ends_it_too():
    rules = Rules(first_bout_limit_5=True)
    state = position(["6H 6D 7C 7S 8C 10C", "7H 8H 9C 10H JH QH", "JC QC KC 8S 9S 10S",
                      "8D 9D 10D JD QD KD"], trump_card="AS", rest="talon", attacker=0,
                     rules=rules)
    assert state.limit == 5 and state.first_bout
    play(state, (0, "attack 6H"), (1, "beat 7H 6H"))
    for seat in (0, 2, 3):
        if seat in state.to_act():
            act(state, "done", seat)
    assert not state.first_bout and not state.table
    assert state.limit == 6


def test_dur_11_an_old_save_of_two_players_with_it_on_loads_with_it_off():
    """Saves made before the revision: two players with the setting on load, with the
    setting off (and 6 attack cards); the first bout of an old four-player save is read
    from the cards (nothing discarded, nothing drawn, nothing picked up)."""
    from game.durak import State
    state = new_game(Rules(), NAMES[:2], 4)
    data = state.to_dict()
    data["rules"]["first_bout_limit_5"] = True
    del data["first_bout"]
    data["defended_once"] = False
    data["limit"] = 5  # what the old rule set
    old = State.from_dict(data)
    assert old.rules.first_bout_limit_5 is False and old.limit == 6
    assert old.first_bout
    state = new_game(Rules(first_bout_limit_5=True), NAMES[:4], 4)
    data = state.to_dict()
    del data["first_bout"]
    data["defended_once"] = False
    old = State.from_dict(data)
    assert old.first_bout and old.rules.first_bout_limit_5 and old._cap() == 5
    data["defended_once"] = True
    assert not State.from_dict(data).first_bout
    # an old four-player save after a taken first bout: the old rule kept 5, now 6
    state = position(["6H 6D 7C 8C 9C 10C", "7H 8H 9H 10H JH QH", "6C 7D 8D 9D 10D JD",
                      "6S 7S 8S 9S 10S JS"], trump_card="AS", rest="talon", attacker=0,
                     rules=Rules(first_bout_limit_5=True, throw_in="attacker"))
    play(state, (0, "attack 6H"), (1, "take"), (0, "done"))
    data = state.to_dict()
    del data["first_bout"]
    data["defended_once"], data["limit"] = False, 5
    old = State.from_dict(data)
    assert not old.first_bout and old.limit == 6


# ------------------------------------------------------------------ DUR-12 defending


def test_dur_12_beat_in_any_order_or_take_any_time():
    state = position(["6H 6D", "7H 7D 8C", "KC"], trump_card="AS", attacker=0,
                     rules=Rules(throw_in="attacker"))
    act(state, "attack 6H 6D", 0)
    assert set(legal_texts(state, 1)) == {"beat 7D 6D", "beat 7H 6H", "take"}
    act(state, "beat 7D 6D", 1)  # the second attack card first
    assert state.unbeaten() == [parse_card("6H")]
    assert "take" in legal_texts(state, 1)
    act(state, "take", 1)
    assert hand(state, 1) == sorted(cards("6D 6H 7D 7H 8C"))


def test_dur_12_wrong_target_or_non_defender():
    state = position(["6H 6D", "7H 7D 8C", "KC 6C"], trump_card="AS", attacker=0,
                     rules=Rules(throw_in="all"))
    act(state, "attack 6H", 0)
    assert_illegal(state, "beat 7H 6C", 1, "not_unbeaten")
    assert_illegal(state, "beat KC 6H", 2, "only_defender")
    assert_illegal(state, "take", 2, "only_defender")
    act(state, "beat 7H 6H", 1)
    assert_illegal(state, "beat 7D 6H", 1, "not_your_turn")  # nothing unbeaten


def test_dur_12_already_taking():
    state = position(["6H 6D", "7C 8C", "KC"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "take", 1)
    assert state.taking
    assert state.to_act() == [0]
    assert_illegal(state, "take", 1, "already_taking")


# ------------------------------------------------------------------ DUR-13 transfer


def test_dur_13_transfer_off_by_default():
    state = position(["6H", "6D 7C 8C", "9C 10C JC"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    assert "transfer 6D" not in legal_texts(state, 1)
    assert_illegal(state, "transfer 6D", 1, "transfer_off")


def test_dur_13_transfer_makes_next_player_defender():
    state = position(["6H 9D", "6D 7C 8C", "9C 10C JC"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True))
    act(state, "attack 6H", 0)
    assert "transfer 6D" in legal_texts(state, 1)
    events = act(state, "transfer 6D", 1)
    assert events[0] == {"type": "transfer", "player": 1, "cards": ["6D"], "defender": 2}
    assert (state.attacker, state.defender) == (1, 2)
    assert state.attack_cards() == cards("6H 6D")
    assert hand(state, 1) == sorted(cards("7C 8C"))
    assert state.to_act()[0] == 2


def test_dur_13_transfer_chain_back_to_first_attacker():
    state = position(["6H 9D 10D JH QH", "6D 7C 8C", "6C 10C JC", "6S JD QD"], trump_card="AS",
                     attacker=0, rules=Rules(transfer=True, throw_in="attacker"))
    play(state, (0, "attack 6H"), (1, "transfer 6D"), (2, "transfer 6C"))
    assert (state.attacker, state.defender) == (2, 3)
    act(state, "transfer 6S", 3)
    assert (state.attacker, state.defender) == (3, 0)
    assert len(state.attack_cards()) == 4 and state.limit == 4
    assert set(legal_texts(state, 0)) == {"beat JH 6H", "beat QH 6H", "beat 9D 6D",
                                          "beat 10D 6D", "take"}


def test_dur_13_transfer_to_first_attacker_two_players():
    state = position(["6H 9D 10D", "6D 7C 8C"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True))
    play(state, (0, "attack 6H"), (1, "transfer 6D"))
    assert (state.attacker, state.defender) == (1, 0)


def test_dur_13_no_transfer_after_a_beat():
    state = position(["6H 6C", "6D 7H 8C", "9C 10C JC"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True, throw_in="attacker"))
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)
    act(state, "throw 6C", 0)
    assert "transfer 6D" not in legal_texts(state, 1)
    assert_illegal(state, "transfer 6D", 1, "transfer_after_beat")


def test_dur_13_transfer_same_rank_only():
    state = position(["6H", "7H 7C 8C", "9C 10C JC"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True))
    act(state, "attack 6H", 0)
    assert_illegal(state, "transfer 7C", 1, "transfer_rank")


def test_dur_13_new_defender_needs_enough_cards():
    state = position(["6H 6C", "6D 7C 8C", "9C"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True, throw_in="attacker"))
    act(state, "attack 6H", 0)
    # 2 attack cards after the transfer, seat 2 holds 1
    assert_illegal(state, "transfer 6D", 1, "transfer_too_many")


def test_dur_13_new_defender_skips_players_without_cards():
    state = position(["6H 9D", "6D 7C 8C", "", "9C 10C"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True), out=[2])
    act(state, "attack 6H", 0)
    act(state, "transfer 6D", 1)
    assert (state.attacker, state.defender) == (1, 3)


def test_dur_13_only_real_cards_from_hand():
    state = position(["6H 9D", "7C 8C", "9C 10C JC"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True))
    act(state, "attack 6H", 0)
    assert_illegal(state, "transfer 6D", 1, "card_not_in_hand")


# ------------------------------------------------------------------ DUR-14 defence


def test_dur_14_successful_defence_discards_and_defender_attacks():
    state = position(["6H 9D", "7H 8C 10C", "JC QC KC"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)
    # seat 0 and 2 have nothing of rank 6/7: the bout ends by itself
    assert state.table == []
    assert parse_card("6H") in state.discard and parse_card("7H") in state.discard
    assert (state.attacker, state.defender) == (1, 2)
    assert not state.first_bout


def test_dur_14_every_eligible_player_must_say_done_after_last_beat():
    state = position(["6H 7D 9D", "7H 8H 8C 10C", "6C 7C KC"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "done", 2)        # passing while a card is unbeaten ...
    act(state, "beat 7H 6H", 1)
    assert state.to_act() == [0, 2]  # ... does not count: asked again after the beat
    act(state, "done", 0)
    assert state.table
    act(state, "done", 2)
    assert state.table == []
    assert len(state.discard) > 0 and parse_card("7H") in state.discard


def test_dur_14_throw_after_beat_reopens_bout():
    state = position(["6H 7D 9D", "7H 8D 8C 10C", "QC KC"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)
    act(state, "throw 7D", 0)
    assert state.to_act()[0] == 1
    act(state, "beat 8D 7D", 1)
    assert state.table == []
    assert state.attacker == 1


# ------------------------------------------------------------------ DUR-15 take


def test_dur_15_take_throw_ins_then_pick_up_left_attacks():
    state = position(["6H 6D 9D", "7C 8C", "6C KC", "QH"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "take", 1)
    assert state.taking and state.to_act() == [0, 2]
    assert "throw 6D" in legal_texts(state, 0)
    act(state, "throw 6D", 0)
    # limit: the defender held 2 cards when the bout began, so 2 cannot add 6C
    assert state.table == []
    assert parse_card("6C") in state.hands[2]
    assert hand(state, 1) == sorted(cards("6D 6H 7C 8C"))
    assert state.view(3)["known"][1] == ["6H", "6D"]
    assert (state.attacker, state.defender) == (2, 3)


def test_dur_15_take_after_partial_defence_picks_up_all():
    state = position(["6H 6D 10D", "7H 8C 9C", "KC"], trump_card="AS", attacker=0,
                     rules=Rules(throw_in="attacker"))
    play(state, (0, "attack 6D 6H"), (1, "beat 7H 6H"), (1, "take"))
    assert hand(state, 1) == sorted(cards("6D 6H 7H 8C 9C"))
    assert sorted(state.view(0)["known"][1]) == ["6D", "6H", "7H"]
    assert state.attacker == 2 and state.defender == 0


# ------------------------------------------------------------------ DUR-16 drawing


def test_dur_16_draw_order_leader_first_defender_last():
    state = position(["6H 6D 8C 9C 10C QH", "7H 7D JC QC KC AC", "6C 8D 9D 10D KD AD"],
                     trump_card="AS", talon="8H 9H 10H", attacker=0)
    play(state, (0, "attack 6D 6H"), (2, "throw 6C"),
         (1, "beat 7H 6H"), (1, "beat 7D 6D"), (1, "beat JC 6C"))
    assert state.table == []
    assert hand(state, 0) == sorted(cards("8C 9C 10C QH 8H 9H"))
    assert hand(state, 2) == sorted(cards("8D 9D 10D KD AD 10H"))
    assert hand(state, 1) == sorted(cards("QC KC AC AS"))  # the trump card, drawn last; then none
    assert state.talon == []
    assert (state.attacker, state.defender) == (1, 2)


def test_dur_16_leader_draws_first_after_transfer():
    state = position(["6H 7S 8C 9C 10C JH", "6D 7D 8D 9D 10D JD", "QH KH AH JC QC KC"],
                     trump_card="AS", talon="8H", attacker=0, rules=Rules(transfer=True))
    play(state, (0, "attack 6H"), (1, "transfer 6D"), (2, "take"))
    # 0 led: draws first (8H); then 1 (the trump card); defender 2 last: nothing left
    assert parse_card("8H") in state.hands[0]
    assert parse_card("AS") in state.hands[1]
    assert len(state.hands[2]) == 8


def test_dur_16_no_draw_beyond_six():
    state = position(["6H 8C 9C 10C JC QC KC", "7H 7D 8D 9D 10D JD"],
                     trump_card="AS", talon="KH", attacker=0)
    play(state, (0, "attack 6H"), (1, "beat 7H 6H"))
    assert len(state.hands[0]) == 6 and parse_card("KH") not in state.hands[0]
    assert parse_card("KH") in state.hands[1]
    assert state.talon == [parse_card("AS")]


# ------------------------------------------------------------------ DUR-17 trump exchange


def _exchange_position(trump_card="AS", talon="8H", rules=None, low="6S"):
    rules = rules or Rules(trump_exchange=True)
    return position([f"{low} 7H 8C", "9H 9D 9C", "10H 10D 10C"], trump_card=trump_card,
                    talon=talon, attacker=0, rules=rules)


def test_dur_17_exchange_lowest_trump_for_face_up_card():
    state = _exchange_position()
    assert legal_texts(state, 0)[-1] == "exchange"
    events = act(state, "exchange", 0)
    assert events[0] == {"type": "exchange", "player": 0, "gave": "6S", "got": "AS"}
    assert hand(state, 0) == sorted(cards("7H 8C AS"))
    assert state.trump_card == parse_card("6S") and state.talon[0] == parse_card("6S")
    assert state.view(1)["known"][0] == ["AS"]
    assert state.view(1)["trump_card"] == "6S"
    assert "exchange" not in legal_texts(state, 0)  # the face-up card is now the lowest
    assert state.to_act() == [0]  # still the attacker's lead


@pytest.mark.parametrize("deck,low,n", [(24, "9S", 2), (36, "6S", 3), (52, "2S", 3)])
def test_dur_17_lowest_trump_by_deck(deck, low, n):
    rules = Rules(trump_exchange=True, deck=deck)
    hands = [f"{low} 10H JH", "10D JD QD", "10C JC QC"][:n]
    state = position(hands, trump_card="AS", talon="KH", attacker=0, rules=rules)
    assert "exchange" in legal_texts(state, 0)
    not_lowest = "KS"
    hands2 = [f"{not_lowest} 10H JH", "10D JD QD", "10C JC QC"][:n]
    state = position(hands2, trump_card="AS", talon="KH", attacker=0, rules=rules)
    assert "exchange" not in legal_texts(state, 0)
    assert_illegal(state, "exchange", 0, "exchange_not_allowed")


def test_dur_17_not_when_talon_holds_only_the_trump_card():
    state = _exchange_position(talon="")
    state.talon = [state.trump_card]
    state.discard.remove(state.trump_card)
    state.check_integrity()
    assert "exchange" not in legal_texts(state, 0)
    assert_illegal(state, "exchange", 0, "exchange_not_allowed")


def test_dur_17_not_when_face_up_card_is_lowest():
    state = position(["7S 7H 8C", "9H 9D 9C", "10H"], trump_card="6S", talon="8H",
                     attacker=0, rules=Rules(trump_exchange=True))
    assert "exchange" not in legal_texts(state, 0)
    assert_illegal(state, "exchange", 0, "exchange_not_allowed")


def test_dur_17_setting_off():
    state = _exchange_position(rules=Rules(trump_exchange=False))
    assert "exchange" not in legal_texts(state, 0)
    assert_illegal(state, "exchange", 0, "exchange_not_allowed")


def test_dur_17_only_on_own_turn():
    state = position(["7H 8C", "6S 9H 9D", "10H"], trump_card="AS", talon="8H", attacker=0,
                     rules=Rules(trump_exchange=True))
    assert state.legal_actions(1) == []
    assert_illegal(state, "exchange", 1, "exchange_not_allowed")
    act(state, "attack 7H", 0)
    assert "exchange" in legal_texts(state, 1)  # the defender's turn now
    act(state, "exchange", 1)
    assert parse_card("AS") in state.hands[1]


# ------------------------------------------------------------------ DUR-18 out


def test_dur_18_empty_hand_with_empty_talon_is_out_and_skipped():
    state = position(["6H", "7H 8C 9C", "10C JC", "QC KC"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)
    assert state.out == [0]
    assert (state.attacker, state.defender) == (1, 2)
    assert not state.is_over()
    # after 3 attacks 2 and 2 takes, 3 attacks; 0 is skipped as defender
    play(state, (1, "attack 8C"), (2, "take"))
    assert (state.attacker, state.defender) == (3, 1)
    assert 0 not in state.to_act()


def test_dur_18_not_out_while_talon_has_cards():
    state = position(["6H", "7H 8C 9C", "10C JC"], trump_card="AS", talon="KH", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)
    assert state.out == []
    assert sorted(state.hands[0]) == sorted(cards("KH AS"))


# ------------------------------------------------------------------ DUR-19 Durak, draw


def test_dur_19_last_player_with_cards_is_durak():
    state = position(["6H", "7C 8C", ""], trump_card="AS", attacker=0, out=[2])
    act(state, "attack 6H", 0)
    act(state, "take", 1)
    assert state.is_over()
    assert state.outcome() == {"durak": 1, "draw": False, "out_order": [2, 0],
                               "left": ["6H", "7C", "8C"]}  # public: the rest is discarded
    assert state.to_act() == []
    assert all(state.legal_actions(p) == [] for p in range(3))
    assert_illegal(state, "attack 6H", 1, "game_over")


def test_dur_19_durak_when_last_card_beaten_and_defender_keeps_cards():
    state = position(["6H", "7H 8C"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)
    assert state.outcome() == {"durak": 1, "draw": False, "out_order": [0], "left": ["8C"]}


def test_dur_19_draw_when_last_hands_empty_together():
    state = position(["6H", "7H"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    events = act(state, "beat 7H 6H", 1)
    assert state.is_over()
    assert state.outcome() == {"durak": None, "draw": True, "out_order": [0, 1], "left": []}
    assert events[-1] == {"type": "game_over", "durak": None}


# ------------------------------------------------------------------ DUR-20 series


def test_dur_20_series_length_setting_values():
    for value in ("1", "3", "5", "durak2", "durak3"):
        assert Rules(series_length=value).series_length == value
    for bad in ("2", 3, "durak4", None):
        with pytest.raises(SettingError) as info:
            Rules(series_length=bad)
        assert info.value.setting == "series_length"


def test_dur_20_parse_action_text_forms():
    """The text forms of the module docstring (used by the move log of a series)."""
    for text in ("attack 6D 6H", "throw 6C", "beat 7S 6S", "transfer 6D", "take", "done",
                 "exchange"):
        assert str(parse_action(text, 1)) == text
