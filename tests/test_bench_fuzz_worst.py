"""Smoke runs of bench/fuzz_worst.py (CPython) and bench/fuzz_pyodide.mjs (the same inside
the pinned Pyodide under Node) with the smallest budget: every kind of case still runs to
the summary line. ``node bench/fuzz_pyodide.mjs`` had stopped with an AttributeError
(``laydowns_cached.cache_clear``: the cache had moved to ``laydown_ways_cached``), which
nothing ran. No time is asserted: the figures are the machine's (issue 32)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TINY = ["--candidates", "1", "--keep", "1", "--sample", "1", "--huge", "1"]
"""One position per game, one fuzz input per target, one saved huge-hand state: each
handler (``handle_state`` and ``handle_further`` clear the search caches) runs once."""
CASES = ("position ", "lesson file of ", "JSON nested 60000 deep", "embedding message",
         "scoresheet CSV import", "saved Elvakort state", "further melds of",
         "save:elvakort (1 inputs", "session:tonk (1 inputs")


def check_output(out: str) -> float:
    """The slowest input's figure of a run's output, after checking every kind of case
    was timed."""
    for case in CASES:
        assert case in out, f"{case!r} missing:\n{out[-3000:]}"
    found = re.search(r"slowest single input: ([0-9.]+) ms", out)
    assert found, out[-3000:]
    return float(found.group(1))


def test_fuzz_worst_runs_in_cpython():
    proc = subprocess.run([sys.executable, "bench/fuzz_worst.py", *TINY], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    check_output(proc.stdout)


def test_fuzz_worst_runs_inside_pyodide():
    """About 10 s on an idle machine (Pyodide's start is most of it): among the long tests
    in tests/conftest.py."""
    node = shutil.which("node")
    if not node:
        pytest.fail("node (Node.js 20+) is needed to run Pyodide: see scripts/setup.sh")
    proc = subprocess.run([node, "bench/fuzz_pyodide.mjs", *TINY], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, check=False)
    assert "Traceback" not in proc.stderr + proc.stdout, (proc.stdout + proc.stderr)[-3000:]
    slowest = check_output(proc.stdout)
    # its exit code tells only whether an input took over 250 ms of CPU (a busy machine's)
    assert proc.returncode == (1 if slowest > 250 else 0), proc.stderr[-3000:]
