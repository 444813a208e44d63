"""Drive a Durak table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table`` has ``data-game``, ``data-waiting`` and, at the
end, ``data-over``; every element that performs one engine action has ``data-action``.
"""

from __future__ import annotations

import random

ENABLED = "#table [data-action]:not([aria-disabled=true])"


def tap(locator) -> None:
    """Tap an element where a person would: near its top-left corner, which stays visible
    when cards overlap in a fanned hand on a narrow screen (the centre may be covered)."""
    locator.click(position={"x": 8, "y": 16})


_COUNTS = "(sels) => sels.map((s) => document.querySelectorAll(s).length)"


def counts(page, *selectors: str) -> list[int]:
    """How many elements match each CSS selector, in one round trip to the page (a
    driver's move asks several; one ``locator().count()`` each was a round trip each)."""
    return page.evaluate(_COUNTS, list(selectors))


def wait_settled(page, timeout_ms: int = 20_000) -> str:
    """Wait until the table waits for the human or the game is over; return the state."""
    page.wait_for_function(
        """() => { const t = document.querySelector('#table');
                   return t && (t.dataset.waiting === 'human' || t.hasAttribute('data-over')
                                || t.dataset.waiting === 'game_over'
                                || t.dataset.waiting === 'series_over'); }""",
        timeout=timeout_ms, polling=20)
    return page.evaluate("document.querySelector('#table').dataset.waiting")


def human_move(page, rng: random.Random) -> bool:
    """Make one legal move as the human through the DOM. False if there was none.

    A playable card without ``data-action`` has several moves (beats on several attack
    cards, or a lead alone or with its pair: ``attack 6H``, ``attack 6H 6D``): it is
    selected first, then a target or the Attack button is tapped. When every playable
    card is such a card (a lead from a hand of pairs) there is no other control to tap,
    so one is always selected then."""
    selectable = page.locator(".hand .card.playable:not([data-action])")
    n_selectable, n = counts(page, ".hand .card.playable:not([data-action])", ENABLED)
    if n_selectable and (rng.random() < 0.7 or not n):
        tap(selectable.nth(rng.randrange(n_selectable)))
        n_targets, n_attack, n = counts(page, ".bout [data-action]",
                                        ".actions [data-ui=attack][data-action]", ENABLED)
        if n_targets:
            tap(page.locator(".bout [data-action]").nth(rng.randrange(n_targets)))
            return True
        if n_attack:
            tap(page.locator(".actions [data-ui=attack][data-action]"))
            return True
    if not n:
        return False
    tap(page.locator(ENABLED).nth(rng.randrange(n)))
    return True


def table_cards(page) -> list[str]:
    """Every card shown on the table (hands as backs included), in page order; the last
    bout, shown dimmed until the human's next move, is left out: it is already on the
    discard pile or in a hand, and a reload does not show it again (the move history does)."""
    return page.eval_on_selector_all(
        "#table [data-card]",
        "els => els.filter(e => !e.closest('.last-bout')).map(e => e.dataset.card)")


def play_to_end(page, seed: int, max_moves: int = 600) -> None:
    """Make random legal human moves until the game is over; fail if the human is asked
    to act with nothing clickable, or the game does not end."""
    rng = random.Random(seed)
    for _ in range(max_moves):
        if wait_settled(page) in ("game_over", "series_over"):
            break
        assert human_move(page, rng), "the human is to act but nothing is clickable"
    page.wait_for_selector("#table[data-over]")
