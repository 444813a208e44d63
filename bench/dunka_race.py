"""How fast a Dunka player reaches the contract, alone against the deck:
``python3 bench/dunka_race.py --rounds 4,5,6 --trials 150 [--level hard] [--set M.N=V]``.

The race to lay down decides Dunka's rounds 4-6 (the loser of a round nobody else lays
down in keeps 50-85 points, DUN-14), and a two-player game's result is noisy (±7 % at
200 games), so this times the race itself with little noise: round ``r`` is dealt from
seed 500,000 + first + trial (DUN-5, two players) and the seat under test (seat
``trial % 2``) plays at ``--level`` while the other seat draws from the stock and
discards a random natural card (never laying down, so the pile's top is a random card
the player may take, DUN-6); it prints the mean number of the player's turns until it
may lay down (``meld`` legal; capped at 41), with its standard error, and the share
reached within 10 turns. The same seeds for every setting, so settings compare paired.
It leaves out the opponent's takes from our discards (``game.bots.rummy_outs``' feed
model can only lose time here).

Measured 2026-12-02 (150 trials a round, ``--first 1000``, CPU niced; mean turns ± s.e.
for rounds 4 / 5 / 6): normal 8.39±0.43 / 12.42±0.66 / 14.88±0.51; hard with
``rummy_outs.FEED_STEP=0`` (outs alone, OUTS_WEIGHT 2) 8.17 / 11.69 / 13.56; OUTS_WEIGHT
1: 8.17 / 11.69 / 14.07; 3: 8.19 / 11.67 / 13.45; 4 with OUTS_CANDIDATES 5: 8.11 /
14.08 / 13.85. The outs gain about a turn in rounds 5-6; their weight hardly matters.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import bots, rummy  # noqa: E402
from game.rummy import Discard, Draw, LayDown  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bots import _override  # noqa: E402

CAP = 40
"""Turns after which a race counts as not reached (scored ``CAP + 1``)."""


def race(round_no: int, seed: int, level: str) -> int:
    """The player's turns until it may lay down in round ``round_no`` dealt from
    ``seed`` (module docstring); ``CAP + 1`` if not within ``CAP``."""
    state = rummy.new_game(rummy.Rules(variant="dunka"), ["A", "B"], seed)
    state.sheet = [{"round": k, "contract": str(state.ruleset.contracts[k - 1]),
                    "dealer": 0, "out": None, "points": [0, 0], "totals": [0, 0],
                    "hands": [[], []]} for k in range(1, round_no)]
    state._deal(round_no)
    me = seed % 2
    rng = random.Random(seed)
    turns = step = 0
    while state.phase not in ("round_over", "game_over"):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat == me:
            if any(isinstance(a, LayDown) for a in legal):
                return turns
            action = bots.choose(state.view(seat), legal, level, seed=seed * 1000 + step)
            if isinstance(action, Draw):
                turns += 1
                if turns > CAP:
                    break
        else:
            stock = [a for a in legal if isinstance(a, Draw) and a.source == "stock"]
            naturals = [a for a in legal if isinstance(a, Discard) and not a.card.is_joker]
            action = stock[0] if stock else \
                naturals[rng.randrange(len(naturals))] if naturals else legal[0]
        state.apply(action)
        step += 1
    return CAP + 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", default="4,5,6", help="comma-separated rounds 1-6")
    parser.add_argument("--trials", type=int, default=150)
    parser.add_argument("--first", type=int, default=0, help="first trial's seed offset")
    parser.add_argument("--level", default="hard", choices=bots.LEVELS)
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    args = parser.parse_args(argv)
    for setting in args.set:
        _override(setting)
    t0 = time.process_time()
    for r in (int(x) for x in args.rounds.split(",")):
        turns = [race(r, 500_000 + args.first + t, args.level) for t in range(args.trials)]
        se = statistics.stdev(turns) / len(turns) ** 0.5
        by10 = sum(1 for x in turns if x <= 10) / len(turns)
        print(f"round {r}: mean turns {statistics.fmean(turns):.2f} ± {se:.2f}, within 10 "
              f"{by10:.1%}, median {statistics.median(turns)}", flush=True)
    print(f"CPU {time.process_time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
