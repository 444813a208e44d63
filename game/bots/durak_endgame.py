"""Exact Durak endgame solver (rules/durak.md DUR-8 … DUR-19; issue 17, scope 1).

When the talon holds at most the face-up trump and exactly two players still hold cards,
every card is known (the opponent holds everything that is not in one's own hand, the
discard pile, the table or the talon) and the rest of the game is a finite two-player
game of perfect information. ``Solver`` decides it: win (+1, the side searched for is safe),
draw (0, both go out together) or loss (-1, it is the Durak).

Scope, stated honestly: the solver is exact for every position with **two card holders**
(a two-player game, or a game of three or more where the others are already out). With
three or more holders it is not used: the information is then not complete in general and
the game is not two-sided (``solvable`` says no; callers fall back to heuristics or, at
the hard level, to rollouts). **Where it runs:** ``Solver.solve`` searches in the C port of
``value`` (game/bots/native/durak_endgame.c, WebAssembly; ``use_native``) where one is
registered, as the page does, else here in Python; both find the same values with the
same units of work (tests/engine/test_durak_endgame_native.py), so a player decides the
same in both. On bench/durak_solver.py's 400 random 12-card endgames (half with
transfers), in Pyodide under Node: the native search median 0.6 ms, p95 12 ms, **p99 34
ms**, max 49 ms (about 0.3 microseconds a unit; the issue asks 150 ms p99); this Python
search median 9 ms, p95 0.6 s, p99 1.5 s (about 10 microseconds a unit). Callers still
bound the work (``budget``) and fall back to heuristics past it. A path longer than
``MAX_PLIES`` positions also ends the search with ``Budget`` (never met: the set needs
157).

Model. A position is a tuple ``(phase, a, d, ame, attack, table, unbeaten, ranks, taking,
limit, talon)``: ``phase`` 0 lead, 1 defend, 2 throw-in/done; ``a``/``d`` the attacker's
and defender's hands as bitmasks (``card_bit``: ``suit*13 + rank-2``, suits ``S H D C``);
``ame`` whether the attacker is the side searched for; ``attack`` the attack cards, ``table``
every table card, ``unbeaten`` the unbeaten attack cards, ``ranks`` the mask of every
card whose rank is on the table; ``taking`` the defender said "take"; ``limit`` the most
attack cards of the bout (DUR-10: six, or the defender's hand at the bout's start);
``talon`` a tuple of card bits, drawn from the end (only the face-up trump in practice).
Turns go as the engine's ``to_act()[0]`` drives them: the defender answers every unbeaten
card (in a fixed order: the order of answers does not change what can follow) before the
attacker throws in more (DUR-9, DUR-12 … DUR-15, DUR-13 transfers when on).
The moves of the model are ``game.bots.durak_endgame_moves`` (``EndgameMoves``, which
``Solver`` extends with the search). ``tests/test_durak_endgame.py`` checks the model
against the engine's ``clone()`` / ``apply()`` by brute force on thousands of small random
endgames.

Search: alpha-beta over the values -1/0/+1 with a transposition table of value bounds and
the best move, cheap-first move ordering (finished children first, so a win ends a node at
once; then the table's best move) and an **enhanced transposition cutoff** (a child whose
stored bound already settles the node ends it unsearched). Forced steps are merged: a bout
whose attacker cannot throw in ends at once, the cards thrown in to a defender who takes
are chosen as one set, and an attacker who plays its last card with the talon empty ends
the game on the spot (``_emptied``); a lead, transfer or throw-in the defender can
neither beat nor pass on goes straight to its take (``_led``), and a bout start whose
result a rule settles is that final value (``EndgameMoves.lead_value``: W1-W3 the
attacker wins, L0/L1 it loses; exact rules with their proofs in its docstring). A
defender's beat after which it can no longer beat every card left is not tried: it must
take later, and taking at once gives the attacker no more to throw in (the throw-in
ranks only grow). Bout starts are keyed by ``canon``: ranks that no longer
matter are renumbered (per suit only the order of the live cards counts, across suits
only which share a rank; ``durak_endgame_position._structure``; the three non-trump
suits are interchangeable, so their parts of the key are sorted), so the same game
reached through different discards is searched once. **Equivalent-card reduction**: two
ranks whose live cards lie in the same suits, held by the same hands, with no live card
between them in those suits, can be swapped without changing anything for the rest of
the game; only the lower rank's cards are tried (``_skip_fast``). Repetition (transfers
and takes can cycle, always through a bout start) scores 0; a value that depends on it is
stored only when it is a win or a loss (a forced win never runs through a repetition) or
when it repeats the position itself.
Work per 12-card endgame on the bench set (session 12): units median 825, p95 44,155,
p99 132,621, max 152,785 (session 11's search: 1,144, 49,918, 143,431, 174,403; session
10's: 2,073, 80,352, 233,537, 267,656; the solver before: 3,818, 244,372, 837,766, 23.5
million); 5-7 microseconds a unit in CPython, about 10 in Pyodide. Step by step on the
set's 12 hardest endgames (units, millions): session 10's 2.52; W1/W2 2.33; suit
symmetry 2.08; L1 2.05; forced takes after a lead 1.50 and after a transfer 1.45; L0
1.44-1.46; W3 with a last single card 1.36, with a last one-rank group 1.34. The
renumbering saves about a sixth of the work on the hardest endgames and costs about as
much on the easy ones (measured against plain position keys). Measured and dropped:
transfers before beats (x4 work; session 12: x2.7, after the first beat x1.08),
smallest take-throw-in sets first (x2), attacks by fewest beaters first (x3), a history
heuristic (paths past Python's recursion limit), win tests of the root moves in rounds
of growing work (+40 % on easy endgames); in session 11 (units on the 6 hardest): leads
with the most beaters in the defender's hand first (+6 %), leads by their place among the
suit's live cards (+8 %), forced takes first 1.5x, groups first 6x, the defender's
highest beater first 2x, take first (paths past the recursion limit), table look-ups of
every bout-start child's key (1 % fewer units, slower); in session 12 (units on the 12
hardest): "done" before throw-ins x1.22, beats of a rank the attacker lacks first x1.03,
shallow probes for the move order at the top plies (internal iterative deepening, 4
plies deep: x1.04 at the top 4 plies, x1.44 at the top 12; with a hand-size guess at the
probe's horizon x1.4-1.9), a first move from the children's stored bounds (0.5 % fewer
units, slower), per root move "draws?" before "wins?" (x1.13) or one full-window search
(x1.06), leaner loops in ``value`` (no measurable change), depth-first proof-number
search of "wins?" and "draws?" (df-pn over the same moves, rules and keys, 1+eps
thresholds, started from the cheap-first order: x1.15-1.24 the units on the 12 hardest,
some wins 5-40x cheaper, the draws and some losses 2-3x dearer; on all 400 median
x1.8, p99 149,000-183,000 units, max 370,000; bench/durak_pns.py). What is left is
move order:
given the best moves of a finished search as its order, a second search of the 8 hardest
endgames needs 1.4x to 8x fewer units (3x to 8x for the lost ones). ``solve_moves``
turns Python's cycle collector off while it runs (the search makes no cycles): 5-15 % of
the time in CPython.

Slicing: ``Solver(budget=N)`` raises ``Budget`` after about N units of work (positions
visited plus children generated); the transposition table survives, so a caller may
catch it, yield to the page and call again with a larger budget and continue where the
work stopped (``solve_moves`` with ``budget`` does exactly that, in one call).
"""

from __future__ import annotations

import gc

from .durak_endgame_moves import EndgameMoves
# card bits and the root helpers live in durak_endgame_position; callers import them here
from .durak_endgame_position import _STRUCT, _structure
from .durak_endgame_position import card_bit, make_root, move_of, root_of_state  # noqa: F401


MAX_PLIES = 600
"""The longest path the search follows (one Python frame a position; Python's default
recursion limit is 1,000): past it ``Budget`` is raised, as when the work runs out. The
400 endgames of bench/durak_solver.py need at most 157."""


class Budget(Exception):
    """The search used up its work budget (``Solver.budget``)."""


_native = None  # the registered native search (``use_native``), or None
_native_owner = None  # the token of the Solver whose tables the native search holds


def use_native(search) -> None:
    """Let ``Solver.solve`` run the search in ``search``, the C port of ``Solver.value``
    (game/bots/native/durak_endgame.c compiled to WebAssembly: the same values and the
    same units of work, some fifty times faster), or go back to Python with ``None``.

    ``search`` has the module's three exports as methods: ``reset(trump, transfer)``
    (trump suit index 0-3 in ``S H D C``, transfer 0/1; forgets its tables; returns 1,
    or 0 when it could not get memory), ``value(ph, a, d, ame, att, table, unb, ranks,
    taking, limit, talon, alpha, beta, nodes, budget)`` (the position's fields, ints; the
    talon one card bit or 0; ``budget`` -1 for none; returns the value, or 2 when the
    work ran out) and ``work()`` (the units done). The browser registers one
    (game/web/native_solver.py), CPython tests and benches another (wasmtime,
    scripts/build_native.py). One search holds one solver's tables at a time: a
    different ``Solver`` resets it, so two solvers used in turn each search again (the
    values stay exact)."""
    global _native, _native_owner
    _native = search
    _native_owner = None


class Solver(EndgameMoves):
    """Win/draw/loss search of two-holder Durak endgames (see the module docstring).

    Args:
        trump: the trump suit letter (``"S"``, ``"H"``, ``"D"``, ``"C"``).
        transfer: whether DUR-13 transfers are on.
        budget: the most work (positions visited plus children generated) before
            ``Budget`` is raised; ``None`` for no limit.

    The model's moves are ``EndgameMoves``' (``game.bots.durak_endgame_moves``).
    ``nodes`` counts the work done so far; ``tt`` is the transposition table
    (position -> (lower, upper) bound of its value), kept across calls.
    """

    def __init__(self, trump: str, transfer: bool, budget: int | None = None) -> None:
        super().__init__(trump, transfer)
        self.budget = budget
        self.nodes = 0
        self.tt: dict = {}
        self._path: dict = {}  # bout-start keys on the current search path -> their index
        self._plies = 0  # positions being searched on the current path
        self._keys: dict = {}  # bout-start position -> ``canon`` of it
        self._low = 1 << 30  # the shallowest repeated depth met below the current node
        self._token = object()  # who owns the native search's tables (``use_native``)

    # ------------------------------------------------------------------ search

    def canon(self, st):
        """The transposition-table key of a bout-start position ``st`` (phase 0): the
        position up to the ranks that no longer matter. Within each suit only the order
        of the cards still in play (hands and talon) counts, and across suits only which
        of them share a rank; so the key is the structure of the live cards (per suit, in
        rank order, the label of the shared rank of each card or 0 for a rank no other
        live card has) and who holds each live card in that order; with the talon empty
        the three non-trump suits' parts are sorted (DUR-5 treats them alike). Two
        positions with the same key are the same game up to renaming ranks and non-trump
        suits (every later move, beat, throw-in and transfer corresponds), whatever was
        discarded before."""
        got = self._keys.get(st)
        if got is not None:
            return got
        a = st[1]
        talon = st[10]
        live = a | st[2]
        for b in talon:
            live |= b
        got = _STRUCT.get(live)
        if got is None:
            got = _structure(live)
        shape, order, per_suit = got
        if talon:
            pa = 0
            bit = 1
            for b in order:
                if a & b:
                    pa |= bit
                bit <<= 1
            key = (shape, pa, st[3], st[9], tuple(order.index(b) for b in talon))
        else:
            parts = []
            for s in range(4):
                pa = 0
                bit = 1
                for b in per_suit[s]:
                    if a & b:
                        pa |= bit
                    bit <<= 1
                parts.append((shape[s], pa))
            t = self.trump_suit
            key = (parts.pop(t), tuple(sorted(parts)), st[3], st[9])
        self._keys[st] = key
        return key

    def solve(self, st, alpha: int = -1, beta: int = 1) -> int:
        """``value`` of position ``st`` from an empty search path: in the native search
        when one is registered (``use_native``) and the talon holds at most one card,
        else in Python; the same value and the same units of work (``nodes``) either
        way. Raises ``Budget`` when ``self.budget`` is exceeded; the tables keep what
        was done, so a later call with a larger budget goes on from there."""
        global _native_owner
        native = _native
        talon = st[10]
        if native is None or len(talon) > 1:
            self._path, self._low, self._plies = {}, 1 << 30, 0
            return self.value(st, alpha, beta)
        if _native_owner is not self._token:
            if not native.reset(self.trump_suit, int(self.transfer)):
                self._path, self._low, self._plies = {}, 1 << 30, 0
                return self.value(st, alpha, beta)  # no memory for its tables
            _native_owner = self._token
        v = native.value(st[0], st[1], st[2], int(st[3]), st[4], st[5], st[6], st[7],
                         int(st[8]), st[9], talon[0] if talon else 0, alpha, beta,
                         self.nodes, -1 if self.budget is None else self.budget)
        self.nodes = int(native.work())
        if v == 2:
            raise Budget
        return v

    def value(self, st, alpha: int = -1, beta: int = 1) -> int:
        """The value of position ``st`` for the side searched for, exact when it lies in
        ``(alpha, beta)``, else a bound on the same side (fail-soft alpha-beta).
        A position that comes back on the path being searched (transfers and takes can
        cycle: DUR-13, DUR-15; a cycle always passes through a bout's start) scores 0, a
        draw: nobody has to become the Durak. A value that depends on the repetition of
        an earlier position of the path is not stored in the table, unless it is a win or
        a loss (a forced win never runs through a repetition, which scores 0).
        Raises ``Budget`` when ``self.budget`` is exceeded."""
        self.nodes += 1
        path = self._path
        depth = len(path)
        if st[0] == 0:
            key = self.canon(st)
            got = path.get(key)
            if got is not None:
                if got < self._low:
                    self._low = got
                return 0
        else:
            key = st
        tt = self.tt
        entry = tt.get(key)
        first = -1
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        if self.budget is not None and self.nodes > self.budget:
            raise Budget
        a0, b0 = alpha, beta
        ame = st[3]
        maximize = ame if st[0] != 1 else not ame
        kids = self._kids(st)
        self.nodes += len(kids)
        best = -2 if maximize else 2
        for child in kids:
            if child.__class__ is int:
                v = child
            else:  # enhanced transposition cutoff: a child's stored bound may settle it
                if child[0] == 0:
                    k = self._keys.get(child)  # only bout starts met before
                    if k is None:
                        continue
                    e = tt.get(k)
                else:
                    e = tt.get(child)
                if e is None:
                    continue
                v = e[0] if maximize else e[1]
            if maximize:
                if v > best:
                    best = v
            elif v < best:
                best = v
        if maximize:
            if best > alpha:
                alpha = best
        elif best < beta:
            beta = best
        outer_low = self._low
        self._low = 1 << 30
        best_i = -1
        if alpha < beta:
            if st[0] == 0:
                path[key] = depth
            self._plies += 1
            try:
                if self._plies > MAX_PLIES:
                    raise Budget  # a path too long for Python's stack: give up honestly
                if 0 <= first < len(kids):
                    order = [first] + [i for i in range(len(kids)) if i != first]
                else:
                    order = range(len(kids))
                for i in order:
                    child = kids[i]
                    if child.__class__ is int:
                        continue
                    v = self.value(child, alpha, beta)
                    if maximize:
                        if v > best:
                            best = v
                            best_i = i
                            if v > alpha:
                                alpha = v
                    else:
                        if v < best:
                            best = v
                            best_i = i
                            if v < beta:
                                beta = v
                    if alpha >= beta:
                        break
            finally:
                self._plies -= 1
                if st[0] == 0:
                    del path[key]
        low = self._low
        if low < outer_low:
            self._low = low
        else:
            self._low = outer_low
        if low < depth and -1 < best < 1:
            return best  # depends on a repetition of an earlier position of the path
        lo, hi = -1, 1
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        if entry is not None:
            if entry[0] > lo:
                lo = entry[0]
            if entry[1] < hi:
                hi = entry[1]
            if best_i < 0:
                best_i = entry[2]
        tt[key] = (lo, hi, best_i)
        return best

    def solve_moves(self, root, wanted=None, first=None, exact=False):
        """Values of the root's moves for the side searched for.

        Args:
            root: a position (see the module docstring) where that side is to act.
            wanted: moves to evaluate (default every move, beats of every target).
            first: a move to try first (e.g. the heuristic's choice).
            exact: give every move its value; else stop at the first win, and at the
                first draw when nothing wins (enough to choose). Each move is first
                tested "does it win?" with a null window, then "does it draw?".

        Returns:
            ``{move: value}``, each exact; a move not among the root's moves, or left
            unsettled once a better or equal one was found (``exact`` false), is absent.
        """
        collecting = gc.isenabled()
        gc.disable()  # the search makes no reference cycles: no collector passes
        try:
            return self._solve_moves(root, wanted, first, exact)
        finally:
            if collecting:
                gc.enable()

    def _solve_moves(self, root, wanted, first, exact):
        kids = dict(self.moves(root, all_targets=True, reduce=False))
        order = list(kids) if wanted is None else [m for m in wanted if m in kids]
        if first in kids and first in order:
            order.remove(first)
            order.insert(0, first)
        out = {}
        best = -2
        for move in order:  # first pass: a null-window test "does it win?" per move
            child = kids[move]
            v = child if child.__class__ is int else self.solve(child, 0, 1)
            out[move] = 1 if v >= 1 else min(v, 0)
            best = max(best, out[move])
            if best == 1 and not exact:  # a 0 here only says "no win": not exact
                return {m: w for m, w in out.items()
                        if w != 0 or kids[m].__class__ is int}
        draw = any(out[m] == 0 and kids[m].__class__ is int for m in order)
        for move in order:  # second pass: draw or loss, for the moves that do not win
            if out[move] != 0 or kids[move].__class__ is int:
                continue
            if draw and not exact:
                del out[move]  # only known to be no better than the draw found
                continue
            v = self.solve(kids[move], -1, 0)
            out[move] = 0 if v >= 0 else -1
            draw = draw or v >= 0
        return out
