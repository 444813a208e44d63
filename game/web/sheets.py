"""Scoresheets screen (PyScript glue): table-play sheets for Dunka and Elvakorts-Rummy
played with real cards, typed in as the game goes, saved in localStorage on every valid
keystroke, printable (blank or filled, one A4 page) and exported/imported as JSON or CSV.
Finished computer games' sheets (the lobby's history) print from here too.

The sheet logic is ``game.scoresheet`` (pure Python, tested in CPython); this module only
draws it and moves text between the page, files and storage.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable
from pyscript import document, window

from .. import saves
from ..digits import is_digits
from ..engine import SaveError, SettingError
from ..i18n import t
from ..people import isolate
from ..scoresheet import (GAMES, NAME_LENGTH, ROUNDS, TableSheet, contracts, dump_sheets,
                          load_sheets, partial_points, read_file)
from .dom import clear, download, h, local_day
from .jsvalue import absent
from .sheets_model import (deleted_label, entry_label, name_fields, points_reason,
                           restore, sheet_names)

SHEETS_KEY = saves.SHEETS_KEY


def name_limit_text(lang: str, name: str) -> str:
    """The words under a scoresheet's name field: once ``name`` has
    ``scoresheet.NAME_LENGTH`` characters (the field takes no more, and a longer pasted
    name is cut there), that a name can have no more; else nothing (as the lobby's,
    ``seats.name_limit_text``)."""
    return t(lang, "pp_name_limit", n=NAME_LENGTH) if len(name) >= NAME_LENGTH else ""


class SheetsScreen:
    """The scoresheets screen. ``app`` is the ``main.App``; ``open_id`` the sheet being
    edited (None: the list); ``form``: the new-sheet form's game and names."""

    def __init__(self, app) -> None:
        self.app = app
        self.open_id: str | None = None
        self.form = {"game": "dunka", "names": []}
        self.message = ""
        self.editing: tuple = (None, None, None, None)  # (sheet id, round, seat, value before)
        self.deleted: list[TableSheet] = []  # deleted here, newest first: Undo until closed

    @property
    def lang(self) -> str:
        return self.app.lang

    # ------------------------------------------------------------ storage

    def load(self) -> list[TableSheet] | None:
        """The saved sheets; an unreadable list is kept under a backup key (the player is
        told) and None is returned so nothing overwrites it."""
        text = self.app._get(SHEETS_KEY)
        try:
            return load_sheets(text)
        except SaveError:
            key = saves.backup_key(js.Date.now(), "sheets",
                                   lambda k: self.app._get(k) is not None)
            if self.app._set(key, text):
                self.app.trim_backups((key,))
                self.app.store.removeItem(SHEETS_KEY)
                self.app.set_notice(t(self.lang, "sh_corrupt", key=key), "warn")
                return []
            self.app.set_notice(t(self.lang, "sh_corrupt_kept", key=SHEETS_KEY), "warn")
            return None

    def store(self, sheets: list[TableSheet]) -> bool:
        """Write the sheets; False when the browser refused (the page's storage notice
        says so and offers to free space: ``StoragePart._set``)."""
        return self.app._set(SHEETS_KEY, dump_sheets(sheets))

    def find(self, sheet_id: str) -> tuple[list[TableSheet] | None, TableSheet | None]:
        sheets = self.load()
        return sheets, next((s for s in sheets or [] if s.id == sheet_id), None)

    # ------------------------------------------------------------ drawing

    def show(self) -> None:
        app = self.app
        app.cancel_timer()
        app.screen = "sheets"
        app.translate_chrome()
        clear(app.root)
        sheets = self.load()
        if self.open_id is not None:
            sheet = next((s for s in sheets or [] if s.id == self.open_id), None)
            if sheet is not None:
                app.root.appendChild(self.editor(sheet))
                return
            self.open_id = None
        app.root.appendChild(self.overview(sheets or []))

    def game_name(self, game: str) -> str:
        return t(self.lang, f"game_{game}")

    def label(self, game: str, names: list[str], ms) -> str:
        return entry_label(self.lang, local_day(self.lang, ms), game, names)

    def overview(self, sheets: list[TableSheet]):
        lang = self.lang
        game = self.form["game"]
        low, high = GAMES[game]["players"]
        fields = name_fields(lang, game, self.form["names"])
        game_sel = h("select", {"id": "sheet-game", "data-sheet-form": "game"})
        for g in GAMES:
            game_sel.appendChild(h("option", {"value": g, "selected": g == game},
                                   text=self.game_name(g)))
        count = h("select", {"id": "sheet-count", "data-sheet-form": "count"})
        for n in range(low, high + 1):
            count.appendChild(h("option", {"value": n, "selected": n == len(fields)},
                                text=t(lang, "players_n", n=n)))
        name_rows = h("div", {"class": "sheet-names"})
        for i, field in enumerate(fields):
            sid = field["id"]
            name_rows.appendChild(h("div", {"class": "row"},
                                    h("label", {"for": sid}, text=field["label"]),
                                    h("input", {"id": sid, "type": "text",
                                                "maxlength": NAME_LENGTH, "value": field["value"],
                                                "placeholder": field["placeholder"],
                                                "data-sheet-name": i, "autocomplete": "off",
                                                "aria-describedby": f"{sid}-limit"})))
            # said once the name is as long as it may be (a longer pasted name is cut)
            name_rows.appendChild(h("p", {"class": "hint name-limit", "id": f"{sid}-limit",
                                          "role": "status"},
                                    text=name_limit_text(lang, field["value"])))
        new = h("section", {"class": "panel", "aria-labelledby": "sheet-new-h"},
                h("h2", {"id": "sheet-new-h"}, text=t(lang, "sh_new_title")),
                h("p", {"class": "hint"}, text=t(lang, "sh_intro")),
                h("div", {"class": "row"}, h("label", {"for": "sheet-game"}, text=t(lang, "game")),
                  game_sel),
                h("div", {"class": "row"}, h("label", {"for": "sheet-count"},
                                             text=t(lang, "players")), count),
                name_rows,
                h("div", {"class": "lobby-actions"},
                  h("button", {"type": "button", "class": "ui-btn primary",
                               "data-ui": "sheet-create"}, text=t(lang, "sh_create")),
                  h("button", {"type": "button", "class": "ui-btn",
                               "data-ui": "sheet-print-blank"}, text=t(lang, "sh_print_blank"))))
        saved = h("section", {"class": "panel", "aria-labelledby": "sheet-saved-h"},
                  h("h2", {"id": "sheet-saved-h"}, text=t(lang, "sh_saved_title")))
        if not sheets and not self.deleted:
            saved.appendChild(h("p", {"class": "hint"}, text=t(lang, "sh_none")))
        items = h("ul", {"class": "sheet-list"})
        ids = {s.id for s in sheets}
        for s in self.deleted:  # Undo until the page is closed
            if s.id in ids:
                continue
            text = deleted_label(lang, self.label(s.game, s.names, s.created))
            items.appendChild(h("li", {"data-deleted": s.id, "class": "deleted"},
                                h("span", text=text),
                                h("span", {"class": "sheet-buttons"},
                                  h("button", {"type": "button", "class": "ui-btn small",
                                               "data-ui": "sheet-undo", "data-id": s.id,
                                               "aria-label": f"{t(lang, 'sh_undo_delete')}: {text}"},
                                    text=t(lang, "sh_undo_delete")))))
        for s in sheets:
            label = self.label(s.game, s.names, s.created)
            buttons = h("span", {"class": "sheet-buttons"})
            for ui, key in (("sheet-open", "sh_open"), ("sheet-print", "sh_print"),
                            ("sheet-json", "sh_export_json"), ("sheet-csv", "sh_export_csv"),
                            ("sheet-delete", "sh_delete")):
                buttons.appendChild(h("button", {"type": "button", "class": "ui-btn small",
                                                 "data-ui": ui, "data-id": s.id,
                                                 "aria-label": f"{t(lang, key)}: {label}"},
                                      text=t(lang, key)))
            items.appendChild(h("li", {"data-sheet": s.id}, h("span", text=label), buttons))
        saved.appendChild(items)
        upload = h("input", {"type": "file", "id": "sheet-import", "accept": ".json,.csv,text/csv,application/json",
                             "data-sheet-import": True})
        saved.appendChild(h("div", {"class": "row"},
                            h("label", {"for": "sheet-import"}, text=t(lang, "sh_import")), upload))
        history = [e for e in self.app.load_history() or [] if "rounds" in e]  # scoresheets
        if history:
            hist = h("ul", {"class": "sheet-list"})
            for entry in history:
                label = self.label(entry["game"], entry["names"], entry.get("finished"))
                hist.appendChild(h("li", {"data-played": entry["id"]}, h("span", text=label),
                                   h("button", {"type": "button", "class": "ui-btn small",
                                                "data-ui": "played-print", "data-id": entry["id"],
                                                "aria-label": f"{t(lang, 'sh_print')}: {label}"},
                                     text=t(lang, "sh_print"))))
            saved.appendChild(h("h3", text=t(lang, "dk_history_title")))
            saved.appendChild(hist)
        return h("div", {"class": "lobby sheets", "data-screen": "sheets"}, new, saved)

    def editor(self, sheet: TableSheet):
        lang = self.lang
        cons = contracts(sheet.game)
        from .dunka_model import contract_text
        lead = sheet.leaders()
        head = h("tr", {}, h("th", {"scope": "col"}, text=t(lang, "dk_sheet_round")))
        for name in sheet.names:
            head.appendChild(h("th", {"scope": "col", "class": "n"}, text=isolate(name)))
        body = h("tbody")
        open_rounds = sheet.open_rounds()
        running = sheet.running()
        for r in range(ROUNDS):
            row = h("tr", {"data-round": r + 1},
                    h("th", {"scope": "row"}, h("span", {"class": "rn"}, text=str(r + 1)),
                      h("span", {"class": "ct"}, text=contract_text(lang, cons[r]))))
            for seat, name in enumerate(sheet.names):
                value = sheet.cells[r][seat]
                label = t(lang, "sh_cell_label", round=r + 1, name=isolate(name))
                cell = h("input", {"type": "text", "inputmode": "numeric", "class": "cell",
                                   "data-cell": f"{r},{seat}", "aria-label": label,
                                   "value": "" if value is None else value,
                                   "disabled": r >= open_rounds, "autocomplete": "off",
                                   "size": 5})
                td = h("td", {"class": "n"}, cell)
                if running[r] is not None:
                    td.appendChild(h("span", {"class": "run"}, text=f"= {running[r][seat]}"))
                row.appendChild(td)
            body.appendChild(row)
        foot = h("tr", {"class": "totals"}, h("th", {"scope": "row"}, text=t(lang, "dk_sheet_total")))
        for seat, total in enumerate(sheet.totals()):
            cell = h("td", {"class": "n" + (" lead" if seat in lead else ""),
                            "data-total": seat}, text=str(total))
            if seat in lead:
                cell.appendChild(h("span", {"class": "lead-mark"}, text=" " + t(
                    lang, "dk_sheet_winner" if sheet.is_complete() else "dk_sheet_leader")))
            foot.appendChild(cell)
        rule = t(lang, "sh_rule_low" if GAMES[sheet.game]["lower_wins"] else "sh_rule_high")
        return h("div", {"class": "sheets", "data-screen": "sheets"},
                 h("section", {"class": "panel", "id": "sheet-editor", "data-sheet": sheet.id,
                               "aria-labelledby": "sheet-ed-h"},
                   h("h2", {"id": "sheet-ed-h"}, text=f"{self.game_name(sheet.game)} · "
                                                   f"{t(lang, 'dk_sheet_title')}"),
                   h("p", {"class": "hint"}, text=f"{rule} {t(lang, 'sh_typing')}"),
                   h("p", {"class": "reason", "id": "sheet-error", "role": "alert"},
                     text=self.message),
                   h("div", {"class": "scroll"},
                     h("table", {"class": "tally scoresheet editable", "data-scoresheet": True},
                       h("thead", {}, head), body, h("tfoot", {}, foot))),
                   h("div", {"class": "lobby-actions"},
                     h("button", {"type": "button", "class": "ui-btn", "data-ui": "sheet-close"},
                       text=t(lang, "sh_back")),
                     h("button", {"type": "button", "class": "ui-btn", "data-ui": "sheet-print",
                                  "data-id": sheet.id}, text=t(lang, "sh_print")),
                     h("button", {"type": "button", "class": "ui-btn", "data-ui": "sheet-json",
                                  "data-id": sheet.id}, text=t(lang, "sh_export_json")),
                     h("button", {"type": "button", "class": "ui-btn", "data-ui": "sheet-csv",
                                  "data-id": sheet.id}, text=t(lang, "sh_export_csv")))))

    # ------------------------------------------------------------ printing

    def print_sheet(self, game: str, names: list[str], cells, title: str) -> None:
        """Fill ``#print-area`` with one A4 form (blank when ``cells`` is None) and open the
        browser's print dialog. The area is shown only in print media."""
        lang = self.lang
        from .dunka_model import contract_text
        cons = contracts(game)
        area = document.getElementById("print-area")
        clear(area)
        head = h("tr", {}, h("th", {"scope": "col"}, text=t(lang, "dk_sheet_round")),
                 h("th", {"scope": "col"}, text=t(lang, "dk_sheet_contract")))
        for name in names:
            head.appendChild(h("th", {"scope": "col"}, text=isolate(name)))
        body = h("tbody")
        totals = [0] * len(names)
        for r in range(ROUNDS):
            row = h("tr", {}, h("th", {"scope": "row"}, text=str(r + 1)),
                    h("td", text=contract_text(lang, cons[r])))
            for seat in range(len(names)):
                value = cells[r][seat] if cells else None
                if value is not None:
                    totals[seat] += value
                row.appendChild(h("td", {"class": "n"}, text="" if value is None else str(value)))
            body.appendChild(row)
        foot = h("tr", {}, h("th", {"scope": "row", "colspan": 2}, text=t(lang, "dk_sheet_total")))
        for seat in range(len(names)):
            foot.appendChild(h("td", {"class": "n"}, text=str(totals[seat]) if cells else ""))
        rule = t(lang, "sh_rule_low" if GAMES[game]["lower_wins"] else "sh_rule_high")
        area.appendChild(h("div", {"class": "print-sheet", "data-print": "blank" if not cells else "filled"},
                           h("h1", text=title),
                           h("p", text=rule),
                           h("table", {}, h("thead", {}, head), body, h("tfoot", {}, foot)),
                           h("p", {"class": "print-foot"}, text=t(lang, "sh_print_foot"))))
        window.print()

    # ------------------------------------------------------------ events

    def read_form(self) -> None:
        game_el = document.getElementById("sheet-game")
        if absent(game_el):
            return
        self.form["game"] = str(game_el.value) if str(game_el.value) in GAMES else "dunka"
        count_el = document.getElementById("sheet-count")
        n = int(count_el.value) if count_el and is_digits(str(count_el.value)) else 4
        names = []
        nodes = document.querySelectorAll("[data-sheet-name]")
        for i in range(nodes.length):
            names.append(str(nodes.item(i).value))
        low, high = GAMES[self.form["game"]]["players"]
        n = max(low, min(high, n))
        self.form["names"] = names[:n] + [""] * (n - len(names))  # empty: the placeholder

    def on_click(self, el) -> bool:
        ui = el.getAttribute("data-ui")
        sid = str(el.getAttribute("data-id") or "")
        lang = self.lang
        if ui == "sheet-create":
            self.read_form()
            sheets = self.load()
            if sheets is None:
                return True
            try:
                sheet = TableSheet.new(self.form["game"], sheet_names(lang, self.form["names"]),
                                       js.Date.now())
            except SettingError:
                self.app.set_notice(t(lang, "sh_names_needed"), "error")
                return True
            if self.store([sheet, *sheets]):
                self.open_id = sheet.id
                self.message = ""
                self.app.set_notice("")
                self.show()
                first = document.querySelector("[data-cell='0,0']")
                if first:
                    first.focus()
            return True
        if ui == "sheet-print-blank":
            self.read_form()
            self.print_sheet(self.form["game"], self.form["names"], None,
                             f"{self.game_name(self.form['game'])} · {t(lang, 'dk_sheet_title')}")
            return True
        if ui in ("sheet-open", "sheet-close"):
            self.open_id = sid if ui == "sheet-open" else None
            self.message = ""
            self.show()
            return True
        if ui in ("sheet-print", "sheet-json", "sheet-csv", "sheet-delete"):
            sheets, sheet = self.find(sid)
            if sheet is None:
                return True
            if ui == "sheet-print":
                self.print_sheet(sheet.game, sheet.names, sheet.cells,
                                 f"{self.game_name(sheet.game)} · {t(lang, 'dk_sheet_title')}")
            elif ui == "sheet-delete":  # kept in memory: Undo until the page is closed
                if self.store([s for s in sheets if s.id != sid]):
                    self.deleted = [sheet, *(s for s in self.deleted if s.id != sid)]
                    self.show()
                    self.focus(f'[data-ui="sheet-undo"][data-id="{js.CSS.escape(sid)}"]')
            else:
                kind = "json" if ui == "sheet-json" else "csv"
                text = sheet.to_json() if kind == "json" else sheet.to_csv()
                self.download(f"{sheet.game}-{sheet.id}.{kind}", text,  # CSV: for Excel
                              "application/json" if kind == "json" else "text/csv;charset=utf-8")
            return True
        if ui == "sheet-undo":
            sheet = next((s for s in self.deleted if s.id == sid), None)
            sheets = self.load()
            if sheet is not None and sheets is not None and self.store(restore(sheets, sheet)):
                self.deleted = [s for s in self.deleted if s.id != sid]
                self.show()
                self.focus(f'[data-ui="sheet-open"][data-id="{js.CSS.escape(sid)}"]')
            return True
        if ui == "played-print":
            entry = next((e for e in self.app.load_history() or [] if e["id"] == sid), None)
            if entry is not None:
                cells = [r["points"] for r in entry["rounds"]] + \
                    [[None] * len(entry["names"])] * (ROUNDS - len(entry["rounds"]))
                self.print_sheet(entry["game"], entry["names"], cells,
                                 f"{self.game_name(entry['game'])} · {t(lang, 'dk_sheet_title')}")
            return True
        return False

    def on_change(self, el) -> bool:
        if el.hasAttribute("data-cell"):
            self.on_cell_change(el)
            return True
        if el.hasAttribute("data-sheet-form"):
            self.read_form()
            self.show()
            return True
        if el.hasAttribute("data-sheet-name"):
            self.read_form()
            return True
        if el.hasAttribute("data-sheet-import"):
            files = el.files
            if absent(files) or files.length == 0:
                return True
            f = files.item(0)
            name = str(f.name)
            f.text().then(create_once_callable(lambda text: self.import_text(name, str(text))))
            return True
        return False

    def on_input(self, el) -> bool:
        """A cell was typed in: store a valid value at once; text on the way to a number
        (``-``, ``3.``: ``partial_points``) is no error and stores nothing; an invalid text
        is explained and the cell keeps the value it had before this edit (so typing
        ``3.5`` key by key does not leave the 3 stored). A player's name typed in: the
        words under it say when it has as many characters as a name may have."""
        if el and el.hasAttribute("data-sheet-name"):
            note = document.getElementById(f"{el.id}-limit")
            if not absent(note):
                note.textContent = name_limit_text(self.lang, str(el.value))
            return True
        cell = el.getAttribute("data-cell") if el else None
        if not cell:
            return False
        r, seat = (int(x) for x in str(cell).split(","))
        sheets, sheet = self.find(self.open_id or "")
        if sheet is None:
            return True
        if self.editing[:3] != (sheet.id, r, seat):  # the first keystroke in this cell
            self.editing = (sheet.id, r, seat, sheet.cells[r][seat])
        text = str(el.value)
        box = document.getElementById("sheet-error")
        if partial_points(sheet.game, text):
            self.message = ""
            el.removeAttribute("aria-invalid")
            if box:
                box.textContent = ""
            return True
        try:
            sheet.set_cell(r, seat, text)
        except ValueError as exc:
            before = self.editing[3]
            if sheet.cells[r][seat] != before and sheet.restore_cell(r, seat, before):
                self.store(sheets)
            self.message = points_reason(self.lang, sheet.game, len(sheet.names), str(exc))
            el.setAttribute("aria-invalid", "true")
            if box:
                box.textContent = self.message
            return True
        self.message = ""
        self.store(sheets)
        self.show()
        again = document.querySelector(f"[data-cell='{r},{seat}']")
        if again:
            again.focus()
            end = len(str(again.value))
            again.setSelectionRange(end, end)
        return True

    def on_cell_change(self, el) -> None:
        """A cell is left (``change``) with text on the way to a number (``-``, ``3.``):
        it shows what is stored again (the sheet is not redrawn: the player may be
        clicking the next cell)."""
        _sheets, sheet = self.find(self.open_id or "")
        if sheet is None or not partial_points(sheet.game, str(el.value)):
            return
        r, seat = (int(x) for x in str(el.getAttribute("data-cell")).split(","))
        value = sheet.cells[r][seat]
        el.value = "" if value is None else str(value)

    def import_text(self, name: str, text: str) -> None:
        try:
            sheets = self.load()
            if sheets is None:
                return
            try:
                sheet = read_file(name, text, js.Date.now())
            except SaveError as exc:
                self.app.set_notice(t(self.lang, "sh_import_bad", name=name[:80], reason=str(exc)),
                                    "error")
                return
            if self.store([sheet, *sheets]):
                self.app.set_notice(t(self.lang, "sh_imported", name=name[:80]), "info")
                self.open_id = None
                self.show()
        except Exception as exc:
            self.app.internal_error(exc)

    def focus(self, selector: str) -> None:
        """Move the focus to the element ``selector`` finds, if any (after a redraw took
        away the button that had it)."""
        el = document.querySelector(selector)
        if not absent(el):
            el.focus()

    def download(self, filename: str, text: str, mime: str) -> None:
        download(filename, text, mime)
