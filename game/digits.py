"""Text that becomes a number (ASCII digits only, issue 13) or an on/off value.

``str.isdigit()`` is true for ``'²'``, ``'٣'`` and ``'３'``; ``int()`` refuses the first and
accepts the others, and also accepts ``'1_000'``, ``' 7'`` and ``'+7'``. Every reader of
a number typed by a person or written in a link (URL parameters, positions, action texts,
scoresheet cells, ``item=``) uses these instead, so that such text gets the reader's own
clear message, never a raw Python error. ``on_off`` is the one reading of an on/off value
that links, embedding messages and positions share. Pure Python.
"""

from __future__ import annotations

from typing import Any


def is_digits(text: Any) -> bool:
    """True when ``text`` is a non-empty ``str`` of ASCII digits ``0``-``9`` only.

    >>> is_digits("42"), is_digits("²"), is_digits("３"), is_digits("1_0"), is_digits("")
    (True, False, False, False, False)
    """
    return isinstance(text, str) and text.isascii() and text.isdigit()


def whole(text: Any, low: int, high: int) -> int | None:
    """``text`` (ASCII digits, surrounding spaces ignored) as an int within
    ``low..high``; ``None`` otherwise. The length is checked before ``int()``, so a
    string of a million digits costs nothing (and never hits ``int()``'s digit limit).

    >>> whole(" 12 ", 1, 20), whole("21", 1, 20), whole("1²", 1, 20)
    (12, None, None)
    """
    if not isinstance(text, str):
        return None
    value = text.strip()
    if not is_digits(value) or len(value.lstrip("0")) > len(str(max(abs(high), 1))):
        return None
    number = int(value)
    return number if low <= number <= high else None


ON_WORDS, OFF_WORDS = ("on", "true", "1", "yes"), ("off", "false", "0", "no")
"""How a link, an embedding message or a position may write on and off (any case)."""


def on_off(text: Any) -> bool | None:
    """An on/off value: True for ``ON_WORDS``, False for ``OFF_WORDS`` (any case, spaces
    around ignored), None for anything else; a value that is not a ``str`` (a JSON
``true`` or ``1`` in an embedding message) is read as its ``str``.

    >>> on_off(" ON "), on_off("no"), on_off(""), on_off("sometimes"), on_off(True)
    (True, False, None, None, True)
    """
    value = str(text).strip().lower()
    return True if value in ON_WORDS else False if value in OFF_WORDS else None
