"""Helpers for the Tonk engine tests: positions in text notation, prepared deals, and
checks that an illegal action is rejected without changing anything.

Standard library only (this folder also runs inside Pyodide under Node).
"""

from __future__ import annotations

import json
from itertools import product

from game.cards import Card, card_key, make_deck, parse_cards
from game.engine import IllegalAction
from game.ledger import TonkLedger
from game.melds import TONK, melds_from
from game.tonk import Rules, State, new_game, parse_action

NAMES = ["Ann", "Bo", "Cia", "Dan"]
FULL_DECK = make_deck(range(2, 15))


def cards(text) -> list[Card]:
    """Cards from notation (``"6H 7H"``) or an iterable of card texts; ``None`` -> []."""
    if text is None:
        return []
    return parse_cards(text)


def all_rules() -> list[Rules]:
    """Every combination of the on/off settings (stake 1)."""
    names = sorted(Rules.CHOICES)
    return [Rules(**dict(zip(names, values)))
            for values in product(*(Rules.CHOICES[k] for k in names))]


def position(hands, pile="", stock="", *, rules=None, table=(), turn=0, phase="start",
             dealer=None, known=None, rest="stock", **fields) -> State:
    """A ``State`` built from text whose cards add up to exactly one deck.

    Args:
        hands: one card text per seat (``["3H 4H 5H 9C KD", "..."]``).
        pile: the discard pile, bottom first (its last card is the top).
        stock: the stock in drawing order (first card drawn first).
        table: spreads ``[(owner, "3H 4H 5H"), ...]``, given ids s1, s2, ... in order.
        rest: where the cards not listed go: ``"stock"`` (drawn after the listed stock
            cards) or ``"pile"`` (under the listed pile cards).
        turn, phase, dealer: whose turn, ``"start"``/``"play"``/``"hand_over"``, dealer
            (default: the seat right of ``turn``).
        known: per seat, cards taken from the pile (public).
        fields: any other ``State`` field (``hit_since``, ``dry_turns``, ``hand_no``,
            ``spread_this_turn``, ``ledger`` ...).
    """
    rules = rules or Rules()
    n = len(hands)
    hand_cards = [cards(h) for h in hands]
    pile_cards, stock_order = cards(pile), cards(stock)
    spreads = []
    for sid, (owner, text) in enumerate(table, start=1):
        readings = melds_from(cards(text), TONK)
        if not readings:
            raise ValueError(f"not a spread: {text}")
        spreads.append([sid, owner, readings[0]])
    listed = [c for h in hand_cards for c in h] + pile_cards + stock_order
    listed += [c for _s, _o, m in spreads for c in m.cards]
    if len(set(listed)) != len(listed):
        raise ValueError("a card is listed twice")
    others = [c for c in FULL_DECK if c not in listed]
    if rest == "stock":
        stock_order += others
    else:
        pile_cards = others + pile_cards
    values = dict(
        rules=rules, names=NAMES[:n], hands=hand_cards, stock=stock_order[::-1],
        pile=pile_cards, dealer=(turn - 1) % n if dealer is None else dealer, turn=turn,
        rng_state=12345, ledger=TonkLedger(n), phase=phase, table=spreads,
        next_spread_id=len(spreads) + 1, hit_since=[False] * n,
        known=[cards(k) for k in known] if known else [[] for _ in range(n)],
    )
    values.update(fields)
    state = State(**values)
    state.first_dealer = state.dealer
    state.check_integrity()
    return state


def deck_for(hands, pile=None, dealer=0, stock="") -> list[Card]:
    """A deck order that ``new_game(..., dealer=dealer, deck=...)`` deals as ``hands`` (one
    text of five cards per seat), with ``pile`` turned up (unless None) and ``stock`` drawn
    first; the other cards follow in the stock."""
    n = len(hands)
    hand_cards = [cards(h) for h in hands]
    order = []
    for i in range(5):
        for k in range(1, n + 1):
            order.append(hand_cards[(dealer + k) % n][i])
    if pile is not None:
        order += cards(pile)
    order += cards(stock)
    return order + [c for c in FULL_DECK if c not in order]


def act(state: State, text: str, player: int | None = None) -> list[dict]:
    """Apply an action given as text, by ``player`` (default: the first seat to act)."""
    if player is None:
        player = state.to_act()[0]
    return state.apply(parse_action(text, player))


def legal_texts(state: State, player: int | None = None) -> list[str]:
    """The text forms of ``player``'s legal actions (default: the first seat to act)."""
    if player is None:
        player = state.to_act()[0]
    return [str(a) for a in state.legal_actions(player)]


def assert_illegal(state: State, text: str, code: str, player: int | None = None) -> None:
    """The action is refused with ``code`` and the state is unchanged."""
    if player is None:
        player = state.to_act()[0]
    before = json.dumps(state.to_dict(), sort_keys=True)
    try:
        state.apply(parse_action(text, player))
    except IllegalAction as exc:
        assert exc.code == code, (text, exc.code, str(exc))
        json.dumps(exc.params)
    else:
        raise AssertionError(f"{text!r} by seat {player} was accepted")
    assert json.dumps(state.to_dict(), sort_keys=True) == before, f"{text!r} changed the state"


def hand(state: State, seat: int) -> list[str]:
    """A seat's hand as sorted card texts."""
    return sorted(str(c) for c in state.hands[seat])


def net(state: State) -> list[int]:
    """Chips won or lost per seat in the hand just finished."""
    return state.result["net"]


def payouts(state: State) -> list[tuple]:
    """The finished hand's payouts as ``(payer, payee, amount, reason)`` tuples."""
    return [(p["payer"], p["payee"], p["amount"], p["reason"]) for p in state.result["payouts"]]


def sorted_cards(cs) -> list[Card]:
    return sorted(cs, key=card_key)
