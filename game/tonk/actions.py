"""Tonk's actions (TONK-6 … TONK-12, ``next``) and ``parse_action``, which reads their text
forms (the package docstring lists them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card, parse_card, parse_cards
from ..digits import is_digits
from ..engine import Action, action_words, bad_action_text
from .cardtext import _sorted, _txt
from .rules import _FULL_DECK

@dataclass(frozen=True)
class Knock(Action):
    """Stop play at the start of the turn and compare totals (TONK-6, TONK-11)."""

    verb: ClassVar[str] = "knock"


@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the ``"stock"`` or of the ``"pile"`` (TONK-6, TONK-12)."""

    source: str = "stock"
    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return f"draw {self.source}"


@dataclass(frozen=True)
class Spread(Action):
    """Lay a new spread from hand (TONK-7). Cards are kept sorted ace low."""

    cards: tuple[Card, ...] = ()
    verb: ClassVar[str] = "spread"

    def __post_init__(self) -> None:
        cards = parse_cards(self.cards) if isinstance(self.cards, str) else self.cards
        object.__setattr__(self, "cards", tuple(_sorted(cards)))

    def __str__(self) -> str:
        return "spread " + " ".join(_txt(self.cards))


@dataclass(frozen=True)
class Hit(Action):
    """Add ``card`` to the spread with id ``spread`` (anyone's, TONK-7)."""

    card: Card = None  # type: ignore[assignment]
    spread: int = 0
    verb: ClassVar[str] = "hit"

    def __str__(self) -> str:
        return f"hit {self.card} s{self.spread}"


@dataclass(frozen=True)
class Discard(Action):
    """End the turn by discarding ``card`` face up (TONK-8)."""

    card: Card = None  # type: ignore[assignment]
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class End(Action):
    """With the stock dry, decline the previous discard: the hand ends (TONK-12)."""

    verb: ClassVar[str] = "end"


@dataclass(frozen=True)
class Next(Action):
    """Deal the next hand after a hand's result."""

    verb: ClassVar[str] = "next"


def parse_action(text: str, player: int) -> Action:
    """Read an action's text form (see the module docstring) for seat ``player``.

    Raises ``IllegalAction`` with code ``"bad_action_text"`` when ``text`` is not an
    action's text, or not a str at all (``None``, a number).
    """
    words = action_words("Tonk", text)
    try:
        verb, args = words[0].lower(), words[1:]
        if verb == "draw" and len(args) == 1 and args[0].lower() in ("stock", "pile"):
            return Draw(player, args[0].lower())
        if verb == "spread" and args:
            if len(args) > len(_FULL_DECK):
                raise ValueError("more cards than the deck holds")
            return Spread(player, tuple(_tonk_card(a) for a in args))
        if verb == "hit" and len(args) == 2:
            sid = args[1].lower()
            sid = sid[1:] if sid.startswith("s") else sid
            if not is_digits(sid) or len(sid) > 3:
                raise ValueError("bad spread id")
            return Hit(player, _tonk_card(args[0]), int(sid))
        if verb == "discard" and len(args) == 1:
            return Discard(player, _tonk_card(args[0]))
        simple = {"knock": Knock, "end": End, "next": Next}
        if verb in simple and not args:
            return simple[verb](player)
    except (IndexError, ValueError):
        pass
    raise bad_action_text("Tonk", text)


def _tonk_card(text: str) -> Card:
    """A card of Tonk's one deck (no jokers, no second-deck copies); ``ValueError`` else."""
    card = parse_card(text)
    if card.is_joker or card.copy:
        raise ValueError(f"{text!r} is not a card of Tonk's deck")
    return card
