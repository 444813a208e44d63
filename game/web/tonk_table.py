"""The Tonk table (PyScript glue): knock, stock and discard pile, spreads by owner with hit
targets, laying a spread from a selection, discarding, ending a dry hand, the hand result
(totals, who paid whom and why) and the chip ledger with its balance chart
(rules/tonk.md).

What is playable comes from ``tonk_model.plan`` (pure Python, tested in CPython); the chart's
geometry from ``tonk_model.chart``. Every element that performs one engine action carries
``data-action``; taps on anything else ask the engine why (``App.explain``).
"""

from __future__ import annotations

from ..i18n import card_name, t
from . import tonk_model as tm
from .markup import Node, card_el, h
from .table import TableView

def svg(tag: str, attrs: dict | None = None, *children, text: str | None = None):
    """An SVG element (a ``markup.Node``: inside ``<svg>`` the page's parser puts it in the
    SVG namespace); ``None``/``False`` attributes skipped, others written with ``str``."""
    node = Node(tag)
    for key, value in (attrs or {}).items():
        if value is not None and value is not False:
            node.setAttribute(key, str(value))
    if text is not None:
        node.appendChild(str(text))
    for child in children:
        node.appendChild(child)
    return node


def marker(kind: str, x: float, y: float, colour: str, size: float = 3.5):
    """A point marker: circle, square, triangle or diamond (lines differ without colour)."""
    if kind == "circle":
        return svg("circle", {"cx": x, "cy": y, "r": size, "fill": colour})
    if kind == "square":
        return svg("rect", {"x": x - size, "y": y - size, "width": 2 * size,
                            "height": 2 * size, "fill": colour})
    if kind == "triangle":
        pts = f"{x},{y - size - 1} {x - size - 1},{y + size} {x + size + 1},{y + size}"
    else:
        pts = f"{x},{y - size - 1} {x + size + 1},{y} {x},{y + size + 1} {x - size - 1},{y}"
    return svg("polygon", {"points": pts, "fill": colour})


class TonkTable(TableView):
    """The Tonk table: ``selected`` are the hand cards chosen for a spread, a hit or a
    discard."""

    game = "tonk"
    knocking = False
    """True while "Knock with n points?" is asked (Knock ends the hand at once, TONK-11:
    a confirmation, not an undo, since a knock shows every hand)."""
    resetting = False
    """True while "Reset the chips?" is asked, in the chip ledger's panel under its button
    (as a notice at the top of the page it lay behind a phone's open drawer, where the
    button is: a new user thought the button did nothing)."""

    def reset(self) -> None:
        super().reset()
        self.knocking = False
        self.resetting = False

    def after_move(self) -> None:
        super().after_move()
        self.knocking = False
        self.resetting = False

    def describe(self, ev: dict) -> str | None:
        v = self.app.view
        return tm.describe_event(self.lang, ev, v["players"], self.you(v))

    # ------------------------------------------------------------ drawing

    def render(self, v: dict):
        st = v["state"]
        lang = self.lang
        human = v["human"]
        self.knocking = self.knocking and "knock" in v.get("legal", [])
        p = tm.plan(v, self.selected, lang, self.knocking)
        self.selected = p["selected"]
        over = st["phase"] == "hand_over"
        actor = v.get("actor")

        opps = h("section", {"class": "opponents", "aria-label": t(lang, "players")})
        n = len(st["names"])
        for k in range(1, n):
            seat = (human + k) % n
            opps.appendChild(self.seat_el(seat, st["hand_counts"][seat],
                                          seat == actor and not over, self.badges(seat, st),
                                          self.known_el(seat, st)))

        stake = tm.chips(lang, st["stake"])
        info = h("p", {"class": "contract tonk-info", "id": "hand-info",
                       "data-hand": st["hand_no"], "data-phase": st["phase"]},
                 h("strong", text=t(lang, "tk_hand_n", n=st["hand_no"])),
                 h("span", text=" · " + t(lang, "tk_stake_n", n=stake)),
                 h("span", text=" · " + t(lang, "tk_dealer_is", name=self.name(st["dealer"]))))

        center = h("section", {"class": "center dunka-center tonk-center"},
                   self.stock_el(st["stock_size"], p["stock"],
                                 t(lang, "tk_stock_1") if st["stock_size"] == 1
                                 else t(lang, "tk_stock_n", n=st["stock_size"]) if st["stock_size"]
                                 else t(lang, "tk_stock_dry"), t(lang, "tk_take_stock")),
                   self.pile_el(st, p["pile"], {"take": "tk_take_pile", "empty": "tk_pile_empty",
                                                "n": "tk_pile_n", "one": "tk_pile_1"}))
        status, why = self.status_els(p["status"])
        dry = None
        if st.get("stock_dry") and not over and st.get("dry_turns_left") is not None:
            dry = h("p", {"class": "tonk-dry", "id": "dry-note"},
                    text=t(lang, "tk_dry_turns", n=st["dry_turns_left"]))
        me = h("div", {"class": "me"}, h("span", text=self.hand_title()))
        for b in self.badges(human, st):
            me.appendChild(b)
        if st.get("hand_down") is None:  # face down (pass-and-play): no total either
            me.appendChild(h("span", {"class": "tonk-total", "id": "hand-total",
                                       "data-total": tm.hand_value(st["hand"])},
                             text=t(lang, "tk_your_total", n=tm.hand_value(st["hand"]))))
        main_col = self.main_el(
            [opps, info],
            [self.result_el(v, p) if over and st.get("result") else None,
             center, dry, self.spreads_el(v, p)],
            [self.log_el(), status, why, self.actions_el(p["buttons"]), me,
             self.hand_el(p["hand"], st["hand"], toggles=True, select="many")])
        side = h("div", {"class": "side"}, self.ledger_el(v), self.app.prefs_panel())
        return self.table_el(v, main_col, side)

    def badges(self, seat: int, st: dict) -> list:
        out = []
        if seat == st["dealer"]:
            out.append(h("span", {"class": "badge dealer"}, text=t(self.lang, "tk_badge_dealer")))
        if seat in st.get("hit_locked", []) and st["phase"] != "hand_over":
            out.append(h("span", {"class": "badge locked"}, text=t(self.lang, "tk_badge_locked")))
        return out

    def known_el(self, seat: int, st: dict):
        """The cards a player took from the pile and still holds (everyone saw them)."""
        known = st["known"][seat] if seat < len(st.get("known", [])) else []
        if not known or st["phase"] == "hand_over":
            return None
        label = t(self.lang, "tk_known")
        box = h("div", {"class": "known", "role": "group", "aria-label": label},
                h("span", {"class": "known-label", "aria-hidden": "true"}, text=label))
        for c in known:
            box.appendChild(card_el(self.lang, c, "span", "tiny-face"))
        return box

    def spreads_el(self, v: dict, p: dict):
        """The spreads on the table grouped by owner (the human's first); a spread the
        selected card may hit is highlighted and gets a button with its ``hit`` action."""
        return self.owner_groups(
            v, "melds spreads", {"title": "tk_spreads_title", "empty": "tk_no_spreads",
                                 "yours": "tk_spreads_yours", "of": "tk_spreads_of"},
            lambda s: self.spread_el(s, p["targets"].get(s["name"])))

    def spread_el(self, s: dict, action: str | None):
        lang = self.lang
        if s["kind"] == "run":
            kind = t(lang, "tk_run")
        else:
            kind = t(lang, "tk_book4" if len(s["cards"]) == 4 else "tk_book")
        cards = h("div", {"class": "meld-cards"})
        for token in s["cards"]:
            cards.appendChild(card_el(lang, token, "div", "tiny-face"))
        label = f"{kind}: " + ", ".join(card_name(lang, c) for c in s["cards"])
        attrs = {"class": "meld spread" + (" target" if action else ""),
                 "data-spread": s["name"], "role": "group", "aria-label": label}
        if action:
            # the highlighted spread is the button for the hit (TONK-7), a "+" over its
            # last card: no button beside it widens it and moves the spreads after it
            # (static/css/table.css ".meld.target"; as Dunka's melds)
            attrs.update({"role": "button", "tabindex": "0", "data-action": action,
                          "aria-label": f"{t(lang, 'tk_hit_here')}: {label}"})
            cards.appendChild(self.target_tag())
        return h("div", attrs, cards)

    # ------------------------------------------------------------ the hand's result

    def result_el(self, v: dict, p: dict):
        """The finished hand: how it ended, every shown hand with its total, the chips this
        hand brought each player, who paid whom and why, and the Next hand button."""
        st = v["state"]
        res = st["result"]
        lang = self.lang
        human = self.you(v)  # nobody is "you" when several people share the screen
        players = v["players"]
        box = h("section", {"class": "result", "id": "hand-result", "role": "region",
                            "aria-labelledby": "hand-result-h", "data-hand": res["hand"],
                            "data-end": res["end"],
                            "data-player": "" if res.get("player") is None else res["player"],
                            "data-caught": "true" if res.get("caught") else "false"},
                h("h2", {"id": "hand-result-h"}, text=t(lang, "tk_result_title", n=res["hand"])),
                h("p", {"class": "big"}, text=tm.headline(lang, res, players, human)))
        winners = res.get("winners") or []
        if winners:
            box.appendChild(h("p", {"class": "winners"}, text=t(
                lang, "tk_winners", names=", ".join(self.name(w) for w in winners))))
        ul = h("ul", {"class": "points", "aria-label": t(lang, "tk_totals_title")})
        totals = res.get("totals") or [None] * len(players)
        hands = res.get("hands") or [None] * len(players)
        net = res.get("net") or [0] * len(players)
        for seat in range(len(players)):
            total = totals[seat]
            li = h("li", {"data-seat": seat, "data-total": "" if total is None else total,
                          "data-net": net[seat]},
                   h("span", {"class": "who"}, text=self.name(seat)),
                   h("span", {"class": "tot"}, text=t(lang, "tk_total_n", n=total)
                     if total is not None else t(lang, "tk_not_shown")),
                   h("span", {"class": "n net" + (" plus" if net[seat] > 0 else
                                                 " minus" if net[seat] < 0 else ""),
                              "aria-label": f"{t(lang, 'tk_net_title')}: {tm.signed(net[seat])}"},
                     text=tm.signed(net[seat])))
            if hands[seat]:
                cards = h("span", {"class": "left"})
                for c in hands[seat]:
                    cards.appendChild(card_el(lang, c, "span", "tiny-face"))
                li.appendChild(cards)
            ul.appendChild(li)
        box.appendChild(ul)
        box.appendChild(h("h3", text=t(lang, "tk_payouts_title")))
        lines = tm.payout_lines(lang, res, players, human)
        if lines:
            pays = h("ul", {"class": "payouts"})
            for line in lines:
                pays.appendChild(h("li", {"data-payer": line["payer"], "data-payee": line["payee"],
                                          "data-amount": line["amount"],
                                          "data-reason": line["reason"]},
                                   h("span", {"class": "pay"}, text=line["text"]),
                                   h("span", {"class": "why"}, text=line["why"])))
            box.appendChild(pays)
        else:
            box.appendChild(h("p", text=t(lang, "tk_no_payouts")))
        seed = self.app.session.seed      # the fairness note of the rules pages: every deal
        box.appendChild(h("p", {"class": "seed", "data-seed": seed},  # comes from this seed
                          text=t(lang, "tk_result_seed", seed=seed)))
        if p["next"]:
            box.appendChild(h("div", {"class": "lobby-actions"},
                              h("button", {"type": "button", "class": "ui-btn primary",
                                           "data-action": p["next"], "data-ui": "next-hand"},
                                text=t(lang, "tk_btn_next_hand")),
                              h("button", {"type": "button", "class": "ui-btn",
                                           "data-ui": "lobby"}, text=t(lang, "btn_lobby"))))
        return box

    # ------------------------------------------------------------ the ledger

    def ledger_el(self, v: dict):
        """The chip ledger (TONK-3, TONK-14): every player's balance and a line chart of the
        balances hand by hand, with the chart also told as text."""
        st = v["state"]
        lang = self.lang
        human = v["human"]
        balances = st["balances"]
        history = st.get("history") or []
        head = h("tr", {}, h("th", {"scope": "col"}, text=t(lang, "tk_ledger_player")),
                 h("th", {"scope": "col", "class": "n"}, text=t(lang, "tk_ledger_balance")))
        body = h("tbody")
        for seat, bal in enumerate(balances):
            style = tm.COLOURS[seat % len(tm.COLOURS)]
            body.appendChild(h("tr", {"data-seat": seat, "class": "mine" if seat == human else None},
                               h("th", {"scope": "row"},
                                 h("span", {"class": "swatch", "aria-hidden": "true",
                                            "style": f"background:{style}"}),
                                 h("span", text=self.name(seat))),
                               h("td", {"class": "n", "data-balance": bal},
                                 text=tm.signed(bal))))
        done = len(history)
        caption = t(lang, "tk_ledger_none") if not done else (
            t(lang, "tk_ledger_after_1") if done == 1 else t(lang, "tk_ledger_after", n=done))
        table = h("table", {"class": "tally ledger-table", "data-ledger": True},
                  h("caption", text=caption), h("thead", {}, head), body)
        section = h("section", {"class": "panel", "id": "ledger", "aria-labelledby": "ledger-h",
                                "data-hands": done},
                    h("h2", {"id": "ledger-h"}, text=t(lang, "tk_ledger_title")), table)
        if history:
            section.appendChild(self.chart_el(v, history))
            if not self.resetting:
                section.appendChild(h("button", {"type": "button", "class": "ui-btn small",
                                                 "data-ui": "ledger-reset"},
                                      text=t(lang, "tk_ledger_reset")))
            else:   # the question where the button was; "new" starts the new game
                section.appendChild(h(
                    "div", {"class": "ledger-reset-ask", "role": "group",
                            "aria-labelledby": "ledger-reset-q"},
                    h("p", {"id": "ledger-reset-q"}, text=t(lang, "tk_ledger_reset_ask")),
                    h("button", {"type": "button", "class": "ui-btn small primary",
                                 "data-ui": "new"}, text=t(lang, "tk_ledger_reset_yes")),
                    h("button", {"type": "button", "class": "ui-btn small",
                                 "data-ui": "ledger-reset-cancel"},
                      text=t(lang, "tk_ledger_reset_no"))))
        return section

    def chart_el(self, v: dict, history: list[dict]):
        lang = self.lang
        players = v["players"]
        human = v["human"]
        c = tm.chart(history, len(players))
        title = t(lang, "tk_chart_title")
        sentences = tm.chart_text(lang, history, players, human)
        chart = svg("svg", {"viewBox": f"0 0 {c['width']} {c['height']}", "class": "chart",
                            "role": "img", "aria-labelledby": "chart-h",
                            "aria-describedby": "chart-text", "focusable": "false",
                            "data-hands": " ".join(str(x) for x in c["hands"]),
                            "preserveAspectRatio": "xMidYMid meet"})
        left = tm.CHART_PAD["left"]
        right = c["width"] - tm.CHART_PAD["right"]
        bottom = c["height"] - tm.CHART_PAD["bottom"]
        axes = svg("g", {"class": "axes", "aria-hidden": "true"})
        for value, y in c["y_ticks"]:
            axes.appendChild(svg("line", {"x1": left, "x2": right, "y1": y, "y2": y,
                                          "class": "zero" if value == 0 else "grid"}))
            axes.appendChild(svg("text", {"x": left - 4, "y": y + 4, "text-anchor": "end"},
                                 text=tm.signed(value)))
        for hand, x in c["x_ticks"]:
            axes.appendChild(svg("text", {"x": x, "y": bottom + 16, "text-anchor": "middle"},
                                 text=str(hand)))
        chart.appendChild(axes)
        shown = history[-tm.CHART_HANDS:]
        order = [s for s in range(len(players)) if s != human] + [human]  # yours on top
        for seat in order:
            colour = tm.COLOURS[seat % len(tm.COLOURS)]
            points = c["lines"][seat]
            values = ",".join(str(e["balances"][seat]) for e in shown)
            g = svg("g", {"class": "line", "data-seat": seat, "data-values": values,
                          "aria-hidden": "true"})
            g.appendChild(svg("polyline", {
                "points": " ".join(f"{x},{y}" for x, y in points), "fill": "none",
                "stroke": colour, "stroke-width": 3 if seat == human else 2,
                "stroke-dasharray": tm.DASHES[seat % len(tm.DASHES)] or None,
                "stroke-linejoin": "round", "stroke-linecap": "round"}))
            kind = tm.MARKERS[seat % len(tm.MARKERS)]
            marks = points[1:] if len(points) <= 11 else points[-1:]
            for x, y in marks:
                g.appendChild(marker(kind, x, y, colour))
            chart.appendChild(g)
        legend = h("ul", {"class": "chart-legend", "aria-hidden": "true"})
        for seat in range(len(players)):
            colour = tm.COLOURS[seat % len(tm.COLOURS)]
            key = svg("svg", {"viewBox": "0 0 28 10", "class": "key", "focusable": "false"},
                      svg("line", {"x1": 1, "x2": 27, "y1": 5, "y2": 5, "stroke": colour,
                                   "stroke-width": 2.5,
                                   "stroke-dasharray": tm.DASHES[seat % len(tm.DASHES)] or None}),
                      marker(tm.MARKERS[seat % len(tm.MARKERS)], 14, 5, colour, 3))
            legend.appendChild(h("li", {}, key, h("span", text=self.name(seat))))
        text = h("ul", {"class": "sr-only", "id": "chart-text"})
        for sentence in sentences:
            text.appendChild(h("li", text=sentence))
        return h("figure", {"class": "tonk-chart", "id": "ledger-chart"},
                 h("figcaption", {"id": "chart-h"},
                   text=t(lang, "tk_chart_caption_1" if len(c["hands"]) == 1
                          else "tk_chart_caption", title=title, a=c["hands"][0],
                          b=c["hands"][-1])),
                 chart, legend, text)

    # ------------------------------------------------------------ clicks

    def on_click(self, el) -> bool:
        app = self.app
        v = app.view
        ui = el.getAttribute("data-ui")
        if ui in ("ledger-reset", "ledger-reset-cancel"):
            # asked first: a new game with the same players, every balance back to 0
            self.resetting = ui == "ledger-reset"
            self.redraw("#ledger [data-ui=new]" if self.resetting
                        else "#ledger [data-ui=ledger-reset]")
            return True
        if ui in ("knock", "knock-cancel"):  # ask before the hand ends; or do not knock
            self.knocking = ui == "knock"
            self.selected = []
            app.reason_text = ""
            self.redraw(".actions [data-ui=knock-confirm]" if self.knocking
                        else ".actions [data-ui=knock]")
            return True
        if ui == "clear":
            self.selected = []
            app.reason_text = ""
            app.render()
            return True
        if ui == "spread":
            self.click_spread_button(v)
            return True
        if ui == "discard":
            if len(self.selected) == 1:
                app.explain(f"discard {self.selected[0]}")   # the engine says why
            else:
                app.show_hint("hint_select_first" if not self.selected else "tk_hint_one_card")
            return True
        if el.closest(".hand") and el.hasAttribute("data-card"):
            self.click_hand_card(str(el.getAttribute("data-card")))
            return True
        target = el.closest(".spread")  # (no match: JS null, a falsy proxy, not None)
        if target and target.hasAttribute("data-action"):   # a card of a highlighted one
            app.do(str(target.getAttribute("data-action")))
            return True
        if target and len(self.selected) == 1:
            app.explain(f"hit {self.selected[0]} {target.getAttribute('data-spread')}")
            return True
        pile = el.closest(".stock-pile, .discard-pile")
        if pile and v["state"]["phase"] != "hand_over":
            source = "stock" if pile.classList.contains("stock-pile") else "pile"
            self.selected = []
            app.explain(f"draw {source}")
            return True
        return False

    def click_spread_button(self, v: dict) -> None:
        """Spread with nothing selected picks the cards of the first (longest) legal spread;
        a selection that is no spread gets the engine's reason."""
        app = self.app
        legal = v["legal"]
        if not self.selected:
            options = tm.spreads(legal)
            if options:
                self.selected = options[0].split()[1:]
                app.reason_text = ""
                app.render()
            else:
                app.show_hint("tk_hint_select_spread")
            return
        if len(self.selected) < 3:
            app.show_hint("tk_hint_select_spread")
            return
        app.explain("spread " + " ".join(self.selected))

    def click_hand_card(self, card: str) -> None:
        app = self.app
        v = app.view
        st = v["state"]
        if not tm.selectable(v["legal"], card):
            self.selected = []
            if st["phase"] == "hand_over":
                app.render()
                app.show_hint("why_hand_over")
            elif v["legal"]:
                app.explain(f"discard {card}")   # the engine says why (draw first, ...)
            else:
                app.render()
                app.show_hint("why_not_your_turn")
            return
        if card in self.selected:
            self.selected = [c for c in self.selected if c != card]
        else:
            self.selected = self.selected + [card]
        app.reason_text = ""
        app.focus_card = card
        app.render()
