"""A table: one game (and its series) with one human seat and computer players.

This is the engine-side driver of the page: it owns the current game state, the records,
and who acts next, and it turns text actions from the UI into engine actions. It holds no
browser code, so the whole flow of a game is tested in plain CPython; ``game.web`` only
draws ``Session.view()`` and forwards clicks to ``Session.play``.

Turn policy: the engine's ``to_act()`` lists who may act in priority order. When the first
of them is a computer player, ``step_bot`` makes its move; when it is the human, the table
waits. The human may also act whenever they are anywhere in ``to_act()`` (a Durak throw-in
while the defender thinks), because the engine accepts any legal action of any listed seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import durak
from .engine import GameState, IllegalAction, Rng, SaveError, SettingError
from .records import DurakSeries

GAMES: dict[str, dict[str, Any]] = {
    "durak": {"built": True, "players": (2, 6)},
    "dunka": {"built": False, "players": (2, 6)},
    "elvakort": {"built": False, "players": (2, 8)},
    "tonk": {"built": False, "players": (2, 4)},
}
"""Every game of the lobby: whether it is playable yet, and its player range."""

LEVELS = ("easy", "normal")
LANGUAGES = ("sv", "en")
SPEEDS = ("slow", "normal", "fast", "instant")
MAX_SEED = (1 << 63) - 1
_TRUE, _FALSE = ("on", "true", "1", "yes"), ("off", "false", "0", "no")


def _game_module(game: str):
    """The module of a playable game; ``SettingError`` lists the playable ones."""
    if game not in GAMES or not GAMES[game]["built"]:
        raise SettingError("game", game, [g for g in GAMES if GAMES[g]["built"]])
    return {"durak": durak}[game]


def _convert(setting: str, text: str, allowed: tuple) -> Any:
    """Read one URL value for a setting whose allowed values are ``allowed``."""
    value = text.strip().lower()
    shown = ["on", "off"] if allowed == (False, True) else list(allowed)
    if allowed == (False, True):
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise SettingError(setting, text, shown)
    for option in allowed:
        if value == str(option).lower():
            return option
    raise SettingError(setting, text, shown)


def _int_param(name: str, text: str, low: int, high: int) -> int:
    value = text.strip()
    # the length check comes first: int() refuses strings of over 4,300 digits
    if not value.isdigit() or len(value) > len(str(high)) or not low <= int(value) <= high:
        raise SettingError(name, text, [f"a whole number from {low} to {high}"])
    return int(value)


def parse_params(query: dict[str, str]) -> dict[str, Any]:
    """Read URL parameters (already split into a dict of strings) into a start request.

    Known keys: ``game``, ``players`` (count), ``seed``, ``lang`` (sv/en), ``embed`` (1/0),
    ``speed`` (slow/normal/fast/instant), ``level`` (easy/normal, every computer player) and
    every ``Rules`` setting of the game by its name (``transfer=on``, ``deck=52``). Other
    keys are ignored. Returns ``{"game", "players", "seed", "lang", "embed", "speed",
    "level", "rules"}`` where absent values are ``None`` (``embed`` False, ``rules`` only
    what was given). Raises ``SettingError`` naming the parameter and the allowed values.
    """
    game = query.get("game", "durak").strip().lower()
    module = _game_module(game)
    low, high = GAMES[game]["players"]
    out: dict[str, Any] = {"game": game, "players": None, "seed": None, "lang": None,
                           "embed": False, "speed": None, "level": None, "rules": {}}
    if "players" in query:
        out["players"] = _int_param("players", query["players"], low, high)
    if "seed" in query:
        out["seed"] = _int_param("seed", query["seed"], 0, MAX_SEED)
    if "lang" in query:
        out["lang"] = _convert("lang", query["lang"], LANGUAGES)
    if "embed" in query:
        out["embed"] = _convert("embed", query["embed"], (False, True))
    if "speed" in query:
        out["speed"] = _convert("speed", query["speed"], SPEEDS)
    if "level" in query:
        out["level"] = _convert("level", query["level"], LEVELS)
    for setting, allowed in module.Rules.CHOICES.items():
        if setting in query:
            out["rules"][setting] = _convert(setting, query[setting], allowed)
    rules = module.Rules.from_dict(out["rules"])
    if out["players"] is not None and hasattr(rules, "check_players"):
        rules.check_players(out["players"])
    return out


def _check_players(players: list[dict], low: int, high: int) -> list[dict]:
    if not isinstance(players, list) or not low <= len(players) <= high:
        raise SettingError("players", len(players) if isinstance(players, list) else players,
                           range(low, high + 1))
    clean = []
    for p in players:
        kind = p.get("kind")
        if kind not in ("human", "bot"):
            raise SettingError("kind", kind, ("human", "bot"))
        name = str(p.get("name", "")).strip()[:24] or "?"
        entry = {"name": name, "kind": kind}
        if kind == "bot":
            level = p.get("level", "normal")
            if level not in LEVELS:
                raise SettingError("level", level, LEVELS)
            entry["level"] = level
        clean.append(entry)
    if sum(1 for p in clean if p["kind"] == "human") != 1:
        raise SettingError("players", "humans", ["exactly one human player"])
    return clean


@dataclass
class Session:
    """One table: the current game, its series record, and who the players are.

    Attributes:
        game: the game id (``"durak"``).
        rules: the game's ``Rules``.
        players: ``[{"name", "kind": "human"|"bot", "level"}]``, seat order.
        seed: the series seed; game ``k`` is dealt with a seed derived from it.
        series: the ``DurakSeries`` tally.
        state: the current game's state.
        moves: actions applied so far in this series (gives each bot decision its seed).
    """

    game: str
    rules: Any
    players: list[dict]
    seed: int
    series: DurakSeries
    state: GameState
    moves: int = 0

    @classmethod
    def new(cls, game: str, rules: dict, players: list[dict], seed: int) -> "Session":
        """Start a series. ``rules`` maps setting names to values; ``players`` as above.

        Raises ``SettingError`` for an unknown game, a bad setting, player list or seed.
        """
        module = _game_module(game)
        low, high = GAMES[game]["players"]
        players = _check_players(players, low, high)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise SettingError("seed", seed, [f"a whole number from 0 to {MAX_SEED}"])
        rules_obj = module.Rules.from_dict(dict(rules))
        series = DurakSeries(rules_obj.series_length, len(players))
        state = module.new_game(rules_obj, [p["name"] for p in players], cls._game_seed(seed, 0))
        return cls(game, rules_obj, players, seed, series, state)

    @staticmethod
    def _game_seed(seed: int, index: int) -> int:
        """The deal seed of game ``index`` of a series (shown to players after the game)."""
        return Rng(seed + index * 0x9E3779B97F4A7C15).next64() & MAX_SEED

    @property
    def human(self) -> int:
        """The human's seat."""
        return next(i for i, p in enumerate(self.players) if p["kind"] == "human")

    def actor(self) -> int | None:
        """The seat the table waits for (first in ``to_act()``), or None when over."""
        seats = self.state.to_act()
        return seats[0] if seats else None

    def waiting(self) -> str:
        """``"human"``, ``"bot"``, ``"game_over"`` or ``"series_over"``."""
        if self.state.is_over():
            return "series_over" if self.series.is_over() else "game_over"
        actor = self.actor()
        return "human" if self.players[actor]["kind"] == "human" else "bot"

    def legal(self) -> list[str]:
        """The human's legal actions as text, in the engine's stable order."""
        return [str(a) for a in self.state.legal_actions(self.human)]

    def view(self) -> dict:
        """Everything the page draws, JSON-safe: ``{"state": <the human's view>, "legal",
        "players", "human", "series", "actor", "waiting", "game_seed", "game_number"}``."""
        return {"state": self.state.view(self.human), "legal": self.legal(),
                "players": [dict(p) for p in self.players], "human": self.human,
                "series": self.series.to_dict(), "actor": self.actor(),
                "waiting": self.waiting(), "game_seed": self.state.seed,
                "game_number": len(self.series.results) + (0 if self.state.is_over() else 1)}

    def _after(self, action, events: list[dict]) -> list[dict]:
        self.moves += 1
        events.insert(0, {"type": "action", "player": action.player, "text": str(action)})
        if self.state.is_over():
            self.series.record(self.state.outcome()["durak"])
        return events

    def play(self, text: str) -> list[dict]:
        """Apply the human's action given as text. Returns the events.

        Raises ``IllegalAction`` (state unchanged) when the text is not a legal action.
        """
        module = _game_module(self.game)
        action = module.parse_action(text, self.human)
        return self._after(action, self.state.apply(action))

    def step_bot(self) -> list[dict]:
        """If a computer player is to act, make its move and return the events; else ``[]``."""
        if self.waiting() != "bot":
            return []
        from . import bots
        seat = self.actor()
        legal = self.state.legal_actions(seat)
        action = bots.choose(self.state.view(seat), legal, self.players[seat]["level"],
                             seed=self.state.seed ^ self.moves)
        return self._after(action, self.state.apply(action))

    def next_game(self) -> None:
        """Deal the next game of the series. The last Durak deals (house rule; after a draw
        the deal passes left) and DUR-7 decides who attacks first.

        Raises ``IllegalAction`` ("game_not_over" / "series_over") when not allowed now.
        """
        if not self.state.is_over():
            raise IllegalAction("game_not_over", "the game is not over yet")
        if self.series.is_over():
            raise IllegalAction("series_over", "the series is over")
        module = _game_module(self.game)
        last = self.series.last_durak
        dealer = last if last is not None else (self.state.dealer + 1) % len(self.players)
        self.state = module.new_game(self.rules, [p["name"] for p in self.players],
                                     self._game_seed(self.seed, len(self.series.results)),
                                     dealer=dealer, last_durak=last)

    def to_dict(self) -> dict:
        """JSON-safe; ``from_dict`` restores it exactly."""
        return {"game": self.game, "rules": self.rules.to_dict(), "players": self.players,
                "seed": self.seed, "series": self.series.to_dict(),
                "state": self.state.to_dict(), "moves": self.moves}

    @classmethod
    def from_dict(cls, data: dict) -> "Session":
        """Rebuild a session. Raises ``SaveError`` when anything in it is damaged."""
        try:
            module = _game_module(data["game"])
            low, high = GAMES[data["game"]]["players"]
            players = _check_players(data["players"], low, high)
            rules = module.Rules.from_dict(data["rules"])
            state = module.State.from_dict(data["state"])
            series = DurakSeries.from_dict(data["series"])
            moves, seed = data["moves"], data["seed"]
            if not all(isinstance(x, int) and x >= 0 for x in (moves, seed)):
                raise SaveError("bad move count or seed")
            if state.num_players != len(players) or series.players != len(players):
                raise SaveError("the player lists do not match")
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"damaged session: {exc}") from exc
        return cls(data["game"], rules, players, seed, series, state, moves)
