"""The deal is seen (issue 11, scope 2 "Motion"): when a game, round or hand is dealt, the
cards travel from the stock to each hand and to the opponents' seats (static/js/motion.js,
``playDeal``), paced by the speed setting; nothing moves at speed "instant" or with the
system's reduced-motion setting. The copies in flight never take a tap and are gone when
the deal ends, and they fly beneath the status line, which stays readable. A round
result's cards appear with it instead of flying across its heading.

One boot: a Tonk position where you knock and win (the hand's result, then Next hand deals
the next hand), then games started from the lobby at each pace. Uses conftest.py's
fixtures (any console error or failed request fails a test).
"""

from __future__ import annotations

from urllib.parse import quote

from browser_harness import fixed_random, open_game

KNOCK = "tonk;stake=2;h0=AC,2D,3S,AH,2S;h1=?5;pile=9C;turn=0"
REPORT = "() => window.kortbordetMotion.report"
LOBBY_DEALS = 7   # fixed_random's seed: the three games started from the lobby deal hands to play

# Every card of the table just dealt: the hand's and the seats' backs that are shown; and,
# while the deal runs, whether a copy in flight could take a tap meant for a control.
DEALT = r"""() => {
  const shown = (el) => el.getBoundingClientRect().width > 0;
  const cards = [...document.querySelectorAll("#table .hand .card, #table .seat .backs .card")].filter(shown);
  const copies = [...document.querySelectorAll(".motion-deal")];
  const controls = [...document.querySelectorAll("#table button")].filter(shown);
  const blocked = controls.filter((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + Math.min(8, r.width / 2), r.top + Math.min(8, r.height / 2));
    return hit && hit.closest(".motion-deal");
  }).map((b) => b.getAttribute("data-ui") || b.getAttribute("data-card"));
  return {cards: cards.length, copies: copies.length,
          catching: copies.filter((c) => getComputedStyle(c).pointerEvents !== "none").length,
          blocked};
}"""

# The status line while a deal's copies fly down to the hand (issue: the deal covered it
# for about 0.75 s): null until a copy lies over the status line, then how many of the
# line's sample points the copies lie over and how many of those a tap would not reach the
# line at (the copies take no tap, so for this one synchronous reading they are made to,
# which makes the hit test see what is painted on top); {gone: true} when the deal ended
# before any copy crossed the line.
STATUS_UNDER_DEAL = r"""() => {
  const s = document.getElementById("status-line");
  const copies = [...document.querySelectorAll(".motion-deal")];
  if (!s || !copies.length) return {gone: true};
  const r = s.getBoundingClientRect(), boxes = copies.map((c) => c.getBoundingClientRect());
  const points = [];
  for (let x = r.left + 2; x < r.right; x += 6)
    for (let y = r.top + 2; y < r.bottom; y += 6)
      if (boxes.some((q) => x >= q.left && x <= q.right && y >= q.top && y <= q.bottom)) points.push([x, y]);
  if (!points.length) return null;
  copies.forEach((c) => { c.style.pointerEvents = "auto"; });
  const covered = points.filter(([x, y]) => !s.contains(document.elementFromPoint(x, y))).length;
  copies.forEach((c) => { c.style.pointerEvents = "none"; });
  return {over: points.length, covered};
}"""


def start_from_lobby(page, speed: str) -> None:
    page.locator("[data-ui=lobby]").first.click()
    page.select_option("#pref-speed", speed)
    page.check('input[name="game"][value="tonk"]')
    page.click("[data-ui=start]")
    confirm = page.locator("[data-ui=start-confirmed]")
    if confirm.count():
        confirm.click()
    page.wait_for_selector("#table .hand .card")


def test_a_deal_moves_the_cards_at_normal_speed_and_none_at_instant(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    # the lobby's deals are fixed: a random one was a tonk on the deal now and then (about
    # one run in twenty), whose result replaces the hand this test waits for
    fixed_random(page, LOBBY_DEALS)
    open_game(page, site.url + "?lang=en&hints=off&position=" + quote(KNOCK, safe=""))
    assert page.evaluate(REPORT)["deals"] == 0   # a link's table is not dealt card by card
    hand = ["AC", "2D", "3S", "AH", "2S"]

    # you knock and win: the result shows your cards, which did not fly into it, and no
    # card flies across it (a new user saw the table's cards cross a round's result)
    page.click("[data-ui=knock]")
    page.click("[data-ui=knock-confirm]")
    page.wait_for_selector("#table .result [data-action=next]")
    assert page.locator("#table .result .card").count() >= 10
    shown = page.eval_on_selector_all("#table .result [data-card]",
                                      "els => els.map(e => e.dataset.card)")
    assert set(hand) <= set(shown), shown   # your cards are in the result
    last = page.evaluate(REPORT)["last"]
    assert last == [], last

    # Next hand: the new hand and the computer's backs are dealt from the stock
    page.click("#table .result [data-action=next]")
    during = page.evaluate(DEALT)
    report = page.evaluate(REPORT)
    assert report["deals"] == 1, report
    assert report["dealt"] == during["cards"] and during["cards"] >= 6, (report, during)
    assert during["catching"] == 0 and during["blocked"] == [], during
    # the cards fly down to the hand beneath the status line, which stays on top
    under = page.wait_for_function(STATUS_UNDER_DEAL, polling="raf", timeout=10_000).json_value()
    assert under.get("over") and under["covered"] == 0, under
    page.wait_for_function("() => !document.querySelector('.motion-deal')", timeout=10_000)
    moved = len(page.evaluate(REPORT)["moved"])

    # speed "instant": a new game from the lobby is dealt with no motion at all
    start_from_lobby(page, "instant")
    page.wait_for_timeout(300)
    report = page.evaluate(REPORT)
    assert report["deals"] == 1 and len(report["moved"]) == moved, report
    assert page.locator(".motion-deal").count() == 0

    # the system's reduced motion: none either, at normal speed
    page.emulate_media(reduced_motion="reduce")
    start_from_lobby(page, "normal")
    page.wait_for_timeout(300)
    report = page.evaluate(REPORT)
    assert report["deals"] == 1 and len(report["moved"]) == moved, report

    # normal speed again: the game started from the lobby is dealt
    page.emulate_media(reduced_motion="no-preference")
    start_from_lobby(page, "normal")
    during = page.evaluate(DEALT)
    report = page.evaluate(REPORT)
    assert report["deals"] == 2 and report["dealt"] == during["cards"], (report, during)
    assert during["catching"] == 0 and during["blocked"] == [], during
    page.wait_for_function("() => !document.querySelector('.motion-deal')", timeout=10_000)


TONK_DRAW = "tonk;stake=2;h0=3H,4H,9S,KS,KD;h1=?5;h2=?5;pile=9C;turn=0"


def test_the_keyboard_comes_back_to_the_hand_when_a_tap_left_it_on_the_page(page, site):
    """Issue 11 (keyboard play): a tap on the felt or a text while a computer player
    thinks leaves the focus on the page body; the computer's move then puts the keyboard
    back on the hand, not three or more Tabs away at the top of the page."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site.url + "?lang=en&hints=off&speed=slow&position=" + quote(TONK_DRAW, safe=""))
    page.locator(".stock-pile [data-action]").focus()
    page.keyboard.press("Enter")                        # draw: the focus goes to the hand
    page.wait_for_function("document.activeElement.closest('.hand')")
    page.keyboard.press("End")
    page.keyboard.press("Enter")                        # select the last card
    page.locator(".actions [data-ui=discard][data-action]").focus()
    page.keyboard.press("Enter")                        # discard it: a computer is next
    # while the computer thinks, the focus leaves for the page body (as a tap on a text
    # does): done in the page in the same task that sees the computer is to move, so a
    # loaded machine's round trips cannot let the computer move first
    page.wait_for_function("""() => {
      const table = document.querySelector('#table');
      if (!table || table.dataset.waiting !== 'bot') return false;
      document.activeElement.blur();
      window.focusOnBody = document.activeElement === document.body;
      return true;
    }""")
    assert page.evaluate("window.focusOnBody")
    page.wait_for_function("document.querySelector('#table').dataset.waiting === 'human'", timeout=60_000)
    page.wait_for_timeout(200)
    assert page.evaluate("!!document.activeElement.closest('#table .hand')"), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
