"""Names (issue 32, scope 5): what a name may hold, when two names are one, and how the page
shows a name so its direction cannot leak into the page's own sentences.

Every way a name comes in cleans it with ``game.people.clean_name`` (controls, bidi
controls, zero-width and other format characters dropped; a joiner between two emoji kept)
and compares names with ``people.same_names`` (cleaned, case-folded): the lobby, a link's
position, a teaching position, an embedding page's message, a scoresheet file. The page
shows a name through ``people.isolate`` (``model.translate_name``): between FSI and PDI
when it could turn the text around it."""

from __future__ import annotations

import json

import pytest

from game import people, saves
from game.engine import SettingError
from game.people import FSI, PDI, clean_name, isolate, name_key, same_names
from game.positions import PositionError, position_of, read, write
from game.scoresheet import TableSheet, read_file
from game.session import Session
from game.url_params import parse_params

RLO = "\u202e"
INVISIBLE = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
             "\u2069", "\u200e", "\u200f", "\u061c", "\u200b", "\u200c", "\u200d", "\ufeff",
             "\u2060", "\u00ad", "\u180e", "\U000e0041", "\x00", "\x1b", "\x7f", "\u3164",
             "\u034f"]
"""Characters that show nothing: the bidi controls and marks, zero-width and other format
characters (Cf), controls and invisible fillers."""
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"   # one picture: three emoji, two ZWJ
DURAK = "durak;h0=7S;h1=8S;trump=6H;names="


def players(*names):
    return [{"name": names[0], "kind": "human"}] + [
        {"name": n, "kind": "bot", "level": "easy"} for n in names[1:]]


# ---------------------------------------------------------------------------- cleaning

@pytest.mark.parametrize("ch", INVISIBLE, ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_a_name_loses_every_character_that_shows_nothing(ch):
    assert clean_name(f"An{ch}na") == "Anna"
    assert clean_name(f"{ch}Anna{ch}") == "Anna"
    assert clean_name(ch) == "?" and clean_name(ch, "") == ""


def test_cleaning_keeps_the_visible_text_and_is_idempotent():
    assert clean_name("  Anna \t Bo\n") == "Anna Bo"       # white space: one space
    assert clean_name("Anna\u2028Bo\u2029Cia\u00a0Di") == "Anna Bo Cia Di"  # line breaks too
    assert people.drop_invisible("A\u2029B\tC") == "ABC"  # a stored name, shown
    assert clean_name("<b>Ida</b> & \"Bo\"") == "<b>Ida</b> & \"Bo\""  # text, not markup
    assert clean_name("A\u030asa") == "\u00c5sa"            # composed: one letter Å
    assert clean_name("x" * 40) == "x" * people.MAX_NAME
    assert clean_name("\u05d0\u05d1\u05d9") == "\u05d0\u05d1\u05d9"  # Hebrew kept
    for name in ("  Anna \t Bo\n", RLO + "evil", FAMILY * 9, "x" * 23 + " " + FAMILY, ""):
        once = clean_name(name)
        assert clean_name(once) == once and 0 < len(once) <= people.MAX_NAME


def test_a_joiner_is_kept_only_between_two_emoji():
    """The decision: ZERO WIDTH JOINER makes one picture of two emoji (the family, a
    profession with a skin tone), so it stays there; anywhere else it only makes two
    names that look alike, so it goes. Tag characters (a subdivision flag's) go."""
    assert clean_name(FAMILY) == FAMILY
    cook = "\U0001f469\U0001f3fd\u200d\U0001f373"             # woman, skin tone, ZWJ, pan
    rainbow = "\U0001f3f3\ufe0f\u200d\U0001f308"              # white flag, VS16, ZWJ
    assert clean_name(cook) == cook and clean_name(rainbow) == rainbow
    assert clean_name("An\u200dna") == "Anna"
    assert clean_name("A\u200d\U0001f600") == "A\U0001f600"   # a letter before it
    assert clean_name("\U0001f600\u200d") == "\U0001f600"     # nothing after it
    assert clean_name("\U0001f600\u200d\u200d\U0001f600") == "\U0001f600\u200d\U0001f600"
    cut = clean_name("x" * 23 + FAMILY)                       # the cut ends at a joiner
    assert cut == "x" * 23 + "\U0001f468" and clean_name(cut) == cut
    assert clean_name("\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074"
                      "\U000e007f") == "\U0001f3f4"


# ---------------------------------------------------------------------------- sameness

def test_names_that_differ_in_case_spaces_or_invisible_characters_are_one_name():
    alike = ["Anna", "anna", " ANNA ", "An\u200bna", RLO + "Anna", "An\u00adna",
             "\uff21\uff4e\uff4e\uff41", "Anna\ufe0f"]
    assert {name_key(n) for n in alike} == {"anna"}
    assert same_names(alike) == list(range(1, len(alike)))
    assert same_names(["Anna", "Anne", "Ann", "Bo"]) == []
    assert same_names([FAMILY, FAMILY.replace("\u200d", "")]) == [1]  # look alike on a
    # device without the joined picture


def test_a_session_keeps_cleaned_names_and_refuses_two_seats_of_one_name():
    s = Session.new("dunka", {}, players(RLO + "Anna", "B\u200bo", "Cia\u2066"), 3)
    assert [p["name"] for p in s.players] == ["Anna", "Bo", "Cia"]
    assert s.state.names == ["Anna", "Bo", "Cia"]
    for pair in (("Anna", "An\u200bna"), ("Anna", "anna"), ("Du", " du "),
                 ("Anna", RLO + "ANNA")):
        with pytest.raises(SettingError) as exc:
            Session.new("durak", {}, players(*pair), 1)
        assert isinstance(exc.value, people.SameNames) and exc.value.setting == "names"
        assert exc.value.names == [clean_name(pair[1])]


def test_a_saved_session_whose_names_became_one_still_loads():
    """A save from before the cleaning with "An\\u200bna" beside "Anna" is not lost: it
    loads with the cleaned names (only a new session is refused)."""
    s = Session.new("tonk", {}, players("Anna", "Bo"), 2)
    data = s.to_dict()
    data["players"][1]["name"] = "An\u200bna"
    text = json.dumps({"format": "kortbordet", "version": 2, "session": data})
    assert [p["name"] for p in saves.loads(text).players] == ["Anna", "Anna"]


def test_the_lobby_refuses_names_that_are_one_and_names_a_blank_person_as_before():
    from game.web import seats
    typed = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "An\u200bna"},
             {"kind": "human", "name": RLO + "ANNA"}, {"kind": "human", "name": "\u200b"}]
    got = seats.players_for("en", seats.seat_list(typed, 4, []))
    assert [p["name"] for p in got] == ["Anna", "Anna", "ANNA", "Player 4"]
    assert seats.same_names(got) == [1, 2]
    one = seats.players_for("sv", seats.seat_list([{"kind": "human", "name": "\u2060"}],
                                                  2, []))
    assert one[0]["name"] == "Du"


# ---------------------------------------------------------------------------- entry points

def test_a_link_s_position_names_are_cleaned_and_must_be_distinct():
    req = parse_params({"position": DURAK + RLO + "Anna,B\u200bo"})
    assert req["position"].names == ["Anna", "Bo"]
    assert req["position"].state.names == ["Anna", "Bo"]
    s = Session.from_position(req["position"])
    assert [p["name"] for p in s.players] == ["Anna", "Bo"]
    with pytest.raises(PositionError) as exc:
        parse_params({"position": DURAK + "Anna,an\u200bna"})
    assert exc.value.code == "same_names"


def test_a_position_s_names_are_cleaned_also_in_the_x_field():
    assert read(DURAK + "\u2067Ann\u2069,Bo\ufeff").names == ["Ann", "Bo"]
    with pytest.raises(PositionError) as exc:          # nothing visible left
        read(DURAK + "Ann,\u200b\u200e")
    assert exc.value.code == "bad_names"
    for text in (DURAK + "Ann,ANN", DURAK + "Ann, a\u200dnn"):
        with pytest.raises(PositionError) as exc:
            read(text)
        assert exc.value.code == "same_names"
    from game import tonk
    state = tonk.new_game(tonk.Rules(), ["Ann, " + RLO + "2nd", "Bo"], seed=2)
    text = write(position_of(state, state.to_act()[0]))
    assert "names=" not in text                         # the names went into x=
    assert read(text).names == ["Ann, 2nd", "Bo"]
    state = tonk.new_game(tonk.Rules(), ["Ann;", "ANN;"], seed=2)
    with pytest.raises(PositionError) as exc:
        read(write(position_of(state, state.to_act()[0])))
    assert exc.value.code == "same_names"


def test_a_refused_names_field_is_quoted_without_its_controls():
    from game.positions import message
    with pytest.raises(PositionError) as exc:
        read(DURAK + RLO + "\u05d0\u05d1,B,C")
    value = exc.value.params["value"]
    assert RLO not in value and value.startswith(FSI) and value.endswith(PDI)
    assert RLO not in message("en", exc.value)


def test_an_embedding_page_s_position_names_are_cleaned_and_must_be_distinct():
    from game.web.embed import read_message
    msg = read_message({"type": "load-position", "position": DURAK + "Du\u202d,Bo\u200c"})
    assert parse_params(msg["query"])["position"].names == ["Du", "Bo"]
    msg = read_message({"type": "load-position", "position": DURAK + "Du,D\u200bU"})
    with pytest.raises(PositionError) as exc:
        parse_params(msg["query"])
    assert exc.value.code == "same_names"


def test_a_scoresheet_file_s_names_are_cleaned():
    """JSON and CSV alike. Two names that are one stay allowed on a scoresheet (a paper
    form's columns: the people at the table tell them apart; a test of the sheet asks
    for eight players named "A"), but they read the same, never alike-but-different."""
    sheet = TableSheet.new("dunka", ["Ann", "Bo"], 1).to_dict()
    sheet["names"] = [RLO + "Ann\u2069", "B\u200bo\ufeff"]
    got = read_file("x.json", json.dumps(sheet), 2)
    assert got.names == ["Ann", "Bo"]
    csv = "game,dunka\nround,\u202eAnn,B\u200bo\n1,5,10\n"
    assert read_file("x.csv", csv, 3).names == ["Ann", "Bo"]
    sheet["names"] = ["Anna", "An\u200bna"]
    assert read_file("y.json", json.dumps(sheet), 4).names == ["Anna", "Anna"]
    with pytest.raises(SettingError):                   # nothing visible: no name
        TableSheet.new("dunka", ["Ann", "\u200b\u2060"], 1)


# ---------------------------------------------------------------------------- shown isolated

def test_a_name_that_could_turn_the_page_s_text_is_shown_isolated():
    """The decision: a name is put between FSI and PDI (``people.isolate``) when it holds
    a right-to-left letter, an Arabic digit or a bidi control; a name without them has no
    direction to leak in the left-to-right page and is shown as it is."""
    hebrew = "\u05d0\u05d1\u05d9"
    assert isolate(RLO + "Anna") == FSI + "Anna" + PDI    # the override itself goes
    assert isolate(hebrew) == FSI + hebrew + PDI
    assert isolate("Bo \u0663") == FSI + "Bo \u0663" + PDI  # an Arabic digit
    assert isolate("x\u2069" + RLO + "y") == FSI + "xy" + PDI  # no early PDI inside
    assert isolate("Anna") == "Anna" and isolate("<b>Bo</b> 2") == "<b>Bo</b> 2"
    assert isolate(FAMILY) == FAMILY


def test_the_page_s_sentences_hold_such_a_name_inside_an_isolate():
    from game.web import model, tonk_model
    from game.web.turn_line import log_el, sentences
    hebrew = "\u05d0\u05d1\u05d9"
    table = [{"name": "Du", "kind": "human"}, {"name": RLO + "Anna", "kind": "bot"},
             {"name": hebrew, "kind": "bot"}]
    shown = FSI + "Anna" + PDI
    assert model.display_name("en", table, 1, 0) == shown
    assert model.translate_name("sv", hebrew) == FSI + hebrew + PDI
    assert model.translate_name("sv", "Dator 2") == "Dator 2"
    attack = model.describe_event("en", {"type": "attack", "player": 1, "cards": ["7S"]},
                                  table, 0)
    assert attack.startswith(shown + " ") and RLO not in attack
    lines = sentences("en", "dunka", [{"type": "draw", "player": 2, "source": "stock"},
                                      {"type": "discard", "player": 2, "card": "7H"}], table, 0)
    assert lines == [FSI + hebrew + PDI + " drew from the stock and discarded seven of "
                                          "hearts."]
    html = log_el(lines).html()
    assert FSI + hebrew + PDI + " drew" in html and RLO not in html
    result = {"end": "knock", "player": 2, "caught": False,
              "payouts": [{"payer": 1, "payee": 2, "amount": 4, "reason": "knock_won"}]}
    assert FSI + hebrew + PDI in tonk_model.headline("en", result, table, 0)
    pay = tonk_model.payout_lines("en", result, table, 0)[0]["text"]
    assert pay.startswith(shown) and FSI + hebrew + PDI in pay
    two = [{"name": hebrew, "kind": "human"}, {"name": "Bo", "kind": "human"}]
    assert model.hand_label("sv", two, 0) == FSI + hebrew + PDI + "s hand"
    assert model.hand_label("en", two, 1) == "Bo's hand"    # a plain name as before
