"""What a teaching position is: its limits, ``Position``, ``PositionError`` and the
refusal's sentence (``message``). The notation itself is described in ``game.positions``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_LENGTH = 2000
"""The longest position text ``read`` accepts by default (a link a teacher types)."""
MAX_EXPECT = 200
MAX_PROMPT = 300
MAX_JSON = 100_000
"""A teaching file's size in characters."""
MAX_LESSONS = 100
"""Positions in one teaching file."""
MAX_NAME = 24
MAX_SEED = (1 << 63) - 1
GAMES = ("durak", "dunka", "elvakort", "tonk")
MAX_HAND = {"durak": 36, "dunka": 24, "elvakort": 24, "tonk": 6}
"""The most cards one hand may hold in a position read with a length limit (a link, a
lesson file, a message; refusal ``hand_too_big``). Real play can exceed it (a rummy player
who claims every discard holds 60-80 cards), so ``read(text, max_length=None)`` (saves,
``write``'s round trip) does not apply it. It bounds the work of reading one position: the
meld searches on a 24-card hand finish in well under 50 ms in CPython (the 250 ms a single
input may take in Pyodide, which is 3-5 times slower), where a 100-140-card hand took
seconds. Tonk: 6, the most a hand holds in play (5 dealt, TONK-4, and the card drawn,
TONK-6); the normal player's Hint, which a lesson computes at its start, grows fast with
the hand (a 12-card hand took up to 196 ms of CPU in Pyodide, a 6-card one about 20 ms;
bench/fuzz_worst.py).
"""


def shorten(text: str, limit: int) -> str:
    """``text`` for a refusal's message, at most ``limit`` characters: a longer one is cut
    and ends with "…" so the reader sees it was cut (a new user read a refused
    ``names=<img ...>,Bo`` as "...alert(1)>,B"). The page shows it as text, never markup."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


class PositionError(ValueError):
    """A position (or a teaching file) that cannot be used.

    Attributes:
        code: a stable reason code; its sentence is the i18n key ``position_<code>``
            (``game/i18n/positions.py``, Swedish and English).
        params: ``str.format`` fields of that sentence (JSON-safe).

    ``str(exc)`` is an English message.
    """

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(message or code)


@dataclass(frozen=True)
class Position:
    """A position to play on from.

    Attributes:
        game: ``"durak"``, ``"dunka"``, ``"elvakort"`` or ``"tonk"``.
        rules: setting name -> value, as ``session.make_rules(game, rules)`` accepts.
        names: one name per seat.
        human: the learner's seat.
        state: the engine's ``State``; its ``to_act()`` includes ``human`` unless the game
            is over (or between rounds, when every seat may deal on).
    """

    game: str
    rules: dict
    names: list
    human: int
    state: Any
    named: bool = True
    """False when the text gave no ``names=``: ``names`` are then the placeholders
    ``P1, P2, ...`` and a page shows its usual names instead (``Session.from_position``'s
    ``names``)."""


def game_module(game: str):
    """The engine module of ``game`` (``game.durak``, ``game.rummy`` or ``game.tonk``)."""
    from .. import session
    return session.game_module(game)


def fixed_settings(game: str) -> dict:
    """The settings ``game`` fixes (Dunka's and Elvakort's variant), name -> value: never
    written into a position, never part of ``Position.rules``."""
    from .. import session
    return session.GAMES[game]["fixed"]


def message(lang: str, exc: PositionError) -> str:
    """The sentence for a refused position in ``lang`` (``position_<code>``), cards spoken
    as names ("spader dam" / "queen of spades")."""
    from ..i18n import card_name, t
    params = dict(exc.params)
    for key in ("card", "target"):
        if isinstance(params.get(key), str):
            params[key] = card_name(lang, params[key])
    text = t(lang, "position_" + exc.code, **params)
    return text[:1].upper() + text[1:]
