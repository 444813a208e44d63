"""What the scoresheets screen (``sheets.py``) shows, as plain data: the reason a cell's
points are refused, a list entry's date and label, the new-sheet form's name fields and
the saved list after a deletion is undone.

Pure Python (no browser imports), so it is tested in CPython; ``sheets.py`` draws it.
"""

from __future__ import annotations

from ..i18n import t
from ..people import isolate
from ..scoresheet import round_bounds
from .model import number


def points_reason(lang: str, game: str, players: int, code: str) -> str:
    """The sentence under a scoresheet whose cell was refused with ``code`` (a reason code
    of ``TableSheet.set_cell``) in a sheet of ``game`` with ``players`` players. Points a
    round cannot give say the range and why (``scoresheet.round_bounds``: DUN-14;
    ELV-12, ELV-13): ``"too_large"`` and ``"too_low"``."""
    if code in ("too_large", "too_low"):
        low, high = round_bounds(game, players)
        return t(lang, f"sh_bad_{code}_{game}", min=number(low), max=number(high), n=players)
    return t(lang, f"sh_bad_{code}")


DEFAULT_PLAYERS = 4
"""Name fields the new-sheet form shows before a count is chosen."""


def name_fields(lang: str, game: str, typed: list[str]) -> list[dict]:
    """The new-sheet form's name fields for ``game``: one per name typed so far
    (``DEFAULT_PLAYERS`` when none), as many as the game allows (``GAMES[game]
    ["players"]``). Each is ``{"id", "label", "value", "placeholder"}``: ``value`` is
    what the person typed (empty at first), ``placeholder`` the grey example "Spelare 1" /
    "Player 1", never text the person has to delete first. Raises ``KeyError`` for a game
    that has no sheet."""
    from ..scoresheet import GAMES
    low, high = GAMES[game]["players"]
    names = [str(n) for n in typed] or [""] * DEFAULT_PLAYERS
    names = names[:high] + [""] * (low - len(names))
    return [{"id": f"sheet-name-{i}", "label": t(lang, "sh_player_n", n=i + 1), "value": name,
             "placeholder": t(lang, "sh_player_n", n=i + 1)} for i, name in enumerate(names)]


def sheet_names(lang: str, typed: list[str]) -> list[str]:
    """The players' names a new sheet gets from the form: each name typed, and for a field
    left empty (or only spaces) its placeholder ("Spelare 2" / "Player 2"), so that a sheet
    can still be made at once."""
    return [name if str(name).strip() else t(lang, "sh_player_n", n=i + 1)
            for i, name in enumerate(typed)]


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
"""English month abbreviations of the lists' dates (as the lobby's history writes them)."""


def day_text(lang: str, year: int, month: int, day: int) -> str:
    """A list entry's date, ``month`` 1–12: Swedish ``2026-12-03``, English ``3 Dec 2026``
    (``03/12/2026`` reads as March 12th to many English readers), as the lobby's history
    (``past_games``)."""
    if lang == "sv":
        return f"{year:04d}-{month:02d}-{day:02d}"
    return f"{day} {MONTHS[month - 1]} {year}"


def entry_label(lang: str, day: str, game: str, names: list[str]) -> str:
    """A saved or finished scoresheet in a list: its date (``day_text``; empty when not
    known), the game's name and the players, ``2026-12-03 · Dunka: Anna, Bo`` (each
    name isolated, ``people.isolate``)."""
    label = f"{t(lang, f'game_{game}')}: {', '.join(map(isolate, names))}"
    return f"{day} · {label}" if day else label


def deleted_label(lang: str, label: str) -> str:
    """The line a deleted sheet leaves in the list until the page is closed, beside its
    Undo button: ``Borttaget: <label>`` / ``Deleted: <label>``."""
    return t(lang, "sh_deleted_entry", label=label)


def restore(sheets: list, sheet) -> list:
    """The saved list (newest first, by ``created``) with the deleted ``sheet`` back in
    its place: before the first sheet made earlier than it. Unchanged (a copy) when a
    sheet with its id is in the list already (undone twice, or in another tab)."""
    if any(s.id == sheet.id for s in sheets):
        return list(sheets)
    at = next((i for i, s in enumerate(sheets) if s.created < sheet.created), len(sheets))
    return [*sheets[:at], sheet, *sheets[at:]]
