"""The scoresheets screen's plan (game/web/sheets_model.py): pure Python, what the new-sheet
form's name fields hold, list entries' dates, a deleted sheet put back (issue 32)."""

import pytest

from game.scoresheet import TableSheet
from game.web import sheets_model as sm


@pytest.mark.parametrize("lang,word", [("sv", "Spelare"), ("en", "Player")])
def test_player_n_is_a_placeholder_not_text_to_delete_first(lang, word):
    """Issue 32: the name fields start empty with "Spelare 1" as their placeholder."""
    fields = sm.name_fields(lang, "dunka", [])
    assert [f["value"] for f in fields] == [""] * 4
    assert [f["placeholder"] for f in fields] == [f"{word} {n}" for n in range(1, 5)]
    assert fields[0]["id"] == "sheet-name-0" and fields[0]["label"] == f"{word} 1"
    typed = sm.name_fields(lang, "elvakort", ["Anna", ""])
    assert [f["value"] for f in typed] == ["Anna", ""]
    assert sm.name_fields(lang, "dunka", ["A"] * 8)[-1]["id"] == "sheet-name-5"  # Dunka: 6
    assert [f["value"] for f in sm.name_fields(lang, "dunka", ["A"])] == ["A", ""]  # 2 at least


def test_a_field_left_empty_takes_its_placeholder_on_the_new_sheet():
    assert sm.sheet_names("sv", ["Anna", "", "  "]) == ["Anna", "Spelare 2", "Spelare 3"]
    sheet = TableSheet.new("dunka", sm.sheet_names("en", ["", "Bo"]), 1)
    assert sheet.names == ["Player 1", "Bo"]



def test_list_entries_show_their_date_in_each_language():
    assert sm.day_text("sv", 2026, 12, 3) == "2026-12-03"
    assert sm.day_text("en", 2026, 12, 3) == "3 Dec 2026"
    assert sm.entry_label("sv", "2026-12-03", "dunka", ["Anna", "Bo"]) == \
        "2026-12-03 · Dunka: Anna, Bo"
    assert sm.entry_label("en", "", "elvakort", ["A", "B"]) == "Elvakorts-Rummy: A, B"
    assert sm.deleted_label("sv", "x") == "Borttaget: x"
    assert sm.deleted_label("en", "x") == "Deleted: x"


def test_a_deleted_sheet_goes_back_to_its_place_once():
    """Issue 32: Undo of a deletion (until the page is closed) puts the sheet back where
    it was in the newest-first list, and never twice."""
    a, b, c = (TableSheet.new("dunka", ["A", "B"], ms) for ms in (3000, 2000, 1000))
    assert sm.restore([a, c], b) == [a, b, c]
    assert sm.restore([b, c], a) == [a, b, c]
    assert sm.restore([a, b], c) == [a, b, c]
    assert sm.restore([], b) == [b]
    assert sm.restore([a, b, c], b) == [a, b, c]
