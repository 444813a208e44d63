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

Names (issue 32): every way a name comes in (the lobby, a link's or lesson's position, an
embedding page's message, a scoresheet file) keeps ``clean_name`` of it: no control, bidi
control, zero-width or other format character (Unicode Cc, Cf; a joiner between two emoji
stays, so the family emoji stays one picture). Two names are one when their ``name_key``
is (cleaned, case-folded): ``same_names``, which the lobby, ``Session.new`` and
``positions.read`` refuse. The page shows a name through ``isolate`` (FSI … PDI when it
could turn the text around it).

Pure Python (tested in CPython); the page draws the prompts (``game.web.privacy``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .engine import IllegalAction, SettingError

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


ZWJ = "\u200d"
"""ZERO WIDTH JOINER: the one format character a name keeps, between two emoji (``👨‍👩‍👧``)."""
FSI, PDI = "\u2068", "\u2069"
"""FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: ``isolate`` puts a name between them."""

_FILLERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
"""Characters that are not format characters but show nothing on their own (Unicode's
default-ignorable letters and marks: the combining grapheme joiner, the Hangul fillers,
Khmer's inherent vowels): a name of "\\u3164" alone would look empty."""
_DROPPED = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
"""Categories ``drop_invisible`` takes out: controls, format characters (every bidi
control: U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C; zero-width ones: U+200B,
U+200C, U+200D, U+2060, U+FEFF; soft hyphen, tags...), lone surrogates, line and paragraph
separators (a paragraph separator would end the page's sentence's bidi paragraph)."""
_LEAKS = frozenset(("R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI",
                    "PDI"))
"""Bidi classes that can move the text around a name in a left-to-right sentence: strong
right-to-left letters, Arabic digits, and the explicit controls."""
_SKIN_TONES = ("\U0001f3fb", "\U0001f3ff")


def _emoji_end(ch: str) -> bool:
    """True for the last character of an emoji before a joiner: a symbol (So), the emoji
    variation selector U+FE0F or a skin-tone modifier."""
    return unicodedata.category(ch) == "So" or ch == "\ufe0f" \
        or _SKIN_TONES[0] <= ch <= _SKIN_TONES[1]


def drop_invisible(text: str) -> str:
    """``text`` without the characters that show nothing yet change how it reads or what it
    is: Unicode categories Cc, Cf, Cs, Zl and Zp (``_DROPPED``) and the invisible fillers
    (``_FILLERS``). The one exception is ZERO WIDTH JOINER between two emoji (a symbol, or
    U+FE0F or a skin tone, before it; a symbol after it), which joins them into one picture
    (the family 👨‍👩‍👧); every other U+200D goes. Tag characters go too, so a subdivision
    flag (🏴 with tags, Scotland) shows as its black flag. Spaces are left as they are.
    Never raises for a ``str``; anything else is taken as ``str(text)``."""
    text = str(text)
    out: list[str] = []
    for i, ch in enumerate(text):
        if ch in _FILLERS:
            continue
        if unicodedata.category(ch) in _DROPPED:
            if ch == ZWJ and out and _emoji_end(out[-1]) and i + 1 < len(text) \
                    and unicodedata.category(text[i + 1]) == "So":
                out.append(ch)
            continue
        out.append(ch)
    return "".join(out)


def plain_name(name: str) -> str:
    """A name's visible text, not yet cut to ``MAX_NAME``: every run of white space (tabs and
    line breaks included) one space, ``drop_invisible``'s characters gone, no space at
    either end, composed (NFC, so "Å" typed as A + ring is the one letter "Å"). May be
    empty. Anything not a ``str`` is taken as ``str(name)``; never raises."""
    spaced = "".join(" " if ch.isspace() else ch for ch in str(name))
    text = " ".join(drop_invisible(spaced).split())
    return unicodedata.normalize("NFC", text)


def clean_name(name: str, empty: str = "?") -> str:
    """A seat's name as kept, wherever a name comes in (the lobby, a link's or lesson's
    position, an embedding page's position, a scoresheet): ``plain_name`` cut to
    ``MAX_NAME`` characters, or ``empty`` (``"?"`` unless given) when nothing visible is
    left. So a right-to-left override (U+202E) cannot turn the page's sentences around and
    "An\\u200bna" is "Anna". Any other text is kept as it is (the page shows names as text,
    never as markup). Idempotent; never raises."""
    return plain_name(plain_name(name)[:MAX_NAME]) or empty  # a cut-off joiner goes too


def clean_names(players: list[dict]) -> list[str]:
    """``clean_name`` of every player's ``name``."""
    return [clean_name(str(p.get("name", ""))) for p in players]


def name_key(name: str) -> str:
    """What two names are compared by: ``clean_name`` (``""`` for nothing visible), without
    joiners and variation selectors, compatibility-folded and case-folded (NFKC, casefold),
    so "Anna", " anna ", "ANNA", "An\\u200bna" and "Ａｎｎａ" have one key. Never raises."""
    text = "".join(ch for ch in clean_name(name, "")
                   if ch != ZWJ and not "\ufe00" <= ch <= "\ufe0f"
                   and not "\U000e0100" <= ch <= "\U000e01ef")
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def same_names(names: list[str]) -> list[int]:
    """The indexes of ``names`` whose ``name_key`` an earlier one has (``["Anna", "Bo",
    "anna"]`` gives ``[2]``): two seats of one name could not tell whose turn "Pass to
    Anna" means. Empty when every name is its own. Never raises."""
    seen: set[str] = set()
    out = []
    for i, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            out.append(i)
        seen.add(key)
    return out


class SameNames(SettingError):
    """Two seats with one name (``same_names``): a ``SettingError`` for the setting
    ``"names"`` whose ``value`` (and ``names``) are the names that repeat an earlier one."""

    def __init__(self, names: list[str]) -> None:
        super().__init__("names", ", ".join(names), ["a name of its own for every seat"])
        self.names = list(names)
        self.args = (f"two seats have the same name: {', '.join(names)}",)


def check_names(names: list[str]) -> None:
    """Raise ``SameNames`` when two of ``names`` are one name (``same_names``)."""
    twice = same_names(names)
    if twice:
        raise SameNames(list(dict.fromkeys(str(names[i]) for i in twice)))


def isolate(name: str) -> str:
    """A name for a sentence or an element of the page: ``drop_invisible`` of it (so a
    name stored before names were cleaned shows its letters only), between FSI and PDI
    (U+2068, U+2069) when it holds a right-to-left letter, an Arabic digit or a bidi
    control: then neither the name's direction nor its digits can move the words or
    numbers around it ("Chips: ⁨אבי⁩ +4") and an override in it ends at the PDI. The
    isolates work as text in ``textContent``, in markup and in attribute values alike.
    Every other name comes back without isolates: the page is left-to-right (Swedish,
    English), where a name without such characters has no direction to leak, and its
    sentences stay the plain text they were. Never raises."""
    text = str(name)
    kept = drop_invisible(text)
    if any(unicodedata.bidirectional(ch) in _LEAKS for ch in text):
        return FSI + kept + PDI
    return kept
