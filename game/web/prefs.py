"""The player's preferences: speed, four-colour suits, reduced motion, automatic pass,
hints; stored, applied to the page and shown as a settings panel.

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

from pyscript import document

from game import saves
from game.i18n import t
from game.web import model
from game.web.markup import h

CLAIM_GAMES = ("dunka", "elvakort")
"""The games where a discard may be claimed out of turn (DUN-7, ELV-6)."""
ANIM_MS = {"slow": 420, "normal": 260, "fast": 140, "instant": 0}
"""Card animation length in ms for each speed setting (the CSS ``--anim``)."""
DEAL_SPAN = 3.6
"""A whole deal lasts at most this many card animations (static/js/motion.js, playDeal)."""


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
        ms = self.anim_ms()
        document.documentElement.style.setProperty("--anim", f"{ms}ms")

    def anim_ms(self) -> int:
        """One card's animation in ms (``ANIM_MS``; 0 with the reduced-motion preference)."""
        return 0 if self.prefs.get("reduced_motion") else ANIM_MS.get(self.speed, 250)

    def prefs_game(self) -> str:
        """The game whose settings the panel shows: the table's, or the lobby's choice."""
        if self.screen == "table" and self.session is not None:
            return self.session.game
        return self.lobby_game()

    def prefs_panel(self):
        """Speed, four-colour suits, reduced motion, hints and, for Dunka and Elvakort
        only, when to be asked to claim a discard (``saves.CLAIM_PROMPTS``); shown in the
        lobby (for the game chosen there) and at the table (for its game). Not at a table
        of several people: they are asked together every time (``privacy``, and
        ``auto_pass_now``), and the setting there seemed to do nothing (new-user check)."""
        lang = self.lang
        game = self.prefs_game()
        speed = h("select", {"id": "pref-speed", "data-pref": "speed"})
        for s in model.SPEEDS:
            speed.appendChild(h("option", {"value": s, "selected": s == self.speed},
                                text=t(lang, f"speed_{s}")))
        four = h("input", {"type": "checkbox", "id": "pref-four", "data-pref": "four_colour",
                           "checked": bool(self.prefs.get("four_colour"))})
        motion = h("input", {"type": "checkbox", "id": "pref-motion", "data-pref": "reduced_motion",
                             "checked": bool(self.prefs.get("reduced_motion"))})
        hints = h("input", {"type": "checkbox", "id": "pref-hints", "data-pref": "hints",
                            "checked": self.teach.hints_on()})
        panel = h("section", {"class": "panel prefs", "aria-labelledby": "prefs-h"},
                 h("h2", {"id": "prefs-h"}, text=t(lang, "settings")),
                 h("div", {"class": "row"}, h("label", {"for": "pref-speed"}, text=t(lang, "speed")),
                   speed),
                 h("label", {"class": "choice"}, four, h("span", text=t(lang, "four_color"))),
                 h("label", {"class": "choice"}, motion, h("span", text=t(lang, "reduce_motion"))),
                 h("label", {"class": "choice"}, hints, h("span", text=t(lang, "pref_hints"))))
        shared = self.screen == "table" and self.privacy.active()
        if game in CLAIM_GAMES and not shared:
            claim = h("select", {"id": "pref-claim", "data-pref": "claim_prompt"})
            chosen = self.prefs.get("claim_prompt", "fits")
            for mode in saves.CLAIM_PROMPTS:
                claim.appendChild(h("option", {"value": mode, "selected": mode == chosen},
                                    text=t(lang, f"claim_prompt_{mode}")))
            key = "claim_prompt_elvakort" if game == "elvakort" else "claim_prompt"
            # the choices stay short (a select does not wrap: cut at 390 px); the one
            # that needs words is told under it
            claim.setAttribute("aria-describedby", "pref-claim-hint")
            panel.appendChild(h("div", {"class": "row"},
                                h("label", {"for": "pref-claim"}, text=t(lang, key)), claim))
            panel.appendChild(h("p", {"class": "hint", "id": "pref-claim-hint"},
                                text=t(lang, "claim_prompt_fits_hint")))
        return panel
