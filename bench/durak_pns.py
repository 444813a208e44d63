"""Experiment: depth-first proof-number search (df-pn) for the Durak endgame solver (issue
17, scope 1; rules/durak.md DUR-8 … DUR-19). Measured and dropped: not the solver.

    nice -n 10 .venv/bin/python bench/durak_pns.py [--eps 1.0] [--draw-first]
        [--bias 10] [--index 348,215,...|all] [--budget 3000000]

``ProofSolver`` answers the two boolean questions of an endgame root, "does the side
searched for win?" (value >= 1) and "does it at least draw?" (value >= 0), each by df-pn
(Nagai's MID with a transposition table, the 1+eps threshold trick of Pawlewicz and Lew)
over the current solver's model: the children of ``EndgameMoves._kids`` (forced steps
merged, the static rules W1/W2/W3/L0/L1 as final values, the equivalent-card
reduction), bout starts keyed by ``Solver.canon``. OR nodes are those where the side
searched for chooses, AND nodes the opponent's. A repetition of a bout start on the path
scores 0 as in ``Solver.value``: a disproof in the "win?" search, a proof in the "draw?"
search. Proven and disproven results go to a table of value bounds shared by both
questions, except a "win?" disproof or a "draw?" proof reached through a repetition of a
position above the node (the same ``_low`` bookkeeping as ``Solver.value``): those are
kept by the parent only for the rest of its own search (no GHI error; a "win?" proof and
a "draw?" disproof never use a repetition; on the 12 hardest this case never arose).
An unknown child starts at pn = dn = 1, except the search-side number, which grows
with the child's place in ``_kids``' cheap-first order (``bias``). Units as the
solver's: positions visited plus children generated, plus one per child selection (a
scan of the node's children; without those the totals are about a fifth lower). Every
root value is asserted against the stored set value.

``HARDEST``: the 12 endgames of bench/durak_solver_set.json on which the current
solver's ``solve_moves`` (commit 7e22f4f) needs the most units (1.34 million together).

Measured 2026-12-02 (CPython 3.11.7, CPU time, 2 shared cores at load 3-5; the current
solver run in the same process just before each endgame; totals' CPU times vary by a
tenth between runs)::

    bench/durak_pns.py [--draw-first] [--bias 0]     (units on the 12 hardest)
      alpha-beta (solve_moves)              1,336,429   6.1-7.7 s
      df-pn, bias 0, "win?" first           2,603,703  11.8-14.5 s  x1.95
      df-pn, bias 0, "draw?" first          2,370,126  10.4-11.3 s  x1.77
      df-pn, bias 10, "win?" first          1,662,004   8.5 s       x1.24
      df-pn, bias 10, "draw?" first         1,539,848   7.1 s       x1.15
    per endgame, units (value; alpha-beta | bias 10 "draw?" first | "win?" first):
      348 (-1) 152,785 | 143,992 | 182,883     215 (+1) 143,344 |  53,863 |  15,452
      241 ( 0) 142,775 | 372,586 | 370,213     315 (-1) 132,621 |  90,132 | 152,465
      374 (-1) 126,675 | 237,009 | 365,885      96 (+1)  98,592 | 253,513 | 144,744
      295 (+1)  95,359 | 120,758 |  73,174     246 (-1)  92,863 |  73,799 | 131,064
      110 ( 0)  92,671 | 116,049 | 100,029      12 (+1)  89,230 |   4,936 |   2,479
      294 (-1)  87,823 |  58,264 | 115,705      47 (+1)  81,691 |  14,947 |   7,911
    df-pn / alpha-beta units per endgame, geometric mean [bootstrap 95 % interval]:
      bias 10: "draw?" first 0.74 [0.39, 1.31], "win?" first 0.66 [0.29, 1.35];
      bias 0: 0.98 [0.47, 1.91], 0.95 [0.37, 2.06]

    bench/durak_pns.py --index all --budget 1000000 [--draw-first]   (all 400, bias 10)
      units       median    p95      p99      max      total       CPU
      alpha-beta     833   44,155  132,621  152,785  2,957,414  14.9-15.2 s
      "win?" 1st   1,490   59,254  182,883  370,213  4,810,600  25.2 s
      "draw?" 1st  1,650   58,264  148,952  372,586  4,798,581  23.6 s
      per-endgame ratio, geometric mean: 1.43 [1.27, 1.59]; 1.80 [1.62, 2.00]

Variants on 348, 110, 96 (bias 0, "win?" first; alpha-beta 344,048 units): eps 0
(plain df-pn) 1.02 million (and endgame 241 not done in 3 million), eps 0.25 0.80
million, eps 1.0 0.71 million, eps 3.0 0.73 million; a start from the hand sizes (pn,
dn from the card difference) 0.93-1.10 million; weak proof numbers (max + count - 1
instead of sums, against transposition double counting) 0.86-0.97 million. Bias on
348, 110, 96, 12 (alpha-beta 433,278): 0: 0.72 million, 1: 0.58, 3: 0.46, 10: 0.43,
30: 0.49. With bias 10 on all 12, "draw?" first: eps 0.25 1.64 million, eps 3.0 1.84.
Path-dependent results kept in the table as estimates (pn or dn 1,000 or 10^6 instead
of dropped): no change (they did not arise).

Why it does not win: with pn = dn = 1 at the frontier df-pn expands as many distinct
positions as alpha-beta's table holds (348: 36,826 against 37,743; 110: 27,822 against
21,921; 96: 25,167 against 23,321) and re-expands each about 1.4 times: the proof
numbers alone find no smaller proof trees than the cheap-first order. Started from that
order (bias) it finds some much smaller ones (wins 12, 47, 215: 5-40x; losses 315, 294,
246: 1.2-1.5x) but loses on the draws (241: 2.6x) and on some losses and wins (374:
1.9x, 96: 1.5-2.6x), and on the easy endgames (median 1.8-2x): the p99 and the maximum
(the figures that decide the issue's 150 ms) get worse, not better. A portfolio (both
searches interleaved, budgets doubling) pays about twice the cheaper one: from the
figures above that beats alpha-beta alone on 3 of the 12 hardest (12, 47, 215) and
makes the 5 hardest dearer (not run).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.bots.durak_endgame import MAX_PLIES, Budget, Solver  # noqa: E402

SET = os.path.join(ROOT, "bench", "durak_solver_set.json")
HARDEST = (348, 215, 241, 315, 374, 96, 295, 246, 110, 12, 294, 47)
"""Indices in the set of the 12 endgames the current solver finds hardest (units)."""
INF = 10 ** 9


class ProofSolver(Solver):
    """df-pn for "value >= t" of a two-holder Durak endgame (see the module docstring).

    Args:
        trump, transfer, budget: as ``Solver``'s (``Budget`` past ``budget`` units).
        eps: the 1+eps threshold factor for the child searched (0: plain df-pn).
        bias: an unknown child's start: the i-th child (0 first, in ``_kids``'
            cheap-first order) has proof number 1 + i * bias at an OR node, disproof
            number 1 + i * bias at an AND node, the other number 1 (0: pn = dn = 1).

    ``bounds`` maps a key to path-independent (lower, upper) value bounds; ``tabs[t]``
    maps a key to the (proof, disproof) numbers of question t (1 "win?", 0 "draw?").
    """

    def __init__(self, trump: str, transfer: bool, budget: int | None = None,
                 eps: float = 1.0, bias: int = 10) -> None:
        super().__init__(trump, transfer, budget)
        self.bias = bias
        self.bounds: dict = {}
        self.tabs: dict = {0: {}, 1: {}}
        self.eps = eps

    def _final(self, key, t):
        b = self.bounds.get(key)
        if b is not None:
            if b[0] >= t:
                return 0, INF
            if b[1] < t:
                return INF, 0
        return None

    def mid(self, st, th_pn: int, th_dn: int, t: int) -> tuple[int, int]:
        """Search ``st`` until its proof number reaches ``th_pn`` or its disproof number
        ``th_dn`` for the question "value >= t"; returns (pn, dn): (0, INF) proven,
        (INF, 0) disproven. Raises ``Budget``."""
        self.nodes += 1
        path = self._path
        depth = len(path)
        if st[0] == 0:
            key = self.canon(st)
            got = path.get(key)
            if got is not None:  # a repetition: value 0
                if got < self._low:
                    self._low = got
                return (0, INF) if t <= 0 else (INF, 0)
        else:
            key = st
        done = self._final(key, t)
        if done is not None:
            return done
        tab = self.tabs[t]
        e = tab.get(key)
        if e is not None and (e[0] >= th_pn or e[1] >= th_dn):
            return e
        if self.budget is not None and self.nodes > self.budget:
            raise Budget
        orn = st[3] if st[0] != 1 else not st[3]
        kids = self._kids(st)
        n = len(kids)
        self.nodes += n
        cpn = [1] * n
        cdn = [1] * n
        bias = self.bias
        for i, child in enumerate(kids):
            if child.__class__ is int:
                cpn[i], cdn[i] = (0, INF) if child >= t else (INF, 0)
                continue
            k = child if child[0] else self._keys.get(child)
            got = None if k is None else (self._final(k, t) or tab.get(k))
            if got is not None:
                cpn[i], cdn[i] = got
            elif orn:  # unknown: the cheap-first order as a start (``bias``)
                cpn[i] = 1 + i * bias
            else:
                cdn[i] = 1 + i * bias
        outer_low = self._low
        self._low = 1 << 30
        if st[0] == 0:
            path[key] = depth
        self._plies += 1
        grow = 1.0 + self.eps
        try:
            if self._plies > MAX_PLIES:
                raise Budget
            while True:
                # (x, y) = (pn, dn) at an OR node, (dn, pn) at an AND node
                xs, ys = (cpn, cdn) if orn else (cdn, cpn)
                x = x2 = INF
                best = -1
                y = 0
                for i in range(n):
                    v = xs[i]
                    y += ys[i]
                    if v < x:
                        x2, x, best = x, v, i
                    elif v < x2:
                        x2 = v
                y = INF if x == 0 or y > INF else y
                th_x, th_y = (th_pn, th_dn) if orn else (th_dn, th_pn)
                if x >= th_x or y >= th_y:
                    break
                c_x = min(th_x, max(x2 + 1, int(x2 * grow)))
                c_y = th_y - y + ys[best]
                self.nodes += 1  # the scan of the children
                c_pn, c_dn = (c_x, c_y) if orn else (c_y, c_x)
                cpn[best], cdn[best] = self.mid(kids[best], c_pn, c_dn, t)
        finally:
            self._plies -= 1
            if st[0] == 0:
                del path[key]
        low = self._low
        self._low = min(low, outer_low)
        pn, dn = (x, y) if orn else (y, x)
        if pn == 0 or dn == 0:
            proven = pn == 0
            if low < depth and proven == (t == 0):
                return pn, dn  # rests on a repetition above: this path only
            lo, hi = self.bounds.get(key, (-1, 1))
            self.bounds[key] = (max(lo, t), hi) if proven else (lo, min(hi, t - 1))
            tab.pop(key, None)
        else:
            tab[key] = (pn, dn)
        return pn, dn

    def root_value(self, root, draw_first: bool = False) -> int:
        """The value (-1/0/+1) of ``root`` (the side searched for to act) from the two
        boolean searches, "win?" first (or "draw?" first)."""
        if draw_first:
            if self.mid(root, INF, INF, 0)[0] != 0:
                return -1
            return 1 if self.mid(root, INF, INF, 1)[0] == 0 else 0
        if self.mid(root, INF, INF, 1)[0] == 0:
            return 1
        return 0 if self.mid(root, INF, INF, 0)[0] == 0 else -1


def _geo_interval(ratios: list, rounds: int = 1000, seed: int = 0) -> tuple:
    rng = random.Random(seed)
    logs = [math.log(r) for r in ratios]
    n = len(logs)
    got = sorted(math.exp(sum(logs[rng.randrange(n)] for _ in range(n)) / n)
                 for _ in range(rounds))
    return math.exp(sum(logs) / n), got[int(rounds * 0.025)], got[int(rounds * 0.975)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eps", type=float, default=1.0)
    parser.add_argument("--draw-first", action="store_true")
    parser.add_argument("--index", default=",".join(map(str, HARDEST)))
    parser.add_argument("--bias", type=int, default=10)
    parser.add_argument("--budget", type=int, default=3_000_000)
    args = parser.parse_args(argv)
    with open(SET) as f:
        entries = json.load(f)
    gc.disable()
    tot = [0, 0, 0.0, 0.0]
    ratios = []
    every = args.index == "all"
    units: tuple[list, list] = ([], [])
    for i in range(len(entries)) if every else map(int, args.index.split(",")):
        e = entries[i]
        r = e["root"]
        root = tuple(r[:10]) + (tuple(r[10]),)
        ab = Solver(e["trump"], e["transfer"])
        t0 = time.process_time()
        ab.solve_moves(root)
        t_ab = time.process_time() - t0
        pns = ProofSolver(e["trump"], e["transfer"], args.budget, args.eps, args.bias)
        t0 = time.process_time()
        try:
            v = pns.root_value(root, args.draw_first)
        except Budget:
            v = None
        t_pns = time.process_time() - t0
        assert v is None or v == e["value"], (i, v, e["value"])
        tot[0] += ab.nodes
        tot[1] += pns.nodes
        tot[2] += t_ab
        tot[3] += t_pns
        ratios.append(pns.nodes / ab.nodes)
        units[0].append(ab.nodes)
        units[1].append(pns.nodes if v is not None else math.inf)
        if not every or v is None:
            print(f"{i:4} value {e['value']:2}  alpha-beta {ab.nodes:9,} units "
                  f"{t_ab * 1000:6.0f} ms | df-pn {pns.nodes:9,} units {t_pns * 1000:6.0f} ms"
                  + ("" if v is not None else "  (budget out)"), flush=True)
    for name, xs in zip(("alpha-beta", "df-pn"), units):
        xs = sorted(xs)
        cells = [f"{q} {xs[min(len(xs) - 1, int(len(xs) * f))]:,}"
                 for q, f in (("median", 0.5), ("p95", 0.95), ("p99", 0.99))]
        print(f"{name} units " + "  ".join(cells) + f"  max {xs[-1]:,}")
    g, lo, hi = _geo_interval(ratios)
    print(f"total alpha-beta {tot[0]:,} units {tot[2]:.1f} s | df-pn {tot[1]:,} units "
          f"{tot[3]:.1f} s (x{tot[1] / tot[0]:.2f}); df-pn/alpha-beta geometric mean "
          f"{g:.2f} [{lo:.2f}, {hi:.2f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
