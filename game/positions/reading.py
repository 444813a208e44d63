"""Reading a position: ``read`` turns the notation (``game.positions``) into a
``Position`` whose state the engine's ``from_dict`` has checked."""

from __future__ import annotations

from ..engine import SaveError, SettingError, SettingNeedsPlayers
from ..people import drop_invisible, isolate, plain_name, same_names
from .extra import decode_extra
from .fields import digits_only, parse_int, parse_seat, parse_settings, split_fields
from .games import COMMON_FIELDS, SPECS
from .model import MAX_HAND, MAX_LENGTH, MAX_NAME, Position, PositionError, fixed_settings, \
    game_module, shorten


def read(text: str, *, max_length: int | None = MAX_LENGTH) -> Position:
    """Read a position from the notation (see the ``game.positions`` docstring).

    ``max_length``: the longest text accepted (None: any; ``write`` of a long game's state
    may exceed ``MAX_LENGTH``). Returns a ``Position``. Raises ``PositionError`` for bad
    syntax, an unknown game, field or setting value, a bad or unknown card, a card given
    more often than the decks hold, wrong counts, an impossible position, one where
    nobody (or not the learner) can act, or two seats of one name (``same_names``).

    Names come in as everywhere: ``names=`` through ``people.plain_name`` (no control,
    bidi or zero-width character; then 1 to ``MAX_NAME`` characters each, else
    ``bad_names``), names in ``x=`` without those characters; two names that are one
    for ``people.same_names`` ("Anna", "anna", "An\\u200bna") are refused.
    """
    game, fields = split_fields(text, max_length)
    spec = SPECS[game]
    _given, rules = parse_settings(game, fields)
    hand_keys = sorted((k for k in fields if k[:1] == "h" and digits_only(k[1:], 3)),
                       key=lambda k: int(k[1:]))
    n = len(hand_keys)
    if hand_keys != [f"h{s}" for s in range(n)]:
        raise PositionError("syntax", "hands are h0, h1, h2, ... one per seat", field="h")
    try:
        rules.check_players(n)
    except SettingNeedsPlayers as exc:  # DUR-11: a setting that needs more players
        raise PositionError("setting_needs_players", str(exc), setting=exc.setting,
                            low=exc.low, count=n) from None
    except SettingError as exc:
        allowed = exc.allowed if isinstance(exc.allowed, range) else None
        low = allowed.start if allowed else 2
        high = allowed.stop - 1 if allowed else (6 if game != "tonk" else 4)
        raise PositionError("bad_players", f"{n} hands: this game needs {low} to {high} "
                            "players (one hand field h0, h1, ... each)", count=n,
                            low=low, high=high) from None
    allowed_keys = set(COMMON_FIELDS) | set(spec.fields) | {f"h{s}" for s in range(n)} \
        | {f"k{s}" for s in range(n)}
    for key in fields:
        meld_key = key[:1] == ("m" if game in ("dunka", "elvakort") else "s" if game == "tonk"
                                else "") and digits_only(key[1:], 3)
        if key not in allowed_keys and not meld_key:
            raise PositionError("unknown_field", f"unknown field {key!r}", field=shorten(key, 30))
    you = parse_seat("you", fields["you"], n) if "you" in fields else 0
    names = [f"P{s + 1}" for s in range(n)]
    if "names" in fields:  # as every name that comes in: no control, bidi or zero-width
        names = [plain_name(x) for x in fields["names"].split(",")]
        if len(names) != n or not all(0 < len(x) <= MAX_NAME for x in names):
            # said in full: which rule the names break (a new user saw only "bad value")
            raise PositionError("bad_names", f"names: {n} names of 1 to {MAX_NAME} "
                                "characters, separated by commas", count=n, most=MAX_NAME,
                                value=isolate(shorten(fields["names"], 30)))
    seed = parse_int("seed", fields["seed"]) if "seed" in fields else 0
    data = spec.build(fields, rules, n, you, names, seed)
    if "x" in fields:
        extra = decode_extra(fields["x"])
        bad = [k for k in extra if k not in data or k in ("v", "game", "rules")]
        if bad:
            raise PositionError("bad_extra", f"the x= field names unknown parts: "
                                f"{[k[:20] for k in bad[:3]]}")
        data.update(extra)
        if isinstance(data.get("names"), list):  # names that the notation cannot hold
            data["names"] = [drop_invisible(x) if isinstance(x, str) else x
                             for x in data["names"]]
    if isinstance(data.get("names"), list) and all(isinstance(x, str) for x in data["names"]):
        twice = same_names(data["names"])
        if twice:
            shown = ", ".join(dict.fromkeys(data["names"][i] for i in twice))
            raise PositionError("same_names", f"two seats have the same name: {shown}",
                                names=isolate(shorten(shown, 30)))
    if max_length is not None:
        _check_hand_sizes(game, data)
    module = game_module(game)
    try:
        state = module.State.from_dict(data)
    except SaveError as exc:
        message = str(exc)
        if "nobody can act" in message:
            raise PositionError("nobody_to_act", "nobody can act in this position") from None
        raise PositionError("impossible", f"this position is not possible: {message}",
                            detail=message) from None
    if game in ("durak", "tonk") and not state.is_over() \
            and not any(state.legal_actions(s) for s in state.to_act()):  # rummy checks it
        raise PositionError("nobody_to_act", "nobody can act in this position")
    if not state.is_over() and you not in state.to_act():
        raise PositionError("learner_cannot_act", f"the learner (seat {you}) cannot act in "
                            "this position", seat=you)
    fixed = fixed_settings(game)
    return Position(game=game, rules={k: v for k, v in rules.to_dict().items() if k not in fixed},
                    names=list(state.names), human=you, state=state,
                    named="names" in fields)


def _check_hand_sizes(game: str, data: dict) -> None:
    """Refuse a hand of more than ``MAX_HAND[game]`` cards (``hand_too_big``), also one
    that came in the ``x=`` field; hands of the wrong shape are left to ``from_dict``."""
    hands = data.get("hands")
    if not isinstance(hands, list):
        return
    limit = MAX_HAND[game]
    for seat, hand in enumerate(hands):
        if isinstance(hand, list) and len(hand) > limit:
            raise PositionError("hand_too_big", f"h{seat} holds {len(hand)} cards; at most "
                                f"{limit} in a position", field=f"h{seat}", count=len(hand),
                                limit=limit)

