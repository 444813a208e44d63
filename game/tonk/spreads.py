"""Spreads in a hand (TONK-2): every spread that can be laid, whether a hand holds one that
TONK-9 forbids keeping, and the quick test whether a card can hit a spread (TONK-7)."""

from __future__ import annotations

from itertools import combinations

from ..cards import Card
from ..melds import Meld
from .cardtext import _sorted, tonk_key
from .rules import low_rank

def spreads_in(cards) -> list[tuple[Card, ...]]:
    """Every valid spread (TONK-2) that can be laid from ``cards``: books of 3–4 cards of a
    rank (every choice of cards), runs of 3+ consecutive cards of a suit, ace low only
    (every sub-run). Each spread's cards are sorted ace low; the list is sorted too."""
    cards = list(cards)
    out: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, {})[low_rank(c)] = c
    for group in by_rank.values():
        group = _sorted(group)
        for size in range(3, min(4, len(group)) + 1):
            out += [tuple(combo) for combo in combinations(group, size)]
    for suit_cards in by_suit.values():
        for lo in sorted(suit_cards):
            hi = lo
            while hi + 1 in suit_cards:
                hi += 1
                if hi - lo + 1 >= 3:
                    out.append(tuple(suit_cards[r] for r in range(lo, hi + 1)))
    return sorted(out, key=lambda s: [tonk_key(c) for c in s])


def holds_spread(cards) -> bool:
    """True when ``cards`` hold a spread that TONK-9 forbids keeping: any spread except a
    book of aces (three aces may be kept; a run A-2-3 may not)."""
    ranks: dict[int, int] = {}
    suits: dict[str, set] = {}
    for c in cards:
        ranks[c.rank] = ranks.get(c.rank, 0) + 1
        suits.setdefault(c.suit, set()).add(1 if c.rank == 14 else c.rank)
    if any(k >= 3 and r != 14 for r, k in ranks.items()):
        return True
    return any(p in ps and p + 1 in ps and p + 2 in ps for ps in suits.values() for p in ps)


def _fits(meld: Meld, card: Card) -> bool:
    """Quick test whether ``card`` alone can hit ``meld`` (the exact one is
    ``lay_off_options``)."""
    if meld.kind == "set":
        return card.rank == meld.rank and len(meld) < 4
    pos = low_rank(card)
    return card.suit == meld.suit and pos in (meld.low - 1, meld.high + 1) and 1 <= pos <= 13
