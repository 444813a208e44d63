"""The bounded, cached searches for what ``legal_actions`` offers to lay down: the
contract's best arrangements (``laydowns_cached``) and further melds (``further_cached``,
ELV-8), keeping a card for the discard where ELV-10 says so."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ..cards import Card, card_key
from ..melds import Arrangement, Contract, Meld, best_contract, best_melds, contract_arrangements
from .rules import LAYDOWN_ALTERNATIVES, RULE_SETS, RuleSet


# ---------------------------------------------------------------------------- searches

def round_keeps_discard(rs: RuleSet, contract: Contract) -> bool:
    """ELV-10 (revised): in this round a player must keep a card to discard, so nothing
    may meld the last card in hand (``RuleSet.discard_to_go_out``, not the go-out round)."""
    return rs.discard_to_go_out and not contract.go_out


def _keeping_one(hand: tuple[Card, ...], search: Callable, value: Callable[[Card], int]
                 ) -> Arrangement | None:
    """The best arrangement that keeps at least one card of ``hand`` for the discard
    (ELV-10): ``search(cards) -> Arrangement | None`` run on the hand less each distinct
    card in turn (card order; two copies of one card, or two jokers, are tried once); the
    one leaving the fewest points in hand, the kept card counted, the first on ties.
    ``None`` when no such arrangement has a meld."""
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


@lru_cache(maxsize=4096)
def laydowns_cached(hand: tuple[Card, ...], variant: str, round_index: int
                     ) -> tuple[tuple[Meld, ...], ...]:
    """The best arrangement then up to ``LAYDOWN_ALTERNATIVES`` others, as meld tuples.
    Where a card must be kept for the discard (ELV-10), none melds every card: the best
    is then the best of the hand less one card (``_keeping_one``)."""
    rs = RULE_SETS[variant]
    contract = rs.contracts[round_index]
    keep = round_keeps_discard(rs, contract)
    best = best_contract(hand, contract, rs.melds, rs.value, use_all=contract.go_out)
    if best is not None and keep and not best.left:
        best = _keeping_one(hand, lambda cards: best_contract(
            cards, contract, rs.melds, rs.value), rs.value)
    if best is None:
        return ()
    out = [best.melds]
    for arr in contract_arrangements(hand, contract, rs.melds, use_all=contract.go_out,
                                     limit=LAYDOWN_ALTERNATIVES + 1):
        if arr.left or not keep:
            out.append(arr.melds)
    return tuple(out)


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
                            rs.value)
    if best is None or not best.melds:
        return ()
    out = [best.melds]
    if len(best.melds) > 1:
        out += [(m,) for m in best.melds[:LAYDOWN_ALTERNATIVES]]
    return tuple(out)
