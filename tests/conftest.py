"""Test order for the whole suite: the longest tests first.

`make test` runs pytest-xdist on every core with ``--dist load --maxschedchunk=1``:
each worker is handed tests one or two at a time in collection order. Putting the long
tests first (the Pyodide shards of tests/test_pyodide.py, then the browser tests of
tests/e2e/) and the many short engine tests last lets the workers finish together
instead of one of them starting a long test while the other is idle. The order within
each group is pytest's own (the sort is stable), and no test depends on another's order.
"""

from __future__ import annotations


def _rank(item) -> int:
    if item.path.name == "test_pyodide.py":
        return 0
    if "e2e" in item.path.parts:
        return 1
    return 2


def pytest_collection_modifyitems(items):
    items.sort(key=_rank)
