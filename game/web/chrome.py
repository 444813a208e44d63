"""The page's chrome: notices, the translated header, switching language, the rules
pages and scoresheets screens opened from it, and internal errors.

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

import js
from pyscript import document, window

from game.i18n import LANGS, t
from game.web.dom import clear, h


class ChromePart:
    """Notices, language and the screens opened from the header."""

    def set_notice(self, text: str, kind: str = "warn", actions=(), tag: str = "") -> None:
        """Show a notice (or clear it with empty text); ``actions``: ``[(data-ui, label)]``
        buttons offered before "Close"; ``tag``: what the notice is about, as the box's
        ``data-notice`` (``"storage"``: a write the browser refused, ``StoragePart``)."""
        box = document.getElementById("notice")
        clear(box)
        box.className = kind
        if tag and text:
            box.setAttribute("data-notice", tag)
        else:
            box.removeAttribute("data-notice")
        if text:
            box.appendChild(h("p", {"id": "notice-text"}, text=text))
            for ui, label in actions:
                box.appendChild(h("button", {"type": "button", "class": "ui-btn small primary",
                                             "data-ui": ui}, text=label))
            box.appendChild(h("button", {"type": "button", "class": "ui-btn small",
                                         "data-ui": "dismiss"}, text=t(self.lang, "close")))

    def clear_info_notice(self) -> None:
        """Clear an ``info`` notice (a link's game started and the game before it kept:
        ``previous_kept``) once the person has played a move: it has been read, and on a
        phone it took the table's room for a whole round. The lobby still offers the way
        back (``previous_lobby``). Warnings and errors stay until closed."""
        box = document.getElementById("notice")
        if box.className == "info" and box.firstChild:
            self.set_notice("")

    def translate_chrome(self) -> None:
        document.documentElement.lang = self.lang
        document.title = t(self.lang, "app_name")
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = t(self.lang, node.getAttribute("data-i18n"))
        other = "en" if self.lang == "sv" else "sv"
        btn = document.getElementById("lang-switch")
        btn.textContent = t(other, "lang_name")
        btn.setAttribute("lang", other)
        btn.setAttribute("aria-label", f"{t(self.lang, 'language')}: {t(other, 'lang_name')}")
        btn.setAttribute("data-lang", other)
        lobby_btn = document.querySelector("[data-ui=lobby]")
        lobby_btn.hidden = self.screen == "lobby"
        document.getElementById("live").setAttribute("aria-label", t(self.lang, "live_label"))

    def set_lang(self, lang: str) -> None:
        if lang not in LANGS:
            return
        if self.screen == "lobby":
            self.remember_lobby()
        self.lang = lang
        self.prefs["lang"] = lang
        self.save_prefs()
        params = js.URLSearchParams.new(window.location.search)
        if params.has("lang"):  # a reload must not bring the link's language back
            params.set("lang", lang)
            window.history.replaceState(window.history.state, "", "?" + str(params.toString()))
        document.getElementById("live").textContent = ""  # no stale sentence in the old language
        notice = document.getElementById("notice-text")
        if notice:
            self.set_notice("")
        if self.screen == "table":
            self.translate_chrome()
            self.render()
        elif self.screen == "sheets":
            self.sheets.show()
        elif self.screen == "rules":
            self.rules_ui("rules-redraw", "")
        else:
            self.show_lobby()

    def embed_message(self, msg: dict) -> None:
        """A validated message from the page embedding this one (``embed.Bridge``)."""
        self.teach.message(msg)

    def rules_ui(self, ui: str, game: str) -> None:
        """Open (``rules-open``, for ``game``), close (``rules-back``) or redraw the rules
        page (``game.web.rules``, imported on first use so that boot does not compile it)."""
        if getattr(self, "rules_screen", None) is None:
            from game.web.rules import RulesScreen
            self.rules_screen = RulesScreen(self)
        if ui == "rules-open":
            self.rules_screen.open(game, "table" if self.screen == "table" else "lobby")
        elif ui == "rules-back" and self.screen == "rules":
            self.rules_screen.back()
        elif self.screen == "rules":
            self.rules_screen.redraw()

    def show_sheets(self) -> None:
        """The scoresheets screen (table play, printing, files)."""
        if self.sheets is None:
            from game.web.sheets import SheetsScreen
            self.sheets = SheetsScreen(self)
        self.sheets.show()

    def internal_error(self, exc: Exception) -> None:
        import traceback
        traceback.print_exc()
        self.set_notice(t(self.lang, "internal_error", msg=f"{type(exc).__name__}: {exc}"), "error")
