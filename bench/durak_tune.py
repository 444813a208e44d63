"""Tune the numbers of the Durak heuristics for the hard player (issue 17).

    nice -n 10 .venv/bin/python bench/durak_tune.py [--deals 500] [--first-deal 0]
        [--jobs 2] [--base NAME=V,...] NAME=V[,NAME=V...] ...

Each argument is a candidate: ``game.bots.durak.Weights`` with the named fields changed
(``--base`` changes are applied first, to every candidate, e.g. a set found so far).
Every candidate plays two-player Durak (default rules) against the normal player, which
plays by ``NORMAL``, on the same deals (``200,000 + first_deal + i``), once from each
seat; both sides play the whole normal player — heuristics and exact endgame solver —
only the numbers differ. It prints per candidate its score (a win 1, a draw 1/2) as a
share of the games with its standard error over the deals (each deal's two games
together: the seat swap cancels the luck of the cards), and the change against ``--base``
played on the same deals.

Games are cheap (~20 ms CPU each, ``game``), so a candidate on 500 deals (1,000 games) costs about
20 s of CPU; the standard error of a share is then about 1.4 points. A candidate's
figure on the tuning deals is biased upward by the choice among candidates: confirm the
final set on fresh deals (``--first-deal``) and in full games of the hard player
(bench/bots.py --durak-hard).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import durak  # noqa: E402
from game.bots import durak as normal_bot  # noqa: E402
from game.bots import durak_hard  # noqa: E402
from game.bots.durak_endgame import Budget, Solver, root_of_state  # noqa: E402

DEAL_BASE = 200_000
"""Deals of the tuning games start here (away from bench/bots.py's and the screen's)."""


def parse(text: str, base: normal_bot.Weights = normal_bot.NORMAL) -> normal_bot.Weights:
    """``"name=v,name=v"`` -> ``base`` with those fields replaced; ``""`` -> ``base``.
    Raises ValueError for an unknown field."""
    if not text:
        return base
    changes = {}
    fields = {f.name for f in dataclasses.fields(normal_bot.Weights)}
    for part in text.split(","):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in fields:
            raise ValueError(f"no weight {name!r}; weights: {', '.join(sorted(fields))}")
        changes[name] = float(ast.literal_eval(value.strip()))
    return dataclasses.replace(base, **changes)


SOLVER_BUDGET = 30_000
"""Solver work for a game's endgame; past it (rare) the heuristics play on."""


def game(weights: normal_bot.Weights, deal: int, seat: int) -> float:
    """One game of ``weights`` at ``seat`` against ``NORMAL``: 1 won, 0.5 draw, 0 lost.

    Played on the engine's full state without views, as the hard player's rollouts play
    (``durak_hard._normal_choice``: the heuristics, the trump exchange), the candidate's
    seat by ``weights``, the other by ``NORMAL``, until every card is known (talon at most
    the face-up trump, two players); then the exact solver's value of that position (the
    result when both play the rest perfectly, as the normal player's endgame search does),
    always taken from seat 0's side, so the same game scores the same whichever seat the
    candidate has. Past ``SOLVER_BUDGET`` (rare) the heuristics play on."""
    state = durak.new_game(durak.Rules(), ["P0", "P1"], deal)
    solver = Solver(state.trump, state.rules.transfer)
    solve = True
    for _ in range(5000):
        if state.over:
            loser = state.durak
            return 0.5 if loser is None else float(loser != seat)
        for side in (0, 1) if solve else ():
            root = root_of_state(state, side)
            if root is not None:
                solver.budget = solver.nodes + SOLVER_BUDGET
                solver._path, solver._low = {}, 1 << 30  # clean after an aborted search
                try:
                    value = solver.value(root)  # for ``side``: +1 it is safe, -1 Durak
                except Budget:
                    solve = False  # too big: the heuristics play it out
                    break
                mine = value if side == seat else -value
                return (mine + 1) / 2
        who = state.to_act()[0]
        w = weights if who == seat else normal_bot.NORMAL
        state._apply(durak_hard._normal_choice(state, who, w))
    raise RuntimeError(f"deal {deal} does not end")


def _deal(args) -> float:
    weights, deal = args
    return (game(weights, deal, 0) + game(weights, deal, 1)) / 2


def evaluate(pool, weights: normal_bot.Weights, deals: range) -> list[float]:
    """Per deal, the mean score of ``weights`` over its two games (one per seat)."""
    return pool.map(_deal, [(weights, d) for d in deals], chunksize=8)


def _stats(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1)
    return m, math.sqrt(var / len(xs))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("candidates", nargs="*", help="NAME=V[,NAME=V...] changes of Weights")
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--base", default="", help="changes applied to every candidate")
    args = ap.parse_args(argv)
    base = parse(args.base)
    deals = range(DEAL_BASE + args.first_deal, DEAL_BASE + args.first_deal + args.deals)
    with multiprocessing.Pool(args.jobs) as pool:
        t0 = time.time()
        # NORMAL against itself scores exactly 1/2 on every deal (one game from each seat)
        ref = ([0.5] * len(deals) if base == normal_bot.NORMAL
               else evaluate(pool, base, deals))
        m, se = _stats(ref)
        print(f"base {args.base or 'NORMAL'}: {100 * m:.1f} % ± {100 * se:.1f} "
              f"({2 * len(ref)} games, {time.time() - t0:.0f} s)", flush=True)
        for text in args.candidates:
            t0 = time.time()
            scores = evaluate(pool, parse(text, base), deals)
            m, se = _stats(scores)
            dm, dse = _stats([a - b for a, b in zip(scores, ref)])
            print(f"{text}: {100 * m:.1f} % ± {100 * se:.1f}; vs base {100 * dm:+.1f} "
                  f"± {100 * dse:.1f} ({time.time() - t0:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
