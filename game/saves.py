"""The save format: versioned JSON text for localStorage, with migration and checks.

A running table is saved after every action under ``SESSION_KEY``; preferences under
``PREFS_KEY``; the scoresheets of finished six-round games under ``HISTORY_KEY``. Text that cannot be read raises ``SaveError``: the page then keeps the text
under ``backup_key(now)`` and tells the player, so nothing is silently thrown away.
Pure functions: the browser glue does the reading and writing of localStorage.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .engine import SaveError
from .session import LANGUAGES, SPEEDS, Session

FORMAT = "kortbordet"
VERSION = 1
SESSION_KEY = f"kortbordet.v{VERSION}.session"
HISTORY_KEY = f"kortbordet.v{VERSION}.history"
PREVIOUS_KEY = f"kortbordet.v{VERSION}.previous"
"""An unfinished game that a link to a new game replaced; the player may go back to it."""
HISTORY_LIMIT = 100
"""Finished scoresheets kept; the oldest go first when more are added."""
PREFS_KEY = "kortbordet.prefs"
BACKUP_PREFIX = "kortbordet.backup."

MIGRATIONS: dict[int, Callable[[dict], dict]] = {}
"""``MIGRATIONS[v]`` turns a version-``v`` envelope into version ``v + 1``."""

PREF_DEFAULTS: dict[str, Any] = {
    "lang": None, "speed": "normal", "four_colour": False, "reduced_motion": False,
    "auto_pass": False, "hints": False, "dunka_sort": "suit", "lobby": {},
}


def dumps(session: Session) -> str:
    """The session as save text (JSON with a format name and version)."""
    return json.dumps({"format": FORMAT, "version": VERSION, "session": session.to_dict()},
                      separators=(",", ":"))


def loads(text: str) -> Session:
    """Read save text back into a ``Session``, migrating older versions.

    Raises ``SaveError`` with a readable reason: not JSON, not a Kortbordet save, made by a
    newer version, or damaged contents.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError("the save is not readable JSON") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Kortbordet save")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise SaveError("the save has no valid version number")
    if version > VERSION:
        raise SaveError(f"the save was made by a newer version ({version})")
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    if not isinstance(data.get("session"), dict):
        raise SaveError("the save holds no game")
    return Session.from_dict(data["session"])


def backup_key(now_ms: float) -> str:
    """The localStorage key that keeps an unreadable save found at time ``now_ms``."""
    return f"{BACKUP_PREFIX}{int(now_ms)}"


def load_prefs(text: str | None) -> dict[str, Any]:
    """Preferences from stored text; anything missing or invalid takes its default
    (preferences are never worth an error message)."""
    prefs = {k: (dict(v) if isinstance(v, dict) else v) for k, v in PREF_DEFAULTS.items()}
    try:
        data = json.loads(text) if text else {}
    except (TypeError, ValueError):
        return prefs
    if not isinstance(data, dict):
        return prefs
    if data.get("lang") in LANGUAGES:
        prefs["lang"] = data["lang"]
    if data.get("speed") in SPEEDS:
        prefs["speed"] = data["speed"]
    for flag in ("four_colour", "reduced_motion", "auto_pass", "hints"):
        if isinstance(data.get(flag), bool):
            prefs[flag] = data[flag]
    if data.get("dunka_sort") in ("suit", "rank"):
        prefs["dunka_sort"] = data["dunka_sort"]
    if isinstance(data.get("lobby"), dict):
        prefs["lobby"] = data["lobby"]
    return prefs


def dump_prefs(prefs: dict[str, Any]) -> str:
    """Preferences as text for ``PREFS_KEY``."""
    return json.dumps(prefs, separators=(",", ":"))


_RECORD_KEYS = {"id": str, "game": str, "names": list, "contracts": list, "rounds": list,
                "totals": list, "winners": list}


def load_history(text: str | None) -> list[dict]:
    """The finished games' scoresheets (``Session.record()`` entries), newest first.

    ``None`` or empty text is an empty history. Raises ``SaveError`` when the text is not a
    history or an entry is damaged (the page then keeps the text as a backup).
    """
    if not text:
        return []
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError("the history is not readable JSON") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or not isinstance(data.get("games"), list):
        raise SaveError("this is not a Kortbordet history")
    for entry in data["games"]:
        if not isinstance(entry, dict) or not all(
                isinstance(entry.get(k), kind) for k, kind in _RECORD_KEYS.items()):
            raise SaveError("a game in the history is damaged")
        if len(entry["totals"]) != len(entry["names"]):
            raise SaveError("a game in the history is damaged")
    return data["games"]


def add_history(history: list[dict], record: dict) -> list[dict]:
    """A new history with ``record`` first; an entry with the same ``id`` is replaced, and
    at most ``HISTORY_LIMIT`` entries are kept (the oldest are dropped)."""
    rest = [e for e in history if e.get("id") != record["id"]]
    return [record, *rest][:HISTORY_LIMIT]


def remove_history(history: list[dict], record_id: str) -> list[dict]:
    """A new history without the entry ``record_id`` (unchanged when there is none)."""
    return [e for e in history if e.get("id") != record_id]


def dump_history(history: list[dict]) -> str:
    """The history as text for ``HISTORY_KEY``."""
    return json.dumps({"format": FORMAT, "version": VERSION, "games": history},
                      separators=(",", ":"))
