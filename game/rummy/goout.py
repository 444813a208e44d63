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

The walk skips a state with two cards that can go nowhere (neither into a meld that may
be laid nor, by a quick test, onto a meld on the table: only one card can leave as the
discard), or whose hand no longer holds the contract; in Elvakort it keeps the ways that
put the fewest points off the player's own melds (branch and bound), in Dunka it stops at
the first way (DUN-14: going out scores 0 however it is done).

Work is bounded the meld search's way (``game.melds.budget``): the meld searches, the
lay-offs tried and the states visited of one call share ``GO_OUT_BUDGET`` nodes (scaled
down for a hand of over 25 cards as a search's budget is), and the walk visits at most
``WALK_STATES`` states; deterministic, never a clock. A call that runs out returns the
plans found so far (each one valid). Measured over 8 four-player games of normal players
of each game (CPython): at most 10,448 nodes in Elvakort and 5,056 in Dunka, 99 % of the
calls under 1,900; a 24-card hand (the positions' cap) on a table of eight runs stops at
the budget after about 80-100 ms of CPU on a loaded machine.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card, card_key
from ..melds import (GREEDY_BUDGET, SEARCH_BUDGET, Meld, best_contract, best_melds,
                     default_budget, lay_off_options, replace_joker, search_nodes)
from .rules import RULE_SETS

GO_OUT_BUDGET = GREEDY_BUDGET
"""Nodes (``game.melds.budget``'s unit) one ``plans`` call may use in all: its meld
searches' nodes, ``LAYOFF_NODES`` per lay-off tried and one per card of each state the
walk visits; for a hand of more than ``FULL_BUDGET_CARDS`` cards scaled down as
``default_budget`` scales a search's. A fifth of one search's budget: the engine's own
lay-down listing keeps the rest of a decision's time."""
LAYOFF_NODES = 8
"""Nodes one lay-off tried (``lay_off_options`` or ``replace_joker`` on one meld) counts:
about the time of eight search nodes (a new meld is built and checked)."""
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
    """The nodes left to one ``plans`` call (``GO_OUT_BUDGET``)."""

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
        self.budget = _Budget(GO_OUT_BUDGET)  # scaled by the hand: ``walk``
        self.value = rs.value
        self.found: dict = {}  # (melds, discard face) -> the best GoOut for it
        self.best_off: int | None = None
        self.arranged: dict = {}  # (cards, use_all) -> arrangement or None
        # DUN-14: whoever goes out scores 0, however: the first way found will do
        self.any_way = rs.lower_wins

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

    def outs(self, hand: tuple[Card, ...], forced: Card | None = None
             ) -> list[tuple[tuple[Meld, ...], Card | None]]:
        """The cheapest ways ``hand`` (what is left after the lay-offs) goes out: a list of
        ``(melds, discard)``, empty when it cannot. ``melds`` hold every card but the
        discard. At most one way: the discard of fewest points (the first in card order
        on ties); with no discard at all where the rules allow it (Dunka). ``forced``: the
        one card that can only leave as the discard (``stuck``)."""
        if self.down and not self.rs.further_melds:  # Dunka once down: no new melds
            if not hand:
                return [((), None)]
            return [((), hand[0])] if len(hand) == 1 else []
        if self.down and len(hand) == 1:
            return [((), hand[0])]
        if not hand:
            return [] if self.keep or not self.down else [((), None)]
        if forced is not None:
            rest = _without(hand, forced)
            arr = self._arrange(rest, True) if rest else None
            return [(arr.melds, forced)] if arr is not None and arr.melds and \
                not arr.left else []
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

    def stuck(self, hand: tuple[Card, ...], table: tuple) -> list[Card]:
        """The natural cards of ``hand`` that can neither be in a meld that may be laid
        now nor go on a meld of ``table``, by a quick test that never calls a card stuck
        that is not (``_meldable``, ``_may_go_on``): at most one of them can leave the
        hand (as the discard). Stops at two."""
        jokers = sum(1 for x in hand if x.is_joker)
        ranks: dict = {}
        held: dict = {}
        for x in hand:
            if not x.is_joker:
                ranks[x.rank] = ranks.get(x.rank, 0) + 1
                held.setdefault(x.suit, set()).add(x.rank)
        for positions in held.values():
            if 14 in positions:
                positions.add(1)
        out = []
        for card in hand:
            if card.is_joker or self._meldable(card, jokers, ranks, held) \
                    or self._may_go_on(card, jokers, held, table):
                continue
            out.append(card)
            if len(out) > 1:
                break
        return out

    def _meldable(self, card: Card, jokers: int, ranks: dict, held: dict) -> bool:
        """``card`` could be in a set or run (of the kinds and sizes that may be laid now)
        with other cards of the hand (``jokers``; ``ranks``: naturals per rank; ``held``:
        run positions per suit): enough naturals of its rank, or a run window through it
        whose gaps the jokers can fill, jokers fewer than naturals (DUN-3, ELV-3)."""
        rs, c = self.rs, self.contract
        if self.down and not rs.further_melds:
            return False  # Dunka once down: no new melds (DUN-9)
        if rs.further_melds or c.sets:
            size = self.contract_rules.set_size if not self.down else rs.melds.min_set
            k = ranks.get(card.rank, 0)
            if k + min(jokers, k - 1) >= size:
                return True
        if rs.further_melds or c.runs:
            size = self.contract_rules.run_size if not self.down else rs.melds.min_run
            have = held.get(card.suit, ())
            count = [0] * 15  # count[q]: positions 1..q held
            for q in range(1, 15):
                count[q] = count[q - 1] + (q in have)
            # any window through the card, as long as a run may be (a longer one may
            # hold the joker majority that no window of the shortest length does)
            for p in ((1, 14) if card.rank == 14 else (card.rank,)):
                for low in range(1, p + 1):
                    for high in range(max(p, low + size - 1), 15):
                        naturals = count[high] - count[low - 1]
                        missing = high - low + 1 - naturals
                        if missing > jokers:
                            break  # longer only misses more
                        if missing < naturals:
                            return True
        return False

    def _may_go_on(self, card: Card, jokers: int, held: dict, table: tuple) -> bool:
        """``card`` might be laid off on a meld of ``table``, at once or after other
        cards of the hand (the same rank as a set; the same suit as a run, the positions
        between held (``held``) or filled by jokers, the hand's or, DUN-11, the run's own;
        the card a run's joker stands for)."""
        replace = self.rs.melds.joker_replacement
        have = held.get(card.suit, ())
        for _mid, _owner, meld in table:
            if meld.kind == "set":
                if meld.rank == card.rank:
                    return True
                continue
            if meld.suit != card.suit:
                continue
            moved = meld.jokers if replace else 0
            if moved and (card.rank, card.suit) in meld.stands:
                return True
            for p in ((1, 14) if card.rank == 14 else (card.rank,)):
                if p > meld.high:
                    gap = range(meld.high + 1, p)
                elif p < meld.low:
                    gap = range(p + 1, meld.low)
                else:
                    continue
                if sum(1 for q in gap if q not in have) <= jokers + moved:
                    return True
        return False

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
            if self.budget.left <= 0:
                return
            for k, (mid, owner, meld) in enumerate(table):
                if card.is_joker:
                    if not (rs.jokers_on_any_meld or owner == self.me):
                        continue  # DUN-10
                elif meld.kind == "set":
                    if card.rank != meld.rank:
                        continue
                elif card.suit != meld.suit:
                    continue
                options = []
                if card.is_joker or meld.kind == "set" or card.rank in (
                        meld.low - 1, meld.high + 1) or (card.rank == 14 and meld.low == 2):
                    # (the quick test of State._layoff_options first)
                    self.budget.left -= LAYOFF_NODES
                    opts = lay_off_options(meld, [card], rs.melds)
                else:
                    opts = []
                if len(opts) == 1:
                    options.append(("layoff", None, opts[0]))
                else:
                    options += [("layoff", "low" if m.low < meld.low else "high", m)
                                for m in opts]
                if rs.melds.joker_replacement and not card.is_joker and meld.kind == "run" \
                        and (card.rank, card.suit) in meld.stands:
                    self.budget.left -= LAYOFF_NODES
                    options += [("replace", "low" if m.low < meld.low else "high", m)
                                for m in replace_joker(meld, card, rs.melds)]
                for verb, end, new in options:
                    yield ((verb, card, mid, end), card,
                           table[:k] + ((mid, owner, new),) + table[k + 1:])

    def walk(self, hand: tuple[Card, ...], table: tuple) -> None:
        """Visit every state the lay-offs reach from ``hand`` and ``table`` (each once, at
        most ``WALK_STATES``), keeping the ways out found (``found``)."""
        self.budget.left = GO_OUT_BUDGET * default_budget(len(hand)) // SEARCH_BUDGET
        seen = set()
        stack = [(hand, table, (), 0)]
        while stack and len(seen) < WALK_STATES and self.budget.left > 0 \
                and not (self.any_way and self.found):
            hand, table, steps, off = stack.pop()
            key = (_faces(hand), tuple((mid, _faces(m.cards), m.stands)
                                       for mid, _o, m in table))
            if key in seen:
                continue
            seen.add(key)
            self.budget.left -= len(hand)  # the quick tests of ``stuck``
            if self.best_off is not None and off > self.best_off:
                continue  # already gives away more than a way found
            stuck = self.stuck(hand, table)
            if len(stuck) > 1:
                continue  # two cards that cannot leave: no way out from here on
            if not self.holds_contract(hand):
                continue
            for melds, discard in self.outs(hand, stuck[0] if stuck else None):
                total = off + (self.value(discard) if discard is not None else 0)
                plan = GoOut(melds, steps, discard, total)
                if discard is not None and not self.keep:
                    # DUN-13: the last card may be laid off instead (the old way of the
                    # Dunka bots, and the Hint's): then nothing is discarded
                    for step, card, _new in self.moves((discard,), table):
                        owner = next(o for mid, o, _m in table if mid == step[2])
                        plan = GoOut(melds, steps + (step,), None,
                                     off + (0 if owner == self.me else self.value(card)))
                        discard, total = None, plan.off_own
                        break
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
    the fewest points off its own melds (``GoOut.off_own``), then the fewest actions. In
    Dunka, where going out scores 0 whichever way (DUN-14), only the first way found.

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
