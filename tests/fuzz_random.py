"""Plain ``random.Random`` generators of the inputs of tests/fuzz_targets.py's targets, for
the long runs of ``bench/fuzz.py --fast``: the same kinds of input as the targets'
hypothesis strategies (real data, mutated as text or structurally, arbitrary and deeply
nested text, hostile numbers and Unicode digits), without hypothesis's engine, which
spends 10-20 ms on each input, many times the entry points' own work. No shrinking: a
failure is reported with its input as drawn. ``GENERATORS[name](rng) -> input``.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

import fuzz_targets as ft
from game import saves, scoresheet
from game.web import embed


def text(rng: random.Random, most: int = 200) -> str:
    """Arbitrary text: ASCII, Latin, other planes, controls and lone surrogates."""
    def char() -> str:
        kind = rng.randrange(6)
        if kind <= 2:
            return chr(rng.randrange(32, 127))
        if kind == 3:
            return chr(rng.randrange(0, 32))
        if kind == 4:
            return chr(rng.randrange(0x80, 0x3000))
        return chr(rng.choice([rng.randrange(0xD800, 0xE000), rng.randrange(0x10000, 0x110000)]))
    return "".join(char() for _ in range(rng.randint(0, most)))


def json_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of at most 25 leaves and a few levels (as ``fuzz_targets.json_values``)."""
    kind = rng.randrange(8 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.randint(-10**6, 10**6)
    if kind == 3:
        return rng.choice([0.0, -0.0, 2.5, 1e300, -1e-300, rng.uniform(-1e6, 1e6)])
    if kind in (4, 5):
        return text(rng, 20)
    if kind == 6:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {text(rng, 10): json_value(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def any_text(rng: random.Random) -> str:
    """As ``fuzz_targets.any_text``: text, a hostile piece, deep nesting or a JSON value."""
    kind = rng.randrange(5)
    if kind == 0:
        return text(rng)
    if kind == 1:
        return rng.choice(ft.HOSTILE_BITS)
    if kind == 2:
        n = rng.randint(1, 60_000)
        return "[" * n + "]" * n
    if kind == 3:
        n = rng.randint(1, 60_000)
        return "{\"a\":" * n + "1" + "}" * n
    return json.dumps(json_value(rng))


def json_mutation(rng: random.Random, seeds: Callable[[], Any]) -> str:
    """As ``fuzz_targets.json_mutations``: a real text as is, mutated or restructured."""
    source = rng.choice(list(seeds()))
    how = rng.randint(0, 9)
    inner = random.Random(rng.getrandbits(32))
    if how == 0:
        return source
    if how <= 4:
        return ft.mutate(source, inner, rounds=how)
    return ft.structural(source, inner)


def _url_value(rng: random.Random) -> str:
    kind = rng.randrange(7)
    if kind == 0:
        return rng.choice(["durak", "dunka", "elvakort", "tonk", "2", "3", "4", "6", "8", "on",
                           "off", "none", "sv", "en", "1", "0", "52", "36", "24", "neighbours",
                           "fast", "easy", "knock", "take", "beat 9S 8S", " 3 ", "0003", "-1",
                           "1e3"])
    if kind == 1:
        return "1" + rng.choice(ft.UNICODE_DIGITS)
    if kind == 2:
        return rng.choice(ft.UNICODE_DIGITS)
    if kind == 3:
        return text(rng, 30)
    if kind == 4:
        return str(rng.randint(0, 2**70))
    if kind == 5:
        return rng.choice(ft.POSITIONS)
    return ft.mutate(rng.choice(ft.POSITIONS), random.Random(rng.getrandbits(32)))


def url(rng: random.Random) -> list[tuple[str, str]]:
    """A link's ``(name, value)`` pairs; a name may come twice."""
    return [(rng.choice(ft.URL_KEYS) if rng.random() < 0.8 else text(rng, 8), _url_value(rng))
            for _ in range(rng.randint(0, 7))]


def _message_data(rng: random.Random) -> Any:
    if rng.random() < 0.2:
        return json_value(rng)
    msg: dict = {"type": rng.choice(embed.MESSAGE_TYPES)}
    choices = {"game": lambda: rng.choice(["durak", "tonk"]) if rng.random() < 0.5 else json_value(rng),
               "players": lambda: rng.randint(1, 9) if rng.random() < 0.5 else json_value(rng),
               "seed": lambda: json_value(rng), "rules": lambda: json_value(rng),
               "position": lambda: rng.choice(ft.POSITIONS) if rng.random() < 0.6 else json_value(rng),
               "prompt": lambda: json_value(rng), "expect": lambda: json_value(rng),
               "hints": lambda: json_value(rng), "lang": lambda: json_value(rng)}
    for key, make in choices.items():
        if rng.random() < 0.4:
            msg[key] = make()
    return msg


def message(rng: random.Random) -> Any:
    kind = rng.randrange(4)
    if kind == 0:
        return _message_data(rng)
    if kind == 1:
        return json.dumps(_message_data(rng))
    if kind == 2:
        return any_text(rng)
    return json_mutation(rng, lambda: [json.dumps({"type": "load-position", "position": p,
                                                   "hints": True}) for p in ft.POSITIONS])


def sheet_file(rng: random.Random) -> tuple[str, str]:
    kind = rng.randrange(3)
    if kind == 0:
        return (rng.choice(["a.csv", "b.CSV", "x.txt"]),
                ft._csv_variant(None, rng.choice(["\n", "\r", "\r\n"]),
                                random.Random(rng.getrandbits(32)), rng.randint(0, 3)))
    if kind == 1:
        return (rng.choice(["a.json", "x"]), json_mutation(
            rng, lambda: [s.to_json() for s in scoresheet.load_sheets(ft.sample_sheets())]))
    return rng.choice(["a.json", "a.csv"]), any_text(rng)


def cells(rng: random.Random) -> tuple[str, list[str]]:
    keys = list("0123456789-+.,\u2212 ²３") + ["\b"]
    return rng.choice(["dunka", "elvakort"]), [rng.choice(keys) for _ in range(rng.randint(0, 10))]


def rescue(rng: random.Random) -> dict[str, str]:
    items = {}
    for _ in range(rng.randint(0, 5)):
        kind = rng.randrange(3)
        value = any_text(rng) if kind == 0 else json_mutation(rng, ft.sample_saves) if kind == 1 \
            else json_mutation(rng, lambda: [ft.sample_history(), ft.sample_sheets(),
                                             ft.sample_prefs()])
        items[rng.choice(list(saves.STORED_ITEMS))] = value
    return items


def position(rng: random.Random) -> str:
    seeds = ft.sample_notations()
    i = rng.randrange(64)
    source = seeds[i % len(seeds)]
    return ft.mutate(source, random.Random(rng.getrandbits(32))) if i % 4 else source


def _stored(seeds: Callable[[], Any]) -> Callable[[random.Random], str]:
    return lambda rng: json_mutation(rng, seeds) if rng.random() < 0.5 else any_text(rng)


GENERATORS: dict[str, Callable[[random.Random], Any]] = {
    "json": lambda rng: any_text(rng) if rng.random() < 0.5 else json_mutation(rng, ft.sample_saves),
    "url": url,
    "lesson": lambda rng: json_mutation(rng, ft.sample_lessons) if rng.random() < 0.5
    else any_text(rng),
    "message": message,
    "sheet_file": sheet_file,
    "cells": cells,
    "rescue": rescue,
    "position": position,
    "moves": _stored(lambda: ft.sample_moves()[1]),
    **{name: _stored(seeds) for name, (_key, seeds) in ft.stored_texts.items()},
}
