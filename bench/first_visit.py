"""Bytes of a first visit, the service worker's included: ``python bench/first_visit.py``.

Serves the site from this checkout (scripts/serve.py, uncompressed, as ``make play`` does)
with every byte the server writes counted per request, opens a Durak link in a fresh
Chromium profile (empty HTTP cache on disk, service workers allowed), waits for the table to be
playable, then for the service worker to be active with its cache filled, and prints:

- the bytes sent until the table was playable, and after it (the service worker's own
  fetches, on the same link), and how many files were sent twice;
- the largest files, each with how many times and how many bytes it was sent;
- what the worker's cache holds that the page never asked for;
- beside it, a first visit of a bare PyScript page on the same runtime (bench/bare/), in
  a fresh profile too: its bytes and seconds to ``py:all-done``.

A first step towards issue 33's bench (no compression, no paced link yet): the counts are
exact, whatever the machine's load. Not a test; exits 0.

Measured 2026-12-07 (uncompressed; bench/results/first_visit.txt per file):
  before: 44.1 MB in all, 31 files sent twice (the worker registered at load and fetched
          everything again with cache: "reload", while the page booted)
  after:  22.0 MB in all, 21.7 MB until the table was playable and 0.2 MB after it; the
          runtime's files are revalidated (304, no body), nothing is sent twice;
          21.6 MB with game.zip compiled without docstrings (optimize=2); a bare PyScript
          page's first visit in the same run: 13.7 MB, so the game is 1.58x its bytes
          (the 6.3 MB snapshot is the difference) and 0.80x its time on localhost
  trimmed standard library (issue 33, scripts/build_stdlib.py): 19.8 MB in all, 19.5 MB
          until the table was playable (static/build/python_stdlib.zip 0.8 MB instead
          of the full 2.5 MB, neither sent nor precached), 1.45x the bare page's bytes
"""

from __future__ import annotations

import argparse
import collections
import functools
import http.server
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import chromium  # noqa: E402  (scripts/chromium.py)
import serve  # noqa: E402  (scripts/serve.py)

URL = "index.html?game=durak&players=2&seed=1&speed=instant&lang=en"
READY = '#table[data-game="durak"] [data-action]'
BARE_URL = "bench/bare/index.html"
TIMEOUT_MS = 180_000

CACHED = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  if (!r || !r.active || r.active.state !== 'activated') return [];
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('kortbordet-')) continue;
    for (const req of await (await caches.open(name)).keys()) out.push(req.url);
  }
  return out;
}"""
"""The URLs in the service worker's cache once it is active (empty before)."""

SENT: list[tuple[float, str, int]] = []   # (time, path, bytes) per response
_LOCK = threading.Lock()


class _CountingWriter:
    """Wraps a handler's ``wfile``: counts every byte written."""

    def __init__(self, raw, path: str) -> None:
        self.raw, self.path, self.count = raw, path, 0

    def write(self, data) -> int:
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class CountingHandler(serve.Handler):
    """scripts/serve.py's handler, with the bytes of each response recorded in ``SENT``."""

    def handle_one_request(self):
        self.wfile = _CountingWriter(self.wfile, "")
        super().handle_one_request()
        writer = self.wfile
        if isinstance(writer, _CountingWriter) and writer.count:
            path = getattr(self, "path", "") or ""
            with _LOCK:
                SENT.append((time.monotonic(), path, writer.count))
            self.wfile = writer.raw


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def run() -> None:
    handler = type("QuietCountingHandler", (CountingHandler,), {"prefix": "/", "quiet": True})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(ROOT)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        # a profile on disk, as a phone's browser has: an off-the-record context's HTTP
        # cache keeps no entry as large as pyodide.asm.wasm (bench/boot.py)
        profile = tempfile.TemporaryDirectory()
        context = p.chromium.launch_persistent_context(
            profile.name, service_workers="allow", **chromium.launch_kwargs())
        page = context.new_page()
        asked: set[str] = set()
        booting = [True]
        page.on("request", lambda r: booting[0] and asked.add(
            r.url.split(base, 1)[-1].split("#")[0]))
        start = time.monotonic()
        page.goto(base + URL, wait_until="domcontentloaded")
        page.wait_for_selector(READY, timeout=TIMEOUT_MS)
        ready = time.monotonic()
        booting[0] = False
        # (wait_for_function would take an async function's promise as true at once)
        cached: list[str] = []
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while not cached and time.monotonic() < deadline:
            time.sleep(0.25)
            cached = page.evaluate(CACHED)
        time.sleep(1.0)  # the last responses' counts
        context.close()
        profile.cleanup()
        mark = len(SENT)
        bare_s = bare_visit(p, base)
        bare = SENT[mark:]
        del SENT[mark:]
    server.shutdown()
    before = sum(n for t, _, n in SENT if t <= ready)
    after = sum(n for t, _, n in SENT if t > ready)
    per = collections.defaultdict(lambda: [0, 0])
    for _, path, n in SENT:
        per[path.split("?")[0]][0] += 1
        per[path.split("?")[0]][1] += n
    twice = [p for p, (k, _) in per.items() if k > 1]
    print(f"first visit of {URL}")
    print(f"  until the table was playable ({ready - start:.1f} s): {_mb(before)}")
    print(f"  after it (the service worker's own fetches): {_mb(after)}")
    print(f"  in all: {_mb(before + after)}, {len(SENT)} responses, "
          f"{len(twice)} files sent more than once")
    print("  largest files (times sent, bytes):")
    for path, (k, n) in sorted(per.items(), key=lambda kv: -kv[1][1])[:12]:
        print(f"    {path:<48} {k}x {_mb(n)}")
    never = sorted(u.split(base, 1)[-1] for u in cached
                   if u.split(base, 1)[-1] not in asked and u != base)
    print(f"  cached by the worker: {len(cached)} files; never asked for by the page: {len(never)}")
    for url in never:
        print(f"    {url}")
    bare_bytes = sum(n for _, _, n in bare)
    print(f"a bare PyScript page on the same runtime ({BARE_URL}), first visit: "
          f"{_mb(bare_bytes)} until py:all-done ({bare_s:.1f} s); the game's first visit "
          f"{(before + after) / bare_bytes:.2f}x its bytes, {(ready - start) / bare_s:.2f}x its "
          f"time (localhost)")


def bare_visit(p, base: str) -> float:
    """A first visit of the bare PyScript page in a fresh profile; its seconds to
    ``py:all-done`` (its bytes land in ``SENT``)."""
    profile = tempfile.TemporaryDirectory()
    context = p.chromium.launch_persistent_context(profile.name, **chromium.launch_kwargs())
    page = context.new_page()
    page.add_init_script("window.addEventListener('py:all-done', () => { window.__done = 1; })")
    start = time.monotonic()
    page.goto(base + BARE_URL, wait_until="domcontentloaded")
    page.wait_for_function("window.__done === 1", timeout=TIMEOUT_MS, polling=50)
    seconds = time.monotonic() - start
    time.sleep(0.5)
    context.close()
    profile.cleanup()
    return seconds


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n", 1)[0]).parse_args(argv)
    chromium.find_chromium()
    run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
