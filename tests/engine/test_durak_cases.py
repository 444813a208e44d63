"""Durak situations that went wrong in other programs (cases/durak.md, DC-1 … DC-11)."""

from __future__ import annotations

import importlib
import random

import pytest

from durak_helpers import (act, all_configs, assert_illegal, cards, dealt_game, deck_of,
                           legal_texts, play, position)
from game.cards import make_deck, parse_card
from game.durak import DECK_RANKS, Rules, new_game, parse_action
from game.engine import IllegalAction
from volume import per_runtime

MAX_ACTIONS = 5000  # DC-7: a game that needs more actions than this counts as never ending


# ------------------------------------------------------------------ DC-1


def test_dc_1_transfer_moves_the_card_from_hand_to_table():
    state = position(["6H 9D", "6D 7C 8C", "9C 10C JC"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True))
    act(state, "attack 6H", 0)
    act(state, "transfer 6D", 1)
    assert parse_card("6D") not in state.hands[1]
    assert state.table == [[parse_card("6H"), None], [parse_card("6D"), None]]
    assert sorted(state.all_cards()) == deck_of(state)


def test_dc_1_card_not_held_is_rejected_and_changes_nothing():
    state = position(["6H 6C 9D", "7C 8C 6S", "6D 10C JC"], trump_card="AS", attacker=0,
                     rules=Rules(transfer=True))
    exc = assert_illegal(state, "attack 6D", 0, "card_not_in_hand")
    assert exc.params == {"card": "6D"}
    act(state, "attack 6H", 0)
    assert_illegal(state, "transfer 6D", 1, "card_not_in_hand")  # 6D is seat 2's
    assert_illegal(state, "beat 7H 6H", 1, "card_not_in_hand")
    assert_illegal(state, "throw 6S", 0, "card_not_in_hand")
    assert_illegal(state, "throw 6S", 2, "card_not_in_hand")
    act(state, "transfer 6S", 1)  # the card seat 1 really holds
    assert state.defender == 2


# ------------------------------------------------------------------ DC-2


@pytest.mark.parametrize("seed", range(6))
def test_dc_2_six_players_36_cards_nothing_left(seed):
    dealer = seed % 6
    state = new_game(Rules(deck=36), ["A", "B", "C", "D", "E", "F"], seed, dealer=dealer)
    assert state.talon == [] and state.view(0)["talon"] == 0
    assert state.trump_card in state.hands[dealer]
    assert state.trump == state.trump_card.suit
    assert all(len(h) == 6 for h in state.hands)
    steps = random_playout(state, random.Random(seed))
    assert state.is_over() and steps < MAX_ACTIONS


# ------------------------------------------------------------------ DC-3


def test_dc_3_same_card_twice_in_a_lead():
    state = position(["6C 7H 8H", "9S 10S JS"], trump_card="AS", attacker=0)
    exc = assert_illegal(state, "attack 6C 6C", 0, "duplicate_card")
    assert exc.params == {"card": "6C"}
    state = position(["6C 6D 8H", "9S 10S JS"], trump_card="AS", attacker=0)
    assert_illegal(state, "attack 6C 6C", 0, "duplicate_card")
    assert "attack 6C 6D" in legal_texts(state, 0)


# ------------------------------------------------------------------ DC-4


def test_dc_4_both_hands_empty_at_once_is_a_draw():
    state = position(["10H", "QH"], trump_card="7S", attacker=0)
    act(state, "attack 10H", 0)
    act(state, "beat QH 10H", 1)
    assert state.is_over()
    assert state.outcome() == {"durak": None, "draw": True, "out_order": [0, 1], "left": []}
    assert state.to_act() == [] and state.legal_actions(0) == state.legal_actions(1) == []
    assert_illegal(state, "take", 1, "game_over")
    assert state.view(0)["outcome"]["draw"] is True


# ------------------------------------------------------------------ DC-5


ELIGIBLE = {"attacker": [0], "neighbours": [0, 2], "all": [0, 2, 3]}
ELIGIBLE_AFTER_TRANSFER = {"attacker": [1], "neighbours": [1, 3], "all": [1, 3, 0]}


def _dc5_position(throw_in, transfer):
    return position(["6C 9D", "6D 7H JS QS KS AS", "6S 9C 8H", "7C 9H 8D"],
                    trump_card="10S", table=[("6H", None)], attacker=0, defender=1,
                    rules=Rules(throw_in=throw_in, transfer=transfer))


@pytest.mark.parametrize("transfer", [False, True])
@pytest.mark.parametrize("throw_in", ["attacker", "neighbours", "all"])
def test_dc_5_throw_in_and_transfer_cross_product(throw_in, transfer):
    state = _dc5_position(throw_in, transfer)
    eligible = ELIGIBLE[throw_in]
    assert state.throwers() == eligible
    # who holds a 6 and is eligible is asked; the defender first
    assert state.to_act() == [1] + [s for s in eligible if s in (0, 2)]
    if transfer:
        assert "transfer 6D" in legal_texts(state, 1)
    else:
        assert "transfer 6D" not in legal_texts(state, 1)
        assert_illegal(state, "transfer 6D", 1, "transfer_off")

    # the defender beats: DUR-9 with the 7 now on the table; no transfer any more
    beaten = state.clone()
    act(beaten, "beat 7H 6H", 1)
    assert beaten.to_act() == eligible
    for seat in (0, 2, 3):
        card = {0: "6C", 2: "6S", 3: "7C"}[seat]
        if seat in eligible:
            assert f"throw {card}" in legal_texts(beaten, seat)
        else:
            assert_illegal(beaten, f"throw {card}", seat, "not_eligible")
    if transfer:
        act(beaten, "throw 6C", 0)
        assert_illegal(beaten, "transfer 6D", 1, "transfer_after_beat")

    if not transfer:
        return
    # the defender transfers: DUR-13, then DUR-9 counted from the new attacker/defender
    act(state, "transfer 6D", 1)
    assert (state.attacker, state.defender) == (1, 2)
    assert state.throwers() == ELIGIBLE_AFTER_TRANSFER[throw_in]
    assert state.to_act() == [2] + ([0] if throw_in == "all" else [])
    assert "transfer 6S" in legal_texts(state, 2)  # seat 3 holds 3 cards: 3 attack cards
    if throw_in == "all":
        assert "throw 6C" in legal_texts(state, 0)
    else:
        assert_illegal(state, "throw 6C", 0, "not_eligible")
    act(state, "transfer 6S", 2)
    assert (state.attacker, state.defender) == (2, 3)
    assert len(state.attack_cards()) == 3 and state.limit == 3


# ------------------------------------------------------------------ DC-6


SIX_ATTACKS = [("6H", "9H"), ("6D", "10D"), ("6C", "10C"),
               ("6S", None), ("9S", None), ("10S", None)]


@pytest.mark.parametrize("throw_in", ["attacker", "neighbours", "all"])
def test_dc_6_six_attack_cards_beaten_or_not_no_seventh(throw_in):
    state = position(["10H 7D", "JS QS KS AS JH JD", "9D"], trump_card="AC",
                     table=SIX_ATTACKS, attacker=0, rules=Rules(throw_in=throw_in))
    assert len(state.hands[1]) == 6 and state.limit == 6
    assert state.to_act() == [1]
    assert_illegal(state, "throw 10H", 0, "attack_limit")
    if throw_in != "attacker":
        assert_illegal(state, "throw 9D", 2, "attack_limit")
    play(state, (1, "beat JS 6S"), (1, "beat QS 9S"), (1, "beat KS 10S"))
    # all six beaten: the bout ends without asking anyone, 12 cards discarded
    assert state.table == [] and len(state.discard) == 36 - 2 - 3 - 1


def test_dc_6_three_beaten_pairs_allow_a_fourth_attack_card():
    """DUR-10 counts attack cards: 3 beaten pairs are 3 of the 6 allowed (see report:
    DC-6 speaks of "6 cards on the table (3 beaten pairs)"; rules/durak.md is followed)."""
    state = position(["10H 7D", "JS QS KS AS JH JD", "9D"], trump_card="AC",
                     table=SIX_ATTACKS[:3], attacker=0)
    assert state.limit == 6
    assert "throw 10H" in legal_texts(state, 0)
    act(state, "throw 10H", 0)
    assert len(state.attack_cards()) == 4


def test_dc_6_limit_applies_to_a_transfer():
    rules = Rules(transfer=True, throw_in="attacker")
    state = position(["6H 6D 9D", "6C 7C 8C 9C", "6S 10C"], trump_card="AH",
                     attacker=0, rules=rules)
    act(state, "attack 6H 6D", 0)
    # 3 attack cards after the transfer, but seat 2 holds only 2
    assert "transfer 6C" not in legal_texts(state, 1)
    assert_illegal(state, "transfer 6C", 1, "transfer_too_many")
    # and the limit of the bout in progress (defender's 4 cards) binds throw-ins
    state = position(["6H 6D 6S 9D", "6C 7C", "8C 9C 10C JC"], trump_card="AH",
                     attacker=0, rules=rules)
    act(state, "attack 6D 6H", 0)
    assert state.limit == 2
    assert_illegal(state, "throw 6S", 0, "attack_limit")
    act(state, "transfer 6C", 1)  # 3 attack cards, seat 2 holds 4: allowed
    assert state.limit == 4  # DUR-10: the new defender's cards at that moment


# ------------------------------------------------------------------ DC-7


def random_playout(state, rng, max_actions=MAX_ACTIONS, chooser=None):
    """Play random legal actions (a random seat among ``to_act()``) to the end; return
    the number of actions. Fails when ``max_actions`` is reached (DC-7)."""
    steps = 0
    while not state.is_over():
        assert steps < max_actions, f"no end after {max_actions} actions"
        seats = state.to_act()
        assert seats, "nobody may act in a game that is not over"
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        action = chooser(state, seat, legal, rng) if chooser else rng.choice(legal)
        state.apply(action)
        steps += 1
    assert state.to_act() == []
    return steps


def test_dc_7_random_games_always_end():
    rng = random.Random(7)
    # every 4th of the 408 configurations: every setting value with 2-6 players (the
    # conformance tests play 500 more random games over all of them); inside Pyodide
    # (volume.py) every 24th, which still plays every setting value and every deck with
    # every player count it allows
    for i, (rules, n) in enumerate(all_configs()[::per_runtime(4, 24)]):
        last = rng.choice([None] + list(range(n)))
        state = new_game(rules, [f"P{k}" for k in range(n)], 7000 + i, last_durak=last)
        random_playout(state, rng)
        out = state.outcome()
        assert out["draw"] == (out["durak"] is None)
        holding = [s for s in range(n) if state.hands[s]]
        assert holding == ([] if out["draw"] else [out["durak"]])


def _bot_chooser(choose, level):
    """A chooser calling ``game.bots.choose(view, legal_actions, level, seed)``: the bot
    sees only the seat's view; the action it returns must be one of the legal ones."""

    def pick(state, seat, legal, rng):
        action = choose(state.view(seat), legal, level, rng.randrange(1 << 30))
        assert action in legal, f"bot chose {action}, not a legal action"
        return action

    return pick


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_dc_7_bot_games_always_end(level):
    try:
        bots = importlib.import_module("game.bots")
    except ImportError:
        pytest.skip("game.bots is not there yet")
    choose = getattr(bots, "choose", None)
    if choose is None:
        pytest.skip("game.bots has no choose() yet")
    chooser = _bot_chooser(choose, level)
    rng = random.Random(77)
    # a spread of the 408 configurations (every setting value, 2-6 players); "normal"
    # searches endgames: fewer games. Inside Pyodide (volume.py) every 24th / 48th: still
    # every setting value, each bot to the end of its games
    step = per_runtime(8, 24) if level == "easy" else per_runtime(24, 48)
    for i, (rules, n) in enumerate(all_configs()[::step]):
        state = new_game(rules, [f"P{k}" for k in range(n)], 7700 + i)
        random_playout(state, rng, chooser=chooser)


# ------------------------------------------------------------------ DC-8


@pytest.mark.parametrize("n,deck", [(2, 24), (2, 36), (3, 36), (4, 36), (5, 52), (6, 52)])
def test_dc_8_nobody_holds_a_trump_left_of_dealer_attacks(n, deck):
    rules = Rules(deck=deck)
    # trump: spades; every hand from the other suits
    others = [c for c in sorted(make_deck(DECK_RANKS[deck])) if c.suit != "S"]
    hands = [" ".join(str(c) for c in others[6 * s:6 * s + 6]) for s in range(n)]
    attackers = set()
    for dealer in range(n):
        state = dealt_game(hands, "AS", rules, dealer=dealer)
        assert state.trump == "S"
        assert not any(c.suit == "S" for h in state.hands for c in h)
        assert state.attacker == (dealer + 1) % n
        assert state.defender == (dealer + 2) % n
        assert state.to_act() == [state.attacker]
        attackers.add(state.attacker)
    assert attackers == set(range(n))


# ------------------------------------------------------------------ DC-9


def test_dc_9_game_ends_at_once_when_last_holder_picked_up():
    state = position(["6H", "7C 8C", ""], trump_card="AS", attacker=0, out=[2])
    act(state, "attack 6H", 0)
    events = act(state, "take", 1)
    assert state.is_over() and state.outcome()["durak"] == 1
    assert events[-1] == {"type": "game_over", "durak": 1}
    assert state.to_act() == []


def test_dc_9_game_ends_after_defence_leaving_one_holder():
    state = position(["6H", "7H 8C", "9C 10D"], trump_card="AS", attacker=0, defender=1)
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)
    assert not state.is_over()  # 1 and 2 hold cards
    assert (state.attacker, state.defender) == (1, 2)
    act(state, "attack 8C", 1)
    act(state, "beat 9C 8C", 2)
    assert state.is_over()
    assert state.outcome() == {"durak": 2, "draw": False, "out_order": [0, 1],
                               "left": ["10D"]}


def test_dc_9_three_players_last_holder_is_durak_at_once():
    state = position(["6H", "7H", "8C 9C"], trump_card="AS", attacker=0)
    play(state, (0, "attack 6H"), (1, "beat 7H 6H"))
    assert state.is_over()
    assert state.outcome() == {"durak": 2, "draw": False, "out_order": [0, 1],
                               "left": ["8C", "9C"]}


# ------------------------------------------------------------------ DC-10


def test_dc_10_next_attacker_out_after_defence():
    state = position(["6H 10D", "7H", "8C 9C"], trump_card="AS", attacker=0)
    act(state, "attack 6H", 0)
    act(state, "beat 7H 6H", 1)  # 1 beat with their last card: out
    assert 1 in state.out
    assert (state.attacker, state.defender) == (2, 0)
    assert state.to_act() == [2]


def test_dc_10_next_attacker_out_after_take():
    state = position(["6H 10D", "7C", "", "8C 9C"], trump_card="AS", attacker=0, out=[2])
    act(state, "attack 6H", 0)
    act(state, "take", 1)
    assert (state.attacker, state.defender) == (3, 0)
    assert state.to_act() == [3]


def test_dc_10_never_waits_on_a_player_who_is_out():
    rng = random.Random(10)
    for seed in range(per_runtime(24, 8)):  # Pyodide (volume.py): 3-6 players twice
        n = 3 + seed % 4
        state = new_game(Rules(deck=52 if n > 4 else 36), [str(k) for k in range(n)], seed)
        while not state.is_over():
            for seat in state.to_act():
                assert state.hands[seat], f"seat {seat} has no cards but is asked to act"
                assert seat not in state.out
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions(seat)))


# ------------------------------------------------------------------ DC-11


def test_dc_11_discard_only_when_all_beaten_take_to_defender():
    state = position(["6H 6D 9D", "7H 8C 9C", "KC"], trump_card="AS", attacker=0,
                     talon="", rules=Rules(throw_in="attacker"))
    discard_before = list(state.discard)
    act(state, "attack 6D 6H", 0)
    act(state, "beat 7H 6H", 1)
    assert state.discard == discard_before  # one attack card unbeaten: nothing discarded
    act(state, "take", 1)
    assert state.discard == discard_before
    assert sorted(state.hands[1]) == sorted(cards("6D 6H 7H 8C 9C"))
    assert sorted(state.all_cards()) == deck_of(state)

    state = position(["6H 6D 9D", "7H 7D 9C", "KC"], trump_card="AS", attacker=0)
    discard_before = len(state.discard)
    play(state, (0, "attack 6D 6H"), (1, "beat 7H 6H"), (1, "beat 7D 6D"))
    assert len(state.discard) == discard_before + 4
    assert set(cards("6H 6D 7H 7D")) <= set(state.discard)
    assert sorted(state.all_cards()) == deck_of(state)


def test_dc_11_card_count_never_changes_in_play():
    rng = random.Random(11)
    # inside Pyodide (volume.py) every 24th: every setting value, every deck and player count
    for i, (rules, n) in enumerate(all_configs()[::per_runtime(11, 24)]):
        state = new_game(rules, [str(k) for k in range(n)], 1100 + i)
        deck = deck_of(state)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions(seat)))
            assert sorted(state.all_cards()) == deck


def test_dc_11_illegal_action_error_is_a_value_error():
    state = new_game(Rules(), ["a", "b"], 1)
    with pytest.raises(ValueError):
        state.apply(parse_action("take", state.attacker))
    with pytest.raises(IllegalAction):
        parse_action("beat 7S", 0)
