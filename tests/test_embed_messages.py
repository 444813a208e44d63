"""The embedding bridge's pure parts (game/web/embed.py, game/web/links.py,
game/web/teach_words.py): origin validation, incoming message validation, event shape, the
positionfile path check, on/off link values and the move-in-words texts of hints and
answers. The browser side is tested in tests/e2e/test_embed_ui.py."""

from __future__ import annotations

import json

import pytest

from game.i18n import TEXTS
from game.web.embed import EVENT_TYPES, MessageError, event, read_message, valid_origin
from game.web.links import error_code, safe_file_path
from game.web.teach_words import action_words, hint_texts, prompt_text


@pytest.mark.parametrize("text, expected", [
    ("https://example.org", "https://example.org"),
    ("HTTPS://Example.ORG", "https://example.org"),
    ("http://localhost:8080", "http://localhost:8080"),
    ("http://127.0.0.1:41234", "http://127.0.0.1:41234"),
    ("https://sub.example-site.se", "https://sub.example-site.se"),
])
def test_valid_origins_are_kept_lower_case(text, expected):
    assert valid_origin(text) == expected


@pytest.mark.parametrize("text", [
    None, "", "*", "example.org", "https://example.org/", "https://example.org/page",
    "javascript:alert(1)", "https://user@example.org", "ftp://example.org",
    "https://example.org:99999", "https://exa mple.org", "https://example.org?x=1",
    "https://-bad.org", "null", "x" * 400,
])
def test_anything_but_an_origin_is_refused(text):
    assert valid_origin(text) is None


def test_events_carry_source_version_and_type_and_are_json():
    ev = event("illegal", action="beat 8H 9H", code="cannot_beat", reason="<b>x</b>")
    assert ev == {"source": "kortbordet", "version": 1, "type": "illegal",
                  "action": "beat 8H 9H", "code": "cannot_beat", "reason": "<b>x</b>"}
    assert json.loads(json.dumps(ev)) == ev
    assert set(EVENT_TYPES) == {"ready", "action", "illegal", "expected", "gameover", "error"}
    with pytest.raises(ValueError):
        event("secret-hand")


def test_set_lang_message():
    assert read_message({"type": "set-lang", "lang": "en"}) == {"type": "set-lang",
                                                                 "lang": "en"}
    for bad in ({"type": "set-lang"}, {"type": "set-lang", "lang": "de"},
                {"type": "set-lang", "lang": ["sv"]}):
        with pytest.raises(MessageError):
            read_message(bad)


def test_unknown_or_shapeless_messages_are_ignored():
    for data in (None, "new-game", 5, [1, 2], {"type": "delete-everything"}, {"lang": "sv"},
                 {"type": 7}):
        assert read_message(data) is None


def test_new_game_message_becomes_a_url_query():
    msg = read_message({"type": "new-game", "game": "durak", "players": 3,
                        "rules": {"transfer": True, "deck": 52, "series_length": None},
                        "seed": 42})
    assert msg == {"type": "new-game", "query": {
        "game": "durak", "players": "3", "seed": "42", "transfer": "on", "deck": "52",
        "series_length": "none"}}
    for bad in ({"type": "new-game", "players": 2},
                {"type": "new-game", "game": "durak", "players": "2"},
                {"type": "new-game", "game": "durak", "players": True},
                {"type": "new-game", "game": "durak", "players": 2, "seed": 1.5},
                {"type": "new-game", "game": "durak", "players": 2, "rules": []},
                {"type": "new-game", "game": "durak", "players": 2,
                 "rules": {"position": "x"}},
                {"type": "new-game", "game": "durak", "players": 2,
                 "rules": {"Bad Key": 1}},
                {"type": "new-game", "game": "durak", "players": 2,
                 "rules": {"transfer": {"nested": 1}}}):
        with pytest.raises(MessageError):
            read_message(bad)


def test_load_position_message_keeps_html_as_plain_data():
    msg = read_message({"type": "load-position", "position": "tonk;h0=AC,2D;h1=?5",
                        "prompt": "<img src=x onerror=alert(1)>", "expect": "knock",
                        "hints": False})
    assert msg["query"] == {"position": "tonk;h0=AC,2D;h1=?5", "expect": "knock",
                            "prompt": "<img src=x onerror=alert(1)>", "hints": "0"}
    two = read_message({"type": "load-position", "position": "durak;h0=6H",
                        "prompt": {"sv": "Hej", "en": "Hi"}})
    assert two["prompt"] == {"sv": "Hej", "en": "Hi"} and "prompt" not in two["query"]
    for bad in ({"type": "load-position"},
                {"type": "load-position", "position": 5},
                {"type": "load-position", "position": "x" * 2001},
                {"type": "load-position", "position": "durak", "prompt": "p" * 301},
                {"type": "load-position", "position": "durak", "prompt": {"de": "x"}},
                {"type": "load-position", "position": "durak", "expect": ["take"]},
                {"type": "load-position", "position": "durak", "hints": "yes"},
                {"type": "load-position", "position": "durak", "junk": "y" * 9000}):
        with pytest.raises(MessageError):
            read_message(bad)


@pytest.mark.parametrize("path", ["static/examples/durak.json", "lesson-1.json",
                                  "a/b_c/d.json"])
def test_positionfile_paths_next_to_the_page(path):
    assert safe_file_path(path) == path


@pytest.mark.parametrize("path", [
    "https://evil.org/x.json", "//evil.org/x.json", "/etc/x.json", "../x.json",
    "a/../../x.json", "a//b.json", "./a.json", "a\\b.json", "x.js", "x.json?y=1",
    "javascript:x.json", "a/%2e%2e/b.json", "", None, "a" * 200 + ".json",
])
def test_positionfile_paths_that_escape_or_leave_the_site_are_refused(path):
    assert safe_file_path(path) is None


def test_moves_in_words_in_both_languages():
    assert action_words("en", "beat 10H 9H") == \
        f"beat {action_words('en', 'throw 9H')[9:]} with " \
        f"{action_words('en', 'throw 10H')[9:]}"
    assert action_words("en", "take") == TEXTS["en"]["act_take"]
    assert action_words("sv", "knock") == "knacka"
    assert action_words("en", "draw stock") == TEXTS["en"]["act_draw_stock"]
    melded = action_words("en", "meld 7S 7H 7D / KS KH KC")
    assert "7\u2660 7\u2665 7\u2666" in melded and "K\u2663" in melded
    assert "8\u2660 8\u2665 8\u2666" in action_words("en", "layoff 8C m1",
                                                     {1: ["8S", "8H", "8D"]})
    assert action_words("en", "<script>") == "play \u201c<script>\u201d"


def test_a_claim_is_told_by_the_button_that_makes_it():
    """A hint to claim the discard names the game's own button (DUN-7 "Dunka!", ELV-6
    "Take it"/"Ta") and its penalty card, in both languages."""
    from game.i18n import dunka as claim_texts
    for lang in ("en", "sv"):
        dunka = action_words(lang, "dunk", game="dunka")
        assert claim_texts.TEXTS[lang]["dk_btn_dunk"] in dunka
        assert action_words(lang, "dunk") == dunka  # Dunka's is the default
        elvakort = action_words(lang, "dunk", game="elvakort")
        assert claim_texts.TEXTS[lang]["elv_btn_take"] in elvakort and "Dunka" not in elvakort
    assert "penalty card" in action_words("en", "dunk") and \
        "straffkort" in action_words("sv", "dunk", game="elvakort")
    move, _ = hint_texts("en", {"action": "dunk"}, None, "elvakort")
    assert "Take it" in move


def test_act_texts_exist_in_both_languages_with_the_same_fields():
    import re
    keys = [k for k in TEXTS["en"] if k.startswith(("act_", "teach_"))]
    assert len(keys) > 25
    for key in keys:
        assert key in TEXTS["sv"], key
        fields = [set(re.findall(r"{(\w+)}", TEXTS[lg][key])) for lg in ("sv", "en")]
        assert fields[0] == fields[1], key


def test_prompts_and_error_codes():
    assert prompt_text({"sv": "Hej", "en": "Hi"}, "en") == "Hi"
    assert prompt_text({"sv": "Hej"}, "en") == "Hej"
    assert prompt_text("x" * 500, "sv") == "x" * 300
    assert prompt_text(None, "sv") == ""

    class PositionError(ValueError):
        code = "card_twice"
    from game.engine import SettingError
    assert error_code(PositionError()) == "position_card_twice"
    assert error_code(SettingError("players", 9, range(2, 7))) == "setting_players"
    assert error_code(ValueError("x")) == "bad_message"


def test_an_item_outside_the_lesson_file_is_refused_naming_the_count():
    from game.web.links import item_index
    assert item_index(None, 3) == 0 and item_index("", 3) == 0
    assert item_index("1", 3) == 0 and item_index(" 3 ", 3) == 2
    for bad in ("0", "4", "5", "-1", "x", "1.5", "99999"):
        assert item_index(bad, 3) is None
    for lang in ("sv", "en"):
        from game.i18n import t
        text = t(lang, "teach_bad_item", path="static/examples/durak.json", item="5", count=3)
        assert "item=5" in text and "3" in text and "{" not in text



def test_a_links_on_off_value_is_true_false_or_not_given():
    from game.digits import on_off
    assert [on_off(v) for v in ("1", " On ", "TRUE", "yes")] == [True] * 4
    assert [on_off(v) for v in ("0", "off", "False", " no ")] == [False] * 4
    assert [on_off(v) for v in ("", "sometimes", "2", None)] == [None] * 4


def test_a_refused_link_is_worded_in_the_page_language():
    from game.engine import SettingError
    from game.positions import PositionError, read
    from game.web.links import refusal_text, setting_text
    with pytest.raises(PositionError) as exc:
        read("durak;h0=7S;h1=9S;trump=6H;table=8S:7S")
    sv, en = refusal_text("sv", exc.value), refusal_text("en", exc.value)
    assert "spader sjua" in sv.lower() and "seven of spades" in en.lower()
    assert "{" not in sv + en and sv != en
    unknown = PositionError("no_such_code", "an English fallback")
    assert refusal_text("en", unknown) == "an English fallback"
    bad = SettingError("players", 9, range(2, 7))
    assert refusal_text("sv", bad) == setting_text("sv", bad) != str(bad)


def test_the_positionfile_example_path_exists_at_the_site_root():
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    for lang in ("sv", "en"):
        text = TEXTS[lang]["teach_bad_file_path"]
        assert "static/examples/durak.json" in text
        assert (root / "static/examples/durak.json").is_file()


def test_new_game_checks_the_game_first_and_lists_the_games():
    with pytest.raises(MessageError) as exc:
        read_message({"type": "new-game", "game": "poker"})
    assert exc.value.field == "game" and exc.value.key == "msg_unknown_game"
    assert exc.value.code == "setting_game"  # as a bad ?game= link
    from game.i18n import t
    for lang in ("sv", "en"):
        text = t(lang, exc.value.key, **exc.value.params)
        assert "poker" in text and "durak, dunka, elvakort, tonk" in text
        assert "whole number" not in text


def test_new_game_refuses_unknown_setting_names_naming_the_known_ones():
    with pytest.raises(MessageError) as exc:
        read_message({"type": "new-game", "game": "durak", "players": 2,
                      "rules": {"bogus": 1}})
    assert exc.value.key == "msg_unknown_setting" and exc.value.params["name"] == "bogus"
    assert "transfer" in exc.value.params["known"]
    ok = read_message({"type": "new-game", "game": "durak", "players": 2,
                       "rules": {"transfer": True}})
    assert ok["query"]["transfer"] == "on"


def test_dur_11_new_game_asking_for_the_limit_of_5_with_two_players_is_refused():
    """A ``new-game`` message passes validation of its fields, then the settings are
    refused as a link's are: ``error`` code ``setting_first_bout_limit_5`` and a text
    saying the setting needs four or more players (DUR-11)."""
    from game.url_params import parse_params
    from game.web.links import setting_text
    msg = read_message({"type": "new-game", "game": "durak", "players": 2,
                        "rules": {"first_bout_limit_5": True}})
    with pytest.raises(ValueError) as exc:
        parse_params(dict(msg["query"]))
    assert error_code(exc.value) == "setting_first_bout_limit_5"
    assert "kräver 4 eller fler spelare" in setting_text("sv", exc.value)
    assert "needs 4 or more players" in setting_text("en", exc.value)
    ok = read_message({"type": "new-game", "game": "durak", "players": 4,
                       "rules": {"first_bout_limit_5": True}})
    assert parse_params(dict(ok["query"]))["rules"] == {"first_bout_limit_5": True}


def test_every_message_refusal_has_a_text_in_both_languages():
    import re
    from pathlib import Path
    from game.web import embed
    source = Path(embed.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'"(msg_[a-z_]+)"', source))
    for part in Path(embed.__file__).parent.glob("teach*.py"):
        keys |= set(re.findall(r'"(msg_[a-z_]+)"', part.read_text("utf-8")))
    assert {"msg_unknown_game", "msg_unknown_setting", "msg_not_json"} <= keys
    for lang in ("sv", "en"):
        assert not [k for k in keys if k not in TEXTS[lang]], lang
    bad = [{"type": "set-lang", "lang": "de"}, {"type": "new-game"},
           {"type": "new-game", "game": "durak", "players": "2"},
           {"type": "new-game", "game": "durak", "players": 2, "rules": []},
           {"type": "load-position", "position": 5},
           {"type": "load-position", "position": "durak", "hints": "yes"}]
    from game.i18n import t
    for data in bad:
        with pytest.raises(MessageError) as exc:
            read_message(data)
        sv, en = (t(lang, exc.value.key, **exc.value.params) for lang in ("sv", "en"))
        assert sv != en and "{" not in sv + en and not sv.startswith("msg_")


def test_a_setting_error_is_told_in_the_pages_language():
    from game.engine import SettingError
    from game.web.links import setting_text
    exc = SettingError("players", 9, range(2, 7))
    sv, en = setting_text("sv", exc), setting_text("en", exc)
    assert "heltal från 2 till 6" in sv and "allowed" not in sv
    assert "whole number from 2 to 6" in en and "players" in en


def test_an_invalid_origin_fails_closed():
    from game.web.embed import origin_policy
    assert origin_policy(None) == (None, False) and origin_policy("") == (None, False)
    assert origin_policy("https://Example.org") == ("https://example.org", False)
    for bad in ("javascript:alert(1)", "*", "https://example.org/page", "null"):
        assert origin_policy(bad) == (None, True), bad


@pytest.mark.parametrize("size", [100_000, 150_000])
def test_a_huge_message_is_refused_as_too_long_naming_the_limit(size):
    """A message over ``MAX_RAW_CHARS`` as text is refused unread, for its length: the
    reason says "too long" and the limit a message must keep, not "not JSON"."""
    from game.i18n import t
    from game.web.embed import MAX_MESSAGE_CHARS, decode_message
    raw = json.dumps({"type": "load-position", "position": "durak;h0=6H",
                      "prompt": "x" * size})
    with pytest.raises(MessageError) as exc:
        decode_message(raw)
    assert exc.value.key == "msg_too_long" and exc.value.code == "bad_message"
    assert exc.value.params["limit"] == MAX_MESSAGE_CHARS
    sv, en = (t(lang, exc.value.key, **exc.value.params) for lang in ("sv", "en"))
    assert "längre än 8000 tecken" in sv and "longer than 8000 characters" in en
    with pytest.raises(MessageError) as exc:   # not JSON at all stays "not JSON"
        decode_message("{not json")
    assert exc.value.key == "msg_not_json"


@pytest.mark.parametrize("query, field", [
    ({"prompt": "p" * 301}, "prompt"),
    ({"expect": "take " * 50}, "expect"),
    ({"position": "durak;h0=" + ",".join(["7S"] * 700)}, "position"),
])
def test_a_too_long_link_value_names_its_parameter(query, field):
    """A refused too-long ``prompt=`` (``expect=``, ``position=``) names the parameter in
    both languages, as a message's too-long field does (``msg_field_too_long``)."""
    from game.positions import PositionError
    from game.url_params import parse_params
    from game.web.links import refusal_text
    query = {"position": "durak;h0=6H,7H;h1=?2;trump=AS", **query}
    with pytest.raises(PositionError) as exc:
        parse_params(query)
    assert exc.value.code == "too_long"
    sv, en = refusal_text("sv", exc.value), refusal_text("en", exc.value)
    assert f"”{field}” är för lång" in sv and f"“{field}” is too long" in en
    assert "{" not in sv + en


def test_a_too_large_lesson_file_names_its_parameter():
    from game import positions
    from game.web.links import refusal_text
    with pytest.raises(positions.PositionError) as exc:
        positions.load_json(" " * (positions.MAX_JSON + 1))
    assert "“positionfile” is too long" in refusal_text("en", exc.value)
    assert "”positionfile” är för lång" in refusal_text("sv", exc.value)


def test_a_message_is_judged_by_its_kind_and_size_before_it_is_read():
    """Issue 32: a message of 2×10^8 characters kept the frame busy 3.8 s before it was
    refused, as Python copied and parsed it first. ``screen_message`` judges what
    static/js/messages.js tells of it (kind, a lower bound of its length) and nothing
    else: a non-object is ignored, a too long object refused unread."""
    from game.web.embed import MAX_RAW_CHARS, screen_message
    assert screen_message("other", 0) is False          # a string, number, array, null
    assert screen_message("object", 40) is True
    assert screen_message("object", MAX_RAW_CHARS) is True
    for size in (MAX_RAW_CHARS + 1, 2 * 10 ** 8):
        with pytest.raises(MessageError) as exc:
            screen_message("object", size)
        assert exc.value.key == "msg_too_long" and exc.value.code == "bad_message"
    for kind in ("foreign", "function", ""):
        with pytest.raises(MessageError) as exc:
            screen_message(kind, 10)
        assert exc.value.key == "msg_not_json" and exc.value.code == "bad_message"


MESSAGE_SHAPES = r"""
globalThis.window = globalThis;
await import(process.argv[1]);
const shape = (data) => {
  const got = window.kortbordetMessageShape({ data }, 100000);
  return [got.kind, got.size, got.text];
};
const deep = []; let at = deep; for (let i = 0; i < 30000; i++) { at.push([]); at = at[0]; }
const cyclic = { type: "set-lang" }; cyclic.self = cyclic;
const out = {
  small: shape({ type: "set-lang", lang: "en" }),
  huge_string: shape("x".repeat(2e8)),
  huge_field: shape({ type: "load-position", position: "x".repeat(2e8) }),
  sparse: shape({ type: "new-game", rules: new Array(2e8) }),
  many: shape({ type: "new-game", rules: Array.from({ length: 60000 }, () => 1) }),
  array: shape([1, 2]), nul: shape(null), num: shape(5), date: shape(new Date(0)),
  map: shape({ type: "set-lang", lang: new Map() }),
  bytes: shape({ type: "set-lang", lang: new Uint8Array(2e8) }),
  deep: shape({ type: "set-lang", lang: deep }),
  cyclic: shape(cyclic),
  undef: shape({ type: "set-lang", lang: "sv", x: undefined, y: [undefined] }),
};
process.stdout.write(JSON.stringify(out));
"""


def test_the_pages_message_shape_counts_without_reading_past_the_limit():
    """static/js/messages.js (run in Node.js): the kind and size ``screen_message`` judges,
    the JSON text only of a plain object within the limit."""
    import shutil
    import subprocess
    from pathlib import Path
    from game.web.embed import MAX_RAW_CHARS, screen_message
    node = shutil.which("node")
    if not node:
        pytest.fail("node (Node.js 20+) is needed: see scripts/setup.sh")
    script = Path(__file__).resolve().parents[1] / "static" / "js" / "messages.js"
    proc = subprocess.run([node, "--input-type=module", "-e", MESSAGE_SHAPES,
                           script.as_uri()], capture_output=True, text=True, timeout=120,
                          check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got["small"] == ["object", len('{"type":"set-lang","lang":"en"}'),
                            '{"type":"set-lang","lang":"en"}']
    for name in ("huge_field", "sparse", "many", "cyclic"):
        kind, size, text = got[name]
        assert kind == "object" and size > MAX_RAW_CHARS and text is None, name
        with pytest.raises(MessageError) as exc:
            screen_message(kind, size)
        assert exc.value.key == "msg_too_long", name
    for name in ("huge_string", "array", "nul", "num", "date"):
        assert got[name] == ["other", 0, None], name
        assert screen_message(*got[name][:2]) is False
    for name in ("map", "bytes", "deep"):
        kind, _size, text = got[name]
        assert kind == "foreign" and text is None, name
    assert got["undef"][2] == '{"type":"set-lang","lang":"sv","y":[null]}'
