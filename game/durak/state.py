"""Durak's ``State``: its fields, the roles of a bout, whose turn it is, the legal actions
and copies; ``new_game`` (the deal, DUR-3, DUR-4, and the first attacker, DUR-6, DUR-7).
Why an action is refused is ``refusals.StateRefusals``, what an action does
``play.StatePlay``, what a seat sees ``view.StateView``, saves ``saves.StateSaves``."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from itertools import combinations
from typing import ClassVar

from ..cards import Card, card_key, make_deck
from ..engine import Action, GameState, Rng, SettingError
from .actions import Attack, Beat, Done, Exchange, Take, Throw, Transfer
from .play import StatePlay
from .refusals import StateRefusals
from .rules import DECK_RANKS, HAND_SIZE, MAX_ATTACK, Rules, beats, bout_cap
from .saves import StateSaves
from .view import StateView


@dataclass
class State(StateRefusals, StatePlay, StateView, StateSaves, GameState):
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
        """``{"durak": seat or None, "draw": bool, "out_order": [seats], "left": [cards]}``
        once over (DUR-19), else None. ``left``: the cards the Durak is left holding, in the
        order a hand is shown (``[]`` after a draw). They are public: every other card is
        in the discard pile every seat's view lists."""
        if not self.over:
            return None
        left = [] if self.durak is None else \
            [str(c) for c in sorted(self.hands[self.durak], key=self.hand_order)]
        return {"durak": self.durak, "draw": self.durak is None, "out_order": list(self.out),
                "left": left}

    def opening_events(self) -> list[dict]:
        """The events of the deal, while nobody has played a card yet (the game's first
        bout, an empty table and discard pile): ``[{"type": "deal", "trump_card": "7H"},
        {"type": "bout", "attacker": seat, "defender": seat}]`` (DUR-3, DUR-4: the card
        shown sets the trump; DUR-6, DUR-7: who attacks first), else ``[]``. A new
        game deals with no events (``new_game``), so the move history starts from these."""
        if self.over or self.table or self.discard or not self.first_bout:
            return []
        return [{"type": "deal", "trump_card": str(self.trump_card)},
                {"type": "bout", "attacker": self.attacker, "defender": self.defender}]

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

    # --------------------------------------------------------------- copies

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

    def all_cards(self) -> list[Card]:
        """Every card in hands, talon, table and discard pile (DC-11)."""
        cards = [c for h in self.hands for c in h] + self.talon + self.discard
        return cards + [c for pair in self.table for c in pair if c is not None]


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
