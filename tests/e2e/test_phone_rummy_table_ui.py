"""The rummy tables on a phone (Dunka and Elvakort; a new user's check, session 15).

- Selecting a card in the hand does not move the table's middle (the stock, the pile and
  the melds one lays off on): the action bar keeps one row of a fixed height, the hand's
  badges and sort button beside its buttons, and the status line keeps room for two lines
  (static/css/table.css, ".zone-dock.steady"). At 360x640 the selection's buttons ("Discard
  K♠", "Clear selection") took a line of their own and the middle lost 36 px at its bottom.
- Eight Elvakort players at 320x480: the seats are two-line chips, four to a row, so the
  middle keeps room for the stock and the pile (before: 0 px, the page scrolled); at
  360x640 and 390x844 too, so a row of melds stays in view (before: 133 px at 360x640).
- The meld a selected card fits is itself its lay-off button (a "+" over its last card):
  no meld moves (before: a button in the flow made the group taller and the owner's next
  meld jumped 34 px; then floating buttons hid the next row: test_dunka_ui.py).

Each position boots once and is looked at in several sizes (``browser_harness.resize``);
the whole-table check of test_table_layout_ui.py (``CHECK``: the page does not scroll, the
hand, the buttons and the status line in view, nothing overlaps, ranks of 18 px) runs in
each state. Uses conftest.py's fixtures (any console error or failed request fails a test).
"""

from __future__ import annotations

from urllib.parse import quote

from browser_harness import open_game, resize
from test_table_layout_ui import CHECK

PHONES = [(360, 640), (390, 844)]
HAND = "2C,3C,4C,5D,6D,8D,9D,10H,JH,QH,KS,AS,2S"
"""The human's hand; the king of spades fits the kings' meld of the next player."""


def rummy(game: str, players: int) -> str:
    """A play-phase position of ``game`` with ``players`` (the human has drawn and laid
    down; three melds on the table, one of them of kings)."""
    return (f"{game};round=1;phase=play;turn=0;taken=4C;h0={HAND};"
            + ";".join(f"h{i}=?8" for i in range(1, players))
            + ";m1=0:7S,7H,7D;m2=1:KH,KC,JK=K;m3=1:9S,9H,9D;pile=2D")


CONTRACT = ("dunka;round=1;phase=play;turn=0;dealer=0;taken=4C;"
            "h0=7C,7D,7H,QC,QD,QS,2C,5D,9H,KS,AS,3S,4C;h1=?8;h2=?8;h3=?8;"
            "m1=1:KH,KC,JK=K;m2=1:9S,9D,9C;pile=2D")
"""Four players; the human, the dealer, holds the contract (two sets) and has not laid
down: "Lay down" is offered before any card is selected, beside "Discard", the dealer's
badge and the sort button (the widest row at rest)."""

EIGHT = ("elvakort;round=1;phase=play;turn=0;h0=2C,3C,4C,5D,6D,8D,9D,10H,JH,QH,KS,AS;"
         + ";".join(f"h{i}=?11" for i in range(1, 8)) + ";m1=1:9S,9H,9D;pile=2D")
"""Eight players; the human has not laid down (a selection offers "Lay down" too)."""

MIN_MIDDLE = 80
"""The least height of the middle at 320x480 with eight players (px): the stock and the
pile (one small card high on a short phone) with room around them (before: 0)."""

# The middle's box, the stock's and the pile's, the kings' meld, the action buttons.
BOXES = r"""() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
  return {
    middle: box(document.getElementById("table-middle")),
    stock: box(document.querySelector("#table .stock-pile")),
    pile: box(document.querySelector("#table .discard-pile")),
    kings: box((document.querySelector('#table .meld .card[data-card="KH"]') || {closest: () => null})
               .closest(".meld")),
    buttons: [...document.querySelectorAll("#table .actions button")].map((b) => ({
      name: b.getAttribute("aria-label") || b.textContent.trim(),
      height: b.getBoundingClientRect().height})),
  };
}"""
MELDS = r"""() => [...document.querySelectorAll("#table .meld")].map((m) => {
  const r = m.getBoundingClientRect();
  return {meld: m.dataset.meld, top: r.top, left: r.left, height: r.height};
})"""
"""Each meld's box (its name, top, left and height): a selection moves none of them."""
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def inside(inner: dict, outer: dict) -> bool:
    return (inner["top"] >= outer["top"] - 0.5 and inner["bottom"] <= outer["bottom"] + 0.5
            and inner["left"] >= outer["left"] - 0.5 and inner["right"] <= outer["right"] + 0.5)


def open_position(page, site, position: str, width: int = 360, height: int = 640,
                  hints: str = "off") -> None:
    """Open ``position`` (a position link's notation) in English at ``width`` x ``height``,
    at speed instant, and wait for the hand."""
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, site.url + f"?lang=en&hints={hints}&speed=instant&position="
              + quote(position, safe=""))
    page.wait_for_selector("#table .hand .card")


def select(page, card: str) -> None:
    page.locator(f'#table .hand [data-card="{card}"]').click(position={"x": 8, "y": 16})
    page.wait_for_selector(f'#table .hand [data-card="{card}"].selected')
    page.evaluate(FRAMES)


def clear(page) -> None:
    page.locator("#table .actions [data-ui=clear]").click(position={"x": 8, "y": 16})
    page.wait_for_selector("#table .hand .card.selected", state="detached")
    page.evaluate(FRAMES)


def check_selection_keeps_the_middle(page, size: str, card: str = "KS",
                                     meld: bool = True, layoff: bool = False) -> list[str]:
    """Select ``card`` and clear the selection again: the middle's box is the same in all
    three states, no meld moves (within 1 px), the action buttons at least 44 px tall, the
    kings' meld (when ``meld``) whole in the middle and (when ``layoff``) the one lay-off
    button, at least 44 px wide and 40 tall (UX.md: 24 at least, 44 where space allows;
    a phone's meld cards are 40 px), and the table passes ``CHECK``. Returns the
    problems found."""
    out = []
    rest = page.evaluate(BOXES)
    melds = page.evaluate(MELDS)
    out += [f"{size} at rest: {p}" for p in page.evaluate(CHECK)]
    select(page, card)
    picked = page.evaluate(BOXES)
    moved = page.evaluate(MELDS)
    for a, b in zip(melds, moved):
        if abs(a["top"] - b["top"]) > 1 or abs(a["left"] - b["left"]) > 1:
            out.append(f"{size}: selecting {card} moved the meld {a['meld']} from "
                       f"{a['left']:.0f},{a['top']:.0f} to {b['left']:.0f},{b['top']:.0f}")
    if layoff:   # the kings' meld is the lay-off button: a target of 44 x 40 px or more
        lay = page.locator("#table .meld.target[role=button][data-action]")
        if lay.count() != 1 or page.locator("#table .meld-acts").count():
            out.append(f"{size}: {lay.count()} lay-off melds with {card} selected")
        elif lay.bounding_box()["height"] < 39.5 or lay.bounding_box()["width"] < 43.5:
            out.append(f"{size}: the lay-off meld is {lay.bounding_box()}")
    out += [f"{size} {card} selected: {p}" for p in page.evaluate(CHECK)]
    for key in ("top", "bottom", "height"):
        if abs(picked["middle"][key] - rest["middle"][key]) > 0.5:
            out.append(f"{size}: selecting {card} moved the middle's {key} from "
                       f"{rest['middle'][key]:.0f} to {picked['middle'][key]:.0f} px")
    if not any(b["name"].startswith("Discard") for b in picked["buttons"]):
        out.append(f"{size}: no Discard button with {card} selected: {picked['buttons']}")
    out += [f"{size}: the button {b['name']} is {b['height']:.0f} px tall (< 44)"
            for b in picked["buttons"] if b["height"] < 43.5]
    if meld and not (picked["kings"] and inside(picked["kings"], picked["middle"])):
        out.append(f"{size}: the kings' meld is not whole in the middle: {picked['kings']} "
                   f"in {picked['middle']}")
    clear(page)
    back = page.evaluate(BOXES)
    if any(abs(back["middle"][k] - rest["middle"][k]) > 0.5 for k in ("top", "bottom")):
        out.append(f"{size}: clearing the selection moved the middle: {rest['middle']} -> "
                   f"{back['middle']}")
    return out


def test_selecting_a_card_does_not_move_the_middle_on_a_phone(page, site):
    """Dunka with two players and Elvakort with four, at 360x640 and 390x844 (and a low
    landscape phone, a tablet and a wide screen, where the buttons and the sort button
    share a line as before)."""
    problems = []
    for game, players in (("dunka", 2), ("elvakort", 4)):
        open_position(page, site, rummy(game, players))
        assert page.locator("#table .meld").count() == 3
        assert page.locator("#table .seat").count() == players - 1
        for w, h in PHONES + [(844, 390), (768, 1024), (1280, 800)]:
            resize(page, w, h)
            problems += [f"{game} {players}: {p}" for p in
                         check_selection_keeps_the_middle(page, f"{w}x{h}", layoff=True)]
    # the widest rows: "Lay down" at rest, and with a card selected
    open_position(page, site, CONTRACT)
    assert page.locator("#table .actions [data-ui=laydown]:not([aria-disabled])").count() == 1
    assert page.locator("#table .me .badge.dealer").count() == 1
    for w, h in [(320, 568)] + PHONES:
        resize(page, w, h)
        problems += [f"contract: {p}" for p in check_selection_keeps_the_middle(page, f"{w}x{h}")]
    assert not problems, "\n".join(problems)


def middle_room(got: dict, size: str, least: float) -> list[str]:
    """What is wrong with the middle's room in ``got`` (``BOXES``): less than ``least`` px
    tall, or the stock or the pile not whole in it."""
    mid = got["middle"]
    out = [f"{size}: the middle is {mid['height']:.0f} px tall (< {least})"
           ] if mid["height"] < least else []
    return out + [f"{size}: the {what} {got[what]} is not whole in the middle {mid}"
                  for what in ("stock", "pile") if not inside(got[what], mid)]


def test_eight_elvakort_players_leave_the_middle_room_at_320x480(page, site):
    """Eight players at 320x480 (and 320x568): the middle is at least ``MIN_MIDDLE`` tall
    with the stock and the pile whole in it, the table passes ``CHECK``, and selecting a
    card (which offers Lay down, Discard and Clear) does not move the middle."""
    open_position(page, site, EIGHT, 320, 480)
    assert page.locator("#table .seat").count() == 7
    assert page.locator("#table .hand .card").count() == 12
    problems = []
    for w, h in ((320, 480), (320, 568)):
        resize(page, w, h)
        got = page.evaluate(BOXES)
        problems += middle_room(got, f"{w}x{h}", MIN_MIDDLE)
        problems += check_selection_keeps_the_middle(page, f"{w}x{h}", meld=False)
    assert not problems, "\n".join(problems)


MIN_MIDDLE_PHONE = 150
"""The least height of the middle with eight players at 360x640 and 390x844 (px): the
stock and the pile and at least one row of melds below them (before: 133 px at 360x640,
the seats took two rows of wrapped names, and less during the claim prompt; after: 220)."""


def test_eight_elvakort_players_leave_a_row_of_melds_on_a_phone(page, site):
    """Eight players at 360x640 and 390x844: the seats are compact chips (four to a row,
    the names on one line), the middle is at least ``MIN_MIDDLE_PHONE`` tall with the
    stock, the pile and the first meld whole in it, and the table passes ``CHECK``."""
    open_position(page, site, EIGHT, 360, 640)
    assert page.locator("#table .seat").count() == 7
    problems = []
    for w, h in PHONES:
        resize(page, w, h)
        got = page.evaluate(BOXES)
        mid = got["middle"]
        problems += middle_room(got, f"{w}x{h}", MIN_MIDDLE_PHONE)
        first = page.locator("#table .meld").first.bounding_box()
        if first["y"] + first["height"] > mid["bottom"] + 0.5:
            problems.append(f"{w}x{h}: the first meld {first} is not whole in the middle {mid}")
        names = page.evaluate("""() => [...document.querySelectorAll('#table .seat .who > span:first-child')]
          .filter((s) => s.getClientRects().length > 1 || s.getBoundingClientRect().height > 20)
          .map((s) => s.textContent)""")
        if names:
            problems.append(f"{w}x{h}: names wrap in the seats: {names}")
        problems += [f"{w}x{h}: {p}" for p in page.evaluate(CHECK)]
    assert not problems, "\n".join(problems)


HINT_IN_ROW = """() => {
  const b = document.querySelector('#table [data-ui=teach-hint]');
  const row = b.parentElement.getBoundingClientRect(), r = b.getBoundingClientRect();
  return {inside: r.left >= row.left - 0.5 && r.right <= row.right + 0.5 && r.right <= innerWidth + 0.5,
          text: b.innerText.trim(), name: b.textContent};
}"""


def test_the_hint_button_stays_in_the_dock_row_with_a_card_selected(page, site):
    """A lesson's Hint button in a phone's one-row dock: with a card selected (Discard
    and Clear join the row) it was pushed to the row's edge and read "Hi" (new-user
    check); on a phone it shows "?" and stays whole in the row, named Hint."""
    for w, h in PHONES:
        open_position(page, site, rummy("dunka", 2), w, h, hints="on")
        page.wait_for_selector("#table [data-ui=teach-hint]")
        card = page.locator("#table .hand .card").first.get_attribute("data-card")
        select(page, card)
        got = page.evaluate(HINT_IN_ROW)
        assert got["inside"] and got["text"] == "?" and "Hint" in got["name"], (w, h, got)


CREDITED = ("elvakort;round=1;phase=play;turn=0;taken=4C;h0=8S,9S,4C,5D,2H;h1=?6;"
            "m1=0:7H,7D,7C;m2=1:4S,5S,6S,7S;m3=1:QS,QH,QD;down=0,1")
"""Elvakort, both players down: the person lays the eight of spades off on the other
player's run (the meld then says "with cards from you") and may lay the nine after it."""

TAG_AND_CREDIT = r"""() => {
  const m = document.querySelector('#table .meld[data-meld="m2"]');
  const box = (el) => { const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const tag = m.querySelector('.meld-tag'), credit = m.querySelector('.credit');
  return {tag: tag && box(tag), credit: credit && box(credit),
          text: credit && credit.textContent};
}"""


def test_a_highlighted_melds_plus_leaves_its_credit_line_in_view(page, site):
    """Elvakort on phones (390x844, 360x640): the floating lay-off button once sat over
    the meld's own "with cards from …" line (new-user check); the highlighted meld's "+"
    sits over its last card, so both read whole. Tapping the meld lays the card off."""
    for w, h in PHONES[::-1]:
        open_position(page, site, CREDITED, w, h)
        select(page, "8S")
        page.locator('#table .meld.target[data-meld="m2"][data-action]').click()
        page.wait_for_selector('#table .meld[data-meld="m2"] .credit')
        select(page, "9S")
        page.wait_for_selector('#table .meld.target[data-meld="m2"] .meld-tag')
        got = page.evaluate(TAG_AND_CREDIT)
        assert got["text"] == "with cards from you", got
        a, c = got["tag"], got["credit"]
        apart = a["top"] >= c["bottom"] - 0.5 or a["bottom"] <= c["top"] + 0.5 or \
            a["left"] >= c["right"] - 0.5 or a["right"] <= c["left"] + 0.5
        assert apart, (w, h, got)
