"""Scoresheets for six-round games played with real cards at the table (Dunka, DUN-18;
Elvakorts-Rummy, ELV-14): players, each round's points, running totals and the winner by
each game's rule, with validation, JSON and CSV export and import.

Pure Python: the page keeps sheets in localStorage (``saves``) and draws them; the same
sheet shape prints as a blank or filled form. Points are whole numbers; Elvakort allows
negative round points (table cards plus, hand cards minus, ELV-13), Dunka does not (DUN-14).
Rounds are filled in order: a round's cells open once every cell of the round before it is
filled.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field

from . import jsonsafe, people
from .engine import SaveError, SettingError

ROUNDS = 6
GAMES = {"dunka": {"players": (2, 6), "lower_wins": True, "negative": False},
         "elvakort": {"players": (2, 8), "lower_wins": False, "negative": True}}
"""The six-round games a sheet can be for: player range, who wins, negative points."""
MAX_POINTS = 10_000
"""The bound on one cell's points in a sheet read back from the browser's own storage
(``load_sheets``): what versions before ``round_bounds`` accepted, so that a list saved
then still loads."""
NAME_LENGTH = people.MAX_NAME
FORMAT = "kortbordet-scoresheet"


def contracts(game: str) -> list[dict]:
    """The six rounds' contracts of ``game`` as ``Contract.to_dict()`` dicts (DUN-3 table,
    ELV table). Raises ``SettingError`` for another game."""
    from .melds import DUNKA_CONTRACTS, ELVAKORT_CONTRACTS
    if game not in GAMES:
        raise SettingError("game", game, tuple(GAMES))
    table = DUNKA_CONTRACTS if game == "dunka" else ELVAKORT_CONTRACTS
    return [c.to_dict() for c in table]


def deck_counts(game: str, players: int) -> tuple[int, int]:
    """``(decks, jokers)`` shuffled together for ``game`` with ``players`` players: Dunka
    two decks and 4 jokers (DUN-1); Elvakorts-Rummy two decks with 2–4 players, three with
    5–8, two jokers per deck (ELV-1). Raises ``SettingError`` for another game."""
    if game not in GAMES:
        raise SettingError("game", game, tuple(GAMES))
    if game == "dunka":
        return 2, 4
    copies = 2 if players <= 4 else 3
    return copies, 2 * copies


ELVAKORT_BONUS = 50
"""ELV-13: the player who went out scores 50 more."""

_BOUNDS: dict[tuple[str, int], tuple[int, int]] = {}


def round_bounds(game: str, players: int) -> tuple[int, int]:
    """The fewest and the most points one player can score in one round of ``game`` with
    ``players`` players, as ``(low, high)``: a safe range (every real round's points are
    inside it), from the value of every card in the deck (``deck_counts``, card values
    DUN-14 / ELV-12: joker 25, ace 15, 10/J/Q/K 10, 2–9 5). Dunka: 0 (the player who went
    out) to the whole deck left in one hand (DUN-14), 0 to 860. Elvakorts-Rummy: the
    whole deck left in hand, minus, to the whole deck in one's own melds plus the 50 for
    going out (ELV-13): −860 to 910 with 2–4 players, −1290 to 1340 with 5–8. Raises
    ``SettingError`` for another game."""
    key = (game, int(players))
    if key not in _BOUNDS:
        from .cards import make_deck
        from .melds.meld import dunka_value, elvakort_value
        copies, jokers = deck_counts(game, players)
        value = dunka_value if game == "dunka" else elvakort_value
        deck = sum(value(c) for c in make_deck(range(2, 15), copies=copies, jokers=jokers))
        _BOUNDS[key] = (0, deck) if game == "dunka" else (-deck, deck + ELVAKORT_BONUS)
    return _BOUNDS[key]


_WHOLE = re.compile(r"([+-]?)([0-9]{1,6})(?:[.,]0+)?")
"""A whole number as typed: ASCII digits, an optional sign, optional zero decimals
(``35``, ``-15``, ``+5``, ``35.0``, ``35,00``)."""
_PARTIAL = re.compile(r"[+-]?(?:[0-9]{1,6}[.,]0*)?")
"""What a person has typed on the way to a whole number: a sign alone, or digits and a
decimal separator followed by nothing or zeros only (``-``, ``3.``, ``3,0``)."""


def _typed(text: str) -> str:
    return str(text).strip().replace("\u2212", "-")


def partial_points(game: str, text: str) -> bool:
    """True when a cell's text is on the way to a valid number but not one yet: a sign
    alone (``-`` only where points may be negative, Elvakort) or a number ending in its
    decimal separator (``3.``). The page shows no error for it and stores nothing new
    (issue 13: typing ``3.5`` key by key). Empty text is not partial (it clears the cell).

    >>> partial_points("elvakort", "-"), partial_points("dunka", "-"), partial_points("dunka", "3.")
    (True, False, True)
    """
    value = _typed(text)
    if not value or not _PARTIAL.fullmatch(value) or _WHOLE.fullmatch(value):
        return False
    return not value.startswith("-") or GAMES[game]["negative"]


def parse_points(game: str, text: str, players: int | None = None) -> int:
    """A cell's text as points: a whole number in ASCII digits (``-15`` allowed for
    Elvakort; zero decimals such as ``35.0`` are whole too) that a round of ``game`` with
    ``players`` players can give (``round_bounds``; ``players`` None: at most
    ``MAX_POINTS`` either way, the bound of a stored sheet). Raises ``ValueError`` with a
    short reason code as its message: ``"empty"``, ``"not_whole"``, ``"negative"``
    (Dunka, DUN-14), ``"too_large"`` (above the most), ``"too_low"`` (below the
    fewest, Elvakort)."""
    value = _typed(text)
    if not value:
        raise ValueError("empty")
    match = _WHOLE.fullmatch(value)
    if match is None:
        raise ValueError("negative" if value[:1] == "-" and not GAMES[game]["negative"]
                         and re.fullmatch(r"-[0-9.,]*", value) else "not_whole")
    points = int(match.group(1) + match.group(2))
    if points < 0 and not GAMES[game]["negative"]:
        raise ValueError("negative")
    low, high = (-MAX_POINTS, MAX_POINTS) if players is None else round_bounds(game, players)
    if points > high:
        raise ValueError("too_large")
    if points < low:
        raise ValueError("too_low")
    return points


def points_reason(code: str, game: str, players: int) -> str:
    """``parse_points``'s reason ``code`` in English words for an import's error, with
    the range for ``"too_large"`` and ``"too_low"`` (``round_bounds``)."""
    if code in ("too_large", "too_low"):
        low, high = round_bounds(game, players)
        return f"{code} (a round gives {low} to {high} points)"
    return code


def _clean_name(name) -> str:
    """A player's name as kept, as every name that comes in (``people.clean_name``): white
    space (line breaks, tabs) one space, control, bidi and zero-width characters dropped,
    at most ``NAME_LENGTH`` characters, no spaces at either end (so cleaning is
    idempotent); ``""`` when nothing visible is left. Two names may be the same: a sheet
    for the table is a paper form's columns, its own names told apart by the people there."""
    return people.clean_name("" if name is None else str(name), "")


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet program read a cell as a formula."""

CSV_BOM = "\ufeff"
"""Written first in a CSV file: tells Excel the file is UTF-8 (without it, Excel reads
``å``, ``ä``, ``ö`` as two Windows-1252 characters each)."""
CSV_SEPARATOR = ";"
"""The field separator written: Swedish Excel's list separator (its own CSV files use it,
since the decimal separator is the comma)."""
CSV_LINE_END = "\r\n"
"""The line end written, as Excel writes its own CSV files."""
CSV_SEPARATORS = (";", ",")
"""The separators ``from_csv`` recognises (``csv_separator``): ``;`` as written now and by
Excel with a Swedish list separator, ``,`` as written before and by an English Excel."""


def csv_text(text: str) -> str:
    """``text`` for a CSV cell a spreadsheet opens as text, never as a formula: one that
    starts with ``FORMULA_START`` (or with ``'``) gets a leading ``'``, which spreadsheets
    hide and ``csv_name`` takes off again (OWASP's advice on CSV injection).

    >>> csv_text("=1+1"), csv_text("-45"), csv_text("Anna"), csv_text("'x")
    ("'=1+1", "'-45", 'Anna', "''x")
    """
    text = str(text)
    return "'" + text if text.startswith(FORMULA_START + ("'",)) else text


def csv_name(text: str) -> str:
    """A cell (a name, or points) read from a CSV file: ``csv_text`` undone (a ``'``
    before what would start a formula, or before another ``'``, is taken off).

    >>> csv_name("'=1+1"), csv_name("''x"), csv_name("'Anna")
    ('=1+1', "'x", "'Anna")
    """
    text = str(text)
    if text.startswith("'") and text[1:].startswith(FORMULA_START + ("'",)):
        return text[1:]
    return text


def csv_field(value) -> str:
    """One cell of ``to_csv``'s output. A whole number (``int``, never ``bool``) is written
    as plain digits with its sign (``-45`` is a number to a spreadsheet, not a formula).
    Anything else is text: neutralised by ``csv_text``, then quoted (``"`` doubled inside)
    when it holds a separator of either kind (``;`` or ``,``), a quote or a line break, or
    starts or ends with a space, so that splitting a line at ``;`` never starts a new cell
    inside it (``x;=1+1`` stays one cell, ``"x;=1+1"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = csv_text(value)
    if any(ch in text for ch in ';,"\r\n') or text != text.strip(" "):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_separator(text: str) -> str:
    """The field separator of a scoresheet CSV file (``CSV_SEPARATORS``): the one that makes
    its first line start with a ``game`` cell followed by another cell (a leading BOM
    skipped); ``,`` when neither does (the reader then says what is wrong)."""
    text = str(text)[:4096].lstrip(CSV_BOM)
    first = re.split(r"[\r\n]", text, maxsplit=1)[0]
    for sep in CSV_SEPARATORS:
        try:
            row = next(csv.reader([first], delimiter=sep), [])
        except csv.Error:
            continue
        if len(row) >= 2 and row[0].strip().lower() == "game":
            return sep
    return ","


@dataclass
class TableSheet:
    """One table-play scoresheet.

    Attributes:
        id: a stable id (``"sheet-<ms>"``), the key in the saved list.
        game: ``"dunka"`` or ``"elvakort"``.
        names: the players in seat order (2–6 for Dunka, 2–8 for Elvakort), non-empty.
        cells: ``ROUNDS`` rows of one ``int | None`` per player (``None``: not entered).
        created: when it was made, ms since the epoch (for sorting and the file name).

    Raises ``SettingError`` for an unknown game, a bad player count or an empty name.
    """

    id: str
    game: str
    names: list[str]
    cells: list[list] = field(default_factory=list)
    created: int = 0

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise SettingError("game", self.game, tuple(GAMES))
        low, high = GAMES[self.game]["players"]
        self.names = [_clean_name(n) for n in self.names]
        if not low <= len(self.names) <= high:
            raise SettingError("players", len(self.names), range(low, high + 1))
        if not all(self.names):
            raise SettingError("names", "", ["a name for every player"])
        if not self.cells:
            self.cells = [[None] * len(self.names) for _ in range(ROUNDS)]

    @classmethod
    def new(cls, game: str, names: list[str], now_ms: int) -> "TableSheet":
        """A blank sheet. Raises ``SettingError`` as the constructor."""
        return cls(f"sheet-{int(now_ms)}", game, list(names), created=int(now_ms))

    # ------------------------------------------------------------ entering points

    def round_complete(self, r: int) -> bool:
        """True when every cell of round ``r`` (0-based) is filled."""
        return all(v is not None for v in self.cells[r])

    def open_rounds(self) -> int:
        """How many rounds may be edited: the filled ones and the first unfilled one."""
        n = 0
        while n < ROUNDS and self.round_complete(n):
            n += 1
        return min(ROUNDS, n + 1)

    def set_cell(self, r: int, seat: int, text: str, *, stored: bool = False) -> int | None:
        """Enter ``text`` for player ``seat`` in round ``r`` (0-based); empty text clears
        the cell (only in the last open round, so earlier rounds stay complete). Returns
        the stored value. Raises ``ValueError`` (message: a reason code of
        ``parse_points``, or ``"round_locked"`` when an earlier round is not complete, or
        ``"clear_later_first"``) and changes nothing then. Points must be what a round
        with this many players can give (``round_bounds``); ``stored``: a value read back
        from the browser's storage, bounded by ``MAX_POINTS`` only (``load_sheets``)."""
        if not (0 <= r < ROUNDS and 0 <= seat < len(self.names)):
            raise ValueError("no_such_cell")
        if r >= self.open_rounds():
            raise ValueError("round_locked")
        if not str(text).strip():
            if r + 1 < ROUNDS and any(v is not None for v in self.cells[r + 1]):
                raise ValueError("clear_later_first")
            self.cells[r][seat] = None
            return None
        value = parse_points(self.game, text, None if stored else len(self.names))
        self.cells[r][seat] = value
        return value

    def restore_cell(self, r: int, seat: int, value: int | None) -> bool:
        """Put back the value a cell had before an edit that turned out invalid (the page
        calls it when typing ends in an error). True when the cell holds ``value`` after;
        False (nothing changed) when that would break the rule that rounds are filled in
        order."""
        if not (0 <= r < ROUNDS and 0 <= seat < len(self.names)):
            return False
        try:
            self.set_cell(r, seat, "" if value is None else str(value))
        except ValueError:
            return False
        return True

    # ------------------------------------------------------------ results

    def totals(self) -> list[int]:
        """Each player's total over the entered points."""
        return [sum(row[s] or 0 for row in self.cells) for s in range(len(self.names))]

    def running(self) -> list[list[int] | None]:
        """Per round the running totals after it, ``None`` for rounds not complete."""
        out, acc = [], [0] * len(self.names)
        for r in range(ROUNDS):
            if not self.round_complete(r):
                out.append(None)
                continue
            acc = [a + v for a, v in zip(acc, self.cells[r])]
            out.append(list(acc))
        return out

    def is_complete(self) -> bool:
        return all(self.round_complete(r) for r in range(ROUNDS))

    def leaders(self) -> list[int]:
        """The seats with the best total by the game's rule (Dunka lowest, DUN-17;
        Elvakort highest, ELV-14); the winners once the sheet is complete; empty before
        any round is complete."""
        if not self.round_complete(0):
            return []
        totals = self.totals()
        best = min(totals) if GAMES[self.game]["lower_wins"] else max(totals)
        return [s for s, v in enumerate(totals) if v == best]

    # ------------------------------------------------------------ files

    def to_dict(self) -> dict:
        """JSON-safe; ``from_dict`` reads it back."""
        return {"format": FORMAT, "version": 1, "id": self.id, "game": self.game,
                "names": list(self.names), "cells": [list(row) for row in self.cells],
                "created": self.created}

    @classmethod
    def from_dict(cls, data, *, stored: bool = False) -> "TableSheet":
        """Read a sheet, checking every value (points as ``set_cell``: a round's range,
        ``round_bounds``; ``stored``: a sheet from the browser's own storage, whose points
        need only be within ``MAX_POINTS``, as before those bounds). Raises ``SaveError``
        with a readable reason (the page shows it and keeps what it had)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("this is not a Kortbordet scoresheet")
        created, names = data.get("created", 0), data.get("names")
        if not jsonsafe.int_in(created, 0, 10**15):
            raise SaveError("the scoresheet is damaged: 'created' must be a whole number")
        if not isinstance(names, list) or not all(jsonsafe.is_text(n, 200) for n in names):
            raise SaveError("the scoresheet is damaged: 'names' must be a list of names")
        try:
            sheet = cls(str(data["id"])[:40], data["game"], list(names), created=created)
        except SettingError as exc:
            raise SaveError(f"the scoresheet is damaged: {exc}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"the scoresheet is damaged: {exc}") from exc
        cells = data.get("cells")
        if not isinstance(cells, list) or len(cells) != ROUNDS or any(
                not isinstance(row, list) or len(row) != len(sheet.names) for row in cells):
            raise SaveError("the scoresheet must have six rounds with one cell per player")
        for r, row in enumerate(cells):
            for seat, value in enumerate(row):
                if value is None:
                    continue
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SaveError(f"round {r + 1}: points must be whole numbers")
                try:
                    sheet.set_cell(r, seat, str(value), stored=stored)
                except ValueError as exc:
                    raise SaveError(f"round {r + 1}, {sheet.names[seat]}: "
                                    f"{points_reason(str(exc), sheet.game, len(sheet.names))}"
                                    ) from exc
        return sheet

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def to_csv(self) -> str:
        """The sheet as a CSV file Swedish Excel opens as it is: ``CSV_BOM`` first (UTF-8),
        cells separated by ``CSV_SEPARATOR`` (``;``), lines ended by ``CSV_LINE_END``
        (CRLF), each cell as ``csv_field`` writes it (text that needs it quoted, text a
        spreadsheet would run as a formula, such as a name ``=HYPERLINK(...)``, with a
        leading ``'``; points as plain whole numbers). Lines: ``game;<game>`` (padded to
        the table's width), ``round;<names...>``, six rows ``<n>;<points...>`` (empty
        when not entered), then ``total;<totals...>``. ``from_csv`` reads it back."""
        rows = [["game", self.game, *([""] * (len(self.names) - 1))],
                ["round", *self.names]]
        rows += [[r + 1, *("" if v is None else v for v in row)]
                 for r, row in enumerate(self.cells)]
        rows.append(["total", *self.totals()])
        return CSV_BOM + "".join(CSV_SEPARATOR.join(csv_field(c) for c in row) + CSV_LINE_END
                                 for row in rows)

    @classmethod
    def from_csv(cls, text: str, now_ms: int) -> "TableSheet":
        """Read ``to_csv`` output, also as Excel saves it again and as earlier versions
        wrote it: an optional BOM, ``;`` or ``,`` between cells (``csv_separator``), CRLF,
        LF or CR line ends, quoted cells, a ``'`` before formula-like text taken off
        (``csv_name``, every cell), empty cells after the table's last column ignored.
        The ``total`` row is checked, not trusted. Raises ``SaveError`` with the line that
        is wrong."""
        text = str(text).lstrip(CSV_BOM)
        sep = csv_separator(text)
        try:  # universal newlines: '\r' line ends (Excel for Mac) and '\r\n' alike
            rows = [[csv_name(c) for c in r]
                    for r in csv.reader(io.StringIO(text, newline=None), delimiter=sep)
                    if any(c.strip() for c in r)]
        except csv.Error as exc:
            raise SaveError(f"the CSV file cannot be read ({str(exc)[:80]})") from None
        if len(rows) < 2 or rows[0][:1] != ["game"] or len(rows[0]) < 2:
            raise SaveError("the CSV file must start with a 'game' line")
        game = rows[0][1].strip()
        if rows[1][:1] != ["round"]:
            raise SaveError("the second line must be 'round' followed by the players' names")
        names = rows[1][1:]
        while names and not names[-1].strip():  # a spreadsheet's empty columns after them
            names.pop()
        if any("\n" in name or "\r" in name for name in names):
            raise SaveError("line 2: a name runs over several lines (a quote \" not closed?)")
        try:
            sheet = cls.new(game, names, now_ms)
        except SettingError as exc:
            raise SaveError(f"the CSV file is not a scoresheet: {exc}") from exc
        width = len(sheet.names) + 1
        rows = [r[:width] if not any(c.strip() for c in r[width:]) else r for r in rows]
        body = [r for r in rows[2:] if r[0].strip().lower() != "total"]
        if len(body) > ROUNDS:
            raise SaveError("the CSV file has more than six rounds")
        for line, row in enumerate(body, start=3):
            if len(row) != width or row[0].strip() != str(line - 2):
                raise SaveError(f"line {line}: expected round {line - 2} and "
                                f"{len(sheet.names)} points")
            for seat, cell in enumerate(row[1:]):
                if not cell.strip():
                    continue
                try:
                    sheet.set_cell(line - 3, seat, cell)
                except ValueError as exc:
                    raise SaveError(f"line {line}, {sheet.names[seat]}: "
                                    f"{points_reason(str(exc), game, len(sheet.names))}") from exc
        total = [r for r in rows[2:] if r[0].strip().lower() == "total"]
        if total and [c.strip() for c in total[0][1:]] != [str(v) for v in sheet.totals()]:
            raise SaveError("the total line does not add up")
        return sheet


def load_sheets(text: str | None) -> list[TableSheet]:
    """The saved table-play sheets (newest first). Raises ``SaveError`` when the text is
    damaged (the page keeps it as a backup)."""
    if not text:
        return []
    try:
        data = jsonsafe.loads(text)
    except jsonsafe.JsonError as exc:
        raise SaveError(f"the scoresheets are not readable JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("sheets"), list):
        raise SaveError("these are not Kortbordet scoresheets")
    return [TableSheet.from_dict(s, stored=True) for s in data["sheets"]]


def dump_sheets(sheets: list[TableSheet]) -> str:
    return json.dumps({"format": FORMAT + "s", "version": 1,
                       "sheets": [s.to_dict() for s in sheets]}, separators=(",", ":"))


def read_file(name: str, text: str, now_ms: int) -> TableSheet:
    """An imported file (``.json`` or ``.csv`` by name, else by content) as a new sheet
    with a fresh id; a leading BOM (as Excel writes UTF-8) is skipped. Raises
    ``SaveError`` with a reason the player can act on."""
    text = str(text)
    text = text[1:] if text.startswith(CSV_BOM) else text
    if len(text) > 200_000:
        raise SaveError("the file is too large for a scoresheet")
    if name.lower().endswith(".json") or text.lstrip().startswith("{"):
        try:
            data = jsonsafe.loads(text)
        except jsonsafe.JsonError as exc:
            raise SaveError(f"the file is not readable JSON ({exc})") from exc
        sheet = TableSheet.from_dict(data)
        sheet.id, sheet.created = f"sheet-{int(now_ms)}", int(now_ms)
        return sheet
    return TableSheet.from_csv(text, now_ms)
