"""Tonk computer players (rules/tonk.md, TONK-1 … TONK-14, and the house rules of
``game.tonk``).

Entry point ``choose(view, legal, level, rng)``, called by ``game.bots.choose``. The bot
reads only ``game.tonk.State.view(player)`` and the legal actions: own ``hand``,
``hand_counts``, ``known`` (cards each seat took from the pile and still holds), ``table``
(spreads with owners), ``pile_top``, ``stock_dry``, ``turns`` / ``dealer`` (how many turns
each seat has played), ``rules``, ``phase`` and ``player``. Cards it has not seen (the
stock, the buried discards and the unknown part of other hands) are one pool to it.

Levels:

``easy``
    knocks with a total of ``EASY_KNOCK`` or less; takes the discard when it makes a spread
    with two cards in hand, hits a spread on the table, or is an ace or a two; lays every
    spread and makes every hit it can; discards its highest card that has no partner in
    hand (same rank, or same suit at most two ranks away). With the stock dry it takes the
    discard only when it is useful as above, and otherwise ends the hand.

``normal``
    - plans a whole turn at once: every way to lay spreads and hit spreads on the table
      (``_outcomes``, a small search over the hand), then every legal discard (house rule
      A: not the card just taken from the pile unless it is the only one); a plan that
      empties the hand wins outright (tonk out ``TONK_OUT`` beats going out by the discard
      ``OUT_BY_DISCARD``, TONK-10); otherwise the hand left is scored by ``_cost``: its total
      plus ``CARD_COST`` per card, less ``OUT_VALUE`` per unseen card that would complete a
      spread with two cards kept (pairs, suited neighbours), plus a surcharge for a discard
      that feeds the next player: a card that hits a spread on the table (``FEED_HIT``) or
      fits what they visibly collect, their ``known`` cards (``FEED_KNOWN``);
    - draws: takes the discard when the best plan with it beats the average best plan over
      every unseen card as a stock draw by ``PILE_EDGE`` points (taking shows the card to
      everyone); a discard that lets it go out is always taken;
    - knocks (TONK-11) on its expected chips: each opponent's total is modelled as their
      ``known`` cards plus, for each unknown card, a draw from the unseen pool weighted
      towards low cards the longer that player has played (players throw high cards away;
      ``LOW_BIAS`` per turn, at most ``LOW_BIAS_MAX``). Winning pays 1 from each opponent;
      being caught costs 2 to each opponent with an equal or lower total and 1 to the
      lowest. It knocks when that expectation reaches ``KNOCK_EDGE`` (times the number of
      opponents) and the discard does not let it go out instead; never when the hit lock
      forbids it (the engine does not offer it);
    - with the stock dry (TONK-12) it compares knocking, ending the hand (the lowest total
      wins, no penalty for a tie) and taking the discard.

Both levels are deterministic: no randomness is used at all (``rng`` is accepted for the
common interface).

Measured (``python3 bench/bots.py --game tonk``, CPython 3.11, two players, default rules,
2,000 hands per pairing, seats swapped, 2-core machine shared with other work): normal's
mean chip result per hand +1.55 (standard error 0.04) against random legal play and +0.30
(0.03) against easy; 25,372 normal decisions: median 0.23 ms, p99 3.3 ms, max 17 ms CPU.
With three or four players (600 hands each, one normal seat): +1.97 / +1.83 against random,
+0.42 / +0.40 against easy.
"""

from __future__ import annotations

import math
import random

from ..tonk import Discard, Draw, End, Hit, Knock, Next, Spread

SUITS = "SHDC"
_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}

EASY_KNOCK = 10
"""Easy knocks with this total or less."""

TONK_OUT = 1000.0
"""Score of a plan that empties the hand without a discard (a tonk out, TONK-10)."""
OUT_BY_DISCARD = 600.0
"""Score of a plan that empties the hand by its discard (TONK-10)."""
CARD_COST = 3.0
"""Points one more card in hand costs (fewer cards: nearer going out, lower totals)."""
OUT_VALUE = 1.5
"""Points each unseen card that would complete a spread with two kept cards is worth."""
FEED_HIT = 6.0
"""Surcharge for discarding a card that hits a spread on the table (the next player takes
it and hits)."""
FEED_KNOWN = 5.0
"""Surcharge for discarding a card that fits the next player's known cards."""
PILE_EDGE = 1.0
"""Points the discard must beat a stock draw by (taking it shows the card to all)."""
KNOCK_EDGE = 0.8
"""Expected chips per opponent a knock must reach."""
LOW_BIAS = 0.04
"""Per turn played: how much more an opponent's unknown cards lean to low values."""
LOW_BIAS_MAX = 0.16
"""The most they lean."""


# ---------------------------------------------------------------------------- cards
# A card is an int: suit index * 13 + (rank - 1), ace low (rank 1 … 13).

def _card(token: str) -> int:
    r, s = token[:-1], token[-1]
    rank = _RANKS[r] if r in _RANKS else int(r)
    return SUITS.index(s) * 13 + rank - 1


def _rank(c: int) -> int:
    return c % 13 + 1


def _suit(c: int) -> int:
    return c // 13


def _value(c: int) -> int:
    r = c % 13 + 1
    return 10 if r > 10 else r


VALUES = [_value(c) for c in range(52)]


def _spreads(hand: tuple) -> list[tuple]:
    """Every spread (TONK-2) in ``hand``: books of 3–4 (every choice), runs of 3+ of a suit
    ace low (every sub-run). ``hand`` is sorted; spreads are sorted tuples."""
    out = []
    by_rank: dict[int, list] = {}
    for c in hand:
        by_rank.setdefault(c % 13, []).append(c)
    for group in by_rank.values():
        k = len(group)
        if k >= 3:
            if k == 3:
                out.append(tuple(group))
            else:
                out.append(tuple(group))
                for i in range(4):
                    out.append(tuple(group[:i] + group[i + 1:]))
    cards = set(hand)
    for c in hand:
        if c % 13 and c - 1 in cards:
            continue  # not the low end of a stretch
        hi = c
        while hi % 13 != 12 and hi + 1 in cards:
            hi += 1
        length = hi - c + 1
        if length >= 3:
            for lo in range(c, hi - 1):
                for top in range(lo + 2, hi + 1):
                    out.append(tuple(range(lo, top + 1)))
    return out


def _fits(card: int, spread: tuple) -> bool:
    """``spread`` is ``("set", rank0, size)`` or ``("run", suit, low0, high0)`` (0-based
    ranks)."""
    if spread[0] == "set":
        return card % 13 == spread[1] and spread[2] < 4
    r = card % 13
    return card // 13 == spread[1] and (r == spread[2] - 1 or r == spread[3] + 1)


def _hit(card: int, spread: tuple) -> tuple:
    if spread[0] == "set":
        return ("set", spread[1], spread[2] + 1)
    r = card % 13
    return ("run", spread[1], min(r, spread[2]), max(r, spread[3]))


def _as_spread(cards: tuple) -> tuple:
    if cards[0] % 13 == cards[1] % 13:
        return ("set", cards[0] % 13, len(cards))
    return ("run", cards[0] // 13, cards[0] % 13, cards[-1] % 13)


def _holds_spread(hand) -> bool:
    """TONK-9: a spread that may not be kept (any but a book of aces)."""
    ranks = [0] * 13
    for c in hand:
        ranks[c % 13] += 1
    if any(k >= 3 for k in ranks[1:]):
        return True
    cards = set(hand)
    return any(c % 13 <= 10 and c + 1 in cards and c + 2 in cards for c in hand)


# ---------------------------------------------------------------------------- the view

class _Ctx:
    """Facts the bot derives from its view (and only from it)."""

    def __init__(self, view: dict) -> None:
        self.view = view
        self.me = view["player"]
        self.counts = list(view["hand_counts"])
        self.n = len(self.counts)
        self.hand = tuple(sorted(_card(t) for t in view["hand"]))
        self.rules = view["rules"]
        self.known = [[_card(t) for t in k] for k in view["known"]]
        self.table = []  # (id, spread tuple)
        table_cards = []
        for e in view["table"]:
            cs = sorted(_card(t) for t in e["cards"])
            table_cards += cs
            if e["kind"] == "set":
                sp = ("set", cs[0] % 13, len(cs))
            else:
                sp = ("run", cs[0] // 13, cs[0] % 13, cs[-1] % 13)
            self.table.append((e["id"], sp))
        self.top = _card(view["pile_top"]) if view["pile_top"] else None
        self.taken = _card(view["pile_taken"]) if view.get("pile_taken") else None
        seen = set(self.hand) | set(table_cards)
        for q, k in enumerate(self.known):
            if q != self.me:
                seen |= set(k)
        if self.top is not None:
            seen.add(self.top)
        self.pool = [c for c in range(52) if c not in seen]  # cards it has not seen
        self.live = [False] * 52
        for c in self.pool:
            self.live[c] = True
        self.nxt = (self.me + 1) % self.n
        nk = self.known[self.nxt]
        self.nxt_ranks = {c % 13 for c in nk}
        self.nxt_known = nk
        self.spread_laid = bool(view.get("spread_this_turn"))
        self.must_lay = bool(self.rules.get("must_lay_spreads"))
        self.double_new = bool(self.rules.get("double_only_new_spread"))
        self._best: dict = {}

    # ------------------------------------------------------------ scoring a hand left

    def feed(self, card: int) -> float:
        """Surcharge for discarding ``card``: it helps the next player visibly."""
        extra = 0.0
        if any(_fits(card, sp) for _i, sp in self.table):
            extra += FEED_HIT
        r, s = card % 13, card // 13
        for k in self.nxt_known:
            if k % 13 == r or (k // 13 == s and abs(k % 13 - r) <= 2):
                extra += FEED_KNOWN
                break
        return extra

    def cost(self, hand) -> float:
        """Lower is better: total, cards, less the unseen cards that would complete a
        spread with two of them."""
        total = 0
        for c in hand:
            total += VALUES[c]
        score = total + CARD_COST * len(hand)
        live = self.live
        outs = set()
        k = len(hand)
        for i in range(k):
            a = hand[i]
            for j in range(i + 1, k):
                b = hand[j]
                if a % 13 == b % 13:
                    r = a % 13
                    for s in range(4):
                        c = s * 13 + r
                        if live[c]:
                            outs.add(c)
                elif a // 13 == b // 13:
                    lo, hi = (a, b) if a < b else (b, a)
                    gap = hi - lo
                    if gap == 1:
                        if lo % 13 > 0 and live[lo - 1]:
                            outs.add(lo - 1)
                        if hi % 13 < 12 and live[hi + 1]:
                            outs.add(hi + 1)
                    elif gap == 2 and live[lo + 1]:
                        outs.add(lo + 1)
        return score - OUT_VALUE * len(outs)

    # ------------------------------------------------------------ planning a turn

    def outcomes(self, hand: tuple) -> dict:
        """Every hand left after laying spreads and hitting from ``hand`` this turn:
        ``{remaining (sorted tuple): (first action or None, laid a new spread)}``."""
        out: dict = {}
        seen = set()
        table0 = tuple(sp for _i, sp in self.table)
        ids = [i for i, _sp in self.table]

        def rec(h, table, first, laid):
            key = (h, laid)
            if key in seen:
                return
            seen.add(key)
            prev = out.get(h)
            if prev is None or (laid and not prev[1]):
                out[h] = (first, laid)
            for sp in _spreads(h):
                rest = tuple(c for c in h if c not in sp)
                rec(rest, table + (_as_spread(sp),), first or ("spread", sp), True)
            done = set()
            for c in h:
                if c in done:
                    continue
                done.add(c)
                for t, sp in enumerate(table):
                    if _fits(c, sp):
                        rest = tuple(x for x in h if x != c)
                        nt = table[:t] + (_hit(c, sp),) + table[t + 1:]
                        move = first
                        if move is None:
                            move = ("hit", c, ids[t] if t < len(ids) else None)
                        rec(rest, nt, move, laid)

        rec(hand, table0, None, self.spread_laid)
        return out

    def plan(self, hand: tuple, taken: int | None) -> tuple[float, tuple, tuple]:
        """The best plan for the rest of a turn holding ``hand`` (drawn already):
        ``(score, first action or ("discard", card), hand left at the end)``; lower scores
        are better."""
        key = (hand, taken)
        got = self._best.get(key)
        if got is not None:
            return got
        best = (math.inf, None, hand)
        for rest, (first, laid) in self.outcomes(hand).items():
            if not rest:
                units2 = laid or not self.double_new
                score = -(TONK_OUT if units2 else OUT_BY_DISCARD)
                if score < best[0]:
                    best = (score, first, ())
                continue
            options = list(rest)
            if self.must_lay:
                options = [d for d in options
                           if not _holds_spread([x for x in rest if x != d])]
            if taken is not None and taken in options and len(options) > 1:
                options.remove(taken)
            for d in options:
                left = tuple(x for x in rest if x != d)
                if not left:
                    score = -OUT_BY_DISCARD + 0.001 * VALUES[d]
                else:
                    score = self.cost(left) + self.feed(d)
                if score < best[0]:
                    best = (score, first or ("discard", d), left)
        self._best[key] = best
        return best

    def stock_score(self) -> float:
        """The average best plan over every unseen card drawn from the stock."""
        pool = self.pool
        if not pool:
            return math.inf
        hand = self.hand
        # cards that touch nothing in hand or on the table score alike by value: plan once
        related = set()
        for c in hand:
            r, s = c % 13, c // 13
            for q in range(4):
                related.add(q * 13 + r)
            for d in (-2, -1, 1, 2):
                if 0 <= r + d <= 12:
                    related.add(s * 13 + r + d)
        by_value: dict = {}
        total = 0.0
        for c in pool:
            if c in related or any(_fits(c, sp) for _i, sp in self.table) \
                    or c in self.nxt_known or c % 13 in self.nxt_ranks:
                total += self.plan(tuple(sorted(hand + (c,))), None)[0]
            else:
                v = VALUES[c]
                if v not in by_value:
                    by_value[v] = self.plan(tuple(sorted(hand + (c,))), None)[0]
                total += by_value[v]
        return total / len(pool)

    # ------------------------------------------------------------ opponents' totals

    def turns_played(self, seat: int) -> int:
        """Turns ``seat`` has ended in this hand (play starts left of the dealer)."""
        t = self.view.get("turns", 0)
        first = (self.view["dealer"] + 1) % self.n
        k = (seat - first) % self.n
        return max(0, (t - k + self.n - 1) // self.n)

    def total_dist(self, seat: int) -> list[float]:
        """Probabilities of ``seat``'s hand total 0 … 50 (see the module docstring)."""
        known = self.known[seat]
        base = sum(VALUES[c] for c in known)
        unknown = max(0, self.counts[seat] - len(known))
        lam = min(LOW_BIAS_MAX, LOW_BIAS * self.turns_played(seat))
        weights = [0.0] * 11
        for c in self.pool:
            v = VALUES[c]
            weights[v] += math.exp(-lam * v)
        z = sum(weights)
        if z == 0:
            weights = [0.0] + [0.1] * 10
            z = 1.0
        card = [w / z for w in weights]
        dist = [0.0] * (base + 1)
        dist[base] = 1.0
        for _ in range(unknown):
            nd = [0.0] * (len(dist) + 10)
            for t, p in enumerate(dist):
                if p:
                    for v in range(1, 11):
                        nd[t + v] += p * card[v]
            dist = nd
        return dist

    def showdown(self, mine: int) -> tuple[float, float]:
        """Expected chips per stake of a knock and of a dry-stock end with total ``mine``.

        Knock (TONK-11): +1 from each opponent when strictly lowest; otherwise −2 to each
        opponent with an equal or lower total and −1 to the lowest (counted once).
        End (TONK-12): +1 from each opponent when lowest (shared lowest: each tied gets 1
        from the others; taken as a win against the higher ones), −1 when someone is lower.
        """
        p_le, p_lt = [], []
        for q in range(self.n):
            if q == self.me:
                continue
            dist = self.total_dist(q)
            le = sum(dist[:mine + 1])
            lt = sum(dist[:mine])
            p_le.append(min(1.0, le))
            p_lt.append(min(1.0, lt))
        opp = self.n - 1
        win = 1.0
        for p in p_le:
            win *= 1 - p
        knock = win * opp - 2 * sum(p_le) - (1 - win)
        nobody_lower = 1.0
        for p in p_lt:
            nobody_lower *= 1 - p
        # nobody lower: each opponent above me pays 1, a tied one nothing
        gain = sum((1 - le) / (1 - lt) for le, lt in zip(p_le, p_lt) if lt < 1)
        end = nobody_lower * gain - (1 - nobody_lower)
        return knock, end


def _find(legal: list, kind, **match):
    for a in legal:
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in match.items()):
            return a
    return None


def _token_of(card) -> int:
    return _card(str(card))


def _action_for(legal: list, move) -> object | None:
    """The legal action for a planned ``move``."""
    if move is None:
        return None
    if move[0] == "spread":
        want = set(move[1])
        for a in legal:
            if isinstance(a, Spread) and {_token_of(c) for c in a.cards} == want:
                return a
        return None
    if move[0] == "hit":
        for a in legal:
            if isinstance(a, Hit) and a.spread == move[2] and _token_of(a.card) == move[1]:
                return a
        return None
    for a in legal:
        if isinstance(a, Discard) and _token_of(a.card) == move[1]:
            return a
    return None


# ---------------------------------------------------------------------------- easy

def _useful(ctx: _Ctx, card: int) -> bool:
    """Easy: the card makes a spread with two cards in hand or hits a table spread."""
    if any(_fits(card, sp) for _i, sp in ctx.table):
        return True
    hand = ctx.hand
    if sum(1 for c in hand if c % 13 == card % 13) >= 2:
        return True
    cards = set(hand)
    r = card % 13
    s = card // 13
    near = {d for d in (-2, -1, 1, 2) if 0 <= r + d <= 12 and s * 13 + r + d in cards}
    return {-2, -1} <= near or {-1, 1} <= near or {1, 2} <= near


def _partner(hand, card: int) -> bool:
    for c in hand:
        if c != card and (c % 13 == card % 13 or (c // 13 == card // 13
                                                  and abs(c % 13 - card % 13) <= 2)):
            return True
    return False


def _easy(ctx: _Ctx, legal: list):
    if _find(legal, Next):
        return _find(legal, Next)
    if ctx.view["phase"] == "start":
        total = sum(VALUES[c] for c in ctx.hand)
        knock = _find(legal, Knock)
        if knock and total <= EASY_KNOCK:
            return knock
        pile = _find(legal, Draw, source="pile")
        stock = _find(legal, Draw, source="stock")
        if pile and (_useful(ctx, ctx.top) or VALUES[ctx.top] <= 2 or not stock):
            if stock or _useful(ctx, ctx.top) or not _find(legal, End):
                return pile
        if stock:
            return stock
        return _find(legal, End) or pile or legal[0]
    spreads = [a for a in legal if isinstance(a, Spread)]
    if spreads:
        return max(spreads, key=lambda a: len(a.cards))
    hits = [a for a in legal if isinstance(a, Hit)]
    if hits:
        return hits[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    loose = [a for a in discards if not _partner(ctx.hand, _token_of(a.card))]
    pool = loose or discards
    return max(pool, key=lambda a: (VALUES[_token_of(a.card)], -pool.index(a)))


# ---------------------------------------------------------------------------- normal

def _normal(ctx: _Ctx, legal: list):
    nxt = _find(legal, Next)
    if nxt:
        return nxt
    if ctx.view["phase"] == "start":
        return _start(ctx, legal)
    _score, move, _left = ctx.plan(ctx.hand, ctx.taken)
    action = _action_for(legal, move)
    if action is None:  # should not happen; stay legal whatever the plan says
        discards = [a for a in legal if isinstance(a, Discard)]
        pool = discards or legal
        return max(pool, key=lambda a: (VALUES[_token_of(a.card)] if isinstance(a, Discard)
                                        else 0, -pool.index(a)))
    return action


def _start(ctx: _Ctx, legal: list):
    knock = _find(legal, Knock)
    pile = _find(legal, Draw, source="pile")
    stock = _find(legal, Draw, source="stock")
    end = _find(legal, End)
    pile_score, pile_left = math.inf, ctx.hand
    if pile is not None:
        pile_score, _move, pile_left = ctx.plan(tuple(sorted(ctx.hand + (ctx.top,))), ctx.top)
        if pile_score <= -OUT_BY_DISCARD + 1:
            return pile  # the discard lets it go out
    mine = sum(VALUES[c] for c in ctx.hand)
    knock_ev = end_ev = -math.inf
    if knock is not None or end is not None:
        knock_ev, end_ev = ctx.showdown(mine)
    opp = ctx.n - 1
    if stock is None:  # the stock is dry (TONK-12)
        options = []
        if knock is not None:
            options.append((knock_ev, 2, knock))
        if end is not None:
            options.append((end_ev, 1, end))
        if pile is not None:
            after = sum(VALUES[c] for c in pile_left)
            cont = ctx.showdown(after)[1] if after < mine else end_ev - 0.05
            options.append((cont, 0, pile))
        return max(options, key=lambda o: (o[0], o[1]))[2]
    if knock is not None and knock_ev >= KNOCK_EDGE * opp:
        return knock
    if pile is not None and pile_score <= ctx.stock_score() - PILE_EDGE:
        return pile
    return stock


def choose(view: dict, legal: list, level: str, rng: random.Random):
    """Pick one of ``legal`` for ``view["player"]`` at ``level`` (``"easy"``/``"normal"``)."""
    ctx = _Ctx(view)
    if level == "easy":
        return _easy(ctx, legal)
    return _normal(ctx, legal)
