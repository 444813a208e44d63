"""The computer players' moves: one move at a time (``Session.step_bot``) after the
delay of the chosen speed, and the automatic pass on a discard the human may claim.

PyScript glue, mixed into ``game.web.main.App``; ``self.timer`` is the pending timeout.
"""

from __future__ import annotations

from pyscript import window

from game.web import model
from game.web.dunka_model import claim_fits


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
        if self.auto_pass_now():  # passed before the prompt is ever painted
            self.do("pass")  # (do() schedules what follows)
            return
        if self.session.waiting() == "bot":
            self.timer = window.setTimeout(self._tick, model.SPEEDS.get(self.speed, 750))

    def auto_pass_now(self) -> bool:
        """True when the human may claim a discard out of turn (DUN-7, ELV-6) and does
        not want to be asked about this one: the "claim_prompt" preference is "never", or
        "fits" (the default) and the card fits neither their hand nor their contract
        (``dunka_model.claim_fits``). Never in a teaching position: a lesson may be about
        that very claim."""
        if self.teach.active or self.session.waiting() != "human" \
                or sorted(self.session.legal()) != ["dunk", "pass"]:
            return False
        mode = self.prefs.get("claim_prompt", "fits")
        if mode == "never":
            return True
        return mode == "fits" and not claim_fits(self.session.view())

    def bot_tick(self, *args) -> None:
        self.timer = None
        try:
            if self.session is None or self.screen != "table":
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
