"""The table controller: shows a session's table, redraws it from ``Session.view()``,
plays the human's moves through ``Session.play`` and tells what others did.

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

import js
from pyscript import document, window

from game import movelog, people
from game.engine import IllegalAction
from game.i18n import reason, t
from game.web import nav, turn_line
from game.web.dom import clear
from game.web.jsvalue import absent
from game.web.prefs import DEAL_SPAN
from game.web.table import check_hand, place_hand

OWN_MOVES = ("draw", "attack", "throw", "beat", "transfer", "take", "done", "exchange", "discard",
             "meld", "layoff", "replace", "dunk", "pass", "knock", "spread", "hit", "end")
"""Events of the human's own moves: not repeated to them in the live region."""

DECLINE = ("action", "pass", "no_claim")
"""The events of a claim declined: a move of the person's that does not start the
one-line log afresh (``announce``)."""


TABLES = {"durak": ("game.web.durak_table", "DurakTable"),
          "dunka": ("game.web.dunka_table", "DunkaTable"),
          "elvakort": ("game.web.dunka_table", "ElvakortTable"),
          "tonk": ("game.web.tonk_table", "TonkTable")}
"""Each game's table view, imported when that game is first shown."""


def table_for(app, game: str):
    """A new table view for ``game`` (``TableView`` subclass instance)."""
    import importlib
    module, cls = TABLES[game]
    return getattr(importlib.import_module(module), cls)(app)


def dealt(events: list[dict]) -> bool:
    """True when ``events`` hold a deal (the next round of Dunka or Elvakort, DUN-3, or
    the next hand of Tonk): the table drawn next is dealt card by card."""
    return any(ev.get("type") == "deal" for ev in events)


class ControllerPart:
    """Showing the table and playing the human's moves."""

    def show_table(self) -> None:
        self.screen = "table"
        self.table_entry()
        self.privacy.reset()  # pass-and-play: a table shown afresh starts hidden
        if self.table is None or self.table.game != self.session.game:
            self.table = table_for(self, self.session.game)
        self.table.reset()
        self.move_history.restore_last()
        self.reason_text = ""
        self.translate_chrome()
        self.render()
        if self.log_events and not self.root.querySelector("#privacy"):
            # a screen reader hears what the one-line log shows: the card turned up to
            # start the discard pile (a new Dunka, Elvakort or Tonk deal) or, after a
            # reload, the last moves; never on a pass-and-play screen (someone else's)
            document.getElementById("live").textContent = \
                " ".join(self.log_sentences(self.log_events))
        self.schedule()

    def history_entries(self) -> bool:
        """Whether the table and the lobby use the browser's history (``game.web.nav``):
        not in an embedded table nor in any page inside a frame (the host page's Back is
        its own)."""
        if self.embed:
            return False
        try:
            return bool(getattr(js.Object, "is")(window.top, window))
        except Exception:   # a frame of another origin may refuse even the question
            return False

    @staticmethod
    def history_state() -> str | None:
        """The current entry's ``history.state`` for ``game.web.nav``: a string, None, or
        ``"other"`` (an object: the drawer's entry)."""
        state = window.history.state
        if absent(state):
            return None
        return state if isinstance(state, str) else "other"

    def table_entry(self) -> None:
        """The table is shown: give it its own history entry (``nav.on_show_table``), so
        the browser's Back goes to the lobby rather than off the site (issue 32)."""
        if not self.history_entries():
            return
        step = nav.on_show_table(self.history_state())
        if step == "push":
            window.history.pushState(nav.TABLE_ENTRY, "", window.location.href)
        elif step == "replace":
            window.history.replaceState(nav.TABLE_ENTRY, "", window.location.href)

    def lobby_entry(self) -> None:
        """The lobby's button left the table: its entry becomes the lobby's
        (``nav.LOBBY_ENTRY``), taken again by the next table shown."""
        if self.history_entries() and self.history_state() == nav.TABLE_ENTRY:
            window.history.replaceState(nav.LOBBY_ENTRY, "", window.location.href)

    def on_history(self, event=None) -> None:
        """The browser's Back or Forward (``popstate``): Back from the table shows the
        lobby, the game kept (a lesson is left as the lobby's button leaves it); Forward
        to the table's entry shows the kept game again (``nav.on_pop``)."""
        try:
            if not self.history_entries():
                return
            step = nav.on_pop(self.screen, self.history_state(), self.session is not None)
            if step == "lobby":
                self.teach.leave("lobby")
                self.leave_lesson_url()
                self.show_lobby()
            elif step == "table":
                self.show_table()
        except Exception as exc:
            self.internal_error(exc)

    def show_new_table(self) -> None:
        """Show ``self.session`` when it has replaced the game shown before (a new game,
        a game restored): a table drawn afresh, an empty one-line log and a live region
        that no longer tells the other game's last move."""
        self.table = None
        self.log_events = []
        document.getElementById("live").textContent = ""
        self.show_table()

    def render(self, view: dict | None = None) -> None:
        """Draw the table from a fresh view (the whole table; focus in the hand is kept);
        ``view``: that view instead (``Session.interim``, drawn by ``show_interim``).

        Each drawing (the table, or a pass-and-play screen instead) is numbered: its root
        element (``#table`` / ``#privacy``) carries ``data-draw``, one more than the one
        before, so a test that tapped can wait for the screen drawn after its tap and not
        read the one it tapped on (tests/e2e/table_driver.py ``look(after=...)``), and
        ``data-waiting`` (``Session.waiting()``)."""
        if self.session is None:
            return
        self.stale = False
        self.draws += 1
        self.drawn.follow(self.session)  # another session: nothing is "just drawn" in it
        self.live_fresh = True  # the live region's next sentence starts afresh (announce)
        hidden = self.privacy.screen()  # pass-and-play: no hand shows (game.web.privacy)
        if hidden is not None:
            self.view = self.session.view()
            clear(self.root)
            screen = self.privacy.render(hidden)
            screen.setAttribute("data-draw", str(self.draws))
            # what the game waits for, as on the table: a "Pass to" screen is also drawn
            # while a computer player is still to move ("bot"; it is drawn again after
            # that move), and a test waits for the one that waits for a person
            screen.setAttribute("data-waiting", str(self.session.waiting()))
            self.root.appendChild(screen)
            first = self.root.querySelector("#privacy button:not([aria-disabled=true])")
            if first:
                first.focus()
            return
        active = document.activeElement
        in_table = bool(active and hasattr(active, "closest") and active.closest("#table"))
        # nothing has the focus (a tap on the felt or a text moved it to the page body)
        # but the hand had it before: the keyboard goes back to the hand, not to the top of
        # the page three or more Tabs away (issue 11)
        lost = self.focus_card is not None and \
            (not active or active.isSameNode(document.body))
        focus_hand = in_table and bool(active.closest(".hand"))
        if focus_hand:
            self.focus_card = active.getAttribute("data-card")
        again = None
        if in_table and not focus_hand:  # a button: find the same one after the redraw
            for attr in ("id", "data-ui", "data-action"):
                value = active.getAttribute(attr)
                if value:
                    again = f'#table [{attr}="{js.CSS.escape(value)}"]'
                    break
        self.view = view if view is not None else self.session.view()
        if self.privacy.covers(self.view):  # pass-and-play: nobody's cards face up
            self.view = people.face_down(self.view)
        if self.dealing:  # static/js/motion.js deals the table about to be drawn
            self.dealing = False
            self.deal_pause = round(DEAL_SPAN * self.anim_ms())  # the first move waits
            motion = getattr(window, "kortbordetMotion", None)
            if motion is not None:
                motion.deal()
        table = self.table.render(self.view)  # a markup.Node: one string for the page
        table.setAttribute("data-draw", self.draws)
        side = table.querySelector(".side")
        if side:  # the move history last: it grows all game, and the settings panel
            # (speed, sort) stayed 80 moves down the phone's drawer (new-user check)
            side.appendChild(self.move_history.panel())
        fitted = place_hand(table.querySelector(".hand"))
        self.root.innerHTML = table.html()
        check_hand(fitted)
        self.table.after_render()
        self.teach.after_render()
        self.tell_claim_chance()
        now = document.activeElement
        if in_table or (lost and (not now or now.isSameNode(document.body))):
            # keep the keyboard where it was; if that control is gone, go to the hand
            # (a missing element is JS null, which Pyodide gives as a falsy proxy, not None)
            # (a round or hand result: its Next button; the hand may be hidden beneath it
            # on a phone, static/css/table.css)
            el = document.querySelector(again) if again else None
            if not el:
                el = document.querySelector("#table .result [data-action]") or \
                    document.querySelector('.hand [tabindex="0"]') or \
                    document.querySelector("#table [data-action]:not([aria-disabled=true])")
            if el:
                el.focus()

    def tell_claim_chance(self) -> None:
        """A chance to take a discard out of turn (Dunka!, DUN-7; ELV-6) comes without a
        move of the person's, and its buttons appear silently: the live region adds the
        status line's sentence (what to tap) once per chance."""
        legal = (self.view or {}).get("legal") or []
        chance = any(str(a).split(" ", 1)[0] in ("dunk", "claim") for a in legal)
        key = (self.session.game, self.session.seed, self.session.moves) if chance else None
        if chance and key != self.claim_told:
            status = self.root.querySelector("#status-line")
            live = document.getElementById("live")
            if status and live:
                live.textContent = f"{live.textContent} {status.textContent}".strip()
        self.claim_told = key

    def announce(self, events: list[dict], bots_only: bool) -> None:
        """Tell the moves others made (the human's own moves are not repeated): the
        one-line log keeps them (``movelog.last_line``) and the live region tells the
        moves made since the table was last drawn, as the log's sentences
        (``log_sentences``): a computer's whole turn at speed "instant", each move as it
        comes at the other speeds, never a sentence twice."""
        human = (self.view or self.session.view())["human"]
        shown = [ev for ev in events
                 if ev.get("type") != "action"
                 and not (ev.get("player") == human and ev.get("type") in OWN_MOVES)]
        if shown and self.log_sentences(shown):
            before = self.log_events
            if bots_only:
                self.log_events = shown
            else:
                self.log_events = movelog.last_line(self.log_events, shown, self.log_fresh)
                self.log_fresh = False
            if not self.live_fresh:
                told = self.live_events + shown
            elif movelog.turn_up_only(before):  # the deal's card, then the first moves
                told = before + shown
            else:
                told = shown
            self.live_events, self.live_fresh = told[-movelog.MAX_LAST:], False
            document.getElementById("live").textContent = \
                " ".join(self.log_sentences(self.live_events))
        # the person declining a claim (DUN-7, ELV-6; often passed without asking,
        # ``auto_pass_now``) came in the middle of a computer's turn, between its draw and
        # the rest: the line goes on, so that turn stays one sentence
        declined = all(ev.get("type") in DECLINE for ev in events)
        if bots_only and not declined:
            self.log_fresh = True

    def log_sentences(self, events: list[dict], short: bool = False) -> list[str]:
        """The events as the one-line log tells them in the current language: each
        player's moves in a row as one sentence, other events as the table describes
        them (``game.web.turn_line.sentences``); ``short``: a turn's cards by their
        corner index ("7♥", the visible line) instead of their names (the live region)."""
        if self.session is None or self.table is None:
            return []
        v = self.view or self.session.view()
        self.view = v
        return turn_line.sentences(self.lang, self.session.game, events, v["players"],
                                   self.table.you(v), self.table.describe, short)

    def log_text_for(self, events: list[dict]) -> str:
        """The events as sentences in the current language, one text (``log_sentences``)."""
        return " ".join(self.log_sentences(events))

    def do(self, text: str) -> None:
        """Play the human's action ``text``; an illegal one shows the engine's reason."""
        if self.session is None:
            return
        try:
            events = self.session.play(text)
        except IllegalAction as exc:
            self.show_reason(exc)
            self.teach.illegal(text, exc)
            return
        self.note_move(events)
        self.table.after_move()
        self.clear_info_notice()
        self.reason_text = ""
        self.save_session()
        self.announce(events, bots_only=True)
        self.move_history.add(events)
        self.teach.played(text, events, "human")
        self.draw_moved()

    def after_others(self, events: list[dict]) -> None:
        """Moves not made by the person at the table (a computer player's, or those of
        a pass-and-play prompt: claims, throw-ins declined): saved, told, added to the
        history, then the next screen."""
        self.note_move(events)
        self.save_session()
        self.announce(events, bots_only=False)
        self.move_history.add(events)
        self.reason_text = ""
        self.draw_moved()

    def note_move(self, events: list[dict]) -> None:
        """What any move's ``events`` change before the table is drawn again: the cards
        just drawn (``drawn``), the last move (``move_events``) and, after a deal, the
        deal's motion (``dealing``) and the "Pass to" screen (``Privacy.new_deal``: after
        a result everyone looked at, nobody's new hand shows yet)."""
        self.drawn.note(self.session, events)
        self.move_events = events
        if dealt(events):
            self.dealing = True
            self.privacy.new_deal()

    def draw_moved(self) -> None:
        """Draw the table after a move and go on (``schedule``): not at all when the next
        move comes at once (``redraw_later``); a Durak bout's last card first and the
        cleared table after a pause (``show_interim``); else the table as it is. At a
        table of several people, a hand whose turn has passed goes face down first
        (``Privacy.after_move``)."""
        self.privacy.after_move()
        if not self.redraw_later():
            if self.show_interim():
                return
            self.render()
        self.schedule()

    def show_reason(self, exc: IllegalAction) -> None:
        game = self.session.game if self.session is not None else ""
        self.reason_text = reason(self.lang, exc.code, getattr(exc, "params", {}), str(exc),
                                  game)
        el = document.getElementById("reason")
        if el:
            el.textContent = self.reason_text

    def show_hint(self, key: str) -> None:
        self.show_text(t(self.lang, key))

    def show_text(self, text: str) -> None:
        """Show ``text`` in the reason line (an explanation, not an error)."""
        self.reason_text = text
        el = document.getElementById("reason")
        if el:
            el.textContent = text

    def explain(self, text: str) -> None:
        """The human tapped something that is not playable: redraw (dropping a selection)
        and show the engine's reason for ``text``, the move they most likely meant."""
        self.render()
        self.do(text)
