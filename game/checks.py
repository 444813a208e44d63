"""Checks shared by every game's ``State.from_dict``: exact types, bounds and cards.

A saved state (a save in localStorage, a position's ``x=`` field, a message) is JSON that
may hold any JSON value in any place. Each game reads its fields through these functions,
which never trust a value: a bool is not a whole number, a float is not a whole number,
a number has bounds, a list has a length limit, and nothing is walked recursively (so a
deeply nested value is refused at its first wrong level, never with ``RecursionError``).
Every function raises ``SaveError`` (the project's error for a bad save) whose message
names the field, e.g. ``"hands[1][3]: 'XS' is not a card"``; callers prefix the game
(``"damaged Durak save: ..."``). Nothing here changes the data it reads.

Standard library only; runs in CPython and Pyodide.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from .cards import Card, CardError, parse_card
from .engine import SaveError, SettingError

MAX_INT = (1 << 64) - 1
"""The largest whole number a saved state may hold (seeds and random-source states)."""
MAX_LIST = 1000
"""The longest list in a saved state (the most cards of any game are 162)."""
MAX_TEXT = 100
"""The longest text in a saved state (names; cards are at most 6 characters)."""
MAX_CARD_TEXT = 8


def show(value: Any) -> str:
    """A short, safe description of any JSON value for a message: never recursive, never
    a huge number written out (``repr`` of a long int raises in CPython)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) < 10 ** 18 else "a huge number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:20] + ("…" if len(value) > 20 else ""))
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"an object of {len(value)} keys"
    return type(value).__name__


def fail(where: str, problem: str) -> SaveError:
    """The ``SaveError`` for field ``where`` (raise it)."""
    return SaveError(f"{where}: {problem}" if where else problem)


def fields(data: Any, where: str, required: Iterable[str],
           optional: Iterable[str] = ()) -> dict:
    """``data`` as a dict holding every key of ``required`` and no key outside
    ``required`` and ``optional``. Raises ``SaveError`` naming the missing or unknown key."""
    if not isinstance(data, dict):
        raise fail(where, f"{show(data)} is not an object")
    required = tuple(required)
    for key in required:
        if key not in data:
            raise fail(where, f"the field {key!r} is missing")
    allowed = set(required) | set(optional)
    for key in data:
        if key not in allowed:
            raise fail(where, f"unknown field {show(key)}")
    return data


def whole(value: Any, where: str, low: int = 0, high: int = MAX_INT) -> int:
    """``value`` as a whole number ``low`` … ``high`` (a bool or a float is refused)."""
    if type(value) is not int:
        raise fail(where, f"{show(value)} is not a whole number")
    if not low <= value <= high:
        raise fail(where, f"{show(value)} is not from {low} to {high}")
    return value


def opt_whole(value: Any, where: str, low: int = 0, high: int = MAX_INT) -> int | None:
    """``None`` or a whole number ``low`` … ``high``."""
    return None if value is None else whole(value, where, low, high)


def flag(value: Any, where: str) -> bool:
    """``value`` as true/false (only JSON ``true``/``false``)."""
    if type(value) is not bool:
        raise fail(where, f"{show(value)} is not true/false")
    return value


def choice(value: Any, where: str, allowed: Sequence[Any]) -> Any:
    """``value`` when it is one of ``allowed``, with the same type (``1`` is not ``True``)."""
    if not any(value == a and type(value) is type(a) for a in allowed):
        raise fail(where, f"{show(value)} is not one of {', '.join(map(str, allowed))}")
    return value


def text(value: Any, where: str, max_len: int = MAX_TEXT) -> str:
    """``value`` as a string of at most ``max_len`` characters."""
    if not isinstance(value, str):
        raise fail(where, f"{show(value)} is not text")
    if len(value) > max_len:
        raise fail(where, f"the text is longer than {max_len} characters")
    return value


def items(value: Any, where: str, max_len: int = MAX_LIST, length: int | None = None,
          low: int = 0) -> list:
    """``value`` as a list of ``low`` … ``max_len`` items (exactly ``length`` if given)."""
    if not isinstance(value, list):
        raise fail(where, f"{show(value)} is not a list")
    if length is not None and len(value) != length:
        raise fail(where, f"{len(value)} entries instead of {length}")
    if not low <= len(value) <= max_len:
        raise fail(where, f"{len(value)} entries; allowed {low} to {max_len}")
    return value


def card(value: Any, where: str) -> Card:
    """A card from its notation (``"10H"``, ``"JK.1"``)."""
    if not isinstance(value, str) or len(value) > MAX_CARD_TEXT \
            or not value.isascii() or value != value.strip():
        raise fail(where, f"{show(value)} is not a card")
    try:
        return parse_card(value)
    except (CardError, ValueError):
        raise fail(where, f"{show(value)} is not a card") from None


def opt_card(value: Any, where: str) -> Card | None:
    """``None`` or a card."""
    return None if value is None else card(value, where)


def cards(value: Any, where: str, max_len: int = MAX_LIST) -> list[Card]:
    """A list of cards."""
    return [card(c, f"{where}[{i}]") for i, c in enumerate(items(value, where, max_len))]


def card_lists(value: Any, where: str, length: int) -> list[list[Card]]:
    """``length`` lists of cards (one per seat)."""
    return [cards(v, f"{where}[{i}]") for i, v in enumerate(items(value, where,
                                                                  length=length))]


def seat(value: Any, where: str, n: int) -> int:
    """A seat number 0 … ``n - 1``."""
    return whole(value, where, 0, n - 1)


def opt_seat(value: Any, where: str, n: int) -> int | None:
    """``None`` or a seat number."""
    return None if value is None else seat(value, where, n)


def seats(value: Any, where: str, n: int) -> list[int]:
    """A list of distinct seat numbers."""
    out = [seat(s, f"{where}[{i}]", n) for i, s in enumerate(items(value, where, n))]
    if len(set(out)) != len(out):
        raise fail(where, "a seat is listed twice")
    return out


def flags(value: Any, where: str, length: int) -> list[bool]:
    """``length`` true/false values."""
    return [flag(v, f"{where}[{i}]") for i, v in enumerate(items(value, where,
                                                                 length=length))]


def names(value: Any, where: str, low: int, high: int) -> list[str]:
    """The player names: ``low`` … ``high`` texts (their count is the player count)."""
    out = items(value, where, high, low=low)
    return [text(x, f"{where}[{i}]") for i, x in enumerate(out)]


def rules(cls: type, value: Any, where: str = "rules"):
    """A game's ``Rules`` from its dict (every setting validated by the class)."""
    if not isinstance(value, dict):
        raise fail(where, f"{show(value)} is not an object")
    for key, setting in value.items():  # scalars only: a message never writes out a tree
        if not isinstance(setting, (str, int, float, type(None))) or (
                isinstance(setting, str) and len(setting) > MAX_TEXT) or (
                type(setting) is int and abs(setting) > MAX_INT):
            raise fail(f"{where}.{key}"[:60], f"{show(setting)} is not a setting's value")
    try:
        return cls.from_dict(value)
    except SettingError as exc:
        raise fail(where, str(exc)) from None
    except (TypeError, ValueError):
        raise fail(where, "the settings are damaged") from None


def one_each(found: Iterable[Card], deck: Iterable[Card], what: str) -> None:
    """Raise ``SaveError`` unless ``found`` holds every card of ``deck`` exactly once
    (card conservation), naming a card that is twice, missing or foreign."""
    have, want = Counter(found), Counter(deck)
    if have == want:
        return
    for c, k in have.items():
        if k > want.get(c, 0):
            raise SaveError(f"the cards do not add up to {what}: {c} is "
                            + ("there twice" if c in want else "not in the deck"))
    missing = next(c for c in want if have.get(c, 0) < want[c])
    raise SaveError(f"the cards do not add up to {what}: {missing} is missing")


def known_in_hands(known: list[list[Card]], hands: list[list[Card]]) -> None:
    """Raise ``SaveError`` unless each seat's public memory (``known``) lists distinct
    cards of that seat's hand."""
    for s, (hand, seen) in enumerate(zip(hands, known)):
        if len(set(seen)) != len(seen) or not set(seen) <= set(hand):
            raise SaveError(f"known[{s}]: a known card is not in that player's hand")


def table_ids(ids: list[int], next_id: int, what: str) -> None:
    """Raise ``SaveError`` unless the table's meld/spread ids are distinct, each
    1 … ``next_id - 1``."""
    if len(set(ids)) != len(ids) or any(not 1 <= i < next_id for i in ids):
        raise SaveError(f"bad {what} ids: each 1 to {next_id - 1}, never twice")


def meld_dict(value: Any, where: str, max_cards: int) -> dict:
    """A meld's dict ``{"kind", "cards"}`` checked for shape before ``Meld.from_dict``
    reads it (which then checks the meld itself)."""
    data = fields(value, where, ("kind", "cards"))
    choice(data["kind"], f"{where}.kind", ("set", "run"))
    for i, token in enumerate(items(data["cards"], f"{where}.cards", max_cards, low=1)):
        if not isinstance(token, str) or len(token) > 2 * MAX_CARD_TEXT:
            raise fail(f"{where}.cards[{i}]", f"{show(token)} is not a card")
    return data
