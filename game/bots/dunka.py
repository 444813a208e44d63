"""Dunka computer players (rules/dunka.md, DUN-1 … DUN-17).

Entry point ``choose(view, legal, level, rng)``, called by ``game.bots.choose``. The bot
reads only ``game.rummy.State.view(player)`` and the legal actions: own ``hand``,
``hand_counts``, ``table`` (melds with owners and the jokers' stands), ``laid_down``,
``pile`` / ``pile_top``, ``known`` (cards each seat took from the pile and still holds),
``discards``, ``contract_melds``, ``phase`` and ``player``.

Levels:

every level
    goes out in this turn whenever some legal sequence of its actions empties the hand
    (issue 32; ``game.bots.rummy_go_out.go_out_action``: the lay-down, lay-offs and joker
    replacements, the last card discarded or melded, DUN-8 … DUN-13), whatever else it
    would do; the engine lists those lay-downs first (``game.rummy.goout``).

``easy``
    takes the pile only when its top card completes or extends a set or run in hand and
    the hand then still holds a loose card to discard instead (or, once down, when the
    card can be laid off), lays down when it can, lays off when it can, discards the
    highest-value card that is not part of a partial meld (pair, or neighbours in a suit),
    never dunks.

``normal``
    - hand evaluation: the *distance* of a hand to the round's contract: the fewest cards
      still missing from the best choice of contract melds (runs by suit windows of the
      contract's length, sets from the remaining cards rank by rank, jokers filling gaps
      as far as DUN-3 allows). A missing card that is out of play (both copies seen on the
      pile, on the table or in another player's ``known`` cards) counts extra. In the
      go-out round (DUN-15) every card left over outside the melds counts as missing too,
      so the bot plays for going out with every card. Memoised by hand.
    - cost of a hand = ``DIST_WEIGHT`` x distance + its points (DUN-14);
    - draws the pile only for a card it keeps: when the hand is nearer the contract after
      taking the top card *and* making the discard it would then make (the taken card
      itself may not be discarded: house rule ``discard_just_taken`` in
      ``game/rummy/``), or, once down, when the card can be laid off; dunks (DUN-7)
      only when the discard shortens the distance enough to pay for the penalty card;
      lays down as soon as it can with the engine's best arrangement (fewest points
      left); once down it lays off and replaces jokers (DUN-11: the natural
      card leaves the hand) whenever it can, highest value first;
    - discards the card whose loss costs least, with a surcharge for feeding the next
      player: a card that fits what they visibly collect (their ``known`` cards) or that
      they can lay off on the table once they are down.

No endless rounds: the normal bot takes a pile card only when the turn leaves its hand
nearer the contract; the easy bot only when the turn leaves it with fewer loose cards (a
measure of its hand alone, which no endless exchange through the pile could keep
lowering). Turns with stock draws use up the stock (DUN-16 and its reshuffle limit). The
engine's turn limit (``MAX_ROUND_TURNS``, 1000) is a last guarantee the bots do not rely
on: with the limit switched off, rounds of normal and easy bots (2-6 players, 2,760
rounds) lasted median 30 and at most 352 turns, and none failed to end.

The exact contract search itself (``game.melds.best_contract``) is the engine's: the bot
lays down with the arrangement the legal actions list first (one that goes out this turn,
if any: ``game.rummy.goout``).

Measured (``python3 bench/bots.py --game dunka --games 500``, CPython, two-player
six-round games, seats swapped, with the house rules and the turn limit): normal beat
random 500-0 and easy 474-26 (no ties, 94.8 %), no game stalled; 223,009 normal
decisions: median 0.35 ms, p99 17 ms, max 103 ms CPU (2-core machine under load).
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from ..rummy import Discard, Draw, Dunk, LayDown, Layoff, Next, Pass, Replace
from . import rummy_go_out

SUITS = "SHDC"
RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}
DIST_WEIGHT = 25
"""Points one step closer to the contract is worth (a typical card is 5–15 points)."""
FEED_KNOWN = 8
"""Cost of discarding a card that fits what the next player visibly collects."""
FEED_LAYOFF = 20
"""Cost of discarding a card the next player (already down) can lay off."""
WINDOW_KEEP = 8
"""How many of the most complete run windows the distance search combines."""


# ---------------------------------------------------------------------------- cards

def _card(text: str):
    """``(rank, suit)`` of a card token; ``(0, "")`` for a joker (copy and stand dropped)."""
    body = text.split("=")[0].split(".")[0]
    if body == "JK":
        return (0, "")
    r, s = body[:-1], body[-1]
    return (RANKS[r] if r in RANKS else int(r), s)


def _value(card) -> int:
    """DUN-14 points of a ``(rank, suit)``."""
    r = card[0]
    if r == 0:
        return 25
    if r == 14:
        return 15
    return 10 if r >= 10 else 5


def _stand(token: str):
    body, eq, target = token.partition("=")
    if not eq:
        return _card(body)
    if target in RANKS or target.isdigit():
        return (RANKS.get(target) or int(target), "")
    return _card(target)


class _Table:
    """One meld on the table, read from the view: kind, owner, set rank or run bounds."""

    __slots__ = ("id", "owner", "kind", "rank", "suit", "low", "high")

    def __init__(self, entry: dict):
        self.id = entry["id"]
        self.owner = entry["owner"]
        self.kind = entry["kind"]
        stands = [_stand(t) for t in entry["cards"]]
        self.rank = stands[0][0]
        self.suit = next((s for r, s in stands if s), "")
        first = stands[0][0]
        if self.kind == "run" and first == 14 and len(stands) > 1 and stands[1][0] == 2:
            first = 1
        self.low = first
        self.high = first + len(stands) - 1

    def fits(self, card) -> bool:
        """Whether natural ``card`` could be laid off here (DUN-9)."""
        r, s = card
        if r == 0:
            return False
        if self.kind == "set":
            return r == self.rank
        if s != self.suit:
            return False
        pos = [1, 14] if r == 14 else [r]
        return any(p == self.low - 1 or p == self.high + 1 for p in pos)


class _Ctx:
    def __init__(self, view: dict):
        self.view = view
        self.me = view["player"]
        self.n = len(view["hand_counts"])
        self.hand = [_card(t) for t in view["hand"]]
        cm = view["contract_melds"]
        self.sets, self.runs = cm["sets"], cm["runs"]
        self.set_size, self.run_size = max(3, cm["set_size"]), max(3, cm["run_size"])
        self.go_out = cm["go_out"]
        self.table = [_Table(e) for e in view["table"]]
        self.down = view["laid_down"][self.me]
        # cards out of play for us: the pile, the table's naturals, others' known cards
        dead: dict = {}
        for t in view["pile"]:
            c = _card(t)
            dead[c] = dead.get(c, 0) + 1
        for e in view["table"]:
            for t in e["cards"]:
                if not t.startswith("JK"):
                    c = _card(t)
                    dead[c] = dead.get(c, 0) + 1
        for seat, cards in enumerate(view["known"]):
            if seat != self.me:
                for t in cards:
                    c = _card(t)
                    dead[c] = dead.get(c, 0) + 1
        self.dead = dead
        self.dead_rank: dict = {}
        for (r, s), k in dead.items():
            if r:
                self.dead_rank[r] = self.dead_rank.get(r, 0) + k
        self.nxt = (self.me + 1) % self.n
        self.nxt_known = [_card(t) for t in view["known"][self.nxt]]
        self.nxt_down = view["laid_down"][self.nxt]
        self.cache: dict = {}

    # ------------------------------------------------------------ distance

    def distance(self, hand) -> float:
        """Cards missing from the contract (see the module docstring), memoised."""
        key = tuple(sorted(hand))
        d = self.cache.get(key)
        if d is None:
            d = self.cache[key] = self._distance(key)
        return d

    def _run_windows(self) -> list:
        """Every run window of the contract's length as ``(low, suit, cards, gone)``
        (``gone``: its cards with both copies out of play), suit by suit, built once."""
        windows = getattr(self, "_windows", None)
        if windows is None:
            L = self.run_size
            windows = self._windows = []
            for s in SUITS:
                for low in range(1, 16 - L):
                    cards = [(14 if p == 1 else p, s) for p in range(low, low + L)]
                    gone = [c for c in cards if self.dead.get(c, 0) >= 2]
                    windows.append((low, s, cards, gone))
        return windows

    def _window_combos(self, cnt: dict) -> list:
        """The run windows a distance tries for the naturals ``cnt`` (card -> copies):
        of the windows holding one of them, the ``WINDOW_KEEP`` most complete (fewest
        missing, a card out of play counting half more), every choice of ``runs`` of
        them (a window may be chosen twice: two decks), as tuples of
        ``(missing, low, suit, cards)``; ``[()]`` without runs, ``[None]`` when no
        window holds a card."""
        if not self.runs:
            return [()]
        L = self.run_size
        cand = []
        for low, s, cards, gone in self._run_windows():
            k = sum(1 for c in cards if c in cnt)
            if k == 0:
                continue
            pen = sum(0.5 for c in gone if c not in cnt)
            cand.append((L - k + pen, low, s, cards))
        cand.sort(key=lambda w: w[:3])
        cand = cand[:WINDOW_KEEP]
        if not cand:
            return [None]
        return list(combinations_with_replacement(cand, self.runs))

    def _distance(self, hand) -> float:
        jokers = sum(1 for c in hand if c[0] == 0)
        cnt: dict = {}
        for c in hand:
            if c[0]:
                cnt[c] = cnt.get(c, 0) + 1
        own = len(hand) - jokers
        dead = self.dead
        best = None
        for combo in self._window_combos(cnt):
            if best is not None and combo and sum(w[0] for w in combo) - jokers >= best:
                # a bound, so the result is the same: the combination's runs miss at
                # least the sum of its windows' own counts, and jokers fill at most
                # ``jokers`` of the missing cards
                continue
            rest = dict(cnt)
            missing = 0.0
            fill = 0
            used = 0
            if combo is None:
                missing += self.run_size * self.runs
            else:
                for w in combo:
                    k, gone = _take_window(rest, w[3], dead)
                    missing += 0.5 * gone
                    m = len(w[3]) - k
                    missing += m
                    fill += min(m, max(0, k - 1))
                    used += k
            by_rank: dict = {}
            for (r, s), k in rest.items():
                if k:
                    by_rank[r] = by_rank.get(r, 0) + k
            counts = sorted(by_rank.items(), key=lambda x: (-x[1], -x[0]))
            for i in range(self.sets):
                if i < len(counts):
                    r, k = counts[i]
                    used += k
                    m = max(0, self.set_size - k)
                    if m:
                        avail = 8 - self.dead_rank.get(r, 0) - k
                        if avail < m:
                            missing += 0.5 * (m - max(avail, 0))
                    missing += m
                    fill += min(m, max(0, k - 1))
                else:
                    missing += self.set_size
            total = missing - min(jokers, fill)
            if self.go_out:
                total += max(0, own - used) + max(0, jokers - fill)
            if best is None or total < best:
                best = total
        return best

    def cost(self, hand) -> float:
        return DIST_WEIGHT * self.distance(hand) + sum(_value(c) for c in hand)

    # ------------------------------------------------------------ what others collect

    def feeds(self, card) -> int:
        """Surcharge for discarding ``card``: it helps the next player visibly."""
        extra = 0
        if self.nxt_down and any(m.fits(card) for m in self.table):
            extra += FEED_LAYOFF
        r, s = card
        for kr, ks in self.nxt_known:
            if kr == r or (ks == s and abs(kr - r) <= 2):
                extra += FEED_KNOWN
                break
        return extra


def _take_window(rest: dict, cards, dead: dict) -> tuple[int, int]:
    """Take the cards of a run window (``cards``, ``(rank, suit)``) out of ``rest`` (card
    -> copies, changed) where it holds them; returns ``(taken, gone)``: how many it held,
    and how many of the others have both copies out of play (``dead``)."""
    taken = gone = 0
    for c in cards:
        if rest.get(c, 0) > 0:
            rest[c] -= 1
            taken += 1
        elif dead.get(c, 0) >= 2:
            gone += 1
    return taken, gone


def _fits_any(ctx: _Ctx, card) -> bool:
    return card[0] != 0 and any(m.fits(card) for m in ctx.table)


def _without(hand, card):
    out = list(hand)
    out.remove(card)
    return out


# ---------------------------------------------------------------------------- easy

def _partial(hand, card) -> bool:
    """``card`` has a partner in hand: same rank, or same suit at most two ranks away."""
    r, s = card
    if r == 0:
        return True
    seen = False
    for c in hand:
        if c == card and not seen:
            seen = True  # itself
            continue
        if c[0] == r or (c[1] == s and 0 < abs(c[0] - r) <= 2) or (
                c[1] == s and {c[0], r} <= {14, 2, 3}):
            return True
    return False


def _completes(hand, card) -> bool:
    """``card`` completes or extends a set or run in ``hand``."""
    r, s = card
    if r == 0:
        return True
    if sum(1 for c in hand if c[0] == r) >= 2:
        return True
    ranks = {c[0] for c in hand if c[1] == s}
    if 14 in ranks:
        ranks.add(1)
    p = {1, 14} if r == 14 else {r}
    for q in p:
        if {q - 2, q - 1} <= ranks or {q - 1, q + 1} <= ranks or {q + 1, q + 2} <= ranks:
            return True
    return False


def _has_loose(hand, card) -> bool:
    """After taking ``card`` the easy bot would discard a loose card (no partner), not one
    of a partial meld: it only takes a pile card for which it gives up nothing. (Else two
    easy bots can swap 5S, 5H, 5D, ... through the pile for ever: each take "completes"
    a set and each discard breaks one.)"""
    new = hand + [card]
    return any(c[0] and c != card and not _partial(new, c) for c in new)


def _easy(ctx: _Ctx, legal: list):
    kinds = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    if Next in kinds:
        return kinds[Next][0]
    out = rummy_go_out.go_out_action(ctx.view, legal)
    if out is not None:
        return out  # going out this turn (issue 32; DUN-13)
    if Pass in kinds and LayDown not in kinds:
        return kinds[Pass][0]
    if LayDown in kinds:
        return kinds[LayDown][0]
    if Draw in kinds:
        top = ctx.view["pile_top"]
        pile = [a for a in kinds[Draw] if a.source == "pile"]
        stock = [a for a in kinds[Draw] if a.source == "stock"]
        if pile and top is not None:
            c = _card(top)
            if ctx.down:
                want = _fits_any(ctx, c)
            else:
                want = _completes(ctx.hand, c) and (c[0] == 0 or _has_loose(ctx.hand, c))
            if want or not stock:
                return pile[0]
        return stock[0] if stock else kinds[Draw][0]
    if Layoff in kinds:
        return kinds[Layoff][0]
    if Replace in kinds:
        return kinds[Replace][0]
    discards = kinds.get(Discard, legal)
    loose = [a for a in discards if not _partial(ctx.hand, _card(str(a.card)))]
    pool = loose or discards
    return max(pool, key=lambda a: (_value(_card(str(a.card))), -pool.index(a)))


# ---------------------------------------------------------------------------- normal

def _normal(ctx: _Ctx, legal: list):
    kinds = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    if Next in kinds:
        return kinds[Next][0]
    out = rummy_go_out.go_out_action(ctx.view, legal)
    if out is not None:
        return out  # going out this turn (issue 32; DUN-13)
    if LayDown in kinds:
        return kinds[LayDown][0]  # the engine's best arrangement: fewest points left
    if Dunk in kinds:
        return _claim(ctx, kinds)
    if Pass in kinds:
        return kinds[Pass][0]
    if Draw in kinds:
        return _draw(ctx, kinds[Draw])
    shed = kinds.get(Layoff, []) + kinds.get(Replace, [])
    if shed:
        return max(shed, key=lambda a: (_value(_card(str(a.card))), -legal.index(a)))
    return _discard(ctx, kinds.get(Discard, legal))


def _claim(ctx: _Ctx, kinds):
    view = ctx.view
    claim = view.get("claim") or {}
    token = claim.get("card") or view["pile_top"]
    if ctx.down or token is None:
        return kinds[Pass][0]
    card = _card(token)
    before = ctx.distance(ctx.hand)
    after = ctx.distance(ctx.hand + [card])
    need = 2 if ctx.go_out else 1  # the penalty card is one more card to place
    if before - after >= need and after <= 4:
        return kinds[Dunk][0]
    return kinds[Pass][0]


def _draw(ctx: _Ctx, draws: list):
    """Take the pile only for a card the bot keeps: once down, one it can lay off; else
    one that leaves the hand nearer the contract *after* the discard it would then make
    (never the taken card itself: house rule ``discard_just_taken``). Two bots can then
    not hand one card back and forth through the pile."""
    pile = [a for a in draws if a.source == "pile"]
    stock = [a for a in draws if a.source == "stock"]
    if not pile:
        return stock[0]
    if not stock:
        return pile[0]
    top = ctx.view["pile_top"]
    card = _card(top)
    if ctx.down:
        return pile[0] if _fits_any(ctx, card) else stock[0]
    if card[0] == 0:
        return pile[0]  # a joker is never discarded (DUN-10): it is always kept
    before = ctx.distance(ctx.hand)
    taken = ctx.hand + [card]
    choices = list(dict.fromkeys(c for c in ctx.hand if c[0] and c != card))
    if not choices:
        return stock[0]
    drop = _best_discard(ctx, taken, choices)
    after = ctx.distance(_without(taken, drop))
    return pile[0] if after < before else stock[0]


def _best_discard(ctx: _Ctx, hand, choices):
    """The card of ``choices`` (distinct, in the engine's card order) whose discard from
    ``hand`` costs least, the first on ties: the hand's cost without it, plus the
    surcharge for feeding the next player; once down, simply the highest value."""
    best = best_cost = None
    for c in choices:
        if ctx.down:
            cost = -_value(c)
        else:
            cost = ctx.cost(_without(hand, c))
        cost += ctx.feeds(c)
        if best_cost is None or cost < best_cost:
            best, best_cost = c, cost
    return best


def _discard(ctx: _Ctx, discards: list):
    first: dict = {}
    for a in discards:
        first.setdefault(_card(str(a.card)), a)
    return first[_best_discard(ctx, ctx.hand, list(first))]


def choose(view: dict, legal: list, level: str, rng: random.Random):
    """Pick one of ``legal`` for ``view["player"]`` at ``level`` (``"easy"``/``"normal"``).

    Args:
        view: ``game.rummy.State.view(player)`` of a Dunka game.
        legal: that player's legal actions (non-empty), in the engine's order.
        level: ``"easy"`` or ``"normal"`` (any other value plays normal).
        rng: unused (the bots are deterministic); kept for the common bot interface.

    Returns:
        One element of ``legal`` (DUN-6 … DUN-13 moves; a way out this turn first,
        ``game.bots.rummy_go_out.go_out_action``).
    """
    ctx = _Ctx(view)
    if level == "easy":
        return _easy(ctx, legal)
    return _normal(ctx, legal)
