"""Pass-and-play (issue 12): several people at one device, each seat a person or a
computer player, and who of them the table waits for.

A ``Session`` with one person behaves as it always did: that person's view, legal actions
and hints. With several people the table serves *the person in turn* (``person_in_turn``):

- the first of ``to_act()`` when it is a person (their turn, or the dunker after a dunk);
- between rounds, the person who saw the table last (``Session.viewer``) when they may
  deal on, else the first person who may;
- otherwise (a computer player acts) the person who saw the table last.

Two decisions are taken out of turn, each in one prompt that shows no hand
(``out_of_turn``):

- ``claim`` (Dunka, Elvakort; DUN-7, ELV-6): after a stock draw, the discard may be
  claimed by the undecided people in ``to_act()``; each presses or not, and
  ``resolve_claims`` applies ``dunk`` for those who pressed and ``pass`` for the rest, in
  priority order, so the engine's priority rule decides among them.
- ``throw`` (Durak, DUR-9, DUR-14, DUR-15): the people are the engine's ``asked`` seats
  (``ask_people``), so a bout waits for every eligible person (holding cards, not passed,
  the limit not reached) whether or not they hold a card of a rank on the table, exactly
  as a computer player holding one is waited for; a person with nothing to throw in just
  says "done". The prompt therefore shows whenever a person may throw in, and whether it
  shows reveals nothing of any hand. When the first thrower waited for is a person, every
  person waited for is offered; the one chosen (``choose_thrower``) becomes the person in
  turn and throws in or declines; "Nobody" (``resolve_throws``) declines for every one
  offered. A computer with nothing to throw in still passes silently.

Pure Python (tested in CPython); the page draws the prompts (``game.web.privacy``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .engine import IllegalAction

MAX_NAME = 24
"""Longest name kept for a seat (longer names are cut)."""


def humans(players: list[dict]) -> list[int]:
    """The seats of people (``kind == "human"``), in seat order."""
    return [i for i, p in enumerate(players) if p.get("kind") == "human"]


def person_in_turn(session: Any) -> int:
    """The person the table serves now (see the module text); for one person, that
    person's seat always."""
    people = humans(session.players)
    if len(people) == 1:
        return people[0]
    if session.chosen is not None:
        return session.chosen
    seats = session.state.to_act()
    if session.between:
        if session.viewer in seats:
            return session.viewer
        return next((s for s in seats if s in people), session.viewer)
    if seats and seats[0] in people:
        return seats[0]
    return session.viewer


def holds_turn(session: Any, seat: int) -> bool:
    """True while ``seat``'s part of the turn goes on, so the person may keep the device
    and their hand may stay face up (pass-and-play, issue 32): ``seat`` is in
    ``to_act()``; or it is their turn and others only answer out of turn (the claim
    window after their draw from the stock, DUN-7, ELV-6; the dunker's lay-down after a
    dunk, DUN-8); or, in Durak, they attack or defend the bout on the table (a computer
    beats or throws in, and the bout comes back to them, DUR-9, DUR-12). Between rounds
    and after the game every hand is public, so it holds too. False once the turn has
    passed to someone else."""
    st = session.state
    if st.is_over() or session.between or seat in st.to_act():
        return True
    if session.game == "durak":
        return bool(st.table) and seat in (st.attacker, st.defender)
    return getattr(st, "turn", None) == seat


def face_down(view: dict) -> dict:
    """``view`` (``Session.view()``'s shape) with the person's hand turned face down, for
    a table drawn while the device may be in someone else's hands (issue 32): a copy whose
    ``state["hand"]`` is empty, ``state["hand_down"]`` the number of cards it held, and
    ``legal`` empty. Every other part of a view is public already (``known``, the table,
    the pile), so nothing else changes; ``view`` itself is not changed."""
    state = dict(view["state"])
    state["hand_down"] = len(state.get("hand") or [])
    state["hand"] = []
    return {**view, "state": state, "legal": []}


def out_of_turn(session: Any) -> dict | None:
    """The prompt the table shows instead of a person's hand, or None.

    ``{"kind": "claim", "card": "<card>", "discarder": seat, "people": [seats]}`` for a
    discard several people may claim, ``{"kind": "throw", "people": [seats]}`` for a
    Durak throw-in; ``people`` in priority (turn) order. Only with two or more people, and
    only while no one has been chosen (``choose_thrower``)."""
    people = humans(session.players)
    if len(people) < 2 or session.chosen is not None or session.state.is_over() \
            or session.between:
        return None
    st = session.state
    seats = st.to_act()
    if not seats or seats[0] not in people:
        return None
    if getattr(st, "phase", None) == "claim":
        return {"kind": "claim", "card": str(st.claim_card), "discarder": st.discarder,
                "people": [s for s in seats if s in people]}
    if session.game == "durak" and st.table and seats[0] != st.defender:
        offered = [s for s in seats if s in people and s != st.defender]
        if offered:
            return {"kind": "throw", "people": offered}
    return None


def resolve_claims(session: Any, pressed: list[int]) -> list[dict]:
    """Answer a ``claim`` prompt: every person offered who is in ``pressed`` dunks, every
    other passes (DUN-7: the engine gives the card to the nearest claimer in turn order).
    Returns the events of every action applied. Raises ``IllegalAction``
    ("no_claim_prompt") when no claim prompt is open, or ("not_offered") when ``pressed``
    names a seat that was not offered."""
    prompt = out_of_turn(session)
    if prompt is None or prompt["kind"] != "claim":
        raise IllegalAction("no_claim_prompt", "nobody is asked to claim a discard now")
    if any(s not in prompt["people"] for s in pressed):
        raise IllegalAction("not_offered", "that person may not claim this discard")
    events: list[dict] = []
    for seat in sorted(prompt["people"], key=lambda s: 0 if s in pressed else 1):
        if seat not in session.state.to_act():  # cut by a nearer claimer
            continue
        events += session.play_as(seat, "dunk" if seat in pressed else "pass")
    return events


def choose_thrower(session: Any, seat: int) -> None:
    """Answer a ``throw`` prompt with the person who wants to throw in: they become the
    person in turn (``Session.chosen``) until they play or decline. Raises
    ``IllegalAction`` ("not_offered") for a seat that was not offered."""
    prompt = out_of_turn(session)
    if prompt is None or prompt["kind"] != "throw" or seat not in prompt["people"]:
        raise IllegalAction("not_offered", "that person may not throw in now")
    session.chosen = seat


def resolve_throws(session: Any) -> list[dict]:
    """"Nobody" on a ``throw`` prompt: every person offered declines (``done`` where the
    engine waits for them). Returns the events. Raises ``IllegalAction``
    ("not_offered") when no throw prompt is open."""
    prompt = out_of_turn(session)
    if prompt is None or prompt["kind"] != "throw":
        raise IllegalAction("not_offered", "nobody is asked to throw in now")
    events: list[dict] = []
    for seat in prompt["people"]:
        now = out_of_turn(session)  # the bout may have ended after a "done"
        if now is None or now["kind"] != "throw" or seat not in now["people"]:
            continue
        events += session.play_as(seat, "done")
    return events


def ask_people(session: Any) -> None:
    """Make the people of a Durak table of two or more people the engine's ``asked``
    seats (``game.durak.State.asked``; DUR-14, DUR-15): each says "done" to a throw-in
    themself, so the throw-in prompt shows whether or not they hold a card to throw in.
    With one person (and in other games) nothing changes."""
    people = humans(session.players)
    if session.game == "durak" and len(people) > 1:
        session.state.asked = list(people)


def clean_name(name: str) -> str:
    """A seat's name as kept: control characters dropped, spaces trimmed, at most
    ``MAX_NAME`` characters, ``"?"`` for an empty one. Any other text is kept as it is
    (the page shows names as text, never as markup)."""
    kept = "".join(ch for ch in name if unicodedata.category(ch) != "Cc")
    return kept.strip()[:MAX_NAME].strip() or "?"


def clean_names(players: list[dict]) -> list[str]:
    """``clean_name`` of every player's ``name``."""
    return [clean_name(str(p.get("name", ""))) for p in players]
