"""Durak: the rules of ``rules/durak.md`` (DUR-1 … DUR-20) as a game of the shared protocol.

Seats are 0..n-1, play goes to the left (seat ``i + 1``). A game is a series of *bouts*: an
attacker leads (DUR-8), eligible players throw in (DUR-9, DUR-10), the defender beats each
attack card (DUR-5, DUR-12), transfers (DUR-13) or takes (DUR-15); then everyone draws up to
six (DUR-16). When the talon is empty, players who empty their hands are out (DUR-18); the
last one holding cards is the Durak (DUR-19).

Action text forms (``str(action)``; read back by ``parse_action(text, player)``)::

    attack 6H 6D     lead one card, or several of one rank (DUR-8)
    throw 6C         throw in one card (DUR-9)
    beat 7S 6S       lay 7S on the attack card 6S (DUR-12)
    transfer 6D      pass the attack on with a card of its rank (DUR-13)
    take             the defender gives up and will pick up (DUR-15)
    done             a thrower has nothing (more) to add (DUR-14, DUR-15)
    exchange         swap the lowest trump for the face-up trump card (DUR-17)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, ClassVar

from . import checks
from .cards import Card, card_key, cards_text, make_deck, parse_card, parse_cards
from .engine import (Action, GameState, IllegalAction, Rng, RulesBase, SaveError,
                     SettingError, SettingNeedsPlayers, check_choice)

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


# ---------------------------------------------------------------------------- actions

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

    Raises ``IllegalAction`` with code ``"bad_action_text"`` when the text is not an action.
    """
    words = text.split()
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
    raise IllegalAction("bad_action_text", f"not a Durak action: {text!r}", text=text)


# ---------------------------------------------------------------------------- the state

def beats(card: Card, target: Card, trump: str) -> bool:
    """True when ``card`` beats ``target`` with ``trump`` as trump suit (DUR-5)."""
    if card.suit == target.suit:
        return card.rank > target.rank
    return card.suit == trump


@dataclass
class State(GameState):
    """A Durak game in progress. Build it with ``new_game``; change it only by ``apply``.

    ``talon[-1]`` is the next card drawn and ``talon[0]`` the face-up trump card, drawn
    last (DUR-3). ``table`` holds ``[attack, defence or None]`` pairs of the current bout.
    ``known[i]`` are the cards every player has seen go into seat ``i``'s hand and not come
    out again (picked up, or the face-up trump): public memory, part of every view.
    ``first_bout`` is True until the game's first bout has ended (taken or defended; DUR-11).
    ``asked`` are the seats asked for every throw-in as DUR-14/DUR-15 word it ("every
    eligible player has said done"), even with no card of a rank on the table: the people
    of a pass-and-play table (issue 12), so that whether the bout waits for them reveals
    nothing of their hands. Every other seat with nothing to throw in passes silently (an
    automatic "done"), as at a one-person table, where ``asked`` is empty.
    """

    game: ClassVar[str] = "durak"

    rules: Rules
    names: list[str]
    hands: list[list[Card]]
    talon: list[Card]
    trump_card: Card
    dealer: int
    attacker: int
    defender: int
    rng_state: int
    discard: list[Card] = field(default_factory=list)
    table: list[list] = field(default_factory=list)
    lead_attacker: int | None = None
    taking: bool = False
    passed: list[int] = field(default_factory=list)
    limit: int = MAX_ATTACK
    first_bout: bool = True
    out: list[int] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    over: bool = False
    durak: int | None = None
    seed: int = 0
    asked: list[int] = field(default_factory=list)

    # --------------------------------------------------------------- basic facts

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def trump(self) -> str:
        """The trump suit letter."""
        return self.trump_card.suit

    def lowest_trump(self) -> Card:
        """The lowest trump of this deck (9, 6 or 2 of trumps; DUR-17)."""
        return Card(min(DECK_RANKS[self.rules.deck]), self.trump)

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> dict | None:
        """``{"durak": seat or None, "draw": bool, "out_order": [seats]}`` once over (DUR-19)."""
        if not self.over:
            return None
        return {"durak": self.durak, "draw": self.durak is None, "out_order": list(self.out)}

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def _next_with_cards(self, seat: int) -> int:
        """The first seat left of ``seat`` holding cards (``seat`` itself if none other)."""
        s = self._left(seat)
        while s != seat and not self.hands[s]:
            s = self._left(s)
        return s

    def _cap(self) -> int:
        """The most attack cards of this bout before DUR-10's hand-size limit (DUR-11)."""
        return bout_cap(self.rules, self.num_players, self.first_bout)

    def attack_cards(self) -> list[Card]:
        """The bout's attack cards, beaten or not."""
        return [pair[0] for pair in self.table]

    def unbeaten(self) -> list[Card]:
        """Attack cards of the bout not yet beaten."""
        return [a for a, d in self.table if d is None]

    def table_ranks(self) -> set[int]:
        """Ranks of every card on the table in this bout (attack and defence; DUR-9)."""
        return {c.rank for pair in self.table for c in pair if c is not None}

    def throwers(self) -> list[int]:
        """Seats that may throw in under the ``throw_in`` setting (DUR-9), attacker first,
        then clockwise; the defender never."""
        d, a = self.defender, self.attacker
        if self.rules.throw_in == "attacker":
            seats = [a]
        elif self.rules.throw_in == "neighbours":
            other = self._next_with_cards(d)
            seats = [a] + ([other] if other not in (a, d) else [])
        else:
            seats = [(a + k) % self.num_players for k in range(self.num_players)]
        return [s for s in seats if s != d]

    def _throw_options(self, seat: int) -> list[Card]:
        if not self.table or len(self.table) >= self.limit:
            return []
        ranks = self.table_ranks()
        return sorted((c for c in self.hands[seat] if c.rank in ranks), key=card_key)

    def _waiting_throwers(self) -> list[int]:
        """Throwers the bout waits for (DUR-9, DUR-14, DUR-15): eligible, holding cards,
        not passed, the limit not reached, and holding a card of a rank on the table, or
        one of ``asked`` (who say "done" themselves)."""
        if not self.table or len(self.table) >= self.limit:
            return []
        ranks = self.table_ranks()
        return [s for s in self.throwers() if s not in self.passed and self.hands[s]
                and (s in self.asked or any(c.rank in ranks for c in self.hands[s]))]

    def _defender_to_act(self) -> bool:
        return bool(self.table) and not self.taking and bool(self.unbeaten())

    def to_act(self) -> list[int]:
        """Who may act now, in priority order: the attacker alone on the lead; then the
        defender while attack cards are unbeaten, followed by the throwers who still may
        throw in (attacker first, then clockwise). A thrower with nothing to throw in is
        not asked (an automatic "done"), unless they are one of ``asked``."""
        if self.over:
            return []
        if not self.table:
            return [self.attacker]
        seats = [self.defender] if self._defender_to_act() else []
        return seats + self._waiting_throwers()

    def public_to_act(self) -> list[int]:
        """``to_act()`` as every player can see it: the same, except that throwers who are
        skipped because they hold no card of a rank on the table (hidden) are still listed
        while they hold cards and have not passed. Views show this list, never ``to_act()``."""
        if self.over or not self.table:
            return self.to_act()
        seats = [self.defender] if self._defender_to_act() else []
        if len(self.table) < self.limit:
            seats += [s for s in self.throwers() if s not in self.passed and self.hands[s]]
        return seats

    def _can_exchange(self, seat: int) -> bool:
        low = self.lowest_trump()
        return (self.rules.trump_exchange and len(self.talon) > 1
                and self.trump_card != low and low in self.hands[seat])

    def _transfer_target(self) -> int | None:
        """The seat that would defend after a transfer now, or None if none is possible."""
        nd = self._next_with_cards(self.defender)
        return None if nd == self.defender else nd

    def _transfer_ok(self, card: Card) -> bool:
        if not (self.rules.transfer and self.table and not self.taking
                and all(d is None for _, d in self.table)):
            return False
        if card.rank != self.table[0][0].rank:
            return False
        nd = self._transfer_target()
        count = len(self.table) + 1
        return nd is not None and count <= self._cap() and len(self.hands[nd]) >= count

    # --------------------------------------------------------------- legal actions

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now, in a stable order (DUR-8 … DUR-17):
        attacks by rank then size; beats by target then card; transfers; take; throw-ins;
        done; exchange last."""
        if self.over or player not in self.to_act():
            return []
        hand = sorted(self.hands[player], key=card_key)
        acts: list[Action] = []
        if not self.table:
            limit = min(self.limit, len(self.hands[self.defender]))
            by_rank: dict[int, list[Card]] = {}
            for c in hand:
                by_rank.setdefault(c.rank, []).append(c)
            for rank in sorted(by_rank):
                group = by_rank[rank]
                for size in range(1, min(len(group), limit) + 1):
                    acts += [Attack(player, combo) for combo in combinations(group, size)]
        else:
            if player == self.defender and self._defender_to_act():
                for target in self.unbeaten():
                    acts += [Beat(player, c, target) for c in hand
                             if beats(c, target, self.trump)]
                acts += [Transfer(player, c) for c in hand if self._transfer_ok(c)]
                acts.append(Take(player))
            if player != self.defender and player in self._waiting_throwers():
                acts += [Throw(player, c) for c in self._throw_options(player)]
                acts.append(Done(player))
        if self._can_exchange(player):
            acts.append(Exchange(player))
        return acts

    def why_illegal(self, action: Action) -> IllegalAction:
        """A specific reason (stable code) why ``action`` is not legal now."""
        p = action.player
        hand = self.hands[p]
        cards = list(getattr(action, "cards", ())) or [getattr(action, "card", None)]
        cards = [c for c in cards if c is not None]
        if len(set(cards)) < len(cards):
            return IllegalAction("duplicate_card", "the same card is named twice",
                                 card=str(cards[0]))
        for c in cards:
            if c not in hand:
                return IllegalAction("card_not_in_hand", f"{c} is not in your hand", card=str(c))
        if isinstance(action, Exchange):
            return IllegalAction("exchange_not_allowed",
                                 "you cannot exchange the trump card now",
                                 card=str(self.lowest_trump()))
        if p not in self.to_act():
            if not self.table and p != self.attacker:
                return IllegalAction("wait_for_lead", "wait for the attacker to lead")
            if p != self.defender and p not in self.throwers() and isinstance(action, Throw):
                return IllegalAction("not_eligible", "you may not throw in under this setting")
            # an eligible player who is not asked because nothing of theirs may be added:
            # say why (DUR-8, DUR-9, DUR-10, DUR-15) instead of "not your turn"
            if p != self.defender and p not in self.passed and isinstance(action, Throw):
                if len(self.table) >= self.limit:
                    return IllegalAction("attack_limit", f"at most {self.limit} attack cards",
                                         limit=self.limit)
                return IllegalAction("rank_not_on_table",
                                     "throw in only ranks already on the table",
                                     card=str(action.card))
            if isinstance(action, Attack) and self.table and p == self.attacker:
                return IllegalAction("bout_started", "the attack is already led; throw in")
            if isinstance(action, Take) and p == self.defender and self.taking:
                return IllegalAction("already_taking", "you are already taking")
            return IllegalAction("not_your_turn", "it is not your turn")
        if not self.table and not isinstance(action, Attack):
            return IllegalAction("must_attack", "lead a card (or several of one rank)")
        if isinstance(action, Attack):
            if self.table:
                return IllegalAction("bout_started", "the attack is already led; throw in")
            if len({c.rank for c in cards}) > 1:
                return IllegalAction("mixed_ranks", "lead cards of one rank only")
            limit = min(self.limit, len(self.hands[self.defender]))
            return IllegalAction("attack_limit", f"at most {limit} attack cards", limit=limit)
        if isinstance(action, (Beat, Transfer, Take)) and p != self.defender:
            return IllegalAction("only_defender", "only the defender may do that")
        if isinstance(action, Take) and self.taking:
            return IllegalAction("already_taking", "you are already taking")
        if isinstance(action, Beat):
            if action.target not in self.unbeaten():
                return IllegalAction("not_unbeaten", f"{action.target} is not an unbeaten attack card",
                                     card=str(action.target))
            return IllegalAction("cannot_beat", f"{action.card} does not beat {action.target}",
                                 card=str(action.card), target=str(action.target),
                                 trump=self.trump)
        if isinstance(action, Transfer):
            if not self.rules.transfer:
                return IllegalAction("transfer_off", "transfers are off in this game")
            if any(d is not None for _, d in self.table):
                return IllegalAction("transfer_after_beat", "no transfer once a card is beaten")
            if action.card.rank != self.table[0][0].rank:
                return IllegalAction("transfer_rank", "transfer with a card of the attack's rank")
            return IllegalAction("transfer_too_many",
                                 "the next player has too few cards, or the limit is reached")
        if isinstance(action, Throw):
            if p == self.defender:
                return IllegalAction("defender_cannot_throw", "the defender never throws in")
            if len(self.table) >= self.limit:
                return IllegalAction("attack_limit", f"at most {self.limit} attack cards",
                                     limit=self.limit)
            return IllegalAction("rank_not_on_table", "throw in only ranks already on the table",
                                 card=str(action.card))
        return IllegalAction("not_your_turn", "it is not your turn")

    # --------------------------------------------------------------- applying actions

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _apply(self, action: Action) -> list[dict]:
        p = action.player
        events: list[dict] = []
        if isinstance(action, Exchange):
            low = self.lowest_trump()
            self._play(p, low)
            old = self.trump_card
            self.hands[p].append(old)
            self.known[p].append(old)
            self.talon[0] = low
            self.trump_card = low
            events.append({"type": "exchange", "player": p, "gave": str(low), "got": str(old)})
        elif isinstance(action, Attack):
            for c in action.cards:
                self._play(p, c)
                self.table.append([c, None])
            self.lead_attacker = p
            events.append({"type": "attack", "player": p, "cards": [str(c) for c in action.cards]})
        elif isinstance(action, Throw):
            self._play(p, action.card)
            self.table.append([action.card, None])
            events.append({"type": "throw", "player": p, "cards": [str(action.card)]})
        elif isinstance(action, Beat):
            self._play(p, action.card)
            for pair in self.table:
                if pair[0] == action.target:
                    pair[1] = action.card
            self.passed = []
            events.append({"type": "beat", "player": p, "card": str(action.card),
                           "target": str(action.target)})
        elif isinstance(action, Transfer):
            self._play(p, action.card)
            self.table.append([action.card, None])
            new_defender = self._transfer_target()
            self.attacker, self.defender = p, new_defender
            self.limit = min(self._cap(), len(self.hands[new_defender]))
            self.passed = []
            events.append({"type": "transfer", "player": p, "cards": [str(action.card)],
                           "defender": new_defender})
        elif isinstance(action, Take):
            self.taking = True
            self.passed = []
            events.append({"type": "take", "player": p})
        elif isinstance(action, Done):
            self.passed.append(p)
            events.append({"type": "done", "player": p})
        events += self._settle()
        return events

    def _settle(self) -> list[dict]:
        """End the bout when nobody has anything left to do (DUR-14, DUR-15)."""
        if not self.table or self._waiting_throwers():
            return []
        if not self.taking and self.unbeaten():
            return []
        cards = [c for pair in self.table for c in pair if c is not None]
        d = self.defender
        if self.taking:
            self.hands[d] += cards
            self.known[d] += cards
            events = [{"type": "pick_up", "player": d, "cards": [str(c) for c in cards]}]
            next_attacker = self._left(d)
        else:
            self.discard += cards
            events = [{"type": "discard", "player": d, "cards": [str(c) for c in cards]}]
            next_attacker = d
        events += self._draw()
        self.table, self.taking, self.passed = [], False, []
        self.first_bout = False  # DUR-11: later bouts use DUR-10 whatever happened
        events += self._next_bout(next_attacker)
        return events

    def _draw(self) -> list[dict]:
        """Everyone draws up to six: the lead attacker first, clockwise, defender last (DUR-16)."""
        lead = self.lead_attacker if self.lead_attacker is not None else self.attacker
        order = [(lead + k) % self.num_players for k in range(self.num_players)]
        order = [s for s in order if s != self.defender] + [self.defender]
        events = []
        for s in order:
            drawn = 0
            while len(self.hands[s]) < HAND_SIZE and self.talon:
                card = self.talon.pop()
                self.hands[s].append(card)
                if card == self.trump_card and not self.talon:
                    self.known[s].append(card)
                drawn += 1
            if drawn:
                events.append({"type": "draw", "player": s, "count": drawn})
        return events

    def _next_bout(self, attacker: int) -> list[dict]:
        """Mark players out, end the game or set up the next bout (DUR-18, DUR-19, DC-10)."""
        events = []
        if not self.talon:
            for s in range(self.num_players):
                if not self.hands[s] and s not in self.out:
                    self.out.append(s)
                    events.append({"type": "out", "player": s})
        holding = [s for s in range(self.num_players) if self.hands[s]]
        if len(holding) <= 1:
            self.over = True
            self.durak = holding[0] if holding else None
            events.append({"type": "game_over", "durak": self.durak})
            return events
        if not self.hands[attacker]:
            attacker = self._next_with_cards(attacker)
        self.attacker = attacker
        self.defender = self._next_with_cards(attacker)
        self.lead_attacker = None
        self.limit = min(self._cap(), len(self.hands[self.defender]))
        events.append({"type": "bout", "attacker": self.attacker, "defender": self.defender})
        return events

    def clone(self) -> "State":
        """An independent copy for search (cards are immutable and shared; lists copied)."""
        c = copy.copy(self)
        c.hands = [list(h) for h in self.hands]
        c.known = [list(k) for k in self.known]
        c.table = [list(pair) for pair in self.table]
        c.talon, c.discard = list(self.talon), list(self.discard)
        c.passed, c.out = list(self.passed), list(self.out)
        c.asked = list(self.asked)
        return c

    # --------------------------------------------------------------- views and saves

    def hand_order(self, card: Card) -> tuple:
        """Sort key for showing a hand: non-trumps by rank then suit, trumps last."""
        return (card.suit == self.trump, card.rank, "SHDC".index(card.suit))

    def view(self, player: int) -> dict:
        """What seat ``player`` may see, JSON-safe: own hand (sorted, trumps last), card
        counts of the others, table, trump card, talon and discard counts, the discard
        pile's cards and ``known`` (both public: every player saw them), whose turn it is."""
        def txt(cards):
            return [str(c) for c in cards]
        return {
            "game": self.game,
            "player": player,
            "names": list(self.names),
            "hand": txt(sorted(self.hands[player], key=self.hand_order)),
            "hand_counts": [len(h) for h in self.hands],
            "known": [txt(k) for k in self.known],
            "trump": self.trump,
            "trump_card": str(self.trump_card),
            "trump_in_hand": not self.talon,
            "talon": len(self.talon),
            "discard": len(self.discard),
            "discarded": txt(self.discard),
            "table": [[str(a), None if d is None else str(d)] for a, d in self.table],
            "attacker": self.attacker,
            "defender": self.defender,
            "lead_attacker": self.lead_attacker,
            "throwers": self.throwers(),
            "taking": self.taking,
            "passed": list(self.passed),
            "limit": self.limit,
            "to_act": self.public_to_act(),
            "out": list(self.out),
            "dealer": self.dealer,
            "rules": self.rules.to_dict(),
            "over": self.over,
            "outcome": self.outcome(),
        }

    def to_dict(self) -> dict:
        """The whole state, JSON-safe, with a format version (``"v"``)."""
        def txt(cards):
            return [str(c) for c in cards]
        return {
            "v": SAVE_VERSION, "game": self.game, "rules": self.rules.to_dict(),
            "names": list(self.names), "hands": [txt(h) for h in self.hands],
            "talon": txt(self.talon), "trump_card": str(self.trump_card),
            "dealer": self.dealer, "attacker": self.attacker, "defender": self.defender,
            "rng_state": self.rng_state, "seed": self.seed, "discard": txt(self.discard),
            "table": [[str(a), None if d is None else str(d)] for a, d in self.table],
            "lead_attacker": self.lead_attacker, "taking": self.taking,
            "passed": list(self.passed), "limit": self.limit,
            "first_bout": self.first_bout, "out": list(self.out),
            "known": [txt(k) for k in self.known], "over": self.over, "durak": self.durak,
        } | ({"asked": list(self.asked)} if self.asked else {})

    _SAVE_KEYS = ("v", "game", "rules", "names", "hands", "talon", "trump_card", "dealer",
                  "attacker", "defender", "rng_state", "seed", "discard", "table",
                  "lead_attacker", "taking", "passed", "limit", "out", "known", "over",
                  "durak")
    _OLD_KEYS = ("first_bout", "defended_once")
    """Exactly one of these: ``first_bout`` (DUR-11 revised) or, in older saves,
    ``defended_once``."""
    _OPTIONAL_KEYS = ("asked",)
    """Saved only when not empty (a one-person table's save is as before)."""

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from ``to_dict`` output. Raises ``SaveError`` (naming the field)
        when the data is not a readable Durak save: a missing or unknown field, a value of
        the wrong type or out of range (``game.checks``), or a state the rules cannot
        reach (``check_integrity``: cards not exactly one deck, the face-up trump card
        not at the bottom of the talon, attacker = defender, a defence that does not beat,
        nobody able to act, ...)."""
        if not isinstance(data, dict) or data.get("game") != cls.game \
                or type(data.get("v")) is not int or data.get("v") != SAVE_VERSION:
            raise SaveError(f"not a Durak save of version {SAVE_VERSION}")
        try:
            d = checks.fields(data, "", cls._SAVE_KEYS, cls._OLD_KEYS + cls._OPTIONAL_KEYS)
            if ("first_bout" in d) == ("defended_once" in d):
                raise SaveError("the field 'first_bout' is missing")
            names = checks.names(d["names"], "names", 2, 6)
            n = len(names)
            table = []
            for i, pair in enumerate(checks.items(d["table"], "table", MAX_ATTACK)):
                a, b = checks.items(pair, f"table[{i}]", length=2)
                table.append([checks.card(a, f"table[{i}][0]"),
                              checks.opt_card(b, f"table[{i}][1]")])
            state = cls(
                rules=checks.rules(Rules, d["rules"]).fitted(n), names=names,
                hands=checks.card_lists(d["hands"], "hands", n),
                talon=checks.cards(d["talon"], "talon"),
                trump_card=checks.card(d["trump_card"], "trump_card"),
                dealer=checks.seat(d["dealer"], "dealer", n),
                attacker=checks.seat(d["attacker"], "attacker", n),
                defender=checks.seat(d["defender"], "defender", n),
                rng_state=checks.whole(d["rng_state"], "rng_state"),
                seed=checks.whole(d["seed"], "seed"),
                discard=checks.cards(d["discard"], "discard"), table=table,
                lead_attacker=checks.opt_seat(d["lead_attacker"], "lead_attacker", n),
                taking=checks.flag(d["taking"], "taking"),
                passed=checks.seats(d["passed"], "passed", n),
                limit=checks.whole(d["limit"], "limit", 1, MAX_ATTACK),
                first_bout=(checks.flag(d["first_bout"], "first_bout")
                            if "first_bout" in d else None),
                out=checks.seats(d["out"], "out", n),
                known=checks.card_lists(d["known"], "known", n),
                over=checks.flag(d["over"], "over"),
                durak=checks.opt_seat(d["durak"], "durak", n),
                asked=checks.seats(d.get("asked", []), "asked", n),
            )
            if state.first_bout is None:  # a save from before DUR-11 was revised
                state.first_bout = not checks.flag(d["defended_once"], "defended_once") \
                    and looks_like_first_bout(state.rules, state.hands, state.talon,
                                              state.discard)
                if not state.table and not state.over and state.hands[state.defender]:
                    # the coming bout's limit as the revised rule sets it (DUR-10, DUR-11)
                    state.limit = min(state._cap(), len(state.hands[state.defender]))
            state.check_integrity()
        except SaveError as exc:
            raise SaveError(f"damaged Durak save: {exc}") from None
        return state

    def all_cards(self) -> list[Card]:
        """Every card in hands, talon, table and discard pile (DC-11)."""
        cards = [c for h in self.hands for c in h] + self.talon + self.discard
        return cards + [c for pair in self.table for c in pair if c is not None]

    def check_integrity(self) -> None:
        """Raise ``SaveError`` unless the state is one the rules can reach: the cards are
        exactly one deck (each once); the face-up trump card is the bottom card of the
        talon while the talon lasts (DUR-3); the seats exist; while the game runs the
        attacker is not the defender, every seat between them holds no cards, the
        defender is not out, each defence beats its attack card (DUR-5, DUR-12), there
        are at most ``limit`` attack cards (1–6, at most 5 before the first defence with
        DUR-11), a bout in progress has its lead attacker and ``taking``/``passed`` only
        during a bout; players out hold no cards and the talon is empty; ``known`` cards
        are in their hands; the game is over when at most one player holds cards between
        bouts, and then the Durak is that player; someone can act unless the game is over."""
        n = self.num_players
        if not 2 <= n <= 6 or len(self.hands) != n or len(self.known) != n:
            raise SaveError("wrong number of players")
        seats = range(n)
        if not all(s in seats for s in (self.attacker, self.defender, self.dealer)):
            raise SaveError("a seat number is out of range")
        if any(s is not None and s not in seats for s in (self.lead_attacker, self.durak)) \
                or not all(s in seats for s in self.passed + self.out + self.asked) \
                or len(set(self.asked)) != len(self.asked):
            raise SaveError("a seat number is out of range")
        try:
            self.rules.check_players(n)
        except SettingError as exc:
            raise SaveError(str(exc)) from None
        deck = make_deck(DECK_RANKS[self.rules.deck])
        checks.one_each(self.all_cards(), deck, "one deck")
        if self.trump_card not in deck:
            raise SaveError(f"the trump card {self.trump_card} is not in the deck")
        if self.talon and self.talon[0] != self.trump_card:
            raise SaveError("the face-up trump card is not the bottom card of the talon")
        if not 1 <= self.limit <= MAX_ATTACK:
            raise SaveError("the attack limit is out of range")
        checks.known_in_hands(self.known, self.hands)
        holding = [s for s in seats if self.hands[s]]
        if any(self.hands[s] for s in self.out) or (self.out and self.talon) \
                or len(set(self.out)) != len(self.out):
            raise SaveError("a player who is out still plays")
        if self.over:
            if len(holding) > 1 or self.table or self.talon \
                    or self.durak != (holding[0] if holding else None):
                raise SaveError("the game is over but not settled")
            return
        if self.durak is not None or (len(holding) < 2 and not self.table):
            raise SaveError("nobody can act: the game has ended but is not marked over")
        self._check_bout()
        if not self.to_act() or not any(self.legal_actions(s) for s in self.to_act()):
            raise SaveError("nobody can act in a game that is not over")

    def _check_bout(self) -> None:
        """The roles and the table of a running game (part of ``check_integrity``)."""
        a, d, n = self.attacker, self.defender, self.num_players
        if a == d:
            raise SaveError("the attacker is also the defender")
        if d in self.out or (not self.hands[d] and not self.table):
            raise SaveError("the defender is out")
        s = (a + 1) % n
        while s != d:
            if self.hands[s]:
                raise SaveError("the defender is not the next player holding cards")
            s = (s + 1) % n
        for attack, defence in self.table:
            if defence is not None and not beats(defence, attack, self.trump):
                raise SaveError(f"{defence} does not beat {attack}")
        if len(self.table) > self.limit or self.limit > self._cap():
            raise SaveError("more attack cards than the limit allows")
        if self.table:
            if self.lead_attacker is None:
                raise SaveError("a bout without its lead attacker")
        elif self.taking or self.passed or self.lead_attacker is not None:
            raise SaveError("taking, passed or a lead attacker without a bout")
        if d in self.passed:
            raise SaveError("the defender cannot pass as a thrower")


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


def _first_attacker(hands: list[list[Card]], trump: str, dealer: int, n: int,
                    rules: Rules, last_durak: int | None) -> int:
    """Who attacks first (DUR-6, DUR-7)."""
    if rules.last_durak_attacked_first and last_durak is not None:
        return (last_durak - 1) % n
    best = None
    for seat, hand in enumerate(hands):
        for c in hand:
            if c.suit == trump and (best is None or c.rank < best[0]):
                best = (c.rank, seat)
    return best[1] if best else (dealer + 1) % n


def new_game(rules: Rules, player_names: list[str], seed: int, *, dealer: int | None = None,
             last_durak: int | None = None) -> State:
    """Shuffle with ``seed`` and deal a Durak game (DUR-3, DUR-4).

    Args:
        rules: the settings.
        player_names: 2–6 names, seat order (clockwise).
        seed: any int; the same seed, names and dealer deal the same game.
        dealer: the dealing seat; by default the last seat, so seat 0 gets the first card.
        last_durak: the previous game's Durak in a series, for DUR-7 (None: first game or
            a draw, DUR-6 applies).

    Raises ``SettingError`` for a bad player count or a setting not allowed for it (the
    24-card deck, DUR-1; "first attack limited to 5" below four players, DUR-11).
    """
    n = len(player_names)
    rules.check_players(n)
    dealer = n - 1 if dealer is None else dealer
    if not 0 <= dealer < n:
        raise SettingError("dealer", dealer, range(n))
    if last_durak is not None and not 0 <= last_durak < n:
        raise SettingError("last_durak", last_durak, range(n))
    rng = Rng(seed)
    deck = make_deck(DECK_RANKS[rules.deck])
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    for _ in range(HAND_SIZE):
        for k in range(1, n + 1):
            hands[(dealer + k) % n].append(deck[pos])
            pos += 1
    rest = deck[pos:]
    if rest:
        trump_card = rest[0]
        talon = [trump_card] + rest[:0:-1]
    else:  # DUR-4: the dealer's last card shows the trump and stays in hand
        trump_card, talon = deck[pos - 1], []
    known: list[list[Card]] = [[] for _ in range(n)]
    if not talon:
        known[dealer].append(trump_card)
    attacker = _first_attacker(hands, trump_card.suit, dealer, n, rules, last_durak)
    state = State(rules=rules, names=list(player_names), hands=hands, talon=talon,
                  trump_card=trump_card, dealer=dealer, attacker=attacker,
                  defender=(attacker + 1) % n, rng_state=rng.state, seed=seed, known=known)
    state.limit = min(state._cap(), len(hands[state.defender]))
    return state
