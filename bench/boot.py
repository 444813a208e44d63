"""Boot time of the game page against a bare PyScript page: ``python bench/boot.py``.

In one run, with the same vendored runtime, served from localhost:
- game: navigation -> an interactive Durak table (DURAK_READY_SELECTOR present);
- bare: navigation -> ``py:all-done`` of bench/bare/ (PyScript + an empty script);
- with ``--compare DIR``, also the game page of another checkout (e.g. the commit before,
  `git worktree add` / `git archive`, with its static/vendor/ filled), served from DIR;
each cold (fresh browser context: empty HTTP cache, no memory snapshot: a first visit) and
warm (same context, second load); for the game also a return visit with the HTTP cache
emptied once its first visit has made the memory snapshot ("return", held against the bare
page's cold load: the bar of issue 33 is <= 0.6).
The pages alternate within each run (bare, game, [compare]) so a machine whose load
changes affects them alike. Times are read in the page (performance.now(), i.e. since
navigation start): ready, and for the game pages the first contentful paint (the loading
screen). Bytes are the transferred sizes of the document and every resource. Prints the
median of --runs runs and the ratio game/bare (target <= 1.00, issue 15). Service workers
are blocked so the pages load through the same HTTP cache (pass --sw to allow them).
The same figures in Firefox ESR (bench/boot_firefox.mjs: puppeteer-core over WebDriver
BiDi, service workers off) unless --browser chromium; the load average is printed with
each browser's figures (the machine may be shared).
Not a pass/fail test; exits 0 even when the table is not found (it says so).

Measured 2026-12-01 (one run, 5 alternating pairs, 2 cores shared with other jobs at a load
average of 21-24; absolute times are inflated several-fold, the ratios are the figures):
  Chromium  cold: game 12.5 s, bare 34.1 s, ratio 0.37 (per pair median 0.42), first paint
            0.72 s, 20.8 MB vs 13.7 MB; warm: 12.0 s vs 18.1 s, ratio 0.66 (pairs 0.64),
            paint 0.98 s, 9.6 MB each (the off-the-record context keeps no 9.6 MB
            pyodide.asm.wasm in its HTTP cache, for both pages alike)
  Firefox   cold: game 4.9 s, bare 15.9 s, ratio 0.31 (pairs 0.32), first paint 0.73 s,
            20.8 MB vs 13.7 MB; warm: 4.6 s vs 16.2 s, ratio 0.29 (pairs 0.30), paint 0.54 s,
            6 KB vs 0 (everything from the HTTP cache; the page is revalidated)
Measured 2026-12-07 (one run, load average 4-5 on 2 cores), the snapshot now made in the
browser (issue 33): Chromium cold (a first visit, no snapshot) 5.0 s vs bare 3.8 s (1.34),
return visit with an empty HTTP cache 0.73 s (0.19 of the bare page's cold load), warm
0.65 s vs 1.86 s (0.35); Firefox cold 3.4 s vs 3.6 s (0.95), warm 1.45 s vs 3.16 s (0.46).
Importing game/web at boot (Pyodide under Node, snapshot restored, best of 15 per module):
about 27 ms for the 16 modules the lobby or a Durak link needs; every table except the one a
link asks for, the rules, scoresheets and embedding import on first use already. Deferring the
one module the first screen does not use (dunka_model, 2.1 ms) was timed with --compare and
dropped: that difference is far below this bench's spread on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import chromium  # noqa: E402  (scripts/chromium.py)
import firefox  # noqa: E402  (scripts/firefox.py)
import serve  # noqa: E402  (scripts/serve.py)

# Adjust these two when the UI changes: the page that opens a Durak table, and what
# "interactive" looks like.
DURAK_URL = "index.html?game=durak&players=2&seed=1&speed=instant"
DURAK_READY_SELECTOR = '[data-game="durak"] [data-action]'
BARE_URL = "bench/bare/index.html"
TIMEOUT_MS = 120_000
TARGET_RATIO = 1.00

ALL_DONE_INIT = """
window.__pyAllDoneAt = null;
window.addEventListener("py:all-done", () => { window.__pyAllDoneAt = performance.now(); });
"""
SELECTOR_PROBE = """(sel) => document.querySelector(sel) ? performance.now()
    : (document.querySelector(".py-error") ? "py-error" : null)"""


PAGE_FIGURES = """() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const nav = performance.getEntriesByType("navigation")[0];
    let bytes = nav ? nav.transferSize : 0;
    for (const e of performance.getEntriesByType("resource")) bytes += e.transferSize;
    return {paint: paint ? paint.startTime : null, bytes};
}"""


class NotReady(Exception):
    pass


def load(page, url: str, kind: str, timeout_ms: int) -> dict:
    """Navigate (fresh or again); returns {"ready": ms from navigation start to ready,
    "paint": ms to the first contentful paint or None, "bytes": bytes transferred}."""
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
    figures = page.evaluate(PAGE_FIGURES)
    return {"ready": float(value), "paint": figures["paint"], "bytes": figures["bytes"]}


SNAPSHOT_MADE = "window.kortbordetSnapshotMade !== undefined"
"""True once the game page's snapshot worker has finished (static/js/interpreter.mjs)."""


def measure(browser, base: str, kind: str, url: str, timeout_ms: int, sw: bool) -> dict:
    """In a fresh context: a cold load (a first visit); for the game, once its memory
    snapshot is made, a return visit with the HTTP cache emptied (CDP
    Network.clearBrowserCache; Cache Storage, which keeps the snapshot, stays); then a
    warm load. Returns {phase: figures}."""
    context = browser.new_context(service_workers="allow" if sw else "block")
    try:
        context.add_init_script(ALL_DONE_INIT)
        page = context.new_page()
        out = {"cold": load(page, base + url, kind, timeout_ms)}
        if kind == "game":
            if not page.evaluate("window.kortbordetSnapshot === true"):  # (--compare: an
                page.wait_for_function(SNAPSHOT_MADE, timeout=timeout_ms, polling=250)  # older
            # checkout restored a downloaded snapshot on its first visit already)
            context.new_cdp_session(page).send("Network.clearBrowserCache")
            out["return"] = load(page, base + url, kind, timeout_ms)
        out["warm"] = load(page, base + url, kind, timeout_ms)
        return out
    finally:
        context.close()


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _fmt(value, unit=""):
    return "n/a" if value is None else f"{round(value)}{unit}"


def run_chromium(pages, runs: int, timeout_ms: int, sw: bool, results, missing) -> None:
    """Time every page in Chromium (Playwright), alternating, ``runs`` times."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(**chromium.launch_kwargs())
        try:
            for _ in range(runs):
                for name, base, url in pages:
                    if name in missing:
                        continue
                    kind = "bare" if name == "bare" else "game"
                    try:
                        figures = measure(browser, base, kind, url, timeout_ms, sw)
                    except NotReady as exc:
                        missing[name] = str(exc)
                        continue
                    for phase, row in figures.items():
                        results[name][phase].append(row)
        finally:
            browser.close()


def run_firefox(pages, runs: int, timeout_ms: int, results, missing) -> None:
    """Time every page in Firefox ESR through bench/boot_firefox.mjs (puppeteer-core over
    WebDriver BiDi), alternating, ``runs`` times. Service workers are always off there."""
    path, _ = firefox.find_firefox()
    request = {"executablePath": path, "runs": runs, "timeoutMs": timeout_ms,
               "selector": DURAK_READY_SELECTOR,
               "pages": [[name, base + url, "bare" if name == "bare" else "game"]
                         for name, base, url in pages]}
    proc = subprocess.run(["node", str(ROOT / "bench" / "boot_firefox.mjs"), json.dumps(request)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    for line in proc.stdout.splitlines():
        if not line.startswith("{"):
            continue
        row = json.loads(line)
        if "error" in row:
            missing[row["name"]] = row["error"]
        else:
            results[row["name"]][row["phase"]].append(row)
    if proc.returncode != 0:
        missing["firefox"] = proc.stderr.strip()[-800:] or f"exit {proc.returncode}"


def report(browser: str, pages, results, missing, runs: int, sw: bool) -> None:
    print(f"boot bench, {browser}: median of {runs} alternating runs, ms from navigation start"
          f" (service workers {'allowed' if sw else 'blocked'})")
    print(f"  {'':8} {'page':8} {'ready':>7} {'ratio':>6} {'1st paint':>10} {'bytes':>10}")
    for phase in ("cold", "return", "warm"):
        if not any(results[name][phase] for name, _, _ in pages):
            continue
        # a return visit (HTTP cache emptied, snapshot kept) is held against a bare page's
        # cold load: the bare page has nothing to keep
        bare = _median([r["ready"] for r in results["bare"]["cold" if phase == "return" else phase]])
        for name, _, _ in pages:
            rows = results[name][phase]
            ready = _median([r["ready"] for r in rows])
            ratio = f"{ready / bare:6.2f}" if bare and ready and name != "bare" else ""
            paint = _median([r["paint"] for r in rows])
            size = _median([r["bytes"] for r in rows])
            print(f"  {phase:8} {name:8} {_fmt(ready):>7} {ratio:>6}"
                  f" {_fmt(paint) if name != 'bare' else '':>10} {_fmt(size):>10}")
        base_phase = "cold" if phase == "return" else phase
        if results["bare"][base_phase] and results["game"][phase]:
            pairs = [g["ready"] / b["ready"]
                     for b, g in zip(results["bare"][base_phase], results["game"][phase])]
            print(f"  {phase:8} game/bare per pair: " + " ".join(f"{r:.2f}" for r in pairs)
                  + f" (median {statistics.median(pairs):.2f})")
    print(f"  target: game/bare ratio <= {TARGET_RATIO:.2f}")
    for name, text in missing.items():
        print(f"  cannot time {name}: {text}")
        if name != "firefox":
            print("  (adjust DURAK_URL / DURAK_READY_SELECTOR in bench/boot.py if the UI changed)")


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=TIMEOUT_MS / 1000,
                        help="seconds to wait for each page (default %(default)s)")
    parser.add_argument("--sw", action="store_true", help="allow service workers (Chromium)")
    parser.add_argument("--browser", choices=("chromium", "firefox", "both"), default="both",
                        help="both: Chromium, then Firefox ESR when one is found")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="also time the game page of the checkout in DIR (before/after)")
    args = parser.parse_args(argv)
    timeout_ms = int(args.timeout * 1000)
    browsers = ["chromium", "firefox"] if args.browser == "both" else [args.browser]
    if args.browser == "both":
        try:
            firefox.find_firefox()
        except FileNotFoundError as exc:
            print(f"boot bench: no Firefox, Chromium only ({exc})")
            browsers = ["chromium"]

    servers = [serve.serve_in_thread("/")]
    pages = [("bare", servers[0][1], BARE_URL), ("game", servers[0][1], DURAK_URL)]
    if args.compare:
        servers.append(serve.serve_in_thread("/", root=args.compare.resolve()))
        pages.append(("compare", servers[1][1], DURAK_URL))
    try:
        for browser in browsers:
            results = {name: {"cold": [], "return": [], "warm": []} for name, _, _ in pages}
            missing: dict[str, str] = {}
            before = _load()
            if browser == "chromium":
                run_chromium(pages, args.runs, timeout_ms, args.sw, results, missing)
            else:
                run_firefox(pages, args.runs, timeout_ms, results, missing)
            report(browser, pages, results, missing, args.runs,
                   args.sw and browser == "chromium")
            print(f"  load average (1, 5, 15 min) before: {before}; after: {_load()}"
                  f" ({os.cpu_count()} cores)")
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
