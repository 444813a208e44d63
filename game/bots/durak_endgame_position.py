"""Positions of the Durak endgame solver (game/bots/durak_endgame.py; issue 17, scope 1):
card bits, the structure of a set of live cards, and the solver root of an engine state.

A card is one bit, ``suit*13 + rank-2`` with suits ``S H D C`` (``card_bit``); a hand, the
table or a set of live cards is the OR of its bits. ``_structure`` describes a live-card
set up to ranks that no longer matter (``Solver.canon``); ``make_root`` / ``root_of_state``
build the solver position of a two-holder endgame (the position tuple is described in
game/bots/durak_endgame.py), ``move_of`` the solver move of an engine action.
"""

from __future__ import annotations

from ..cards import Card

SUITS = "SHDC"
MAX_ATTACK = 6


def card_bit(card: Card) -> int:
    """The solver's bit of ``card`` (``suit*13 + rank-2``; ranks 2 … 14)."""
    return 1 << (SUITS.index(card.suit) * 13 + card.rank - 2)


def bits(mask: int):
    """The single-bit masks of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


_RANK_MASK = {}
for _r in range(2, 15):
    _RANK_MASK[_r] = sum(1 << (s * 13 + _r - 2) for s in range(4))
_SAME_RANK = {1 << (s * 13 + i): _RANK_MASK[i + 2] for s in range(4) for i in range(13)}
_RANKS = sorted(_RANK_MASK.items())
_SUIT_OF = {1 << (s * 13 + i): s for s in range(4) for i in range(13)}
_RANK_OF = {1 << (s * 13 + i): i + 2 for s in range(4) for i in range(13)}
_SUIT_MASK = [8191 << (s * 13) for s in range(4)]

_STRUCT: dict = {}
CACHE_LIMIT = 10_000
"""Most live-card sets whose structure (``_structure``) is kept, for every solver (it
does not depend on the trump); past it the cache is emptied and refilled as needed.
The hardest of ``bench/durak_solver.py``'s 400 endgames needs 1,118 and a hard or normal
player's decision at most 1,654 (60 two-player games, deals 10,040-10,099), so it is
never emptied within a search. Kept small because emptying it frees every entry at
once, inside one slice of the page: 100,000 entries took 58 ms of CPython CPU (about
twice that in Pyodide), 10,000 about a tenth. Its entries hold only tuples of ints, so
the garbage collector stops tracking them: with a list inside (before 2026-12-03) the
full collections of a long session grew with the cache to 50-100 ms of CPython CPU,
the Durak hard player's longest slices (``bench/hard_slices.py``)."""


def _structure(live: int):
    """(shape, live card bits in bit order, per suit the tuple of its live card bits) of
    the live-card mask ``live``, cached in ``_STRUCT``: the shape gives, per suit in rank
    order, for each live card the label of its rank if another live card shares it
    (labels 1, 2, ... by rank), else 0."""
    label = {}
    k = 0
    for r, rm in _RANKS:
        m = live & rm
        if m & (m - 1):
            k += 1
            label[r] = k
    shape = []
    order = []
    per_suit = []
    for s in range(4):
        seq = []
        cards = tuple(bits(live & _SUIT_MASK[s]))
        for b in cards:
            seq.append(label.get(_RANK_OF[b], 0))
            order.append(b)
        shape.append(tuple(seq))
        per_suit.append(cards)
    if len(_STRUCT) >= CACHE_LIMIT:
        _STRUCT.clear()
    got = _STRUCT[live] = (tuple(shape), tuple(order), tuple(per_suit))
    return got


def make_root(trump: str, mine: int, theirs: int, i_attack: bool, table_pairs,
              taking: bool, limit: int, talon=()):
    """The solver position of a two-holder endgame.

    Args:
        trump: trump suit letter.
        mine, theirs: the two hands as bitmasks (``card_bit``).
        i_attack: whether the side searched for ("mine") is the attacker.
        table_pairs: ``[(attack Card, defence Card or None), ...]``.
        taking, limit: the engine's ``taking`` and ``limit``.
        talon: card bits still in the talon, drawn from the end.
    """
    att = table = unb = ranks = 0
    for a, d in table_pairs:
        b = card_bit(a)
        att |= b
        table |= b
        ranks |= _SAME_RANK[b]
        if d is None:
            unb |= b
        else:
            table |= card_bit(d)
            ranks |= _SAME_RANK[card_bit(d)]
    a_hand, d_hand = (mine, theirs) if i_attack else (theirs, mine)
    if not table_pairs:
        phase = 0
    elif unb and not taking:
        phase = 1
    else:
        phase = 2
    return (phase, a_hand, d_hand, i_attack, att, table, unb, ranks, bool(taking), limit,
            tuple(talon))


def root_of_state(state, seat: int):
    """The solver position of engine ``state`` (a ``game.durak.State``) for ``seat``, or
    None when the solver does not apply: more than the face-up trump left in the talon,
    not exactly two card holders with ``seat`` among them, the pair not the bout's
    attacker and defender, or (the model's turn order) a throw-in asked while the
    defender still has unbeaten cards. Reads the whole state: for search inside a
    determinization or a known endgame, never for a player's decision on hidden cards."""
    if len(state.talon) > 1 or state.over:
        return None
    holders = [s for s in range(state.num_players) if state.hands[s]]
    if len(holders) != 2 or seat not in holders:
        return None
    if state.talon and state.num_players != 2:
        return None
    opp = holders[0] if holders[1] == seat else holders[1]
    if {state.attacker, state.defender} != {seat, opp}:
        return None
    if state.table and not state.taking and state.unbeaten() and state.defender != seat:
        return None
    if state.first_bout and state.rules.first_bout_limit_5 and state.num_players >= 4:
        return None
    mine = sum(card_bit(c) for c in state.hands[seat])
    theirs = sum(card_bit(c) for c in state.hands[opp])
    talon = tuple(card_bit(c) for c in state.talon)
    return make_root(state.trump, mine, theirs, state.attacker == seat,
                     [tuple(p) for p in state.table], state.taking, state.limit, talon)


def move_of(action):
    """The solver move of an engine action (``game.durak`` Attack, Beat, ...), or None
    for one the model does not have (Exchange)."""
    name = type(action).__name__
    if name == "Attack":
        return ("attack", sum(card_bit(c) for c in action.cards))
    if name == "Beat":
        return ("beat", card_bit(action.card), card_bit(action.target))
    if name == "Transfer":
        return ("transfer", card_bit(action.card))
    if name == "Throw":
        return ("throw", card_bit(action.card))
    if name == "Take":
        return ("take",)
    if name == "Done":
        return ("done",)
    return None
