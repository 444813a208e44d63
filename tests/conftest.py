"""Test order and grouping for the whole suite.

`make test` runs pytest-xdist on every core (``--dist loadgroup --no-loadscope-reorder``):
each worker is handed a test (or an ``xdist_group`` of tests, kept on one worker because
they share module state) one or two at a time, in collection order. Putting the long tests
first (the Pyodide run of tests/test_pyodide.py, then the Firefox tests of
tests/firefox/, a minute or more each, with the other runs of Pyodide under Node,
``LONG_NODE``, then the Chromium tests of tests/e2e/, their whole games first) and the many
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


# Chromium tests of half a minute or more (whole games through the DOM), longest first:
# first of tests/e2e/, in this order.
LONG_E2E = [
    "test_a_whole_game_on_a_phone_with_a_reload_mid_round",
    "test_full_elvakort_game_to_the_final_scoresheet",
    "test_durak_of_two_people_and_a_computer_to_its_end",
    "test_no_hand_shows_while_the_computers_play_between_people",
    "test_example_page_positions_messages_and_foreign_frames",
    "test_full_game_with_keys_a_reload_and_an_illegal_click",
    "test_every_computer_move_of_a_bout_is_in_the_history_after_the_bout",
    "test_the_claim_setting_is_dunkas_and_never_passes_without_showing_the_prompt",
    "test_several_hands_with_a_knock_by_the_human",
    "test_boots_under_a_subpath_and_offline",
    "test_three_person_dunka_round_with_a_claim_out_of_turn_then_a_reload",
]


# Other tests of ten seconds or more (each starts Pyodide under Node): with the Firefox tests.
LONG_NODE = [
    "test_fuzz_worst_runs_inside_pyodide",
]


def _rank(item) -> tuple[int, int]:
    if item.path.name == "test_pyodide.py":
        return (0, 0)
    if item.originalname in LONG_NODE:
        return (1, 0)
    if "firefox" in item.path.parts:  # a minute or two each: two boots and a whole game
        return (1, 0)
    if "e2e" in item.path.parts or "webkit" in item.path.parts:
        name = item.originalname
        return (2, LONG_E2E.index(name)) if name in LONG_E2E else (3, 0)
    return (4, 0)


def pytest_collection_modifyitems(items):
    items.sort(key=_rank)
