"""The computer players' moves: one move at a time after the delay of the chosen speed,
and the automatic pass on a discard the human may claim.

A move is found in slices (``Session.step_bot_sliced``): the search runs for at most
``SLICE_MS`` and then gives the page back (a zero timeout) until the move is made, so a
hard player's search of up to a second never blocks taps, scrolling or card motion for
longer than a slice. While it searches the status line already says "… is thinking".

PyScript glue, mixed into ``game.web.main.App``; ``self.timer`` is the pending timeout.
"""

from __future__ import annotations

from pyscript import window

from game.web import model
from game.web.dunka_model import claim_fits


SLICE_MS = 40
"""Longest piece of a computer player's search before the page gets control back (ms).
The unit of work under way when it runs out is finished first; every unit of the hard
players takes well under 60 ms of Pyodide CPU (``bench/hard_slices.py``), so the page
is never held for more than about 100 ms."""

CHAIN_MS = 80
"""At speed "instant", how long computer moves may follow one another in one task before
the table is drawn and the page gets control back (ms)."""


class ComputerPart:
    """Timed computer moves."""

    def cancel_timer(self) -> None:
        """Stop a pending computer move, and drop a search in progress."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        self.search = None

    def schedule(self) -> None:
        """If a computer player is to move, make that move after the chosen delay (and
        after the cards just dealt have landed).

        The delay is ``bot_delay``'s. Without one (speed "instant", a claim window) the
        move is made at once, in this task, while the chain of computer moves has taken
        less than ``CHAIN_MS``; the table left undrawn meanwhile (``redraw_later``) is
        drawn once, when the person is to act or before the page gets control back."""
        self.cancel_timer()
        pause, self.deal_pause = self.deal_pause, 0
        if self.session is None or self.screen != "table" or self.teach.holding():
            self.redraw_if_stale()
            return
        if self.auto_pass_now():  # passed before the prompt is ever painted
            self.do("pass")  # (do() schedules what follows)
            return
        if self.session.waiting() == "bot":
            delay = self.bot_delay()
            if delay == 0 and self.stale and \
                    window.performance.now() - self.stale_since < CHAIN_MS:
                self.bot_tick()
                return
            self.redraw_if_stale()
            self.timer = window.setTimeout(self._tick, max(delay, pause + 200) if pause else delay)
            return
        self.redraw_if_stale()

    def show_interim(self) -> bool:
        """After a move that ended a Durak bout at once (a beat, throw-in or take nobody
        could answer: the person's "done" is automatic, DUR-14, DUR-15), draw the table as
        that move left it (``Session.interim``: its card on the table) and the cleared
        table only after the delay of the chosen speed (``interim_over``), as a computer
        player's next move is paced: the move is seen before the bout is cleared (a
        new-user check saw the computer's beat never reach the table). True when it was
        drawn; False (nothing done) at speed "instant", with several people at the table
        (their screens are ``game.web.privacy``'s), or when the move ended no bout."""
        s = self.session
        mid = s.interim if s is not None else None
        if s is not None:
            s.interim = None
        delay = model.SPEEDS.get(self.speed, 750)
        if mid is None or delay == 0 or self.screen != "table" or len(s.humans) > 1:
            return False
        self.cancel_timer()
        # the one-line log tells the move up to the bout's end; the end itself (cards
        # discarded or picked up, the draw, the next bout) comes with the cleared table
        moved = self.move_events
        first = next((k for k, ev in enumerate(moved)
                      if ev.get("type") in ("discard", "pick_up")), len(moved))
        told = self.log_events
        ended = moved[first:first + 1]   # the event that ended the bout (the same object)
        end = next((k for k, ev in enumerate(told) if any(ev is m for m in ended)), None)
        if end is not None:
            self.log_events = told[:end]
        # the move history likewise: the bout's end is listed with the cleared table
        self.move_history.hold = sum(1 for ev in moved[first:] if ev.get("type") != "action")
        try:
            self.render(mid)
        finally:
            self.log_events = told
            self.move_history.hold = 0
        self.timer = window.setTimeout(self._interim, delay)
        return True

    def interim_over(self, *args) -> None:
        """The pause of ``show_interim`` is over: draw the table as it is (the bout
        cleared) and go on (``schedule``)."""
        self.timer = None
        if self.session is None or self.screen != "table":
            return
        try:
            self.render()
            self.schedule()
        except Exception as exc:
            self.internal_error(exc)

    def bot_delay(self) -> int:
        """The pause in ms before the computer player to act moves (``model.bot_delay``:
        the speed chosen, shorter within its turn, none in a claim window)."""
        s = self.session
        return model.bot_delay(self.speed, s.game, getattr(s.state, "phase", None))

    def redraw_later(self) -> bool:
        """True (and the table marked stale) when the table need not be drawn now, at a
        table of one person outside a lesson: a computer player moves next without a
        pause (``bot_delay``: speed "instant", a claim window), or the person is asked
        about a discard they pass on without being asked (``auto_pass_now``); ``schedule``
        then makes that move at once and draws the table after."""
        if self.session is None or self.screen != "table" or self.teach.active \
                or len(self.session.humans) > 1:
            return False
        waiting = self.session.waiting()
        if not (waiting == "bot" and self.bot_delay() == 0
                or waiting == "human" and self.auto_pass_now()):
            return False
        if not self.stale:
            self.stale = True
            self.stale_since = window.performance.now()
        self.table.passed(self.session.view())
        return True

    def redraw_if_stale(self) -> None:
        """Draw the table now if a redraw was left for later (``redraw_later``)."""
        if self.stale:
            self.stale = False
            if self.session is not None and self.screen == "table":
                self.render()

    def auto_pass_now(self) -> bool:
        """True when the human may claim a discard out of turn (DUN-7, ELV-6) and does
        not want to be asked about this one: the "claim_prompt" preference is "never", or
        "fits" (the default) and the card fits neither their hand nor their contract
        (``dunka_model.claim_fits``). Never in a teaching position: a lesson may be about
        that very claim; never with several people (they answer one prompt together,
        ``game.web.privacy``)."""
        if self.teach.active or self.session.waiting() != "human" \
                or len(self.session.humans) > 1 \
                or sorted(self.session.legal()) != ["dunk", "pass"]:
            return False
        mode = self.prefs.get("claim_prompt", "fits")
        if mode == "never":
            return True
        return mode == "fits" and not claim_fits(self.session.view())

    def bot_tick(self, *args) -> None:
        """The delay is over: start finding the computer player's move."""
        self.timer = None
        if self.session is None or self.screen != "table":
            return
        self.search = (self.session, self.session.step_bot_sliced())
        self.bot_slice()

    def bot_slice(self, *args) -> None:
        """Search for up to ``SLICE_MS``; then either play the move found or let the page
        breathe and go on. A search whose session was replaced (a new game, the lobby) is
        dropped."""
        self.timer = None
        search = self.search
        if search is None or search[0] is not self.session or self.screen != "table":
            self.search = None
            return
        try:
            start = window.performance.now()
            while window.performance.now() - start < SLICE_MS:
                next(search[1])
            self.redraw_if_stale()  # the page gets control back: show the table as it is
            self.timer = window.setTimeout(self._slice, 0)
            return
        except StopIteration as done:
            events = done.value
        except Exception as exc:
            self.search = None
            self.internal_error(exc)
            return
        self.search = None
        try:
            if events:
                self.teach.played(events[0].get("text", ""), events, "bot")
                self.after_others(events)
            else:
                self.schedule()
        except Exception as exc:
            self.internal_error(exc)
