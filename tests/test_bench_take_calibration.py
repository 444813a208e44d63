"""The pure parts of bench/take_calibration.py (how well the hard players predict the
next player's pile takes): its scores, and the truth it reads from a clone of the
state."""

from __future__ import annotations

import importlib
import math

from game import bots, rummy
from game.rummy import Discard


def load():
    """The bench script as a module (the repository's root is on the path: ``bench.*``)."""
    return importlib.import_module("bench.take_calibration")


def test_auc_counts_the_pairs_of_one_decision_ordered_right():
    bench = load()
    assert bench._auc([[(0.9, 1), (0.1, 0), (0.2, 0)]]) == 1.0
    assert bench._auc([[(0.1, 1), (0.9, 0)]]) == 0.0
    assert bench._auc([[(0.5, 1), (0.5, 0)]]) == 0.5
    # pairs across decisions are not compared
    assert bench._auc([[(0.9, 1), (0.1, 0)], [(0.95, 0), (0.05, 0)]]) == 1.0


def test_scores_give_log_loss_and_brier():
    bench = load()
    text = bench._scores([(0.5, 1), (0.5, 0)])
    assert f"log-loss {math.log(2):.4f}" in text and "Brier 0.2500" in text


def test_truth_leaves_the_state_as_it_was():
    bench = load()
    state = rummy.new_game(rummy.Rules(variant="dunka"), ["A", "B"], 5)
    step = 0
    while not (state.phase == "play" and all(
            isinstance(a, Discard) for a in state.legal_actions(state.to_act()[0]))):
        seat = state.to_act()[0]
        state.apply(bots.choose(state.view(seat), state.legal_actions(seat), "normal",
                                seed=step))
        step += 1
    seat = state.to_act()[0]
    before = state.view(seat)
    action = state.legal_actions(seat)[0]
    assert bench._truth(state, action, 1 - seat, 0) in (True, False, None)
    assert state.view(seat) == before
