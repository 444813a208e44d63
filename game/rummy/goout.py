"""Going out this turn (issue 32): every way the player in turn can empty the hand with
this turn's actions, from the point where it may lay down (DUN-8 … DUN-13, DUN-15; ELV-7 …
ELV-10).

A turn that goes out is, in order: the lay-down (the contract, in Elvakort with any further
melds, ELV-7; once laid down, Elvakort's further melds, ELV-8, and Dunka nothing, DUN-9),
lay-offs and joker replacements on the melds already on the table (DUN-9, DUN-11, ELV-8;
a joker only on the player's own melds in Dunka, DUN-10), then the discard of the last card
(DUN-13; in Elvakort rounds 1–5 the only way out, ELV-10; Dunka may meld the last card
instead). Cards the player lays off on its *own* melds laid this turn are the same as a
longer meld, so the lay-down takes them; what remains to search is which cards go onto
the melds already on the table (``steps``, a walk over lay-offs in every order, each
state once), which card is discarded (``discard``), and whether all the others form the
lay-down's melds, every card used (``melds``: ``best_contract`` / ``best_melds`` with
``use_all``). In a go-out round (DUN-15, ELV-10 round 6) the lay-down itself must hold
every card.

``plans`` is a pure function of the hand and the table (both seen by the player), so the
engine lists the lay-downs that go out (``State.legal_actions``: they come first) and the
computer players and the Hint find the same plans from their view
(``game.bots.rummy_go_out.go_out_action``). The lay-down chooser used to rank ways only by
the points they leave in hand, so a hand like 7♠ 7♥ 7♦ 7♣ K♠ K♥ K♦ 2♥ 3♥ 4♥ 5♥ laid
7♠ 7♥ 7♦ 7♣ + K♠ K♥ K♦ and kept three hearts, where 7♠ 7♥ 7♦ + K♠ K♥ K♦ + 2♥-5♥ and the
7♣ discarded goes out (ELV-10, the 50 of ELV-13).

Work is bounded the meld search's way (``game.melds.budget``): all the meld searches of one
call share ``GO_OUT_BUDGET`` nodes, and the lay-off walk visits at most ``WALK_STATES``
states; deterministic, never a clock. A call that runs out returns the plans found so far
(each one valid).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card, card_key
from ..melds import (SEARCH_BUDGET, Meld, best_contract, best_melds, default_budget,
                     lay_off_options, replace_joker, search_nodes)
from .rules import RULE_SETS

GO_OUT_BUDGET = SEARCH_BUDGET
"""Meld-search nodes (``game.melds.budget``) all the searches of one ``plans`` call may
use together: one search's default budget. An 11-card hand's searches use a few hundred."""
WALK_STATES = 400
"""The most states (cards left in hand and melds on the table) the lay-off walk visits."""
LISTED = 3
"""How many of the lay-downs that go out ``legal_actions`` lists (before the others)."""


@dataclass(frozen=True)
class GoOut:
    """One way to go out this turn, its actions in order.

    Attributes:
        melds: the melds to lay down first (one ``meld`` action; ``()``: none).
        steps: then the lay-offs and joker replacements, each
            ``(verb, card, meld id, end)``: ``verb`` ``"layoff"`` or ``"replace"``, ``end``
            ``"low"``/``"high"`` or None (the engine's ``Layoff``/``Replace`` fields).
        discard: the last card, discarded (None: the last card is melded or laid off,
            Dunka's DUN-13, or the go-out round's lay-down, DUN-15 / ELV-10).
        off_own: the points (ELV-12 / DUN-14 values) that do not end on the player's own
            melds: the discard and the cards laid off on other players' melds (ELV-13:
            the fewer, the more the player banks; Dunka scores every way out 0).
    """

    melds: tuple[Meld, ...]
    steps: tuple[tuple[str, Card, int, str | None], ...]
    discard: Card | None
    off_own: int


class _Budget:
    """The meld-search nodes left to one ``plans`` call."""

    __slots__ = ("left",)

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def run(self, search, cards: tuple[Card, ...], *args, **kwargs):
        """``search(cards, *args, budget=..., **kwargs)`` within what is left (at most the
        search's own default budget); None once the budget is spent."""
        if self.left <= 0:
            return None
        budget = min(self.left, default_budget(len(cards)))
        result = search(cards, *args, budget=budget, **kwargs)
        self.left -= max(1, search_nodes())
        return result


def _faces(cards) -> tuple:
    """The cards as faces (rank, suit): two copies of a card, or two jokers, alike."""
    return tuple((c.rank, c.suit) for c in cards)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _distinct(cards: tuple[Card, ...]) -> list[Card]:
    """The first card of each face, in the hand's order."""
    seen, out = set(), []
    for c in cards:
        if (c.rank, c.suit) not in seen:
            seen.add((c.rank, c.suit))
            out.append(c)
    return out


class _Walk:
    """One ``plans`` search: the rule set, the round's contract, whose turn, the budget."""

    def __init__(self, variant: str, round_index: int, me: int, down: bool) -> None:
        rs = self.rs = RULE_SETS[variant]
        self.contract = c = rs.contracts[round_index]
        # ELV-2: the rules' sizes are the contract's minimum (as State.laydown_options)
        self.contract_rules = dataclasses.replace(
            c, set_size=max(c.set_size, rs.melds.min_set),
            run_size=max(c.run_size, rs.melds.min_run))
        self.me, self.down = me, down
        self.keep = rs.discard_to_go_out  # ELV-10: the last card is discarded
        self.budget = _Budget(GO_OUT_BUDGET)
        self.value = rs.value
        self.found: dict = {}  # (melds, discard face) -> the best GoOut for it
        self.best_off: int | None = None
        self.arranged: dict = {}  # (cards, use_all) -> arrangement or None

    # ------------------------------------------------------------ the melds' part

    def _arrange(self, cards: tuple[Card, ...], use_all: bool):
        """``_search`` once per cards and ``use_all`` in this walk."""
        key = (cards, use_all)
        if key not in self.arranged:
            self.arranged[key] = self._search(cards, use_all)
        return self.arranged[key]

    def _search(self, cards: tuple[Card, ...], use_all: bool):
        """The best arrangement of ``cards`` into what may be laid now: the contract (with
        further melds in Elvakort, ELV-7), or further melds once down (ELV-8)."""
        rs = self.rs
        if self.down:
            return self.budget.run(best_melds, cards, rs.melds, rs.value, use_all=use_all)
        if rs.further_melds:
            return self.budget.run(best_contract, cards, self.contract_rules, rs.melds,
                                   rs.value, use_all=use_all, extra=True)
        return self.budget.run(best_contract, cards, self.contract, rs.melds, rs.value,
                               use_all=use_all)

    def outs(self, hand: tuple[Card, ...]) -> list[tuple[tuple[Meld, ...], Card | None]]:
        """The cheapest ways ``hand`` (what is left after the lay-offs) goes out: a list of
        ``(melds, discard)``, empty when it cannot. ``melds`` hold every card but the
        discard. At most one way: the discard of fewest points (the first in card order
        on ties); with no discard at all where the rules allow it (Dunka)."""
        if self.down and not self.rs.further_melds:  # Dunka once down: no new melds
            if not hand:
                return [((), None)]
            return [((), hand[0])] if len(hand) == 1 else []
        if self.down and len(hand) == 1:
            return [((), hand[0])]
        if not hand:
            return [] if self.keep or not self.down else [((), None)]
        best = self._arrange(hand, False)
        if best is None or (not self.down and not best.melds):
            return []
        if not best.left and not self.keep:
            return [(best.melds, None)]
        floor = best.points(self.value)
        if len(best.left) == 1:
            return [(best.melds, best.left[0])]
        # any discard d that goes out leaves hand - d all melded, so the best arrangement
        # leaves at most d's points: only cards worth that much are tried, cheapest first
        for d in sorted(_distinct(hand), key=lambda c: (self.value(c), card_key(c))):
            if self.value(d) < floor:
                continue
            rest = _without(hand, d)
            if not rest:
                continue
            arr = self._arrange(rest, True)
            if arr is not None and arr.melds and not arr.left:
                return [(arr.melds, d)]
        return []

    def holds_contract(self, hand: tuple[Card, ...]) -> bool:
        """Before laying down: whether ``hand`` still holds the contract (if not, neither
        does any part of it, and the walk stops there)."""
        if self.down:
            return True
        return self._arrange(hand, False) is not None

    # ------------------------------------------------------------ the lay-offs' part

    def moves(self, hand: tuple[Card, ...], table: tuple):
        """Every lay-off and joker replacement (DUN-9 … DUN-11, ELV-8) of a card of
        ``hand`` on a meld of ``table`` (``(id, owner, Meld)`` each): yields
        ``(step, card, new table)``; one card of each face."""
        rs = self.rs
        if self.keep and len(hand) <= 1:
            return  # ELV-10: the last card is for the discard
        for card in _distinct(hand):
            for k, (mid, owner, meld) in enumerate(table):
                if card.is_joker:
                    if not (rs.jokers_on_any_meld or owner == self.me):
                        continue  # DUN-10
                elif meld.kind == "set":
                    if card.rank != meld.rank:
                        continue
                elif card.suit != meld.suit:
                    continue  # (the quick test of State._layoff_options first)
                options = []
                opts = lay_off_options(meld, [card], rs.melds)
                if len(opts) == 1:
                    options.append(("layoff", None, opts[0]))
                else:
                    options += [("layoff", "low" if m.low < meld.low else "high", m)
                                for m in opts]
                if rs.melds.joker_replacement and not card.is_joker and meld.kind == "run" \
                        and (card.rank, card.suit) in meld.stands:
                    options += [("replace", "low" if m.low < meld.low else "high", m)
                                for m in replace_joker(meld, card, rs.melds)]
                for verb, end, new in options:
                    yield ((verb, card, mid, end), card,
                           table[:k] + ((mid, owner, new),) + table[k + 1:])

    def walk(self, hand: tuple[Card, ...], table: tuple) -> None:
        """Visit every state the lay-offs reach from ``hand`` and ``table`` (each once, at
        most ``WALK_STATES``), keeping the ways out found (``found``)."""
        seen = set()
        stack = [(hand, table, (), 0)]
        while stack and len(seen) < WALK_STATES and self.budget.left > 0:
            hand, table, steps, off = stack.pop()
            key = (_faces(hand), tuple((mid, _faces(m.cards), m.stands)
                                       for mid, _o, m in table))
            if key in seen:
                continue
            seen.add(key)
            if self.best_off is not None and off > self.best_off:
                continue  # already gives away more than a way found
            if not self.holds_contract(hand):
                continue
            for melds, discard in self.outs(hand):
                total = off + (self.value(discard) if discard is not None else 0)
                plan = GoOut(melds, steps, discard, total)
                face = (melds, None if discard is None else (discard.rank, discard.suit))
                old = self.found.get(face)
                if old is None or (total, len(steps)) < (old.off_own, len(old.steps)):
                    self.found[face] = plan
                if self.best_off is None or total < self.best_off:
                    self.best_off = total
            children = []
            for step, card, new in self.moves(hand, table):
                owner = next(o for mid, o, _m in table if mid == step[2])
                cost = off + (0 if owner == self.me else self.value(card))
                children.append((_without(hand, card), new, steps + (step,), cost))
            # the cheapest first (popped last = first: reversed)
            children.sort(key=lambda c: c[3], reverse=True)
            stack += children


def plans(hand: tuple[Card, ...], table: tuple, me: int, variant: str, round_index: int,
          down: bool) -> tuple[GoOut, ...]:
    """Every way found (module docstring) for seat ``me`` to go out in this turn, from the
    point where it has drawn and may lay down (or, ``down``, has laid down), best first:
    the fewest points off its own melds (``GoOut.off_own``), then the fewest actions.

    Args:
        hand: the seat's cards (any order; read as sorted by ``card_key``).
        table: the melds on the table, ``(meld id, owner seat, Meld)`` each, in table order.
        me: the seat in turn.
        variant: ``"dunka"`` or ``"elvakort"`` (``RULE_SETS``).
        round_index: the round less one (its contract: ``RuleSet.contracts``).
        down: the seat has laid down its contract this round.

    Returns a tuple of ``GoOut`` (empty when no way out was found), at most one per lay-down
    and discard. In a go-out round (DUN-15, ELV-10) only the lay-down of every card (no
    discard, no lay-off). Bounded by ``GO_OUT_BUDGET`` meld-search nodes and
    ``WALK_STATES`` lay-off states; deterministic. Raises ``KeyError`` for an unknown
    variant, ``IndexError`` for a round outside 0-5."""
    hand = tuple(sorted(hand, key=card_key))
    table = tuple((mid, owner, meld) for mid, owner, meld in table)
    return _plans(hand, table, me, variant, round_index, bool(down))


@lru_cache(maxsize=1024)
def _plans(hand: tuple[Card, ...], table: tuple, me: int, variant: str, round_index: int,
           down: bool) -> tuple[GoOut, ...]:
    rs = RULE_SETS[variant]
    contract = rs.contracts[round_index]
    if contract.go_out:
        if down or not hand:
            return ()
        arr = best_contract(hand, contract, rs.melds, rs.value, use_all=True)
        return () if arr is None else (GoOut(arr.melds, (), None, 0),)
    walk = _Walk(variant, round_index, me, down)
    walk.walk(hand, table)
    return tuple(sorted(walk.found.values(),
                        key=lambda p: (p.off_own, len(p.steps) + bool(p.melds))))


def state_plans(state, player: int) -> tuple[GoOut, ...]:
    """``plans`` for ``player`` of a rummy ``State`` in its ``play`` phase (its hand, the
    table, the round, whether it is down); ``()`` in any other phase or when it is not the
    player's turn."""
    if state.phase != "play" or state.turn != player:
        return ()
    return plans(tuple(state.hands[player]), tuple(tuple(e) for e in state.table), player,
                 state.rules.variant, state.round - 1, state.laid_down[player])
