"""The move history panel (issue 11, scope 3), driven through the DOM (Playwright).

The oracle is the engine itself: the human's clicks are recorded as their action texts
and replayed in CPython on a session with the same seed (``Replay``), which gives every
event the computer made; each of them must be in ``#moves`` once its bout is cleared, and
after a reload the history and the line of what the computer just did are still there.
Those checks ride on the whole Durak game of test_durak_ui.py (the same link: one game
through the DOM, not two); here, a damaged stored history.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import saved_game

from browser_harness import open_game
from durak_driver import ENABLED, tap, wait_settled

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.session import Session  # noqa: E402
from game.web import model  # noqa: E402

PLAYERS = [{"name": "You", "kind": "human"},
           {"name": "Computer 1", "kind": "bot", "level": "normal"}]


def history(page) -> list[str]:
    return page.eval_on_selector_all("#moves li", "els => els.map(e => e.textContent)")


def computer_lines(events: list[dict]) -> list[str]:
    """The history's lines of the moves among ``events`` that are not the human's own
    (English; one line per move: a new bout and its first attack are one line)."""
    return [line for line in model.history_lines("en", events, PLAYERS, 0)
            if not line.startswith("You ")]


class Replay:
    """The engine's events of the game, in CPython, as the human's actions arrive:
    ``feed(action)`` plays it and the computer's moves that follow; ``bouts`` holds the
    events one list per bout (a bout starts with its ``bout`` event). Played on as the
    actions come (not replayed from the deal each time, which made the test quadratic)."""

    def __init__(self) -> None:
        self.session = Session.new("durak", {}, PLAYERS, 7)
        # the deal's events (the trump card, the first bout) begin the first bout's list
        self.bouts: list[list[dict]] = [self.session.state.opening_events()]
        self._run(None)

    def feed(self, action: str) -> None:
        self._run(action)

    def _run(self, action: str | None) -> None:
        s = self.session
        while s.waiting() in ("human", "bot"):
            if s.waiting() == "bot":
                events = s.step_bot()
            elif action is not None:
                events, action = s.play(action), None
            else:
                break
            for ev in events:
                if ev.get("type") == "bout":
                    self.bouts.append([])
                self.bouts[-1].append(ev)


def test_a_damaged_stored_history_does_not_stop_the_page(page, site):
    """A game saved with its move history damaged (50,000 nested brackets) is resumed
    with an empty history (one boot: both stored before it, saved_game.store); the next
    move starts a new one, in the side's last panel."""
    from game import saves
    session, _ = saved_game.play_until("durak", 2, 7, random.Random(1), lambda s: True)
    saved_game.store(page, {saves.SESSION_KEY: saves.dumps(session),
                            saves.MOVES_KEY: "[" * 50_000})
    open_game(page, site.url + "?speed=instant&lang=en")
    assert wait_settled(page) == "human"
    assert page.locator("#moves").count() == 1 and history(page) == []
    tap(page.locator(ENABLED).first)  # the next move starts a new history
    wait_settled(page)
    assert history(page)
    # the history grows all game: it is the side's last panel, so the settings (speed,
    # sort) stay near the top of a phone's drawer instead of 80 moves down
    assert page.evaluate("[...document.querySelectorAll('.side > *')].at(-1).id") == "moves"
    assert page.locator(".side > .prefs + #moves").count() == 1


LAST_BOUT = """() => [...document.querySelectorAll('#table .last-bout .pair')].map(
  (p) => [...p.querySelectorAll('[data-card]')].map((c) => c.dataset.card).join(':'))"""
