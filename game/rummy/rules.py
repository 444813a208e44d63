"""Contract rummy's rule sets and settings: what differs between Dunka and
Elvakorts-Rummy as data and hooks (``RuleSet``, ``RULE_SETS``, the scoring of a round),
``Rules`` (the settings) and the game's limits (rounds, turns, save bounds)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, ClassVar

from ..cards import Card
from ..engine import RulesBase, SettingError, check_choice
from ..melds import (DUNKA, DUNKA_CONTRACTS, ELVAKORT, ELVAKORT_CONTRACTS, Contract, MeldRules,
                     dunka_value, elvakort_value)

if TYPE_CHECKING:   # (annotations only: state.py imports this module)
    from .state import State


SAVE_VERSION = 1
ROUNDS = 6
DEAL_FIRST = 10
"""Cards dealt before the pile's first card is turned up; one more follows (DUN-5)."""
LAYDOWN_ALTERNATIVES = 8
"""How many arrangements besides the best one ``legal_actions`` lists for laying down (the
next best of ``LAYDOWN_WAYS``, ranked by the points they leave in hand)."""
LAYDOWN_WAYS = 200
"""The most ways to lay down the contract the search collects and ranks
(``game.rummy.search.laydown_ways_cached``; the lay-down chooser offers them all). Every
normal hand has fewer (11-12 cards: at most ~75 measured over 9,000 random hands and
contracts, in about the time the first 9 took); a hand with several jokers may have
thousands, and the budget bounds the search anyway."""
MAX_ROUND_TURNS = 1000
"""House rule (turn limit): the most turns a round may last. When this many turns have
been played and no one has gone out, the round ends with no winner and everybody scores
their hand, as when the stock cannot be rebuilt (DUN-16). Far above what a round needs:
see the ``game.rummy`` docstring for the measured round lengths."""
MAX_CARDS = 162
"""The most cards of any rule set (Elvakort with three decks, ELV-1): a bound for saves."""
MAX_POINTS = 10_000
"""A bound on one round's points in a save (far above any hand's value)."""
PHASES = ("opening", "draw", "claim", "after_dunk", "play", "round_over", "game_over")


# ---------------------------------------------------------------------------- rule sets

def dunka_score(state: "State", out: int | None) -> list[int]:
    """DUN-14: every player except the one who went out scores the cards left in hand."""
    value = state.ruleset.value
    return [0 if s == out else sum(value(c) for c in hand)
            for s, hand in enumerate(state.hands)]


@dataclass(frozen=True)
class RuleSet:
    """What differs between the contract-rummy games: data and small hooks, no copied code.

    Attributes:
        name: the game's id (``"dunka"``), also ``State.game``.
        melds: meld validity (``game.melds.DUNKA``).
        contracts: the six rounds' contracts; ``go_out`` marks a go-out round (DUN-15).
        players: the allowed player counts.
        copies, jokers: decks shuffled together and jokers (DUN-1) when ``decks`` is None.
        value: a card's points in hand (DUN-14).
        jokers_discardable: jokers may be discarded freely (Dunka no: DUN-10, DUN-12).
        jokers_on_any_meld: a joker may be laid off on another player's meld (Dunka no).
        dunk_go_out: in a go-out round a dunker may go out at once (DUN-15).
        lower_wins: the lowest total wins (DUN-17); else the highest.
        score: ``score(state, out_seat_or_None) -> points per seat`` at the end of a round.
        decks: ``decks(players) -> (copies, jokers)`` when the decks depend on the player
            count (ELV-1); None: ``copies`` and ``jokers`` always.
        turn_up_after_opening: deal all 11 cards, then the opening discards, then turn up
            one stock card onto the pile (ELV-4); False: Dunka's order (DUN-5).
        further_melds: after (and with) the contract, further melds may be laid down
            (ELV-7, ELV-8).
        discard_to_go_out: outside the go-out round a player goes out only by discarding
            the last card: a lay-down, further meld, lay-off or joker replacement that
            would leave no card in hand is not allowed (ELV-10 revised; False: Dunka's
            DUN-13, where melding the last card also goes out).
    """

    name: str
    melds: MeldRules
    contracts: tuple[Contract, ...]
    players: tuple[int, ...]
    copies: int
    jokers: int
    value: Callable[[Card], int]
    jokers_discardable: bool
    jokers_on_any_meld: bool
    dunk_go_out: bool
    lower_wins: bool
    score: Callable[["State", int | None], list[int]]
    decks: Callable[[int], tuple[int, int]] | None = None
    turn_up_after_opening: bool = False
    further_melds: bool = False
    discard_to_go_out: bool = False

    def deck_counts(self, players: int) -> tuple[int, int]:
        """(decks, jokers) shuffled together for ``players`` players (DUN-1, ELV-1)."""
        if self.decks is None:
            return self.copies, self.jokers
        return self.decks(players)


def elvakort_decks(players: int) -> tuple[int, int]:
    """ELV-1: 2–4 players two decks, 5–8 three; two jokers per deck (108 or 162 cards)."""
    copies = 2 if players <= 4 else 3
    return copies, 2 * copies


ELVAKORT_BONUS = 50
"""ELV-13: the player who went out scores 50 more."""


def elvakort_parts(table, hands, out: int | None,
                   value: Callable[[Card], int] = elvakort_value) -> list[tuple[int, int, int]]:
    """ELV-13 per seat: ``(table, hand, bonus)``, the value of the cards in the melds it
    owns on the table (cards others added included), the value of the cards left in its
    hand, and ``ELVAKORT_BONUS`` for the seat that went out (else 0); its round's points
    are ``table - hand + bonus``. ``table``: ``(owner, cards)`` per meld; ``hands``: each
    seat's cards; ``out``: the seat that went out or None; values ELV-12."""
    plus = [0] * len(hands)
    for owner, cards in table:
        plus[owner] += sum(value(c) for c in cards)
    return [(plus[seat], sum(value(c) for c in hand), ELVAKORT_BONUS if seat == out else 0)
            for seat, hand in enumerate(hands)]


def elvakort_score(state: "State", out: int | None) -> list[int]:
    """ELV-13: every player scores + the value of the cards in the melds they own on the
    table (cards others added included) − the value of the cards left in hand; the player
    who went out gets ``ELVAKORT_BONUS`` (``elvakort_parts``). Values ELV-12."""
    parts = elvakort_parts(((owner, meld.cards) for _mid, owner, meld in state.table),
                           state.hands, out, state.ruleset.value)
    return [table - hand + bonus for table, hand, bonus in parts]


DUNKA_RULES = RuleSet(
    name="dunka", melds=DUNKA, contracts=DUNKA_CONTRACTS, players=(2, 3, 4, 5, 6),
    copies=2, jokers=4, value=dunka_value, jokers_discardable=False,
    jokers_on_any_meld=False, dunk_go_out=True, lower_wins=True, score=dunka_score)

ELVAKORT_RULES = RuleSet(
    name="elvakort", melds=ELVAKORT, contracts=ELVAKORT_CONTRACTS,
    players=(2, 3, 4, 5, 6, 7, 8), copies=2, jokers=4, value=elvakort_value,
    jokers_discardable=True, jokers_on_any_meld=True, dunk_go_out=True, lower_wins=False,
    score=elvakort_score, decks=elvakort_decks, turn_up_after_opening=True,
    further_melds=True, discard_to_go_out=True)
"""Elvakorts-Rummy (ELV-1 … ELV-14) as data and hooks on the Dunka engine."""

RULE_SETS: dict[str, RuleSet] = {"dunka": DUNKA_RULES, "elvakort": ELVAKORT_RULES}


@dataclass(frozen=True)
class Rules(RulesBase):
    """The settings of a contract-rummy game, validated.

    Attributes:
        variant: which rule set: ``"dunka"`` or ``"elvakort"``.
        max_reshuffles: how often per round the stock may be rebuilt from the pile (house
            rule on DUN-16, see the ``game.rummy`` docstring); ``None``: no limit (a round in
            which nobody goes out then ends only at the turn limit, ``MAX_ROUND_TURNS``).

    Raises ``SettingError`` for a value that is not allowed.
    """

    variant: str = "dunka"
    max_reshuffles: int | None = 3

    CHOICES: ClassVar[dict[str, tuple]] = {
        "variant": tuple(RULE_SETS),
        "max_reshuffles": (1, 2, 3, 5, 10, None),
    }

    def __post_init__(self) -> None:
        for name, allowed in self.CHOICES.items():
            check_choice(name, getattr(self, name), allowed)

    @property
    def ruleset(self) -> RuleSet:
        return RULE_SETS[self.variant]

    def check_players(self, n: int) -> None:
        """Raise ``SettingError`` unless ``n`` players may play (DUN-1: 2–6; ELV-1: 2–8)."""
        allowed = self.ruleset.players
        if n not in allowed:
            raise SettingError("players", n, allowed)
