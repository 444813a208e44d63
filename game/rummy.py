"""Contract rummy: one engine for Dunka (rules/dunka.md, DUN-1 … DUN-17) and
Elvakorts-Rummy (rules/elvakort.md, ELV-1 … ELV-14), as two *rule sets* of the same code
(``RULE_SETS["dunka"]``, ``RULE_SETS["elvakort"]``; ``Rules(variant="elvakort")``).

Where Elvakort differs, the difference is RuleSet data or a small hook, never copied code:
decks by player count (``RuleSet.decks``, ELV-1: 2 decks for 2–4 players, 3 for 5–8, two
jokers per deck), meld rules (``game.melds.ELVAKORT``: runs 4+, no joker replacement,
ELV-2, ELV-3), jokers discardable and laid on any meld (ELV-3), the deal (11 cards each,
the opening discards, then one stock card turned up on the pile, ``turn_up_after_opening``,
ELV-4), further melds with and after the contract (``further_melds``, ELV-7, ELV-8), table
minus hand scoring with a 50 point bonus (``elvakort_score``, ELV-13) and the highest total
winning (ELV-14), and going out only by a discard in rounds 1–5 (``discard_to_go_out``,
ELV-10 revised: a lay-down, further meld or lay-off that would leave no card to discard
is refused with code ``must_keep_discard`` and not offered; Dunka's DUN-13 lets a player
go out by melding the last card). Claims (ELV-6 = DUN-7), going out at once in round 6
(ELV-10 = DUN-15) and the exhausted stock (ELV-11 = DUN-16, with both house rules below)
run the same code.

Credits (ELV-8): ``State.credits[id]`` lists, for every card of table meld ``id`` in the
meld's card order, the seat that put it there (the owner for the cards laid down, the
layer-off for added cards). Scores go to the meld's owner (ELV-13); the credits are
public and shown in the view (``table[i]["added_by"]``). Kept for Dunka too (harmless).

Seats are 0..n-1 and play goes to the left (seat ``i + 1``). A game is six rounds, each with
its contract (``RuleSet.contracts``); a ``State`` covers all six and carries the scoresheet.

Round flow (``State.phase``):

``opening``     each seat in turn from the dealer's left discards one card (DUN-5); nobody
                may claim. After the dealer's discard the player left of the dealer draws.
``draw``        the seat in turn takes the top of the stock or of the pile (DUN-6). The
                pile's top is the previous discard: taking it is the first, free right to it
                (DUN-7).
``claim``       the seat in turn took from the stock while another discard lay on top: the
                other players (never the discarder, never the seat in turn) may ``dunk`` or
                ``pass``. ``to_act()`` lists the undecided claimers in priority order (nearest
                after the discarder first), cut after the best claim so far: as soon as
                nobody who outranks the best claimer is undecided, the best claimer gets the
                discard plus one penalty card from the stock (DUN-7), whoever dunked first.
                Then the seat in turn goes on with its turn (the dunker gets no turn).
``after_dunk``  only in a go-out round (DUN-15) when the dunker's whole hand now forms the
                contract: the dunker may lay down at once (``meld``) or ``pass``.
``play``        the seat in turn has drawn: it may lay down (``meld``, DUN-8, once per round),
                lay off (``layoff``, DUN-9) and replace jokers (``replace``, DUN-11) after
                laying down, and ends the turn with ``discard`` (DUN-6, DUN-10, DUN-12; not
                the card just taken from the pile, house rule below). The next turn
                starts in ``draw``, unless the round ends there (DUN-16 or the turn limit).
``round_over``  the round's points are on the scoresheet; any seat may say ``next`` to deal
                the next round (an explicit step so that the UI can show a round summary).
``game_over``   after round 6 (no ``next``); ``outcome()`` gives totals and winners.

Action text forms (``str(action)``; read back by ``parse_action(text, player)``)::

    draw stock | draw pile          take a card (DUN-6)
    dunk | pass                     claim the discard out of turn / decline (DUN-7);
                                    ``pass`` also declines going out after a dunk
    meld 7S 7H 7D / 9C 10C JC JK=QC lay down the contract (DUN-8): melds separated by
                                    ``/``; a joker is written with what it stands for,
                                    ``JK=QC`` in a run, ``JK=7`` in a set (a bare ``JK`` is
                                    read when only one reading exists)
                                    Elvakort (ELV-7, ELV-8): the lay-down may hold
                                    further melds beyond the contract's (not in the
                                    go-out round); once laid down, the same ``meld``
                                    text lays down FURTHER melds (one or more valid
                                    sets/runs, any number of turns) before the discard
    layoff 5C m2 [low|high]         add one card to meld m2 on the table (DUN-9); the end
                                    is given only when the card fits at both ends (a
                                    joker, or an ace on a 12-card run)
    replace 9S m3 low|high          put 9S in place of the joker standing for it in run m3;
                                    the joker moves to the chosen end (DUN-11)
    discard 8H                      end the turn (DUN-6, DUN-10, DUN-12)
    next                            deal the next round (after a round's summary)

Lay-down design: ``legal_actions`` lists, whenever the player may lay down and holds the
contract, the arrangement of the whole hand leaving the fewest points (``best_contract``)
followed by up to ``LAYDOWN_ALTERNATIVES`` others (``contract_arrangements``), so the UI and
the bots always have at least one lay-down to offer. Where a card must be kept for the
discard (Elvakort rounds 1–5, ELV-10) arrangements that would meld every card are left
out, and when the best one would, the best arrangement of the hand less one card takes
its place (``_keeping_one``), so a hand that melds completely still lays down. Any other
valid arrangement is also accepted: ``apply`` checks a ``meld`` action by validity
(``_laydown_problem``), not by membership in that bounded list. For "select cards, then
lay down", the UI asks ``laydown_options(player, cards)``: every arrangement of exactly
those cards as the contract, as ``meld`` actions to choose from when there are several.
Further melds (Elvakort, ELV-8) are offered the same bounded way (``_further_cached``): the
arrangement of the hand into any melds leaving the fewest points (keeping a card back
where ELV-10 says so), then each of its melds alone; any other valid further meld is
accepted too.

House rules (shown in the rules text):

- DUN-16: the stock is rebuilt from the pile (minus its top card) at most
  ``Rules.max_reshuffles`` times per round (default 3). When a player must draw and the
  stock is empty and cannot be rebuilt (the pile holds only its top card, or the limit is
  reached), the round ends with no winner and everybody scores their hand (events
  ``stock_exhausted``, ``round_end``). This ends a round in which nobody lays down as long
  as the players keep drawing from the stock.
- DUN-7: a dunk needs a penalty card; when none can be had (stock empty and not
  rebuildable without the claimed card), there is no claim window.
- DUN-15: in the go-out round a dunker whose whole hand (with the discard and the penalty
  card) forms the contract may lay down at once, out of turn (``after_dunk``).
- House rule on DUN-6, no discarding the card just taken (standard in rummy; IllegalAction
  code ``discard_just_taken``): a player who took the top card of the discard pile this
  turn (``draw pile``) may not end that turn by discarding it, nor its twin from the other
  deck (same rank and suit: the same card in play), unless no other discard is legal
  (e.g. every other card is a joker, DUN-10). ``legal_actions`` does not offer it; ``apply``
  refuses it (params ``card``, ``taken``) and changes nothing. ``State.taken`` (and the
  view's ``taken``) names the card until the turn's discard; a stock draw sets nothing.
  A card won by dunking (DUN-7) is *not* restricted: it comes in another player's turn,
  the dunker draws again before discarding, and every dunk takes a penalty card from the
  stock. Without this rule two players can hand one card back and forth through the pile
  for ever: nobody draws from the stock, so the reshuffle limit never comes.
- House rule, turn limit (on DUN-13 and DUN-16): a round lasts at most
  ``MAX_ROUND_TURNS`` turns. ``State.turns`` counts the turns begun this round (the
  opening discards of DUN-5 are no turns; saved; the view shows ``turns`` and
  ``max_turns``). When turn number ``MAX_ROUND_TURNS`` has ended and nobody has gone out,
  the round ends exactly as when no card can be had (DUN-16): no winner, everybody scores
  their hand (DUN-14); the events are ``turn_limit`` (``turns``, ``limit``), then
  ``round_end`` (and ``game_over`` after round 6). If DUN-16 ends the round at the same
  moment, its ``stock_exhausted`` is given instead. This guarantees that every round ends
  whatever the players do (cards circling through the pile, ``max_reshuffles=None``).
  The limit is far above what a round needs. Measured with the limit switched off
  (default rules, 2-6 bot players, 5,040 rounds): rounds of normal and easy bots lasted
  median 30, p90 63, p99 267, at most 352 turns (every round over 236 turns ended by
  DUN-16); rounds of random players at most 754 turns.

Neither house rule changes anything DUN-1 … DUN-18 prescribe for a round that ends by
going out within the limit: the first restricts only a choice the rules leave open (which
card to discard), the second only ends rounds that would otherwise not end.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, ClassVar

from . import checks
from .cards import RANK_VALUES, Card, card_key, make_deck, parse_card, parse_cards
from .digits import is_digits
from .engine import (Action, GameState, IllegalAction, Rng, RulesBase, SaveError,
                     SettingError, check_choice)
from .melds import (DUNKA, DUNKA_CONTRACTS, ELVAKORT, ELVAKORT_CONTRACTS, Arrangement,
                    FULL_BUDGET_CARDS, Contract, Meld, MeldRules, best_contract, best_melds,
                    contract_arrangements, dunka_value, elvakort_value, is_valid,
                    lay_off_options, melds_from, replace_joker)

SAVE_VERSION = 1
ROUNDS = 6
DEAL_FIRST = 10
"""Cards dealt before the pile's first card is turned up; one more follows (DUN-5)."""
LAYDOWN_ALTERNATIVES = 8
"""How many arrangements besides the best one ``legal_actions`` lists for laying down."""
MAX_ROUND_TURNS = 1000
"""House rule (turn limit): the most turns a round may last. When this many turns have
been played and no one has gone out, the round ends with no winner and everybody scores
their hand, as when the stock cannot be rebuilt (DUN-16). Far above what a round needs:
see the module docstring for the measured round lengths."""
MAX_CARDS = 162
"""The most cards of any rule set (Elvakort with three decks, ELV-1): a bound for saves."""
MAX_POINTS = 10_000
"""A bound on one round's points in a save (far above any hand's value)."""
PHASES = ("opening", "draw", "claim", "after_dunk", "play", "round_over", "game_over")

# Permissive meld rules used only to put a ``meld`` action's text into canonical form;
# whether the melds are allowed is checked with the rule set's rules when applied.
_PARSE_RULES = MeldRules(min_set=2, min_run=2, jokers=True, joker_majority=False,
                         ace="both", set_repeats_suits=True, joker_replacement=True)


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


def elvakort_score(state: "State", out: int | None) -> list[int]:
    """ELV-13: every player scores + the value of the cards in the melds they own on the
    table (cards others added included) − the value of the cards left in hand; the player
    who went out gets ``ELVAKORT_BONUS``. Values ELV-12 (``elvakort_value``)."""
    value = state.ruleset.value
    points = [-sum(value(c) for c in hand) for hand in state.hands]
    for _mid, owner, meld in state.table:
        points[owner] += sum(value(c) for c in meld.cards)
    if out is not None:
        points[out] += ELVAKORT_BONUS
    return points


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
            rule on DUN-16, see the module docstring); ``None``: no limit (a round in
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


# ---------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the ``"stock"`` or of the ``"pile"`` (DUN-6, DUN-7)."""

    source: str = "stock"
    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return f"draw {self.source}"


@dataclass(frozen=True)
class Dunk(Action):
    """Claim the discard out of turn (DUN-7)."""

    verb: ClassVar[str] = "dunk"


@dataclass(frozen=True)
class Pass(Action):
    """Decline to claim (DUN-7), or decline to go out after a dunk (DUN-15)."""

    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class LayDown(Action):
    """Lay down the contract (DUN-8): ``melds`` is one tuple of card tokens per meld
    (``"7S"``, ``"7S.1"``, ``"JK=8C"`` in a run, ``"JK=7"`` in a set).

    ``parse_action`` puts melds that read only one way into canonical form (table order,
    jokers by copy, melds sets first); other tokens are kept as given and judged by
    ``apply`` (``invalid_meld``, ``ambiguous_joker``).
    """

    melds: tuple[tuple[str, ...], ...] = ()
    verb: ClassVar[str] = "meld"

    def __str__(self) -> str:
        return "meld " + " / ".join(" ".join(g) for g in self.melds)


@dataclass(frozen=True)
class Layoff(Action):
    """Add ``card`` to the table meld with id ``meld`` (DUN-9); ``end`` (``"low"`` or
    ``"high"``) only when the card fits at both ends."""

    card: Card = None  # type: ignore[assignment]
    meld: int = 0
    end: str | None = None
    verb: ClassVar[str] = "layoff"

    def __str__(self) -> str:
        return f"layoff {self.card} m{self.meld}" + (f" {self.end}" if self.end else "")


@dataclass(frozen=True)
class Replace(Action):
    """Put natural ``card`` in place of the joker standing for it in run ``meld``; the joker
    moves to the ``end`` chosen, ``"low"`` or ``"high"`` (DUN-11)."""

    card: Card = None  # type: ignore[assignment]
    meld: int = 0
    end: str = "high"
    verb: ClassVar[str] = "replace"

    def __str__(self) -> str:
        return f"replace {self.card} m{self.meld} {self.end}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard ``card`` onto the pile, ending the turn (DUN-6, DUN-5 opening round); not a
    card like the one taken from the pile this turn unless nothing else may be discarded
    (house rule, code ``discard_just_taken``, see the module docstring)."""

    card: Card = None  # type: ignore[assignment]
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Next(Action):
    """Deal the next round after a round's summary."""

    verb: ClassVar[str] = "next"


def _norm_token(token: str) -> str:
    """A card token in canonical notation (``"jk.1=8c"`` -> ``"JK.1=8C"``)."""
    body, eq, target = token.strip().upper().partition("=")
    card = parse_card(body)
    if not eq:
        return str(card)
    if not card.is_joker:
        raise ValueError(f"only a joker stands for another card: {token!r}")
    if target in RANK_VALUES or (is_digits(target) and len(target) <= 2
                                 and 2 <= int(target) <= 10):
        return f"{card}={target}"
    t = parse_card(target)
    if t.is_joker:
        raise ValueError("a joker cannot stand for a joker")
    return f"{card}={t}"


def _token_parts(token: str) -> tuple[Card, tuple[int, str] | None]:
    """(card, target) of a canonical token; target ``(rank, suit)`` with suit ``""`` when
    only a rank was given."""
    body, eq, target = token.partition("=")
    card = parse_card(body)
    if not eq:
        return card, None
    if target in RANK_VALUES:
        return card, (RANK_VALUES[target], "")
    if is_digits(target) and len(target) <= 2:
        return card, (int(target), "")
    t = parse_card(target)
    return card, (t.rank, t.suit)


def _readings(tokens: tuple[str, ...], rules: MeldRules) -> list[Meld]:
    """Every meld the tokens can be under ``rules``, honouring the jokers' targets.
    Raises ``MeldError`` / ``CardError`` for bad tokens or a card given twice."""
    parts = [_token_parts(t) for t in tokens]
    cards = [c for c, _ in parts]
    wanted = [t for _, t in parts if t is not None]
    out = []
    for meld in melds_from(cards, rules):
        free = [st for c, st in zip(meld.cards, meld.stands) if c.is_joker]
        ok = True
        for rank, suit in sorted(wanted, key=lambda t: t[1] == ""):
            for k, (r, s) in enumerate(free):
                if r == rank and (suit == "" or meld.kind == "set" or s == suit):
                    del free[k]
                    break
            else:
                ok = False
                break
        if ok:
            out.append(_canonical(meld))
    unique = []
    for m in out:
        if m not in unique:
            unique.append(m)
    return unique


def _canonical(meld: Meld) -> Meld:
    """The same meld with its jokers in copy order across the joker places."""
    jokers = sorted((c for c in meld.cards if c.is_joker), key=card_key)
    if not jokers:
        return meld
    it = iter(jokers)
    cards = tuple(next(it) if c.is_joker else c for c in meld.cards)
    return Meld(meld.kind, cards, meld.stands)


def _meld_key(meld: Meld) -> tuple:
    return (meld.kind != "set", meld.low, meld.suit, tuple(meld.tokens()))


def _laydown_from(player: int, melds) -> LayDown:
    melds = sorted((_canonical(m) for m in melds), key=_meld_key)
    return LayDown(player, tuple(tuple(m.tokens()) for m in melds))


def parse_action(text: str, player: int) -> Action:
    """Read an action's text form (see the module docstring) for seat ``player``.

    Raises ``IllegalAction`` with code ``"bad_action_text"`` when the text is not an action.
    """
    words = text.split()
    try:
        verb, args = words[0].lower(), words[1:]
        if verb == "draw" and len(args) == 1 and args[0].lower() in ("stock", "pile"):
            return Draw(player, args[0].lower())
        if verb == "meld" and args:
            groups = " ".join(args).split("/")
            tokens = [tuple(_norm_token(t) for t in g.split()) for g in groups]
            if any(not g for g in tokens):
                raise ValueError("empty meld")
            readings = []
            for g in tokens:
                try:
                    r = _readings(g, _PARSE_RULES)
                except ValueError:
                    r = []
                readings.append(r)
            if all(len(r) == 1 for r in readings):
                return _laydown_from(player, [r[0] for r in readings])
            return LayDown(player, tuple(tokens))
        if verb in ("layoff", "replace") and len(args) in (2, 3):
            card = parse_card(args[0])
            mid = args[1].lower()
            digits = mid[1:] if mid.startswith("m") else mid
            if not is_digits(digits) or len(digits) > 6:
                raise ValueError("a meld is m and its number, like m2")
            meld = int(digits)
            end = args[2].lower() if len(args) == 3 else None
            if end not in (None, "low", "high"):
                raise ValueError("end must be low or high")
            if verb == "layoff":
                return Layoff(player, card, meld, end)
            if end is not None:
                return Replace(player, card, meld, end)
        if verb == "discard" and len(args) == 1:
            return Discard(player, parse_card(args[0]))
        simple = {"dunk": Dunk, "pass": Pass, "next": Next}
        if verb in simple and not args:
            return simple[verb](player)
    except (IndexError, ValueError):
        pass
    raise IllegalAction("bad_action_text", f"not a rummy action: {text!r}", text=text)


# ---------------------------------------------------------------------------- searches

def _keeps_discard(rs: RuleSet, contract: Contract) -> bool:
    """ELV-10 (revised): in this round a player must keep a card to discard, so nothing
    may meld the last card in hand (``RuleSet.discard_to_go_out``, not the go-out round)."""
    return rs.discard_to_go_out and not contract.go_out


def _keeping_one(hand: tuple[Card, ...], search: Callable, value: Callable[[Card], int],
                 whole: Arrangement, rules: MeldRules, sizes: dict[str, int]
                 ) -> Arrangement | None:
    """The best arrangement that keeps at least one card of ``hand`` for the discard
    (ELV-10): ``search(cards) -> Arrangement | None`` run on the hand less each distinct
    card in turn (card order; two copies of one card, or two jokers, are tried once); the
    one leaving the fewest points in hand, the kept card counted, the first on ties.
    ``None`` when no such arrangement has a meld.

    ``whole`` is the best arrangement of the whole hand (it melds every card). A hand of
    more than ``FULL_BUDGET_CARDS`` cards (a claiming player's 40-70) is not searched once
    per card (each search within its budget, 2-3 s in all, issue 13): one card is taken
    out of ``whole`` instead (``_dropping_one``; ``sizes``: the fewest cards of a set and a
    run), and only if no meld can spare one are the searches run."""
    if len(hand) > FULL_BUDGET_CARDS:
        dropped = _dropping_one(whole, rules, value, sizes)
        if dropped is not None:
            return dropped
    best, best_points, tried = None, None, set()
    for i, card in enumerate(hand):
        face = (card.rank, card.suit)
        if face in tried:
            continue
        tried.add(face)
        arr = search(hand[:i] + hand[i + 1:])
        if arr is None or not arr.melds:
            continue
        arr = Arrangement(arr.melds, tuple(sorted(arr.left + (card,), key=card_key)))
        points = arr.points(value)
        if best is None or points < best_points:
            best, best_points = arr, points
    return best


def _dropping_one(whole: Arrangement, rules: MeldRules, value: Callable[[Card], int],
                  sizes: dict[str, int]) -> Arrangement | None:
    """``whole`` with the card of fewest points (the first in meld order on ties) that a
    meld can spare moved to the hand: the meld without it is still a meld of its kind
    (``melds_from``: its first reading) of at least ``sizes[kind]`` cards. ``None`` if no
    meld can spare a card."""
    found = None  # (points, meld index, the meld without the card, the card)
    for i, meld in enumerate(whole.melds):
        if len(meld) <= sizes[meld.kind]:
            continue
        for k, card in enumerate(meld.cards):
            if found is not None and value(card) >= found[0]:
                continue
            rest = meld.cards[:k] + meld.cards[k + 1:]
            readings = [m for m in melds_from(rest, rules) if m.kind == meld.kind]
            if readings:
                found = (value(card), i, readings[0], card)
    if found is None:
        return None
    _, i, smaller, card = found
    melds = whole.melds[:i] + (smaller,) + whole.melds[i + 1:]
    return Arrangement(melds, tuple(sorted(whole.left + (card,), key=card_key)))


@lru_cache(maxsize=4096)
def _laydowns_cached(hand: tuple[Card, ...], variant: str, round_index: int
                     ) -> tuple[tuple[Meld, ...], ...]:
    """The best arrangement then up to ``LAYDOWN_ALTERNATIVES`` others, as meld tuples.
    Where a card must be kept for the discard (ELV-10), none melds every card: the best
    is then the best of the hand less one card (``_keeping_one``)."""
    rs = RULE_SETS[variant]
    contract = rs.contracts[round_index]
    keep = _keeps_discard(rs, contract)
    best = best_contract(hand, contract, rs.melds, rs.value, use_all=contract.go_out)
    if best is not None and keep and not best.left:
        best = _keeping_one(hand, lambda cards: best_contract(
            cards, contract, rs.melds, rs.value), rs.value, best, rs.melds,
            {"set": max(contract.set_size, rs.melds.min_set),
             "run": max(contract.run_size, rs.melds.min_run)})
    if best is None:
        return ()
    out = [best.melds]
    for arr in contract_arrangements(hand, contract, rs.melds, use_all=contract.go_out,
                                     limit=LAYDOWN_ALTERNATIVES + 1):
        if arr.left or not keep:
            out.append(arr.melds)
    return tuple(out)


@lru_cache(maxsize=4096)
def _further_cached(hand: tuple[Card, ...], variant: str, keep: bool = False
                    ) -> tuple[tuple[Meld, ...], ...]:
    """Further melds to offer (ELV-8), bounded: the arrangement of any number of melds
    leaving the fewest points in hand (``best_melds``), then each of its melds alone (at
    most ``LAYDOWN_ALTERNATIVES`` of them). ``keep``: a card must stay for the discard
    (ELV-10), so when the best arrangement melds every card, the best of the hand less
    one card (``_keeping_one``) is offered instead."""
    rs = RULE_SETS[variant]
    best = best_melds(hand, rs.melds, rs.value)
    if best is not None and keep and not best.left:
        best = _keeping_one(hand, lambda cards: best_melds(cards, rs.melds, rs.value),
                            rs.value, best, rs.melds,
                            {"set": rs.melds.min_set, "run": rs.melds.min_run})
    if best is None or not best.melds:
        return ()
    out = [best.melds]
    if len(best.melds) > 1:
        out += [(m,) for m in best.melds[:LAYDOWN_ALTERNATIVES]]
    return tuple(out)


# ---------------------------------------------------------------------------- the state

_TEXT: dict[Card, str] = {}


def _str(card: Card) -> str:
    """``str(card)``, memoized: saves and views write hundreds of cards per action."""
    text = _TEXT.get(card)
    if text is None:
        text = _TEXT[card] = str(card)
    return text


def _same_face(a: Card, b: Card) -> bool:
    """The same card in play: equal rank and suit, whichever deck (all jokers alike)."""
    return a.rank == b.rank and a.suit == b.suit


def _txt(cards) -> list[str]:
    get = _TEXT.get
    return [get(c) or _str(c) for c in cards]


@dataclass
class State(GameState):
    """A six-round contract-rummy game. Build it with ``new_game``; change it only by
    ``apply``.

    ``stock[-1]`` and ``pile[-1]`` are the tops. ``table`` holds ``[id, owner, Meld]``
    (ids ``1, 2, ...`` per round, written ``m1``); ``credits[id]``: per card of that meld
    (in its card order) the seat that put it there (ELV-8). ``known[i]``: cards seat ``i`` took from
    the pile (drawn or dunked) and still holds: public memory. ``discards``: this round's
    ``[seat, card]`` discards in order (public). ``claim_*``: the claim window (DUN-7):
    the discard, its discarder, who passed, who dunked and the best claimer so far
    (``claim_dunked`` lasts until the next discard, so a replayed dunk is refused with
    ``already_claimed``, RC-10). ``sheet``: one
    entry per finished round (round, contract, dealer, who went out, points, totals).
    ``taken``: the card the seat in turn took from the pile this turn (``draw pile``), until
    its discard (house rule ``discard_just_taken``). ``turns``: turns begun this round,
    the current one included (house rule ``MAX_ROUND_TURNS``).
    """

    rules: Rules
    names: list[str]
    first_dealer: int
    round: int
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    rng_state: int
    phase: str = "opening"
    turn: int = 0
    table: list[list] = field(default_factory=list)
    next_meld_id: int = 1
    laid_down: list[bool] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    discards: list[list] = field(default_factory=list)
    reshuffles: int = 0
    claim_card: Card | None = None
    discarder: int | None = None
    claim_passed: list[int] = field(default_factory=list)
    claim_best: int | None = None
    claim_dunked: list[int] = field(default_factory=list)
    last_dunk: int | None = None
    dunker: int | None = None
    sheet: list[dict] = field(default_factory=list)
    seed: int = 0
    taken: Card | None = None
    turns: int = 0
    credits: dict[int, list[int]] = field(default_factory=dict)

    # --------------------------------------------------------------- basic facts

    @property
    def game(self) -> str:  # type: ignore[override]
        return self.rules.variant

    @property
    def ruleset(self) -> RuleSet:
        return self.rules.ruleset

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def contract(self) -> Contract:
        """The current round's contract."""
        return self.ruleset.contracts[self.round - 1]

    def is_over(self) -> bool:
        return self.phase == "game_over"

    def totals(self) -> list[int]:
        """Each seat's total over the finished rounds."""
        return [sum(e["points"][s] for e in self.sheet) for s in range(self.num_players)]

    def outcome(self) -> dict | None:
        """``{"totals": [...], "winners": [seats], "rounds": sheet}`` once over (DUN-17:
        the lowest total wins, equal lowest share; ELV-14: the highest)."""
        if not self.is_over():
            return None
        totals = self.totals()
        best = min(totals) if self.ruleset.lower_wins else max(totals)
        return {"totals": totals, "winners": [s for s, t in enumerate(totals) if t == best],
                "rounds": _copy_sheet(self.sheet)}

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def _meld(self, mid: int) -> list | None:
        for entry in self.table:
            if entry[0] == mid:
                return entry
        return None

    def _can_draw_stock(self, pile_len: int) -> bool:
        """A card can come from the stock, rebuilding it from a pile of ``pile_len`` cards
        if need be (DUN-16 with the reshuffle limit)."""
        if self.stock:
            return True
        limit = self.rules.max_reshuffles
        return pile_len >= 2 and (limit is None or self.reshuffles < limit)

    def claim_order(self) -> list[int]:
        """Who may dunk for the current discard, nearest after the discarder first: every
        seat except the discarder and the seat in turn (DUN-7)."""
        if self.discarder is None:
            return []
        n = self.num_players
        order = [(self.discarder + k) % n for k in range(1, n)]
        return [s for s in order if s != self.turn]

    def _claim_waiting(self) -> list[int]:
        order = self.claim_order()
        cut = order.index(self.claim_best) if self.claim_best is not None else len(order)
        return [s for s in order[:cut] if s not in self.claim_passed]

    def to_act(self) -> list[int]:
        """Who may act now, in priority order: the seat in turn; in a claim window the
        undecided claimers that could still get the discard; the dunker after a dunk in
        the go-out round; every seat between rounds (any may deal on)."""
        if self.phase == "game_over":
            return []
        if self.phase == "claim":
            return self._claim_waiting()
        if self.phase == "after_dunk":
            return [self.dunker]
        if self.phase == "round_over":
            return list(range(self.num_players))
        return [self.turn]

    # --------------------------------------------------------------- legal actions

    def _discards(self, player: int) -> list[Action]:
        """The legal discards: no joker (DUN-10) unless the hand holds only jokers
        (DUN-12); and (house rule) no card like the one taken from the pile this turn
        unless nothing else may be discarded (``_blocked_discard``)."""
        hand = sorted(self.hands[player], key=card_key)
        cards = [c for c in hand if not c.is_joker]
        if self.ruleset.jokers_discardable or not cards:  # DUN-10, DUN-12
            cards = hand
        if self.taken is not None and self.phase == "play" and player == self.turn:
            others = [c for c in cards if not _same_face(c, self.taken)]
            if others:
                cards = others
        return [Discard(player, c) for c in cards]

    def _blocked_discard(self, player: int, card: Card) -> bool:
        """House rule ``discard_just_taken``: ``card`` is like the card ``player`` took
        from the pile this turn (the same card or its twin from the other deck) and
        another discard is legal. A card gained by dunking (DUN-7) is not restricted: it
        is taken in another player's turn, and the dunker draws again before discarding."""
        return (self.taken is not None and self.phase == "play" and player == self.turn
                and card in self.hands[player] and _same_face(card, self.taken)
                and Discard(player, card) not in self._discards(player))

    def _laydown_actions(self, player: int) -> list[LayDown]:
        hand = tuple(sorted(self.hands[player], key=card_key))
        out: list[LayDown] = []
        for melds in _laydowns_cached(hand, self.rules.variant, self.round - 1):
            action = _laydown_from(player, melds)
            if action not in out:
                out.append(action)
        return out

    def _layoff_options(self, card: Card, entry: list) -> list[tuple[str | None, Meld]]:
        """(end, resulting meld) for laying ``card`` on a table meld; end None if only one."""
        meld = entry[2]
        if not card.is_joker:  # a quick test first: this runs for every card and meld
            if meld.kind == "set":
                if card.rank != meld.stands[0][0]:
                    return []
            elif card.suit != meld.suit or not (
                    card.rank == meld.low - 1 or card.rank == meld.high + 1
                    or (card.rank == 14 and meld.low == 2)):
                return []
        opts = lay_off_options(meld, [card], self.ruleset.melds)
        if len(opts) <= 1:
            return [(None, m) for m in opts]
        return sorted((("low" if m.low < meld.low else "high", m) for m in opts),
                      key=lambda o: o[0] != "low")

    def _replace_options(self, card: Card, entry: list) -> list[tuple[str, Meld]]:
        meld = entry[2]
        if card.is_joker or meld.kind != "run" or card.suit != meld.suit \
                or (card.rank, card.suit) not in meld.stands:
            return []
        opts = replace_joker(meld, card, self.ruleset.melds)
        return [("low" if m.low < meld.low else "high", m) for m in opts]

    def _may_lay_joker(self, player: int, entry: list) -> bool:
        return self.ruleset.jokers_on_any_meld or entry[1] == player  # DUN-10

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now, in a stable order: draws (stock, pile);
        dunk, pass; lay-downs (best first, then a bounded set of others); lay-offs and
        joker replacements by card then meld; discards by card; next. Where a card must
        be kept for the discard (ELV-10, ``keeps_discard``) nothing listed melds the last
        card in hand."""
        if player not in self.to_act():
            return []
        phase = self.phase
        if phase == "round_over":
            return [Next(player)]
        if phase == "claim":
            return [Dunk(player), Pass(player)]
        if phase == "opening":
            return self._discards(player)
        if phase == "draw":
            acts: list[Action] = []
            if self._can_draw_stock(len(self.pile)):
                acts.append(Draw(player, "stock"))
            if self.pile:
                acts.append(Draw(player, "pile"))
            return acts
        if phase == "after_dunk":
            return [*self._laydown_actions(player), Pass(player)]
        # play
        acts = []
        if not self.laid_down[player]:
            acts += self._laydown_actions(player)
        else:
            if self.ruleset.further_melds:
                acts += self._further_actions(player)
            hand = sorted(self.hands[player], key=card_key)
            if len(hand) == 1 and self.keeps_discard():
                hand = []  # ELV-10: the last card is for the discard
            for card in hand:
                for entry in self.table:
                    if card.is_joker and not self._may_lay_joker(player, entry):
                        continue
                    for end, _ in self._layoff_options(card, entry):
                        acts.append(Layoff(player, card, entry[0], end))
            if self.ruleset.melds.joker_replacement:
                for card in hand:
                    for entry in self.table:
                        for end, _ in self._replace_options(card, entry):
                            acts.append(Replace(player, card, entry[0], end))
        acts += self._discards(player)
        return acts

    def _further_actions(self, player: int) -> list[LayDown]:
        """Further melds after the contract (ELV-8), a bounded list (``_further_cached``)."""
        hand = tuple(sorted(self.hands[player], key=card_key))
        out: list[LayDown] = []
        keep = _keeps_discard(self.ruleset, self.contract)
        for melds in _further_cached(hand, self.rules.variant, keep):
            action = _laydown_from(player, melds)
            if action not in out:
                out.append(action)
        return out

    # --------------------------------------------------------------- lay-downs

    def _resolve_laydown(self, action: LayDown) -> tuple[list[Meld] | None, IllegalAction | None]:
        """The melds of a lay-down if it is valid now, else the reason it is not."""
        p = action.player
        rs = self.ruleset
        further = self.laid_down[p] and rs.further_melds  # ELV-8
        if further and self.phase != "play":
            return None, IllegalAction("not_your_turn", "it is not your turn")
        if self.laid_down[p] and not further:
            return None, IllegalAction("already_laid_down", "you have laid down this round")
        melds: list[Meld] = []
        for tokens in action.melds:
            try:
                readings = _readings(tuple(tokens), rs.melds)
            except ValueError:
                readings = []
            if not readings:
                return None, IllegalAction("invalid_meld", f"not a meld: {' '.join(tokens)}",
                                           cards=list(tokens))
            if len(readings) > 1:
                return None, IllegalAction(
                    "ambiguous_joker", "say what each joker stands for",
                    cards=list(tokens), options=[" ".join(m.tokens()) for m in readings])
            melds.append(readings[0])
        used = [c for m in melds for c in m.cards]
        if len(set(used)) != len(used):
            return None, IllegalAction("card_twice", "a card is used twice")
        hand = self.hands[p]
        missing = [c for c in used if c not in hand]
        if missing:
            return None, IllegalAction("card_not_in_hand", f"{missing[0]} is not in your hand",
                                       card=str(missing[0]))
        if further:
            problem = self._keep_problem(len(used), len(hand))  # ELV-10
            return (None, problem) if problem else (melds, None)
        contract = self.contract
        sets = [m for m in melds if m.kind == "set"]
        runs = [m for m in melds if m.kind == "run"]
        if rs.further_melds and not contract.go_out:
            # ELV-7: at least the contract's melds (each may be longer); any others are
            # further melds (ELV-8)
            if (sum(len(m) >= contract.set_size for m in sets) < contract.sets
                    or sum(len(m) >= contract.run_size for m in runs) < contract.runs):
                return None, IllegalAction("contract_not_met", f"the contract is {contract}",
                                           contract=str(contract))
        elif (len(sets) != contract.sets or len(runs) != contract.runs
                or any(len(m) < contract.set_size for m in sets)
                or any(len(m) < contract.run_size for m in runs)):
            return None, IllegalAction("contract_not_met",
                                       f"the contract is {contract}", contract=str(contract))
        if contract.go_out and len(used) != len(hand):
            return None, IllegalAction("must_go_out", "lay down every card at once",
                                       contract=str(contract))
        problem = self._keep_problem(len(used), len(hand))  # ELV-10
        return (None, problem) if problem else (melds, None)

    def keeps_discard(self) -> bool:
        """ELV-10 (revised): True when this round a player must keep a card to discard,
        going out only by discarding the last card (Elvakort rounds 1–5); then no
        lay-down, further meld, lay-off or joker replacement may meld the last card in
        hand (code ``must_keep_discard``). False in Dunka (DUN-13) and in round 6."""
        return _keeps_discard(self.ruleset, self.contract)

    def _keep_problem(self, placed: int, held: int) -> IllegalAction | None:
        """ELV-10: the refusal (code ``must_keep_discard``) for a move that would put
        ``placed`` of the ``held`` cards in hand on the table and leave none to discard, in
        a round where a card must be kept; else None."""
        if placed < held or not self.keeps_discard():
            return None
        return IllegalAction("must_keep_discard",
                             "keep a card to discard: you go out by discarding your last "
                             "card", contract=str(self.contract))

    def _laydown_problem(self, action: LayDown) -> IllegalAction | None:
        p = action.player
        if p not in self.to_act() or self.phase not in ("play", "after_dunk"):
            return self.why_illegal(action)
        return self._resolve_laydown(action)[1]

    def apply(self, action: Action) -> list[dict]:
        """As ``GameState.apply``; a ``meld`` (lay-down) is accepted when it is valid
        (``_laydown_problem``), whether or not it is among the listed arrangements."""
        if isinstance(action, LayDown) and not self.is_over() \
                and 0 <= action.player < self.num_players:
            problem = self._laydown_problem(action)
            if problem is not None:
                raise problem
            return self._apply(action)
        return super().apply(action)

    def laydown_options(self, player: int, cards, limit: int = 50) -> list[LayDown]:
        """Every way (at most ``limit``) to lay down the contract with exactly ``cards``
        (Card objects or notation), as ``meld`` actions that ``apply`` accepts now; empty
        when the cards do not form the contract or ``player`` may not lay down now, or
        when they are every card in hand and a card must be kept for the discard
        (``keeps_discard``, ELV-10).

        Elvakort (``further_melds``): when no arrangement of exactly the contract uses
        every card, the best arrangement of the contract plus further melds (ELV-7); once
        laid down, the best arrangement of ``cards`` as further melds (ELV-8)."""
        cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
        rs = self.ruleset
        further = rs.further_melds and self.laid_down[player]
        if player not in self.to_act() or self.phase not in ("play", "after_dunk") \
                or (self.laid_down[player] and not further) or not cards \
                or len(set(cards)) != len(cards) \
                or any(c not in self.hands[player] for c in cards):
            return []
        out = []
        if further:
            arrs = [best_melds(cards, rs.melds, rs.value, use_all=True)]
        else:
            arrs = list(contract_arrangements(cards, self.contract, rs.melds, use_all=True,
                                              limit=limit))
            if not arrs and rs.further_melds and not self.contract.go_out:
                c = self.contract  # ELV-2: the rules' sizes are the contract's minimum
                c = dataclasses.replace(c, set_size=max(c.set_size, rs.melds.min_set),
                                        run_size=max(c.run_size, rs.melds.min_run))
                arrs = [best_contract(cards, c, rs.melds, rs.value, use_all=True,
                                      extra=True)]
        for arr in arrs:
            if arr is None or not arr.melds:
                continue
            action = _laydown_from(player, arr.melds)
            if action not in out and self._resolve_laydown(action)[1] is None:
                out.append(action)
        return out

    # --------------------------------------------------------------- why illegal

    def why_illegal(self, action: Action) -> IllegalAction:
        p = action.player
        phase = self.phase

        def err(code, message, **params):
            return IllegalAction(code, message, **params)

        if isinstance(action, Next):
            return err("round_not_over", "the round is not over")
        if isinstance(action, (Dunk, Pass)) and phase == "claim":
            if p == self.discarder:
                return err("discarder_cannot_claim", "you cannot claim your own discard")
            if p == self.turn:
                return err("declined_discard", "you took from the stock instead")
            if p in self.claim_dunked:
                return err("already_claimed", "you have already dunked for this discard")
            if p in self.claim_passed:
                return err("already_passed", "you have already passed")
            return err("outranked", "a player nearer in turn has claimed the discard")
        if isinstance(action, Dunk):
            if p in self.claim_dunked:
                return err("already_claimed", "you have already dunked for this discard")
            if p == self.discarder and phase in ("draw", "play"):
                return err("discarder_cannot_claim", "you cannot claim your own discard")
            return err("no_claim_window", "there is no discard to claim now")
        if p not in self.to_act():
            if phase == "claim" and p == self.turn:
                return err("claims_pending", "wait for the other players' claims")
            if phase == "round_over":
                return err("round_over", "the round is over")
            return err("not_your_turn", "it is not your turn")
        if phase == "round_over":
            return err("round_over", "the round is over")
        if phase == "claim":
            return err("not_your_turn", "it is not your turn")
        hand = self.hands[p]
        card = getattr(action, "card", None)
        if phase == "opening" and not isinstance(action, Discard):
            return err("opening_discard", "discard one card first")
        if isinstance(action, Draw):
            if phase == "draw":
                if action.source == "pile":
                    return err("pile_empty", "the discard pile is empty")
                return err("stock_empty", "the stock is empty")
            return err("already_drawn", "you have already taken a card")
        if isinstance(action, Pass):
            return err("nothing_to_pass", "there is nothing to pass")
        if phase == "draw":
            return err("must_draw_first", "take a card first")
        if card is not None and card not in hand:
            return err("card_not_in_hand", f"{card} is not in your hand", card=str(card))
        if isinstance(action, Discard):
            if card.is_joker and not self.ruleset.jokers_discardable:
                return err("joker_discard", "jokers may not be discarded", card=str(card))
            if self._blocked_discard(p, card):
                return err("discard_just_taken",
                           f"you took {self.taken} from the discard pile this turn: "
                           "discard another card", card=str(card), taken=str(self.taken))
            if phase == "after_dunk":
                return err("not_your_turn", "it is not your turn")
            return err("illegal", f"{action} is not allowed now")
        if isinstance(action, LayDown):
            return self._resolve_laydown(action)[1] or err("illegal", "not allowed now")
        if isinstance(action, (Layoff, Replace)):
            if phase != "play":
                return err("not_your_turn", "it is not your turn")
            if not self.laid_down[p]:
                return err("not_laid_down", "lay down the contract first")
            entry = self._meld(action.meld)
            if entry is None:
                return err("no_such_meld", f"there is no meld m{action.meld}",
                           meld=action.meld)
            if isinstance(action, Layoff):
                if card.is_joker and not self._may_lay_joker(p, entry):
                    return err("joker_on_others_meld", "jokers go only on your own melds",
                               card=str(card), meld=action.meld)
                opts = self._layoff_options(card, entry)
                if not opts:
                    return err("card_does_not_fit", f"{card} does not fit m{action.meld}",
                               card=str(card), meld=action.meld)
                keep = self._keep_problem(1, len(hand))  # ELV-10
                if keep is not None:
                    return keep
                if action.end is None:
                    return err("choose_end", "say which end: low or high",
                               card=str(card), meld=action.meld)
                return err("bad_end", "the card does not go at that end",
                           card=str(card), meld=action.meld)
            meld = entry[2]
            if card.is_joker:
                return err("joker_for_joker", "replace a joker with a natural card")
            if meld.kind != "run":
                return err("joker_in_set", "jokers in sets are never replaced",
                           meld=action.meld)
            if not self._replace_options(card, entry):
                return err("no_joker_for_card", f"no joker in m{action.meld} stands for "
                           f"{card}", card=str(card), meld=action.meld)
            keep = self._keep_problem(1, len(hand))  # ELV-10
            if keep is not None:
                return keep
            return err("bad_end", "the joker cannot go at that end", meld=action.meld)
        return err("illegal", f"{action} is not allowed now")

    # --------------------------------------------------------------- applying actions

    def _rng(self) -> Rng:
        rng = Rng(0)
        rng.state = self.rng_state
        return rng

    def _take(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _draw_stock(self, events: list[dict]) -> Card:
        """The top stock card, rebuilding the stock from the pile minus its top (DUN-16);
        callers check ``_can_draw_stock`` first."""
        if not self.stock:
            top = self.pile.pop()
            rest, self.pile = self.pile, [top]
            rng = self._rng()
            rng.shuffle(rest)
            self.rng_state = rng.state
            self.stock = rest
            self.reshuffles += 1
            events.append({"type": "reshuffle", "count": len(rest), "times": self.reshuffles})
        return self.stock.pop()

    def _apply(self, action: Action) -> list[dict]:
        p = action.player
        events: list[dict] = []
        if isinstance(action, Next):
            events += self._deal(self.round + 1)
        elif isinstance(action, Discard):
            events += self._discard(p, action.card)
        elif isinstance(action, Draw):
            if action.source == "pile":
                card = self.pile.pop()
                self.hands[p].append(card)
                self.known[p].append(card)
                self.phase, self.taken = "play", card
                events.append({"type": "draw", "player": p, "source": "pile",
                               "card": str(card)})
            else:
                card = self._draw_stock(events)
                self.hands[p].append(card)
                events.append({"type": "draw", "player": p, "source": "stock"})
                self.phase = "play"
                self._open_claims(events)
        elif isinstance(action, Dunk):
            if self.claim_best is None or \
                    self.claim_order().index(p) < self.claim_order().index(self.claim_best):
                self.claim_best = p
            self.claim_dunked.append(p)
            events.append({"type": "dunk", "player": p})
            self._settle_claims(events)
        elif isinstance(action, Pass):
            if self.phase == "after_dunk":
                self.phase, self.dunker = "play", None
                events.append({"type": "pass", "player": p})
            else:
                self.claim_passed.append(p)
                events.append({"type": "pass", "player": p})
                self._settle_claims(events)
        elif isinstance(action, LayDown):
            melds, _ = self._resolve_laydown(action)
            further = self.laid_down[p]
            for m in melds:
                for c in m.cards:
                    self._take(p, c)
                self.table.append([self.next_meld_id, p, m])
                self.credits[self.next_meld_id] = [p] * len(m.cards)
                self.next_meld_id += 1
            self.laid_down[p] = True
            events.append({"type": "meld", "player": p, "melds": [m.to_dict() for m in melds],
                           "ids": [e[0] for e in self.table[-len(melds):]]})
            if self.ruleset.further_melds:
                events[-1]["further"] = further  # ELV-8: melds after the contract
            if self.phase == "after_dunk":
                self.phase, self.dunker = "play", None
            self._check_out(p, events)
            if self.contract.go_out and self.phase not in ("round_over", "game_over"):
                raise AssertionError("a go-out lay-down left cards in hand")
        elif isinstance(action, Layoff):
            entry = self._meld(action.meld)
            new = dict(self._layoff_options(action.card, entry))[action.end]
            self._take(p, action.card)
            self._credit(entry, new, action.card, p)
            entry[2] = new
            events.append({"type": "layoff", "player": p, "card": str(action.card),
                           "meld": action.meld, "result": new.to_dict()})
            self._check_out(p, events)
        elif isinstance(action, Replace):
            entry = self._meld(action.meld)
            new = dict(self._replace_options(action.card, entry))[action.end]
            self._take(p, action.card)
            self._credit(entry, new, action.card, p)
            entry[2] = new
            events.append({"type": "replace", "player": p, "card": str(action.card),
                           "meld": action.meld, "end": action.end, "result": new.to_dict()})
            self._check_out(p, events)
        return events

    def _credit(self, entry: list, new: Meld, card: Card, p: int) -> None:
        """Record that seat ``p`` put ``card`` into table meld ``entry``, now ``new``
        (ELV-8: the card scores for the owner, the credit shows who added it)."""
        mid, owner, old = entry
        by_card = dict(zip(old.cards, self.credits.get(mid, [owner] * len(old.cards))))
        by_card[card] = p
        self.credits[mid] = [by_card.get(c, owner) for c in new.cards]

    def _discard(self, p: int, card: Card) -> list[dict]:
        self._take(p, card)
        self.taken = None
        self.pile.append(card)
        self.discards.append([p, str(card)])
        events: list[dict] = [{"type": "discard", "player": p, "card": str(card)}]
        self.discarder, self.claim_card = p, card
        self.claim_passed, self.claim_best, self.last_dunk = [], None, None
        self.claim_dunked = []
        if self.phase == "opening":
            if p != self.dealer:
                self.turn = self._left(p)
                return events
            self.discarder = self.dealer
            if self.ruleset.turn_up_after_opening:  # ELV-4: the turned-up card is the top
                top = self.stock.pop()
                self.pile.append(top)
                self.discarder = self.claim_card = None
                events.append({"type": "turn_up", "card": str(top)})
        elif not self.hands[p]:  # DUN-13
            events += self._end_round(p)
            return events
        events += self._start_turn(self._left(p))
        return events

    def _start_turn(self, seat: int) -> list[dict]:
        """Seat ``seat`` is to draw; end the round with no winner if no card can be had
        (DUN-16, event ``stock_exhausted``) or (house rule) if ``MAX_ROUND_TURNS`` turns
        have been played this round (event ``turn_limit``)."""
        self.turn, self.phase = seat, "draw"
        if not self._can_draw_stock(len(self.pile)):
            return [{"type": "stock_exhausted"}] + self._end_round(None)
        if self.turns >= MAX_ROUND_TURNS:
            return [{"type": "turn_limit", "turns": self.turns,
                     "limit": MAX_ROUND_TURNS}] + self._end_round(None)
        self.turns += 1
        return [{"type": "turn", "player": seat}]

    def _open_claims(self, events: list[dict]) -> None:
        """After a stock draw: open the claim window for the discard on top (DUN-7)."""
        if self.claim_card is None or not self.pile or self.pile[-1] != self.claim_card:
            return
        if not self.claim_order() or not self._can_draw_stock(len(self.pile) - 1):
            return
        self.phase = "claim"
        events.append({"type": "claim_window", "card": str(self.claim_card),
                       "discarder": self.discarder, "claimers": self.claim_order()})

    def _settle_claims(self, events: list[dict]) -> None:
        if self._claim_waiting():
            return
        winner = self.claim_best
        self.phase = "play"
        if winner is None:
            events.append({"type": "no_claim", "card": str(self.claim_card)})
            return
        card = self.pile.pop()
        self.hands[winner].append(card)
        self.known[winner].append(card)
        penalty = self._draw_stock(events)
        self.hands[winner].append(penalty)
        self.last_dunk, self.claim_best = winner, None
        events.append({"type": "claim", "player": winner, "card": str(card), "penalty": 1})
        if self.contract.go_out and self.ruleset.dunk_go_out \
                and self._laydown_actions(winner):
            self.phase, self.dunker = "after_dunk", winner

    def _check_out(self, p: int, events: list[dict]) -> None:
        if not self.hands[p]:  # DUN-13, DUN-15
            events += self._end_round(p)

    def _end_round(self, out: int | None) -> list[dict]:
        points = self.ruleset.score(self, out)
        totals = [t + pt for t, pt in zip(self.totals(), points)]
        self.sheet.append({"round": self.round, "contract": str(self.contract),
                           "dealer": self.dealer, "out": out, "points": points,
                           "totals": totals, "hands": [_txt(sorted(h, key=card_key))
                                                       for h in self.hands]})
        self.claim_card = self.discarder = self.claim_best = self.last_dunk = None
        self.claim_passed, self.claim_dunked, self.dunker = [], [], None
        self.taken = None
        events = [{"type": "round_end", "round": self.round, "out": out, "points": points,
                   "totals": totals}]
        if self.round >= ROUNDS:
            self.phase = "game_over"
            events.append({"type": "game_over", **self.outcome()})
        else:
            self.phase = "round_over"
        return events

    def _deal(self, round_no: int) -> list[dict]:
        """Shuffle and deal round ``round_no`` (DUN-5): 10 cards each from the dealer's
        left, turn up the pile's first card, an 11th card each; then the opening discards.
        Elvakort (ELV-4, ``turn_up_after_opening``): 11 cards each, the pile starts empty;
        after the opening discards one stock card is turned up (``_discard``)."""
        rs, n = self.ruleset, self.num_players
        self.round = round_no
        self.dealer = (self.first_dealer + round_no - 1) % n
        copies, jokers = rs.deck_counts(n)
        deck = make_deck(range(2, 15), copies=copies, jokers=jokers)
        rng = self._rng()
        rng.shuffle(deck)
        self.rng_state = rng.state
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for _ in range(DEAL_FIRST):
            for s in order:
                hands[s].append(deck.pop())
        self.pile = [] if rs.turn_up_after_opening else [deck.pop()]
        for s in order:
            hands[s].append(deck.pop())
        self.hands, self.stock = hands, deck
        self.table, self.next_meld_id, self.credits = [], 1, {}
        self.laid_down = [False] * n
        self.known = [[] for _ in range(n)]
        self.discards, self.reshuffles, self.turns, self.taken = [], 0, 0, None
        self.claim_card = self.discarder = self.claim_best = self.last_dunk = None
        self.claim_passed, self.claim_dunked, self.dunker = [], [], None
        self.phase, self.turn = "opening", order[0]
        return [{"type": "deal", "round": round_no, "dealer": self.dealer,
                 "contract": str(self.contract),
                 "pile": str(self.pile[-1]) if self.pile else None}]

    def clone(self) -> "State":
        """An independent copy for search (cards and melds are immutable and shared)."""
        c = copy.copy(self)
        c.hands = [list(h) for h in self.hands]
        c.known = [list(k) for k in self.known]
        c.stock, c.pile = list(self.stock), list(self.pile)
        c.table = [list(e) for e in self.table]
        c.credits = {k: list(v) for k, v in self.credits.items()}
        c.laid_down = list(self.laid_down)
        c.discards = list(self.discards)
        c.claim_passed = list(self.claim_passed)
        c.claim_dunked = list(self.claim_dunked)
        c.sheet = _copy_sheet(self.sheet)
        return c

    # --------------------------------------------------------------- views and saves

    def claim_view(self) -> dict | None:
        """The claim window (DUN-7) as every player sees it, or None when closed."""
        if self.phase != "claim":
            return None
        return {"card": str(self.claim_card), "discarder": self.discarder,
                "next": self.turn, "order": self.claim_order(),
                "passed": list(self.claim_passed), "dunked": list(self.claim_dunked),
                "claimed_by": self.claim_best}

    def scoresheet(self) -> dict:
        """The six-round scoresheet: finished rounds, the contracts of all six, totals."""
        return {"rounds": [{k: v for k, v in e.items() if k != "hands"} for e in self.sheet],
                "contracts": [str(c) for c in self.ruleset.contracts],
                "totals": self.totals()}

    def view(self, player: int) -> dict:
        """What seat ``player`` may see, JSON-safe: own hand, the others' card counts,
        the table melds (owner, cards with jokers' stands, ``added_by``: the seat that put
        each card there, ELV-8), the pile (top, size, cards),
        stock size, contract, round, scoresheet, who has laid down, the claim window,
        public memory (``known``: cards each seat took from the pile and holds;
        ``discards``: this round's discards by seat), every hand once a round is over,
        and the house rules' counters: ``taken`` (the card the seat in turn took from the
        pile this turn: it may not be discarded now) and ``turns`` of ``max_turns``."""
        over = self.phase in ("round_over", "game_over")
        return {
            "game": self.game,
            "player": player,
            "names": list(self.names),
            "round": self.round,
            "rounds": ROUNDS,
            "contract": str(self.contract),
            "contract_melds": self.contract.to_dict(),
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act(),
            "hand": _txt(sorted(self.hands[player], key=card_key)),
            "hand_counts": [len(h) for h in self.hands],
            "known": [_txt(k) for k in self.known],
            "table": self._table_view(),
            "laid_down": list(self.laid_down),
            "pile_top": str(self.pile[-1]) if self.pile else None,
            "pile_size": len(self.pile),
            "pile": _txt(self.pile),
            "discards": [list(d) for d in self.discards],
            "stock_size": len(self.stock),
            "reshuffles": self.reshuffles,
            "taken": None if self.taken is None else _str(self.taken),
            "turns": self.turns,
            "max_turns": MAX_ROUND_TURNS,
            "claim": self.claim_view(),
            "last_dunk": self.last_dunk,
            "dunker": self.dunker,
            "scoresheet": self.scoresheet(),
            "revealed": self.sheet[-1]["hands"] if over else None,
            "rules": self.rules.to_dict(),
            "over": self.is_over(),
            "outcome": self.outcome(),
        }

    def _table_view(self) -> list[dict]:
        """The table melds; with further melds (Elvakort, ELV-8) each also has
        ``added_by``, the seat that put each card there (Dunka's view is unchanged)."""
        credits = self.ruleset.further_melds
        out = []
        for mid, owner, m in self.table:
            entry = {"id": mid, "name": f"m{mid}", "owner": owner, "kind": m.kind,
                     "cards": m.tokens()}
            if credits:
                entry["added_by"] = self._added_by(mid, owner, m)
            out.append(entry)
        return out

    def _added_by(self, mid: int, owner: int, meld: Meld) -> list[int]:
        """ELV-8: the seat that put each card of the meld there (the owner's by default)."""
        return list(self.credits.get(mid) or [owner] * len(meld.cards))

    def to_dict(self) -> dict:
        """The whole state, JSON-safe, with a format version (``"v"``); Elvakort saves also
        hold ``credits`` (``[[meld id, [seat per card]], ...]``, ELV-8)."""
        def card_or_none(c):
            return None if c is None else str(c)
        data = {
            "v": SAVE_VERSION, "game": self.game, "rules": self.rules.to_dict(),
            "names": list(self.names), "first_dealer": self.first_dealer,
            "round": self.round, "dealer": self.dealer,
            "hands": [_txt(h) for h in self.hands], "stock": _txt(self.stock),
            "pile": _txt(self.pile), "rng_state": self.rng_state, "seed": self.seed,
            "phase": self.phase, "turn": self.turn,
            "table": [[mid, owner, m.to_dict()] for mid, owner, m in self.table],
            "next_meld_id": self.next_meld_id, "laid_down": list(self.laid_down),
            "known": [_txt(k) for k in self.known],
            "discards": [list(d) for d in self.discards], "reshuffles": self.reshuffles,
            "claim_card": card_or_none(self.claim_card), "discarder": self.discarder,
            "claim_passed": list(self.claim_passed), "claim_best": self.claim_best,
            "claim_dunked": list(self.claim_dunked),
            "last_dunk": self.last_dunk, "dunker": self.dunker,
            "sheet": _copy_sheet(self.sheet),
            "taken": card_or_none(self.taken), "turns": self.turns,
        }
        if self.ruleset.further_melds:  # ELV-8 credits (Dunka's saves are unchanged)
            data["credits"] = [[mid, self._added_by(mid, owner, m)]
                               for mid, owner, m in self.table]
        return data

    _SAVE_KEYS = ("v", "game", "rules", "names", "first_dealer", "round", "dealer", "hands",
                  "stock", "pile", "rng_state", "seed", "phase", "turn", "table",
                  "next_meld_id", "laid_down", "known", "discards", "reshuffles",
                  "claim_card", "discarder", "claim_passed", "claim_best", "claim_dunked",
                  "last_dunk", "dunker", "sheet")
    _LATER_KEYS = ("taken", "turns", "credits")
    """Fields added after the first saves (house rules, ELV-8): older saves lack them."""

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from ``to_dict`` output. Raises ``SaveError`` (naming the field)
        when the data is not a readable save of this engine: a missing or unknown field, a
        value of the wrong type or out of range (``game.checks``), or a state the rules
        cannot reach (``check_integrity``: cards not exactly the game's decks, bad meld
        ids, nobody able to act, ...)."""
        if not isinstance(data, dict) or not isinstance(data.get("game"), str) \
                or data.get("game") not in RULE_SETS \
                or type(data.get("v")) is not int or data.get("v") != SAVE_VERSION:
            raise SaveError(f"not a contract-rummy save of version {SAVE_VERSION}")
        try:
            d = checks.fields(data, "", cls._SAVE_KEYS, cls._LATER_KEYS)
            rules = checks.rules(Rules, d["rules"])
            if rules.variant != d["game"]:
                raise SaveError("the save's game and rules disagree")
            names = checks.names(d["names"], "names", 2, 8)
            n = len(names)
            limit = MAX_CARDS
            table = []
            for i, entry in enumerate(checks.items(d["table"], "table", limit)):
                mid, owner, meld = checks.items(entry, f"table[{i}]", length=3)
                checks.meld_dict(meld, f"table[{i}][2]", limit)
                table.append([checks.whole(mid, f"table[{i}][0]", 1, limit),
                              checks.seat(owner, f"table[{i}][1]", n),
                              _read_meld(meld, f"table[{i}][2]")])
            discards = []
            played = checks.items(d["discards"], "discards", MAX_ROUND_TURNS + 8)
            for i, entry in enumerate(played):
                s, c = checks.items(entry, f"discards[{i}]", length=2)
                discards.append([checks.seat(s, f"discards[{i}][0]", n),
                                 str(checks.card(c, f"discards[{i}][1]"))])
            credits = {}
            for i, entry in enumerate(checks.items(d.get("credits", []), "credits", limit)):
                mid, seats = checks.items(entry, f"credits[{i}]", length=2)
                mid = checks.whole(mid, f"credits[{i}][0]", 1, limit)
                if mid in credits:
                    raise SaveError(f"credits[{i}]: meld m{mid} twice")
                credits[mid] = [checks.seat(s, f"credits[{i}][1][{k}]", n) for k, s in
                                enumerate(checks.items(seats, f"credits[{i}][1]", limit))]
            most = rules.max_reshuffles if rules.max_reshuffles is not None else MAX_CARDS
            state = cls(
                rules=rules, names=names,
                first_dealer=checks.seat(d["first_dealer"], "first_dealer", n),
                round=checks.whole(d["round"], "round", 1, ROUNDS),
                dealer=checks.seat(d["dealer"], "dealer", n),
                hands=checks.card_lists(d["hands"], "hands", n),
                stock=checks.cards(d["stock"], "stock"), pile=checks.cards(d["pile"], "pile"),
                rng_state=checks.whole(d["rng_state"], "rng_state"),
                seed=checks.whole(d["seed"], "seed"),
                phase=checks.choice(d["phase"], "phase", PHASES),
                turn=checks.seat(d["turn"], "turn", n), table=table,
                next_meld_id=checks.whole(d["next_meld_id"], "next_meld_id", 1, limit + 1),
                laid_down=checks.flags(d["laid_down"], "laid_down", n),
                known=checks.card_lists(d["known"], "known", n), discards=discards,
                reshuffles=checks.whole(d["reshuffles"], "reshuffles", 0, most),
                claim_card=checks.opt_card(d["claim_card"], "claim_card"),
                discarder=checks.opt_seat(d["discarder"], "discarder", n),
                claim_passed=checks.seats(d["claim_passed"], "claim_passed", n),
                claim_best=checks.opt_seat(d["claim_best"], "claim_best", n),
                last_dunk=checks.opt_seat(d["last_dunk"], "last_dunk", n),
                claim_dunked=checks.seats(d["claim_dunked"], "claim_dunked", n),
                dunker=checks.opt_seat(d["dunker"], "dunker", n),
                sheet=_read_sheet(d["sheet"], n),
                taken=checks.opt_card(d.get("taken"), "taken"),
                turns=checks.whole(d.get("turns", 0), "turns", 0, MAX_ROUND_TURNS),
                credits=credits,
            )
            for mid, owner, meld in state.table:
                state.credits.setdefault(mid, [owner] * len(meld.cards))
            state.check_integrity()
        except SaveError as exc:
            raise SaveError(f"damaged rummy save: {exc}") from None
        return state

    def all_cards(self) -> list[Card]:
        """Every card in hands, stock, pile and table melds (108 in Dunka; 108 or 162 in
        Elvakort, ELV-1)."""
        cards = [c for h in self.hands for c in h] + self.stock + self.pile
        return cards + [c for _, _, m in self.table for c in m.cards]

    def check_integrity(self) -> None:
        """Raise ``SaveError`` unless the cards are exactly the game's decks, seats and
        phases make sense, melds are valid, ``known`` cards are in their hands, the
        scoresheet has one entry per finished round and someone can act."""
        rs, n = self.ruleset, self.num_players
        try:
            self.rules.check_players(n)
        except SettingError as exc:
            raise SaveError(str(exc)) from None
        lists = (self.hands, self.known, self.laid_down)
        if any(len(x) != n for x in lists):
            raise SaveError("wrong number of players")
        seats = range(n)
        if not all(s in seats for s in (self.first_dealer, self.dealer, self.turn)):
            raise SaveError("a seat number is out of range")
        optional = (self.discarder, self.claim_best, self.last_dunk, self.dunker)
        if any(s is not None and s not in seats for s in optional) \
                or not all(s in seats for s in self.claim_passed + self.claim_dunked):
            raise SaveError("a seat number is out of range")
        if not 1 <= self.round <= ROUNDS or self.phase not in PHASES \
                or self.dealer != (self.first_dealer + self.round - 1) % n:
            raise SaveError("round, dealer or phase out of range")
        copies, jokers = rs.deck_counts(n)
        deck = make_deck(range(2, 15), copies=copies, jokers=jokers)
        checks.one_each(self.all_cards(), deck, "the game's decks")
        checks.table_ids([mid for mid, _, _ in self.table], self.next_meld_id, "meld")
        ids = [mid for mid, _, _ in self.table]
        for _, owner, meld in self.table:
            if owner not in seats or not self.laid_down[owner] \
                    or not is_valid(meld, rs.melds):
                raise SaveError("a table meld is not valid")
        if not set(self.credits) <= set(ids) or any(
                len(self.credits[mid]) != len(meld.cards)
                or not all(s in seats for s in self.credits[mid])
                for mid, _, meld in self.table if mid in self.credits):
            raise SaveError("the meld credits do not match the table")
        for hand, known in zip(self.hands, self.known):
            if len(set(known)) != len(known) or not all(c in hand for c in known):
                raise SaveError("a known card is not in that player's hand")
        finished = self.round if self.phase in ("round_over", "game_over") else self.round - 1
        if len(self.sheet) != finished or any(
                len(e["points"]) != n for e in self.sheet):
            raise SaveError("the scoresheet does not match the round")
        if self.phase == "game_over" and self.round != ROUNDS:
            raise SaveError("the game ended before round 6")
        if self.phase == "claim" and (self.claim_card is None or not self.pile
                                      or self.pile[-1] != self.claim_card):
            raise SaveError("the claimed discard is not on the pile")
        if self.phase == "after_dunk" and self.dunker is None:
            raise SaveError("no dunker after a dunk")
        if self.phase == "claim":
            order = self.claim_order()
            if self.discarder is None or self.discarder == self.turn or not order \
                    or (self.claim_best is not None and self.claim_best not in order) \
                    or not set(self.claim_passed) <= set(order):
                raise SaveError("the claim window does not fit the seats")
            if not self._can_draw_stock(len(self.pile) - 1):
                raise SaveError("a claim window with no penalty card to give (DUN-7)")
        if self.phase in ("draw", "claim") and self.discarder is not None \
                and self.discarder != (self.turn - 1) % n:
            raise SaveError("the last discard was not made by the seat before the turn")
        if self.phase != "claim" and self.claim_best is not None:
            raise SaveError("a best claimer outside the claim window")
        if self.phase == "opening" and (self.table or any(self.laid_down)
                                        or not self.stock):
            raise SaveError("the opening discards after play has begun")
        if self.taken is not None and self.phase != "play":
            raise SaveError("a card taken from the pile outside a turn's play")
        if not 0 <= self.turns <= MAX_ROUND_TURNS:
            raise SaveError(f"turns must be 0 … {MAX_ROUND_TURNS}")
        if not self.is_over() and not any(self.legal_actions(s) for s in self.to_act()):
            raise SaveError("nobody can act in a game that is not over")


def _copy_sheet(sheet: list[dict]) -> list[dict]:
    """A copy of the scoresheet (much faster than ``copy.deepcopy``)."""
    return [{**e, "points": list(e["points"]), "totals": list(e["totals"]),
             "hands": [list(h) for h in e["hands"]]} for e in sheet]


def _read_sheet(sheet, n: int) -> list[dict]:
    """The scoresheet of a save: one entry per finished round (at most ``ROUNDS``), each
    with its round number in order, ``n`` points and totals and the ``n`` hands shown.
    Raises ``SaveError`` naming the field."""
    out = []
    for i, e in enumerate(checks.items(sheet, "sheet", ROUNDS)):
        w = f"sheet[{i}]"
        e = checks.fields(e, w, ("round", "contract", "dealer", "out", "points", "totals",
                                 "hands"))
        out.append({"round": checks.whole(e["round"], f"{w}.round", i + 1, i + 1),
                    "contract": checks.text(e["contract"], f"{w}.contract"),
                    "dealer": checks.seat(e["dealer"], f"{w}.dealer", n),
                    "out": checks.opt_seat(e["out"], f"{w}.out", n),
                    "points": [checks.whole(x, f"{w}.points[{k}]", -MAX_POINTS, MAX_POINTS)
                               for k, x in enumerate(checks.items(e["points"], f"{w}.points",
                                                                  length=n))],
                    "totals": [checks.whole(x, f"{w}.totals[{k}]", -MAX_POINTS * ROUNDS,
                                            MAX_POINTS * ROUNDS)
                               for k, x in enumerate(checks.items(e["totals"], f"{w}.totals",
                                                                  length=n))],
                    "hands": [_txt(h) for h in checks.card_lists(e["hands"], f"{w}.hands",
                                                                 n)]})
    return out


def _read_meld(data: dict, where: str) -> Meld:
    """A table meld from its checked dict; ``SaveError`` when it cannot be read."""
    try:
        return Meld.from_dict(data)
    except ValueError:
        raise checks.fail(where, "not a meld") from None


def new_game(rules: Rules, player_names: list[str], seed: int, *,
             dealer: int | None = None) -> State:
    """Shuffle with ``seed`` and deal round 1 (DUN-5).

    Args:
        rules: the settings (``Rules()`` is Dunka).
        player_names: the names, seat order (clockwise); 2–6 for Dunka (DUN-1).
        seed: any int; the same seed and names replay the same game.
        dealer: the first dealer; by default chosen at random with the seeded RNG (DUN-5).
            The deal rotates to the left every round.

    Raises ``SettingError`` for a bad player count or dealer.
    """
    n = len(player_names)
    rules.check_players(n)
    rng = Rng(seed)
    if dealer is None:
        dealer = rng.below(n)
    elif not isinstance(dealer, int) or not 0 <= dealer < n:
        raise SettingError("dealer", dealer, range(n))
    state = State(rules=rules, names=list(player_names), first_dealer=dealer, round=1,
                  dealer=dealer, hands=[[] for _ in range(n)], stock=[], pile=[],
                  rng_state=rng.state, seed=seed)
    state._deal(1)
    return state
