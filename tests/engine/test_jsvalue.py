"""game/web/jsvalue.absent: JS null (pyodide.ffi.jsnull in Pyodide 314, not None) and
undefined/None count as absent, falsy values do not. Runs in CPython and, with the engine
suite, inside Pyodide (tests/pyodide/run.mjs), where the real JS null is checked."""

from __future__ import annotations

import sys

import pytest

from game.web.jsvalue import absent


@pytest.mark.parametrize("value", [None])
def test_none_is_absent(value):
    assert absent(value)


@pytest.mark.parametrize("value", ["", 0, False, [], "null", {}])
def test_falsy_values_are_present(value):
    assert not absent(value)


@pytest.mark.skipif(sys.platform != "emscripten", reason="JS null exists only inside Pyodide")
def test_js_null_and_undefined_are_absent():
    import js
    from pyodide.ffi import jsnull
    assert absent(jsnull)
    assert absent(js.JSON.parse("null"))
    assert not absent(js.JSON.parse("0"))
    assert jsnull is not None  # why `is None` is the wrong check
