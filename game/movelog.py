"""The move history of a table (issue 11): the engine events of the current round or hand
and of the previous one, kept beside the saved game so that a reload shows them again.

A ``MoveLog`` belongs to one session (its game, seed and move count): the page adds the
events of every move (``add``), writes ``dumps(log)`` under ``saves.MOVES_KEY`` after the
session, and at boot reads it back with ``loads(text, session)``. The log is only a
convenience: stored text that is damaged, too large, or belongs to another game (or to an
older state of this one, e.g. the save was written but the log was not) gives an empty
log for the session, never an error, so it can never stop the page from starting.

Events are the engine's JSON-safe dicts, kept as they are (the page's ``describe(ev)``
tells them in the page's language, so a language switch re-tells the history). Stored
events are checked without recursion: objects and lists nested at most ``MAX_DEPTH`` deep,
at most ``MAX_NODES`` values per event, texts of at most ``MAX_TEXT`` characters, whole
numbers within ``checks.MAX_INT``.

Pure Python, no browser imports (tested in CPython).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import jsonsafe
from .checks import MAX_INT
from .jsonsafe import is_int, is_text

FORMAT = "kortbordet-moves"
VERSION = 1
ROUNDS = 2
"""Rounds (or hands, or Durak games) kept: the current one and the one before it."""
MAX_EVENTS = 1500
"""Events kept per round; the oldest go first (a real round has a few hundred)."""
MAX_LAST = 40
"""Events kept of the last line ("what the computer just did")."""
MAX_CHARS = 400_000
"""Stored text above this size is not read (an empty log instead)."""
MAX_DEPTH = 6
MAX_NODES = 600
MAX_TEXT = 100


def round_key(state: Any) -> list[int]:
    """Which round a game state is in, as ``[deal seed, round or hand number]``: the seed
    of the deal tells a new game of a Durak series or of a session apart; Dunka's and
    Elvakort's ``round`` and Tonk's ``hand_no`` tell the rounds of one game apart
    (Durak has one round per game: 0)."""
    number = getattr(state, "round", None)
    if not is_int(number):
        number = getattr(state, "hand_no", 0)
    return [int(getattr(state, "seed", 0)), int(number) if is_int(number) else 0]


@dataclass
class MoveLog:
    """The history of one session's table.

    Attributes:
        game, seed: the session's game id and seed (``Session.game``, ``Session.seed``).
        moves: ``Session.moves`` when the log was last added to (a stored log is used only
            when it still matches the saved session).
        rounds: ``[{"key": round_key, "events": [event, ...]}]``, oldest first, at most
            ``ROUNDS``.
        last: the events the one-line log shows (what the others just did), or ``[]``.
    """

    game: str
    seed: int
    moves: int = 0
    rounds: list[dict] = field(default_factory=list)
    last: list[dict] = field(default_factory=list)

    @classmethod
    def fresh(cls, session: Any) -> "MoveLog":
        """A new log for ``session``: empty, except that a game nobody has moved in yet
        starts with the events of its deal when the state tells them
        (``state.opening_events()``: Dunka's card turned up to start the discard pile,
        DUN-5), in the round and in the one-line log."""
        log = cls(session.game, session.seed, session.moves)
        opening = getattr(session.state, "opening_events", None)
        events = opening() if session.moves == 0 and callable(opening) else []
        if events:
            log.rounds = [{"key": round_key(session.state), "events": list(events)}]
            log.last = list(events)[-MAX_LAST:]
        return log

    def matches(self, session: Any) -> bool:
        """True when the log belongs to ``session`` as it is now."""
        return (self.game, self.seed, self.moves) == (session.game, session.seed,
                                                      session.moves)

    def add(self, session: Any, events: list[dict], last: list[dict] | None = None) -> None:
        """Add the ``events`` of the move just made in ``session`` (after ``play`` or
        ``step_bot``) to the round ``session.state`` is in now, starting a new round (and
        dropping the oldest) when the round changed; ``last``, when given, replaces the
        one-line log's events. A log of another session is emptied first."""
        if (self.game, self.seed) != (session.game, session.seed):
            self.game, self.seed, self.rounds, self.last = session.game, session.seed, [], []
        key = round_key(session.state)
        if not self.rounds or self.rounds[-1]["key"] != key:
            self.rounds = [*self.rounds, {"key": key, "events": []}][-ROUNDS:]
        kept = [ev for ev in events if isinstance(ev, dict) and ev.get("type") != "action"]
        current = self.rounds[-1]
        current["events"] = (current["events"] + kept)[-MAX_EVENTS:]
        if last is not None:
            self.last = list(last)[-MAX_LAST:]
        self.moves = session.moves

    def to_dict(self) -> dict:
        """JSON-safe; ``from_dict`` reads it back."""
        return {"format": FORMAT, "version": VERSION, "game": self.game, "seed": self.seed,
                "moves": self.moves, "rounds": self.rounds, "last": self.last}

    @classmethod
    def from_dict(cls, data: Any) -> "MoveLog":
        """Read a stored log. Raises ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or data.get("version") != VERSION:
            raise ValueError("not a Kortbordet move history")
        game, seed, moves = data.get("game"), data.get("seed"), data.get("moves")
        if not is_text(game, 20, empty=False) or not (is_int(seed) and 0 <= seed <= MAX_INT) \
                or not (is_int(moves) and 0 <= moves <= MAX_INT):
            raise ValueError("the move history names no game")
        rounds = data.get("rounds")
        if not isinstance(rounds, list) or len(rounds) > ROUNDS:
            raise ValueError("the move history's rounds are damaged")
        for r in rounds:
            if not isinstance(r, dict) or set(r) != {"key", "events"}:
                raise ValueError("a round of the move history is damaged")
            key = r["key"]
            if not isinstance(key, list) or len(key) != 2 \
                    or not all(is_int(k) and 0 <= k <= MAX_INT for k in key):
                raise ValueError("a round of the move history has no valid key")
            _events(r["events"], MAX_EVENTS)
        last = data.get("last")
        _events(last, MAX_LAST)
        return cls(game, seed, moves, [{"key": list(r["key"]), "events": r["events"]}
                                       for r in rounds], last)


def last_line(line: list[dict], shown: list[dict], fresh: bool) -> list[dict]:
    """The events of the one-line log ("what the others just did") after another player's
    move ``shown`` (its events); ``line`` is the line so far, ``fresh`` true when the
    person has moved since (the line starts again). The computers play a move at a time
    (Dunka: draw, lay down, lay off, discard; then the next computer), so every move since
    the person's own is kept, oldest first; the page tells each player's moves in a row
    as one sentence (``game.web.turn_line``: "Anna drew from the stock, laid down … and
    discarded …", so a draw from the stock costs no line of its own) and shows the newest
    sentences that fit (static/css/table.css): a computer's lay-down is not replaced by
    its discard, nor by the next computer's turn, before the person has read it. At most
    ``MAX_LAST`` events, the newest. A line that tells only the card turned up to start
    the discard pile (a ``deal`` with a ``pile``, DUN-5, TONK-4; ``turn_up``, ELV-4) is
    kept even when ``fresh``: it is what the round starts with, and the computers' opening
    discards follow it ("7♥ was turned up … Computer 1 discarded J♥."), instead of the
    first of them wiping it before it was read.

    >>> draw = {"type": "draw", "player": 1, "source": "stock"}
    >>> meld = {"type": "meld", "player": 1}
    >>> line = last_line([], [draw], True)
    >>> last_line(line, [meld], False)
    [{'type': 'draw', 'player': 1, 'source': 'stock'}, {'type': 'meld', 'player': 1}]
    >>> last_line(line, [meld], True)
    [{'type': 'meld', 'player': 1}]
    """
    turn = list(shown) if fresh and not turn_up_only(line) else line + shown
    return turn[-MAX_LAST:]


def turn_up_only(line: list[dict]) -> bool:
    """True when ``line`` holds events and each turns up a card to start the discard pile,
    or is a Durak deal (its trump card, then the first bout: ``State.opening_events``)
    (``last_line``; the page's live region continues such a line in the same way).

    >>> turn_up_only([{"type": "deal", "trump_card": "7H"},
    ...               {"type": "bout", "attacker": 1, "defender": 0}])
    True
    >>> turn_up_only([{"type": "bout", "attacker": 1, "defender": 0}])
    False
    """
    def dealt(ev) -> bool:
        return isinstance(ev, dict) and (ev.get("type") == "turn_up" or (
            ev.get("type") == "deal" and bool(ev.get("pile") or ev.get("trump_card"))))
    return bool(line) and dealt(line[0]) and all(
        dealt(ev) or (isinstance(ev, dict) and ev.get("type") == "bout") for ev in line)


def _events(value: Any, limit: int) -> None:
    """Raise ``ValueError`` unless ``value`` is a list of at most ``limit`` events."""
    if not isinstance(value, list) or len(value) > limit:
        raise ValueError("the move history's events are damaged")
    for ev in value:
        if not isinstance(ev, dict) or not is_text(ev.get("type"), 30, empty=False):
            raise ValueError("an event of the move history is damaged")
        _event_ok(ev)


def _event_ok(ev: dict) -> None:
    """Walk ``ev`` without recursion: raise ``ValueError`` on a value that is not JSON
    made of short texts, bounded whole numbers, booleans and null, nested at most
    ``MAX_DEPTH`` deep, at most ``MAX_NODES`` values in all."""
    stack: list[tuple[Any, int]] = [(ev, 0)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES or depth > MAX_DEPTH:
            raise ValueError("an event of the move history is too large")
        if isinstance(value, dict):
            for k, v in value.items():
                if not is_text(k, 30):
                    raise ValueError("an event of the move history has a bad field")
                stack.append((v, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise ValueError("an event of the move history holds a long text")
        elif isinstance(value, bool) or value is None:
            pass
        elif is_int(value):
            if abs(value) > MAX_INT:
                raise ValueError("an event of the move history holds a huge number")
        else:
            raise ValueError("an event of the move history holds a bad value")


def dumps(log: MoveLog) -> str:
    """The log as stored text."""
    return json.dumps(log.to_dict(), separators=(",", ":"))


def loads(text: Any, session: Any) -> MoveLog:
    """The stored log for ``session``: the stored one when it is readable and still
    matches the session (``MoveLog.matches``), else an empty one. Never raises."""
    if session is None:
        return MoveLog("", 0)
    if not text or not isinstance(text, str) or len(text) > MAX_CHARS:
        return MoveLog.fresh(session)
    try:
        log = MoveLog.from_dict(jsonsafe.loads(text, max_chars=MAX_CHARS, max_depth=12))
    except ValueError:  # JsonError too
        return MoveLog.fresh(session)
    return log if log.matches(session) else MoveLog.fresh(session)
