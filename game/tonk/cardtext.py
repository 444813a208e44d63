"""Tonk's cards as text and in Tonk's order (ace low, then suit): the sort key of hands
and spreads, and fast card texts for views and saves."""

from __future__ import annotations

from ..cards import SUITS, Card
from .rules import _FULL_DECK

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def tonk_key(card: Card) -> tuple:
    """Sort key: ace low, then suit (S H D C); a card foreign to Tonk's deck (a joker)
    sorts first instead of failing."""
    return (1 if card.rank == 14 else card.rank, _SUIT_INDEX.get(card.suit, -1))


_RANK_TEXT = [""] * 15
for _c in _FULL_DECK:
    _RANK_TEXT[_c.rank] = _c.rank_text


def _txt(cards) -> list[str]:
    """Card texts (one deck, so no copy numbers; faster than ``str`` for every view)."""
    return [_RANK_TEXT[c.rank] + c.suit for c in cards]


def _sorted(cards) -> list[Card]:
    return sorted(cards, key=tonk_key)
