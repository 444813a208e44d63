"""Fuzz targets for the game-state side of issue 13: mutated saves, mutated positions and
arbitrary action texts. Used by ``test_state_fuzz.py`` (hypothesis) and meant for
``bench/fuzz.py`` (long runs): each target takes a ``choose(n) -> int in [0, n)`` source
of decisions (``random.Random(seed).randrange``, or hypothesis ``data.draw``), runs ONE
input, returns a short outcome label (``"refused"``, ``"played"``, ...) and raises on a
failure (``AssertionError`` for a broken invariant, or the unexpected exception itself).

Targets (``TARGETS[name](choose) -> str``)::

    save:durak save:dunka save:elvakort save:tonk   a real mid-game ``to_dict`` from a
        seeded playout with one mutation (``mutate``), read by ``State.from_dict``:
        ``SaveError`` ("refused"), or a state on which play goes on: every card once,
        legal actions apply, views render and the save round-trips ("played")
    session:durak session:tonk                      the same through ``Session.from_dict``
                                                    (with the Durak series)
    position:durak ... position:tonk                a written position whose ``x=`` field
        (or another field) is mutated, read by ``positions.read``: ``PositionError`` only;
        an accepted position plays on as above and ``read(write(p))`` gives it back
    action:durak ... action:tonk                    an action text from pieces and junk:
        ``parse_action`` raises ``IllegalAction`` only; a parsed action applied to a real
        state raises ``IllegalAction`` only, or keeps every card once

Standard library only (this folder also runs inside Pyodide under Node).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from functools import lru_cache
from typing import Any, Callable

from game import positions
from game.engine import IllegalAction, SaveError
from game.positions import PositionError
from game.positions.extra import decode_extra, encode_extra
from game.session import Session, game_module, make_rules

Choose = Callable[[int], int]
GAMES = ("durak", "dunka", "elvakort", "tonk")
PLAYERS = {"durak": (2, 3, 4), "dunka": (2, 3), "elvakort": (2, 5), "tonk": (2, 3, 4)}
STEPS = (0, 3, 9, 25, 60)
PLAY_ON = 6
"""Actions played on from an accepted mutated state."""

JUNK = [None, True, False, 0, 1, -1, 2, 7, 1.0, 1.5, -0.0, float("inf"), float("nan"),
        1 << 70, -(1 << 70), "", "x", "JK", "7S.1", "7S", "2H", "10H", "AS", "6H.²", "²",
        [], [[]], {}, {"kind": "set", "cards": []}, ["7S", "7S"]]
"""Values a mutation may put anywhere (every JSON type, wrong numbers, card-like text)."""


# ------------------------------------------------------------------ real states

def _deck(state) -> Counter:
    """The cards the state's game must hold, each once (by the game's own deck rule)."""
    from game.cards import make_deck
    if state.game == "durak":
        from game.durak import DECK_RANKS
        return Counter(make_deck(DECK_RANKS[state.rules.deck]))
    if state.game == "tonk":
        return Counter(make_deck(range(2, 15)))
    copies, jokers = state.ruleset.deck_counts(state.num_players)
    return Counter(make_deck(range(2, 15), copies=copies, jokers=jokers))


def conserved(state) -> None:
    """Assert that every card of the game's decks is in the state exactly once."""
    assert Counter(state.all_cards()) == _deck(state), "cards created or lost"


@lru_cache(maxsize=None)
def _playout_json(game: str, players: int, seed: int, steps: int) -> str:
    module = game_module(game)
    rules = make_rules(game, {})
    state = module.new_game(rules, [f"p{i}" for i in range(players)], seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        seats = state.to_act()
        if state.is_over() or not seats:
            break
        acts = state.legal_actions(seats[0])
        state.apply(acts[rnd.randrange(len(acts))])
    return json.dumps(state.to_dict())


def playout_save(game: str, choose: Choose) -> dict:
    """A real save (``to_dict``) from a seeded random playout of ``game``."""
    players = PLAYERS[game][choose(len(PLAYERS[game]))]
    return json.loads(_playout_json(game, players, choose(4), STEPS[choose(len(STEPS))]))


@lru_cache(maxsize=None)
def _session_json(game: str, seed: int, steps: int) -> str:
    players = [{"name": "You", "kind": "human"}] + [
        {"name": f"Bot {i}", "kind": "bot", "level": "easy"} for i in (1, 2)]
    session = Session.new(game, {}, players, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if session.waiting() == "bot":
            session.step_bot()
        elif session.waiting() == "human":
            legal = session.legal()
            session.play(legal[rnd.randrange(len(legal))])
        else:
            break
    return json.dumps(session.to_dict())


# ------------------------------------------------------------------ mutations

def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (the root included), depth first."""
    out = [path]
    if isinstance(value, dict):
        for k in value:
            out += _paths(value[k], path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def _get(value: Any, path: tuple) -> Any:
    for p in path:
        value = value[p]
    return value


def _cards_lists(value: Any) -> list[tuple]:
    """Paths of the lists of card texts inside a save (hands, piles, melds' cards)."""
    return [p for p in _paths(value) if isinstance(_get(value, p), list)
            and _get(value, p) and all(isinstance(x, str) and 2 <= len(x) <= 6
                                       for x in _get(value, p))]


def mutate(data: Any, choose: Choose) -> tuple[Any, str]:
    """One mutation of a JSON value: ``(new value, description)``. Kinds: a value swapped
    for another type or a wrong number, a number changed, a card duplicated, a card
    removed, a card moved to another list, a list shuffled, a key removed or added."""
    data = copy.deepcopy(data)
    kind = choose(8)
    card_lists = _cards_lists(data)
    if kind in (2, 3, 4) and card_lists:
        path = card_lists[choose(len(card_lists))]
        lst = _get(data, path)
        i = choose(len(lst))
        if kind == 2:
            other = card_lists[choose(len(card_lists))]
            _get(data, other).insert(choose(len(_get(data, other)) + 1), lst[i])
            return data, f"card {lst[i]} of {path} duplicated into {other}"
        if kind == 3:
            card = lst.pop(i)
            return data, f"card {card} removed from {path}"
        other = card_lists[choose(len(card_lists))]
        card = lst.pop(i)
        _get(data, other).append(card)
        return data, f"card {card} moved from {path} to {other}"
    paths = _paths(data)
    path = paths[choose(len(paths))]
    if not path:
        return JUNK[choose(len(JUNK))], "whole value replaced"
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    if kind == 5 and isinstance(value, list) and len(value) > 1:
        order = list(range(len(value)))
        for i in range(len(order) - 1, 0, -1):
            j = choose(i + 1)
            order[i], order[j] = order[j], order[i]
        parent[key] = [value[i] for i in order]
        return data, f"{path} shuffled"
    if kind == 6 and type(value) is int:
        delta = (1, -1, 2, -2, 1000, -(1 << 64), 1 << 64)[choose(7)]
        parent[key] = value + delta
        return data, f"{path} {value} -> {parent[key]}"
    if kind == 7:
        if isinstance(parent, dict):
            if choose(2):
                del parent[key]
                return data, f"{path} removed"
            parent["zz_extra"] = JUNK[choose(len(JUNK))]
            return data, "extra key added"
        if isinstance(parent, list):
            del parent[key]
            return data, f"{path} removed"
    parent[key] = copy.deepcopy(JUNK[choose(len(JUNK))])
    return data, f"{path} := {parent[key]!r}"[:120]


# ------------------------------------------------------------------ playing on

def play_on(state, choose: Choose, steps: int = PLAY_ON) -> None:
    """Check an accepted state: every card once, every seat's view renders, the save
    round-trips, and ``steps`` legal actions apply (keeping every card once)."""
    module = game_module(state.game)
    for _ in range(steps + 1):
        conserved(state)
        for seat in range(state.num_players):
            json.dumps(state.view(seat))
        data = state.to_dict()
        again = module.State.from_dict(json.loads(json.dumps(data)))
        assert again.to_dict() == data, "the save does not round-trip"
        if state.is_over():
            return
        seats = state.to_act()
        assert seats, "nobody can act in a game that is not over"
        acts = [a for s in seats for a in state.legal_actions(s)]
        assert acts, "no legal action for anyone in to_act()"
        state.apply(acts[choose(len(acts))])


# ------------------------------------------------------------------ targets

def fuzz_save(game: str, choose: Choose) -> str:
    """One mutated save of ``game`` through ``State.from_dict``."""
    data, _what = mutate(playout_save(game, choose), choose)
    try:
        state = game_module(game).State.from_dict(data)
    except SaveError:
        return "refused"
    play_on(state, choose)
    return "played"


def fuzz_session(game: str, choose: Choose) -> str:
    """One mutated session save (rules, players, series, state) through
    ``Session.from_dict``."""
    data = json.loads(_session_json(game, choose(3), STEPS[choose(len(STEPS))]))
    data, _what = mutate(data, choose)
    try:
        session = Session.from_dict(data)
    except SaveError:
        return "refused"
    play_on(session.state, choose, 2)
    again = Session.from_dict(json.loads(json.dumps(session.to_dict())))
    assert again.to_dict() == session.to_dict()
    return "played"


def fuzz_position(game: str, choose: Choose) -> str:
    """One written position with its ``x=`` field (or the whole save behind it) mutated,
    read back with and without the length limit."""
    state = game_module(game).State.from_dict(playout_save(game, choose))
    if state.is_over():
        return "skipped"
    seats = state.to_act()
    text = positions.write(positions.position_of(state, seats[0] if seats else 0))
    head, sep, x = text.partition(";x=")
    extra = decode_extra(x) if sep else {}
    extra, _what = mutate(extra, choose)
    if isinstance(extra, dict) and extra:
        text = head + ";x=" + encode_extra(extra)
    elif choose(2):
        text = head + ";x=" + encode_extra({"hands": extra})
    limit = None if choose(2) else positions.MAX_LENGTH
    try:
        pos = positions.read(text, max_length=limit)
    except PositionError:
        return "refused"
    back = positions.read(positions.write(pos), max_length=None)
    assert back.state.to_dict() == pos.state.to_dict(), "read(write(p)) differs"
    play_on(pos.state, choose, 3)
    return "played"


_VERBS = {
    "durak": ("attack", "throw", "beat", "transfer", "take", "done", "exchange"),
    "dunka": ("draw", "dunk", "pass", "meld", "layoff", "replace", "discard", "next"),
    "elvakort": ("draw", "dunk", "pass", "meld", "layoff", "replace", "discard", "next"),
    "tonk": ("knock", "draw", "spread", "hit", "discard", "end", "next"),
}
_WORDS = ("stock", "pile", "low", "high", "/", "m1", "m2", "m0", "m-1", "m²", "s1", "s0",
          "s²", "s999999999999999999999", "JK", "JK=7", "JK=QC", "JK.1=8H", "jk=jk", "7S=8S",
          "10H", "7S.1", "AS", "2C", "KD", "6H", "QS", "7S.²", "7S.99999", "1H", "XS", "",
          "=", "==", ".", "7", "²", "\u00a0", "ＡＳ")


def action_text(game: str, choose: Choose) -> str:
    """An action text: a verb of ``game`` (or junk) and up to 8 words, cards and junk."""
    verbs = _VERBS[game]
    words = [verbs[choose(len(verbs))] if choose(4) else _WORDS[choose(len(_WORDS))]]
    for _ in range(choose(9)):
        words.append(_WORDS[choose(len(_WORDS))])
    return " ".join(words)


def check_action_text(game: str, text: Any, state=None, seat: int = 0) -> str:
    """``parse_action`` on ``text`` for ``seat``: only ``IllegalAction``; a parsed action
    applied to ``state`` (a real one by default) raises only ``IllegalAction`` or keeps
    every card once. The state given is not changed."""
    module = game_module(game)
    try:
        action = module.parse_action(text, seat)
    except IllegalAction:
        return "refused"
    if state is None:
        return "parsed"
    trial = state.clone()
    try:
        trial.apply(action)
    except IllegalAction:
        return "parsed"
    conserved(trial)
    return "applied"


def fuzz_action(game: str, choose: Choose) -> str:
    """One action text for ``game`` from pieces and junk, parsed and tried on a real
    state at the seat in turn."""
    state = game_module(game).State.from_dict(playout_save(game, choose))
    seats = state.to_act()
    text = action_text(game, choose)
    if seats and choose(2):  # the seat in turn's own cards make legal-looking texts
        hand = [str(c) for c in state.hands[seats[0]]]
        verb = _VERBS[game][choose(len(_VERBS[game]))]
        picks = [hand[choose(len(hand))] for _ in range(choose(4))] if hand else []
        return check_action_text(game, " ".join([verb, *picks]), state, seats[0])
    return check_action_text(game, text, state)


TARGETS: dict[str, Callable[[Choose], str]] = {}
for _game in GAMES:
    TARGETS[f"save:{_game}"] = (lambda g: lambda choose: fuzz_save(g, choose))(_game)
    TARGETS[f"position:{_game}"] = (lambda g: lambda choose: fuzz_position(g, choose))(_game)
    TARGETS[f"action:{_game}"] = (lambda g: lambda choose: fuzz_action(g, choose))(_game)
for _game in ("durak", "tonk"):
    TARGETS[f"session:{_game}"] = (lambda g: lambda choose: fuzz_session(g, choose))(_game)


def run(name: str, seed: int) -> str:
    """Run target ``name`` once with decisions from ``random.Random(seed)`` (bench use)."""
    return TARGETS[name](random.Random(seed).randrange)


def nested(depth: int) -> list:
    """A list nested ``depth`` levels deep (``[[[...]]]``), for tests that a reader never
    recurses. Free it with ``dismantle``: letting Python free it recurses once per level in
    C, which overflows the JavaScript stack in Pyodide."""
    deep: list = []
    for _ in range(depth):
        deep = [deep]
    return deep


def dismantle(deep: list) -> None:
    """Empty every level of ``nested(...)`` from the outside in, so that freeing it never
    recurses (however many other references to its outer levels are still alive)."""
    while deep:
        inner = deep[0]
        deep.clear()
        deep = inner

