"""Run the engine suite (tests/engine/) inside real Pyodide under Node.js.

One CPython pytest run thus reports both: the engine tests in CPython (collected
directly) and the same tests in WebAssembly (these tests, via tests/pyodide/run.mjs).
The suite is cut into SHARDS slices (``run.mjs --shard=K/N``: every N-th test), each its
own test, so pytest-xdist runs them on different cores and no single one is a long pole;
together they run every engine test once. Two, one per core of a two-core machine: each
shard pays Pyodide's start-up and the whole suite's collection (12-20 s CPU), so four
shards spent a quarter of this layer's time starting.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARDS = 2


@pytest.mark.parametrize("shard", range(1, SHARDS + 1))
def test_engine_suite_passes_inside_pyodide(shard):
    node = shutil.which("node")
    assert node, "node (Node.js 20+) is needed to run Pyodide: see scripts/setup.sh"
    proc = subprocess.run(
        [node, "tests/pyodide/run.mjs", f"--shard={shard}/{SHARDS}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=2400,  # two long shards: at load 60 each ran past 15 minutes
    )
    output = proc.stdout + proc.stderr
    print(output)  # shown by pytest with -s or on failure
    assert proc.returncode == 0, (
        f"engine suite (shard {shard}/{SHARDS}) inside Pyodide exited with {proc.returncode}"
        " (pytest: 1 = tests failed, 5 = no tests collected)\n" + output
    )
    assert "in WebAssembly" in output
    assert f"run.mjs: shard {shard}/{SHARDS}: " in output
