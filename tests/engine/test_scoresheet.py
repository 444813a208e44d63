"""Table-play scoresheets (game/scoresheet.py): DUN-17/DUN-18 and ELV-13/ELV-14 winners,
validation of typed points, round order, JSON and CSV round trips, bad files refused."""

import csv
import io
import json
import re

import pytest

from game.engine import SaveError, SettingError
from game.i18n import TEXTS
from game.scoresheet import (TableSheet, dump_sheets, load_sheets, parse_points, read_file,
                             round_bounds)

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
    assert header.startswith("round;\"'=HYPERLINK(") and ";'+1;" in header
    assert all(not cell.startswith(("=", "+", "-", "@")) for cell in header.split(";"))
    assert read_file("x.csv", s.to_csv(), 2).names == names


HOSTILE_NAMES = ["x;=1+1;", "=SUM(A1)", "-2+3", "@cmd", "+46 70", "a,=1", '"=q"', "Åsa"]
"""Names that would be formulas, or would split into a formula at ``;`` or ``,``."""


def excel_rows(text: str) -> list[list[str]]:
    """The cells Swedish Excel sees in a file: a BOM taken as UTF-8, cells split at
    ``;`` outside quotes, quotes taken off."""
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:], newline=""), delimiter=";"))


def test_csv_opens_in_swedish_excel_bom_semicolons_crlf():
    """Issue 32: UTF-8 with a BOM, ``;`` between cells, CRLF line ends, one column per
    player on every line, whatever the names hold."""
    s = TableSheet.new("dunka", ["Åsa", "x;=1+1;", "Bo, jr"], 1)
    s.set_cell(0, 0, "5"), s.set_cell(0, 1, "0"), s.set_cell(0, 2, "45")
    text = s.to_csv()
    assert text.startswith("\ufeffgame;dunka;;\r\n")
    assert text.count("\r\n") == text.count("\n") == 9 and "\r\n" == text[-2:]
    rows = excel_rows(text)
    assert [len(r) for r in rows] == [4] * 9
    assert rows[1] == ["round", "Åsa", "x;=1+1;", "Bo, jr"] and rows[2] == ["1", "5", "0", "45"]
    assert text.encode("utf-8").startswith(b"\xef\xbb\xbfgame;")


def test_csv_no_text_cell_starts_a_formula_but_points_stay_numbers():
    """OWASP: every text cell starting with = + - @ tab or CR gets a leading ``'`` (also
    after splitting at ``;`` or ``,``: quoted cells keep an inner ``=`` inside); points,
    negative ones too, are written as plain whole numbers (a number, not a formula)."""
    s = TableSheet.new("elvakort", HOSTILE_NAMES, 1)
    for seat, v in enumerate([-45, 0, 20, -5, 5, 10, -15, 65]):
        s.set_cell(0, seat, str(v))
    text = s.to_csv()
    rows = excel_rows(text)
    for row in rows:
        for value in row:
            if re.fullmatch(r"-?[0-9]+", value):
                continue  # a number we wrote
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), value
    assert rows[2] == ["1", "-45", "0", "20", "-5", "5", "10", "-15", "65"]
    assert rows[1][1:] == ["x;=1+1;", "'=SUM(A1)", "'-2+3", "'@cmd", "'+46 70", "a,=1",
                           '"=q"', "Åsa"]
    # a separator inside a name is inside quotes, so the ``=`` after it starts no cell
    assert text.splitlines()[1].startswith('round;"x;=1+1;";')
    for name in ["\tx", "\r=1", "=1"]:
        from game.scoresheet import csv_field
        assert csv_field(name).lstrip('"').startswith("'")
    assert csv_field(-45) == "-45" and csv_field("-45") == "'-45"


def excel_rewrite(text: str, quote_all: bool = False, keep_apostrophe: bool = True) -> str:
    """``text`` as Excel saves it again ("CSV UTF-8"): BOM, ``;``, CRLF, quotes where a
    cell needs them (or around every cell), the ``'`` kept (or hidden and dropped)."""
    rows = excel_rows(text)
    if not keep_apostrophe:
        rows = [[c[1:] if c.startswith("'") else c for c in r] for r in rows]
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\r\n",
               quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL).writerows(rows)
    return "\ufeff" + out.getvalue()


@pytest.mark.parametrize("quote_all,keep_apostrophe", [(False, True), (True, True),
                                                       (False, False)])
def test_csv_round_trip_through_excel(quote_all, keep_apostrophe):
    """Export, Excel's rewrite of it, import: the same names and points."""
    s = TableSheet.new("elvakort", HOSTILE_NAMES, 1)
    for r in range(2):
        for seat, v in enumerate([-45, 0, 20, -5, 5, 10, -15, 65]):
            s.set_cell(r, seat, str(v * (r + 1)))
    back = read_file("protokoll.csv", excel_rewrite(s.to_csv(), quote_all, keep_apostrophe), 2)
    assert back.names == s.names and back.cells == s.cells and back.game == "elvakort"


def test_csv_in_the_old_format_still_imports():
    """Files written before issue 32 (``,``, no BOM, LF, the ``'`` neutralisation)."""
    old = ("game,dunka,\nround,\"'=HYPERLINK(\"\"x\"\")\",Bo\n1,5,0\n2,10,\n3,,\n4,,\n5,,\n6,,\n"
           "total,15,0\n")
    s = read_file("old.csv", old, 2)
    assert s.names == ['=HYPERLINK("x")', "Bo"] and s.cells[:2] == [[5, 0], [10, None]]
    assert read_file("old.csv", old.replace("\n", "\r\n"), 2).cells == s.cells
    assert read_file("x.json", "\ufeff" + s.to_json(), 3).names == s.names


def test_csv_separator_is_sniffed_from_the_first_line():
    from game.scoresheet import csv_separator
    assert csv_separator("\ufeffgame;dunka;;\r\n") == ";"
    assert csv_separator('"game","dunka"\n') == ","
    assert csv_separator("game,\"a;b\"\n") == ","
    assert csv_separator("nonsense") == ","


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


def test_points_no_round_can_give_are_refused():
    """Issue 32: a cell's points must lie in what one round can give (round_bounds):
    Dunka 0 to the whole deck's value in hand (DUN-14, 860); Elvakort the whole deck in
    hand, minus, to the whole deck in one's melds plus 50 (ELV-12, ELV-13), by decks."""
    assert round_bounds("dunka", 4) == (0, 860)
    assert round_bounds("elvakort", 4) == (-860, 910)
    assert round_bounds("elvakort", 5) == (-1290, 1340)
    d = TableSheet.new("dunka", NAMES, 1)
    assert d.set_cell(0, 0, "860") == 860
    with pytest.raises(ValueError, match="too_large"):
        d.set_cell(0, 1, "861")
    assert d.cells[0] == [860, None, None]
    e = TableSheet.new("elvakort", ["A", "B", "C", "D", "E"], 1)
    assert e.set_cell(0, 0, "-1290") == -1290 and e.set_cell(0, 1, "1340") == 1340
    for text, code in [("-1291", "too_low"), ("1341", "too_large")]:
        with pytest.raises(ValueError, match=code):
            e.set_cell(0, 2, text)
    small = TableSheet.new("elvakort", ["A", "B"], 1)
    with pytest.raises(ValueError, match="too_low"):
        small.set_cell(0, 0, "-900")                    # two decks with 2-4 players
    # every prefix of a number in range is in range: typing 860 key by key is never refused
    assert [parse_points("dunka", p, 3) for p in ("8", "86", "860")] == [8, 86, 860]


def test_files_with_points_no_round_can_give_are_refused_saying_the_range():
    csv_text = "game,dunka\nround,A,B\n1,5,900\n"
    with pytest.raises(SaveError, match="line 3, B: too_large .*0 to 860"):
        read_file("a.csv", csv_text, 1)
    data = {"format": "kortbordet-scoresheet", "id": "x", "game": "elvakort",
            "names": ["A", "B"], "cells": [[-2000, 5]] + [[None] * 2] * 5}
    with pytest.raises(SaveError, match="too_low .*-860 to 910"):
        read_file("a.json", json.dumps(data), 1)


def test_a_stored_list_with_points_from_before_the_bounds_still_loads():
    """The browser's own list was saved when only MAX_POINTS bounded a cell: it loads
    (else the whole list would be moved to a backup), and stays as it was."""
    data = {"format": "kortbordet-scoresheets", "version": 1, "sheets": [
        {"format": "kortbordet-scoresheet", "version": 1, "id": "sheet-1", "game": "dunka",
         "names": ["A", "B"], "cells": [[5000, 0]] + [[None] * 2] * 5, "created": 1}]}
    sheets = load_sheets(json.dumps(data))
    assert sheets[0].cells[0] == [5000, 0]
    assert json.loads(dump_sheets(sheets)) == data


def test_round_bounds_follow_the_engines_decks_values_and_bonus():
    from game.cards import make_deck
    from game.rummy.rules import ELVAKORT_BONUS, RULE_SETS
    for game, players in [("dunka", 2), ("dunka", 6), ("elvakort", 4), ("elvakort", 8)]:
        rs = RULE_SETS[game]
        copies, jokers = rs.deck_counts(players)
        deck = sum(rs.value(c) for c in make_deck(range(2, 15), copies=copies, jokers=jokers))
        assert round_bounds(game, players) == \
            ((0, deck) if game == "dunka" else (-deck, deck + ELVAKORT_BONUS))


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_refused_points_text_says_the_range_and_why_in_both_languages(lang):
    from game.web.sheets_model import points_reason
    dunka = points_reason(lang, "dunka", 4, "too_large")
    assert "860" in dunka and "Dunka" in dunka
    low = points_reason(lang, "elvakort", 5, "too_low")
    assert "\u22121290" in low and "5" in low
    assert "1340" in points_reason(lang, "elvakort", 8, "too_large")
    assert points_reason(lang, "dunka", 4, "not_whole") == \
        TEXTS[lang]["sh_bad_not_whole"]
    assert points_reason("sv", "dunka", 4, "too_large") != points_reason("en", "dunka", 4,
                                                                         "too_large")


def test_every_scoresheet_text_is_in_both_languages():
    keys = {k for k in TEXTS["en"] if k.startswith("sh_")}
    assert keys == {k for k in TEXTS["sv"] if k.startswith("sh_")}
    assert all(TEXTS[lang][k].strip() for k in keys for lang in ("sv", "en"))
