"""Decision times of the hard players: ``python3 bench/hard_times.py [--positions N]``.

For Dunka, Elvakorts-Rummy and Tonk (two players) it collects ``N`` positions from seeded
games of normal bots where the hard player really searches (more than one candidate,
``game.bots.rummy_hard.candidates`` / ``game.bots.tonk_hard.candidates``), times
``bots.choose(view, legal, "hard")`` on each and prints the median, p95 and max in
milliseconds, CPU time (``_cpu``) and wall time. The same positions in every
Python, so ``node bench/hard_pyodide.mjs`` (this script inside Pyodide under Node.js)
gives the Pyodide figures for the same work. Not a pass/fail test: the budget (brief,
issue 17) is a p95 of at most 1 s in Pyodide.

Measured 2026-12-01 (40 positions per game, budgets rummy_hard.SAMPLES = 10, tonk_hard
SAMPLES = 12 with the knock still searched; 2-core machine at load ~20, so wall times are
meaningless and CPU times are given; Pyodide as pinned in package.json, Python 3.14, under Node, CPU from
``process.cpuUsage()``):

    CPython  dunka    median 33 ms, p95 81 ms, max 86 ms
    CPython  elvakort median 35 ms, p95 108 ms, max 266 ms
    CPython  tonk     median 85 ms, p95 174 ms, max 178 ms
    Pyodide  dunka    median 59 ms, p95 160 ms, max 179 ms
    Pyodide  elvakort median 68 ms, p95 202 ms, max 541 ms
    Pyodide  tonk     median 174 ms, p95 305 ms, max 335 ms

Tonk's hard player without the search (game.bots.tonk_knock, 2026-12-02, ``--game tonk``,
40 positions, load ~5): CPython CPU median 1 ms, p95 2 ms, max 3 ms; Pyodide
(``node bench/hard_pyodide.mjs --game tonk``) CPU median 5 ms, p95 7 ms, max 10 ms.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots, rummy, tonk  # noqa: E402
from game.bots import rummy_hard, tonk_hard  # noqa: E402


def positions(game: str, count: int):
    """``count`` (view, legal) pairs of seeded two-player normal-bot games where the hard
    player compares at least two moves, every fifth such position (spread over the game)."""
    out, seed, seen = [], 0, 0
    while len(out) < count and seed < 50:
        if game == "tonk":
            state = tonk.new_game(tonk.Rules(), ["A", "B"], seed=seed)
            cands, over = tonk_hard.candidates, (lambda s: s.hand_no > 6)
        else:
            state = rummy.new_game(rummy.Rules(variant=game), ["A", "B"], seed=seed)
            cands, over = rummy_hard.candidates, (lambda s: s.is_over())
        step = 0
        while not over(state) and len(out) < count:
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            if len(cands(view, legal)) > 1:
                seen += 1
                if seen % 5 == 0:
                    out.append((view, legal))
            state.apply(bots.choose(view, legal, "normal", seed=step))
            step += 1
        seed += 1
    return out


def _cpu() -> float:
    """This process's CPU seconds: ``time.process_time`` in CPython; inside Pyodide under
    Node.js (where ``process_time`` is the wall clock) Node's ``process.cpuUsage()``,
    so the figures are not inflated by other load on the machine."""
    if sys.platform == "emscripten":
        import js  # only inside Pyodide
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6
    return time.process_time()


def _q(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def measure(game: str, count: int) -> str:
    """Time the hard player on ``count`` positions of ``game``; one line of figures."""
    cpu, wall = [], []
    for i, (view, legal) in enumerate(positions(game, count)):
        c0, w0 = _cpu(), time.perf_counter()
        bots.choose(view, legal, "hard", seed=i)
        cpu.append(_cpu() - c0)
        wall.append(time.perf_counter() - w0)
    ms = lambda x: f"{x * 1000:.0f}"  # noqa: E731
    return (f"{game:9} hard, {len(cpu)} searched decisions: CPU median {ms(_q(cpu, .5))} "
            f"p95 {ms(_q(cpu, .95))} max {ms(max(cpu))} ms; wall median {ms(_q(wall, .5))} "
            f"p95 {ms(_q(wall, .95))} max {ms(max(wall))} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--game", action="append", choices=("dunka", "elvakort", "tonk"))
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {sys.platform}", flush=True)
    for game in args.game or ("dunka", "elvakort", "tonk"):
        print(measure(game, args.positions), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
