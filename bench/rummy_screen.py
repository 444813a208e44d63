"""Screen hard-player ideas for Dunka and Elvakorts-Rummy by points, not only wins:
``python3 bench/rummy_screen.py --game dunka --deals 100 [--first-deal D] [--set M.N=V]``.

Plays two-player six-round games of hard against normal, every deal twice with the seats
swapped (game seed 10,000 + deal, as ``bench/bots.py``'s ``match``), and prints hard's
share of games won (a draw counts half) with its 95 % Wilson interval, hard's mean points
advantage a game with its standard error (Dunka: normal's points minus hard's, DUN-14,
lower wins; Elvakort: hard's minus normal's, ELV-13, higher wins) and the same advantage
per round (rounds 4-6 carry most points). The points advantage varies far less than the
win/loss result, so it tells a better idea from a worse one in fewer games; confirm with
the win share on fresh deals. ``--set`` overrides bot constants as in ``bench/bots.py``.
Decision times of the hard seat (CPU) are printed too.

``--players N`` (N > 2): hard in one seat against N - 1 normal bots, every deal from
every seat (``table``).

``--last-round LEAD``: only the last round (Dunka's round 6, DUN-15), dealt from deal
``d``'s seed after a scoresheet on which hard leads by a whole number drawn uniformly from
-LEAD … LEAD (the same for both seatings); prints hard's share of the games it then wins
(DUN-17), for rules that only change the last round.

Measured with it (2026-12-02, figures in ``game.bots.rummy_outs``): ``--game dunka
--deals 200 --first-deal 80000`` (in chunks of 10 deals with ``--raw``, then
``--aggregate``): hard 52.5 % of 400 games (95 % 47.6-57.3 %), +7.8 points a game (s.e.
5.9); ``--game elvakort``, the same deals: 55.5 % (50.6-60.3 %), +56.0 (s.e. 20.6).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots, rummy  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bots import _override, _pct, wilson  # noqa: E402


def play(game: str, levels: list[str], seed: int, times: list[float]) -> list[list[int]]:
    """One six-round game of ``len(levels)`` players, seat ``i`` at ``levels[i]``;
    returns each round's points per seat (the scoresheet) and appends the hard seat's
    decision CPU times."""
    names = [chr(ord("A") + i) for i in range(len(levels))]
    state = rummy.new_game(rummy.Rules(variant=game), names, seed)
    _play_out(state, levels, seed, times)
    return [list(e["points"]) for e in state.sheet]


def _play_out(state, levels: list[str], seed: int, times: list[float]) -> None:
    """Let the bots play ``state`` to the game's end (seat ``i`` at ``levels[i]``),
    appending the hard seat's decision CPU times to ``times``."""
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        t0 = time.process_time()
        action = bots.choose(state.view(seat), legal, levels[seat], seed=seed * 1000 + step)
        if levels[seat] == "hard" and len(legal) > 1:
            times.append(time.process_time() - t0)
        state.apply(action)
        step += 1
        if step > 20_000:
            raise RuntimeError(f"game {seed} does not end")


def last_round(game: str, deals: int, first_deal: int, lead: int) -> None:
    """The ``--last-round`` screen (module docstring)."""
    import random
    score = 0.0
    times: list[float] = []
    for g in range(2 * deals):
        deal, seat = divmod(g, 2)
        seed = 10_000 + first_deal + deal
        gap = random.Random(seed).randint(-lead, lead)  # hard's lead
        state = rummy.new_game(rummy.Rules(variant=game), ["A", "B"], seed)
        before = [0, 0]
        before[1 - seat] = max(0, gap) if game == "dunka" else max(0, -gap)
        before[seat] = max(0, -gap) if game == "dunka" else max(0, gap)
        state.sheet = [{"round": r, "contract": str(state.ruleset.contracts[r - 1]),
                        "dealer": 0, "out": None, "points": [0, 0], "totals": [0, 0],
                        "hands": [[], []]} for r in range(1, 6)]
        state.sheet[-1]["points"] = list(before)
        state.sheet[-1]["totals"] = list(before)
        state._deal(6)
        levels = ["normal", "normal"]
        levels[seat] = "hard"
        _play_out(state, levels, seed, times)
        winners = state.outcome()["winners"]
        score += 1.0 if winners == [seat] else 0.5 if seat in winners else 0.0
    n = 2 * deals
    lo, hi = wilson(score, n)
    print(f"last round, lead -{lead}..{lead}: hard won {score:g} of {n} = {score / n:.1%} "
          f"(95 % {lo:.1%}-{hi:.1%})", flush=True)


def screen(game: str, deals: int, first_deal: int, progress: int = 0,
           raw: str | None = None) -> None:
    """Play ``deals`` deals x 2 seatings and print the figures (module docstring); with
    ``raw`` a file path, also append one line per game to it: game, deal, hard's seat
    and hard's points advantage in each round (``aggregate`` sums such files)."""
    sign = -1 if game == "dunka" else 1
    score = 0.0
    per_game: list[float] = []
    per_round: list[list[float]] = [[] for _ in range(6)]
    times: list[float] = []
    for g in range(2 * deals):
        deal, seat = divmod(g, 2)
        levels = ["normal", "normal"]
        levels[seat] = "hard"
        sheet = play(game, levels, 10_000 + first_deal + deal, times)
        adv = [sign * (pts[seat] - pts[1 - seat]) for pts in sheet]
        for r, a in enumerate(adv):
            per_round[r].append(a)
        total = sum(adv)
        per_game.append(total)
        if raw:
            with open(raw, "a", encoding="utf-8") as out:
                out.write(f"{game} {first_deal + deal} {seat} {' '.join(map(str, adv))}\n")
        score += 1.0 if total > 0 else 0.5 if total == 0 else 0.0
        if progress and (g + 1) % progress == 0:
            _report(score, per_game, per_round, times, final=False)
    _report(score, per_game, per_round, times, final=True)


def table(game: str, deals: int, first_deal: int, players: int) -> None:
    """``--players N`` (N > 2): hard in one seat against N - 1 normal bots, every deal
    played N times with hard in each seat (game seed 10,000 + deal); prints hard's share
    of games won (a shared win counts 1 / the winners; a fair share is 1 / N, DUN-17,
    ELV-14) and its points advantage a game over the normal seats' mean (Dunka: their
    points minus hard's), with the same figures per round."""
    sign = -1 if game == "dunka" else 1
    score = 0.0
    per_game: list[float] = []
    per_round: list[list[float]] = [[] for _ in range(6)]
    times: list[float] = []
    for deal in range(first_deal, first_deal + deals):
        for seat in range(players):
            levels = ["normal"] * players
            levels[seat] = "hard"
            sheet = play(game, levels, 10_000 + deal, times)
            adv = [sign * (pts[seat] - (sum(pts) - pts[seat]) / (players - 1))
                   for pts in sheet]
            for r, a in enumerate(adv):
                per_round[r].append(a)
            per_game.append(sum(adv))
            totals = [sum(pts[i] for pts in sheet) for i in range(players)]
            best = min(totals) if game == "dunka" else max(totals)
            winners = [i for i, t in enumerate(totals) if t == best]
            score += 1.0 / len(winners) if seat in winners else 0.0
    n = len(per_game)
    lo, hi = wilson(score, n)
    print(f"{players} players: hard won {score:g} of {n} games = {score / n:.1%} (95 % "
          f"{lo:.1%}-{hi:.1%}; a fair share {1 / players:.1%})", flush=True)
    _report(score, per_game, per_round, times, final=True)


def _report(score, per_game, per_round, times, final: bool) -> None:
    n = len(per_game)
    lo, hi = wilson(score, n)
    se = statistics.stdev(per_game) / n ** 0.5 if n > 1 else 0.0
    print(f"{n} games: hard scored {score:g} = {score / n:.1%} (95 % {lo:.1%}-{hi:.1%}); "
          f"points a game {statistics.fmean(per_game):+.1f} (s.e. {se:.1f})", flush=True)
    if final:
        parts = []
        for r, xs in enumerate(per_round):
            s = statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
            parts.append(f"r{r + 1} {statistics.fmean(xs):+.1f}±{s:.1f}")
        print("  per round (mean ± s.e.): " + ", ".join(parts))
        if times:
            times = sorted(times)
            print(f"  hard decision time (CPU) over {len(times)} decisions: median "
                  f"{statistics.median(times) * 1000:.2f} ms, p95 {_pct(times, 0.95) * 1000:.1f}"
                  f" ms, max {times[-1] * 1000:.1f} ms", flush=True)


def aggregate(paths: list[str]) -> None:
    """Print the figures of every game in the ``--raw`` files ``paths``, per game kind
    (each deal and seating counted once)."""
    games: dict = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                kind, deal, seat, *adv = line.split()
                games.setdefault(kind, {})[(int(deal), int(seat))] = [float(a) for a in adv]
    for kind, by_game in sorted(games.items()):
        print(f"== {kind}")
        per_game = [sum(a) for a in by_game.values()]
        per_round = [[a[r] for a in by_game.values()] for r in range(6)]
        score = sum(1.0 if t > 0 else 0.5 if t == 0 else 0.0 for t in per_game)
        _report(score, per_game, per_round, [], final=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("dunka", "elvakort"), default="dunka")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--progress", type=int, default=0)
    parser.add_argument("--raw", help="append one line per game to this file")
    parser.add_argument("--aggregate", nargs="+", metavar="RAW",
                        help="only print the figures of the games in these --raw files")
    parser.add_argument("--last-round", type=int, default=0, metavar="LEAD")
    parser.add_argument("--players", type=int, default=2,
                        help="more than 2: hard in one seat against normals (table)")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    args = parser.parse_args(argv)
    for setting in args.set:
        _override(setting)
    if args.aggregate:
        aggregate(args.aggregate)
    elif args.players > 2:
        table(args.game, args.deals, args.first_deal, args.players)
    elif args.last_round:
        last_round(args.game, args.deals, args.first_deal, args.last_round)
    else:
        screen(args.game, args.deals, args.first_deal, args.progress, args.raw)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
