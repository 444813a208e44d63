"""The rules pages (PyScript glue): one game's rules from ``game.rulebook`` drawn into the
page's ``#rules`` section, over the lobby or the running table.

Opening a rules page hides ``#screen`` without touching it and pauses the computer players
(``App.screen`` becomes ``"rules"``); Back shows the same lobby or table again, redrawn in
the current language, with the scroll position and the keyboard focus where they were.
Examples are drawn with the tables' own card elements (``dom.card_el``); inline cards in
the text (``[10H]``) become small named card chips. Imported by ``main.App`` only when a
rules page is first opened.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from game import rulebook
from game.i18n import card_name, t
from game.session import GAMES
from game.web.dom import SUIT_SYMBOL, card_el, clear, h


class RulesScreen:
    """The rules page of one game. ``app`` is the ``main.App``.

    ``open(game, came_from)`` shows it (``came_from``: ``"lobby"`` or ``"table"``);
    ``close()`` goes back (also on Escape); ``redraw()`` draws it again (after a language
    switch).
    """

    def __init__(self, app) -> None:
        self.app = app
        self.game = "durak"
        self.came_from = "lobby"
        self.scroll = 0.0
        self.root = document.getElementById("rules")
        self._on_key = create_proxy(self.on_key)  # kept: the listener lives as long as the page
        document.addEventListener("keydown", self._on_key)

    def on_key(self, event) -> None:
        """Escape on a rules page is Back."""
        try:
            if self.app.screen == "rules" and str(event.key) == "Escape":
                event.preventDefault()
                self.close()
        except Exception as exc:
            self.app.internal_error(exc)

    # ------------------------------------------------------------ open / close

    def values(self) -> dict:
        """The settings whose effect is shown: the running table's rules when opened from
        a table of this game, else the lobby's choices for the game."""
        app = self.app
        if self.came_from == "table" and app.session is not None and app.session.game == self.game:
            return app.session.rules.to_dict()
        return app.lobby_choice(self.game)[2]

    def open(self, game: str, came_from: str) -> None:
        """Show ``game``'s rules over the lobby or the table (``came_from``); the
        computer players wait meanwhile. Raises ``KeyError`` for a game without rules."""
        if game not in rulebook.GAMES:
            raise KeyError(game)
        app = self.app
        if app.screen == "lobby":
            app.remember_lobby()  # the settings shown are the lobby's current choices
        self.game, self.came_from = game, came_from
        self.scroll = float(window.scrollY or 0)
        app.cancel_timer()
        app.screen = "rules"
        self.redraw()
        document.getElementById("screen").hidden = True
        self.root.hidden = False
        window.scrollTo(0, 0)
        heading = document.getElementById("rules-h")
        if heading is not None:
            heading.focus()

    def close(self) -> None:
        """Back to where the rules were opened: the lobby, or the same table (redrawn in
        the current language; the computer players go on)."""
        app = self.app
        self.root.hidden = True
        clear(self.root)
        document.getElementById("screen").hidden = False
        params = js.URLSearchParams.new(window.location.search)
        if params.has("rules") or window.location.hash:  # a reload must not reopen the
            params.delete("rules")                         # rules page nor jump to a section
            search = str(params.toString())
            window.history.replaceState(None, "", "?" + search if search else
                                        window.location.pathname)
        if self.came_from == "table" and app.session is not None:
            app.screen = "table"
            app.translate_chrome()
            app.render()
            app.schedule()
        else:
            app.show_lobby()
        window.scrollTo(0, self.scroll)
        again = document.querySelector('[data-ui="rules-open"]')
        if again is not None:
            again.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    # ------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the rules page in the current language."""
        app = self.app
        lang = app.lang
        app.translate_chrome()
        lobby_btn = document.querySelector("[data-ui=lobby]")
        if lobby_btn is not None:
            lobby_btn.hidden = True  # Back is the way out of the rules page
        game = self.game
        where = "table" if self.came_from == "table" and app.session is not None \
            and app.session.game == game else "lobby"
        values = self.values()
        pages = rulebook.book(game, lang)
        gname = t(lang, f"game_{game}")
        back_key = "rb_back_table" if self.came_from == "table" else "rb_back_lobby"

        clear(self.root)
        self.root.setAttribute("data-game", game)
        self.root.setAttribute("lang", lang)
        top = h("div", {"class": "rules-bar"},
                h("button", {"type": "button", "class": "ui-btn", "data-ui": "rules-back"},
                  text="\u2190 " + t(lang, back_key)))
        title = h("h2", {"id": "rules-h", "tabindex": "-1"}, text=t(lang, "rb_title", game=gname))
        fair = h("aside", {"class": "rules-fair", "aria-labelledby": "rules-fair-h"},
                 h("h3", {"id": "rules-fair-h"}, text=t(lang, "rb_fairness_title")),
                 h("p", text=t(lang, "rb_fairness")))
        intro = h("p", {"class": "rules-house-intro"},
                  self._badge(lang), h("span", text=" " + t(lang, "rb_house_intro")))

        toc_list = h("ol")
        body = h("div", {"class": "rules-body"})
        for p in pages:
            anchor = f"r-{game}-{p.key}"
            link = h("a", {"href": f"#{anchor}", "data-rules-link": p.key}, text=p.heading)
            item = h("li", {}, link)
            if p.house:
                item.appendChild(h("span", {"class": "house-mark"}, text=t(lang, "rb_house")))
            toc_list.appendChild(item)
            body.appendChild(self._section(lang, game, p, anchor, values, where))
        toc = h("nav", {"class": "rules-toc", "aria-labelledby": "rules-toc-h"},
                h("h3", {"id": "rules-toc-h"}, text=t(lang, "rb_toc")), toc_list)
        bottom = h("div", {"class": "rules-bar bottom"},
                   h("button", {"type": "button", "class": "ui-btn", "data-ui": "rules-back"},
                     text="\u2190 " + t(lang, back_key)))
        self.root.appendChild(h("div", {"class": "rules-page", "data-where": where},
                                top, title, fair, intro, toc, body, bottom))

    def _badge(self, lang: str):
        return h("span", {"class": "house-badge"}, text=t(lang, "rb_house"))

    def _section(self, lang: str, game: str, p, anchor: str, values: dict, where: str):
        hid = anchor + "-h"
        heading = h("h3", {"id": hid}, h("span", text=p.heading))
        if p.house:
            heading.appendChild(h("span", {"class": "sr-only"}, text=" – "))
            heading.appendChild(self._badge(lang))
        sec = h("section", {"id": anchor, "class": "rules-sec" + (" house" if p.house else ""),
                            "aria-labelledby": hid, "data-section": p.key,
                            "data-rules": " ".join(p.rules)}, heading)
        for para in p.paragraphs:
            if para.startswith("- "):  # a list: "- one\n- two"
                items = h("ul", {"class": "rules-list"})
                for line in para[2:].split("\n- "):
                    items.appendChild(self._para(lang, line, "li"))
                sec.appendChild(items)
            else:
                sec.appendChild(self._para(lang, para))
        if p.setting and p.setting in values:
            note = rulebook.setting_note(game, p.setting, values[p.setting], lang, where)
            sec.appendChild(h("p", {"class": "rules-setting", "data-setting": p.setting,
                                    "data-value": rulebook.value_key(values[p.setting])},
                              text=note))
        for groups, caption, allowed in p.examples:
            sec.appendChild(self._example(lang, groups, caption, allowed))
        if p.rules:
            sec.appendChild(h("p", {"class": "rule-ids"},
                              text=t(lang, "rb_rule_ids", ids=", ".join(p.rules))))
        return sec

    def _para(self, lang: str, text: str, tag: str = "p"):
        """A paragraph with ``[10H]`` drawn as small named card chips."""
        el = h(tag)
        pos = 0
        for m in rulebook.INLINE_CARD.finditer(text):
            if m.start() > pos:
                el.appendChild(document.createTextNode(text[pos:m.start()]))
            el.appendChild(self._chip(lang, m.group(1)))
            pos = m.end()
        if pos < len(text):
            el.appendChild(document.createTextNode(text[pos:]))
        return el

    def _chip(self, lang: str, card: str):
        if card == "JK":
            shown, suit = "\u2605", "J"
        else:
            shown, suit = card[:-1] + SUIT_SYMBOL[card[-1]], card[-1]
        return h("span", {"class": f"inline-card s-{suit}", "role": "img",
                          "aria-label": card_name(lang, card)}, text=shown)

    def _example(self, lang: str, groups, caption: str, allowed: bool):
        cards_row = h("div", {"class": "ex-cards"})
        for group in groups:
            words = group.split()
            if words[:1] == ["beat"]:  # an attack card and the card beating it, as on the table
                cards_row.appendChild(h("div", {"class": "ex-group pair"},
                                        card_el(lang, words[1], "div", "small attack"),
                                        card_el(lang, words[2], "div", "small defence")))
                continue
            if words and words[0] in ("set", "run"):
                words = words[1:]
            g = h("div", {"class": "ex-group"})
            for card in words:
                g.appendChild(card_el(lang, card, "div", "small"))
            cards_row.appendChild(g)
        fig = h("figure", {"class": "rules-ex" + ("" if allowed else " not-allowed"),
                           "data-allowed": "true" if allowed else "false"}, cards_row)
        cap = self._para(lang, caption, "figcaption")
        label = t(lang, "rb_example" if allowed else "rb_not_allowed")
        cap.insertBefore(h("strong", {"class": "ex-label"}, text=label + ": "), cap.firstChild)
        fig.appendChild(cap)
        return fig


def valid_game(value: str) -> str | None:
    """The game a ``?rules=`` value names (case and spaces ignored), or None."""
    game = (value or "").strip().lower()
    return game if game in GAMES and game in rulebook.GAMES else None
