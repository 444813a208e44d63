"""The Dunka table (PyScript glue): stock and discard pile, melds by owner, the contract,
the claim window ("Dunka!"/"Pass"), laying down with a choice of arrangement, laying off
and joker replacement, round summaries and the six-round scoresheet (rules/dunka.md).

What is playable comes from ``dunka_model.plan`` (pure Python, tested in CPython); the
arrangements of a selection come from the engine's ``laydown_options``.
"""

from __future__ import annotations

from pyscript import document

from ..i18n import card_name, t
from . import dunka_model as dm
from .markup import card_el, card_index, h
from .model import number, translate_name
from .table import TableView


class DunkaTable(TableView):
    """The Dunka table. ``chooser``: the lay-down arrangements offered (``meld`` action
    texts) while the player chooses, else None. ``sort``: ``"suit"`` or ``"rank"``.
    ``open_meld``: the meld whose several moves are shown (``meld_el``) and the selection
    they are for, ``(meld name, [card])``; they show only while that card alone is
    selected."""

    game = "dunka"
    lower_wins = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.chooser: list[str] | None = None
        self.open_meld: tuple[str, list[str]] | None = None
        sort = app.prefs.get("dunka_sort")
        self.sort = sort if sort in dm.SORTS else "suit"

    def reset(self) -> None:
        super().reset()
        self.chooser = None
        self.open_meld = None

    def after_move(self) -> None:
        self.selected = []
        self.chooser = None
        self.open_meld = None

    def describe(self, ev: dict) -> str | None:
        v = self.app.view
        return dm.describe_event(self.lang, ev, v["players"], self.you(v), self.game)

    # ------------------------------------------------------------ drawing

    def render(self, v: dict):
        st = v["state"]
        lang = self.lang
        human = v["human"]
        p = dm.plan(v, self.selected, lang, self.sort)
        self.selected = p["selected"]
        if self.chooser is not None and st["phase"] not in ("play", "after_dunk"):
            self.chooser = None
        over = bool(st.get("over"))
        actor = v.get("actor")

        opps = h("section", {"class": "opponents", "aria-label": t(lang, "players")})
        n = len(st["names"])
        for k in range(1, n):
            seat = (human + k) % n
            opps.appendChild(self.seat_el(seat, st["hand_counts"][seat],
                                          seat == actor and not over, self.badges(seat, st)))

        contract = dm.contract_text(lang, st["contract_melds"])
        info = h("p", {"class": "contract", "id": "contract", "data-round": st["round"]},
                 h("strong", text=t(lang, "dk_round_n", n=st["round"])),
                 h("span", text=f" · {t(lang, 'dk_contract')}: {contract}"))

        size = st["stock_size"]
        stock = self.stock_el(size, p["stock"], t(lang, "dk_stock_1" if size == 1 else
                                                  "dk_stock_n", n=size),
                              t(lang, "dk_take_stock"))
        pile = self.pile_el(st, p["pile"], {"take": "dk_take_pile", "empty": "dk_pile_empty",
                                            "one": "dk_pile_1", "n": "dk_pile_n"},
                            "claim" if st.get("claim") else "")
        center = h("section", {"class": "center dunka-center"}, stock, pile)
        # while the chooser is open the one thing to do is choose (not "Tap Lay down")
        status, why = self.status_els(
            t(lang, "dk_st_choose") if self.chooser else
            t(lang, "dk_st_meld_moves") if self.meld_open(p["targets"]) else p["status"])
        # the round summary carries "Next round"; the chooser replaces "Lay down"
        buttons = [b for b in p["buttons"] if not (b["id"] == "laydown" and self.chooser)
                   and b["id"] != "next-round"]
        bar = self.actions_el(buttons)
        claim = (st.get("claim") or {}).get("card")
        if claim and "dunk" in v["legal"]:  # the card the prompt is about, beside its buttons
            bar.insertBefore(card_el(lang, claim, "div", "small claim-card",
                                     {"id": "claim-card"}), bar.firstChild)
        sort_next = "rank" if self.sort == "suit" else "suit"
        me = h("div", {"class": "me"}, h("span", text=self.hand_title()))
        mine = self.badges(human, st)
        if mine:   # stacked in a narrow column beside the buttons on a phone
            me.appendChild(h("span", {"class": "my-badges"}, *mine))
        me.appendChild(self.short_button(
            {"type": "button", "class": "ui-btn small", "data-ui": "sort", "data-sort": self.sort},
            t(lang, f"dk_btn_sort_{sort_next}"), t(lang, "dk_btn_sort_short")))
        # results and the chooser come first in the middle, so they are seen at once
        main_col = self.main_el(
            [opps, info],
            [self.result_el(v) if over else None,
             self.round_el(v) if st["phase"] == "round_over" else None,
             self.chooser_el(st) if self.chooser is not None else None,
             center, self.melds_el(v, p)],
            [self.log_el(), status, why, bar, me,
             self.hand_el(p["hand"], st["hand"], toggles=True,
                          select="one" if st["phase"] == "opening" else "many")],
            # the buttons keep one row whatever is selected: the middle never moves
            "steady" + (" picking" if self.selected else ""))
        side = h("div", {"class": "side"}, self.sheet_el(v), self.app.prefs_panel())
        return self.table_el(v, main_col, side)

    def badges(self, seat: int, st: dict) -> list:
        out = []
        if seat == st["dealer"]:
            out.append(h("span", {"class": "badge dealer"}, text=t(self.lang, "dk_badge_dealer")))
        if st["laid_down"][seat]:
            out.append(h("span", {"class": "badge out"}, text=t(self.lang, "dk_badge_down")))
        return out

    def melds_el(self, v: dict, p: dict):
        """The melds on the table by owner; a meld the selected card fits is highlighted
        and is the control for its lay-off / joker replacement (``meld_el``)."""
        return self.owner_groups(
            v, "melds", {"title": "dk_melds_title", "empty": "dk_no_melds",
                         "yours": "dk_melds_yours", "of": "dk_melds_of"},
            lambda m: self.meld_el(m, p["targets"].get(m["name"], [])))

    def meld_el(self, m: dict, targets: list[dict]):
        """One meld on the table; with ``targets`` (``dunka_model.targets``: what the
        selected card can do on it, DUN-9, DUN-11) it is highlighted and is itself the
        control: with one move it is a button that makes it; with several (a joker at
        either end of a run, a lay-off or a joker replacement) a tap opens their buttons
        under it (``open_meld``), so no button covers the melds below until asked for."""
        lang = self.lang
        kind = t(lang, "dk_set" if m["kind"] == "set" else "dk_run")
        cards = h("div", {"class": "meld-cards"})
        for token in m["cards"]:
            cards.appendChild(card_el(lang, token, "div", "tiny-face"))
        label = f"{kind}: " + ", ".join(card_name(lang, c) for c in m["cards"])
        attrs = {"class": "meld" + (" target" if targets else ""), "data-meld": m["name"],
                 "role": "group", "aria-label": label}
        is_open = len(targets) > 1 and self.open_meld == (m["name"], self.selected[:1])
        if targets and not is_open:
            # the highlighted meld is the button (static/css/table.css ".meld.target")
            attrs.update({"id": f"meld-{m['name']}", "role": "button", "tabindex": "0"})
            if len(targets) == 1:
                attrs["data-action"] = targets[0]["action"]
                attrs["aria-label"] = f"{self.target_text(targets[0], m)}: {label}"
            else:
                attrs["data-ui"] = "meld-open"
                attrs["aria-expanded"] = "false"
                attrs["aria-label"] = f"{t(lang, 'dk_meld_choose')}: {label}"
        if targets:   # (over its last card: Elvakort's credit line stays in view)
            cards.appendChild(self.target_tag())
        el = h("div", attrs, cards)
        if is_open:
            # its moves float just below its cards (table.css ".meld-acts"): a tap on the
            # meld outside them closes them
            el.setAttribute("data-ui", "meld-close")
            acts = h("div", {"class": "meld-acts"})
            for tg in targets:
                acts.appendChild(h("button", {"type": "button", "class": "ui-btn small primary",
                                              "data-action": tg["action"]},
                                   text=self.target_text(tg, m)))
            el.appendChild(acts)
        return el

    def after_render(self) -> None:
        """An open meld's buttons (``meld_el``) float from the meld's left edge: for a
        meld near the screen's right edge they are moved left until they end inside it
        (they ran 56 px off a 390 px phone, cut mid-word: new-user check)."""
        acts = document.querySelector("#table .meld-acts")
        if not acts:
            return
        box = acts.getBoundingClientRect()
        room = float(document.documentElement.clientWidth) - 4
        over = float(box.right) - room
        if over > 0:
            acts.style.left = f"{-min(over, max(0.0, float(box.left) - 4)):.0f}px"

    def meld_open(self, targets: dict) -> bool:
        """True when ``open_meld`` shows its moves: the same card alone selected, and the
        meld offers it several (``targets``: ``dunka_model.plan``'s)."""
        return self.open_meld is not None and self.open_meld[1] == self.selected[:1] \
            and len(targets.get(self.open_meld[0], [])) > 1

    def target_text(self, target: dict, meld: dict) -> str:
        """The words of one move on ``meld`` (a ``dunka_model.targets`` entry): "Lay off",
        and at a run's end the card the joker becomes there: "Lay off as the three of
        diamonds", "Replace the joker; it becomes the eight of diamonds" (DUN-11; "at
        the low end" alone left the player to work it out: new-user check)."""
        lang = self.lang
        kind = "dk_layoff" if target["kind"] == "layoff" else "dk_replace"
        end = target["end"]
        if not end:
            return t(lang, kind + ("_here" if kind == "dk_layoff" else ""))
        card = dm.run_end_card(meld["cards"], end)
        if card is None:
            return t(lang, f"{kind}_{end}")
        return t(lang, f"{kind}_as", card=card_name(lang, card))

    def chooser_el(self, st: dict):
        lang = self.lang
        # Cancel beside the heading: reachable without scrolling past every way
        head = h("div", {"class": "chooser-head"},
                 h("h2", {"id": "chooser-h"}, text=t(lang, "dk_choose_title")),
                 h("button", {"type": "button", "class": "ui-btn small",
                              "data-ui": "cancel-choose"}, text=t(lang, "dk_btn_cancel")))
        box = h("section", {"class": "chooser panel", "id": "chooser", "role": "region",
                            "aria-labelledby": "chooser-h"}, head)
        if len(self.chooser) > 1:
            box.appendChild(h("p", text=t(lang, "dk_choose_many")))
        hand = dm.sort_hand(st["hand"], self.sort)   # kept cards in the hand's order
        for i, option in enumerate(self.chooser):
            row = h("div", {"class": "option", "data-option": i})
            for group in dm.meld_groups(option):
                meld = h("div", {"class": "meld-cards"})
                for token in group:
                    meld.appendChild(card_el(lang, token, "div", "tiny-face"))
                row.appendChild(meld)
            row.appendChild(h("button", {"type": "button", "class": "ui-btn small primary",
                                         "data-action": option,
                                         "aria-label": dm.laydown_label(lang, option, hand)},
                              text=t(lang, "dk_btn_this")))
            # what stays in hand tells apart ways that lay the same melds (hidden from
            # screen readers: the button's name says it in words)
            kept = dm.kept_cards(hand, option)
            row.appendChild(h("p", {"class": "kept", "aria-hidden": "true"}, text=t(
                lang, "dk_way_kept", cards=" ".join(card_index(c) for c in kept))
                if kept else t(lang, "dk_way_kept_none")))
            box.appendChild(row)
        return box

    def sheet_el(self, v: dict, record: dict | None = None):
        """The six-round scoresheet (DUN-18): rounds with contracts, points, running totals
        and the leader; ``record`` (a history entry) instead of the running game."""
        lang = self.lang
        names = [translate_name(lang, n) for n in record["names"]] if record else \
            [self.name(s) for s in range(len(v["players"]))]
        sheet = record if record else v["state"]["scoresheet"]
        contracts = [dm.contract_text(lang, c) if isinstance(c, dict) else c
                     for c in self.contracts(sheet)]
        done = {r["round"]: r for r in sheet["rounds"]}
        current = None if record else v["state"]["round"]
        head = h("tr", {}, h("th", {"scope": "col"}, text=t(lang, "dk_sheet_round")))
        for name in names:
            head.appendChild(h("th", {"scope": "col", "class": dm.name_header_class(name)},
                               text=name))
        body = h("tbody")
        for r in range(1, 7):
            row = h("tr", {"class": "current" if r == current and r not in done else None,
                           "data-round": r},
                    h("th", {"scope": "row"}, h("span", {"class": "rn"}, text=str(r)),
                      h("span", {"class": "ct"}, text=contracts[r - 1] if r <= len(contracts) else "")))
            for seat in range(len(names)):
                entry = done.get(r)
                text = "" if entry is None else str(entry["points"][seat])
                if entry is not None and entry.get("out") == seat:
                    text += " ✓"   # went out (Dunka: 0 points; Elvakort: table + 50)
                row.appendChild(h("td", {"class": "n"}, text=text))
            body.appendChild(row)
        totals = sheet["totals"]
        lead = dm.leaders(totals, self.lower_wins)
        over = bool(record) or bool(v["state"].get("over"))
        foot = h("tr", {"class": "totals"}, h("th", {"scope": "row"}, text=t(lang, "dk_sheet_total")))
        for seat, total in enumerate(totals):
            cell = h("td", {"class": "n" + (" lead" if seat in lead else "")}, text=str(total))
            if seat in lead:
                cell.appendChild(h("span", {"class": "lead-mark"},
                                   text=" " + t(lang, "dk_sheet_winner" if over else "dk_sheet_leader")))
            foot.appendChild(cell)
        table = h("table", {"class": "tally scoresheet", "data-scoresheet": True},
                  h("thead", {}, head), body, h("tfoot", {}, foot))
        return h("section", {"class": "panel", "aria-labelledby": "sheet-h", "id": "scoresheet"},
                 h("h2", {"id": "sheet-h"}, text=t(lang, "dk_sheet_title")),
                 # focusable, so a keyboard can scroll a sheet wider than the column
                 h("div", {"class": "scroll", "tabindex": "0", "role": "region",
                           "aria-labelledby": "sheet-h"}, table))

    def contracts(self, sheet: dict) -> list:
        """The six rounds' contracts of this table's game (``Contract.to_dict()``)."""
        from ..scoresheet import contracts
        return contracts(self.game)

    def round_el(self, v: dict):
        st = v["state"]
        lang = self.lang
        last = st["scoresheet"]["rounds"][-1]
        out = last.get("out")
        if out is None:
            who = t(lang, "dk_nobody_out")
        elif out == self.you(v):
            who = t(lang, "dk_went_out_you")
        else:
            who = t(lang, "dk_went_out", name=self.name(out))
        box = h("section", {"class": "result", "id": "round-result", "role": "region",
                            "aria-labelledby": "round-h", "data-round": last["round"]},
                h("h2", {"id": "round-h"}, text=t(lang, "dk_round_over_title", n=last["round"])),
                h("p", {"class": "big"}, text=who))
        box.appendChild(self.points_list(v, last, st.get("revealed")))
        box.appendChild(h("div", {"class": "lobby-actions"},
                          h("button", {"type": "button", "class": "ui-btn primary",
                                        "data-action": "next", "data-ui": "next-round"},
                            text=t(lang, "dk_btn_next_round"))))
        return box

    def points_list(self, v: dict, entry: dict, revealed):
        """A round's points: each player's name, points of the round, running total after
        it (``dm.round_points``) and, when shown, the cards left in their hand."""
        lang = self.lang
        ul = h("ul", {"class": "points"})
        for seat, (pts, total) in enumerate(dm.round_points(lang, entry)):
            li = h("li", {"data-seat": seat},
                   h("span", {"class": "who"}, text=self.name(seat)),
                   h("span", {"class": "n"}, text=pts),
                   h("span", {"class": "tot"}, text=total))
            if revealed and revealed[seat]:
                cards = h("span", {"class": "left", "aria-label": t(lang, "dk_hand_left")})
                for c in revealed[seat]:
                    cards.appendChild(card_el(lang, c, "span", "tiny-face"))
                li.appendChild(cards)
            ul.appendChild(li)
        return ul

    def result_el(self, v: dict):
        lang = self.lang
        st = v["state"]
        outcome = st.get("outcome") or {}
        winners = outcome.get("winners", [])
        totals = outcome.get("totals", st["scoresheet"]["totals"])
        pts = totals[winners[0]] if winners else 0
        if winners == [self.you(v)]:
            text = t(lang, "dk_winner_you", points=pts)
        elif len(winners) > 1:
            text = t(lang, "dk_shared", names=", ".join(self.name(w) for w in winners),
                     points=pts)
        else:
            text = t(lang, "dk_winner", names=", ".join(self.name(w) for w in winners),
                     points=pts)
        box = h("section", {"class": "result", "id": "result", "role": "region",
                            "aria-labelledby": "result-h",
                            "data-winners": " ".join(str(w) for w in winners)},
                h("h2", {"id": "result-h"}, text=t(lang, "dk_game_over_title")),
                h("p", {"class": "big"}, text=text))
        last = st["scoresheet"]["rounds"][-1] if st["scoresheet"]["rounds"] else None
        if last is not None:
            box.appendChild(self.points_list(v, last, st.get("revealed")))
        box.appendChild(h("p", {"class": "seed", "data-seed": self.app.session.seed},
                          text=t(lang, "result_seed", seed=self.app.session.seed,
                                 n=v.get("game_number", 1))))
        box.appendChild(self.end_buttons(v))
        return box

    # ------------------------------------------------------------ clicks

    def on_click(self, el) -> bool:
        app = self.app
        ui = el.getAttribute("data-ui")
        if ui == "sort":
            self.sort = "rank" if self.sort == "suit" else "suit"
            app.prefs["dunka_sort"] = self.sort  # kept by saves.load_prefs
            app.save_prefs()
            app.render()
            return True
        if ui == "clear":
            self.selected = []
            self.open_meld = None
            app.reason_text = ""
            app.render()
            return True
        if ui == "cancel-choose":
            self.chooser = None
            app.render()
            return True
        if ui == "laydown":
            self.open_chooser()
            return True
        if ui == "discard":  # not playable now: the engine says why (as at the Tonk table)
            if len(self.selected) == 1:
                app.explain(f"discard {self.selected[0]}")
            else:
                app.show_hint("hint_select_first" if not self.selected else "tk_hint_one_card")
            return True
        if el.closest(".hand") and el.hasAttribute("data-card"):
            self.click_hand_card(str(el.getAttribute("data-card")))
            return True
        meld = el.closest(".meld.target")
        if meld:   # the status line says "tap a highlighted meld" (meld_el)
            name = str(meld.getAttribute("data-meld"))
            ui = meld.getAttribute("data-ui")
            if meld.hasAttribute("data-action"):   # its one move
                app.do(str(meld.getAttribute("data-action")))
            elif ui == "meld-open":   # several: their buttons, the first one focused
                self.open_meld = (name, self.selected[:1])
                self.redraw(f'.meld[data-meld="{name}"] .meld-acts button')
            elif ui == "meld-close":
                self.open_meld = None
                self.redraw(f"#meld-{name}")
            return True
        return False

    def click_hand_card(self, card: str) -> None:
        app = self.app
        v = app.view
        st = v["state"]
        self.open_meld = None   # a new selection: a meld's moves show again only when tapped
        if not dm.selectable(v["legal"], card):
            self.selected = []
            if v["legal"] and st["phase"] in ("draw", "play", "opening"):
                app.explain(f"discard {card}")   # the engine says why (draw first, joker…)
            elif not v["legal"]:
                app.render()
                app.show_hint("why_not_your_turn")
            return
        if card in self.selected:
            self.selected = [c for c in self.selected if c != card]
        elif st["phase"] == "opening":
            self.selected = [card]
        else:
            self.selected = self.selected + [card]
        self.chooser = None
        app.reason_text = ""
        app.focus_card = card
        app.render()

    def open_chooser(self) -> None:
        """Show the arrangements of the selected cards (or, with none selected, the legal
        lay-downs of the whole hand, best first) for the player to choose (DUN-8): only
        those a player tells apart (``dunka_model.distinct_laydowns``); when that leaves
        one, it is laid down at once."""
        app = self.app
        v = app.view
        st = v["state"]
        if self.selected:
            options = [str(a) for a in app.session.state.laydown_options(
                v["human"], " ".join(self.selected))]
        else:   # every way, best first (legal_actions lists only the first few)
            options = [str(a) for a in app.session.state.laydown_ways(v["human"])]
        # only the ways a player can tell apart (not deck copies or a set joker's place)
        options = dm.distinct_laydowns(options)
        if not options:
            app.render()
            app.show_text(dm.no_laydown_text(self.lang, st, self.selected,
                                             app.session.state.keeps_discard()))
            return
        if len(options) == 1:   # one way only: laid down at once, no extra step
            self.chooser = None
            app.do(options[0])
            return
        self.chooser = options
        app.reason_text = ""
        app.render()


class ElvakortTable(DunkaTable):
    """Elvakorts-Rummy (rules/elvakort.md) on the Dunka table: the same engine and actions;
    further melds after the contract come through the same Lay down chooser (ELV-8), every
    meld shows whose cards it holds, and the highest total leads (ELV-14)."""

    game = "elvakort"
    lower_wins = False

    def meld_el(self, m: dict, targets: list[dict]):
        el = super().meld_el(m, targets)
        owner = m.get("owner")
        others = sorted({s for s in m.get("added_by", []) if s != owner})
        if others:  # ELV-8: cards others added score for the owner
            you = self.you(self.app.view)   # "med kort från dig", "with cards from you"
            names = [t(self.lang, "you_object") if s == you else self.name(s) for s in others]
            el.appendChild(h("span", {"class": "credit"}, text=t(
                self.lang, "elv_added_by", names=", ".join(names))))
        return el

    def points_list(self, v: dict, entry: dict, revealed):
        """The round's points, each with how they add up (ELV-13): "table +45 · hand
        −15 · went out +50" (a player could not see why 25 points in hand left +40: a
        new-user check). Said only when the melds on the table and the hands shown give
        the points the engine scored."""
        ul = super().points_list(v, entry, revealed)
        parts = dm.elvakort_breakdown(v["state"], entry, revealed)
        if parts is None:
            return ul
        for li, part in zip(ul.children, parts):
            li.appendChild(h("span", {"class": "breakdown"}, text=" · ".join(
                t(self.lang, f"elv_points_{key}", n=number(n))
                for key, n in part)))
        return ul
