#!/usr/bin/env python3
"""Generate ./sw.js (git-ignored) from static/sw.template.js.

The precache list is every file the page needs, as URLs relative to the site root:
"./", index.html, pyscript.toml, manifest.webmanifest and everything under static/
(static/vendor/ and static/build/game.zip included, the template itself and NOT_PRECACHED
excluded). The
game's sources are not precached: the page never fetches them, it loads the bytecode
bundle (scripts/build_bundle.py, which must run first). Each file is listed under the URL
the page asks for (scripts/stamp.py): our own scripts, style sheets, pyscript.toml and
build outputs with their content hash (``./static/build/game.zip?v=<hash>``), so the list
holds exactly the current release's URLs. The cache name is "kortbordet-" + a hash of the
paths and contents of all those files, so every release gets a new cache and the worker
deletes the old one on activate.

Standard library only. Usage: python3 scripts/build_sw.py [--print]
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import stamp  # noqa: E402  (scripts/stamp.py)

TEMPLATE = ROOT / "static" / "sw.template.js"
OUTPUT = ROOT / "sw.js"
TOP_LEVEL = ("index.html", "pyscript.toml", "manifest.webmanifest")
SKIP_DIRS = {"__pycache__"}
SKIP_SUFFIXES = {".pyc", ".map"}
NOT_PRECACHED = (
    "static/vendor/pyodide/python_stdlib.zip",
    "static/icons/icon-512.png",
    "static/icons/icon-maskable-512.png",
    "static/vendor/fake-indexeddb/",
)
"""Files (or folders, ending in "/") an offline return never needs, so a first visit does
not download them for the worker (issue 33; bench/first_visit.py lists what the worker
fetches once the page is playable):
- Pyodide's full standard library (2.5 MB): the page boots with the trimmed one,
  static/build/python_stdlib.zip (scripts/build_stdlib.py), and fetches the full one only
  when it imports a module the trimmed one lacks (game/web/stdlib_fallback.py: online only);
- the large icons of the web manifest (190 kB): the browser fetches them itself when the
  site is installed as an app, online; the page shows only icon-192.png;
- fake-indexeddb: static/js/start.mjs loads it only in a frame the browser denies
  storage, where there is no service worker either."""
UNUSED_PYSCRIPT = ("codemirror", "xterm", "mpy-", "zip-", "pyodide_graph-", "storage.js",
                   "service-worker.js", "index-CSo4Vcso.js", "py-Dl-y4L1b.js",
                   "toml-Blg7Izee.js")
"""Chunks of static/vendor/pyscript/ no page of ours loads, never precached: an editor's,
a terminal's or MicroPython's (codemirror and its index-*, xterm and the Pyodide terminal
py-*, mpy-*), archives in [files] (zip-*), packages (pyodide_graph-*), PyScript's storage
and service worker helpers, and the TOML parser only the editor and game plugins import
(toml-Blg7Izee; the core's own is toml-V4Savzlc). Three are named with the content hash of
the pinned @pyscript/core: tests/test_pyscript_files.py checks each entry still names a
file, so a new version makes someone look again. PyScript's core loads its editor,
terminal and game plugins' own small chunks at every boot: those are kept
(tests/e2e/test_boot.py checks both)."""


def _wanted(path: Path, root: Path) -> bool:
    rel = path.relative_to(root)
    return (
        path.is_file()
        and not SKIP_DIRS.intersection(rel.parts)
        and path.suffix not in SKIP_SUFFIXES
        and not path.name.startswith(".")
        and rel.as_posix() != TEMPLATE.relative_to(ROOT).as_posix()
        and path.name != "build.json"  # static/build/build.json: the build's own record
        and not rel.as_posix().startswith(NOT_PRECACHED)
        and not (rel.parts[:3] == ("static", "vendor", "pyscript")
                 and path.name.startswith(UNUSED_PYSCRIPT))
    )


def precache_files(root: Path = ROOT) -> list[Path]:
    """Every file of the site under ``root`` that the worker precaches, sorted."""
    files = [root / name for name in TOP_LEVEL if (root / name).is_file()]
    files += [p for p in (root / "static").rglob("*") if _wanted(p, root)]
    return sorted(set(files), key=lambda p: p.relative_to(root).as_posix())


def build(root: Path = ROOT) -> tuple[str, list[str]]:
    """(cache name, precache URLs) for the site under ``root``: "./" first, then each
    file under the URL the page asks for (scripts/stamp.py url())."""
    files = precache_files(root)
    digest = hashlib.sha256()
    for path in files:
        rel = path.relative_to(root).as_posix()
        data = path.read_bytes()
        digest.update(f"{rel}\0{len(data)}\0".encode())
        digest.update(data)
    cache_name = "kortbordet-" + digest.hexdigest()[:16]
    urls = ["./"] + [stamp.url(p.relative_to(root).as_posix(), root) for p in files]
    return cache_name, urls


def write() -> tuple[str, list[str]]:
    """Write ./sw.js (only when its text changes); returns (cache name, precache URLs).
    Raises ValueError when the template lacks a placeholder."""
    cache_name, urls = build()
    template = TEMPLATE.read_text(encoding="utf-8")
    for marker in ("__CACHE_NAME__", "__PRECACHE__"):
        if template.count(marker) != 1:
            raise ValueError(f"{TEMPLATE.name} must contain {marker} exactly once")
    text = template.replace("__CACHE_NAME__", json.dumps(cache_name)).replace(
        "__PRECACHE__", json.dumps(urls, indent=2)
    )
    text = text.replace(
        "// Kortbordet service worker TEMPLATE.",
        "// GENERATED from static/sw.template.js by scripts/build_sw.py: do not edit.\n//",
        1,
    )
    if not OUTPUT.is_file() or OUTPUT.read_text(encoding="utf-8") != text:
        tmp = OUTPUT.with_name(f".sw.js.{os.getpid()}.{threading.get_ident()}")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, OUTPUT)  # a server thread never serves half a worker
    return cache_name, urls


def main(argv: list[str]) -> int:
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        sys.exit("build_sw: static/vendor/ is empty: run scripts/vendor.py first")
    if not (ROOT / "static" / "build" / "game.zip").is_file():
        sys.exit("build_sw: static/build/game.zip is missing: run scripts/build_bundle.py first")
    try:
        cache_name, urls = write()
    except ValueError as exc:
        sys.exit(f"build_sw: {exc}")
    print(f"build_sw: sw.js cache {cache_name}, {len(urls)} URLs")
    if "--print" in argv:
        print("\n".join(urls))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
