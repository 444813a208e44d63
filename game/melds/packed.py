"""What the meld searches share: a hand packed into one integer (4 bits per card type,
so that "does this meld still fit in the hand" is one subtraction) and the candidate run
shapes of a hand, counted in the work budget (``game.melds.budget``)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from game.cards import Card, card_key

from .meld import _SUIT_ORDER, _distinct, _rank_at, MeldError, MeldRules

#
# A hand's natural cards are counted per card type (suit, rank): type = suit * 13 + rank - 2,
# 4 bits per type in one integer. "Does meld m still fit in rest r" is: x = r + _GUARD - m
# keeps every guard bit set; the new rest is x - _GUARD.

_BITS = 4
_GUARD = sum(8 << (_BITS * t) for t in range(52))


def _type(card: Card) -> int:
    return _SUIT_ORDER[card.suit] * 13 + card.rank - 2


def _type_of(suit_index: int, pos: int) -> int:
    return suit_index * 13 + _rank_at(pos) - 2


class _Hand:
    """A hand split into natural cards by type and jokers, with the packed count."""

    def __init__(self, cards: Sequence[Card], joker_key: Callable[[Card], Any]) -> None:
        _distinct(cards)
        self.by_type: dict[int, list[Card]] = {}
        jokers = []
        for c in cards:
            if c.is_joker:
                jokers.append(c)
            else:
                self.by_type.setdefault(_type(c), []).append(c)
        self.jokers = sorted(jokers, key=joker_key)
        self.packed = 0
        for t, cs in self.by_type.items():
            if len(cs) > 7:
                raise MeldError("more than 7 copies of one card")
            cs.sort(key=card_key)
            self.packed += len(cs) << (_BITS * t)
        self.naturals = len(cards) - len(jokers)

    def count(self, t: int) -> int:
        return len(self.by_type.get(t, ()))

    def taker(self) -> Callable[[int], Card]:
        """A function handing out this hand's natural cards of a type, lowest copy first."""
        queues = {t: list(cs) for t, cs in self.by_type.items()}
        return lambda t: queues[t].pop(0)


def _run_shapes(hand: _Hand, rules: MeldRules, jokers: int, size: int, counter,
                whole: bool = False):
    """Candidate runs as natural-card shapes: yields (suit index, natural positions, gaps,
    need, cap) where need is the fewest jokers making a run of ``size`` and cap the most
    the run may hold. Every subset of the naturals inside an interval is a shape (a card in
    the middle may be kept for a set, RC-3). Every subset looked at is one node of
    ``counter`` (a ``_Counter`` or a ``_Best``, counted before an interval's subsets are
    looked at) and every shape yielded as many more as it has cards: a hand holding every
    position of a suit has tens of thousands of them, and ``_OutOfBudget`` stops the
    building there (issue 13). ``whole=True``: only the shape keeping every natural of its
    interval (at most ~90 per suit; the greedy fallback's candidates)."""
    joker_ok = rules.jokers
    for si in range(4):
        avail = [p for p in range(1, rules.top_position + 1)
                 if (p != 14 or rules.ace == "both") and hand.count(_type_of(si, p))]
        for i, a in enumerate(avail):
            for j in range(i, len(avail)):
                b = avail[j]
                span = b - a + 1
                if span > 13:
                    break
                inner = avail[i + 1:j]
                base_gaps = span - 2 + (a == b) - len(inner)
                if base_gaps > jokers or (base_gaps and not joker_ok):
                    break
                every = (1 << len(inner)) - 1
                counter.spend(1 if whole else every + 1)
                for sub in range(every, every + 1) if whole else range(every + 1):
                    dropped = len(inner) - bin(sub).count("1")
                    gaps = base_gaps + dropped
                    if gaps > jokers or (gaps and not joker_ok):
                        continue
                    pos = [a] + [p for k, p in enumerate(inner) if sub >> k & 1]
                    if b != a:
                        pos.append(b)
                    n = len(pos)
                    need = gaps + max(0, size - span)
                    cap = (13 - n) if joker_ok else 0
                    if rules.joker_majority:
                        cap = min(cap, n - 1)
                    if need > cap or need > jokers:
                        continue
                    counter.spend(n)  # its consumer's work grows with its length
                    yield si, tuple(pos), gaps, need, cap

