"""The move history panel (issue 11, scope 3), driven through the DOM (Playwright).

The oracle is the engine itself: the human's clicks are recorded as their action texts
and replayed in CPython on a session with the same seed, which gives every event the
computer made; each of them must be in ``#moves`` once its bout is cleared, and after a
reload the history and the line of what the computer just did are still there.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from browser_harness import open_game
from durak_driver import ENABLED, tap, wait_settled

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.session import Session  # noqa: E402
from game.web import model  # noqa: E402

URL = "?game=durak&players=2&seed=7&speed=instant&lang=en"
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
        self.bouts: list[list[dict]] = [[]]
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


def move(page, rng: random.Random) -> str:
    """One legal move as the human through the DOM (as ``durak_driver.human_move``);
    returns its action text (the ``data-action`` of what was tapped last)."""
    selectable = page.locator(".hand .card.playable:not([data-action])")
    if selectable.count() and rng.random() < 0.7:
        tap(selectable.nth(rng.randrange(selectable.count())))
        for sel in (".bout [data-action]", ".actions [data-ui=attack][data-action]"):
            found = page.locator(sel)
            if found.count():
                el = found.nth(rng.randrange(found.count()))
                action = el.get_attribute("data-action")
                tap(el)
                return action
    buttons = page.locator(ENABLED)
    el = buttons.nth(rng.randrange(buttons.count()))
    action = el.get_attribute("data-action")
    tap(el)
    return action


def test_every_computer_move_of_a_bout_is_in_the_history_after_the_bout(page, site):
    """One game from its link: every computer move of a finished bout is in the history;
    the first finished bout still shown survives a reload (check_the_last_bout_...); the
    history and the computer's last line survive a reload at the end."""
    open_game(page, site.url + URL)
    rng = random.Random(4)
    engine = Replay()
    checked = 0
    last_bout_checked = False
    for _ in range(200):
        if wait_settled(page) != "human":
            break
        shown = history(page)
        for bout in engine.bouts[:-1]:  # the bouts that are over: cleared from the table
            for line in computer_lines(bout):
                assert line in shown, (line, shown)
                checked += 1
        if not last_bout_checked and page.evaluate(LAST_BOUT):
            # the first bout over while the human is to move (the same game, the same
            # moves as before): the last bout survives a reload; that makes one move
            engine.feed(check_the_last_bout_is_still_shown_after_a_reload(page, rng))
            last_bout_checked = True
            continue
        engine.feed(move(page, rng))
    assert checked >= 10, "too few bouts were played to test anything"
    assert last_bout_checked, "no bout ended while the human was to move"
    # the history is restored after a reload, and so is the line of the computer's move
    before = history(page)
    log_before = page.locator("#table .log").inner_text()
    open_game(page, page.url, reload=True)
    wait_settled(page)
    assert history(page) == before
    if page.locator("#table[data-over]").count() == 0:
        assert log_before.strip() and page.locator("#table .log").inner_text() == log_before


def test_a_damaged_stored_history_does_not_stop_the_page(page, site):
    from game import saves
    open_game(page, site.url + URL)
    wait_settled(page)
    tap(page.locator(ENABLED).first)
    wait_settled(page)
    assert history(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [saves.MOVES_KEY, "[" * 50_000])
    open_game(page, page.url, reload=True)
    assert wait_settled(page) == "human"
    assert page.locator("#moves").count() == 1 and history(page) == []
    tap(page.locator(ENABLED).first)  # the next move starts a new history
    wait_settled(page)
    assert history(page)


LAST_BOUT = """() => [...document.querySelectorAll('#table .last-bout .pair')].map(
  (p) => [...p.querySelectorAll('[data-card]')].map((c) => c.dataset.card).join(':'))"""


def check_the_last_bout_is_still_shown_after_a_reload(page, rng: random.Random) -> str:
    """A finished bout stays in view until the human's next move (issue 11); a reload in
    between shows it again, rebuilt from the stored move history. Makes the human's next
    move (``move``) and returns its action text."""
    shown = page.evaluate(LAST_BOUT)
    assert shown
    taken_by = page.get_attribute("#table .last-bout", "data-taken-by")
    open_game(page, page.url, reload=True)
    wait_settled(page)
    assert page.evaluate(LAST_BOUT) == shown
    assert page.get_attribute("#table .last-bout", "data-taken-by") == taken_by
    # after the human's next move the table shows the bout that move ended, or none: a
    # reload shows the same
    action = move(page, rng)
    wait_settled(page)
    if page.locator("#table[data-over]").count() == 0:
        again = page.evaluate(LAST_BOUT)
        open_game(page, page.url, reload=True)
        wait_settled(page)
        assert page.evaluate(LAST_BOUT) == again
    return action
