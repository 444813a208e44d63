"""The position notation's syntax: the line into its fields, and field values into seats,
numbers, on/off, the phase and the settings (the notation: ``game.positions``)."""

from __future__ import annotations

from typing import Any

from ..digits import is_digits, on_off
from ..engine import SettingError
from .model import GAMES, MAX_SEED, PositionError, shorten

def digits_only(text: str, most: int | None = None) -> bool:
    """True when ``text`` is ASCII digits only (``str.isdigit`` also accepts ``²`` and other
    Unicode digits, which ``int`` refuses), at most ``most`` of them when given."""
    return is_digits(text) and (most is None or len(text) <= most)


def parse_flag(key: str, text: str) -> bool:
    """An on/off field (``on true 1 yes`` / ``off false 0 no``, any case); raises
    ``PositionError`` ``bad_value`` naming ``key`` otherwise."""
    value = on_off(text)
    if value is not None:
        return value
    raise PositionError("bad_value", f"{key}: {text!r} is not on/off", field=key, value=text)


def parse_int(key: str, text: str, low: int = 0, high: int = MAX_SEED) -> int:
    """A whole-number field from ``low`` to ``high`` (ASCII digits, at most 19); raises
    ``PositionError`` ``bad_value`` naming ``key`` otherwise."""
    value = text.strip()
    if not digits_only(value) or len(value) > 19 or not low <= int(value) <= high:
        raise PositionError("bad_value", f"{key}: {text!r} is not a whole number from {low} "
                            f"to {high}", field=key, value=text)
    return int(value)


def parse_seat(key: str, text: str, n: int) -> int:
    """A seat number 0 to ``n - 1``; raises ``PositionError`` ``bad_seat`` otherwise."""
    value = text.strip()
    if not digits_only(value) or len(value) > 2 or not 0 <= int(value) < n:
        raise PositionError("bad_seat", f"{key}: there is no seat {text!r} (seats 0 to "
                            f"{n - 1})", field=key, value=text, last=n - 1)
    return int(value)


def parse_seats(key: str, text: str, n: int) -> list[int]:
    """Seats separated by ``,`` (``""``: none), in the order written; raises
    ``PositionError`` ``bad_seat`` or ``bad_value`` (a seat given twice)."""
    out = [parse_seat(key, t, n) for t in text.split(",") if t.strip()]
    if len(set(out)) != len(out):
        raise PositionError("bad_value", f"{key}: a seat is given twice", field=key, value=text)
    return out


def parse_phase(f: dict[str, str], default: str, phases) -> str:
    """The ``phase`` field (``default`` when absent), one of the engine's ``phases``;
    raises ``PositionError`` ``bad_phase`` naming them."""
    phase = f.get("phase", default).strip().lower()
    if phase not in phases:
        raise PositionError("bad_phase", f"phase {phase!r}: one of {', '.join(phases)}",
                            value=phase, allowed=", ".join(phases))
    return phase


def card_texts(cards) -> list[str]:
    """Cards as engine-notation strings, the save dict's form (``["7S", "JK.1"]``)."""
    return [str(c) for c in cards]


def cards_text(cards) -> str:
    """Cards as a field value, separated by ``,`` (``"7S,JK.1"``)."""
    return ",".join(str(c) for c in cards)


def split_fields(text: str, max_length: int | None) -> tuple[str, dict[str, str]]:
    """A position line as ``(game, {key: value})``, keys lower case, values stripped.
    Raises ``PositionError``: ``syntax`` (not text, or a part not ``key=value``),
    ``empty`` (nothing but spaces), ``too_long`` (over ``max_length`` characters; None:
    any length), ``unknown_game``,
    ``field_twice``."""
    if not isinstance(text, str):
        raise PositionError("syntax", "a position is a line of text", field="")
    text = text.strip()
    if max_length is not None and len(text) > max_length:
        raise PositionError("too_long", f"the position is {len(text)} characters long; at "
                            f"most {max_length}", field="position", limit=max_length,
                            length=len(text))
    if not text:   # ("position=" alone read as an unknown game "")
        raise PositionError("empty", "the position is empty: it starts with the game's name",
                            allowed=", ".join(GAMES))
    parts = [p.strip() for p in text.split(";")]
    game = parts[0].lower()
    if game not in GAMES:
        raise PositionError("unknown_game", f"unknown game {shorten(parts[0], 20)!r}; games: "
                            f"{', '.join(GAMES)}", value=shorten(parts[0], 20), allowed=", ".join(GAMES))
    fields: dict[str, str] = {}
    for part in parts[1:]:
        if not part:
            continue
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not key:
            raise PositionError("syntax", f"{shorten(part, 30)!r} is not a field like key=value",
                                field=shorten(part, 30))
        if key in fields:
            raise PositionError("field_twice", f"the field {key} is given twice", field=shorten(key, 30))
        fields[key] = value.strip()
    return game, fields


def parse_settings(game: str, fields: dict[str, str]):
    """Take the settings out of ``fields`` (by their URL names, as ``?game=`` links give
    them): ``(given, rules)``, ``given`` the settings written (name -> value) and
    ``rules`` the game's rules object with them. Raises ``PositionError`` ``bad_setting``
    naming the allowed values."""
    from .. import session, url_params
    given: dict[str, Any] = {}
    allowed = dict(session.settings(game))
    for key in list(fields):
        if key not in allowed:
            continue
        text = fields.pop(key)
        try:
            if key == "stake":
                given[key] = parse_int(key, text, 1, 10_000)
            else:
                given[key] = url_params.convert(key, text, allowed[key])
        except SettingError as exc:
            shown = exc.allowed if not isinstance(exc.allowed, range) else \
                [f"{exc.allowed.start}-{exc.allowed.stop - 1}"]
            raise PositionError("bad_setting", str(exc), setting=key, value=shorten(text, 30),
                                allowed=", ".join(map(str, shown))) from None
        except PositionError:
            raise PositionError("bad_setting", f"setting {key!r}: {text!r} is not allowed",
                                setting=key, value=shorten(text, 30), allowed="1-10000") from None
    return given, session.make_rules(game, given)

