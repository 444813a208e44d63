"""The computer players' moves: one move at a time (``Session.step_bot``) after the
delay of the chosen speed, and the automatic pass on a discard the human may claim.

PyScript glue, mixed into ``game.web.main.App``; ``self.timer`` is the pending timeout.
"""

from __future__ import annotations

from pyscript import window

from game.web import model


class ComputerPart:
    """Timed computer moves."""

    def cancel_timer(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def schedule(self) -> None:
        """If a computer player is to move, make that move after the chosen delay."""
        self.cancel_timer()
        if self.session is None or self.screen != "table" or self.teach.holding():
            return
        if self.session.waiting() == "bot" or self.auto_pass_now():
            self.timer = window.setTimeout(self._tick, model.SPEEDS.get(self.speed, 750))

    def auto_pass_now(self) -> bool:
        """True when the human may dunk (DUN-7) and chose to pass such chances
        automatically (the "auto_pass" preference)."""
        return bool(self.prefs.get("auto_pass")) and self.session.waiting() == "human" \
            and sorted(self.session.legal()) == ["dunk", "pass"]

    def bot_tick(self, *args) -> None:
        self.timer = None
        try:
            if self.session is None or self.screen != "table":
                return
            if self.auto_pass_now():
                self.do("pass")
                return
            events = self.session.step_bot()
            if events:
                self.teach.played(events[0].get("text", ""), events, "bot")
                self.save_session()
                self.announce(events, bots_only=False)
                self.move_history.add(events)
                self.reason_text = ""
                self.render()
            self.schedule()
        except Exception as exc:
            self.internal_error(exc)
