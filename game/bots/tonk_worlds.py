"""Reading-weighted worlds for the hard Tonk player's knock (TONK-6, TONK-11): the
opponent's hidden cards dealt by how well they explain its last public actions under the
normal bot's policy, and each world played to the hand's end after "knock now" and after
"play on" (``knock_search``). Two players only.

Reading (``reading``): the opponent's unknown cards are drawn from the unseen pool
(weighted towards low cards the longer it has played, the normal bot's prior,
``game.bots.tonk._Ctx.total_dist``); each deal is weighed by

- its discard: the hand it held before discarding (its unknown cards, its known cards and
  the pile's top) must make the top card the normal bot's discard (``_Ctx.plan``): weight
  ``exp(-(score of that discard - best score) / TEMPERATURE)``;
- its not knocking at its last turn start: the hand before its draw (the card drawn is one
  of those it holds now, or the discard) totalled more than the normal bot's knock limit
  (``knock_limit``), weight the share of such draws.

Search (``knock_search``): ``ROLLOUTS`` worlds resampled by weight; in each the knock's
result is exact (totals compared, TONK-11); "play on" is rolled out to the hand's end
with this seat as the hard policy without the search (``tonk_hard.policy``) and the
opponent as the normal bot. Knock when the mean of knocking beats playing on by
``MARGIN`` chips.

Measured (two players, paired against the hard player without it, ``bench/tonk_tune.py``;
figures and commands in ``game.bots.tonk_hard``'s docstring): +0.012 +- 0.045 chips per
hand over 500 deals, at 8x the CPU; -0.043 +- 0.052 with the knock valued by the
fitted model (400 deals), -0.003 +- 0.040 with ``TILT`` (400 deals); given the opponent's true hand (``--oracle``) the
same search makes +0.350 +- 0.058 against normal. Off by default (``tonk_hard.WORLDS``).

It uses only the view (the opponent's cards are dealt from the unseen pool) and a
``random.Random`` seeded by the caller: deterministic from the seed.
"""

from __future__ import annotations

import math
import random

from ..tonk import State
from . import tonk as _tonk

SAMPLES = 160
"""Deals of the opponent's unknown cards weighed per decision."""
ROLLOUTS = 24
"""Worlds (resampled by weight) rolled out for "play on"."""
TEMPERATURE = 1.5
"""Points of the normal bot's planning score that divide a deal's weight by e."""
MARGIN = 0.0
"""Chips by which knocking must beat playing on."""
KNOCK_FROM = "worlds"
"""Where the knock's value comes from: ``"worlds"`` (all weighted deals) or ``"model"``
(the fitted model, ``tonk_knock``)."""
BAND = (-1.2, 1.0)
"""Search only when the fitted model's knock value lies in this range (chips)."""
CONFIDENCE = 0.0
"""Standard errors of the mean difference (knock less play on, per world) by which the
search must contradict the fitted model's decision (knock when its value reaches
``model_edge``); 0: the search decides alone."""
TILT = False
"""Reweight the reading's deals so that their chance of a total at or under the seat's
matches the fitted model's (``tilt``): the reading alone underestimates it (of the
decisions it put at 0.05-0.10, 20 % were caught; log-loss 0.412 against the model's
0.368 on 2,372 decisions)."""
MAX_STEPS = 400
"""A rollout's safety stop in actions."""


class _Reader(_tonk._Ctx):
    """The normal bot's planning as the opponent would run it on a given hand."""

    def __init__(self, ctx: _tonk._Ctx, seat: int) -> None:  # noqa: D107 (no super)
        self.view = ctx.view
        self.me = seat
        self.n = ctx.n
        self.rules = ctx.rules
        self.known = ctx.known
        self.table = ctx.table
        self.nxt = (seat + 1) % ctx.n
        self.nxt_known = ctx.known[self.nxt]
        self.nxt_ranks = {c % 13 for c in self.nxt_known}
        self.spread_laid = False
        self.must_lay = ctx.must_lay
        self.double_new = ctx.double_new
        self.base_live = [False] * 52
        for c in ctx.pool:
            self.base_live[c] = True
        for c in ctx.hand:  # the seat's own cards are unseen to the opponent
            self.base_live[c] = True

    def discard_gap(self, hand6: tuple, discard: int) -> float:
        """How much worse throwing ``discard`` from ``hand6`` is than the normal bot's
        best plan (0: its choice); ``hand6`` sorted."""
        live = list(self.base_live)
        for c in hand6:
            live[c] = False
        self.live = live
        self._best = {}
        best = self.plan(hand6, None)[0]
        left = tuple(c for c in hand6 if c != discard)
        return self.cost(left) + self.feed(discard) - best


def knock_limit(ctx: _tonk._Ctx, seat: int, ahead: int = 1) -> int:
    """The highest total with which ``seat``, as the normal bot, would knock at a turn
    start, judged from this view with ``ahead`` turns added (-1: its last turn start);
    -1 when it would not knock with any total."""
    o = object.__new__(_tonk._Ctx)
    o.view = dict(ctx.view)
    o.view["turns"] = ctx.view.get("turns", 0) + ahead
    o.me = seat
    o.n = ctx.n
    o.counts = ctx.counts
    o.known = ctx.known
    mine_known = set(ctx.known[ctx.me])
    o.pool = sorted(set(ctx.pool) | {c for c in ctx.hand if c not in mine_known})
    edge = _tonk.KNOCK_EDGE * (ctx.n - 1)
    lo = -1
    for m in range(0, 51):
        if o.showdown(m)[0] >= edge:
            lo = m
        else:
            break
    return lo


def reading(ctx: _tonk._Ctx, rng: random.Random,
            samples: int | None = None) -> list[tuple[list[int], float]] | None:
    """Weighted deals of the opponent's (the previous seat's) unknown cards, ``[(cards,
    weight)]`` with weights summing to 1 (``game.bots.tonk`` ints), or ``None`` when
    there is no discard to read or no deal explains it."""
    n = ctx.n
    seat = (ctx.me - 1) % n
    if n != 2 or ctx.top is None or ctx.turns_played(seat) == 0:
        return None
    unknown = ctx.counts[seat] - len(ctx.known[seat])
    pool = list(ctx.pool)
    if unknown <= 0 or len(pool) < unknown:
        return None
    samples = SAMPLES if samples is None else samples
    lam = min(_tonk.LOW_BIAS_MAX, _tonk.LOW_BIAS * ctx.turns_played(seat))
    prior = [math.exp(-lam * _tonk.VALUES[c]) for c in pool]
    reader = _Reader(ctx, seat)
    known = list(ctx.known[seat])
    limit = knock_limit(ctx, seat, ahead=-1)
    top_value = _tonk.VALUES[ctx.top]
    out = []
    for _ in range(samples):
        idx = list(range(len(pool)))
        cards = []
        for _k in range(unknown):
            x = rng.random() * sum(prior[i] for i in idx)
            for j, i in enumerate(idx):
                x -= prior[i]
                if x <= 0 or j == len(idx) - 1:
                    break
            cards.append(pool[idx.pop(j)])
        hand6 = tuple(sorted(cards + known + [ctx.top]))
        gap = reader.discard_gap(hand6, ctx.top)
        w = math.exp(-max(0.0, gap) / TEMPERATURE)
        if limit >= 0:
            now = sum(_tonk.VALUES[c] for c in cards) + sum(_tonk.VALUES[c] for c in known)
            held = cards + known + [ctx.top]
            w *= sum(1 for c in held if now - _tonk.VALUES[c] + top_value > limit) / len(held)
        out.append((cards, w))
    z = sum(w for _c, w in out)
    if z <= 1e-12:
        return None
    return [(c, w / z) for c, w in out]


def tilt(parts, base: int, mine: int, target: float) -> list[tuple[list[int], float]]:
    """The deals reweighted by ``exp(-beta * total)`` (``total`` = ``base`` plus the
    deal's values), ``beta`` chosen by bisection so that the weight of totals at or
    under ``mine`` is ``target`` (the fitted model's chance of being caught, which is
    calibrated where the reading is not); ``beta`` is kept within -1 ... 1."""
    totals = [base + sum(_tonk.VALUES[c] for c in cards) for cards, _w in parts]
    lo_t = min(totals)

    def weights(beta):
        ws = [w * math.exp(-beta * (t - lo_t)) for (_c, w), t in zip(parts, totals)]
        z = sum(ws)
        return [w / z for w in ws]

    def caught(beta):
        return sum(w for w, t in zip(weights(beta), totals) if t <= mine)

    lo, hi = -1.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        if caught(mid) < target:
            lo = mid
        else:
            hi = mid
    ws = weights((lo + hi) / 2)
    return [(cards, w) for (cards, _w), w in zip(parts, ws)]


def _resample(parts, k: int, rng: random.Random) -> list[list[int]]:
    """``k`` deals drawn by weight (systematic resampling)."""
    step = 1.0 / k
    u = rng.random() * step
    out, acc, i = [], parts[0][1], 0
    for _ in range(k):
        while u > acc and i < len(parts) - 1:
            i += 1
            acc += parts[i][1]
        out.append(parts[i][0])
        u += step
    return out


def _world(template, opp_cards: list[int], rng: random.Random) -> State:
    """A state consistent with the template's view where the opponent's unknown cards
    are ``opp_cards`` (``game.bots.tonk`` ints) and the rest is shuffled into the stock
    and the buried discards."""
    t = template
    opp = (t.me - 1) % t.n
    want = set(opp_cards)
    given = [c for c in t.unseen if _tonk._token_of(c) in want]
    rest = [c for c in t.unseen if _tonk._token_of(c) not in want]
    rng.shuffle(rest)
    stock_n = t.sizes[t.n]
    parts = [[] for _ in range(t.n)]
    parts[opp] = given
    parts.append(rest[:stock_n])
    parts.append(rest[stock_n:])
    return t.build(parts, rng)


def _play_out(world: State, me: int, first, rng: random.Random) -> float:
    """Apply ``first`` (this seat's action) and play the hand out: this seat as the hard
    policy, the others as the normal bot. Returns this seat's chips."""
    from .tonk_hard import policy
    world.apply(first)
    steps = 0
    while world.phase != "hand_over" and steps < MAX_STEPS:
        seat = world.turn
        view, legal = world.view(seat), world.legal_actions(seat)
        if seat == me:
            world.apply(policy(view, legal))
        else:
            world.apply(_tonk.choose(view, legal, "normal", rng))
        steps += 1
    if world.phase != "hand_over":
        return 0.0
    return float(world.result["net"][me])


def knock_search(ctx: _tonk._Ctx, view: dict, legal: list, play_on,
                 model_value: float, model_edge: float,
                 rng: random.Random) -> bool | None:
    """Knock now (True), play on with ``play_on`` (False), or ``None`` when the search
    does not apply (not two players, nothing to read, outside ``BAND``)."""
    if ctx.n != 2 or not (BAND[0] <= model_value <= BAND[1]):
        return None
    parts = reading(ctx, rng)
    if parts is None:
        return None
    mine = sum(_tonk.VALUES[c] for c in ctx.hand)
    opp = (ctx.me - 1) % 2
    base = sum(_tonk.VALUES[c] for c in ctx.known[opp])
    if TILT:
        parts = tilt(parts, base, mine, (1 - model_value) / 4)
    from .tonk_hard import _Template
    template = _Template(view)
    worlds = _resample(parts, ROLLOUTS, rng)
    diffs = []
    for cards in worlds:
        knock_i = 1.0 if base + sum(_tonk.VALUES[c] for c in cards) > mine else -3.0
        world = _world(template, cards, rng)
        on_i = _play_out(world, ctx.me, play_on, random.Random(rng.getrandbits(32)))
        diffs.append(knock_i - on_i)
    k = len(diffs)
    mean = sum(diffs) / k
    if KNOCK_FROM == "worlds":  # the knock's value over every weighted deal
        knock = sum(w * (1.0 if base + sum(_tonk.VALUES[c] for c in cards) > mine else -3.0)
                    for cards, w in parts)
        knock_k = sum(1.0 if base + sum(_tonk.VALUES[c] for c in cards) > mine else -3.0
                      for cards in worlds) / k
        mean += knock - knock_k
    elif KNOCK_FROM == "model":
        knock_k = sum(1.0 if base + sum(_tonk.VALUES[c] for c in cards) > mine else -3.0
                      for cards in worlds) / k
        mean += model_value - knock_k
    var = sum((d - sum(diffs) / k) ** 2 for d in diffs) / max(1, k - 1)
    se = math.sqrt(var / k)
    model_knocks = model_value >= model_edge
    if model_knocks and mean < MARGIN - CONFIDENCE * se:
        return False
    if not model_knocks and mean > MARGIN + CONFIDENCE * se:
        return True
    return model_knocks
