"""Helpers for the Dunka engine tests: positions in text notation and checks that an
illegal action is rejected without changing anything.

Standard library only (this folder also runs inside Pyodide under Node).
"""

from __future__ import annotations

import copy
import json

from game.cards import Card, card_key, make_deck, parse_cards
from game.engine import IllegalAction
from game.melds import parse_meld
from game.rummy import Rules, State, parse_action

NAMES = ["A", "B", "C", "D", "E", "F"]


def cards(text) -> list[Card]:
    """Cards from notation (``"6H 7H"``) or an iterable of card texts; ``None`` -> []."""
    if text is None:
        return []
    return parse_cards(text)


def full_deck() -> list[Card]:
    """Dunka's 108 cards (DUN-1), sorted."""
    return sorted(make_deck(range(2, 15), copies=2, jokers=4), key=card_key)


def position(hands, *, pile="", stock="", table=(), rest="stock", phase="play", turn=0,
             round=1, dealer=None, laid_down=None, rules=None, known=None, sheet=None,
             **fields) -> State:
    """A ``State`` built from text whose cards add up to exactly 108.

    Args:
        hands: one card text per seat.
        pile: the discard pile, bottom first (its last card is the top).
        stock: cards in the order they are drawn (first listed is drawn first).
        table: ``[(owner, "run 7S 8S JK=9S"), ...]`` melds, ids m1, m2, ... in order.
        rest: where every card not listed goes: ``"stock"`` (drawn after the listed stock
            cards, in sorted order) or ``"pile"`` (under the listed pile cards).
        phase, turn, round: the state's phase, seat in turn and round (1-6).
        dealer: default the seat right of ``turn``.
        laid_down: default: the owners of table melds.
        known, sheet: as in ``State``; ``sheet`` defaults to zero points for earlier rounds.
        fields: any other ``State`` field (``discarder``, ``claim_card``, ...).
    """
    rules = rules or Rules()
    n = len(hands)
    hand_cards = [cards(h) for h in hands]
    pile_cards = cards(pile)
    stock_cards = cards(stock)
    melds = [[i + 1, owner, parse_meld(text)] for i, (owner, text) in enumerate(table)]
    listed = [c for h in hand_cards for c in h] + pile_cards + stock_cards
    listed += [c for _, _, m in melds for c in m.cards]
    if len(set(listed)) != len(listed):
        raise ValueError("a card is listed twice")
    others = [c for c in full_deck() if c not in set(listed)]
    if rest == "stock":
        stock_cards += others
    else:
        pile_cards = others + pile_cards
    dealer = (turn - 1) % n if dealer is None else dealer
    if laid_down is None:
        laid_down = [any(owner == s for _, owner, _ in melds) for s in range(n)]
    if sheet is None:
        finished = round if phase in ("round_over", "game_over") else round - 1
        sheet = []
        for r in range(1, finished + 1):
            sheet.append({"round": r, "contract": "", "dealer": 0, "out": None,
                          "points": [0] * n, "totals": [0] * n, "hands": [[]] * n})
    values = dict(
        rules=rules, names=NAMES[:n], first_dealer=(dealer - round + 1) % n, round=round,
        dealer=dealer, hands=hand_cards, stock=stock_cards[::-1], pile=pile_cards,
        rng_state=12345, phase=phase, turn=turn, table=melds, next_meld_id=len(melds) + 1,
        laid_down=list(laid_down), known=[cards(k) for k in known] if known else
        [[] for _ in range(n)], sheet=copy.deepcopy(sheet),
    )
    values.update(fields)
    state = State(**values)
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


def hand(state: State, seat: int) -> list[str]:
    """A seat's hand as sorted card texts."""
    return [str(c) for c in sorted(state.hands[seat], key=card_key)]


def meld_text(state: State, mid: int) -> str:
    """The table meld ``m<mid>`` as text (``"run 7S 8S JK=9S"``)."""
    for i, _, m in state.table:
        if i == mid:
            return str(m)
    raise KeyError(mid)
