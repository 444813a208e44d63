"""Melds for the rummy games: sets and runs with jokers and ace low/high, laying off, joker
replacement, and the exact contract and meld search.

Shared by Dunka (rules/dunka.md), Elvakorts-Rummy (rules/elvakort.md) and Tonk
(rules/tonk.md, where a set is a "book" and melds are "spreads"). The differences between the
games are ``MeldRules`` values (``DUNKA``, ``ELVAKORT``, ``TONK``), not code.

Terms:

- a *set* is 3 or more cards of one rank; a *run* is 3 (or 4) or more cards in sequence in
  one suit; a *meld* is either; a *joker* stands for the card it replaces;
- *laying off* adds cards to a meld on the table;
- a *contract* is the melds a player must lay down first in a round ("2 sets",
  "1 set + 1 four-run", ...);
- *positions* of a run count 1..14: the ace is position 1 when low (A-2-3) and 14 when high
  (Q-K-A); a run never holds both (no wrap, DUN-2, ELV-2, RC-5).

The searches (``best_contract``, ``best_melds``) are exact, never greedy (RC-1 … RC-3): they
enumerate candidate runs by suit, then read the sets off the remaining cards rank by rank (a
set always takes every remaining card of its rank), and share the jokers out by counting.
Card multiplicities are packed into one integer (4 bits per card type) so that "does this
meld still fit in the hand" is one subtraction.

Work budget: a player who claims nearly every discard can hold 60-80 cards, and the exact
searches grow exponentially with the hand. Every search therefore counts its nodes (one per
candidate meld tried and one per step of the set walk; and the building of the candidates:
one per run shape looked at, as many more as a built shape has cards, one per reading of
``contract_arrangements``) and stops after ``budget`` nodes
(``default_budget(len(hand))``: ``SEARCH_BUDGET`` up to 25 cards, less for bigger hands,
whose nodes cost more; deterministic, never a clock). A search that finishes within
the budget is exact; one that runs out returns the best found within that many nodes:
``best_contract`` / ``best_melds`` the best valid arrangement found so far (if none yet, a
greedy one: disjoint runs needing the fewest jokers first, then the sets, itself limited to
``GREEDY_BUDGET`` more nodes; when the building ran out, its runs keep every natural card of
their interval), ``contract_arrangements`` the arrangements found so far (if none, once more
on such runs within ``GREEDY_BUDGET`` more nodes).
Hands of up to ~25 cards finish far inside the budget (tests/engine/test_meld_budget.py).
``search_nodes()`` tells how many nodes the last search used.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from heapq import merge
from itertools import combinations
from itertools import count as count_from
from typing import Any, Callable, Iterable, Sequence

from game.cards import JOKER_RANK, RANK_NAMES, RANK_VALUES, SUITS, Card, card_key, parse_card
from game.digits import is_digits
from game.engine import SettingError, check_choice

__all__ = [
    "MeldError", "MeldRules", "DUNKA", "ELVAKORT", "TONK", "Meld", "parse_meld", "is_valid",
    "melds_from", "lay_off_options", "replace_joker", "Contract", "DUNKA_CONTRACTS",
    "ELVAKORT_CONTRACTS", "Arrangement", "contract_arrangements", "best_contract",
    "best_melds", "dunka_value", "elvakort_value", "tonk_value", "DEFAULT_LIMIT",
    "SEARCH_BUDGET", "GREEDY_BUDGET", "FULL_BUDGET_CARDS", "default_budget", "search_nodes",
]

SET, RUN = "set", "run"
_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}
_BIG = 1 << 20
DEFAULT_LIMIT = 1000
"""How many arrangements ``contract_arrangements`` returns at most unless told otherwise."""
SEARCH_BUDGET = 100_000
"""Search nodes a meld search may use by default (see the module docstring): about 0.1-0.3 s
in CPython on the largest hands; exact for every normal hand."""
FULL_BUDGET_CARDS = 25
"""Hands of up to this many cards get the whole ``SEARCH_BUDGET`` (every normal hand: exact)."""
GREEDY_BUDGET = 20_000
"""Extra nodes for the greedy fallback when a budgeted search found nothing."""


def default_budget(cards: int) -> int:
    """The node budget of a search over a hand of ``cards`` cards when none is given:
    ``SEARCH_BUDGET`` up to ``FULL_BUDGET_CARDS`` cards (every normal hand stays exact),
    then scaled down by ``(FULL_BUDGET_CARDS / cards) ** 2``, since a node costs more the
    bigger the hand: a claiming player's 75-card hand gets 11,111 nodes (issue 13). Measured
    with ``bench/melds.py --huge`` (CPython, loaded 2-core machine): the worst lay-down
    listing went from 0.478 s (100,000 nodes) to 0.289 s (11,413 nodes). The building of
    the candidate runs (``_run_shapes``: ~20,000 shapes for a hand holding every position
    of two suits and six jokers) then took most of what remained (a saved 75-card game:
    562 ms in Pyodide); it counts in the budget since (bench/fuzz_worst.py). Positions cap
    hands at 24 cards (``game.positions.MAX_HAND``), where a whole read takes about
    20 ms."""
    if cards <= FULL_BUDGET_CARDS:
        return SEARCH_BUDGET
    return SEARCH_BUDGET * FULL_BUDGET_CARDS * FULL_BUDGET_CARDS // (cards * cards)

_last_nodes = [0]


def search_nodes() -> int:
    """How many nodes the last ``best_contract`` / ``best_melds`` /
    ``contract_arrangements`` call used (at most its budget, plus ``GREEDY_BUDGET`` for the
    greedy fallback)."""
    return _last_nodes[0]


class _OutOfBudget(Exception):
    """Raised inside a search when its node budget is spent."""


class _Counter:
    """A search's node count and budget (``nodes``, ``budget``: ints), shared by the
    candidate building and the walk that uses the candidates."""

    __slots__ = ("nodes", "budget")

    def __init__(self, budget: int) -> None:
        self.nodes, self.budget = 0, budget

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` more nodes; raise ``_OutOfBudget`` once over the budget."""
        self.nodes += nodes
        if self.nodes > self.budget:
            raise _OutOfBudget


class MeldError(ValueError):
    """A meld (or its text or dict) that is malformed, or cards given twice."""


# ------------------------------------------------------------------ rules


@dataclass(frozen=True)
class MeldRules:
    """What makes a meld valid in one game.

    Attributes:
        min_set: fewest cards in a set (3 in every game).
        min_run: fewest cards in a run (Dunka 3, Elvakort 4, Tonk 3).
        jokers: whether jokers may be used at all (Tonk: no, TONK-1).
        joker_majority: a meld must hold more natural cards than jokers (DUN-3, ELV-3).
        ace: ``"both"``: ace low (A-2-3) or high (Q-K-A) but never both in one run, no wrap
            (DUN-2, ELV-2, RC-5); ``"low"``: ace low only (TONK-2).
        set_repeats_suits: a set may hold two cards of one suit (several decks: yes; Tonk's
            one deck: no, so a book has at most 4 cards, TONK-2).
        joker_replacement: a natural card may take a joker's place in a run (DUN-11; not in
            Elvakort, ELV-3).

    Raises ``SettingError`` for a value outside the allowed ones.
    """

    min_set: int = 3
    min_run: int = 3
    jokers: bool = True
    joker_majority: bool = True
    ace: str = "both"
    set_repeats_suits: bool = True
    joker_replacement: bool = True

    def __post_init__(self) -> None:
        check_choice("min_set", self.min_set, [2, 3, 4])
        check_choice("min_run", self.min_run, [2, 3, 4, 5])
        for name in ("jokers", "joker_majority", "set_repeats_suits", "joker_replacement"):
            check_choice(name, getattr(self, name), [True, False])
        check_choice("ace", self.ace, ["both", "low"])

    @property
    def top_position(self) -> int:
        """The highest run position: 14 (ace high allowed) or 13 (ace low only)."""
        return 14 if self.ace == "both" else 13


DUNKA = MeldRules(min_set=3, min_run=3, jokers=True, joker_majority=True, ace="both",
                  set_repeats_suits=True, joker_replacement=True)
"""Dunka (DUN-2, DUN-3, DUN-11): sets 3+, runs 3+, jokers < naturals, ace low or high."""

ELVAKORT = MeldRules(min_set=3, min_run=4, jokers=True, joker_majority=True, ace="both",
                     set_repeats_suits=True, joker_replacement=False)
"""Elvakorts-Rummy (ELV-2, ELV-3): sets 3+, runs 4+, jokers < naturals, ace low or high, no
joker replacement."""

TONK = MeldRules(min_set=3, min_run=3, jokers=False, joker_majority=True, ace="low",
                 set_repeats_suits=False, joker_replacement=False)
"""Tonk (TONK-1, TONK-2): books of 3-4, runs 3+, ace low only, no jokers, one deck."""


def dunka_value(card: Card) -> int:
    """Points of a card left in hand (DUN-14): joker 25, ace 15, 10/J/Q/K 10, 2-9 5."""
    if card.rank == JOKER_RANK:
        return 25
    if card.rank == 14:
        return 15
    return 10 if card.rank >= 10 else 5


elvakort_value = dunka_value
"""Elvakort's card values (ELV-12) are Dunka's."""


def tonk_value(card: Card) -> int:
    """Points of a card in Tonk (TONK-1): ace 1, 2-10 face value, J/Q/K 10."""
    if card.rank == 14:
        return 1
    return min(card.rank, 10)


# ------------------------------------------------------------------ the Meld value


def _rank_at(pos: int) -> int:
    """The card rank at a run position (position 1 is the low ace)."""
    return 14 if pos == 1 else pos


def _rank_text(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def _set_order(card: Card) -> tuple:
    return (card.rank == JOKER_RANK, _SUIT_ORDER.get(card.suit, 9), card.copy)


@dataclass(frozen=True)
class Meld:
    """A set or a run as it lies on the table.

    Attributes:
        kind: ``"set"`` or ``"run"``.
        cards: the physical cards in table order: a run from its low end to its high end
            (RC-6), a set with its natural cards by suit (S H D C) then its jokers.
        stands: one ``(rank, suit)`` per card: what that card counts as. A natural card stands
            for itself; a joker in a run for the card whose gap it fills (``(9, "S")``); a
            joker in a set for the set's rank with suit ``""``. An ace counts as rank 14 at
            either end of a run; ``low``/``high`` tell which end.

    Construction checks the shape (one rank for a set, consecutive positions in one suit for
    a run, naturals standing for themselves, no card twice) and raises ``MeldError``; whether
    a game allows the meld is ``is_valid(meld, rules)``. Build melds with ``melds_from``
    rather than by hand. Text form: ``"run 7S 8S JK=9S 10S"``, ``"set 7S 7H.1 JK=7"``.
    """

    kind: str
    cards: tuple[Card, ...]
    stands: tuple[tuple[int, str], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "stands", tuple(tuple(s) for s in self.stands))
        cards, stands = self.cards, self.stands
        if self.kind not in (SET, RUN):
            raise MeldError(f"meld kind must be 'set' or 'run', not {self.kind!r}")
        if not cards or len(cards) != len(stands):
            raise MeldError("a meld needs one 'stands for' entry per card")
        if len(set(cards)) != len(cards):
            raise MeldError("a meld holds the same physical card twice")
        if all(c.is_joker for c in cards):
            raise MeldError("a meld needs at least one natural card")
        for c, (rank, suit) in zip(cards, stands):
            if not c.is_joker and (rank, suit) != (c.rank, c.suit):
                raise MeldError(f"natural card {c} cannot stand for another card")
            if not 2 <= rank <= 14:
                raise MeldError(f"bad rank {rank!r} in a meld")
        if self.kind == SET:
            rank = stands[0][0]
            for c, (r, s) in zip(cards, stands):
                if r != rank:
                    raise MeldError("a set never mixes ranks (RC-4)")
                if c.is_joker and s != "":
                    raise MeldError("a joker in a set stands for a rank, not a suit")
        else:
            suit = stands[0][1]
            if suit not in SUITS:
                raise MeldError("a run needs a suit")
            low = self.low
            for i, (r, s) in enumerate(stands):
                if s != suit or r != _rank_at(low + i):
                    raise MeldError("a run's cards must be consecutive in one suit")
            if self.high > 14:
                raise MeldError("a run cannot go past the ace (no wrap)")

    # -- derived facts

    @property
    def rank(self) -> int:
        """A set's rank (2..14); for a run the rank of its low end."""
        return self.stands[0][0]

    @property
    def suit(self) -> str:
        """A run's suit; ``""`` for a set."""
        return self.stands[0][1] if self.kind == RUN else ""

    @property
    def low(self) -> int:
        """A run's lowest position (1 = ace low) — for a set, its rank."""
        if self.kind == RUN and self.stands[0][0] == 14 and len(self.stands) > 1 \
                and self.stands[1][0] == 2:
            return 1
        return self.stands[0][0]

    @property
    def high(self) -> int:
        """A run's highest position (14 = ace high) — for a set, its rank."""
        return self.low + len(self.cards) - 1 if self.kind == RUN else self.stands[0][0]

    @property
    def jokers(self) -> int:
        """How many jokers the meld holds."""
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def naturals(self) -> int:
        """How many natural (non-joker) cards the meld holds."""
        return len(self.cards) - self.jokers

    def __len__(self) -> int:
        return len(self.cards)

    # -- text and JSON

    def tokens(self) -> list[str]:
        """The cards as notation, a joker followed by what it stands for (``"JK=9S"``)."""
        out = []
        for c, (rank, suit) in zip(self.cards, self.stands):
            out.append(f"{c}={_rank_text(rank)}{suit}" if c.is_joker else str(c))
        return out

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(self.tokens())}"

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form: ``{"kind": "run", "cards": ["7S", "8S", "JK=9S", "10S"]}``."""
        return {"kind": self.kind, "cards": self.tokens()}

    @classmethod
    def from_dict(cls, data: Any) -> "Meld":
        """Rebuild a meld written by ``to_dict``. Raises ``MeldError`` if it cannot."""
        if not isinstance(data, dict) or set(data) != {"kind", "cards"} \
                or not isinstance(data["cards"], list) \
                or not all(isinstance(t, str) for t in data["cards"]):
            raise MeldError(f"not a meld: {data!r}")
        return _meld_from_tokens(data["kind"], data["cards"])


def _meld_from_tokens(kind: Any, tokens: Sequence[str]) -> Meld:
    if kind not in (SET, RUN):
        raise MeldError(f"meld kind must be 'set' or 'run', not {kind!r}")
    cards, stands = [], []
    try:
        for tok in tokens:
            body, eq, target = tok.strip().upper().partition("=")
            card = parse_card(body)
            if card.is_joker:
                if not eq:
                    raise MeldError(f"joker {tok!r} must say what it stands for (JK=9S)")
                if kind == SET:
                    if target not in RANK_VALUES and not (
                            is_digits(target) and len(target) <= 2 and 2 <= int(target) <= 10):
                        raise MeldError(f"bad rank in {tok!r}")
                    stands.append((RANK_VALUES.get(target) or int(target), ""))
                else:
                    t = parse_card(target)
                    if t.is_joker:
                        raise MeldError(f"a joker cannot stand for a joker: {tok!r}")
                    stands.append((t.rank, t.suit))
            else:
                if eq:
                    raise MeldError(f"only a joker stands for another card: {tok!r}")
                stands.append((card.rank, card.suit))
            cards.append(card)
    except ValueError as exc:  # CardError and MeldError
        raise MeldError(str(exc)) from None
    return Meld(kind, tuple(cards), tuple(stands))


def parse_meld(text: str) -> Meld:
    """Read a meld from its text form (``"run 7S 8S JK=9S 10S"``, ``"set 7S 7H JK=7"``).

    Raises ``MeldError`` for bad text or a malformed meld.
    """
    parts = text.split()
    if not parts:
        raise MeldError("empty meld text")
    return _meld_from_tokens(parts[0].lower(), parts[1:])


def is_valid(meld: Meld, rules: MeldRules) -> bool:
    """Whether ``meld`` is allowed under ``rules``: sizes (DUN-2, ELV-2, TONK-2), jokers and
    the joker majority (DUN-3, ELV-3, TONK-1), ace low only (TONK-2), suits in a set."""
    jokers = meld.jokers
    if jokers and not rules.jokers:
        return False
    if rules.joker_majority and jokers >= meld.naturals:
        return False
    if meld.kind == SET:
        if len(meld) < rules.min_set:
            return False
        if not rules.set_repeats_suits:
            suits = [c.suit for c in meld.cards if not c.is_joker]
            if len(set(suits)) != len(suits) or len(meld) > 4:
                return False
        return True
    return len(meld) >= rules.min_run and meld.high <= rules.top_position


# ------------------------------------------------------------------ building single melds


def _distinct(cards: Sequence[Card]) -> None:
    if len(set(cards)) != len(cards):
        raise MeldError("the same physical card was given twice")


def _make_set(naturals: Sequence[Card], jokers: Sequence[Card]) -> Meld:
    rank = naturals[0].rank
    cards = sorted(naturals, key=_set_order) + sorted(jokers, key=card_key)
    stands = [(c.rank, c.suit) for c in cards[:len(naturals)]] + [(rank, "")] * len(jokers)
    return Meld(SET, tuple(cards), tuple(stands))


def _make_run(suit: str, low: int, high: int, by_pos: dict[int, Card],
              jokers: Sequence[Card]) -> Meld:
    """A run from ``low`` to ``high`` (positions): naturals at ``by_pos``, jokers (taken in
    the given order) in every other position."""
    cards, stands, j = [], [], 0
    for pos in range(low, high + 1):
        card = by_pos.get(pos)
        if card is None:
            card = jokers[j]
            j += 1
        cards.append(card)
        stands.append((_rank_at(pos), suit))
    return Meld(RUN, tuple(cards), tuple(stands))


def _ace_positions(rules: MeldRules) -> tuple[int, ...]:
    return (1, 14) if rules.ace == "both" else (1,)


def _position_maps(naturals: Sequence[Card], rules: MeldRules) -> list[dict[int, Card]]:
    """Every way to give the natural cards (one suit) run positions: an ace may be low or
    high. Empty if two cards would share a position (a run never repeats a rank)."""
    maps: list[dict[int, Card]] = [{}]
    for c in naturals:
        options = _ace_positions(rules) if c.rank == 14 else (c.rank,)
        maps = [{**m, p: c} for m in maps for p in options if p not in m]
    return maps


def _run_bounds_ok(low: int, high: int, rules: MeldRules) -> bool:
    return low >= 1 and high <= rules.top_position and not (low == 1 and high == 14)


def melds_from(cards: Iterable[Card], rules: MeldRules) -> list[Meld]:
    """Every distinct valid way to read ``cards`` (all of them) as ONE meld.

    Several readings when a joker could stand for different cards (``7S 8S JK`` is 6-7-8 or
    7-8-9, RC-7) or an ace could be low or high; the list is empty if the cards form no
    meld. A set never mixes ranks (RC-4), a run never holds two cards of one rank, runs come
    in order whatever order the cards were given (RC-6). Sets come first, then runs from the
    lowest. Implements DUN-2, DUN-3, ELV-2, ELV-3, TONK-2.

    Raises ``MeldError`` if a physical card is given twice.
    """
    cards = list(cards)
    _distinct(cards)
    naturals = [c for c in cards if not c.is_joker]
    jokers = sorted((c for c in cards if c.is_joker), key=card_key)
    if not naturals or (jokers and not rules.jokers):
        return []
    if rules.joker_majority and len(jokers) >= len(naturals):
        return []
    out: list[Meld] = []
    if len(cards) >= rules.min_set and len({c.rank for c in naturals}) == 1:
        suits = [c.suit for c in naturals]
        if rules.set_repeats_suits or (len(set(suits)) == len(suits) and len(cards) <= 4):
            out.append(_make_set(naturals, jokers))
    if len(cards) >= rules.min_run and len({c.suit for c in naturals}) == 1:
        suit = naturals[0].suit
        for by_pos in _position_maps(naturals, rules):
            low, high = min(by_pos), max(by_pos)
            gaps = high - low + 1 - len(naturals)
            extra = len(jokers) - gaps
            if extra < 0:
                continue
            for below in range(extra + 1):
                lo, hi = low - below, high + extra - below
                if _run_bounds_ok(lo, hi, rules):
                    out.append(_make_run(suit, lo, hi, by_pos, jokers))
    out.sort(key=lambda m: (m.kind != SET, m.low))
    return _unique(out)


def _unique(melds: Iterable[Meld]) -> list[Meld]:
    seen, out = set(), []
    for m in melds:
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


def lay_off_options(meld: Meld, cards: Iterable[Card], rules: MeldRules) -> list[Meld]:
    """Every valid meld that results from adding ``cards`` (one or more) to ``meld``.

    A run keeps the cards it has where they are (jokers keep what they stand for, RC-6) and
    grows at its ends; its open ends are those of the meld passed in, so laying off again
    on a result works (RC-8). When the new cards fit in several ways (a joker at either end,
    RC-7) every way is returned, from the one reaching highest down, and the caller chooses.
    The rules' joker majority is kept (DUN-3, ELV-3). Whose meld it is and who may lay a
    joker on it (DUN-10) is the game's business. Implements DUN-9, ELV-8, TONK-7.

    Returns ``[]`` when the cards do not fit (or none are given). Raises ``MeldError`` if a
    card is given twice or is already in the meld.
    """
    new = list(cards)
    _distinct(list(meld.cards) + new)
    if not new:
        return []
    nat = [c for c in new if not c.is_joker]
    jk = sorted((c for c in new if c.is_joker), key=card_key)
    if jk and not rules.jokers:
        return []
    if rules.joker_majority and meld.jokers + len(jk) >= meld.naturals + len(nat):
        return []
    if meld.kind == SET:
        if any(c.rank != meld.rank for c in nat):
            return []
        all_nat = [c for c in meld.cards if not c.is_joker] + nat
        all_jk = [c for c in meld.cards if c.is_joker] + jk
        if not rules.set_repeats_suits:
            suits = [c.suit for c in all_nat]
            if len(set(suits)) != len(suits) or len(all_nat) + len(all_jk) > 4:
                return []
        return [_make_set(all_nat, all_jk)]
    if any(c.suit != meld.suit for c in nat):
        return []
    low, high, n = meld.low, meld.high, len(new)
    old = {low + i: c for i, c in enumerate(meld.cards)}
    out = []
    for by_pos in _position_maps(nat, rules):
        if any(low <= p <= high for p in by_pos):
            continue
        for below in range(n + 1):
            lo, hi = low - below, high + n - below
            if not _run_bounds_ok(lo, hi, rules):
                continue
            if all(lo <= p < low or high < p <= hi for p in by_pos):
                out.append(_make_run(meld.suit, lo, hi, {**old, **by_pos}, jk))
    return _unique(out)


def replace_joker(meld: Meld, natural: Card, rules: MeldRules) -> list[Meld]:
    """DUN-11: ``natural`` takes the place of the joker that stands for it in a run; the
    joker stays in the run and moves to the low or the high end. One result per end that
    keeps the run valid (low end first).

    Returns ``[]`` for a set (jokers in sets are never replaced), when no joker stands for
    ``natural``, or when the rules have no joker replacement (Elvakort, ELV-3). Raises
    ``MeldError`` if ``natural`` is already in the meld.
    """
    if natural in meld.cards:
        raise MeldError(f"{natural} is already in the meld")
    if meld.kind != RUN or natural.is_joker or not rules.joker_replacement:
        return []
    for i, (c, st) in enumerate(zip(meld.cards, meld.stands)):
        if c.is_joker and st == (natural.rank, natural.suit):
            break
    else:
        return []
    joker = meld.cards[i]
    low, high = meld.low, meld.high
    by_pos = {low + k: card for k, card in enumerate(meld.cards)}
    by_pos[low + i] = natural
    out = []
    for lo, hi in ((low - 1, high), (low, high + 1)):
        if _run_bounds_ok(lo, hi, rules):
            out.append(_make_run(meld.suit, lo, hi, by_pos, [joker]))
    return out


# ------------------------------------------------------------------ contracts

_SIZE_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Contract:
    """The melds a player must lay down first in a round.

    Attributes:
        sets: how many sets; ``set_size`` their fewest cards.
        runs: how many runs; ``run_size`` their fewest cards.
        go_out: the contract may only be laid down by going out at once, every card in the
            contract melds (Dunka round 6, DUN-15; Elvakort round 6, ELV-10). The searches
            take ``use_all`` separately; the game passes ``use_all=contract.go_out``.

    Each meld may be longer than its size (DUN-4). Text form: ``"2 sets + 1 four-run"``.
    """

    sets: int = 0
    runs: int = 0
    set_size: int = 3
    run_size: int = 3
    go_out: bool = False

    def __post_init__(self) -> None:
        check_choice("sets", self.sets, [0, 1, 2, 3, 4])
        check_choice("runs", self.runs, [0, 1, 2, 3, 4])
        check_choice("set_size", self.set_size, [2, 3, 4, 5])
        check_choice("run_size", self.run_size, [2, 3, 4, 5, 6, 7])
        check_choice("go_out", self.go_out, [True, False])

    def __str__(self) -> str:
        parts = []
        if self.sets:
            word = "" if self.set_size == 3 else f"{_SIZE_WORDS[self.set_size]}-"
            parts.append(f"{self.sets} {word}set{'s' if self.sets > 1 else ''}")
        if self.runs:
            parts.append(f"{self.runs} {_SIZE_WORDS[self.run_size]}-run"
                         f"{'s' if self.runs > 1 else ''}")
        text = " + ".join(parts) or "no melds"
        return text + (", going out" if self.go_out else "")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form ``{"sets": 2, "runs": 1, "set_size": 3, "run_size": 4, ...}``."""
        return {"sets": self.sets, "runs": self.runs, "set_size": self.set_size,
                "run_size": self.run_size, "go_out": self.go_out}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Contract":
        """Rebuild a contract from ``to_dict``. Raises ``SettingError`` for bad values."""
        names = {"sets", "runs", "set_size", "run_size", "go_out"}
        for key in data:
            if key not in names:
                raise SettingError(key, data[key], sorted(names))
        return cls(**data)


DUNKA_CONTRACTS: tuple[Contract, ...] = (
    Contract(sets=2),
    Contract(sets=1, runs=1, run_size=4),
    Contract(runs=2, run_size=4),
    Contract(sets=3),
    Contract(runs=3, run_size=3),
    Contract(sets=2, runs=1, run_size=4, go_out=True),
)
"""Dunka's six rounds, index 0 = round 1 (rules/dunka.md, table; DUN-15 for round 6)."""

ELVAKORT_CONTRACTS: tuple[Contract, ...] = (
    Contract(sets=2),
    Contract(sets=1, runs=1, run_size=4),
    Contract(runs=2, run_size=4),
    Contract(sets=3),
    Contract(sets=2, runs=1, run_size=4),
    Contract(sets=1, runs=2, run_size=4, go_out=True),
)
"""Elvakort's six rounds, index 0 = round 1 (rules/elvakort.md; runs are 4+, ELV-2; round 6
goes out at once, ELV-10)."""


@dataclass(frozen=True)
class Arrangement:
    """A way to lay melds down from a hand.

    Attributes:
        melds: the melds, sets first, then runs.
        left: the cards left in hand, sorted by ``card_key``.
    """

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]

    def points(self, values: Callable[[Card], int]) -> int:
        """The value of the cards left in hand."""
        return sum(values(c) for c in self.left)

    def __str__(self) -> str:
        melds = " | ".join(map(str, self.melds)) or "no melds"
        return f"{melds} ; left: {' '.join(map(str, self.left)) or '-'}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form ``{"melds": [meld dicts], "left": ["2C", ...]}``."""
        return {"melds": [m.to_dict() for m in self.melds], "left": [str(c) for c in self.left]}

    @classmethod
    def from_dict(cls, data: Any) -> "Arrangement":
        """Rebuild from ``to_dict``. Raises ``MeldError`` if it cannot."""
        if not isinstance(data, dict) or set(data) != {"melds", "left"}:
            raise MeldError(f"not an arrangement: {data!r}")
        try:
            left = tuple(parse_card(t) for t in data["left"])
        except (TypeError, ValueError) as exc:
            raise MeldError(str(exc)) from None
        return cls(tuple(Meld.from_dict(m) for m in data["melds"]), left)


# ------------------------------------------------------------------ the search's packing
#
# A hand's natural cards are counted per card type (suit, rank): type = suit * 13 + rank - 2,
# 4 bits per type in one integer. "Does meld m still fit in rest r" is: x = r + _GUARD - m
# keeps every guard bit set; the new rest is x - _GUARD.

_BITS = 4
_GUARD = sum(8 << (_BITS * t) for t in range(52))


def _type(card: Card) -> int:
    return _SUIT_ORDER[card.suit] * 13 + card.rank - 2


def _type_of(suit_index: int, pos: int) -> int:
    return suit_index * 13 + _rank_at(pos) - 2


class _Hand:
    """A hand split into natural cards by type and jokers, with the packed count."""

    def __init__(self, cards: Sequence[Card], joker_key: Callable[[Card], Any]) -> None:
        _distinct(cards)
        self.by_type: dict[int, list[Card]] = {}
        jokers = []
        for c in cards:
            if c.is_joker:
                jokers.append(c)
            else:
                self.by_type.setdefault(_type(c), []).append(c)
        self.jokers = sorted(jokers, key=joker_key)
        self.packed = 0
        for t, cs in self.by_type.items():
            if len(cs) > 7:
                raise MeldError("more than 7 copies of one card")
            cs.sort(key=card_key)
            self.packed += len(cs) << (_BITS * t)
        self.naturals = len(cards) - len(jokers)

    def count(self, t: int) -> int:
        return len(self.by_type.get(t, ()))

    def taker(self) -> Callable[[int], Card]:
        """A function handing out this hand's natural cards of a type, lowest copy first."""
        queues = {t: list(cs) for t, cs in self.by_type.items()}
        return lambda t: queues[t].pop(0)


def _run_shapes(hand: _Hand, rules: MeldRules, jokers: int, size: int, counter,
                whole: bool = False):
    """Candidate runs as natural-card shapes: yields (suit index, natural positions, gaps,
    need, cap) where need is the fewest jokers making a run of ``size`` and cap the most
    the run may hold. Every subset of the naturals inside an interval is a shape (a card in
    the middle may be kept for a set, RC-3). Every subset looked at is one node of
    ``counter`` (a ``_Counter`` or a ``_Best``, counted before an interval's subsets are
    looked at) and every shape yielded as many more as it has cards: a hand holding every
    position of a suit has tens of thousands of them, and ``_OutOfBudget`` stops the
    building there (issue 13). ``whole=True``: only the shape keeping every natural of its
    interval (at most ~90 per suit; the greedy fallback's candidates)."""
    joker_ok = rules.jokers
    for si in range(4):
        avail = [p for p in range(1, rules.top_position + 1)
                 if (p != 14 or rules.ace == "both") and hand.count(_type_of(si, p))]
        for i, a in enumerate(avail):
            for j in range(i, len(avail)):
                b = avail[j]
                span = b - a + 1
                if span > 13:
                    break
                inner = avail[i + 1:j]
                base_gaps = span - 2 + (a == b) - len(inner)
                if base_gaps > jokers or (base_gaps and not joker_ok):
                    break
                every = (1 << len(inner)) - 1
                counter.spend(1 if whole else every + 1)
                for sub in range(every, every + 1) if whole else range(every + 1):
                    dropped = len(inner) - bin(sub).count("1")
                    gaps = base_gaps + dropped
                    if gaps > jokers or (gaps and not joker_ok):
                        continue
                    pos = [a] + [p for k, p in enumerate(inner) if sub >> k & 1]
                    if b != a:
                        pos.append(b)
                    n = len(pos)
                    need = gaps + max(0, size - span)
                    cap = (13 - n) if joker_ok else 0
                    if rules.joker_majority:
                        cap = min(cap, n - 1)
                    if need > cap or need > jokers:
                        continue
                    counter.spend(n)  # its consumer's work grows with its length
                    yield si, tuple(pos), gaps, need, cap


def _set_limits(rules: MeldRules, size: int, jokers: int) -> tuple[int, Callable]:
    """(fewest naturals in one set, function (naturals, k sets) -> (need, cap) or None)."""
    if not rules.jokers:
        jokers = 0
    xmin = max(1, size - jokers)
    if rules.joker_majority and rules.jokers:
        xmin = max(xmin, (size + 2) // 2)

    def need_cap(a: int, k: int):
        if a < k * xmin:
            return None
        need = max(0, k * size - a)
        if not rules.jokers:
            cap = 0
        else:
            cap = a - k if rules.joker_majority else _BIG
            if not rules.set_repeats_suits:
                cap = min(cap, 4 * k - a)
        if need > cap:
            return None
        return need, cap

    return xmin, need_cap


class _Best:
    """The exact optimiser behind ``best_contract`` and ``best_melds``.

    Runs are chosen first (every combination of candidate run shapes, with repetition
    where the hand holds copies); then every set absorbs all remaining cards of its rank, so
    only which ranks get sets (and how many sets of one rank) is searched; jokers are shared
    by counting: each meld needs some and may hold up to a cap, all jokers being alike.
    """

    def __init__(self, hand: Sequence[Card], rules: MeldRules, values: Callable[[Card], int],
                 sets: int, runs: int, set_size: int, run_size: int, use_all: bool,
                 extra: bool, budget: int | None = None) -> None:
        self.rules, self.values = rules, values
        self.budget = default_budget(len(hand)) if budget is None else budget
        self.nodes = 0
        self.exhausted = False  # set once the budget ran out (building or searching)
        self.h = h = _Hand(hand, lambda c: (-values(c), card_key(c)))
        self.J = len(h.jokers) if rules.jokers else 0
        self.jpref = [0]
        for c in h.jokers:
            self.jpref.append(self.jpref[-1] + values(c))
        self.tv = {t: values(cs[0]) for t, cs in h.by_type.items()}
        self.nat_total = sum(self.tv[t] * len(cs) for t, cs in h.by_type.items())
        self.total = self.nat_total + self.jpref[-1]
        self.S, self.R = sets, runs
        self.set_size, self.run_size = set_size, run_size
        self.use_all, self.extra = use_all, extra
        self.xmin, self.need_cap = _set_limits(rules, set_size, self.J)
        self.cands: list[tuple] = []
        self.built = True  # every candidate run built (False: the budget ran out first)
        if runs or extra:  # "3 sets" never looks at a run: building them was wasted work
            self.built = self._build_candidates(False)
        self.by_suit = [[i for i, c in enumerate(self.cands) if c[5] == si]
                        for si in range(4)]
        # Going out with exactly the contract's melds: after the runs every natural card
        # left must lie in at most `sets` ranks, which prunes most run choices early.
        self.prune = use_all and not extra
        # ranks that may hold a set: (rank, [(shift, type value)]) for types in the hand
        self.ranks = []
        for r in range(2, 15):
            types = [(si * 13 + r - 2) for si in range(4) if h.count(si * 13 + r - 2)]
            if types:
                self.ranks.append((r, [(_BITS * t, self.tv[t]) for t in types]))
        self.best_value = -1
        self.best = None
        self.goal = self.total  # every card melded: nothing better exists

    def _build_candidates(self, whole: bool) -> bool:
        """Fill ``self.cands`` with the candidate runs (``_run_shapes``; ``whole``: only
        whole intervals) as (packed mask, points, naturals, need, cap, suit index,
        positions), most points first; False when the budget ran out while building (the
        candidates built so far are kept)."""
        cands, tv = [], self.tv
        done = True
        try:
            for si, pos, _gaps, need, cap in _run_shapes(self.h, self.rules, self.J,
                                                         self.run_size, self, whole):
                types = [_type_of(si, p) for p in pos]
                mask = sum(1 << (_BITS * t) for t in types)
                cands.append((mask, sum(tv[t] for t in types), len(pos), need, cap, si, pos))
        except _OutOfBudget:
            done = False
        cands.sort(key=lambda c: (-c[1], c[5], c[6]))
        self.cands = cands
        return done

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` more nodes (``_run_shapes``'s counter); raise ``_OutOfBudget``
        once over the budget."""
        self.nodes += nodes
        if self.nodes > self.budget:
            raise _OutOfBudget

    def solve(self):
        if self.use_all and self.h.jokers and not self.rules.jokers:
            return None
        try:
            if not self.built:  # the building spent the budget
                raise _OutOfBudget
            if self.R == 0 or self.cands:
                self._runs(0, self.h.packed, 0, 0, 0, 0, 0, [])
        except _OutOfBudget:  # the node that went over was not searched
            self.nodes = self.budget
            self.exhausted = True
            if self.best is None:
                self._greedy()
        _last_nodes[0] = self.nodes
        return self.best

    def _greedy(self) -> None:
        """The fallback when the budget ran out before any arrangement was found: take
        disjoint runs greedily (fewest jokers needed, then most points), then search the
        sets on what is left, within ``GREEDY_BUDGET`` more nodes. When the budget ran out
        while the candidate runs were built (some suits have none), the runs are taken from
        whole intervals only, built anew within the same extra nodes. With ``extra`` (any
        number of melds) as many disjoint runs as fit are taken, and the sets alone are
        tried first (the better of the two is kept)."""
        self.budget = self.nodes + GREEDY_BUDGET
        if not self.built:
            self._build_candidates(True)
        rest, value, used, need, cap, chosen = self.h.packed, 0, 0, 0, 0, []
        most = len(self.cands) if self.extra else self.R
        if self.extra and self.R == 0:
            try:
                self._sets(rest, value, used, need, cap, [])
            except _OutOfBudget:
                self.nodes = self.budget
                return
        G = _GUARD
        order = sorted(range(len(self.cands)), key=lambda i: (self.cands[i][3], i))
        for i in order:
            if len(chosen) >= most:
                break
            self.nodes += 1
            mask, val, n, nd, cp = self.cands[i][:5]
            if need + nd > self.J:
                continue
            x = rest + G - mask
            if x & G != G:
                continue
            rest = x - G
            chosen.append(i)
            value, used, need, cap = value + val, used + n, need + nd, cap + cp
        if len(chosen) < self.R:
            return
        try:
            self._sets(rest, value, used, need, cap, sorted(chosen))
        except _OutOfBudget:
            self.nodes = self.budget

    def _run_suits(self, rest: int, runs_left: int) -> tuple[int, ...] | None:
        """For a search going out with exactly the contract: the suits the next run may
        be in, or None if no choice of ``runs_left`` runs can leave the natural cards of
        ``rest`` in at most ``S`` ranks (every rank a set, nothing else in hand)."""
        ranks = []  # per suit: bit r set if rest holds that suit's rank r
        for si in range(4):
            m = 0
            for r in range(13):
                if (rest >> (_BITS * (si * 13 + r))) & 15:
                    m |= 1 << r
            ranks.append(m)
        present = [si for si in range(4) if ranks[si]]
        ok: set[int] = set()
        for k in range(1, min(runs_left, len(present)) + 1):
            for suits in combinations(present, k):
                outside = 0
                for si in present:
                    if si not in suits:
                        outside |= ranks[si]
                if bin(outside).count("1") <= self.S:
                    ok.update(suits)
        return tuple(sorted(ok)) or None

    def _runs(self, start, rest, count, value, used, need, cap, chosen):
        if count >= self.R:
            self._sets(rest, value, used, need, cap, chosen)
            if not self.extra or self.best_value == self.goal:
                return
        J, G = self.J, _GUARD
        cands = self.cands
        order: Iterable[int] = range(start, len(cands))
        if self.prune:
            suits = self._run_suits(rest, self.R - count)
            if suits is None:
                return
            order = merge(*(lst[bisect_left(lst, start):]
                            for lst in (self.by_suit[si] for si in suits)))
        for i in order:
            self.nodes += 1
            if self.nodes > self.budget:
                raise _OutOfBudget
            mask, val, n, nd, cp = cands[i][:5]
            if need + nd > J:
                continue
            x = rest + G - mask
            if x & G != G:
                continue
            chosen.append(i)
            self._runs(i, x - G, count + 1, value + val, used + n, need + nd, cap + cp, chosen)
            chosen.pop()
            if self.best_value == self.goal:
                return

    def _sets(self, rest, value, used, need, cap, chosen):
        opts = []  # (naturals of the rank, their value, index in self.ranks)
        absorbable = 0
        repeats = self.rules.set_repeats_suits
        for idx, (r, types) in enumerate(self.ranks):
            a = v = 0
            for shift, tv in types:
                c = (rest >> shift) & 15
                if c:
                    if not repeats:
                        c = 1
                    a += c
                    v += c * tv
            if a >= self.xmin:
                opts.append((a, v, idx))
                absorbable += a
        left_nat = self.h.naturals - used
        if self.use_all and absorbable != left_nat:
            return
        S, J = self.S, self.J
        kmax = S if not self.extra else max(S, 1)
        need_cap = self.need_cap
        jpref = self.jpref
        ks = [0] * len(opts)

        def walk(i, sets, value, need, cap, absorbed):
            self.nodes += 1
            if self.nodes > self.budget:
                raise _OutOfBudget
            if i == len(opts):
                if sets < S or (sets > S and not self.extra):
                    return
                if need > J:
                    return
                placed = min(J, cap)
                if self.use_all and (absorbed != left_nat or placed != J):
                    return
                total = value + jpref[placed]
                if total > self.best_value:
                    self.best_value = total
                    self.best = (list(chosen), [(opts[k][2], ks[k]) for k in range(len(opts))
                                                if ks[k]], placed, rest)
                return
            a, v, _ = opts[i]
            room = S - sets if not self.extra else kmax
            for k in range(0, min(kmax, room) + 1) if room >= 0 else (0,):
                if k == 0:
                    ks[i] = 0
                    walk(i + 1, sets, value, need, cap, absorbed)
                    continue
                nc = need_cap(a, k)
                if nc is None:
                    break
                ks[i] = k
                walk(i + 1, sets + k, value + v, need + nc[0], cap + nc[1], absorbed + a)
                ks[i] = 0
                if self.best_value == self.goal:
                    return

        walk(0, 0, value, need, cap, 0)

    def arrangement(self) -> Arrangement | None:
        if self.best is None:
            return None
        chosen, sets, placed, rest = self.best
        rules, h = self.rules, self.h
        take = h.taker()
        jokers = list(h.jokers[:placed])
        # per meld: (need, cap) so the placed jokers can be shared out
        plans = []
        for i in chosen:
            _, _, n, need, cap, si, pos = self.cands[i]
            plans.append(["run", need, cap, si, pos])
        for idx, k in sets:
            r, types = self.ranks[idx]
            cards = []
            for shift, _ in types:
                t = shift // _BITS
                c = (rest >> shift) & 15
                if not rules.set_repeats_suits:
                    c = min(c, 1)
                cards += [t] * c
            a = len(cards)
            sizes = [a // k + (1 if g < a % k else 0) for g in range(k)]
            at = 0
            for x in sizes:
                grp = cards[at:at + x]
                at += x
                need = max(0, self.set_size - x) if rules.jokers else 0
                cap = (x - 1 if rules.joker_majority else _BIG) if rules.jokers else 0
                if not rules.set_repeats_suits:
                    cap = min(cap, 4 - x)
                plans.append(["set", need, cap, grp])
        spare = placed - sum(p[1] for p in plans)
        counts = []
        for p in plans:
            more = min(spare, p[2] - p[1])
            spare -= more
            counts.append(p[1] + more)
        set_melds, run_melds = [], []
        for p, j in zip(plans, counts):
            mine, jokers = jokers[:j], jokers[j:]
            mine.sort(key=card_key)
            if p[0] == "set":
                set_melds.append(_make_set([take(t) for t in p[3]], mine))
            else:
                si, pos = p[3], p[4]
                by_pos = {q: take(_type_of(si, q)) for q in pos}
                low, high = pos[0], pos[-1]
                extra = j - (high - low + 1 - len(pos))
                low, high = _extend(low, high, extra, rules)
                run_melds.append(_make_run(SUITS[si], low, high, by_pos, mine))
        used = {c for m in set_melds + run_melds for c in m.cards}
        all_cards = [c for cs in h.by_type.values() for c in cs] + h.jokers
        left = tuple(sorted((c for c in all_cards if c not in used), key=card_key))
        return Arrangement(tuple(set_melds + run_melds), left)


def _extend(low: int, high: int, extra: int, rules: MeldRules) -> tuple[int, int]:
    """Grow a run's ends by ``extra`` positions: upwards first, then downwards."""
    while extra and high < rules.top_position and not (low == 1 and high + 1 == 14):
        high += 1
        extra -= 1
    while extra and low > 1 and not (low - 1 == 1 and high == 14):
        low -= 1
        extra -= 1
    if extra:
        raise AssertionError("run has no room for its jokers")
    return low, high


def best_contract(hand: Iterable[Card], contract: Contract, rules: MeldRules,
                  values: Callable[[Card], int] = dunka_value, *, use_all: bool = False,
                  extra: bool = False, budget: int | None = None) -> Arrangement | None:
    """The arrangement laying down exactly ``contract`` from ``hand`` that leaves the fewest
    points in hand, or ``None`` if the hand does not hold the contract.

    Each contract meld may be longer than its base size (DUN-4) and takes as many jokers as
    the rules allow (DUN-3). ``use_all=True``: every card must be in the melds (going out at
    once: DUN-15, ELV-10), else ``None``. ``extra=True``: further melds by ``rules`` may be
    laid with the contract (one reading of ELV-7 "at least the contract's melds"); it needs
    the contract's sizes to equal the rules' (``ValueError`` otherwise). Exact, never greedy,
    no card used twice (RC-1, RC-2, RC-3), when the search finishes within ``budget`` nodes
    (``None``: ``default_budget(len(hand))``); else the best found within that many
    nodes, or a greedy arrangement, or ``None`` if neither found one (see the module
    docstring). Ties go to the first found (deterministic).

    ``values`` gives a card's points; equal cards (same rank and suit, or two jokers) must
    have equal points. Raises ``MeldError`` if a card is given twice.
    """
    if extra and (contract.set_size != rules.min_set or contract.run_size != rules.min_run):
        raise ValueError("extra melds need the contract's meld sizes to be the rules' sizes")
    size_run = max(contract.run_size, rules.min_run)
    size_set = max(contract.set_size, rules.min_set)
    search = _Best(list(hand), rules, values, contract.sets, contract.runs, size_set,
                   size_run, use_all, extra, budget)
    search.solve()
    return search.arrangement()


def best_melds(hand: Iterable[Card], rules: MeldRules,
               values: Callable[[Card], int] = tonk_value, *,
               use_all: bool = False, budget: int | None = None) -> Arrangement | None:
    """Any number of valid melds from ``hand`` leaving the fewest points in hand (Tonk's
    spreads, TONK-7; Elvakort's further melds, ELV-8). Exact (RC-1 … RC-3); an arrangement
    with no melds when nothing can be melded. With ``use_all=True`` returns ``None`` unless
    every card can be melded. Exact when the search finishes within ``budget`` nodes
    (``None``: ``default_budget(len(hand))``), else the best found within that many
    nodes (module docstring). Raises ``MeldError`` if a card is given twice."""
    search = _Best(list(hand), rules, values, 0, 0, rules.min_set, rules.min_run,
                   use_all, True, budget)
    search.solve()
    return search.arrangement()


# ------------------------------------------------------------------ enumerating arrangements


def _set_readings(hand: _Hand, rules: MeldRules, size: int, jokers: int, counter: _Counter):
    """Every set reading: (packed naturals, jokers, (SET, [types])); each one node of
    ``counter``, which raises ``_OutOfBudget`` when the budget is spent."""
    J = jokers if rules.jokers else 0
    for r in range(2, 15):
        types = [si * 13 + r - 2 for si in range(4)]
        counts = [hand.count(t) for t in types]
        if not rules.set_repeats_suits:
            counts = [min(1, c) for c in counts]
        if not any(counts):
            continue
        takes = [[]]
        for t, c in zip(types, counts):
            takes = [tk + [t] * k for tk in takes for k in range(c + 1)]
        for tk in takes:
            x = len(tk)
            if not x:
                continue
            for j in range(0, J + 1):
                if x + j < size:
                    continue
                if rules.joker_majority and j >= x:
                    break
                if not rules.set_repeats_suits and x + j > 4:
                    break
                counter.spend(1)
                packed = sum(1 << (_BITS * t) for t in tk)
                yield packed, j, (SET, tk)


def _run_readings(hand: _Hand, rules: MeldRules, size: int, jokers: int, counter: _Counter,
                  whole: bool = False):
    """Every run reading: (packed naturals, jokers, (RUN, suit index, positions, low, high));
    each one node of ``counter`` (besides ``_run_shapes``' nodes), which raises
    ``_OutOfBudget`` when the budget is spent. ``whole``: only ``_run_shapes``' whole
    intervals."""
    J = jokers if rules.jokers else 0
    for si, pos, gaps, _need, _cap in _run_shapes(hand, rules, J, 1, counter, whole):
        n = len(pos)
        cap = (13 - n) if rules.jokers else 0
        if rules.joker_majority:
            cap = min(cap, n - 1)
        packed = sum(1 << (_BITS * _type_of(si, p)) for p in pos)
        for j in range(gaps, min(cap, J) + 1):
            extra = j - gaps
            for below in range(extra + 1):
                low, high = pos[0] - below, pos[-1] + extra - below
                if high - low + 1 >= size and _run_bounds_ok(low, high, rules):
                    counter.spend(1)
                    yield packed, j, (RUN, si, pos, low, high)


class _Lazy:
    """The items of an iterator, each made when first asked for (``get``)."""

    def __init__(self, items: Iterable) -> None:
        self._items = iter(items)
        self._made: list = []
        self.complete = False  # every item made

    def get(self, i: int):
        """Item ``i`` (0-based), or ``None`` past the last one (items are never None)."""
        made = self._made
        while len(made) <= i:
            item = next(self._items, None)
            if item is None:
                self.complete = True
                return None
            made.append(item)
        return made[i]


def contract_arrangements(cards: Iterable[Card], contract: Contract, rules: MeldRules, *,
                          use_all: bool = False, limit: int | None = DEFAULT_LIMIT,
                          budget: int | None = None) -> list[Arrangement]:
    """Every distinct way to lay down exactly ``contract`` from ``cards`` (each meld possibly
    longer than its base size, DUN-4; any cards may stay in hand unless ``use_all``, DUN-15).

    "Distinct" compares what the cards are (rank, suit, what each joker stands for), not
    which copy of a card is used. At most ``limit`` arrangements (``None``: all), in a
    deterministic order: sets by rank, then runs by suit and position. No card is used
    twice (RC-1). The readings (every set and run the hand could lay, made as the walk
    first reaches them) and the walk over them share ``budget`` nodes (``None``:
    ``default_budget(len(cards))``); when they are spent the arrangements found so far are
    returned, in the same order. If none was found by then and not every run reading had
    been made, the walk is tried once more within ``GREEDY_BUDGET`` more nodes on the runs
    keeping every natural card of their interval (a huge hand still gets some; module
    docstring). Raises ``MeldError`` if a card is given twice.
    """
    cards = list(cards)
    counter = _Counter(default_budget(len(cards)) if budget is None else budget)
    h = _Hand(cards, card_key)
    J = len(h.jokers)
    size_set = max(contract.set_size, rules.min_set)
    size_run = max(contract.run_size, rules.min_run)
    out: list[Arrangement] = []

    def readings(whole: bool) -> list[tuple]:
        return [(_Lazy(_set_readings(h, rules, size_set, J, counter) if contract.sets
                       else ()), contract.sets),
                (_Lazy(_run_readings(h, rules, size_run, J, counter, whole) if contract.runs
                       else ()), contract.runs)]

    want = readings(False)
    try:
        _arrangements_walk(h, want, rules, use_all, limit, counter, out)
    except _OutOfBudget:  # the node that went over was not searched
        counter.nodes = counter.budget
        if not out and contract.runs and not want[1][0].complete:
            counter.budget += GREEDY_BUDGET
            want = readings(True)
            try:
                _arrangements_walk(h, want, rules, use_all, limit, counter, out)
            except _OutOfBudget:
                counter.nodes = counter.budget
    _last_nodes[0] = counter.nodes
    return out


def _arrangements_walk(h: _Hand, want: list[tuple], rules: MeldRules, use_all: bool,
                       limit: int | None, counter: _Counter, out: list[Arrangement]) -> None:
    """``contract_arrangements``' walk: append to ``out`` every arrangement taking
    ``want[0][1]`` set readings of ``want[0][0]`` then ``want[1][1]`` run readings of
    ``want[1][0]`` (``_Lazy`` lists), in order, until ``limit``; one node of ``counter`` per
    reading tried (raises ``_OutOfBudget``)."""
    J = len(h.jokers)
    G = _GUARD
    picks: list[tuple] = []
    last_stage = 1 if want[1][1] else 0
    spend = counter.spend
    # With use_all the last meld must be exactly the cards and jokers still in hand: look it
    # up instead of trying every reading (same results, same order; issue 13's budget).
    exact: dict[tuple, list[int]] = {}
    if use_all:
        last = want[last_stage][0]
        i = 0
        while (reading := last.get(i)) is not None:
            exact.setdefault(reading[:2], []).append(i)
            i += 1

    def walk(stage, start, count, rest, jokers):
        if limit is not None and len(out) >= limit:
            return
        readings, n = want[stage]
        if count == n:
            if stage == 0:
                walk(1, 0, 0, rest, jokers)
            elif not use_all or (rest == 0 and jokers == J):
                out.append(_build(h, picks, rules))
            return
        if use_all and stage == last_stage and count == n - 1:
            candidates: Iterable[int] = [i for i in exact.get((rest, J - jokers), ())
                                         if i >= start]
        else:
            candidates = count_from(start)
        for i in candidates:
            spend(1)
            reading = readings.get(i)
            if reading is None:
                break
            packed, j, desc = reading
            if jokers + j > J:
                continue
            x = rest + G - packed
            if x & G != G:
                continue
            picks.append(desc + (j,))
            walk(stage, i, count + 1, x - G, jokers + j)
            picks.pop()
            if limit is not None and len(out) >= limit:
                return

    walk(0, 0, 0, h.packed, 0)


def _build(h: _Hand, picks: list[tuple], rules: MeldRules) -> Arrangement:
    take = h.taker()
    jokers = list(h.jokers)
    melds = []
    for desc in picks:
        j = desc[-1]
        mine, jokers = jokers[:j], jokers[j:]
        if desc[0] == SET:
            melds.append(_make_set([take(t) for t in desc[1]], mine))
        else:
            _, si, pos, low, high, _ = desc
            by_pos = {p: take(_type_of(si, p)) for p in pos}
            melds.append(_make_run(SUITS[si], low, high, by_pos, mine))
    used = {c for m in melds for c in m.cards}
    everything = [c for cs in h.by_type.values() for c in cs] + h.jokers
    left = tuple(sorted((c for c in everything if c not in used), key=card_key))
    return Arrangement(tuple(melds), left)
