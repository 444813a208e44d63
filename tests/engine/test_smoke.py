"""Smoke test: the game package imports (runs in CPython and inside Pyodide)."""

import sys


def test_game_package_imports():
    import game

    assert game.__name__ == "game"


def test_engine_needs_no_browser_modules():
    import game  # noqa: F401

    assert "js" not in sys.modules or sys.platform == "emscripten"
    assert "pyscript" not in sys.modules
