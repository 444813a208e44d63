"""Input: the delegated listeners on ``document`` (click, keydown, focusin, change,
input) and on ``window`` (resize) that serve every re-rendered element, dispatching to the
part of the page concerned.

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

from pyscript import document, window

from game import saves
from game.session import GAMES
from game.web import seats
from game.web.table import layout_hand
from game.web.jsvalue import absent


TAP_GUARD_MS = 450
"""How long (ms) taps are ignored after a pass-and-play screen gave way to the next screen
(``Privacy``: "show my cards", the claim prompt's "Done" / "Nobody", a thrower chosen). The
next screen (a hand, a "Pass to" screen) is drawn at once under the finger, and the second
tap of a double tap (a mouse's, or two touch taps about 120 ms apart) landed on what lay
there: at 390x844 Dunka's stock, so a person drew a card without ever having seen their
hand (a new-user check). 450 ms covers a double tap (a browser's double-click time is
about 500 ms) and is shorter than anyone takes to read a freshly shown hand."""


class ListenersPart:
    """The page's event listeners."""

    def on_click(self, event) -> None:
        try:
            if self.tap_queue or getattr(event, "kortbordetTap", None):
                self.defer_tap(event)
                return
            self._on_click(event)
        except Exception as exc:
            self.internal_error(exc)

    def defer_tap(self, event) -> None:
        """Handle the click ``event`` after the next paint (``drain_taps``): static/js/taps.js
        already shows what it changes (a card selected or unselected: ``kortbordetTap``),
        and that frame is painted before the table is drawn again (issue 38). A click that
        comes while one waits waits behind it, so taps are handled in the order made."""
        self.tap_queue.append(event)
        if len(self.tap_queue) > 1:
            return
        taps = getattr(window, "kortbordetTaps", None)
        if taps is None:   # (no static/js/taps.js: at once)
            self.drain_taps()
            return
        if self._drain_proxy is None:
            from pyodide.ffi import create_proxy
            self._drain_proxy = create_proxy(self.drain_taps)
        taps.afterPaint(self._drain_proxy)

    def drain_taps(self, *_args) -> None:
        """Handle the clicks ``defer_tap`` kept, in order; then static/js/taps.js
        (``settle``) puts back, in this same task, what it showed when nothing was drawn
        (``draws`` unchanged: the tap was ignored, or only told why not in the reason
        line): what the page shows from the next frame on is the engine's."""
        queue, self.tap_queue = self.tap_queue, []
        draws = self.draws
        try:
            for event in queue:
                try:
                    self._on_click(event)
                except Exception as exc:
                    self.internal_error(exc)
        finally:
            taps = getattr(window, "kortbordetTaps", None)
            if taps is not None:
                taps.settle(self.draws != draws)

    def _on_click(self, event) -> None:
        target = event.target
        if not target or not hasattr(target, "closest"):
            return
        el = target.closest("[data-ui], [data-action], [data-card]")
        if not el:
            return
        if self.screen == "table" and float(event.timeStamp) < self.tap_guard_until:
            return  # the second tap of a double tap on a pass-and-play screen (TAP_GUARD_MS)
        ui = el.getAttribute("data-ui")
        action = el.getAttribute("data-action")
        if ui == "dismiss":
            self.set_notice("")
            return
        if ui == "lang":
            self.set_lang(str(el.getAttribute("data-lang")))
            return
        if ui in ("rules-open", "rules-back"):
            self.rules_ui(ui, str(el.getAttribute("data-game") or ""))
            return
        if ui == "start":
            self.start_from_lobby()
            return
        if ui in ("seat-up", "seat-down") and self.screen == "lobby":
            seat = str(el.getAttribute("data-seat") or "")
            if seat.isdigit():
                self.move_seat(int(seat), -1 if ui == "seat-up" else 1)
            return
        if ui == "link-confirmed":   # a link's game over two kept ones (boot)
            req, self.pending_link = self.pending_link, None
            self.set_notice("")
            if req is not None and self.start_from_request(req, confirmed=True):
                self.show_new_table()
            return
        if ui == "start-confirmed":
            self.set_notice("")
            self.start_from_lobby(confirmed=True)
            return
        if ui == "storage-free":
            self.ask_free_space()
            return
        if ui == "storage-free-confirmed":
            self.free_space()
            return
        if ui == "storage-show":
            self.tell_storage_full()
            return
        if ui == "storage-download":
            self.download_everything()
            return
        if ui in ("backups-download", "backups-delete", "backups-delete-confirmed"):
            self.backups_action(ui)
            return
        if ui == "backup-download":
            self.download_rescued()
            return
        if ui and ui.startswith("resume-parked"):  # (a notice's button: the game in its id)
            game = str(el.getAttribute("data-game") or ui.removeprefix("resume-parked-"))
            if game in GAMES:
                self.resume_parked(game)
            return
        if ui == "restore-previous":
            self.restore_previous()
            return
        if ui in ("teach-hint", "teach-retry", "teach-continue"):
            self.teach.on_click(ui)
            return
        if ui in ("lobby", "new") and self.teach.leave(ui):
            return
        if ui == "resume":
            if self.session is None:
                text = self._get(saves.SESSION_KEY)
                try:
                    self.session = saves.loads(text)
                except Exception:
                    self.show_lobby()
                    return
                self.adopt_rev(text)
            self.show_table()
            return
        if ui == "lobby":
            self.leave_lesson_url()
            self.lobby_entry()   # the table's history entry becomes the lobby's
            self.show_lobby()
            return
        if ui == "sheets":
            self.show_sheets()
            return
        if self.screen == "sheets":
            self.sheets.on_click(el)
            return
        if ui in ("history-open", "history-close", "history-delete", "history-undo"):
            self.history_action(ui, str(el.getAttribute("data-id") or ""))
            return
        if ui == "next":
            self.session.next_game()
            self.save_session()
            document.getElementById("live").textContent = ""
            # the new deal's trump card and first attack, in the history and told
            self.log_events = self.session.state.opening_events()
            self.move_history.add(self.log_events)
            self.dealing = True
            self.show_table()
            return
        if ui == "new":
            s = self.session
            self.new_session(s.game, s.rules.to_dict(), s.players)
            return
        if self.screen != "table" or self.session is None:
            return
        if ui and ui.startswith("pp-"):  # pass-and-play screens (game.web.privacy)
            self.privacy.on_click(ui, el)
            if ui != "pp-claim":  # (pressing a name redraws the same prompt in place)
                self.guard_taps()
            return
        if action and el.getAttribute("aria-disabled") != "true":
            self.do(str(action))
            return
        self.table.on_click(el)

    def guard_taps(self) -> None:
        """Ignore taps on the table for ``TAP_GUARD_MS`` from now: a pass-and-play screen
        just gave way to another screen. The page's ``#screen`` carries the time the guard
        ends (``data-tap-guard``, ``performance.now()`` ms), so a test can wait past it.
        A tap counts by its event's ``timeStamp`` (when the finger touched), so a second
        tap made while this drawing was still under way is ignored too."""
        self.tap_guard_until = float(window.performance.now()) + TAP_GUARD_MS
        self.root.setAttribute("data-tap-guard", str(round(self.tap_guard_until)))

    def on_key(self, event) -> None:
        target = event.target
        if not target or not hasattr(target, "closest"):
            return
        key = str(event.key)
        if key in ("Enter", " ") and target.getAttribute("role") == "button" \
                and str(target.tagName) != "BUTTON":
            # an element that is a button by its role (a highlighted meld, Dunka's
            # table): Enter and Space press it, as they do a native button
            event.preventDefault()
            target.click()
            return
        if not target.closest(".hand"):
            return
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            return
        cards = document.querySelectorAll(".hand .card")
        items = [cards.item(i) for i in range(cards.length)]
        if not items:
            return
        try:
            idx = next(i for i, c in enumerate(items) if c.isSameNode(target))
        except StopIteration:
            idx = 0
        if key in ("ArrowLeft", "ArrowUp"):
            idx = max(0, idx - 1)
        elif key in ("ArrowRight", "ArrowDown"):
            idx = min(len(items) - 1, idx + 1)
        elif key == "Home":
            idx = 0
        else:
            idx = len(items) - 1
        event.preventDefault()
        for i, c in enumerate(items):
            c.setAttribute("tabindex", "0" if i == idx else "-1")
        items[idx].focus()
        self.focus_card = str(items[idx].getAttribute("data-card"))

    def on_focus(self, event) -> None:
        target = event.target
        if target and hasattr(target, "closest") and target.closest(".hand") \
                and target.hasAttribute("data-card"):
            cards = document.querySelectorAll(".hand .card")
            for i in range(cards.length):
                c = cards.item(i)
                c.setAttribute("tabindex", "0" if c.isSameNode(target) else "-1")
            self.focus_card = str(target.getAttribute("data-card"))

    def on_input(self, event) -> None:
        try:
            if self.screen == "sheets" and self.sheets is not None:
                self.sheets.on_input(event.target)
            elif self.screen == "lobby" and event.target.hasAttribute("data-seat-name"):
                seats.show_name_limit(self.lang, event.target)
        except Exception as exc:
            self.internal_error(exc)

    def on_change(self, event) -> None:
        try:
            el = event.target
            if self.screen == "sheets" and not absent(el) and self.sheets.on_change(el):
                return
            pref = el.getAttribute("data-pref") if el else None
            if pref == "speed":
                self.speed = str(el.value)
                self.prefs["speed"] = self.speed
            elif pref in ("four_colour", "reduced_motion"):
                self.prefs[pref] = bool(el.checked)
            elif pref == "claim_prompt":
                if str(el.value) not in saves.CLAIM_PROMPTS:
                    return
                self.prefs[pref] = str(el.value)
            elif pref == "hints":
                self.teach.set_hints(bool(el.checked))
                return
            elif pref == "lang":
                self.set_lang(str(el.value))
                return
            elif el.getAttribute("data-lobby") in ("players", "game") or \
                    el.hasAttribute("data-seat-kind"):
                self.remember_lobby()
                self.show_lobby()
                # the lobby was redrawn: keep the keyboard on the control just changed
                same = document.getElementById("lobby-players") if el.id == "lobby-players" \
                    else document.getElementById(str(el.id)) if el.hasAttribute("data-seat-kind") \
                    else document.querySelector(f'input[name="game"][value="{el.value}"]')
                if same:
                    same.focus()
                return
            elif el.hasAttribute("data-setting") or el.hasAttribute("data-level") \
                    or el.hasAttribute("data-seat-name"):
                self.remember_lobby()
                return
            else:
                return
            self.save_prefs()
            self.apply_display_prefs()
            if pref in ("speed", "claim_prompt") and self.screen == "table":
                self.schedule()
        except Exception as exc:
            self.internal_error(exc)

    def on_resize(self, event) -> None:
        if self.screen == "table":
            layout_hand()
