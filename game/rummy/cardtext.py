"""Cards as text, memoized (saves and views write hundreds of cards per action), and
``same_face``: the same card in play whichever deck."""

from __future__ import annotations

from ..cards import Card

_TEXT: dict[Card, str] = {}


def card_text(card: Card) -> str:
    """``str(card)``, memoized: saves and views write hundreds of cards per action."""
    text = _TEXT.get(card)
    if text is None:
        text = _TEXT[card] = str(card)
    return text


def same_face(a: Card, b: Card) -> bool:
    """The same card in play: equal rank and suit, whichever deck (all jokers alike)."""
    return a.rank == b.rank and a.suit == b.suit


def card_texts(cards) -> list[str]:
    """``[str(card) for card in cards]``, memoized."""
    get = _TEXT.get
    return [get(c) or card_text(c) for c in cards]
