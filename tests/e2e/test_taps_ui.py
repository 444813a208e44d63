"""A tap that only selects or unselects a card shows in the next frame (issue 38, item 2):
static/js/taps.js toggles the card's selected look in the click event, before any Python
work of the tap, and the page's Python handles the tap after that frame; its redraw then
confirms or corrects the change, and whatever no redraw replaced is put back in the same
task (``kortbordetTaps.settle``). Python's own selection (``TableView.selected``, read in
the page's Python) is the oracle: after every tap the hand shows exactly it.

One Dunka table in a context of its own (the page's Python is reachable only over a route,
browser_harness.expose_python, which needs the service worker blocked).
"""

from __future__ import annotations

from browser_harness import ALL_DONE_INIT_SCRIPT, expose_python, open_game, run_python, watch
from table_driver import look, tap_at

URL = "?game=dunka&players=2&seed=5&speed=instant&lang=en"
STOCK = ".stock-pile [data-action]"
PLAYABLE = ".hand .card.playable"
DISCARD = ".actions [data-ui=discard][data-action]"

SHOWN = "() => [...document.querySelectorAll('#table .hand [data-card]')]" \
        ".filter((c) => c.classList.contains('selected') || c.getAttribute('aria-pressed') === 'true')" \
        ".map((c) => c.dataset.card).sort()"
"""The cards the hand shows selected (by class or by aria-pressed: either one alone would be
a contradiction the comparison catches)."""

# registered after the page's own click listener (Python's, on document): what the page
# shows of the tapped card while the click is still being dispatched (Python has had the
# event and not drawn yet: the same data-draw) and in the frame that follows it
WATCH = """() => {
  window.__tapSeen = [];
  document.addEventListener('click', (e) => {
    const el = e.target.closest('[data-card]');
    const draw = () => document.getElementById('table').dataset.draw;
    const rec = {card: el && el.dataset.card, marked: !!e.kortbordetTap, drawBefore: draw(),
                 inEvent: !!el && el.classList.contains('selected')};
    window.__tapSeen.push(rec);
    requestAnimationFrame(() => {
      rec.inFrame = !!el && el.isConnected && el.classList.contains('selected');
      rec.drawInFrame = draw();
    });
  });
}"""


def python_selection(page) -> list[str]:
    return sorted(run_python(page, "import game.web.main as m\nlist(m._app.table.selected)"))


def tap_card(page, card: str) -> None:
    """Tap the hand's ``card`` where a person would (``table_driver.tap_at``)."""
    sel = f'#table .hand [data-card="{card}"]'
    tap_at(page, look(page, (sel,)).all(sel)[0])


def check_taps(page, taps: list[tuple[str, list[str]]]) -> None:
    """Tap each card in turn; after each the hand shows the selection given (and Python's,
    ``settled_alike``), and the tap was shown before Python drew: in the click event after
    Python's listener had it (the same drawing), and in the next frame, still that
    drawing."""
    for name, expected in taps:
        before = len(page.evaluate("window.__tapSeen"))
        was = name in page.evaluate(SHOWN)
        tap_card(page, name)
        assert settled_alike(page) == sorted(expected)
        rec = page.evaluate("window.__tapSeen")[before]
        assert rec["card"] == name and rec["marked"]
        assert rec["inEvent"] is (not was)
        assert rec["inFrame"] is (not was) and rec["drawInFrame"] == rec["drawBefore"]
        assert page.evaluate("window.kortbordetTaps.report")["log"][-1] == \
            [name, not was, "confirmed"]


def settled_alike(page) -> list[str]:
    """Wait until the page handled the tap (``look``: no tap pending); the hand must show
    Python's selection, no card may still carry an optimistic change, and every
    optimistic tap has an outcome. Returns the selection shown."""
    look(page)
    shown = page.evaluate(SHOWN)
    assert shown == python_selection(page)
    assert page.locator("#table [data-optimistic]").count() == 0
    report = page.evaluate("window.kortbordetTaps.report")
    assert report["toggles"] == report["confirmed"] + report["corrected"] + report["undone"]
    return shown


def test_a_selecting_tap_shows_at_once_and_ends_as_the_engine_says(browser, site):
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 640})
    context.add_init_script(ALL_DONE_INIT_SCRIPT)
    page = context.new_page()
    problems = watch(context, page, site.origin)
    try:
        expose_python(page)
        open_game(page, site.url + URL)
        page.evaluate(WATCH)
        # the opening discard (DUN-3): one card at a time; a second card tapped takes the
        # place of the first at once
        names = page.eval_on_selector_all(PLAYABLE, "els => els.map((e) => e.dataset.card)")
        assert len(names) >= 3 and page.locator(".hand[data-select=one]").count() == 1
        check_taps(page, [(names[0], [names[0]]), (names[2], [names[2]]), (names[2], [])])
        check_taps(page, [(names[1], [names[1]])])
        discard = look(page, (DISCARD,)).all(DISCARD)[0]
        tap_at(page, discard)
        assert look(page, (STOCK,), after=discard.draw).all(STOCK), "the human draws next"

        # a card the rules forbid (nothing may be discarded before drawing), made to look
        # selectable: the tap shows it selected at once and the engine's redraw puts it back
        card = page.evaluate("""() => {
          const c = document.querySelector('#table .hand [data-card][aria-disabled=true]');
          c.removeAttribute('aria-disabled');
          c.classList.add('playable');
          c.closest('.hand').setAttribute('data-select', 'many');
          return c.dataset.card;
        }""")
        tap_card(page, card)
        assert settled_alike(page) == []
        assert page.evaluate("window.kortbordetTaps.report")["log"][-1] == \
            [card, True, "corrected"]
        assert page.locator("#reason").inner_text().strip()   # the engine said why

        # drawn: any number of cards
        stock = look(page, (STOCK,)).all(STOCK)[0]
        tap_at(page, stock)
        look(page, after=stock.draw)
        names = page.eval_on_selector_all(PLAYABLE, "els => els.map((e) => e.dataset.card)")
        assert len(names) >= 3 and page.locator(".hand[data-select=many]").count() == 1
        check_taps(page, [(names[0], [names[0]]), (names[2], sorted([names[0], names[2]])),
                          (names[0], [names[2]])])
        expected = [names[2]]

        # a tap Python ignores (the moment after a pass-and-play screen, made here by
        # hand): nothing redraws, and the card shown selected is put back
        # (for a minute, in Python only: taps.js does not know of it)
        run_python(page, "import game.web.main as m, js\n"
                         "m._app.tap_guard_until = js.performance.now() + 60000")
        draw = look(page).draw
        tap_card(page, names[1])
        assert settled_alike(page) == expected
        assert look(page).draw == draw   # nothing was drawn
        assert page.evaluate("window.kortbordetTaps.report")["log"][-1][2] == "undone"
    finally:
        context.close()
    assert not problems.report()
