"""Values that come from JavaScript (``getElementById``, ``querySelector``,
``localStorage.getItem``, ``URLSearchParams.get``, ``event.target``, ``dataset``...).

Pyodide 314 converts JS ``undefined`` to ``None`` but JS ``null`` to
``pyodide.ffi.jsnull`` (falsy, and not ``None``): ``x is None`` misses a missing element.
Check such values with ``absent`` instead. Imports no browser module (tested in CPython and
inside Pyodide: tests/engine/test_jsvalue.py).
"""

from __future__ import annotations

from typing import Any


def absent(value: Any) -> bool:
    """True for ``None`` (Python's, or JS ``undefined``) and for JS ``null``
    (``pyodide.ffi.jsnull``, whose type is ``JsNull``); False for anything else, falsy
    values such as ``""`` and ``0`` included."""
    return value is None or type(value).__name__ == "JsNull"
