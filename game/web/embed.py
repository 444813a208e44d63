"""The embedding bridge: ``postMessage`` events to the page that embeds Kortbordet in an
``<iframe>``, and the few messages it accepts from that page (PyScript glue).

Outgoing events (only when the page is framed, ``window.parent !== window``) are plain
objects sent to ``window.parent``::

    {"source": "kortbordet", "version": 1, "type": <type>, ...fields}

============  ============================================================================
type          fields
============  ============================================================================
``ready``     ``game`` ("durak"|"dunka"|"elvakort"|"tonk"), ``lang`` ("sv"|"en"),
              ``position`` (bool: a teaching position is shown), ``prompt`` (str or null)
``action``    ``seat`` (int), ``name`` (str), ``action`` (the engine's action text, e.g.
              ``"beat 10H 9H"``), ``by`` ("human"|"bot")
``illegal``   ``action`` (the text tried), ``code`` (the engine's stable reason code, e.g.
              ``"cannot_beat"``), ``reason`` (the sentence shown, in the current language)
``expected``  ``correct`` (bool), ``expected`` (the position's answer), ``played``
``gameover``  ``outcome`` (the engine's outcome, JSON), ``summary`` (the result line shown)
``error``     ``code``: ``position_<code>`` (a refused position, ``game.positions``),
              ``setting_<name>`` (a bad setting), ``bad_message``, (``bad_origin`` is never sent:
              an invalid ``origin=`` sends nothing at all),
              ``position_file_path``, ``position_file_fetch``, ``position_file_item``;
              ``text`` (the sentence shown)
============  ============================================================================

``ready`` is sent after boot, after every ``new-game``/``load-position`` and after a
``set-lang``; ``expected`` once, for the learner's first move in a position with ``expect``.

The target origin is the ``?origin=`` URL parameter when it is a valid origin
(``https://example.org``, ``http://localhost:8080``; see ``valid_origin``), ``"*"`` when
no ``origin=`` is given. An invalid ``origin=`` fails closed (``origin_policy``): no event
is sent, not even ``ready`` or ``error``, and no message is accepted; the frame shows the
bad-link message.
When ``?origin=`` is set and the browser reports the embedding page's origin
(``location.ancestorOrigins``) as another one, nothing is sent at all.
Events only ever carry what the learner sees on the table (their own moves, the moves the
computer players make in the open, the position's prompt and answer once played), never
hidden cards, so ``"*"`` leaks nothing a visitor could not read off the screen.

Incoming messages (``window`` "message" events) are accepted only from ``window.parent``
and, when ``?origin=`` is set, only from that origin; anything else is dropped silently.
Every field is validated (``read_message``); an unknown ``type`` is ignored; bad content is
answered with an ``error`` event (``code`` ``"bad_message"`` or the setting/position error)
and changes nothing::

    {"type": "new-game", "game": "durak", "players": 3, "rules"?: {"transfer": true},
     "seed"?: 42}
    {"type": "load-position", "position": "<notation>", "prompt"?: "text" or
     {"sv": "...", "en": "..."}, "expect"?: "<action text>", "hints"?: bool}
    {"type": "set-lang", "lang": "sv"|"en"}

A message is judged by its type and size before any of it is read: in JavaScript
(``static/js/messages.js``, which counts its characters without copying them and stops
past ``MAX_RAW_CHARS``), judged by ``screen_message``; only a plain object within the
limit is turned into JSON text for Python. A message that is not an object is ignored; a
longer one is answered with the ``error`` event (``msg_too_long``), unread.

Pure helpers (``valid_origin``, ``screen_message``, ``decode_message``, ``read_message``,
``event``) import no browser module, so they are tested in CPython; only ``Bridge``
touches ``window``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from game import jsonsafe
from game.digits import is_digits
from game.url_params import url_value
from game.web.jsvalue import absent

SOURCE = "kortbordet"
VERSION = 1
EVENT_TYPES = ("ready", "action", "illegal", "expected", "gameover", "error")
MESSAGE_TYPES = ("new-game", "load-position", "set-lang")
MAX_MESSAGE_CHARS = 8_000
"""A message longer than this (as JSON) is refused before any field is read."""

_ORIGIN = re.compile(r"^https?://(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?"
                     r"(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*)(:[0-9]{1,5})?$")


class MessageError(ValueError):
    """An incoming message with bad content. ``code`` names the problem for the ``error``
    event (``"bad_message"``); ``field`` the offending field (or ``None``); ``key`` and
    ``params`` its sentence in ``game/i18n/teach.py`` (both languages; ``str(exc)`` is
    English)."""

    def __init__(self, field: str | None, text: str, key: str = "msg_bad_field",
                 code: str = "bad_message", **params: Any) -> None:
        self.code = code
        self.field = field
        self.key = key
        self.params = {"field": field or "", **params}
        super().__init__(text)


def valid_origin(text: str | None) -> str | None:
    """``text`` as an origin (scheme ``http``/``https``, host, optional port; no path,
    query, user or fragment), lower-cased; ``None`` when it is not one.

    >>> valid_origin("https://Example.org")
    'https://example.org'
    >>> valid_origin("https://example.org/page") is None
    True
    """
    if not isinstance(text, str) or len(text) > 300:
        return None
    value = text.strip().lower()
    if not _ORIGIN.match(value):
        return None
    port = value.rsplit(":", 1)[-1] if value.count(":") == 2 else None
    if port is not None and is_digits(port) and not 0 < int(port) < 65536:
        return None
    return value


def origin_policy(text: str | None) -> tuple[str | None, bool]:
    """How the bridge talks for an ``?origin=`` value: ``(origin, closed)``.

    No ``origin=`` (``None`` or empty): ``(None, False)`` — events go to ``"*"``, messages
    are accepted from the parent window. A valid origin: ``(origin, False)`` — events go
    only there, messages only from there. An invalid one (``javascript:alert(1)``):
    ``(None, True)`` — fail closed: nothing is sent and nothing is accepted (the frame
    shows the bad-link message).

    >>> origin_policy("javascript:alert(1)"), origin_policy(None)
    ((None, True), (None, False))
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        return None, False
    origin = valid_origin(text)
    return origin, origin is None


def event(kind: str, **fields: Any) -> dict:
    """An outgoing event as a JSON-safe dict: ``{"source", "version", "type", **fields}``.

    Raises ``ValueError`` for a type not in ``EVENT_TYPES``. Values that JSON cannot hold
    are turned into strings."""
    if kind not in EVENT_TYPES:
        raise ValueError(f"unknown event type {kind!r}")
    out = {"source": SOURCE, "version": VERSION, "type": kind, **fields}
    return json.loads(json.dumps(out, default=str))


def _text(msg: dict, name: str, limit: int, required: bool = False) -> str | None:
    value = msg.get(name)
    if value is None:
        if required:
            raise MessageError(name, f"{name!r} is missing", "msg_missing")
        return None
    if not isinstance(value, str) or not value.strip():
        raise MessageError(name, f"{name!r} must be a non-empty string", "msg_not_text")
    if len(value) > limit:
        raise MessageError(name, f"{name!r} is longer than {limit} characters",
                           "msg_field_too_long", limit=limit)
    return value


def _prompt(msg: dict) -> str | dict | None:
    value = msg.get("prompt")
    if value is None or isinstance(value, str):
        return _text(msg, "prompt", 300)
    if isinstance(value, dict) and value and set(value) <= {"sv", "en"} and all(
            isinstance(v, str) and len(v) <= 300 for v in value.values()):
        return dict(value)
    raise MessageError("prompt", "'prompt' must be a string or {\"sv\": ..., \"en\": ...} "
                                 "of at most 300 characters each", "msg_bad_prompt")


def _url_value(value: Any) -> str:
    """A JSON value of a rules setting written the way a URL gives it
    (``url_params.url_value``); raises ``MessageError`` for any other JSON value."""
    if value is None or isinstance(value, int) or (isinstance(value, str) and len(value) <= 40):
        return url_value(value)
    raise MessageError("rules", "a rules value must be true/false, a number, null or a "
                                "short string", "msg_bad_rule_value")


def read_message(data: Any) -> dict | None:
    """Validate an incoming message (already decoded from JSON).

    Returns ``None`` for a message to ignore (not an object, or an unknown ``type``), else
    a clean dict: ``{"type": "new-game", "query": {...}}`` (a URL-style query for
    ``url_params.parse_params``: game, players, seed and the rules settings as strings),
    ``{"type": "load-position", "query": {"position", "prompt"?, "expect"?, "hints"?},
    "prompt": str | dict | None}`` or ``{"type": "set-lang", "lang"}``.

    Raises ``MessageError`` for a known type with bad fields (wrong JSON types, too long,
    unknown language; a ``new-game`` with an unknown ``game`` — checked first, code
    ``setting_game`` — or an unknown setting name in ``rules``, naming the known ones).
    ``exc.key``/``exc.params`` give the reason in both languages. The setting values are
    checked by ``parse_params``
    (``SettingError``) and the position by ``positions.read`` (``PositionError``).
    """
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        return None
    if len(json.dumps(data, default=str)) > MAX_MESSAGE_CHARS:
        raise MessageError(None, f"the message is longer than {MAX_MESSAGE_CHARS} characters",
                           "msg_too_long", limit=MAX_MESSAGE_CHARS)
    if kind == "set-lang":
        lang = data.get("lang")
        if lang not in ("sv", "en"):
            raise MessageError("lang", "'lang' must be \"sv\" or \"en\"", "msg_bad_lang")
        return {"type": kind, "lang": lang}
    if kind == "new-game":
        game = _text(data, "game", 20, required=True)
        from game.session import GAMES, settings
        if game.strip().lower() not in GAMES:  # the game first: its settings depend on it
            raise MessageError("game", f"unknown game {game!r}; games: {', '.join(GAMES)}",
                               "msg_unknown_game", "setting_game", value=game,
                               allowed=", ".join(GAMES))
        game = game.strip().lower()
        known = [name for name, _allowed in settings(game)]
        query = {"game": game}
        for name in ("players", "seed"):
            value = data.get(name)
            if value is None and name == "seed":
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise MessageError(name, f"{name!r} must be a whole number", "msg_whole_number")
            query[name] = str(value)
        rules = data.get("rules")
        if rules is not None:
            if not isinstance(rules, dict) or len(rules) > 20:
                raise MessageError("rules", "'rules' must be an object of settings",
                                   "msg_bad_rules")
            for key, value in rules.items():
                if not re.fullmatch(r"[a-z_0-9]{1,40}", key) or key in (
                        "game", "players", "seed", "lang", "embed", "speed", "position",
                        "expect", "prompt", "hints", "origin", "positionfile"):
                    raise MessageError("rules", f"{key[:40]!r} is not a setting name",
                                       "msg_unknown_setting", name=key[:40],
                                       known=", ".join(known))
                if key not in known:
                    raise MessageError("rules", f"{game} has no setting {key!r}; its settings: "
                                       f"{', '.join(known)}", "msg_unknown_setting",
                                       name=key, known=", ".join(known))
                query[key] = _url_value(value)
        return {"type": kind, "query": query}
    # load-position
    query = {"position": _text(data, "position", 2_000, required=True)}
    expect = _text(data, "expect", 200)
    if expect is not None:
        query["expect"] = expect
    prompt = _prompt(data)
    if isinstance(prompt, str):
        query["prompt"] = prompt
    hints = data.get("hints")
    if hints is not None:
        if not isinstance(hints, bool):
            raise MessageError("hints", "'hints' must be true or false", "msg_bad_hints")
        query["hints"] = "1" if hints else "0"
    return {"type": kind, "query": query, "prompt": prompt}


MAX_RAW_CHARS = 100_000
"""The longest message text (``JSON.stringify`` of the event's data) that is parsed at all:
longer ones are refused unread (``decode_message``)."""


def decode_message(raw: str | None) -> dict | None:
    """Validate an incoming message from its JSON text (``JSON.stringify(event.data)``;
    ``None`` for ``undefined``): parsed by the validating reader (``jsonsafe.loads``:
    bounded size and nesting, finite numbers only), then ``read_message``.

    Returns what ``read_message`` returns (``None``: a message to ignore). Raises
    ``MessageError`` (code ``bad_message``, key ``msg_not_json``) for text that is not
    JSON, nested too deep or holding ``NaN``/``Infinity``; key ``msg_too_long`` (with
    ``limit`` ``MAX_MESSAGE_CHARS``, the limit a message must keep) for text longer than
    ``MAX_RAW_CHARS``, which is refused unread: its length, not its content, is what is
    wrong with it; and every ``MessageError`` of ``read_message``. Nothing else escapes."""
    if raw is None or raw == "undefined":
        return None
    if isinstance(raw, str) and len(raw) > MAX_RAW_CHARS:  # before the reader: too long
        raise MessageError(None, f"the message is longer than {MAX_MESSAGE_CHARS} characters",
                           "msg_too_long", limit=MAX_MESSAGE_CHARS)
    try:
        data = jsonsafe.loads(raw, max_chars=MAX_RAW_CHARS)
    except jsonsafe.JsonError as exc:
        raise MessageError(None, f"the message is not plain JSON data ({exc})",
                           "msg_not_json") from None
    return read_message(data)


MESSAGE_KINDS = ("object", "other", "foreign")
"""What ``static/js/messages.js`` (``kortbordetMessageShape``) tells of a message before
Python reads any of it: a plain object, anything else (a string, number, array, null), or
a plain object holding what JSON cannot carry."""


def screen_message(kind: str, size: int) -> bool:
    """Judge an incoming message by its type and size alone, before a character of it is
    copied into Python or parsed (issue 32: a message of 2×10^8 characters kept the frame
    busy 3.8 s before it was refused). ``kind`` is one of ``MESSAGE_KINDS`` and ``size``
    a lower bound of its JSON text's length, as ``kortbordetMessageShape`` counts them in
    JavaScript (it stops counting once past the limit).

    Returns False for a message to ignore silently (kind ``"other"``: not an object, as
    ``read_message`` ignores one), True for one to read (``decode_message``). Raises
    ``MessageError`` (code ``bad_message``) with key ``msg_too_long`` (``limit``
    ``MAX_MESSAGE_CHARS``, as ``decode_message`` says it) for an object of more than
    ``MAX_RAW_CHARS`` characters, and ``msg_not_json`` for kind ``"foreign"`` or a kind
    this code does not know.

    >>> screen_message("other", 0), screen_message("object", 40)
    (False, True)
    """
    if kind == "other":
        return False
    if kind == "object" and isinstance(size, int) and size > MAX_RAW_CHARS:
        raise MessageError(None, f"the message is longer than {MAX_MESSAGE_CHARS} characters",
                           "msg_too_long", limit=MAX_MESSAGE_CHARS)
    if kind != "object":
        raise MessageError(None, "the message is not plain JSON data", "msg_not_json")
    return True


def _same(a, b) -> bool:
    """``Object.is(a, b)`` for two JS objects (``is`` is a Python keyword)."""
    import js
    try:
        return bool(getattr(js.Object, "is")(a, b))
    except Exception:
        return False


class Bridge:
    """The page's side of the embedding API (see the module docstring).

    ``Bridge(app, origin)``: ``origin`` is the ``?origin=`` URL value (validated here by
    ``origin_policy``; an invalid one closes the bridge: no event is sent and no message
    is accepted). ``send(kind, **fields)`` posts an event when framed;
    ``on_message`` is the window listener; it hands valid messages to
    ``app.embed_message(msg)`` and answers bad ones with an ``error`` event.
    """

    def __init__(self, app, origin: str | None = None) -> None:
        from pyodide.ffi import create_proxy
        from pyscript import window

        self.app = app
        self.window = window
        self.origin, self.closed = origin_policy(origin)
        self.framed = not _same(window.parent, window)
        self.sent: list[dict] = []  # the last events sent (kept short; for debugging)
        self._proxy = create_proxy(self.on_message)
        window.addEventListener("message", self._proxy)

    def set_origin(self, origin: str | None) -> None:
        self.origin, self.closed = origin_policy(origin)

    def send(self, kind: str, **fields: Any) -> None:
        """Post one event to the parent (nothing when the page is not framed)."""
        msg = event(kind, **fields)
        self.sent = (self.sent + [msg])[-20:]
        if not self.framed or self.closed or not self.parent_matches():
            return
        import js
        try:
            self.window.parent.postMessage(js.JSON.parse(json.dumps(msg)), self.origin or "*")
        except Exception as exc:  # a parent at another origin than ?origin= (ignored)
            print("Kortbordet: postMessage failed:", exc)

    def parent_matches(self) -> bool:
        """False when ``?origin=`` is set and the browser tells (``location.
        ancestorOrigins``) that the embedding page is at another origin: nothing is sent
        then. True when no origin is set or the browser cannot tell."""
        if self.origin is None:
            return True
        try:
            ancestors = self.window.location.ancestorOrigins
            if ancestors is None or not ancestors.length:
                return True
            return str(ancestors.item(0)).lower() == self.origin
        except Exception:
            return True

    def localized(self, key: str, **params: Any) -> str:
        """A refused message's reason in the page's language, as the ``error`` text."""
        from ..i18n import t
        lang = getattr(self.app, "lang", "sv")
        return t(lang, "teach_bad_message", msg=t(lang, key, **params))

    def error(self, code: str, text: str) -> None:
        self.send("error", code=code, text=text)

    def message_text(self, ev) -> str | None | bool:
        """The JSON text of ``ev.data``, judged first by its type and size in JavaScript
        (``static/js/messages.js``, ``screen_message``): ``ev.data`` itself is never read
        here, as Pyodide copies a JS string on access. False for a message to ignore (not
        an object); raises ``MessageError`` for one too long or not JSON data."""
        helper = getattr(self.window, "kortbordetMessageShape", None)
        if absent(helper):  # the script did not load: read it as before, whatever its size
            import js
            try:
                raw = js.JSON.stringify(ev.data)  # throws on a cycle or deep nesting
            except Exception:
                raise MessageError(None, "the message is not plain JSON data",
                                   "msg_not_json") from None
            return None if absent(raw) else str(raw)
        shape = helper(ev, MAX_RAW_CHARS)
        if not screen_message(str(shape.kind), int(shape.size)):
            return False
        return None if absent(shape.text) else str(shape.text)

    def on_message(self, ev) -> None:
        import js
        try:
            if not self.framed or self.closed or not _same(ev.source, self.window.parent):
                return
            if self.origin is not None and str(ev.origin) != self.origin:
                return
            try:
                raw = self.message_text(ev)
                msg = None if raw is False else decode_message(raw)
            except MessageError as exc:
                self.error(exc.code, self.localized(exc.key, **exc.params))
                return
            if msg is None:
                return
            self.app.embed_message(msg)
        except Exception as exc:  # never let a message break the page
            self.app.internal_error(exc)
