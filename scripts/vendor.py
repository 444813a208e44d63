#!/usr/bin/env python3
"""Copy the pinned browser runtime from node_modules/ into static/vendor/ (git-ignored).

static/vendor/pyodide/   the files pyodide.mjs loads at boot (checked in the browser:
                         see tests/e2e/test_boot.py, which fails on any missing file)
static/vendor/pyscript/  @pyscript/core's dist/ without source maps: core.js, core.css
                         and every chunk core.js may import
static/vendor/fake-indexeddb/  fake-indexeddb's ES modules (build/esm, auto/index.mjs):
                         an in-memory IndexedDB that static/js/start.mjs installs only where
                         the browser denies IndexedDB (PyScript cannot boot without one)

Idempotent: only changed files are copied, files no longer wanted are removed.
Standard library only (runs before any virtual environment exists).
"""

from __future__ import annotations

import filecmp
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def wanted() -> dict[Path, Path]:
    """Map destination path -> source path."""
    files: dict[Path, Path] = {}
    pyodide = ROOT / "node_modules" / "pyodide"
    for name in PYODIDE_FILES:
        files[VENDOR / "pyodide" / name] = pyodide / name
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    if not dist.is_dir():
        sys.exit(f"vendor: {dist} is missing: run `npm ci` first")
    for src in sorted(dist.rglob("*")):
        if src.is_file() and not src.name.endswith(".map"):
            files[VENDOR / "pyscript" / src.relative_to(dist)] = src
    fidb = ROOT / "node_modules" / "fake-indexeddb"
    for src in sorted((fidb / "build" / "esm").rglob("*.js")):
        files[VENDOR / "fake-indexeddb" / src.relative_to(fidb)] = src
    for name in ("auto/index.mjs", "LICENSE"):
        files[VENDOR / "fake-indexeddb" / name] = fidb / name
    missing = [str(s) for s in files.values() if not s.is_file()]
    if missing:
        sys.exit("vendor: missing in node_modules (run `npm ci`): " + ", ".join(missing))
    return files


def main() -> int:
    files = wanted()
    copied = 0
    for dst, src in files.items():
        # A copy keeps its source's modification time (copy2), so a later run knows it
        # by its size and time alone (filecmp's shallow compare) without reading ~20 MB;
        # anything else is compared byte for byte, and an equal file gets the time.
        if dst.is_file() and filecmp.cmp(src, dst, shallow=True):
            if dst.stat().st_mtime_ns != src.stat().st_mtime_ns:
                shutil.copystat(src, dst)
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        copied += 1
    removed = 0
    for path in sorted(VENDOR.rglob("*"), reverse=True):
        if path.is_file() and path not in files:
            path.unlink()
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    print(f"vendor: static/vendor has {len(files)} files ({copied} copied, {removed} removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
