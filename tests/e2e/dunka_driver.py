"""Drive a Dunka table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table[data-game=dunka]`` with ``data-waiting`` and, at
the end, ``data-over``; every element that performs one engine action has
``data-action``; hand cards are toggle buttons (``aria-pressed``); the lay-down chooser is
``#chooser`` (only when there are several ways: one is laid down at once); the round summary is ``#round-result``. One ``table_driver.look`` per tap
reads the table; ``tap_at`` taps (table_driver.py).
"""

from __future__ import annotations

import random

from table_driver import Look, look, tap_at, tapped_draw

NEXT = "#round-result [data-action=next]"
DUNK = "[data-ui=dunk][data-action]"
PASS = "[data-ui=pass][data-action]"
STOCK = ".stock-pile [data-action]"
PILE = ".discard-pile [data-action]"
LAY = ".actions [data-ui=laydown]:not([aria-disabled=true])"
PLAYABLE = ".hand .card.playable"
CHOICES = "#chooser [data-action]"
TARGETS = ".meld.target[data-action], .meld.target[data-ui=meld-open]"
"""A highlighted meld: its one move, or (several) a tap that opens them (``MELD_MOVES``)."""
MELD_MOVES = ".meld-acts [data-action]"
DISCARD = ".actions [data-ui=discard][data-action]"
CLEAR = ".actions [data-ui=clear]"
MOVE_SELECTORS = (NEXT, DUNK, PASS, STOCK, PILE, LAY, PLAYABLE)
AFTER_SELECTING = (TARGETS, DISCARD, CLEAR, PLAYABLE)

OVER = ("!!document.querySelector(\"#table[data-over=true], #table[data-over='']\")"
        " || document.querySelector('#table').dataset.waiting === 'series_over'")
"""JS: the game is over (``play_to_end``'s condition)."""


def hand(page) -> list[str]:
    return page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")


def human_move(page, rng: random.Random, dunk: bool = False, seen: Look | None = None) -> str:
    """Make one legal move as the human through the DOM; returns what was done.
    ``seen``: a ``look`` at ``MOVE_SELECTORS`` just taken (saves a round trip)."""
    if seen is None:
        seen = look(page, MOVE_SELECTORS)
    for name, selector in (("next", NEXT), ("dunk" if dunk else "pass", DUNK if dunk else PASS),
                           ("pass", PASS)):
        if seen.all(selector):
            tap_at(page, seen.all(selector)[0])
            return name
    if seen.all(STOCK):
        take_pile = seen.all(PILE) and rng.random() < 0.2
        tap_at(page, (seen.all(PILE) if take_pile else seen.all(STOCK))[0])
        return "draw"
    if seen.all(LAY):
        tap_at(page, seen.all(LAY)[0])
        # the tap draws the chooser, or lays the only way down at once: either way a
        # later drawing than the tapped one, read once the table waits again
        options = look(page, (CHOICES,), after=tapped_draw(page)).all(CHOICES)
        if options:
            tap_at(page, options[rng.randrange(len(options))])
        return "meld"
    cards = seen.all(PLAYABLE)
    order = list(range(len(cards)))
    rng.shuffle(order)
    for i in order:
        tap_at(page, cards[i])
        after = look(page, AFTER_SELECTING)
        cards = after.all(PLAYABLE)
        if after.all(TARGETS) and rng.random() < 0.8:
            tap_at(page, after.all(TARGETS)[0])
            moves = look(page, (MELD_MOVES, PLAYABLE), after=tapped_draw(page)).all(MELD_MOVES)
            if moves:   # the meld offered several moves: one of them
                tap_at(page, moves[rng.randrange(len(moves))])
            return "layoff"
        if after.all(DISCARD):
            tap_at(page, after.all(DISCARD)[0])
            return "discard"
        if after.all(CLEAR):
            tap_at(page, after.all(CLEAR)[0])
            cards = look(page, (PLAYABLE,)).all(PLAYABLE)
    raise AssertionError("the human is to act but no move could be made: " + page.locator(
        "#status-line").inner_text())


def play_until(page, rng: random.Random, done, max_moves: int = 2000, dunk: bool = False,
               extra: str | None = None, on_look=None) -> None:
    """Move as the human until ``done`` is true (checked whenever the table waits): a JS
    expression read in the same round trip as the table (``table_driver.look``), or a
    function of the page (a round trip more). ``extra`` (JS function source) and
    ``on_look(look)``: a further reading of the page at each of those moments, given to
    ``on_look`` (``Look.extra``)."""
    for _ in range(max_moves):
        seen = look(page, MOVE_SELECTORS, until=done if isinstance(done, str) else None,
                    extra=extra, timeout_ms=60_000)
        if on_look is not None:
            on_look(seen)
        if seen.done if isinstance(done, str) else done(page):
            return
        assert seen.state == "human", f"the game ended first ({seen.state})"
        human_move(page, rng, dunk=dunk, seen=seen)
    raise AssertionError("the condition was not reached")


def play_to_end(page, seed: int) -> None:
    play_until(page, random.Random(seed), OVER)
