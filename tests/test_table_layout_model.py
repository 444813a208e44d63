"""The pure part of the table's layout (issue 11): Durak's finished bout, rebuilt from the
bout last drawn and the events of the move that ended it (``model.finished_bout``), played
through the engine from the report's situation; and the layout's texts in both languages."""

from __future__ import annotations

from game import durak, positions
from game.i18n import TEXTS
from game.i18n import table as table_texts
from game.web import model

# You attack with 6S; the computer beats with 8S and, as you hold no six or eight, that
# beat ends the bout in the same move.
LAST_BOUT = "durak;names=You,Bo;h0=6S,7C,7D,9D,JC,QD;h1=8S,10S,AH,KC,QC,9C;trump=6H;attacker=0"


def test_a_beat_that_ends_the_bout_is_kept_with_its_pair():
    state = positions.read(LAST_BOUT).state
    state.apply(durak.parse_action("attack 6S", 0))
    drawn = [(a, d) for a, d in state.view(0)["table"]]
    assert drawn == [("6S", None)]
    events = state.apply(durak.parse_action("beat 8S 6S", 1))
    assert state.view(0)["table"] == []          # the bout left the table in that move
    last = model.finished_bout(drawn, events)
    assert last == {"pairs": [("6S", "8S")], "taken_by": None}


def test_a_taken_bout_names_who_took_it():
    state = positions.read(LAST_BOUT).state
    state.apply(durak.parse_action("attack 6S", 0))
    drawn = [(a, d) for a, d in state.view(0)["table"]]
    events = state.apply(durak.parse_action("take", 1))
    if state.view(0)["table"]:                    # the attacker may still throw in: pass
        drawn = [(a, d) for a, d in state.view(0)["table"]]
        events = state.apply(durak.parse_action("done", 0))
    last = model.finished_bout(drawn, events)
    assert last["taken_by"] == 1 and last["pairs"][0] == ("6S", None)


def test_layout_texts_exist_in_both_languages():
    assert set(table_texts.TEXTS["sv"]) == set(table_texts.TEXTS["en"])
    for key in table_texts.TEXTS["en"]:
        assert TEXTS["sv"][key] and TEXTS["en"][key] and TEXTS["sv"][key] != key
