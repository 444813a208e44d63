"""Tonk bots (game/bots/tonk.py): legal, deterministic, never stalling, and a few tactics:
knocking when clearly lowest and not when clearly beaten, going out when it can.

No timing assertions: decision times are measured by ``bench/bots.py``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "engine"))

from tonk_helpers import all_rules, position  # noqa: E402

from game import bots  # noqa: E402
from game.bots import tonk as tonk_bot  # noqa: E402
from game.tonk import TURN_LIMIT, Discard, Draw, Knock, Rules, new_game  # noqa: E402

LEVELS = ("random", "easy", "normal")
RULES = all_rules()


def positions(players: int, games: int, seed: int, rate: float = 0.25):
    """Positions of sessions of a few hands with mixed-level players and varied settings
    (every decision is checked to be legal on the way)."""
    rng = random.Random(seed)
    for g in range(games):
        rules = RULES[rng.randrange(len(RULES))]
        state = new_game(rules, [f"P{i}" for i in range(players)], seed=seed * 100 + g)
        levels = [rng.choice(LEVELS) for _ in range(players)]
        hands = step = 0
        while hands < 3:
            seat = state.to_act()[0]
            if rng.random() < rate:
                yield state, seat
            legal = state.legal_actions(seat)
            action = bots.choose(state.view(seat), legal, levels[seat], seed=step)
            assert action in legal
            if state.phase == "hand_over":
                hands += 1
            state.apply(action)
            step += 1
            assert state.turns <= TURN_LIMIT


@pytest.mark.parametrize("players", [2, 3, 4])
def test_choice_is_legal_and_deterministic(players):
    phases = set()
    checked = 0
    for state, seat in positions(players, games=8, seed=players):
        view, legal = state.view(seat), state.legal_actions(seat)
        phases.add(state.phase)
        for level in ("easy", "normal"):
            a = bots.choose(view, legal, level, seed=3)
            assert a in legal, (level, str(a))
            assert bots.choose(view, legal, level, seed=3) == a
            assert bots.choose(view, legal, level, seed=4) == a  # no randomness at all
        checked += 1
    assert checked > 40
    assert phases == {"start", "play", "hand_over"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_finish_many_hands_with_a_zero_sum_ledger(players):
    rng = random.Random(50 + players)
    for g in range(6):
        levels = [rng.choice(("easy", "normal")) for _ in range(players)]
        state = new_game(RULES[(g * 5 + players) % len(RULES)],
                         [f"P{i}" for i in range(players)], seed=700 + g)
        step = 0
        while state.hand_no < 6:
            seat = state.to_act()[0]
            state.apply(bots.choose(state.view(seat), state.legal_actions(seat),
                                    levels[seat], seed=step))
            step += 1
            assert step < 6 * (4 * TURN_LIMIT + 10)
        assert state.ledger.sums_to_zero()


def test_normal_never_throws_back_the_card_it_took_unless_forced():
    """House rule A holds through the legal actions; the bot also plans with it."""
    s = position(["2S 3D 9C KD QH", "2C 3C 4C 5S 6D"], pile="KS")
    s.apply(Draw(0, "pile"))
    action = bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0)
    assert isinstance(action, Discard) and str(action.card) != "KS"


# ---------------------------------------------------------------------------- knocking

def test_knocks_in_an_obviously_winning_position():
    # total 4 in three cards against five unknown cards
    s = position(["AS AH 2C", "5S 6D 8C 9H KD"], pile="7C", turns=4,
                 table=[(0, "4H 5H 6H")])
    legal = s.legal_actions(0)
    for level in ("easy", "normal"):
        assert isinstance(bots.choose(s.view(0), legal, level, seed=0), Knock), level


def test_does_not_knock_in_an_obviously_losing_position():
    # total 12; the opponent holds two cards, both known from the pile: 3 in all
    s = position(["2S 3D 7C", "AC 2D"], pile="9H", known=[[], ["AC", "2D"]], turns=9,
                 table=[(1, "JS QS KS")])
    legal = s.legal_actions(0)
    assert not isinstance(bots.choose(s.view(0), legal, "normal", seed=0), Knock)
    # and with a high hand against five unknown cards neither level knocks
    s = position(["KS QD JC 10H 9S", "2C 3C 4C 5S 6D"], pile="7H")
    for level in ("easy", "normal"):
        assert not isinstance(bots.choose(s.view(0), s.legal_actions(0), level, seed=0),
                              Knock), level


def test_knock_expectation_counts_the_caught_penalty():
    s = position(["2S 3D 4C", "AC 2D"], pile="9H", known=[[], ["AC", "2D"]])
    ctx = tonk_bot._Ctx(s.view(0))
    knock, end = ctx.showdown(9)
    assert knock == pytest.approx(-3.0)  # caught: 2 to the lower player, 1 as the lowest
    assert end == pytest.approx(-1.0)
    knock, _end = ctx.showdown(2)
    assert knock == pytest.approx(1.0)  # strictly lowest against 3


# ---------------------------------------------------------------------------- going out

def play_turn(state, level="normal"):
    """Let the seat in turn play until its turn or the hand ends; return the actions."""
    seat = state.turn
    done = []
    while state.phase != "hand_over" and state.turn == seat:
        action = bots.choose(state.view(seat), state.legal_actions(seat), level, seed=0)
        done.append(str(action))
        state.apply(action)
        if state.phase == "start" and state.turn == seat:
            break
    return done


def test_hits_to_tonk_out():
    s = position(["9C KC", "2S 3D 4H 5S 6D"], table=[(1, "10C JC QC")], stock="8D",
                 phase="play")
    for level in ("easy", "normal"):
        t = s.clone()
        play_turn(t, level)
        assert t.result["end"] == "tonk_out" and t.result["player"] == 0, level


def test_hits_and_goes_out_by_the_discard():
    s = position(["9C 4H", "2S 3D 4D 5S 6D"], table=[(1, "10C JC QC")], phase="play")
    for level in ("easy", "normal"):
        t = s.clone()
        actions = play_turn(t, level)
        assert actions == ["hit 9C s1", "discard 4H"], level
        assert t.result["end"] == "out_by_discard", level


def test_lays_a_spread_and_hits_to_go_out():
    s = position(["5H 6H 7H 9S", "2S 3D 4D 5S 6D"], table=[(1, "10S JS QS")], phase="play",
                 stock="KD")
    t = s.clone()
    play_turn(t)
    assert t.result["end"] == "tonk_out"


def test_takes_the_discard_that_lets_it_go_out_instead_of_knocking():
    # 9C KC and 8C on the pile: take it, hit all three on 10C-QC: a tonk out (2 > 1)
    s = position(["9C KC", "2S 3D 4H 5S 6D"], table=[(1, "10C JC QC")], pile="8C",
                 turns=6)
    action = bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0)
    assert action == Draw(0, "pile")
    play_turn(s)
    assert s.result["end"] == "tonk_out" and s.result["player"] == 0


def test_normal_takes_a_discard_that_completes_a_spread():
    s = position(["7S 7H 2C KD QS", "2S 3D 4H 5S 6D"], pile="7D")
    assert bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0) == Draw(0, "pile")
    s.apply(Draw(0, "pile"))
    action = bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0)
    assert str(action) == "spread 7S 7H 7D"


def test_normal_discards_its_highest_loose_card():
    s = position(["2S 3S 4D KD 5C", "2C 3C 4C 5S 6D"], phase="play", stock="9H")
    action = bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0)
    assert str(action) == "discard KD"


def test_normal_hits_a_spread_rather_than_discarding_the_card():
    s = position(["2S 3S KS QH AC", "4C 5C 7S 8H 2H"], phase="play",
                 table=[(1, "9H 10H JH")])
    actions = play_turn(s)
    assert actions == ["hit QH s1", "discard KS"]


def test_normal_does_not_feed_what_the_next_player_collects():
    s = position(["2S 3S KS KH AC", "4C 5C QC QD 2H"], phase="play",
                 known=[[], ["QC", "QD"]], pile="9D")
    action = bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0)
    assert str(action) in ("discard KS", "discard KH")
    s = position(["2S 3S QS KH AC", "4C 5C QC QD 2H"], phase="play",
                 known=[[], ["QC", "QD"]], pile="9D")
    action = bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0)
    assert str(action) == "discard KH"  # QS would complete their book


# ---------------------------------------------------------------------------- dry stock

def test_with_the_stock_dry_a_clear_lowest_ends_the_hand():
    s = position(["AS 2H", "KS QD JC 10H 9D"], pile="9H", rest="pile", dry_turns=1,
                 known=[[], ["KS", "QD", "JC", "10H", "9D"]], rules=Rules(hit_lock=False))
    action = bots.choose(s.view(0), s.legal_actions(0), "normal", seed=0)
    assert str(action) in ("knock", "end")
    s.apply(action)
    assert s.result["winners"] == [0]
