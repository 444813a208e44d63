"""Run the engine suite (tests/engine/) inside real Pyodide under Node.js.

One CPython pytest run thus reports both: the engine tests in CPython (collected
directly) and the same tests in WebAssembly (this test, via tests/pyodide/run.mjs).
Inside Pyodide the suite plays a reduced volume of random games and cases
(tests/engine/volume.py): every test module, game, table size, phase and action kind, but
not the hundreds of random games that re-test the rules CPython already plays. So the
whole suite is one run, on one xdist worker (tests/conftest.py starts it first, while the
other worker runs the browser tests): cut into shards (``run.mjs --shard=K/N``), each
shard paid Pyodide's start-up, bytecode compiling and the suite's collection again
(12-20 s CPU each) for less than a minute of tests.
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
        timeout=1800,  # ~1.5 min on an idle machine; shards at load 60 ran past 15 minutes
    )
    output = proc.stdout + proc.stderr
    print(output)  # shown by pytest with -s or on failure
    assert proc.returncode == 0, (
        f"engine suite inside Pyodide exited with {proc.returncode}"
        " (pytest: 1 = tests failed, 5 = no tests collected)\n" + output
    )
    assert "in WebAssembly" in output
    assert "run.mjs: pytest exit code 0" in output
