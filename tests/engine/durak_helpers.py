"""Helpers for the Durak engine tests: positions in text notation, fixed deals, and
checks that an illegal action is rejected without changing anything.

Standard library only (this folder also runs inside Pyodide under Node).
"""

from __future__ import annotations

import contextlib
import json

import game.durak.state as durak_state  # new_game's module: deck_order swaps its Rng
from game.cards import Card, make_deck, parse_card, parse_cards
from game.durak import DECK_RANKS, Rules, State, new_game, parse_action
from game.engine import IllegalAction, Rng


def cards(text) -> list[Card]:
    """Cards from notation (``"6H 7H"``) or an iterable of card texts; ``None`` -> []."""
    if text is None:
        return []
    return parse_cards(text)


def position(hands, trump_card="9S", talon="", *, rules=None, rest="discard", table=(),
             discard=None, attacker=0, defender=None, known=None, **fields) -> State:
    """A ``State`` built from text whose cards add up to exactly one deck.

    Args:
        hands: one card text per seat (``["6H 7H", "8H QS"]``).
        trump_card: the face-up trump card; its suit is trump. It lies under the talon
            (drawn last) when the talon is not empty; otherwise it is wherever it is listed
            (a hand, the table), or in the discard pile.
        talon: cards in the order they are drawn, *not* counting the trump card.
        rest: where every card not listed goes: ``"discard"`` (default) or ``"talon"``
            (drawn after the listed talon cards, before the trump card).
        table: ``[("6H", None), ("7S", "8S")]`` attack / defence pairs of the bout.
        discard: cards of the discard pile; by default every card not listed elsewhere
            (when ``rest="discard"``).
        attacker, defender: seats (defender defaults to the next seat with cards).
        known: per seat, public cards in that hand (default none).
        fields: any other ``State`` field (``taking``, ``passed``, ``limit``,
            ``first_bout``, ``out``, ``lead_attacker``, ``dealer`` ...).
    """
    rules = rules or Rules()
    n = len(hands)
    hand_cards = [cards(h) for h in hands]
    table_pairs = [[parse_card(a), None if d is None else parse_card(d)] for a, d in table]
    talon_cards = cards(talon)
    tc = parse_card(trump_card)
    listed = [c for h in hand_cards for c in h] + talon_cards
    listed += [c for pair in table_pairs for c in pair if c is not None]
    listed += cards(discard)
    deck = make_deck(DECK_RANKS[rules.deck])
    others = [c for c in deck if c not in listed and c != tc]
    trump_elsewhere = tc in listed
    talon_order = list(talon_cards)  # drawing order
    disc = cards(discard)
    if rest == "talon":
        talon_order += others
    elif discard is None:
        disc = others
    elif others:
        raise ValueError(f"cards not placed: {' '.join(map(str, others))}")
    if talon_order:
        if trump_elsewhere:
            raise ValueError("the trump card is listed elsewhere but the talon is not empty")
        talon_list = [tc] + talon_order[::-1]
    else:
        talon_list = []
        if not trump_elsewhere:
            disc = disc + [tc]
    if defender is None:
        defender = (attacker + 1) % n
        while not hand_cards[defender] and defender != attacker:
            defender = (defender + 1) % n
    values = dict(
        rules=rules, names=[f"P{i}" for i in range(n)], hands=hand_cards, talon=talon_list,
        trump_card=tc, dealer=n - 1, attacker=attacker, defender=defender, rng_state=0,
        discard=disc, table=table_pairs,
        known=[cards(k) for k in known] if known else [[] for _ in range(n)],
    )
    if table_pairs and "lead_attacker" not in fields:
        values["lead_attacker"] = attacker
    values.update(fields)
    state = State(**values)
    if "limit" not in fields:
        state.limit = min(state._cap(), len(hand_cards[defender]) + sum(
            1 for _, d in table_pairs if d is not None))
    state.check_integrity()
    return state


def act(state: State, text: str, player: int | None = None) -> list[dict]:
    """Apply the action written as ``text`` for ``player`` (default: first to act)."""
    if player is None:
        player = state.to_act()[0]
    return state.apply(parse_action(text, player))


def play(state: State, *moves) -> list[dict]:
    """Apply several ``(player, text)`` moves; return all events."""
    events = []
    for player, text in moves:
        events += act(state, text, player)
    return events


def legal_texts(state: State, player: int) -> list[str]:
    """The legal actions of ``player`` as text."""
    return [str(a) for a in state.legal_actions(player)]


def assert_illegal(state: State, text: str, player: int, code: str) -> IllegalAction:
    """``text`` by ``player`` raises ``IllegalAction`` with ``code``; the state is unchanged."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    action = parse_action(text, player)
    assert action not in state.legal_actions(player)
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert exc.code == code, f"{text!r}: expected {code!r}, got {exc.code!r} ({exc})"
        after = json.dumps(state.to_dict(), sort_keys=True)
        assert after == before, f"{text!r} changed the state"
        return exc
    raise AssertionError(f"{text!r} by seat {player} was accepted")


class _FixedRng(Rng):
    """An Rng whose shuffle puts the deck into a chosen order (for constructed deals)."""

    order: list[Card] = []

    def shuffle(self, items: list) -> None:
        assert sorted(items) == sorted(self.order), "the order is not one whole deck"
        items[:] = list(self.order)


@contextlib.contextmanager
def deck_order(order):
    """While active, ``new_game`` deals the deck in ``order`` instead of shuffling."""
    fixed = type("FixedRng", (_FixedRng,), {"order": list(order)})
    saved = durak_state.Rng
    durak_state.Rng = fixed
    try:
        yield
    finally:
        durak_state.Rng = saved


def dealt_game(hands, trump_card, rules=None, *, dealer=None, last_durak=None) -> State:
    """``new_game`` whose deal gives exactly ``hands`` (6 cards each) and turns up
    ``trump_card`` (DUR-3). With no card left after the deal, ``trump_card`` must be the
    dealer's last card (DUR-4). The other cards form the talon in sorted order."""
    rules = rules or Rules()
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    hs = [cards(h) for h in hands]
    assert all(len(h) == 6 for h in hs)
    order = []
    for r in range(6):
        for k in range(1, n + 1):
            order.append(hs[(dealer + k) % n][r])
    tc = parse_card(trump_card)
    deck = make_deck(DECK_RANKS[rules.deck])
    if len(order) < len(deck):
        order.append(tc)
    order += sorted(c for c in deck if c not in order)
    with deck_order(order):
        return new_game(rules, [f"P{i}" for i in range(n)], 0, dealer=dealer,
                        last_durak=last_durak)


def deck_of(state: State) -> list[Card]:
    """The full deck of the state's rules, sorted."""
    return sorted(make_deck(DECK_RANKS[state.rules.deck]))


def all_configs() -> list[tuple[Rules, int]]:
    """Every combination of the Durak settings that change play, with every player count
    the deck allows (DUR-1) and DUR-11 (the limit of 5 only with 4–6 players): 24
    combinations without the limit x (1 + 5 + 5) plus 24 with it x (3 + 3) = 408.
    ``series_length`` does not change a single game and stays at its default."""
    configs = []
    for transfer in (False, True):
        for throw_in in ("attacker", "neighbours", "all"):
            for limit5 in (False, True):
                for exchange in (False, True):
                    for last_durak in (False, True):
                        for deck in (24, 36, 52):
                            rules = Rules(transfer=transfer, throw_in=throw_in, deck=deck,
                                          first_bout_limit_5=limit5, trump_exchange=exchange,
                                          last_durak_attacked_first=last_durak)
                            for n in ((2,) if deck == 24 else range(2, 7)):
                                if limit5 and n < 4:
                                    continue  # DUR-11: refused below four players
                                configs.append((rules, n))
    return configs
