"""Screen settings of the hard Durak player on fixed positions (issue 17).

    nice -n 19 .venv/bin/python bench/durak_screen.py [--positions 300] [--talon 2-8]
        [--config NAME:MODULE.CONST=V,MODULE.CONST=V ...] [--seed 90000]

Full games against normal (bench/bots.py --durak-hard) take hours and their 95 % interval
is +-4 points at 500 games. This is the cheap signal before them, *paired* on the same
positions:

1. positions: two-player games of normal against normal (default rules, deals ``seed``,
   ``seed + 1``, ...); from each game one decision with more than one legal action and a
   talon in the ``--talon`` range, drawn at random: the full engine state and the seat to
   act;
2. for every ``--config`` (constants of ``game.bots`` modules set for that config only;
   the first config ``base`` is the committed settings) the hard player chooses from the
   seat's *view* (seeded by the position's index); where its action differs from the
   normal player's, both actions are played on **in the real deal** to the end
   (``judge``: every seat by the normal player's heuristics, the exact endgame solver
   once the talon holds at most the face-up trump; deterministic, cached per action),
   and the deviation scores the difference of the results (+1 / 0 / -1 each, so
   -2 ... +2);
3. it prints per config: deviations, how many gained / lost, the net (the sum) and the
   hard decisions' CPU time (median, p95, max over the positions).

The net is what the deviations would have been worth against normal-like play in these
deals; one deviation is noisy (one deal of the hidden cards), a few hundred are a signal.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import pickle
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots  # noqa: E402
from game.bots import durak as normal_bot  # noqa: E402
from game.bots import durak_hard  # noqa: E402
from game.bots.durak_endgame import Budget, Solver, root_of_state  # noqa: E402
from game.durak import Rules, new_game  # noqa: E402

JUDGE_BUDGET = 150_000
"""Solver work for one judged endgame (normal's SEARCH_BUDGET); past it heuristics go on."""


def positions(count: int, talon: tuple[int, int], seed: int) -> list:
    """``count`` (state, seat) pairs, one per normal-vs-normal game (see the module doc)."""
    out = []
    deal = seed
    while len(out) < count:
        state = new_game(Rules(), ["P0", "P1"], deal)
        rng = random.Random(deal)
        found = []
        step = 0
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and talon[0] <= len(state.talon) <= talon[1]:
                found.append((state.clone(), seat))
            state.apply(bots.choose(state.view(seat), legal, "normal", seed=deal * 1000 + step))
            step += 1
        if found:
            out.append(rng.choice(found))
        deal += 1
    return out


def judge(state, me: int) -> int:
    """Play ``state`` (changed) to its end, every seat by the normal player's heuristics
    and the exact solver once every card is known; +1 / 0 / -1 for ``me``."""
    solve = True
    for _ in range(2000):
        if state.over:
            break
        if not state.talon and not state.hands[me]:
            return 1
        if solve and len(state.talon) <= 1:
            root = root_of_state(state, me)
            if root is not None:
                try:
                    return Solver(state.trump, state.rules.transfer, JUDGE_BUDGET).value(root)
                except Budget:
                    solve = False
        seat = state.to_act()[0]
        state._apply(durak_hard._normal_choice(state, seat))
    if not state.over or state.durak is None:
        return 0
    return -1 if state.durak == me else 1


def _configs(texts: list[str], base: bool = True) -> list[tuple[str, dict]]:
    out = [("base", {})] if base else []
    for text in texts:
        name, _, sets = text.partition(":")
        values = {}
        for item in filter(None, sets.split(",")):
            target, _, value = item.partition("=")
            values[target] = ast.literal_eval(value)
        out.append((name, values))
    return out


def _apply_config(values: dict) -> dict:
    """Set the config's constants; returns the old values (to restore)."""
    old = {}
    for target, value in values.items():
        module_name, _, name = target.rpartition(".")
        module = importlib.import_module(f"game.bots.{module_name}")
        if not hasattr(module, name):
            raise SystemExit(f"game.bots.{module_name} has no {name}")
        old[target] = getattr(module, name)
        setattr(module, name, value)
    return old


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--talon", default="2-8", help="talon range LO-HI of the positions")
    parser.add_argument("--seed", type=int, default=90_000, help="first deal")
    parser.add_argument("--cache", default="",
                        help="directory to keep the positions in (pickled; reused when "
                             "the same --positions/--talon/--seed are asked again)")
    parser.add_argument("--config", action="append", default=[],
                        help="NAME:MODULE.CONST=V[,MODULE.CONST=V...] (base is run first)")
    parser.add_argument("--no-base", action="store_true", help="skip the base config")
    args = parser.parse_args(argv)
    lo, hi = (int(x) for x in args.talon.split("-"))
    t0 = time.process_time()
    path = os.path.join(args.cache, f"durak_screen_{args.positions}_{lo}-{hi}_{args.seed}.pickle")
    if args.cache and os.path.exists(path):
        with open(path, "rb") as f:
            pos = pickle.load(f)
    else:
        pos = positions(args.positions, (lo, hi), args.seed)
        if args.cache:
            with open(path, "wb") as f:
                pickle.dump(pos, f)
    print(f"{len(pos)} positions, talon {lo}-{hi}, deals from {args.seed} "
          f"({time.process_time() - t0:.0f} s CPU)", flush=True)
    normal = []
    for i, (state, seat) in enumerate(pos):
        view, legal = state.view(seat), state.legal_actions(seat)
        normal.append(normal_bot.choose(view, legal, "normal", random.Random(i)))
    cache: dict = {}

    def value(i: int, action) -> int:
        key = (i, repr(action))
        if key not in cache:
            state, seat = pos[i]
            sim = state.clone()
            sim._apply(action)
            cache[key] = judge(sim, seat)
        return cache[key]

    for name, values in _configs(args.config, not args.no_base):
        old = _apply_config(values)
        try:
            times, diffs = [], []
            for i, (state, seat) in enumerate(pos):
                view, legal = state.view(seat), state.legal_actions(seat)
                c0 = time.process_time()
                action = durak_hard.choose(view, legal, random.Random(i))
                times.append(time.process_time() - c0)
                if action != normal[i]:
                    diffs.append(value(i, action) - value(i, normal[i]))
        finally:
            _apply_config(old)
        times.sort()
        gained = sum(1 for d in diffs if d > 0)
        lost = sum(1 for d in diffs if d < 0)
        print(f"{name:24s} deviations {len(diffs):3d}  gained {gained:3d}  lost {lost:3d}  "
              f"net {sum(diffs):+4d}  CPU median {1000 * statistics.median(times):.1f} ms  "
              f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:.0f} ms  "
              f"max {1000 * times[-1]:.0f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
