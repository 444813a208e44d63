"""Reading an opponent's Tonk hand from its last discard (TONK-6 … TONK-8): weighted
samples (particles) of the cards it holds, for the hard player (``game.bots.tonk_hard``).

The seat's view shows of the previous player's last turn only the card it discarded (the
pile's top) and the cards it took from the pile and still holds (``known``). A player
throws the card it needs least, so the cards it kept explain the discard: the hand it
held before discarding (its unknown cards, its known cards and the discard) made that
discard its best one. (Experiment: it measured no gain in the knock model,
bench/tonk_read_fit.py; removed in the next commit.) ``particles`` deals the opponent's unknown cards from the unseen
pool (weighted towards low cards the longer it has played, as the normal bot's model,
``game.bots.tonk._Ctx.total_dist``) and weighs each deal by how well the discard fits
it under the normal bot's turn planning (``game.bots.tonk._Ctx.plan``): weight
``exp(-(score of that discard - best score) / TEMPERATURE)``. It uses only the view.
"""

from __future__ import annotations

import math
import random

from . import tonk as _tonk

SAMPLES = 200
"""Deals of the opponent's unknown cards per estimate."""
NO_KNOCK = True
"""Also weigh each deal by the opponent's not knocking at its last turn start (as the
normal bot, ``knock_limit``)."""
TEMPERATURE = 1.5
"""Points of the normal bot's planning score that divide a deal's weight by e."""


class _Reader(_tonk._Ctx):
    """The normal bot's planning as the opponent would run it, on a hand given later
    (``plan_for``); its pool is the seat's unseen cards less the dealt hand."""

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

    def discard_score(self, hand6: tuple, discard: int) -> float:
        """How much worse throwing ``discard`` from ``hand6`` is than the best plan
        (0: it is the normal bot's choice); ``hand6`` sorted."""
        live = list(self.base_live)
        for c in hand6:
            live[c] = False
        self.live = live
        self._best = {}
        best = self.plan(hand6, None)[0]
        left = tuple(c for c in hand6 if c != discard)
        return self.cost(left) + self.feed(discard) - best


def particles(ctx: _tonk._Ctx, seat: int, rng: random.Random,
              samples: int | None = None) -> list[tuple[list[int], float]] | None:
    """Weighted deals of ``seat``'s unknown cards: ``[(cards, weight)]`` with weights
    summing to 1, or ``None`` when the view shows no discard of ``seat`` to read (it is
    not the previous seat, has not played, or the pile is empty) or no deal explains it
    (e.g. it laid spreads that turn). Cards are ``game.bots.tonk`` ints."""
    n = ctx.n
    if (seat - ctx.me) % n != n - 1 or ctx.top is None or ctx.turns_played(seat) == 0:
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
    limit = knock_limit(ctx, seat, ahead=-1) if NO_KNOCK else -1
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
        gap = reader.discard_score(hand6, ctx.top)
        w = math.exp(-max(0.0, gap) / TEMPERATURE)
        if limit >= 0:
            # it did not knock at its turn's start: the hand before its draw totalled more
            # than its knock limit; the card it drew is one of those it holds now
            now = sum(_tonk.VALUES[c] for c in cards) + sum(_tonk.VALUES[c] for c in known)
            held = cards + known
            w *= sum(1 for c in held if now - _tonk.VALUES[c] + top_value > limit) / len(held)
        out.append((cards, w))
    z = sum(w for _c, w in out)
    if z <= 1e-12:
        return None
    return [(c, w / z) for c, w in out]


def chance_at_most(ctx: _tonk._Ctx, seat: int, parts, mine: int) -> float:
    """P(``seat``'s total <= ``mine``) under weighted deals ``parts`` (``particles``)."""
    base = sum(_tonk.VALUES[c] for c in ctx.known[seat])
    return sum(w for cards, w in parts
               if base + sum(_tonk.VALUES[c] for c in cards) <= mine)


def knock_limit(ctx: _tonk._Ctx, seat: int, ahead: int = 1) -> int:
    """The highest total with which ``seat``, playing as the normal bot, would knock at its
    next turn start (TONK-11: its expected chips by its own model reach
    ``game.bots.tonk.KNOCK_EDGE`` per opponent), judged from this view with the turn in
    progress ended; -1 when it would not knock with any total. Its model of the other
    hands uses their counts, known cards and turns played, all public; its unseen pool is
    approximated by this seat's unseen cards and own unknown cards."""
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
