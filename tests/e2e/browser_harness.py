"""Helpers for the browser tests: problem recording and open_game().

Kept apart from conftest.py so test modules can import them by a unique module name
(``from browser_harness import open_game``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import urlsplit

import pytest

BOOT_TIMEOUT_MS = 120_000
SUBPATH = "/kortbordet/"

# Sets window.__pyAllDone when PyScript has run every script (before any page script).
# Also stills the loading screen's bobbing suits (static/css/app.css, ``bob``): that endless
# animation makes the compositor draw a frame 60 times a second for the whole boot, which
# cost a loaded two-core machine about 1.5 s of browser CPU per boot (GPU process and the
# page's compositor, 2026-12-02). No test looks at it; every other animation is untouched.
ALL_DONE_INIT_SCRIPT = """
window.__pyAllDone = false;
window.addEventListener("py:all-done", () => { window.__pyAllDone = true; });
try {
  const still = new CSSStyleSheet();
  still.replaceSync("#loading .loading-cards span { animation: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
} catch (e) { /* an old engine: the suits keep bobbing */ }
"""

# One renderer process for all the pages of a site in a context: each test's page then runs
# in the process where the shared context's keeper (KEEPER_SCRIPT, run in its janitor page)
# holds the runtime's compiled WebAssembly, and V8 hands the page that module (with the
# code earlier pages had optimized) instead of reading the code cache, compiling the rest
# lazily and optimizing it again on every boot. Fresh contexts still get processes of
# their own. Used by conftest.py and bench/boot_cpu.py.
PROCESS_ARGS = ["--process-per-site"]
KEEPER_MODULE = "static/vendor/pyodide/pyodide.asm.wasm"
KEEPER_SCRIPT = """async (url) => {
  try {
    window.kortbordetKeeper = await WebAssembly.compileStreaming(fetch(url));
  } catch (e) {
    console.warn("keeper: no compiled module kept:", e && (e.message || e));
  }
}"""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class Site:
    url: str  # base URL ending in "/", e.g. http://127.0.0.1:41234/kortbordet/

    @property
    def origin(self) -> str:
        return _origin(self.url)


STDLIB_FALLBACK = "Kortbordet: the standard library module "
"""How game/web/stdlib_fallback.py's console warning starts: the page imported a module
its trimmed standard library lacks (issue 33). It works, at the price of the full 2.5 MB
zip: a test whose page does it fails, naming the module to record."""


@dataclass
class PageProblems:
    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    stdlib_fallbacks: list[str] = field(default_factory=list)
    detach: Callable[[], object] = lambda: None  # set by watch()

    def on_request(self, request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:", "about:")):
            return
        if _origin(url) != self.origin:
            self.foreign_requests.append(f"{request.method} {url}")

    def on_request_failed(self, request) -> None:
        if request.failure == "net::ERR_ABORTED":  # cancelled by a navigation/reload
            return
        self.failed_requests.append(f"{request.method} {request.url}: {request.failure}")

    def on_response(self, response) -> None:
        if response.status >= 400:
            self.failed_requests.append(f"HTTP {response.status} {response.url}")

    def report(self) -> list[str]:
        out = []
        for name in ("console_errors", "page_errors", "foreign_requests", "failed_requests",
                     "stdlib_fallbacks"):
            for item in getattr(self, name):
                out.append(f"{name}: {item}")
        return out


def watch(context, page, origin: str) -> PageProblems:
    """Record problems of a page (and its context's requests, service worker's included).
    ``problems.detach()`` stops listening to the context (a context shared by several
    tests, see conftest.py); the page's listeners go with the page."""
    problems = PageProblems(origin)
    handlers = (("request", problems.on_request), ("requestfailed", problems.on_request_failed),
                ("response", problems.on_response))
    for event, handler in handlers:
        context.on(event, handler)
    problems.detach = lambda: [context.remove_listener(e, h) for e, h in handlers]
    def on_console(msg) -> None:
        if msg.type == "error":
            problems.console_errors.append(f"{msg.text} @ {msg.location}")
        elif msg.type == "warning" and msg.text.startswith(STDLIB_FALLBACK):
            problems.stdlib_fallbacks.append(msg.text)  # re-run scripts/stdlib_modules.py

    page.on("console", on_console)
    page.on("pageerror", lambda exc: problems.page_errors.append(str(exc)))
    return problems


class BootCounter:
    """Counts the game page's loads in a page and its frames (each one a boot of the
    runtime: a navigation or reload of ``index.html`` or the site's folder, not another
    file), and every document load. ``count(page)`` attaches it; the fixtures record the
    figures per test (``page_loads`` in the junit properties, a summary at the end)."""

    def __init__(self, site_path: str) -> None:
        self.site_path = site_path
        self.boots = 0
        self.documents = 0

    def on_request(self, request) -> None:
        if request.resource_type != "document" or not request.is_navigation_request():
            return
        self.documents += 1
        path = urlsplit(request.url).path
        if path in (self.site_path, self.site_path + "index.html"):
            self.boots += 1

    def count(self, page) -> "BootCounter":
        page.on("request", self.on_request)
        return self


@dataclass
class Tab:
    """A page with its context and problem recorder (for tests that need all three)."""

    context: object
    page: object
    problems: PageProblems
    boots: BootCounter | None = None


def open_game(page, url: str, timeout_ms: int = BOOT_TIMEOUT_MS, reload: bool = False) -> None:
    """Navigate to url (or reload), wait for py:all-done, assert no .py-error is shown."""
    if reload:
        page.reload(wait_until="domcontentloaded")
    else:
        page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function("window.__pyAllDone === true", timeout=timeout_ms, polling=100)
    errors = page.locator(".py-error")
    if errors.count():
        text = "\n".join(errors.all_inner_texts())
        pytest.fail(f"PyScript showed an error (.py-error) at {url}:\n{text}")


# The browser's random source made a fixed sequence (xorshift32 from the number given) in
# one page: the runtime re-seeds Python's ``random`` from it at each boot
# (static/js/interpreter.mjs), and the lobby deals with that ``random``. A test that plays
# a game started in the lobby then gets the same deal in every run: its length (the
# number of taps) no longer varies with the deal (a three-person Dunka round took 11 s
# in one run and 32 s in the next, each tap as quick as before).
FIXED_RANDOM_SCRIPT = """(() => {
  let s = (%d >>> 0) || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  const fill = (a) => {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
    return a;
  };
  Object.defineProperty(crypto, "getRandomValues", {value: fill, configurable: true});
})();"""


def fixed_random(page, seed: int) -> None:
    """From the page's next navigation on (reloads too), its random source is the fixed
    sequence of ``seed`` (``FIXED_RANDOM_SCRIPT``): the lobby's deals are the same in
    every run. The seed a game got is in its save (``"seed"``)."""
    page.add_init_script(FIXED_RANDOM_SCRIPT % seed)


def resize(page, width: int, height: int) -> None:
    """Resize the viewport and return once the page has handled it: its ``resize``
    listener (App.on_resize lays the hand out again) runs before the next frame's
    animation callbacks, so two frames later it is done. A fixed 120 ms wait did the same
    more slowly when idle, and could be too short on a loaded machine."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def start_from_lobby(page, game: str, players: int, ticked: tuple[str, ...] = ()) -> None:
    """Start ``game`` for ``players`` in the booted page as a person would, without a
    boot: the Lobby button (unless the lobby shows), the game, its player count, the
    settings checkboxes ``ticked`` (CSS selectors), Start, and "Start anyway" when a game
    in progress would be replaced. Waits until the new table is shown (not for the
    computer players). The deal's seed is the lobby's own (random; the same in every
    run after ``fixed_random``)."""
    if not page.locator("[data-screen=lobby]").count():
        page.locator("[data-ui=lobby]").first.click(position={"x": 8, "y": 16})
    page.locator(f"input[name=game][value={game}]").check()
    page.locator(f"[data-rules-for={game}]").wait_for()
    page.select_option("#lobby-players", str(players))
    for box in ticked:
        page.locator(box).check()
    page.locator("[data-ui=start]").click(position={"x": 8, "y": 16})
    confirm = page.locator("[data-ui=start-confirmed]")
    if confirm.count():
        confirm.click(position={"x": 8, "y": 16})
    page.locator(f"#table[data-game={game}]").wait_for()


# The page's Python, for a test or script that must run Python in it: the page's
# interpreter module (static/js/interpreter.mjs) served with its ``loadPyodide`` export
# wrapped so the started interpreter is kept as ``window.kortbordetPython``
# (``kortbordetPython.runPython(code)``). Only a route: the site itself exposes nothing.
# Needs a context with ``service_workers="block"`` (a worker's answers bypass routes).
_EXPOSE_SUFFIX = """
export async function loadPyodide(options) {
  const py = await kortbordetLoadPyodide(options);
  globalThis.kortbordetPython = py;
  return py;
}
"""


def expose_python(page_or_context) -> None:
    """From the next navigation on, each page (frames included) of ``page_or_context``
    keeps its Python as ``window.kortbordetPython`` (see ``_EXPOSE_SUFFIX``)."""
    def patched(route):
        body = route.fetch().text()
        head = "export async function loadPyodide("
        assert body.count(head) == 1, "static/js/interpreter.mjs: no loadPyodide export"
        body = body.replace(head, "async function kortbordetLoadPyodide(") + _EXPOSE_SUFFIX
        route.fulfill(body=body, content_type="text/javascript")

    page_or_context.route("**/static/js/interpreter.mjs*", patched)


def run_python(page_or_frame, code: str):
    """Run ``code`` in the page's (or frame's) Python (``expose_python`` first) and return
    the value of its last expression, converted to JSON-able data by JavaScript."""
    return page_or_frame.evaluate(
        "(code) => { const v = window.kortbordetPython.runPython(code);"
        " return v && v.toJs ? v.toJs({dict_converter: Object.fromEntries}) : v; }", code)
