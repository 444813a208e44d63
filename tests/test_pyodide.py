"""Run the engine suite (tests/engine/) inside real Pyodide under Node.js.

One CPython pytest run thus reports both: the engine tests in CPython (collected
directly) and the same tests in WebAssembly (this test, via tests/pyodide/run.mjs).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_suite_passes_inside_pyodide():
    node = shutil.which("node")
    assert node, "node (Node.js 20+) is needed to run Pyodide: see scripts/setup.sh"
    proc = subprocess.run(
        [node, "tests/pyodide/run.mjs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = proc.stdout + proc.stderr
    print(output)  # shown by pytest with -s or on failure
    assert proc.returncode == 0, (
        f"engine suite inside Pyodide exited with {proc.returncode}"
        " (pytest: 1 = tests failed, 5 = no tests collected)\n" + output
    )
    assert "in WebAssembly" in output
