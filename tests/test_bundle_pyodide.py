"""The bytecode bundle inside the pinned Pyodide (under Node.js): modules import from the
zip's bytecode, and a traceback names our source file and line (scripts/build_bundle.py).
Takes one Pyodide start (~5-30 s)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "static" / "build" / "game.zip"

SCRIPT = r"""
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/home/pyodide/game.zip", readFileSync(process.argv[1]));
const out = pyodide.runPython(`
import os, sys, traceback
sys.path.insert(0, os.path.abspath("game.zip"))
import game.cards
try:
    game.cards.parse_card("X")
except Exception:
    text = traceback.format_exc()
game.cards.__file__ + "\\n" + text
`);
process.stdout.write(out);
"""


def test_bundle_imports_bytecode_and_tracebacks_name_source_lines():
    node = shutil.which("node")
    if not node:
        pytest.fail("node (Node.js 20+) is needed: see scripts/setup.sh")
    assert BUNDLE.is_file(), "static/build/game.zip missing: run scripts/setup.sh"
    proc = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, str(BUNDLE)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    where, _, trace = proc.stdout.partition("\n")
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
