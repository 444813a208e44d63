"""Tonk: the rules of ``rules/tonk.md`` (TONK-1 … TONK-14) as a game of the shared protocol.

Seats are 0..n-1 (2–4 players, TONK-1), play goes to the left (seat ``i + 1``). A ``State``
is a whole *session* at one table: many hands, dealt by the engine, with the chip ledger
(``game.ledger.TonkLedger``, ``State.ledger``) that every finished hand's payouts reach.

Hand flow (``State.phase``):

``start``      the seat in turn may ``knock`` (TONK-6, TONK-11; not with the hit lock,
               TONK-13) or draw from the stock or the pile (TONK-6). Once the stock is dry
               (TONK-12) the choices are: take the previous discard (``draw pile``), ``end``
               the hand, or ``knock``.
``play``       the seat in turn has drawn: it may lay spreads (``spread``) and hit any spread
               on the table (``hit``, TONK-7), and ends the turn with ``discard`` (TONK-8,
               TONK-9). A spread or hit that empties the hand ends it at once (tonk out,
               TONK-10); so does a discard that empties it.
``hand_over``  the hand's result is in ``result`` and its payouts in the ledger; any seat
               may say ``next`` to deal the next hand (an explicit step so that the UI can
               show the result; ``to_act()`` lists every seat, the UI decides who presses it).

The first dealer is chosen by a seeded random cut (TONK-4: every player draws a card, ace
low, the highest deals, players tied for the highest cut again); afterwards the deal passes
left, except that a tie of tonks on the deal is redealt by the same dealer (TONK-5, TC-5).

A session has no fixed end: Tonk is played hand after hand (TONK-3). ``is_over()`` is always
False and ``outcome()`` always ``None``; the session ends when the players leave the table,
and the ledger (``view()["balances"]``) is the standing. ``ledger.reset()`` settles up and
starts the balances afresh (hand numbers keep counting).

Action text forms (``str(action)``; read back by ``parse_action(text, player)``)::

    knock               end the hand at the start of a turn, before drawing (TONK-6, TONK-11)
    draw stock          take the top card of the stock (TONK-6)
    draw pile           take the top discard (TONK-6; TONK-12 once the stock is dry)
    spread 3H 4H 5H     lay a new spread from hand (TONK-7); cards listed ace low
    hit 5C s2           add 5C to spread s2 on the table, anyone's (TONK-7)
    discard 8H          end the turn (TONK-8)
    end                 decline the previous discard when the stock is dry: the hand ends
                        and the lowest total is paid (TONK-12)
    next                deal the next hand (after a hand's result)

Spreads get ids ``s1``, ``s2``, ... in the order they are laid in a hand.

House rules (where ``rules/tonk.md`` is silent; to be shown in the rules text):

- Dry stock (TONK-12): when a turn starts with the stock empty, the player may also knock
  (TONK-6 holds at the start of every turn). The cards of the pile are never reshuffled. To
  make every hand end, the dry phase lasts at most one round: after every player has had
  one turn with the stock dry, the hand ends as if the next player had declined (``end``).
- House rule A (``discard_just_taken``): a card taken from the discard pile may not be
  discarded in the same turn, unless it is the only legal discard (then it may). Without it
  a player who always takes the discard and throws it back keeps the stock full for ever.
  ``legal_actions`` never offers such a discard; ``apply`` refuses it with the code
  ``"discard_just_taken"``. The card is ``State.taken`` (``view()["pile_taken"]``).
- House rule B (``turn_limit``): a hand lasts at most ``TURN_LIMIT`` (200) turns, far more
  than normal play needs: in bot play (1,000–2,000 hands per table of 2–4 easy/normal
  players) no hand took more than 43 turns (p99 24–33); even with knocking taken away,
  normal players' hands end by going out or the dry stock within 47 turns (2 players) and
  41 (4 players). Without A and B two players who take every discard never end. When the 200th turn ends with a discard, the hand ends like a dry stock
  (TONK-12): all hands are shown and the lowest total gets 1 from every player not among the
  lowest; the result's ``end`` and the payouts' reason are ``"turn_limit"``. The count is
  ``State.turns`` (turns ended by a discard this hand; ``view()["turns_left"]``); a save
  without it (older saves) counts 0. With A and B every hand ends.
- TONK-9 (must lay spreads) is checked at the discard, the only way a turn ends with cards
  left. Books of aces (three or four aces) may be kept; a run with an ace (A-2-3) may not.
  A knock (before drawing, when no spread may be laid) and ``end`` are not restricted.
- TONK-10 with "double only for a new spread": a tonk out that laid no new spread in that
  turn pays 1 unit; its ledger reason stays ``tonk_out``.
- TONK-11: when the knocker ties the lowest total, "the lowest" are the other players with
  that total (TC-3): the knocker pays them 2 each, and each of them gets 1 from every player
  not among them (the knocker included).
- TONK-13 (hit lock): a player's spread counts as hit when another player hits it; the lock
  applies to that player's next turn start and is lifted once they draw.
- Tonk on the deal (TONK-5): a single tonk ends the hand at once (``hand_over``; the tonker's
  cards are shown). A tie is also a finished hand with no payouts (``tonk_tie``), shown like
  any other; its ``next`` is dealt by the same dealer. Every deal has its own hand number.
- Public memory (``known``): cards a player took from the pile and still holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, ClassVar

from . import checks
from .cards import SUITS, Card, card_key, make_deck, parse_card, parse_cards
from .digits import is_digits
from .engine import (Action, GameState, IllegalAction, Rng, RulesBase, SaveError,
                     SettingError, check_choice)
from .ledger import MAX_HANDS, MAX_STAKE, REASONS, TonkLedger
from .melds import TONK, Meld, MeldError, is_valid, lay_off_options, melds_from, tonk_value

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


_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def tonk_key(card: Card) -> tuple:
    """Sort key: ace low, then suit (S H D C); a card foreign to Tonk's deck (a joker)
    sorts first instead of failing."""
    return (1 if card.rank == 14 else card.rank, _SUIT_INDEX.get(card.suit, -1))


def hand_total(cards) -> int:
    """The value of cards in hand (TONK-1): ace 1, 2–10 face value, J/Q/K 10."""
    return sum(tonk_value(c) for c in cards)


_RANK_TEXT = [""] * 15
for _c in _FULL_DECK:
    _RANK_TEXT[_c.rank] = _c.rank_text


def _txt(cards) -> list[str]:
    """Card texts (one deck, so no copy numbers; faster than ``str`` for every view)."""
    return [_RANK_TEXT[c.rank] + c.suit for c in cards]


def _sorted(cards) -> list[Card]:
    return sorted(cards, key=tonk_key)


# ---------------------------------------------------------------------------- actions

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

    Raises ``IllegalAction`` with code ``"bad_action_text"`` when the text is not an action.
    """
    words = text.split() if isinstance(text, str) else []
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
    raise IllegalAction("bad_action_text", f"not a Tonk action: {text!r}", text=str(text))


def _tonk_card(text: str) -> Card:
    """A card of Tonk's one deck (no jokers, no second-deck copies); ``ValueError`` else."""
    card = parse_card(text)
    if card.is_joker or card.copy:
        raise ValueError(f"{text!r} is not a card of Tonk's deck")
    return card


# ---------------------------------------------------------------------------- spreads in a hand

def spreads_in(cards) -> list[tuple[Card, ...]]:
    """Every valid spread (TONK-2) that can be laid from ``cards``: books of 3–4 cards of a
    rank (every choice of cards), runs of 3+ consecutive cards of a suit, ace low only
    (every sub-run). Each spread's cards are sorted ace low; the list is sorted too."""
    cards = list(cards)
    out: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, {})[low_rank(c)] = c
    for group in by_rank.values():
        group = _sorted(group)
        for size in range(3, min(4, len(group)) + 1):
            out += [tuple(combo) for combo in combinations(group, size)]
    for suit_cards in by_suit.values():
        for lo in sorted(suit_cards):
            hi = lo
            while hi + 1 in suit_cards:
                hi += 1
                if hi - lo + 1 >= 3:
                    out.append(tuple(suit_cards[r] for r in range(lo, hi + 1)))
    return sorted(out, key=lambda s: [tonk_key(c) for c in s])


def holds_spread(cards) -> bool:
    """True when ``cards`` hold a spread that TONK-9 forbids keeping: any spread except a
    book of aces (three aces may be kept; a run A-2-3 may not)."""
    ranks: dict[int, int] = {}
    suits: dict[str, set] = {}
    for c in cards:
        ranks[c.rank] = ranks.get(c.rank, 0) + 1
        suits.setdefault(c.suit, set()).add(1 if c.rank == 14 else c.rank)
    if any(k >= 3 and r != 14 for r, k in ranks.items()):
        return True
    return any(p in ps and p + 1 in ps and p + 2 in ps for ps in suits.values() for p in ps)


def _fits(meld: Meld, card: Card) -> bool:
    """Quick test whether ``card`` alone can hit ``meld`` (the exact one is
    ``lay_off_options``)."""
    if meld.kind == "set":
        return card.rank == meld.rank and len(meld) < 4
    pos = low_rank(card)
    return card.suit == meld.suit and pos in (meld.low - 1, meld.high + 1) and 1 <= pos <= 13


# ---------------------------------------------------------------------------- the state

@dataclass
class State(GameState):
    """A Tonk session in progress. Build it with ``new_game``; change it only by ``apply``.

    ``stock[-1]`` is the next card drawn and ``pile[-1]`` the top discard (the only one
    visible, TONK-6). ``table`` holds ``[id, owner, Meld]`` spreads of the hand. ``known[i]``
    are the cards seat ``i`` took from the pile and still holds (public memory). ``result``
    is the last finished hand's result (see ``_finish``) and stays until the next hand ends.
    ``hit_since[i]`` is True when another player hit seat ``i``'s spread since seat ``i``
    last drew (TONK-13). ``dry_turns`` counts turns begun with the stock empty (TONK-12).
    ``turns`` counts the turns of this hand ended by a discard (house rule B) and ``taken``
    is the card the seat in turn took from the pile in this turn, if any (house rule A).
    """

    game: ClassVar[str] = "tonk"

    rules: Rules
    names: list[str]
    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    dealer: int
    turn: int
    rng_state: int
    ledger: TonkLedger
    seed: int = 0
    hand_no: int = 1
    first_dealer: int = 0
    cut: list = field(default_factory=list)
    phase: str = "start"
    table: list[list] = field(default_factory=list)
    next_spread_id: int = 1
    spread_this_turn: bool = False
    hit_since: list[bool] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    dry_turns: int = 0
    result: dict | None = None
    turns: int = 0
    taken: Card | None = None

    # --------------------------------------------------------------- basic facts

    @property
    def num_players(self) -> int:
        return len(self.names)

    def is_over(self) -> bool:
        """Always False: a Tonk session has no fixed end (see the module docstring)."""
        return False

    def outcome(self) -> dict | None:
        """Always ``None``: the standing is the ledger; a hand's result is ``result``."""
        return None

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def totals(self) -> list[int]:
        """Every seat's hand total now (TONK-1)."""
        return [hand_total(h) for h in self.hands]

    def spread(self, sid: int) -> list | None:
        """The table entry ``[id, owner, Meld]`` with id ``sid``, or ``None``."""
        for entry in self.table:
            if entry[0] == sid:
                return entry
        return None

    def dry(self) -> bool:
        """True when the stock is empty (TONK-12)."""
        return not self.stock

    def knock_locked(self, seat: int) -> bool:
        """True when the hit lock (TONK-13) forbids ``seat`` to knock at its next turn start."""
        return self.rules.hit_lock and self.hit_since[seat]

    def to_act(self) -> list[int]:
        """The seat in turn; every seat between hands (any may deal on with ``next``)."""
        if self.phase == "hand_over":
            return list(range(self.num_players))
        return [self.turn]

    # --------------------------------------------------------------- legal actions

    def _hits(self, player: int) -> list[Action]:
        acts: list[Action] = []
        for card in _sorted(self.hands[player]):
            for sid, _owner, meld in self.table:
                if _fits(meld, card) and lay_off_options(meld, [card], TONK):
                    acts.append(Hit(player, card, sid))
        return acts

    def _discard_cards(self, player: int) -> list[Card]:
        """The cards ``player`` may discard by TONK-8 and TONK-9 (ace low)."""
        hand = _sorted(self.hands[player])
        if self.rules.must_lay_spreads:
            hand = [c for c in hand if not holds_spread([x for x in hand if x != c])]
        return hand

    def _discards(self, player: int) -> list[Action]:
        """TONK-8 and TONK-9, then house rule A: not the card just taken from the pile,
        unless no other discard is legal."""
        hand = self._discard_cards(player)
        if self.taken is not None and len(hand) > 1 and self.taken in hand:
            hand.remove(self.taken)
        return [Discard(player, c) for c in hand]

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now, in a stable order: at a turn's start
        knock, draw stock, draw pile, end; after drawing spreads, hits (by card, then
        spread id), discards (cards ace low); ``next`` between hands."""
        if self.phase == "hand_over":
            return [Next(player)] if 0 <= player < self.num_players else []
        if player != self.turn:
            return []
        if self.phase == "start":
            acts: list[Action] = []
            if not self.knock_locked(player):
                acts.append(Knock(player))
            if self.stock:
                acts.append(Draw(player, "stock"))
            if self.pile:
                acts.append(Draw(player, "pile"))
            if not self.stock:
                acts.append(End(player))
            return acts
        acts = [Spread(player, s) for s in spreads_in(self.hands[player])]
        return acts + self._hits(player) + self._discards(player)

    def why_illegal(self, action: Action) -> IllegalAction:
        """A specific reason (stable code) why ``action`` is not legal now."""
        p = action.player
        if self.phase == "hand_over":
            return IllegalAction("hand_over", "the hand is over; deal the next one")
        if isinstance(action, Next):
            return IllegalAction("hand_in_progress", "the hand is still being played")
        if p != self.turn:
            return IllegalAction("not_your_turn", "it is not your turn")
        cards = list(getattr(action, "cards", ())) or [getattr(action, "card", None)]
        cards = [c for c in cards if c is not None]
        if len(set(cards)) < len(cards):
            return IllegalAction("duplicate_card", "the same card is named twice",
                                 card=str(cards[0]))
        for c in cards:
            if c not in self.hands[p]:
                return IllegalAction("card_not_in_hand", f"{c} is not in your hand", card=str(c))
        if self.phase == "start":
            if isinstance(action, Knock):
                return IllegalAction("hit_locked", "your spread was hit: you may not knock now")
            if isinstance(action, Draw):
                if action.source == "stock":
                    return IllegalAction("stock_empty", "the stock is empty")
                if action.source == "pile":
                    return IllegalAction("pile_empty", "there is no discard to take")
                return IllegalAction("bad_source", "draw from the stock or the pile")
            if isinstance(action, End):
                return IllegalAction("stock_not_dry", "the hand ends this way only when the "
                                     "stock is empty")
            return IllegalAction("must_draw_first", "draw a card first")
        # phase "play"
        if isinstance(action, Knock):
            return IllegalAction("knock_after_draw", "knock only at the start of your turn")
        if isinstance(action, (Draw, End)):
            return IllegalAction("already_drew", "you have drawn; spread, hit or discard")
        if isinstance(action, Spread):
            return IllegalAction("not_a_spread", "these cards are not a spread",
                                 cards=_txt(action.cards))
        if isinstance(action, Hit):
            entry = self.spread(action.spread)
            if entry is None:
                return IllegalAction("no_such_spread", f"there is no spread s{action.spread}",
                                     spread=action.spread)
            return IllegalAction("cannot_hit", f"{action.card} does not fit spread "
                                 f"s{action.spread}", card=str(action.card),
                                 spread=action.spread)
        if isinstance(action, Discard):
            if action.card == self.taken and action.card in self._discard_cards(p):
                return IllegalAction("discard_just_taken", "you may not discard the card you "
                                     "just took from the pile (house rule)",
                                     card=str(action.card))
            return IllegalAction("must_lay_spreads", "lay down your spreads before "
                                 "discarding (three aces may be kept)", card=str(action.card))
        return IllegalAction("illegal", f"{action} is not allowed now")

    # --------------------------------------------------------------- applying actions

    def _take(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if card == self.taken:
            self.taken = None
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _apply(self, action: Action) -> list[dict]:
        p = action.player
        if isinstance(action, Next):
            return [{"type": "next", "player": p}] + self._deal_next()
        if isinstance(action, Knock):
            return [{"type": "knock", "player": p}] + self._knock(p)
        if isinstance(action, End):
            return [{"type": "end", "player": p}] + self._dry_end(p)
        if isinstance(action, Draw):
            self.phase = "play"
            self.hit_since[p] = False
            if action.source == "stock":
                self.hands[p].append(self.stock.pop())
                events = [{"type": "draw", "player": p, "source": "stock"}]
                if not self.stock:
                    events.append({"type": "stock_dry"})
                return events
            card = self.pile.pop()
            self.hands[p].append(card)
            self.known[p].append(card)
            self.taken = card
            return [{"type": "draw", "player": p, "source": "pile", "card": str(card)}]
        if isinstance(action, Spread):
            for c in action.cards:
                self._take(p, c)
            meld = melds_from(action.cards, TONK)[0]
            sid = self.next_spread_id
            self.next_spread_id += 1
            self.table.append([sid, p, meld])
            self.spread_this_turn = True
            events = [{"type": "spread", "player": p, "spread": sid, "kind": meld.kind,
                       "cards": meld.tokens()}]
            return events + self._after_play(p)
        if isinstance(action, Hit):
            entry = self.spread(action.spread)
            self._take(p, action.card)
            entry[2] = lay_off_options(entry[2], [action.card], TONK)[0]
            owner = entry[1]
            if owner != p:
                self.hit_since[owner] = True
            events = [{"type": "hit", "player": p, "card": str(action.card),
                       "spread": action.spread, "owner": owner,
                       "cards": entry[2].tokens()}]
            return events + self._after_play(p)
        if isinstance(action, Discard):
            self._take(p, action.card)
            self.pile.append(action.card)
            events = [{"type": "discard", "player": p, "card": str(action.card)}]
            if not self.hands[p]:
                return events + self._finish("out_by_discard", p,
                                             self._pay_all(p, 1, "out_by_discard"))
            return events + self._next_turn()
        raise AssertionError(f"unhandled action {action}")

    def _after_play(self, p: int) -> list[dict]:
        """Going out without a discard (TONK-10)."""
        if self.hands[p]:
            return []
        units = 2
        if self.rules.double_only_new_spread and not self.spread_this_turn:
            units = 1
        return self._finish("tonk_out", p, self._pay_all(p, units, "tonk_out"))

    def _next_turn(self) -> list[dict]:
        """Pass the turn left; end the hand when the dry phase has lasted a round (TONK-12,
        house rule) or the hand has lasted ``TURN_LIMIT`` turns (house rule B)."""
        self.turn = self._left(self.turn)
        self.phase = "start"
        self.spread_this_turn = False
        self.taken = None
        self.turns += 1
        events = [{"type": "turn", "player": self.turn}]
        if not self.stock:
            if self.dry_turns >= self.num_players:
                events.append({"type": "dry_limit", "player": self.turn})
                return events + self._dry_end(None)
            self.dry_turns += 1
        if self.turns >= TURN_LIMIT:
            events.append({"type": "turn_limit", "player": self.turn, "turns": self.turns})
            return events + self._lowest_end("turn_limit", None)
        return events

    # --------------------------------------------------------------- payouts

    def _payout(self, payer: int, payee: int, units: int, reason: str) -> dict:
        return {"payer": payer, "payee": payee, "units": units,
                "amount": units * self.rules.stake, "reason": reason}

    def _pay_all(self, payee: int, units: int, reason: str) -> list[dict]:
        """``payee`` gets ``units`` from every other player."""
        return [self._payout(q, payee, units, reason)
                for q in range(self.num_players) if q != payee]

    def _pay_lowest(self, lowest: list[int], reason: str) -> list[dict]:
        """Each of ``lowest`` gets 1 from every player not among them (TONK-11, TONK-12)."""
        return [self._payout(q, w, 1, reason) for w in lowest
                for q in range(self.num_players) if q not in lowest]

    def _knock(self, k: int) -> list[dict]:
        """TONK-11 (TC-3)."""
        totals = self.totals()
        others = [q for q in range(self.num_players) if q != k]
        if all(totals[k] < totals[q] for q in others):
            return self._finish("knock", k, self._pay_all(k, 1, "knock_won"),
                                totals=totals, caught=False, winners=[k])
        pays = [self._payout(k, q, 2, "caught") for q in others if totals[q] <= totals[k]]
        low = min(totals[q] for q in others)
        lowest = [q for q in others if totals[q] == low]
        pays += self._pay_lowest(lowest, "lowest")
        return self._finish("knock", k, pays, totals=totals, caught=True, winners=lowest)

    def _dry_end(self, p: int | None) -> list[dict]:
        """TONK-12 (TC-4): the lowest total gets 1 from every other player."""
        return self._lowest_end("dry_stock", p)

    def _lowest_end(self, end: str, p: int | None) -> list[dict]:
        """End the hand showing every hand; the lowest total gets 1 from every player not
        among the lowest (TONK-12; house rule B with ``end`` "turn_limit")."""
        totals = self.totals()
        low = min(totals)
        lowest = [q for q in range(self.num_players) if totals[q] == low]
        return self._finish(end, p, self._pay_lowest(lowest, end), totals=totals,
                            winners=lowest)

    def _finish(self, end: str, player: int | None, payouts: list[dict], *,
                totals: list | None = None, caught: bool | None = None,
                winners: list[int] | None = None, shown: list[int] | None = None) -> list[dict]:
        """End the hand: record the payouts in the ledger (TONK-14) and keep the result.

        The result (JSON-safe, never changed afterwards)::

            {"hand": 4, "end": "knock", "player": 1, "caught": True, "winners": [2],
             "totals": [12, 7, 7] or None, "hands": [["2S", ...] or None per seat],
             "payouts": [{"payer", "payee", "units", "amount", "reason"}],
             "net": [chips won or lost per seat in this hand], "stake": 1}

        ``hands`` shows the cards every player saw at the end: all hands at a knock or a
        dry-stock end (TONK-11, TONK-12), the tonkers' at a tonk on the deal (TONK-5).
        """
        n = self.num_players
        if shown is None:
            shown = list(range(n)) if totals is not None else []
        if winners is None:
            winners = sorted({pay["payee"] for pay in payouts})
        self.ledger.record_hand(self.hand_no, payouts)
        net = self.ledger.hand_balances(self.hand_no)
        self.result = {
            "hand": self.hand_no, "end": end, "player": player, "caught": caught,
            "winners": list(winners),
            "totals": None if totals is None else [totals[q] if q in shown else None
                                                   for q in range(n)],
            "hands": [_txt(_sorted(self.hands[q])) if q in shown else None for q in range(n)],
            "payouts": payouts, "net": net, "stake": self.rules.stake,
        }
        self.phase = "hand_over"
        self.taken = None
        return [{"type": "hand_over", "result": _copy_result(self.result)}]

    # --------------------------------------------------------------- dealing

    def _deal_next(self) -> list[dict]:
        """Deal the next hand: by the same dealer after a tie of tonks on the deal (TONK-5),
        otherwise by the next seat to the left (TONK-4)."""
        if not (self.result and self.result["end"] == "tonk_tie"):
            self.dealer = self._left(self.dealer)
        self.hand_no += 1
        rng = Rng(self.rng_state)
        deck = make_deck(range(2, 15))
        rng.shuffle(deck)
        self.rng_state = rng.state
        return self._deal(deck)

    def _deal(self, deck: list[Card]) -> list[dict]:
        """Deal ``deck`` (index 0 first): five cards each one at a time from the dealer's
        left, the next card face up on the pile unless ``no_initial_discard`` (TONK-4);
        then look for tonks on the deal (TONK-5)."""
        n = self.num_players
        self.hands = [[] for _ in range(n)]
        pos = 0
        for _ in range(HAND_SIZE):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(deck[pos])
                pos += 1
        self.pile = []
        if not self.rules.no_initial_discard:
            self.pile.append(deck[pos])
            pos += 1
        self.stock = deck[pos:][::-1]
        self.table, self.next_spread_id = [], 1
        self.known = [[] for _ in range(n)]
        self.hit_since = [False] * n
        self.dry_turns, self.spread_this_turn = 0, False
        self.turns, self.taken = 0, None
        self.turn = self._left(self.dealer)
        self.phase = "start"
        events = [{"type": "deal", "hand": self.hand_no, "dealer": self.dealer,
                   "pile": _txt(self.pile), "turn": self.turn}]
        tonkers = [q for q in range(n) if hand_total(self.hands[q]) in TONK_TOTALS]
        if len(tonkers) == 1:
            t = tonkers[0]
            events += self._finish("tonk_deal", t, self._pay_all(t, 2, "tonk_deal"),
                                   totals=self.totals(), shown=tonkers, winners=[t])
        elif tonkers:
            events += self._finish("tonk_tie", None, [], totals=self.totals(),
                                   shown=tonkers, winners=[])
        return events

    # --------------------------------------------------------------- copies, views, saves

    def clone(self) -> "State":
        """An independent copy for search (cards, melds and results are immutable and
        shared; lists copied)."""
        c = copy_state(self)
        return c

    def all_cards(self) -> list[Card]:
        """Every card in hands, stock, pile and spreads (one deck of 52)."""
        cards = [c for h in self.hands for c in h] + self.stock + self.pile
        return cards + [c for _sid, _o, m in self.table for c in m.cards]

    def public_result(self) -> dict | None:
        """The last finished hand's result without the shown cards (they were dealt again):
        end, totals, winners, payouts."""
        if self.result is None:
            return None
        out = _copy_result(self.result)
        del out["hands"]
        return out

    def view(self, player: int) -> dict:
        """What seat ``player`` may see, JSON-safe:

        ``game``, ``player``, ``names``, ``hand_no``, ``dealer``, ``first_dealer``, ``cut``
        (ranks cut for the first deal, rounds of ``[seat, rank]``), ``phase``, ``turn``,
        ``to_act``, ``hand`` (own cards, ace low), ``hand_counts``, ``known`` (cards each seat
        took from the pile and holds), ``table`` (spreads: ``id``, ``name`` "s3", ``owner``,
        ``kind`` "set"/"run", ``cards``), ``pile_top``, ``pile_size``, ``stock_size``,
        ``stock_dry``, ``dry_turns_left`` (turns left before the hand ends dry, or None),
        ``turns`` (turns of this hand ended so far), ``turns_left`` (before the turn limit
        ends the hand, house rule B), ``pile_taken`` (the card the seat in turn took from the
        pile this turn, which it may not discard, house rule A; or None),
        ``spread_this_turn``, ``hit_locked`` (seats that may not knock at their next turn
        start), ``result`` (the finished hand's result with the shown hands, only between
        hands), ``last_result`` (the last finished hand without cards), ``stake``,
        ``balances``, ``history`` (ledger snapshots per hand), ``rules``, ``over``,
        ``outcome``. Other players' cards appear only as counts during a hand."""
        over = self.phase == "hand_over"
        return {
            "game": self.game,
            "player": player,
            "names": list(self.names),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "cut": [[[seat, c.rank_text if c.rank != 14 else "A"] for seat, c in rnd]
                    for rnd in self.cut],
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act(),
            "hand": _txt(_sorted(self.hands[player])),
            "hand_counts": [len(h) for h in self.hands],
            "known": [_txt(k) for k in self.known],
            "table": [{"id": sid, "name": f"s{sid}", "owner": owner, "kind": m.kind,
                       "cards": m.tokens()} for sid, owner, m in self.table],
            "pile_top": str(self.pile[-1]) if self.pile else None,
            "pile_size": len(self.pile),
            "stock_size": len(self.stock),
            "stock_dry": not self.stock,
            "dry_turns_left": (self.num_players - self.dry_turns) if not self.stock else None,
            "turns": self.turns,
            "turns_left": TURN_LIMIT - self.turns,
            "pile_taken": None if self.taken is None else str(self.taken),
            "spread_this_turn": self.spread_this_turn,
            "hit_locked": [q for q in range(self.num_players) if self.knock_locked(q)],
            "result": _copy_result(self.result) if over else None,
            "last_result": self.public_result(),
            "stake": self.rules.stake,
            "balances": self.ledger.balances(),
            "history": self.ledger.to_dict()["history"],
            "rules": self.rules.to_dict(),
            "over": False,
            "outcome": None,
        }

    def to_dict(self) -> dict:
        """The whole state, JSON-safe, with a format version (``"v"``)."""
        return {
            "v": SAVE_VERSION, "game": self.game, "rules": self.rules.to_dict(),
            "names": list(self.names), "seed": self.seed, "rng_state": self.rng_state,
            "hand_no": self.hand_no, "dealer": self.dealer, "first_dealer": self.first_dealer,
            "cut": [[[seat, str(c)] for seat, c in rnd] for rnd in self.cut],
            "phase": self.phase, "turn": self.turn,
            "hands": [_txt(h) for h in self.hands], "stock": _txt(self.stock),
            "pile": _txt(self.pile),
            "table": [[sid, owner, m.to_dict()] for sid, owner, m in self.table],
            "next_spread_id": self.next_spread_id, "spread_this_turn": self.spread_this_turn,
            "hit_since": list(self.hit_since), "known": [_txt(k) for k in self.known],
            "dry_turns": self.dry_turns, "result": _copy_result(self.result),
            "ledger": self.ledger.to_dict(), "turns": self.turns,
            "taken": None if self.taken is None else str(self.taken),
        }

    _SAVE_KEYS = ("v", "game", "rules", "names", "seed", "rng_state", "hand_no", "dealer",
                  "first_dealer", "cut", "phase", "turn", "hands", "stock", "pile", "table",
                  "next_spread_id", "spread_this_turn", "hit_since", "known", "dry_turns",
                  "result", "ledger")
    _LATER_KEYS = ("turns", "taken")
    """Fields added with house rules A and B: older saves lack them."""

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from ``to_dict`` output (a save without ``turns`` or ``taken``,
        written before house rules A and B, reads as 0 and None). Raises ``SaveError``
        (naming the field) when the data is not a readable Tonk save: a missing or unknown
        field, a value of the wrong type or out of range (``game.checks``), a ``result``
        of the wrong shape (``_read_result``), or parts that do not fit together
        (``check_integrity``: cards not exactly one deck, seats, phase, spreads, ledger)."""
        if not isinstance(data, dict) or data.get("game") != cls.game \
                or type(data.get("v")) is not int or data.get("v") != SAVE_VERSION:
            raise SaveError(f"not a Tonk save of version {SAVE_VERSION}")
        try:
            d = checks.fields(data, "", cls._SAVE_KEYS, cls._LATER_KEYS)
            rules = checks.rules(Rules, d["rules"])
            checks.whole(rules.stake, "rules.stake", 1, MAX_STAKE)
            names = checks.names(d["names"], "names", MIN_PLAYERS, MAX_PLAYERS)
            n = len(names)
            table = []
            for i, entry in enumerate(checks.items(d["table"], "table", len(_FULL_DECK))):
                sid, owner, meld = checks.items(entry, f"table[{i}]", length=3)
                checks.meld_dict(meld, f"table[{i}][2]", len(_FULL_DECK))
                try:
                    meld = Meld.from_dict(meld)
                except MeldError:
                    raise checks.fail(f"table[{i}][2]", "not a spread") from None
                table.append([checks.whole(sid, f"table[{i}][0]", 1, len(_FULL_DECK)),
                              checks.seat(owner, f"table[{i}][1]", n), meld])
            cut = []
            for i, rnd in enumerate(checks.items(d["cut"], "cut", MAX_CUTS)):
                drawn = []
                for k, pair in enumerate(checks.items(rnd, f"cut[{i}]", n, low=1)):
                    seat, c = checks.items(pair, f"cut[{i}][{k}]", length=2)
                    card = checks.card(c, f"cut[{i}][{k}][1]")
                    if card not in _DECK_SET:
                        raise checks.fail(f"cut[{i}][{k}][1]", "not a card of Tonk's deck")
                    drawn.append((checks.seat(seat, f"cut[{i}][{k}][0]", n), card))
                cut.append(drawn)
            state = cls(
                rules=rules, names=names,
                hands=checks.card_lists(d["hands"], "hands", n),
                stock=checks.cards(d["stock"], "stock"), pile=checks.cards(d["pile"], "pile"),
                dealer=checks.seat(d["dealer"], "dealer", n),
                turn=checks.seat(d["turn"], "turn", n),
                rng_state=checks.whole(d["rng_state"], "rng_state"),
                seed=checks.whole(d["seed"], "seed"),
                ledger=TonkLedger.from_dict(d["ledger"]),
                hand_no=checks.whole(d["hand_no"], "hand_no", 1, MAX_HANDS),
                first_dealer=checks.seat(d["first_dealer"], "first_dealer", n), cut=cut,
                phase=checks.choice(d["phase"], "phase", PHASES), table=table,
                next_spread_id=checks.whole(d["next_spread_id"], "next_spread_id", 1,
                                            len(_FULL_DECK) + 1),
                spread_this_turn=checks.flag(d["spread_this_turn"], "spread_this_turn"),
                hit_since=checks.flags(d["hit_since"], "hit_since", n),
                known=checks.card_lists(d["known"], "known", n),
                dry_turns=checks.whole(d["dry_turns"], "dry_turns", 0, n),
                result=_read_result(d["result"], n),
                turns=checks.whole(d.get("turns", 0), "turns", 0, TURN_LIMIT),
                taken=checks.opt_card(d.get("taken"), "taken"),
            )
            state.check_integrity()
        except SaveError as exc:
            raise SaveError(f"damaged Tonk save: {exc}") from None
        return state

    def check_integrity(self) -> None:
        """Raise ``SaveError`` unless the cards are exactly one deck, the seats and phase
        exist, every spread is valid with a unique id, ``known`` cards are in their hands,
        the ledger has the table's seats and sums to zero and has not closed the hand in
        play (a closed hand would be reopened), a result exists between hands (of the hand
        just played) and is of an earlier hand otherwise."""
        n = self.num_players
        try:
            self.rules.check_players(n)
        except SettingError as exc:
            raise SaveError(str(exc)) from None
        if not (len(self.hands) == len(self.known) == len(self.hit_since) == n):
            raise SaveError("wrong number of players")
        if not all(0 <= s < n for s in (self.dealer, self.turn, self.first_dealer)):
            raise SaveError("a seat number is out of range")
        checks.one_each(self.all_cards(), _FULL_DECK, "one deck")
        if self.phase not in PHASES:
            raise SaveError(f"unknown phase {self.phase!r}")
        checks.table_ids([sid for sid, _o, _m in self.table], self.next_spread_id, "spread")
        for _sid, owner, meld in self.table:
            if not 0 <= owner < n or not is_valid(meld, TONK):
                raise SaveError("a spread on the table is not valid")
        checks.known_in_hands(self.known, self.hands)
        if self.ledger.players != n or not self.ledger.sums_to_zero():
            raise SaveError("the ledger does not fit the table")
        if self.hand_no < 1 or self.dry_turns < 0 or self.dry_turns > n \
                or (self.stock and self.dry_turns) or not 0 <= self.turns <= TURN_LIMIT:
            raise SaveError("bad hand or turn counters")
        if self.taken is not None and (self.phase != "play"
                                       or self.taken not in self.hands[self.turn]):
            raise SaveError("the card taken from the pile is not in the hand in turn")
        last = self.ledger.last_hand()
        if self.phase == "hand_over":
            if self.result is None or self.result.get("end") not in ENDS \
                    or self.result.get("hand") != self.hand_no:
                raise SaveError("a finished hand without its result")
            if last is not None and last > self.hand_no:
                raise SaveError("the ledger holds hands not yet played")
        else:
            if not self.hands[self.turn]:
                raise SaveError("the player in turn has no cards")
            if last is not None and last >= self.hand_no:
                raise SaveError(f"the ledger has already closed hand {self.hand_no}")
            if self.result is not None and self.result["hand"] >= self.hand_no:
                raise SaveError("the last result is of a hand not yet finished")
        if any(not all(0 <= s < n for s, _c in rnd) for rnd in self.cut):
            raise SaveError("a seat number is out of range")


_RESULT_KEYS = ("hand", "end", "player", "caught", "winners", "totals", "hands", "payouts",
                "net", "stake")
_PAYOUT_KEYS = ("payer", "payee", "units", "amount", "reason")
_SEAT_ENDS = ("knock", "tonk_out", "out_by_discard", "tonk_deal")
"""Ends that always name the player who ended the hand (the result's ``player``)."""


def _read_result(value, n: int) -> dict | None:
    """A saved hand result (see ``State._finish`` for its shape) checked field by field,
    as a fresh dict; ``None`` stays ``None``. Raises ``SaveError`` naming the field (a
    result of the wrong shape would fail at every later render)."""
    if value is None:
        return None
    r = checks.fields(value, "result", _RESULT_KEYS)
    end = checks.choice(r["end"], "result.end", ENDS)
    player = checks.opt_seat(r["player"], "result.player", n)
    if end in _SEAT_ENDS and player is None:
        raise checks.fail("result.player", f"a {end} result names its player")
    caught = r["caught"]
    if caught is not None:
        checks.flag(caught, "result.caught")
    totals = r["totals"]
    if totals is not None:
        totals = [checks.opt_whole(t, f"result.totals[{i}]", 0, 1000)
                  for i, t in enumerate(checks.items(totals, "result.totals", length=n))]
    hands = []
    for i, h in enumerate(checks.items(r["hands"], "result.hands", length=n)):
        shown = None if h is None else checks.cards(h, f"result.hands[{i}]", len(_FULL_DECK))
        if shown is not None and not set(shown) <= _DECK_SET:
            raise checks.fail(f"result.hands[{i}]", "a card that is not in Tonk's deck")
        hands.append(None if shown is None else _txt(shown))
    payouts = []
    for i, pay in enumerate(checks.items(r["payouts"], "result.payouts", n * n)):
        w = f"result.payouts[{i}]"
        pay = checks.fields(pay, w, _PAYOUT_KEYS)
        payouts.append({"payer": checks.seat(pay["payer"], f"{w}.payer", n),
                        "payee": checks.seat(pay["payee"], f"{w}.payee", n),
                        "units": checks.whole(pay["units"], f"{w}.units", 1, 2),
                        "amount": checks.whole(pay["amount"], f"{w}.amount", 1,
                                               2 * MAX_STAKE),
                        "reason": checks.choice(pay["reason"], f"{w}.reason", REASONS)})
    return {"hand": checks.whole(r["hand"], "result.hand", 1, MAX_HANDS), "end": end,
            "player": player, "caught": caught,
            "winners": checks.seats(r["winners"], "result.winners", n),
            "totals": totals, "hands": hands, "payouts": payouts,
            "net": [checks.whole(x, f"result.net[{i}]", -10 * MAX_STAKE, 10 * MAX_STAKE)
                    for i, x in enumerate(checks.items(r["net"], "result.net", length=n))],
            "stake": checks.whole(r["stake"], "result.stake", 1, MAX_STAKE)}


def _copy_result(result: dict | None) -> dict | None:
    """A deep copy of a result dict (JSON data)."""
    if result is None:
        return None
    out = {}
    for key, value in result.items():
        if isinstance(value, list):
            out[key] = [dict(v) if isinstance(v, dict) else
                        (list(v) if isinstance(v, list) else v) for v in value]
        else:
            out[key] = value
    return out


def copy_state(s: State) -> State:
    """An independent copy of ``s`` (used by ``State.clone``)."""
    return State(
        rules=s.rules, names=list(s.names), hands=[list(h) for h in s.hands],
        stock=list(s.stock), pile=list(s.pile), dealer=s.dealer, turn=s.turn,
        rng_state=s.rng_state, ledger=s.ledger.clone(), seed=s.seed, hand_no=s.hand_no,
        first_dealer=s.first_dealer, cut=s.cut, phase=s.phase,
        table=[list(e) for e in s.table], next_spread_id=s.next_spread_id,
        spread_this_turn=s.spread_this_turn, hit_since=list(s.hit_since),
        known=[list(k) for k in s.known], dry_turns=s.dry_turns, result=s.result,
        turns=s.turns, taken=s.taken,
    )


# ---------------------------------------------------------------------------- new game

def cut_for_dealer(rng: Rng, n: int) -> tuple[int, list]:
    """TONK-4: every seat draws a card from a shuffled deck (seat 0 first); the highest card,
    ace low, deals; seats tied for the highest cut again from a fresh shuffle.

    Returns ``(dealer, rounds)`` where ``rounds`` lists each cut as ``[(seat, card), ...]``.
    """
    seats = list(range(n))
    rounds = []
    while True:
        deck = make_deck(range(2, 15))
        rng.shuffle(deck)
        rnd = [(seat, deck[i]) for i, seat in enumerate(seats)]
        rounds.append(rnd)
        top = max(low_rank(c) for _s, c in rnd)
        seats = [s for s, c in rnd if low_rank(c) == top]
        if len(seats) == 1:
            return seats[0], rounds


def new_game(rules: Rules, player_names: list[str], seed: int, *, dealer: int | None = None,
             deck: list[Card] | str | None = None) -> State:
    """Cut for the first dealer and deal the first hand of a Tonk session (TONK-4, TONK-5).

    Args:
        rules: the settings.
        player_names: 2–4 names, seat order (clockwise).
        seed: any int; the same seed and names give the same cut and deals.
        dealer: the first dealer; by default chosen by the seeded cut (TONK-4).
        deck: the first hand's deck order (cards or text; index 0 dealt first) instead of a
            shuffled one: prepared positions and tests. Later hands are shuffled.

    Raises ``SettingError`` for a bad player count, dealer or deck.
    """
    n = len(player_names)
    rules.check_players(n)
    rng = Rng(seed)
    cut: list = []
    if dealer is None:
        dealer, cut = cut_for_dealer(rng, n)
    elif not (isinstance(dealer, int) and 0 <= dealer < n):
        raise SettingError("dealer", dealer, range(n))
    if deck is None:
        cards = make_deck(range(2, 15))
        rng.shuffle(cards)
    else:
        cards = parse_cards(deck) if isinstance(deck, str) else list(deck)
        if sorted(cards, key=card_key) != _FULL_DECK:
            raise SettingError("deck", "(given order)", ["the 52 cards of one deck, each once"])
    state = State(rules=rules, names=list(player_names), hands=[[] for _ in range(n)],
                  stock=[], pile=[], dealer=dealer, turn=(dealer + 1) % n,
                  rng_state=rng.state, ledger=TonkLedger(n), seed=seed, first_dealer=dealer,
                  cut=cut, hit_since=[False] * n, known=[[] for _ in range(n)])
    state._deal(cards)
    return state
