"""The Durak table (PyScript glue): talon and trump, the bout, roles, the series tally.

What is playable and what a click does comes from ``model.plan`` (pure Python, tested in
CPython); this module turns it into elements and handles the Durak-specific clicks
(selecting attack cards, beating a card on the table).
"""

from __future__ import annotations

from ..i18n import t
from . import model
from .markup import SUIT_SYMBOL, card_el, h
from .table import TableView


class DurakTable(TableView):
    """The Durak table (rules/durak.md). ``prev_table`` remembers the bout's cards so new
    ones get the entering animation."""

    game = "durak"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.prev_table: set[str] = set()
        self.prev_pairs: list[tuple] = []
        self.last_bout: dict | None = None
        self.drawn = False

    def reset(self) -> None:
        super().reset()
        self.prev_table = set()
        self.prev_pairs = []
        self.last_bout = None
        self.drawn = False

    def restored_last_bout(self, v: dict) -> dict | None:
        """The table shown afresh (a reload, a resumed game): the last bout from the move
        history of this game (``model.last_bout_from_events``), or None."""
        from ..movelog import round_key
        history = getattr(self.app, "move_history", None)
        log = getattr(history, "log", None)
        session = self.app.session
        if log is None or session is None or not log.rounds \
                or log.rounds[-1]["key"] != round_key(session.state):
            return None
        try:
            return model.last_bout_from_events(log.rounds[-1]["events"], v["human"])
        except Exception:  # a damaged stored event: no last bout, never an error
            return None

    def passed(self, v: dict) -> None:
        """Follow the bout through the view ``v`` (drawn or not, ``TableView.passed``): the
        bout that just ended stays in view until the human's next move (a beat made in a
        bout's last move, or the computer's next attack, is never missed)."""
        st = v["state"]
        pairs = [(a, d) for a, d in st["table"]]
        if st.get("over"):
            self.last_bout = None
        elif not pairs and self.prev_pairs:
            # every event of the move that ended it: the human's own beat or throw-in too,
            # which the one-line log (``app.log_events``) leaves out
            self.last_bout = model.finished_bout(self.prev_pairs, self.app.move_events)
        elif not self.drawn:   # after a reload: from the move history
            self.last_bout = self.restored_last_bout(v)
        self.drawn = True
        self.prev_pairs = pairs

    def after_move(self) -> None:
        """The human moved: they have seen the last bout (drop it)."""
        super().after_move()
        self.last_bout = None

    def last_bout_el(self, last: dict, v: dict):
        """The bout that just ended (``model.finished_bout``), dimmed, until the next bout
        starts: a beat made in the bout's last move is seen, never just the empty table."""
        lang = self.lang
        taker = last.get("taken_by")
        if taker is None:
            title = t(lang, "dur_last_bout_discarded")
        elif taker == self.you(v):
            title = t(lang, "dur_last_bout_taken_you")
        else:
            title = t(lang, "dur_last_bout_taken", name=self.name(taker))
        box = h("section", {"class": "last-bout", "aria-label": title,
                            "data-taken-by": "" if taker is None else taker},
                h("h3", {"class": "last-bout-h"}, text=title))
        row = h("div", {"class": "last-bout-pairs"})
        for attack, defence in last["pairs"]:
            pair = h("div", {"class": "pair"}, card_el(lang, attack, "div", "small attack"))
            if defence:
                pair.appendChild(card_el(lang, defence, "div", "small defence"))
            row.appendChild(pair)
        box.appendChild(row)
        return box

    def describe(self, ev: dict) -> str | None:
        if ev.get("type") == "draw":  # refills after a bout are not worth a sentence
            return None
        v = self.app.view
        return model.describe_event(self.lang, ev, v["players"], self.you(v))

    def history_lines(self, events: list[dict]) -> list[str]:
        """One line per move: a new bout and its first attack are one line
        (``model.history_lines``); "you" only at a table of one person (``you``: with
        several people the list read "You are the Durak" of whoever held the device)."""
        v = self.app.view
        try:
            return model.history_lines(self.lang, events, v["players"], self.you(v))
        except Exception:  # a damaged stored event: each event on its own, as elsewhere
            return super().history_lines(events)

    def render(self, v: dict):
        st = v["state"]
        lang = self.lang
        human = v["human"]
        p = model.plan(v, self.selected, lang)
        self.selected = p["selected"]
        over = bool(st.get("over"))
        actor = v.get("actor")

        opps = h("section", {"class": "opponents", "aria-label": t(lang, "players")})
        n = len(st["names"])
        for k in range(1, n):
            seat = (human + k) % n
            opps.appendChild(self.seat_el(seat, st["hand_counts"][seat],
                                          seat == actor and not over,
                                          [self.role_badge(seat, st)]))

        stock = h("div", {"class": "stock"})
        talon = h("div", {"class": "talon"})
        if st["talon"] > 0:
            talon.appendChild(card_el(lang, st["trump_card"], "div", "small trump-card"))
            if st["talon"] > 1:
                talon.appendChild(card_el(lang, "back", "div", "small talon-top"))
            stock.appendChild(talon)
            stock.appendChild(h("span", {"class": "talon-count"},
                                text=t(lang, "talon_1") if st["talon"] == 1
                                else t(lang, "talon_n", n=st["talon"])))
        else:
            stock.appendChild(h("div", {"class": f"trump-suit s-{st['trump']}", "role": "img",
                                        "aria-label": t(lang, "trump_is",
                                                        suit=t(lang, "suit_" + st["trump"]))},
                                text=SUIT_SYMBOL[st["trump"]]))
            stock.appendChild(h("span", text=t(lang, "talon_empty")))
        stock.appendChild(h("span", {"class": "trump-label"},
                            text=t(lang, "trump_is", suit=t(lang, "suit_" + st["trump"]))))
        stock.appendChild(h("span", {"class": "discard", "data-discard": st["discard"]},
                            text=t(lang, "discard_n", n=st["discard"])))

        bout = h("section", {"class": "bout", "aria-label": t(lang, "bout_label")})
        now_table = set()
        for attack, defence in st["table"]:
            now_table.update(c for c in (attack, defence) if c)
            attrs = {}
            cls = "small attack"
            if attack in p["targets"]:
                attrs["data-action"] = p["targets"][attack]
                cls += " target"
            if attack not in self.prev_table:
                cls += " enter"
            pair = h("div", {"class": "pair"}, card_el(lang, attack, "button", cls, attrs))
            if defence:
                dcls = "small defence" + ("" if defence in self.prev_table else " enter")
                pair.appendChild(card_el(lang, defence, "div", dcls))
            bout.appendChild(pair)
        if not st["table"] and not st["over"]:
            bout.appendChild(h("p", {"class": "empty"}, text=t(lang, "table_empty")))
        self.prev_table = now_table
        self.passed(v)
        center = h("section", {"class": "center"}, stock, bout)
        if self.last_bout is not None:
            center.appendChild(self.last_bout_el(self.last_bout, v))

        status, why = self.status_els(p["status"])
        me = h("div", {"class": "me"}, h("span", text=self.hand_title()))
        badge = self.role_badge(human, st)
        if badge is not None:
            me.appendChild(badge)
        # a card tapped while leading joins the selected ones of its rank, else alone
        # (click_hand_card, model.clean_selection)
        hand = self.hand_el(p["hand"], st["hand"], select="rank" if any(
            a.startswith("attack ") for a in v["legal"]) else "one")

        main_col = self.main_el(
            [opps], [self.result_el(v) if over else None, center],
            [self.log_el(), status, why, self.actions_el(p["buttons"]), me, hand])
        side = h("div", {"class": "side"}, self.tally_el(v), self.app.prefs_panel())
        return self.table_el(v, main_col, side)

    def role_badge(self, seat: int, st: dict):
        lang = self.lang
        if st.get("over"):
            if st.get("outcome") and st["outcome"].get("durak") == seat:
                return h("span", {"class": "badge durak"}, text=t(lang, "role_durak"))
            if seat in st.get("out", []):
                return h("span", {"class": "badge out"}, text=t(lang, "role_out"))
            return None
        if seat in st.get("out", []):
            return h("span", {"class": "badge out"}, text=t(lang, "role_out"))
        if seat == st["attacker"]:
            return h("span", {"class": "badge att"}, text=t(lang, "role_attacker"))
        if seat == st["defender"]:
            return h("span", {"class": "badge def"}, text=t(lang, "role_defender"))
        return None

    def tally_el(self, v: dict | None, record: dict | None = None):
        """The series tally (DUR-20): each player's name and how often they were Durak,
        games and draws; from the running session (``v``) or a history entry
        (``record``, ``Session.record()``: the names as saved)."""
        lang = self.lang
        series = record if record is not None else v["series"]
        names = [model.translate_name(lang, n) for n in record["names"]] \
            if record is not None else [self.name(s) for s in range(len(v["players"]))]
        rows = h("tbody")
        counts = series.get("durak_counts") or [0] * len(names)
        for seat, name in enumerate(names):
            rows.appendChild(h("tr", {}, h("td", {"class": "name"}, text=name),
                               h("td", {"class": "n"},
                                 text=counts[seat] if seat < len(counts) else 0)))
        table = h("table", {"class": "tally", "data-tally": True},
                  h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, text=t(lang, "player")),
                                   h("th", {"scope": "col", "class": "n"},
                                     text=t(lang, "durak_count")))),
                  rows)
        length = str(series.get("length", "1"))
        return h("section", {"class": "panel", "aria-labelledby": "tally-h"},
                 h("h2", {"id": "tally-h"},
                   text=f"{t(lang, 'series_title')}: {t(lang, 'series_' + length)}"),
                 table,
                 h("p", {"class": "hint"}, text=t(lang, "series_games",
                                                  n=series.get("games",
                                                               len(series.get("results", []))))),
                 h("p", {"class": "hint"}, text=t(lang, "series_draws", n=series.get("draws", 0))))

    def sheet_el(self, v: dict | None, record: dict):
        """A finished series from the lobby's history (``record``): its tally."""
        return self.tally_el(None, record)

    def result_el(self, v: dict):
        lang = self.lang
        outcome = v["state"].get("outcome") or {}
        durak = outcome.get("durak")
        told = model.verdict(lang, {"durak": durak, **outcome}, v["players"], v["human"])
        box = h("section", {"class": "result", "id": "result", "role": "region",
                            "aria-labelledby": "result-h",
                            "data-durak": "none" if durak is None else durak},
                h("h2", {"id": "result-h"}, text=t(lang, "result_title")),
                h("p", {"class": "big"}, text=told[0]))
        for line in told[1:]:   # who is the Durak after "you won"; each person who won
            box.appendChild(h("p", {"class": "verdict"}, text=line))
        for el in self.left_els(v, durak):
            box.appendChild(el)
        if v.get("waiting") == "series_over" and str(v["series"].get("length")) != "1":
            box.appendChild(h("p", text=t(lang, "series_over")))
        seed = self.app.session.seed
        box.appendChild(h("p", {"class": "seed", "data-seed": seed,
                                "data-deal-seed": v.get("game_seed")},
                          text=t(lang, "result_seed", seed=seed,
                                 n=v["series"].get("games", 1))))
        box.appendChild(self.end_buttons(v))
        return box

    def left_els(self, v: dict, durak: int | None) -> list:
        """What the Durak was left holding, for the game's result: a sentence with the
        count (``p.durak-left``) and those cards (``div.durak-left-cards``; the engine's
        ``outcome()["left"]``, public once the game is over).
        A computer's or another person's cards are seen nowhere else; the person's own
        (class ``yours``) are hidden beneath the result on a narrow screen but beside it
        on a wide one, where the result shows the count only (static/css/table.css).
        Empty after a draw."""
        if durak is None:
            return []
        lang = self.lang
        st = v["state"]
        n = st["hand_counts"][durak]
        one = "_1" if n == 1 else "_n"
        text = t(lang, "result_left_you" + one, n=n) if durak == self.you(v) else \
            t(lang, "result_left" + one, name=self.name(durak), n=n)
        out = [h("p", {"class": "durak-left", "data-seat": durak, "data-cards": n}, text=text)]
        yours = durak == v["human"]
        left = (st.get("outcome") or {}).get("left") or []
        if left:
            cards = h("div", {"class": "durak-left-cards left" + (" yours" if yours else ""),
                              "role": "group", "aria-label": text.rstrip(".")})
            for c in left:
                cards.appendChild(card_el(lang, c, "span", "tiny-face"))
            out.append(cards)
        return out

    # ------------------------------------------------------------ clicks

    def on_click(self, el) -> bool:
        ui = el.getAttribute("data-ui")
        if ui == "transfer":
            self.app.show_hint("hint_select_first")
            return True
        if ui == "attack":
            self.app.show_hint("hint_select_rank")
            return True
        if el.closest(".hand") and el.hasAttribute("data-card"):
            self.click_hand_card(el)
            return True
        if el.closest(".bout") and el.classList.contains("attack"):
            self.click_table_card(el)
            return True
        return False

    def click_hand_card(self, el) -> None:
        app = self.app
        card = str(el.getAttribute("data-card"))
        v = app.view
        legal = v["legal"]
        if not model.card_actions(legal, card):
            self.selected = []
            app.explain(model.intent(v, card, self.selected))
            return
        if card in self.selected:
            self.selected = [c for c in self.selected if c != card]
        elif any(a.startswith("attack ") for a in legal):
            self.selected = self.selected + [card]
        else:
            self.selected = [card]
        app.reason_text = ""
        app.focus_card = card
        app.render()

    def click_table_card(self, el) -> None:
        target = str(el.getAttribute("data-card"))
        v = self.app.view
        if v["state"]["defender"] != v["human"] or not v["legal"]:
            return
        if not self.selected:
            self.app.show_hint("hint_select_first")
            return
        self.app.do(f"beat {self.selected[0]} {target}")
