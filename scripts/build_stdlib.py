#!/usr/bin/env python3
"""Build static/build/python_stdlib.zip: the part of Pyodide's standard library the game
uses (issue 33).

Pyodide's full static/vendor/pyodide/python_stdlib.zip (2.5 MB, sources) was the largest
download of a first visit after the runtime's WebAssembly; the page imports about a
third of it. static/js/interpreter.mjs gives Pyodide this trimmed zip instead
(``loadPyodide({stdLibURL})``, written to /lib/python3XX.zip like the full one), and the
memory snapshot the browser makes is made with it too (static/js/snapshot-worker.mjs:
zipimport keeps the zip's table of contents in the snapshot, so a snapshot is only
restored over the very same zip). Which
modules, the union of:

- the recorded list, scripts/stdlib_modules.txt (scripts/stdlib_modules.py: the page's
  ``sys.modules`` after a tour of the site in Chromium, and Pyodide's under Node after
  importing every module of game/);
- every standard module game/ names in an import statement anywhere (``import_lines``:
  a new import in the game is in the next build without a new recording);
- EXTRA_MODULES (a few codecs any text file may ask for);
- then, until nothing is added: each module's parent packages and every standard module
  its source imports at its top level (class bodies, ``if`` and ``try`` blocks included,
  function bodies not: those imports run on a call, which the recording sees), except in
  branches that never run in Pyodide (``if __name__ == "__main__"``, ``if TYPE_CHECKING``,
  Windows and macOS branches, the pure-Python fallback of a built-in module in
  ``except ImportError``).
  That closure is computed inside the pinned Pyodide under Node (``select``, this very
  file imported there), since only its Python (3.14) parses its standard library.

The modules are stored as the sources Pyodide ships, not as bytecode: compiled by the
pinned Pyodide to .pyc the same 148 modules made a larger zip (2026-12: 809,655 bytes as
.py, 1,310,762 as .pyc with optimize=2 as game.zip, 1,539,050 with optimize=0), and the
bytecode would save time only on a first visit (Python's start under Node took 2.0 s with
the .py zip, 0.6 s with .pyc), at 0.5 MB more for every first visit to download; a return
visit's memory snapshot has already imported all but three of the page's standard library
modules (html, html.entities, pkgutil).
Entries are sorted and dated 1980-01-01, so the same inputs give the same bytes; the zip
comment "kortbordet-stdlib <key>" is a hash of the inputs, which ``stale_reason`` compares.

The zip also holds FULL_NAMES_MODULE: the name of every module of the full standard
library. A module the trimmed zip lacks (a path the recording never took) does not break
the page: game/web/stdlib_fallback.py, installed by the page's loader, fetches the full
zip once when such a module is imported, with a console warning naming it.

Standard library only. Usage:
    python3 scripts/build_stdlib.py           build if stale
    python3 scripts/build_stdlib.py --check   exit 1 (saying why) if stale, build nothing
    python3 scripts/build_stdlib.py --why     build if stale, then print each module kept
                                              and what brought it in
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FULL = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
OUTPUT = ROOT / "static" / "build" / "python_stdlib.zip"
LIST = ROOT / "scripts" / "stdlib_modules.txt"
GAME = ROOT / "game"
COMMENT_PREFIX = "kortbordet-stdlib "
FULL_NAMES_MODULE = "_kortbordet_full_stdlib"
FORMAT = 1
EXTRA_MODULES = ("encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig")
"""Kept though nothing recorded them: the codecs a text file opened with an explicit
encoding may ask for (str.encode/bytes.decode of "utf-8", "ascii" and "latin-1" are
built into the interpreter and import none). About 3 KB."""
_DATE = (1980, 1, 1, 0, 0, 0)

# Pyodide: what a platform test of the standard library's sources sees (``_dead``).
PLATFORM = {"platform": "emscripten", "name": "posix"}


# --- the module names -----------------------------------------------------------------

def zip_modules(names: list[str]) -> dict[str, tuple[str, bool]]:
    """{dotted module name: (zip entry, is a package)} of the .py entries ``names``."""
    out = {}
    for entry in names:
        if entry.endswith(".py"):
            parts = entry[:-3].split("/")
            package = parts[-1] == "__init__"
            if package:
                parts.pop()
            out[".".join(parts)] = (entry, package)
    return out


def listed(path: Path | None = None) -> list[str]:
    """The recorded module names (scripts/stdlib_modules.txt), without its comments."""
    lines = (path or LIST).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(?P<module>\w[\w.]*)[ \t]+import[ \t]+(?P<names>\([^)]*\)|[^\n#;]+)"
    r"|import[ \t]+(?P<plain>[\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*))",
    re.M)


def import_lines(text: str) -> set[str]:
    """Every absolute module name an import statement of ``text`` names, wherever it
    stands (``from a.b import c`` gives a.b and a.b.c, c may be a submodule). A line scan,
    not a parse: quick enough for every staleness check, readable by any Python 3.11+,
    and a docstring's "import x" line only adds a name (kept if it is a module)."""
    found = set()
    for match in _IMPORT.finditer(text):
        if match["plain"]:
            found.update(part.split()[0] for part in match["plain"].split(","))
        else:
            module = match["module"]
            found.add(module)
            names = match["names"].strip("() \t\n")
            found.update(f"{module}.{name.split()[0]}"
                         for name in names.replace("\n", " ").split(",") if name.split())
    return found


def game_imports() -> set[str]:
    """The module names imported anywhere in game/ (``import_lines`` of each module)."""
    found = set()
    for path in sorted(GAME.rglob("*.py")):
        found |= import_lines(path.read_text(encoding="utf-8"))
    return found


# --- the closure (run inside Pyodide: its ast parses its own standard library) ----------

def _names_of(node: ast.stmt, base: str) -> set[str]:
    """The modules an import statement may load: each package on the way, and for
    ``from m import x`` also m.x (a submodule, when there is one). ``base``: the package a
    relative import starts from."""
    names = set()
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    else:
        if node.level:
            parts = base.split(".") if base else []
            parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
            module = ".".join(parts + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        targets = [module] + [f"{module}.{alias.name}" for alias in node.names
                              if alias.name != "*"]
    for target in targets:
        parts = target.split(".")
        names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1) if parts[0])
    return names


def _platform_value(node: ast.expr) -> str | None:
    """"emscripten" or "posix" for ``sys.platform`` or ``os.name`` (also ``_sys``,
    ``_os``), else None."""
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id.lstrip("_") in ("sys", "os")
            and node.attr == {"sys": "platform", "os": "name"}[node.value.id.lstrip("_")]):
        return PLATFORM[node.attr]
    return None


def _dead(test: ast.expr) -> str | None:
    """Which branch of ``if test:`` never runs in Pyodide: "body", "orelse" or None
    (unknown: both are kept). Knows ``__name__ == "__main__"``, ``TYPE_CHECKING`` and
    comparisons of sys.platform / os.name with constants (==, !=, in, not in,
    .startswith)."""
    if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" or \
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
        return "body"
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, op, right = test.left, test.ops[0], test.comparators[0]
        if isinstance(left, ast.Name) and left.id == "__name__" \
                and isinstance(right, ast.Constant) and right.value == "__main__":
            return "body" if isinstance(op, ast.Eq) else None
        value = _platform_value(left)
        if value is None:
            return None
        try:
            constant = ast.literal_eval(right)
        except ValueError:
            return None
        if isinstance(op, (ast.Eq, ast.NotEq)):
            holds = value == constant
        elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(constant, (tuple, list, set)):
            holds = value in constant
        else:
            return None
        if isinstance(op, (ast.NotEq, ast.NotIn)):
            holds = not holds
        return "orelse" if holds else "body"
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) \
            and test.func.attr == "startswith" and len(test.args) == 1:
        value = _platform_value(test.func.value)
        try:
            prefix = ast.literal_eval(test.args[0])
        except ValueError:
            return None
        if value is not None and isinstance(prefix, (str, tuple)):
            return "orelse" if value.startswith(prefix) else "body"
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return {"body": "orelse", "orelse": "body"}.get(_dead(test.operand))
    return None


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(k, ast.Name) and k.id in ("ImportError", "ModuleNotFoundError")
               for k in kinds)


def top_level_imports(tree: ast.Module, base: str, builtin: set[str]) -> set[str]:
    """The modules a module's top level may import (see the module docstring)."""
    found: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_names_of(node, base))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            elif isinstance(node, ast.If):
                dead = _dead(node.test)
                if dead != "body":
                    visit(node.body)
                if dead != "orelse":
                    visit(node.orelse)
            elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
                visit(node.body)
                tried = [n for n in node.body if isinstance(n, (ast.Import, ast.ImportFrom))]
                fallback_only = tried and all(
                    name.split(".")[0] in builtin
                    for n in tried for name in _names_of(n, base) if "." not in name)
                for handler in node.handlers:
                    if not (fallback_only and _catches_import_error(handler)):
                        visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.ClassDef):
                visit(node.body)
            else:
                for field in ("body", "orelse", "finalbody"):  # with, for, while, match
                    visit([n for n in getattr(node, field, []) or [] if isinstance(n, ast.stmt)])
                for case in getattr(node, "cases", []) or []:
                    visit(case.body)

    visit(tree.body)
    return found


def select(stdlib_zip: str, roots: list[str]) -> dict[str, str]:
    """{module: why} for every module of ``stdlib_zip`` to keep: ``roots`` (those the zip
    holds: "listed"), their parent packages and, in turn, the top-level imports of each
    ("imported by <module>" / "package of <module>"). Run inside the pinned Pyodide (its
    ``ast`` and its built-in modules)."""
    with zipfile.ZipFile(stdlib_zip) as zf:
        modules = zip_modules(zf.namelist())
        builtin = set(sys.builtin_module_names)
        keep = {name: "listed" for name in sorted(set(roots)) if name in modules}
        todo = list(keep)
        while todo:  # breadth first: each module's first reason is the shortest
            name = todo.pop(0)
            parts = name.split(".")
            entry, package = modules[name]
            tree = ast.parse(zf.read(entry), entry)
            base = name if package else name.rpartition(".")[0]
            found = [(".".join(parts[:i]), f"package of {name}") for i in range(1, len(parts))]
            found += [(other, f"imported by {name}")
                      for other in sorted(top_level_imports(tree, base, builtin))]
            for other, why in found:
                if other in modules and other not in keep:
                    keep[other] = why
                    todo.append(other)
    return dict(sorted(keep.items()))


_NODE_SELECT = r"""
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const [scripts, fullZip, rootsFile] = process.argv.slice(1);
const pyodide = await loadPyodide({ stdLibURL: fullZip });
pyodide.FS.mkdirTree("/scripts");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: scripts }, "/scripts");
pyodide.globals.set("ROOTS", pyodide.toPy(JSON.parse(readFileSync(rootsFile, "utf8"))));
process.stdout.write(pyodide.runPython(`
import json, sys
sys.path.insert(0, "/scripts")
import build_stdlib
stdlib = "/lib/python%d%d.zip" % sys.version_info[:2]
json.dumps({"python": sys.version.split()[0], "modules": build_stdlib.select(stdlib, list(ROOTS))})
`));
"""


def _select_in_pyodide(roots: list[str]) -> dict:
    node = shutil.which("node")
    if not node:
        raise RuntimeError("node not found: the standard library is read by Pyodide under Node.js")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(sorted(roots), fh)
    try:
        proc = subprocess.run(
            [node, "--input-type=module", "-e", _NODE_SELECT, str(ROOT / "scripts"),
             str(FULL), fh.name], cwd=ROOT, capture_output=True, text=True, check=False)
    finally:
        os.unlink(fh.name)
    if proc.returncode != 0:
        raise RuntimeError(f"selecting the modules in Pyodide failed:\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout)


# --- the zip ----------------------------------------------------------------------------

def roots(full_names: set[str]) -> list[str]:
    """What the closure starts from: the list, game/'s imports and EXTRA_MODULES (those
    in the full standard library)."""
    return sorted((set(listed()) | game_imports() | set(EXTRA_MODULES)) & full_names)


def key(full_names: set[str]) -> str:
    """The hash of every input of the build: the full zip, the roots, this builder."""
    digest = hashlib.sha256()
    digest.update(f"format {FORMAT}\n".encode())
    digest.update(hashlib.sha256(FULL.read_bytes()).digest())
    digest.update(Path(__file__).read_bytes())
    digest.update("\n".join(roots(full_names)).encode())
    return digest.hexdigest()


def full_names() -> set[str]:
    if not FULL.is_file():
        raise ValueError(f"{FULL} is missing: run scripts/vendor.py (scripts/setup.sh) first")
    with zipfile.ZipFile(FULL) as zf:
        return set(zip_modules(zf.namelist()))


def comment_value(path: Path, prefix: str) -> str:
    """What follows ``prefix`` in the comment of the zip at ``path`` ("" when the file is
    missing or unreadable, or its comment does not start with ``prefix``). Our built zips
    name their inputs there (this one, and game.zip's bundle id: scripts/build_bundle.py)."""
    try:
        with zipfile.ZipFile(path) as zf:
            comment = zf.comment.decode("ascii")
    except (OSError, UnicodeDecodeError, zipfile.BadZipFile):
        return ""
    return comment.removeprefix(prefix) if comment.startswith(prefix) else ""


def zip_key(path: Path = OUTPUT) -> str:
    """The key in a built zip's comment ("" when there is none)."""
    return comment_value(path, COMMENT_PREFIX)


def stale_reason(path: Path = OUTPUT) -> str:
    """Why the trimmed zip does not match its inputs ("" when it does)."""
    have = zip_key(path)
    if not have:
        return f"{path.name} is missing or unreadable"
    if have != key(full_names()):
        return "its inputs changed (the full zip, the list, game/'s imports or this builder)"
    return ""


def _full_names_source(names: set[str]) -> bytes:
    body = "\n".join(sorted(names))
    return (f'"""Written by scripts/build_stdlib.py: every module of Pyodide\'s full standard'
            f' library\n(static/vendor/pyodide/python_stdlib.zip), which this trimmed zip was'
            f' cut from.\ngame/web/stdlib_fallback.py fetches the full one when the page'
            f' imports one of them\nthat is missing here."""\n\n'
            f'NAMES = frozenset("""\n{body}\n""".split())\n').encode("utf-8")


def build(path: Path = OUTPUT) -> dict:
    """Select the modules (Pyodide under Node) and write the trimmed zip. Returns
    {"modules": {name: why}, "python": version}. Raises RuntimeError when node fails."""
    selected = _select_in_pyodide(roots(full_names()))
    write_zip(path, list(selected["modules"]))
    return selected


def write_zip(path: Path, modules: list[str]) -> None:
    """Write the trimmed zip of ``modules`` (modules of the full zip) to ``path``
    atomically: their sources as the full zip holds them and FULL_NAMES_MODULE, entries
    sorted and dated 1980-01-01, the key of the inputs in the zip comment."""
    with zipfile.ZipFile(FULL) as full:
        found = zip_modules(full.namelist())
        entries = {found[name][0]: full.read(found[name][0]) for name in modules}
    entries[FULL_NAMES_MODULE + ".py"] = _full_names_source(set(found))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".stdlib-", suffix=".zip", dir=path.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for entry in sorted(entries):
                zf.writestr(zipfile.ZipInfo(entry, _DATE), entries[entry], zipfile.ZIP_DEFLATED, 9)
            zf.comment = (COMMENT_PREFIX + key(set(found))).encode("ascii")
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def ensure(quiet: bool = False) -> bool:
    """Build the trimmed zip if it is stale; True when it was (re)built."""
    reason = stale_reason()
    if not reason:
        return False
    if not quiet:
        print(f"build_stdlib: {reason}: selecting the modules with Pyodide under Node", flush=True)
    selected = build()
    if not quiet:
        print(f"build_stdlib: {OUTPUT.relative_to(ROOT)} ({OUTPUT.stat().st_size} bytes,"
              f" {len(selected['modules'])} modules of {len(full_names())};"
              f" {FULL.name} {FULL.stat().st_size} bytes)", flush=True)
    return True


def main(argv: list[str]) -> int:
    try:
        if "--check" in argv:
            reason = stale_reason()
            if reason:
                print(f"build_stdlib: stale: {reason}", file=sys.stderr)
                return 1
            print("build_stdlib: up to date")
            return 0
        if not ensure():
            print(f"build_stdlib: {OUTPUT.relative_to(ROOT)} up to date")
        if "--why" in argv:
            for name, why in _select_in_pyodide(roots(full_names()))["modules"].items():
                print(f"{name:40} {why}")
        return 0
    except (RuntimeError, ValueError) as exc:
        print(f"build_stdlib: ERROR: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
