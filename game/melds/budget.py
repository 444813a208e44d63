"""The meld searches' work budget (issue 13).

A player who claims nearly every discard can hold 60-80 cards, and the exact
searches grow exponentially with the hand. Every search therefore counts its nodes (one per
candidate meld tried and one per step of the set walk; and the building of the candidates:
one per run shape looked at, as many more as a built shape has cards, one per reading of
``contract_arrangements``) and stops after ``budget`` nodes
(``default_budget(len(hand))``: ``SEARCH_BUDGET`` up to 25 cards, less for bigger hands,
whose nodes cost more; deterministic, never a clock). A search that finishes within
the budget is exact; one that runs out returns the best found within that many nodes:
``best_contract`` / ``best_melds`` the best valid arrangement found so far (if none yet, a
greedy one: disjoint runs needing the fewest jokers first, then the sets, itself limited to
``GREEDY_BUDGET`` more nodes; when the building ran out, its runs keep every natural card of
their interval), ``contract_arrangements`` the arrangements found so far (if none, once more
on such runs within ``GREEDY_BUDGET`` more nodes).
Hands of up to ~25 cards finish far inside the budget (tests/engine/test_meld_budget.py).
``search_nodes()`` tells how many nodes the last search used.
"""

from __future__ import annotations

SEARCH_BUDGET = 100_000
"""Search nodes a meld search may use by default (see above): about 0.1-0.3 s
in CPython on the largest hands; exact for every normal hand."""
FULL_BUDGET_CARDS = 25
"""Hands of up to this many cards get the whole ``SEARCH_BUDGET`` (every normal hand: exact)."""
GREEDY_BUDGET = 20_000
"""Extra nodes for the greedy fallback when a budgeted search found nothing."""


def default_budget(cards: int) -> int:
    """The node budget of a search over a hand of ``cards`` cards when none is given:
    ``SEARCH_BUDGET`` up to ``FULL_BUDGET_CARDS`` cards (every normal hand stays exact),
    then scaled down by ``(FULL_BUDGET_CARDS / cards) ** 2``, since a node costs more the
    bigger the hand: a claiming player's 75-card hand gets 11,111 nodes (issue 13). Measured
    with ``bench/melds.py --huge`` (CPython, loaded 2-core machine): the worst lay-down
    listing went from 0.478 s (100,000 nodes) to 0.289 s (11,413 nodes). The building of
    the candidate runs (``_run_shapes``: ~20,000 shapes for a hand holding every position
    of two suits and six jokers) then took most of what remained (a saved 75-card game:
    562 ms in Pyodide); it counts in the budget since: 67 ms (bench/fuzz_worst.py). Positions cap
    hands at 24 cards (``game.positions.MAX_HAND``), where a whole read takes about
    20 ms."""
    if cards <= FULL_BUDGET_CARDS:
        return SEARCH_BUDGET
    return SEARCH_BUDGET * FULL_BUDGET_CARDS * FULL_BUDGET_CARDS // (cards * cards)

_last_nodes = [0]


def search_nodes() -> int:
    """How many nodes the last ``best_contract`` / ``best_melds`` /
    ``contract_arrangements`` call used (at most its budget, plus ``GREEDY_BUDGET`` for the
    greedy fallback)."""
    return _last_nodes[0]


class _OutOfBudget(Exception):
    """Raised inside a search when its node budget is spent."""


class _Counter:
    """A search's node count and budget (``nodes``, ``budget``: ints), shared by the
    candidate building and the walk that uses the candidates."""

    __slots__ = ("nodes", "budget")

    def __init__(self, budget: int) -> None:
        self.nodes, self.budget = 0, budget

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` more nodes; raise ``_OutOfBudget`` once over the budget."""
        self.nodes += nodes
        if self.nodes > self.budget:
            raise _OutOfBudget

