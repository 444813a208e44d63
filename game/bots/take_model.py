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
discard choice also weighs points and feeding): one ``distance`` per sample and
decision, memoised by hand. ``TakeModel`` is built in one piece (not cut into
``game.bots.pimc`` units): with the option on, the first ``take_chance`` of a decision
costs ``SAMPLES`` x (1 + the next player's decisions) distances at once.

Measured 2026-12-03, session 14 (``bench/take_calibration.py``: two-player games of hard
against normal, ``--games 20 --first-deal 500000``, seats swapped; for every natural
card the hard player could discard before either player is down, the truth is the
normal bot's real draw after that discard on a clone of the state; SAMPLES 24,
MISMATCH 0.3, PRIOR 4 unless said; log-loss / Brier, lower is better; AUC: the share of
(taken, not taken) candidate pairs of one decision that the estimate orders right, the
ranking that picks a discard):

    Dunka, 1,009 decisions, 9,920 candidates (14.8 % taken):
        binned (``take_chance``)  all 0.4104 / 0.1264, discarded 0.3547 / 0.1043, AUC 0.656
        inferred (this module)    all 0.4092 / 0.1249, discarded 0.3508 / 0.1030,
                                  AUC 0.638 (0.619-0.649 at MISMATCH 0.01-0.3,
                                  PRIOR 0-24)
        the same samples unweighted (MISMATCH 1, the bench's "uniform") all 0.4229,
                                  AUC 0.590-0.643 (PRIOR 0-24)
        a constant (the base rate) all 0.4199 / 0.1264
        the same rule on the next player's *real* hand: agrees with the truth on
            97.7 % of candidates, AUC 0.981 (what the known-takes experiment's +11
            points rested on: the rule is not the problem, the hand is)
        a first run with uniform samples (DRAFT False): samples at distance 3.8 on
            average, the real hand 2.2; they predicted takes at 0.30 against 0.15 real,
            log-loss 0.4851 (binned 0.4099): the draft sampler (``_draft``) fixed that.
        96 samples (``take_model.SAMPLES = 96``), the first 12 games (deals
            500,000-500,005: 605 decisions, 6,024 candidates): AUC 0.669 against 24
            samples' 0.651 and binned 0.648 on the same decisions; log-loss 0.4022
            against 0.4074 and binned 0.4132: better than the bins in both, at four
            times the cost.
    Elvakort, 902 decisions, 8,723 candidates (15.6 % taken):
        binned   all 0.4252 / 0.1310, discarded 0.3519 / 0.1035, AUC 0.650
        inferred all 0.4305 / 0.1328, discarded 0.3467 / 0.1032, AUC 0.624
                 (0.601-0.637 at MISMATCH 0.01-1, PRIOR 0-24)
        the rule on the real hand: agrees on 95.1 %.
        96 samples, the first 8 games (352 decisions, 3,417 candidates): AUC 0.627
            against 24 samples' 0.598 and binned 0.648; log-loss 0.4261 against 0.4332
            and binned 0.4121: still worse than the bins.
    Both together in a logistic fit (logit of each, fitted on even deals, scored on
    odd and back): held-out log-loss 0.382 / 0.418 (Dunka) and 0.404 / 0.429
    (Elvakort) against 0.393 / 0.420 and 0.408 / 0.433 for the bins alone refitted:
    the inference carries a little information the bins lack, not much.

    Games, paired per round (``bench/round_screen.py --variant base: --variant
    take:rummy_outs.TAKE_MODEL=True``, hard against normal, seats swapped; CPython,
    niced):
        Dunka, rounds 4-6, ``--deals 30 --first-deal 610000`` (180 rounds): paired
            -2.0 points a round (s.e. 4.5; rounds 4/5/6: -5.8, +3.2, -3.4), going out
            47 % -> 48 %: no gain shown. With 96 samples (``take_model.SAMPLES=96``,
            the same deals and seats, paired with the same base): -1.6 (s.e. 4.3;
            +3.0, -6.6, -1.2), going out 47 %: no gain either, at a p95 of 212 ms
            CPython (``bench/hard_times.py``, 40 positions: median 19, max 225 ms).
        Elvakort, rounds 1-6, ``--deals 20 --first-deal 610000`` (240 rounds):
            paired -10.7 points a round (s.e. 7.8; rounds 1-6: +6.4, -1.6, -25.6,
            +1.9, -10.2, -34.8), going out 52 % -> 51 %: no gain shown, if anything
            worse.
    Tried offline on the same records and dropped: the bins scaled by the inference
    (``bin x ((inferred + e) / (its decision's mean + e)) ** g``, g 0.25-1, e 0.05-0.2):
    AUC 0.648-0.659 Dunka (bins 0.656), 0.635-0.643 Elvakort (0.650), log-loss within
    0.001 of the bins' at best.
    Decision time with the option on (``bench/hard_times.py``, 40 positions each,
    CPython CPU, another bench running): Dunka median 7, p95 57, max 62 ms (off: 1, 10,
    12); Elvakort 7, 55, 64 ms (off: 1, 11, 12).

So the option stays off (``rummy_outs.TAKE_MODEL``): with 24 samples it ranks a
decision's candidates worse than the bins; 96 samples rank Dunka's a little better
(0.669 against 0.648) but neither screen shows a gain, so whole games on fresh deals
(``bench/bots.py``) were not run. The rule itself is right (97.7 % on the real hand):
what is missing is knowledge of the hand, which the public record of one round gives
little of.
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
