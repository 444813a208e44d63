"""Tonk's settings (``Rules``, rules/tonk.md), its limits and constants, and the card
values and order every part of the game uses: ace low (TONK-2, TONK-4), hand totals
(TONK-1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import Card, card_key, make_deck
from ..engine import RulesBase, SettingError, check_choice
from ..melds import tonk_value

HAND_SIZE = 5
TONK_TOTALS = (49, 50)
PHASES = ("start", "play", "hand_over")
ENDS = ("knock", "tonk_out", "out_by_discard", "tonk_deal", "tonk_tie", "dry_stock",
        "turn_limit")
TURN_LIMIT = 200
"""House rule B: the most turns a hand lasts (turns ended by a discard); see the docstring."""
SAVE_VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_CUTS = 100
"""A bound on the rounds of the cut for the first dealer kept in a save (TONK-4)."""
_FULL_DECK = sorted(make_deck(range(2, 15)), key=card_key)
_DECK_SET = frozenset(_FULL_DECK)


@dataclass(frozen=True)
class Rules(RulesBase):
    """Every Tonk setting (rules/tonk.md), validated.

    Attributes:
        stake: the base stake, a whole number of chips ≥ 1 (TONK-3); payouts are units of it.
        no_initial_discard: no card is turned up after the deal; the first player must draw
            from the stock (TONK-4).
        must_lay_spreads: a turn may not end holding a complete spread, except books of aces
            (TONK-9).
        double_only_new_spread: going out without a discard pays 2 only when a new spread was
            laid in that turn; by hits alone it pays 1 (TONK-10).
        hit_lock: a player whose spread was hit since their last turn may not knock on their
            next turn (TONK-13).

    ``CHOICES`` lists the allowed values of the on/off settings; ``stake`` is any whole
    number from ``STAKE_MIN``. Raises ``SettingError`` for a value that is not allowed.
    """

    stake: int = 1
    no_initial_discard: bool = False
    must_lay_spreads: bool = False
    double_only_new_spread: bool = False
    hit_lock: bool = False

    CHOICES: ClassVar[dict[str, tuple]] = {
        "no_initial_discard": (False, True),
        "must_lay_spreads": (False, True),
        "double_only_new_spread": (False, True),
        "hit_lock": (False, True),
    }
    STAKE_MIN: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if not (isinstance(self.stake, int) and not isinstance(self.stake, bool)
                and self.stake >= self.STAKE_MIN):
            raise SettingError("stake", self.stake, ["a whole number of chips, 1 or more"])
        for name, allowed in self.CHOICES.items():
            check_choice(name, getattr(self, name), allowed)

    def check_players(self, n: int) -> None:
        """Raise ``SettingError`` unless 2–4 players (TONK-1)."""
        if not (isinstance(n, int) and MIN_PLAYERS <= n <= MAX_PLAYERS):
            raise SettingError("players", n, range(MIN_PLAYERS, MAX_PLAYERS + 1))


# ---------------------------------------------------------------------------- cards

def low_rank(card: Card) -> int:
    """The card's rank with the ace low (ace 1 … king 13): Tonk's only order (TONK-2, TONK-4)."""
    return 1 if card.rank == 14 else card.rank


def hand_total(cards) -> int:
    """The value of cards in hand (TONK-1): ace 1, 2–10 face value, J/Q/K 10."""
    return sum(tonk_value(c) for c in cards)
