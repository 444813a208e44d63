#!/usr/bin/env python3
"""Draw the app icons (standard library only): a green felt square with a white card.

Writes static/icons/icon-192.png, icon-512.png and icon-maskable-512.png. The maskable
icon keeps the card inside the central safe zone (a circle of 40 % radius), since
launchers may crop it to a circle. Run again after changing the drawing; the PNGs are
committed.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"

FELT_CENTRE = (22, 120, 70)
FELT_EDGE = (9, 72, 40)
CARD = (255, 255, 255)
CARD_EDGE = (200, 205, 200)
PIP = (200, 30, 45)
SUPERSAMPLE = 3


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def rounded_rect_inside(x: float, y: float, x0, y0, x1, y1, r) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def sample(u: float, v: float, card_h: float) -> tuple[int, int, int]:
    """Colour at (u, v) in [0,1]^2; card_h is the card's height as a share of the icon."""
    card_w = card_h * 0.70
    x0, x1 = 0.5 - card_w / 2, 0.5 + card_w / 2
    y0, y1 = 0.5 - card_h / 2, 0.5 + card_h / 2
    radius = card_w * 0.12
    border = card_w * 0.03
    # Soft shadow under the card.
    if rounded_rect_inside(u - card_w * 0.04, v - card_w * 0.05, x0, y0, x1, y1, radius):
        shade = 0.65
    else:
        shade = 1.0
    if rounded_rect_inside(u, v, x0, y0, x1, y1, radius):
        if not rounded_rect_inside(u, v, x0 + border, y0 + border, x1 - border, y1 - border,
                                   radius - border):
            return CARD_EDGE
        # A diamond pip in the centre.
        if abs(u - 0.5) / (card_w * 0.28) + abs(v - 0.5) / (card_h * 0.30) <= 1:
            return PIP
        return CARD
    # Felt: a gentle radial gradient and a faint deterministic weave.
    d = min(1.0, math.hypot(u - 0.5, v - 0.5) / 0.7071)
    weave = 0.03 * math.sin(u * 420) * math.sin(v * 390)
    return tuple(
        max(0, min(255, round((c * (1 - d) + e * d) * shade * (1 + weave))))
        for c, e in zip(FELT_CENTRE, FELT_EDGE)
    )


def draw(size: int, card_h: float) -> bytes:
    rows = []
    n = SUPERSAMPLE
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(n):
                for sx in range(n):
                    c = sample((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, card_h)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            row += bytes(round(a / (n * n)) for a in acc) + b"\xff"
        rows.append(bytes(row))
    return png(size, size, rows)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, card_h in (
        ("icon-192.png", 192, 0.72),
        ("icon-512.png", 512, 0.72),
        # Card diagonal must fit the 40 %-radius safe circle: h=0.62, w=0.434 -> 0.38.
        ("icon-maskable-512.png", 512, 0.62),
    ):
        (OUT / name).write_bytes(draw(size, card_h))
        print(f"make_icons: wrote static/icons/{name}")


if __name__ == "__main__":
    main()
