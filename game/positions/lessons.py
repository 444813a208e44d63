"""Lessons: a teaching file's entries (``lesson_entries``, ``read_lesson``,
``load_json``), its prompt text and the learner's expected move (``check_expect``,
``same_action``)."""

from __future__ import annotations

from typing import Any

from .. import jsonsafe
from ..engine import IllegalAction
from .model import GAMES, MAX_EXPECT, MAX_JSON, MAX_LESSONS, MAX_PROMPT, Position, \
    PositionError, game_module, shorten
from .reading import read


def same_action(game: str, a: str, b: str) -> bool:
    """True when the action texts ``a`` and ``b`` mean the same move in ``game`` (read by
    the engine's ``parse_action``, so card order inside multi-card actions such as
    ``attack 6H 6D`` or a ``meld``/``spread`` does not matter). False when either is not
    an action."""
    if game not in GAMES or not isinstance(a, str) or not isinstance(b, str):
        return False
    module = game_module(game)
    try:
        return module.parse_action(a, 0) == module.parse_action(b, 0)
    except (IllegalAction, ValueError):
        return False


def check_expect(position: Position, expect: str) -> str:
    """The canonical text of the learner's expected move ``expect`` in ``position``.

    Raises ``PositionError``: ``too_long`` (over ``MAX_EXPECT`` characters),
    ``bad_expect`` (not an action of this game), ``expect_illegal`` (not legal for the
    learner there)."""
    if not isinstance(expect, str):
        raise PositionError("bad_expect", "expect is an action text", value="")
    expect = expect.strip()
    if len(expect) > MAX_EXPECT:
        raise PositionError("too_long", f"expect is longer than {MAX_EXPECT} characters",
                            field="expect", limit=MAX_EXPECT, length=len(expect))
    module = game_module(position.game)
    try:
        module.parse_action(expect, position.human)
    except (IllegalAction, ValueError):
        raise PositionError("bad_expect", f"{shorten(expect, 40)!r} is not a move of this game",
                            value=shorten(expect, 40)) from None
    for action in position.state.legal_actions(position.human):
        if same_action(position.game, str(action), expect):
            return str(action)
    state = position.state.clone()
    try:  # a valid move outside the bounded lists (e.g. another lay-down arrangement)
        state.apply(module.parse_action(expect, position.human))
        return expect
    except (IllegalAction, ValueError):
        pass
    raise PositionError("expect_illegal", f"{shorten(expect, 40)!r} is not a legal move for the "
                        "learner in this position", value=shorten(expect, 40))


def clean_prompt(prompt: Any) -> str:
    """A prompt text as plain text (control characters become spaces; HTML is kept as
    text, the page inserts it with textContent). Raises ``PositionError`` ``too_long``
    over ``MAX_PROMPT`` characters or ``bad_prompt`` for a non-text value."""
    if not isinstance(prompt, str):
        raise PositionError("bad_prompt", "a prompt is text")
    text = "".join(" " if (ord(ch) < 32 and ch != "\n") or ord(ch) == 127 else ch
                   for ch in prompt).strip()
    if len(text) > MAX_PROMPT:
        raise PositionError("too_long", f"the prompt is longer than {MAX_PROMPT} characters",
                            field="prompt", limit=MAX_PROMPT, length=len(text))
    return text


def lesson_entries(text: str) -> list[dict]:
    """The entries of a teaching file, checked for shape only (cheap: no position is read
    yet): ``{"position": str, "prompt"?, "expect"?}`` objects, 1 to ``MAX_LESSONS`` of
    them. Raises ``PositionError`` ``too_long`` (over ``MAX_JSON`` characters),
    ``too_many_lessons`` or ``bad_json`` (not JSON, nested too deep, non-finite numbers,
    wrong shape, unknown key). ``read_lesson`` reads one entry; a page that shows one lesson
    (``item=``) reads only that one, so a file of many positions costs one position's
    work."""
    if not isinstance(text, str) or len(text) > MAX_JSON:
        raise PositionError("too_long", "the teaching file is too large", field="positionfile",
                            limit=MAX_JSON, length=len(text) if isinstance(text, str) else 0)
    try:
        data = jsonsafe.loads(text, max_chars=MAX_JSON)
    except jsonsafe.JsonError:
        raise PositionError("bad_json", "the teaching file is not JSON") from None
    raw = data if isinstance(data, list) else [data]
    if len(raw) > MAX_LESSONS:
        raise PositionError("too_many_lessons", f"the teaching file holds {len(raw)} "
                            f"positions; at most {MAX_LESSONS}", limit=MAX_LESSONS,
                            count=len(raw))
    if not raw:
        raise PositionError("bad_json", "a teaching file holds 1 to 100 positions")
    for obj in raw:
        if not isinstance(obj, dict) or not isinstance(obj.get("position"), str) \
                or not set(obj) <= {"position", "prompt", "expect"}:
            raise PositionError("bad_json", "each entry is {\"position\", \"prompt\", "
                                "\"expect\"}")
    return raw


def read_lesson(obj: dict) -> dict:
    """One entry of ``lesson_entries`` read: ``{"position": Position, "notation": str,
    "prompt": {"sv", "en"} or None, "expect": canonical action text or None}``. Raises
    ``PositionError``: every code of ``read``, ``check_expect`` and ``clean_prompt``, and
    ``bad_prompt``."""
    position = read(obj["position"])
    prompt = obj.get("prompt")
    if prompt is not None:
        if isinstance(prompt, dict):
            if not prompt or not set(prompt) <= {"sv", "en"}:
                raise PositionError("bad_prompt", "a prompt is text or {\"sv\", \"en\"}")
            cleaned = {k: clean_prompt(v) for k, v in prompt.items()}
            prompt = {"sv": cleaned.get("sv", cleaned.get("en")),
                      "en": cleaned.get("en", cleaned.get("sv"))}
        else:
            one = clean_prompt(prompt)
            prompt = {"sv": one, "en": one}
    expect = obj.get("expect")
    if expect is not None:
        expect = check_expect(position, expect)
    return {"position": position, "notation": obj["position"].strip(), "prompt": prompt,
            "expect": expect}


def load_json(text: str) -> dict:
    """Read a whole teaching file: ``{"position": "<notation>", "prompt": {"sv": .., "en":
    ..} or "text", "expect": "<action text>"}``, or a list of such objects (at most
    ``MAX_LESSONS``): ``lesson_entries`` and then ``read_lesson`` for every entry.

    Returns ``{"items": [entry, ...], **items[0]}``, each entry as ``read_lesson`` gives
    it (a single object's keys are at the top level too). Raises ``PositionError``: every
    code of ``lesson_entries`` and ``read_lesson``.
    """
    items = [read_lesson(obj) for obj in lesson_entries(text)]
    return {"items": items, **items[0]}

