"""The lobby's seats (issue 12): each seat a person (a name typed) or a computer player
(a level), in an order that up/down buttons change. The seats are remembered per game in
the preferences (``lobby.games[game].seats``), so the names are there next time.

The default is today's table: the first seat a person called "Du"/"You", every other seat
a computer ("Dator 1", ...) at the remembered level. A one-person table started from here
is exactly the table of before; with two or more people the table hides each hand between
turns (``game.web.privacy``).

Glue for the lobby (``game.web.lobby``); only ``read_seats`` and ``show_name_limit`` touch
the page (they import pyscript when called), the rest is plain Python tested in CPython.
"""

from __future__ import annotations

from game import people
from game.i18n import t
from game.session import LEVELS, offered_levels


def seat_list(stored, n: int, levels: list[str]) -> list[dict]:
    """``n`` seats ``[{"kind": "human"|"bot", "name": text, "level": level}]`` from the
    remembered ones (``stored``, any shape: bad entries give defaults); seats beyond the
    remembered ones are computers at ``levels[i - 1]`` (seat 0: a person). At least one
    seat is a person (the first, when none was)."""
    stored = stored if isinstance(stored, list) else []
    out = []
    for i in range(n):
        entry = stored[i] if i < len(stored) and isinstance(stored[i], dict) else None
        level = levels[i - 1] if 0 < i <= len(levels) else "normal"
        if entry is None:
            out.append({"kind": "human" if i == 0 else "bot", "name": "", "level": level})
            continue
        kind = entry.get("kind") if entry.get("kind") in ("human", "bot") else "bot"
        name = entry.get("name") if isinstance(entry.get("name"), str) else ""
        lv = entry.get("level") if entry.get("level") in LEVELS else level
        out.append({"kind": kind, "name": name[:people.MAX_NAME], "level": lv})
    if not any(s["kind"] == "human" for s in out):
        out[0]["kind"] = "human"
    return out


def players_for(lang: str, seats: list[dict]) -> list[dict]:
    """The ``Session`` players for ``seats``: a person's name as typed (cleaned,
    ``people.clean_name``), or "Du"/"You" when the only person left it empty (or typed
    only invisible characters), or "Spelare 3"/"Player 3" (their seat) when one of several
    did; computers "Dator 1", "Dator 2", ... in seat order, at their level."""
    persons = sum(1 for s in seats if s["kind"] == "human")
    out, bots = [], 0
    for i, s in enumerate(seats):
        if s["kind"] == "human":
            typed = people.clean_name(s.get("name", ""), "")  # "" when nothing shows
            name = typed or (t(lang, "you") if persons == 1 else
                             t(lang, "pp_default_name", n=i + 1))
            out.append({"name": name, "kind": "human"})
        else:
            bots += 1
            out.append({"name": t(lang, "bot_name", n=bots), "kind": "bot",
                        "level": s["level"] if s["level"] in LEVELS else "normal"})
    return out


def same_names(players: list[dict]) -> list[int]:
    """The seats of ``players`` (``players_for``'s list) whose name another seat before
    them already has (``people.same_names``: ignoring case, spaces and invisible
    characters, "Anna", " anna ", "An\\u200bna"; a person named like a computer player
    too): two people of one name could not tell whose turn the "Pass to" screen means.
    Empty when every name is its own."""
    return people.same_names([str(p.get("name", "")) for p in players])


def seats_el(lang: str, game: str, seats: list[dict]):
    """The seats' rows: kind (person/computer), name or level, up/down buttons. A computer
    seat's level select keeps the id ``lobby-level-<seat>``."""
    from game.web.dom import h
    box = h("div", {"id": "lobby-bots", "class": "seats", "role": "group",
                    "aria-label": t(lang, "pp_seats")})
    n = len(seats)
    persons = sum(1 for s in seats if s["kind"] == "human")
    bots = 0
    for i, s in enumerate(seats):
        kind = h("select", {"id": f"lobby-kind-{i}", "data-seat-kind": i,
                            "aria-label": t(lang, "pp_kind_label", n=i + 1)})
        for value, key in (("human", "pp_person"), ("bot", "pp_computer")):
            kind.appendChild(h("option", {"value": value, "selected": s["kind"] == value},
                               text=t(lang, key)))
        if s["kind"] == "human":
            placeholder = t(lang, "you") if persons == 1 else \
                t(lang, "pp_default_name", n=i + 1)
            what = h("input", {"type": "text", "id": f"lobby-name-{i}", "data-seat-name": i,
                               "maxlength": people.MAX_NAME, "autocomplete": "off",
                               "placeholder": placeholder,
                               "aria-describedby": f"lobby-name-limit-{i}",
                               "aria-label": t(lang, "pp_name_label", n=i + 1)})
            what.value = s["name"]
        else:
            bots += 1
            what = h("select", {"id": f"lobby-level-{i}", "data-level": i,
                                "aria-label": f"{t(lang, 'bot_name', n=bots)}: "
                                              f"{t(lang, 'level')}"})
            for opt in offered_levels(game):
                what.appendChild(h("option", {"value": opt, "selected": opt == s["level"]},
                                   text=t(lang, f"level_{opt}")))
        up = h("button", {"type": "button", "class": "ui-btn small", "data-ui": "seat-up",
                          "data-seat": i, "aria-label": t(lang, "pp_up", n=i + 1),
                          "disabled": i == 0}, text="↑")
        down = h("button", {"type": "button", "class": "ui-btn small", "data-ui": "seat-down",
                            "data-seat": i, "aria-label": t(lang, "pp_down", n=i + 1),
                            "disabled": i == n - 1}, text="↓")
        box.appendChild(h("div", {"class": "row seat-row", "data-seat-row": i},
                          kind, what, up, down))
        if s["kind"] == "human":  # said once the name is as long as it may be
            box.appendChild(h("p", {"class": "hint name-limit", "id": f"lobby-name-limit-{i}",
                                    "role": "status"},
                              text=name_limit_text(lang, s["name"])))
    box.appendChild(h("p", {"class": "hint"}, text=t(lang, "pp_seats_hint")))
    return box


def name_limit_text(lang: str, name: str) -> str:
    """The words under a person's name field: once ``name`` has ``people.MAX_NAME``
    characters (the field takes no more, and a longer pasted name is cut there), that a
    name can have no more; else nothing."""
    return t(lang, "pp_name_limit", n=people.MAX_NAME) if len(name) >= people.MAX_NAME else ""


def show_name_limit(lang: str, field) -> None:
    """Update the words under the name ``field`` (an ``input[data-seat-name]``) as it is
    typed in (``name_limit_text``)."""
    from pyscript import document
    note = document.getElementById(f"lobby-name-limit-{field.getAttribute('data-seat-name')}")
    if note:
        note.textContent = name_limit_text(lang, str(field.value))


def read_seats(n: int, shown: list[dict]) -> list[dict]:
    """The seats as the form shows them now (``shown``: the seats it was drawn from, for
    anything the form lacks)."""
    from pyscript import document
    out = []
    for i in range(n):
        base = dict(shown[i]) if i < len(shown) else {"kind": "bot", "name": "",
                                                       "level": "normal"}
        kind = document.getElementById(f"lobby-kind-{i}")
        if kind:
            base["kind"] = "human" if str(kind.value) == "human" else "bot"
        name = document.getElementById(f"lobby-name-{i}")
        if name:
            base["name"] = str(name.value)[:people.MAX_NAME]
        level = document.getElementById(f"lobby-level-{i}")
        if level and str(level.value) in LEVELS:
            base["level"] = str(level.value)
        out.append(base)
    return out


def moved(seats: list[dict], seat: int, step: int) -> list[dict]:
    """``seats`` with seat ``seat`` swapped with its neighbour ``seat + step`` (unchanged
    at either end)."""
    other = seat + step
    if not (0 <= seat < len(seats) and 0 <= other < len(seats)):
        return seats
    out = list(seats)
    out[seat], out[other] = out[other], out[seat]
    return out
