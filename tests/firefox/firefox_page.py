"""Firefox pages with the part of Playwright's sync Page API that the DOM drivers use.

The drivers of tests/e2e/ (durak_driver.py, dunka_driver.py, tonk_driver.py) and
browser_harness.open_game() were written against Playwright's sync API. Playwright cannot
drive Debian's Firefox, so this module offers the same calls on top of tests/firefox/bridge.mjs:
a Node process that drives Firefox with puppeteer-core over WebDriver BiDi, one JSON line
per call. Implemented: ``goto``, ``reload``, ``url``, ``evaluate``, ``wait_for_function``,
``wait_for_selector``, ``wait_for_timeout``, ``eval_on_selector_all``, ``get_attribute``,
``click``, ``mouse.click``, ``locator`` (``count``, ``nth``, ``first``, ``last``, ``locator``, ``click``,
``wait_for``, ``inner_text``, ``all_inner_texts``, ``is_visible``, ``get_attribute``,
``evaluate``, ``evaluate_all``, ``bounding_box``), ``set_viewport_size`` and ``pdf``.
Locators are strict like Playwright's: an action on a locator that matches several
elements raises ``FirefoxError``. A click waits, like Playwright's, until the element is
visible, stable (not moving) and the topmost element at the point clicked; on a timeout
the error names what covers it (a click that waited is noted in the bridge's log).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path

BRIDGE = Path(__file__).resolve().parent / "bridge.mjs"
DEFAULT_TIMEOUT_MS = 30_000


class FirefoxError(RuntimeError):
    """A call failed in the browser or in the bridge (the message is the bridge's)."""


class Bridge:
    """The Node process (tests/firefox/bridge.mjs) and its request/answer line protocol.

    ``call(cmd, **fields)`` sends one request and returns the answer's value; raises
    ``FirefoxError`` when the bridge reports an error, or when no answer comes within
    ``timeout_s`` (the process is then killed, since its state is unknown).
    """

    def __init__(self, root: Path, stderr_path: Path):
        self._stderr = open(stderr_path, "wb")  # noqa: SIM115 - closed in close()
        self.proc = subprocess.Popen(
            ["node", str(BRIDGE)], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self._stderr, env={**os.environ, "NODE_NO_WARNINGS": "1"})
        self._answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next = 0
        self.stderr_path = stderr_path

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._answers.put(line)
        self._answers.put(None)

    def call(self, cmd: str, timeout_s: float = 240, **fields):
        self._next += 1
        msg = {"id": self._next, "cmd": cmd, **fields}
        try:
            self.proc.stdin.write((json.dumps(msg) + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise FirefoxError(f"the bridge has exited; see {self.stderr_path}") from None
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                line = self._answers.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                self.proc.kill()
                raise FirefoxError(f"no answer to {cmd} within {timeout_s} s") from None
            if line is None:
                raise FirefoxError(f"the bridge exited during {cmd}; see {self.stderr_path}")
            answer = json.loads(line)
            if answer.get("id") != self._next:
                continue  # an answer to a call abandoned earlier
            if not answer["ok"]:
                raise FirefoxError(f"{cmd} failed: {answer['error']}")
            return answer["value"]

    def close(self) -> None:
        try:
            self.call("close", timeout_s=30)
        except FirefoxError:
            pass
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
        self._stderr.close()


class Firefox:
    """One Firefox (launched by the bridge); ``new_page(origin, init_script)`` opens a page
    in a fresh browser context (its own storage, service workers and cache)."""

    def __init__(self, root: Path, executable: str, log_path: Path):
        self.bridge = Bridge(root, log_path)
        self.version = self.bridge.call("launch", executablePath=executable)

    def new_page(self, origin: str, init_script: str = "") -> FirefoxPage:
        page_id = self.bridge.call("newPage", origin=origin, initScript=init_script,
                                   timeout=DEFAULT_TIMEOUT_MS)
        return FirefoxPage(self.bridge, page_id)

    def close(self) -> None:
        self.bridge.close()


class Locator:
    """A lazy element query like Playwright's: a chain of CSS steps and index picks."""

    def __init__(self, page: FirefoxPage, chain: list):
        self._page, self._chain = page, chain

    def _q(self, op: str, arg=None, wait: bool = False, timeout: float | None = None):
        return self._page._call("query", chain=self._chain, op=op, arg=arg, wait=wait,
                                timeout=timeout or DEFAULT_TIMEOUT_MS)

    def locator(self, selector: str) -> Locator:
        return Locator(self._page, [*self._chain, ["css", selector]])

    def nth(self, index: int) -> Locator:
        return Locator(self._page, [*self._chain, ["nth", index]])

    @property
    def first(self) -> Locator:
        return self.nth(0)

    @property
    def last(self) -> Locator:
        return self.nth(-1)

    def count(self) -> int:
        return self._q("count")

    def click(self, position: dict | None = None, force: bool = False,
              timeout: float | None = None) -> None:
        self._page._call("click", chain=self._chain, position=position, force=force,
                         timeout=timeout or DEFAULT_TIMEOUT_MS)

    def wait_for(self, state: str = "visible", timeout: float | None = None) -> None:
        self._page._call("waitFor", chain=self._chain, state=state,
                         timeout=timeout or DEFAULT_TIMEOUT_MS)

    def inner_text(self) -> str:
        return self._q("innerText", wait=True)

    def text_content(self) -> str:
        return self._q("textContent", wait=True)

    def all_inner_texts(self) -> list[str]:
        return self._q("allInnerTexts")

    def is_visible(self) -> bool:
        return self._q("isVisible")

    def get_attribute(self, name: str) -> str | None:
        return self._q("getAttribute", name, wait=True)

    def bounding_box(self) -> dict | None:
        return self._q("boundingBox", wait=True)

    def evaluate(self, fn: str, arg=None):
        return self._q("evaluate", [fn, arg], wait=True)

    def evaluate_all(self, fn: str, arg=None):
        return self._q("evaluateAll", [fn, arg])


class Mouse:
    """``page.mouse``: ``click(x, y)`` presses and releases the left button at a point of
    the viewport (CSS px), one input action like Playwright's (table_driver.tap_at)."""

    def __init__(self, page: FirefoxPage):
        self._page = page

    def click(self, x: float, y: float) -> None:
        self._page._call("mouseClick", x=x, y=y)


class FirefoxPage:
    """A Firefox tab with Playwright-like sync methods (see the module docstring)."""

    def __init__(self, bridge: Bridge, page_id: int):
        self.bridge, self.id = bridge, page_id

    def _call(self, cmd: str, **fields):
        timeout = fields.get("timeout") or DEFAULT_TIMEOUT_MS
        return self.bridge.call(cmd, timeout_s=timeout / 1000 + 60, page=self.id, **fields)

    # navigation
    def goto(self, url: str, wait_until: str = "load", timeout: float = 120_000) -> None:
        self._call("goto", url=url, waitUntil=wait_until, timeout=timeout)

    def reload(self, wait_until: str = "load", timeout: float = 120_000) -> None:
        self._call("reload", waitUntil=wait_until, timeout=timeout)

    @property
    def url(self) -> str:
        return self._call("url")

    # scripts
    def evaluate(self, expression: str, arg=None):
        return self._call("evaluate", src=expression, arg=arg)

    def wait_for_function(self, expression: str, arg=None, timeout: float = DEFAULT_TIMEOUT_MS,
                          polling: float | str = 100) -> None:
        self._call("waitForFunction", src=expression, arg=arg, timeout=timeout,
                   polling=polling if polling != "raf" else "raf")

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)

    # elements
    def locator(self, selector: str) -> Locator:
        return Locator(self, [["css", selector]])

    def wait_for_selector(self, selector: str, state: str = "visible",
                          timeout: float | None = None) -> Locator:
        loc = self.locator(selector).first
        loc.wait_for(state=state, timeout=timeout)
        return loc

    def eval_on_selector_all(self, selector: str, fn: str, arg=None):
        return self.locator(selector).evaluate_all(fn, arg)

    def get_attribute(self, selector: str, name: str) -> str | None:
        return self.locator(selector).get_attribute(name)

    def click(self, selector: str, **kwargs) -> None:
        self.locator(selector).click(**kwargs)

    @property
    def mouse(self) -> Mouse:
        return Mouse(self)

    # the page
    def set_viewport_size(self, size: dict) -> None:
        self._call("setViewport", viewport=size)

    def pdf(self, format: str = "A4", **_ignored) -> bytes:  # noqa: A002 - Playwright's name
        """The page printed to PDF by Firefox (print media, A4 unless the CSS says)."""
        import base64

        return base64.b64decode(self._call("pdf", format=format, timeout=60_000))

    def problems(self) -> dict:
        """What the bridge recorded: console errors, page errors, requests to another
        origin, failed requests (lists of strings) and the number of requests."""
        return self._call("problems")

    def close(self) -> None:
        self._call("closePage")
