"""CPU of a warm boot per Chromium process: ``python bench/boot_cpu.py [--harness]``.

The situation of the browser tests' ``page`` fixture (tests/e2e/conftest.py) and of a
returning visitor opening a new tab: one context whose first visit installed the service
worker, then ``--runs`` boots of a Durak link, each as a new page, its localStorage
emptied first. For each boot: the wall time from the new page to an interactive table,
and the CPU each Chromium process spent meanwhile (and 1.5 s after: the optimizing compiler
and code caching go on), read from /proc (Linux only), summed by process type (``*``: a
process started during that boot). ``--harness`` adds what the tests do
(browser_harness.PROCESS_ARGS, the keeper, the stilled loading animation); ``--root DIR``
serves another checkout (a before/after: alternate the runs, the machine may be shared).

Measured 2026-12-02 (two cores shared with other jobs, load average 27-35; medians of
3 boots, two alternating rounds): before (main at 4f519d8) 5.3 / 4.7 s of CPU, 17 / 16 s
wall; with the loading animation in steps (static/css/app.css; tried, not kept: headless
Chromium composites in software, a phone's GPU does not pay this) 4.4 / 4.6 s, 16 / 12 s;
with --harness too 2.6 / 2.9 s, 7.3 / 5.5 s. Of a boot before: the page's renderer
3.4-4.8 s (its background threads mostly V8 optimizing the runtime's WebAssembly again,
its main thread compiling the functions the code cache lacked, the snapshot's gunzip,
Python), the GPU process 0.8-1.3 s (compositing the loading animation), the browser 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import chromium  # noqa: E402  (scripts/chromium.py)
import serve  # noqa: E402  (scripts/serve.py)
from browser_harness import (  # noqa: E402  (tests/e2e/browser_harness.py)
    ALL_DONE_INIT_SCRIPT,
    KEEPER_MODULE,
    KEEPER_SCRIPT,
    PROCESS_ARGS,
)

URL = "index.html?game=durak&players=2&speed=instant&seed=5"
READY = '[data-game="durak"] [data-action]'
# The init script without the stilled animation (ALL_DONE_INIT_SCRIPT's first part).
PLAIN_INIT = ALL_DONE_INIT_SCRIPT.split("try {")[0]
TICK = os.sysconf("SC_CLK_TCK")


def chromium_processes() -> dict[int, tuple[str, float, int]]:
    """pid -> (type, CPU seconds so far, parent pid) of every Chromium process."""
    out = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
        except OSError:
            continue
        if not argv or b"chrom" not in argv[0]:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        kind = "browser"
        for arg in argv:
            if arg.startswith(b"--type="):
                kind = arg[7:].decode()
            elif arg.startswith(b"--utility-sub-type="):
                kind = "utility:" + arg.split(b"=")[1].decode().split(".")[-1]
        out[int(pid)] = (kind, (int(fields[11]) + int(fields[12])) / TICK, int(fields[1]))
    return out


class Sampler(threading.Thread):
    """Keeps the last CPU reading of every process under ``root`` (sampled every 50 ms,
    so a process that ends still counts)."""

    def __init__(self, root: int) -> None:
        super().__init__(daemon=True)
        self.root, self.last, self.stopped = root, {}, False

    def snap(self) -> None:
        for pid, (kind, cpu, parent) in chromium_processes().items():
            if pid == self.root or parent == self.root or pid in self.last or parent in self.last:
                self.last[pid] = (kind, cpu)

    def run(self) -> None:
        while not self.stopped:
            self.snap()
            time.sleep(0.05)

    def stop(self) -> dict[int, tuple[str, float]]:
        self.stopped = True
        self.join()
        self.snap()
        return dict(self.last)


def boots(base: str, runs: int, harness: bool) -> list[tuple[float, dict[str, float]]]:
    from playwright.sync_api import sync_playwright

    kwargs = chromium.launch_kwargs()
    if harness:
        kwargs["args"] = kwargs.get("args", []) + PROCESS_ARGS
    rows = []
    with sync_playwright() as p:
        before = set(chromium_processes())
        browser = p.chromium.launch(**kwargs)
        root = next(pid for pid, (kind, _, _) in chromium_processes().items()
                    if pid not in before and kind == "browser")
        context = browser.new_context(service_workers="allow")
        context.add_init_script(ALL_DONE_INIT_SCRIPT if harness else PLAIN_INIT)
        janitor = context.new_page()
        janitor.goto(base + "manifest.webmanifest")
        if harness:
            janitor.evaluate(KEEPER_SCRIPT, base + KEEPER_MODULE)
        first = context.new_page()  # the first visit installs the service worker
        first.goto(base + URL)
        first.wait_for_function("window.__pyAllDone === true", timeout=180_000, polling=100)
        first.wait_for_timeout(3000)
        first.close()
        for _ in range(runs):
            janitor.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            time.sleep(1.0)
            sampler = Sampler(root)
            sampler.snap()
            start = dict(sampler.last)
            sampler.start()
            t0 = time.monotonic()
            page = context.new_page()
            page.goto(base + URL, wait_until="domcontentloaded")
            page.wait_for_function("window.__pyAllDone === true", timeout=180_000, polling=100)
            page.locator(READY).first.wait_for()
            wall = time.monotonic() - t0
            time.sleep(1.5)
            per: dict[str, float] = {}
            for pid, (kind, cpu) in sampler.stop().items():
                name = kind if pid in start else kind + "*"
                spent = cpu - start.get(pid, (kind, 0.0))[1]
                if spent > 0.005:
                    per[name] = per.get(name, 0.0) + spent
            rows.append((wall, per))
            page.close()
        browser.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--harness", action="store_true",
                        help="as the browser tests run: process per site, keeper, still loading screen")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args(argv)
    server, base = serve.serve_in_thread("/", root=args.root.resolve())
    try:
        rows = boots(base, args.runs, args.harness)
    finally:
        server.shutdown()
        server.server_close()
    for i, (wall, per) in enumerate(rows):
        print(f"boot {i}: wall {wall:5.2f} s  CPU {sum(per.values()):5.2f} s  " + "  ".join(
            f"{k} {v:.2f}" for k, v in sorted(per.items(), key=lambda kv: -kv[1])))
    print(f"median: wall {statistics.median(r[0] for r in rows):.2f} s, CPU "
          f"{statistics.median(sum(r[1].values()) for r in rows):.2f} s "
          f"({'harness' if args.harness else 'plain'}, {args.root}); load average "
          + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
