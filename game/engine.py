"""The game protocol shared by every game, its errors, and the seeded random source.

Every game module (``game.durak``, ...) provides:

- ``Rules``: a frozen dataclass of every setting in its ``rules/*.md``, validated on
  construction (``SettingError`` names the setting and the allowed values);
- ``new_game(rules, player_names, seed) -> State``;
- ``State`` (a ``GameState``) with ``to_act()``, ``legal_actions(player)``, ``apply(action)``,
  ``view(player)``, ``to_dict()``, ``State.from_dict(d)``, ``clone()``, ``is_over()`` and
  ``outcome()``;
- ``parse_action(text, player)`` that reads the text form written by ``str(action)``;
  anything else (a text that is no action, or no text at all: ``None``, a number) raises
  ``IllegalAction`` with code ``"bad_action_text"`` (``action_words``, ``bad_action_text``).

Players are seat numbers 0..n-1; seat ``i + 1`` (mod n) sits to the left of seat ``i`` and
play goes clockwise, to the left.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Sequence


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The state is left unchanged.

    Attributes:
        code: a stable reason code (``"cannot_beat"``, ``"not_your_turn"``, ...) used as the
            i18n key of the sentence shown to the player.
        params: values the sentence may quote (cards as notation, counts), JSON-safe.
    """

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(message or code)


class SettingError(ValueError):
    """A rules setting with a value that is not allowed; the message names both."""

    def __init__(self, setting: str, value: Any, allowed: Sequence[Any]) -> None:
        # a range stays a range (a seed's range is far too long for a list)
        self.setting, self.value = setting, value
        self.allowed = allowed if isinstance(allowed, range) else list(allowed)
        shown = (f"a whole number from {allowed.start} to {allowed.stop - 1}"
                 if isinstance(allowed, range) else ", ".join(map(str, allowed)))
        super().__init__(f"setting {setting!r}: {value!r} is not allowed; "
                         f"allowed values: {shown}")


class SettingNeedsPlayers(SettingError):
    """A setting that the number of players does not allow: it needs at least ``low``
    players and the game has ``players`` (DUR-11: "first attack limited to 5" needs four
    or more). ``value`` is True (the setting asked for) and ``allowed`` is ``[False]``;
    the page says it with ``needs_players`` (``game.web.links.setting_text``)."""

    def __init__(self, setting: str, players: int, low: int) -> None:
        super().__init__(setting, True, [False])
        self.players, self.low = players, low
        self.args = (f"setting {setting!r} needs {low} or more players; this game has "
                     f"{players}",)


class SettingErrors(SettingError):
    """Several refused settings of one link (``url_params.parse_params``), told together so a
    visitor fixes them in one go: ``errors`` are the ``SettingError`` of each, in the
    order the link was read (two or more). It stands for its first error where one is
    told (``setting``, ``value``, ``allowed``; the ``error`` event's code); the message
    names all."""

    def __init__(self, errors: Sequence[SettingError]) -> None:
        first = errors[0]
        ValueError.__init__(self, "; ".join(str(e) for e in errors))
        self.setting, self.value, self.allowed = first.setting, first.value, first.allowed
        self.errors = list(errors)


def refused(errors: Sequence[SettingError]) -> SettingError:
    """The error to raise for ``errors`` (one or more ``SettingError``): the one itself,
    or a ``SettingErrors`` of them all."""
    return errors[0] if len(errors) == 1 else SettingErrors(errors)


class SaveError(ValueError):
    """A saved game or record that cannot be read (corrupt, wrong game, future version)."""


def check_choice(setting: str, value: Any, allowed: Sequence[Any]) -> None:
    """Raise ``SettingError`` unless ``value`` is one of ``allowed``.

    ``True``/``False`` are not accepted where numbers are asked for, nor the reverse.
    """
    ok = any(value == a and type(value) is type(a) for a in allowed)
    if not ok:
        raise SettingError(setting, value, allowed)


@dataclass(frozen=True)
class RulesBase:
    """Base of every game's ``Rules``: JSON round-trip of the settings."""

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON-safe dict ``{name: value}``."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]):
        """Build and validate settings from a dict; unknown names raise ``SettingError``."""
        names = {f.name for f in fields(cls)}
        for key in data:
            if key not in names:
                raise SettingError(key, data[key], sorted(names))
        return cls(**data)


class Rng:
    """A small seeded random source whose whole state is one integer (SplitMix64).

    It gives the same numbers in every Python (CPython, Pyodide) and its state is saved
    with the game, so a saved game resumes exactly and a seed replays a deal. Games never
    use the global ``random`` module.
    """

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self.state = seed & self.MASK

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be positive (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen values with a text form.

    ``str(action)`` gives the text form (``"attack 6H 6D"``); each game's
    ``parse_action`` reads it back. ``player`` is the seat that acts.
    """

    player: int
    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        """The text form; actions without arguments are just their verb (``"take"``)."""
        return self.verb


def bad_action_text(game: str, text: object) -> IllegalAction:
    """The refusal of ``text`` as an action of ``game`` (its name in the message, e.g.
    ``"Durak"``): code ``"bad_action_text"``, with the text as param ``text`` (a str always,
    so JSON-safe: a value that is not a str is named by its type, ``"<int>"``)."""
    shown = text if isinstance(text, str) else f"<{type(text).__name__}>"
    return IllegalAction("bad_action_text", f"not a {game} action: {shown!r}", text=shown)


def action_words(game: str, text: object) -> list[str]:
    """The words of an action's text form ``text`` (split on white space), for every game's
    ``parse_action``. Raises ``IllegalAction`` ``"bad_action_text"`` (``bad_action_text``)
    when ``text`` is not a str (``None``, a number, a list: an ``expect=`` or a message
    field of the wrong type) or holds no word."""
    if not isinstance(text, str):
        raise bad_action_text(game, text)
    words = text.split()
    if not words:
        raise bad_action_text(game, text)
    return words


def refuse_cards_not_held(action: Action, hand) -> IllegalAction | None:
    """The refusal for an action naming cards its player cannot play from ``hand`` (a
    collection of cards): ``duplicate_card`` when one card is named twice,
    ``card_not_in_hand`` for the first named card not held; ``None`` when every named card
    (``action.cards`` or ``action.card``; none for actions naming no card) is held once."""
    cards = list(getattr(action, "cards", ())) or [getattr(action, "card", None)]
    cards = [c for c in cards if c is not None]
    if len(set(cards)) < len(cards):
        return IllegalAction("duplicate_card", "the same card is named twice",
                             card=str(cards[0]))
    for c in cards:
        if c not in hand:
            return IllegalAction("card_not_in_hand", f"{c} is not in your hand", card=str(c))
    return None


@dataclass
class GameState:
    """Base of every game's ``State``: the protocol, and helpers that do not depend on the
    game. Subclasses implement the abstract methods; ``apply`` is written once here so that
    an illegal action never changes the state.
    """

    game: ClassVar[str] = ""

    def to_act(self) -> list[int]:
        """The seats that may act now, in priority order (a driver asks the first)."""
        raise NotImplementedError

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now, in a stable order (empty if none)."""
        raise NotImplementedError

    def why_illegal(self, action: Action) -> IllegalAction:
        """The reason an action not in ``legal_actions`` is illegal (never raises it)."""
        return IllegalAction("illegal", f"{action} is not allowed now")

    def _apply(self, action: Action) -> list[dict]:
        """Carry out a legal action; return the events it caused."""
        raise NotImplementedError

    def apply(self, action: Action) -> list[dict]:
        """Carry out ``action`` and return the events it caused, as JSON-safe dicts
        (``{"type": "attack", "player": 0, "cards": ["6H"]}``, ...).

        Raises ``IllegalAction`` (with a stable ``code``) and changes nothing when the action
        is not among ``legal_actions(action.player)``.
        """
        if self.is_over():
            raise IllegalAction("game_over", "the game is over")
        if not isinstance(action, Action):
            raise IllegalAction("not_an_action", f"not an action: {action!r}")
        if not 0 <= action.player < self.num_players:
            raise IllegalAction("no_such_player", f"no player {action.player}")
        if action not in self.legal_actions(action.player):
            raise self.why_illegal(action)
        return self._apply(action)

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """True when the game has ended."""
        raise NotImplementedError

    def outcome(self) -> dict | None:
        """The result as a JSON-safe dict once the game is over, else ``None``."""
        raise NotImplementedError

    def view(self, player: int) -> dict:
        """What ``player`` may see, as a JSON-safe dict; never another player's hidden cards."""
        raise NotImplementedError

    def to_dict(self) -> dict:
        """The whole state as a JSON-safe dict; ``from_dict`` rebuilds it exactly."""
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: dict) -> "GameState":
        """Rebuild a state written by ``to_dict``. Raises ``SaveError`` if it cannot."""
        raise NotImplementedError

    def clone(self) -> "GameState":
        """An independent deep copy, for search."""
        return copy.deepcopy(self)
