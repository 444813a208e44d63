"""Table-play scoresheets (game/scoresheet.py): DUN-17/DUN-18 and ELV-13/ELV-14 winners,
validation of typed points, round order, JSON and CSV round trips, bad files refused."""

import json

import pytest

from game.engine import SaveError, SettingError
from game.scoresheet import TableSheet, dump_sheets, load_sheets, parse_points, read_file

NAMES = ["Anna", "Bo", "Cia"]


def filled(game="dunka", rows=None):
    s = TableSheet.new(game, NAMES, 1000)
    for r, row in enumerate(rows or [[5, 0, 20]] * 6):
        for seat, v in enumerate(row):
            if v is not None:
                s.set_cell(r, seat, str(v))
    return s


def test_points_must_be_whole_numbers_and_dunka_points_not_negative():
    assert parse_points("dunka", " 35 ") == 35
    assert parse_points("elvakort", "-40") == -40 and parse_points("elvakort", "\u221215") == -15
    for game, text, code in [("dunka", "", "empty"), ("dunka", "3.5", "not_whole"),
                             ("dunka", "abc", "not_whole"), ("dunka", "-5", "negative"),
                             ("elvakort", "20000", "too_large"), ("dunka", "1e3", "not_whole")]:
        with pytest.raises(ValueError, match=code):
            parse_points(game, text)


def test_a_round_opens_only_when_the_round_before_is_complete():
    s = TableSheet.new("dunka", NAMES, 1)
    assert s.open_rounds() == 1
    with pytest.raises(ValueError, match="round_locked"):
        s.set_cell(1, 0, "5")
    s.set_cell(0, 0, "5")
    s.set_cell(0, 1, "0")
    assert s.open_rounds() == 1
    s.set_cell(0, 2, "10")
    assert s.open_rounds() == 2 and s.running()[0] == [5, 0, 10]
    s.set_cell(1, 0, "15")
    with pytest.raises(ValueError, match="clear_later_first"):
        s.set_cell(0, 0, "")
    before = [row[:] for row in s.cells]
    with pytest.raises(ValueError):
        s.set_cell(1, 1, "x")
    assert s.cells == before  # a bad value changes nothing


def test_dun_17_lowest_wins_and_elv_14_highest_wins():
    rows = [[5, 0, 20], [10, 10, 0], [0, 30, 5], [5, 5, 5], [0, 15, 10], [20, 0, 0]]
    d = filled("dunka", rows)
    assert d.totals() == [40, 60, 40] and d.is_complete() and d.leaders() == [0, 2]
    e = filled("elvakort", [[40, -20, 15]] * 6)
    assert e.totals() == [240, -120, 90] and e.leaders() == [0]


def test_players_and_names_are_checked():
    with pytest.raises(SettingError):
        TableSheet.new("dunka", ["A"] * 7, 1)          # Dunka: 2–6
    assert len(TableSheet.new("elvakort", ["A"] * 8, 1).names) == 8
    with pytest.raises(SettingError):
        TableSheet.new("elvakort", ["A", "  "], 1)
    with pytest.raises(SettingError):
        TableSheet.new("tonk", NAMES, 1)
    long = TableSheet.new("dunka", ["<b>" + "x" * 50, "B"], 1)
    assert len(long.names[0]) == 24                      # kept as text, cut to 24


def test_json_and_csv_round_trip():
    s = filled("elvakort", [[40, -20, 15], [0, 5, -5]] + [[None] * 3] * 4)
    again = read_file("x.json", s.to_json(), 2000)
    assert again.cells == s.cells and again.names == s.names and again.id == "sheet-2000"
    csv_again = read_file("x.csv", s.to_csv(), 3000)
    assert csv_again.cells == s.cells and csv_again.game == "elvakort"
    assert [x.to_dict() for x in load_sheets(dump_sheets([s, again]))] == \
        [s.to_dict(), again.to_dict()]


def test_a_name_a_spreadsheet_would_run_is_written_as_text_and_read_back():
    """CSV injection: a player's name such as ``=HYPERLINK(...)`` is written with a leading
    ``'`` (a spreadsheet then shows it as text) and the import takes it off again."""
    names = ['=HYPERLINK("http://x")', "+1", "'quoted", "Bo"]
    s = TableSheet.new("elvakort", names, 1)
    header = s.to_csv().splitlines()[1]
    assert header.startswith("round,\"'=HYPERLINK(") and ",'+1," in header
    assert all(not cell.startswith(("=", "+", "-", "@")) for cell in header.split(","))
    assert read_file("x.csv", s.to_csv(), 2).names == names


@pytest.mark.parametrize("name,text", [
    ("a.json", "{not json"),
    ("a.json", json.dumps({"format": "other"})),
    ("a.json", json.dumps({"format": "kortbordet-scoresheet", "id": "x", "game": "dunka",
                           "names": ["A", "B"], "cells": [[1, 2]] * 5})),
    ("a.json", json.dumps({"format": "kortbordet-scoresheet", "id": "x", "game": "dunka",
                           "names": ["A", "B"], "cells": [[None, 2], [3, 4]] + [[None] * 2] * 4})),
    ("a.json", json.dumps({"format": "kortbordet-scoresheet", "id": "x", "game": "dunka",
                           "names": ["A", "B"], "cells": [[-5, 2]] + [[None] * 2] * 5})),
    ("a.csv", "round,A,B\n1,5,0\n"),
    ("a.csv", "game,dunka\nround,A,B\n1,5\n"),
    ("a.csv", "game,dunka\nround,A,B\n1,5,x\n"),
    ("a.csv", "game,dunka\nround,A,B\n1,5,0\ntotal,5,1\n"),
    ("a.csv", "x" * 300_000),
])
def test_bad_files_are_refused_with_a_reason(name, text):
    with pytest.raises(SaveError) as err:
        read_file(name, text, 1)
    assert str(err.value)


def test_damaged_saved_list_raises_save_error():
    for text in ("{", "[]", '{"sheets": [1]}'):
        with pytest.raises(SaveError):
            load_sheets(text)
    assert load_sheets(None) == []
