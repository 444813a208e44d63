"""WebKitGTK pages (Selenium over WebKitWebDriver) with the part of Playwright's sync Page
API that the DOM drivers of tests/e2e/ use (durak_driver, dunka_driver, tonk_driver,
browser_harness.open_game): ``goto``, ``reload``, ``url``, ``evaluate``,
``wait_for_function``, ``wait_for_selector``, ``eval_on_selector_all`` and ``locator``
(``count``, ``nth``, ``first``, ``click``, ``wait_for``, ``inner_text``,
``all_inner_texts``). Like Playwright, a locator action on several matches raises
``WebKitError``; a click taps at ``position`` (x, y from the element's top-left corner)
through WebDriver actions, after scrolling the element into view.

Problems are recorded in the page (WebDriver classic gives no console log): an init
script cannot be installed before the page's own scripts, so ``record_problems()`` is
called after each navigation and collects later console errors, page errors and
unhandled rejections; every resource the page loaded (Resource Timing) is checked for its
origin by ``problems()``.
"""

from __future__ import annotations

import re
import time

DEFAULT_TIMEOUT_MS = 30_000
FUNCTION = re.compile(r"^(async\s*)?(function\b|\([^)]*\)\s*=>|\w+\s*=>)")

# The chain of CSS steps and index picks (as the Firefox adapter's) resolved in the page.
RESOLVE = """
const steps = arguments[0];
let els = [document];
for (const [kind, arg] of steps) {
  if (kind === "css") els = els.flatMap(e => Array.from(e.querySelectorAll(arg)));
  else { const i = arg < 0 ? els.length + arg : arg; els = els[i] ? [els[i]] : []; }
}
"""

RECORDER = """
if (!window.__problems) {
  window.__problems = {console_errors: [], page_errors: []};
  const orig = console.error.bind(console);
  console.error = (...a) => { window.__problems.console_errors.push(a.map(String).join(" ")); orig(...a); };
  addEventListener("error", e => window.__problems.page_errors.push(String(e.message)));
  addEventListener("unhandledrejection", e => window.__problems.page_errors.push(String(e.reason)));
}
"""


class WebKitError(RuntimeError):
    """A call could not be done as asked (no element, several elements, a timeout)."""


class Locator:
    """A lazy element query like Playwright's: CSS steps and index picks."""

    def __init__(self, page: WebKitPage, chain: list):
        self._page, self._chain = page, chain

    def _all(self):
        return self._page.driver.execute_script(RESOLVE + "return els;", self._chain)

    def _one(self, body: str, timeout_ms: float = DEFAULT_TIMEOUT_MS):
        """Run ``body`` (JS using ``el``) on the one element matched, in one script so the
        page cannot re-render in between; wait while nothing matches."""
        deadline = time.monotonic() + timeout_ms / 1000
        script = (RESOLVE + "if (els.length !== 1) return {n: els.length};"
                  "const el = els[0]; return {v: (() => {" + body + "})()};")
        while True:
            got = self._page.driver.execute_script(script, self._chain)
            if "v" in got:
                return got["v"]
            if got["n"] > 1:
                raise WebKitError(f"{self._chain} matches {got['n']} elements")
            if time.monotonic() > deadline:
                raise WebKitError(f"{self._chain} matches nothing after {timeout_ms} ms")
            time.sleep(0.05)

    def locator(self, selector: str) -> Locator:
        return Locator(self._page, [*self._chain, ["css", selector]])

    def nth(self, index: int) -> Locator:
        return Locator(self._page, [*self._chain, ["nth", index]])

    @property
    def first(self) -> Locator:
        return self.nth(0)

    def count(self) -> int:
        return self._page.driver.execute_script(RESOLVE + "return els.length;", self._chain)

    def click(self, position: dict | None = None, **_ignored) -> None:
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.action_chains import ActionChains

        for attempt in range(3):
            el, w, h = self._one("el.scrollIntoView({block: 'center', inline: 'center'});"
                                 "const r = el.getBoundingClientRect();"
                                 "return [el, r.width, r.height];")
            x, y = (position["x"], position["y"]) if position else (w / 2, h / 2)
            try:  # WebDriver offsets count from the element's centre
                ActionChains(self._page.driver).move_to_element_with_offset(
                    el, int(x - w / 2), int(y - h / 2)).click().perform()
                return
            except StaleElementReferenceException:  # re-rendered in between: find it again
                if attempt == 2:
                    raise

    def wait_for(self, state: str = "visible", timeout: float | None = None) -> None:
        self._page.wait_for_function(
            "(chain) => {" + RESOLVE.replace("arguments[0]", "chain") +
            "return els.length > 0 && els[0].getClientRects().length > 0; }",
            self._chain, timeout=timeout or DEFAULT_TIMEOUT_MS)

    def inner_text(self) -> str:
        return self._one("return el.innerText;")

    def all_inner_texts(self) -> list[str]:
        return self._page.driver.execute_script(RESOLVE + "return els.map(e => e.innerText);",
                                                self._chain)


class WebKitPage:
    """The one window of a WebKitWebDriver session, with Playwright-like sync methods."""

    def __init__(self, driver, origin: str):
        self.driver, self.origin = driver, origin

    def goto(self, url: str, **_ignored) -> None:
        self.driver.get(url)

    def reload(self, **_ignored) -> None:
        self.driver.refresh()

    @property
    def url(self) -> str:
        return self.driver.current_url

    def evaluate(self, expression: str, arg=None):
        """Evaluate a JS expression, or call a JS function (``(x) => ...``) with ``arg``."""
        src = expression.strip()
        if FUNCTION.match(src):
            return self.driver.execute_script(f"return ({src})(arguments[0]);", arg)
        return self.driver.execute_script(f"return ({src});")

    def wait_for_function(self, expression: str, arg=None, timeout: float = DEFAULT_TIMEOUT_MS,
                          polling: float | str = 100) -> None:
        deadline = time.monotonic() + timeout / 1000
        step = polling / 1000 if isinstance(polling, (int, float)) else 0.02
        while not self.evaluate(expression, arg):
            if time.monotonic() > deadline:
                raise WebKitError(f"timed out after {timeout} ms waiting for {expression!r}")
            time.sleep(step)

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)

    def locator(self, selector: str) -> Locator:
        return Locator(self, [["css", selector]])

    def wait_for_selector(self, selector: str, state: str = "visible",
                          timeout: float | None = None) -> Locator:
        loc = self.locator(selector).first
        loc.wait_for(state=state, timeout=timeout)
        return loc

    def eval_on_selector_all(self, selector: str, fn: str, arg=None):
        return self.driver.execute_script(
            f"return ({fn})(Array.from(document.querySelectorAll(arguments[0])), arguments[1]);",
            selector, arg)

    def record_problems(self) -> None:
        """Start recording console errors and page errors in the current document."""
        self.driver.execute_script(RECORDER)

    def problems(self) -> list[str]:
        """Recorded console/page errors of the current document and every resource it
        loaded from another origin, as lines (empty when there were none)."""
        found = self.driver.execute_script(
            "return [window.__problems || {console_errors: [], page_errors: []},"
            " performance.getEntriesByType('resource').map(e => e.name)];")
        recorded, resources = found
        out = [f"{k}: {v}" for k in ("console_errors", "page_errors") for v in recorded[k]]
        out += [f"foreign_requests: {u}" for u in resources
                if not u.startswith(("data:", "blob:", self.origin + "/"))]
        return out
