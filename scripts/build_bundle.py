#!/usr/bin/env python3
"""Build static/build/game.zip: every module of game/ precompiled for the pinned Pyodide.

The browser used to fetch each game/**/*.py separately and compile it on every load
(Pyodide keeps no bytecode between loads). The bundle is one zip the page puts on
sys.path (zipimport, built into Python: nothing to unpack):

    game/<module>.pyc   bytecode compiled by the pinned Pyodide's own Python under Node
                        (scripts/compile_pyc.mjs): unchecked-hash pycs, optimize=2 (no
                        docstrings: a quarter fewer bytes, issue 33),
                        co_filename "game/<module>.py", so tracebacks name our files and lines
                        (the sources themselves stay out: they would add a third to the bytes
                        for the text of a traceback's lines)
    game/<path>.wasm    data files (DATA_SUFFIXES) as they are: the Durak endgame solver's
                        native search (scripts/build_native.py), read with pkgutil.get_data
    bundle.json         {"format": 1, "pyodide", "python", "magic", "sources": {path: sha256}}
                        (the data files among the sources)
    zip comment         "kortbordet-bundle <sha256 of bundle.json>": the bundle's id

Entries are sorted and dated 1980-01-01, so the same sources give the same bytes.

No memory snapshot is built here: each browser makes its own after its first visit
(static/js/snapshot-worker.mjs imports every module outside game/web/ listed in
bundle.json), so none is downloaded (issue 33), with the page's trimmed standard library
static/build/python_stdlib.zip (scripts/build_stdlib.py, brought up to date first by
``ensure``).

The build is skipped when bundle.json already matches the sources, the
pinned Pyodide and this builder (then it takes milliseconds); scripts/setup.sh runs it on
every set-up and scripts/serve.py before serving either file, so a stale bundle is never
served.

Standard library only. Usage:
    python3 scripts/build_bundle.py           build if stale
    python3 scripts/build_bundle.py --check   exit 1 (saying why) if stale, build nothing
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_stdlib  # noqa: E402  (scripts/build_stdlib.py)

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "static" / "build" / "game.zip"
MANIFEST = "bundle.json"
COMMENT_PREFIX = "kortbordet-bundle "
COMPILER = ROOT / "scripts" / "compile_pyc.mjs"
FORMAT = 1
_DATE = (1980, 1, 1, 0, 0, 0)
_LOCK = threading.Lock()


DATA_SUFFIXES = (".wasm",)


def sources() -> list[str]:
    """Every module and data file (``DATA_SUFFIXES``) of the game package, as sorted
    POSIX paths relative to the root."""
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "game").rglob("*")
        if p.suffix in (".py", *DATA_SUFFIXES) and "__pycache__" not in p.parts
    )


def modules(rels: list[str]) -> list[str]:
    """The Python modules among ``rels`` (the rest are data files)."""
    return [rel for rel in rels if rel.endswith(".py")]


def pyodide_version() -> str:
    """The version of node_modules/pyodide (the pinned runtime); ValueError if absent."""
    package = ROOT / "node_modules" / "pyodide" / "package.json"
    if not package.is_file():
        raise ValueError(f"{package} is missing: run `npm ci` (scripts/setup.sh) first")
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def _builder_hash() -> str:
    digest = hashlib.sha256()
    for path in (Path(__file__).resolve(), COMPILER):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def expected() -> dict:
    """What bundle.json must say for the current sources, runtime and builder."""
    return {
        "format": FORMAT,
        "pyodide": pyodide_version(),
        "builder": _builder_hash(),
        "sources": {
            rel: hashlib.sha256((ROOT / rel).read_bytes()).hexdigest() for rel in sources()
        },
    }


def read_manifest(bundle: Path = BUNDLE) -> dict | None:
    """bundle.json of an existing bundle, or None when there is no readable bundle."""
    try:
        with zipfile.ZipFile(bundle) as zf:
            return json.loads(zf.read(MANIFEST))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None


def stale_reason(bundle: Path = BUNDLE) -> str:
    """Why the bundle does not match the sources ("" when it does)."""
    manifest = read_manifest(bundle)
    if manifest is None:
        return f"{bundle} is missing or unreadable"
    want = expected()
    for key in ("format", "pyodide", "builder"):
        if manifest.get(key) != want[key]:
            return f"built for {key} {manifest.get(key)!r}, now {want[key]!r}"
    have = manifest.get("sources", {})
    changed = sorted(set(have) ^ set(want["sources"])) + sorted(
        rel for rel in set(have) & set(want["sources"]) if have[rel] != want["sources"][rel]
    )
    if changed:
        return "sources changed since the build: " + ", ".join(changed[:5]) + (
            f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    return ""


def _node(*args: str) -> dict:
    """Run a node script of scripts/ and return the JSON of its last stdout line."""
    node = shutil.which("node")
    if not node:
        raise RuntimeError("node not found: the bundle is compiled by Pyodide under Node.js")
    proc = subprocess.run([node, *args], cwd=ROOT, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{Path(args[0]).name} failed:\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def bundle_id(bundle: Path = BUNDLE) -> str:
    """The id a bundle carries in its zip comment ("kortbordet-bundle <id>", the last
    bytes of the file, so the page reads it without unzipping); "" when there is none."""
    return build_stdlib.comment_value(bundle, COMMENT_PREFIX)


def build(bundle: Path = BUNDLE) -> dict:
    """Compile every module with the pinned Pyodide under Node and write the bundle
    atomically (a temporary file renamed over it). Returns the manifest written. Raises RuntimeError when node or
    the compiler fails."""
    want = expected()
    rels = modules(list(want["sources"]))
    data = [rel for rel in want["sources"] if not rel.endswith(".py")]
    with tempfile.TemporaryDirectory(prefix="kortbordet-pyc-") as out:
        info = _node(str(COMPILER), str(ROOT), out, *rels)
        if info["pyodide"] != want["pyodide"]:
            raise RuntimeError(f"node loaded Pyodide {info['pyodide']}, pinned {want['pyodide']}")
        manifest = {**want, "python": info["python"], "magic": info["magic"]}
        bundle.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".game-", suffix=".zip", dir=bundle.parent)
        os.close(fd)
        try:
            with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
                entries = [(rel[:-3] + ".pyc", Path(out) / (rel[:-3] + ".pyc")) for rel in rels]
                entries += [(rel, ROOT / rel) for rel in data]
                for name, path in sorted(entries):
                    zf.writestr(zipfile.ZipInfo(name, _DATE), path.read_bytes(),
                                zipfile.ZIP_DEFLATED, 9)
                zf.writestr(zipfile.ZipInfo(MANIFEST, _DATE),
                            json.dumps(manifest, indent=1, sort_keys=True), zipfile.ZIP_DEFLATED, 9)
                ident = hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()
                zf.comment = (COMMENT_PREFIX + ident).encode("ascii")
            os.chmod(tmp, 0o644)
            os.replace(tmp, bundle)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return manifest


def ensure(bundle: Path = BUNDLE, quiet: bool = False) -> bool:
    """Build the trimmed standard library and the bundle where stale; True when either
    was (re)built. Thread-safe."""
    with _LOCK:
        stdlib = build_stdlib.ensure(quiet=quiet)
        reason = stale_reason(bundle)
        if not reason:
            return stdlib
        if not quiet:
            print(f"build_bundle: {reason}: compiling with Pyodide under Node", flush=True)
        manifest = build(bundle)
        if not quiet:
            print(f"build_bundle: {bundle.relative_to(ROOT)} ({bundle.stat().st_size} bytes,"
                  f" {len(modules(list(manifest['sources'])))} modules, Python {manifest['python']})", flush=True)
        return True


def main(argv: list[str]) -> int:
    try:
        if "--check" in argv:
            reason = build_stdlib.stale_reason() or stale_reason()
            if reason:
                print(f"build_bundle: stale: {reason}", file=sys.stderr)
                return 1
            print("build_bundle: up to date")
            return 0
        if not ensure():
            print(f"build_bundle: {BUNDLE.relative_to(ROOT)} up to date")
        return 0
    except (RuntimeError, ValueError) as exc:
        print(f"build_bundle: ERROR: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
