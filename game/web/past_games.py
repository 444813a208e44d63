"""The history of finished games in the lobby: each six-round scoresheet (DUN-18) and
each finished Durak series' tally (DUR-20) listed with the players' names, opened,
closed, deleted and the deletion undone.

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

import js
from pyscript import document

from game import saves
from game.i18n import t
from game.web import model
from game.web.controller import table_for
from game.web import markup
from game.web.dom import element, h, local_day

"""English month abbreviations of the history's dates."""


class PastGamesPart:
    """The lobby's list of finished games."""

    def history_panel(self):
        """Finished games, newest first: six-round scoresheets (DUN-18) and Durak series
        (DUR-20), each openable and deletable; None when there are none."""
        history = self.load_history() or []
        if not history:
            return None
        lang = self.lang
        items = h("ul")
        for entry in history:
            if entry["game"] == "durak":  # a series tally: how often each was Durak
                names = ", ".join(f"{model.translate_name(lang, n)} "
                                  f"({t(lang, 'durak_count')} {k})"
                                  for n, k in zip(entry["names"], entry["durak_counts"]))
            else:
                names = ", ".join(f"{model.translate_name(lang, n)} {tot}"
                                  for n, tot in zip(entry["names"], entry["totals"]))
            label = t(lang, "dk_history_entry", game=t(lang, f"game_{entry['game']}"),
                      names=names)
            day = local_day(lang, entry.get("finished"))
            if day:
                label = f"{day} · {label}"
            rid = entry["id"]
            items.appendChild(h("li", {"data-history": rid},
                                h("span", text=label),
                                h("span", {"class": "history-buttons"},
                                  h("button", {"type": "button", "class": "ui-btn small",
                                               "data-ui": "history-open", "data-id": rid,
                                               "aria-label": f"{t(lang, 'dk_history_open')}: {label}"},
                                    text=t(lang, "dk_history_open")),
                                  h("button", {"type": "button", "class": "ui-btn small",
                                               "data-ui": "history-delete", "data-id": rid,
                                               "aria-label": f"{t(lang, 'dk_history_delete')}: {label}"},
                                    text=t(lang, "dk_history_delete")))))
        panel = h("section", {"class": "panel history", "aria-labelledby": "history-h"},
                  h("h2", {"id": "history-h"}, text=t(lang, "history_title")), items)
        shown = next((e for e in history if e["id"] == self.history_open), None)
        if shown is not None:
            sheet = table_for(self, shown["game"]).sheet_el(None, shown)  # a markup.Node
            sheet.setAttribute("id", "history-sheet")
            sheet.appendChild(markup.h("button", {"type": "button", "class": "ui-btn small",
                                                  "data-ui": "history-close"},
                                       text=t(lang, "dk_history_close")))
            panel.appendChild(element(sheet))
        return panel

    def history_action(self, ui: str, record_id: str) -> None:
        """Open, close or delete a finished scoresheet from the lobby's history."""
        history = self.load_history()
        if ui == "history-delete":
            if history is not None:
                self.deleted = next((e for e in history if e["id"] == record_id), None)
                self._set(saves.HISTORY_KEY,
                          saves.dump_history(saves.remove_history(history, record_id)))
                if self.deleted is not None:
                    self.set_notice(t(self.lang, "history_deleted"), "info",
                                    [("history-undo", t(self.lang, "undo"))])
            if self.history_open == record_id:
                self.history_open = None
        elif ui == "history-undo":
            if history is not None and self.deleted is not None:
                back = sorted([*history, self.deleted], key=lambda e: -(e.get("finished") or 0))
                self._set(saves.HISTORY_KEY, saves.dump_history(back))
                record_id, self.deleted = self.deleted["id"], None
            self.set_notice("")
        else:
            self.history_open = record_id if ui == "history-open" else None
        self.show_lobby()
        btn = document.querySelector(
            f'[data-ui="history-open"][data-id="{js.CSS.escape(record_id)}"]') \
            if ui in ("history-open", "history-close") else None
        if btn is not None:
            btn.focus()
