"""Drive a Durak table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table`` has ``data-game``, ``data-waiting`` and, at the
end, ``data-over``; every element that performs one engine action has ``data-action``.
One ``table_driver.look`` per tap reads the table; ``tap_at`` taps (table_driver.py).
"""

from __future__ import annotations

import random

from table_driver import Look, look, tap, tap_at

__all__ = ["ENABLED", "counts", "human_move", "play_to_end", "table_cards", "tap",
           "wait_settled"]

ENABLED = "#table [data-action]:not([aria-disabled=true])"
SELECTABLE = ".hand .card.playable:not([data-action])"
TARGETS = ".bout [data-action]"
ATTACK = ".actions [data-ui=attack][data-action]"
MOVE_SELECTORS = (SELECTABLE, ENABLED)
AFTER_SELECTING = (TARGETS, ATTACK, ENABLED)

_COUNTS = "(sels) => sels.map((s) => document.querySelectorAll(s).length)"


def counts(page, *selectors: str) -> list[int]:
    """How many elements match each CSS selector, in one round trip to the page (a
    driver's move asks several; one ``locator().count()`` each was a round trip each)."""
    return page.evaluate(_COUNTS, list(selectors))


def wait_settled(page, timeout_ms: int = 20_000) -> str:
    """Wait until the table waits for the human or the game is over; return the state
    (``#table``'s ``data-waiting``). One round trip (``table_driver.look``)."""
    return look(page, timeout_ms=timeout_ms).state


def human_move(page, rng: random.Random, seen: Look | None = None) -> str:
    """Make one legal move as the human through the DOM; returns the ``data-action`` of
    the control tapped last (the move's action text), or "" if there was no move.
    ``seen``: a ``look`` at ``MOVE_SELECTORS`` just taken (saves a round trip).

    A playable card without ``data-action`` has several moves (beats on several attack
    cards, or a lead alone or with its pair: ``attack 6H``, ``attack 6H 6D``): it is
    selected first, then a target or the Attack button is tapped. When every playable
    card is such a card (a lead from a hand of pairs) there is no other control to tap,
    so one is always selected then."""
    if seen is None:
        seen = look(page, MOVE_SELECTORS)
    selectable, enabled = seen.all(SELECTABLE), seen.all(ENABLED)
    if selectable and (rng.random() < 0.7 or not enabled):
        tap_at(page, selectable[rng.randrange(len(selectable))])
        after = look(page, AFTER_SELECTING)
        targets, attack = after.all(TARGETS), after.all(ATTACK)
        enabled = after.all(ENABLED)
        if targets:
            return tap_at(page, targets[rng.randrange(len(targets))])
        if attack:
            assert len(attack) == 1, "two Attack buttons"
            return tap_at(page, attack[0])
    if not enabled:
        return ""
    return tap_at(page, enabled[rng.randrange(len(enabled))])


def table_cards(page) -> list[str]:
    """Every card shown on the table (hands as backs included), in page order; the last
    bout, shown dimmed until the human's next move, is left out: it is already on the
    discard pile or in a hand, and a reload does not show it again (the move history does)."""
    return page.eval_on_selector_all(
        "#table [data-card]",
        "els => els.filter(e => !e.closest('.last-bout')).map(e => e.dataset.card)")


def play_to_end(page, seed: int, max_moves: int = 600, on_move=None) -> None:
    """Make random legal human moves until the game is over; fail if the human is asked
    to act with nothing clickable, or the game does not end. ``on_move(seen, action)``
    (optional) is told of each move: the ``look`` before it and its action text."""
    rng = random.Random(seed)
    for _ in range(max_moves):
        seen = look(page, MOVE_SELECTORS)
        if seen.state in ("game_over", "series_over"):
            break
        action = human_move(page, rng, seen)
        assert action, "the human is to act but nothing is clickable"
        if on_move is not None:
            on_move(seen, action)
    page.wait_for_selector("#table[data-over]")
