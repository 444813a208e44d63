"""Durak computer players (rules/durak.md, DUR-1 … DUR-19).

Entry point ``choose(view, legal, level, rng)``, called by ``game.bots.choose``. The bot
reads only the view of ``game.durak.State.view(player)``:

- ``hand`` (own cards), ``hand_counts``, ``table`` (``[[attack, defence or None], ...]``),
  ``attacker``, ``defender``, ``taking``, ``limit``, ``talon`` (count), ``trump`` /
  ``trump_card``, ``rules`` (settings dict), ``to_act``;
- public memory: ``discarded`` (every card of the discard pile: all saw them played) and
  ``known[i]`` (cards all saw enter seat ``i``'s hand and not played since: picked-up table
  cards, the face-up trump).

Levels:

``easy``
    attack with the lowest non-trump (DUR-8), beat with the cheapest card that beats
    (DUR-5, DUR-12), take when it cannot beat everything (DUR-15), throw in low
    non-trumps (DUR-9); never transfers or exchanges.

``normal``
    - card tracking: "outside" cards = the deck minus own hand, the discard pile, the table
      and the face-up trump while it lies under the talon; ``known`` cards of each opponent
      are certain, the rest is spread over their unknown cards and the talon;
    - card values depend on the phase (talon left): trumps and high cards are kept back
      while the talon lasts; a card's value also counts how many outside cards it beats;
    - defence (DUR-12/13/15) by cost: the cards it would spend against the cards it would
      pick up (worse the later in the game and the bigger the hand) and the lost attack;
      transfers (DUR-13) when the transfer card is cheaper than defending;
    - throw-ins (DUR-9, DUR-10) of cheap cards, more readily against a defender who is
      struggling (few cards, or spending trumps), never trumps or aces while the talon lasts;
    - trump exchange (DUR-17) whenever allowed (the face-up trump is always higher);
    - endgame: when the talon holds at most the face-up trump and exactly two players still
      hold cards, every card is known (the opponent holds everything that is not in own
      hand, the discard pile, the table or the talon), and the bot plays by exact
      alpha-beta search of a compact bitmask model of the rules (``_Solver``), bounded by a
      node budget (``SEARCH_BUDGET``); when the budget runs out it falls back to the
      heuristics.

The search models turns as the table drives them (``to_act()[0]`` acts): the defender
answers every unbeaten card before a thrower adds more; it is not used for a throw-in while
the defender still has unbeaten cards.
"""

from __future__ import annotations

import random

from ..cards import Card, parse_card
from ..durak import (DECK_RANKS, HAND_SIZE, MAX_ATTACK, Attack, Beat,
                     Done, Exchange, Take, Throw, Transfer)

SEARCH_BUDGET = 6000
"""Work the endgame search may do for one decision: positions visited plus children
generated (at most about 25 ms of CPU time in CPython)."""

SUITS = "SHDC"


# ---------------------------------------------------------------------------- the view

class _Ctx:
    """Facts a bot derives from its view (and only from it)."""

    def __init__(self, view: dict) -> None:
        self.view = view
        self.me = view["player"]
        self.rules = view["rules"]
        self.trump = view["trump"]
        self.trump_card = parse_card(view["trump_card"])
        ranks = list(DECK_RANKS[self.rules["deck"]])
        self.low_rank, self.nranks = ranks[0], len(ranks)
        self.deck = [Card(r, s) for s in SUITS for r in ranks]
        self.hand = [parse_card(t) for t in view["hand"]]
        self.table = [(parse_card(a), None if d is None else parse_card(d))
                      for a, d in view["table"]]
        self.counts = list(view["hand_counts"])
        self.n = len(self.counts)
        self.known = [[parse_card(t) for t in k] for k in view["known"]]
        self.discarded = [parse_card(t) for t in view["discarded"]]
        self.talon = view["talon"]
        self.attacker, self.defender = view["attacker"], view["defender"]
        self.taking = view["taking"]
        start_talon = max(1, len(self.deck) - HAND_SIZE * self.n)
        self.phase = min(1.0, self.talon / start_talon)  # 1 at the start, 0 talon empty
        seen = set(self.hand) | set(self.discarded)
        seen |= {c for pair in self.table for c in pair if c is not None}
        if self.talon:
            seen.add(self.trump_card)
        self.outside = [c for c in self.deck if c not in seen]  # others' hands + talon
        self._value: dict[Card, float] = {}

    def is_trump(self, card: Card) -> bool:
        return card.suit == self.trump

    def beats(self, card: Card, target: Card) -> bool:
        if card.suit == target.suit:
            return card.rank > target.rank
        return card.suit == self.trump

    def rank01(self, card: Card) -> float:
        return (card.rank - self.low_rank) / (self.nranks - 1)

    def value(self, card: Card) -> float:
        """How much the card is worth keeping: 0 (lowest non-trump) … about 2 (top trump).

        Static part: rank, and trumps above every non-trump. Tracking part: the share of
        outside cards this card beats, and of those that beat it."""
        v = self._value.get(card)
        if v is None:
            out = self.outside
            if out:
                beaten = sum(1 for x in out if self.beats(card, x)) / len(out)
                beaten_by = sum(1 for x in out if self.beats(x, card)) / len(out)
            else:
                beaten, beaten_by = 0.5, 0.5
            v = 0.55 * self.rank01(card) + 0.25 * beaten + 0.25 * (1 - beaten_by)
            if self.is_trump(card):
                v += 0.6 + 0.4 * self.phase
            self._value[card] = v
        return v


def _lowest(ctx: _Ctx, cards):
    return min(cards, key=lambda c: (ctx.is_trump(c), c.rank, c.suit))


# ---------------------------------------------------------------------------- easy

def _easy(ctx: _Ctx, legal: list):
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        singles = [a for a in attacks if len(a.cards) == 1]
        return min(singles, key=lambda a: (ctx.is_trump(a.cards[0]), a.cards[0].rank,
                                           a.cards[0].suit))
    if any(isinstance(a, Take) for a in legal):
        unbeaten = [a for a, d in ctx.table if d is None]
        plan = _greedy_defence(ctx, unbeaten, ctx.hand,
                               key=lambda c: (ctx.is_trump(c), c.rank))
        if plan is None:
            return _find(legal, Take)
        card, target = plan[0]
        return _find(legal, Beat, card=card, target=target)
    throws = [a for a in legal if isinstance(a, Throw)
              and not ctx.is_trump(a.card) and (ctx.rank01(a.card) <= 0.5 or not ctx.talon)]
    if throws:
        return min(throws, key=lambda a: (a.card.rank, a.card.suit))
    done = _find(legal, Done)
    return done if done is not None else legal[0]


def _find(legal: list, kind, **attrs):
    for a in legal:
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in attrs.items()):
            return a
    return None


def _greedy_defence(ctx: _Ctx, targets, hand, key):
    """Beat the hardest target first with the cheapest card that beats it; None if stuck."""
    free = sorted(hand, key=key)
    plan = []
    for t in sorted(targets, key=lambda c: (ctx.is_trump(c), c.rank), reverse=True):
        for c in free:
            if ctx.beats(c, t):
                plan.append((c, t))
                free.remove(c)
                break
        else:
            return None
    return plan


def _best_defence(ctx: _Ctx, targets, hand):
    """The cheapest way (sum of ``ctx.value``) to beat every target, as
    ``(cost, [(card, target), ...])``, or None when some target cannot be beaten."""
    options = []
    for t in targets:
        cands = sorted((c for c in hand if ctx.beats(c, t)), key=ctx.value)
        if not cands:
            return None
        options.append((t, cands))
    options.sort(key=lambda o: len(o[1]))
    best = [None, None]

    def dfs(i, used, cost, plan):
        if best[0] is not None and cost >= best[0]:
            return
        if i == len(options):
            best[0], best[1] = cost, list(plan)
            return
        t, cands = options[i]
        for c in cands:
            if c not in used:
                used.add(c)
                plan.append((c, t))
                dfs(i + 1, used, cost + ctx.value(c), plan)
                plan.pop()
                used.discard(c)

    dfs(0, set(), 0.0, [])
    return None if best[0] is None else (best[0], best[1])


# ---------------------------------------------------------------------------- normal

def _normal(ctx: _Ctx, legal: list, rng: random.Random):
    exchange = _find(legal, Exchange)
    if exchange is not None:
        return exchange  # DUR-17: the face-up trump is always higher than the lowest
    heuristic = _heuristic(ctx, legal)
    searched = _endgame(ctx, legal, heuristic)
    return searched if searched is not None else heuristic


def _heuristic(ctx: _Ctx, legal: list):
    if any(isinstance(a, Attack) for a in legal):
        return _lead(ctx, legal)
    if any(isinstance(a, Take) for a in legal):
        return _defend(ctx, legal)
    return _throw(ctx, legal)


def _lead(ctx: _Ctx, legal: list):
    """DUR-8: shed the cheapest rank; several of a rank together when cheap."""
    defender = ctx.defender
    known_def = ctx.known[defender]
    endgame = not ctx.talon
    best, best_score = None, None
    for a in legal:
        if not isinstance(a, Attack):
            continue
        cards = a.cards
        vals = [ctx.value(c) for c in cards]
        score = max(vals) - (0.25 + 0.35 * (1 - ctx.phase)) * (len(cards) - 1)
        # keep the rest of a rank for throwing in later: small bonus for leading a rank
        # that we hold more of than we lead
        rest = sum(1 for c in ctx.hand if c.rank == cards[0].rank) - len(cards)
        score -= 0.05 * rest
        if endgame or ctx.talon <= 2:
            # when the defender's whole hand is seen, prefer what it cannot beat
            if len(known_def) == ctx.counts[defender]:
                if not any(ctx.beats(k, c) for c in cards for k in known_def):
                    score -= 1.0
        if best_score is None or score < best_score - 1e-9:
            best, best_score = a, score
    return best


def _defend(ctx: _Ctx, legal: list):
    """DUR-12/13/15: defend, transfer or take, whichever costs less."""
    unbeaten = [a for a, d in ctx.table if d is None]
    plan = _best_defence(ctx, unbeaten, ctx.hand)
    late = 1 - ctx.phase
    table_cards = [c for pair in ctx.table for c in pair if c is not None]
    # taking: each picked-up card burdens the hand, though it may be a useful card
    per_card = 0.75 + 1.6 * late + 0.12 * max(0, len(ctx.hand) - HAND_SIZE)
    if not ctx.talon:
        per_card += 1.0
    take_cost = sum(per_card - 0.5 * ctx.value(c) for c in table_cards) + 0.3
    # the throwers may add more: a struggling defence invites throw-ins
    options = []
    if plan is not None:
        cost, pairs = plan
        free_after = len(ctx.hand) - len(pairs)
        risk = 0.0
        table_ranks = {c.rank for c in table_cards} | {c.rank for c, _ in pairs}
        room = ctx.view["limit"] - len(ctx.table)
        if room > 0:
            # outside cards of the table's ranks that throwers might add
            extra = sum(1 for c in ctx.outside if c.rank in table_ranks)
            risk = min(room, extra) * 0.08 * (1 + (free_after <= 2))
        options.append((cost + risk, "beat", pairs))
    for a in legal:
        if isinstance(a, Transfer):
            tcost = ctx.value(a.card) - 0.15
            options.append((tcost, "transfer", a))
    options.append((take_cost, "take", None))
    options.sort(key=lambda o: o[0])
    _, kind, what = options[0]
    if kind == "beat":
        # beat the most expensive pair first (the rest stays flexible)
        card, target = max(what, key=lambda p: ctx.value(p[0]))
        return _find(legal, Beat, card=card, target=target)
    if kind == "transfer":
        return what
    return _find(legal, Take)


def _throw(ctx: _Ctx, legal: list):
    """DUR-9/10: throw in cheap cards; load a struggling defender; keep what we need."""
    throws = [a for a in legal if isinstance(a, Throw)]
    done = _find(legal, Done)
    if not throws:
        return done if done is not None else legal[0]
    late = 1 - ctx.phase
    d = ctx.defender
    if ctx.taking:
        limit = 0.45 + 0.5 * late
    else:
        limit = 0.30 + 0.45 * late
        spent_trumps = sum(1 for a, dd in ctx.table if dd is not None and ctx.is_trump(dd)
                           and not ctx.is_trump(a))
        if spent_trumps or ctx.counts[d] <= 2:
            limit += 0.25
    if not ctx.talon:
        limit = 1.2 if ctx.taking else 1.0
    best = min(throws, key=lambda a: ctx.value(a.card))
    keep_trump = ctx.talon > 0 or ctx.taking
    if ctx.is_trump(best.card) and keep_trump:
        return done
    if ctx.value(best.card) <= limit:
        return best
    return done


# ---------------------------------------------------------------------------- endgame search

class _Budget(Exception):
    """The search used up its node budget."""


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _bit(card: Card) -> int:
    return 1 << (SUITS.index(card.suit) * 13 + card.rank - 2)


class _Solver:
    """Exact search of a two-player Durak endgame with every card known.

    A position is a tuple ``(phase, a, d, a_is_me, attack, table, unbeaten, ranks, taking,
    limit, talon, cap)``: ``phase`` 0 lead, 1 defend, 2 throw-in/done; ``a``/``d`` the
    attacker's and defender's hands as bitmasks (bit ``suit*13 + rank-2``); ``attack`` the
    attack cards, ``table`` every table card, ``unbeaten`` the unbeaten attack cards,
    ``ranks`` the mask of every card whose rank is on the table; ``talon`` a tuple of card
    bits (drawn from the end); ``cap`` the most attack cards of a bout, 6 (DUR-10; DUR-11's
    5 never applies in an endgame of two). Values
    are +1 (the bot is safe), 0 (draw), -1 (the bot is the Durak).
    """

    def __init__(self, trump: str, transfer: bool, budget: int) -> None:
        t = SUITS.index(trump)
        self.rank_of = {}
        self.rank_mask = {}
        for r in range(2, 15):
            m = 0
            for s in range(4):
                m |= 1 << (s * 13 + r - 2)
            self.rank_mask[r] = m
        self.ranks = sorted(self.rank_mask.items())
        self.beaters = {}
        self.same_rank = {}
        trump_all = sum(1 << (t * 13 + i) for i in range(13))
        for s in range(4):
            for i in range(13):
                b = 1 << (s * 13 + i)
                higher = sum(1 << (s * 13 + j) for j in range(i + 1, 13))
                self.beaters[b] = higher | (0 if s == t else trump_all)
                self.same_rank[b] = self.rank_mask[i + 2]
        # cheap-first order: non-trumps by rank, then trumps by rank
        self.order = sorted(self.beaters, key=lambda b: ((b.bit_length() - 1) // 13 == t,
                                                         (b.bit_length() - 1) % 13))
        self.pos = {b: k for k, b in enumerate(self.order)}
        self.transfer = transfer
        self.budget = budget
        self.nodes = 0
        self.tt: dict = {}

    def _sorted(self, mask: int):
        return sorted(_bits(mask), key=self.pos.__getitem__)

    def settle(self, a, d, ame, table, taking, talon, cap):
        """End the bout (DUR-14/15), draw (DUR-16), check the end (DUR-18/19)."""
        if taking:
            d |= table
        cap = MAX_ATTACK  # DUR-11: only the game's first bout is limited
        if talon:
            tal = list(talon)
            while tal and a.bit_count() < HAND_SIZE:
                a |= tal.pop()
            while tal and d.bit_count() < HAND_SIZE:
                d |= tal.pop()
            talon = tuple(tal)
        if taking:
            na, nd, name = a, d, ame
        else:
            na, nd, name = d, a, not ame
        if not talon and (not na or not nd):
            if not na and not nd:
                return 0
            mine = na if name else nd
            return 1 if not mine else -1
        return (0, na, nd, name, 0, 0, 0, 0, False, min(cap, nd.bit_count()), talon, cap)

    def moves(self, st, all_targets=False):
        """``[(move, child)]``; a child is a position or a final value."""
        ph, a, d, ame, att, table, unb, ranks, taking, limit, talon, cap = st
        out = []
        if ph == 0:
            most = min(limit, d.bit_count())
            for b in self._sorted(a):  # singles, cheapest first
                out.append((("attack", b), (1, a ^ b, d, ame, b, b, b, self.same_rank[b],
                                             False, limit, talon, cap)))
            for r, rm in self.ranks:
                g = a & rm
                if g.bit_count() < 2:
                    continue
                s = g
                while s:
                    n = s.bit_count()
                    if 2 <= n <= most:
                        out.append((("attack", s), (1, a ^ s, d, ame, s, s, s, rm, False,
                                                     limit, talon, cap)))
                    s = (s - 1) & g
        elif ph == 1:
            targets = self._sorted(unb) if all_targets else [unb & -unb]
            for t in targets:
                rest = unb ^ t
                for c in self._sorted(d & self.beaters[t]):
                    out.append((("beat", c, t), (1 if rest else 2, a, d ^ c, ame, att,
                                                  table | c, rest, ranks | self.same_rank[c],
                                                  False, limit, talon, cap)))
            if self.transfer and unb == att:
                count = att.bit_count() + 1
                if count <= cap and a.bit_count() >= count:
                    for c in self._sorted(d & self.same_rank[att & -att]):
                        out.append((("transfer", c),
                                    (1, d ^ c, a, not ame, att | c, table | c, unb | c, ranks,
                                     False, min(cap, a.bit_count()), talon, cap)))
            out.append((("take",), (2, a, d, ame, att, table, unb, ranks, True, limit,
                                    talon, cap)))
        else:
            if att.bit_count() < limit:
                for c in self._sorted(a & ranks):
                    if taking:
                        child = (2, a ^ c, d, ame, att | c, table | c, unb, ranks, True,
                                 limit, talon, cap)
                    else:
                        child = (1, a ^ c, d, ame, att | c, table | c, c, ranks, False,
                                 limit, talon, cap)
                    out.append((("throw", c), child))
            out.append((("done",), self.settle(a, d, ame, table, taking, talon, cap)))
        return out

    def value(self, st, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Budget
        entry = self.tt.get(st)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        ame = st[3]
        maximize = ame if st[0] != 1 else not ame
        kids = self.moves(st)
        self.nodes += len(kids)  # the work is in generating children: count them too
        # finished children first: a win ends the search at once
        best = -2 if maximize else 2
        for _, child in kids:
            if child.__class__ is int:
                if maximize:
                    best = max(best, child)
                else:
                    best = min(best, child)
        if maximize:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha < beta:
            for _, child in kids:
                if child.__class__ is int:
                    continue
                v = self.value(child, alpha, beta)
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    break
        lo, hi = -1, 1
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        if entry is not None:
            lo, hi = max(lo, entry[0]), min(hi, entry[1])
        self.tt[st] = (lo, hi)
        return best


def _endgame(ctx: _Ctx, legal: list, preferred):
    """Exact play when every card is known and two players are left; None if not."""
    view = ctx.view
    if ctx.talon > 1:
        return None
    holders = [s for s in range(ctx.n) if ctx.counts[s]]
    if ctx.me not in holders:
        return None
    others = [s for s in holders if s != ctx.me]
    if len(others) != 1:
        return None
    opp = others[0]
    if ctx.table and {ctx.attacker, ctx.defender} != {ctx.me, opp}:
        return None
    if ctx.talon and ctx.n != 2:
        return None
    if not ctx.table and ctx.attacker != ctx.me:
        return None
    defending = bool(ctx.table) and not ctx.taking and any(d is None for _, d in ctx.table)
    if defending and ctx.defender != ctx.me:
        return None  # a throw-in while the defender still thinks: not in the model
    mine = 0
    for c in ctx.hand:
        mine |= _bit(c)
    theirs = 0
    for c in ctx.outside:
        theirs |= _bit(c)
    if theirs.bit_count() != ctx.counts[opp]:
        return None
    att = table = unb = ranks = 0
    solver = _Solver(ctx.trump, bool(ctx.rules["transfer"]), SEARCH_BUDGET)
    for a, d in ctx.table:
        att |= _bit(a)
        table |= _bit(a)
        ranks |= solver.same_rank[_bit(a)]
        if d is None:
            unb |= _bit(a)
        else:
            table |= _bit(d)
            ranks |= solver.same_rank[_bit(d)]
    # DUR-11's limit of 5 holds only in the game's first bout with four or more players,
    # when every player still holds cards: never in a two-player endgame
    cap = MAX_ATTACK
    talon = (_bit(ctx.trump_card),) if ctx.talon else ()
    i_attack = ctx.attacker == ctx.me
    a_hand, d_hand = (mine, theirs) if i_attack else (theirs, mine)
    if not ctx.table:
        phase = 0
    elif unb and not ctx.taking:
        phase = 1
    else:
        phase = 2
    root = (phase, a_hand, d_hand, i_attack, att, table, unb, ranks, bool(ctx.taking),
            view["limit"], talon, cap)
    by_move = {}
    for move, child in solver.moves(root, all_targets=True):
        by_move[move] = child
    candidates = []
    for action in legal:
        move = _move_of(action)
        if move is None or move not in by_move:
            return None  # an action the model does not know: do not trust the search
        candidates.append((action, by_move[move]))
    candidates.sort(key=lambda ac: ac[0] != preferred)
    best_action, best = None, -2
    try:
        for action, child in candidates:
            if child.__class__ is int:
                v = child
            else:
                v = solver.value(child, max(best, -1), 1)
            if v > best:
                best_action, best = action, v
            if best == 1:
                break
    except _Budget:
        return best_action if best == 1 else None
    return best_action


def _move_of(action):
    if isinstance(action, Attack):
        m = 0
        for c in action.cards:
            m |= _bit(c)
        return ("attack", m)
    if isinstance(action, Beat):
        return ("beat", _bit(action.card), _bit(action.target))
    if isinstance(action, Transfer):
        return ("transfer", _bit(action.card))
    if isinstance(action, Throw):
        return ("throw", _bit(action.card))
    if isinstance(action, Take):
        return ("take",)
    if isinstance(action, Done):
        return ("done",)
    return None


# ---------------------------------------------------------------------------- entry point

def choose(view: dict, legal: list, level: str, rng: random.Random):
    """Pick one of ``legal`` for ``view["player"]`` at ``level`` ``"easy"`` or ``"normal"``
    (``"random"`` is handled by ``game.bots.choose``)."""
    ctx = _Ctx(view)
    if level == "easy":
        return _easy(ctx, legal)
    if level == "normal":
        return _normal(ctx, legal, rng)
    raise ValueError(f"unknown Durak bot level {level!r}")
