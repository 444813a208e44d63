"""The card just drawn is marked in the hand (new-user check: with 11–13 overlapped cards
on a 390×844 phone each card shows a 26 px strip, and the card just taken had to be
hunted for before discarding): in Dunka from the stock and from the discard pile, in Tonk
likewise; exactly that card carries the mark (class ``fresh``, a "new" tag in its visible
strip) and is named "…, just drawn" / "…, nydragen", the mark moves no card, survives a
redraw (sort, selection, language) and is gone after the turn's discard (game.web.drawn).

Uses conftest.py's fixtures: any console error, page error, failed request or request to
another origin fails the test.
"""

from __future__ import annotations

import os

from browser_harness import open_game
from dunka_driver import hand
from durak_driver import tap, wait_settled
from table_driver import look

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 800}

DUNKA = ("?lang=en&speed=instant&position=dunka;names=You,Bo;round=1;phase=draw;turn=0;"
         "h0=2S,5S,9S,3H,8H,QH,4D,10D,KD,6C,JC;h1=?10;pile=7C;stock=8C,?85;seed=8")
"""Dunka, the person to draw with 11 cards (12 after the draw; the eight of clubs from
the stock goes to the middle of the hand), the seven of clubs on the discard pile."""

TONK = ("?lang=en&speed=instant&position=tonk;names=You,Bo;phase=start;turn=0;"
        "h0=2S,5S,9S,3H,8H;h1=?5;pile=7C;seed=8")
"""Tonk, the person to draw with 5 cards, the seven of clubs on the discard pile."""

SHOTS = os.environ.get("KORTBORDET_SHOTS")
"""A folder to write the screenshots to (looked at by a person), or None."""

_MARKS = """() => {
  const cards = [...document.querySelectorAll('.hand .card')];
  const fresh = cards.filter((c) => c.classList.contains('fresh'));
  const tags = fresh.map((c) => {
    const tag = c.querySelector('.fresh-tag');
    if (!tag) return null;
    const r = tag.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {seen: !!hit && hit.closest('.card') === c && r.width > 0,
            inside: r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
            text: getComputedStyle(tag, '::after').content};
  });
  return {fresh: fresh.map((c) => c.dataset.card),
          names: fresh.map((c) => c.getAttribute('aria-label')),
          drawn: cards.filter((c) => /just drawn|nydragen/.test(c.getAttribute('aria-label')))
                      .map((c) => c.dataset.card),
          tags};
}"""

_STILL = """() => {
  // every hand card's box with the mark, then without it (class and tag taken away):
  // the mark must not move any card
  const boxes = () => [...document.querySelectorAll('.hand .card')].map((c) => {
    const r = c.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
  const cards = [...document.querySelectorAll('.hand .card.fresh')];
  const style = document.createElement('style');
  style.textContent = '.hand .card { transition: none !important; }';
  document.head.appendChild(style);
  const marked = boxes();
  const tags = cards.map((c) => c.querySelector('.fresh-tag'));
  cards.forEach((c, i) => { c.classList.remove('fresh'); tags[i] && tags[i].remove(); });
  const plain = boxes();
  cards.forEach((c, i) => { c.classList.add('fresh'); tags[i] && c.appendChild(tags[i]); });
  style.remove();
  return {marked, plain};
}"""


def marks(page) -> dict:
    return page.evaluate(_MARKS)


def check_marked(page, card: str, name: str, tag: str = '"new"') -> None:
    """Exactly ``card`` is marked as just drawn, named ``name``, its tag seen."""
    got = marks(page)
    assert got["fresh"] == [card] and got["drawn"] == [card], got
    assert got["names"] == [name], got
    assert got["tags"] == [{"seen": True, "inside": True, "text": tag}], got
    still = page.evaluate(_STILL)
    assert still["marked"] == still["plain"], still


def check_unmarked(page) -> None:
    got = marks(page)
    assert got["fresh"] == [] and got["drawn"] == [], got


def shoot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name))


def move(page, locator) -> str:
    """Tap ``locator`` (a move) and wait for the table drawn after it that waits for the
    person again (the computer players' moves in between); returns ``data-waiting``."""
    drawn = int(page.get_attribute("#table", "data-draw"))
    tap(locator)
    return look(page, after=drawn).state


def discard(page, card: str) -> str:
    """Select ``card`` and discard it (the selection's Discard button), then wait as
    ``move``."""
    tap(page.locator(f".hand [data-card='{card}']"))
    return move(page, page.locator(".actions [data-ui=discard][data-action]"))


def test_dunka_marks_the_card_drawn_from_the_stock_and_from_the_pile(page, site):
    """Dunka on a 390×844 phone: the stock's card (found by comparing the hand before and
    after) and, next turn, the pile's top card are marked and named as just drawn, the
    mark moves no card, stays through a sort, a selection and a language switch, and is
    gone after the discard; laptop size too."""
    page.set_viewport_size(PHONE)
    open_game(page, site.url + DUNKA)
    assert wait_settled(page) == "human"
    check_unmarked(page)
    before = hand(page)
    assert move(page, page.locator(".stock-pile [data-action]")) == "human"
    new = [c for c in hand(page) if c not in before]
    assert new == ["8C"] and len(hand(page)) == 12
    name = "eight of clubs, just drawn"
    check_marked(page, new[0], name)
    shoot(page, "dunka_fresh_phone.png")
    page.set_viewport_size(LAPTOP)
    check_marked(page, new[0], name)
    shoot(page, "dunka_fresh_laptop.png")
    page.set_viewport_size(PHONE)
    # redrawn: sorted the other way, a card selected, the page in Swedish
    tap(page.locator("[data-ui=sort]"))
    check_marked(page, new[0], name)
    other = next(c for c in hand(page) if c != new[0])
    tap(page.locator(f".hand [data-card='{other}']"))
    check_marked(page, new[0], name)
    tap(page.locator(f".hand [data-card='{new[0]}']"))   # selected too: both looks at once
    assert page.locator(".hand .card.fresh.selected").count() == 1
    shoot(page, "dunka_fresh_selected_phone.png")
    tap(page.locator("[data-ui=clear]"))
    tap(page.locator("#lang-switch"))
    check_marked(page, new[0], "klöver åtta, nydragen", '"ny"')
    tap(page.locator("#lang-switch"))   # back to English
    # the turn's discard (another card: the drawn one stays in hand, unmarked)
    assert discard(page, other) == "human"
    assert page.locator(".hand [data-card='8C']").get_attribute("aria-label") == \
        "eight of clubs"   # still in hand, no longer "just drawn"
    check_unmarked(page)
    # next turn: the discard pile's top card
    top = page.locator(".discard-pile [data-action]")
    card = top.get_attribute("data-card")
    assert move(page, top) == "human"
    assert card in hand(page)
    name = page.locator(f".hand [data-card='{card}']").get_attribute("aria-label")
    assert name.endswith(", just drawn"), name
    check_marked(page, card, name)
    shoot(page, "dunka_fresh_pile_phone.png")
    discard(page, page.locator(".hand .card.playable:not(.fresh)").first.get_attribute("data-card"))
    check_unmarked(page)


def test_tonk_marks_the_card_drawn_from_the_stock_and_from_the_pile(page, site):
    """Tonk on a 390×844 phone: the same marks for a draw from the stock and one from the
    pile, gone after the discard."""
    page.set_viewport_size(PHONE)
    open_game(page, site.url + TONK)
    assert wait_settled(page) == "human"
    before = hand(page)
    assert move(page, page.locator(".stock-pile [data-action]")) == "human"
    new = [c for c in hand(page) if c not in before]
    assert len(new) == 1
    name = page.locator(f".hand [data-card='{new[0]}']").get_attribute("aria-label")
    assert name.endswith(", just drawn"), name
    check_marked(page, new[0], name)
    shoot(page, "tonk_fresh_phone.png")
    assert discard(page, new[0]) == "human"   # the drawn card itself thrown: nothing marked
    check_unmarked(page)
    top = page.locator(".discard-pile [data-action]")
    card = top.get_attribute("data-card")
    assert move(page, top) == "human"
    name = page.locator(f".hand [data-card='{card}']").get_attribute("aria-label")
    check_marked(page, card, name)
    assert name.endswith(", just drawn"), name
    discard(page, page.locator(".hand .card.playable:not(.fresh)").first.get_attribute("data-card"))
    check_unmarked(page)
