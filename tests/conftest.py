"""Test order and grouping for the whole suite.

`make test` runs pytest-xdist on every core (``--dist loadgroup --no-loadscope-reorder``):
each worker is handed a test (or an ``xdist_group`` of tests, kept on one worker because
they share module state) one or two at a time, in collection order. Putting the long tests
first (the Pyodide shards of tests/test_pyodide.py, then the Firefox tests of
tests/firefox/, a minute or more each, then the Chromium tests of tests/e2e/) and the many
short engine tests last lets the workers finish together instead of one of them starting a
long test while the other is idle. The order within each group is pytest's own (the sort is
stable); no test depends on another's order except within an ``xdist_group``, whose order is
kept. tests/pyodide/run.mjs --shard keeps an ``xdist_group`` in one shard too.
"""

from __future__ import annotations


def pytest_configure(config):
    # Known to pytest without pytest-xdist too (inside Pyodide), so no unknown-mark warning.
    config.addinivalue_line(
        "markers", "xdist_group(name): run these tests in one process, in their order")


def _rank(item) -> int:
    if item.path.name == "test_pyodide.py":
        return 0
    if "firefox" in item.path.parts:  # a minute or two each: two boots and a whole game
        return 1
    if "e2e" in item.path.parts or "webkit" in item.path.parts:
        return 2
    return 3


def pytest_collection_modifyitems(items):
    items.sort(key=_rank)
