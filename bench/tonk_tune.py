"""Paired Tonk experiments for tuning the hard player (``game.bots.tonk_hard``):
``python3 bench/tonk_tune.py [--players 2] [--deals 500] [--first 0]
[--set MODULE.NAME=VALUE ...] [--grid MODULE.NAME=V1;V2;...] [--save FILE]
[--paired FILE]``.

Each deal (``tonk.new_game`` seed ``100_000 + first + d``: the same cut and cards) is
played once per seat with the candidate in that seat and the normal bot in all others, so
every deal is met from every seat (paired: luck of the cards cancels). Prints the
candidate's mean chips per hand with its 95 % interval (1.96 standard errors of the
per-deal means over seats) and the CPU seconds used.

The candidate is the hard player (``bots.choose(..., "hard")``) with constants of modules
of ``game.bots`` overridden by ``--set`` (a Python literal, e.g. ``tonk_knock.EDGE={2:
0.4}``); ``--grid`` runs one candidate per value (separated by ``;``), on the same deals.

``--save FILE`` writes the per-deal means (JSON); ``--paired FILE`` also prints the mean
difference per hand to such a saved run on the same deals with its 95 % interval (the
luck of the cards cancels deal by deal). (Commit 71105cd also had ``--oracle``: the
search over worlds of that commit given the other hand's true cards, a seat that peeks,
to measure what the search could take with perfect information; see
``game.bots.tonk_hard``.)

Measured 2026-12-02 (the committed hard player; CPU on a 2-core machine at load 4-7):
``--players 2 --deals 1500 --first 5000`` +0.068 ± 0.027 chips per hand (34 s CPU),
``--players 3 --deals 800 --first 5000`` +0.072 ± 0.036 (44 s), ``--players 4 --deals 600
--first 5000`` +0.105 ± 0.052 (55 s). Tuning of ``tonk_knock.EDGE`` for two players on
``--deals 600`` (first 0): see that constant.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots, tonk  # noqa: E402


def _hard(view: dict, legal: list, seed: int):
    return bots.choose(view, legal, "hard", seed=seed)


def _override(target: str, value) -> None:
    module_name, _dot, name = target.rpartition(".")
    module = importlib.import_module(f"game.bots.{module_name}")
    if not hasattr(module, name):
        raise SystemExit(f"game.bots.{module_name} has no {name}")
    setattr(module, name, value)


def play_hand(seed: int, players: int, seat: int, decide) -> int:
    """One hand of ``players`` (deal ``seed``), ``decide`` in ``seat``, normal elsewhere;
    returns the chips ``seat`` won (negative: lost)."""
    state = tonk.new_game(tonk.Rules(), [f"P{i}" for i in range(players)], seed)
    step = 0
    while state.phase != "hand_over":
        s = state.to_act()[0]
        view, legal = state.view(s), state.legal_actions(s)
        if s == seat:
            action = decide(view, legal, seed * 1000 + step)
        else:
            action = bots.choose(view, legal, "normal", seed=seed * 1000 + step)
        state.apply(action)
        step += 1
        if step > 4 * tonk.TURN_LIMIT + 10:
            raise RuntimeError(f"deal {seed} does not end")
    return state.result["net"][seat]


def run(players: int, deals: int, first: int, decide=_hard,
        per_deal: list | None = None) -> tuple[float, float]:
    """Mean chips per hand of ``decide`` against normal bots and its standard error (of
    the per-deal means over seats); the per-deal means are appended to ``per_deal``."""
    per_deal = [] if per_deal is None else per_deal
    for d in range(deals):
        seed = 100_000 + first + d
        per_deal.append(statistics.fmean(play_hand(seed, players, s, decide)
                                         for s in range(players)))
    mean = statistics.fmean(per_deal)
    se = statistics.stdev(per_deal) / len(per_deal) ** 0.5
    return mean, se


def paired(per_deal: list, path: str) -> str:
    """The mean difference per hand to the run saved in ``path`` (same deals) with its
    95 % interval."""
    with open(path) as f:
        other = json.load(f)
    k = min(len(other), len(per_deal))
    diffs = [a - b for a, b in zip(per_deal[:k], other[:k])]
    se = statistics.stdev(diffs) / k ** 0.5
    return f"{statistics.fmean(diffs):+.3f} ± {1.96 * se:.3f} against {path} ({k} deals)"


def _literal(text: str):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--grid", action="append", default=[])
    ap.add_argument("--save", help="write the per-deal means (JSON) to this file")
    ap.add_argument("--paired", help="also print the difference to a run saved so")
    args = ap.parse_args(argv)
    base = {}
    for s in args.set:
        k, _, v = s.partition("=")
        base[k] = _literal(v)
    runs = [dict(base)]
    for g in args.grid:
        k, _, vs = g.partition("=")
        runs = [dict(r, **{k: _literal(v)}) for r in runs for v in vs.split(";")]
    for over in runs:
        for k, v in over.items():
            _override(k, v)
        t0 = time.process_time()
        per_deal: list = []
        mean, se = run(args.players, args.deals, args.first, per_deal=per_deal)
        print(f"{args.players}p deals {args.first}+{args.deals} hard {over}: "
              f"{mean:+.3f} ± {1.96 * se:.3f} chips/hand ({time.process_time() - t0:.0f} s CPU)",
              flush=True)
        if args.paired:
            print("  paired:", paired(per_deal, args.paired), flush=True)
        if args.save:
            with open(args.save, "w") as f:
                json.dump(per_deal, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
