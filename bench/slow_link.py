"""The site as a static host serves it, over a phone's link (for bench/first_visit.py).

``serve_paced(Link(500_000, rtt=0.150))`` serves this checkout with scripts/serve.py's own
handler (the same Cache-Control, ETag, Last-Modified and 304s the service worker relies on),
then does what a static host's front does to each response: gzip (level 6, cached per
content) for the text types and WebAssembly when the browser accepts it, never for
.zip/.gz/.png/.bin. Every response waits one round trip, then goes out in 16 KiB chunks
through ONE ``Link`` shared by all connections, which counts every byte written on the
socket (status line, headers, body) per response. HTTP/1.1 with keep-alive (at most six
connections per host in Chromium), no TCP or TLS handshakes: a phone pays somewhat more.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import http.server
import io
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import serve  # noqa: E402  (scripts/serve.py)

GZIP_SUFFIXES = frozenset({".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg",
                           ".toml", ".txt", ".py", ".wasm"})
"""Compressed by the host (a path ending in "/" is a page: .html). Not .zip, .gz, .png,
.bin (already compressed or binary): no suffix outside this set is."""
CHUNK = 16 * 1024
LEVEL = 6


@dataclass
class Response:
    """One response as it went on the wire."""
    path: str          # the request's path, with its query
    status: int
    bytes: int         # status line + headers + body, as written on the socket
    gzip: bool
    start: float       # time.monotonic() when the answer was ready (before the round trip)
    end: float         # when its last byte was written


class Link:
    """One link shared by every server thread: a token bucket of ``rate`` bytes per second
    holding at most one chunk. A sender takes its chunk's tokens first, even into debt, then
    sleeps until the debt is paid; so chunks go out one after the other at ``rate`` and
    parallel responses share it chunk by chunk, as on a phone's link. ``rate`` None: no
    limit. ``rtt``: seconds each response waits before its first byte. Counts the bytes
    (``sent``) and keeps each response (``responses``)."""

    def __init__(self, rate: float | None, rtt: float = 0.0, burst: int = CHUNK) -> None:
        self.rate, self.rtt, self.burst = rate, rtt, burst
        self._lock = threading.Lock()
        self._tokens = float(burst)
        self._stamp = time.monotonic()
        self.sent = 0                          # bytes written on every socket
        self.responses: list[Response] = []
        self.in_flight = 0                     # responses waiting or being written
        self.last_byte = time.monotonic()

    def take(self, n: int) -> None:
        """Block until ``n`` more bytes may go on the link."""
        if not self.rate:
            return
        with self._lock:
            now = time.monotonic()
            self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
            self._stamp = now
            self._tokens -= n
            debt = -self._tokens
        if debt > 0:
            time.sleep(debt / self.rate)

    def send(self, out, data: bytes, path: str, status: int, gzipped: bool) -> None:
        """Write ``data`` (one whole response) to ``out`` after the round trip, paced."""
        start = time.monotonic()
        with self._lock:
            self.in_flight += 1
        written = 0
        try:
            time.sleep(self.rtt)
            for i in range(0, len(data), CHUNK):
                chunk = data[i:i + CHUNK]
                self.take(len(chunk))
                out.write(chunk)
                written += len(chunk)
                with self._lock:
                    self.sent += len(chunk)
                    self.last_byte = time.monotonic()
            out.flush()
        finally:
            with self._lock:
                self.in_flight -= 1
                self.responses.append(Response(path, status, written, gzipped, start,
                                               time.monotonic()))

    def quiet_for(self) -> float:
        """Seconds since the last byte, 0 while a response waits or is being written."""
        with self._lock:
            return 0.0 if self.in_flight else time.monotonic() - self.last_byte


_GZ_CACHE: dict[bytes, bytes] = {}
_GZ_LOCK = threading.Lock()


def gzipped(body: bytes) -> bytes:
    """``body`` gzip-compressed at LEVEL, cached by content (the wasm takes ~0.5 s)."""
    key = hashlib.sha256(body).digest()
    with _GZ_LOCK:
        hit = _GZ_CACHE.get(key)
    if hit is None:
        hit = gzip.compress(body, LEVEL, mtime=0)
        with _GZ_LOCK:
            _GZ_CACHE[key] = hit
    return hit


class PacedHandler(serve.Handler):
    """scripts/serve.py's handler writing into a buffer; the buffered response is then
    compressed when a static host would, and sent through ``link``."""

    protocol_version = "HTTP/1.1"
    quiet = True
    link: Link
    gzip_suffixes: frozenset[str] = GZIP_SUFFIXES

    def handle_one_request(self):
        socket_out, self.wfile = self.wfile, io.BytesIO()
        try:
            super().handle_one_request()
        finally:
            response, self.wfile = self.wfile.getvalue(), socket_out
        if response:
            self._send_on_link(response)

    def _compressible(self, status: int, head: list[bytes]) -> bool:
        if getattr(self, "command", None) != "GET" or status != 200 or self.headers is None:
            return False
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return False
        if any(line.lower().startswith(b"content-encoding:") for line in head):
            return False
        path = urlsplit(self.path).path
        suffix = ".html" if path.endswith("/") else PurePosixPath(path).suffix.lower()
        return suffix in self.gzip_suffixes

    def _send_on_link(self, response: bytes) -> None:
        head_bytes, sep, body = response.partition(b"\r\n\r\n")
        head = head_bytes.split(b"\r\n")
        status = int(head[0].split()[1])
        packed = self._compressible(status, head)
        if packed:
            body = gzipped(body)
            head = [line for line in head if not line.lower().startswith(b"content-length:")]
            head += [b"Content-Length: %d" % len(body), b"Content-Encoding: gzip",
                     b"Vary: Accept-Encoding"]
        path = getattr(self, "path", "") or ""
        self.link.send(self.wfile, b"\r\n".join(head) + sep + body, path, status, packed)


def serve_paced(link: Link, gzip_suffixes=GZIP_SUFFIXES, root: Path = ROOT):
    """Serve ``root`` through ``link`` on a free port in daemon threads; returns (server,
    base_url). ``server.shutdown()`` stops it."""
    handler = type("PacedSiteHandler", (PacedHandler,),
                   {"link": link, "gzip_suffixes": frozenset(gzip_suffixes)})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"
