"""Durak's actions (DUR-8 … DUR-17) and ``parse_action``, which reads their text forms
(the package docstring lists them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card, card_key, cards_text, parse_card, parse_cards
from ..engine import Action, action_words, bad_action_text

def _cards_tuple(cards) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(cards) if isinstance(cards, str) else cards, key=card_key))


@dataclass(frozen=True)
class Attack(Action):
    """Lead one card or several cards of one rank (DUR-8). Cards are kept sorted."""

    cards: tuple[Card, ...] = ()
    verb: ClassVar[str] = "attack"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards_tuple(self.cards))

    def __str__(self) -> str:
        return f"attack {cards_text(self.cards)}"


@dataclass(frozen=True)
class Throw(Action):
    """Throw in one card whose rank is already on the table (DUR-9)."""

    card: Card = None  # type: ignore[assignment]
    verb: ClassVar[str] = "throw"

    def __str__(self) -> str:
        return f"throw {self.card}"


@dataclass(frozen=True)
class Beat(Action):
    """Lay ``card`` on the unbeaten attack card ``target`` (DUR-5, DUR-12)."""

    card: Card = None  # type: ignore[assignment]
    target: Card = None  # type: ignore[assignment]
    verb: ClassVar[str] = "beat"

    def __str__(self) -> str:
        return f"beat {self.card} {self.target}"


@dataclass(frozen=True)
class Transfer(Action):
    """Pass the attack on by laying a card of the attack's rank beside it (DUR-13)."""

    card: Card = None  # type: ignore[assignment]
    verb: ClassVar[str] = "transfer"

    def __str__(self) -> str:
        return f"transfer {self.card}"


@dataclass(frozen=True)
class Take(Action):
    """The defender declares that they will pick up the table (DUR-15)."""

    verb: ClassVar[str] = "take"


@dataclass(frozen=True)
class Done(Action):
    """A thrower passes: nothing (more) to throw in (DUR-14, DUR-15)."""

    verb: ClassVar[str] = "done"


@dataclass(frozen=True)
class Exchange(Action):
    """Swap the lowest trump in hand for the face-up trump card (DUR-17)."""

    verb: ClassVar[str] = "exchange"


def parse_action(text: str, player: int) -> Action:
    """Read an action's text form (see the module docstring) for seat ``player``.

    Raises ``IllegalAction`` with code ``"bad_action_text"`` when ``text`` is not an
    action's text, or not a str at all (``None``, a number).
    """
    words = action_words("Durak", text)
    try:
        verb, args = words[0].lower(), words[1:]
        if verb == "attack" and args:
            return Attack(player, parse_cards(args))
        if verb == "throw" and len(args) == 1:
            return Throw(player, parse_card(args[0]))
        if verb == "beat" and len(args) == 2:
            return Beat(player, parse_card(args[0]), parse_card(args[1]))
        if verb == "transfer" and len(args) == 1:
            return Transfer(player, parse_card(args[0]))
        simple = {"take": Take, "done": Done, "exchange": Exchange}
        if verb in simple and not args:
            return simple[verb](player)
    except (IndexError, ValueError):
        pass
    raise bad_action_text("Durak", text)
