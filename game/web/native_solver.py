"""The Durak endgame solver's native search in Pyodide (issue 17, scope 1).

game/bots/native/durak_endgame.wasm (the C port of ``Solver.value``, built by
scripts/build_native.py) comes inside the game's bundle; ``load`` compiles it with the
browser's WebAssembly and registers it with ``game.bots.durak_endgame.use_native``, so
every ``Solver`` of the page (the normal and hard Durak players, the hints) searches
there: the same values and units of work as the Python search, but an endgame's p99
within 150 ms in the browser instead of about 1.5 s. Until it is loaded, or where it
cannot be (a browser without WebAssembly's bulk memory), the Python search runs: slower,
never wrong. ``load_now`` does the same synchronously, for Pyodide under Node (benches,
tests), where compiling on the calling thread is allowed at any size.
"""

from __future__ import annotations

import pkgutil

import js
from pyodide.ffi import to_js

from game.bots import durak_endgame

PACKAGE, RESOURCE = "game.bots", "native/durak_endgame.wasm"


def _bytes():
    return to_js(pkgutil.get_data(PACKAGE, RESOURCE))


async def load() -> bool:
    """Compile and register the native search (the page, at boot). True when it is in
    use; False (the Python search stays, a console warning says why) when it failed."""
    try:
        result = await js.WebAssembly.instantiate(_bytes())
        durak_endgame.use_native(result.instance.exports)
        js.kortbordetSearch = "native"  # read by tests/e2e/test_boot_snapshot.py
        return True
    except Exception as err:  # a missing feature or resource: Python searches instead
        js.console.warn(f"Kortbordet: the Durak endgame search runs in Python ({err})")
        js.kortbordetSearch = "python"
        return False


def compile_now():
    """The exports of a new instance of the native search (``reset``, ``value``,
    ``work``: ``use_native``'s interface as they are; Python ints cross as JavaScript
    numbers, exact for the 52-bit card masks), compiled synchronously (Pyodide under
    Node; not registered). Raises the JavaScript error when WebAssembly refuses it."""
    module = js.WebAssembly.Module.new(_bytes())
    return js.WebAssembly.Instance.new(module).exports


def load_now():
    """``compile_now``, registered with ``use_native``; returns it."""
    search = compile_now()
    durak_endgame.use_native(search)
    return search
