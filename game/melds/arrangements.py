"""Every distinct way to lay down a contract (``contract_arrangements``): the set and run
readings of a hand, made as the walk first reaches them and counted in the work budget
(``game.melds.budget``)."""

from __future__ import annotations

from itertools import count as count_from
from typing import Iterable

from game.cards import SUITS, Card, card_key

from .budget import GREEDY_BUDGET, _Counter, _last_nodes, _OutOfBudget, default_budget
from .contracts import Arrangement, Contract
from .meld import RUN, SET, _make_run, _make_set, _run_bounds_ok, MeldRules
from .packed import _BITS, _GUARD, _Hand, _run_shapes, _type_of

DEFAULT_LIMIT = 1000
"""How many arrangements ``contract_arrangements`` returns at most unless told otherwise."""


def _set_readings(hand: _Hand, rules: MeldRules, size: int, jokers: int, counter: _Counter):
    """Every set reading: (packed naturals, jokers, (SET, [types])); each one node of
    ``counter``, which raises ``_OutOfBudget`` when the budget is spent."""
    J = jokers if rules.jokers else 0
    for r in range(2, 15):
        types = [si * 13 + r - 2 for si in range(4)]
        counts = [hand.count(t) for t in types]
        if not rules.set_repeats_suits:
            counts = [min(1, c) for c in counts]
        if not any(counts):
            continue
        takes = [[]]
        for t, c in zip(types, counts):
            takes = [tk + [t] * k for tk in takes for k in range(c + 1)]
        for tk in takes:
            x = len(tk)
            if not x:
                continue
            for j in range(0, J + 1):
                if x + j < size:
                    continue
                if rules.joker_majority and j >= x:
                    break
                if not rules.set_repeats_suits and x + j > 4:
                    break
                counter.spend(1)
                packed = sum(1 << (_BITS * t) for t in tk)
                yield packed, j, (SET, tk)


def _run_readings(hand: _Hand, rules: MeldRules, size: int, jokers: int, counter: _Counter,
                  whole: bool = False):
    """Every run reading: (packed naturals, jokers, (RUN, suit index, positions, low, high));
    each one node of ``counter`` (besides ``_run_shapes``' nodes), which raises
    ``_OutOfBudget`` when the budget is spent. ``whole``: only ``_run_shapes``' whole
    intervals."""
    J = jokers if rules.jokers else 0
    for si, pos, gaps, _need, _cap in _run_shapes(hand, rules, J, 1, counter, whole):
        n = len(pos)
        cap = (13 - n) if rules.jokers else 0
        if rules.joker_majority:
            cap = min(cap, n - 1)
        packed = sum(1 << (_BITS * _type_of(si, p)) for p in pos)
        for j in range(gaps, min(cap, J) + 1):
            extra = j - gaps
            for below in range(extra + 1):
                low, high = pos[0] - below, pos[-1] + extra - below
                if high - low + 1 >= size and _run_bounds_ok(low, high, rules):
                    counter.spend(1)
                    yield packed, j, (RUN, si, pos, low, high)


class _Lazy:
    """The items of an iterator, each made when first asked for (``get``)."""

    def __init__(self, items: Iterable) -> None:
        self._items = iter(items)
        self._made: list = []
        self.complete = False  # every item made

    def get(self, i: int):
        """Item ``i`` (0-based), or ``None`` past the last one (items are never None)."""
        made = self._made
        while len(made) <= i:
            item = next(self._items, None)
            if item is None:
                self.complete = True
                return None
            made.append(item)
        return made[i]


def contract_arrangements(cards: Iterable[Card], contract: Contract, rules: MeldRules, *,
                          use_all: bool = False, limit: int | None = DEFAULT_LIMIT,
                          budget: int | None = None) -> list[Arrangement]:
    """Every distinct way to lay down exactly ``contract`` from ``cards`` (each meld possibly
    longer than its base size, DUN-4; any cards may stay in hand unless ``use_all``, DUN-15).

    "Distinct" compares what the cards are (rank, suit, what each joker stands for), not
    which copy of a card is used. At most ``limit`` arrangements (``None``: all), in a
    deterministic order: sets by rank, then runs by suit and position. No card is used
    twice (RC-1). The readings (every set and run the hand could lay, made as the walk
    first reaches them) and the walk over them share ``budget`` nodes (``None``:
    ``default_budget(len(cards))``); when they are spent the arrangements found so far are
    returned, in the same order. If none was found by then and not every run reading had
    been made, the walk is tried once more within ``GREEDY_BUDGET`` more nodes on the runs
    keeping every natural card of their interval (a huge hand still gets some; module
    docstring). Raises ``MeldError`` if a card is given twice.
    """
    cards = list(cards)
    counter = _Counter(default_budget(len(cards)) if budget is None else budget)
    h = _Hand(cards, card_key)
    J = len(h.jokers)
    size_set = max(contract.set_size, rules.min_set)
    size_run = max(contract.run_size, rules.min_run)
    out: list[Arrangement] = []

    def readings(whole: bool) -> list[tuple]:
        return [(_Lazy(_set_readings(h, rules, size_set, J, counter) if contract.sets
                       else ()), contract.sets),
                (_Lazy(_run_readings(h, rules, size_run, J, counter, whole) if contract.runs
                       else ()), contract.runs)]

    want = readings(False)
    try:
        _arrangements_walk(h, want, rules, use_all, limit, counter, out)
    except _OutOfBudget:  # the node that went over was not searched
        counter.nodes = counter.budget
        if not out and contract.runs and not want[1][0].complete:
            counter.budget += GREEDY_BUDGET
            want = readings(True)
            try:
                _arrangements_walk(h, want, rules, use_all, limit, counter, out)
            except _OutOfBudget:
                counter.nodes = counter.budget
    _last_nodes[0] = counter.nodes
    return out


def _arrangements_walk(h: _Hand, want: list[tuple], rules: MeldRules, use_all: bool,
                       limit: int | None, counter: _Counter, out: list[Arrangement]) -> None:
    """``contract_arrangements``' walk: append to ``out`` every arrangement taking
    ``want[0][1]`` set readings of ``want[0][0]`` then ``want[1][1]`` run readings of
    ``want[1][0]`` (``_Lazy`` lists), in order, until ``limit``; one node of ``counter`` per
    reading tried (raises ``_OutOfBudget``)."""
    J = len(h.jokers)
    G = _GUARD
    picks: list[tuple] = []
    last_stage = 1 if want[1][1] else 0
    spend = counter.spend
    # With use_all the last meld must be exactly the cards and jokers still in hand: look it
    # up instead of trying every reading (same results, same order; issue 13's budget).
    exact: dict[tuple, list[int]] = {}
    if use_all:
        last = want[last_stage][0]
        i = 0
        while (reading := last.get(i)) is not None:
            exact.setdefault(reading[:2], []).append(i)
            i += 1

    def walk(stage, start, count, rest, jokers):
        if limit is not None and len(out) >= limit:
            return
        readings, n = want[stage]
        if count == n:
            if stage == 0:
                walk(1, 0, 0, rest, jokers)
            elif not use_all or (rest == 0 and jokers == J):
                out.append(_build(h, picks, rules))
            return
        if use_all and stage == last_stage and count == n - 1:
            candidates: Iterable[int] = [i for i in exact.get((rest, J - jokers), ())
                                         if i >= start]
        else:
            candidates = count_from(start)
        for i in candidates:
            spend(1)
            reading = readings.get(i)
            if reading is None:
                break
            packed, j, desc = reading
            if jokers + j > J:
                continue
            x = rest + G - packed
            if x & G != G:
                continue
            picks.append(desc + (j,))
            walk(stage, i, count + 1, x - G, jokers + j)
            picks.pop()
            if limit is not None and len(out) >= limit:
                return

    walk(0, 0, 0, h.packed, 0)


def _build(h: _Hand, picks: list[tuple], rules: MeldRules) -> Arrangement:
    take = h.taker()
    jokers = list(h.jokers)
    melds = []
    for desc in picks:
        j = desc[-1]
        mine, jokers = jokers[:j], jokers[j:]
        if desc[0] == SET:
            melds.append(_make_set([take(t) for t in desc[1]], mine))
        else:
            _, si, pos, low, high, _ = desc
            by_pos = {p: take(_type_of(si, p)) for p in pos}
            melds.append(_make_run(SUITS[si], low, high, by_pos, mine))
    used = {c for m in melds for c in m.cards}
    everything = [c for cs in h.by_type.values() for c in cs] + h.jokers
    left = tuple(sorted((c for c in everything if c not in used), key=card_key))
    return Arrangement(tuple(melds), left)

