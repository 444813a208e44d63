"""Our files are fetched under URLs that change with their content (scripts/stamp.py,
issue 15), and the service worker precaches exactly those URLs (scripts/build_sw.py): a
cache can never give a new page an earlier release's bundle, snapshot, script or style."""

from __future__ import annotations

import hashlib
import re
import shutil
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_bundle  # noqa: E402  (scripts/build_bundle.py)
import build_sw  # noqa: E402  (scripts/build_sw.py)
import serve  # noqa: E402  (scripts/serve.py)
import stamp  # noqa: E402  (scripts/stamp.py)

LOCAL_REF = re.compile(r"""["']\./([^"'\s]+)["']""")


def _refs(text: str) -> list[str]:
    """Every quoted relative URL ("./...") in a page or config, query included."""
    return LOCAL_REF.findall(text)


def _sha12(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def test_the_page_names_the_current_version_of_each_of_our_files():
    page = stamp.stamp_file("index.html").decode()
    config = stamp.stamp_file("pyscript.toml").decode()
    refs = _refs(page) + _refs(config)
    for rel, path in (("static/build/game.zip", build_bundle.BUNDLE),
                      ("static/build/python_stdlib.zip", build_bundle.build_stdlib.OUTPUT),
                      ("static/js/interpreter.mjs", ROOT / "static/js/interpreter.mjs"),
                      ("static/js/boot.js", ROOT / "static/js/boot.js"),
                      ("static/css/app.css", ROOT / "static/css/app.css")):
        assert f"{rel}?v={_sha12(path)}" in refs, f"the stamped page does not name {rel}'s bytes"
    for ref in refs:
        rel, _, query = ref.partition("?")
        if stamp.is_versioned(rel) and (ROOT / rel).is_file():
            assert query == f"v={stamp.version(rel)}", f"{ref}: not the current version"
        else:
            assert not query, f"{ref}: a file outside our own is versioned"
    # the configuration's own URL changes with the bundle it names
    assert f"pyscript.toml?v={hashlib.sha256(config.encode()).hexdigest()[:12]}" in refs
    assert stamp.stamp_text(page) == page, "stamping is not idempotent"


def _small_site(root: Path) -> None:
    """A copy of the site's pages, scripts, styles and build outputs (no runtime)."""
    for rel in ("index.html", "pyscript.toml", "manifest.webmanifest"):
        shutil.copy(ROOT / rel, root / rel)
    for folder in ("static/js", "static/css", "static/build"):
        shutil.copytree(ROOT / folder, root / folder)
    shutil.copy(ROOT / "static/sw-register.js", root / "static/sw-register.js")


def test_a_changed_game_module_gives_new_urls_and_no_stale_one_is_precached(tmp_path):
    _small_site(tmp_path)
    bundle = tmp_path / "static/build/game.zip"
    old_version = stamp.version("static/build/game.zip", tmp_path)
    old_page = stamp.stamp_file("index.html", tmp_path).decode()
    old_config_url = stamp.url("pyscript.toml", tmp_path)
    _, old_precache = build_sw.build(tmp_path)
    assert f"./static/build/game.zip?v={old_version}" in old_precache

    # game/cards.py changed: the rebuilt bundle records another source hash
    manifest = build_bundle.read_manifest(bundle)
    manifest["sources"]["game/cards.py"] = "0" * 64
    with zipfile.ZipFile(build_bundle.BUNDLE) as zf, zipfile.ZipFile(bundle, "w") as out:
        for name in zf.namelist():
            data = zf.read(name)
            out.writestr(name, build_bundle.json.dumps(manifest) if name == build_bundle.MANIFEST
                         else data)

    new_version = stamp.version("static/build/game.zip", tmp_path)
    assert new_version != old_version
    page = stamp.stamp_file("index.html", tmp_path).decode()
    config = stamp.stamp_file("pyscript.toml", tmp_path).decode()
    assert f"game.zip?v={new_version}" in page and f"game.zip?v={new_version}" in config
    assert old_version not in page + config
    # the page asks for a new configuration, so no cache can hand it the old one
    new_config_url = stamp.url("pyscript.toml", tmp_path)
    assert new_config_url != old_config_url and new_config_url in page
    assert page != old_page
    _, precache = build_sw.build(tmp_path)
    assert f"./static/build/game.zip?v={new_version}" in precache
    assert not any(old_version in u for u in precache), "a stale URL is left in the precache"
    assert new_config_url in precache and old_config_url not in precache


def test_the_precache_holds_exactly_what_the_page_asks_for():
    _, precache = build_sw.build()
    assert len(precache) == len(set(precache))
    page = stamp.stamp_file("index.html").decode()
    config = stamp.stamp_file("pyscript.toml").decode()
    for ref in _refs(page) + _refs(config):
        if (ROOT / ref.partition("?")[0]).is_file():
            assert "./" + ref in precache, f"the page asks for {ref}; the worker lacks it"
    for url in precache:
        rel, _, query = url[2:].partition("?")
        if stamp.is_versioned(rel):
            assert query == f"v={stamp.version(rel)}", f"{url} is not the current version"
            assert f"./{rel}" not in precache
        else:
            assert not query
    assert f"./static/build/game.zip?v={_sha12(build_bundle.BUNDLE)}" in precache
    # the trimmed standard library, not the full one (issue 33: a first visit would
    # download 2.5 MB for the worker that no page of it reads)
    assert f"./static/build/python_stdlib.zip?v={_sha12(build_bundle.build_stdlib.OUTPUT)}" \
        in precache
    assert not any("vendor/pyodide/python_stdlib.zip" in url for url in precache)


def test_the_server_sends_the_stamped_page_fresh_and_current_versions_for_good():
    server, base = serve.serve_in_thread("/")
    try:
        with urllib.request.urlopen(base) as resp:
            assert resp.headers["Cache-Control"] == "no-cache"
            page = resp.read().decode()
        assert page == stamp.stamp_file("index.html").decode()
        request = urllib.request.Request(base, headers={"If-None-Match": resp.headers["ETag"]})
        try:
            urllib.request.urlopen(request)
            raise AssertionError("an unchanged page was sent again instead of a 304")
        except urllib.error.HTTPError as exc:
            assert exc.code == 304
        current = stamp.url("static/build/game.zip")[2:]
        assert current in page
        with urllib.request.urlopen(base + current) as resp:
            assert "immutable" in resp.headers["Cache-Control"]
            assert resp.read() == build_bundle.BUNDLE.read_bytes()
        with urllib.request.urlopen(base + "static/build/game.zip?v=000000000000") as resp:
            assert resp.headers["Cache-Control"] is None  # another version: not for good
        with urllib.request.urlopen(base + stamp.url("pyscript.toml")[2:]) as resp:
            assert resp.read() == stamp.stamp_file("pyscript.toml")
    finally:
        server.shutdown()
        server.server_close()


def test_the_pages_site_copy_is_stamped_in_place_and_the_repository_never(tmp_path):
    """The GitHub Pages workflow stamps its copy (scripts/stamp.py _site); the repository's
    own index.html stays as written (serve.py stamps it when serving)."""
    before = (ROOT / "index.html").read_bytes()
    assert stamp.main([str(ROOT)]) == 2
    assert (ROOT / "index.html").read_bytes() == before
    _small_site(tmp_path)
    assert stamp.main([str(tmp_path)]) == 0
    assert (tmp_path / "index.html").read_bytes() == stamp.stamp_file("index.html")
    assert (tmp_path / "pyscript.toml").read_bytes() == stamp.stamp_file("pyscript.toml")
