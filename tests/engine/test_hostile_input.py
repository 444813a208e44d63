"""Hostile or damaged input on the input side (issue 13): stored items, scoresheet files and
cells, URL parameters, action texts, lesson files and embedding messages get their own
clear error (never a raw Python error), and the boot rescue never loses a stored text.
Each case here was a failure before (a fuzzer's find, or one listed in the issue)."""

from __future__ import annotations

import json
import re

import pytest

from game import digits, positions, saves, scoresheet
from game.cards import CardError, parse_card
from game.engine import IllegalAction, SaveError, SettingError
from game.positions import PositionError
from game.scoresheet import TableSheet, parse_points, partial_points
from game.session import Session
from game.url_params import parse_params
from game.web import embed
from game.web.links import item_index

PLAYERS = [{"name": "You", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}]


def durak_save() -> str:
    return saves.dumps(Session.new("durak", {}, PLAYERS, 3))


# ---------------------------------------------------------------------------- stored items

@pytest.mark.parametrize("swap", ["1e999", "Infinity", "NaN", "-1e999"])
def test_non_finite_numbers_in_a_save_are_a_save_error(swap):
    # the state's dealer is read with int(): int(inf) raised OverflowError before
    text = re.sub(r'"dealer":\d+', f'"dealer":{swap}', durak_save(), count=1)
    assert text != durak_save()
    with pytest.raises(SaveError):
        saves.loads(text)


def test_damaged_preferences_are_reported_and_values_cleaned():
    for text in ("[1, 2]", "{not json", "[" * 5000, '"text"'):
        with pytest.raises(SaveError):
            saves.check_prefs(text)
        assert saves.load_prefs(text) == saves.load_prefs(None)
    saves.check_prefs('{"lang": 7}')  # one bad value is no reason for a backup
    prefs = saves.load_prefs(json.dumps({"lobby": {"game": "dunka", "players": True, "games": {
        "dunka": {"players": 2.5, "levels": ["easy", 3], "rules": {"stake": [1], "x": 1}}}}}))
    mine = prefs["lobby"]["games"]["dunka"]
    assert "players" not in prefs["lobby"] and "players" not in mine
    assert mine["levels"] == ["easy"] and mine["rules"] == {"x": 1}


def history_entry(**change) -> dict:
    entry = {"id": "dunka-1-0", "game": "dunka", "names": ["A", "B"], "contracts": ["2 sets"],
             "rounds": [{"round": 1, "points": [5, 0], "out": 1}], "totals": [5, 0],
             "winners": [1], "finished": 1_700_000_000_000}
    entry.update(change)
    return entry


@pytest.mark.parametrize("change", [
    {"totals": [5.5, 0]}, {"totals": [True, 0]}, {"game": "chess"}, {"winners": [2]},
    {"rounds": [{"round": 1, "points": [5]}]}, {"rounds": ["x"]}, {"names": ["A", 2]},
    {"finished": 1.5}, {"id": ""}, {"contracts": [{"sets": 2}]},
])
def test_a_damaged_history_entry_is_a_save_error(change):
    assert saves.load_history(saves.dump_history([history_entry()]))  # the good one reads
    with pytest.raises(SaveError):
        saves.load_history(saves.dump_history([history_entry(**change)]))


def test_two_history_entries_with_one_id_are_damage():
    with pytest.raises(SaveError):
        saves.load_history(saves.dump_history([history_entry(), history_entry()]))


@pytest.mark.parametrize("created", ["1e999", "2.5", "true", '"7"', "-1"])
def test_a_scoresheet_with_a_bad_created_time_is_a_save_error(created):
    sheet = TableSheet.new("dunka", ["A", "B"], 5)
    text = scoresheet.dump_sheets([sheet]).replace('"created":5', f'"created":{created}')
    with pytest.raises(SaveError):
        scoresheet.load_sheets(text)


def test_backup_keys_never_overwrite_one_another():
    taken = {"kortbordet.backup.5", "kortbordet.backup.5-2"}
    assert saves.backup_key(5, "", taken.__contains__) == "kortbordet.backup.5-3"
    assert saves.backup_key(5, "history") == "kortbordet.backup.5.history"


def test_the_boot_rescue_moves_every_unreadable_item_and_keeps_its_text():
    good_prefs = saves.dump_prefs({"lang": "en"})
    store = {saves.SESSION_KEY: "[" * 100_000, saves.HISTORY_KEY: '{"format": 1e999}',
             saves.PREFS_KEY: good_prefs, saves.SHEETS_KEY: "{not json",
             saves.PREVIOUS_KEY: durak_save(), "kortbordet.backup.9": "older backup"}
    before = dict(store)

    def put(key, text):
        store[key] = text
        return True
    values, rescued = saves.rescue_stored(store.get, put, lambda k: store.pop(k), 9)
    assert {what for what, _k, _t in rescued} == {"game", "history", "sheets"}
    for what, key, text in rescued:
        assert store[key] == text and key.startswith(saves.BACKUP_PREFIX)
    assert store["kortbordet.backup.9"] == "older backup"  # not written over
    assert sorted(store.values()) == sorted(before.values())  # every text is still there
    assert values[saves.PREFS_KEY]["lang"] == "en"
    assert values[saves.PREVIOUS_KEY].game == "durak"
    for key in (saves.SESSION_KEY, saves.HISTORY_KEY, saves.SHEETS_KEY):
        assert key not in store


def test_the_boot_rescue_leaves_an_item_in_place_when_the_storage_is_full():
    store = {saves.HISTORY_KEY: "damaged"}
    values, rescued = saves.rescue_stored(store.get, lambda k, t: False, store.pop, 1)
    assert rescued == [("history", saves.HISTORY_KEY, "damaged")]
    assert store == {saves.HISTORY_KEY: "damaged"}


def test_the_backup_file_keeps_raw_text_exactly():
    items = {"kortbordet.backup.1": "[" * 10 + "\x00\ud800 not json"}
    data = json.loads(saves.backup_file(items))
    assert data["format"] == "kortbordet-backup" and data["items"] == items


# ---------------------------------------------------------------------------- scoresheets

def test_a_csv_with_carriage_return_line_ends_imports():
    sheet = TableSheet.new("elvakort", ["Ann", "Bo"], 1)
    sheet.set_cell(0, 0, "-15")
    sheet.set_cell(0, 1, "40")
    for end in ("\r", "\r\n"):
        back = scoresheet.read_file("a.csv", sheet.to_csv().replace("\n", end), 2)
        assert back.cells == sheet.cells and back.names == sheet.names


def test_a_csv_that_the_csv_module_refuses_is_a_save_error():
    with pytest.raises(SaveError):
        scoresheet.read_file("a.csv", 'game,dunka\nround,"' + "x" * 150_000, 1)


@pytest.mark.parametrize("text", ["²", "1²", "３", "1_0", "٣", "3.5", "--3", "3e2"])
def test_a_cell_takes_ascii_whole_numbers_only(text):
    with pytest.raises(ValueError) as exc:
        parse_points("elvakort", text)
    assert str(exc.value) == "not_whole"


def test_a_cell_accepts_what_is_typed_on_the_way_to_a_number():
    assert [partial_points("elvakort", t) for t in ("-", "+", "3.", "-3,", "3.0")] == \
        [True, True, True, True, False]
    assert not partial_points("dunka", "-")  # Dunka points are never negative
    with pytest.raises(ValueError, match="negative"):
        parse_points("dunka", "-")
    assert parse_points("dunka", "35.0") == 35 and parse_points("elvakort", "\u221215") == -15


def test_typing_3_5_key_by_key_leaves_the_earlier_value():
    sheet = TableSheet.new("dunka", ["A", "B"], 1)
    sheet.set_cell(0, 0, "20")
    before, text = sheet.cells[0][0], ""
    for key in "3.5":
        text += key
        if partial_points("dunka", text):
            continue
        try:
            sheet.set_cell(0, 0, text)
        except ValueError as exc:
            assert str(exc) == "not_whole"
            assert sheet.restore_cell(0, 0, before)
    assert sheet.cells[0][0] == 20


# ---------------------------------------------------------------------------- numbers in text

@pytest.mark.parametrize("query", [{"players": "²"}, {"players": "３"}, {"seed": "1²"},
                                   {"seed": "٣"}, {"players": "1_0"}, {"stake": "５",
                                                                      "game": "tonk"}])
def test_unicode_digits_in_a_link_are_a_setting_error(query):
    with pytest.raises(SettingError):
        parse_params(query)


@pytest.mark.parametrize("query", [
    {"game": "durak", "players": "9", "level": "<script>"},
    {"game": "tonk", "players": "<img src=x onerror=alert(1)>", "stake": "٣", "hit_lock": "x"},
    {"game": "<b>", "seed": "1e3", "lang": "</p>"},
])
def test_a_hostile_link_with_several_bad_values_names_each(query):
    """Every refused value of one link is told (a line each), its markup as typed."""
    from game.engine import SettingErrors
    from game.web.links import setting_text
    with pytest.raises(SettingErrors) as exc:
        parse_params(query)
    lines = setting_text("en", exc.value).split("\n")
    assert len(lines) == len(exc.value.errors) >= 2
    for line, one in zip(lines, exc.value.errors):
        assert one.setting in line and str(one.value)[:80] in line, (line, one)


@pytest.mark.parametrize("pairs, twice", [
    ([("level", "hard"), ("level", "easy")], ["level"]),
    ([("game", "tonk"), ("stake", "2"), ("game", "durak")], ["game"]),
    ([("lang", "sv"), ("players", "3"), ("lang", "en"), ("players", "4")], ["lang", "players"]),
    ([("position", "durak;h0=6H"), ("prompt", "a"), ("prompt", "b")], ["prompt"]),
    ([("origin", "https://a.org"), ("origin", "https://b.org")], ["origin"]),
    ([("transfer", "on"), ("transfer", "off")], ["transfer"]),
])
def test_a_parameter_given_twice_refuses_the_link_naming_it(pairs, twice):
    """``?level=hard&level=easy``: which was meant cannot be known, so the link is refused
    (as a bad value is: the notice, the saved game kept) with a sentence naming the
    parameter and its values in both languages, not read with one value silently
    winning."""
    from game.engine import SettingErrors
    from game.url_params import ParamTwice, read_query
    from game.web.links import error_code, setting_text
    query, repeated = read_query(pairs)
    assert sorted(repeated) == twice
    assert all(query[name] == repeated[name][0] for name in twice)  # as .get gives it
    with pytest.raises(SettingError) as exc:
        parse_params(query, repeated)
    errors = exc.value.errors if isinstance(exc.value, SettingErrors) else [exc.value]
    assert [e.setting for e in errors] == twice and all(isinstance(e, ParamTwice)
                                                         for e in errors)
    sv, en = setting_text("sv", exc.value), setting_text("en", exc.value)
    for name in twice:
        values = ", ".join(repeated[name])
        assert f"parametern ”{name}” står 2 gånger i länken ({values})" in sv
        assert f"the parameter “{name}” is given 2 times in the link ({values})" in en
    assert error_code(exc.value) == f"setting_{twice[0]}"


@pytest.mark.parametrize("query, refused", [
    ({"game": "tonk", "transfer": "on"}, ["transfer"]),
    ({"game": "durak", "stake": "5", "deck": "52"}, ["stake"]),
    ({"position": "tonk;stake=2;h0=AC,2D,3S,AH,2S;h1=?5;pile=9C;turn=0", "transfer": "on"},
     ["transfer"]),
])
def test_another_games_setting_refuses_the_link_naming_the_game(query, refused):
    """``?game=tonk&transfer=on`` started Tonk as if the setting were in force (a new user
    saw no message): it is refused like a bad value, saying whose setting it is not."""
    from game.engine import SettingErrors
    from game.url_params import OtherGameSetting
    from game.web.links import error_code, setting_text
    with pytest.raises(SettingError) as exc:
        parse_params(dict(query))
    errors = exc.value.errors if isinstance(exc.value, SettingErrors) else [exc.value]
    assert [e.setting for e in errors] == refused
    assert all(isinstance(e, OtherGameSetting) for e in errors)
    game = errors[0].game.capitalize()
    assert f"“{refused[0]}” is not a setting of {game}" in setting_text("en", exc.value)
    assert f"”{refused[0]}” är ingen inställning i {game}" in setting_text("sv", exc.value)
    assert error_code(exc.value) == f"setting_{refused[0]}"
    # the game's own settings still pass
    assert parse_params({"game": "durak", "transfer": "on"})["rules"] == {"transfer": True}


def test_a_name_the_page_does_not_read_may_come_twice():
    from game.url_params import read_query
    query, repeated = read_query([("utm_source", "a"), ("game", "tonk"), ("utm_source", "b")])
    assert repeated == {} and parse_params(query)["game"] == "tonk"


@pytest.mark.parametrize("field", ["seed=²", "attacker=¹", "h1=?５", "you=٠"])
def test_unicode_digits_in_a_position_are_a_position_error(field):
    with pytest.raises(PositionError):
        positions.read("durak;h0=7S,9S;h1=?5;trump=6H;talon=?5;" + field)


def test_unicode_digits_in_item_cards_and_actions():
    assert item_index("²", 3) is None and item_index("３", 3) is None and item_index("2", 3) == 1
    for text in ("²H", "7S.²", "１０H", "7S.1_0", "7S." + "1" * 5000):
        with pytest.raises(CardError):
            parse_card(text)
    from game import rummy, tonk
    for module, text in ((tonk, "hit 5H s²"), (tonk, "hit 5H ３"), (rummy, "layoff 5H m²"),
                         (rummy, "layoff 5H m1_0"), (rummy, "layoff 5H m３")):
        with pytest.raises(IllegalAction) as exc:
            module.parse_action(text, 0)
        assert exc.value.code == "bad_action_text"
    assert digits.whole("0012", 1, 20) == 12 and digits.whole("9" * 5000, 0, 10) is None


@pytest.mark.parametrize("game", ["durak", "rummy", "tonk"])
@pytest.mark.parametrize("text", [None, 0, 7, 1.5, True, b"take", ["take"], {"a": 1}, "", "  "])
def test_an_action_that_is_no_text_is_a_bad_action_text(game, text):
    """``durak.parse_action(None, 0)`` and ``rummy.parse_action(7, 0)`` raised AttributeError
    (``.split`` of a value that is not a str; issue 32): every game refuses it with the
    documented code, its param a str (JSON-safe) naming the value's type."""
    import importlib
    module = importlib.import_module(f"game.{game}")
    with pytest.raises(IllegalAction) as exc:
        module.parse_action(text, 0)
    assert exc.value.code == "bad_action_text"
    shown = exc.value.params["text"]
    assert shown == (text if isinstance(text, str) else f"<{type(text).__name__}>")
    json.dumps(exc.value.params)


# ---------------------------------------------------------------------------- files, messages

def test_a_lesson_file_of_too_many_positions_is_refused_with_its_count():
    one = {"position": "tonk;stake=2;h0=3H,4H,5H,KS,KD;h1=?5;pile=9C;turn=0"}
    with pytest.raises(PositionError) as exc:
        positions.load_json(json.dumps([one] * (positions.MAX_LESSONS + 1)))
    assert exc.value.code == "too_many_lessons"
    assert exc.value.params == {"limit": positions.MAX_LESSONS,
                                "count": positions.MAX_LESSONS + 1}
    for lang in ("sv", "en"):
        assert str(positions.MAX_LESSONS + 1) in positions.message(lang, exc.value)


@pytest.mark.parametrize("raw", ['{"type": "new-game", "game": "durak", "players": NaN}',
                                 '{"type": "new-game", "game": "durak", "seed": 1e999}',
                                 '{"type": "load-position", "position": ' + "[" * 5000 + "}",
                                 "{not json"])
def test_a_hostile_message_is_a_message_error(raw):
    with pytest.raises(embed.MessageError) as exc:
        embed.decode_message(raw)
    assert exc.value.code == "bad_message"


def test_a_good_message_still_reads():
    msg = embed.decode_message('{"type": "set-lang", "lang": "en"}')
    assert msg == {"type": "set-lang", "lang": "en"}
    assert embed.decode_message("undefined") is None and embed.decode_message("[1]") is None


def test_a_lesson_link_reads_only_the_lesson_it_shows():
    """A file of many positions costs one position's work: ``lesson_entries`` checks the
    shape only, ``read_lesson`` reads the one ``item=`` picks (the others may even be bad)."""
    good = {"position": "tonk;stake=2;h0=3H,4H,5H,KS,KD;h1=?5;pile=9C;turn=0",
            "expect": "knock"}
    bad = {"position": "durak;h0=6H,6H,7S;h1=?5;trump=7D"}
    entries = positions.lesson_entries(json.dumps([good] + [bad] * 99))
    assert len(entries) == positions.MAX_LESSONS
    lesson = positions.read_lesson(entries[0])
    assert lesson["expect"] == "knock" and lesson["position"].game == "tonk"
    with pytest.raises(PositionError):
        positions.read_lesson(entries[1])
    for shape in ([{"position": 5}], [{"position": "x", "other": 1}], ["x"]):
        with pytest.raises(PositionError) as exc:
            positions.lesson_entries(json.dumps(shape))
        assert exc.value.code == "bad_json"


def test_a_very_long_number_in_a_card_or_position_is_refused_cleanly():
    """Fuzzer find (bench/fuzz.py --target position): a rank of 5,000 digits reached
    int() past its digit limit and escaped as a raw ValueError."""
    long = "9" * 5000
    with pytest.raises(CardError):
        parse_card(long + "H")
    for text in ("durak;h0=7S;h1=" + long + "C;trump=6H",
                 "dunka;round=" + long + ";h0=5H;h1=?11;pile=9H",
                 "dunka;h0=5H;h1=?11;pile=9H;m" + long + "=0:7S,7H,7D",
                 "durak;h" + long + "=7S;h0=8S;trump=6H"):
        with pytest.raises(PositionError):
            positions.read(text, max_length=None)


def test_a_csv_with_an_unclosed_quote_in_a_name_is_refused():
    """Fuzzer find (bench/fuzz.py --target sheet_file): the quote swallowed every later
    line into the last name, which the sheet cut to 24 characters, leaving a trailing line
    break, so the imported sheet did not survive its own save (from_dict(to_dict()))."""
    text = 'game,dunka,,\r\nround,Ann,Bo,"Cia\r\n1,0,5,10\r\n2,5,10,15\r\ntotal,5,15,25'
    with pytest.raises(SaveError, match="line 2"):
        scoresheet.read_file("a.csv", text, 1)
    sheet = TableSheet.new("dunka", ["Ann\tB", " Bo\n", "x" * 23 + " y"], 1)
    assert sheet.names == ["Ann B", "Bo", "x" * 23]
    assert TableSheet.from_dict(sheet.to_dict()).to_dict() == sheet.to_dict()
