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
      hand, the discard pile, the table or the talon), and the bot plays by the exact
      endgame solver (``game.bots.durak_endgame``), bounded by a work budget
      (``SEARCH_BUDGET``); when the budget runs out it falls back to the heuristics.

The heuristics' numbers (card values, the cost of taking, throw-in limits) are
``Weights``; the normal player plays by ``NORMAL``, the hard player by its own tuned set
(``game.bots.durak_hard.WEIGHTS``).

The search models turns as the table drives them (``to_act()[0]`` acts): the defender
answers every unbeaten card before a thrower adds more; it is not used for a throw-in while
the defender still has unbeaten cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import Card, parse_card
from ..durak import (DECK_RANKS, HAND_SIZE, Attack, Beat, Done, Exchange, Take, Throw,
                     Transfer)
from .durak_endgame import Budget, Solver, card_bit, make_root, move_of

SLICE_BUDGET = 1_500
"""Work of one slice of the endgame search, after which ``think`` yields to the page."""
SEARCH_BUDGET = 300_000
"""Work the endgame search may do for one decision: positions visited plus children
generated (``game.bots.durak_endgame.Solver``). bench/durak_solver.py: all of its 400
random 12-card endgames need less (p95 44,155 units, p99 132,621, max 152,785). In the
page the search runs in WebAssembly (``durak_endgame.use_native``) at about 0.3
microseconds a unit, so the budget is at most about 0.1 s there; the Python search
(CPython, or a browser where the WebAssembly could not load) takes 3-10 microseconds
a unit, 1-3 s at most, in slices. Past it the bot plays by its heuristics."""

SUITS = "SHDC"


@dataclass(frozen=True)
class Weights:
    """The numbers of the normal player's heuristics (card values, defence, leads and
    throw-ins): ``NORMAL`` is the normal player's; the hard player (``game.bots.durak_hard``)
    plays by its own tuned set (``durak_hard.WEIGHTS``, bench/durak_tune.py). Costs are in
    card-value units (``_Ctx.value``: 0 the lowest non-trump … about 2 the top trump)."""

    rank: float = 0.55
    """Card value: weight of the card's rank within the deck (0 lowest … 1 ace)."""
    beaten: float = 0.25
    """Card value: weight of the share of outside cards the card beats."""
    unbeaten_by: float = 0.25
    """Card value: weight of the share of outside cards that do not beat it."""
    trump: float = 0.6
    """Card value: a trump's bonus once the talon is empty …"""
    trump_phase: float = 0.4
    """… plus this much more at the start of the game (scaled by the talon left)."""
    lead_group: float = 0.25
    """Lead (DUR-8): the discount per extra card of a several-card lead …"""
    lead_group_late: float = 0.35
    """… plus this much more once the talon is empty (scaled by how late it is) …"""
    lead_group_high: float = 1.0
    """… less this share of it times the led rank's height (``rank01``: 1 leaves aces no
    discount) while three or more players hold cards. The discount is for shedding
    several low cards in one lead; for high cards it made three players lead aces and
    kings round the table, each defender taking, so no one drew from the talon and the
    game never ended (bench.bots.play_durak(["normal"] * 3, 300107)). Two players cannot
    cycle so (the attacker attacks again after a take and its hand only shrinks), and
    their game keeps the full discount."""
    lead_keep_rank: float = 0.05
    """Lead: the discount per card of the led rank kept back for throwing in later."""
    lead_unbeatable: float = 1.0
    """Lead, talon at most 2 and the defender's hand all seen: discount for a lead it
    cannot beat."""
    take_card: float = 0.75
    """Defence (DUR-15): the burden of each picked-up card early …"""
    take_card_late: float = 1.6
    """… plus this much more as the talon runs out …"""
    take_card_big_hand: float = 0.12
    """… plus this much per card the hand already holds beyond six …"""
    take_card_endgame: float = 1.0
    """… plus this much once the talon is empty."""
    take_card_value: float = 0.5
    """Defence: a picked-up card's burden is lowered by this share of its value."""
    take_lost_attack: float = 0.3
    """Defence: the cost of losing the next attack by taking."""
    throw_in_risk: float = 0.08
    """Defence: the cost of each card the throwers might add after a beat (doubled when
    at most two cards would be left)."""
    transfer_bonus: float = 0.15
    """Defence (DUR-13): a transfer costs its card's value minus this."""
    throw_taking: float = 0.45
    """Throw-in (DUR-9/10) onto a taking defender: the highest card value thrown early …"""
    throw_taking_late: float = 0.5
    """… plus this much more as the talon runs out."""
    throw: float = 0.30
    """Throw-in against a defence: the highest card value thrown early …"""
    throw_late: float = 0.45
    """… plus this much more as the talon runs out …"""
    throw_struggle: float = 0.25
    """… plus this much when the defender spent a trump on a non-trump or holds at
    most two cards."""
    throw_endgame: float = 1.0
    """Throw-in once the talon is empty: the highest card value (defence) …"""
    throw_endgame_taking: float = 1.2
    """… and onto a taking defender."""


NORMAL = Weights()
"""The normal player's numbers."""


# ---------------------------------------------------------------------------- the view

class _Ctx:
    """Facts a bot derives from its view (and only from it)."""

    def __init__(self, view: dict, weights: Weights = NORMAL) -> None:
        self.w = weights
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
            w = self.w
            v = w.rank * self.rank01(card) + w.beaten * beaten + w.unbeaten_by * (1 - beaten_by)
            if self.is_trump(card):
                v += w.trump + w.trump_phase * self.phase
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
    """The normal player's action; a generator (see ``think``)."""
    exchange = _find(legal, Exchange)
    if exchange is not None:
        return exchange  # DUR-17: the face-up trump is always higher than the lowest
    heuristic = _heuristic(ctx, legal)
    searched = yield from _endgame(ctx, legal, heuristic)
    return searched if searched is not None else heuristic


def heuristic(view: dict, legal: list, weights: Weights = NORMAL):
    """The normal player's action without the endgame search (what it plays when the
    search's budget runs out): the trump exchange when legal (DUR-17), else the heuristics
    of ``_heuristic`` by the numbers ``weights`` (the hard player's: ``durak_hard.WEIGHTS``).
    ``view``/``legal`` as ``choose``; one of ``legal``. For a Hint that must answer at once
    (``game.session.HINT_SLICES``)."""
    exchange = _find(legal, Exchange)
    return exchange if exchange is not None else _heuristic(_Ctx(view, weights), legal)


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
    w = ctx.w
    crowded = sum(1 for c in ctx.counts if c) >= 3
    best, best_score = None, None
    for a in legal:
        if not isinstance(a, Attack):
            continue
        cards = a.cards
        vals = [ctx.value(c) for c in cards]
        group = w.lead_group + w.lead_group_late * (1 - ctx.phase)
        if crowded:
            group *= 1 - w.lead_group_high * ctx.rank01(cards[0])
        score = max(vals) - group * (len(cards) - 1)
        # keep the rest of a rank for throwing in later: small bonus for leading a rank
        # that we hold more of than we lead
        rest = sum(1 for c in ctx.hand if c.rank == cards[0].rank) - len(cards)
        score -= w.lead_keep_rank * rest
        if endgame or ctx.talon <= 2:
            # when the defender's whole hand is seen, prefer what it cannot beat
            if len(known_def) == ctx.counts[defender]:
                if not any(ctx.beats(k, c) for c in cards for k in known_def):
                    score -= w.lead_unbeatable
        if best_score is None or score < best_score - 1e-9:
            best, best_score = a, score
    return best


def _defend(ctx: _Ctx, legal: list):
    """DUR-12/13/15: defend, transfer or take, whichever costs less."""
    unbeaten = [a for a, d in ctx.table if d is None]
    plan = _best_defence(ctx, unbeaten, ctx.hand)
    late = 1 - ctx.phase
    w = ctx.w
    table_cards = [c for pair in ctx.table for c in pair if c is not None]
    # taking: each picked-up card burdens the hand, though it may be a useful card
    per_card = (w.take_card + w.take_card_late * late
                + w.take_card_big_hand * max(0, len(ctx.hand) - HAND_SIZE))
    if not ctx.talon:
        per_card += w.take_card_endgame
    take_cost = (sum(per_card - w.take_card_value * ctx.value(c) for c in table_cards)
                 + w.take_lost_attack)
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
            risk = min(room, extra) * w.throw_in_risk * (1 + (free_after <= 2))
        options.append((cost + risk, "beat", pairs))
    for a in legal:
        if isinstance(a, Transfer):
            tcost = ctx.value(a.card) - w.transfer_bonus
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
    w = ctx.w
    d = ctx.defender
    if ctx.taking:
        limit = w.throw_taking + w.throw_taking_late * late
    else:
        limit = w.throw + w.throw_late * late
        spent_trumps = sum(1 for a, dd in ctx.table if dd is not None and ctx.is_trump(dd)
                           and not ctx.is_trump(a))
        if spent_trumps or ctx.counts[d] <= 2:
            limit += w.throw_struggle
    if not ctx.talon:
        limit = w.throw_endgame_taking if ctx.taking else w.throw_endgame
    best = min(throws, key=lambda a: ctx.value(a.card))
    keep_trump = ctx.talon > 0 or ctx.taking
    if ctx.is_trump(best.card) and keep_trump:
        return done
    if ctx.value(best.card) <= limit:
        return best
    return done


# ---------------------------------------------------------------------------- endgame search

def _endgame(ctx: _Ctx, legal: list, preferred):
    """Exact play when every card is known and two players are left (the solver of
    ``game.bots.durak_endgame``); None if the position is not such an endgame, or the
    search needed more than ``SEARCH_BUDGET``. A generator: it yields ``None`` after each
    ``SLICE_BUDGET`` units of work and returns the action (or None)."""
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
    mine = sum(card_bit(c) for c in ctx.hand)
    theirs = sum(card_bit(c) for c in ctx.outside)
    if theirs.bit_count() != ctx.counts[opp]:
        return None
    # DUR-11's limit of 5 holds only in the game's first bout with four or more players,
    # when every player still holds cards: never in a two-holder endgame
    talon = (card_bit(ctx.trump_card),) if ctx.talon else ()
    root = make_root(ctx.trump, mine, theirs, ctx.attacker == ctx.me, ctx.table,
                     bool(ctx.taking), view["limit"], talon)
    moves = {}
    for action in legal:
        move = move_of(action)
        if move is None:
            return None  # an action the model does not know: do not trust the search
        moves[move] = action
    solver = Solver(ctx.trump, bool(ctx.rules["transfer"]), SLICE_BUDGET)
    # the solver's cheap-first order (non-trumps before trumps), the heuristic's move
    # first: a win found early ends the search; the engine's order (by rank, trumps
    # among them) can cost a hundred times the work
    order = [m for m, _ in solver.moves(root, all_targets=True, reduce=False)]
    if set(order) != set(moves):
        return None  # the model and the engine disagree on the moves: do not trust it
    while True:  # a slice of work at a time; the transposition table keeps what was done
        try:
            values = solver.solve_moves(root, wanted=order, first=move_of(preferred))
            break
        except Budget:
            if solver.nodes >= SEARCH_BUDGET:
                return None
            solver.budget = min(solver.nodes + SLICE_BUDGET, SEARCH_BUDGET)
            yield None
    best = max(values.values())
    for move, v in values.items():  # the first of the best, the heuristic's move first
        if v == best:
            return moves[move]
    return None


# ---------------------------------------------------------------------------- entry point

def think(view: dict, legal: list, level: str, rng: random.Random,
          weights: Weights = NORMAL):
    """``choose`` as a sliced search (``game.bots.think``): a generator that yields
    ``None`` after each slice of the endgame search (``SLICE_BUDGET`` units of work, a few
    to a few tens of milliseconds in CPython) or of the hard player's rollouts, and returns
    the action (``StopIteration.value``). ``weights``: the numbers of the ``"normal"``
    level's heuristics (the hard player passes its own)."""
    if level == "easy":
        return _easy(_Ctx(view), legal)
    if level == "normal":
        return (yield from _normal(_Ctx(view, weights), legal, rng))
    if level == "hard":
        from .durak_hard import think as hard_think
        return (yield from hard_think(view, legal, rng))
    raise ValueError(f"unknown Durak bot level {level!r}")


def choose(view: dict, legal: list, level: str, rng: random.Random,
           weights: Weights = NORMAL):
    """Pick one of ``legal`` for ``view["player"]`` at ``level`` ``"easy"``, ``"normal"``
    or ``"hard"`` (``game.bots.durak_hard``; ``"random"`` is handled by
    ``game.bots.choose``): ``think`` run to its end (``weights`` as there)."""
    from . import run_to_end
    return run_to_end(think(view, legal, level, rng, weights))
