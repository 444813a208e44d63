"""Property-based tests of every entry point of hostile or damaged input (issue 13), with
a short budget; ``make fuzz`` / bench/fuzz.py runs the same targets (tests/fuzz_targets.py)
for as long as asked.

Properties, per target: only the entry point's documented error types escape (saves and
stored items: ``SaveError``; links: ``SettingError``/``PositionError``; lesson files:
``PositionError``; embedding messages: ``MessageError``; scoresheet files: ``SaveError``;
the JSON reader: ``JsonError``), deeply nested, huge and non-finite inputs among them; what
is read can be written and read back; the boot rescue keeps every stored text; typing into
a scoresheet cell never stores a partial or refused text. CPython only (Pyodide runs
tests/engine/test_jsonsafe.py's deep-nesting test instead).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import fuzz_targets

BUDGET = settings(max_examples=100, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", [n for n, t in fuzz_targets.TARGETS.items() if t.in_suite])
def test_only_documented_errors_escape(name):
    target = fuzz_targets.TARGETS[name]

    @BUDGET
    @given(target.strategy)
    def check(value):
        try:
            target.run(value)
        except target.allowed:
            pass

    check()


def test_the_targets_cover_every_stored_item():
    """Every localStorage key the page reads (``STORED_ITEMS`` and the move history) is
    a fuzz target's."""
    from game import saves
    targets = {saves.SESSION_KEY: "session", saves.PREVIOUS_KEY: "previous",
               saves.HISTORY_KEY: "history", saves.PREFS_KEY: "prefs",
               saves.SHEETS_KEY: "sheets", saves.MOVES_KEY: "moves",
               **{saves.parked_key(g): "parked" for g in ("durak", "dunka", "elvakort",
                                                          "tonk")}}
    assert set(saves.STORED_ITEMS) | {saves.MOVES_KEY} == set(targets)
    assert set(targets.values()) <= set(fuzz_targets.TARGETS)


def _depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


@BUDGET
@given(fuzz_targets.json_values, __import__("hypothesis").strategies.integers(0, 6))
def test_the_nesting_check_is_exact_for_json(value, limit):
    import json

    from game import jsonsafe
    text = json.dumps(value)
    assert jsonsafe.nesting_ok(text, limit) == (_depth(value) <= limit)


def test_every_target_has_a_plain_random_generator_for_long_runs():
    """``bench/fuzz.py --fast`` draws every target's inputs from tests/fuzz_random.py; an
    input it draws is one the target takes (only its documented errors escape)."""
    import random

    import fuzz_random
    assert set(fuzz_random.GENERATORS) == set(fuzz_targets.TARGETS)
    for name, generate in fuzz_random.GENERATORS.items():
        target = fuzz_targets.TARGETS[name]
        for seed in range(3):
            try:
                target.run(generate(random.Random(seed)))
            except target.allowed:
                pass


def test_save_meta_never_raises_on_any_text():
    """What a tab reads of another tab's save (``saves.save_meta``, the ``storage``
    event's value) is never an error, whatever the text."""
    from hypothesis import given, settings, strategies as st
    from game import saves

    @settings(max_examples=200, deadline=None)
    @given(st.one_of(fuzz_targets.any_text, fuzz_targets.json_mutations(fuzz_targets.sample_saves)))
    def check(text):
        meta = saves.save_meta(text)
        assert isinstance(meta["rev"], int) and meta["rev"] >= 0
        assert isinstance(meta["saved"], int)
    check()
    assert saves.save_meta('{"rev": -3, "saved": 1e999}')["rev"] == 0
