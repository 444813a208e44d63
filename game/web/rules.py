"""The rules pages (PyScript glue): one game's rules from ``game.rulebook`` drawn into the
page's ``#rules`` section, over the lobby or the running table.

Opening a rules page hides ``#screen`` without touching it and pauses the computer players
(``App.screen`` becomes ``"rules"``); Back shows the same lobby or table again, redrawn in
the current language, with the scroll position and the keyboard focus where they were.

History: opening the rules pushes one browser-history entry (``?rules=<game>``, the other
parameters kept), so the browser's Back (``popstate``) closes the page like its own Back
button, which goes back through that entry instead of adding one. The contents links scroll
to their section and only replace the entry's hash. Embedded frames (``?embed=1``) add no
entries, and offer Back only to a table that exists.
Examples are drawn with the tables' own card elements (``dom.card_el``); inline cards in
the text (``[10H]``) become small named card chips. Imported by ``main.App`` only when a
rules page is first opened.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js

HISTORY_STATE = "kortbordet-rules"
"""``history.state`` of the entry pushed when a rules page was opened."""
from pyscript import document, window

from game import rulebook
from game.i18n import card_name, t
from game.session import GAMES
from game.web.dom import SUIT_SYMBOL, card_el, clear, h
from game.web.jsvalue import absent


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
        self.pushed = False  # this page has its own history entry (Back goes through it)
        self._on_key = create_proxy(self.on_key)  # kept: the listener lives as long as the page
        document.addEventListener("keydown", self._on_key)
        self._on_pop = create_proxy(self.on_pop)
        window.addEventListener("popstate", self._on_pop)
        self._on_link = create_proxy(self.on_link)
        self.root.addEventListener("click", self._on_link)

    def on_key(self, event) -> None:
        """Escape on a rules page is Back."""
        try:
            if self.app.screen == "rules" and str(event.key) == "Escape" and self.has_back():
                event.preventDefault()
                self.back()
        except Exception as exc:
            self.app.internal_error(exc)

    def on_pop(self, event) -> None:
        """The browser's Back (or Forward): the page follows the URL's ``rules``."""
        try:
            app = self.app
            game = valid_game(str(js.URLSearchParams.new(window.location.search).get("rules")
                                  or ""))
            if app.screen == "rules" and game is None:
                self.close(from_history=True)
            elif app.screen == "rules" and game != self.game:
                self.open(game, self.came_from)
            elif app.screen in ("lobby", "table") and game is not None and not app.embed:
                self.open(game, app.screen)
        except Exception as exc:
            app.internal_error(exc)

    def on_link(self, event) -> None:
        """A contents link scrolls to its section (focus on its heading) and replaces the
        entry's hash: no history entry, so Back still leaves the rules page."""
        try:
            target = event.target
            link = target.closest("a[data-rules-link]") if target and \
                hasattr(target, "closest") else None
            if not link:  # None, or JS null from closest()
                return
            event.preventDefault()
            self.go_to(str(link.getAttribute("href") or "").lstrip("#"))
        except Exception as exc:
            self.app.internal_error(exc)

    def go_to(self, anchor: str) -> bool:
        """Scroll to the section ``anchor`` (``r-<game>-<key>``) and put the hash in the
        current entry's URL; False when there is no such section."""
        section = document.getElementById(anchor) if anchor else None
        if absent(section) or not self.root.contains(section):
            return False
        window.history.replaceState(window.history.state, "",
                                    str(window.location.search or window.location.pathname)
                                    + "#" + anchor)
        section.scrollIntoView()
        heading = document.getElementById(anchor + "-h")
        if not absent(heading):
            heading.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
        return True

    def has_back(self) -> bool:
        """Whether the page offers Back: always, except in an embedded frame without a
        table to go back to."""
        app = self.app
        return not app.embed or (self.came_from == "table" and app.session is not None)

    def back(self) -> None:
        """The page's Back button (and Escape): close, and leave this page's history entry
        the way the browser's Back does (no new entry)."""
        pushed = self.pushed
        self.close()
        if pushed:
            window.history.back()  # the popstate that follows finds the page closed

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
        if app.screen != "rules":
            self.scroll = float(window.scrollY or 0)
        self.game, self.came_from = game, came_from
        params = js.URLSearchParams.new(window.location.search)
        if app.embed:
            self.pushed = False  # a frame adds nothing to its host page's history
        elif str(params.get("rules") or "") != game:
            params.set("rules", game)  # the other parameters (lang, ...) stay
            window.history.pushState(HISTORY_STATE, "", "?" + str(params.toString()))
            self.pushed = True
        else:  # opened from the URL: a reload, a link or the browser's Forward
            self.pushed = str(window.history.state or "") == HISTORY_STATE
        app.cancel_timer()
        app.screen = "rules"
        self.redraw()
        document.getElementById("screen").hidden = True
        self.root.hidden = False
        window.scrollTo(0, 0)
        heading = document.getElementById("rules-h")
        if not absent(heading):
            heading.focus()
        if window.location.hash:  # a reload of ?rules=durak#r-durak-throw_in
            self.go_to(str(window.location.hash)[1:])

    def close(self, from_history: bool = False) -> None:
        """Back to where the rules were opened: the lobby, or the same table (redrawn in
        the current language; the computer players go on). ``from_history``: the browser
        already left the rules' entry. Without a pushed entry (the page came from a link)
        the URL loses ``rules`` and the hash so that a reload does not reopen it. Nothing
        happens in an embedded frame without a table (``has_back``)."""
        app = self.app
        if app.screen != "rules" or not self.has_back():
            return
        self.root.hidden = True
        clear(self.root)
        document.getElementById("screen").hidden = False
        params = js.URLSearchParams.new(window.location.search)
        if not from_history and not self.pushed and not app.embed and \
                (params.has("rules") or window.location.hash):
            params.delete("rules")
            search = str(params.toString())
            window.history.replaceState(None, "", "?" + search if search else
                                        window.location.pathname)
        self.pushed = False
        if self.came_from == "table" and app.session is not None:
            app.screen = "table"
            app.translate_chrome()
            app.render()
            app.schedule()
        else:
            app.show_lobby()
        window.scrollTo(0, self.scroll)
        again = document.querySelector('[data-ui="rules-open"]')
        if not absent(again):
            again.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    # ------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the rules page in the current language."""
        app = self.app
        lang = app.lang
        app.translate_chrome()
        lobby_btn = document.querySelector("[data-ui=lobby]")
        if not absent(lobby_btn):
            lobby_btn.hidden = True  # Back is the way out of the rules page
        game = self.game
        where = "table" if self.came_from == "table" and app.session is not None \
            and app.session.game == game else "lobby"
        values = self.values()
        pages = rulebook.book(game, lang)
        gname = t(lang, f"game_{game}")
        back_key = "rb_back_table" if self.came_from == "table" else "rb_back_lobby"
        back = self.has_back()

        clear(self.root)
        self.root.setAttribute("data-game", game)
        self.root.setAttribute("lang", lang)
        top = h("div", {"class": "rules-bar"})
        if back:
            top.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                         "data-ui": "rules-back"},
                              text="\u2190 " + t(lang, back_key)))
        title = h("h2", {"id": "rules-h", "tabindex": "-1"}, text=t(lang, "rb_title", game=gname))
        fair = h("aside", {"class": "rules-fair", "aria-labelledby": "rules-fair-h"},
                 h("h3", {"id": "rules-fair-h"}, text=t(lang, "rb_fairness_title")),
                 h("p", text=t(lang, "rb_fairness")),
                 h("p", text=t(lang, f"rb_fairness_hard_{game}")))
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
        bottom = h("div", {"class": "rules-bar bottom"})
        if back:
            bottom.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                            "data-ui": "rules-back"},
                                 text="\u2190 " + t(lang, back_key)))
        self.root.appendChild(h("div", {"class": "rules-page", "data-where": where},
                                top, title, fair, intro, toc, body, bottom))

    def _badge(self, lang: str):
        return h("span", {"class": "house-badge"}, text=t(lang, "rb_house"))

    def _section(self, lang: str, game: str, p, anchor: str, values: dict, where: str):
        hid = anchor + "-h"
        heading = h("h3", {"id": hid, "tabindex": "-1"}, h("span", text=p.heading))
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
