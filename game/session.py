"""A table: one game (and its series) with people and computer players at one device.

This is the engine-side driver of the page: it owns the current game state, the records,
and who acts next, and it turns text actions from the UI into engine actions. It holds no
browser code, so the whole flow of a game is tested in plain CPython; ``game.web`` only
draws ``Session.view()`` and forwards clicks to ``Session.play``.

Turn policy: the engine's ``to_act()`` lists who may act in priority order. When the first
of them is a computer player, ``step_bot`` makes its move; when it is the human, the table
waits. The human may also act whenever they are anywhere in ``to_act()`` (a Durak throw-in
while the defender thinks), because the engine accepts any legal action of any listed seat.

Pass-and-play (issue 12, ``game.people``): with several people, ``human`` is *the person
in turn*, the one the table serves now; views, legal actions, hints and ``play`` are
theirs. Claims of a discard and Durak throw-ins are asked in one prompt
(``out_of_turn``) that shows no hand. With one person everything is as it always was.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from . import people as _people
from .engine import GameState, IllegalAction, Rng, SaveError, SettingError

GAMES: dict[str, dict[str, Any]] = {
    "durak": {"built": True, "players": (2, 6), "module": "durak", "fixed": {},
              "series": True},
    "dunka": {"built": True, "players": (2, 6), "default_players": 4, "module": "rummy",
              "fixed": {"variant": "dunka"}, "series": False},
    "elvakort": {"built": True, "players": (2, 8), "default_players": 4, "module": "rummy",
                 "fixed": {"variant": "elvakort"}, "series": False},
    "tonk": {"built": True, "players": (2, 4), "module": "tonk", "fixed": {},
             "series": False},
}
"""Every game of the lobby: whether it is playable yet, its player range, the engine module
(imported only when the game is played, so a page with one game compiles one engine), the
lobby's default player count where the rules name one (``default_players``; else 2), the
settings fixed by the game (Dunka is the rummy engine with ``variant="dunka"``), and
whether games are grouped in a series (Durak, DUR-20; Dunka's six rounds and Tonk's hands
are one game each)."""

STAKES = (1, 2, 5, 10)
"""The stakes offered for Tonk's ``stake`` (any whole number ≥ 1 is valid in the engine)."""
BETWEEN_PHASES = ("round_over", "hand_over")
"""Phases between rounds/hands: the table waits for the human to deal on (``next``)."""

LEVELS = ("easy", "normal", "hard")
LOBBY_LEVELS = {"durak": LEVELS, "tonk": LEVELS, "elvakort": LEVELS, "dunka": LEVELS}
"""The levels the lobby offers per game (``offered_levels``). The hard level is offered
where it measurably beats normal, its 95 % interval above even (issue 17; two players):
Durak (``bench/bots.py --durak-hard``: 63.6 % of 1,200 games, 60.8-66.3 %, and 67.2 % of
400 fresh ones, 62.5-71.7 %; ``game.bots.durak_hard``), Tonk (``bench/bots.py --game
tonk --level hard --opponent normal --games 4000 --first-deal 51000``: +0.054 chips per
hand, +0.017 to +0.091; ``game.bots.tonk_hard``), Elvakort (``bench/bots.py --game
elvakort --level hard --opponent normal``, 500 games from ``--first-deal 400000`` and
200 from 400250: 57.4 % of 700, 53.7-61.0 %; ``game.bots.elvakort_hard``) and Dunka
(the same with ``--game dunka``, 500 games from 420000: 55.2 %, 50.8-59.5 %;
``game.bots.dunka_hard``). Issue 17's goals (60 %, Tonk +0.2 chips) are met by Durak
only. A link or an embedding message may ask for ``level=hard`` in any game."""


def offered_levels(game: str) -> tuple[str, ...]:
    """The levels the lobby offers for ``game`` (a ``GAMES`` key), weakest first."""
    return LOBBY_LEVELS.get(game, ("easy", "normal"))

LANGUAGES = ("sv", "en")
SPEEDS = ("slow", "normal", "fast", "instant")
MAX_SEED = (1 << 63) - 1
HINT_SLICES = 6
"""Slices of the normal player's sliced search (``bots.think``: Durak's endgame search,
``game.bots.durak.SLICE_BUDGET`` units of work each) that ``Session.hint`` may use. The
page computes a hint at once (the Hint button; a lesson with ``expect=`` at its start), so
it must stay within issue 13's 250 ms in Pyodide: the whole ``SEARCH_BUDGET`` of a
two-player endgame of 12 or more cards took 1.8 s of CPU there; with 8 slices the worst
position's read, render and hint took 197 ms, so 6 keep a margin (bench/fuzz_worst.py).
Past these slices the hint is the normal player's move without the search
(``game.bots.durak.heuristic``), as when the bot's own budget runs out."""


def game_module(game: str):
    """The engine module of a playable game, imported on first use.

    Raises ``SettingError`` (listing the playable games) for an unknown or unbuilt game.
    """
    if game not in GAMES or not GAMES[game]["built"]:
        raise SettingError("game", game, [g for g in GAMES if GAMES[g]["built"]])
    return importlib.import_module(f"{__package__}.{GAMES[game]['module']}")


def settings(game: str) -> list[tuple[str, tuple]]:
    """The settings a player may choose for ``game``: ``[(name, allowed values)]`` in the
    engine's order; on/off settings have ``(False, True)``. Raises ``SettingError``."""
    rules = game_module(game).Rules
    out = [(name, allowed) for name, allowed in rules.CHOICES.items()
           if name not in GAMES[game]["fixed"]]
    if "stake" in {f for f in rules.__dataclass_fields__}:
        out.insert(0, ("stake", STAKES))
    return out


def needs_players(game: str) -> dict[str, int]:
    """The on/off settings of ``game`` that need a number of players: ``{name: fewest}``
    (Durak's "first attack limited to 5": 4, DUR-11); empty for the other games. The lobby
    shows them off and disabled below that; ``Rules.check_players`` refuses them.
    Raises ``SettingError`` for an unknown game."""
    return dict(getattr(game_module(game).Rules, "NEEDS_PLAYERS", {}))


def make_rules(game: str, given: dict):
    """The game's ``Rules`` from chosen settings plus the game's fixed ones.

    Raises ``SettingError`` for an unknown setting or a bad value."""
    fixed = GAMES[game]["fixed"]
    for key in given:
        if key in fixed and given[key] != fixed[key]:
            raise SettingError(key, given[key], [fixed[key]])
    return game_module(game).Rules.from_dict({**dict(given), **fixed})


def _check_players(players: list[dict], low: int, high: int) -> list[dict]:
    if not isinstance(players, list) or not low <= len(players) <= high:
        raise SettingError("players", len(players) if isinstance(players, list) else players,
                           range(low, high + 1))
    clean = []
    for p in players:
        if not isinstance(p, dict):
            raise SettingError("players", type(p).__name__, ["{name, kind, level}"])
        kind = p.get("kind")
        if kind not in ("human", "bot"):
            raise SettingError("kind", kind, ("human", "bot"))
        name = p.get("name", "")
        if not isinstance(name, str):
            raise SettingError("name", type(name).__name__, ["a text"])
        name = _people.clean_name(name)
        entry = {"name": name, "kind": kind}
        if kind == "bot":
            level = p.get("level", "normal")
            if level not in LEVELS:
                raise SettingError("level", level, LEVELS)
            entry["level"] = level
        clean.append(entry)
    if not any(p["kind"] == "human" for p in clean):
        raise SettingError("players", "humans", ["at least one person"])
    return clean


@dataclass
class Session:
    """One table: the current game, its records, and who the players are.

    Attributes:
        game: the game id (``"durak"``, ``"dunka"``, ``"tonk"``).
        rules: the game's ``Rules``.
        players: ``[{"name", "kind": "human"|"bot", "level"}]``, seat order.
        seed: the session seed; game ``k`` is dealt with a seed derived from it.
        series: the ``DurakSeries`` tally for Durak (DUR-20); ``None`` for games whose
            records live in the state (Dunka's scoresheet, DUN-18; Tonk's ledger).
        state: the current game's state.
        moves: actions applied so far in this session (gives each bot decision its seed).
        played: those of them made by a person (``play_as``): 0 for a game nobody has
            touched yet, such as one a link just dealt whose computers moved first (a
            link that replaces it keeps the game played before it, ``game.web.boot``).
        games_done: finished games in this session (numbers the games of Dunka and Tonk).
        viewer: the person who saw the table last (pass-and-play, ``game.people``; the
            page sets it when a person taps "show my cards"); the only person's seat in a
            one-person game.
        chosen: the person chosen in a Durak throw-in prompt, until they play or decline.
        interim: the view (``view()``'s shape) of the table as the last move left it
            just before the bout it ended was cleared (Durak: a beat, throw-in or take
            that nobody could answer, DUR-14, DUR-15), or None; not saved. The page shows
            it before the cleared table, so that the move is seen.
    """

    game: str
    rules: Any
    players: list[dict]
    seed: int
    series: Any
    state: GameState
    moves: int = 0
    games_done: int = 0
    viewer: int = -1
    chosen: int | None = None
    played: int = 0
    interim: dict | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.viewer not in self.humans:
            self.viewer = self.humans[0]
        _people.ask_people(self)

    @classmethod
    def new(cls, game: str, rules: dict, players: list[dict], seed: int) -> "Session":
        """Start a session. ``rules`` maps setting names to values; ``players`` as above,
        each name cleaned (``people.clean_name``: no control, bidi or zero-width
        character).

        Raises ``SettingError`` for an unknown game, a bad setting, player list or seed;
        ``people.SameNames`` (a ``SettingError``) when two seats have one name after
        cleaning, ignoring case (``people.same_names``: "Anna", "anna", "An\\u200bna").
        """
        module = game_module(game)
        low, high = GAMES[game]["players"]
        players = _check_players(players, low, high)
        _people.check_names([p["name"] for p in players])
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise SettingError("seed", seed, range(0, MAX_SEED + 1))
        rules_obj = make_rules(game, dict(rules))
        series = None
        if GAMES[game]["series"]:
            from .records import DurakSeries
            series = DurakSeries(rules_obj.series_length, len(players))
        state = module.new_game(rules_obj, [p["name"] for p in players], cls._game_seed(seed, 0))
        return cls(game, rules_obj, players, seed, series, state)

    @classmethod
    def from_position(cls, position, level: str = "normal",
                      names: list[str] | None = None) -> "Session":
        """A session that plays on from a teaching ``position`` (``game.positions``): the
        learner at ``position.human`` (kind human), every other seat a computer player of
        ``level``; the state is a copy of ``position.state``. Its saves round-trip like any
        session's. ``names`` (one per seat): the names to use when the position gave none
        (``position.named`` False; the page's usual "Du"/"Dator 1"); ignored otherwise.
        Raises ``SettingError`` for a bad level or player list."""
        if level not in LEVELS:
            raise SettingError("level", level, LEVELS)
        game = position.game
        module = game_module(game)
        low, high = GAMES[game]["players"]
        data = position.state.to_dict()
        seat_names = list(position.names)
        if names is not None and not getattr(position, "named", True) \
                and len(names) == len(seat_names):
            seat_names = data["names"] = [str(x) for x in names]
        players = _check_players(
            [{"name": name, "kind": "human"} if seat == position.human else
             {"name": name, "kind": "bot", "level": level}
             for seat, name in enumerate(seat_names)], low, high)
        state = module.State.from_dict(data)
        series = None
        if GAMES[game]["series"]:
            from .records import DurakSeries
            series = DurakSeries(state.rules.series_length, len(players))
        return cls(game, state.rules, players, state.seed & MAX_SEED, series, state)

    def hint(self) -> dict | None:
        """The move the ``normal`` computer player would make in the human's seat, from
        the human's view, and why where the move shows it (issue 6, hints):
        ``{"action": "<action text>", "code": "<why code>" or None, "params": {...}}``;
        the code's text is ``hint_<code>`` (``game.hints.explain``). None when the
        human has nothing to do now (game over, between rounds, not among ``to_act()``).
        Deterministic (the bot's seed comes from the state) and changes nothing. Bounded
        work: a search needing more than ``HINT_SLICES`` slices gives way to the normal
        player's move without it (issue 13: the page waits for the hint)."""
        if self.state.is_over() or self.between:
            return None
        seat = self.human
        if seat not in self.state.to_act():
            return None
        legal = self.state.legal_actions(seat)
        if not legal:
            return None
        import json
        import zlib

        from . import bots, hints
        text = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
        view = self.state.view(seat)
        search = bots.think(view, legal, "normal", seed=zlib.crc32(text.encode("utf-8")))
        for _ in range(HINT_SLICES):  # each next() is one slice of work
            try:
                next(search)
            except StopIteration as stop:
                action = stop.value
                break
        else:
            search.close()
            from .bots.durak import heuristic  # the only normal player that searches
            action = heuristic(view, legal)
        code, params = hints.explain(self.state, seat, action)
        return {"action": str(action), "code": code, "params": params}

    @staticmethod
    def _game_seed(seed: int, index: int) -> int:
        """The deal seed of game ``index`` of a session (shown to players after the game)."""
        return Rng(seed + index * 0x9E3779B97F4A7C15).next64() & MAX_SEED

    @property
    def human(self) -> int:
        """The seat of the person in turn (``game.people.person_in_turn``); the human's
        seat in a one-person game."""
        return _people.person_in_turn(self)

    @property
    def humans(self) -> list[int]:
        """The seats of every person, in seat order (one or more)."""
        return _people.humans(self.players)

    def out_of_turn(self) -> dict | None:
        """The claim or throw-in prompt of a pass-and-play table, or None
        (``game.people.out_of_turn``)."""
        return _people.out_of_turn(self)

    @property
    def between(self) -> bool:
        """True between two rounds or hands of one game (the table waits for ``next``)."""
        return getattr(self.state, "phase", None) in BETWEEN_PHASES

    def actor(self) -> int | None:
        """The seat the table waits for (first in ``to_act()``; the human between rounds),
        or None when the game is over."""
        seats = self.state.to_act()
        if self.between and self.human in seats:
            return self.human
        return seats[0] if seats else None

    def waiting(self) -> str:
        """``"human"``, ``"bot"``, ``"game_over"`` (another game of the series may be dealt)
        or ``"series_over"`` (only a new session may follow; every finished Dunka game)."""
        if self.state.is_over():
            if self.series is None or self.series.is_over():
                return "series_over"
            return "game_over"
        actor = self.actor()
        return "human" if self.players[actor]["kind"] == "human" else "bot"

    def legal(self) -> list[str]:
        """The human's legal actions as text, in the engine's stable order (the person in
        turn's; a chosen Durak thrower with nothing to throw in may only decline:
        ``["done"]``, DUR-14)."""
        return [str(a) for a in self.state.legal_actions(self.human)]

    def view(self) -> dict:
        """Everything the page draws, JSON-safe: ``{"game", "state": <the human's view>,
        "legal", "players", "human", "series" (or None), "actor", "waiting", "game_seed",
        "game_number", "humans" (every person's seat), "out_of_turn" (the pass-and-play
        prompt or None, ``game.people.out_of_turn``)}``; "human" is the person in turn."""
        done = len(self.series.results) if self.series is not None else self.games_done
        return {"game": self.game, "state": self.state.view(self.human), "legal": self.legal(),
                "players": [dict(p) for p in self.players], "human": self.human,
                "series": self.series.to_dict() if self.series is not None else None,
                "actor": self.actor(), "waiting": self.waiting(), "game_seed": self.state.seed,
                "game_number": done + (0 if self.state.is_over() else 1),
                "humans": self.humans, "out_of_turn": self.out_of_turn()}

    def _after(self, action, events: list[dict]) -> list[dict]:
        self.moves += 1
        self.chosen = None
        events.insert(0, {"type": "action", "player": action.player, "text": str(action)})
        if self.state.is_over():
            self.games_done += 1
            if self.series is not None:
                self.series.record(self.state.outcome()["durak"])
        return events

    def play(self, text: str) -> list[dict]:
        """Apply the human's action given as text. Returns the events.

        Raises ``IllegalAction`` (state unchanged) when the text is not a legal action.
        """
        return self.play_as(self.human, text)

    def play_as(self, seat: int, text: str) -> list[dict]:
        """Apply the action ``text`` of the person at ``seat`` (a claim or a throw-in out
        of turn, ``game.people``). Returns the events. Raises ``IllegalAction`` (state
        unchanged) when it is not legal for them, or ("not_a_person") for a computer's
        seat."""
        if not isinstance(seat, int) or seat not in self.humans:
            raise IllegalAction("not_a_person", "that seat is not a person's")
        action = game_module(self.game).parse_action(text, seat)
        events = self._apply(action)
        self.played += 1
        return events

    def step_bot(self) -> list[dict]:
        """If a computer player is to act, make its move and return the events; else ``[]``."""
        from .bots import pimc
        return pimc.drive(self.step_bot_sliced())

    def step_bot_sliced(self):
        """``step_bot`` in slices, for a page that must stay responsive while the hard
        player searches: a generator that yields ``None`` after each unit of the search
        (one rollout, ``game.bots.pimc``; a few to a few tens of milliseconds in CPython)
        and finally makes the move and returns the events (``StopIteration.value``; ``[]``
        when no computer player is to act). The same move as ``step_bot``. The session
        must not change between slices (the human is not to act while a bot thinks)."""
        if self.waiting() != "bot":
            return []
        from . import bots
        seat = self.actor()
        legal = self.state.legal_actions(seat)
        action = yield from bots.think(self.state.view(seat), legal,
                                       self.players[seat]["level"],
                                       seed=self.state.seed ^ self.moves)
        return self._apply(action)

    def _apply(self, action) -> list[dict]:
        """Apply ``action`` (``IllegalAction`` when it is not legal: nothing changes) and
        return its events (``_after``); sets ``interim``."""
        shown = getattr(self.state, "before_bout_end", None)
        before = self.state.clone() if shown is not None else None
        events = self._after(action, self.state.apply(action))
        self.interim = None
        if before is not None and any(ev.get("type") in ("discard", "pick_up")
                                      for ev in events):
            mid = before.before_bout_end(action)
            if mid is not None:
                self.interim = self._interim_view(mid, action.player)
        return events

    def _interim_view(self, mid: GameState, mover: int) -> dict:
        """``view()`` of the state ``mid`` (the bout not yet cleared, ``interim``): nobody
        may act on it ("legal" empty, "waiting" "bot": the table waits for the page, not
        for a person), "actor" the seat that just moved, "interim" True."""
        v = self.view()
        v.update({"state": mid.view(self.human), "legal": [], "actor": mover,
                  "waiting": "bot", "interim": True, "out_of_turn": None})
        return v

    def next_game(self) -> None:
        """Deal the next game of a Durak series. The last Durak deals (house rule; after a
        draw the deal passes left) and DUR-7 decides who attacks first.

        Raises ``IllegalAction`` ("game_not_over" / "series_over") when not allowed now.
        """
        if not self.state.is_over():
            raise IllegalAction("game_not_over", "the game is not over yet")
        if self.series is None or self.series.is_over():
            raise IllegalAction("series_over", "the series is over")
        module = game_module(self.game)
        last = self.series.last_durak
        dealer = last if last is not None else (self.state.dealer + 1) % len(self.players)
        self.state = module.new_game(self.rules, [p["name"] for p in self.players],
                                     self._game_seed(self.seed, len(self.series.results)),
                                     dealer=dealer, last_durak=last)
        _people.ask_people(self)

    def record(self) -> dict | None:
        """The finished game as a history entry, JSON-safe, or None while it runs or for
        games without a record (Tonk). For Dunka and Elvakort (DUN-18): ``{"id", "game",
        "names", "contracts", "rounds": [{"round", "contract", "points", "out", ...}],
        "totals", "winners", "seed"}``. For Durak, once the series is over (DUR-20, issue
        12: the tally carries the people's names): ``{"id", "game": "durak", "names",
        "length", "results": [the Durak's seat or None for a draw, per game],
        "durak_counts", "draws", "seed"}``. ``id`` is stable, so saving it twice keeps
        one entry."""
        if self.series is not None:
            if not self.state.is_over() or not self.series.is_over():
                return None
            tally = self.series.to_dict()
            return {"id": f"{self.game}-{self.seed}-{len(self.series.results)}",
                    "game": self.game, "names": [p["name"] for p in self.players],
                    "length": tally["length"], "results": tally["results"],
                    "durak_counts": tally["durak_counts"], "draws": tally["draws"],
                    "seed": self.seed}
        if not self.state.is_over() or not hasattr(self.state, "scoresheet"):
            return None
        sheet = self.state.scoresheet()
        outcome = self.state.outcome() or {}
        return {"id": f"{self.game}-{self.seed}-{self.games_done}", "game": self.game,
                "names": [p["name"] for p in self.players], "contracts": sheet["contracts"],
                "rounds": sheet["rounds"], "totals": sheet["totals"],
                "winners": list(outcome.get("winners", [])), "seed": self.state.seed}

    def to_dict(self) -> dict:
        """JSON-safe; ``from_dict`` restores it exactly."""
        return {"game": self.game, "rules": self.rules.to_dict(), "players": self.players,
                "seed": self.seed,
                "series": self.series.to_dict() if self.series is not None else None,
                "state": self.state.to_dict(), "moves": self.moves,
                "games_done": self.games_done, "viewer": self.viewer, "played": self.played}

    @classmethod
    def from_dict(cls, data: dict) -> "Session":
        """Rebuild a session. Raises ``SaveError`` when anything in it is damaged."""
        from . import checks
        try:
            checks.fields(data, "session", ("game", "rules", "players", "seed", "series",
                                            "state", "moves"), ("games_done", "viewer", "played"))
            game = data["game"]
            if not isinstance(game, str):
                raise SaveError("session.game: not a game name")
            module = game_module(game)
            low, high = GAMES[game]["players"]
            players = _check_players(data["players"], low, high)
            rules = checks.rules(module.Rules, data["rules"], "session.rules")
            if hasattr(rules, "fitted"):  # an old save: DUR-11 off below four players
                rules = rules.fitted(len(players))
            if any(getattr(rules, k) != v for k, v in GAMES[game]["fixed"].items()):
                raise SaveError("the rules do not belong to this game")
            state = module.State.from_dict(data["state"])
            series = None
            if GAMES[game]["series"]:
                from .records import DurakSeries
                series = DurakSeries.from_dict(data["series"])
                if series.players != len(players):
                    raise SaveError("the player lists do not match")
                if series.is_over() and not state.is_over():
                    raise SaveError("the series is over but its game is still running")
            elif data["series"] is not None:
                raise SaveError("a series tally for a game without series")
            seed = checks.whole(data["seed"], "session.seed", 0, MAX_SEED)
            moves = checks.whole(data["moves"], "session.moves", 0, checks.MAX_INT)
            games_done = checks.whole(data.get("games_done", 0), "session.games_done", 0,
                                      checks.MAX_INT)
            # a save from before "played" was kept: any move may have been a person's
            played = checks.whole(data.get("played", moves), "session.played", 0, moves)
            if state.num_players != len(players):
                raise SaveError("the player lists do not match")
            viewer = data.get("viewer", _people.humans(players)[0])
            if viewer not in _people.humans(players) or isinstance(viewer, bool):
                raise SaveError("session.viewer: not a person's seat")
            if state.rules != rules:
                raise SaveError("the session's rules are not its game's rules")
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, ImportError) as exc:
            raise SaveError(f"damaged session: {exc}") from exc
        return cls(game, rules, players, seed, series, state, moves, games_done, viewer,
                   played=played)
