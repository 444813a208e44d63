"""How well do the hard Dunka / Elvakort players predict the next player's pile takes?
``python3 bench/take_calibration.py --game dunka --games 20 --first-deal D --raw FILE``,
then ``--aggregate FILE [--mismatch 0.3 --prior 4]``.

Plays two-player six-round games of hard against normal (seats swapped on every deal,
game seed 10,000 + deal as ``bench/bots.py`` plays them). At each discard of the hard
player before either player is down, for *every* natural card it could discard, the
truth is found on a clone of the state: the card is discarded and the normal bot (the
next player) decides its draw; "taken" when it draws the pile. (The game itself goes on
with the hard player's real move.) Each line of ``--raw`` holds, per candidate card,
the binned chance (``rummy_outs._Outs.take_chance``), the sampled inference of
``game.bots.take_model`` (per sample: decisions it contradicts, would take), and the
truth. ``--aggregate`` prints the log-loss and Brier score of: the binned chance, the
inference at the given ``MISMATCH`` / ``PRIOR``, the uniform sample (no weights), and
a constant (the base rate), over all candidates and over the cards actually
discarded.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots, rummy  # noqa: E402
from game.bots import rummy_outs, take_model  # noqa: E402
from game.bots.dunka import _card  # noqa: E402
from game.rummy import Discard, Draw  # noqa: E402


def _truth(state, action, nxt: int, seed: int):
    """Whether the normal bot in seat ``nxt`` draws the pile after ``action`` (a
    discard) on a clone of ``state``; None when the round ends first."""
    s = state.clone()
    s.apply(action)
    for step in range(12):
        if s.phase in ("round_over", "game_over"):
            return None
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        choice = bots.choose(s.view(seat), legal, "normal", seed=seed + step)
        if seat == nxt and any(isinstance(a, Draw) for a in legal):
            return isinstance(choice, Draw) and choice.source == "pile"
        s.apply(choice)
    return None


def _record(state, seat: int, action, out, game: str, deal: int, seed: int) -> None:
    view = state.view(seat)
    legal = state.legal_actions(seat)
    ctx = rummy_outs._ElvOutsCtx(view) if game == "elvakort" else rummy_outs._OutsCtx(view)
    if ctx.down or ctx.nxt_down:
        return
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards or len(discards) != len(legal):
        return
    model = take_model.TakeModel(ctx)
    real = [_card(str(c)) for c in state.hands[ctx.nxt]]
    real_d = model.opp.distance(real)
    first: dict = {}
    for a in discards:
        first.setdefault(_card(str(a.card)), a)
    cands = []
    for c, a in first.items():
        if not c[0]:
            continue
        truth = _truth(state, a, ctx.nxt, seed)
        if truth is None:
            continue
        takes = [model.would_take(h, d, c) for h, d in zip(model.hands, model.base)]
        cands.append({"card": list(c), "bin": ctx.take_chance(c), "take": int(truth),
                      "samples": [int(t) for t in takes],
                      "real": int(model.would_take(real, real_d, c)),
                      "chosen": int(c == _card(str(action.card)))})
    if cands:
        out.write(json.dumps({"game": game, "deal": deal, "round": view["round"],
                              "turns": len(view["discards"]), "misses": model.misses,
                              "base": model.base, "real_d": real_d,
                              "cands": cands}) + "\n")
        out.flush()


def play(game: str, first_deal: int, games: int, raw: str) -> None:
    """Play the games and append a line per recorded decision to ``raw``."""
    with open(raw, "a", encoding="utf-8") as out:
        for g in range(games):
            deal, hard = divmod(g, 2)
            deal += first_deal
            seed = 10_000 + deal
            rules = rummy.Rules(variant=game) if game == "elvakort" else rummy.Rules()
            state = rummy.new_game(rules, ["A", "B"], seed)
            step = 0
            while not state.is_over():
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                level = "hard" if seat == hard else "normal"
                action = bots.choose(state.view(seat), legal, level, seed=seed * 1000 + step)
                if level == "hard" and isinstance(action, Discard):
                    _record(state, seat, action, out, game, deal, seed * 1000 + step)
                state.apply(action)
                step += 1


def _scores(pairs: list) -> str:
    """Log-loss, Brier and mean prediction of ``(p, outcome)`` pairs."""
    ll = br = 0.0
    for p, y in pairs:
        p = min(max(p, 1e-3), 1 - 1e-3)
        ll -= math.log(p if y else 1 - p)
        br += (p - y) ** 2
    n = max(1, len(pairs))
    mean = sum(p for p, _y in pairs) / n
    return f"log-loss {ll / n:.4f} Brier {br / n:.4f} mean {mean:.3f}"


def _auc(decisions: list) -> float:
    """The share of (taken, not taken) candidate pairs within one decision that the
    estimate orders right (a tie counts half), over ``decisions`` (lists of
    ``(p, outcome)``): how well it ranks the discards a player chooses among."""
    good = total = 0.0
    for pairs in decisions:
        for p1, y1 in pairs:
            if y1:
                for p0, y0 in pairs:
                    if not y0:
                        total += 1
                        good += 1.0 if p1 > p0 else 0.5 if p1 == p0 else 0.0
    return good / max(1.0, total)


def aggregate(paths: list[str], mismatch: float, prior: float) -> None:
    """Print the scores of the lines in ``paths`` (module docstring)."""
    recs = [json.loads(line) for p in paths for line in open(p, encoding="utf-8")]
    rows: dict = {"all": [], "chosen": []}
    ranked: dict = {"binned": [], "inferred": [], "unweighted": []}
    for r in recs:
        start = len(rows["all"])
        w = [mismatch ** m for m in r["misses"]]
        for c in r["cands"]:
            hits = sum(wi * t for wi, t in zip(w, c["samples"]))
            inf = (hits + prior * c["bin"]) / (sum(w) + prior)
            uni = (sum(c["samples"]) + prior * c["bin"]) / (len(w) + prior)
            row = (c["bin"], inf, uni, c["take"], r["round"], c.get("real"))
            rows["all"].append(row)
            if c["chosen"]:
                rows["chosen"].append(row)
        mine = rows["all"][start:]
        for k, name in enumerate(ranked):
            ranked[name].append([(x[k], x[3]) for x in mine])
    print("within-decision AUC: " + ", ".join(
        f"{name} {_auc(ds):.3f}" for name, ds in ranked.items()))
    for name, xs in rows.items():
        if not xs:
            continue
        base = sum(x[3] for x in xs) / len(xs)
        print(f"{name}: {len(xs)} candidates, taken {base:.3f}")
        print(f"  binned:   {_scores([(x[0], x[3]) for x in xs])}")
        print(f"  inferred: {_scores([(x[1], x[3]) for x in xs])}"
              f" (MISMATCH {mismatch}, PRIOR {prior})")
        print(f"  uniform:  {_scores([(x[2], x[3]) for x in xs])}")
        print(f"  constant: {_scores([(base, x[3]) for x in xs])}")
        real = [x for x in xs if x[5] is not None]
        if real:
            agree = sum(x[5] == x[3] for x in real) / len(real)
            said = sum(x[5] for x in real) / len(real)
            print(f"  the model on the real hand: agrees {agree:.3f} of {len(real)},"
                  f" says taken {said:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("dunka", "elvakort"), default="dunka")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--raw")
    parser.add_argument("--aggregate", nargs="+", metavar="RAW")
    parser.add_argument("--mismatch", type=float, default=take_model.MISMATCH)
    parser.add_argument("--prior", type=float, default=take_model.PRIOR)
    args = parser.parse_args(argv)
    if args.aggregate:
        aggregate(args.aggregate, args.mismatch, args.prior)
        return 0
    if not args.raw:
        parser.error("--raw FILE (or --aggregate)")
    play(args.game, args.first_deal, args.games, args.raw)
    aggregate([args.raw], args.mismatch, args.prior)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
