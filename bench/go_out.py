"""Go-out chances at the lay-down (issue 32), seen without the players' own search.

``can_go_out(state, seat)`` answers, for the seat in turn that has drawn and not yet laid
down, whether some legal sequence of this turn's actions empties its hand: the lay-down
(DUN-8, ELV-7), lay-offs and joker replacements (DUN-9 … DUN-11, ELV-8), the last card
discarded (DUN-13, ELV-10). It does not use ``game.rummy.goout``'s walk (the search the
players and the engine's lay-down list use): it collects every set of cards the engine
lets the seat lay off on the melds already on the table (its legal actions, in every
order), and for each such set and each discard checks whether the rest forms the lay-down
with every card (``best_contract`` with ``use_all``, further melds with it in Elvakort),
then plays that split through the engine itself (``State.apply`` on a clone: the
lay-down, the lay-offs in every order the engine allows, the discard), so a chance is one
the rules really give. In a go-out round (DUN-15, ELV-10 round 6) every
lay-down goes out: a chance is a turn with one listed.

``ChanceCounter`` watches a game played by ``bench/bots.py`` and counts, per level, the
turns that began their lay-down with a chance and how many of them went out.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from game.cards import card_key
from game.melds import best_contract
from game.rummy import Discard, LayDown, Layoff, Replace
from game.rummy.actions import laydown_from
from game.rummy.rules import RULE_SETS

MAX_STATES = 20_000
"""The most states (cards left, melds on the table) the walk over the engine's lay-offs
visits for one turn (more raise ``TooMany``: ``ChanceCounter`` counts such turns in
``unchecked``)."""


class TooMany(Exception):
    """The lay-offs of one turn reach more than ``MAX_STATES`` states."""


@lru_cache(maxsize=8192)
def _lay_down(cards: tuple, variant: str, round_index: int):
    """The melds laying down exactly ``cards`` (every card) as the round's contract (in
    Elvakort with further melds, ELV-7), or None."""
    rs = RULE_SETS[variant]
    c = rs.contracts[round_index]
    if rs.further_melds:
        c = dataclasses.replace(c, set_size=max(c.set_size, rs.melds.min_set),
                                run_size=max(c.run_size, rs.melds.min_run))
        arr = best_contract(cards, c, rs.melds, rs.value, use_all=True, extra=True)
    else:
        arr = best_contract(cards, c, rs.melds, rs.value, use_all=True)
    return None if arr is None or arr.left else arr.melds


def _layoffs(state, seat: int) -> list:
    """The lay-offs and joker replacements ``state.legal_actions(seat)`` lists (its own
    ``_layoff_options``, ``_replace_options`` and DUN-10 test, without the further melds'
    search that the listing also runs), checked against the listing in the tests."""
    hand = sorted(state.hands[seat], key=card_key)
    if len(hand) == 1 and state.keeps_discard():
        return []
    out = []
    for card in hand:
        for entry in state.table:
            if card.is_joker and not state._may_lay_joker(seat, entry):
                continue
            out += [Layoff(seat, card, entry[0], end)
                    for end, _ in state._layoff_options(card, entry)]
            if state.ruleset.melds.joker_replacement:
                out += [Replace(seat, card, entry[0], end)
                        for end, _ in state._replace_options(card, entry)]
    return out


def _layoff_sets(state, seat: int) -> list[tuple]:
    """Every set of cards of ``seat``'s hand that the engine lets it lay off, in some
    order, on the melds now on the table (its lay-offs and joker replacements, DUN-9 …
    DUN-11, ELV-8), as sorted tuples of faces (rank, suit); the empty set first. Walks
    the engine's own legal actions on a clone marked as laid down (the lay-offs come
    after the lay-down, whose new melds are apart). Raises ``TooMany``."""
    start = state.clone()
    start.laid_down[seat] = True
    out = {(): None}
    seen = set()
    stack = [(start, ())]
    while stack:
        st, off = stack.pop()
        key = (tuple(sorted((c.rank, c.suit) for c in st.hands[seat])),
               tuple((mid, tuple(meld.tokens())) for mid, _o, meld in st.table))
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > MAX_STATES:
            raise TooMany(len(seen))
        out.setdefault(tuple(sorted(off)), None)
        for action in _layoffs(st, seat):
            nxt = st.clone()
            nxt._apply(action)  # one of the listed lay-offs (``_layoffs``)
            if nxt.phase == "play":
                stack.append((nxt, off + ((action.card.rank, action.card.suit),)))
    return list(out)


def _out(state, seat: int) -> bool:
    return state.phase in ("round_over", "game_over") and state.sheet[-1]["out"] == seat


def _place(state, seat: int, rest: list, discard) -> bool:
    """Lay off every card of ``rest`` (the engine's lay-offs and replacements, in any
    order), then discard ``discard`` (or, None, be out already): whether ``seat`` is out."""
    if not rest:
        if discard is None:
            return _out(state, seat)
        action = Discard(seat, discard)
        if action not in state._discards(seat):  # what legal_actions lists (DUN-10, DUN-12)
            return False
        state = state.clone()
        state._apply(action)
        return _out(state, seat)
    tried = set()
    for action in _layoffs(state, seat):
        if action.card not in rest:
            continue
        key = (action.card.rank, action.card.suit, type(action), action.meld, action.end)
        if key in tried:
            continue
        tried.add(key)
        nxt = state.clone()
        nxt._apply(action)
        left = list(rest)
        left.remove(action.card)
        if _place(nxt, seat, left, discard):
            return True
    return False


def can_go_out(state, seat: int) -> bool:
    """Whether ``seat`` (in turn, drawn, not yet laid down) can go out this turn (module
    docstring). Reads ``state``, changes nothing. Raises ``TooMany`` (``_layoff_sets``)."""
    if state.contract.go_out:
        return any(isinstance(a, LayDown) for a in state.legal_actions(seat))
    rs = state.ruleset
    hand = sorted(state.hands[seat], key=card_key)
    for faces in _layoff_sets(state, seat):
        rest, off = list(hand), []
        for face in faces:
            card = next(c for c in rest if (c.rank, c.suit) == face)
            rest.remove(card)
            off.append(card)
        discards = [] if rs.discard_to_go_out else [None]
        discards += list({(c.rank, c.suit): c for c in rest}.values())
        for d in discards:
            cards = tuple(c for c in rest if c is not d)
            if not cards:
                continue
            melds = _lay_down(cards, state.rules.variant, state.round - 1)
            if melds is None:
                continue
            trial = state.clone()
            try:
                trial.apply(laydown_from(seat, melds))
            except Exception:  # noqa: BLE001 - a lay-down the rules refuse: no chance
                continue
            if _place(trial, seat, off, d):
                return True
    return False


def describe(state, seat: int) -> str:
    """One line for a log: the game, round, seat, its hand and the melds on the table."""
    hand = " ".join(str(c) for c in sorted(state.hands[seat], key=card_key))
    table = "; ".join(f"m{mid}({owner}): {' '.join(meld.tokens())}"
                      for mid, owner, meld in state.table)
    return (f"{state.game} round {state.round} seat {seat}: hand {hand} | table "
            f"{table or '-'}")


class ChanceCounter:
    """Counts go-out chances at the lay-down and how many were taken, per level.

    Call ``before(state, seat, level)`` before each action and ``after(state)`` after
    it. A chance is a turn whose first action after the draw is taken by a seat not yet
    down holding a lay-down (``LayDown`` listed) for which ``can_go_out`` holds; it is
    taken when that seat is out before the next turn begins."""

    def __init__(self) -> None:
        self.chances: dict[str, int] = {}
        self.taken: dict[str, int] = {}
        self.missed: list[str] = []
        self.unchecked = 0  # lay-down turns whose lay-offs were too many (``TooMany``)
        self.turns = 0  # lay-down turns looked at
        self._open = None  # (seat, level, round, turns, position) of the turn being watched
        self._looked = None  # (round, turns) of the last turn looked at

    def before(self, state, seat: int, level: str) -> None:
        """Look at the start of a lay-down turn (see the class docstring)."""
        if state.phase != "play" or seat != state.turn or state.laid_down[seat]:
            return
        turn = (state.round, state.turns)
        if self._looked == turn:
            return
        self._looked = turn
        if not any(isinstance(a, LayDown) for a in state.legal_actions(seat)):
            return
        self.turns += 1
        try:
            chance = can_go_out(state, seat)
        except TooMany:
            self.unchecked += 1
            return
        if chance:
            self.chances[level] = self.chances.get(level, 0) + 1
            self._open = (seat, level, state.round, state.turns, describe(state, seat))

    def after(self, state) -> None:
        """Close the watched turn once it is over: out, or the next turn begun."""
        if self._open is None:
            return
        seat, level, _rnd, _turns, text = self._open
        if _out(state, seat):
            self.taken[level] = self.taken.get(level, 0) + 1
            self._open = None
        elif state.phase != "play" or state.turn != seat:
            self.missed.append(text)  # the turn ended with cards in hand
            self._open = None
