"""What every game's table shares (PyScript glue): seats, the action bar, the hand, the
result panel's buttons, the overlapped hand layout.

A game's table is a ``TableView`` subclass (``durak_table.DurakTable``, ...): it builds the
whole ``#table`` element from a ``Session.view()`` and handles the clicks that belong to
its game. ``main.App`` owns the page: boot, lobby, storage, listeners and computer moves.
"""

from __future__ import annotations

from pyscript import document, window

from ..i18n import card_name, t
from . import dom, markup, model, turn_line
from .markup import card_el, card_index, h


class TableView:
    """Base of a game's table. ``app`` is the ``main.App`` (language, session, moves).

    Subclasses implement ``render(v) -> element`` (the ``#table`` element for the view
    ``v``), ``on_click(el) -> bool`` (True when the click was theirs) and
    ``describe(ev) -> str | None`` (a sentence for an engine event, for the live region
    and the move log).
    """

    game = ""

    def __init__(self, app) -> None:
        self.app = app
        self.selected: list[str] = []
        self._told_context: tuple | None = None
        self._told: dict[int, tuple] = {}  # id(event) -> (event, its history line or None)

    # ------------------------------------------------------------ hooks

    def render(self, v: dict):  # pragma: no cover - every game defines it
        raise NotImplementedError

    def on_click(self, el) -> bool:
        return False

    def describe(self, ev: dict) -> str | None:
        return None

    def passed(self, v: dict) -> None:
        """The table went through the view ``v`` without being drawn (speed "instant": the
        computer players' moves before the person's turn, ``App.redraw_later``): a table
        that follows the play from one drawing to the next (Durak's last bout) updates
        what it follows here as ``render`` would."""

    def history_lines(self, events: list[dict]) -> list[str]:
        """The move history's lines for ``events``: one per event ``describe`` tells (an
        event it cannot tell, e.g. a damaged stored one, gives none).

        The table is redrawn after every move with the whole history: each event's line is
        kept (by the event itself) while the language and the players are the same."""
        v = self.app.view or {}
        context = (self.lang, repr(v.get("players")), v.get("human"))
        if self._told_context != context:
            self._told_context, self._told = context, {}
        told = self._told
        out = []
        for ev in events:
            kept = told.get(id(ev))
            if kept is not None and kept[0] is ev:
                text = kept[1]
            else:
                try:
                    text = self.describe(ev)
                except Exception:
                    text = None
                told[id(ev)] = (ev, text)
            if text:
                out.append(text)
        if len(told) > 4 * len(events) + 200:  # forget the events of rounds gone by
            self._told = {id(ev): told[id(ev)] for ev in events if id(ev) in told}
        return out

    def reset(self) -> None:
        """Forget per-game UI state (a new game was dealt)."""
        self.selected = []

    def after_move(self) -> None:
        """The human's move was played: drop the selection."""
        self.selected = []

    def after_render(self) -> None:
        """The table just drawn is in the page (laid out): adjust what needs its
        measures. Nothing here; a game's table may."""

    def redraw(self, focus: str) -> None:
        """Draw the table again and put the keyboard on the element ``focus`` (a CSS
        selector) when there is one: a control that replaced the one pressed (a question
        and its answers, a meld's moves shown or hidden)."""
        self.app.render()
        el = document.querySelector(focus)
        if el:
            el.focus()

    @staticmethod
    def target_tag():
        """The "+" over the last card of a highlighted meld or spread that is the button
        for the selected card's move (static/css/table.css ".meld-tag")."""
        return h("span", {"class": "meld-tag", "aria-hidden": "true"}, text="+")

    # ------------------------------------------------------------ shared pieces

    @property
    def lang(self) -> str:
        return self.app.lang

    def name(self, seat: int) -> str:
        v = self.app.view
        return model.display_name(self.lang, v["players"], seat, v["human"])

    def you(self, v: dict) -> int:
        """The seat addressed as "you" in results and the move history (``model.addressee``):
        the human at a table of one person, -1 with several people."""
        return model.addressee(v["players"], v["human"])

    def hand_title(self) -> str:
        """"Your hand", or the person's name at a pass-and-play table (``model.hand_label``)."""
        v = self.app.view
        return model.hand_label(self.lang, v["players"], v["human"])

    def seat_el(self, seat: int, count: int, acting: bool, badges=(), extra=None):
        """An opponent: name, badges, up to 8 card backs and the card count."""
        lang = self.lang
        label = f"{self.name(seat)}: " + (t(lang, "one_card") if count == 1
                                           else t(lang, "n_cards", n=count))
        who = h("div", {"class": "who"}, h("span", text=self.name(seat)))
        for b in badges:
            if b is not None:
                who.appendChild(b)
        backs = h("div", {"class": "backs", "aria-hidden": "true"})
        for _ in range(min(count, 8)):
            backs.appendChild(card_el(lang, "back", "div", "tiny"))
        el = h("div", {"class": "seat" + (" acting" if acting else ""), "data-seat": seat,
                       "data-count": count, "role": "group", "aria-label": label},
               who, backs,
               h("div", {"class": "count", "aria-hidden": "true", "data-n": count},
                 text=(t(lang, "one_card") if count == 1 else t(lang, "n_cards", n=count))))
        if extra is not None:
            el.appendChild(extra)
        return el

    def stock_el(self, size: int, action: str | None, label: str, take: str):
        """The stock: a face-down card (a button carrying ``action`` when drawing is legal,
        named ``take``), or an empty slot; ``label`` tells how many cards are left."""
        lang = self.lang
        if action:
            top = card_el(lang, "back", "button", "small playable",
                          {"data-action": action, "aria-label": take})
        elif size:
            top = card_el(lang, "back", "div", "small")
        else:
            top = h("div", {"class": "card small slot", "role": "img", "aria-label": label})
        return h("div", {"class": "stock-pile", "data-stock": size}, top,
                 h("span", {"class": "talon-count"}, text=label))

    def pile_el(self, st: dict, action: str | None, keys: dict, cls: str = ""):
        """The discard pile: its top card (a button carrying ``action`` when taking it is
        legal) or an empty slot, and its size. ``keys``: the text keys ``take`` (with
        ``{card}``), ``empty``, ``n`` (with ``{n}``) and optionally ``one`` (one card)."""
        lang = self.lang
        top, size = st.get("pile_top"), st["pile_size"]
        if top and action:
            el = card_el(lang, top, "button", "small playable",
                         {"data-action": action,
                          "aria-label": t(lang, keys["take"], card=card_name(lang, top))})
        elif top:
            el = card_el(lang, top, "div", "small")
        else:
            el = h("div", {"class": "card small slot", "role": "img",
                           "aria-label": t(lang, keys["empty"])})
        count = t(lang, keys["one"]) if size == 1 and "one" in keys else t(lang, keys["n"], n=size)
        return h("div", {"class": ("discard-pile " + cls).strip(), "data-pile": size}, el,
                 h("span", {"class": "talon-count"}, text=count))

    def owner_groups(self, v: dict, cls: str, keys: dict, make_el):
        """The melds on the table grouped by owner, the human's first, then in turn order.

        ``cls``: the section's classes; ``keys``: the text keys ``title`` (hidden heading),
        ``empty``, ``yours`` and ``of`` (with ``{name}``: each group's name; its visible
        heading is the owner's name alone); ``make_el(entry)`` draws one
        meld (an entry of ``view["state"]["table"]`` with an ``owner``)."""
        st = v["state"]
        lang = self.lang
        human = v["human"]
        hid = cls.split()[-1] + "-h"
        box = h("section", {"class": cls, "aria-labelledby": hid},
                h("h2", {"id": hid, "class": "sr-only"}, text=t(lang, keys["title"])))
        if not st["table"]:
            box.appendChild(h("p", {"class": "empty"}, text=t(lang, keys["empty"])))
            return box
        n = len(st["names"])
        for k in range(n):
            owner = (human + k) % n
            mine = [m for m in st["table"] if m["owner"] == owner]
            if not mine:
                continue
            title = t(lang, keys["yours"]) if owner == self.you(v) else \
                t(lang, keys["of"], whose=model.possessive(lang, self.name(owner)))
            # the heading shows the owner's name only (compact); the group is named in full
            row = h("div", {"class": "meld-row"})
            for m in mine:
                row.appendChild(make_el(m))
            box.appendChild(h("div", {"class": "meld-group", "data-owner": owner,
                                      "role": "group", "aria-label": title},
                              h("h3", text=self.name(owner)), row))
        return box

    def actions_el(self, buttons: list[dict]):
        """The action bar: ``buttons`` of ``{id, label, action, enabled}``; a button with an
        ``action`` plays it, a disabled one explains why it is not possible. A button with a
        ``card`` (Discard with one card selected) shows that card's index after its label
        ("Discard 10♥") and is named with the card's name ("Discard ten of hearts"), so
        the card it throws is never a guess."""
        bar = h("div", {"class": "actions", "role": "group"})
        teach = getattr(self.app, "teach", None)
        hint = teach.hint_button(self.app.view) if teach is not None and self.app.view else None
        if hint is not None:  # the Hint button (game.web.teach): shows a move, never plays it
            buttons = [*buttons, hint]
        for b in buttons:
            attrs = {"type": "button", "class": "ui-btn" + (" primary" if b.get("action") else ""),
                     "data-ui": b["id"], "data-action": b.get("action")}
            if not b.get("enabled", True):
                attrs["aria-disabled"] = "true"
            card = b.get("card")
            if card:
                bar.appendChild(h("button", attrs, h("span", text=b["label"] + " "),
                                  h("span", {"class": "card-tag", "aria-hidden": "true"},
                                    text=card_index(card)),
                                  h("span", {"class": "sr-only"}, text=card_name(self.lang, card))))
            elif b.get("short"):
                bar.appendChild(self.short_button(attrs, b["label"], b["short"]))
            else:
                bar.appendChild(h("button", attrs, text=b["label"]))
        return bar

    @staticmethod
    def short_button(attrs: dict, label: str, short: str):
        """A button named ``label`` that shows ``short`` instead (a symbol: "✕" for "Clear
        selection", "⇅" for "Sort by rank") where the dock keeps one row for its buttons on
        a phone (``.zone-dock.steady``, static/css/table.css); elsewhere it shows
        ``label``. Its title is ``label`` too."""
        return h("button", {**attrs, "aria-label": label, "title": label},
                 h("span", {"class": "lbl-long", "aria-hidden": "true"}, text=label),
                 h("span", {"class": "lbl-short", "aria-hidden": "true"}, text=short))

    def hand_el(self, cards: list[dict], hand: list[str], extra_cls: str = "",
                toggles: bool = False, select: str | None = None):
        """The human's hand as buttons. ``cards``: ``[{card, playable, action, selected}]``;
        ``toggles``: the cards are selected and unselected (``aria-pressed`` true/false).
        ``select``: how a tap on a playable card without an ``action`` changes the selection
        when this game's ``on_click`` takes it (``"many"``: that card toggles; ``"one"``: it
        alone is selected; ``"rank"``: with the selected cards of its rank only), carried as
        the hand's ``data-select`` (and ``data-toggles``): static/js/taps.js shows such a
        tap at once, before Python redraws (issue 38); None: no tap only selects.

        Keeps one card in the tab order (roving tabindex): the focused card, else the first
        playable one. The cards the person just drew (``App.drawn``, game.web.drawn) are
        marked until their turn's discard: class ``fresh``, a "new" tag
        drawn over the card's visible strip (static/css/table.css; it moves no card) and
        ", just drawn" in the button's name."""
        lang = self.lang
        down = (self.app.view or {}).get("state", {}).get("hand_down")
        if down is not None:
            return self.hand_down_el(down, extra_cls)
        fresh = self.fresh_cards(hand)
        el = h("div", {"class": ("hand " + extra_cls).strip(), "role": "group",
                       "aria-label": self.hand_title(), "aria-describedby": "status-line",
                       "data-count": len(hand),
                       "data-select": select if any(c["playable"] for c in cards) else None,
                       "data-toggles": "true" if toggles else None})
        focus = self.app.focus_card
        tab_card = focus if focus in hand else None
        if tab_card is None:
            tab_card = next((c["card"] for c in cards if c["playable"]),
                            hand[0] if hand else None)
        for c in cards:
            cls = "playable" if c["playable"] else ""
            if c["selected"]:
                cls += " selected"
            attrs = {"tabindex": "0" if c["card"] == tab_card else "-1",
                     "data-action": c.get("action"),
                     "aria-pressed": "true" if c["selected"] else ("false" if toggles else None)}
            if not c["playable"]:
                attrs["aria-disabled"] = "true"
                attrs["aria-describedby"] = "status-line"
            if c["card"] in fresh:
                cls += " fresh"
                attrs["aria-label"] = t(lang, "card_fresh", card=card_name(lang, c["card"]))
            card = card_el(lang, c["card"], "button", cls.strip(), attrs)
            if c["card"] in fresh:
                card.appendChild(h("span", {"class": "fresh-tag", "aria-hidden": "true",
                                            "data-t": t(lang, "card_fresh_tag")}))
            el.appendChild(card)
        if not hand:
            el.appendChild(h("p", {"class": "hand-empty"}, text=t(lang, "hand_empty")))
        return el

    def hand_down_el(self, count: int, extra_cls: str = ""):
        """The hand turned face down (pass-and-play, ``game.people.face_down``): ``count``
        card backs laid as the hand is, no face in the page, and a line that says whose
        cards they are and that they show again at that person's "show my cards"."""
        v = self.app.view
        name = model.display_name(self.lang, v["players"], v["human"], v["human"])
        label = t(self.lang, "pp_hand_down", whose=model.possessive(self.lang, name),
                  name=name)
        el = h("div", {"class": ("hand face-down " + extra_cls).strip(), "role": "group",
                       "aria-label": label, "data-count": count, "data-down": "true"})
        for _ in range(count):
            el.appendChild(card_el(self.lang, "back", "div", "", {"aria-hidden": "true"}))
        el.appendChild(h("p", {"class": "hand-empty hand-down-note"}, text=label))
        return el

    def fresh_cards(self, hand: list[str]) -> list[str]:
        """The cards of ``hand`` (the hand shown, the person in turn's) just drawn by that
        person (``game.web.drawn.DrawnCards.marked``); none for a table of another kind."""
        drawn = getattr(self.app, "drawn", None)
        v = self.app.view
        if drawn is None or not v:
            return []
        return drawn.marked(v["human"], hand)

    def status_els(self, status: str):
        """The status line and the reason line under it."""
        return (h("p", {"class": "status", "id": "status-line"}, text=status),
                h("p", {"class": "reason", "id": "reason", "role": "alert"},
                  text=self.app.reason_text))

    def log_el(self):
        """The one-line log: what the others did since the person's own move, each turn
        one sentence in a line of its own, its cards by their corner index ("7♥"; the live
        region names them) (``App.log_sentences``, ``turn_line.log_el``); a tap opens
        it when older sentences are hidden."""
        return turn_line.log_el(self.app.log_sentences(self.app.log_events, short=True),
                                self.lang)

    def end_buttons(self, v: dict):
        """Next game (when the series goes on), New game, Back to lobby."""
        lang = self.lang
        buttons = h("div", {"class": "lobby-actions"})
        going_on = v.get("waiting") == "game_over"
        if going_on:
            buttons.appendChild(h("button", {"type": "button", "class": "ui-btn primary",
                                             "data-ui": "next"}, text=t(lang, "btn_next_game")))
        buttons.appendChild(h("button", {"type": "button",
                                         "class": "ui-btn" + ("" if going_on else " primary"),
                                         "data-ui": "new"}, text=t(lang, "btn_new_game")))
        buttons.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                         "data-ui": "lobby"}, text=t(lang, "btn_lobby")))
        return buttons

    def main_el(self, top: list, middle: list, dock: list, dock_cls: str = ""):
        """The table's main column in three zones (static/css/app.css, "the table"): ``top``
        (opponents, round info) stays compact at the top; ``middle`` (stock and pile, the
        bout, melds, spreads, choosers, results) takes the rest and scrolls inside itself
        when it must; ``dock`` (log, status line, reason, action bar, your hand) is docked
        at the bottom. ``None`` entries are skipped. ``dock_cls``: further classes of the
        dock (the rummy tables' ``steady``: its buttons keep one row of a fixed height, so
        selecting a card never moves the middle; ``picking`` while cards are selected)."""
        middle_el = h("div", {"class": "zone-middle", "id": "table-middle", "role": "region",
                              "tabindex": "0", "aria-label": t(self.lang, "tbl_middle")})
        for el in middle:
            if el is not None:
                middle_el.appendChild(el)
        top_el = h("div", {"class": "zone-top"})
        for el in top:
            if el is not None:
                top_el.appendChild(el)
        dock_el = h("div", {"class": ("zone-dock " + dock_cls).strip()})
        for el in dock:
            if el is not None:
                dock_el.appendChild(el)
        return h("div", {"class": "table-main"}, top_el, middle_el, dock_el)

    def table_el(self, v: dict, main_col, side):
        """The ``#table`` element with the data attributes tests and CSS rely on.

        ``side`` holds the table's side panels (every one a ``section.panel``: scoresheet,
        tally, ledger, settings, move history): beside the table on a wide screen, in a
        drawer one tap away on a narrow one (the "Scores & more" button; static/js/motion.js
        opens and closes it and keeps it open across re-renders)."""
        st = v["state"]
        lang = self.lang
        rules = h("button", {"type": "button", "class": "ui-btn small rules-open",
                             "data-ui": "rules-open", "data-game": self.game},
                  text=t(lang, "rb_btn_game", game=t(lang, f"game_{self.game}")))
        opened = str(document.body.getAttribute("data-drawer") or "") == "open"
        close = h("button", {"type": "button", "class": "ui-btn small drawer-close",
                             "data-drawer": "close", "aria-controls": "table-side"},
                  text=t(lang, "tbl_panels_close"))
        side.insertBefore(h("div", {"class": "rules-link"}, rules, close), side.firstChild)
        side.setAttribute("id", "table-side")
        side.setAttribute("role", "region")
        side.setAttribute("aria-label", t(lang, "tbl_panels_label"))
        toggle = h("button", {"type": "button", "class": "ui-btn small drawer-toggle",
                              "data-drawer": "toggle", "aria-controls": "table-side",
                              "aria-expanded": "true" if opened else "false"},
                   text=t(lang, "tbl_panels_open"))
        top = main_col.querySelector(".zone-top")
        if top is not None:
            top.insertBefore(toggle, top.firstChild)
        record_motion()
        return h("div", {"class": "table", "id": "table", "data-game": self.game,
                         "data-over": bool(st.get("over")), "data-waiting": v.get("waiting"),
                         "aria-label": t(lang, "table_label")}, main_col, side)


def record_motion() -> None:
    """Tell static/js/motion.js where every card is now, before the table is replaced: it
    moves each card from there to its new place after the re-render (FLIP) and keeps the
    scroll of the table's middle and of the side panels."""
    motion = getattr(window, "kortbordetMotion", None)
    if motion is not None:
        motion.record()


HAND_FIT = {"key": None, "size": None, "cached": 0, "measured": 0}
"""The hand's last measured size for ``place_hand``: ``key`` (viewport, body classes,
hand classes) and ``size`` (inner width minus 8, card width; px); ``cached`` and
``measured`` count the redraws laid out from it and those that had to measure
(bench/render.py prints them)."""


def _hand_key(hand) -> tuple:
    return (float(window.innerWidth), float(window.innerHeight),
            str(document.body.className), str(document.body.getAttribute("data-drawer")),
            hand.getAttribute("class"))


def place_hand(hand) -> tuple | None:
    """Lay the hand (a ``markup.Node``, before it is on the page) in overlapping rows with
    the size measured last time for the same viewport (``HAND_FIT``), so the new table
    needs no measuring and moving of its cards once it is shown. Returns ``(key, size)``
    used, for ``check_hand``; None when there is no hand or no size is known yet."""
    if hand is None:
        return None
    key = _hand_key(hand)
    if HAND_FIT["key"] != key or HAND_FIT["size"] is None:
        return (key, None)
    width, card_w = HAND_FIT["size"]
    markup.place_hand(hand, width, card_w, model.fan)
    return (key, HAND_FIT["size"])


def check_hand(fitted: tuple | None) -> None:
    """After the table was shown: read the hand's size once (the page's one layout of the
    redraw); if the rows were laid out for another size (the first table, a resize), lay
    them out again in the page (``layout_hand``)."""
    if fitted is None:
        return
    key, used = fitted
    if used is None:
        HAND_FIT["measured"] += 1
        HAND_FIT["key"], HAND_FIT["size"] = key, layout_hand()
        return
    hand = document.querySelector(".hand")
    if not hand:
        return
    first = hand.querySelector(".card")
    if not first:
        return
    size = (float(hand.clientWidth or 320) - 8, float(first.offsetWidth or 62))
    if abs(size[0] - used[0]) < 0.5 and abs(size[1] - used[1]) < 0.5:
        HAND_FIT["cached"] += 1
        return
    HAND_FIT["measured"] += 1
    HAND_FIT["key"], HAND_FIT["size"] = key, layout_hand()


def layout_hand() -> tuple | None:
    """Overlap the hand's cards (and wrap into rows) so every index stays visible.
    Returns the size it measured (``HAND_FIT``'s ``size``), or None."""
    hand = document.querySelector(".hand")
    if not hand:
        return None
    cards = hand.querySelectorAll(".card")
    items = [cards.item(i) for i in range(cards.length)]
    for el in items:
        hand.appendChild(el)
    rows = hand.querySelectorAll(".hand-row")
    for i in range(rows.length):
        rows.item(i).remove()
    n = len(items)
    if n == 0:
        return None
    width = float(hand.clientWidth or 320) - 8
    card_w = float(items[0].offsetWidth or 62)
    per_row, step = model.fan(n, width, card_w)
    for start in range(0, n, per_row):
        row_el = dom.h("div", {"class": "hand-row"})
        for j, el in enumerate(items[start:start + per_row]):
            el.style.marginLeft = "0px" if j == 0 else f"{step - card_w:.1f}px"
            row_el.appendChild(el)
        hand.appendChild(row_el)
    return (width, card_w)
