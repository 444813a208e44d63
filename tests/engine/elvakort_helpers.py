"""Helpers for the Elvakort engine tests (rules/elvakort.md): positions in text notation
whose cards add up to the decks for the player count (ELV-1: 108 cards for 2–4 players,
162 for 5–8). The other helpers are Dunka's (same engine, same action texts).

Standard library only (this folder also runs inside Pyodide under Node).
"""

from __future__ import annotations

import copy

from dunka_helpers import act, assert_illegal, cards, hand, legal_texts, meld_text, play
from game.cards import Card, card_key, make_deck
from game.melds import parse_meld
from game.rummy import Rules, State

__all__ = ["ELV", "NAMES", "act", "assert_illegal", "cards", "full_deck", "hand",
           "legal_texts", "meld_text", "play", "position"]

ELV = Rules(variant="elvakort")
NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"]


def full_deck(players: int) -> list[Card]:
    """Elvakort's cards for ``players`` players (ELV-1), sorted."""
    copies = 2 if players <= 4 else 3
    return sorted(make_deck(range(2, 15), copies=copies, jokers=2 * copies), key=card_key)


def position(hands, *, pile="", stock="", table=(), rest="stock", phase="play", turn=0,
             round=1, dealer=None, laid_down=None, rules=None, known=None, sheet=None,
             credits=None, **fields) -> State:
    """An Elvakort ``State`` built from text (as ``dunka_helpers.position``).

    Args:
        hands: one card text per seat (2–8 seats).
        pile, stock, table, rest, phase, turn, round, dealer, laid_down, known, sheet:
            as in ``dunka_helpers.position``.
        credits: ``{meld id: [seat per card]}`` (ELV-8); default: the owners'.
    """
    rules = rules or ELV
    n = len(hands)
    hand_cards = [cards(h) for h in hands]
    pile_cards = cards(pile)
    stock_cards = cards(stock)
    melds = [[i + 1, owner, parse_meld(text)] for i, (owner, text) in enumerate(table)]
    listed = [c for h in hand_cards for c in h] + pile_cards + stock_cards
    listed += [c for _, _, m in melds for c in m.cards]
    if len(set(listed)) != len(listed):
        raise ValueError("a card is listed twice")
    others = [c for c in full_deck(n) if c not in set(listed)]
    if rest == "stock":
        stock_cards += others
    else:
        pile_cards = others + pile_cards
    dealer = (turn - 1) % n if dealer is None else dealer
    if laid_down is None:
        laid_down = [any(owner == s for _, owner, _ in melds) for s in range(n)]
    if sheet is None:
        finished = round if phase in ("round_over", "game_over") else round - 1
        sheet = [{"round": r, "contract": "", "dealer": 0, "out": None, "points": [0] * n,
                  "totals": [0] * n, "hands": [[]] * n} for r in range(1, finished + 1)]
    values = dict(
        rules=rules, names=NAMES[:n], first_dealer=(dealer - round + 1) % n, round=round,
        dealer=dealer, hands=hand_cards, stock=stock_cards[::-1], pile=pile_cards,
        rng_state=12345, phase=phase, turn=turn, table=melds, next_meld_id=len(melds) + 1,
        laid_down=list(laid_down), known=[cards(k) for k in known] if known else
        [[] for _ in range(n)], sheet=copy.deepcopy(sheet),
        credits={mid: [owner] * len(m.cards) for mid, owner, m in melds},
    )
    if credits:
        values["credits"].update({int(k): list(v) for k, v in credits.items()})
    values.update(fields)
    state = State(**values)
    state.check_integrity()
    return state
