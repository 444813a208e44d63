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
