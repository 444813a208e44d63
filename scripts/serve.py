#!/usr/bin/env python3
"""Serve the repository root as a static site (standard library only).

Used by `make play`, the browser tests (tests/e2e/conftest.py) and bench/boot.py.
With --prefix /kortbordet/ the site is served only under that sub-path, like a
GitHub Pages project site; everything else is a 404.

index.html and pyscript.toml are served stamped (scripts/stamp.py: our own files named
with their content hash, ``?v=<hash>``) and must be revalidated (Cache-Control: no-cache);
a request carrying a file's current version may be cached for good (immutable). The game's
bundle and trimmed standard library are rebuilt first when game/ changed, and sw.js when any file it
precaches did, so the page, its files and the worker's precache list always agree.

    python3 scripts/serve.py [--host 127.0.0.1] [--port 8000] [--prefix /kortbordet/]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_bundle  # noqa: E402  (scripts/build_bundle.py)
import build_stdlib  # noqa: E402  (scripts/build_stdlib.py)
import build_sw  # noqa: E402  (scripts/build_sw.py)
import stamp  # noqa: E402  (scripts/stamp.py)

BUILD_URLS = ("/static/build/game.zip", "/static/build/python_stdlib.zip")
STAMPED_URLS = {"/": "index.html", "/index.html": "index.html",
                "/pyscript.toml": "pyscript.toml"}
IMMUTABLE = "public, max-age=31536000, immutable"

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


_fresh_stamp: dict[str, tuple] = {}
_SW_LOCK = threading.Lock()


def _build_inputs_stamp() -> tuple:
    """(path, mtime, size) of every input and output of scripts/build_bundle.py and
    scripts/build_stdlib.py: when it is unchanged, the bundle checked last time is still
    fresh."""
    paths = sorted((ROOT / "game").rglob("*.py")) + [
        build_bundle.BUNDLE, build_bundle.COMPILER, Path(build_bundle.__file__),
        build_stdlib.OUTPUT, build_stdlib.FULL, build_stdlib.LIST, Path(build_stdlib.__file__),
    ]
    out = []
    for path in paths:
        try:
            st = path.stat()
            out.append((str(path), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(path), None, None))
    return tuple(out)


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    quiet = False
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def _strip_prefix(self) -> bool:
        if self.prefix == "/":
            return True
        if self.path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return False
        if not self.path.startswith(self.prefix):
            self.send_error(404, "outside the site's sub-path")
            return False
        self.path = "/" + self.path[len(self.prefix):]
        return True

    def do_GET(self):  # noqa: N802 (http.server naming)
        self._cache_control = None
        if self._strip_prefix():
            path, _, query = self.path.partition("?")
            if path in BUILD_URLS or path in STAMPED_URLS:
                self._fresh_bundle()  # the page names the bundle's version
            if path == "/sw.js":
                self._fresh_sw()
            if path in STAMPED_URLS and self._stamps():
                self._send_stamped(STAMPED_URLS[path], query)
                return
            self._cache_control = self._immutable(path, query)
            super().do_GET()

    def _serving_root(self) -> bool:
        return Path(self.directory).resolve() == ROOT

    def _stamps(self) -> bool:
        """Whether the served site names its files by content hash: this repository, or
        another checkout (bench/boot.py --compare) that has scripts/stamp.py too."""
        return (Path(self.directory) / "scripts" / "stamp.py").is_file()

    def _immutable(self, path: str, query: str) -> str | None:
        """IMMUTABLE when the request names the current version of a versioned file."""
        rel = path.lstrip("/")
        if not query.startswith("v=") or not stamp.is_versioned(rel):
            return None
        try:
            return IMMUTABLE if query == "v=" + stamp.version(rel, Path(self.directory)) else None
        except OSError:
            return None

    def _send_stamped(self, name: str, query: str, head: bool = False) -> None:
        """Send index.html or pyscript.toml stamped (scripts/stamp.py), with an ETag so a
        revalidation costs a 304."""
        site = Path(self.directory)
        try:
            data = stamp.stamp_file(name, site)
        except OSError:
            self.send_error(404, "file not found")
            return
        etag = '"' + stamp.hashlib.sha256(data).hexdigest()[:24] + '"'
        current = query == "v=" + stamp.version(name, site)
        self._cache_control = IMMUTABLE if current else "no-cache"
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", self.extensions_map[Path(name).suffix])
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", etag)
        self.end_headers()
        if not head:
            self.wfile.write(data)

    def end_headers(self):
        if getattr(self, "_cache_control", None):
            self.send_header("Cache-Control", self._cache_control)
        super().end_headers()

    def _fresh_sw(self) -> None:
        """Regenerate sw.js when a file it precaches changed while the server runs (its
        list names each file's version; scripts/build_sw.py)."""
        if not self._serving_root():
            return
        paths = build_sw.precache_files() + [build_sw.TEMPLATE]
        stamp_now = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in paths)
        with _SW_LOCK:
            if _fresh_stamp.get("sw") != stamp_now:
                build_sw.write()
                _fresh_stamp["sw"] = stamp_now

    def _fresh_bundle(self) -> None:
        """A source edited while the server runs must not be served as old bytecode:
        rebuild static/build/ first when it no longer matches game/ (only when
        serving this repository; scripts/build_bundle.py)."""
        if not self._serving_root():
            return
        inputs = _build_inputs_stamp()
        if _fresh_stamp.get("stamp") == inputs:
            return  # nothing changed since the last check: no hashing per request
        try:
            if build_bundle.ensure(quiet=self.quiet):
                build_sw.main([])  # the service worker's cache name hashes the bundle
            _fresh_stamp["stamp"] = _build_inputs_stamp()
        except (RuntimeError, ValueError) as exc:
            self.log_error("cannot rebuild the bundle: %s", exc)

    def do_HEAD(self):  # noqa: N802
        self._cache_control = None
        if self._strip_prefix():
            path, _, query = self.path.partition("?")
            if path in STAMPED_URLS and self._stamps():
                self._send_stamped(STAMPED_URLS[path], query, head=True)
                return
            self._cache_control = self._immutable(path, query)
            super().do_HEAD()

    def log_message(self, format, *args):  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


def make_server(host: str = "127.0.0.1", port: int = 0, prefix: str = "/",
                quiet: bool = True, root: Path = ROOT) -> http.server.ThreadingHTTPServer:
    """A server bound to (host, port); port 0 picks a free port (see server.server_port)."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = type("KortbordetHandler", (Handler,), {"prefix": prefix, "quiet": quiet})
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(root))
    )
    server.daemon_threads = True
    return server


def serve_in_thread(prefix: str = "/", host: str = "127.0.0.1", root: Path = ROOT):
    """Start a quiet server on a free port in a daemon thread; returns (server, base_url)."""
    server = make_server(host, 0, prefix, root=root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_port}{prefix}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    args = parser.parse_args(argv)
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        print("serve: static/vendor/ is empty: run scripts/setup.sh first", file=sys.stderr)
        return 1
    try:
        server = make_server(args.host, args.port, args.prefix, quiet=False)
    except OSError as exc:
        print(f"serve: cannot listen on {args.host}:{args.port}: {exc}"
              " (choose another port, e.g. make play PORT=8001)", file=sys.stderr)
        return 1
    print(f"\nKortbordet: open http://{args.host}:{server.server_port}{args.prefix}"
          "\n(Ctrl-C stops the server)\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
