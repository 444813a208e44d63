#!/usr/bin/env python3
"""Generate ./sw.js (git-ignored) from static/sw.template.js.

The precache list is every file the page needs, as URLs relative to the site root:
"./", index.html, pyscript.toml, manifest.webmanifest and everything under static/
(static/vendor/ and static/build/game.zip included, the template itself excluded). The
game's sources are not precached: the page never fetches them, it loads the bytecode
bundle (scripts/build_bundle.py, which must run first). The cache name is
"kortbordet-" + a hash of the paths and contents of all those files, so every release
gets a new cache and the worker deletes the old one on activate.

Standard library only. Usage: python3 scripts/build_sw.py [--print]
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "static" / "sw.template.js"
OUTPUT = ROOT / "sw.js"
TOP_LEVEL = ("index.html", "pyscript.toml", "manifest.webmanifest")
SKIP_DIRS = {"__pycache__"}
SKIP_SUFFIXES = {".pyc", ".map"}


def _wanted(path: Path) -> bool:
    rel = path.relative_to(ROOT)
    return (
        path.is_file()
        and not SKIP_DIRS.intersection(rel.parts)
        and path.suffix not in SKIP_SUFFIXES
        and not path.name.startswith(".")
        and path != TEMPLATE
        and path.name != "build.json"  # static/build/build.json: the build's own record
    )


def precache_files() -> list[Path]:
    files = [ROOT / name for name in TOP_LEVEL if (ROOT / name).is_file()]
    files += [p for p in (ROOT / "static").rglob("*") if _wanted(p)]
    return sorted(set(files), key=lambda p: p.relative_to(ROOT).as_posix())


def build() -> tuple[str, list[str]]:
    files = precache_files()
    digest = hashlib.sha256()
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        data = path.read_bytes()
        digest.update(f"{rel}\0{len(data)}\0".encode())
        digest.update(data)
    cache_name = "kortbordet-" + digest.hexdigest()[:16]
    urls = ["./"] + ["./" + p.relative_to(ROOT).as_posix() for p in files]
    return cache_name, urls


def main(argv: list[str]) -> int:
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        sys.exit("build_sw: static/vendor/ is empty: run scripts/vendor.py first")
    if not (ROOT / "static" / "build" / "game.zip").is_file():
        sys.exit("build_sw: static/build/game.zip is missing: run scripts/build_bundle.py first")
    cache_name, urls = build()
    template = TEMPLATE.read_text(encoding="utf-8")
    for marker in ("__CACHE_NAME__", "__PRECACHE__"):
        if template.count(marker) != 1:
            sys.exit(f"build_sw: {TEMPLATE.name} must contain {marker} exactly once")
    text = template.replace("__CACHE_NAME__", json.dumps(cache_name)).replace(
        "__PRECACHE__", json.dumps(urls, indent=2)
    )
    text = text.replace(
        "// Kortbordet service worker TEMPLATE.",
        "// GENERATED from static/sw.template.js by scripts/build_sw.py: do not edit.\n//",
        1,
    )
    if not OUTPUT.is_file() or OUTPUT.read_text(encoding="utf-8") != text:
        OUTPUT.write_text(text, encoding="utf-8")
    print(f"build_sw: sw.js cache {cache_name}, {len(urls)} URLs")
    if "--print" in argv:
        print("\n".join(urls))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
