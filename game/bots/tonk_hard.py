"""Hard computer player of Tonk: determinized search (``game.bots.pimc``) over the normal
bot (``game.bots.tonk``), scored in chips (TONK-14).

A Tonk hand is short (five cards, a few turns), so every rollout plays the hand to its
end: the candidate, then the normal bot for every seat until the hand is over; the
result is the searching seat's chips won or lost in that hand (``result["net"]``, stake
included). ``SAMPLES`` worlds per candidate: the cards the seat cannot see (the other
hands except the cards they took from the pile, the stock, and the discards under the
top one, which Tonk's view does not show, TONK-6) dealt at random into those places.

Candidates: at a turn's start the normal bot's move and the draws (stock or pile, TONK-7;
a knock or the end of a dry hand, TONK-10, TONK-12, only when the normal bot chooses it:
deals drawn uniformly give the other hands higher totals than hands that have been
played for a while, so a search would knock too often); after drawing the normal bot's move, every
spread and hit (TONK-8, TONK-9) and the highest discards, ``CANDIDATES`` in all.

It never peeks: it is given the view, not the state, and deals the hidden cards itself.
"""

from __future__ import annotations

import math
import random

from ..ledger import TonkLedger
from ..melds import Meld
from ..tonk import _FULL_DECK, Discard, Draw, Hit, Next, Rules, Spread, State, _tonk_card
from . import pimc
from . import tonk as _tonk

SAMPLES = 12
"""Worlds per candidate in a real game (at most 4 x 12 = 48 rollouts)."""
CANDIDATES = 4
"""At most this many moves are compared, the normal bot's first."""
ROLLOUT_LEVEL = "easy"
"""The bot that plays every seat in the rollouts: ``"lite"`` (the normal bot with its
stock draw judged on ``STOCK_SAMPLE`` unseen cards instead of all of them, ``_lite``),
or a level of ``game.bots.tonk`` (``"easy"``, ``"normal"``). The normal bot's whole
rollout costs about 16 ms in CPython, 80 % of it in weighing every unseen card as a stock
draw; the easy bot's about 4 ms but it plays unlike the normal opponent (it knocks only
at 10 or less), so its rollouts misjudge the hand. ``"lite"`` with ``LOW_BIAS``
measured -0.015 ± 0.102 chips per hand against normal over 480 hands (bench/bots.py
``--set``), no better than ``"easy"``: not the default."""
STOCK_SAMPLE = 4
"""Unseen cards the lite rollout bot tries as its stock draw."""
LOW_BIAS = False
"""Deal each opponent's unknown cards weighted towards low values the longer that player
has played (the normal bot's model of what players keep, ``game.bots.tonk.LOW_BIAS``);
False: uniformly."""
MAX_STEPS = 400
"""A rollout's safety stop in actions (house rule B ends a hand after 200 turns)."""


class _Template:
    """Everything public of the view, read once; ``world(rng)`` deals the rest."""

    def __init__(self, view: dict):
        self.view = view
        self.me = me = view["player"]
        self.rules = Rules(**view["rules"])
        n = self.n = len(view["hand_counts"])
        self.hand = [_tonk_card(t) for t in view["hand"]]
        self.known = [[_tonk_card(t) for t in k] for k in view["known"]]
        self.table = [[e["id"], e["owner"], Meld.from_dict({"kind": e["kind"],
                                                            "cards": list(e["cards"])})]
                      for e in view["table"]]
        self.top = _tonk_card(view["pile_top"]) if view["pile_top"] else None
        seen = set(self.hand)
        if self.top is not None:
            seen.add(self.top)
        for _sid, _owner, meld in self.table:
            seen.update(meld.cards)
        for seat, cards in enumerate(self.known):
            if seat != me:
                seen.update(cards)
        self.unseen = [c for c in _FULL_DECK if c not in seen]
        self.sizes = [0 if s == me else view["hand_counts"][s] - len(self.known[s])
                      for s in range(n)] + [view["stock_size"], max(0, view["pile_size"] - 1)]

    def world(self, rng: random.Random) -> State:
        """A complete state consistent with the view (``pimc.deal_hidden``, or with
        ``LOW_BIAS`` the opponents' unknown cards weighted by ``_weights``)."""
        v, n = self.view, self.n
        if LOW_BIAS:
            parts = self._deal_low(rng)
        else:
            parts = pimc.deal_hidden(self.unseen, self.sizes, rng)
        hands = [list(self.hand) if s == self.me else self.known[s] + parts[s]
                 for s in range(n)]
        pile = parts[n + 1] + ([self.top] if self.top is not None else [])
        dry_left = v["dry_turns_left"]
        return State(
            rules=self.rules, names=list(v["names"]), hands=hands, stock=parts[n],
            pile=pile, dealer=v["dealer"], turn=v["turn"], rng_state=rng.getrandbits(63),
            ledger=TonkLedger(players=n), seed=0, hand_no=v["hand_no"],
            first_dealer=v["first_dealer"], cut=[], phase=v["phase"],
            table=[list(e) for e in self.table],
            next_spread_id=max((e[0] for e in self.table), default=0) + 1,
            spread_this_turn=v["spread_this_turn"],
            hit_since=[s in v["hit_locked"] for s in range(n)],
            known=[list(k) for k in self.known],
            dry_turns=0 if dry_left is None else n - dry_left, result=None,
            turns=v["turns"],
            taken=_tonk_card(v["pile_taken"]) if v["pile_taken"] else None)


    def _weights(self) -> list[list[float]]:
        """Per seat, the weight of each unseen card for that seat's unknown cards:
        ``exp(-lam * value)``, ``lam`` growing with the turns the seat has played (as
        the normal bot's showdown model, ``game.bots.tonk._Ctx.total_dist``)."""
        if not hasattr(self, "_w"):
            ctx = _tonk._Ctx(self.view)
            self._w = []
            for s in range(self.n):
                lam = min(_tonk.LOW_BIAS_MAX, _tonk.LOW_BIAS * ctx.turns_played(s))
                self._w.append([math.exp(-lam * _tonk.VALUES[_tonk._token_of(c)])
                                for c in self.unseen])
        return self._w

    def _deal_low(self, rng: random.Random) -> list[list]:
        """``pimc.deal_hidden``'s places (other hands' unknown cards, stock, buried
        discards), the hands drawn card by card with ``_weights``, the rest shuffled."""
        if sum(self.sizes) != len(self.unseen):
            raise ValueError(f"{len(self.unseen)} unseen cards for places of {self.sizes}")
        left = list(range(len(self.unseen)))
        weights = self._weights()
        parts = []
        for s in range(self.n):
            hand = []
            for _ in range(self.sizes[s]):
                w = weights[s]
                x = rng.random() * sum(w[i] for i in left)
                for k, i in enumerate(left):
                    x -= w[i]
                    if x <= 0 or k == len(left) - 1:
                        break
                hand.append(self.unseen[left.pop(k)])
            parts.append(hand)
        rest = [self.unseen[i] for i in left]
        rng.shuffle(rest)
        stock = self.sizes[self.n]
        parts.append(rest[:stock])
        parts.append(rest[stock:])
        return parts


class _LiteCtx(_tonk._Ctx):
    """The normal bot's view of a rollout seat, its stock draw judged on a sample."""

    rng: random.Random

    def stock_score(self) -> float:
        """The mean best plan over ``STOCK_SAMPLE`` unseen cards (the normal bot: all)."""
        pool = self.pool
        if not pool:
            return math.inf
        cards = pool if len(pool) <= STOCK_SAMPLE else self.rng.sample(pool, STOCK_SAMPLE)
        return sum(self.plan(tuple(sorted(self.hand + (c,))), None)[0]
                   for c in cards) / len(cards)


def _lite(view: dict, legal: list, rng: random.Random):
    """The rollout bot ``"lite"``: the normal bot's move with ``_LiteCtx``."""
    ctx = _LiteCtx(view)
    ctx.rng = rng
    return _tonk._normal(ctx, legal)


def _rollout(me: int):
    def rollout(world: State, cand, rng: random.Random) -> float:
        world.apply(cand)
        steps = 0
        while world.phase != "hand_over" and steps < MAX_STEPS:
            seat = world.turn
            view, legal = world.view(seat), world.legal_actions(seat)
            if ROLLOUT_LEVEL == "lite":
                world.apply(_lite(view, legal, rng))
            else:
                world.apply(_tonk.choose(view, legal, ROLLOUT_LEVEL, rng))
            steps += 1
        if world.phase != "hand_over":
            return 0.0
        return float(world.result["net"][me])
    return rollout


def candidates(view: dict, legal: list) -> list:
    """The moves the search compares, the normal bot's choice first (see the docstring)."""
    first = _tonk.choose(view, legal, "normal", random.Random(0))
    if isinstance(first, Next):
        return [first]
    if view["phase"] == "start":
        # knocking and ending a dry hand stay the normal bot's decision (its showdown
        # model knows that hands get lower as a hand goes on; uniform deals do not)
        return [first] + [a for a in legal if a != first and isinstance(a, Draw)]
    out = [first] + [a for a in legal if isinstance(a, (Spread, Hit)) and a != first]
    discards = sorted((a for a in legal if isinstance(a, Discard) and a != first),
                      key=lambda a: -_tonk.VALUES[_tonk._token_of(a.card)])
    return (out + discards)[:CANDIDATES]


def think(view: dict, legal: list, rng: random.Random,
          samples: int | None = None) -> pimc.Think:
    """The hard player's sliced search for ``view["player"]`` (protocol:
    ``game.bots.pimc``), ``samples`` worlds per candidate (default ``SAMPLES``, read at
    call time). Returns one element of
    ``legal``."""
    samples = SAMPLES if samples is None else samples
    cands = candidates(view, legal)
    if len(cands) == 1 or view["phase"] == "hand_over":
        return (yield from pimc.done(cands[0]))
    try:
        template = _Template(view)
    except (ValueError, KeyError):  # a view the search cannot rebuild: play normal
        return cands[0]
    return (yield from pimc.search(template.world, cands, _rollout(view["player"]),
                                   samples, rng))


def choose(view: dict, legal: list, rng: random.Random, samples: int | None = None):
    """``think`` run to its end: the hard player's move (one element of ``legal``)."""
    return pimc.drive(think(view, legal, rng, samples))
