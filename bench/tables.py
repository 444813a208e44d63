"""A level at tables of three or more (issue 17, scope 3: "three- and four-player tables
reported too").

    nice -n 10 .venv/bin/python bench/tables.py --game durak --players 3 --games 300
        [--level hard] [--opponent normal] [--first-deal 600000] [--jobs 2]

One seat plays ``--level``, every other seat ``--opponent``; the measured seat moves
round the table from game to game (game ``i`` on deal ``first_deal + i // players``,
seat ``i % players``), so every deal is played from every seat. Per game it scores:

- Durak: 1 when the measured seat is not the Durak (a game without a Durak, DUR-19,
  scores 1 for all); an equal player's share is at most ``1 - 1/players``;
- Dunka and Elvakorts-Rummy (six rounds): the share of the win (1 alone, ``1/k`` when
  ``k`` seats share the best total, DUN-17 / ELV-14); an equal player's share is
  ``1/players``; also the measured seat's total minus the others' mean (points a game,
  sign so that positive is better: Dunka's lowest total wins);
- Tonk (one hand each): the measured seat's net chips (an equal player's mean is 0), and
  the hands it came out ahead in (only the hand's winner does: an equal player's share
  is ``1/players``).

It prints the mean with its 95 % interval (normal approximation over the games; for the
shares also Wilson's) and what an equal player would score. Games that do not end within
bench.bots' bound count as stalled and are left out (they are listed).

Measured 2026-12-02 (CPython 3.11; default rules; hard after the lead fix of
``durak.Weights.lead_group_high``):

    durak, 3 players, --games 210 (70 deals from 600,000): hard not the Durak in 84.8 %
        ± 4.9 % (Wilson 79.3-89.0 %); an equal player at most 66.7 %; stalled 0
    durak, 4 players, --games 160 (40 deals): 89.4 % ± 4.8 % (Wilson 83.6-93.3 %); an
        equal player at most 75.0 %; stalled 0

Measured 2026-12-02 (session 12, Tonk's hard player as in session 11; ``--jobs 1``)::

    tonk, 3 players, --games 1500 (500 deals from 700,000): hard +0.089 ± 0.085 chips a
        hand; ahead in 38.3 % ± 2.5 % of the hands (Wilson 35.9-40.8 %), an equal player
        33.3 %; 32 s
    tonk, 4 players, --games 1200 (300 deals): +0.119 ± 0.116 chips a hand; ahead in
        29.8 % ± 2.6 % (Wilson 27.2-32.4 %), an equal player 25.0 %; 34 s

Measured 2026-12-03 (session 14, ``--first-deal 700000 --jobs 1``, niced beside other work)::

    elvakort, 4 players, --games 120 (30 deals): hard's share of the win 28.7 % ± 8.1 %
        (Wilson 21.4-37.4 %), an equal player 25.0 %; +48.1 ± 50.6 points a game against
        the others' mean; stalled 0; 232 s
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.bots import Stalled, play_out, wilson  # noqa: E402
from game import durak, rummy, tonk  # noqa: E402

BOUNDS = {"durak": 5000, "dunka": 20000, "elvakort": 20000, "tonk": 4 * tonk.TURN_LIMIT + 10}
"""Actions after which a game counts as stalled (bench.bots' runners use the same)."""


def new_state(game: str, players: int, deal: int):
    """The seeded new game of ``game`` for ``players`` seats (default rules)."""
    names = [f"P{i}" for i in range(players)]
    if game == "durak":
        return durak.new_game(durak.Rules(), names, deal)
    if game == "tonk":
        return tonk.new_game(tonk.Rules(), names, deal)
    variant = "elvakort" if game == "elvakort" else "dunka"
    return rummy.new_game(rummy.Rules(variant=variant), names, deal)


def score(game: str, state, seat: int) -> tuple[float, float | None]:
    """``(share, points)`` of ``seat`` in a finished game (see the module docstring);
    ``points`` is None for Durak, the net chips for Tonk (then ``share`` is 1 for a
    positive net, 1/2 for zero, 0 below)."""
    if game == "durak":
        return (0.0 if state.outcome()["durak"] == seat else 1.0), None
    if game == "tonk":
        net = state.result["net"][seat]
        return (1.0 if net > 0 else 0.5 if net == 0 else 0.0), float(net)
    out = state.outcome()
    totals = out["totals"]
    share = 1 / len(out["winners"]) if seat in out["winners"] else 0.0
    others = (sum(totals) - totals[seat]) / (len(totals) - 1)
    sign = -1 if state.ruleset.lower_wins else 1
    return share, sign * (totals[seat] - others)


def play(args: tuple) -> tuple[int, float, float | None] | tuple[int, None, None]:
    """One game ``(game, players, level, opponent, index, first_deal)`` -> ``(index,
    share, points)``, or ``(index, None, None)`` when it stalled."""
    game, players, level, opponent, index, first_deal = args
    deal, seat = first_deal + index // players, index % players
    levels = [opponent] * players
    levels[seat] = level
    state = new_state(game, players, deal)
    done = (lambda s: s.phase == "hand_over") if game == "tonk" else None
    try:
        play_out(state, levels, deal, None, bound=BOUNDS[game], done=done)
    except Stalled:
        return index, None, None
    share, points = score(game, state, seat)
    return index, share, points


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, 1.96 * sd / math.sqrt(len(xs))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(BOUNDS))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--opponent", default="normal")
    ap.add_argument("--first-deal", type=int, default=600_000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    jobs = [(args.game, args.players, args.level, args.opponent, i, args.first_deal)
            for i in range(args.games)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        results = sorted(pool.imap_unordered(play, jobs, chunksize=2))
    stalled = [args.first_deal + i // args.players for i, s, _ in results if s is None]
    shares = [s for _, s, _ in results if s is not None]
    points = [p for _, s, p in results if p is not None]
    n = len(shares)
    m, half = _mean_ci(shares)
    lo, hi = wilson(sum(shares), n)
    # Tonk: a hand's net is positive only for its winner, so an equal seat wins 1/players
    equal = 1 - 1 / args.players if args.game == "durak" else 1 / args.players
    what = {"durak": "not the Durak", "tonk": "hands won (a tie 1/2)"}.get(args.game,
                                                                        "share of the win")
    print(f"{args.game}, {args.players} players, {args.level} in one seat vs {args.opponent}: "
          f"{n} games ({time.perf_counter() - t0:.0f} s), stalled {len(stalled)} {stalled[:10]}")
    print(f"  {what}: {m:.1%} ± {half:.1%} (Wilson {lo:.1%}-{hi:.1%}); "
          f"an equal player: {'at most ' if args.game == 'durak' else ''}{equal:.1%}")
    if points:
        pm, ph = _mean_ci(points)
        unit = "chips a hand" if args.game == "tonk" else "points a game against the others' mean"
        print(f"  {pm:+.3f} ± {ph:.3f} {unit} (95 %); an equal player: 0")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
