"""Every Python module under game/ is shipped to the browser, as current bytecode.

PyScript only sees the files listed in pyscript.toml's [files] table. The game ships as
one file there: static/build/game.zip, every module of game/ compiled by the pinned
Pyodide (scripts/build_bundle.py), which index.html puts on sys.path. A module missing
from the bundle imports fine in CPython and fails only in the browser; a stale bundle
would run yesterday's code.
"""

from __future__ import annotations

import re
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_bundle  # noqa: E402  (scripts/build_bundle.py)


def _config() -> dict:
    with open(ROOT / "pyscript.toml", "rb") as fh:
        return tomllib.load(fh)


def test_files_is_the_bundle_and_the_page_imports_it():
    assert _config().get("files") == {"./static/build/game.zip": "./game.zip"}
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="py"([^>]*)>(.*?)</script>', html, re.S)
    assert len(scripts) == 1, "index.html must have exactly one <script type=\"py\">"
    attrs, body = scripts[0]
    assert 'config="./pyscript.toml"' in attrs and "src=" not in attrs
    assert 'sys.path.insert(0, os.path.abspath("game.zip"))' in body
    assert "import game.web.main" in body


def test_bundle_matches_the_sources_and_the_pinned_pyodide():
    reason = build_bundle.stale_reason()
    assert not reason, f"static/build/game.zip is stale ({reason}): run scripts/setup.sh"


def test_bundle_holds_bytecode_of_every_module_and_nothing_else():
    modules = build_bundle.sources()
    assert "game/web/main.py" in modules and "game/cards.py" in modules
    with zipfile.ZipFile(build_bundle.BUNDLE) as zf:
        names = set(zf.namelist())
        manifest = build_bundle.read_manifest()
        pycs = {name: zf.read(name) for name in names if name.endswith(".pyc")}
    assert names == {m[:-3] + ".pyc" for m in modules} | {build_bundle.MANIFEST}
    magic = bytes.fromhex(manifest["magic"])
    assert len(magic) == 4 and manifest["python"].startswith("3.")
    for name, data in pycs.items():
        assert data[:4] == magic, f"{name} is not bytecode of the pinned Pyodide's Python"
        # PEP 552 flags: 0b01 = hash-based, 0b10 = check the source: unchecked hash-based.
        assert int.from_bytes(data[4:8], "little") == 0b01, f"{name}: not an unchecked pyc"


def test_stale_bundle_is_detected(tmp_path):
    """The freshness check really compares contents (so the test above can fail)."""
    with zipfile.ZipFile(build_bundle.BUNDLE) as zf:
        manifest = build_bundle.read_manifest()
        copy = tmp_path / "game.zip"
        with zipfile.ZipFile(copy, "w") as out:
            for name in zf.namelist():
                data = zf.read(name)
                if name == build_bundle.MANIFEST:
                    manifest["sources"]["game/cards.py"] = "0" * 64
                    data = build_bundle.json.dumps(manifest).encode()
                out.writestr(name, data)
    assert "game/cards.py" in build_bundle.stale_reason(copy)
    assert "missing" in build_bundle.stale_reason(tmp_path / "absent.zip")


def test_runtime_is_local_and_nothing_is_fetched_from_package_indexes():
    config = _config()
    assert config.get("interpreter", "").startswith("./static/vendor/pyodide/"), (
        "interpreter must be the vendored Pyodide (relative URL), not a CDN"
    )
    assert not config.get("packages"), (
        "pyscript.toml must not list packages: PyScript would fetch micropip from the network"
    )
