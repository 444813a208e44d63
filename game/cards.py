"""Playing cards: identity, notation, ordering and decks.

Notation (used by actions, tests, the move log and teaching positions):
rank ``2``..``10``, ``J``, ``Q``, ``K``, ``A``; suit ``S`` (spades), ``H`` (hearts),
``D`` (diamonds), ``C`` (clubs); a joker is ``JK``. Games that shuffle several decks
together give each physical card a copy number, written after a dot: ``7S`` is the
first deck's seven of spades, ``7S.1`` the second deck's, so two 7♠ are never confused.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Iterable

from .digits import is_digits

SUITS = ("S", "H", "D", "C")
"""Suit letters in display order: spades, hearts, diamonds, clubs."""

RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_VALUES = {"J": 11, "Q": 12, "K": 13, "A": 14}
JOKER_RANK = 0
JOKER = "JK"


class CardError(ValueError):
    """A card's text could not be read (bad rank, suit or copy number)."""


@dataclass(frozen=True, order=True)
class Card:
    """One physical playing card.

    Attributes:
        rank: 2..14 (11 = jack, 12 = queen, 13 = king, 14 = ace), or 0 for a joker.
        suit: one of ``SUITS``, or ``""`` for a joker.
        copy: which deck the card came from when several are shuffled together (0 first).

    Cards order by (rank, suit, copy); games that need another order (trump last, suit
    first) sort with their own key.
    """

    rank: int
    suit: str
    copy: int = 0

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit:
                raise CardError("a joker has no suit")
        elif not 2 <= self.rank <= 14 or self.suit not in SUITS:
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
        if self.copy < 0:
            raise CardError("copy number must be 0 or more")

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank == JOKER_RANK

    @property
    def rank_text(self) -> str:
        """The rank as written in notation: ``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return RANK_NAMES.get(self.rank, str(self.rank))

    def __str__(self) -> str:
        base = JOKER if self.is_joker else f"{self.rank_text}{self.suit}"
        return f"{base}.{self.copy}" if self.copy else base

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


card_key = attrgetter("rank", "suit", "copy")
"""Sort key giving the cards' natural order, much faster than comparing ``Card`` objects."""


_PARSED: dict[str, Card] = {}
"""Cards read from their canonical text (``str(card)``), shared: saves, views and actions
read the same few hundred texts over and over (cards are immutable, so one object per
text is safe). Only canonical texts are kept, at most ``_PARSED_MAX`` (a hostile save or
link naming endless copy numbers cannot grow it)."""
_PARSED_MAX = 1024


def parse_card(text: str) -> Card:
    """Read one card from notation (``"10H"``, ``"QS"``, ``"7S.1"``, ``"JK"``).

    Case and surrounding spaces are ignored. Raises ``CardError`` naming the bad text.
    """
    card = _PARSED.get(text) if text.__class__ is str else None
    if card is not None:
        return card
    raw = text.strip().upper()
    body, _, copy_text = raw.partition(".")
    copy = 0
    if copy_text:
        if not is_digits(copy_text) or len(copy_text) > 3:
            raise CardError(f"bad card {text!r}: copy number must be a whole number")
        copy = int(copy_text)
    if body == JOKER:
        card = Card(JOKER_RANK, "", copy)
    else:
        if len(body) < 2:
            raise CardError(f"bad card {text!r}: expected rank and suit, like 10H or QS")
        rank_text, suit = body[:-1], body[-1]
        if suit not in SUITS:
            raise CardError(f"bad card {text!r}: suit must be one of S H D C")
        if rank_text in RANK_VALUES:
            rank = RANK_VALUES[rank_text]
        elif is_digits(rank_text) and len(rank_text) <= 2 and 2 <= int(rank_text) <= 10:
            rank = int(rank_text)
        else:
            raise CardError(f"bad card {text!r}: rank must be 2-10, J, Q, K or A")
        card = Card(rank, suit, copy)
    if len(_PARSED) < _PARSED_MAX and str(card) == text:
        _PARSED[text] = card
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards from space-separated notation or from an iterable of card texts."""
    parts = text.split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def cards_text(cards: Iterable[Card]) -> str:
    """Write cards as space-separated notation, in the given order."""
    return " ".join(str(c) for c in cards)


def make_deck(ranks: Iterable[int], suits: Iterable[str] = SUITS, copies: int = 1,
              jokers: int = 0) -> list[Card]:
    """A fresh, unshuffled deck: every rank in every suit, ``copies`` times, plus jokers.

    Jokers are numbered by copy (``JK``, ``JK.1``, ...). Returns a new list.
    """
    ranks, suits = list(ranks), list(suits)
    deck = [Card(r, s, c) for c in range(copies) for s in suits for r in ranks]
    deck += [Card(JOKER_RANK, "", j) for j in range(jokers)]
    return deck
