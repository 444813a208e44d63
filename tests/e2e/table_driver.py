"""What every game's DOM driver shares: one look at the table per tap, and a tap at a point.

A driver's move used to cost five or six round trips to the browser and a Playwright click
(wait for the table, read its state, count the controls, check the test's condition, click:
which itself waits for two animation frames and checks the element in further trips). Under
``make test`` on two busy cores each trip costs 20-60 ms, more than the page's own work for
a tap. Here one ``look`` waits in the page until the table waits for the human (or the game
is over), then reads its state, the test's condition and every control the driver may tap,
with the point a person would tap (near the top-left corner, as ``tap`` does) and whether
that point reaches the control (the topmost element there is the control or inside it)
and the control is enabled (not ``disabled`` nor inside ``aria-disabled=true``).
``tap_at`` then presses the mouse at that point: one trip, the same pointer events a
Playwright click sends. A control whose point is not free (covered, out of view, disabled)
is clicked by Playwright's ``locator.click`` instead, which scrolls and waits (until it
can be clicked, or fails).

Adapters for other browsers (tests/firefox/firefox_page.py) offer ``page.mouse.click``;
a page without ``mouse`` (tests/webkit/webkit_page.py) gets the locator's click.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TAP_X, TAP_Y = 8, 16
"""Where a tap lands, from the element's top-left corner (px): a card's rank and suit,
which stay visible when cards overlap in a fanned hand on a narrow screen."""

MAX_POINTS = 60
"""Controls measured per selector (a hand holds at most 30 cards)."""

_READY = """(o) => {
  const p = document.querySelector('#privacy'), t = document.querySelector('#table');
  // a screen drawn after the one a tap was made on (its data-draw is larger)
  if (o.after != null && !(Number((p || t || {dataset: {}}).dataset.draw) > o.after)) return false;
  // taps are ignored for a moment after a pass-and-play screen gave way (listeners.py
  // TAP_GUARD_MS): a tap is read only once that moment is over
  const s = document.getElementById('screen');
  if (s && performance.now() < Number(s.dataset.tapGuard || 0)) return false;
  // a tap shown at once (static/js/taps.js) that Python handles after the
  // next paint: the table is read once Python drew it
  if (s && s.hasAttribute('data-tap-pending')) return false;
  // a pass-and-play screen counts once the game waits for a person: one is also drawn
  // while a computer player is still to move, and drawn again after that move
  if (o.privacy && p) return p.dataset.waiting !== 'bot';
  return !!t && (t.dataset.waiting === 'human' || t.hasAttribute('data-over')
                 || t.dataset.waiting === 'game_over' || t.dataset.waiting === 'series_over');
}"""

# Returns the reading at once when the table waits already, else a promise of it (the
# page's own MutationObserver sees the table drawn; a timer gives up after o.timeout ms).
_LOOK = """(o) => {
  const ready = () => (__READY__)(o);
  const read = () => {
    const p = document.querySelector('#privacy');
    const t = document.querySelector('#table');
    const state = p ? 'pp:' + p.dataset.screen : t.dataset.waiting;
    const W = innerWidth, H = innerHeight;
    const found = o.sels.map((sel) => [...document.querySelectorAll(sel)].slice(0, o.max).map((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + o.dx, y = r.top + o.dy;
      let free = r.width > 0 && r.height > 0 && x >= 0 && y >= 0 && x < W && y < H
        && !el.closest('[aria-disabled=true], [disabled]');
      if (free) { const hit = document.elementFromPoint(x, y); free = !!hit && el.contains(hit); }
      return [x, y, free, el.getAttribute('data-action')];
    }));
    const draw = Number((p || t).dataset.draw) || 0;
    return {state, found, draw, done: o.until ? !!(__UNTIL__) : null, extra: o.extra ? (__EXTRA__)() : null};
  };
  if (ready()) return read();
  if (o.noWait) return {notReady: true};
  return new Promise((resolve) => {
    const end = performance.now() + o.timeout;
    let timer = null;
    const finish = (ok) => {
      mo.disconnect();
      clearTimeout(timer);
      const t = document.querySelector('#table');
      resolve(ok ? read() : {timeout: true, state: t ? String(t.dataset.waiting) : 'no table'});
    };
    const mo = new MutationObserver(() => { if (ready()) finish(true); });
    const poll = () => {
      if (ready()) finish(true);
      else if (performance.now() > end) finish(false);
      else timer = setTimeout(poll, 50);
    };
    mo.observe(document.body, {childList: true, subtree: true, attributes: true,
                               attributeFilter: ['data-waiting', 'data-over', 'data-draw',
                                                 'data-tap-pending']});
    timer = setTimeout(poll, 50);
  });
}"""


@dataclass
class Target:
    """One control on the table: its index among its selector's matches, the point a tap
    lands on (viewport px), whether that point reaches it and it is enabled (``free``),
    its ``data-action`` (None without one) and the number of the drawing it was seen on
    (``Look.draw``)."""

    selector: str
    index: int
    x: float
    y: float
    free: bool
    action: str | None
    draw: int = 0


@dataclass
class Look:
    """The table as one ``look`` saw it: ``state`` (``#table``'s ``data-waiting``, or
    ``pp:<screen>`` for a pass-and-play screen), the controls per selector, the test's
    condition (``done``, None when none was asked), ``extra`` (the value of the extra
    function asked for) and ``draw``: the number of that drawing (the page numbers each
    table or pass-and-play screen it draws: ``data-draw``, game/web/controller.py)."""

    state: str
    found: dict = field(default_factory=dict)
    done: bool | None = None
    extra: object = None
    draw: int = 0

    def all(self, selector: str) -> list[Target]:
        return self.found[selector]

    def count(self, selector: str) -> int:
        return len(self.found[selector])


def look(page, selectors=(), until: str | None = None, extra: str | None = None,
         privacy: bool = False, timeout_ms: int = 20_000, after: int | None = None) -> Look:
    """Wait until the table waits for the human or the game is over (with ``privacy``,
    or a pass-and-play screen shows while no computer player is to move: one drawn
    before a computer's move is drawn again after it, and a tap on it raced that move),
    then read it in the same round trip: the controls
    matching each CSS selector in ``selectors`` (``Target``s, in page order), the value
    of the JS expression ``until`` (``Look.done``) and of the JS function source
    ``extra`` (called without arguments; ``Look.extra``). ``after``: a drawing's number
    (``Look.draw``; ``tapped_draw(page)`` after a tap): only a screen drawn after it
    counts, so the look after a tap that redraws (every move, "show my cards") never
    reads the screen the tap was made on, whenever the page gets to the tap. Raises
    ``AssertionError`` when the table does not settle within ``timeout_ms``."""
    selectors = list(selectors)
    parts = {"UNTIL": until or "false", "EXTRA": extra or "() => null", "READY": _READY}
    src = re.sub(r"__(UNTIL|EXTRA|READY)__", lambda m: parts[m.group(1)], _LOOK)
    opts = {"sels": selectors, "privacy": privacy, "until": bool(until), "extra": bool(extra),
            "timeout": timeout_ms, "max": MAX_POINTS, "dx": TAP_X, "dy": TAP_Y, "after": after}
    got = page.evaluate(src, opts)
    if not isinstance(got, dict) or not ("state" in got or "timeout" in got):
        # an adapter that does not wait for a promise (WebDriver's execute script may
        # not): wait for the table first, then read it at once
        page.wait_for_function(_READY, arg=opts, timeout=timeout_ms, polling=20)
        got = page.evaluate(src, {**opts, "noWait": True})
        assert isinstance(got, dict) and "state" in got, f"the page's answer: {got!r}"
    if got.get("timeout"):
        raise AssertionError(f"the table did not wait for the human within {timeout_ms} ms"
                             f" (data-waiting: {got['state']})")
    draw = int(got.get("draw") or 0)
    found = {sel: [Target(sel, i, *point, draw) for i, point in enumerate(points)]
             for sel, points in zip(selectors, got["found"])}
    return Look(got["state"], found, got["done"], got["extra"], draw)


_UNTAPPED = """() => [document, ...[...document.querySelectorAll('iframe')].map((f) => {
  try { return f.contentDocument; } catch (e) { return null; }
})].every((d) => { const s = d && d.getElementById('screen');
                   return !s || !s.hasAttribute('data-tap-pending'); })"""
"""JS: no tap waits for the page's Python (static/js/taps.js shows a selecting tap at once
and Python handles it after the next paint), in the page or a frame of its origin."""


def tap(locator) -> None:
    """Tap an element where a person would: near its top-left corner, which stays visible
    when cards overlap in a fanned hand on a narrow screen (the centre may be covered).
    Returns once the page's Python has handled the tap (``_UNTAPPED``), so what the test
    reads next is what Python drew for it."""
    locator.click(position={"x": TAP_X, "y": TAP_Y})
    # (the Firefox and WebKit adapters' locators keep their page as ``_page``)
    page = getattr(locator, "page", None) or getattr(locator, "_page", None)
    if page is not None and hasattr(page, "wait_for_function"):
        page.wait_for_function(_UNTAPPED, polling=20)


_TAPPED: dict[int, int] = {}
"""Per page (``id(page)``): the number of the drawing the last ``tap_at`` was made on."""


def tapped_draw(page) -> int | None:
    """The number of the drawing the last ``tap_at`` on ``page`` tapped (``Look.draw``),
    for ``look(after=...)``; None before any tap."""
    return _TAPPED.get(id(page))


def forget_taps(page) -> None:
    """After a reload: the page numbers its drawings from 1 again, so the drawing of the
    last tap says nothing about the new page."""
    _TAPPED.pop(id(page), None)


def tap_at(page, target: Target) -> str | None:
    """Tap ``target`` (from a ``look`` of the table as it still is): the mouse pressed at
    its point when that point reaches it, else Playwright's click on the element (which
    scrolls it into view and waits until it can be clicked). Returns its ``data-action``.
    Remembers the drawing it tapped (``tapped_draw``)."""
    _TAPPED[id(page)] = target.draw
    mouse = getattr(page, "mouse", None)
    if target.free and mouse is not None:
        mouse.click(target.x, target.y)
    else:
        tap(page.locator(target.selector).nth(target.index))
    return target.action

