"""Drive a Tonk table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table[data-game=tonk]`` with ``data-waiting``; every
element that performs one engine action has ``data-action``; hand cards are toggle buttons
(``aria-pressed``); ``#hand-info[data-hand]`` numbers the hand; the result of a finished
hand is ``#hand-result`` (``data-end``, ``data-player``) with the Next hand button; the
ledger is ``#ledger``.
"""

from __future__ import annotations

import random

from durak_driver import counts, tap, wait_settled


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
    nxt, knock_btn, draw, pile, end, spread = counts(
        page, "#hand-result [data-action=next]", ".actions [data-ui=knock]",
        ".stock-pile [data-action]", ".discard-pile [data-action]",
        ".actions [data-ui=end][data-action]",
        ".actions [data-ui=spread]:not([aria-disabled=true])")
    if nxt:
        tap(page.locator("#hand-result [data-action=next]").first)
        return "next"
    if knock_btn and knock:
        tap(page.locator(".actions [data-ui=knock]").first)  # Knock asks first
        tap(page.locator(".actions [data-ui=knock-confirm]"))  # ("Knock with n points?")
        return "knock"
    if draw or pile or end:
        choices = [x for x, there in (("draw", draw), ("draw", draw), ("draw", draw),
                                      ("pile", pile), ("end", end)) if there]
        choice = rng.choice(choices)
        tap(page.locator({"draw": ".stock-pile [data-action]",
                          "pile": ".discard-pile [data-action]",
                          "end": ".actions [data-ui=end][data-action]"}[choice]).first)
        return "draw" if choice != "end" else "end"
    if spread and rng.random() < 0.8:
        tap(page.locator(".actions [data-ui=spread]:not([aria-disabled=true])").first)
        # nothing selected: that tap selects the cards of a spread
        tap(page.locator(".actions [data-ui=spread][data-action]"))
        return "spread"
    cards = page.locator(".hand .card.playable")
    order = list(range(cards.count()))
    rng.shuffle(order)
    for i in order:
        tap(page.locator(".hand .card.playable").nth(i))
        target, discard, clear = counts(page, ".spread [data-action]",
                                        ".actions [data-ui=discard][data-action]",
                                        ".actions [data-ui=clear]")
        if target and rng.random() < 0.7:
            tap(page.locator(".spread [data-action]").first)
            return "hit"
        if discard:
            tap(page.locator(".actions [data-ui=discard][data-action]").first)
            return "discard"
        if clear:
            tap(page.locator(".actions [data-ui=clear]").first)
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
