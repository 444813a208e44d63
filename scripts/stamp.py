#!/usr/bin/env python3
"""Name the site's own files by their content: ``./static/build/game.zip?v=<hash>``.

A browser (or GitHub Pages' ten-minute HTTP cache) could otherwise give a new page a game
bundle, script or style sheet of an earlier release. The page (index.html) and
PyScript's configuration (pyscript.toml) therefore name each of those files with a query
string that changes with its bytes: a new release's page asks for new URLs, which no cache
holds yet (issue 15). Static hosting ignores the query, so nothing needs renaming on disk.

Which files are versioned: every file outside static/vendor/ whose name ends in
VERSIONED_SUFFIXES (our scripts and style sheets, pyscript.toml and static/build/game.zip). The pinned runtime in static/vendor/ is fetched by Pyodide
and PyScript under fixed names (PyScript's own chunks carry content hashes already).

What is rewritten: in index.html and pyscript.toml (STAMPED), every quoted relative URL
``"./<path>"`` (an earlier ``?v=`` replaced) whose path is a versioned file. The versions
are the first 12 hex digits of the file's sha256 (pyscript.toml's: of its stamped text). The same URLs go into the service
worker's precache list (scripts/build_sw.py), so the worker answers exactly what the page
asks for.

Where it happens: scripts/serve.py (`make play`, the tests, the benches) serves the two
files stamped; the GitHub Pages workflow stamps its copy of the site
(``python3 scripts/stamp.py _site``). The files in the repository stay as written.

Standard library only. Usage: python3 scripts/stamp.py DIR   (stamps DIR's copies in place;
refuses the repository itself)
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMPED = ("index.html", "pyscript.toml")
VERSIONED_SUFFIXES = (".js", ".mjs", ".css", ".toml", ".zip", ".gz")
UNVERSIONED_DIRS = ("static/vendor/",)
VERSION_CHARS = 12
# A quoted relative URL, with or without an earlier version: "./static/js/boot.js?v=0a1b".
_REF = re.compile(r"""(?P<q>["'])\./(?P<path>[^"'?#\s]+)(?:\?v=[0-9a-f]*)?(?P=q)""")

_cache: dict[Path, tuple[int, int, str]] = {}


def is_versioned(rel: str) -> bool:
    """Whether the site file at POSIX path ``rel`` (relative to the site root) is named
    with its content hash. sw.js is not: browsers fetch a service worker by its own name."""
    return (rel.endswith(VERSIONED_SUFFIXES) and rel != "sw.js"
            and not rel.startswith(UNVERSIONED_DIRS))


def version(rel: str, root: Path = ROOT) -> str:
    """The version of ``root/rel``: 12 hex digits of its sha256 (cached while the file's
    mtime and size stay the same); for pyscript.toml, of its stamped text, which changes
    with the bundle it names. Raises OSError when the file cannot be read."""
    if rel in STAMPED:  # its stamped text names the others' versions: hash that text
        return hashlib.sha256(stamp_file(rel, root)).hexdigest()[:VERSION_CHARS]
    path = root / rel
    st = path.stat()
    hit = _cache.get(path)
    if hit and hit[:2] == (st.st_mtime_ns, st.st_size):
        return hit[2]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:VERSION_CHARS]
    _cache[path] = (st.st_mtime_ns, st.st_size, digest)
    return digest


def url(rel: str, root: Path = ROOT) -> str:
    """The URL the site uses for ``rel``: "./rel?v=<version>" for a versioned file,
    "./rel" otherwise."""
    return f"./{rel}?v={version(rel, root)}" if is_versioned(rel) else f"./{rel}"


def stamp_text(text: str, root: Path = ROOT) -> str:
    """``text`` with every quoted "./<path>" of an existing versioned file under ``root``
    replaced by its versioned URL (idempotent; other text unchanged)."""
    def replace(match: re.Match) -> str:
        rel = match["path"]
        if not is_versioned(rel) or not (root / rel).is_file():
            return match[0]
        return f"{match['q']}{url(rel, root)}{match['q']}"
    return _REF.sub(replace, text)


def stamp_file(name: str, root: Path = ROOT) -> bytes:
    """The stamped bytes of the site file ``name`` (one of STAMPED) under ``root``."""
    return stamp_text((root / name).read_text(encoding="utf-8"), root).encode("utf-8")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    site = Path(argv[0]).resolve()
    if site == ROOT:
        print("stamp: refusing to rewrite the repository's own index.html and pyscript.toml"
              " (scripts/serve.py serves them stamped); give a copy of the site", file=sys.stderr)
        return 2
    for name in STAMPED:
        path = site / name
        data = stamp_file(name, site)
        if path.read_bytes() != data:
            path.write_bytes(data)
        print(f"stamp: {site.name}/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
