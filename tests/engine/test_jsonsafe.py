"""The validating JSON reader (game/jsonsafe.py, issue 13). Runs in CPython and inside real
Pyodide (tests/pyodide/run.mjs), where nesting deep enough to overflow the parser's
recursion is an uncatchable JavaScript stack overflow, so ``test_deep_nesting_is_refused_
by_every_reader`` checks that such input never reaches the parser."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from game import jsonsafe, positions, saves, scoresheet
from game.engine import SaveError
from game.jsonsafe import JsonError
from game.positions import PositionError
from game.web import embed

DEEP = 100_000


def test_deep_nesting_is_refused_by_every_reader():
    """Depth 100,000 (arrays, objects, and inside a real-looking envelope): every reader
    refuses it with its own error, none recurses (Pyodide would die here otherwise)."""
    arrays = "[" * DEEP + "]" * DEEP
    objects = '{"a":' * DEEP + "1" + "}" * DEEP
    wrapped = '{"format": "kortbordet", "version": 1, "session": ' + arrays + "}"
    for text in (arrays, objects, wrapped, "[" * DEEP):
        with pytest.raises(JsonError) as exc:
            jsonsafe.loads(text, max_chars=10 * DEEP)
        assert exc.value.code == "too_deep"
        for key in saves.STORED_ITEMS:
            with pytest.raises(SaveError):
                saves.read_stored(key, text)
        assert saves.load_prefs(text) == saves.load_prefs(None)
        with pytest.raises(embed.MessageError):
            embed.decode_message(text)
        with pytest.raises(SaveError):
            scoresheet.read_file("a.json", text[:200_000], 1)
    with pytest.raises(PositionError) as exc:
        positions.load_json("[" * 50_000 + "]" * 50_000)
    assert exc.value.code == "bad_json"
    packed = base64.urlsafe_b64encode(zlib.compress(b"[" * DEEP, 9)).decode().rstrip("=")
    with pytest.raises(PositionError) as exc:
        positions.read("durak;h0=7S;h1=8S;trump=6H;x=" + packed)
    assert exc.value.code == "bad_extra"


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}', "1e999",
                                  "[-1e400]", '{"created": 1e309}'])
def test_non_finite_numbers_are_refused(text):
    with pytest.raises(JsonError) as exc:
        jsonsafe.loads(text)
    assert exc.value.code == "not_finite"


def test_plain_json_reads_as_json_loads_does():
    text = json.dumps({"a": [1, 2.5, -3, True, None, "x[[{"], "b": {"c": "\\\"]]"}})
    assert jsonsafe.loads(text) == json.loads(text)
    nested = "[" * jsonsafe.MAX_DEPTH + "]" * jsonsafe.MAX_DEPTH
    assert jsonsafe.loads(nested) == json.loads(nested)
    with pytest.raises(JsonError):
        jsonsafe.loads("[" + nested + "]")


def test_brackets_inside_strings_do_not_count():
    text = json.dumps(["[" * 1000, "{" * 1000, '\\"[[[', "]]]"])
    assert jsonsafe.nesting_ok(text, 1) and not jsonsafe.nesting_ok("[" + text + "]", 1)
    assert jsonsafe.loads(text)[0] == "[" * 1000


@pytest.mark.parametrize("depth", [1, 2, 5, 31, 32, 33, 64])
def test_nesting_is_measured_exactly_for_json(depth):
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "0" + "}" * depth,
                 ("[" * depth + "]" * depth + ",") * 50,
                 "[" + ",".join("[" * (depth - 1) + '"]"' + "]" * (depth - 1)
                                for _ in range(3)) + "]"):
        assert jsonsafe.nesting_ok(text, jsonsafe.MAX_DEPTH) == (depth <= jsonsafe.MAX_DEPTH)
        assert jsonsafe.nesting_ok(text, depth) and not jsonsafe.nesting_ok(text, depth - 1)


@pytest.mark.parametrize("text,code", [(None, "not_text"), (b"[]", "not_text"),
                                       ("x" * 11, "too_large"), ("{", "not_json"),
                                       ("[1,]", "not_json"), ("9" * 41, "too_large")])
def test_other_refusals_have_their_code(text, code):
    with pytest.raises(JsonError) as exc:
        jsonsafe.loads(text, max_chars=10 if code == "too_large" and text[0] == "x" else 100)
    assert exc.value.code == code
    assert isinstance(exc.value, ValueError)


def test_exact_type_helpers():
    assert jsonsafe.is_int(3) and not jsonsafe.is_int(True) and not jsonsafe.is_int(3.0)
    assert jsonsafe.int_in(2, 0, 5) and not jsonsafe.int_in(6, 0, 5)
    assert not jsonsafe.int_in(False, 0, 5) and not jsonsafe.int_in(2.0, 0, 5)
    assert jsonsafe.is_text("ab", 2) and not jsonsafe.is_text("abc", 2)
    assert not jsonsafe.is_text("", empty=False) and not jsonsafe.is_text(1)
