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
    assert 'bundle = os.path.abspath("game.zip")' in body
    assert 'os.environ.get("KORTBORDET_BUNDLE"' in body  # the snapshot's bundle is checked
    assert body.strip().endswith("import game.web.main")
    # a module the trimmed standard library lacks is fetched (issue 33), from the start
    assert "game.web.stdlib_fallback.install()\nimport game.web.main" in body


def test_preload_hints_name_existing_files():
    """index.html preloads the runtime by name (PyScript's chunks carry content hashes):
    after a version bump of @pyscript/core or pyodide, a stale hint fails here."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    hints = re.findall(r'<link rel="(?:modulepreload|preload)"[^>]*href="\./([^"]+)"', html)
    assert len(hints) >= 8
    for href in hints:
        assert (ROOT / href).is_file(), f"index.html preloads a missing file: {href}"
    for needed in ("static/vendor/pyodide/pyodide.asm.wasm",
                   "static/build/game.zip", "static/js/interpreter.mjs",
                   "static/build/python_stdlib.zip"):
        assert needed in hints, f"index.html does not preload {needed}"
    # the trimmed standard library replaces the full one (issue 33)
    assert "static/vendor/pyodide/python_stdlib.zip" not in hints


def test_zip_comment_names_the_bundle():
    """The page's loader and the snapshot worker (static/js/snapshot-worker.mjs) read the
    bundle's id from the zip's last bytes, without unzipping."""
    ident = build_bundle.bundle_id()
    assert len(ident) == 64, "game.zip carries no bundle id in its comment"
    assert build_bundle.BUNDLE.read_bytes()[-128:].endswith(b" " + ident.encode())


def test_bundle_matches_the_sources_and_the_pinned_pyodide():
    reason = build_bundle.stale_reason()
    assert not reason, f"static/build/game.zip is stale ({reason}): run scripts/setup.sh"


def test_bundle_holds_bytecode_of_every_module_its_data_files_and_nothing_else():
    modules = build_bundle.modules(build_bundle.sources())
    data = [rel for rel in build_bundle.sources() if rel not in modules]
    assert "game/web/main.py" in modules and "game/cards.py" in modules
    assert data == ["game/bots/native/durak_endgame.wasm"]
    with zipfile.ZipFile(build_bundle.BUNDLE) as zf:
        names = set(zf.namelist())
        manifest = build_bundle.read_manifest()
        pycs = {name: zf.read(name) for name in names if name.endswith(".pyc")}
        for rel in data:  # as they are
            assert zf.read(rel) == (build_bundle.ROOT / rel).read_bytes()
    assert names == {m[:-3] + ".pyc" for m in modules} | set(data) | {build_bundle.MANIFEST}
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
    assert config.get("interpreter") == "./static/js/interpreter.mjs"
    wrapper = (ROOT / "static" / "js" / "interpreter.mjs").read_text(encoding="utf-8")
    assert 'from "../vendor/pyodide/pyodide.mjs"' in wrapper, (
        "the interpreter must wrap the vendored Pyodide (relative URL), not a CDN"
    )
    assert "random.seed(" in wrapper, "a restored snapshot must re-seed random"
    assert not config.get("packages"), (
        "pyscript.toml must not list packages: PyScript would fetch micropip from the network"
    )


def test_what_the_worker_leaves_out_still_names_files():
    """scripts/build_sw.py leaves PyScript's unused chunks (three named with the pinned
    version's content hash) and a few files out of the precache: after a version bump an
    entry naming nothing fails here, so someone checks what the new version loads."""
    import build_sw
    chunks = [p.name for p in (ROOT / "static/vendor/pyscript").iterdir()]
    for prefix in build_sw.UNUSED_PYSCRIPT:
        assert any(name.startswith(prefix) for name in chunks), f"no chunk {prefix}*"
    for rel in build_sw.NOT_PRECACHED:
        assert (ROOT / rel).exists(), f"NOT_PRECACHED names nothing: {rel}"
    precached = {p.relative_to(ROOT).as_posix() for p in build_sw.precache_files()}
    assert "static/icons/icon-192.png" in precached and "static/build/python_stdlib.zip" in precached
    assert not any(rel.startswith(build_sw.NOT_PRECACHED) for rel in precached)
