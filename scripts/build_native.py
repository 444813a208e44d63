"""Build the Durak endgame solver's native search, and load it in CPython (issue 17).

game/bots/native/durak_endgame.c is compiled to ``durak_endgame.wasm`` beside it by zig's
C compiler (PyPI's ``ziglang``, pinned in requirements-dev.txt, so any machine with the
.venv can build it: no system compiler), for ``wasm32-freestanding`` without a C
library. The .wasm is committed: serving the game needs no compiler, and
tests/test_durak_endgame_native.py rebuilds it and checks that it is the same bytes.
scripts/build_bundle.py puts it into static/build/game.zip, where the browser reads it
(game/web/native_solver.py); CPython (tests, benches) loads it with ``load`` here,
through PyPI's ``wasmtime``.

    python3 scripts/build_native.py           build game/bots/native/durak_endgame.wasm
    python3 scripts/build_native.py --check   exit 1 if it differs from a fresh build
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "game" / "bots" / "native" / "durak_endgame.c"
WASM = ROOT / "game" / "bots" / "native" / "durak_endgame.wasm"
FLAGS = ["--target=wasm32-freestanding", "-O2", "-s", "-mbulk-memory", "-nostdlib",
         "-std=c11", "-Wall", "-Werror", "-Wl,--no-entry",
         "-Wl,-z,stack-size=4194304"]
"""-s: no debug names (a build is then the same bytes wherever it is made); the stack:
600 nested positions (MAX_PLIES) need well under 1 MiB."""


def build(out: Path = WASM) -> Path:
    """Compile ``SOURCE`` to ``out`` with ``python -m ziglang cc``. Raises
    ``RuntimeError`` (with the compiler's message) when it fails or ziglang is missing."""
    # the compiler writes under its cache; a fixed relative source path keeps the
    # output the same whatever the checkout's folder
    cmd = [sys.executable, "-m", "ziglang", "cc", *FLAGS, "-o", str(out),
           os.path.relpath(SOURCE, ROOT)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"build_native: {' '.join(cmd)} failed:\n{done.stderr}")
    return out


class WasmtimeSearch:
    """The native search of ``path`` in CPython, for ``durak_endgame.use_native``:
    ``reset``, ``value`` and ``work`` call the module's exports (see the C file)."""

    def __init__(self, path: Path = WASM) -> None:
        import wasmtime  # requirements-dev.txt
        self._store = wasmtime.Store()
        module = wasmtime.Module.from_file(self._store.engine, str(path))
        exports = wasmtime.Instance(self._store, module, []).exports(self._store)
        self._reset, self._value, self._work = exports["reset"], exports["value"], exports["work"]

    def reset(self, trump: int, transfer: int) -> int:
        return self._reset(self._store, trump, transfer)

    def value(self, ph, a, d, ame, att, table, unb, ranks, taking, limit, talon, alpha,
              beta, nodes, budget) -> int:
        return self._value(self._store, ph, float(a), float(d), ame, float(att),
                           float(table), float(unb), float(ranks), taking, limit,
                           float(talon), alpha, beta, float(nodes), float(budget))

    def work(self) -> float:
        return self._work(self._store)


def load(path: Path = WASM) -> WasmtimeSearch:
    """A ``WasmtimeSearch`` of ``path`` (default the committed build)."""
    return WasmtimeSearch(path)


def main() -> int:
    if "--check" in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = build(Path(tmp) / "durak_endgame.wasm")
            if fresh.read_bytes() != WASM.read_bytes():
                print(f"build_native: {WASM.relative_to(ROOT)} is not the build of "
                      f"{SOURCE.relative_to(ROOT)}: run python3 scripts/build_native.py")
                return 1
        print("build_native: up to date")
        return 0
    build()
    print(f"build_native: {WASM.relative_to(ROOT)} ({WASM.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
