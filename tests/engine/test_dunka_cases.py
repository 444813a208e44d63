"""Contract-rummy cases RC-10, RC-11 and RC-12 (cases/rummy.md) on the Dunka engine."""

from __future__ import annotations

import json
import random

from dunka_helpers import NAMES, act, assert_illegal, cards, hand, legal_texts, position
from game.engine import IllegalAction
from game.rummy import Dunk, Rules, new_game


def window(n=4):
    """Seat 0 discarded 9D; seat 1 is to draw; seats 2.. may claim after a stock draw."""
    hands = ["5C 6C", "5D 6D", "5H 6H", "5S 6S", "7C 8C", "7H 8H"][:n]
    return position(hands, phase="draw", turn=1, pile="2H 9D", stock="KC QC JC",
                    discarder=0, claim_card=cards("9D")[0])


def card_count(state):
    return len(state.all_cards())


# ------------------------------------------------------------------ RC-10


def test_rc_10_repeated_dunk_while_the_window_is_open_is_refused():
    state = window(5)
    act(state, "draw stock", 1)
    act(state, "dunk", 4)                 # farther claimer; window stays open for 2 and 3
    assert state.phase == "claim"
    exc = assert_illegal(state, "dunk", 4, "already_claimed")
    assert exc.code == "already_claimed"
    assert len(state.hands[4]) == 2 and str(state.pile[-1]) == "9D"
    act(state, "dunk", 3)                 # outranks seat 4
    assert_illegal(state, "dunk", 4, "already_claimed")
    assert_illegal(state, "dunk", 3, "already_claimed")
    act(state, "pass", 2)
    assert state.phase == "play" and len(state.hands[3]) == 4
    assert_illegal(state, "dunk", 4, "already_claimed")   # replayed after it was decided
    assert_illegal(state, "dunk", 3, "already_claimed")
    assert_illegal(state, "dunk", 2, "no_claim_window")
    assert len(state.hands[4]) == 2 and len(state.all_cards()) == 108


def test_rc_10_replayed_dunk_after_it_was_granted_draws_nothing_twice():
    state = window(4)
    act(state, "draw stock", 1)
    act(state, "dunk", 2)
    assert hand(state, 2) == ["5H", "6H", "9D", "QC"]
    before = json.dumps(state.to_dict(), sort_keys=True)
    for _ in range(3):
        try:
            state.apply(Dunk(2))
        except IllegalAction as exc:
            assert exc.code == "already_claimed"
        else:
            raise AssertionError("a replayed dunk was accepted")
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    assert card_count(state) == 108
    assert [str(c) for c in state.all_cards()].count("9D") == 1


def test_rc_10_the_card_leaves_the_pile_once_and_one_penalty_card_is_drawn():
    state = window(6)
    act(state, "draw stock", 1)
    pile, stock = len(state.pile), len(state.stock)
    act(state, "dunk", 5)
    act(state, "dunk", 3)
    act(state, "pass", 2)
    assert len(state.pile) == pile - 1 and len(state.stock) == stock - 1
    assert len(state.hands[3]) == 4 and len(state.hands[5]) == 2


# ------------------------------------------------------------------ RC-11


def test_rc_11_discarder_never_claims():
    state = window(4)
    assert_illegal(state, "dunk", 0, "discarder_cannot_claim")   # before the draw
    act(state, "draw stock", 1)
    assert 0 not in state.to_act()
    assert_illegal(state, "dunk", 0, "discarder_cannot_claim")   # in the window


def test_rc_11_next_player_takes_it_without_penalty():
    state = window(4)
    stock = len(state.stock)
    act(state, "draw pile", 1)
    assert hand(state, 1) == ["5D", "6D", "9D"] and len(state.stock) == stock
    assert state.phase == "play"


def test_rc_11_nearest_claimer_gets_it_with_one_penalty_card():
    state = window(6)
    act(state, "draw stock", 1)
    assert state.to_act() == [2, 3, 4, 5]
    act(state, "dunk", 5)
    act(state, "dunk", 4)
    act(state, "pass", 2)
    assert state.to_act() == [3]
    act(state, "pass", 3)
    assert sorted(hand(state, 4)) == ["7C", "8C", "9D", "QC"]
    assert len(state.hands[5]) == 2
    assert state.turn == 1 and state.phase == "play"


def test_rc_11_claim_order_wraps_around_the_table():
    state = position(["5C 6C", "5D 6D", "5H 6H", "5S 6S"], phase="draw", turn=3,
                     pile="2H 9D", stock="KC QC", discarder=2, claim_card=cards("9D")[0])
    act(state, "draw stock", 3)
    assert state.claim_order() == [0, 1]
    act(state, "dunk", 1)
    act(state, "pass", 0)
    assert "9D" in hand(state, 1)


# ------------------------------------------------------------------ RC-12


def test_rc_12_only_jokers_at_the_discard_step_discards_a_joker():
    state = position(["JK", "2H 3H"], table=[(1, "set 5S 5D 5C"), (1, "set 6S 6D 6C")],
                     laid_down=[False, True])
    assert legal_texts(state, 0) == ["discard JK"]
    act(state, "discard JK", 0)
    assert state.phase == "round_over" and state.sheet[-1]["out"] == 0


def test_rc_12_only_jokers_before_laying_down_in_round_6():
    state = position(["JK JK.1 JK.2", "2H 3H"], round=6)
    assert legal_texts(state, 0) == ["discard JK", "discard JK.1", "discard JK.2"]


def test_rc_12_empty_pile_still_leaves_a_draw():
    state = window(4)
    act(state, "draw stock", 1)
    act(state, "dunk", 2)
    act(state, "discard 5D", 1)
    state.pile.clear()  # construct: nothing under the claimed card
    state.stock[:0] = cards("2H")
    assert legal_texts(state, 2) == ["draw stock"]


def test_rc_12_nobody_left_without_an_action_in_random_games():
    rng = random.Random(12)
    for seed, n in enumerate((2, 4, 6)):
        state = new_game(Rules(max_reshuffles=1), NAMES[:n], seed)
        steps = 0
        while not state.is_over():
            to_act = state.to_act()
            assert to_act, "nobody may act"
            for p in range(n):
                assert bool(state.legal_actions(p)) == (p in to_act)
            seat = to_act[0] if rng.random() < 0.5 else rng.choice(to_act)
            actions = state.legal_actions(seat)
            strong = [a for a in actions if str(a).split()[0] in ("meld", "layoff", "replace")]
            state.apply(rng.choice(strong) if strong and rng.random() < 0.9
                        else rng.choice(actions))
            steps += 1
            assert steps < 20000
        assert len(state.sheet) == 6
