"""Single melds for the rummy games: what makes a meld valid in each game (``MeldRules``:
``DUNKA``, ``ELVAKORT``, ``TONK``), the cards' points, the ``Meld`` value with its text and
dict forms, reading and checking melds, building the melds a set of cards makes, laying off
and joker replacement (package docstring: the terms)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from game.cards import JOKER_RANK, RANK_NAMES, RANK_VALUES, SUITS, Card, card_key, parse_card
from game.digits import is_digits
from game.engine import check_choice

SET, RUN = "set", "run"
_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


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

