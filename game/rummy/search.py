"""The bounded, cached searches for what ``legal_actions`` offers to lay down: the
contract's best arrangements (``laydowns_cached``) and further melds (``further_cached``,
ELV-8), keeping a card for the discard where ELV-10 says so."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ..cards import Card, card_key
from ..melds import (FULL_BUDGET_CARDS, Arrangement, Contract, Meld, MeldRules, best_contract,
                     best_melds, contract_arrangements, melds_from)
from .rules import LAYDOWN_ALTERNATIVES, LAYDOWN_WAYS, RULE_SETS, RuleSet


# ---------------------------------------------------------------------------- searches

def round_keeps_discard(rs: RuleSet, contract: Contract) -> bool:
    """ELV-10 (revised): in this round a player must keep a card to discard, so nothing
    may meld the last card in hand (``RuleSet.discard_to_go_out``, not the go-out round)."""
    return rs.discard_to_go_out and not contract.go_out


def _keeping_one(hand: tuple[Card, ...], search: Callable, value: Callable[[Card], int],
                 whole: Arrangement, rules: MeldRules, sizes: dict[str, int]
                 ) -> Arrangement | None:
    """The best arrangement that keeps at least one card of ``hand`` for the discard
    (ELV-10): ``search(cards) -> Arrangement | None`` run on the hand less each distinct
    card in turn (card order; two copies of one card, or two jokers, are tried once); the
    one leaving the fewest points in hand, the kept card counted, the first on ties.
    ``None`` when no such arrangement has a meld.

    ``whole`` is the best arrangement of the whole hand (it melds every card). A hand of
    more than ``FULL_BUDGET_CARDS`` cards (a claiming player's 40-70) is not searched once
    per card (each search within its budget, 2-3 s in all, issue 13): one card is taken
    out of ``whole`` instead (``_dropping_one``; ``sizes``: the fewest cards of a set and a
    run), and only if no meld can spare one are the searches run."""
    if len(hand) > FULL_BUDGET_CARDS:
        dropped = _dropping_one(whole, rules, value, sizes)
        if dropped is not None:
            return dropped
    best, best_points, tried = None, None, set()
    for i, card in enumerate(hand):
        face = (card.rank, card.suit)
        if face in tried:
            continue
        tried.add(face)
        arr = search(hand[:i] + hand[i + 1:])
        if arr is None or not arr.melds:
            continue
        arr = Arrangement(arr.melds, tuple(sorted(arr.left + (card,), key=card_key)))
        points = arr.points(value)
        if best is None or points < best_points:
            best, best_points = arr, points
    return best


def _dropping_one(whole: Arrangement, rules: MeldRules, value: Callable[[Card], int],
                  sizes: dict[str, int]) -> Arrangement | None:
    """``whole`` with the card of fewest points (the first in meld order on ties) that a
    meld can spare moved to the hand: the meld without it is still a meld of its kind
    (``melds_from``: its first reading) of at least ``sizes[kind]`` cards. ``None`` if no
    meld can spare a card."""
    found = None  # (points, meld index, the meld without the card, the card)
    for i, meld in enumerate(whole.melds):
        if len(meld) <= sizes[meld.kind]:
            continue
        for k, card in enumerate(meld.cards):
            if found is not None and value(card) >= found[0]:
                continue
            rest = meld.cards[:k] + meld.cards[k + 1:]
            readings = [m for m in melds_from(rest, rules) if m.kind == meld.kind]
            if readings:
                found = (value(card), i, readings[0], card)
    if found is None:
        return None
    _, i, smaller, card = found
    melds = whole.melds[:i] + (smaller,) + whole.melds[i + 1:]
    return Arrangement(melds, tuple(sorted(whole.left + (card,), key=card_key)))


def _ranked(arrs: list[Arrangement], value: Callable[[Card], int]) -> list[Arrangement]:
    """``arrs`` best first: the fewest points left in hand (DUN-14 / ELV-12 values, so a
    joker kept in hand counts its 25), then the most cards laid down, then the search's
    order (stable sort)."""
    return sorted(arrs, key=lambda a: (a.points(value), len(a.left)))


@lru_cache(maxsize=4096)
def laydown_ways_cached(hand: tuple[Card, ...], variant: str, round_index: int
                        ) -> tuple[tuple[Meld, ...], ...]:
    """Every distinct way to lay down the round's contract from ``hand`` (at most
    ``LAYDOWN_WAYS``, within the meld search budget), best first: the best arrangement
    (``best_contract``; where a card must be kept for the discard, ELV-10, the best of
    the hand less one card, ``_keeping_one``), then the others ranked by ``_ranked``, so a
    cap never drops a way that leaves fewer points than one it keeps. For a normal hand
    (up to ~14 cards) the list is complete (at most ~100 ways); a hand with several jokers
    or a claiming player's big hand may have thousands, and then the first
    ``LAYDOWN_WAYS`` the search reaches are ranked. Empty when the hand does not hold the
    contract."""
    rs = RULE_SETS[variant]
    contract = rs.contracts[round_index]
    keep = round_keeps_discard(rs, contract)
    best = best_contract(hand, contract, rs.melds, rs.value, use_all=contract.go_out)
    if best is not None and keep and not best.left:
        best = _keeping_one(hand, lambda cards: best_contract(
            cards, contract, rs.melds, rs.value), rs.value, best, rs.melds,
            {"set": max(contract.set_size, rs.melds.min_set),
             "run": max(contract.run_size, rs.melds.min_run)})
    if best is None:
        return ()
    others = [arr for arr in contract_arrangements(hand, contract, rs.melds,
                                                   use_all=contract.go_out,
                                                   limit=LAYDOWN_WAYS)
              if (arr.left or not keep) and arr.melds != best.melds]
    return (best.melds,) + tuple(arr.melds for arr in _ranked(others, rs.value))


def clear_caches() -> None:
    """Empty the search caches (``laydown_ways_cached``, ``further_cached``), as after a
    page load: for timing a search from cold (bench/fuzz_worst.py) and for tests. The
    caches only ever hold results, so clearing them changes no answer."""
    laydown_ways_cached.cache_clear()
    further_cached.cache_clear()


def laydowns_cached(hand: tuple[Card, ...], variant: str, round_index: int
                    ) -> tuple[tuple[Meld, ...], ...]:
    """What ``legal_actions`` lists: the best arrangement then the ``LAYDOWN_ALTERNATIVES``
    next best of ``laydown_ways_cached`` (so the bounded list holds the best ways)."""
    return laydown_ways_cached(hand, variant, round_index)[:LAYDOWN_ALTERNATIVES + 1]


@lru_cache(maxsize=4096)
def further_cached(hand: tuple[Card, ...], variant: str, keep: bool = False
                    ) -> tuple[tuple[Meld, ...], ...]:
    """Further melds to offer (ELV-8), bounded: the arrangement of any number of melds
    leaving the fewest points in hand (``best_melds``), then each of its melds alone (at
    most ``LAYDOWN_ALTERNATIVES`` of them). ``keep``: a card must stay for the discard
    (ELV-10), so when the best arrangement melds every card, the best of the hand less
    one card (``_keeping_one``) is offered instead."""
    rs = RULE_SETS[variant]
    best = best_melds(hand, rs.melds, rs.value)
    if best is not None and keep and not best.left:
        best = _keeping_one(hand, lambda cards: best_melds(cards, rs.melds, rs.value),
                            rs.value, best, rs.melds,
                            {"set": rs.melds.min_set, "run": rs.melds.min_run})
    if best is None or not best.melds:
        return ()
    out = [best.melds]
    if len(best.melds) > 1:
        out += [(m,) for m in best.melds[:LAYDOWN_ALTERNATIVES]]
    return tuple(out)
