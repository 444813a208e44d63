"""The save format: versioned JSON text for localStorage, with migration and checks.

A running table is saved after every action under ``SESSION_KEY``; preferences under
``PREFS_KEY``; the scoresheets of finished six-round games under ``HISTORY_KEY``. Text that cannot be read raises ``SaveError``: the page then keeps the text
under ``backup_key(now)`` and tells the player, so nothing is silently thrown away.
Pure functions: the browser glue does the reading and writing of localStorage.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from . import jsonsafe
from .engine import SaveError
from .jsonsafe import int_in, is_int, is_text
from .session import GAMES, LANGUAGES, SPEEDS, Session

FORMAT = "kortbordet"
VERSION = 2
"""The save format's version: 2 added pass-and-play (several people, ``Session.viewer``);
a version-1 save (one person) is read by ``MIGRATIONS[1]`` unchanged."""
KEY_VERSION = 1
"""The version in the localStorage keys (kept at 1, so older saves are found)."""
SESSION_KEY = f"kortbordet.v{KEY_VERSION}.session"
HISTORY_KEY = f"kortbordet.v{KEY_VERSION}.history"
PREVIOUS_KEY = f"kortbordet.v{KEY_VERSION}.previous"
"""An unfinished game that a link to a new game replaced; the player may go back to it."""
HISTORY_LIMIT = 100
"""Finished scoresheets kept; the oldest go first when more are added."""
PREFS_KEY = "kortbordet.prefs"
SHEETS_KEY = f"kortbordet.v{KEY_VERSION}.sheets"
"""The table-play scoresheets (``game.scoresheet``)."""
MOVES_KEY = f"kortbordet.v{KEY_VERSION}.moves"
"""The move history of the saved game (``game.movelog``). Not among ``STORED_ITEMS``: an
unreadable one is not worth a backup or a notice (the page starts with an empty history)."""
BACKUP_PREFIX = "kortbordet.backup."
PARKED_PREFIX = f"kortbordet.v{KEY_VERSION}.parked."
"""A game in progress put aside when a game of another kind was started (issue 32: a
Durak game never wipes a Tonk ledger): ``PARKED_PREFIX + game``, one per game."""


def parked_key(game: str) -> str:
    """The key of the game of ``game`` (a ``session.GAMES`` id) put aside."""
    return PARKED_PREFIX + game


STORED_ITEMS = {SESSION_KEY: "game", PREVIOUS_KEY: "previous", HISTORY_KEY: "history",
                PREFS_KEY: "prefs", SHEETS_KEY: "sheets",
                **{parked_key(g): "parked" for g in GAMES}}
"""Every localStorage key the page reads, with its short name (backup key suffix, the
i18n text ``stored_item_<name>``)."""

def _one_person_save(data: dict) -> dict:
    """Version 1 -> 2: a one-person save needs no change (``viewer`` defaults to the
    person's seat)."""
    return {**data, "version": 2}


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _one_person_save}
"""``MIGRATIONS[v]`` turns a version-``v`` envelope into version ``v + 1``."""

PREF_DEFAULTS: dict[str, Any] = {
    "lang": None, "speed": "normal", "four_colour": False, "reduced_motion": False,
    "claim_prompt": "fits", "hints": False, "dunka_sort": "suit", "lobby": {}, "people": {},
}
CLAIM_PROMPTS = ("always", "fits", "never")
"""When the Dunka/Elvakort table asks the human to claim a discard out of turn (DUN-7,
ELV-6): every time, only when the card fits their hand or contract, or never (the page
passes for them). Preferences from before this setting had ``auto_pass`` (true: never)."""


def dumps(session: Session, rev: int = 0, saved_ms: float = 0) -> str:
    """The session as save text (JSON with a format name and version). ``rev``: the
    save's revision, one more at each write of the saved game, so a page that finds a
    higher one stored knows another tab moved on and never writes an older state over it
    (issue 32); ``saved_ms``: when it was written (ms since the epoch; the lobby shows
    the date of a game put aside). Both are left out when 0."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if rev:
        data["rev"] = int(rev)
    if saved_ms:
        data["saved"] = int(saved_ms)
    data["session"] = session.to_dict()
    return json.dumps(data, separators=(",", ":"))


def save_meta(text: str | None) -> dict[str, Any]:
    """What a page needs to know of save text without reading the game: ``{"rev": int,
    "saved": ms or 0, "game": id or None, "seed": int or None}``; for missing or
    unreadable text ``rev`` 0 and the rest empty (never raises)."""
    meta: dict[str, Any] = {"rev": 0, "saved": 0, "game": None, "seed": None}
    if not text:
        return meta
    try:
        data = read_json(text, "the save")
    except SaveError:
        return meta
    if not isinstance(data, dict):
        return meta
    for key in ("rev", "saved"):
        if is_int(data.get(key)) and data[key] >= 0:
            meta[key] = data[key]
    session = data.get("session")
    if isinstance(session, dict):
        if is_text(session.get("game")):
            meta["game"] = session["game"]
        if is_int(session.get("seed")):
            meta["seed"] = session["seed"]
    return meta


def loads(text: str) -> Session:
    """Read save text back into a ``Session``, migrating older versions.

    Raises ``SaveError`` with a readable reason: not JSON, not a Kortbordet save, made by a
    newer version, or damaged contents.
    """
    data = read_json(text, "the save")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Kortbordet save")
    version = data.get("version")
    if not is_int(version) or version < 1:
        raise SaveError("the save has no valid version number")
    if version > VERSION:
        raise SaveError(f"the save was made by a newer version ({version})")
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    if not isinstance(data.get("session"), dict):
        raise SaveError("the save holds no game")
    return Session.from_dict(data["session"])


def read_json(text: Any, what: str) -> Any:
    """``text`` parsed by the validating reader (``jsonsafe.loads``: bounded size and
    nesting, finite numbers). Raises ``SaveError`` "<what> is not readable JSON (...)"."""
    try:
        return jsonsafe.loads(text)
    except jsonsafe.JsonError as exc:
        raise SaveError(f"{what} is not readable JSON ({exc})") from exc


def backup_key(now_ms: float, what: str = "", taken: Callable[[str], bool] | None = None
               ) -> str:
    """The localStorage key that keeps an unreadable stored item found at time ``now_ms``:
    ``kortbordet.backup.<ms>`` for the saved game, ``kortbordet.backup.<ms>.<what>`` for
    another item (``what`` = ``"history"``, ``"prefs"``, ...). ``taken(key)`` tells
    whether a key is in use: then ``-2``, ``-3``, ... is added, so no backup is ever
    written over another."""
    base = f"{BACKUP_PREFIX}{int(now_ms)}" + (f".{what}" if what else "")
    key, n = base, 1
    while taken is not None and taken(key) and n < 1000:
        n += 1
        key = f"{base}-{n}"
    return key


def check_prefs(text: str | None) -> None:
    """Raise ``SaveError`` when stored preferences are not a JSON object at all (the page
    then keeps the text as a backup before it writes new ones); ``None`` or empty text is
    fine. Single bad values are not errors: ``load_prefs`` gives them their defaults."""
    if text and not isinstance(read_json(text, "the preferences"), dict):
        raise SaveError("the preferences are not an object")


def load_prefs(text: str | None) -> dict[str, Any]:
    """Preferences from stored text; anything missing or invalid takes its default
    (preferences are never worth an error message; ``check_prefs`` tells whether the text
    is worth keeping as a backup)."""
    prefs = {k: (dict(v) if isinstance(v, dict) else v) for k, v in PREF_DEFAULTS.items()}
    try:
        data = jsonsafe.loads(text) if text else {}
    except jsonsafe.JsonError:
        return prefs
    if not isinstance(data, dict):
        return prefs
    if data.get("lang") in LANGUAGES:
        prefs["lang"] = data["lang"]
    if data.get("speed") in SPEEDS:
        prefs["speed"] = data["speed"]
    for flag in ("four_colour", "reduced_motion", "hints"):
        if isinstance(data.get(flag), bool):
            prefs[flag] = data[flag]
    if data.get("claim_prompt") in CLAIM_PROMPTS:
        prefs["claim_prompt"] = data["claim_prompt"]
    elif data.get("auto_pass") is True:  # the older on/off setting: pass automatically
        prefs["claim_prompt"] = "never"
    if data.get("dunka_sort") in ("suit", "rank"):
        prefs["dunka_sort"] = data["dunka_sort"]
    if isinstance(data.get("lobby"), dict):
        prefs["lobby"] = _clean_lobby(data["lobby"])
    if isinstance(data.get("people"), dict):  # each person's own hints and hand sort
        prefs["people"] = {
            name: {k: v for k, v in mine.items()
                   if (k == "hints" and isinstance(v, bool))
                   or (k == "dunka_sort" and v in ("suit", "rank"))}
            for name, mine in list(data["people"].items())[:40]
            if is_text(name, 40) and isinstance(mine, dict)}
    return prefs


def _clean_lobby(lobby: dict) -> dict:
    """The remembered lobby choices with only well-typed values kept: ``game`` (text),
    ``players`` (an int), ``levels`` (texts) and ``rules`` (names to JSON scalars), per
    game under ``games``; the page checks the values themselves against each game."""
    def choice(data: Any) -> dict:
        out: dict[str, Any] = {}
        if not isinstance(data, dict):
            return out
        if is_int(data.get("players")):
            out["players"] = data["players"]
        if isinstance(data.get("levels"), list):
            out["levels"] = [lv for lv in data["levels"][:8] if is_text(lv, 20)]
        if isinstance(data.get("rules"), dict):
            out["rules"] = {k: v for k, v in list(data["rules"].items())[:40]
                            if is_text(k, 40) and (v is None or isinstance(v, (bool, int, str)))}
        if isinstance(data.get("seats"), list):  # pass-and-play seats (issue 12)
            out["seats"] = [{"kind": s["kind"], "name": s.get("name", ""),
                             "level": s.get("level", "normal")}
                            for s in data["seats"][:8] if isinstance(s, dict)
                            and s.get("kind") in ("human", "bot")
                            and is_text(s.get("name", ""), 40) and is_text(s.get("level", ""), 20)]
        return out

    out = choice(lobby)
    if is_text(lobby.get("game"), 20):
        out["game"] = lobby["game"]
    if isinstance(lobby.get("games"), dict):
        out["games"] = {g: choice(v) for g, v in list(lobby["games"].items())[:10]
                        if is_text(g, 20)}
    return out


def dump_prefs(prefs: dict[str, Any]) -> str:
    """Preferences as text for ``PREFS_KEY``."""
    return json.dumps(prefs, separators=(",", ":"))


_RECORD_GAMES = ("dunka", "elvakort", "durak")
"""The games whose finished scoresheets (Durak: series tallies) go to the history."""


def load_history(text: str | None) -> list[dict]:
    """The finished games' scoresheets (``Session.record()`` entries), newest first.

    ``None`` or empty text is an empty history. Raises ``SaveError`` when the text is not a
    history or an entry is damaged (the page then keeps the text as a backup).
    """
    if not text:
        return []
    data = read_json(text, "the history")
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or not isinstance(data.get("games"), list):
        raise SaveError("this is not a Kortbordet history")
    if len(data["games"]) > HISTORY_LIMIT:
        raise SaveError(f"the history holds more than {HISTORY_LIMIT} games")
    ids = set()
    for entry in data["games"]:
        if not _record_ok(entry) or entry["id"] in ids:
            raise SaveError("a game in the history is damaged")
        ids.add(entry["id"])
    return data["games"]


def _record_ok(entry: Any) -> bool:
    """True when ``entry`` has the shape of ``Session.record()`` with exact types: what
    the lobby and the scoresheets screen draw from it (names, totals, rounds' points,
    winners, the contracts' texts, ``finished`` ms)."""
    if not isinstance(entry, dict) or not is_text(entry.get("id"), 80, empty=False) \
            or entry.get("game") not in _RECORD_GAMES:
        return False
    names, totals = entry.get("names"), entry.get("totals")
    if not isinstance(names, list) or not 2 <= len(names) <= 8 \
            or not all(is_text(n, 40) for n in names):
        return False
    n = len(names)
    if entry["game"] == "durak":
        return _tally_ok(entry, n)
    if not isinstance(totals, list) or len(totals) != n or not all(is_int(v) for v in totals):
        return False
    winners, contracts, rounds = entry.get("winners"), entry.get("contracts"), entry.get("rounds")
    if not isinstance(winners, list) or not all(int_in(w, 0, n - 1) for w in winners):
        return False
    if not isinstance(contracts, list) or len(contracts) > 6 \
            or not all(is_text(c, 200) for c in contracts):
        return False
    if not isinstance(rounds, list) or len(rounds) > 6:
        return False
    for r in rounds:
        if not isinstance(r, dict) or not int_in(r.get("round"), 1, 6) \
                or not isinstance(r.get("points"), list) or len(r["points"]) != n \
                or not all(is_int(p) for p in r["points"]) \
                or not (r.get("out") is None or int_in(r["out"], 0, n - 1)):
            return False
    finished = entry.get("finished")
    return finished is None or (is_int(finished) and 0 <= finished < 10**15)


def _tally_ok(entry: dict, n: int) -> bool:
    """True when a Durak history entry (``Session.record()``: a finished series, DUR-20)
    for ``n`` players has exact types and its counts agree with its results."""
    from .records import MAX_GAMES, SERIES_LENGTHS
    results, counts = entry.get("results"), entry.get("durak_counts")
    if entry.get("length") not in SERIES_LENGTHS or not isinstance(results, list) \
            or not 1 <= len(results) <= MAX_GAMES \
            or not all(r is None or int_in(r, 0, n - 1) for r in results):
        return False
    if not isinstance(counts, list) or not all(is_int(c) for c in counts) \
            or counts != [results.count(s) for s in range(n)] \
            or not is_int(entry.get("draws")) or entry["draws"] != results.count(None):
        return False
    finished = entry.get("finished")
    return finished is None or (is_int(finished) and 0 <= finished < 10**15)


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


def read_stored(key: str, text: str | None) -> Any:
    """Read the stored item ``key`` (one of ``STORED_ITEMS``) from its text with the
    item's own reader: a ``Session`` for the saved and the previous game, the history list,
    the preferences dict, the scoresheets list; ``None`` for missing or empty text.

    Raises ``SaveError`` when the text cannot be read (the page then moves it to a backup
    key, tells the player and offers it for download, before anything writes the key
    again). A damaged game may also raise another ``ValueError``/``TypeError``/
    ``KeyError`` from its engine's checks; the page treats any exception alike."""
    if key not in STORED_ITEMS:
        raise KeyError(key)
    if not text:
        return None
    if key in (SESSION_KEY, PREVIOUS_KEY) or key.startswith(PARKED_PREFIX):
        return loads(text)
    if key == HISTORY_KEY:
        return load_history(text)
    if key == PREFS_KEY:
        check_prefs(text)
        return load_prefs(text)
    from .scoresheet import load_sheets
    return load_sheets(text)


def rescue_stored(get: Callable[[str], str | None], put: Callable[[str, str], bool],
                  remove: Callable[[str], None], now_ms: float
                  ) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    """Read every stored item (``STORED_ITEMS``) before anything writes one, and move each
    unreadable one out of the way without losing it (issue 13, "a start that never loses
    data"). ``get(key)`` reads a key (``None``: absent), ``put(key, text)`` writes one
    (False when the storage refused), ``remove(key)`` deletes one; ``now_ms`` names the
    backups (``backup_key``, never over an existing key).

    Returns ``(values, rescued)``: ``values`` maps each readable key to what
    ``read_stored`` gave; ``rescued`` lists ``(name, key, text)`` per unreadable item,
    ``key`` being the backup key it was copied to (and the item then removed), or the
    item's own key when the copy was refused (the item is then left as it was). Every
    text that was stored is still stored afterwards."""
    values: dict[str, Any] = {}
    rescued: list[tuple[str, str, str]] = []
    for key, what in STORED_ITEMS.items():
        text = get(key)
        if not text:
            continue
        try:
            values[key] = read_stored(key, text)
        except Exception:  # SaveError, or anything a damaged item causes
            backup = backup_key(now_ms, "" if key == SESSION_KEY else what,
                                lambda k: get(k) is not None)
            if put(backup, text) and get(backup) == text:
                remove(key)
            else:
                backup = key
            rescued.append((what, backup, text))
    return values, rescued


BACKUP_LIMIT = 5
"""Backups kept at most (``backups_to_drop``): the newest; each was offered for download
when it was made, and the lobby offers them all for download and deletion."""
BACKUP_BYTES = 400_000
"""Characters all backups together may hold (``backups_to_drop``): a site's storage is
about 5 MB, shared by every page of its origin (every site of one GitHub Pages owner)."""


def backup_time(key: str) -> int:
    """The time (ms since the epoch) in a backup key (``backup_key``), 0 when it has none:
    ``kortbordet.backup.1733000000000.history-2`` → 1733000000000."""
    head = key[len(BACKUP_PREFIX):] if key.startswith(BACKUP_PREFIX) else ""
    digits = head.split(".", 1)[0].split("-", 1)[0]
    return int(digits) if digits.isdigit() and len(digits) < 16 else 0


def backups_to_drop(sizes: dict[str, int], keep=(),
                    limit: int = BACKUP_LIMIT, max_chars: int = BACKUP_BYTES) -> list[str]:
    """The backups to delete so that at most ``limit`` remain, holding at most
    ``max_chars`` characters together: the oldest first (by ``backup_time``, then key).
    ``sizes`` maps each backup key (``BACKUP_PREFIX``…) to its length; other keys are
    ignored. ``keep``: the backups just made (keys), never dropped (even when they alone
    are over ``max_chars``). Returns the keys to delete, oldest first."""
    keys = sorted((k for k in sizes if k.startswith(BACKUP_PREFIX)),
                  key=lambda k: (backup_time(k), k))
    drop: list[str] = []
    count, total = len(keys), sum(sizes[k] for k in keys)
    for key in keys:
        if count <= limit and total <= max_chars:
            break
        if key in keep:
            continue
        drop.append(key)
        count -= 1
        total -= sizes[key]
    return drop


def backup_file(items: dict[str, str]) -> str:
    """The download offered for backups or for every stored item: one JSON object
    ``{"format": "kortbordet-backup", "items": {key: raw text}}``; each text is kept
    exactly as it was stored (also when it is not JSON)."""
    return json.dumps({"format": "kortbordet-backup", "version": 1, "items": dict(items)},
                      ensure_ascii=False, indent=1)
