"""How long a person waits for the computer players in rummy: ``python bench/pace.py``.

Boots the page in Chromium at 360x640 with four-player Dunka (or ``--game elvakort``) at
speed "normal" (``--speed``), plays the person's moves through the DOM with the tests'
driver (tests/e2e/dunka_driver.py) and prints, read in the page (performance.now()):

- round: from the person's discard (the click) to the table drawn for their next draw
  (the stock playable): the three computers' turns and every claim window between
  (issue 32: at most 4 s at "normal"). Rounds in which the person was asked about a
  discard (a "Dunka!" prompt waits for them) or a round ended are left out;
- draw: from the person's draw from the stock (the click) to the table drawn on which
  they may discard (issue 32: at most 0.3 s): the others' claim windows on the pile's
  card come in between (DUN-7, ELV-6).

The delays are the page's (game/web/model.py ``SPEEDS`` and ``bot_delay``); the rest is
the computer players' search and the page's redraws, so the figures depend on the
machine's load (printed with them). Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import chromium  # noqa: E402  (scripts/chromium.py)
import serve  # noqa: E402  (scripts/serve.py)

INIT = r"""
window.__pace = {clicks: [], draws: []};
window.addEventListener("click", () => { window.__pace.clicks.push(performance.now()); }, true);
function __paceWatch() {
  const screen = document.getElementById("screen");
  if (!screen) { document.addEventListener("DOMContentLoaded", __paceWatch); return; }
  new MutationObserver(() => {
    const t = document.getElementById("table");
    if (!t) return;
    window.__pace.draws.push({t: performance.now(), waiting: t.dataset.waiting,
      stock: !!t.querySelector(".stock-pile [data-action]"),
      ask: !!t.querySelector("[data-ui=pass][data-action]"),
      result: !!t.querySelector("#round-result, #result")});
  }).observe(screen, {childList: true});
}
document.addEventListener("DOMContentLoaded", __paceWatch);
"""


def run(browser, url: str, moves: int, seed: int) -> tuple[list[float], list[float]]:
    """Play ``moves`` of the person's moves; returns (round ms list, draw ms list)."""
    from dunka_driver import human_move
    from table_driver import look
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.add_init_script(INIT)
    page.goto(url)
    look(page, timeout_ms=240_000)
    rng = random.Random(seed)
    rounds, draws = [], []
    for _ in range(moves):
        seen = look(page, ("#round-result [data-action=next]", "[data-ui=dunk][data-action]",
                           "[data-ui=pass][data-action]", ".stock-pile [data-action]",
                           ".discard-pile [data-action]",
                           ".actions [data-ui=laydown]:not([aria-disabled=true])",
                           ".hand .card.playable"), timeout_ms=60_000,
                    until="!!document.querySelector('#table[data-over=true]')")
        if seen.done:
            break
        before = page.evaluate("window.__pace.clicks.length")
        if seen.all(".stock-pile [data-action]"):
            # always the stock: the pile's card would start no claim window
            from table_driver import tap_at
            tap_at(page, seen.all(".stock-pile [data-action]")[0])
            did = "draw"
        else:
            did = human_move(page, rng, seen=seen)
        if did not in ("draw", "discard"):
            continue
        clicked = page.evaluate("window.__pace.clicks")[before:]
        if not clicked:
            continue
        start = clicked[-1]
        # wait for the table that waits for the person again
        look(page, timeout_ms=60_000, after=None)
        page.wait_for_function(
            "(s) => window.__pace.draws.some((d) => d.t > s && d.waiting !== 'bot')", arg=start,
            timeout=60_000)
        later = [d for d in page.evaluate("window.__pace.draws") if d["t"] > start]
        end = next(d for d in later if d["waiting"] != "bot")
        if did == "draw":
            draws.append(end["t"] - start)
        elif not end["ask"] and not end["result"] and end["stock"] \
                and not any(d["result"] for d in later if d["t"] <= end["t"]):
            rounds.append(end["t"] - start)
    page.close()
    return rounds, draws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dunka", choices=("dunka", "elvakort"))
    parser.add_argument("--speed", default="normal")
    parser.add_argument("--moves", type=int, default=40, help="the person's moves")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    server, base = serve.serve_in_thread("/")
    url = f"{base}?game={args.game}&players=4&seed={args.seed}&speed={args.speed}&lang=en"
    print(f"bench/pace.py: {args.game}, 4 players, speed {args.speed}, load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_kwargs())
            try:
                rounds, draws = run(browser, url, args.moves, args.seed)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    for label, xs in (("round (3 computers' turns)", rounds), ("draw to discard", draws)):
        if xs:
            print(f"{label}: n={len(xs)} median {statistics.median(xs):.0f} ms, "
                  f"max {max(xs):.0f} ms, min {min(xs):.0f} ms; each: "
                  + " ".join(f"{x:.0f}" for x in xs))
        else:
            print(f"{label}: none measured")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
