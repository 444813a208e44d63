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
  if (o.privacy && document.querySelector('#privacy')) return true;
  const t = document.querySelector('#table');
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
    return {state, found, done: o.until ? !!(__UNTIL__) : null, extra: o.extra ? (__EXTRA__)() : null};
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
                               attributeFilter: ['data-waiting', 'data-over']});
    timer = setTimeout(poll, 50);
  });
}"""


@dataclass
class Target:
    """One control on the table: its index among its selector's matches, the point a tap
    lands on (viewport px), whether that point reaches it and it is enabled (``free``)
    and its ``data-action`` (None without one)."""

    selector: str
    index: int
    x: float
    y: float
    free: bool
    action: str | None


@dataclass
class Look:
    """The table as one ``look`` saw it: ``state`` (``#table``'s ``data-waiting``, or
    ``pp:<screen>`` for a pass-and-play screen), the controls per selector, the test's
    condition (``done``, None when none was asked) and ``extra`` (the value of the extra
    function asked for)."""

    state: str
    found: dict = field(default_factory=dict)
    done: bool | None = None
    extra: object = None

    def all(self, selector: str) -> list[Target]:
        return self.found[selector]

    def count(self, selector: str) -> int:
        return len(self.found[selector])


def look(page, selectors=(), until: str | None = None, extra: str | None = None,
         privacy: bool = False, timeout_ms: int = 20_000) -> Look:
    """Wait until the table waits for the human or the game is over (with ``privacy``,
    or a pass-and-play screen shows), then read it in the same round trip: the controls
    matching each CSS selector in ``selectors`` (``Target``s, in page order), the value
    of the JS expression ``until`` (``Look.done``) and of the JS function source
    ``extra`` (called without arguments; ``Look.extra``). Raises ``AssertionError`` when
    the table does not settle within ``timeout_ms``."""
    selectors = list(selectors)
    parts = {"UNTIL": until or "false", "EXTRA": extra or "() => null", "READY": _READY}
    src = re.sub(r"__(UNTIL|EXTRA|READY)__", lambda m: parts[m.group(1)], _LOOK)
    opts = {"sels": selectors, "privacy": privacy, "until": bool(until), "extra": bool(extra),
            "timeout": timeout_ms, "max": MAX_POINTS, "dx": TAP_X, "dy": TAP_Y}
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
    found = {sel: [Target(sel, i, *point) for i, point in enumerate(points)]
             for sel, points in zip(selectors, got["found"])}
    return Look(got["state"], found, got["done"], got["extra"])


def tap(locator) -> None:
    """Tap an element where a person would: near its top-left corner, which stays visible
    when cards overlap in a fanned hand on a narrow screen (the centre may be covered)."""
    locator.click(position={"x": TAP_X, "y": TAP_Y})


def tap_at(page, target: Target) -> str | None:
    """Tap ``target`` (from a ``look`` of the table as it still is): the mouse pressed at
    its point when that point reaches it, else Playwright's click on the element (which
    scrolls it into view and waits until it can be clicked). Returns its ``data-action``."""
    mouse = getattr(page, "mouse", None)
    if target.free and mouse is not None:
        mouse.click(target.x, target.y)
    else:
        tap(page.locator(target.selector).nth(target.index))
    return target.action

