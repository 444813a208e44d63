"""Teaching positions, the Hint button and the embedded table (PyScript glue).

``Teach`` is owned by ``main.App`` (``app.teach``). It

- reads the teaching part of the URL: ``position`` (the notation of ``game.positions``,
  checked by ``url_params.parse_params``), ``prompt``, ``expect``, ``hints``, and
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

The parts: ``teach.py`` the lesson's course (start, the learner's move and the answer,
Try again, Play on); ``teach_load.py`` (``TeachLoad``) a lesson file and the embedding page's
messages; ``teach_box.py`` (``TeachBox``) the ``#teach`` box, the Hint button and its marks.
The pure helpers import no browser module: ``teach_words.py`` (actions, hints and prompts in
words) and ``links.py`` (a link's lesson parameters, a refused link's words).
"""

from __future__ import annotations

from ..i18n import t
from ..digits import on_off
from .links import error_code, refusal_text
from .teach_box import TeachBox
from .teach_load import TeachLoad
from .teach_words import prompt_text, seat_names


class Teach(TeachLoad, TeachBox):
    """The teaching/embedding side of the page (see the module docstring); its lesson
    file and the embedding page's messages are ``TeachLoad``, its drawing ``TeachBox``.

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
        """Send an event to the embedding page (``embed.Bridge.send``), if any."""
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
        return on_off(query.get("embed", "")) is True

    def ephemeral_link(self, query: dict) -> bool:
        """The link is for an embedded or teaching table: the visitor's saved game is
        neither shown nor touched."""
        return self.embedded(query) or "position" in query or "positionfile" in query

    def refused(self, exc: Exception) -> None:
        """A link that could not be read: a position's message is shown in ``#teach``,
        and so is a refused setting in an embedded table (a frame has no lobby behind a
        closed notice; on the full page the setting is in the notice already); the
        embedding page gets an ``error``."""
        if type(exc).__name__ == "PositionError":
            self.refuse(error_code(exc), lambda e=exc: t(self.app.lang, "teach_bad_position",
                                                         msg=self.error_text(e)))
        elif self.app.embed:
            self.refuse(error_code(exc), lambda e=exc: self.app.url_error_text(e))
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

    def boot(self, query: dict, twice: dict | None = None) -> None:
        """Set up the bridge (``origin``) before the game starts; the first thing
        ``App.start`` does with a URL. ``twice``: the parameters given more than once
        (``url_params.read_query``); ``origin`` among them closes the bridge, as an
        invalid origin does (which one was meant cannot be known)."""
        from .embed import Bridge, valid_origin
        origin = query.get("origin")
        if "origin" in (twice or {}):  # fail closed, as for an invalid origin
            origin = "(origin given twice)"
        self.origin = valid_origin(origin) if origin else None
        self.hints = on_off(query.get("hints", ""))
        self.bridge = Bridge(self.app, origin)  # an invalid origin closes it (fail closed)
        if self.bridge.closed:  # shown in the frame; nothing is sent to any parent
            self.app.set_notice(t(self.app.lang, "teach_bad_origin"), "warn")

    def error_text(self, exc: Exception) -> str:
        """A refused position/setting in the current language (``links.refusal_text``)."""
        return refusal_text(self.app.lang, exc)

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
        """Tell the embedding page that a move was refused (``illegal`` event)."""
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
        """The ``data-ui`` clicks of ``#teach`` and the Hint button."""
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

