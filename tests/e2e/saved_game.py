"""Open the page at a late state of a game without playing to it through the DOM.

The engine plays to the state in CPython (random legal moves for the human, the computer
players' own moves) and the save and its move history are written to the page's
localStorage before the page boots, as the page itself writes them after every move
(``game.saves.dumps`` under ``saves.SESSION_KEY``, ``game.movelog.dumps`` under
``saves.MOVES_KEY``); the page then resumes that game like after a reload. A test about
what a late state looks like (a round summary, a hand result) starts here in a second or
two instead of a minute of taps; each game is still played whole through the DOM by its
own test (test_dunka_ui.py, test_elvakort_ui.py, test_tonk_ui.py, test_durak_ui.py).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Callable

from browser_harness import open_game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game import movelog, saves  # noqa: E402
from game.session import Session  # noqa: E402


def players(n: int, level: str = "normal") -> list[dict]:
    """The human at seat 0 and ``n - 1`` computer players of ``level``."""
    return [{"name": "You", "kind": "human"}] + [
        {"name": f"Computer {i}", "kind": "bot", "level": level} for i in range(1, n)]


def play_until(game: str, n: int, seed: int, rng: random.Random,
               done: Callable[[Session], bool], max_moves: int = 5000,
               rules: dict | None = None) -> tuple[Session, movelog.MoveLog]:
    """A ``game`` session of ``n`` players dealt from ``seed``, played in CPython until
    ``done(session)`` is true when the human is to act (random legal human actions drawn
    from ``rng``); returns it with its move history. Raises ``AssertionError`` when the
    game ends first or ``max_moves`` human moves do not reach the state."""
    session = Session.new(game, rules or {}, players(n), seed)
    log = movelog.MoveLog.fresh(session)
    for _ in range(max_moves):
        while session.waiting() == "bot":
            log.add(session, session.step_bot())
        assert session.waiting() == "human", f"the game ended first ({session.waiting()})"
        if done(session):
            return session, log
        log.add(session, session.play(rng.choice(session.legal())))
    raise AssertionError("the state was not reached")


def play_to_end(game: str, n: int, seed: int, rng: random.Random, max_moves: int = 5000,
                rules: dict | None = None,
                human: Callable[[Session, random.Random], str] | None = None
                ) -> tuple[Session, movelog.MoveLog]:
    """A ``game`` session of ``n`` players dealt from ``seed``, played in CPython to the end
    of its game (``waiting()`` is ``"game_over"`` or ``"series_over"``: Dunka and Elvakort
    after their last round, Durak at a game's end); the human's moves are ``human(session,
    rng)`` (default: a random legal action, a round's ``next`` included). Returns it with
    its move history. Raises ``AssertionError`` when ``max_moves`` human moves do not end
    it."""
    session = Session.new(game, rules or {}, players(n), seed)
    log = movelog.MoveLog.fresh(session)
    for _ in range(max_moves):
        while session.waiting() == "bot":
            log.add(session, session.step_bot())
        if session.waiting() != "human":
            return session, log
        move = human(session, rng) if human else rng.choice(session.legal())
        log.add(session, session.play(move))
    raise AssertionError("the game did not end")


def open_saved(page, site, session: Session, log: movelog.MoveLog | None = None,
               query: str = "speed=instant&lang=en") -> None:
    """Store ``session`` (and ``log``) in the page's localStorage and open the page with
    ``query`` (URL parameters that start no game: speed, lang), which resumes it. One
    boot only: the storage is written before the page's own scripts run (``store``)."""
    items = {saves.SESSION_KEY: saves.dumps(session)}
    if log is not None:
        items[saves.MOVES_KEY] = movelog.dumps(log)
    store(page, items)
    open_game(page, site.url + "?" + query)


# Writes the items at the next navigation of the tab only (not at a later reload): init
# scripts stay for the context's life, so each carries a number and writes only while
# the tab's sessionStorage has seen no script of that number yet.
_STORE_SCRIPT = """(() => {
  const n = %d, items = %s, seen = Number(sessionStorage.getItem("kortbordet-test-store") || 0);
  if (seen >= n) return;
  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  sessionStorage.setItem("kortbordet-test-store", String(n));
})();"""


def store(page, items: dict[str, str]) -> None:
    """Have ``items`` in localStorage when the page next navigates (before its scripts
    run), without a boot of its own; a later reload does not write them again."""
    store.count = getattr(store, "count", 0) + 1
    page.add_init_script(_STORE_SCRIPT % (store.count, json.dumps(items)))


def store_prefs(page, prefs: dict) -> None:
    """Set the page's preferences (``saves.PREFS_KEY``) before it next boots."""
    store(page, {saves.PREFS_KEY: json.dumps(prefs)})
