"""Decision times of the hard Dunka and Elvakort players in the go-out round, where they
look several draws ahead (``game.bots.rummy_race``): ``python3 bench/race_times.py
[--game G ...] [--rounds N] [--set MODULE.NAME=VALUE]``; inside Pyodide under Node with
``node bench/hard_pyodide.mjs bench/race_times.py [the same arguments]``.

Round 6 of ``N`` two-player games (seeds 900, 901, ...; a scoresheet of zeros) is played
to its end, hard in seat 0 against normal; every decision of the hard seat with a choice
of draw (``draw``) or of discard (``play``) is timed, CPU time, and the median, p95 and
max are printed in milliseconds per phase. The same decisions in every Python. Not a
pass/fail test: issue 17's budget is a p95 of at most 1 s in Pyodide.

Measured 2026-12-03 (``--rounds 3``, CPU ms, median / p95 / max; the machine also ran two
bench processes on its two cores):

    CPython               Dunka draw 3 / 4 / 4, discard 86 / 100 / 100;
                          Elvakort draw 78 / 127 / 153, discard 192 / 282 / 298
    Pyodide 3.14.2, Node  Dunka draw 5 / 6 / 7, discard 161 / 179 / 186;
                          Elvakort draw 145 / 209 / 250, discard 351 / 510 / 524

(Elvakort's round-6 draw weighs the pile by its outs, ``game.bots.elvakort_hard``.) The
search runs in slices of one sequence of draws (``tests/test_bots_hard_slices.py``: at
most 20 distances a slice).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bots import _override  # noqa: E402
from round_screen import fresh_round  # noqa: E402


def _cpu() -> float:
    """CPU seconds of this process (``time.process_time``; Pyodide's counts Node's)."""
    return time.process_time()


def times(game: str, rounds: int) -> dict[str, list[float]]:
    """The hard seat's decision times (ms, CPU) in round 6 of ``rounds`` games, by phase."""
    out: dict[str, list[float]] = {"draw": [], "play": []}
    for seed in range(900, 900 + rounds):
        state = fresh_round(game, seed, 6)
        step = 0
        while state.phase not in ("round_over", "game_over"):
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            start = _cpu()
            action = bots.choose(view, legal, "hard" if seat == 0 else "normal", seed=step)
            spent = (_cpu() - start) * 1000
            if seat == 0 and state.phase in out and len(legal) > 1:
                out[state.phase].append(spent)
            state.apply(action)
            step += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=("dunka", "elvakort"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    args = parser.parse_args(argv)
    for setting in args.set:
        _override(setting)
    for game in args.game or ["dunka", "elvakort"]:
        for phase, ms in times(game, args.rounds).items():
            ms.sort()
            if ms:
                print(f"{game} {phase}: {len(ms)} decisions, median "
                      f"{statistics.median(ms):.0f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.0f}"
                      f" ms, max {ms[-1]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
