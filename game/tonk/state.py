"""Tonk's ``State``: its fields, the basic facts of a hand, whose turn it is, the legal
actions and copies; ``new_game`` with the cut for the first dealer (TONK-4). Why an action
is refused is ``refusals.StateRefusals``, what an action does ``play.StatePlay``, what a
seat sees ``view.StateView``, saves ``saves.StateSaves``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..cards import Card, card_key, make_deck, parse_cards
from ..engine import Action, GameState, Rng, SettingError
from ..ledger import TonkLedger
from ..melds import TONK, lay_off_options
from .actions import Discard, Draw, End, Hit, Knock, Next, Spread
from .cardtext import _sorted
from .play import StatePlay
from .refusals import StateRefusals
from .rules import _FULL_DECK, Rules, hand_total, low_rank
from .saves import StateSaves
from .spreads import _fits, holds_spread, spreads_in
from .view import StateView


@dataclass
class State(StateRefusals, StatePlay, StateView, StateSaves, GameState):
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

    # --------------------------------------------------------------- copies

    def clone(self) -> "State":
        """An independent copy for search (cards, melds and results are immutable and
        shared; lists copied)."""
        c = copy_state(self)
        return c

    def all_cards(self) -> list[Card]:
        """Every card in hands, stock, pile and spreads (one deck of 52)."""
        cards = [c for h in self.hands for c in h] + self.stock + self.pile
        return cards + [c for _sid, _o, m in self.table for c in m.cards]


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
