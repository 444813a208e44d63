"""Faults a person found playing whole games by hand on a 360×640 phone (issue 11's "Done
when"), each checked where it was seen:

- Durak: the finished bout shown until your next move ("Förra utspelet") left out the move
  that ended it when that move was yours: your beat (the attacker could throw nothing in)
  or your throw-in that filled the bout. The table showed 6♦ unbeaten though you had just
  beaten it.
- Dunka: with melds on the table, a selected card's lay-off meld sat below the visible part
  of the table's middle (its "Lay off" button out of sight), and tapping the highlighted
  meld itself — as the status line says — did nothing; once the middle was scrolled down
  to a meld, the stock and the pile were scrolled out of sight for the next draw.
- Dunka's scoresheet in the phone's drawer: with four players the last column was cut off
  behind a hidden sideways scroll (the final total "195" read "19") and the names broke
  inside the word ("Comput / er 1").

Uses conftest.py's fixtures (any console error or failed request fails a test).
"""

from __future__ import annotations

from urllib.parse import quote

from browser_harness import open_game

PHONE = {"width": 360, "height": 640}

# You defend the eight of spades with the nine; Bo holds no eight or nine to throw in, so
# your beat ends the bout in the same move (the cards are discarded).
YOUR_BEAT_ENDS = ("durak;names=You,Bo;h0=9S,7C,7D,10D,JC,QD;h1=6C,10S,AH,KC,QC;trump=6H;"
                  "attacker=1;table=8S")


def test_durak_last_bout_shows_the_beat_you_made_to_end_it(page, site):
    page.set_viewport_size(PHONE)
    open_game(page, site.url + "?lang=en&hints=off&speed=instant&position="
              + quote(YOUR_BEAT_ENDS, safe=""))
    page.locator('.hand [data-card="9S"][data-action="beat 9S 8S"]').click(
        position={"x": 8, "y": 16})
    page.wait_for_selector("#table .last-bout", timeout=30_000)
    assert page.locator('#table .last-bout .pair .card.attack[data-card="8S"]').count() == 1
    # the beat you made is with it (before the fix: the eight of spades alone, unbeaten)
    assert page.locator('#table .last-bout .pair .card.defence[data-card="9S"]').count() == 1
    assert "discard" in page.locator("#table .last-bout").get_attribute("aria-label")


# You have laid down and drawn; the six of clubs fits only the last meld on the table (the
# sixes of seat 3), which at 360×640 lies below the visible part of the table's middle.
MELDS = ("dunka;round=1;phase=play;turn=0;taken=4C;"
         "h0=2C,3C,4C,5D,6D,8D,9D,10H,JH,QH,KS,AS,2S,3S,4H,5H,6C,9C,10C,JC;"
         "h1=?6;h2=?4;h3=?8;m1=0:7S,7H,7D;m2=0:KH,KC,JK=K;m3=1:5S,5C,JK=5;"
         "m4=1:9S,9H,9D;m5=2:QS,QD,QC;m6=2:8S,8H,8C;m7=2:AH,AD,AC;m8=3:3H,3D,JK=3;"
         "m9=3:6S,6H,6D;pile=2D")

# the element lies inside the visible part of the table's middle, and its top-left and
# bottom-left corners are not covered (by the stock and pile kept at the middle's top)
INSIDE_MIDDLE = """(sel) => {
  const m = document.getElementById('table-middle').getBoundingClientRect();
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  if (r.top < m.top - 0.5 || r.bottom > m.bottom + 0.5) return false;
  return [r.top + 6, r.bottom - 6].every((y) => {
    const hit = document.elementFromPoint(r.left + 6, y);
    return !!hit && el.contains(hit);
  });
}"""


def test_dunka_lay_off_meld_is_brought_into_view_and_tapping_it_lays_off(page, site):
    page.set_viewport_size(PHONE)
    open_game(page, site.url + "?lang=en&hints=off&speed=instant&position="
              + quote(MELDS, safe=""))
    page.wait_for_selector("#table .hand .card")
    assert not page.evaluate(INSIDE_MIDDLE, '#table .meld[data-meld="m9"]'), \
        "the position no longer puts the sixes below the fold: the test proves nothing"
    page.locator('.hand [data-card="6C"]').click(position={"x": 8, "y": 16})
    page.wait_for_selector('#table .meld.target[data-meld="m9"]')
    page.wait_for_timeout(200)   # static/js/motion.js restores the middle's scroll after a render
    # the highlighted meld and its button are in view without scrolling the middle by hand
    assert page.evaluate(INSIDE_MIDDLE, '#table .meld.target[data-meld="m9"]')
    assert page.evaluate("() => scrollY") == 0
    # "Tap Discard, or a highlighted meld": a tap on the meld's cards lays the six off
    page.locator('#table .meld.target[data-meld="m9"] [data-card="6S"]').click(
        position={"x": 5, "y": 8})   # its corner (the next card covers its middle)
    page.wait_for_selector('#table .meld[data-meld="m9"] [data-card="6C"]', timeout=30_000)
    assert page.locator('.hand [data-card="6C"]').count() == 0
    assert page.locator("#table .hand .card").count() == 19
    # scrolled to the last meld, the stock and the pile are still in view (sticky)
    page.evaluate("() => { const m = document.getElementById('table-middle'); m.scrollTop = m.scrollHeight; }")
    page.wait_for_timeout(100)
    assert page.evaluate("() => document.getElementById('table-middle').scrollTop") > 0
    assert page.evaluate(INSIDE_MIDDLE, "#table .stock-pile .card")
    assert page.evaluate(INSIDE_MIDDLE, "#table .discard-pile .card")


SHEET_FITS = """() => {
  const sheet = document.querySelector('#table-side .scoresheet');
  const box = sheet.parentElement;
  const right = box.getBoundingClientRect().right;
  const names = [...sheet.querySelectorAll('thead th.n')];
  return {overflow: sheet.scrollWidth - box.clientWidth,
          cut: names.filter((n) => n.getBoundingClientRect().right > right + 0.5).map((n) => n.textContent),
          lines: names.map((n) => { const r = document.createRange(); r.selectNodeContents(n);
                                    return r.getClientRects().length; })};
}"""


def test_dunka_scoresheet_of_four_players_fits_the_phone_drawer(page, site):
    page.set_viewport_size(PHONE)
    open_game(page, site.url + "?game=dunka&players=4&seed=5&lang=en&speed=instant")
    page.wait_for_selector("#table .hand .card")
    page.locator("#top [data-drawer=toggle]").click()
    page.wait_for_selector("#table-side .scoresheet")
    fit = page.evaluate(SHEET_FITS)
    assert fit["overflow"] <= 0 and not fit["cut"], fit
    # each name on one line (a name broken inside its word makes two line boxes)
    assert fit["lines"] == [1, 1, 1, 1], fit


# Each name header of the side panel's scoresheet: its words, and for each word whether it
# is split over two lines (a Range over one word has one box per line it is on).
NAME_WORDS = """() => {
  const sheet = document.querySelector('#table-side .scoresheet');
  const box = sheet.parentElement;
  return {overflow: sheet.scrollWidth - box.clientWidth,
          names: [...sheet.querySelectorAll('thead th.n')].map((th) => {
    const node = th.firstChild, text = node.textContent, split = [];
    let at = 0;
    for (const word of text.split(' ')) {
      const r = document.createRange();
      r.setStart(node, at); r.setEnd(node, at + word.length);
      if (word && r.getClientRects().length > 1) split.push(word);
      at += word.length + 1;
    }
    return {text, split, cls: th.className};
  })};
}"""


def _sheet_names(page, width: int, height: int) -> dict:
    """The side panel's scoresheet at ``width``x``height`` (a phone's in its drawer)."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    toggle = page.locator("#top [data-drawer=toggle]")
    if width < 800 and toggle.is_visible() and \
            not page.locator("#table-side .scoresheet").is_visible():
        toggle.click()
    page.wait_for_selector("#table-side .scoresheet", state="visible")
    return page.evaluate(NAME_WORDS)


def test_scoresheet_names_wrap_only_at_their_spaces(page, site):
    """A new user's check: at 1280x800 Dunka's scoresheet header broke "Computer 1" as
    "Compute/r 1". Dunka and Elvakort (the scoresheet games; Durak's and Tonk's names are
    rows of their tallies), three and four players, both languages, 1280x800 and 360x640:
    no word of a name is split, and the sheet fits its panel. A 24-letter name without a
    space (``people.MAX_NAME``) may still break inside itself (``long-word``), so that it
    does not widen the panel."""
    from saved_game import open_saved
    from game.session import Session
    long_name = "Bartholomew" + "x" * 13
    for game, n, lang in (("dunka", 4, "en"), ("elvakort", 3, "sv")):
        people = [{"name": "You", "kind": "human"}] + [
            {"name": f"Computer {i}", "kind": "bot", "level": "easy"} for i in range(1, n)]
        if game == "elvakort":
            people[0]["name"] = long_name
        page.set_viewport_size({"width": 1280, "height": 800})
        open_saved(page, site, Session.new(game, {}, people, 4), query=f"speed=instant&lang={lang}")
        for width, height in ((1280, 800), (360, 640)):
            got = _sheet_names(page, width, height)
            assert got["overflow"] <= 0, (game, width, got)
            for name in got["names"]:
                if name["text"] == long_name:
                    assert "long-word" in name["cls"], got
                else:
                    assert name["cls"] == "n" and not name["split"], (game, lang, width, got)
            assert len(got["names"]) == n
        _sheet_names(page, 1280, 800)   # the drawer's cover gone: the language switch
        page.locator("#lang-switch").click()   # the other language: "Dator 1" / "Computer 1"
        page.wait_for_function(f"document.documentElement.lang !== '{lang}'")
        for width, height in ((1280, 800), (360, 640)):
            got = _sheet_names(page, width, height)
            assert got["overflow"] <= 0 and not any(
                x["split"] for x in got["names"] if x["text"] != long_name), (game, width, got)


ELV_LAY_OFF = ("elvakort;round=1;phase=play;turn=0;taken=4C;h0=9C,4C,5D,KS,2S;h1=?6;"
               "m1=0:7S,7H,7D;m2=1:9S,9H,9D;m3=0:QS,QD,QC;m4=1:8S,8H,8C;down=0,1")


def test_elvakort_names_you_as_the_giver_of_a_card_laid_off(page, site):
    """ELV-8: a card laid off on another player's meld scores for its owner, and the meld
    says who gave it; the person is "you" as an object ("with cards from you", "med kort
    från dig"), not "You"/"Du" as a new user saw."""
    open_game(page, site.url + "?lang=sv&hints=off&speed=instant&position="
              + quote(ELV_LAY_OFF, safe=""))
    page.wait_for_selector("#table .hand .card")
    page.locator('.hand [data-card="9C"]').click(position={"x": 8, "y": 16})
    page.locator('#table .meld.target[data-meld="m2"] [data-card="9S"]').click(
        position={"x": 5, "y": 8})
    page.wait_for_selector('#table .meld[data-meld="m2"] [data-card="9C"]', timeout=30_000)
    credit = page.locator('#table .meld[data-meld="m2"] .credit').inner_text()
    assert credit == "med kort från dig", credit
