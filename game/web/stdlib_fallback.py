"""A standard library module missing from the page's trimmed standard library never
breaks the page (issue 33).

The page boots with static/build/python_stdlib.zip: only the standard library modules the
game was seen to import (scripts/build_stdlib.py, scripts/stdlib_modules.txt). A path no
recording took may import another one. ``install()`` (called by index.html's loader before
the game starts) puts a finder at the end of ``sys.meta_path``: it sees an import only
after every other finder failed, and when the module is one of Pyodide's full standard
library (the names the trimmed zip carries in ``_kortbordet_full_stdlib``), it

- warns on the console, naming the module (and the list to add it to),
- fetches the full static/vendor/pyodide/python_stdlib.zip, once per page and
  synchronously (an import cannot wait for a promise),
- writes it to FULL_ZIP, appends that to ``sys.path`` and finds the module there (the
  ordinary path finder does the rest).

Offline the full zip is not there (the service worker keeps only the trimmed one): the
import then fails as it would have, and no further fetch is tried in that page.
"""

from __future__ import annotations

import sys
from importlib.machinery import PathFinder

import js

FULL_URL = "static/vendor/pyodide/python_stdlib.zip"
"""Relative to the page, index.html at the site's root (also under a sub-path)."""
FULL_ZIP = "/lib/python_stdlib_full.zip"


def fetch_bytes(url: str) -> bytes:
    """GET ``url`` synchronously and return its body. A page's synchronous request
    cannot ask for an ArrayBuffer, so the body comes as text in the x-user-defined
    charset: byte b is the character U+00bb (b < 0x80) or U+F7bb (b >= 0x80), whose low
    byte is b. "utf-16" is built into the interpreter (no codec module to import, unlike
    "utf-16-le"): after its two-byte BOM, the low byte of each character comes first
    (WebAssembly is little-endian)."""
    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    wide = request.responseText.encode("utf-16")
    if wide[:2] != b"\xff\xfe":
        raise OSError("utf-16 is not little-endian here")
    return wide[2::2]


class FullStdlibFinder:
    """The last finder of ``sys.meta_path``: a module of the full standard library
    (``names``) that no other finder found is loaded from the full zip, fetched the
    first time it is needed."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names
        self.state = "not fetched"  # then "fetching", "fetched" or "failed"

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names or self.state in ("fetching", "failed"):
            return None
        if self.state == "not fetched":
            self.fetch(fullname)
            if self.state != "fetched":
                return None
        parent = fullname.rpartition(".")[0]  # a package of the trimmed zip: look in the full one
        where = FULL_ZIP + ("/" + parent.replace(".", "/") if parent else "")
        return PathFinder.find_spec(fullname, [where], target)

    def fetch(self, fullname: str) -> None:
        js.console.warn(
            f"Kortbordet: the standard library module {fullname} is not in the page's"
            f" trimmed standard library (static/build/python_stdlib.zip): fetching the full"
            f" {FULL_URL} (add {fullname} to scripts/stdlib_modules.txt)")
        self.state = "fetching"
        try:
            data = fetch_bytes(FULL_URL)
            with open(FULL_ZIP, "wb") as fh:
                fh.write(data)
        except Exception as exc:  # offline, or the server failed: the import fails
            self.state = "failed"
            js.console.warn(f"Kortbordet: the full standard library could not be fetched: {exc}")
            return
        sys.path.append(FULL_ZIP)
        self.state = "fetched"


def install() -> None:
    """Append the finder to ``sys.meta_path`` (once: a second call changes nothing).
    Nothing is installed when the page runs with the full standard library (no
    ``_kortbordet_full_stdlib``: every module is there already)."""
    if any(type(finder).__name__ == FullStdlibFinder.__name__ for finder in sys.meta_path):
        return
    try:
        from _kortbordet_full_stdlib import NAMES
    except ImportError:
        return
    sys.meta_path.append(FullStdlibFinder(NAMES))
