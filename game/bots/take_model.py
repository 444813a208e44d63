"""The next player's pile takes inferred from their own decisions this round (issue 17,
an experiment for the hard Dunka and Elvakort players of ``game.bots.rummy_outs``).

``rummy_outs._Outs.take_chance`` gives the chance that the next player (not down) takes a
discard from the pile by measured bins. This module estimates it from a model of the
next player instead: the normal bot (``game.bots.dunka._draw``; Elvakort's normal bot
draws the same way before laying down). It reads only the hard player's view:

1. *Samples.* ``SAMPLES`` hands for the next player: the cards they are known to hold
   (``view["known"]``) plus the rest of their hand count drawn without replacement from
   the cards we have not seen (two decks and four jokers, less our hand, the pile, the
   table and the known cards of every other seat). Seeded from the view, so the same
   view gives the same estimate.
2. *Weights.* Each sample hand is checked against what the next player did this round:
   every one of our discards they let lie on the pile (would the normal bot, with that
   hand, have taken it?) and every card they discarded (would the card have brought
   that hand nearer the contract, so that they would have kept it?). Each decision the
   sample contradicts multiplies its weight by ``MISMATCH`` (a soft rejection: the hand
   they held then is not the sampled hand of now).
3. *The chance.* ``chance(card)``: the weighted share of samples whose hand would take
   ``card`` (``would_take``: the hand with ``card`` is nearer the contract; in a
   go-out round, with ``card`` and without one other card), shrunk towards the binned
   chance by ``PRIOR`` samples' worth.

Everything here is an approximation of the normal bot's rule by distances alone (its
discard choice also weighs points and feeding), cheap enough for a decision: one
``distance`` per sample and decision, memoised by hand.
"""

from __future__ import annotations

import random
import zlib

from .dunka import SUITS, _card, _Ctx, _value

SAMPLES = 24
"""Sample hands of the next player per decision."""
MISMATCH = 0.3
"""Weight factor of a sample hand for each of the next player's decisions this round it
contradicts (1: no inference, the uniform sample; 0: rejection)."""
DRAFT = True
"""Sample the next player's hand as their draws leave it (``_draft``): their unknown
cards plus one more per stock draw this round, the least connected dropped one by one,
as the normal bot keeps what brings it nearer the contract. False: drawn uniformly from
the unseen cards (a real hand measured at distance 2.2 on average, uniform samples 3.8,
so they took twice as often as the real hand)."""
PRIOR = 4.0
"""Samples' worth of the binned ``take_chance`` mixed into the estimate."""
POOL = tuple((r, s) for r in range(2, 15) for s in SUITS for _copy in (0, 1)) \
    + ((0, ""),) * 4
"""Every card of the two-player deck (two decks, four jokers; DUN-1, ELV-1)."""


def _seed(view: dict) -> int:
    """A seed from what the view shows (stable across processes, unlike ``hash``)."""
    text = repr((view["hand"], view["pile"], view["discards"], view["round"],
                 view["player"]))
    return zlib.crc32(text.encode())


def _links(ctx, card, hand: list) -> int:
    """How many cards of ``hand`` (other than ``card`` itself once) could go in a meld
    of this round's contract with natural ``card``: the same rank (sets), the same suit
    less than a run's length away (runs)."""
    r, s = card
    span = ctx.run_size - 1
    n = -1
    for q, t in hand:
        if not q:
            continue
        if ctx.sets and q == r:
            n += 1
        elif ctx.runs and t == s:
            gap = abs(q - r)
            if 14 in (q, r):
                gap = min(gap, abs(min(q, r) - 1))
            if gap <= span:
                n += 1
    return n


def _draft(ctx, known: list, drawn: list, extra: int, rng) -> list:
    """``known`` plus ``drawn`` less ``extra`` cards of ``drawn``, each time the one
    with the fewest ``_links`` to the rest (a joker is never dropped; ties: the higher
    points, then at random), as the normal bot, keeping what brings it nearer the
    contract, leaves a hand after ``extra`` stock draws."""
    hand = known + drawn
    free = list(drawn)
    rng.shuffle(free)
    for _ in range(extra):
        worst = min((c for c in free if c[0]),
                    key=lambda c: (_links(ctx, c, hand), -_value(c)), default=None)
        if worst is None:
            break
        free.remove(worst)
        hand.remove(worst)
    return hand


class TakeModel:
    """The next player's take chances for one view (module docstring). ``ctx`` is the
    hard player's context (``rummy_outs._Outs``): its ``nxt``, ``nxt_known``,
    ``nxt_thrown`` and ``nxt_passed`` are read."""

    def __init__(self, ctx):
        view = ctx.view
        self.ctx = ctx
        # the next player's reading of the table: their distance counts our known cards
        # (not theirs) out of play
        self.opp = _Ctx(dict(view, player=ctx.nxt))
        self.go_out = ctx.go_out
        self.hands = self._sample(view, ctx)
        self.base = [self.opp.distance(h) for h in self.hands]
        self.misses = []
        for h, d in zip(self.hands, self.base):
            miss = 0
            for c in ctx.nxt_passed:
                if c[0] and self.would_take(h, d, c):
                    miss += 1
            for c in ctx.nxt_thrown:
                if c[0] and self.opp.distance(h + [c]) < d:
                    miss += 1
            self.misses.append(miss)
        self.weights = [MISMATCH ** m for m in self.misses]
        self.total = sum(self.weights)

    @staticmethod
    def _sample(view: dict, ctx) -> list:
        """``SAMPLES`` hands (``(rank, suit)`` lists) of the next player."""
        pool = list(POOL)
        seen = list(view["hand"]) + list(view["pile"])
        for e in view["table"]:
            seen += e["cards"]
        for seat, cards in enumerate(view["known"]):
            if seat != ctx.me:
                seen += cards
        for t in seen:
            c = _card(t)
            if c in pool:
                pool.remove(c)
        known = list(ctx.nxt_known)
        size = max(0, view["hand_counts"][ctx.nxt] - len(known))
        size = min(size, len(pool))
        rng = random.Random(_seed(view))
        if not DRAFT:
            return [known + rng.sample(pool, size) for _ in range(SAMPLES)]
        extra = min(len(pool) - size, max(0, len(ctx.nxt_thrown) - len(known)))
        return [_draft(ctx, known, rng.sample(pool, size + extra), extra, rng)
                for _ in range(SAMPLES)]

    def would_take(self, hand: list, dist: float, card) -> bool:
        """Whether the normal bot with ``hand`` (at distance ``dist``) takes natural
        ``card`` from the pile: the hand with it is nearer the contract (in a go-out
        round, DUN-15, every card left over counts, so nearer after dropping one)."""
        d = self.opp.distance(hand + [card])
        return d < dist + 1 if self.go_out else d < dist

    def chance(self, card, prior: float) -> float:
        """The chance the next player takes natural ``card``: the samples' weighted
        share that would, with ``PRIOR`` samples' worth of ``prior`` (the binned
        chance)."""
        hits = sum(w for h, d, w in zip(self.hands, self.base, self.weights)
                   if self.would_take(h, d, card))
        return (hits + PRIOR * prior) / (self.total + PRIOR)
