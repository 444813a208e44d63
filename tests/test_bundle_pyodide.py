"""The bytecode bundle inside the pinned Pyodide (under Node.js), with the page's trimmed
standard library: modules import from the zip's bytecode, every module of game/ imports
(but those that need a browser), and a traceback names our source file and line
(scripts/build_bundle.py, scripts/build_stdlib.py). Takes two Pyodide starts (~5-30 s
each)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "static" / "build" / "game.zip"
STDLIB = ROOT / "static" / "build" / "python_stdlib.zip"

# Imports every module of game/ with the trimmed standard library: a module of game/web/
# may fail only for want of the browser's own modules (pyscript), never for a module of
# the standard library the trimmed zip lacks (the page would fetch the full one).
SCRIPT = r"""
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ stdLibURL: process.argv[2] });
pyodide.FS.writeFile("/home/pyodide/game.zip", readFileSync(process.argv[1]));
const out = pyodide.runPython(`
import importlib, json, os, pkgutil, sys, traceback
sys.path.insert(0, os.path.abspath("game.zip"))
import game, game.cards
try:
    game.cards.parse_card("X")
except Exception:
    text = traceback.format_exc()
imported, failed = [], {}
for info in pkgutil.walk_packages(game.__path__, "game."):
    try:
        importlib.import_module(info.name)
        imported.append(info.name)
    except ImportError as exc:
        failed[info.name] = [exc.name, repr(exc)]
json.dumps({"file": game.cards.__file__, "trace": text, "imported": imported,
            "failed": failed, "trimmed": importlib.util.find_spec("_kortbordet_full_stdlib")
            is not None})
`);
process.stdout.write(out);
"""


def test_every_module_imports_with_the_trimmed_stdlib_and_tracebacks_name_source_lines():
    import json

    node = shutil.which("node")
    if not node:
        pytest.fail("node (Node.js 20+) is needed: see scripts/setup.sh")
    assert BUNDLE.is_file(), "static/build/game.zip missing: run scripts/setup.sh"
    assert STDLIB.is_file(), "static/build/python_stdlib.zip missing: run scripts/setup.sh"
    proc = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, str(BUNDLE), str(STDLIB)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got["trimmed"], "Pyodide did not start with static/build/python_stdlib.zip"
    browser_only = {name for name, (missing, _) in got["failed"].items() if missing == "pyscript"}
    assert got["failed"].keys() == browser_only, (
        f"failed to import with the trimmed standard library: "
        f"{ {k: v for k, v in got['failed'].items() if k not in browser_only} }")
    assert all(name.startswith("game.web.") for name in browser_only)
    assert len(got["imported"]) > 100 and "game.web.stdlib_fallback" in got["imported"]
    where, trace = got["file"], got["trace"]
    assert where == "/home/pyodide/game.zip/game/cards.pyc", where
    source = (ROOT / "game" / "cards.py").read_text(encoding="utf-8").splitlines()
    line = 1 + next(i for i, text in enumerate(source)
                    if "expected rank and suit" in text and "raise" in text)
    assert f'File "game/cards.py", line {line}, in parse_card' in trace, trace
    assert "CardError" in trace


def test_nothing_in_the_game_reads_a_docstring_or_asserts_for_its_logic():
    """The bundle is compiled with optimize=2 (scripts/compile_pyc.mjs): docstrings and
    ``assert`` statements are left out of game.zip. That is only safe while no module of
    game/ reads a ``__doc__`` or uses ``assert``: a change that does would behave
    differently in the page than in the tests."""
    import ast
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert) or \
                    (isinstance(node, ast.Attribute) and node.attr == "__doc__") or \
                    (isinstance(node, ast.Name) and node.id == "__doc__"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"these need optimize=0 in the bundle: {found}"
