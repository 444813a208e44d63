"""Durak's settings (``Rules``, rules/durak.md "Settings summary"), its limits and
constants, which card beats which (DUR-5) and the attack limit of a bout (DUR-10,
DUR-11)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ..cards import Card
from ..engine import RulesBase, SettingError, SettingNeedsPlayers, check_choice

HAND_SIZE = 6
MAX_ATTACK = 6
FIRST_BOUT_MAX_ATTACK = 5
FIRST_BOUT_MIN_PLAYERS = 4
"""DUR-11: "first attack limited to 5" applies only with this many players or more."""
DECK_RANKS = {24: range(9, 15), 36: range(6, 15), 52: range(2, 15)}
SERIES_LENGTHS = ("1", "3", "5", "durak2", "durak3")
THROW_IN = ("attacker", "neighbours", "all")
SAVE_VERSION = 1


@dataclass(frozen=True)
class Rules(RulesBase):
    """Every Durak setting (rules/durak.md, "Settings summary"), validated.

    Attributes:
        transfer: the defender may pass the attack on (DUR-13).
        throw_in: who may throw in: ``"attacker"``, ``"neighbours"`` or ``"all"`` (DUR-9).
        deck: 24, 36 or 52 cards (DUR-1, DUR-2).
        first_bout_limit_5: at most 5 attack cards in the game's first bout; allowed only
            with four or more players (``check_players``; DUR-11).
        trump_exchange: the lowest trump may be swapped for the face-up trump (DUR-17).
        series_length: ``"1"``, ``"3"``, ``"5"`` games, or ``"durak2"``/``"durak3"``: until
            someone has been Durak that many times (DUR-20).
        last_durak_attacked_first: from the second game the player before the last Durak
            attacks first (DUR-7).

    Raises ``SettingError`` for a value that is not allowed.
    """

    transfer: bool = False
    throw_in: str = "all"
    deck: int = 36
    first_bout_limit_5: bool = False
    trump_exchange: bool = False
    series_length: str = "1"
    last_durak_attacked_first: bool = True

    CHOICES: ClassVar[dict[str, tuple]] = {
        "transfer": (False, True),
        "throw_in": THROW_IN,
        "deck": (24, 36, 52),
        "first_bout_limit_5": (False, True),
        "trump_exchange": (False, True),
        "series_length": SERIES_LENGTHS,
        "last_durak_attacked_first": (False, True),
    }
    NEEDS_PLAYERS: ClassVar[dict[str, int]] = {"first_bout_limit_5": FIRST_BOUT_MIN_PLAYERS}
    """On/off settings allowed only from a number of players (DUR-11)."""

    def __post_init__(self) -> None:
        for name, allowed in self.CHOICES.items():
            check_choice(name, getattr(self, name), allowed)

    def check_players(self, n: int) -> None:
        """Raise ``SettingError`` unless ``n`` players may play with these settings: 2–6
        players, the 24-card deck only for 2 (DUR-1), and ``SettingNeedsPlayers`` for
        "first attack limited to 5" with fewer than four (DUR-11)."""
        if not 2 <= n <= 6:
            raise SettingError("players", n, range(2, 7))
        if self.deck == 24 and n != 2:
            raise SettingError("deck", self.deck, (36, 52))
        for name, fewest in self.NEEDS_PLAYERS.items():
            if getattr(self, name) and n < fewest:
                raise SettingNeedsPlayers(name, n, fewest)

    def fitted(self, n: int) -> "Rules":
        """These settings as ``n`` players may have them: "first attack limited to 5" off
        below four players (DUR-11), everything else unchanged. For settings chosen or
        saved before DUR-11 was revised (an old save of two players with it on loads with
        it off); a new game asking for it with fewer players is refused instead."""
        off = {name: False for name, fewest in self.NEEDS_PLAYERS.items()
               if getattr(self, name) and n < fewest}
        return replace(self, **off) if off else self


def beats(card: Card, target: Card, trump: str) -> bool:
    """True when ``card`` beats ``target`` with ``trump`` as trump suit (DUR-5)."""
    if card.suit == target.suit:
        return card.rank > target.rank
    return card.suit == trump


def bout_cap(rules: Rules, n: int, first_bout: bool) -> int:
    """The most attack cards a bout may hold before DUR-10's hand-size limit: 5 in the
    game's first bout when "first attack limited to 5" is on and ``n`` is four or more
    (DUR-11), else 6 (DUR-10)."""
    if first_bout and rules.first_bout_limit_5 and n >= FIRST_BOUT_MIN_PLAYERS:
        return FIRST_BOUT_MAX_ATTACK
    return MAX_ATTACK


def looks_like_first_bout(rules: Rules, hands: list[list[Card]], talon: list[Card],
                          discard: list[Card]) -> bool:
    """Whether a state that does not record it (a save from before DUR-11 was revised, a
    teaching position) is in the game's first bout: no card in the discard pile, nobody has
    drawn (the talon still holds every card not dealt) and nobody has picked up (no hand
    holds more than six cards)."""
    undealt = max(0, len(DECK_RANKS[rules.deck]) * 4 - HAND_SIZE * len(hands))
    return not discard and len(talon) == undealt and all(len(h) <= HAND_SIZE for h in hands)
