"""The hard Tonk player's knock decision (TONK-6, TONK-11): a model of each opponent's
hand total fitted on normal bots' hands, read from the seat's view only.

The normal bot (``game.bots.tonk``) estimates P(an opponent's total <= mine) by drawing
that opponent's unknown cards from the unseen pool, weighted towards low cards the longer
they have played; measured on 25,000 knock decisions of normal-vs-normal hands, that
estimate is far off where it matters (of the decisions it put at 5-10 %, 16 % were
caught). This model keeps the normal bot's estimate as one feature and corrects it with
what else the view shows (``features``): the seat's own total, the opponent's last discard
(the pile's top card, when the previous seat has discarded: the normal bot throws its
highest loose card, so the cards it kept are mostly lower), how many turns the opponent has
played, its unknown and known (taken from the pile) cards. It is a logistic regression,
``logistic(WEIGHTS[players], features)``, fitted by ``bench/tonk_knock_fit.py`` on
normal-vs-normal hands (weights per player count, 2-4).

A knock's expected chips (``knock_value``) is then TONK-11's payout under those
chances (opponents taken as independent); the hard player knocks when it reaches ``EDGE``
per opponent (the normal bot: 0.8 by its own model).
"""

from __future__ import annotations

import math

from . import tonk as _tonk

WEIGHTS = {
    2: (0.8212, 1.1591, -0.1991, -1.2644, 1.3691, 0.9842, -0.4002, -0.308, 0.6281,
        -0.1394, 0.0307, -0.4176),
    3: (0.9518, 1.1618, -0.2161, -0.9222, 1.0263, 1.1409, -0.4598, -0.0655, 0.5105,
        -0.0683, 0.0147, -0.3824),
    4: (1.0969, 1.1769, -0.1989, -0.6577, 0.7215, 1.1495, -0.435, -0.0319, 0.5744,
        -0.0846, -0.0055, -0.227),
}
"""Players -> logistic weights of ``features``, fitted by ``bench/tonk_knock_fit.py
--players P --hands H`` (2 players: 3,000 hands, 25,352 decisions; 3: 2,500 hands; 4:
2,000 hands, 78,957 opponent samples). Log-loss on fresh hands (the normal bot's own
estimate in brackets): 2 players 0.387 (0.462), 3 players 0.368 (0.433, ``--test
1500``), 4 players 0.362 (0.412, ``--test 1200``)."""

EDGE = {2: 0.2, 3: 0.3, 4: 0.2}
"""Players -> expected chips per opponent a knock must reach. Chosen on the fitting
script's replay of fresh normal-bot hands (chips per hand a seat gains by knocking at
the first decision the rule fires, for edges 0.8/0.6/0.4/0.2/0.0): 3 players +0.004/
+0.054/+0.076/+0.076/+0.064, 4 players +0.004/+0.056/+0.081/+0.091/+0.084; 2 players by
``bench/tonk_tune.py --deals 600`` (paired hands against normal: 0.8 -0.015, 0.6
+0.031, 0.4 +0.045, 0.2 +0.049, 0.0 +0.048, each +- about 0.04 at 95 %)."""


def features(ctx: _tonk._Ctx, mine: int, seat: int) -> list[float]:
    """The features of P(``seat``'s total <= ``mine``) for the viewer of ``ctx`` (the
    normal bot's view object, ``game.bots.tonk._Ctx``): constant 1, the logit of the
    normal bot's estimate, own total / 10, the opponent's last discard value / 10 (0 unless
    ``seat`` is the previous seat and has discarded), a flag for that, turns ``seat`` has
    played / 8 (at most 1), its unknown cards / 5, its known cards' total / 10, and the
    products own total x turns, discard x own total, own total squared, discard x turns."""
    n = ctx.n
    ple = sum(ctx.total_dist(seat)[:mine + 1])
    ple = min(1 - 1e-4, max(1e-4, ple))
    played = ctx.turns_played(seat)
    prev = (seat - ctx.me) % n == n - 1 and played > 0 and ctx.top is not None
    top = _tonk.VALUES[ctx.top] / 10 if prev else 0.0
    turns = min(played, 8) / 8
    unknown = ctx.counts[seat] - len(ctx.known[seat])
    m = mine / 10
    known = sum(_tonk.VALUES[c] for c in ctx.known[seat]) / 10
    return [1.0, math.log(ple / (1 - ple)), m, top, 1.0 if prev else 0.0, turns,
            unknown / 5, known, m * turns, top * m, m * m, top * turns]


def logistic(weights, x: list[float]) -> float:
    """sigma(weights . x), clipped to avoid overflow."""
    z = sum(a * b for a, b in zip(weights, x))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def knock_value(caught: list[float]) -> float:
    """Expected chips of a knock (TONK-11) given each opponent's chance of a total equal to
    or lower than the knocker's: +1 from each opponent when none is; otherwise -2 to each
    such opponent and -1 to the lowest (as the normal bot's ``showdown``)."""
    win = 1.0
    for p in caught:
        win *= 1 - p
    return win * len(caught) - 2 * sum(caught) - (1 - win)


def knock_chances(ctx: _tonk._Ctx, mine: int) -> list[float]:
    """P(each opponent's total <= ``mine``), opponents in seat order."""
    weights = WEIGHTS[ctx.n]
    return [logistic(weights, features(ctx, mine, q)) for q in range(ctx.n) if q != ctx.me]


def should_knock(ctx: _tonk._Ctx) -> bool:
    """Knock now: the model's expected chips reach ``EDGE`` per opponent."""
    mine = sum(_tonk.VALUES[c] for c in ctx.hand)
    return knock_value(knock_chances(ctx, mine)) >= EDGE[ctx.n] * (ctx.n - 1)
