"""Boot time of the game page against a bare PyScript page: ``python bench/boot.py``.

In one run, with the same vendored runtime, served from localhost:
- game: navigation -> an interactive Durak table (DURAK_READY_SELECTOR present);
- bare: navigation -> ``py:all-done`` of bench/bare/ (PyScript + an empty script);
each cold (fresh browser context: empty HTTP cache) and warm (same context, second load).
Times are read in the page (performance.now(), i.e. since navigation start). Prints the
median of --runs runs and the ratio game/bare (target <= 1.15). Service workers are
blocked so both pages load through the same HTTP cache (pass --sw to allow them).
Not a pass/fail test; exits 0 even when the table is not found (it says so).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import chromium  # noqa: E402  (scripts/chromium.py)
import serve  # noqa: E402  (scripts/serve.py)

# Adjust these two when the UI changes: the page that opens a Durak table, and what
# "interactive" looks like.
DURAK_URL = "index.html?game=durak&players=2&seed=1&speed=instant"
DURAK_READY_SELECTOR = '[data-game="durak"] [data-action]'
BARE_URL = "bench/bare/index.html"
TIMEOUT_MS = 120_000

ALL_DONE_INIT = """
window.__pyAllDoneAt = null;
window.addEventListener("py:all-done", () => { window.__pyAllDoneAt = performance.now(); });
"""
SELECTOR_PROBE = """(sel) => document.querySelector(sel) ? performance.now()
    : (document.querySelector(".py-error") ? "py-error" : null)"""


class NotReady(Exception):
    pass


def load(page, url: str, kind: str, timeout_ms: int) -> float:
    """Navigate (fresh or again) and return ms from navigation start to ready."""
    page.goto(url, wait_until="commit")
    try:
        if kind == "bare":
            handle = page.wait_for_function(
                "window.__pyAllDoneAt", timeout=timeout_ms, polling="raf")
        else:
            handle = page.wait_for_function(
                SELECTOR_PROBE, arg=DURAK_READY_SELECTOR, timeout=timeout_ms, polling="raf")
    except Exception as exc:  # noqa: BLE001 - Playwright TimeoutError and friends
        if "Timeout" in type(exc).__name__ or "Timeout" in str(exc):
            extra = ""
            if kind == "game":
                done = page.evaluate("window.__pyAllDoneAt")
                errors = page.locator(".py-error").count()
                extra = (f" (py:all-done {'at %.0f ms' % done if done else 'not reached'},"
                         f" {errors} .py-error)")
            raise NotReady(f"{kind}: no {DURAK_READY_SELECTOR if kind == 'game' else 'py:all-done'}"
                           f" after {timeout_ms / 1000:.0f} s{extra}") from None
        raise
    value = handle.json_value()
    if value == "py-error":
        text = page.locator(".py-error").first.inner_text()[-400:]
        raise NotReady(f"{kind}: PyScript showed an error (.py-error) instead of the table:\n{text}")
    return float(value)


def measure(browser, base: str, kind: str, url: str, timeout_ms: int, sw: bool):
    context = browser.new_context(service_workers="allow" if sw else "block")
    try:
        context.add_init_script(ALL_DONE_INIT)
        page = context.new_page()
        cold = load(page, base + url, kind, timeout_ms)
        warm = load(page, base + url, kind, timeout_ms)
        return cold, warm
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=TIMEOUT_MS / 1000,
                        help="seconds to wait for each page (default %(default)s)")
    parser.add_argument("--sw", action="store_true", help="allow service workers")
    args = parser.parse_args(argv)
    timeout_ms = int(args.timeout * 1000)

    from playwright.sync_api import sync_playwright

    server, base = serve.serve_in_thread("/")
    results: dict[str, dict[str, list[float]]] = {
        "bare": {"cold": [], "warm": []}, "game": {"cold": [], "warm": []}}
    missing: str | None = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_kwargs())
            try:
                for _ in range(args.runs):
                    for kind, url in (("bare", BARE_URL), ("game", DURAK_URL)):
                        if kind == "game" and missing:
                            continue
                        try:
                            cold, warm = measure(browser, base, kind, url, timeout_ms, args.sw)
                        except NotReady as exc:
                            missing = str(exc)
                            continue
                        results[kind]["cold"].append(cold)
                        results[kind]["warm"].append(warm)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()

    print(f"boot bench: median of {args.runs} runs, ms from navigation start"
          f" (service workers {'allowed' if args.sw else 'blocked'})")
    print(f"  {'':6} {'bare PyScript':>14} {'Durak table':>12} {'ratio':>7}")
    for phase in ("cold", "warm"):
        bare = statistics.median(results["bare"][phase]) if results["bare"][phase] else None
        game = statistics.median(results["game"][phase]) if results["game"][phase] else None
        ratio = f"{game / bare:7.2f}" if bare and game else "    n/a"
        print(f"  {phase:6} {bare if bare is None else round(bare):>14}"
              f" {'n/a' if game is None else round(game):>12} {ratio}")
    print("  target: ratio <= 1.15")
    if missing:
        print(f"  cannot find the Durak table: {missing}")
        print("  (adjust DURAK_URL / DURAK_READY_SELECTOR in bench/boot.py if the UI changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
