"""Durak "hard" player: determinized search (PIMC) over the cards it cannot see
(rules/durak.md DUR-1 … DUR-19; issue 17, scope 2).

It reads only its view (``game.durak.State.view(player)``), like every bot. For a
decision it

1. plays exactly when every card is known (talon at most the face-up trump, two card
   holders): the normal player's exact endgame solver (``game.bots.durak_endgame``);
2. plays the normal player's heuristics by its own tuned numbers (``WEIGHTS``: the
   normal player's exact endgame search and trump exchange included) while the talon
   holds more than ``LATE_TALON`` cards;
3. otherwise keeps a few candidate moves (that choice first, then the
   cheapest others of each kind, ``CANDIDATES`` in all) and deals **determinizations**:
   the unseen cards (the deck minus its own hand, the discard pile, the table, the
   face-up trump while it lies under the talon and the cards each opponent is publicly
   known to hold, ``view["known"]``) are shuffled and dealt to the opponents' unknown
   slots and the talon above the face-up trump, so every sample agrees with everything
   public and with its own hand;
4. in each sample plays every candidate, then the game to its end with the normal
   player's heuristics for every seat (``_normal_choice``, ``ROLLOUT_POLICY``: the
   opponent model is the normal player, its own seat plays by ``WEIGHTS``;
   ``ROLLOUT_STEPS`` actions at most) — switching to
   the exact solver (``ROLLOUT_SOLVER_BUDGET``) as soon as the talon holds at most
   ``SOLVE_TALON`` cards and two players hold cards; one solver, and so one transposition
   table, serves all rollouts of the decision — and scores +1 (not the Durak), 0 (draw)
   or -1 (the Durak);
5. chooses the candidate with the best total over the samples (every candidate sees the
   same samples) when it beats the normal player's choice by ``MARGIN`` or more, else
   the normal player's choice.

Work is counted in rollouts, never in time, so the choice depends only on the view and
the seed (``tests/test_bots_fair.py``).

Slices, for a page that must stay responsive::

    search = Search(view, legal, rng)      # cheap: no rollout yet
    while not search.done:
        search.step(4)                     # about 4 rollouts (CPython ~2-5 ms each)
        ...let the page breathe...
    action = search.best()

``step(n)`` does at most ``n`` rollouts and returns ``search.done``; ``best()`` may be
asked at any time (before the first rollout it is the normal player's choice) and is
the same action ``choose`` returns once ``done``. ``choose`` runs it all in one call.
"""

from __future__ import annotations

import random

from ..cards import Card
from ..durak import (DECK_RANKS, HAND_SIZE, Attack, Beat, Done, Exchange, Rules, State, Take,
                     Throw, Transfer)
from . import durak as normal_bot
from .durak_endgame import Budget, Solver, card_bit, make_root, move_of, root_of_state

WEIGHTS = normal_bot.Weights(take_card_late=1.0, trump=0.9, rank=0.4, throw=0.4,
                             trump_phase=0.6)
"""The numbers of the heuristics the hard player plays by where it does not search (and
for its own seat in rollouts; the other seats play the normal player's ``NORMAL``):
picked-up cards weigh less late in the game (1.0 instead of 1.6 more at the talon's end),
trumps are worth more late (0.9 instead of 0.6 over a non-trump once the talon is empty,
1.5 instead of 1.0 at the start), rank counts less against what a card beats (0.4
instead of 0.55) and it throws in slightly dearer cards against a defence (0.4 instead of
0.3 early). Tuned by bench/durak_tune.py (two-player games of the heuristics against
``NORMAL``, the exact solver once every card is known; seats swapped on each deal; the
share of games won, a draw counting half, ± its standard error):

- round 1, one field at a time on deals 200,000-200,499: of 32 single changes only
  ``take_card_late`` 1.0 (+2.2 ± 1.1 points) and ``trump`` 0.9 (+1.8 ± 1.0) scored more
  than 2 standard errors above normal; then ``rank`` 0.4 on top of both (+2.4 ± 1.5, best
  of 11); on fresh deals 210,000-210,499 the three scored 53.4 % ± 1.3;
- round 2 around those three on deals 220,000-220,499 (53.5 % ± 1.4): of 30 single
  changes ``throw`` 0.4 (+1.8 ± 0.9) and ``trump_phase`` 0.6 (+1.1 ± 0.6) were best; on
  fresh deals 230,000-230,699 the five scored 57.5 % ± 1.1, the three 55.5 % ± 1.1
  (+2.0 ± 0.9 paired).

The hard player with these numbers against normal (bench/bots.py --durak-hard, 1,200
two-player games, deals 102,000-102,599): 63.6 %, 95 % interval 60.8-66.3 % (with round
1's three: 60.0 % of 2,400 games; with normal's numbers: 56.1 % of 1,100)."""


SAMPLES = 6
"""Determinizations per decision. Screened (bench/durak_screen.py): 10 nets +21 (with
MARGIN 1, +24) against 6's +22, at 1.3-1.5x the p95 time."""

CANDIDATES = 5
"""The most candidate moves searched per decision (normal's choice among them)."""

LATE_TALON = 6
"""Rollouts only when the talon holds at most this many cards; earlier the hard player
plays normal's move (measured: early rollouts of the quick policy lost to normal, 9.5 of
28 games with rollouts from the first move). Screened with the normal policy
(bench/durak_screen.py; figures in bench/bots.py): from the first move it deviated at
119 of 300 positions with talon 9-20 for a net -12; 8 instead of 6 nets +18, not +22."""

MARGIN = 2
"""How much more (in rollout points, +1/0/-1 each) another candidate must total than the
normal player's choice to be chosen instead. Screened (bench/durak_screen.py; figures in
bench/bots.py): 1 deviates more for the same net (+22); a paired test of the per-sample
gains (``pimc.pick`` at 1 standard error, tried) deviates less for less (+15)."""

ROLLOUT_STEPS = 300
"""The most actions of one rollout; a game not over by then scores 0."""

ROLLOUT_SOLVER_BUDGET = 1500
"""Solver work per rollout once its endgame is fully known (past it: heuristics go on)."""

SOLVE_TALON = 1
"""In a two-player rollout the exact solver takes over once the talon holds at most this
many cards: the sampled world fixes the talon's order, so the rest of the game is one of
perfect information for the solver (which draws the talon as DUR-16 does). Measured
(bench/bots.py): 3 with a 3,000-unit budget scored 56.2 % (95 % interval 51.9-60.4 %,
520 games) against 1's 56.5 % and doubled the p95 decision time (434 ms CPU)."""


def _candidates(ctx, legal: list, first) -> list:
    """``first`` and the cheapest other moves of each kind, ``CANDIDATES`` at most."""
    out = [first]

    def add(action):
        if action is not None and action not in out and len(out) < CANDIDATES:
            out.append(action)

    def cost(action):
        cards = getattr(action, "cards", None) or (getattr(action, "card", None),)
        return sum(ctx.value(c) for c in cards if c is not None) / max(1, len(cards))

    add(next((a for a in legal if isinstance(a, Take)), None))
    add(next((a for a in legal if isinstance(a, Done)), None))
    for kind in (Transfer, Attack, Beat, Throw):
        moves = sorted((a for a in legal if isinstance(a, kind)), key=cost)
        for a in moves[:3]:
            add(a)
    for a in sorted(legal, key=cost):
        add(a)
    return out


def _determinization(ctx, rng: random.Random) -> State | None:
    """An engine ``State`` agreeing with everything ``ctx``'s view shows, the unseen
    cards dealt at random; None if the view's counts do not add up."""
    view = ctx.view
    n = ctx.n
    seen = set(ctx.hand) | set(ctx.discarded)
    seen |= {c for pair in ctx.table for c in pair if c is not None}
    if ctx.talon:
        seen.add(ctx.trump_card)
    known = [list(k) for k in ctx.known]
    for s in range(n):
        if s != ctx.me:
            seen |= set(known[s])
    pool = [c for c in ctx.deck if c not in seen]
    rng.shuffle(pool)
    hands = []
    for s in range(n):
        if s == ctx.me:
            hands.append(list(ctx.hand))
            continue
        need = ctx.counts[s] - len(known[s])
        if need < 0 or need > len(pool):
            return None
        hands.append(known[s] + pool[:need])
        pool = pool[need:]
    if len(pool) != max(0, ctx.talon - 1):
        return None
    talon = ([ctx.trump_card] + pool) if ctx.talon else []
    deck = ctx.rules["deck"]
    first_bout = not ctx.discarded and ctx.talon == deck - HAND_SIZE * n
    state = State(rules=Rules.from_dict(ctx.rules), names=list(view["names"]), hands=hands,
                  talon=talon, trump_card=ctx.trump_card, dealer=view["dealer"],
                  attacker=ctx.attacker, defender=ctx.defender, rng_state=0,
                  discard=list(ctx.discarded), table=[list(p) for p in ctx.table],
                  lead_attacker=view["lead_attacker"], taking=bool(ctx.taking),
                  passed=list(view["passed"]), limit=view["limit"], first_bout=first_bout,
                  out=list(view["out"]), known=[list(k) for k in ctx.known])
    return state


def _fast_choice(state: State, seat: int):
    """A quick legal move for ``seat`` (= ``state.to_act()[0]``) of a full state, for
    rollouts: lead the cheapest card (non-trumps first, lowest rank), beat the highest
    unbeaten card with the cheapest card that beats it or take, throw in cheap
    non-trumps (any card once the talon is empty), else done. No transfers or exchanges."""
    trump = state.trump
    hand = state.hands[seat]

    def key(c):
        return (c.suit == trump, c.rank)

    if not state.table:
        return Attack(seat, (min(hand, key=key),))
    if seat == state.defender and state._defender_to_act():
        target = max(state.unbeaten(), key=key)
        cards = [c for c in hand if (c.suit == target.suit and c.rank > target.rank)
                 or (c.suit == trump and target.suit != trump)]
        if cards:
            card = min(cards, key=key)
            if not (state.talon and card.suit == trump and card.rank >= 12
                    and target.suit != trump and len(state.table) == 1):
                return Beat(seat, card, target)
        return Take(seat)
    options = state._throw_options(seat)
    if not state.talon:
        cheap = options
    else:
        cheap = [c for c in options if c.suit != trump and c.rank <= 11]
    if cheap:
        return Throw(seat, min(cheap, key=key))
    return Done(seat)


ROLLOUT_POLICY = "normal"
"""The policy that plays every seat in a rollout: ``"normal"`` (the normal player's
heuristics, ``_normal_choice``: the opponent model is the normal player itself) or
``"fast"`` (``_fast_choice``, a few times cheaper per action). Measured on the same 300
positions of normal-vs-normal games (talon 2-8; each choice that differs from normal's
judged by playing both on in the real deal, normal policy and exact solver): "fast"
deviated 72 times for a net +11 (results +1/0/-1), "normal" 81 times for +33, at the
same p95 time (the endgame solver dominates a rollout's cost). In games: 57.5 %
(95 % interval 53.1-61.8 %, 500 games) against the quick policy's 56.5 % (bench/bots.py)."""


_DECKS: dict = {}
"""Deck size -> (the deck's cards, its lowest rank, its number of ranks), for _state_ctx."""


def _state_ctx(state: State, seat: int, weights=normal_bot.NORMAL) -> normal_bot._Ctx:
    """The normal player's ``_Ctx`` for ``seat`` of a full state, built from the state's
    cards directly (no view, no text): the same facts ``_Ctx(state.view(seat))`` holds
    for the heuristics."""
    ctx = object.__new__(normal_bot._Ctx)
    ctx.w = weights
    rules = state.rules
    ctx.view = {"limit": state.limit}
    ctx.me = seat
    ctx.trump = state.trump
    ctx.trump_card = state.trump_card
    deck = _DECKS.get(rules.deck)
    if deck is None:
        ranks = list(DECK_RANKS[rules.deck])
        deck = _DECKS[rules.deck] = ([Card(r, s) for s in "SHDC" for r in ranks],
                                     ranks[0], len(ranks))
    ctx.deck, ctx.low_rank, ctx.nranks = deck
    ctx.hand = list(state.hands[seat])
    ctx.table = [tuple(p) for p in state.table]
    ctx.counts = [len(h) for h in state.hands]
    ctx.n = len(ctx.counts)
    ctx.known = state.known
    ctx.talon = len(state.talon)
    ctx.attacker, ctx.defender = state.attacker, state.defender
    ctx.taking = state.taking
    start_talon = max(1, len(ctx.deck) - HAND_SIZE * ctx.n)
    ctx.phase = min(1.0, ctx.talon / start_talon)
    seen = set(ctx.hand) | set(state.discard)
    seen |= {c for pair in state.table for c in pair if c is not None}
    if state.talon:
        seen.add(state.trump_card)
    ctx.outside = [c for c in ctx.deck if c not in seen]
    ctx._value = {}
    return ctx


def _normal_choice(state: State, seat: int, weights=normal_bot.NORMAL):
    """The normal player's heuristic move for ``seat`` of a full state (its trump
    exchange when legal, DUR-17; no endgame search: rollouts hand endgames to the solver),
    by the heuristics' numbers ``weights``."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if isinstance(legal[-1], Exchange):
        return legal[-1]  # legal_actions lists the exchange last
    return normal_bot._heuristic(_state_ctx(state, seat, weights), legal)


def _root(state: State, me: int):
    """The solver position of a sampled world for ``me``: ``root_of_state``, which also
    takes a longer talon in a two-player game (every card of a world is known)."""
    if len(state.talon) <= 1 or state.num_players != 2:
        return root_of_state(state, me)
    if state.over or not state.hands[0] or not state.hands[1]:
        return None
    if state.table and not state.taking and state.unbeaten() and state.defender != me:
        return None
    opp = 1 - me
    return make_root(state.trump, sum(card_bit(c) for c in state.hands[me]),
                     sum(card_bit(c) for c in state.hands[opp]), state.attacker == me,
                     [tuple(p) for p in state.table], state.taking, state.limit,
                     tuple(card_bit(c) for c in state.talon))


def _rollout(state: State, me: int, solver: Solver | None = None) -> int:
    """Play ``state`` (changed in place) to its end; +1 / 0 / -1 for ``me``.

    ``solver``: a ``Solver`` for this game's trump and transfer rule shared by the
    decision's rollouts, so endgames met again (the same world after another candidate,
    or another world reaching the same cards) are looked up in its transposition table
    instead of searched again; each rollout may still do ``ROLLOUT_SOLVER_BUDGET`` work.
    The table holds exact whole-position values only, so sharing it changes no result
    that a fresh solver would find within the budget, it only lets more endgames finish."""
    solve = True
    policy = _normal_choice if ROLLOUT_POLICY == "normal" else _fast_choice
    for _ in range(ROLLOUT_STEPS):
        if state.over:
            break
        if not state.talon and not state.hands[me]:
            return 1  # out with the talon empty: safe (DUR-18)
        if solve and len(state.talon) <= SOLVE_TALON:
            root = _root(state, me)
            if root is not None:
                if solver is None:
                    solver = Solver(state.trump, state.rules.transfer)
                solver.budget = solver.nodes + ROLLOUT_SOLVER_BUDGET
                try:  # the value for "me", whoever moves (a clean path each call)
                    return solver.solve(root)
                except Budget:
                    solve = False  # too big for a rollout: heuristics from here
        seat = state.to_act()[0]
        if seat == me and policy is _normal_choice:
            state._apply(_normal_choice(state, seat, WEIGHTS))
        else:
            state._apply(policy(state, seat))
    if not state.over or state.durak is None:
        return 0
    return -1 if state.durak == me else 1


class Search:
    """One decision of the hard player, in slices (see the module docstring).

    Args:
        view: ``State.view(player)``.
        legal: ``State.legal_actions(player)`` (not empty).
        rng: the decision's random source (samples are drawn from it).
        first: the normal player's choice when already found (``think`` finds it in
            slices), else it is found here at once.

    Attributes:
        done: True once every rollout is made (or none is needed).
        rollouts: rollouts made so far.
    """

    def __init__(self, view: dict, legal: list, rng: random.Random, first=None) -> None:
        self.legal = legal
        self.rng = rng
        self.ctx = normal_bot._Ctx(view, WEIGHTS)
        if first is None:  # its heuristics' choice, the endgame search run to the end
            first = normal_bot.choose(view, legal, "normal", rng, WEIGHTS)
        self.first = first
        self.rollouts = 0
        self.done = True
        if len(legal) < 2 or isinstance(self.first, Exchange):
            return
        if self._fully_known():
            return  # normal's choice is the exact solver's there
        if self.ctx.talon > LATE_TALON:
            return  # early: the quick rollouts judge worse than normal's heuristics
        self.cands = _candidates(self.ctx, legal, self.first)
        if len(self.cands) < 2:
            return
        self.totals = [0] * len(self.cands)
        self.solver = Solver(self.ctx.trump, bool(self.ctx.rules["transfer"]))
        self.sample = 0
        self.queue: list = []
        self.done = False

    def _fully_known(self) -> bool:
        ctx = self.ctx
        holders = [s for s in range(ctx.n) if ctx.counts[s]]
        return ctx.talon <= 1 and len(holders) == 2

    def step(self, rollouts: int = 4) -> bool:
        """Make at most ``rollouts`` more rollouts; returns ``done``."""
        while not self.done and rollouts > 0:
            if not self.queue:
                if self.sample >= SAMPLES:
                    self.done = True
                    break
                self.sample += 1
                state = _determinization(self.ctx, self.rng)
                if state is None:
                    self.done = True  # the view does not add up: keep normal's choice
                    break
                self.queue = [(i, state) for i in range(len(self.cands))]
            i, state = self.queue.pop(0)
            sim = state.clone()
            sim._apply(self.cands[i])
            self.totals[i] += _rollout(sim, self.ctx.me, self.solver)
            self.rollouts += 1
            rollouts -= 1
        return self.done

    def best(self):
        """The best candidate so far (normal's choice until a rollout has been made)."""
        if self.rollouts == 0 or not hasattr(self, "totals"):
            return self.first
        best = max(range(len(self.cands)), key=lambda i: (self.totals[i], -i))
        if self.totals[best] - self.totals[0] < MARGIN:
            return self.first  # not clearly better than normal's choice: rollouts are noisy
        return self.cands[best]


def think(view: dict, legal: list, rng: random.Random):
    """``choose`` as a sliced search for ``game.bots.think``: a generator that yields
    ``None`` after each rollout and returns the same action as ``choose``."""
    first = yield from normal_bot.think(view, legal, "normal", rng, WEIGHTS)
    search = Search(view, legal, rng, first)
    while not search.step(1):
        yield None
    return search.best()


def choose(view: dict, legal: list, rng: random.Random):
    """The hard player's action for ``view["player"]``: one element of ``legal``."""
    search = Search(view, legal, rng)
    while not search.step(1 << 30):
        pass
    return search.best()
