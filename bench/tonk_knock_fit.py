"""Fit the hard Tonk player's knock model (``game.bots.tonk_knock.WEIGHTS``):
``python3 bench/tonk_knock_fit.py --players 2 --hands 8000 [--first 0] [--test 5000]``.

Plays ``hands`` hands of normal bots (``tonk.new_game`` seeds ``200_000 + first + i``) and
at every turn start where a knock is legal records, for each opponent, the features of
``game.bots.tonk_knock.features`` (from the acting seat's view only) and whether that
opponent's true total was equal to or lower than the seat's (the knock would be caught,
TONK-11). Fits a logistic regression (Newton's method, a little L2) and prints the weights
to paste into ``WEIGHTS``. With ``--test H`` it also plays ``H`` fresh hands (seeds
``300_000 + first + i``) and prints the log-loss of the fitted model and of the normal
bot's own model there, and the chips per hand a seat would gain by knocking whenever the
fitted chance of being caught is below each of a few thresholds, exactly as the hand
would go (replay: up to that knock the hand is the normal bots' hand, and a knock ends
it). Pure Python; no timing.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots, tonk  # noqa: E402
from game.bots import tonk as normal  # noqa: E402
from game.bots import tonk_knock  # noqa: E402


def collect(players: int, hands: int, first: int) -> list[list[dict]]:
    """Per hand, its knock decisions in order: ``{"seat", "mine", "nk" (normal knocked),
    "opps": [(features, caught 0/1, opponent's true total)], "net"}``."""
    out = []
    for i in range(hands):
        state = tonk.new_game(tonk.Rules(), [f"P{k}" for k in range(players)], first + i)
        recs, step = [], 0
        while state.phase != "hand_over":
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            action = bots.choose(view, legal, "normal", seed=step)
            if state.phase == "start" and any(isinstance(a, tonk.Knock) for a in legal):
                ctx = normal._Ctx(view)
                totals = state.totals()
                mine = totals[seat]
                opps = [(tonk_knock.features(ctx, mine, q), int(totals[q] <= mine), totals[q])
                        for q in range(players) if q != seat]
                recs.append({"seat": seat, "mine": mine, "opps": opps,
                             "nk": isinstance(action, tonk.Knock)})
            state.apply(action)
            step += 1
        for r in recs:
            r["net"] = state.result["net"][r["seat"]]
        out.append(recs)
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    k = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(k):
            if r != c:
                f = m[r][c] / m[c][c]
                for j in range(c, k + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][k] / m[i][i] for i in range(k)]


def fit(xs: list[list[float]], ys: list[int], l2: float = 1e-3, steps: int = 12) -> list[float]:
    """Logistic regression weights (the first feature is the constant 1, not penalised)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(steps):
        g = [0.0] * k
        h = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            p = tonk_knock.logistic(w, x)
            d, s = p - y, p * (1 - p)
            for i in range(k):
                g[i] += d * x[i]
                xi = x[i] * s
                for j in range(i, k):
                    h[i][j] += xi * x[j]
        for i in range(k):
            if i:
                g[i] += l2 * len(xs) * w[i]
                h[i][i] += l2 * len(xs)
            for j in range(i):
                h[i][j] = h[j][i]
        w = [a - b for a, b in zip(w, _solve(h, g))]
    return w


def knock_result(rec: dict) -> int:
    """Chips the seat wins by knocking here (TONK-11), from the true totals."""
    mine, totals = rec["mine"], [o[2] for o in rec["opps"]]
    if all(t > mine for t in totals):
        return len(totals)
    low = min(totals)
    return -2 * sum(1 for t in totals if t <= mine) - sum(1 for t in totals if t == low)


def replay_gain(data: list[list[dict]], players: int, rule) -> float:
    """Mean chips per hand and seat gained by knocking at the first decision where ``rule``
    says so (where normal did not already knock), instead of the normal bot's hand."""
    gain = 0.0
    for recs in data:
        for seat in range(players):
            for r in recs:
                if r["seat"] != seat:
                    continue
                if r["nk"]:
                    break
                if rule(r):
                    gain += knock_result(r) - r["net"]
                    break
    return gain / (len(data) * players)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--hands", type=int, default=8000)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--test", type=int, default=0)
    args = ap.parse_args(argv)
    data = collect(args.players, args.hands, 200_000 + args.first)
    xs = [f for recs in data for r in recs for f, _y, _t in r["opps"]]
    ys = [y for recs in data for r in recs for _f, y, _t in r["opps"]]
    w = fit(xs, ys)
    print(f"{args.players} players, {len(xs)} samples from {args.hands} hands:")
    print("    " + repr(tuple(round(a, 4) for a in w)))
    if args.test:
        test = collect(args.players, args.test, 300_000 + args.first)
        pairs = [(f, y) for recs in test for r in recs for f, y, _t in r["opps"]]

        def loss(prob) -> float:
            return -sum(math.log(max(1e-9, prob(f) if y else 1 - prob(f)))
                        for f, y in pairs) / len(pairs)
        print(f"  test log-loss: fitted {loss(lambda f: tonk_knock.logistic(w, f)):.4f}, "
              f"normal's model {loss(lambda f: 1 / (1 + math.exp(-f[1]))):.4f}")
        for edge in (0.8, 0.6, 0.4, 0.2, 0.0):
            def rule(r, edge=edge):
                ps = [tonk_knock.logistic(w, f) for f, _y, _t in r["opps"]]
                return tonk_knock.knock_value(ps) >= edge * (args.players - 1)
            print(f"  knock when expected chips >= {edge} per opponent: "
                  f"{replay_gain(test, args.players, rule):+.4f} chips per hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
