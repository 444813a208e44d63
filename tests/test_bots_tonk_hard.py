"""The hard Tonk player's knock (game.bots.tonk_knock, game.bots.tonk_hard.policy): the
opponent's last discard moves the decision where the normal bot's model ignores it
(TONK-11), and the knock model's payout arithmetic.

No strength or timing assertions: bench/bots.py and bench/tonk_tune.py measure those.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "engine"))

from tonk_helpers import position  # noqa: E402

from game import bots  # noqa: E402
from game.bots import tonk as normal_bot  # noqa: E402
from game.bots import tonk_knock  # noqa: E402
from game.tonk import Draw, Knock  # noqa: E402

HAND = "AC 3D 2S 4H 5C"
"""Total 15 (TONK-1), no spread; the opponent holds 44 in every case below."""


def _choices(pile: str):
    """(normal's, hard's) choice for seat 0 at its turn start after both seats have played
    four turns, the opponent's last discard on top of ``pile``."""
    state = position([HAND, "KC QD 9S 8H 7D"], pile=pile, turn=0, turns=8)
    view, legal = state.view(0), state.legal_actions(0)
    return (bots.choose(view, legal, "normal", seed=1),
            bots.choose(view, legal, "hard", seed=1))


def test_a_high_last_discard_makes_hard_knock_where_normal_draws():
    """The opponent threw a king: the cards it kept are mostly lower than a king but, by
    the fitted model, not low enough to be at or under 15 (P about 0.09): hard knocks."""
    normal, hard = _choices("9H KH")
    assert isinstance(normal, Draw)
    assert isinstance(hard, Knock)


def test_a_low_last_discard_keeps_hard_from_knocking_where_normal_knocks():
    """The opponent threw a two: what it kept is low, the chance of being caught is
    about 0.2, so hard does not knock at 15 (normal, whose model ignores the discard,
    does)."""
    normal, hard = _choices("9H 2C")
    assert isinstance(normal, Knock)
    assert not isinstance(hard, Knock)


def test_the_discard_feature_lowers_and_raises_the_chance_of_being_caught():
    chances = {}
    for top in ("2C", "KH"):
        state = position([HAND, "KC QD 9S 8H 7D"], pile="9H " + top, turn=0, turns=8)
        ctx = normal_bot._Ctx(state.view(0))
        chances[top] = tonk_knock.knock_chances(ctx, 15)[0]
    assert chances["2C"] > 2 * chances["KH"]


@pytest.mark.parametrize("caught,value", [([0.0], 1.0), ([1.0], -3.0), ([0.0, 0.0], 2.0),
                                          ([1.0, 0.0], -3.0), ([1.0, 1.0], -5.0)])
def test_knock_value_is_the_payout_of_tonk_11(caught, value):
    """Won: 1 from each opponent; caught: 2 to each opponent at or under the knocker and
    1 to the lowest (counted once, as the normal bot's showdown)."""
    assert tonk_knock.knock_value(caught) == pytest.approx(value)
