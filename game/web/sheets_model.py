"""What the scoresheets screen (``sheets.py``) shows, as plain data: the reason a cell's
points are refused, a list entry's date and label, the new-sheet form's name fields and
the saved list after a deletion is undone.

Pure Python (no browser imports), so it is tested in CPython; ``sheets.py`` draws it.
"""

from __future__ import annotations

from ..i18n import t
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
