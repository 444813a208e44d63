"""bench/slow_link.py, the paced gzip host of bench/first_visit.py: what it compresses, that
the bytes it counts are the bytes the client received, that its 304s stay 304s, and that
one link is shared by parallel senders. CPython only, a temporary site, well under 2 s."""

from __future__ import annotations

import gzip
import importlib
import socket
import threading
import time

import pytest


def load():
    """The bench module (the repository's root is on the path: ``bench.*``)."""
    return importlib.import_module("bench.slow_link")


TEXT = ("function deal(cards) { return cards.slice(0, 6); }\n" * 400).encode()
BINARY = bytes(range(256)) * 40


@pytest.fixture
def site(tmp_path):
    (tmp_path / "app.js").write_bytes(TEXT)
    (tmp_path / "runtime.wasm").write_bytes(TEXT)
    (tmp_path / "game.zip").write_bytes(BINARY)
    slow_link = load()
    link = slow_link.Link(None)
    server, base = slow_link.serve_paced(link, root=tmp_path)
    yield link, server.server_port, slow_link
    server.shutdown()
    server.server_close()


def get(port: int, path: str, *extra: str) -> tuple[bytes, bytes, bytes]:
    """One request on a raw socket; (everything received, head, body)."""
    lines = [f"GET {path} HTTP/1.1", "Host: localhost", "Accept-Encoding: gzip, br",
             "Connection: close", *extra]
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    return received, head, body


def test_text_and_wasm_go_gzip_a_zip_does_not_and_every_byte_is_counted(site):
    link, port, _ = site
    received, head, body = get(port, "/app.js?v=0123456789ab")
    assert b"200 OK" in head.split(b"\r\n")[0]
    assert b"\r\nContent-Encoding: gzip" in head
    assert gzip.decompress(body) == TEXT and len(body) < len(TEXT) // 10
    assert f"\r\nContent-Length: {len(body)}\r\n".encode() in head + b"\r\n"
    assert link.responses[-1].bytes == len(received) and link.responses[-1].gzip
    received, head, body = get(port, "/game.zip")
    assert b"Content-Encoding" not in head and body == BINARY
    assert link.responses[-1].bytes == len(received) and not link.responses[-1].gzip
    assert link.sent == sum(r.bytes for r in link.responses)


def test_wasm_can_be_left_uncompressed_and_a_304_stays_a_bare_304(site, tmp_path):
    _, port, slow_link = site
    received, head, body = get(port, "/runtime.wasm")
    assert b"Content-Encoding: gzip" in head and gzip.decompress(body) == TEXT
    last_modified = next(line for line in head.split(b"\r\n")
                         if line.startswith(b"Last-Modified:")).split(b": ", 1)[1].decode()
    _, head, body = get(port, "/app.js", f"If-Modified-Since: {last_modified}")
    assert b" 304 " in head.split(b"\r\n")[0] and b"Content-Encoding" not in head and not body
    link = slow_link.Link(None)
    server, _ = slow_link.serve_paced(link, slow_link.GZIP_SUFFIXES - {".wasm"}, tmp_path)
    try:
        _, head, body = get(server.server_port, "/runtime.wasm")
    finally:
        server.shutdown()
        server.server_close()
    assert b"Content-Encoding" not in head and body == TEXT


def test_parallel_senders_share_one_link():
    slow_link = load()
    link = slow_link.Link(2_000_000)

    class Sink:
        def write(self, data):
            return len(data)

        def flush(self):
            pass

    payload = b"x" * 100_000
    start = time.monotonic()
    threads = [threading.Thread(target=link.send, args=(Sink(), payload, f"/{i}", 200, False))
               for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    # 400 kB at 2 MB/s: 0.2 s (less the one chunk the bucket holds), not 0.05 s per sender
    assert 0.17 < elapsed < 0.6
    assert link.sent == 400_000 and len(link.responses) == 4
    # chunk by chunk: every sender was still sending when the first finished
    first_end = min(r.end for r in link.responses)
    assert first_end - start > 0.12
