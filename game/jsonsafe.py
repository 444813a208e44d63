"""One validating JSON reader for everything stored or received as JSON (issue 13).

Saves, preferences, the history, scoresheets, lesson files, a position's ``x=`` field and
the embedding page's messages all go through ``loads``. It refuses, with a ``JsonError``
(a ``ValueError`` with a stable ``code``), before the parser sees the text:

- text over ``max_chars`` characters (``too_large``);
- nesting deeper than ``max_depth`` (``too_deep``), found by a scan of the brackets outside
  strings. Python's parser recurses once per level: deep enough input raises
  ``RecursionError`` in CPython and overflows the JavaScript stack in Pyodide, which no
  ``except`` can catch, so such text must never reach ``json.loads``;

and while parsing: ``NaN``, ``Infinity`` and numbers too large for a float such as
``1e999`` (``not_finite``), integers of more than ``MAX_INT_DIGITS`` digits
(``too_large``), anything that is not JSON (``not_json``), a value that is not text
(``not_text``).

Exact-type helpers for reading the parsed values (``is_int``, ``int_in``, ``is_text``):
JSON has one number type, and Python's ``bool`` is an ``int``, so ``isinstance(v, int)``
accepts ``true`` and ``int(v)`` accepts ``2.7``; readers of stored data use these instead.
Pure Python, no browser imports (tested in CPython and in Pyodide).
"""

from __future__ import annotations

import json
import math
from array import array
from itertools import accumulate
from typing import Any

MAX_CHARS = 500_000
"""Default size bound in characters: far above anything Kortbordet stores (a long Tonk game
saves about 25 k, a full history of 100 games about 150 k), low enough that refusing a
hostile text of this size stays near 0.1 s in Pyodide."""
MAX_DEPTH = 32
"""Default nesting bound; the deepest thing Kortbordet writes is about 8 levels."""
MAX_INT_DIGITS = 40
"""Longest integer accepted (a seed or random state has at most 20 digits)."""

_BRACKETS = bytes.maketrans(b"[{]}", b"(())")
_DELETE = bytes(c for c in range(256) if c not in b"[]{}")
_SIGN = bytes.maketrans(b"()", b"\x01\xff")
"""Brackets to ``(`` and ``)``, every other byte dropped; then to signed steps +1/-1."""
_PASSES = 3
"""Passes of removing innermost pairs before the prefix sums are taken (cheap passes shrink
ordinary JSON to little or nothing; adversarial text is summed in one linear pass)."""


class JsonError(ValueError):
    """Text that ``loads`` refuses. ``code`` is one of ``not_text``, ``too_large``,
    ``too_deep``, ``not_finite``, ``not_json``; ``str(exc)`` is an English sentence."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def nesting_ok(text: str, max_depth: int) -> bool:
    """False when ``json.loads`` could recurse deeper than ``max_depth`` on ``text``
    (counting only brackets outside JSON strings); True otherwise.

    Exact for JSON text; other text may be refused as too deep where the parser would only
    find it invalid (both are refusals). Linear time with no Python loop per character
    (string and bytes methods, ``accumulate`` over a signed ``array``), so it is quick in
    Pyodide too: escaped backslashes and quotes are dropped, the text is split at the
    remaining quotes (every other part is inside a string), the brackets left become
    ``(``/``)``, innermost pairs ``()`` are removed for a few passes (one level each), and
    the highest prefix sum of what is left, plus the passes, is the nesting (an unclosed
    bracket counts too: the parser enters it before it fails).

    >>> nesting_ok('[{"a": "[[[[["}]', 2), nesting_ok("[[[]]]", 2), nesting_ok("7", 0)
    (True, False, True)
    """
    plain = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(plain.split('"')[::2]) if '"' in plain else plain
    steps = outside.encode("utf-8", "surrogatepass").translate(_BRACKETS, _DELETE)
    passes = 0  # levels removed so far: the nesting is passes + the deepest of what is left
    while passes < _PASSES:
        if passes + steps.count(b"(") <= max_depth:
            return True
        fewer = steps.replace(b"()", b"")
        if len(fewer) == len(steps):  # no pair left: ")))(((", its deepest point is the end
            return passes + max(0, 2 * steps.count(b"(") - len(steps)) <= max_depth
        steps, passes = fewer, passes + 1
    deepest = max(accumulate(array("b", steps.translate(_SIGN))), default=0)
    return passes + deepest <= max_depth


def _no_constant(name: str):
    raise JsonError("not_finite", f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError("not_finite", f"the number {text[:20]} is too large")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonError("too_large", f"a number has more than {MAX_INT_DIGITS} digits")
    return int(text)


def loads(text: Any, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text`` safely (see the module docstring).

    Returns the value (``dict``, ``list``, ``str``, ``int``, finite ``float``, ``bool`` or
    ``None``). Raises ``JsonError`` with ``code`` ``not_text`` (``text`` is not a ``str``),
    ``too_large`` (over ``max_chars`` characters, or an integer of over
    ``MAX_INT_DIGITS`` digits), ``too_deep`` (nested deeper than ``max_depth``),
    ``not_finite`` or ``not_json``. Never ``RecursionError``."""
    if not isinstance(text, str):
        raise JsonError("not_text", "the value is not text")
    if len(text) > max_chars:
        raise JsonError("too_large", f"the text is longer than {max_chars} characters")
    if (text.count("[") + text.count("{") > max_depth  # else no need to look closer
            and not nesting_ok(text, max_depth)):
        raise JsonError("too_deep", f"the data is nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float,
                          parse_int=_bounded_int)
    except JsonError:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise JsonError("not_json", f"the text is not JSON ({str(exc)[:80]})") from None


# ---------------------------------------------------------------------------- exact types


def is_int(value: Any) -> bool:
    """True for a JSON integer: an ``int`` that is not a ``bool`` (``2.0`` is not one)."""
    return type(value) is int


def int_in(value: Any, low: int, high: int) -> bool:
    """True when ``value`` is an integer (``is_int``) with ``low <= value <= high``."""
    return type(value) is int and low <= value <= high


def is_text(value: Any, max_len: int | None = None, empty: bool = True) -> bool:
    """True for a ``str`` of at most ``max_len`` characters (non-empty unless ``empty``)."""
    return isinstance(value, str) and (empty or bool(value)) and \
        (max_len is None or len(value) <= max_len)
