"""A game's result on a narrow screen takes the place of the hand, as a round's does
(static/css/table.css, "a round or hand result"; new-user check, session 14: at the end of a
whole game the result was squeezed between the hand and the log, its buttons pushed off a
phone's screen). Below 1000 px the hand, its row and the log are hidden; the result fills
the table's middle, its buttons in view, and a long one (eight players' hands) scrolls
inside itself under them. Durak's tells who lost and with how many cards, and shows the
cards when they are the person's. At 1280x800 the hand and the log show beneath the result
as before, and the result does not scroll on its own.

Eight-player Elvakort and four-player Durak, each played to its end in CPython and resumed
by the page (tests/e2e/saved_game.py): two boots; each result passes the accessibility
audit on a phone (tests/e2e/a11y.py). Uses conftest.py's fixtures (any console
error or failed request fails a test).
"""

from __future__ import annotations

import random

import saved_game
from a11y import check_a11y
from browser_harness import resize
from test_table_layout_ui import CHECK

NARROW = [(360, 640), (390, 844)]

# The result, its buttons, the dock's hand and log, and how the result scrolls.
LOOK = r"""() => {
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, shown: r.width > 0 && r.height > 0};
  };
  const result = document.querySelector("#table .zone-middle > #result");
  const bar = result && result.querySelector(".lobby-actions");
  return {
    result: box(result), bar: box(bar),
    buttons: bar ? [...bar.querySelectorAll("button")].map(box) : [],
    hand: box(document.querySelector("#table .zone-dock .hand")),
    log: box(document.querySelector("#table .zone-dock .log")),
    overflow: result ? getComputedStyle(result).overflowY : null,
    scrollHeight: result ? result.scrollHeight : 0, clientHeight: result ? result.clientHeight : 0,
    W: innerWidth, H: innerHeight,
  };
}"""

# Scroll the result to its end: the last row is then in view above the buttons, which
# stay where they were; back to the top afterwards.
SCROLLED = r"""() => {
  const result = document.querySelector("#table #result");
  const bar = result.querySelector(".lobby-actions");
  const rows = result.querySelectorAll(".points li");
  const last = rows[rows.length - 1];
  const barBefore = bar.getBoundingClientRect().top;
  const lastBefore = last.getBoundingClientRect().bottom;
  result.scrollTop = result.scrollHeight;
  const out = {scrollTop: result.scrollTop, barBefore, barAfter: bar.getBoundingClientRect().top,
               lastBefore, lastAfter: last.getBoundingClientRect().bottom};
  result.scrollTop = 0;
  return out;
}"""


def within(b: dict, w: int, h: int) -> bool:
    return b["shown"] and b["left"] >= -0.5 and b["top"] >= -0.5 and \
        b["right"] <= w + 0.5 and b["bottom"] <= h + 0.5


def check_narrow(page, w: int, h: int, long: bool) -> dict:
    resize(page, w, h)
    seen = page.evaluate(LOOK)
    where = f"{w}x{h}"
    assert seen["result"] and within(seen["result"], w, h), (where, seen)
    assert seen["buttons"] and all(within(b, w, h) for b in seen["buttons"]), (where, seen)
    assert not seen["hand"]["shown"] and not seen["log"]["shown"], (where, seen)
    assert seen["overflow"] == "auto", (where, seen)
    # the text above the buttons has at least a fifth of the screen
    assert seen["bar"]["top"] - seen["result"]["top"] >= h / 5, (where, seen)
    assert page.evaluate(CHECK) == [], where
    if long:
        assert seen["scrollHeight"] > seen["clientHeight"] + 20, (where, seen)
        s = page.evaluate(SCROLLED)
        assert s["scrollTop"] > 0 and abs(s["barAfter"] - s["barBefore"]) < 1, (where, s)
        assert s["lastBefore"] > s["barBefore"] and s["lastAfter"] <= s["barAfter"] + 0.5, (where, s)
    return seen


def check_wide(page) -> dict:
    resize(page, 1280, 800)
    seen = page.evaluate(LOOK)
    assert seen["hand"]["shown"] and seen["log"]["shown"], seen
    assert seen["overflow"] == "visible", seen
    assert seen["hand"]["top"] >= seen["result"]["top"], seen
    return seen


def test_a_game_over_takes_the_hands_place_on_a_phone_and_not_on_a_laptop(page, site):
    # eight-player Elvakort after its sixth round: a result taller than a phone
    session, log = saved_game.play_to_end("elvakort", 8, 7, random.Random(3))
    assert session.waiting() == "series_over"
    page.set_viewport_size({"width": 360, "height": 640})
    saved_game.open_saved(page, site, session, log)
    page.wait_for_selector("#table #result .lobby-actions [data-ui=new]")
    assert page.locator("#table #result .points li").count() == 8
    for w, h in NARROW:
        check_narrow(page, w, h, long=(w, h) == (360, 640))
    check_a11y(page, "Elvakort game result on a phone")
    check_wide(page)

    # four-player Durak: you are the Durak with twelve cards
    session, log = saved_game.play_to_end("durak", 4, 5, random.Random(3))
    hand = session.view()["state"]["hand"]
    assert session.state.outcome()["durak"] == 0 and len(hand) == 12
    resize(page, 360, 640)
    saved_game.open_saved(page, site, session, log)
    page.wait_for_selector("#table #result[data-durak='0'] .lobby-actions [data-ui=new]")
    left = page.locator("#table #result .durak-left")
    assert left.get_attribute("data-cards") == "12"
    assert "12 cards" in left.inner_text()
    cards = page.locator("#table #result .durak-left-cards .card")
    assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] == hand
    for w, h in NARROW:
        check_narrow(page, w, h, long=False)
        assert cards.first.is_visible()
    check_a11y(page, "Durak game result on a phone")
    check_wide(page)
    # beside the side column the hand shows the cards: the result names their number only
    assert not cards.first.is_visible() and left.is_visible()


def _normal_human(session, rng: random.Random) -> str:
    """The person's moves made by the normal computer player (a game the person wins)."""
    from game import bots
    state = session.state
    return str(bots.choose(state.view(0), state.legal_actions(0), "normal",
                           seed=rng.randrange(1 << 30)))


def test_the_computer_durak_shows_what_it_was_left_holding(page, site):
    """Two-player Durak won by the person: the computer is the Durak, and the result
    shows its cards (the engine's ``outcome()["left"]``, public at the end) on a phone
    and, where the person's own hand is beside it, on a laptop too: they are seen
    nowhere else."""
    session, log = saved_game.play_to_end("durak", 2, 10, random.Random(10),
                                          human=_normal_human)
    outcome = session.state.outcome()
    assert outcome["durak"] == 1 and outcome["left"] == ["7D", "JS", "JD", "JC"]
    page.set_viewport_size({"width": 390, "height": 844})
    saved_game.open_saved(page, site, session, log)
    page.wait_for_selector("#table #result[data-durak='1'] .lobby-actions [data-ui=new]")
    left = page.locator("#table #result .durak-left")
    assert left.get_attribute("data-cards") == "4" and "4 cards" in left.inner_text()
    cards = page.locator("#table #result .durak-left-cards .card")
    assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] == \
        outcome["left"]
    assert page.locator("#table #result .durak-left-cards").get_attribute(
        "aria-label") == left.inner_text().strip().rstrip(".")
    assert cards.first.is_visible()
    page.screenshot(path="/tmp/durak_left_computer_phone.png")
    check_a11y(page, "Durak result, the computer the Durak")
    resize(page, 1280, 800)
    assert cards.first.is_visible() and cards.last.is_visible()
    page.screenshot(path="/tmp/durak_left_computer_laptop.png")


def test_the_next_game_of_a_series_tells_its_deal(page, site):
    """A Durak series of three after its first game: Next game deals the second, and the
    move history and the live region start with its trump card
    (``State.opening_events``), as the first game's did, not with nothing."""
    session, log = saved_game.play_to_end("durak", 2, 10, random.Random(10),
                                          rules={"series_length": "3"},
                                          human=_normal_human)
    assert session.waiting() == "game_over"
    saved_game.open_saved(page, site, session, log)
    page.wait_for_selector("#table #result [data-ui=next]")
    page.locator("#table #result [data-ui=next]").click()
    page.wait_for_selector("#table:not([data-over])")
    session.next_game()
    trump = session.state.trump_card
    from game.i18n import card_name
    told = f"The trump card is the {card_name('en', str(trump))}."
    page.wait_for_function("(t) => document.querySelector('#live').textContent.startsWith(t)",
                           arg=told)
    assert told in page.locator("#moves li").all_inner_texts()
