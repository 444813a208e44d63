"""The pure parts of bench/hard_slices.py (the per-unit timing of the hard players): how
it cuts a decision into units and what it prints. No times are asserted: the clock is a
counter."""

from __future__ import annotations

import importlib

from game import bots, rummy


def load():
    """The bench script as a module (the repository's root is on the path: ``bench.*``)."""
    return importlib.import_module("bench.hard_slices")


def test_quantile_and_summary_count_the_units_over_the_marks():
    bench = load()
    assert bench.quantile([3, 1, 2], 0.5) == 2
    assert bench.quantile(list(range(100)), 0.99) == 99
    assert bench.quantile([5], 0.99) == 5
    line = bench.summary("x", [0.001, 0.055, 0.061, 0.2])
    assert "units      4" in line
    assert ">50 ms    3" in line and ">60 ms    2" in line
    assert "max  200.0 ms" in line


def test_timed_units_are_the_nexts_of_think_and_the_last_applies_the_move():
    """One unit per ``next()`` of the sliced search (a counter clock: every unit spans
    one tick); the move is the search's and is applied to the state."""
    bench = load()
    sliced = 0
    for seed in range(2):
        state = rummy.new_game(rummy.Rules(variant="elvakort"), ["A", "B"], seed)
        state._deal(6)
        for _ in range(8):
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            nexts = 0
            gen = bots.think(view, legal, "hard", seed=4)
            while True:
                nexts += 1
                try:
                    next(gen)
                except StopIteration as stop:
                    expected = stop.value
                    break
            ticks = iter(range(10_000))
            twin = state.clone()
            twin.apply(expected)
            action, units = bench.timed_units(state, seat, 4, clock=lambda: next(ticks),
                                              wall=lambda: 0.0)
            assert action == expected
            assert len(units) == nexts and all(cpu == 1 for cpu, _wall in units)
            assert state.to_dict() == twin.to_dict()  # the move was applied
            sliced += nexts > 1
    assert sliced >= 4


def test_report_lists_every_kind_and_the_longest_units_first():
    bench = load()
    rows = [(0, 0, 0, 2, "Draw", 0.010, 0.011), (0, 0, 1, 2, "Draw", 0.070, 0.08),
            (0, 1, 0, 1, "Discard", 0.002, 0.002)]
    lines = bench.report(rows, longest=2)
    assert lines[0].startswith("all") and ">60 ms    1" in lines[0]
    assert [line.split()[0] for line in lines[1:3]] == ["Discard", "Draw"]
    assert lines[-2].split()[0] == "70.0" and "unit 2 of 2" in lines[-2]
    assert lines[-1].split()[0] == "10.0"
