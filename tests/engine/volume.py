"""How much random play a test of the engine suite does: the full volume in CPython, a
reduced one inside Pyodide.

The engine suite (tests/engine/) runs twice in ``make test``: in CPython, where it tests
the rules (many random games, every setting combination), and inside Pyodide under Node
(tests/pyodide/run.mjs), where it tests that the same engine, bots, saves and modules
behave the same in Pyodide's runtime (its Python build, WebAssembly, no threads, its
stdlib). That second check needs every test module, every game, table size, phase and
action kind, not the same hundreds of random games again: those re-test the rules, which
CPython already does, at three to five times the cost. So a test whose cost is its volume
(games played, examples, parameter cases) takes it from ``per_runtime(cpython, pyodide)``,
and says next to the call what the reduced volume still reaches.

``KORTBORDET_VOLUME`` overrides the choice: ``full`` gives the CPython volume inside Pyodide
too (run.mjs passes every ``KORTBORDET_*`` variable of its environment into Pyodide;
``KORTBORDET_VOLUME=full node tests/pyodide/run.mjs`` is the thorough run, ~15 min), and
``reduced`` gives Pyodide's volume in CPython (a quick look at what Pyodide will play, e.g.
that the reduced cases still pass their coverage asserts). Standard library only.
"""

from __future__ import annotations

import os
import sys
from typing import TypeVar

T = TypeVar("T")

_CHOICE = os.environ.get("KORTBORDET_VOLUME", "")
if _CHOICE not in ("", "full", "reduced"):
    raise ValueError(f"KORTBORDET_VOLUME={_CHOICE!r}: use full or reduced (or leave it unset)")
REDUCED = _CHOICE == "reduced" or (not _CHOICE and sys.platform == "emscripten")
"""True inside Pyodide (unless ``KORTBORDET_VOLUME=full``) or with ``KORTBORDET_VOLUME=reduced``:
tests use their reduced volume."""


def per_runtime(cpython: T, pyodide: T) -> T:
    """``pyodide`` inside Pyodide, else ``cpython`` (a count, a list of parameter cases or
    of game numbers: any value, returned as given). ``pyodide`` should be the smaller,
    chosen to keep every game, table size, phase and action kind the test reaches."""
    return pyodide if REDUCED else cpython
