#!/usr/bin/env python3
"""Record which modules of Pyodide's standard library the game imports:
scripts/stdlib_modules.txt, the list scripts/build_stdlib.py cuts the page's trimmed
standard library (static/build/python_stdlib.zip) from (issue 33).

As pyodide-pack does it: run the real thing and read ``sys.modules`` afterwards. Two runs,
their union kept (only names of modules in the full python_stdlib.zip: built-in and
frozen modules, the game's own, PyScript's and Pyodide's JavaScript ones are left out):

- Pyodide under Node.js: every module of game/ imported from static/build/game.zip
  (pkgutil.walk_packages); the modules of game/web/ that need a browser (``pyscript``)
  fail there and are covered by the second run;
- the page in Chromium (Playwright, the site served by scripts/serve.py), a tour of
  what a visitor can do: the lobby, the scoresheets (a sheet made, exported as CSV,
  imported again, printed), each game's rules page, each game played to its end at every
  computer level (hard included) with the hints shown, a lesson file, and the teaching
  page static/examples/teach.html with its four embedded positions (hint and answer).
  After the tour each page (each frame of the teaching page too) is asked for its
  ``sys.modules`` (tests/e2e/browser_harness.py ``expose_python``), and for the imports
  written anywhere in PyScript's own Python package (which PyScript writes into the
  page's file system; the tour imports only part of it).

The build adds to the list what the list does not need to say (scripts/build_stdlib.py):
every standard module game/ names in an import anywhere, parent packages, and what each
kept module imports at its top level. Re-run this script after a change of the pinned
Pyodide or PyScript, or of what the page does with the standard library; a module the
list misses still works in the page (game/web/stdlib_fallback.py fetches the full
standard library once, with a console warning naming it).

Needs the developer set-up (scripts/setup.sh: .venv with Playwright, a Chromium from
scripts/chromium.py, static/build/game.zip). Takes a few minutes.

Usage: .venv/bin/python scripts/stdlib_modules.py [--print]
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "tests" / "e2e")]
OUTPUT = ROOT / "scripts" / "stdlib_modules.txt"
FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
GAME_ZIP = ROOT / "static" / "build" / "game.zip"
GAMES = ("durak", "dunka", "elvakort", "tonk")
LEVELS = ("easy", "normal", "hard")
HEADER = """\
# The standard library modules the page imports (issue 33), one a line, sorted: written by
# scripts/stdlib_modules.py from the page's sys.modules after a tour of the site in
# Chromium and from Pyodide under Node importing every module of game/. Do not edit by
# hand; scripts/build_stdlib.py cuts static/build/python_stdlib.zip from it.
"""

NODE_SCRIPT = r"""
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/home/pyodide/game.zip", readFileSync(process.argv[1]));
const out = pyodide.runPython(`
import importlib, json, os, pkgutil, sys
sys.path.insert(0, "/home/pyodide/game.zip")
import game
failed = {}
for info in pkgutil.walk_packages(game.__path__, "game."):
    try:
        importlib.import_module(info.name)
    except Exception as exc:  # game.web modules that need pyscript
        failed[info.name] = repr(exc)
json.dumps({"modules": sorted(sys.modules), "failed": failed})
`);
process.stdout.write(out);
"""

# Run in each page: its sys.modules, and every module named in an import anywhere in
# PyScript's Python package (in the page's file system, beside the game's files).
PAGE_PYTHON = """
import ast, os, sys
def _pyscript_imports():
    names = set()
    pkg = sys.modules.get("pyscript")
    for folder in getattr(pkg, "__path__", []):
        for base, _, files in os.walk(folder):
            for name in files:
                if not name.endswith(".py"):
                    continue
                with open(os.path.join(base, name), encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                for node in ast.walk(tree):
                    if isinstance(node, ast.Import):
                        names.update(a.name for a in node.names)
                    elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                        names.add(node.module)
    return sorted(names)
[sorted(sys.modules), _pyscript_imports()]
"""


def stdlib_names(zip_path: Path = FULL_STDLIB) -> set[str]:
    """The dotted names of every module and package in a standard library zip."""
    names = set()
    with zipfile.ZipFile(zip_path) as zf:
        for entry in zf.namelist():
            if entry.endswith((".py", ".pyc")):
                parts = entry.rsplit(".", 1)[0].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                names.add(".".join(parts))
    return names


def node_modules() -> set[str]:
    """sys.modules of Pyodide under Node after importing every module of game/."""
    node = shutil.which("node")
    if not node:
        sys.exit("stdlib_modules: node not found")
    proc = subprocess.run([node, "--input-type=module", "-e", NODE_SCRIPT, str(GAME_ZIP)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"stdlib_modules: node failed:\n{proc.stderr[-3000:]}")
    got = json.loads(proc.stdout)
    web = sorted(n for n in got["failed"] if not n.startswith("game.web."))
    if web:
        sys.exit(f"stdlib_modules: modules outside game/web/ failed to import in Node: {web}")
    print(f"stdlib_modules: Node: {len(got['modules'])} modules"
          f" ({len(got['failed'])} of game/web/ need a browser)", flush=True)
    return set(got["modules"])


class Tour:
    """The browser half: one Chromium, the site served, pages with their Python exposed."""

    def __init__(self, browser, url: str) -> None:
        from browser_harness import ALL_DONE_INIT_SCRIPT, expose_python
        self.url = url
        self.context = browser.new_context(service_workers="block", accept_downloads=True)
        self.context.add_init_script(ALL_DONE_INIT_SCRIPT)
        expose_python(self.context)
        self.modules: set[str] = set()
        self.errors: list[str] = []

    def new_page(self):
        page = self.context.new_page()
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return page

    def record(self, frame, what: str) -> None:
        from browser_harness import run_python
        modules, pyscript_imports = run_python(frame, PAGE_PYTHON)
        new = set(modules) | set(pyscript_imports)
        print(f"stdlib_modules: {what}: {len(modules)} modules,"
              f" {len(new - self.modules)} new", flush=True)
        self.modules |= new

    def open(self, query: str):
        from browser_harness import open_game
        page = self.new_page()
        open_game(page, self.url + query)
        return page

    def lobby_rules_and_sheets(self) -> None:
        from durak_driver import tap
        page = self.open("?lang=en")
        for game in GAMES:  # each game's rules page, from the lobby, in both languages
            page.locator(f"input[name=game][value={game}]").check()
            tap(page.locator("[data-ui=rules-open]"))
            page.locator(f"#rules[data-game={game}]").wait_for()
            tap(page.locator("#lang-switch"))
            tap(page.locator("#lang-switch"))
            tap(page.locator("#rules [data-ui=rules-back]").first)
        # a scoresheet: made, filled, exported, imported again, printed
        page.locator("[data-ui=sheets]").click()
        page.select_option("#sheet-game", "dunka")
        page.select_option("#sheet-count", "2")
        for i, name in enumerate(("Anna", "Bo")):
            page.fill(f"#sheet-name-{i}", name)
        page.locator("[data-ui=sheet-create]").click()
        page.wait_for_selector("#sheet-editor")
        page.locator("[data-cell='0,0']").fill("5")
        page.locator("[data-cell='0,1']").fill("0")
        with page.expect_download() as download:
            page.locator("#sheet-editor [data-ui=sheet-csv]").click()
        csv_bytes = Path(download.value.path()).read_bytes()
        page.evaluate("window.print = () => {}; 0")
        page.locator("[data-ui=sheet-print]").click()
        page.locator("[data-ui=sheet-close]").click()
        page.set_input_files("#sheet-import", files=[
            {"name": "ok.csv", "mimeType": "text/csv", "buffer": csv_bytes}])
        page.wait_for_function(
            "JSON.parse(localStorage.getItem('kortbordet.v1.sheets')).sheets.length === 2")
        page.set_input_files("#sheet-import", files=[
            {"name": "bad.csv", "mimeType": "text/csv", "buffer": b"game,dunka\n1,x\n"}])
        page.locator("#notice-text").wait_for()
        self.record(page, "lobby, rules, scoresheets")
        page.close()

    def games(self) -> None:
        import dunka_driver
        import durak_driver
        import tonk_driver
        from durak_driver import tap
        for game in GAMES:
            for level in LEVELS:
                started = time.monotonic()
                page = self.open(f"?game={game}&players=2&seed=1&speed=instant&lang=en"
                                 f"&level={level}")
                if level == "normal":  # the hint, shown once the human is to move
                    page.locator("#pref-hints").check()
                    durak_driver.wait_settled(page, timeout_ms=120_000)
                    hint = page.locator("[data-ui=teach-hint]")
                    if hint.count():
                        tap(hint)
                if game == "durak":
                    durak_driver.play_to_end(page, seed=1)
                elif game == "tonk":
                    tonk_driver.play_until(page, random.Random(1), "!!document.querySelector("
                                           "'#table[data-over], #hand-result')")
                else:
                    dunka_driver.play_until(page, random.Random(1),
                                            "!!document.querySelector('#round-result')"
                                            " || (" + dunka_driver.OVER + ")")
                # the lobby after the game: its history of finished games
                page.locator("[data-ui=lobby]").first.click(position={"x": 8, "y": 16})
                page.locator("[data-screen=lobby]").wait_for()
                self.record(page, f"{game} at {level}"
                                  f" ({time.monotonic() - started:.0f} s)")
                page.close()

    def teaching(self) -> None:
        page = self.open("?lang=en&positionfile=tests/e2e/data/lessons.json&item=2")
        self.record(page, "a lesson file")
        page.close()
        page = self.new_page()
        page.goto(self.url + "static/examples/teach.html", wait_until="domcontentloaded")
        for game in GAMES:
            page.wait_for_function(
                "(g) => (window.kortbordetEvents || []).some("
                "e => e.frame === g && e.data.type === 'ready')", arg=game, timeout=300_000)
        for game in GAMES:
            frame = page.locator(f"#frame-{game}").element_handle().content_frame()
            frame.locator("[data-ui=teach-hint]").click(position={"x": 8, "y": 16})
            frame.wait_for_function(
                "document.getElementById('reason').textContent.length > 0")
            self.record(frame, f"teaching page, {game} frame")
        page.close()


def browser_modules() -> set[str]:
    import chromium
    import serve
    from playwright.sync_api import sync_playwright
    server, url = serve.serve_in_thread("/")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_kwargs())
            try:
                tour = Tour(browser, url)
                tour.lobby_rules_and_sheets()
                tour.teaching()
                tour.games()
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if tour.errors:
        sys.exit("stdlib_modules: the page logged errors:\n  " + "\n  ".join(tour.errors))
    return tour.modules


def main(argv: list[str]) -> int:
    if not GAME_ZIP.is_file():
        sys.exit("stdlib_modules: static/build/game.zip is missing: run scripts/setup.sh")
    full = stdlib_names()
    found = node_modules() | browser_modules()
    kept = sorted(name for name in found if name in full)
    OUTPUT.write_text(HEADER + "".join(f"{name}\n" for name in kept), encoding="utf-8")
    print(f"stdlib_modules: {len(kept)} modules of the standard library written to"
          f" {OUTPUT.relative_to(ROOT)}")
    if "--print" in argv:
        print("\n".join(kept))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
