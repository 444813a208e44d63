"""Teaching positions, the Hint button and the embedded table (PyScript glue).

``Teach`` is owned by ``main.App`` (``app.teach``). It

- reads the teaching part of the URL: ``position`` (the notation of ``game.positions``,
  checked by ``session.parse_params``), ``prompt``, ``expect``, ``hints``, and
  ``positionfile`` (a relative ``.json`` path next to the page, fetched and read by
  ``positions.lesson_entries``/``read_lesson``), and ``origin`` (the embedding page's origin, for
  ``embed.Bridge``);
- starts the position as a ``Session.from_position`` and shows the prompt above the table
  (``#teach``, plain text); holds the computer players until the learner has moved, then
  checks the learner's move against ``expect`` with ``positions.same_action`` and praises
  it or explains what was expected and why (the hint's why-text when the engine gives one),
  with "Try again" (the position again) and "Play on";
- shows the Hint button's suggestion (``Session.hint()``: the move in words, the why, the
  cards highlighted), never playing it;
- tells the embedding page what happens (``embed.Bridge`` events);
- keeps an embedded or teaching table out of the visitor's own saved game
  (``ephemeral``: nothing is written to localStorage for it).

A bad position never breaks the page: its ``PositionError`` text (``position_<code>``) is
shown in ``#teach`` and sent as an ``error`` event.

The pure helpers (``safe_file_path``, ``action_words``, ``hint_texts``, ``prompt_text``)
import no browser module.
"""

from __future__ import annotations

import re
from typing import Any

from ..digits import is_digits
from ..i18n import cards_names, card_name, t
from .jsvalue import absent

CARD = re.compile(r"^(10|[2-9JQKA])[SHDC](\.\d)?$|^JK(\.\d)?$", re.I)
SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_FILE = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_./-]{0,150}\.json$")


# ---------------------------------------------------------------------------- pure helpers

def safe_file_path(text: str | None) -> str | None:
    """``text`` when it is a same-origin relative path to a ``.json`` file at or below the
    page's folder (letters, digits, ``_ - . /``; no scheme, no leading ``/``, no ``//``, no
    ``..`` segment, no ``\\``); else ``None``.

    >>> safe_file_path("static/examples/durak.json")
    'static/examples/durak.json'
    >>> safe_file_path("../secret.json") is None and safe_file_path("//x.org/a.json") is None
    True
    """
    if not isinstance(text, str):
        return None
    value = text.strip()
    if not _FILE.match(value) or "//" in value:
        return None
    if any(part in ("..", ".") or part == "" for part in value.split("/")):
        return None
    return value


def item_index(text, count: int) -> int | None:
    """The 0-based index of the lesson ``item=`` names in a file of ``count`` lessons
    (``None`` or empty: the first), or ``None`` when it is not a whole number from 1 to
    ``count`` (the page then refuses the link, naming ``count``).

    >>> item_index("2", 3), item_index(None, 3), item_index("5", 3), item_index("x", 3)
    (1, 0, None, None)
    """
    value = "1" if text is None else str(text).strip() or "1"
    if not is_digits(value) or len(value) > 4 or not 0 < int(value) <= count:
        return None
    return int(value) - 1


def seat_names(lang: str, n: int, human: int) -> list[str]:
    """The page's usual names for a position without ``names=``: "Du"/"You" for the
    learner, "Dator 1"/"Computer 1", ... for the others in seat order (as a normal game
    names them)."""
    out, bot = [], 0
    for seat in range(n):
        if seat == human:
            out.append(t(lang, "you"))
        else:
            bot += 1
            out.append(t(lang, "bot_name", n=bot))
    return out


def meld_short(cards: list[str]) -> str:
    """A meld's cards as short symbols: ``["7S", "JK.1=7"]`` -> ``"7♠ ★"``."""
    out = []
    for c in cards:
        if c.upper().startswith("JK"):
            out.append("\u2605")
            continue
        body = c.split(".")[0]
        out.append(body[:-1] + SUIT_SYMBOL.get(body[-1:].upper(), body[-1:]))
    return " ".join(out)


def action_words(lang: str, text: str, melds: dict[int, list[str]] | None = None) -> str:
    """An engine action text in words, lower-case, to follow "to"/"att": ``"beat 10H 9H"``
    -> "beat the nine of hearts with the ten of hearts". ``melds`` maps a meld/spread id to
    its cards, so that "layoff 5C m2" can name the meld by its cards. Unknown texts come
    back as "play “text”"."""
    words = str(text).split()
    if not words:
        return t(lang, "act_other", text="")
    verb, args = words[0].lower(), words[1:]
    cards = [a for a in args if CARD.match(a.split("=")[0])]

    def meld_name(token: str) -> str:
        digits = token.lower().lstrip("ms")
        if is_digits(digits) and len(digits) <= 6 and melds and int(digits) in melds:
            return meld_short(melds[int(digits)])
        return digits or token

    if verb in ("attack", "throw", "transfer", "discard", "spread") and cards \
            and len(cards) == len(args):
        return t(lang, f"act_{verb}", cards=cards_names(lang, cards))
    if verb == "beat" and len(cards) == 2 == len(args):
        return t(lang, "act_beat", card=card_name(lang, cards[0]),
                 target=card_name(lang, cards[1]))
    if verb == "draw" and args and args[0].lower() in ("stock", "pile"):
        return t(lang, f"act_draw_{args[0].lower()}")
    if verb == "meld" and args:
        groups = [g.split() for g in " ".join(args).split("/")]
        return t(lang, "act_meld", melds="; ".join(meld_short(g) for g in groups if g))
    if verb in ("layoff", "replace") and len(args) >= 2 and cards:
        return t(lang, f"act_{verb}", card=card_name(lang, args[0]), meld=meld_name(args[1]))
    if verb == "hit" and len(args) == 2 and cards:
        return t(lang, "act_hit", card=card_name(lang, args[0]), spread=meld_name(args[1]))
    if verb in ("take", "done", "exchange", "dunk", "pass", "knock", "end", "next") \
            and not args:
        return t(lang, f"act_{verb}")
    return t(lang, "act_other", text=str(text)[:80])


def _spoken(lang: str, params: dict) -> dict:
    out = {}
    for k, v in (params or {}).items():
        if isinstance(v, str) and CARD.match(v):
            out[k] = card_name(lang, v)
        elif isinstance(v, str) and v in SUIT_SYMBOL:
            out[k] = t(lang, f"suit_{v}")
        elif isinstance(v, (list, tuple)) and v and all(isinstance(c, str) and CARD.match(c)
                                                          for c in v):
            out[k] = cards_names(lang, list(v))
        else:
            out[k] = v
    return out


def why_text(lang: str, hint: dict | None) -> str:
    """The why-sentence of a hint (``hint_<code>`` with its params spoken), or ``""``."""
    code = (hint or {}).get("code")
    if not code:
        return ""
    key = f"hint_{code}"
    text = t(lang, key, **_spoken(lang, hint.get("params") or {}))
    if text == key:
        return ""
    return text[:1].upper() + text[1:]


def hint_texts(lang: str, hint: dict | None, melds=None) -> tuple[str, str]:
    """``(move, why)`` of ``Session.hint()``'s answer for the page: "Hint: take the cards."
    and the why-sentence (or ``""``); ``(t("teach_hint_none"), "")`` for ``None``."""
    if not hint:
        return t(lang, "teach_hint_none"), ""
    move = t(lang, "teach_hint_shown", move=action_words(lang, hint["action"], melds))
    return move, why_text(lang, hint)


def prompt_text(prompt: Any, lang: str) -> str:
    """A prompt given as text or as ``{"sv": ..., "en": ...}`` in ``lang`` (falling back to
    the other language); ``""`` for none."""
    if isinstance(prompt, dict):
        value = prompt.get(lang) or prompt.get("en") or prompt.get("sv") or ""
        return str(value)[:300]
    return str(prompt)[:300] if prompt else ""


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def setting_text(lang: str, exc: Exception) -> str:
    """A ``SettingError`` as the page says it for a bad link (``url_bad_value``, the
    allowed values or ``url_range``), in ``lang``; a setting that needs more players
    (``SettingNeedsPlayers``, DUR-11) as ``url_needs_players``; any other error as
    ``str(exc)``."""
    setting = getattr(exc, "setting", None)
    allowed = getattr(exc, "allowed", None)
    if setting is None or allowed is None:
        return str(exc)
    low = getattr(exc, "low", None)
    if isinstance(low, int):
        return t(lang, "url_needs_players", label=t(lang, f"set_{setting}"), setting=setting,
                 low=low, players=getattr(exc, "players", "?"))
    if isinstance(allowed, range):
        shown = t(lang, "url_range", low=allowed.start, high=allowed.stop - 1)
    else:
        shown = ", ".join("none" if a is None else str(a) for a in allowed)
    return t(lang, "url_bad_value", setting=setting, value=str(exc.value)[:80], allowed=shown)


def error_code(exc: Exception) -> str:
    """The ``error`` event code of a refused link/message: ``position_<code>`` for a
    ``PositionError``, ``setting_<name>`` for a ``SettingError``, else ``bad_message``."""
    code = getattr(exc, "code", None)
    if code and type(exc).__name__ == "PositionError":
        return f"position_{code}"
    setting = getattr(exc, "setting", None)
    if setting:
        return f"setting_{setting}"
    return "bad_message"


# ---------------------------------------------------------------------------- the page side

class Teach:
    """The teaching/embedding side of the page (see the module docstring).

    Attributes: ``position`` (a ``positions.Position`` or None), ``prompt`` (str, dict or
    None), ``expect`` (action text or None), ``hints`` (bool, or None: the preference
    decides), ``answer`` (None until the learner moved: ``{"played", "correct"}``),
    ``hint`` (the hint being shown, or None), ``bridge`` (``embed.Bridge``).
    """

    def __init__(self, app) -> None:
        self.app = app
        self.position = None
        self.prompt = None
        self.expect = None
        self.hints: bool | None = None
        self.level = "normal"
        self.answer: dict | None = None
        self.why = ""          # the why-text of the expected move (from the hint), per lang
        self.why_hint = None   # the hint at the start of the position (for the why-text)
        self.hint = None
        self.error: str | None = None  # a refused position's message, shown in #teach
        self.error_make = None
        self.loading = False
        self.over_sent = False
        self.origin: str | None = None
        self.bridge = None

    # ------------------------------------------------------------ state

    @property
    def active(self) -> bool:
        """A teaching position is on the table."""
        return self.position is not None

    @property
    def ephemeral(self) -> bool:
        """Nothing of this table may be saved: it is embedded or a teaching position."""
        return bool(self.app.embed) or self.active

    def hints_on(self) -> bool:
        """Whether the Hint button is offered: the link's ``hints`` if given, on in a
        teaching position, else the player's preference (off by default)."""
        if self.hints is not None:
            return self.hints
        if self.active:
            return True
        return bool(self.app.prefs.get("hints"))

    def holding(self) -> bool:
        """The computer players wait: a teaching position before the learner's first
        move, or after an answer until "Play on"."""
        s = self.app.session
        if not self.active or s is None or s.state.is_over():
            return False
        if self.answer is None:
            return s.human in s.state.to_act()
        return not self.answer.get("go_on")

    def waiting_for_choice(self) -> bool:
        """After the learner's move in a lesson with ``expect``: the computer players wait
        for "Play on" (``holding``), and the status line asks for Try again or Play on."""
        s = self.app.session
        return bool(self.active and self.expect and self.answer is not None
                    and not self.answer.get("go_on") and s is not None
                    and not s.state.is_over())

    def send(self, kind: str, **fields) -> None:
        if self.bridge is not None:
            self.bridge.send(kind, **fields)

    # ------------------------------------------------------------ boot

    def set_hints(self, on: bool) -> None:
        """The Hint-button checkbox: a preference in a normal game (saved), a choice for
        this table only in a teaching position."""
        app = self.app
        if self.active:
            self.hints = on
        else:
            app.prefs["hints"] = on
            app.save_prefs()
        if not on:
            self.hint = None
        if app.screen == "table":
            app.render()

    @staticmethod
    def embedded(query: dict) -> bool:
        """``?embed=1`` (on/true/yes) in the URL."""
        return str(query.get("embed", "")).strip().lower() in ("1", "on", "true", "yes")

    def ephemeral_link(self, query: dict) -> bool:
        """The link is for an embedded or teaching table: the visitor's saved game is
        neither shown nor touched."""
        return self.embedded(query) or "position" in query or "positionfile" in query

    def file_request(self, query: dict) -> dict:
        """The start request of a ``positionfile`` link (its other page parameters only:
        the position comes from the file)."""
        from game.session import parse_params
        keep = ("lang", "speed", "embed", "level")
        req = parse_params({k: v for k, v in query.items() if k in keep})
        hints = str(query.get("hints", "")).strip().lower()
        req["hints"] = True if hints in ("1", "on", "true", "yes") else \
            False if hints in ("0", "off", "false", "no") else None
        return req

    def refused(self, exc: Exception) -> None:
        """A link that could not be read: a position's message is shown in ``#teach``
        (a setting's is in the notice already); the embedding page gets an ``error``."""
        if type(exc).__name__ == "PositionError":
            self.refuse(error_code(exc), lambda e=exc: t(self.app.lang, "teach_bad_position",
                                                         msg=self.error_text(e)))
        else:
            self.send("error", code=error_code(exc), text=str(exc))

    def show_alone(self) -> None:
        """No table yet (a file being read) or none possible (a refused position in a
        frame): only ``#teach`` with its message; never a blank page."""
        from .dom import clear
        self.app.screen = "teach"
        clear(self.app.root)
        self.render_box()

    def leave(self, ui: str) -> bool:
        """The table's "New game" or "Back to lobby" in a teaching position. New game
        plays the position again (True: done); the lobby leaves the position (the
        visitor's own saved game is offered again) and returns False so the lobby shows."""
        if not self.active:
            return False
        if ui == "new":
            self.retry()
            return True
        self.app.cancel_timer()
        self.forget()
        self.app.session = None
        self.app.table = None
        return False

    def boot(self, query: dict) -> None:
        """Set up the bridge (``origin``) before the game starts; the first thing
        ``App.start`` does with a URL."""
        from .embed import Bridge, valid_origin
        origin = query.get("origin")
        self.origin = valid_origin(origin) if origin else None
        hints = str(query.get("hints", "")).strip().lower()
        self.hints = True if hints in ("1", "on", "true", "yes") else \
            False if hints in ("0", "off", "false", "no") else None
        self.bridge = Bridge(self.app, origin)  # an invalid origin closes it (fail closed)
        if self.bridge.closed:  # shown in the frame; nothing is sent to any parent
            self.app.set_notice(t(self.app.lang, "teach_bad_origin"), "warn")

    def wants_file(self, query: dict) -> bool:
        return "positionfile" in query and "position" not in query

    def start_file(self, query: dict) -> None:
        """Fetch ``positionfile`` (same origin, relative) and start its first position.
        The table waits with "Loading the position …" until it arrives."""
        import asyncio
        path = safe_file_path(query.get("positionfile"))
        if path is None:
            self.refuse("position_file_path", lambda: t(self.app.lang, "teach_bad_file_path"))
            return
        self.loading = True
        self.render_box()
        asyncio.ensure_future(self._load_file(path, dict(query)))

    async def _load_file(self, path: str, query: dict) -> None:
        import js
        try:
            try:
                resp = await js.fetch(path, js.JSON.parse('{"credentials": "same-origin"}'))
                if not resp.ok:
                    raise OSError(f"HTTP {resp.status}")
                text = str(await resp.text())
            except Exception as exc:
                self.loading = False
                why = str(exc)[:80]
                self.refuse("position_file_fetch", lambda: t(
                    self.app.lang, "teach_bad_file_fetch", path=path, why=why))
                return
            from game import positions
            try:  # the file's shape, then only the lesson asked for (item=) is read
                entries = positions.lesson_entries(text)
                index = item_index(query.get("item"), len(entries))
                entry = positions.read_lesson(entries[index]) if index is not None else None
            except ValueError as exc:
                self.loading = False
                self.refuse(error_code(exc), lambda e=exc: t(
                    self.app.lang, "teach_bad_file_json", path=path, msg=self.error_text(e)))
                return
            if entry is None:
                self.loading = False
                item, count = str(query.get("item"))[:20], len(entries)
                self.refuse("position_file_item", lambda: t(
                    self.app.lang, "teach_bad_item", path=path, item=item, count=count))
                return
            self.loading = False
            req = self.file_request(query)
            req["position"] = entry["position"]
            req["expect"] = entry.get("expect")
            req["prompt"] = entry.get("prompt")
            if self.start(req):
                self.app.show_table()
                self.ready()
        except Exception as exc:
            self.loading = False
            self.app.internal_error(exc)

    def error_text(self, exc: Exception) -> str:
        """A refused position/setting in the current language."""
        lang = self.app.lang
        code = getattr(exc, "code", None)
        if code and type(exc).__name__ == "PositionError":
            key = f"position_{code}"
            text = t(lang, key, **_spoken(lang, getattr(exc, "params", {}) or {}))
            return text if text != key else str(exc)
        return setting_text(lang, exc)

    def refuse(self, code: str, make) -> None:
        """Show why a position (or a link, a file, a message) was refused, and tell the
        embedding page. The table of the game before, if any, stays."""
        self.error_make = make  # the message again in the language of the moment
        text = self.error = make()
        self.error_session = id(self.app.session)
        self.send("error", code=code, text=text)
        if not self.app.embed and self.app.screen == "teach":  # the full page: the lobby
            self.app.show_lobby()
        self.render_box()

    def start(self, req: dict) -> bool:
        """Start the position of a request from ``parse_params`` (keys "position", "prompt",
        "expect", "hints", "level"); False (with the message shown) when it cannot."""
        from game.session import Session
        position = req.get("position")
        if position is None:
            return False
        try:
            session = Session.from_position(position, req.get("level") or "normal",
                                            self.names_for(position))
        except ValueError as exc:
            self.refuse(error_code(exc), lambda e=exc: self.error_text(e))
            return False
        self.position = position
        self.prompt = req.get("prompt")
        self.expect = req.get("expect")
        self.hints = req.get("hints") if isinstance(req.get("hints"), bool) else None
        self.level = req.get("level") or "normal"
        self.error = None
        self._begin(session)
        return True

    def _begin(self, session) -> None:
        app = self.app
        self.answer = None
        self.hint = None
        self.over_sent = False
        app.session = session
        self.why_hint = None
        if self.expect:
            try:
                from game import positions
                first = session.hint()
                if first and positions.same_action(session.game, first["action"], self.expect):
                    self.why_hint = first
            except Exception as exc:  # a hint is a bonus: never block the position
                print("Kortbordet: no hint for the position:", exc)
        if app.screen == "table":
            app.table = None
            app.log_events = []
        app.set_notice("")

    def forget(self) -> None:
        """Leave the teaching position (back to the lobby in the full page)."""
        self.position = None
        self.prompt = self.expect = None
        self.hints = None
        self.answer = None
        self.hint = None
        self.error = None
        self.render_box()

    def ready(self) -> None:
        """Tell the embedding page that the table is shown."""
        s = self.app.session
        self.send("ready", game=s.game if s else None, lang=self.app.lang,
                  position=self.active, prompt=prompt_text(self.prompt, self.app.lang) or None)

    # ------------------------------------------------------------ moves

    def illegal(self, text: str, exc) -> None:
        self.send("illegal", action=str(text)[:200], code=getattr(exc, "code", "illegal"),
                  reason=self.app.reason_text)

    def played(self, text: str, events: list[dict], by: str) -> None:
        """After a move (``by`` "human" or "bot"): the ``action`` event, the answer check
        (the learner's first move in a position with ``expect``) and ``gameover``."""
        app = self.app
        s = app.session
        first = events[0] if events and events[0].get("type") == "action" else None
        seat = first["player"] if first else (s.human if by == "human" else None)
        name = s.players[seat]["name"] if isinstance(seat, int) and seat < len(s.players) \
            else None
        self.send("action", seat=seat, name=name,
                  action=first["text"] if first else str(text), by=by)
        self.hint = None
        if by == "human" and self.active and self.answer is None:
            correct = None
            if self.expect:
                from game import positions
                correct = bool(positions.same_action(s.game, str(text), self.expect))
                self.send("expected", correct=correct, expected=self.expect, played=str(text))
            self.answer = {"played": str(text), "correct": correct,
                           "go_on": not self.expect,
                           "melds": self.melds()}  # the table before the move, for words
        if s.state.is_over() and not self.over_sent:
            self.over_sent = True
            outcome = s.state.outcome()
            summary = app.log_text_for(events[1:] if first else events) or ""
            self.send("gameover", outcome=outcome, summary=summary)

    # ------------------------------------------------------------ clicks

    def on_click(self, ui: str) -> None:
        if ui == "teach-hint":
            self.show_hint()
        elif ui == "teach-retry":
            self.retry()
        elif ui == "teach-continue":
            self.go_on()

    def names_for(self, position) -> list[str]:
        """The usual localized seat names for a position that gave none."""
        return seat_names(self.app.lang, len(position.names), position.human)

    def retry(self) -> None:
        """The position again, as given."""
        from game.session import Session
        if not self.active:
            return
        self.app.cancel_timer()
        self._begin(Session.from_position(self.position, self.level,
                                          self.names_for(self.position)))
        self.app.table = None
        self.app.log_events = []
        self.app.reason_text = ""
        self.app.show_table()

    def go_on(self) -> None:
        """After an answer: the computer players play on."""
        if self.answer is not None:
            self.answer["go_on"] = True
        self.app.render()  # the box and the status line (no longer "Choose …")
        self.app.schedule()

    def show_hint(self) -> None:
        """Show the normal bot's move for the learner (never played) and highlight its
        cards."""
        app = self.app
        s = app.session
        if s is None:
            return
        try:
            hint = s.hint() if s.waiting() == "human" or s.human in s.state.to_act() else None
        except Exception as exc:
            print("Kortbordet: hint failed:", exc)
            hint = None
        self.hint = hint
        self.hint_shown = None  # the hint is kept as data; its text follows the language
        self.show_hint_text()
        self.highlight()

    def show_hint_text(self) -> None:
        """Write the shown hint (``self.hint``: action + code) in the reason line in the
        current language; after a language switch the same hint is written anew, like
        the feedback of ``render_box``. Nothing when the reason line shows something
        else by now (another explanation replaced the hint)."""
        app = self.app
        shown = getattr(self, "hint_shown", None)
        if shown is not None and getattr(app, "reason_text", None) != shown:
            self.hint_shown = None
            return
        move, why = hint_texts(app.lang, self.hint, self.melds())
        text = f"{move} {why}".strip()
        if text != getattr(app, "reason_text", None):
            app.show_text(text)
        self.hint_shown = text

    def melds(self) -> dict[int, list[str]]:
        v = self.app.view or {}
        table = (v.get("state") or {}).get("table")
        out = {}
        if isinstance(table, list):
            for m in table:
                if isinstance(m, dict) and isinstance(m.get("id"), int):
                    out[m["id"]] = [str(c) for c in m.get("cards", [])]
        return out

    def highlight(self) -> None:
        """Mark the hinted move's cards on the table (``.hinted``)."""
        from pyscript import document
        import js
        old = document.querySelectorAll(".hinted")
        for i in range(old.length):
            old.item(i).classList.remove("hinted")
        if not self.hint:
            return
        for word in str(self.hint["action"]).split()[1:]:
            if not CARD.match(word):
                continue
            found = document.querySelectorAll(f'#table [data-card="{js.CSS.escape(word)}"]')
            for i in range(found.length):
                found.item(i).classList.add("hinted")

    # ------------------------------------------------------------ drawing

    def hint_button(self, v: dict) -> dict | None:
        """The action-bar button for ``TableView.actions_el``, or None when not offered
        (hints off, or the learner cannot act now)."""
        s = self.app.session
        if not self.hints_on() or s is None or s.state.is_over() or s.between:
            return None
        if s.human not in s.state.to_act() or not v.get("legal"):
            return None
        return {"id": "teach-hint", "label": t(self.app.lang, "btn_hint"), "enabled": True}

    def after_render(self) -> None:
        """Called after each redraw of the table: the prompt box and the hint marks."""
        if self.error and id(self.app.session) != getattr(self, "error_session", None):
            self.error = None  # a refused link's message goes once another table is shown
        self.render_box()
        if self.waiting_for_choice():  # not "Bo is thinking…": nobody moves until Play on
            from pyscript import document
            line = document.getElementById("status-line")
            if not absent(line):
                line.textContent = t(self.app.lang, "teach_choose")
        if getattr(self, "hint_shown", None) is not None:
            self.show_hint_text()  # the language may have changed
        if self.hint:
            self.highlight()

    def render_box(self) -> None:
        """Fill ``#teach``: the prompt, the feedback after an answer (with Try again / Play
        on), or a refused position's message. Hidden when there is nothing to show."""
        from pyscript import document
        from .dom import clear, h
        box = document.getElementById("teach")
        if absent(box):
            return
        lang = self.app.lang
        clear(box)
        shown = False
        box.className = ""
        if self.error:
            box.className = "teach-error"
            box.appendChild(h("p", {"class": "teach-error-text", "role": "alert",
                                    "id": "teach-error"},
                                  text=self.error_make() if self.error_make else self.error))
            shown = True
        elif self.loading:
            box.appendChild(h("p", {"class": "teach-loading"}, text=t(lang, "teach_loading")))
            shown = True
        if self.active and not self.error:
            text = prompt_text(self.prompt, lang)
            if text:
                box.appendChild(h("p", {"class": "teach-prompt", "id": "teach-prompt"},
                                  h("strong", text=t(lang, "teach_task") + ": "),
                                  h("span", {"id": "teach-prompt-text"}, text=text)))
                shown = True
            feedback = self.feedback_el(lang)
            if feedback is not None:
                box.appendChild(feedback)
                shown = True
        box.hidden = not shown

    def feedback_el(self, lang: str):
        from .dom import h
        a = self.answer
        if a is None or a.get("correct") is None and a.get("go_on"):
            return None
        melds = a.get("melds") or self.melds()
        played = action_words(lang, a["played"], melds)
        why = why_text(lang, self.why_hint)
        if a["correct"]:
            cls = "teach-feedback right"
            text = t(lang, "teach_right", move=capital(played))
        elif a["correct"] is False:
            cls = "teach-feedback wrong"
            text = t(lang, "teach_wrong", played=played,
                     expected=action_words(lang, self.expect, melds))
        else:
            cls = "teach-feedback"
            text = t(lang, "teach_played", played=played)
        box = h("div", {"class": cls, "id": "teach-feedback", "role": "status",
                        "data-correct": "" if a["correct"] is None else
                        ("true" if a["correct"] else "false")},
                h("p", {"class": "teach-verdict"}, text=text))
        if why:
            box.appendChild(h("p", {"class": "teach-why"}, text=t(lang, "teach_why", why=why)))
        buttons = h("div", {"class": "teach-buttons"},
                    h("button", {"type": "button", "class": "ui-btn small",
                                 "data-ui": "teach-retry"}, text=t(lang, "teach_retry")))
        if not a.get("go_on") and not self.app.session.state.is_over():
            buttons.appendChild(h("button", {"type": "button", "class": "ui-btn small primary",
                                             "data-ui": "teach-continue"},
                                  text=t(lang, "teach_continue")))
        box.appendChild(buttons)
        return box

    # ------------------------------------------------------------ incoming messages

    def message(self, msg: dict) -> None:
        """A validated message from the embedding page (``embed.read_message``)."""
        app = self.app
        lang = app.lang
        from game.session import parse_params
        kind = msg["type"]
        if kind == "set-lang":
            if app.screen == "teach":  # no table (a refused position): only the texts
                app.lang = msg["lang"]
                app.translate_chrome()
            else:
                app.set_lang(msg["lang"])
            self.render_box()
            self.ready()
            return
        try:
            req = parse_params(dict(msg["query"]))
        except ValueError as exc:
            text = self.error_text(exc)
            self.send("error", code=error_code(exc), text=t(lang, "teach_bad_message", msg=text))
            return
        app.cancel_timer()
        if kind == "load-position":
            if req.get("position") is None:
                self.send("error", code="bad_message",
                          text=t(lang, "teach_bad_message", msg=t(lang, "msg_no_position")))
                return
            if isinstance(msg.get("prompt"), dict):
                req["prompt"] = msg["prompt"]
            if not self.start(req):
                return
        else:  # new-game
            import random
            from game.session import Session
            n = req.get("players") or 2
            players = app.make_players(n, [req.get("level") or "normal"] * (n - 1))
            seed = req["seed"] if req.get("seed") is not None else random.randrange(1, 2**31)
            try:
                session = Session.new(req["game"], req.get("rules") or {}, players, seed)
            except ValueError as exc:
                self.send("error", code=error_code(exc),
                          text=t(lang, "teach_bad_message", msg=self.error_text(exc)))
                return
            self.forget()
            self.over_sent = False
            app.session = session
        app.table = None
        app.log_events = []
        app.reason_text = ""
        app.show_table()
        self.ready()
