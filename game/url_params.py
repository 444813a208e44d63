"""A link's query read into a start request (``parse_params``), and a setting's value as
a link writes it (``url_value``): the page's ``?game=…&players=…`` and the embedding
messages' ``query`` (``game.web.embed``), every value checked against ``game.session``'s
games, levels, speeds and languages and the game's ``Rules``; a refused value raises a
``SettingError`` naming it, several one ``SettingErrors`` naming each."""

from __future__ import annotations

from typing import Any

from .digits import on_off, whole
from .engine import SettingError, refused
from .session import (GAMES, LANGUAGES, LEVELS, MAX_SEED, SPEEDS, game_module, make_rules,
                      settings)

_ALL_SETTINGS = frozenset(name for game in GAMES for name, _a in settings(game))
"""Every game's settings' names (``read_query``, ``OtherGameSetting``)."""

PAGE_PARAMS = ("game", "players", "seed", "lang", "embed", "speed", "level", "hints",
               "position", "positionfile", "item", "expect", "prompt", "origin", "rules")
"""The link parameters the page reads besides the games' settings (``read_query``)."""


class ParamTwice(SettingError):
    """A link parameter the page reads, given more than once (``?level=hard&level=easy``):
    the link is refused, naming it, rather than one value silently winning. ``setting`` is
    the parameter, ``values`` its values in the link's order (``value`` the first;
    ``allowed`` is ``None``); the page says it with ``url_twice``
    (``game.web.links.setting_text``)."""

    def __init__(self, setting: str, values: list[str]) -> None:
        ValueError.__init__(self, f"parameter {setting!r} is given {len(values)} times "
                                  f"({', '.join(v[:40] for v in values)}); give it once")
        self.setting, self.value, self.allowed = setting, values[0], None
        self.values = list(values)


class OtherGameSetting(SettingError):
    """A link setting that belongs to another game than the link's
    (``?game=tonk&transfer=on``): refused, naming the game, rather than ignored (the
    visitor would think it is in force). ``setting``, ``value`` as given, ``game`` the
    link's game; ``allowed`` is ``None``; the page says it with ``url_other_game``
    (``game.web.links.setting_text``)."""

    def __init__(self, setting: str, value: str, game: str) -> None:
        ValueError.__init__(self, f"{setting!r} is not a setting of {game}")
        self.setting, self.value, self.allowed, self.game = setting, value, None, game


def read_query(pairs) -> tuple[dict[str, str], dict[str, list[str]]]:
    """A link's ``(name, value)`` pairs in order (``URLSearchParams.entries()``) as
    ``(query, twice)``: ``query`` holds each name's first value (as
    ``URLSearchParams.get`` gives it); ``twice`` maps each name the page reads
    (``PAGE_PARAMS`` and every game's settings) that is given more than once to all its
    values, in order (``parse_params(query, twice)`` refuses those). Names the page does
    not read are ignored, however often given (``utm_source`` twice harms nothing).

    >>> read_query([("level", "hard"), ("level", "easy"), ("x", "1"), ("x", "2")])
    ({'level': 'hard', 'x': '1'}, {'level': ['hard', 'easy']})
    """
    query: dict[str, str] = {}
    seen: dict[str, list[str]] = {}
    for key, value in pairs:
        key, value = str(key), str(value)
        query.setdefault(key, value)
        seen.setdefault(key, []).append(value)
    twice = {k: v for k, v in seen.items()
             if len(v) > 1 and (k in PAGE_PARAMS or k in _ALL_SETTINGS)}
    return query, twice


def url_value(value: Any) -> str:
    """A setting's value as written in a URL (and read back by ``parse_params``):
    ``True`` -> ``"on"``, ``False`` -> ``"off"``, ``None`` -> ``"none"``, else
    ``str(value)`` (``36``, ``"neighbours"``)."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    if value is None:
        return "none"
    return str(value)


def convert(setting: str, text: str, allowed: tuple) -> Any:
    """Read one URL value for a setting whose allowed values are ``allowed``."""
    value = text.strip().lower()
    shown = ["on", "off"] if allowed == (False, True) else \
        ["none" if a is None else a for a in allowed]  # as written in a URL
    if allowed == (False, True):
        flag = on_off(value)
        if flag is None:
            raise SettingError(setting, text, shown)
        return flag
    for option in allowed:
        if value == str(option).lower():
            return option
    raise SettingError(setting, text, shown)


def _int_param(name: str, text: str, low: int, high: int) -> int:
    value = whole(text, low, high)
    if value is None:
        raise SettingError(name, text, range(low, high + 1))
    return value


def parse_params(query: dict[str, str],
                 twice: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Read URL parameters (already split into a dict of strings) into a start request.

    ``twice``: the parameters the link gives more than once (``read_query``); when there
    are any the link is refused before anything else is read: a ``ParamTwice`` naming the
    parameter (a ``SettingErrors`` of them when several), since which of the values was
    meant cannot be known.

    Known keys: ``game``, ``players`` (count), ``seed``, ``lang`` (sv/en), ``embed`` (1/0),
    ``speed`` (slow/normal/fast/instant), ``level`` (easy/normal/hard, every computer player) and
    every ``Rules`` setting of the game by its name (``transfer=on``, ``deck=52``); a
    setting of another game is refused (``OtherGameSetting``). Other keys are ignored.
    Returns ``{"game", "players", "seed", "lang", "embed", "speed", "level", "rules"}`` where absent values are ``None`` (``embed`` False, ``rules`` only
    what was given). Raises ``SettingError`` naming the parameter and the allowed values;
    a link with several refused values raises one ``SettingErrors`` naming each (a
    visitor fixes them in one go), an unknown game with the game's settings unread.

    Teaching positions (issue 6): ``position`` (the notation of ``game.positions``; its
    game, player count and settings replace ``game``, ``players`` and the settings keys),
    ``expect`` (the learner's expected move, at most 200 characters, checked to be legal
    for the learner there), ``prompt`` (plain text, at most 300 characters) and ``hints``
    (on/off, 1/0; default on with a position, off without). The request also gets
    ``"position"`` (a ``Position`` or None), ``"expect"`` (the canonical action text or
    None), ``"prompt"`` (text or None) and ``"hints"`` (bool). These raise
    ``positions.PositionError`` (codes ``too_long``, ``expect_illegal``, ... and every
    code of ``positions.read``); ``hints`` a ``SettingError``.
    """
    if twice:
        raise refused([ParamTwice(name, values) for name, values in twice.items()])
    position = None
    if "position" in query:
        from . import positions
        position = positions.read(query["position"])
        query = {k: v for k, v in query.items()
                 if k not in ("game", "players") and k not in position.rules}
        query["game"] = position.game
    errors: list[SettingError] = []   # every refused value, told together (SettingErrors)

    def read(check, *args):
        try:
            return check(*args)
        except SettingError as exc:
            errors.append(exc)
            return None

    game = query.get("game", "durak").strip().lower()
    known = read(game_module, game) is not None   # an unknown game: no players or settings
    out: dict[str, Any] = {"game": game, "players": None, "seed": None, "lang": None,
                           "embed": False, "speed": None, "level": None, "rules": {}}
    if "players" in query and known:
        low, high = GAMES[game]["players"]
        out["players"] = read(_int_param, "players", query["players"], low, high)
    if "seed" in query:
        out["seed"] = read(_int_param, "seed", query["seed"], 0, MAX_SEED)
    for name, allowed in (("lang", LANGUAGES), ("embed", (False, True)), ("speed", SPEEDS),
                          ("level", LEVELS), ("hints", (False, True))):
        if name in query:
            value = read(convert, name, query[name], allowed)
            if name != "hints" and value is not None:   # hints: read again below
                out[name] = value
    for setting, allowed in settings(game) if known else ():
        if setting not in query:
            continue
        value = read(_int_param, setting, query[setting], 1, 10_000) if setting == "stake" \
            else read(convert, setting, query[setting], allowed)
        if value is not None:
            out["rules"][setting] = value
    if known:   # another game's setting would silently do nothing
        own = {name for name, _a in settings(game)}
        errors += [OtherGameSetting(name, query[name], game) for name in sorted(query)
                   if name in _ALL_SETTINGS and name not in own]
    if position is not None:
        out["rules"], out["players"] = dict(position.rules), len(position.names)
    if known:   # the settings together (a refused value is not among them)
        rules = read(make_rules, game, out["rules"])
        if rules is not None and out["players"] is not None and hasattr(rules, "check_players"):
            read(rules.check_players, out["players"])
    if errors:
        raise refused(errors)
    out.update(_teaching_params(query, position))
    return out


def _teaching_params(query: dict[str, str], position) -> dict[str, Any]:
    """``position``, ``expect``, ``prompt`` and ``hints`` of ``parse_params``."""
    from . import positions
    out: dict[str, Any] = {"position": position, "expect": None, "prompt": None,
                           "hints": position is not None}
    if "expect" in query:
        if position is None:
            raise positions.PositionError("expect_without_position",
                                          "expect needs a position")
        out["expect"] = positions.check_expect(position, query["expect"])
    if "prompt" in query:
        out["prompt"] = positions.clean_prompt(query["prompt"]) or None
    if "hints" in query:
        out["hints"] = convert("hints", query["hints"], (False, True))
    return out
