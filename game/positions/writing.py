"""Writing a position: the notation of any engine state (``write``), with ``x=`` for what
the readable fields do not carry, so that ``read(write(p))`` rebuilds the same state."""

from __future__ import annotations

from ..people import plain_name
from .extra import encode_extra
from .fields import cards_text, parse_settings, split_fields
from .games import SPECS
from .model import MAX_NAME, Position, fixed_settings


def write(position: Position) -> str:
    """The notation of ``position`` (one line; see the ``game.positions``
    docstring).

    ``read(write(p), max_length=None).state.to_dict() == p.state.to_dict()``; the readable
    fields carry the cards and whose turn it is, ``x=`` whatever else the state holds.
    """
    state, game = position.state, position.game
    spec = SPECS[game]
    n = state.num_players
    fields: list[tuple[str, str]] = []
    from ..url_params import url_value  # settings are written as a URL gives them
    defaults = type(state.rules)()
    fixed = fixed_settings(game)
    for key, value in state.rules.to_dict().items():
        if key not in fixed and getattr(defaults, key) != value:
            fields.append((key, url_value(value)))
    fields.append(("you", str(position.human)))
    names = [f"P{s + 1}" for s in range(n)]
    if list(state.names) != names and all(
            0 < len(x) <= MAX_NAME and x == plain_name(x) and "," not in x and ";" not in x
            for x in state.names):  # other names go into x= (read takes names= as plain)
        names = list(state.names)
        fields.append(("names", ",".join(names)))
    if state.seed:
        fields.append(("seed", str(state.seed)))
    if game == "durak":
        fields.append(("dealer", str(state.dealer)))
    for s in range(n):
        fields.append((f"h{s}", cards_text(state.hands[s])))
    fields += spec.fields_of(state, position.human)
    for s in range(n):
        if state.known[s]:
            fields.append((f"k{s}", cards_text(state.known[s])))
    _game, parsed = split_fields(game + ";" + ";".join(f"{k}={v}" for k, v in fields), None)
    _given, rules = parse_settings(game, parsed)
    seed = int(parsed.get("seed", "0"))
    base = spec.build(parsed, rules, n, position.human, names, seed)
    actual = state.to_dict()
    extra = {k: v for k, v in actual.items() if base.get(k) != v}
    text = game + ";" + ";".join(f"{k}={v}" for k, v in fields)
    if extra:
        text += ";x=" + encode_extra(extra)
    return text


def position_of(state, human: int = 0) -> Position:
    """A ``Position`` for an engine state (a game in progress) with the learner at
    ``human``; no check is made that the learner can act."""
    fixed = fixed_settings(state.game)
    return Position(game=state.game,
                    rules={k: v for k, v in state.rules.to_dict().items() if k not in fixed},
                    names=list(state.names), human=human, state=state.clone())

