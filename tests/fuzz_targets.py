"""Fuzz targets for every entry point of hostile or damaged input (issue 13), shared by
the property-based tests (tests/test_hostile_fuzz.py, a short budget) and the long runs
of bench/fuzz.py (``make fuzz``).

A ``Target`` has a hypothesis strategy of inputs, ``run(input)`` that feeds one input to the
entry point and checks the entry point's own properties (raising ``AssertionError`` when
one fails), and ``allowed``: the error types the entry point documents. Anything else
escaping ``run`` is a failure. The inputs mix well-formed data taken from real games and
files, the same data mutated (characters cut, doubled and replaced, numbers swapped for
``1e999``/``NaN``, deep nesting spliced in, Unicode digits), and arbitrary text.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import jsonsafe, positions, saves, scoresheet  # noqa: E402
from game.engine import SaveError, SettingError  # noqa: E402
from game.positions import PositionError  # noqa: E402
from game.web import embed  # noqa: E402  (its pure helpers import no browser module)

POSITIONS = [
    "durak;h0=7S,9S,QH,KD,6D,AC;h1=?5;trump=6H;talon=?11;discard=?12;attacker=1;table=8S",
    "dunka;round=2;h0=5H,6H,7H,8H,KS,KD,KC,2C,9D,JK,3S;h1=?11;h2=?11;pile=9H;turn=0",
    "elvakort;round=1;phase=play;h0=7S,7H,7D,QC,QH,QS,2D,5S,8H,KH,AS,9C;h1=?11;pile=4D",
    "tonk;stake=2;h0=3H,4H,5H,KS,KD;h1=?5;pile=9C;turn=0",
]
HOSTILE_BITS = ["1e999", "-1e999", "NaN", "Infinity", "-Infinity", "[" * 200, "{\"a\":" * 120,
                "²", "٣", "３", "1_000", "\u2212", "\r", "\r\n", "\x00", "\ud800", "9" * 5000,
                "true", "null", "0.5", "-1", "\"", "\\", "]]]]", "\ufeff"]
UNICODE_DIGITS = ["²", "³", "¹", "٣", "３", "߃", "१", "①", "⁴"]


@lru_cache(maxsize=1)
def sample_saves() -> tuple[str, ...]:
    """Save texts of the four games: fresh, in the middle and finished (bots play)."""
    from game import bots
    from game.session import Session
    players = [{"name": "You", "kind": "human"}, {"name": "Bot 1", "kind": "bot", "level": "easy"},
               {"name": "Bot 2", "kind": "bot", "level": "easy"}]
    out = []
    for game in ("durak", "dunka", "elvakort", "tonk"):
        session = Session.new(game, {}, players, 11)
        out.append(saves.dumps(session))
        for step in range(4000):
            if session.state.is_over():
                break
            seat = session.state.to_act()[0]
            action = bots.choose(session.state.view(seat), session.state.legal_actions(seat),
                                 "easy", step)
            session.state.apply(action)
            if step in (5, 60):
                out.append(saves.dumps(session))
        out.append(saves.dumps(session))
    return tuple(out)


@lru_cache(maxsize=1)
def sample_history() -> str:
    from game.session import Session
    records = []
    for text in sample_saves():
        session = saves.loads(text)
        record = session.record()
        if record is not None:
            record["finished"] = 1_700_000_000_000
            records.append(record)
    return saves.dump_history(records)


@lru_cache(maxsize=1)
def sample_sheets() -> str:
    a = scoresheet.TableSheet.new("dunka", ["Ann", "Bo", "Cia"], 1_700_000_000_000)
    b = scoresheet.TableSheet.new("elvakort", ["Ann", "Bo"], 1_700_000_000_001)
    for r in range(3):
        for seat in range(3):
            a.set_cell(r, seat, str(5 * (r + seat)))
        for seat in range(2):
            b.set_cell(r, seat, str(-10 + 20 * seat + r))
    return scoresheet.dump_sheets([a, b])


@lru_cache(maxsize=1)
def sample_lessons() -> tuple[str, ...]:
    files = sorted((ROOT / "static" / "examples").glob("*.json"))
    texts = [f.read_text(encoding="utf-8") for f in files]
    texts.append(json.dumps([json.loads(t) for t in texts]))
    return tuple(texts)


@lru_cache(maxsize=1)
def sample_moves() -> tuple[Any, tuple[str, ...]]:
    """A Tonk session part-way through and the move histories stored for it
    (``movelog.dumps``): after each of its first moves, so the texts hold real events."""
    from game import movelog
    from game.session import Session
    players = [{"name": "You", "kind": "human"}, {"name": "Bot 1", "kind": "bot", "level": "easy"}]
    session = Session.new("tonk", {}, players, 5)
    log, texts = movelog.MoveLog.fresh(session), []
    for _ in range(12):
        if session.waiting() == "bot":
            events = session.step_bot()
        elif session.waiting() == "human":
            events = session.play(session.legal()[0])
        else:
            break
        log.add(session, events, events)
        texts.append(movelog.dumps(log))
    return session, tuple(texts)


def sample_prefs() -> str:
    return saves.dump_prefs({**saves.PREF_DEFAULTS, "lang": "en", "lobby": {
        "game": "dunka", "games": {"dunka": {"players": 3, "levels": ["easy", "normal"],
                                             "rules": {"max_reshuffles": 2}}}}})


# ---------------------------------------------------------------------------- mutations

def mutate(text: str, rng: random.Random, rounds: int = 3) -> str:
    """``text`` with a few random edits: a slice cut, doubled or moved, a character
    replaced, a hostile piece (``HOSTILE_BITS``) inserted, a number swapped for another."""
    for _ in range(rng.randint(1, rounds)):
        if not text:
            text = rng.choice(HOSTILE_BITS)
            continue
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 40))
        kind = rng.randrange(7)
        if kind == 0:
            text = text[:i] + text[j:]
        elif kind == 1:
            text = text[:j] + text[i:j] + text[j:]
        elif kind == 2:
            text = text[:i] + rng.choice(HOSTILE_BITS) + text[i:]
        elif kind == 3:
            text = text[:i] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)])) + text[i + 1:]
        elif kind == 4:  # a number replaced (in JSON: keeps the text JSON)
            import re
            numbers = list(re.finditer(r"-?\d+(\.\d+)?", text))
            if numbers:
                m = rng.choice(numbers)
                text = text[:m.start()] + rng.choice(
                    ["1e999", "NaN", "-0", "2.5", "true", "null", "99999999999", "-7", "0",
                     '"3"', "[]", "{}"]) + text[m.end():]
        elif kind == 5:  # a whole value replaced by deep nesting
            depth = rng.choice([40, 1000, 20_000])
            text = text[:i] + "[" * depth + "]" * depth + text[j:]
        else:
            text = text[:i] + rng.choice(UNICODE_DIGITS) + text[i:]
    return text


@st.composite
def json_mutations(draw, seeds: Callable[[], tuple[str, ...] | list[str]]) -> str:
    """JSON texts: a real one (from ``seeds()``), mutated a little as text, or
    structurally (a value deep inside swapped, a key dropped, a list changed)."""
    text = draw(st.sampled_from(list(seeds())))
    how = draw(st.integers(0, 9))
    rng = random.Random(draw(st.integers(0, 2**32)))
    if how == 0:
        return text
    if how <= 4:
        return mutate(text, rng, rounds=how)
    return structural(text, rng)


SWAPS = [None, True, False, 0, -1, 1, 2, 7, 2.5, -0.5, 10**30, "", "x", "1", "²", "JK", "10H",
         [], {}, [None], {"a": 1}, [[[[[]]]]], "sheet-1", "durak", "dunka", "elvakort",
         "tonk", 999999, 1.0]


def structural(text: str, rng: random.Random) -> str:
    """A JSON text with one value deep inside replaced, a key dropped or a list shortened."""
    try:
        data = json.loads(text)
    except ValueError:
        return mutate(text, rng)
    paths: list[tuple[Any, Any]] = []

    def walk(node, depth=0):
        if depth > 12:
            return
        if isinstance(node, dict):
            for k in list(node):
                paths.append((node, k))
                walk(node[k], depth + 1)
        elif isinstance(node, list):
            for i in range(len(node)):
                paths.append((node, i))
                walk(node[i], depth + 1)
    walk(data)
    for _ in range(rng.randint(1, 3)):
        if not paths:
            break
        parent, key = rng.choice(paths)
        kind = rng.randrange(4)
        try:
            if kind == 0 and isinstance(parent, dict):
                del parent[key]
            elif kind == 1 and isinstance(parent, list) and parent:
                parent.pop(rng.randrange(len(parent)))
            elif kind == 2 and isinstance(parent, list) and parent:
                parent.append(rng.choice(parent))
            else:
                parent[key] = rng.choice(SWAPS)
        except (KeyError, IndexError):
            pass
    out = json.dumps(data)
    return out.replace("1000000000000000000000000000000", "1e999") if rng.random() < 0.2 else out


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=10), kids, max_size=5),
    max_leaves=25)

any_text = st.one_of(
    st.text(max_size=200),
    st.sampled_from(HOSTILE_BITS),
    st.integers(1, 60_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 60_000).map(lambda n: "{\"a\":" * n + "1" + "}" * n),
    json_values.map(json.dumps),
)


# ---------------------------------------------------------------------------- targets

@dataclass
class Target:
    name: str
    strategy: st.SearchStrategy
    run: Callable[[Any], Any]
    allowed: tuple[type[BaseException], ...]
    doc: str
    in_suite: bool = True
    """False: run by bench/fuzz.py only (its checks belong to work still in progress)."""


@lru_cache(maxsize=1)
def sample_notations() -> tuple[str, ...]:
    """Position notations: the examples, and ``write`` of the sample games' states (with
    their ``x=`` fields)."""
    out = list(POSITIONS)
    for text in sample_saves():
        session = saves.loads(text)
        try:
            out.append(positions.write(positions.Position(
                game=session.game, state=session.state, names=[p["name"] for p in session.players],
                human=0, rules=session.rules.to_dict())))
        except Exception:  # a state write() cannot express: not a sample
            continue
    return tuple(out)


def _run_position(text: str) -> None:
    """``positions.read`` refuses with ``PositionError`` only; what it reads writes back
    to the same state (``read(write(p))``)."""
    position = positions.read(text, max_length=None)
    again = positions.read(positions.write(position), max_length=None)
    assert again.state.to_dict() == position.state.to_dict()


def _run_jsonsafe(text: str) -> None:
    try:
        value = jsonsafe.loads(text)
    except jsonsafe.JsonError as exc:
        assert exc.code in ("not_text", "too_large", "too_deep", "not_finite", "not_json")
        raise
    assert jsonsafe.nesting_ok(text, jsonsafe.MAX_DEPTH)
    assert json.loads(json.dumps(value, allow_nan=False)) == value  # finite, plain JSON


def _stored(key: str) -> Callable[[str], None]:
    def run(text: str) -> None:
        value = saves.read_stored(key, text)
        if key == saves.PREFS_KEY and value is not None:
            assert set(value) == set(saves.PREF_DEFAULTS)
            json.dumps(value, allow_nan=False)
        # what was read can be written and read back (a readable item stays readable)
        if saves.STORED_ITEMS[key] in ("game", "previous", "parked") and value is not None:
            again = saves.dumps(value)
            assert saves.loads(again).to_dict() == value.to_dict()
        if key == saves.HISTORY_KEY and value is not None:
            assert saves.load_history(saves.dump_history(value)) == value
        if key == saves.SHEETS_KEY and value is not None:
            again = scoresheet.load_sheets(scoresheet.dump_sheets(value))
            assert [s.to_dict() for s in again] == [s.to_dict() for s in value]
    return run


def _run_moves(text: str) -> None:
    """The stored move history never raises; what it reads is written back the same, and
    belongs to the saved session or is empty; the log's sentences told of it never raise."""
    from game import movelog
    session = sample_moves()[0]
    log = movelog.loads(text, session)
    assert log.matches(session)
    again = movelog.loads(movelog.dumps(log), session)
    assert again.to_dict() == log.to_dict()
    json.dumps(log.to_dict(), allow_nan=False)
    # what the page tells of it: the one-line log's sentences (game.web.turn_line), as any
    # game would read the same events, in both languages: text, never an error
    from game.web import turn_line
    players = session.view()["players"]
    events = list(log.last) + [ev for r in log.rounds for ev in r["events"]][-60:]
    for game in ("durak", "dunka", "elvakort", "tonk"):
        for lang in ("sv", "en"):
            told = turn_line.sentences(lang, game, events, players, 0, short=lang == "sv")
            assert all(isinstance(text, str) for text in told)


def _run_rescue(items: dict[str, str]) -> None:
    """Every text stored before the boot rescue is still stored after it, and every item
    key left in place reads cleanly (or is one the storage had no room to copy)."""
    store = dict(items)
    full = len(items) % 3 == 0 and bool(items)  # sometimes the storage has no room

    def put(key: str, text: str) -> bool:
        if full:
            return False
        store[key] = text
        return True
    values, rescued = saves.rescue_stored(store.get, put, lambda k: store.pop(k, None), 1234)
    for text in items.values():
        assert text in store.values()
    kept = {key for _w, key, _t in rescued}
    for key in saves.STORED_ITEMS:
        if store.get(key) and key not in kept:
            saves.read_stored(key, store[key])


def _run_url(pairs: list[tuple[str, str]]) -> None:
    """A link (its ``(name, value)`` pairs, as the page reads them with
    ``url_params.read_query``) is read, or refused with a message in both languages that
    names every refused value (one line each when several: ``SettingErrors``). A
    parameter the page reads given twice is always refused, naming it and its values."""
    from game.url_params import ParamTwice, parse_params, read_query
    from game.web.links import setting_text
    query, twice = read_query(pairs)
    try:
        req = parse_params(dict(query), twice)
    except SettingError as exc:
        many = getattr(exc, "errors", None)
        for lang in ("sv", "en"):
            text = setting_text(lang, exc)
            assert isinstance(text, str) and text
            if many is not None:
                assert len(many) >= 2 and text.count("\n") == len(many) - 1, (many, text)
                assert all(e.setting in query or e.setting == "game" for e in many), many
            if twice:
                assert all(isinstance(e, ParamTwice) for e in (many or [exc]))
                assert {e.setting for e in (many or [exc])} == set(twice)
                assert all(f"{name}" in text for name in twice), text
        raise
    assert not twice, twice
    assert req["game"] in ("durak", "dunka", "elvakort", "tonk")


def _run_lesson(text: str) -> None:
    data = positions.load_json(text)
    assert 1 <= len(data["items"]) <= positions.MAX_LESSONS


def _run_message(raw: Any) -> None:
    if isinstance(raw, str):
        msg = embed.decode_message(raw)
    else:
        msg = embed.read_message(raw)
    if msg is not None:
        assert msg["type"] in embed.MESSAGE_TYPES
        json.dumps(msg, allow_nan=False)


def _run_sheet_file(item: tuple[str, str]) -> None:
    name, text = item
    sheet = scoresheet.read_file(name, text, 1_700_000_000_000)
    assert scoresheet.TableSheet.from_dict(sheet.to_dict()).to_dict() == sheet.to_dict()
    back = scoresheet.TableSheet.from_csv(sheet.to_csv(), 1)
    assert back.cells == sheet.cells


def _run_cells(item: tuple[str, list[str]]) -> None:
    """Typing texts key by key into one cell: a partial text stores nothing new, an
    invalid one leaves (after ``restore_cell``) the value from before the edit."""
    game, keys = item
    sheet = scoresheet.TableSheet.new(game, ["A", "B"], 1)
    before = sheet.cells[0][0]
    text = ""
    for key in keys:
        text = text[:-1] if key == "\b" else text + key
        stored = sheet.cells[0][0]
        if scoresheet.partial_points(game, text):
            continue
        try:
            sheet.set_cell(0, 0, text)
        except ValueError as exc:
            assert str(exc) in ("not_whole", "negative", "too_large", "too_low",
                                "clear_later_first"), exc
            assert sheet.cells[0][0] == stored  # a refused text changes nothing
            sheet.restore_cell(0, 0, before)
            assert sheet.cells[0][0] == before
            continue
        value = sheet.cells[0][0]
        assert value is None if not text.strip() else value == scoresheet.parse_points(game, text)
        low, high = scoresheet.round_bounds(game, 2)
        assert value is None or (type(value) is int and low <= value <= high)


SETTING_NAMES = ["transfer", "throw_in", "deck", "first_bout_limit_5", "trump_exchange",
                 "series_length", "last_durak_attacked_first", "max_reshuffles", "stake",
                 "no_initial_discard", "must_lay_spreads", "double_only_new_spread", "hit_lock"]
URL_KEYS = ["game", "players", "seed", "lang", "embed", "speed", "level", "position",
            "expect", "prompt", "hints", "item", *SETTING_NAMES]
url_values = st.one_of(
    st.sampled_from(["durak", "dunka", "elvakort", "tonk", "2", "3", "4", "6", "8", "on", "off",
                     "none", "sv", "en", "1", "0", "52", "36", "24", "neighbours", "fast",
                     "easy", "knock", "take", "beat 9S 8S", " 3 ", "0003", "-1", "1e3", "9",
                     "<script>", "<img src=x onerror=alert(1)>"]),
    st.sampled_from(UNICODE_DIGITS).map(lambda d: "1" + d),
    st.sampled_from(UNICODE_DIGITS),
    st.text(max_size=30),
    st.integers(0, 2**70).map(str),
    st.sampled_from(POSITIONS),
    st.tuples(st.sampled_from(POSITIONS), st.integers(0, 2**32)).map(
        lambda p: mutate(p[0], random.Random(p[1]))),
)
url_queries = st.lists(st.tuples(st.one_of(st.sampled_from(URL_KEYS), st.text(max_size=8)),
                                  url_values), max_size=7)
"""A link's ``(name, value)`` pairs in order, as ``URLSearchParams.entries()`` gives them:
a name may come twice (``?level=hard&level=easy``)."""

message_data = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(embed.MESSAGE_TYPES)},
                          optional={"game": json_values | st.sampled_from(["durak", "tonk"]),
                                    "players": json_values | st.integers(1, 9),
                                    "seed": json_values, "rules": json_values,
                                    "position": st.sampled_from(POSITIONS) | json_values,
                                    "prompt": json_values, "expect": json_values,
                                    "hints": json_values, "lang": json_values}),
    json_values,
)
message_raw = st.one_of(message_data.map(json.dumps), any_text,
                        json_mutations(lambda: [json.dumps({"type": "load-position",
                                                            "position": p, "hints": True})
                                                for p in POSITIONS]))

csv_texts = st.builds(
    lambda sheet_json, sep, rng_seed, how: _csv_variant(sheet_json, sep, random.Random(rng_seed), how),
    st.just(None), st.sampled_from(["\n", "\r", "\r\n"]), st.integers(0, 2**32), st.integers(0, 3))


def _csv_variant(_unused, sep: str, rng: random.Random, how: int) -> str:
    """A sheet's CSV file with other line ends, sometimes in the format before issue 32
    (``,``, no BOM), then ``how`` rounds of damage."""
    sheets = scoresheet.load_sheets(sample_sheets())
    text = rng.choice(sheets).to_csv().replace("\r\n", sep)
    if rng.random() < 0.3:  # (the sample's names hold no ';' or ',')
        text = text.lstrip(scoresheet.CSV_BOM).replace(";", ",")
    return text if how == 0 else mutate(text, rng, rounds=how)


sheet_files = st.one_of(
    st.tuples(st.sampled_from(["a.csv", "b.CSV", "x.txt"]), csv_texts),
    st.tuples(st.sampled_from(["a.json", "x"]),
              json_mutations(lambda: [s.to_json() for s in scoresheet.load_sheets(sample_sheets())])),
    st.tuples(st.sampled_from(["a.json", "a.csv"]), any_text),
)
cell_typing = st.tuples(st.sampled_from(["dunka", "elvakort"]),
                        st.lists(st.sampled_from(list("0123456789-+.,\u2212 ²３") + ["\b"]),
                                 max_size=10))
stored_texts = {
    "prefs": (saves.PREFS_KEY, lambda: [sample_prefs()]),
    "history": (saves.HISTORY_KEY, lambda: [sample_history()]),
    "session": (saves.SESSION_KEY, sample_saves),
    "sheets": (saves.SHEETS_KEY, lambda: [sample_sheets()]),
    "previous": (saves.PREVIOUS_KEY, sample_saves),
    "parked": (saves.parked_key("tonk"), sample_saves),  # one key per game, one reader
}

TARGETS: dict[str, Target] = {
    "json": Target("json", st.one_of(any_text, json_mutations(sample_saves)), _run_jsonsafe,
                   (jsonsafe.JsonError,), "jsonsafe.loads on any text"),
    "url": Target("url", url_queries, _run_url, (SettingError, PositionError),
                  "url_params.parse_params: URL parameters, positions, expect=, prompt="),
    "lesson": Target("lesson", st.one_of(json_mutations(sample_lessons), any_text),
                     _run_lesson, (PositionError,), "positions.load_json: lesson files"),
    "message": Target("message", st.one_of(message_raw, message_data), _run_message,
                      (embed.MessageError,), "embed.decode_message/read_message"),
    "sheet_file": Target("sheet_file", sheet_files, _run_sheet_file, (SaveError,),
                         "scoresheet.read_file: JSON and CSV imports"),
    "cells": Target("cells", cell_typing, _run_cells, (), "scoresheet cells typed key by key"),
    "rescue": Target("rescue", st.dictionaries(
        st.sampled_from(list(saves.STORED_ITEMS)),
        st.one_of(any_text, json_mutations(sample_saves),
                  json_mutations(lambda: [sample_history(), sample_sheets(), sample_prefs()])),
        max_size=5), _run_rescue, (), "saves.rescue_stored: nothing stored is lost"),
}
TARGETS["moves"] = Target(
    "moves", st.one_of(json_mutations(lambda: sample_moves()[1]), any_text), _run_moves, (),
    f"movelog.loads: the stored move history ({saves.MOVES_KEY!r})")
TARGETS["position"] = Target(
    "position", st.tuples(st.sampled_from(range(64)), st.integers(0, 2**32)).map(
        lambda p: (lambda seeds: mutate(seeds[p[0] % len(seeds)], random.Random(p[1]))
                   if p[0] % 4 else seeds[p[0] % len(seeds)])(sample_notations())),
    _run_position, (PositionError,), "positions.read and write: position links with x=",
    in_suite=False)
for _name, (_key, _seeds) in stored_texts.items():
    TARGETS[_name] = Target(_name, st.one_of(json_mutations(_seeds), any_text), _stored(_key),
                            (SaveError,), f"saves.read_stored({_key!r})")
