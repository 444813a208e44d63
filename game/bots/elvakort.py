"""Elvakorts-Rummy computer players (rules/elvakort.md, ELV-1 … ELV-14).

Entry point ``choose(view, legal, level, rng)``, called by ``game.bots.choose`` for
``view["game"] == "elvakort"``. Elvakort runs on the contract-rummy engine
(``game.rummy``) with Dunka's actions, so these bots reuse the Dunka bots' machinery
(``game.bots.dunka``: the view reader ``_Ctx`` with its contract *distance*, the claim and
pile decisions before laying down, the easy bot) and change what Elvakort's scoring
changes (ELV-13): cards in melds a player owns on the table count PLUS for that player
(cards others laid off on them included, ``table[i]["added_by"]`` shows who), cards left
in hand count MINUS, the player who goes out scores 50 more, the highest total wins
(ELV-14). Card values ELV-12 (joker 25, ace 15, 10–K 10, 2–9 5) are Dunka's.

Like every bot, they read only ``State.view(player)`` and the legal actions.

Levels:

every level
    goes out in this turn whenever some legal sequence of its actions ends with the last
    card discarded (issue 32; ``game.bots.rummy_go_out.go_out_action``: the contract with
    any further melds, ELV-7, or once down further melds, ELV-8, then lay-offs, then the
    discard, ELV-10), the way that puts the most on its own melds (ELV-13): the 50 and
    the round's end while the others still hold cards are worth more than anything a
    turn of laying down can bank.

``easy``
    the Dunka easy bot (``game.bots.dunka._easy``), but it lays off only on its OWN melds,
    except to get rid of its last cards (at most two left) and go out.

``normal``
    - before its contract is down: the Dunka normal bot's contract distance, claim
      (ELV-6) and pile decisions, with Elvakort's hand cost (``_ElvCtx.cost``): a card
      that pairs with another (same rank, or same suit close by) may still end up in a
      meld on the table, where it counts plus, so it costs only ``PARTIAL_WEIGHT`` of its
      value; a loose card costs its full value (it can only count minus);
    - lays down the contract as soon as it can (the engine's arrangement leaving the
      fewest points in hand = the most on the table), and after it, in rounds 1–5,
      every further meld it holds (ELV-8), which banks those points; in rounds 1–5 the
      engine offers none that melds the last card (ELV-10 revised: a round ends only
      with the last card discarded), so the cheapest card stays back for the discard;
    - lays off on its OWN melds whenever it can, highest value first (each card moves
      from minus to plus); on another player's meld (which scores for that player,
      ELV-8) only to go out this turn (every card but one can be placed: the 50 bonus
      and the end of the round while the others still hold cards; cheapest first, so the
      card kept for the discard, which scores for nobody, is the dearest) or, with the round
      about to end (an opponent down with at most ``DANGER_CARDS`` cards), a card worth
      ``DANGER_VALUE`` or more that would otherwise cost its value in hand;
    - once down, takes the pile's top card only when it scores for itself: a joker, a
      card that fits one of its own melds, a card that completes a further meld with
      cards in hand, or any card that lets it go out this turn;
    - once down, discards by Elvakort's value weighed with the risk that the round ends
      soon (``_risk``: how near the players who are down are to going out): a loose
      high card goes first; a card that pairs with another keeps ``KEEP_PARTIAL`` of its
      value as a chance of a further meld; discarding a card that the next player can
      lay off on a meld of their own, or that fits what they visibly collect, costs
      extra (it would score for them).

Measured 2026-11-30 (``python3 bench/bots.py --game elvakort --games 500 --opponent X``,
one process per opponent, CPython 3.11, two-player six-round games, seats swapped; 2-core
machine under heavy load, times are CPU):

    normal vs random      : won 500, lost 0, draws 0; 100.0 % of decided games
    normal vs easy        : won 497, lost 3, draws 0; 99.4 %
    normal vs dunka-normal: won 288, lost 209, draws 3; 57.9 % (the Dunka normal bot,
                            which played Elvakort before this module)
    decision time: median 1.91 / 2.19 / 2.09 ms, p99 7.65 / 7.35 / 7.78 ms, max 57.82 /
                   67.65 / 76.26 ms (107,896 / 98,476 / 77,782 decisions)

Against the Dunka bot the gain comes from rounds 1–3 (in 80 sampled games it went out in
54–65 % of them and banked more on the table); in rounds 4–6, races to the contract, the
two play alike.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..cards import parse_card
from ..melds import ELVAKORT, best_melds, elvakort_value
from ..rummy import Discard, Draw, Dunk, LayDown, Layoff, Next, Pass
from . import dunka as _dunka
from . import rummy_go_out
from .dunka import DIST_WEIGHT, FEED_KNOWN, _Ctx, _card, _claim, _draw, _partial, _value

PARTIAL_WEIGHT = 0.4
"""Before laying down: the share of its value a card with a partner in hand costs."""
KEEP_PARTIAL = 0.6
"""Once down: the share of its value a card with a partner in hand is worth keeping."""
FEED_OWN_MELD = 20
"""Cost of discarding a card the next player (down) can lay off on a meld of their own."""
DANGER_CARDS = 2
"""An opponent who is down with at most this many cards may go out at their next turn."""
DANGER_DIST_WEIGHT = 25
"""Before laying down, with the round about to end: points one step nearer the contract
is worth (``DIST_WEIGHT`` otherwise)."""
DANGER_VALUE = 10
"""With an opponent down with at most four cards, cards worth this much or more are laid
off anywhere; with one down with at most ``DANGER_CARDS``, every card."""


@lru_cache(maxsize=4096)
def _melded_points(tokens: tuple[str, ...]) -> int:
    """Points the best arrangement of the cards ``tokens`` into any melds puts on the table
    (``game.melds.best_melds`` with ELV-2/ELV-3 meld rules and ELV-12 values)."""
    cards = [parse_card(t) for t in tokens]
    arr = best_melds(cards, ELVAKORT, elvakort_value)
    if arr is None:
        return 0
    return sum(elvakort_value(c) for m in arr.melds for c in m.cards)


class _ElvCtx(_Ctx):
    """The Dunka bot's reading of the view plus what Elvakort's scoring needs: which
    melds are this seat's own (``mine``) and how near the round's end is (``risk``)."""

    def __init__(self, view: dict):
        super().__init__(view)
        self.mine = [m for m in self.table if m.owner == self.me]
        self.others = [m for m in self.table if m.owner != self.me]
        self.owner = {m.id: m.owner for m in self.table}
        self.risk = _risk(view, self.me)

    def cost(self, hand) -> float:
        """Before laying down: ``DIST_WEIGHT`` x distance to the contract + the value of
        the loose cards + ``PARTIAL_WEIGHT`` x the value of the cards with a partner (they
        may still count plus on the table, ELV-13). In the go-out round (ELV-10) every card
        left counts minus: the Dunka cost."""
        if self.go_out:
            return super().cost(hand)
        weight = DANGER_DIST_WEIGHT if self.risk >= 1.0 else DIST_WEIGHT
        dist = weight * self.distance(hand)
        weight = PARTIAL_WEIGHT + (1 - PARTIAL_WEIGHT) * min(1.0, self.risk)
        pts = 0.0
        for c in hand:
            v = _value(c)
            pts += v * weight if _partial(hand, c) else v
        return dist + pts

    def feeds(self, card) -> int:
        """Surcharge for discarding ``card``: the next player (when down) can lay it off on
        a meld of their own, which scores for them (ELV-8), or it fits what they visibly
        collect. (A card they could lay off only on our melds would score for us.)"""
        extra = 0
        if self.nxt_down and card[0] and any(
                m.owner == self.nxt and m.fits(card) for m in self.table):
            extra += FEED_OWN_MELD
        r, s = card
        for kr, ks in self.nxt_known:
            if kr == r or (ks == s and abs(kr - r) <= 2):
                extra += FEED_KNOWN
                break
        return extra


def _risk(view: dict, me: int) -> float:
    """How likely the round ends before this seat's next turns, 0 … 1.2: by the fewest
    cards held by another player who has laid down (ELV-10: only they can go out in
    rounds 1–5)."""
    counts = [view["hand_counts"][s] for s in range(len(view["hand_counts"]))
              if s != me and view["laid_down"][s]]
    if not counts:
        return 0.2
    least = min(counts)
    if least <= DANGER_CARDS:
        return 1.2
    if least <= 4:
        return 0.8
    return 0.5


# ---------------------------------------------------------------------------- easy

def _easy(ctx: _ElvCtx, legal: list):
    """The Dunka easy bot without lay-offs on other players' melds, unless at most two
    cards are left (going out)."""
    out = rummy_go_out.go_out_action(ctx.view, legal)
    if out is not None:
        return out  # going out this turn (issue 32): the 50 of ELV-13
    if len(ctx.hand) > 2:
        legal = [a for a in legal
                 if not (isinstance(a, Layoff) and ctx.owner.get(a.meld) != ctx.me)]
    return _dunka._easy(ctx, legal)


# ---------------------------------------------------------------------------- normal

def _placeable(ctx: _ElvCtx, layoffs: list) -> set:
    """The hand cards (as ``(rank, suit)``, counted once each) that can leave the hand
    this turn: any lay-off listed, or a further meld (none listed here: they go first)."""
    return {_card(str(a.card)) for a in layoffs}


def _can_go_out(ctx: _ElvCtx, layoffs: list) -> bool:
    """Every card but at most one can be laid off now (the last one is discarded):
    going out this turn (ELV-10) and the 50 bonus (ELV-13). Counts each card once: two
    copies of one card need two places, which the check does not assume."""
    placeable = _placeable(ctx, layoffs)
    stuck = 0
    seen: dict = {}
    for c in ctx.hand:
        seen[c] = seen.get(c, 0) + 1
        if c not in placeable or seen[c] > 1:
            stuck += 1
    return stuck <= 1


def _choose_layoff(ctx: _ElvCtx, layoffs: list, legal: list):
    """The lay-off to make now, or None: own melds first, highest value; others' melds
    only to go out or, with the round about to end, for a high card."""
    own = [a for a in layoffs if ctx.owner.get(a.meld) == ctx.me]
    if own:
        return max(own, key=lambda a: (_value(_card(str(a.card))), -legal.index(a)))
    if not layoffs:
        return None
    if _can_go_out(ctx, layoffs):
        # the last card is discarded (ELV-10) and then scores for nobody: lay off the
        # cheapest first, so the card kept back is the one worth most to the meld's owner
        return min(layoffs, key=lambda a: (_value(_card(str(a.card))), legal.index(a)))
    if ctx.risk >= 0.8 and len(ctx.hand) > 1:
        # the round may end soon: a card in hand then costs its value, on another
        # player's meld it scores as much for them (the same gap to them, less to the
        # rest), and one card fewer brings going out nearer
        least = 0 if ctx.risk >= 1.0 else DANGER_VALUE
        high = [a for a in layoffs if _value(_card(str(a.card))) >= least]
        if high:
            return max(high, key=lambda a: (_value(_card(str(a.card))), -legal.index(a)))
    return None


def _draw_down(ctx: _ElvCtx, draws: list):
    """Once down: the pile's top only when it scores for this seat (see the module
    docstring), else the stock."""
    pile = [a for a in draws if a.source == "pile"]
    stock = [a for a in draws if a.source == "stock"]
    if not pile:
        return stock[0]
    if not stock:
        return pile[0]
    top = ctx.view["pile_top"]
    card = _card(top)
    if card[0] == 0:
        return pile[0]  # a joker laid on an own meld banks 25 (ELV-3, ELV-12)
    if any(m.fits(card) for m in ctx.mine):
        return pile[0]
    hand = tuple(ctx.view["hand"])
    if _melded_points(tuple(sorted(hand + (top,)))) > _melded_points(tuple(sorted(hand))) \
            + _value(card) - 1:
        return pile[0]  # completes a further meld with cards in hand (ELV-8)
    if len(ctx.hand) <= 1 and any(m.fits(card) for m in ctx.table):
        return pile[0]  # lay it off, discard the last card: out, 50 more (ELV-13)
    return stock[0]


def _discard_down(ctx: _ElvCtx, discards: list):
    """Once down: the discard that loses least (see the module docstring)."""
    first: dict = {}
    for a in discards:
        first.setdefault(_card(str(a.card)), a)
    hand = ctx.hand
    hold = 0.6 + ctx.risk  # what a card in hand is expected to cost, per point
    best = best_score = None
    for c, a in first.items():
        v = _value(c)
        score = v * hold
        if c[0] == 0:
            score -= v * KEEP_PARTIAL  # a joker fits a meld later (on our own: +25)
        elif _partial(hand, c):
            score -= v * KEEP_PARTIAL + 2
        score -= ctx.feeds(c)
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best


def _normal(ctx: _ElvCtx, legal: list):
    kinds: dict = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    if Next in kinds:
        return kinds[Next][0]
    out = rummy_go_out.go_out_action(ctx.view, legal)
    if out is not None:
        return out  # going out this turn (issue 32): the 50 of ELV-13, the round's end
    if LayDown in kinds:
        # the contract (fewest points left = most on the table), or further melds (ELV-8)
        return kinds[LayDown][0]
    if Dunk in kinds:
        return _claim(ctx, kinds)
    if Pass in kinds:
        return kinds[Pass][0]
    if Draw in kinds:
        return _draw_down(ctx, kinds[Draw]) if ctx.down else _draw(ctx, kinds[Draw])
    discards = kinds.get(Discard, legal)
    naturals = [a for a in discards if not a.card.is_joker]
    if naturals:
        # a joker is never thrown away (ELV-3 allows it): it completes melds and counts
        # 25 plus on the table, and the next player would take it
        discards = naturals
    if not ctx.down or ctx.view["phase"] != "play":
        return _dunka._discard(ctx, discards)  # opening or before the contract
    layoff = _choose_layoff(ctx, kinds.get(Layoff, []), legal)
    if layoff is not None:
        return layoff
    return _discard_down(ctx, discards)


def choose(view: dict, legal: list, level: str, rng: random.Random):
    """Pick one of ``legal`` for ``view["player"]`` at ``level`` (``"easy"``/``"normal"``).

    Args:
        view: ``game.rummy.State.view(player)`` of an Elvakort game.
        legal: that player's legal actions (non-empty), in the engine's order.
        level: ``"easy"`` or ``"normal"``.
        rng: unused (the bots are deterministic); kept for the common bot interface.

    Returns:
        One element of ``legal`` (ELV-5 … ELV-10 moves, chosen by ELV-13 scoring; a way
        out this turn first, ``game.bots.rummy_go_out.go_out_action``).
    """
    ctx = _ElvCtx(view)
    if level == "easy":
        return _easy(ctx, legal)
    return _normal(ctx, legal)
