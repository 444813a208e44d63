"""Drive a Dunka table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table[data-game=dunka]`` with ``data-waiting`` and, at
the end, ``data-over``; every element that performs one engine action has
``data-action``; hand cards are toggle buttons (``aria-pressed``); the lay-down chooser is
``#chooser``; the round summary is ``#round-result``.
"""

from __future__ import annotations

import random

from durak_driver import counts, tap, wait_settled


def hand(page) -> list[str]:
    return page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")


def human_move(page, rng: random.Random, dunk: bool = False) -> str:
    """Make one legal move as the human through the DOM; returns what was done."""
    claim = f"[data-ui={'dunk' if dunk else 'pass'}][data-action]"
    found = dict(zip(("next", "claim", "pass", "draw", "pile", "lay"), counts(
        page, "#round-result [data-action=next]", claim, "[data-ui=pass][data-action]",
        ".stock-pile [data-action]", ".discard-pile [data-action]",
        ".actions [data-ui=laydown]:not([aria-disabled=true])")))
    for name, key, selector in (("next", "next", "#round-result [data-action=next]"),
                                ("dunk" if dunk else "pass", "claim", claim),
                                ("pass", "pass", "[data-ui=pass][data-action]")):
        if found[key]:
            tap(page.locator(selector).first)
            return name
    if found["draw"]:
        take_pile = found["pile"] and rng.random() < 0.2
        tap(page.locator(".discard-pile [data-action]" if take_pile
                         else ".stock-pile [data-action]").first)
        return "draw"
    if found["lay"]:
        tap(page.locator(".actions [data-ui=laydown]:not([aria-disabled=true])").first)
        option = page.locator("#chooser [data-action]")
        option.first.wait_for()
        tap(option.nth(rng.randrange(option.count())))
        return "meld"
    cards = page.locator(".hand .card.playable")
    order = list(range(cards.count()))
    rng.shuffle(order)
    for i in order:
        tap(page.locator(".hand .card.playable").nth(i))
        target, discard, clear = counts(page, ".meld [data-action]",
                                        ".actions [data-ui=discard][data-action]",
                                        ".actions [data-ui=clear]")
        if target and rng.random() < 0.8:
            tap(page.locator(".meld [data-action]").first)
            return "layoff"
        if discard:
            tap(page.locator(".actions [data-ui=discard][data-action]").first)
            return "discard"
        if clear:
            tap(page.locator(".actions [data-ui=clear]").first)
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
