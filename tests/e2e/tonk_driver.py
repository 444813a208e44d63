"""Drive a Tonk table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table[data-game=tonk]`` with ``data-waiting``; every
element that performs one engine action has ``data-action``; hand cards are toggle buttons
(``aria-pressed``); ``#hand-info[data-hand]`` numbers the hand; the result of a finished
hand is ``#hand-result`` (``data-end``, ``data-player``) with the Next hand button; the
ledger is ``#ledger``.
"""

from __future__ import annotations

import random

from durak_driver import tap, wait_settled


def _first(page, selector: str):
    loc = page.locator(selector)
    return loc.first if loc.count() else None


def hand(page) -> list[str]:
    return page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")


def hand_no(page) -> int:
    return int(page.get_attribute("#hand-info", "data-hand"))


def ledger(page) -> dict:
    """The ledger as shown: balances by seat and each seat's chart values."""
    balances = page.eval_on_selector_all(
        "#ledger [data-balance]", "els => els.map(e => Number(e.dataset.balance))")
    lines = page.eval_on_selector_all(
        "#ledger-chart g.line", "els => els.map(e => [Number(e.dataset.seat), e.dataset.values])")
    hands = page.get_attribute("#ledger-chart svg.chart", "data-hands") \
        if page.locator("#ledger-chart svg.chart").count() else ""
    return {"balances": balances, "lines": sorted(lines), "hands": hands,
            "text": page.eval_on_selector_all("#chart-text li", "els => els.map(e => e.textContent)")}


def human_move(page, rng: random.Random, knock: bool = False) -> str:
    """Make one legal move as the human through the DOM; returns what was done."""
    nxt = _first(page, "#hand-result [data-action=next]")
    if nxt is not None:
        tap(nxt)
        return "next"
    knock_btn = _first(page, ".actions [data-ui=knock]")
    if knock_btn is not None and knock:
        tap(knock_btn)  # Knock asks first ("Knock with n points?")
        tap(page.locator(".actions [data-ui=knock-confirm]"))
        return "knock"
    draw = _first(page, ".stock-pile [data-action]")
    pile = _first(page, ".discard-pile [data-action]")
    end = _first(page, ".actions [data-ui=end][data-action]")
    if draw is not None or pile is not None or end is not None:
        choices = [x for x in (draw, draw, draw, pile, end) if x is not None]
        choice = rng.choice(choices)
        tap(choice)
        return "draw" if choice is not end else "end"
    spread = _first(page, ".actions [data-ui=spread]:not([aria-disabled=true])")
    if spread is not None and rng.random() < 0.8:
        tap(spread)  # nothing selected: selects the cards of a spread
        tap(page.locator(".actions [data-ui=spread][data-action]"))
        return "spread"
    cards = page.locator(".hand .card.playable")
    order = list(range(cards.count()))
    rng.shuffle(order)
    for i in order:
        tap(page.locator(".hand .card.playable").nth(i))
        target = _first(page, ".spread [data-action]")
        if target is not None and rng.random() < 0.7:
            tap(target)
            return "hit"
        discard = _first(page, ".actions [data-ui=discard][data-action]")
        if discard is not None:
            tap(discard)
            return "discard"
        clear = _first(page, ".actions [data-ui=clear]")
        if clear is not None:
            tap(clear)
    raise AssertionError("the human is to act but no move could be made: " + page.locator(
        "#status-line").inner_text())


def play_until(page, rng: random.Random, done, max_moves: int = 2000,
               knock: bool = False) -> list[str]:
    """Move as the human until ``done(page)`` is true (checked whenever the table waits);
    returns the moves made."""
    moves = []
    for _ in range(max_moves):
        state = wait_settled(page, timeout_ms=60_000)
        if done(page):
            return moves
        assert state == "human", f"unexpected table state {state}"
        moves.append(human_move(page, rng, knock=knock))
    raise AssertionError("the condition was not reached")
