"""What a phone pays to open a game link: ``python bench/first_visit.py [--link 4,40]
[--repeat N] [--quick] [--no-bare]``.

Serves this checkout as a static host does, over one link shared by every connection
(bench/slow_link.py: gzip, scripts/serve.py's cache headers, 4 Mbit/s with a 150 ms round
trip, 40 Mbit/s with 40 ms, every byte on the socket counted), and opens a Durak link in
Chromium with a profile on disk, service workers allowed: a first visit (bytes and seconds
until the table is playable, then bytes until the worker is active and the link has been
quiet 3 s), a return visit (the browser reopened) and an offline return. Then the same for a
bare PyScript page on the same runtime (bench/bare/, ready at ``py:all-done``), alternating;
and a first visit at the slowest link with the wasm left uncompressed. Prints the game's files
on its first visit at the slowest link and one table of medians (--repeat) with the ratios
game/bare. Not a test; exits 0. ``--quick``: the first visits at the slowest link only.

The game has settled when its worker is active and its memory snapshot is kept (made in
the browser once the page is ready, static/js/interpreter.mjs); a visit started from it is
marked "from the kept snapshot".

Measured 2026-12-07, medians of 3 (bench/results/first_visit.txt), game vs bare page:
  before issue 33 (a downloaded 6.3 MB snapshot, the full 2.5 MB standard library, the worker
  fetching 0.37 MB more): 4 Mbit/s first visit 14.0 MB in all, 29.5 s vs 6.4 MB, 20.9 s
  (2.18x the bytes, 1.41x the time)
  after: 4 Mbit/s first visit 5.64 MB in all (0.017 MB of it after the table is playable),
         14.2 s vs 6.45 MB, 16.7 s: 0.88x the bytes, 0.85x the time; return 1.4 s vs 2.4 s,
         offline return 1.4 s vs 2.3 s, 0 bytes
         40 Mbit/s first visit 4.1 s vs 4.6 s (0.89x); return 1.5 s vs 2.2 s
         wasm left uncompressed: 11.7 MB vs 12.5 MB, 26.6 s vs 29.0 s at 4 Mbit/s
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

import chromium  # noqa: E402  (scripts/chromium.py)
from slow_link import GZIP_SUFFIXES, Link, serve_paced  # noqa: E402  (bench/slow_link.py)

URL = "index.html?game=durak&players=2&seed=1&speed=instant&lang=en"
READY = '#table[data-game="durak"] [data-action]'
BARE_URL = "bench/bare/index.html"
RTT = {4: 0.150, 40: 0.040}
"""Round trip (s) per link (Mbit/s); another link gets 150 ms below 10 Mbit/s, else 40."""
TIMEOUT_MS = 240_000
OFFLINE_TIMEOUT_MS = 60_000
QUIET_S = 3.0
SETTLE_TIMEOUT_S = 120.0

FAILED = """(document.querySelector('.py-error')
  || (document.getElementById('boot-error') && !document.getElementById('boot-error').hidden))
  && 'failed'"""
# playable = the table's first action is there AND the app took its input handlers (boot.py
# sets data-boot="ready" last, as tests/webkit and tests/e2e/test_embed_ui.py wait for)
GAME_READY = f"""() => {FAILED} || (document.documentElement.dataset.boot === 'ready'
  && !!document.querySelector('{READY}') && 'ready')"""
BARE_READY = f"() => {FAILED} || (window.__done === 1 && 'ready')"
BARE_INIT = "window.addEventListener('py:all-done', () => { window.__done = 1; })"
# the game has settled when its service worker is active and its memory snapshot is kept
# (static/js/interpreter.mjs makes it once the page is ready, unless it started from one)
WORKER_ACTIVE = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const snapshot = window.kortbordetSnapshot === true
    || window.kortbordetSnapshotMade !== undefined;
  return !!(r && r.active && r.active.state === 'activated') && snapshot;
}"""


@dataclass
class Visit:
    playable: bool
    seconds: float          # to playable (or to giving up)
    until: int              # bytes on the link until playable
    after: int = 0          # bytes after it, until the link was quiet
    responses: list = field(default_factory=list)   # slow_link.Response of this visit
    ready_at: float = 0.0
    note: str = ""

    @property
    def total(self) -> int:
        return self.until + self.after


@dataclass(frozen=True)
class Config:
    mbit: float
    wasm_gzip: bool
    full: bool              # return and offline visits too

    @property
    def label(self) -> str:
        return f"{self.mbit:g} Mbit/s" + ("" if self.wasm_gzip else " raw wasm")


CHROMIUM = [""]


def visit(p, link: Link, profile: str, url: str, game: bool, offline: bool = False) -> Visit:
    """Open ``url`` in Chromium with ``profile`` (a directory, kept between visits) and wait
    until the page is playable, then until the link is quiet (and the game's worker active)."""
    from playwright.sync_api import Error as PlaywrightError
    context = p.chromium.launch_persistent_context(
        profile, service_workers="allow", **chromium.launch_kwargs())
    try:
        page = context.pages[0] if context.pages else context.new_page()
        if not game:
            page.add_init_script(BARE_INIT)
        if offline:
            context.set_offline(True)
        first, sent = len(link.responses), link.sent
        start = time.monotonic()
        state, note = "failed", ""
        try:
            page.goto(url, wait_until="commit",
                      timeout=OFFLINE_TIMEOUT_MS if offline else TIMEOUT_MS)
            state = page.wait_for_function(
                GAME_READY if game else BARE_READY, polling=50,
                timeout=OFFLINE_TIMEOUT_MS if offline else TIMEOUT_MS).json_value()
        except PlaywrightError as exc:
            note = str(exc).splitlines()[0][:80]
        ready = time.monotonic()
        until = link.sent - sent
        if state == "ready":
            CHROMIUM[0] = CHROMIUM[0] or re.search(
                r"Chrome/(\d+)", page.evaluate("navigator.userAgent")).group(1)
            if not settle(page, link, worker=game):
                note = f"not settled in {SETTLE_TIMEOUT_S:.0f} s"
            if offline and page.evaluate("navigator.onLine"):
                note = "navigator.onLine is true"
            if game and page.evaluate("window.kortbordetSnapshot === true"):
                note = note or "from the kept snapshot"
        else:
            time.sleep(1.0)
        responses = link.responses[first:]
        if offline and responses:
            note = f"{len(responses)} requests reached the server: not offline"
        return Visit(state == "ready", ready - start, until, link.sent - sent - until,
                     responses, ready, note)
    finally:
        context.close()


def settle(page, link: Link, worker: bool) -> bool:
    """Wait until the link has been quiet QUIET_S and, for the game, its worker is active."""
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    while time.monotonic() < deadline:
        time.sleep(0.25)
        if link.quiet_for() >= QUIET_S and (not worker or page.evaluate(WORKER_ACTIVE)):
            return True
    return False


def sequence(p, link: Link, base: str, game: bool, full: bool) -> dict[str, Visit]:
    """A first visit in a fresh profile; with ``full``, a return and an offline return."""
    url = base + (URL if game else BARE_URL)
    with tempfile.TemporaryDirectory(prefix="first-visit-", ignore_cleanup_errors=True) as d:
        out = {"first": visit(p, link, d, url, game)}
        if full:
            out["return"] = visit(p, link, d, url, game)
            out["offline"] = visit(p, link, d, url, game, offline=True)
    return out


def measure(configs: list[Config], repeat: int, bare: bool) -> dict:
    """Every visit, keyed (config, "game" | "bare", "first" | "return" | "offline")."""
    from playwright.sync_api import sync_playwright
    results: dict = collections.defaultdict(list)
    with sync_playwright() as p:
        for cfg in configs:
            link = Link(cfg.mbit * 1e6 / 8, RTT.get(cfg.mbit, 0.150 if cfg.mbit < 10 else 0.040))
            suffixes = GZIP_SUFFIXES if cfg.wasm_gzip else GZIP_SUFFIXES - {".wasm"}
            server, base = serve_paced(link, suffixes)
            try:
                for r in range(repeat):
                    for page in ("game", "bare") if bare else ("game",):
                        for kind, v in sequence(p, link, base, page == "game", cfg.full).items():
                            results[(cfg, page, kind)].append(v)
                            print(f"{cfg.label:<18} {page} {kind:<8} #{r + 1}: "
                                  + (f"playable in {v.seconds:.1f} s" if v.playable
                                     else f"not playable ({v.seconds:.1f} s)")
                                  + f", {_mb(v.until)} until, {_mb(v.after)} after"
                                  + (f" [{v.note}]" if v.note else ""), flush=True)
            finally:
                server.shutdown()
                server.server_close()
    return results


def _mb(n: float | None) -> str:
    return "-" if n is None else f"{n / 1e6:.3f} MB"


def _med(values) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def files_table(v: Visit, label: str) -> None:
    """The game's files on one visit: the largest 20, each with its times sent and bytes."""
    per = collections.defaultdict(lambda: [0, 0, set(), False])
    for r in v.responses:
        row = per[r.path.split("?")[0]]
        row[0] += 1
        row[1] += r.bytes
        row[2].add(r.status)
        row[3] |= r.gzip
    again = [path for path, row in per.items() if row[0] > 1]
    bodies = collections.Counter(r.path.split("?")[0] for r in v.responses if r.status == 200)
    print(f"\nthe game's first visit at {label}: {len(v.responses)} responses, "
          f"{_mb(v.total)}; {len(per)} files, {len(again)} sent more than once "
          f"({sum(k > 1 for k in bodies.values())} with a whole body more than once)")
    print(f"  {'path':<52} {'sent':>4} {'on the wire':>12}  status  gzip")
    for path, (k, n, st, gz) in sorted(per.items(), key=lambda kv: -kv[1][1])[:20]:
        print(f"  {path:<52} {k:>4} {n:>12,}  {','.join(map(str, sorted(st))):<7} "
              f"{'gz' if gz else ''}")
    late = [r for r in v.responses if r.end > v.ready_at]
    print(f"  after playable: {len(late)} responses, {_mb(sum(r.bytes for r in late))}"
          f" ({collections.Counter(r.status for r in late)})")
    for r in sorted(late, key=lambda r: -r.bytes)[:10]:
        print(f"    {r.path.split('?')[0]:<50} {r.status} {r.bytes:>10,}")


def _cell(x, unit: str) -> str:
    if x is None or isinstance(x, str):
        return f"{x or '-':>8}"
    return f"{x / 1e6:>8.3f}" if unit == "MB" else f"{x:>8.{1 if unit == 's' else 2}f}"


def table(configs: list[Config], results: dict, bare: bool) -> None:
    """One row per visit, medians of the repeats; the ratios game/bare."""
    def cells(cfg, page, kind, what):
        vs = results.get((cfg, page, kind), [])
        if not vs:
            return None, None
        size = _med([getattr(v, what) for v in vs])
        if what == "after" or (kind, what) == ("first", "total"):
            return size, None
        playable = [v.seconds for v in vs if v.playable]
        return size, _med(playable) if len(playable) * 2 > len(vs) else "no"

    print(f"\n{'link':<18}{'visit':<19}{'game MB':>8}{'game s':>8}{'bare MB':>8}"
          f"{'bare s':>8}{'bytes x':>8}{'time x':>8}")
    rows = [("first", "until", "first"), ("first", "after", "+ after playable"),
            ("first", "total", "= first, in all"), ("return", "total", "return"),
            ("offline", "total", "offline return")]
    for cfg in configs:
        label = cfg.label
        for kind, what, name in rows:
            if (cfg, "game", kind) not in results:
                continue
            gb, gs = cells(cfg, "game", kind, what)
            bb, bs = cells(cfg, "bare", kind, what) if bare else (None, None)
            xb = gb / bb if gb is not None and bb else None
            xs = gs / bs if isinstance(gs, float) and isinstance(bs, float) else None
            print(f"{label:<18}{name:<19}{_cell(gb, 'MB')}{_cell(gs, 's')}{_cell(bb, 'MB')}"
                  f"{_cell(bs, 's')}{_cell(xb, 'x')}{_cell(xs, 'x')}")
            label = ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--link", default="4,40", help="link speeds, Mbit/s (default 4,40)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="only the first visits at the slowest link")
    parser.add_argument("--no-bare", action="store_true", help="the game only")
    args = parser.parse_args(argv)
    links = sorted(float(x) for x in args.link.split(","))
    if args.quick:
        configs = [Config(links[0], True, False)]
    else:
        configs = [Config(m, True, True) for m in links] + [Config(links[0], False, False)]
    chromium.find_chromium()
    print(f"bench/first_visit.py {time.strftime('%Y-%m-%d %H:%M')}, load average "
          f"{os.getloadavg()[0]:.1f}, {os.cpu_count()} cores; {URL}", flush=True)
    results = measure(configs, args.repeat, not args.no_bare)
    print(f"Chromium {CHROMIUM[0]}, load average {os.getloadavg()[0]:.1f} at the end")
    files_table(results[(configs[0], "game", "first")][0], configs[0].label)
    for page in ("game", "bare"):
        for v in results.get((configs[0], page, "return"), [])[:1]:
            print(f"the {page}'s return visit at {configs[0].label}: " + (", ".join(
                f"{r.path.split('?')[0]} {r.status} {r.bytes:,}" for r in v.responses[:8])
                or "nothing on the link"))
    table(configs, results, not args.no_bare)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
