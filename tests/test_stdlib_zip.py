"""The page's trimmed standard library, static/build/python_stdlib.zip (scripts/build_stdlib.py,
issue 33): current with its inputs, made of the recorded list (scripts/stdlib_modules.txt)
and game/'s imports, the full zip's own sources, written the same way every time, and
cut by rules that keep what Pyodide runs. (That every module of game/ imports with it:
tests/test_bundle_pyodide.py; that the page boots with it and fetches the full one for a
module it lacks: tests/e2e/test_boot.py.)"""

from __future__ import annotations

import ast
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_bundle  # noqa: E402  (scripts/build_bundle.py)
import build_stdlib  # noqa: E402  (scripts/build_stdlib.py)


def _zip_entries(path: Path) -> dict[str, zipfile.ZipInfo]:
    with zipfile.ZipFile(path) as zf:
        return {info.filename: info for info in zf.infolist()}


def test_trimmed_stdlib_is_current_and_made_of_the_list_and_the_games_imports():
    reason = build_stdlib.stale_reason()
    assert not reason, f"static/build/python_stdlib.zip is stale ({reason}): run scripts/setup.sh"
    full = build_stdlib.full_names()
    with zipfile.ZipFile(build_stdlib.OUTPUT) as zf:
        kept = build_stdlib.zip_modules(zf.namelist())
        names_source = zf.read(build_stdlib.FULL_NAMES_MODULE + ".py")
        with zipfile.ZipFile(build_stdlib.FULL) as whole:
            for name, (entry, _) in kept.items():
                if name != build_stdlib.FULL_NAMES_MODULE:
                    assert zf.read(entry) == whole.read(entry), f"{entry} differs from the full zip's"
    listed = build_stdlib.listed()
    assert listed == sorted(set(listed)), "scripts/stdlib_modules.txt is not sorted"
    assert set(listed) <= full, f"not in the full standard library: {set(listed) - full}"
    wanted = set(listed) | (build_stdlib.game_imports() & full) | set(build_stdlib.EXTRA_MODULES)
    missing = wanted - set(kept)
    assert not missing, f"the trimmed zip lacks {sorted(missing)}"
    for name in kept:  # each package on the way is there too
        parts = name.split(".")
        assert all(".".join(parts[:i]) in kept for i in range(1, len(parts))), name
    # what a page needs to start at all, and far less than all of it
    for name in ("encodings", "encodings.aliases", "encodings.utf_8", "_pyodide._base",
                 "pyodide.ffi", "asyncio", "json", "dataclasses", "csv"):
        assert name in kept, name
    assert len(kept) < len(full) / 2
    assert build_stdlib.OUTPUT.stat().st_size < build_stdlib.FULL.stat().st_size / 2
    # the fallback's list of the full standard library (game/web/stdlib_fallback.py)
    namespace: dict = {}
    exec(compile(names_source, "names", "exec"), namespace)
    assert namespace["NAMES"] == frozenset(full) and "colorsys" in namespace["NAMES"]


def test_the_same_modules_give_the_same_bytes(tmp_path):
    """Sorted entries, fixed dates, the inputs' key in the comment: writing the zip again
    from its own modules gives the very same file (so a browser's snapshot made with it
    stays valid while the modules do)."""
    entries = _zip_entries(build_stdlib.OUTPUT)
    assert list(entries) == sorted(entries)
    assert {info.date_time for info in entries.values()} == {(1980, 1, 1, 0, 0, 0)}
    modules = [name for name in build_stdlib.zip_modules(list(entries))
               if name != build_stdlib.FULL_NAMES_MODULE]
    again = tmp_path / "python_stdlib.zip"
    build_stdlib.write_zip(again, modules)
    assert again.read_bytes() == build_stdlib.OUTPUT.read_bytes()


def test_a_changed_list_makes_it_stale(tmp_path, monkeypatch):
    changed = tmp_path / "stdlib_modules.txt"
    changed.write_text(build_stdlib.LIST.read_text(encoding="utf-8") + "colorsys\n", encoding="utf-8")
    monkeypatch.setattr(build_stdlib, "LIST", changed)
    assert "inputs changed" in build_stdlib.stale_reason()
    assert "missing" in build_stdlib.stale_reason(tmp_path / "absent.zip")


def test_import_lines_finds_every_form_of_import():
    text = '''
import json, re as regex
from email import utils, mime as m
from xml.etree import (
    ElementTree,
    ElementInclude as inc,
)
    import colorsys  # indented: in a function
from . import sibling
x = "not an import"
'''
    assert build_stdlib.import_lines(text) == {
        "json", "re", "email", "email.utils", "email.mime", "xml.etree",
        "xml.etree.ElementTree", "xml.etree.ElementInclude", "colorsys"}


def test_the_closure_skips_what_never_runs_in_pyodide_and_keeps_the_rest():
    source = '''
import a
from b.c import d
from . import sibling
from .. import uncle
try:
    from _builtin_one import x
except ImportError:
    from py_fallback import x
try:
    import not_builtin
except ImportError:
    import kept_fallback
if sys.platform == "win32":
    import winreg
elif sys.platform.startswith("darwin"):
    import mac_only
else:
    import other_platforms
if os.name != "nt":
    import posix_side
if TYPE_CHECKING:
    import only_for_types
class K:
    import in_class_body
def f():
    import in_function
if __name__ == "__main__":
    import doctest
with ctx():
    import in_with
'''
    found = build_stdlib.top_level_imports(ast.parse(source), "pkg.sub", {"_builtin_one"})
    assert found == {"a", "b", "b.c", "b.c.d", "pkg.sub", "pkg.sub.sibling", "pkg",
                     "pkg.uncle", "_builtin_one", "_builtin_one.x", "not_builtin",
                     "kept_fallback", "other_platforms", "posix_side", "in_class_body",
                     "in_with"}
