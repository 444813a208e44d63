"""The Dunka page through the DOM (Playwright, Chromium): a whole six-round game on a
phone to the final scoresheet (DUN-18) with the layout checked whenever the table waits
and a reload mid-round, a dunk claimed with the button (DUN-7), the history of finished
scoresheets, the lay-down chooser and the "why not" reasons.

Uses conftest.py's fixtures: any console error, page error, failed request or request to
another origin fails the test.
"""

from __future__ import annotations

import json
import random
import re

from browser_harness import open_game
from dunka_driver import hand, human_move, play_until
from durak_driver import tap, wait_settled
from saved_game import store_prefs
from test_table_layout_ui import CHECK

FAST = "?game=dunka&players=2&seed=21&speed=instant"
PHONE = {"width": 360, "height": 640}
# speed=instant means no motion: no card flew in the whole game (a card in flight also
# covers others and leaves the viewport, which the layout checks would report at random)
MOVED = "() => window.kortbordetMotion.report.moved"
# test_table_layout_ui.py's layout checks and the round, read with each look at the table
CHECKED = ("() => { const c = document.querySelector('#contract');"
           " return [(" + CHECK + ")(), c ? c.getAttribute('data-round') : '?']; }")


def sheet_cells(page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#scoresheet tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.textContent.trim()))")


def test_a_whole_game_on_a_phone_with_a_reload_mid_round(page, site):
    """One six-round game of three through the DOM on a 360×640 phone (issue 11): the
    layout checks of test_table_layout_ui.py (no page scroll; hand, action bar and status
    line in view; no overlapping controls; ranks ≥ 18 px) whenever the table waits; a
    reload in round 2 resumes exactly (hand, melds, scoresheet, status line); the final
    scoresheet and the history of finished games."""
    page.set_viewport_size(PHONE)
    open_game(page, site.url + "?game=dunka&players=3&seed=21&speed=instant&lang=en")
    assert page.locator("#table[data-game=dunka] #contract").count() == 1
    rng = random.Random(8)
    seen: dict = {}
    checks = [0]

    def check(look) -> None:
        """The layout checks, read with the table whenever it waits (table_driver.look)."""
        checks[0] += 1
        problems, round_no = look.extra
        for problem in problems:
            seen.setdefault(problem[:90], f"check {checks[0]}, round {round_no}")

    # a reload mid-round resumes exactly
    play_until(page, rng, "!!document.querySelector(\"#contract[data-round='2']\")"
               " && !document.querySelector('#round-result')", extra=CHECKED, on_look=check)
    for _ in range(4):
        human_move(page, rng)
    assert wait_settled(page) == "human"
    hand_before, cells_before = hand(page), sheet_cells(page)
    melds_before = page.eval_on_selector_all(".melds [data-card]", "els => els.map(e => e.dataset.card)")
    status_before = page.locator("#status-line").inner_text()
    assert page.evaluate(MOVED) == []
    open_game(page, page.url, reload=True)
    assert wait_settled(page) == "human"
    assert hand(page) == hand_before and sheet_cells(page) == cells_before
    assert page.eval_on_selector_all(".melds [data-card]",
                                     "els => els.map(e => e.dataset.card)") == melds_before
    assert page.locator("#status-line").inner_text() == status_before
    assert page.locator("#contract[data-round='2']").count() == 1
    # on to the end of the game
    play_until(page, rng, "document.querySelector('#table').hasAttribute('data-over')",
               max_moves=3000, extra=CHECKED, on_look=check)
    assert checks[0] > 60  # six rounds were played through the page
    assert not seen, seen
    assert page.evaluate(MOVED) == []
    result = page.locator("#result")
    assert result.is_visible() and result.locator(".big").inner_text().strip()
    cells = sheet_cells(page)
    assert len(cells) == 6 and all(all(c != "" for c in row) for row in cells)
    totals = page.eval_on_selector_all("#scoresheet tfoot td", "els => els.map(e => e.textContent)")
    assert len(totals) == 3
    history = json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.history')"))
    assert len(history["games"]) == 1 and len(history["games"][0]["rounds"]) == 6
    # the lobby lists the finished game; it opens and can be deleted
    tap(page.locator("[data-ui=lobby]").first)
    entry = page.locator("[data-history]")
    assert entry.count() == 1
    tap(entry.locator("[data-ui=history-open]"))
    assert page.locator("#history-sheet [data-scoresheet] tbody tr").count() == 6
    tap(page.locator("[data-ui=history-delete]").first)
    assert page.locator("[data-history]").count() == 0
    tap(page.locator("[data-ui=history-undo]"))          # a deletion can be undone
    assert page.locator("[data-history]").count() == 1
    dated = page.locator("[data-history]").inner_text()
    assert dated[:1].isdigit() and " · " in dated           # dated: "30 Nov 2026 · Dunka: …"
    tap(page.locator("[data-ui=history-delete]").first)
    assert page.locator("[data-history]").count() == 0
    assert json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.history')"))["games"] == []


def test_the_human_dunks_with_the_button(page, site):
    store_prefs(page, {"claim_prompt": "always"})  # asked about every discard, not only those that fit
    open_game(page, site.url + "?game=dunka&players=3&seed=5&speed=instant")
    rng = random.Random(4)
    play_until(page, rng, "!!document.querySelector('[data-ui=dunk][data-action]')")
    assert "Dunka" in page.locator("#status-line").inner_text() or \
        page.locator("#status-line").inner_text()
    # the chance comes without a move of the person's: a screen reader is told what to tap
    assert "Tap Dunka! to take it" in page.locator("#live").inner_text(), \
        page.locator("#live").inner_text()
    before = len(hand(page))
    tap(page.locator("[data-ui=dunk]"))
    wait_settled(page)
    assert len(hand(page)) >= before + 2 - 1  # the discard and a penalty card (a discard may follow)
    log = page.locator(".log").inner_text() + page.locator("#live").inner_text()
    assert "dunk" in log.lower() or len(hand(page)) >= before + 1


def test_sort_toggle_then_a_card_tapped_before_drawing_gets_the_engine_reason(page, site):
    """One boot: the move history names the card turned up at the deal (DUN-5), the live
    region tells it as the table is first drawn, and the move history shows
    the newest move first; the sort toggle (check_sort_toggle_...); a card tapped before
    drawing is explained by the engine and nothing is played; after drawing, Discard with
    two cards selected throws nothing and says to select one, and with one selected it
    names that card."""
    open_game(page, site.url + FAST + "&lang=en")
    dealt = page.locator("#moves li").last.inner_text()  # newest first: the deal is last
    assert dealt.startswith("The ") and "is turned up from the stock to start the discard" \
        " pile" in dealt, dealt
    # a screen reader is told that card as the table is first drawn, by name
    live = page.locator("#live").inner_text()
    assert "was turned up from the stock to start the discard pile." in live, live
    assert not re.search("[♠♥♦♣]", live), live
    check_sort_toggle_reorders_the_hand_and_is_remembered(page)
    rng = random.Random(1)
    play_until(page, rng, "!!document.querySelector('.stock-pile [data-action]')")
    # a dimmed card (aria-disabled) is still tappable: it explains itself
    page.locator(".hand .card").first.click(position={"x": 8, "y": 16}, force=True)
    reason = page.locator("#reason")
    reason.wait_for()
    assert reason.inner_text().strip()
    assert page.locator(".stock-pile [data-action]").count() == 1  # nothing was played
    check_discard_names_its_one_card(page)


def check_discard_names_its_one_card(page):
    """Two cards selected: Discard is off, a tap on it throws nothing and says to select
    a single card; one selected: the button names it ("Discard 10♥", read "Discard ten of
    hearts")."""
    tap(page.locator(".stock-pile [data-action]"))
    wait_settled(page)
    # the move history shows the newest move first, numbered as played
    assert page.locator("#moves li").first.inner_text() == "You draw from the stock."
    assert page.locator("#moves ol[data-round=current][reversed]").count() == 1
    cards = page.locator(".hand .card.playable")
    tap(cards.nth(0))
    wait_settled(page)
    tap(page.locator(".hand .card.playable").nth(1))
    wait_settled(page)
    discard = page.locator(".actions [data-ui=discard]")
    assert discard.get_attribute("aria-disabled") == "true" and discard.inner_text() == "Discard"
    held = hand(page)
    discard.click(position={"x": 8, "y": 16}, force=True)
    page.locator("#reason", has_text="Select a single card to discard.").wait_for()
    assert hand(page) == held  # nothing was thrown
    tap(page.locator("[data-ui=clear]"))
    wait_settled(page)
    # not the card just drawn: its button's name adds ", just drawn" (test_drawn_card_ui.py)
    one = page.locator(".hand .card.playable:not([data-card^=JK]):not(.fresh)").nth(2)
    card, name = one.get_attribute("data-card"), one.get_attribute("aria-label")
    tap(one)
    wait_settled(page)
    discard = page.locator(".actions [data-ui=discard][data-action]")
    assert discard.get_attribute("data-action") == f"discard {card}"
    body = card.split(".")[0]
    index = body[:-1] + {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[body[-1]]
    assert discard.locator("[aria-hidden=true]").inner_text() == index  # shown: "Discard 10♥"
    assert discard.text_content() == f"Discard {index}{name}"
    named = page.get_by_role("button", name=f"Discard {name}", exact=True)  # "Discard ten of hearts"
    assert named.count() == 1 and named.get_attribute("data-action") == f"discard {card}"


def check_sort_toggle_reorders_the_hand_and_is_remembered(page):
    wait_settled(page)
    by_suit = hand(page)
    tap(page.locator("[data-ui=sort]"))
    by_rank = hand(page)
    assert sorted(by_suit) == sorted(by_rank) and by_suit != by_rank
    assert json.loads(page.evaluate("localStorage.getItem('kortbordet.prefs')"))["dunka_sort"] == "rank"


CHOOSER_POSITION = ("?lang=%s&speed=instant&position=dunka;names=You,Bo;round=1;phase=play;"
                    "turn=0;h0=8S,6H,6H.1,8H,2C,4C,8C,8D,8D.1,9D,JK;h1=?10;seed=8")


def check_the_ways_buttons_are_one_line_beside_their_melds(page):
    """Each way's button (a new user saw "Lay down like this" go to a row of its own) is
    one line of text, on the row of its way's melds."""
    rows = page.evaluate("""() => [...document.querySelectorAll('#chooser .option')].map(o => {
        const b = o.querySelector('[data-action]'), m = o.querySelector('.meld-cards');
        const text = document.createRange(); text.selectNodeContents(b);
        const bb = b.getBoundingClientRect(), mb = m.getBoundingClientRect();
        const mid = (bb.top + bb.bottom) / 2;
        return {lines: text.getClientRects().length, beside: mid > mb.top && mid < mb.bottom,
                text: b.textContent};
    })""")
    assert rows and all(r["lines"] == 1 and r["beside"] for r in rows), rows


def test_the_lay_down_chooser_fits_a_phone_and_one_way_is_laid_down_at_once(page, site):
    """DUN-8 on a 360×640 phone: with several ways the chooser opens at the top of the
    middle, heading, Cancel, the sentence and the first way's button in view with no gap,
    and the status line asks to choose; six eights and a joker of two decks (seven
    arrangements in the engine) are laid down at once, with no chooser."""
    page.set_viewport_size(PHONE)
    open_game(page, site.url + CHOOSER_POSITION % "en")
    tap(page.locator("[data-ui=laydown]"))   # nothing selected: the whole hand's ways
    page.locator("#chooser [data-action]").first.wait_for()
    assert page.locator("#status-line").inner_text().strip() == \
        "Choose how to lay down, or Cancel."
    box = page.evaluate("""() => {
        const r = (s) => document.querySelector(s).getBoundingClientRect();
        const mid = r('.zone-middle'), h2 = r('#chooser-h'), p = r('#chooser > p');
        const first = r('#chooser [data-action]'), cancel = r('[data-ui=cancel-choose]');
        const inside = (b) => b.top >= mid.top - 1 && b.bottom <= mid.bottom + 1;
        return {gap: p.top - h2.bottom, first: inside(first), cancel: inside(cancel),
                top: r('#chooser').top - mid.top,
                scrolls: document.scrollingElement.scrollHeight <= innerHeight};
    }""")
    assert box["gap"] < 16 and box["first"] and box["cancel"] and box["top"] < 4, box
    assert box["scrolls"], "the page itself never scrolls"
    check_the_ways_buttons_are_one_line_beside_their_melds(page)
    tap(page.locator("[data-ui=cancel-choose]"))
    page.locator("#chooser").wait_for(state="detached")

    # select the six eights and the joker: one way a player can tell apart
    for card in ("8S", "8H", "8C", "8D", "8D.1", "JK"):
        tap(page.locator(f".hand [data-card='{card}']"))
    tap(page.locator("[data-ui=laydown]"))
    page.locator("#table .meld").first.wait_for()
    assert page.locator("#chooser").count() == 0
    assert sorted(hand(page)) == sorted(["6H", "6H.1", "2C", "4C", "9D"])
    # the Swedish ways' buttons fit beside their melds too
    open_game(page, site.url + CHOOSER_POSITION % "sv")
    tap(page.locator("[data-ui=laydown]"))
    page.locator("#chooser [data-action]").first.wait_for()
    check_the_ways_buttons_are_one_line_beside_their_melds(page)


NU16_POSITION = ("?lang=%s&speed=instant&position=%s;names=You,Bo;round=1;phase=play;turn=0;"
                 "h0=2S,2H,2H.1,4H,4H.1,4C,4C.1,AH,AD,7H,JK;h1=?10;seed=8")


def test_the_chooser_lists_every_way_best_first_each_named_apart(page, site):
    """New-user check nu16 (390×844, Dunka and Elvakort): with nothing selected the
    chooser listed 10 ways in the search's order, not 2♠ 2♥ 2♥ + 4♥ 4♥ 4♣ 4♣, each button
    named "Lay down". Now: all 22 ways, the one keeping the fewest points first, each
    showing what stays in hand (in the hand's order, by suit here), each button named by
    its melds and kept cards; choosing
    the obvious way lays it down and keeps A♥ A♦ 7♥ and the joker."""
    page.set_viewport_size({"width": 390, "height": 844})
    for game, lang in (("dunka", "en"), ("elvakort", "sv")):
        open_game(page, site.url + NU16_POSITION % (lang, game))
        tap(page.locator("[data-ui=laydown]"))
        page.locator("#chooser [data-action]").first.wait_for()
        rows = page.evaluate("""() => [...document.querySelectorAll('#chooser .option')].map(
            o => ({action: o.querySelector('[data-action]').dataset.action,
                   name: o.querySelector('[data-action]').getAttribute('aria-label'),
                   kept: o.querySelector('.kept').textContent}))""")
        if game == "elvakort":
            # Elvakort lays further melds in the same turn (ELV-7): the way that goes out
            # this very turn (the 7♥ discarded) comes first (issue 32), then the 22
            out = rows.pop(0)
            assert out["action"] == "meld 2S 2H 2H.1 / 4H 4H.1 4C 4C.1 / AH AD JK=A", out
            assert out["kept"] == "Kvar på handen: 7♥", out
        assert len(rows) == 22, [r["action"] for r in rows]
        assert rows[0]["action"] == "meld 4H 4H.1 4C 4C.1 / AH AD JK=A"
        assert rows[0]["kept"] == {"en": "In hand: 2♠ 2♥ 2♥ 7♥",
                                   "sv": "Kvar på handen: 2♠ 2♥ 2♥ 7♥"}[lang]
        assert len({r["name"] for r in rows}) == 22
        check_the_ways_buttons_are_one_line_beside_their_melds(page)
        if game == "dunka":
            page.screenshot(path="/tmp/chooser_nu16_phone.png")
        # scrolled to the last way, the heading and Cancel are still in view (sticky)
        page.evaluate("document.querySelector('#table .zone-middle').scrollTop = 1e6")
        cancel = page.evaluate("""() => {
            const r = document.querySelector('#chooser [data-ui=cancel-choose]').getBoundingClientRect();
            const m = document.querySelector('#table .zone-middle').getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return {inside: r.top >= m.top - 0.5 && r.bottom <= m.bottom + 0.5,
                    on_top: !!hit && !!hit.closest('[data-ui=cancel-choose]')}; }""")
        assert cancel == {"inside": True, "on_top": True}, cancel
        if game == "dunka":
            page.screenshot(path="/tmp/s16/chooser_scrolled.png")
        page.evaluate("document.querySelector('#table .zone-middle').scrollTop = 0")
        obvious = page.locator("#chooser [data-action='meld 2S 2H 2H.1 / 4H 4H.1 4C 4C.1']")
        assert obvious.get_attribute("aria-label") == {
            "en": "Lay down two of spades, two of hearts and two of hearts; four of hearts, "
                  "four of hearts, four of clubs and four of clubs; keep ace of hearts, "
                  "seven of hearts, ace of diamonds and joker",
            "sv": "Lägg ut spader tvåa, hjärter tvåa och hjärter tvåa; hjärter fyra, hjärter "
                  "fyra, klöver fyra och klöver fyra; behåll hjärter ess, hjärter sjua, ruter "
                  "ess och joker"}[lang]
        tap(obvious)
        page.locator("#table .meld").first.wait_for()
        assert sorted(hand(page)) == sorted(["AH", "AD", "7H", "JK"])


LAYOFF_POSITION = ("?lang=%s&speed=instant&position=dunka;names=You,Bo,Al;round=1;phase=play;"
                   "turn=0;m1=0:4D,5D,6D;m2=0:7S,7H,7D;m3=1:7C,7S.1,7H.1;m4=1:8C,9C,10C;"
                   "m5=2:4S,5S,6S;m6=2:QH,QD,QS;down=0,1,2;h0=%s,JC,KS,2C;h1=?3;h2=?4;seed=8")
"""Three players down, six narrow melds in two rows on a phone: the run 4-6 of diamonds
and the sevens of the person's, Bo's sevens and clubs, Al's spades and queens."""

UNCOVERED = """() => [...document.querySelectorAll('#table .meld')].map(m => {
  // every card of every meld: is what lies at its corner the card itself?
  const cards = [...m.querySelectorAll('[data-card]')];
  return [m.dataset.meld, cards.every(c => { const r = c.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + 4, r.top + 6);
    return at && c.contains(at); })];
})"""
"""JS: ``[[meld name, every card's top-left corner (its rank and suit) is in view]]``."""

MOVE_BOXES = """() => [...document.querySelectorAll('.meld-acts button')].map(b => {
  const r = b.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })"""


def test_a_highlighted_meld_is_the_lay_off_button_and_hides_no_meld_on_a_phone(page, site):
    """DUN-9, DUN-10 on 360- and 390-px phones, three players, six melds in two rows. A
    card that fits three melds with one move each (the seven of diamonds: the run's high
    end, two sets of sevens) makes them buttons that lay it off (role button, the move
    as their action, a "+"), and no button floats over any meld: every card's corner
    stays in view (the floating Lay off buttons hid the next row, Al's melds: new-user
    check, session 18). A joker (the run's two ends, the person's set; DUN-10: only on
    its own melds) opens the run's two buttons only when the run is tapped, inside the
    screen and apart, and the status line says to choose; Enter on the focused meld opens
    them too, and a tap lays it off."""
    for (w, h), lang, card in (((360, 640), "en", "7D.1"), ((390, 844), "sv", "JK")):
        page.set_viewport_size({"width": w, "height": h})
        open_game(page, site.url + LAYOFF_POSITION % (lang, card))
        tap(page.locator(f".hand [data-card='{card}']"))
        page.locator(".meld.target").first.wait_for()
        targets = page.eval_on_selector_all(
            ".meld.target", "els => els.map(e => [e.dataset.meld, e.getAttribute('role'),"
            " e.dataset.action || e.dataset.ui, !!e.querySelector('.meld-tag')])")
        if card == "7D.1":
            assert targets == [["m1", "button", "layoff 7D.1 m1", True],
                               ["m2", "button", "layoff 7D.1 m2", True],
                               ["m3", "button", "layoff 7D.1 m3", True]], targets
        else:
            assert targets == [["m1", "button", "meld-open", True],
                               ["m2", "button", "layoff JK m2", True]], targets
        assert page.locator(".meld-acts").count() == 0
        covered = [m for m, ok in page.evaluate(UNCOVERED) if not ok]
        assert not covered, (lang, covered)
    # the joker's run: its two ends on a tap (Al's melds hidden only then, on request)
    page.locator(".meld[data-meld=m1]").click()
    page.locator(".meld-acts button").first.wait_for()
    boxes = page.evaluate(MOVE_BOXES)
    assert len(boxes) == 2, boxes
    a, b = boxes
    assert all(x[0] >= 0 and x[1] <= 390 for x in boxes), boxes
    assert a[3] + 2 <= b[2] or b[3] + 2 <= a[2], boxes   # apart
    assert page.evaluate("document.activeElement.dataset.action") == "layoff JK m1 low"
    assert page.locator("#status-line").inner_text().startswith("Välj hur kortet ska läggas")
    # another card tapped and tapped off again: the joker alone is selected, and its
    # choices wait for a tap on the run (they came back by themselves: a new-user check)
    tap(page.locator(".hand [data-card='JC']"))
    tap(page.locator(".hand [data-card='JC']"))
    page.locator(".hand [data-card='JK'][aria-pressed=true]").wait_for()
    assert page.locator(".meld-acts").count() == 0
    page.locator(".meld[data-meld=m1]").click()
    page.locator(".meld-acts button").first.wait_for()
    # a tap on the run outside its buttons closes them, the keyboard stays on the run
    page.locator(".meld[data-meld=m1]").click(position={"x": 3, "y": 3})
    page.locator(".meld-acts").wait_for(state="detached")
    assert page.evaluate("document.activeElement.id") == "meld-m1"
    page.keyboard.press("Enter")
    page.locator(".meld-acts button").first.wait_for()
    tap(page.locator(".meld-acts [data-action='layoff JK m1 high']"))
    wait_settled(page)
    cards = page.eval_on_selector_all(".meld[data-meld=m1] [data-card]",
                                      "els => els.map(e => e.dataset.card)")
    assert cards == ["4D", "5D", "6D", "JK=7D"], cards


REPLACE_POSITION = ("?lang=sv&speed=instant&position=dunka;names=Du,Olle;round=1;phase=play;"
                    "turn=0;m1=0:7S,7H,7D;m2=1:QS,QH,QD;m3=1:JK=4D,5D,6D,7D;down=0,1;"
                    "h0=4D,2C,3S;h1=?3;seed=8")
"""Olle's run with a joker as the four of diamonds, second on its row at 390 px; the
person holds the four of diamonds (DUN-11)."""


def test_a_joker_replacements_choices_name_the_card_and_stay_on_a_phone(page, site):
    """DUN-11 at 390x844: the two ways to replace Olle's joker (it moves to the run's low
    or high end) name the card it becomes there, and their buttons end inside the screen
    (from a meld in the right half they ran 56 px off it, cut mid-word: new-user check)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site.url + REPLACE_POSITION)
    tap(page.locator(".hand [data-card='4D']"))
    tap(page.locator(".meld.target[data-meld=m3]"))
    page.locator(".meld-acts button").first.wait_for()
    got = page.evaluate(MOVE_BOXES.replace("[r.left, r.right, r.top, r.bottom]",
                                           "[r.left, r.right, b.textContent]"))
    assert [g[2] for g in got] == ["Byt ut jokern, den blir ruter trea",
                                   "Byt ut jokern, den blir ruter åtta"], got
    assert all(0 <= g[0] and g[1] <= 390 for g in got), got
    assert page.evaluate("document.getElementById('table-middle').scrollLeft") == 0
