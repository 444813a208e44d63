"""Paired per-round screen of hard-player settings for Elvakorts-Rummy (or Dunka):
``python3 bench/round_screen.py --rounds 456 --deals 100 --first-deal D --raw FILE
--variant base: --variant pile:elvakort_hard.PILE_ROUNDS=(4,5,6)``, then
``--aggregate FILE``.

Each *round deal* (game seed 20,000 + deal, round ``r`` dealt fresh on a scoresheet of
zeros, ``game.rummy.State._deal``) is played twice per variant, hard (with the variant's
``MODULE.NAME=VALUE`` settings, as ``--set`` of ``bench/bots.py``) against normal in
either seat, to the round's end; a line per (deal, round, seat) holds every variant's
points advantage (hard's minus normal's, ELV-13; Dunka: normal's minus hard's, DUN-14)
and whether hard went out. ``--aggregate`` prints, per round and over all, each
variant's mean advantage with its standard error and its going-out share, and the
*paired* difference to the first variant: the same deal and seat start the same, so the
difference varies far less than either figure (in rounds 4-6 a round's advantage has a
standard deviation of about 200 points, the paired difference often a third of that).

Why rounds alone: Elvakort's bots (normal and hard) never read the scoresheet, so a
round plays the same whatever came before, and an idea that changes only some rounds can
be screened on those rounds alone, several times faster than whole games. Confirm a
choice with whole games on fresh deals (``bench/bots.py --level hard --opponent
normal``). Figures measured with it: ``game.bots.elvakort_hard``.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots, rummy  # noqa: E402


def _apply(settings: list[str]) -> list[tuple]:
    """Set each ``MODULE.NAME=VALUE`` (a constant of ``game.bots.MODULE`` to a Python
    literal); returns what to restore. SystemExit for a name the module lacks."""
    undo = []
    for setting in settings:
        target, _sep, text = setting.partition("=")
        module_name, _dot, name = target.rpartition(".")
        module = importlib.import_module(f"game.bots.{module_name}")
        if not hasattr(module, name):
            raise SystemExit(f"game.bots.{module_name} has no {name}")
        undo.append((module, name, getattr(module, name)))
        setattr(module, name, ast.literal_eval(text))
    return undo


def fresh_round(game: str, seed: int, round_no: int) -> rummy.State:
    """A two-player game (``seed``) dealt round ``round_no`` on a scoresheet of zeros for
    the rounds before it (``game.rummy.State._deal``)."""
    state = rummy.new_game(rummy.Rules(variant=game), ["A", "B"], seed)
    state.sheet = [{"round": k, "contract": str(state.ruleset.contracts[k - 1]),
                    "dealer": 0, "out": None, "points": [0, 0], "totals": [0, 0],
                    "hands": [[], []]} for k in range(1, round_no)]
    state._deal(round_no)
    return state


def play_round(game: str, seed: int, round_no: int, seat: int) -> tuple[int, int | None]:
    """Round ``round_no`` of a two-player game (seed ``seed``), hard in ``seat`` and
    normal in the other, to its end; returns hard's points advantage and 1/0 for hard
    going out or not (None: nobody went out)."""
    state = fresh_round(game, seed, round_no)
    levels = ["normal", "normal"]
    levels[seat] = "hard"
    step = 0
    while state.phase not in ("round_over", "game_over"):
        s = state.to_act()[0]
        legal = state.legal_actions(s)
        state.apply(bots.choose(state.view(s), legal, levels[s], seed=seed * 1000 + step))
        step += 1
    points, out = state.sheet[-1]["points"], state.sheet[-1]["out"]
    sign = -1 if game == "dunka" else 1
    return sign * (points[seat] - points[1 - seat]), None if out is None else int(out == seat)


def screen(game: str, first_deal: int, deals: int, rounds: list[int], raw: str,
           variants: list[tuple[str, list[str], list[int] | None]]) -> None:
    """Append one JSON line per (deal, round, seat) to ``raw`` (module docstring). A
    variant limited to some rounds copies the first variant's result elsewhere."""
    with open(raw, "a", encoding="utf-8") as out:
        for deal in range(first_deal, first_deal + deals):
            for r in rounds:
                for seat in (0, 1):
                    rec: dict = {"game": game, "deal": deal, "r": r, "seat": seat}
                    for name, settings, only in variants:
                        if only is not None and r not in only:
                            rec[name] = rec[variants[0][0]]
                            continue
                        undo = _apply(settings)
                        try:
                            rec[name] = play_round(game, 20_000 + deal, r, seat)
                        finally:
                            for module, attr, old in undo:
                                setattr(module, attr, old)
                    out.write(json.dumps(rec) + "\n")
                    out.flush()


def aggregate(paths: list[str]) -> None:
    """Print the figures of the lines in ``paths`` (module docstring)."""
    recs = [json.loads(line) for path in paths for line in open(path, encoding="utf-8")]
    names = [k for k in recs[0] if k not in ("game", "deal", "r", "seat")]

    def se(xs):
        return statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0

    for r in sorted({x["r"] for x in recs}) + [0]:
        xs = [x for x in recs if (r in (0, x["r"])) and all(n in x for n in names)]
        line = f"{'round ' + str(r) if r else 'all'}: {len(xs)} rounds"
        for n in names:
            adv = [x[n][0] for x in xs]
            outs = [x[n][1] for x in xs if x[n][1] is not None]
            line += f" | {n} {statistics.fmean(adv):+.1f}±{se(adv):.1f}"
            line += f" out {statistics.fmean(outs):.2f}" if outs else ""
            if n != names[0]:
                diff = [x[n][0] - x[names[0]][0] for x in xs]
                line += f" (paired {statistics.fmean(diff):+.1f}±{se(diff):.1f})"
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("dunka", "elvakort"), default="elvakort")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--rounds", default="123456", help="digits, e.g. 456")
    parser.add_argument("--raw", help="append the JSON lines to this file")
    parser.add_argument("--variant", action="append", default=[],
                        metavar="NAME[@ROUNDS]:MODULE.NAME=VALUE[;...]",
                        help="a variant's settings (none: the defaults), optionally "
                             "only in ROUNDS (digits); the first is the reference")
    parser.add_argument("--aggregate", nargs="+", metavar="RAW")
    args = parser.parse_args(argv)
    if args.aggregate:
        aggregate(args.aggregate)
        return 0
    if not args.raw or not args.variant:
        parser.error("--raw and at least one --variant are needed (or --aggregate)")
    variants = []
    for text in args.variant:
        head, _sep, settings = text.partition(":")
        name, _at, only = head.partition("@")
        variants.append((name, [s for s in settings.split(";") if s],
                         [int(c) for c in only] if only else None))
    screen(args.game, args.first_deal, args.deals, [int(c) for c in args.rounds],
           args.raw, variants)
    aggregate([args.raw])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
