"""The player's preferences: speed, four-colour suits, reduced motion, automatic pass,
hints; stored, applied to the page and shown as a settings panel.

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

from pyscript import document

from game import saves
from game.i18n import t
from game.web import model
from game.web.dom import h

ANIM_MS = {"slow": 420, "normal": 260, "fast": 140, "instant": 0}
"""Card animation length in ms for each speed setting (the CSS ``--anim``)."""


class PrefsPart:
    """The preferences: stored, applied, shown."""

    def save_prefs(self) -> None:
        if self.embed:  # an embedded table never changes the visitor's own preferences
            return
        self._set(saves.PREFS_KEY, saves.dump_prefs(self.prefs))

    def apply_display_prefs(self) -> None:
        body = document.body
        body.classList.toggle("four-colour", bool(self.prefs.get("four_colour")))
        body.classList.toggle("reduce-motion", bool(self.prefs.get("reduced_motion")))
        ms = 0 if self.prefs.get("reduced_motion") else ANIM_MS.get(self.speed, 250)
        document.documentElement.style.setProperty("--anim", f"{ms}ms")

    def prefs_panel(self):
        """Speed, four-colour suits and reduced motion (shown in the lobby and at the table)."""
        lang = self.lang
        speed = h("select", {"id": "pref-speed", "data-pref": "speed"})
        for s in model.SPEEDS:
            speed.appendChild(h("option", {"value": s, "selected": s == self.speed},
                                text=t(lang, f"speed_{s}")))
        four = h("input", {"type": "checkbox", "id": "pref-four", "data-pref": "four_colour",
                           "checked": bool(self.prefs.get("four_colour"))})
        motion = h("input", {"type": "checkbox", "id": "pref-motion", "data-pref": "reduced_motion",
                             "checked": bool(self.prefs.get("reduced_motion"))})
        auto = h("input", {"type": "checkbox", "id": "pref-auto-pass", "data-pref": "auto_pass",
                           "checked": bool(self.prefs.get("auto_pass"))})
        hints = h("input", {"type": "checkbox", "id": "pref-hints", "data-pref": "hints",
                            "checked": self.teach.hints_on()})
        return h("section", {"class": "panel prefs", "aria-labelledby": "prefs-h"},
                 h("h2", {"id": "prefs-h"}, text=t(lang, "settings")),
                 h("div", {"class": "row"}, h("label", {"for": "pref-speed"}, text=t(lang, "speed")),
                   speed),
                 h("label", {"class": "choice"}, four, h("span", text=t(lang, "four_color"))),
                 h("label", {"class": "choice"}, motion, h("span", text=t(lang, "reduce_motion"))),
                 h("label", {"class": "choice"}, auto, h("span", text=t(lang, "auto_pass"))),
                 h("label", {"class": "choice"}, hints, h("span", text=t(lang, "pref_hints"))))
