"""Drive a Tonk table through the DOM like a player (shared by the browser tests).

Relies on the DOM conventions: ``#table[data-game=tonk]`` with ``data-waiting``; every
element that performs one engine action has ``data-action``; hand cards are toggle buttons
(``aria-pressed``); ``#hand-info[data-hand]`` numbers the hand; the result of a finished
hand is ``#hand-result`` (``data-end``, ``data-player``) with the Next hand button; the
ledger is ``#ledger``.
"""

from __future__ import annotations

import random

from table_driver import Look, look, tap_at


def hand(page) -> list[str]:
    return page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")


def hand_no(page) -> int:
    return int(page.get_attribute("#hand-info", "data-hand"))


_LEDGER = """() => {
  const all = (sel, f) => [...document.querySelectorAll(sel)].map(f);
  const chart = document.querySelector('#ledger-chart svg.chart');
  return {balances: all('#ledger [data-balance]', (e) => Number(e.dataset.balance)),
          lines: all('#ledger-chart g.line', (e) => [Number(e.dataset.seat), e.dataset.values]),
          hands: chart ? chart.getAttribute('data-hands') : '',
          text: all('#chart-text li', (e) => e.textContent)};
}"""


def ledger(page) -> dict:
    """The ledger as shown: balances by seat and each seat's chart values (one round
    trip)."""
    got = page.evaluate(_LEDGER)
    return {**got, "lines": sorted(got["lines"])}


NEXT = "#hand-result [data-action=next]"
KNOCK = ".actions [data-ui=knock]"
KNOCK_CONFIRM = ".actions [data-ui=knock-confirm]"
STOCK = ".stock-pile [data-action]"
PILE = ".discard-pile [data-action]"
END = ".actions [data-ui=end][data-action]"
SPREAD = ".actions [data-ui=spread]:not([aria-disabled=true])"
SPREAD_GO = ".actions [data-ui=spread][data-action]"
PLAYABLE = ".hand .card.playable"
TARGETS = ".spread[data-action]"
DISCARD = ".actions [data-ui=discard][data-action]"
CLEAR = ".actions [data-ui=clear]"
MOVE_SELECTORS = (NEXT, KNOCK, STOCK, PILE, END, SPREAD, PLAYABLE)
AFTER_SELECTING = (TARGETS, DISCARD, CLEAR, PLAYABLE)

RESULT = "!!document.querySelector('#hand-result')"
"""JS: a hand's result is shown."""


def human_move(page, rng: random.Random, knock: bool = False, seen: Look | None = None) -> str:
    """Make one legal move as the human through the DOM; returns what was done.
    ``seen``: a ``look`` at ``MOVE_SELECTORS`` just taken (saves a round trip)."""
    if seen is None:
        seen = look(page, MOVE_SELECTORS)
    if seen.all(NEXT):
        tap_at(page, seen.all(NEXT)[0])
        return "next"
    if seen.all(KNOCK) and knock:
        tap_at(page, seen.all(KNOCK)[0])  # Knock asks first
        confirm = look(page, (KNOCK_CONFIRM,)).all(KNOCK_CONFIRM)  # ("Knock with n points?")
        assert len(confirm) == 1, "no single Knock confirmation"
        tap_at(page, confirm[0])
        return "knock"
    draw, pile, end = seen.all(STOCK), seen.all(PILE), seen.all(END)
    if draw or pile or end:
        choices = [x for x, there in (("draw", draw), ("draw", draw), ("draw", draw),
                                      ("pile", pile), ("end", end)) if there]
        choice = rng.choice(choices)
        tap_at(page, {"draw": draw, "pile": pile, "end": end}[choice][0])
        return "draw" if choice != "end" else "end"
    if seen.all(SPREAD) and rng.random() < 0.8:
        tap_at(page, seen.all(SPREAD)[0])
        # nothing selected: that tap selects the cards of a spread
        go = look(page, (SPREAD_GO,)).all(SPREAD_GO)
        assert len(go) == 1, "no single Spread button after the cards were selected"
        tap_at(page, go[0])
        return "spread"
    cards = seen.all(PLAYABLE)
    order = list(range(len(cards)))
    rng.shuffle(order)
    for i in order:
        tap_at(page, cards[i])
        after = look(page, AFTER_SELECTING)
        cards = after.all(PLAYABLE)
        if after.all(TARGETS) and rng.random() < 0.7:
            tap_at(page, after.all(TARGETS)[0])
            return "hit"
        if after.all(DISCARD):
            tap_at(page, after.all(DISCARD)[0])
            return "discard"
        if after.all(CLEAR):
            tap_at(page, after.all(CLEAR)[0])
            cards = look(page, (PLAYABLE,)).all(PLAYABLE)
    raise AssertionError("the human is to act but no move could be made: " + page.locator(
        "#status-line").inner_text())


def play_until(page, rng: random.Random, done, max_moves: int = 2000,
               knock: bool = False) -> list[str]:
    """Move as the human until ``done`` is true (checked whenever the table waits): a JS
    expression read in the same round trip as the table (``table_driver.look``), or a
    function of the page (a round trip more); returns the moves made."""
    moves = []
    for _ in range(max_moves):
        seen = look(page, MOVE_SELECTORS, until=done if isinstance(done, str) else None,
                    timeout_ms=60_000)
        if seen.done if isinstance(done, str) else done(page):
            return moves
        assert seen.state == "human", f"unexpected table state {seen.state}"
        moves.append(human_move(page, rng, knock=knock, seen=seen))
    raise AssertionError("the condition was not reached")
