"""Every Python module under game/ must be shipped to the browser.

PyScript only sees the files listed in pyscript.toml's [files] table; a module that is
missing there imports fine in CPython and fails only in the browser.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as fh:
        return tomllib.load(fh)


def _norm(path: str) -> str:
    return path[2:] if path.startswith("./") else path


def test_every_game_module_is_listed_in_pyscript_files():
    files = {_norm(src): _norm(dst) for src, dst in _config().get("files", {}).items()}
    modules = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "game").rglob("*.py")
        if "__pycache__" not in p.parts
    )
    assert modules, "game/ has no Python modules?"
    missing = [m for m in modules if m not in files]
    assert not missing, (
        "pyscript.toml [files] lacks these modules (add lines like "
        '"./game/x.py" = "./game/x.py"): ' + ", ".join(missing)
    )
    moved = {m: files[m] for m in modules if files[m] != m}
    assert not moved, f"[files] must keep each module at its own path: {moved}"


def test_listed_files_exist_and_urls_are_relative():
    config = _config()
    for src in config.get("files", {}):
        assert src.startswith("./"), f"[files] source must be a relative URL: {src}"
        assert (ROOT / _norm(src)).is_file(), f"[files] lists a missing file: {src}"


def test_runtime_is_local_and_nothing_is_fetched_from_package_indexes():
    config = _config()
    assert config.get("interpreter", "").startswith("./static/vendor/pyodide/"), (
        "interpreter must be the vendored Pyodide (relative URL), not a CDN"
    )
    assert not config.get("packages"), (
        "pyscript.toml must not list packages: PyScript would fetch micropip from the network"
    )
