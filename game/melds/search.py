"""The exact contract and meld search: ``best_contract`` and ``best_melds``.

The searches (``best_contract``, ``best_melds``) are exact, never greedy (RC-1 … RC-3): they
enumerate candidate runs by suit, then read the sets off the remaining cards rank by rank (a
set always takes every remaining card of its rank), and share the jokers out by counting.
Card multiplicities are packed into one integer (4 bits per card type) so that "does this
meld still fit in the hand" is one subtraction.

The work budget: ``game.melds.budget``.
"""

from __future__ import annotations

from bisect import bisect_left
from heapq import merge
from itertools import combinations
from typing import Callable, Iterable, Sequence

from game.cards import SUITS, Card, card_key

from .budget import GREEDY_BUDGET, _last_nodes, _OutOfBudget, default_budget
from .contracts import Arrangement, Contract
from .meld import _make_run, _make_set, dunka_value, MeldRules, tonk_value
from .packed import _BITS, _GUARD, _Hand, _run_shapes, _type_of

_BIG = 1 << 20


def _set_limits(rules: MeldRules, size: int, jokers: int) -> tuple[int, Callable]:
    """(fewest naturals in one set, function (naturals, k sets) -> (need, cap) or None)."""
    if not rules.jokers:
        jokers = 0
    xmin = max(1, size - jokers)
    if rules.joker_majority and rules.jokers:
        xmin = max(xmin, (size + 2) // 2)

    def need_cap(a: int, k: int):
        if a < k * xmin:
            return None
        need = max(0, k * size - a)
        if not rules.jokers:
            cap = 0
        else:
            cap = a - k if rules.joker_majority else _BIG
            if not rules.set_repeats_suits:
                cap = min(cap, 4 * k - a)
        if need > cap:
            return None
        return need, cap

    return xmin, need_cap


class _Best:
    """The exact optimiser behind ``best_contract`` and ``best_melds``.

    Runs are chosen first (every combination of candidate run shapes, with repetition
    where the hand holds copies); then every set absorbs all remaining cards of its rank, so
    only which ranks get sets (and how many sets of one rank) is searched; jokers are shared
    by counting: each meld needs some and may hold up to a cap, all jokers being alike.
    """

    def __init__(self, hand: Sequence[Card], rules: MeldRules, values: Callable[[Card], int],
                 sets: int, runs: int, set_size: int, run_size: int, use_all: bool,
                 extra: bool, budget: int | None = None) -> None:
        self.rules, self.values = rules, values
        self.budget = default_budget(len(hand)) if budget is None else budget
        self.nodes = 0
        self.exhausted = False  # set once the budget ran out (building or searching)
        self.h = h = _Hand(hand, lambda c: (-values(c), card_key(c)))
        self.J = len(h.jokers) if rules.jokers else 0
        self.jpref = [0]
        for c in h.jokers:
            self.jpref.append(self.jpref[-1] + values(c))
        self.tv = {t: values(cs[0]) for t, cs in h.by_type.items()}
        self.nat_total = sum(self.tv[t] * len(cs) for t, cs in h.by_type.items())
        self.total = self.nat_total + self.jpref[-1]
        self.S, self.R = sets, runs
        self.set_size, self.run_size = set_size, run_size
        self.use_all, self.extra = use_all, extra
        self.xmin, self.need_cap = _set_limits(rules, set_size, self.J)
        self.cands: list[tuple] = []
        self.built = True  # every candidate run built (False: the budget ran out first)
        if runs or extra:  # "3 sets" never looks at a run: building them was wasted work
            self.built = self._build_candidates(False)
        self.by_suit = [[i for i, c in enumerate(self.cands) if c[5] == si]
                        for si in range(4)]
        # Going out with exactly the contract's melds: after the runs every natural card
        # left must lie in at most `sets` ranks, which prunes most run choices early.
        self.prune = use_all and not extra
        # ranks that may hold a set: (rank, [(shift, type value)]) for types in the hand
        self.ranks = []
        for r in range(2, 15):
            types = [(si * 13 + r - 2) for si in range(4) if h.count(si * 13 + r - 2)]
            if types:
                self.ranks.append((r, [(_BITS * t, self.tv[t]) for t in types]))
        self.best_value = -1
        self.best = None
        self.goal = self.total  # every card melded: nothing better exists

    def _build_candidates(self, whole: bool) -> bool:
        """Fill ``self.cands`` with the candidate runs (``_run_shapes``; ``whole``: only
        whole intervals) as (packed mask, points, naturals, need, cap, suit index,
        positions), most points first; False when the budget ran out while building (the
        candidates built so far are kept)."""
        cands, tv = [], self.tv
        done = True
        try:
            for si, pos, _gaps, need, cap in _run_shapes(self.h, self.rules, self.J,
                                                         self.run_size, self, whole):
                types = [_type_of(si, p) for p in pos]
                mask = sum(1 << (_BITS * t) for t in types)
                cands.append((mask, sum(tv[t] for t in types), len(pos), need, cap, si, pos))
        except _OutOfBudget:
            done = False
        cands.sort(key=lambda c: (-c[1], c[5], c[6]))
        self.cands = cands
        return done

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` more nodes (``_run_shapes``'s counter); raise ``_OutOfBudget``
        once over the budget."""
        self.nodes += nodes
        if self.nodes > self.budget:
            raise _OutOfBudget

    def solve(self):
        if self.use_all and self.h.jokers and not self.rules.jokers:
            return None
        try:
            if not self.built:  # the building spent the budget
                raise _OutOfBudget
            if self.R == 0 or self.cands:
                self._runs(0, self.h.packed, 0, 0, 0, 0, 0, [])
        except _OutOfBudget:  # the node that went over was not searched
            self.nodes = self.budget
            self.exhausted = True
            if self.best is None:
                self._greedy()
        _last_nodes[0] = self.nodes
        return self.best

    def _greedy(self) -> None:
        """The fallback when the budget ran out before any arrangement was found: take
        disjoint runs greedily (fewest jokers needed, then most points), then search the
        sets on what is left, within ``GREEDY_BUDGET`` more nodes. When the budget ran out
        while the candidate runs were built (some suits have none), the runs are taken from
        whole intervals only, built anew within the same extra nodes. With ``extra`` (any
        number of melds) as many disjoint runs as fit are taken, and the sets alone are
        tried first (the better of the two is kept)."""
        self.budget = self.nodes + GREEDY_BUDGET
        if not self.built:
            self._build_candidates(True)
        rest, value, used, need, cap, chosen = self.h.packed, 0, 0, 0, 0, []
        most = len(self.cands) if self.extra else self.R
        if self.extra and self.R == 0:
            try:
                self._sets(rest, value, used, need, cap, [])
            except _OutOfBudget:
                self.nodes = self.budget
                return
        G = _GUARD
        order = sorted(range(len(self.cands)), key=lambda i: (self.cands[i][3], i))
        for i in order:
            if len(chosen) >= most:
                break
            self.nodes += 1
            mask, val, n, nd, cp = self.cands[i][:5]
            if need + nd > self.J:
                continue
            x = rest + G - mask
            if x & G != G:
                continue
            rest = x - G
            chosen.append(i)
            value, used, need, cap = value + val, used + n, need + nd, cap + cp
        if len(chosen) < self.R:
            return
        try:
            self._sets(rest, value, used, need, cap, sorted(chosen))
        except _OutOfBudget:
            self.nodes = self.budget

    def _run_suits(self, rest: int, runs_left: int) -> tuple[int, ...] | None:
        """For a search going out with exactly the contract: the suits the next run may
        be in, or None if no choice of ``runs_left`` runs can leave the natural cards of
        ``rest`` in at most ``S`` ranks (every rank a set, nothing else in hand)."""
        ranks = []  # per suit: bit r set if rest holds that suit's rank r
        for si in range(4):
            m = 0
            for r in range(13):
                if (rest >> (_BITS * (si * 13 + r))) & 15:
                    m |= 1 << r
            ranks.append(m)
        present = [si for si in range(4) if ranks[si]]
        ok: set[int] = set()
        for k in range(1, min(runs_left, len(present)) + 1):
            for suits in combinations(present, k):
                outside = 0
                for si in present:
                    if si not in suits:
                        outside |= ranks[si]
                if bin(outside).count("1") <= self.S:
                    ok.update(suits)
        return tuple(sorted(ok)) or None

    def _runs(self, start, rest, count, value, used, need, cap, chosen):
        if count >= self.R:
            self._sets(rest, value, used, need, cap, chosen)
            if not self.extra or self.best_value == self.goal:
                return
        J, G = self.J, _GUARD
        cands = self.cands
        order: Iterable[int] = range(start, len(cands))
        if self.prune:
            suits = self._run_suits(rest, self.R - count)
            if suits is None:
                return
            order = merge(*(lst[bisect_left(lst, start):]
                            for lst in (self.by_suit[si] for si in suits)))
        for i in order:
            self.nodes += 1
            if self.nodes > self.budget:
                raise _OutOfBudget
            mask, val, n, nd, cp = cands[i][:5]
            if need + nd > J:
                continue
            x = rest + G - mask
            if x & G != G:
                continue
            chosen.append(i)
            self._runs(i, x - G, count + 1, value + val, used + n, need + nd, cap + cp, chosen)
            chosen.pop()
            if self.best_value == self.goal:
                return

    def _sets(self, rest, value, used, need, cap, chosen):
        opts = []  # (naturals of the rank, their value, index in self.ranks)
        absorbable = 0
        repeats = self.rules.set_repeats_suits
        for idx, (r, types) in enumerate(self.ranks):
            a = v = 0
            for shift, tv in types:
                c = (rest >> shift) & 15
                if c:
                    if not repeats:
                        c = 1
                    a += c
                    v += c * tv
            if a >= self.xmin:
                opts.append((a, v, idx))
                absorbable += a
        left_nat = self.h.naturals - used
        if self.use_all and absorbable != left_nat:
            return
        S, J = self.S, self.J
        kmax = S if not self.extra else max(S, 1)
        need_cap = self.need_cap
        jpref = self.jpref
        ks = [0] * len(opts)

        def walk(i, sets, value, need, cap, absorbed):
            self.nodes += 1
            if self.nodes > self.budget:
                raise _OutOfBudget
            if i == len(opts):
                if sets < S or (sets > S and not self.extra):
                    return
                if need > J:
                    return
                placed = min(J, cap)
                if self.use_all and (absorbed != left_nat or placed != J):
                    return
                total = value + jpref[placed]
                if total > self.best_value:
                    self.best_value = total
                    self.best = (list(chosen), [(opts[k][2], ks[k]) for k in range(len(opts))
                                                if ks[k]], placed, rest)
                return
            a, v, _ = opts[i]
            room = S - sets if not self.extra else kmax
            for k in range(0, min(kmax, room) + 1) if room >= 0 else (0,):
                if k == 0:
                    ks[i] = 0
                    walk(i + 1, sets, value, need, cap, absorbed)
                    continue
                nc = need_cap(a, k)
                if nc is None:
                    break
                ks[i] = k
                walk(i + 1, sets + k, value + v, need + nc[0], cap + nc[1], absorbed + a)
                ks[i] = 0
                if self.best_value == self.goal:
                    return

        walk(0, 0, value, need, cap, 0)

    def arrangement(self) -> Arrangement | None:
        if self.best is None:
            return None
        chosen, sets, placed, rest = self.best
        rules, h = self.rules, self.h
        take = h.taker()
        jokers = list(h.jokers[:placed])
        # per meld: (need, cap) so the placed jokers can be shared out
        plans = []
        for i in chosen:
            _, _, n, need, cap, si, pos = self.cands[i]
            plans.append(["run", need, cap, si, pos])
        for idx, k in sets:
            r, types = self.ranks[idx]
            cards = []
            for shift, _ in types:
                t = shift // _BITS
                c = (rest >> shift) & 15
                if not rules.set_repeats_suits:
                    c = min(c, 1)
                cards += [t] * c
            a = len(cards)
            sizes = [a // k + (1 if g < a % k else 0) for g in range(k)]
            at = 0
            for x in sizes:
                grp = cards[at:at + x]
                at += x
                need = max(0, self.set_size - x) if rules.jokers else 0
                cap = (x - 1 if rules.joker_majority else _BIG) if rules.jokers else 0
                if not rules.set_repeats_suits:
                    cap = min(cap, 4 - x)
                plans.append(["set", need, cap, grp])
        spare = placed - sum(p[1] for p in plans)
        counts = []
        for p in plans:
            more = min(spare, p[2] - p[1])
            spare -= more
            counts.append(p[1] + more)
        set_melds, run_melds = [], []
        for p, j in zip(plans, counts):
            mine, jokers = jokers[:j], jokers[j:]
            mine.sort(key=card_key)
            if p[0] == "set":
                set_melds.append(_make_set([take(t) for t in p[3]], mine))
            else:
                si, pos = p[3], p[4]
                by_pos = {q: take(_type_of(si, q)) for q in pos}
                low, high = pos[0], pos[-1]
                extra = j - (high - low + 1 - len(pos))
                low, high = _extend(low, high, extra, rules)
                run_melds.append(_make_run(SUITS[si], low, high, by_pos, mine))
        used = {c for m in set_melds + run_melds for c in m.cards}
        all_cards = [c for cs in h.by_type.values() for c in cs] + h.jokers
        left = tuple(sorted((c for c in all_cards if c not in used), key=card_key))
        return Arrangement(tuple(set_melds + run_melds), left)


def _extend(low: int, high: int, extra: int, rules: MeldRules) -> tuple[int, int]:
    """Grow a run's ends by ``extra`` positions: upwards first, then downwards."""
    while extra and high < rules.top_position and not (low == 1 and high + 1 == 14):
        high += 1
        extra -= 1
    while extra and low > 1 and not (low - 1 == 1 and high == 14):
        low -= 1
        extra -= 1
    if extra:
        raise AssertionError("run has no room for its jokers")
    return low, high


def best_contract(hand: Iterable[Card], contract: Contract, rules: MeldRules,
                  values: Callable[[Card], int] = dunka_value, *, use_all: bool = False,
                  extra: bool = False, budget: int | None = None) -> Arrangement | None:
    """The arrangement laying down exactly ``contract`` from ``hand`` that leaves the fewest
    points in hand, or ``None`` if the hand does not hold the contract.

    Each contract meld may be longer than its base size (DUN-4) and takes as many jokers as
    the rules allow (DUN-3). ``use_all=True``: every card must be in the melds (going out at
    once: DUN-15, ELV-10), else ``None``. ``extra=True``: further melds by ``rules`` may be
    laid with the contract (one reading of ELV-7 "at least the contract's melds"); it needs
    the contract's sizes to equal the rules' (``ValueError`` otherwise). Exact, never greedy,
    no card used twice (RC-1, RC-2, RC-3), when the search finishes within ``budget`` nodes
    (``None``: ``default_budget(len(hand))``); else the best found within that many
    nodes, or a greedy arrangement, or ``None`` if neither found one (see
    ``game.melds.budget``). Ties go to the first found (deterministic).

    ``values`` gives a card's points; equal cards (same rank and suit, or two jokers) must
    have equal points. Raises ``MeldError`` if a card is given twice.
    """
    if extra and (contract.set_size != rules.min_set or contract.run_size != rules.min_run):
        raise ValueError("extra melds need the contract's meld sizes to be the rules' sizes")
    size_run = max(contract.run_size, rules.min_run)
    size_set = max(contract.set_size, rules.min_set)
    search = _Best(list(hand), rules, values, contract.sets, contract.runs, size_set,
                   size_run, use_all, extra, budget)
    search.solve()
    return search.arrangement()


def best_melds(hand: Iterable[Card], rules: MeldRules,
               values: Callable[[Card], int] = tonk_value, *,
               use_all: bool = False, budget: int | None = None) -> Arrangement | None:
    """Any number of valid melds from ``hand`` leaving the fewest points in hand (Tonk's
    spreads, TONK-7; Elvakort's further melds, ELV-8). Exact (RC-1 … RC-3); an arrangement
    with no melds when nothing can be melded. With ``use_all=True`` returns ``None`` unless
    every card can be melded. Exact when the search finishes within ``budget`` nodes
    (``None``: ``default_budget(len(hand))``), else the best found within that many
    nodes (``game.melds.budget``). Raises ``MeldError`` if a card is given twice."""
    search = _Best(list(hand), rules, values, 0, 0, rules.min_set, rules.min_run,
                   use_all, True, budget)
    search.solve()
    return search.arrangement()

