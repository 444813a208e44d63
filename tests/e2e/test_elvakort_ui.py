"""Elvakorts-Rummy through the DOM (Playwright, Chromium): a whole six-round game on the
shared rummy table to the final scoresheet (highest total wins, ELV-14), and a five-player
table dealt from three decks (ELV-1). Uses conftest.py's fixtures."""

from __future__ import annotations

import json

from browser_harness import open_game, start_from_lobby
from dunka_driver import hand, play_to_end
from durak_driver import wait_settled


def test_full_elvakort_game_to_the_final_scoresheet(page, site):
    """A whole game of two from its link (one boot) to the final scoresheet; then five
    and eight players from the lobby (check_five_..., check_eight_...)."""
    open_game(page, site.url + "?game=elvakort&players=2&seed=31&speed=instant&lang=en")
    assert page.locator("#table[data-game=elvakort] #contract").count() == 1
    play_to_end(page, seed=6)
    assert page.locator("#result").is_visible()
    rows = page.eval_on_selector_all(
        "#scoresheet tbody tr", "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent.trim()))")
    assert len(rows) == 6 and all(all(c != "" for c in row) for row in rows)
    totals = [int(x) for x in page.eval_on_selector_all(
        "#scoresheet tfoot td", "els => els.map(e => e.firstChild.textContent)")]
    # each round's plus/minus is shown (the player who went out: table + 50, marked ✓) and
    # the columns add up to the totals
    cells = [[int(c.replace("✓", "").strip()) for c in row] for row in rows]
    assert [sum(col) for col in zip(*cells)] == totals
    assert sum(c.count("✓") for row in rows for c in row) >= 1
    winners = [int(x) for x in page.get_attribute("#result", "data-winners").split()]
    assert winners and all(totals[w] == max(totals) for w in winners)   # highest wins
    history = json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.history')"))
    assert history["games"][0]["game"] == "elvakort"
    # the same page, in Swedish: five and eight players started from the lobby (no boot)
    page.locator("#lang-switch").click()
    page.wait_for_function("document.documentElement.lang === 'sv'")
    check_five_players_are_dealt_from_three_decks(page)
    check_eight_players_fit_a_phone_screen(page)


def check_five_players_are_dealt_from_three_decks(page):
    start_from_lobby(page, "elvakort", 5)
    wait_settled(page)
    assert page.locator(".opponents .seat").count() == 4
    stock = int(page.get_attribute(".stock-pile", "data-stock"))
    pile = int(page.get_attribute(".discard-pile", "data-pile"))
    in_hands = sum(int(x) for x in page.eval_on_selector_all(".seat", "els => els.map(e => e.dataset.count)"))
    assert stock + pile + in_hands + len(hand(page)) == 162


def check_eight_players_fit_a_phone_screen(page):
    """Seven opponents on a 390 px phone: compact seats, two rows, every count readable,
    and the stock, the discard pile and the hand in the first screenful."""
    page.set_viewport_size({"width": 390, "height": 844})
    start_from_lobby(page, "elvakort", 8)
    wait_settled(page)
    # the seats' boxes and count texts, then the first stock, pile and hand card (one trip)
    seats, boxes = page.evaluate("""() => {
      const box = (e) => { const r = e.getBoundingClientRect();
                           return {x: r.x, y: r.y, width: r.width, height: r.height}; };
      return [[...document.querySelectorAll('.opponents .seat')].map(
                (e) => [box(e), e.querySelector('.count').innerText]),
              ['.stock-pile', '.discard-pile', '.hand [data-card]'].map(
                (sel) => box(document.querySelector(sel)))];
    }""")
    assert len(seats) == 7
    tops = {round(box["y"]) for box, _ in seats}
    assert len(tops) == 2, tops                                   # two rows, not three
    for box, count in seats:
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert "kort" in count
    for sel, box in zip((".stock-pile", ".discard-pile", ".hand [data-card]"), boxes):
        assert box["y"] + box["height"] <= 844, sel
