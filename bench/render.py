"""The page's own work per tap at the table: ``python bench/render.py [--taps N]
[--cpu-slowdown N]``.

Boots the page in Chromium (the browser the tests use, scripts/chromium.py) at 360x640
with ``speed=instant``, plays each game through the DOM with the tests' drivers
(tests/e2e/*_driver.py) and prints, per game, per tap (a card selected, a card played, a
button pressed; one move is one to three taps):

- page ms: from the click event to the moment the table waits for the human again (the
  ``#table`` insertion whose ``data-waiting`` is the human's or the game is over), read in
  the page (performance.now()), median and mean; renders: ``#table`` insertions per tap
  (the human's move and every computer move redraw the table);
- first paint after the tap: from the finger to the next frame painted, as Interaction to
  Next Paint counts it (Chromium's Event Timing: the longest ``event`` entry of the tap's
  interaction, pointerdown to click; a tap under 16 ms has none and counts its next-frame
  measure, a task posted from the next animation frame); median, p95 and max beside those
  of page ms, one line per game, and those of the taps static/js/taps.js showed at once
  (a card selected or unselected: ``event.kortbordetTap == "select"``) apart from the rest;
- ``--cpu-slowdown N``: the page's main thread slowed N times during the taps (Chromium's
  ``Emulation.setCPUThrottlingRate`` on the page's session; 4 for a mid-range phone, as
  issue 38 measures); the boot is not slowed;
- Python ms (inclusive, per tap): ``App.render`` (the whole redraw), ``Session.view``, the
  game table's ``render`` (building the elements), ``layout_hand``, the computer players'
  search, ``Session.play``; taken by wrapping those functions in the page's Python (the
  bench serves static/js/interpreter.mjs with one line added that hands it the Pyodide);
- trace (Chromium's devtools.timeline, only inside the click-to-settled windows): busy
  ms (main-thread tasks), layouts (count, of them forced by script, ms), style
  recalculations (count, ms), paint/composite ms, GC ms, timers fired;
- with ``--profile``: the V8 CPU profile's self time split into the Python interpreter
  (WebAssembly), Pyodide's JS glue (the FFI), native DOM calls, motion.js and the rest.

Measured 2026-12-02 with --compare (the commit before the markup redraw, each game on both
pages alternately, 40 taps; 2 cores shared with other jobs at a load average of 30-33, so
absolute times are inflated several-fold; the ratios are the figures):
  Dunka  renders per tap 2.90 -> 1.10; page ms per tap median 1005 -> 162, sum 64.0 -> 12.1 s;
         Python render per tap 1278 -> 237 ms (table build 557 -> 51, hand layout 245 -> 81
         (one read, the page's one layout), move history 162 -> 5); layouts per tap 10.6 ->
         1.8, style recalculations 17.8 -> 6.6
  Durak  renders per tap 2.20 -> 1.07; page ms per tap median 863 -> 169, sum 39.2 -> 9.5 s;
         layouts 8.1 -> 2.0, style recalculations 14.1 -> 5.5
Not a test: it asserts nothing and prints figures. The machine may be shared: the load
average is printed with the figures; compare runs made in similar conditions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import chromium  # noqa: E402  (scripts/chromium.py)
import serve  # noqa: E402  (scripts/serve.py)

GAMES = {
    "dunka": "?game=dunka&players=3&seed=21&speed=instant&lang=en",
    "elvakort": "?game=elvakort&players=2&seed=31&speed=instant&lang=en",
    "durak": "?game=durak&players=3&seed=7&speed=instant&lang=en",
    "tonk": "?game=tonk&players=3&seed=5&speed=instant&lang=en",
}
PHONE = {"width": 360, "height": 640}

INIT = r"""
window.__pyAllDone = false;
window.addEventListener("py:all-done", () => { window.__pyAllDone = true; });
window.__bench = {clicks: [], settles: [], inserts: 0, insertsAt: [], stamps: [], frames: [],
                  events: [], selects: []};
// after every listener of the page (the window's bubble phase): was the tap one
// static/js/taps.js showed at once (a card selected or unselected)?
window.addEventListener("click", (event) => {
  if (event.isTrusted) window.__bench.selects.push(event.kortbordetTap === "select");
});
window.addEventListener("click", (event) => {
  // a person's tap only: not the click motion.js re-sends to what lies under the finger
  if (!event.isTrusted) return;
  const t = performance.now();
  const b = window.__bench;
  b.clicks.push(t);
  b.stamps.push(event.timeStamp);
  console.timeStamp("bench-click");
  // the next frame after the tap: a task posted from the next animation frame runs once
  // that frame was painted (a rough Interaction to Next Paint; Event Timing below is exact)
  const i = b.frames.length;
  b.frames.push(null);
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { b.frames[i] = performance.now() - event.timeStamp; };
    ch.port2.postMessage(0);
  });
}, true);
// Event Timing (Chromium): per input event its duration from the finger to the next paint
// after its handlers (rounded to 8 ms), as Interaction to Next Paint counts it; events under
// 16 ms are not reported
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__bench.events.push([e.name, e.startTime, e.duration, e.interactionId || 0]);
    }
  }).observe({type: "event", buffered: true, durationThreshold: 16});
} catch (e) { /* no Event Timing: the frame measure alone */ }
function __benchWatch() {
  const screen = document.getElementById("screen");
  if (!screen) { document.addEventListener("DOMContentLoaded", __benchWatch); return; }
  // registered after motion.js's observer (a deferred script runs first), so it sees the
  // table after motion's play()
  new MutationObserver(() => {
    const t = document.getElementById("table");
    if (!t) return;
    window.__bench.inserts += 1;
    const w = t.dataset.waiting;
    if (w === "human" || t.hasAttribute("data-over") || w === "game_over" || w === "series_over") {
      window.__bench.settles.push(performance.now());
      console.timeStamp("bench-settle");
    }
  }).observe(screen, {childList: true});
}
document.addEventListener("DOMContentLoaded", __benchWatch);
"""

PY_TIMERS = r"""
import time
from game.web import controller, listeners
from game.web.controller import ControllerPart, TABLES
from game.session import Session
import importlib
T = {}

def _add(key, d):
    s = T.setdefault(key, [0, 0.0])
    s[0] += 1
    s[1] += d

def wrap(owner, name, key):
    f = getattr(owner, name, None)
    if f is None:  # another version of the page
        return
    def w(*a, **k):
        t0 = time.perf_counter()
        try:
            return f(*a, **k)
        finally:
            _add(key, time.perf_counter() - t0)
    setattr(owner, name, w)

wrap(ControllerPart, "render", "render (all)")
wrap(Session, "view", "Session.view")
wrap(Session, "play", "Session.play")
wrap(controller, "layout_hand", "layout_hand")
wrap(controller, "place_hand", "place_hand (markup)")
wrap(controller, "check_hand", "check_hand (measure)")
for mod, cls in TABLES.values():
    c = getattr(importlib.import_module(mod), cls)
    if "render" in c.__dict__:
        wrap(c, "render", "table.render (build)")
import game.web.table as _tbl
wrap(_tbl, "record_motion", "motion.record")
from game.web import moves as _moves
wrap(_moves.MoveHistory, "panel", "move history panel")
from game.web import prefs as _prefs
wrap(_prefs.PrefsPart, "prefs_panel", "prefs panel")

_sliced = Session.step_bot_sliced
def _timed_sliced(self):
    gen = _sliced(self)
    while True:
        t0 = time.perf_counter()
        try:
            nxt = next(gen)
        except StopIteration as stop:
            _add("computer search", time.perf_counter() - t0)
            return stop.value
        _add("computer search", time.perf_counter() - t0)
        yield nxt
Session.step_bot_sliced = _timed_sliced
import js
def _times():
    out = dict(T)
    fit = getattr(_tbl, "HAND_FIT", None)
    if fit is not None:
        out["hand laid out from cache / measured"] = [fit["cached"], fit["measured"]]
    return __import__("json").dumps(out)
js.window.__benchPyTimes = _times
def _reset():
    T.clear()
    fit = getattr(_tbl, "HAND_FIT", None)
    if fit is not None:
        fit["cached"] = fit["measured"] = 0
js.window.__benchPyReset = _reset
"""

SCRIPT_EVENTS = {"FunctionCall", "EventDispatch", "TimerFire", "RunMicrotasks", "EvaluateScript",
                 "FireAnimationFrame", "v8.callFunction", "v8.run", "v8.evaluateModule"}
PAINT_EVENTS = {"Paint", "PrePaint", "Layerize", "UpdateLayer", "CompositeLayers", "Commit",
                "RasterTask"}


def patched_interpreter(route):
    """static/js/interpreter.mjs, handing the Pyodide to the bench (window.__benchPy)."""
    body = route.fetch().text()
    # (each place a Pyodide is ready: seeded, issue 33; older pages: below)
    body = body.replace("seedRandom(py);", "seedRandom(py); globalThis.__benchPy = py;")
    body = body.replace("globalThis.kortbordetSnapshot = true;",
                        "globalThis.kortbordetSnapshot = true; globalThis.__benchPy = py;")
    body = body.replace("return pyodide.loadPyodide(base);",
                        "return pyodide.loadPyodide(base).then((py) => "
                        "{ globalThis.__benchPy = py; return py; });")
    route.fulfill(body=body, content_type="text/javascript")


def drivers(game):
    import dunka_driver
    import durak_driver
    import tonk_driver
    if game in ("dunka", "elvakort"):
        return lambda page, rng: dunka_driver.human_move(page, rng)
    if game == "tonk":
        return lambda page, rng: tonk_driver.human_move(page, rng)
    return lambda page, rng: durak_driver.human_move(page, rng)


def settled(page) -> str:
    from durak_driver import wait_settled
    return wait_settled(page, timeout_ms=120_000)


def trace_windows(trace: dict) -> dict:
    """Sum the renderer main thread's events inside the click-to-settled windows."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    stamps = [e for e in events if e.get("name") == "TimeStamp"
              and str(e.get("args", {}).get("data", {}).get("message", "")).startswith("bench-")]
    if not stamps:
        return {}
    thread = (stamps[0]["pid"], stamps[0]["tid"])
    if thread not in mains:
        mains.add(thread)
    stamps.sort(key=lambda e: e["ts"])
    windows, start = [], None
    for e in stamps:
        msg = e["args"]["data"]["message"]
        if msg == "bench-click" and start is None:
            start = e["ts"]
        elif msg == "bench-settle" and start is not None:
            windows.append((start, e["ts"]))
            start = None
    evs = sorted((e for e in events if (e.get("pid"), e.get("tid")) == thread
                  and e.get("ph") == "X" and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))

    def inside(e) -> bool:
        ts = e["ts"]
        for a, b in windows:
            if a <= ts <= b:
                return True
        return False

    out = {"windows": len(windows), "busy": 0.0, "layouts": 0, "forced": 0, "layout_ms": 0.0,
           "styles": 0, "style_ms": 0.0, "paint_ms": 0.0, "gc_ms": 0.0, "timers": 0}
    stack: list = []
    for e in evs:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        if inside(e):
            name = e["name"]
            dur = e["dur"] / 1000.0
            if name == "RunTask" and not any(s["name"] == "RunTask" for s in stack):
                out["busy"] += dur
            elif name == "Layout":
                out["layouts"] += 1
                out["layout_ms"] += dur
                if any(s["name"] in SCRIPT_EVENTS for s in stack):
                    out["forced"] += 1
            elif name == "UpdateLayoutTree":
                out["styles"] += 1
                out["style_ms"] += dur
            elif name in PAINT_EVENTS:
                out["paint_ms"] += dur
            elif name in ("MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCFinalizeMC"):
                out["gc_ms"] += dur
            elif name == "TimerFire":
                out["timers"] += 1
        stack.append(e)
    return out


def classify_profile(profile: dict) -> dict:
    """Self time (ms) of a V8 CPU profile by kind of code."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    deltas = profile.get("timeDeltas", [])
    samples = profile.get("samples", [])
    self_us: dict[int, float] = {}
    for node_id, dt in zip(samples, deltas[1:] + [0]):
        self_us[node_id] = self_us.get(node_id, 0) + dt
    out: dict[str, float] = {}
    natives: dict[str, float] = {}
    for node_id, us in self_us.items():
        frame = nodes[node_id]["callFrame"]
        url, name = frame.get("url", ""), frame.get("functionName", "")
        if "pyodide.asm.wasm" in url or url.startswith("wasm://"):
            kind = "python (wasm)"
        elif "pyodide" in url:
            kind = "pyodide JS glue (FFI)"
        elif "motion.js" in url:
            kind = "motion.js"
        elif name in ("(idle)", "(program)", "(garbage collector)", "(root)"):
            kind = name
        elif not url:
            kind = "native / builtins"
            natives[name] = natives.get(name, 0) + us / 1000
        else:
            kind = "other JS (" + url.rsplit("/", 1)[-1][:30] + ")"
        out[kind] = out.get(kind, 0) + us / 1000
    top = sorted(natives.items(), key=lambda kv: -kv[1])[:12]
    return {"kinds": out, "top_native": top}


def first_paints(stamps: list[float], events: list[list], frames: list) -> list[float]:
    """Per tap (the click event's ``timeStamp`` in ``stamps``): the time from the finger to
    the next paint, as Interaction to Next Paint counts it: the longest Event Timing entry
    of the tap's interaction (pointerdown, pointerup, click share one ``interactionId``);
    a tap without one took under 16 ms (Chromium reports none shorter) and counts its
    next-frame measure (``frames``), at most 16."""
    longest: dict[int, float] = {}
    click_ids: list[tuple[float, int, float]] = []
    for name, start, duration, iid in events:
        if iid:
            longest[iid] = max(longest.get(iid, 0.0), duration)
        if name == "click":
            click_ids.append((start, iid, duration))
    out = []
    for stamp, frame in zip(stamps, frames):
        hit = next(((iid, d) for start, iid, d in click_ids if abs(start - stamp) < 1.0), None)
        if hit is not None:
            out.append(longest.get(hit[0], hit[1]) if hit[0] else hit[1])
        else:
            out.append(min(16.0, frame) if frame is not None else 16.0)
    return out


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def run_game(browser, site_url: str, game: str, taps: int, profile: bool, seed: int,
             cpu_slowdown: float = 1.0) -> dict:
    context = browser.new_context(service_workers="block", viewport=PHONE)
    context.add_init_script(INIT)
    context.route("**/static/js/interpreter.mjs*", patched_interpreter)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    t0 = time.perf_counter()
    page.goto(site_url + GAMES[game], wait_until="domcontentloaded", timeout=300_000)
    page.wait_for_function("window.__pyAllDone === true", timeout=180_000, polling=100)
    boot = time.perf_counter() - t0
    page.wait_for_function("() => !!window.__benchPy", timeout=10_000)
    page.evaluate("(code) => window.__benchPy.runPython(code)", PY_TIMERS)
    settled(page)
    move = drivers(game)
    rng = random.Random(seed)
    page.evaluate("() => { const b = window.__bench; b.clicks = []; b.settles = [];"
                  " b.inserts = 0; b.stamps = []; b.frames = []; b.events = []; b.selects = [];"
                  " window.__benchPyReset(); }")
    cdp = None
    if cpu_slowdown != 1:   # a slower phone: every task of the page's main thread N times slower
        throttle = context.new_cdp_session(page)
        throttle.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    if profile:
        cdp = context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
    else:
        browser.start_tracing(page=page, categories=["devtools.timeline", "toplevel",
                                                     "disabled-by-default-devtools.timeline"])
    wall0 = time.perf_counter()
    moves = 0
    while True:
        state = settled(page)
        clicks = page.evaluate("window.__bench.clicks.length")
        if clicks >= taps or state != "human":
            break
        move(page, rng)
        moves += 1
    settled(page)
    page.wait_for_timeout(300)   # the last tap's Event Timing entries and next frame
    wall = time.perf_counter() - wall0
    result: dict = {"game": game, "boot_s": boot, "moves": moves, "wall_s": wall}
    if profile:
        prof = cdp.send("Profiler.stop")["profile"]
        result["profile"] = classify_profile(prof)
    else:
        raw = browser.stop_tracing()
        result["trace"] = trace_windows(json.loads(raw))
    bench = page.evaluate("window.__bench")
    result["py"] = json.loads(page.evaluate("window.__benchPyTimes()"))
    clicks, settles = bench["clicks"], bench["settles"]
    per_tap = []
    j = 0
    for c in clicks:
        while j < len(settles) and settles[j] < c:
            j += 1
        if j < len(settles):
            per_tap.append(settles[j] - c)
    paints = first_paints(bench["stamps"], bench["events"], bench["frames"])
    result.update(taps=len(clicks), per_tap=per_tap, inserts=bench["inserts"], errors=errors,
                  first_paint=paints, cpu_slowdown=cpu_slowdown, selects=bench["selects"])
    context.close()
    return result


def report(r: dict) -> None:
    n = max(1, r["taps"])
    pt = r["per_tap"]
    print(f"\n== {r['game']}: {r['taps']} taps ({r['moves']} moves) in {r['wall_s']:.1f} s wall"
          f" (boot {r['boot_s']:.1f} s); {r['inserts'] / n:.2f} table renders per tap")
    if pt:
        print(f"   page ms per tap (click -> table settled): median {statistics.median(pt):.0f},"
              f" mean {statistics.mean(pt):.0f}, max {max(pt):.0f}, sum {sum(pt) / 1000:.1f} s")
    fp = r.get("first_paint") or []
    if pt and fp:
        print(f"   {r['game']} at {r['cpu_slowdown']:g}x CPU: page ms per tap median"
              f" {statistics.median(pt):.0f} p95 {percentile(pt, 0.95):.0f} max {max(pt):.0f};"
              f" first paint after the tap median {statistics.median(fp):.0f}"
              f" p95 {percentile(fp, 0.95):.0f} max {max(fp):.0f}"
              f" ({sum(1 for x in fp if x <= 16)} of {len(fp)} under 16 ms)")
        sel = r.get("selects") or []
        if any(sel) and len(sel) == len(fp):
            shown = [x for x, s in zip(fp, sel) if s]
            other = [x for x, s in zip(fp, sel) if not s]
            line = (f"   first paint of the {len(shown)} taps that only selected (shown at once,"
                    f" static/js/taps.js): median {statistics.median(shown):.0f}"
                    f" max {max(shown):.0f}")
            if other:
                line += (f"; of the {len(other)} others: median {statistics.median(other):.0f}"
                         f" p95 {percentile(other, 0.95):.0f}")
            print(line)
    py = r.get("py") or {}
    if py:
        print("   Python per tap (ms, inclusive; calls per tap):")
        fit = py.pop("hand laid out from cache / measured", None)
        for key, (calls, secs) in sorted(py.items(), key=lambda kv: -kv[1][1]):
            print(f"     {key:<24} {secs * 1000 / n:7.1f} ms  ({calls / n:.1f} calls)")
        if fit is not None:
            print(f"     hand rows laid out from the cached size {fit[0]}, measured {fit[1]}")
    tr = r.get("trace")
    if tr:
        print(f"   trace per tap: busy {tr['busy'] / n:.1f} ms; layouts {tr['layouts'] / n:.1f}"
              f" (forced {tr['forced'] / n:.1f}) {tr['layout_ms'] / n:.1f} ms;"
              f" style recalcs {tr['styles'] / n:.1f} {tr['style_ms'] / n:.1f} ms;"
              f" paint/composite {tr['paint_ms'] / n:.1f} ms; GC {tr['gc_ms'] / n:.1f} ms;"
              f" timers {tr['timers'] / n:.1f} (windows {tr['windows']})")
    prof = r.get("profile")
    if prof:
        total = sum(prof["kinds"].values())
        print("   CPU profile self time per tap (ms):")
        for kind, ms in sorted(prof["kinds"].items(), key=lambda kv: -kv[1]):
            print(f"     {kind:<28} {ms / n:7.1f}  ({100 * ms / total:.0f} %)")
        print("   top native functions (ms per tap): " + ", ".join(
            f"{name or '?'} {ms / n:.1f}" for name, ms in prof["top_native"]))
    if r["errors"]:
        print("   page errors: " + "; ".join(r["errors"][:3]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60, help="taps per game (default 60)")
    parser.add_argument("--cpu-slowdown", type=float, default=1.0, metavar="N",
                        help="slow the page's CPU N times during the taps (Chromium's"
                             " Emulation.setCPUThrottlingRate; 4: a mid-range phone)")
    parser.add_argument("--games", default="dunka,elvakort,durak,tonk")
    parser.add_argument("--profile", action="store_true",
                        help="a V8 CPU profile instead of the trace")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--compare", metavar="DIR",
                        help="also another checkout (static/vendor and static/build filled),"
                             " each game alternately on this one and that one")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    servers = [("this", *serve.serve_in_thread("/"))]
    if args.compare:
        servers.append((args.compare, *serve.serve_in_thread("/", root=Path(args.compare))))
    print(f"bench/render.py: load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores,"
          f" {args.taps} taps per game, 360x640, speed=instant,"
          f" CPU slowed {args.cpu_slowdown:g}x")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_kwargs())
            try:
                for game in args.games.split(","):
                    for label, _server, url in servers:
                        r = run_game(browser, url, game, args.taps, args.profile, args.seed,
                                     args.cpu_slowdown)
                        if len(servers) > 1:
                            r["game"] += f" [{label}; load {os.getloadavg()[0]:.1f}]"
                        report(r)
            finally:
                browser.close()
    finally:
        for _label, server, _url in servers:
            server.shutdown()
            server.server_close()
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
