"""How long the hard player blocks the page: ``python3 bench/hard_slices.py --game G``.

The page finds a computer player's move in slices (``game.web.computer``): it calls
``next()`` on ``Session.step_bot_sliced()`` until ``SLICE_MS`` (40 ms) have passed, then
gives the page back. A unit of work that starts just before the slice ends runs to its
end, so the page can be blocked for up to 40 ms plus one unit: issue's "input and
animation never blocked for more than 100 ms" asks every unit to stay within about
60 ms *in Pyodide*. This script measures every unit.

It plays ``--games`` games of ``--game`` (Tonk: hands) with ``--players`` seats, deals
``10_000 + deal`` for ``deal`` from ``first_deal`` on, the hard player at seat
``deal % players`` and the normal
player at the others, and times each unit the way ``step_bot_sliced`` cuts them: the
first unit reads the view and the legal actions and runs the first ``next()`` of
``bots.think(view, legal, "hard")``; each further ``next()`` is a unit; the ``next()``
that ends the search also applies the chosen action. Times are this process's CPU time
(``bench/hard_times.py``'s ``_cpu``: Node's ``process.cpuUsage()`` inside Pyodide, which
also counts Node's helper threads); wall times alongside. It prints per game and per
decision kind (the chosen action's class): units, median, p99, max and how many units
took more than 50 and 60 ms, then the longest units with where they were.

Inside Pyodide (the figure that matters, about twice CPython's)::

    node bench/hard_pyodide.mjs bench/hard_slices.py --game dunka --games 1

Measured 2026-12-03 with the code of commit 92a4e8b, inside Pyodide 3.14.2 under Node
(``node bench/hard_pyodide.mjs bench/hard_slices.py ...``), Node's process CPU per unit
in ms; one niced run at a time on the 2-core machine at load 1-8 (other jobs' browsers):

    game      players  games (deals)      units   median   p99    max  >50  >60
    durak     2        40 (0-39)          4,786     2.0    16.1   50.8    2    0
    durak     2        100 (40-139)      12,701     2.3    16.7  223.3   19   13
    dunka     2        10 (0-9)           1,739     2.7    46.5   55.4    6    0
    dunka     4        8 (0-7)            1,478     0.9    40.3   63.6    3    2
    elvakort  2        10 (0-9)           1,419     2.8   135.6  174.4  178  147
    elvakort  4        8 (0-7)            1,217     1.1   120.4  156.6   99   71
    tonk      2        30 hands (0-29)      155     0.6     7.3   14.8    0    0
    tonk      2        200 hands (30-229) 1,287     0.5     5.2   18.4    0    0

Dunka's and Elvakort's long units are whole decisions of the outs player
(``game.bots.rummy_outs``: a discard, and Elvakort's round-6 draws, up to 267 hand
distances), which then took one ``next()``.

After ``rummy_outs.think`` yields after each hand distance of its outs counts (the same
moves, ``tests/test_bots_hard_slices.py``), the same games (same conditions):

    dunka     2        10 (0-9)          64,005     0.2     1.6    8.6    0    0
    dunka     4        8 (0-7)           30,882     0.2     1.6    8.2    0    0
    elvakort  2        10 (0-9)          83,253     0.2     1.3   17.2    0    0
    elvakort  4        8 (0-7)           41,665     0.2     1.4   14.5    0    0

(Many more units of a fraction of a ms: the page's 40 ms slice takes a few hundred.)

Durak's long units came late in a long process (none in deals 0-39 or in deals 96-135
run alone; the same units in CPython, 160 ms there): the endgame solver's live-card
structure cache (``game.bots.durak_endgame_position._STRUCT``, 100,000 entries, about
1,300 more each game) held a list per entry, so the collector tracked them all and its
full collections grew to 50+ ms of CPython CPU. With tuples only (untracked) and 10,000
entries at most, the same 100 games in one process (the same moves and units):

    durak     2        100 (40-139)      12,701     2.1    16.4   41.2    0    0

(CPython 3.11: 8.0 / 19.7 ms p99 / max, before 8.9 / 160.1 ms with 15 units over
60 ms.) The longest, 41.2 ms, is the process's first decision (imports). Tonk's hard
player decides at once (no search) and stays far inside the budget. With all three
changes (same conditions):

    durak     3        24 (0-23)          4,504     2.8    18.6   35.8    0    0
    durak     4        16 (0-15)          3,755     4.3    23.1   31.1    0    0
    elvakort  2        20 (10-29)       176,949     0.2     1.2   15.2    0    0
    tonk      4        60 hands (0-59)      318     0.7     6.8   16.1    0    0
"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from game import bots, durak, rummy, tonk  # noqa: E402
from hard_times import _cpu  # noqa: E402

BOUND = {"durak": 5000, "dunka": 20000, "elvakort": 20000, "tonk": 4 * tonk.TURN_LIMIT + 10}
"""Actions after which a game counts as stalled (``bench/bots.py``'s bounds)."""


def new_state(game: str, players: int, seed: int):
    """A fresh seeded state of ``game`` for ``players`` seats and its end test
    (``over(state)``: Tonk is played one hand at a time)."""
    names = [f"P{i}" for i in range(players)]
    if game == "durak":
        return durak.new_game(durak.Rules(), names, seed), lambda s: s.is_over()
    if game == "tonk":
        return tonk.new_game(tonk.Rules(), names, seed), lambda s: s.phase == "hand_over"
    return (rummy.new_game(rummy.Rules(variant=game), names, seed),
            lambda s: s.is_over())


def timed_units(state, seat: int, seed: int, clock=_cpu, wall=time.perf_counter):
    """Make the hard player's move at ``seat`` of ``state`` (applied) as the page does,
    one unit at a time. Returns ``(action, units)``: ``units`` a list of ``(cpu, wall)``
    seconds per unit as ``step_bot_sliced`` cuts them (module docstring)."""
    units = []
    c0, w0 = clock(), wall()
    legal = state.legal_actions(seat)
    search = bots.think(state.view(seat), legal, "hard", seed=seed)
    while True:
        try:
            next(search)
        except StopIteration as stop:
            action = stop.value
            state.apply(action)
            units.append((clock() - c0, wall() - w0))
            return action, units
        units.append((clock() - c0, wall() - w0))
        c0, w0 = clock(), wall()


def quantile(values: list, q: float) -> float:
    """The ``q`` quantile of ``values`` (not empty): the element at rank
    ``floor(len * q)`` of the sorted values, the largest for ``q`` near 1."""
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def summary(label: str, cpu: list) -> str:
    """One line of figures for the units' CPU seconds ``cpu`` (not empty): count,
    median, p99, max in ms and the counts above 50 and 60 ms."""
    ms = [x * 1000 for x in cpu]
    return (f"{label:24} units {len(ms):6}  median {quantile(ms, .5):6.1f}  "
            f"p99 {quantile(ms, .99):6.1f}  max {max(ms):6.1f} ms  "
            f">50 ms {sum(x > 50 for x in ms):4}  >60 ms {sum(x > 60 for x in ms):4}")


def play(game: str, players: int, deal: int, hard_seat: int, rows: list) -> int:
    """Play deal ``deal`` with the hard player at ``hard_seat``, the normal player
    elsewhere; append one row per unit of the hard player to ``rows``: ``(deal,
    decision, unit, units, kind, cpu, wall)``. Returns the number of actions played."""
    seed = 10_000 + deal
    state, over = new_state(game, players, seed)
    step = decision = 0
    while not over(state):
        seat = state.to_act()[0]
        if seat == hard_seat:
            action, units = timed_units(state, seat, seed * 1000 + step)
            kind = type(action).__name__
            for i, (cpu, wall) in enumerate(units):
                rows.append((deal, decision, i, len(units), kind, cpu, wall))
            decision += 1
        else:
            legal = state.legal_actions(seat)
            state.apply(bots.choose(state.view(seat), legal, "normal", seed=seed * 1000 + step))
        step += 1
        if step > BOUND[game]:
            raise RuntimeError(f"{game} deal {deal} does not end")
    return step


def report(rows: list, longest: int = 8) -> list[str]:
    """The printed figures of ``rows`` (as ``play`` makes them): all units, per decision
    kind, and the ``longest`` units with their deal, decision and place in it."""
    out = [summary("all", [r[5] for r in rows])]
    for kind in sorted({r[4] for r in rows}):
        out.append(summary(f"  {kind}", [r[5] for r in rows if r[4] == kind]))
    out.append(f"  wall: p99 {quantile([r[6] for r in rows], .99) * 1000:.1f}  "
               f"max {max(r[6] for r in rows) * 1000:.1f} ms")
    out.append("longest units (CPU ms, deal, decision, unit of units, kind):")
    for r in sorted(rows, key=lambda r: -r[5])[:longest]:
        out.append(f"  {r[5] * 1000:7.1f}  deal {r[0]}  decision {r[1]}  unit {r[2] + 1} "
                   f"of {r[3]}  {r[4]}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=("durak", "dunka", "elvakort", "tonk"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2, help="games (Tonk: hands)")
    parser.add_argument("--first-deal", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {sys.platform}: {args.game}, "
          f"{args.players} players, {args.games} games from deal {args.first_deal}",
          flush=True)
    rows: list = []
    for g in range(args.games):
        deal = args.first_deal + g
        start = len(rows)
        actions = play(args.game, args.players, deal, deal % args.players, rows)
        mine = rows[start:]
        if mine:
            print(summary(f"deal {deal} ({actions} actions)", [r[5] for r in mine]),
                  flush=True)
    if rows:
        print("\n".join(report(rows)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
