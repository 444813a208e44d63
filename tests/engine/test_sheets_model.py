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

