"""Drive a Dunka table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table[data-game=dunka]`` with ``data-waiting`` and, at
the end, ``data-over``; every element that performs one engine action has
``data-action``; hand cards are toggle buttons (``aria-pressed``); the lay-down chooser is
``#chooser``; the round summary is ``#round-result``.
"""

from __future__ import annotations

import random

from durak_driver import tap, wait_settled


def _first(page, selector: str):
    loc = page.locator(selector)
    return loc.first if loc.count() else None


def hand(page) -> list[str]:
    return page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")


def human_move(page, rng: random.Random, dunk: bool = False) -> str:
    """Make one legal move as the human through the DOM; returns what was done."""
    for name, selector in (("next", "#round-result [data-action=next]"),
                           ("dunk" if dunk else "pass",
                            f"[data-ui={'dunk' if dunk else 'pass'}][data-action]"),
                           ("pass", "[data-ui=pass][data-action]")):
        el = _first(page, selector)
        if el is not None:
            tap(el)
            return name
    draw = _first(page, ".stock-pile [data-action]")
    if draw is not None:
        pile = _first(page, ".discard-pile [data-action]")
        tap(pile if pile is not None and rng.random() < 0.2 else draw)
        return "draw"
    lay = _first(page, ".actions [data-ui=laydown]:not([aria-disabled=true])")
    if lay is not None:
        tap(lay)
        option = page.locator("#chooser [data-action]")
        option.first.wait_for()
        tap(option.nth(rng.randrange(option.count())))
        return "meld"
    cards = page.locator(".hand .card.playable")
    order = list(range(cards.count()))
    rng.shuffle(order)
    for i in order:
        tap(page.locator(".hand .card.playable").nth(i))
        target = _first(page, ".meld [data-action]")
        if target is not None and rng.random() < 0.8:
            tap(target)
            return "layoff"
        discard = _first(page, ".actions [data-ui=discard][data-action]")
        if discard is not None:
            tap(discard)
            return "discard"
        clear = _first(page, ".actions [data-ui=clear]")
        if clear is not None:
            tap(clear)
    raise AssertionError("the human is to act but no move could be made: " + page.locator(
        "#status-line").inner_text())


def play_until(page, rng: random.Random, done, max_moves: int = 2000, dunk: bool = False) -> None:
    """Move as the human until ``done(page)`` is true (checked whenever the table waits)."""
    for _ in range(max_moves):
        state = wait_settled(page, timeout_ms=60_000)
        if done(page):
            return
        assert state == "human", f"the game ended first ({state})"
        human_move(page, rng, dunk=dunk)
    raise AssertionError("the condition was not reached")


def play_to_end(page, seed: int) -> None:
    play_until(page, random.Random(seed),
               lambda p: p.locator("#table[data-over=true], #table[data-over='']").count() > 0
               or p.evaluate("document.querySelector('#table').dataset.waiting") == "series_over")
