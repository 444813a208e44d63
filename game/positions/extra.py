"""The ``x=`` field of the position notation: the parts of a state a teacher never types
(scoresheet, ledger, move history, random-source state...) that ``write`` puts in a
link, as compressed JSON in URL-safe base64; ``read`` takes them as given."""

from __future__ import annotations

import base64
import json
import zlib

from .. import jsonsafe
from .model import PositionError


def encode_extra(data: dict) -> str:
    """``data`` (JSON-able) as the value of an ``x=`` field: compact JSON, zlib-compressed,
    URL-safe base64 without padding."""
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode_extra(text: str) -> dict:
    """The dict an ``x=`` field holds (``encode_extra`` reversed). Raises
    ``PositionError`` ``bad_extra`` for damaged text, more than 1,000,000 bytes
    unpacked, JSON ``jsonsafe`` refuses, or a value that is not an object."""
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, 1_000_000)
        if inflate.unconsumed_tail:
            raise ValueError("too large")
        data = jsonsafe.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError):  # JsonError is a ValueError
        raise PositionError("bad_extra", "the x= field is damaged") from None
    if not isinstance(data, dict):
        raise PositionError("bad_extra", "the x= field is damaged")
    return data

