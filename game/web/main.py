"""The page: lobby, Durak table, saves and URL parameters (PyScript glue).

Everything the page shows comes from ``Session.view()``; every move goes through
``Session.play`` (the human) or ``Session.step_bot`` (a computer player, one move at a
time with ``setTimeout`` at the speed the player chose). One delegated click listener and
one keydown listener on ``document`` serve every re-rendered element. The session is
written to localStorage after every action.
"""

from __future__ import annotations

import json
import random
import sys

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

from game import durak, saves
from game.engine import IllegalAction, SaveError, SettingError
from game.i18n import LANGS, card_name, pick_lang, reason, t
from game.session import GAMES, Session, parse_params
from game.web import model
from game.web.dom import SUIT_SYMBOL, card_el, clear, h

# The lobby's settings come from the engine's Rules: names, allowed values and defaults.
DURAK_SETTINGS = [(name, "bool" if allowed == (False, True) else allowed)
                  for name, allowed in durak.Rules.CHOICES.items()]
DURAK_DEFAULTS = durak.Rules().to_dict()
ANIM_MS = {"slow": 420, "normal": 260, "fast": 140, "instant": 0}
URL_KEEP = ("embed", "lang", "speed")


def _option_label(lang: str, setting: str, value) -> str:
    if setting == "throw_in":
        return t(lang, f"throw_in_{value}")
    if setting == "deck":
        return t(lang, "deck_n", n=value)
    if setting == "series_length":
        return t(lang, f"series_{value}")
    return str(value)


class App:
    """The whole page. ``start()`` decides between a URL game, a saved game and the lobby."""

    def __init__(self) -> None:
        self.store = window.localStorage
        self.prefs = saves.load_prefs(self._get(saves.PREFS_KEY))
        self.lang = self.prefs["lang"] or pick_lang(str(window.navigator.language or ""))
        self.speed = self.prefs["speed"]
        self.embed = False
        self.session: Session | None = None
        self.view: dict | None = None
        self.selected: list[str] = []
        self.timer = None
        self.screen = "lobby"
        self.reason_text = ""
        self.log_events: list[dict] = []  # the last moves shown, kept as events so a
        # language switch re-tells them in the new language
        self.prev_table: set[str] = set()
        self.focus_card: str | None = None
        self.root = document.getElementById("screen")
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_change), create_proxy(self.bot_tick),
                         create_proxy(self.on_resize), create_proxy(self.on_focus)]
        self._tick = self._proxies[3]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        document.addEventListener("change", self._proxies[2])
        window.addEventListener("resize", self._proxies[4])
        document.addEventListener("focusin", self._proxies[5])

    # ------------------------------------------------------------ storage

    def _get(self, key: str):
        try:
            value = self.store.getItem(key)
        except Exception:  # storage may be blocked (private mode)
            return None
        return value if isinstance(value, str) else None  # JS null is not a str

    def _set(self, key: str, value: str) -> bool:
        """Write to localStorage; False when the browser refused (full or blocked)."""
        try:
            self.store.setItem(key, value)
        except Exception:
            return False
        return True

    def save_prefs(self) -> None:
        self._set(saves.PREFS_KEY, saves.dump_prefs(self.prefs))

    def save_session(self) -> None:
        if self.session is not None:
            self._set(saves.SESSION_KEY, saves.dumps(self.session))

    # ------------------------------------------------------------ boot

    def start(self) -> None:
        self.apply_display_prefs()
        query = {}
        params = js.URLSearchParams.new(window.location.search)
        for pair in params.entries():
            key, value = str(pair[0]), str(pair[1])
            query[key] = value
        started = False
        if query:
            try:
                req = parse_params(query)
            except SettingError as exc:
                self.show_url_error(exc)
                req = None
            if req is not None:
                if req.get("lang"):
                    self.lang = req["lang"]
                if req.get("speed"):
                    self.speed = req["speed"]
                self.embed = bool(req.get("embed"))
                document.body.classList.toggle("embed", self.embed)
                wants_game = any(k not in URL_KEEP for k in query)
                if wants_game:
                    started = self.start_from_request(req)
                    kept = [(k, query[k]) for k in URL_KEEP if k in query]
                    search = "&".join(f"{k}={js.encodeURIComponent(v)}" for k, v in kept)
                    window.history.replaceState(None, "", "?" + search if search else
                                                window.location.pathname)
        if not started:
            text = self._get(saves.SESSION_KEY)
            if text:
                try:
                    self.session = saves.loads(text)
                    started = True
                except Exception as exc:  # SaveError, or anything a damaged save causes
                    key = saves.backup_key(js.Date.now())
                    if self._set(key, text):
                        try:
                            self.store.removeItem(saves.SESSION_KEY)
                        except Exception:
                            pass
                        self.set_notice(t(self.lang, "save_corrupt", key=key), "warn")
                    else:  # storage full: leave the unreadable save where it is
                        key = saves.SESSION_KEY
                        self.set_notice(t(self.lang, "save_corrupt_kept", key=key), "warn")
                    print("Kortbordet: unreadable save kept as", key, "-", exc)
        self.translate_chrome()
        if started:
            self.show_table()
        else:
            self.show_lobby()
        document.getElementById("app").hidden = False
        document.getElementById("loading").hidden = True
        document.getElementById("boot-error").hidden = True
        window.kortbordetReady = True
        document.documentElement.setAttribute("data-boot", "ready")

    def start_from_request(self, req: dict) -> bool:
        """Start the game a URL asks for; False (with a message) when it cannot."""
        lobby = self.prefs.get("lobby") or {}
        n = req.get("players") or int(lobby.get("players", 2) or 2)
        level = req.get("level") or "normal"
        players = self.make_players(n, [level] * (n - 1))
        seed = req["seed"] if req.get("seed") is not None else random.randrange(1, 2**31)
        try:
            self.session = Session.new(req["game"], req.get("rules") or {}, players, seed)
        except SettingError as exc:
            self.show_url_error(exc)
            return False
        self.save_session()
        return True

    def show_url_error(self, exc: SettingError) -> None:
        setting = getattr(exc, "setting", None)
        allowed = getattr(exc, "allowed", None)
        if setting is not None and allowed is not None:
            msg = t(self.lang, "url_bad_value", setting=setting, value=str(exc.value)[:80],
                    allowed=", ".join(str(a) for a in allowed))
        else:
            msg = str(exc)
        self.set_notice(t(self.lang, "url_error", msg=msg), "error")

    def make_players(self, n: int, levels: list[str]) -> list[dict]:
        players = [{"name": t(self.lang, "you"), "kind": "human"}]
        for i in range(1, n):
            level = levels[i - 1] if i - 1 < len(levels) else "normal"
            players.append({"name": t(self.lang, "bot_name", n=i), "kind": "bot",
                            "level": level if level in ("easy", "normal") else "normal"})
        return players

    # ------------------------------------------------------------ chrome, notices, prefs

    def set_notice(self, text: str, kind: str = "warn") -> None:
        box = document.getElementById("notice")
        clear(box)
        box.className = kind
        if text:
            box.appendChild(h("p", {"id": "notice-text"}, text=text))
            box.appendChild(h("button", {"type": "button", "class": "ui-btn small",
                                         "data-ui": "dismiss"}, text=t(self.lang, "close")))

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
        document.getElementById("live").setAttribute("aria-label", "log")

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
        return h("section", {"class": "panel prefs", "aria-labelledby": "prefs-h"},
                 h("h2", {"id": "prefs-h"}, text=t(lang, "settings")),
                 h("div", {"class": "row"}, h("label", {"for": "pref-speed"}, text=t(lang, "speed")),
                   speed),
                 h("label", {"class": "choice"}, four, h("span", text=t(lang, "four_color"))),
                 h("label", {"class": "choice"}, motion, h("span", text=t(lang, "reduce_motion"))))

    # ------------------------------------------------------------ lobby

    def show_lobby(self) -> None:
        self.cancel_timer()
        self.screen = "lobby"
        self.translate_chrome()
        lang = self.lang
        lobby = self.prefs.get("lobby") or {}
        n_players = int(lobby.get("players", 2)) if str(lobby.get("players", 2)).isdigit() else 2
        n_players = min(6, max(2, n_players))
        rules = dict(DURAK_DEFAULTS)
        for k, v in (lobby.get("rules") or {}).items():
            if k in rules and type(v) is type(rules[k]):
                rules[k] = v
        clear(self.root)

        games = h("fieldset", {}, h("legend", text=t(lang, "game")))
        for g, info in GAMES.items():
            built = info.get("built")
            label = t(lang, f"game_{g}") + ("" if built else f" ({t(lang, 'not_built')})")
            games.appendChild(h("label", {"class": "choice" + ("" if built else " disabled")},
                                h("input", {"type": "radio", "name": "game", "value": g,
                                            "checked": g == "durak", "disabled": not built}),
                                h("span", text=label)))

        count = h("select", {"id": "lobby-players", "data-lobby": "players"})
        for n in range(2, 7):
            count.appendChild(h("option", {"value": n, "selected": n == n_players},
                                text=t(lang, "players_n", n=n)))
        bots = h("div", {"id": "lobby-bots"})
        levels = list(lobby.get("levels") or [])
        for i in range(1, n_players):
            lv = levels[i - 1] if i - 1 < len(levels) else "normal"
            sel = h("select", {"id": f"lobby-level-{i}", "data-level": i,
                               "aria-label": f"{t(lang, 'bot_name', n=i)}: {t(lang, 'level')}"})
            for opt in ("easy", "normal"):
                sel.appendChild(h("option", {"value": opt, "selected": opt == lv},
                                  text=t(lang, f"level_{opt}")))
            bots.appendChild(h("div", {"class": "row"},
                               h("span", text=t(lang, "bot_name", n=i)), sel))
        players = h("fieldset", {}, h("legend", text=t(lang, "players")),
                    h("div", {"class": "row"},
                      h("label", {"for": "lobby-players"}, text=t(lang, "players")), count),
                    h("div", {"class": "row"}, h("span", text=t(lang, "you")),
                      h("span", text="")),
                    bots)

        rules_box = h("fieldset", {}, h("legend", text=t(lang, "rules_heading")))
        for name, kind in DURAK_SETTINGS:
            label = t(lang, f"set_{name}")
            sid = f"rule-{name}"
            if kind == "bool":
                rules_box.appendChild(h("label", {"class": "choice"},
                                        h("input", {"type": "checkbox", "id": sid,
                                                    "data-setting": name,
                                                    "checked": bool(rules[name])}),
                                        h("span", text=label)))
            else:
                sel = h("select", {"id": sid, "data-setting": name})
                for v in kind:
                    disabled = name == "deck" and v == 24 and n_players != 2
                    sel.appendChild(h("option", {"value": v, "selected": v == rules[name] and not disabled,
                                                 "disabled": disabled},
                                      text=_option_label(lang, name, v)))
                rules_box.appendChild(h("div", {"class": "row"},
                                        h("label", {"for": sid}, text=label), sel))
        rules_box.appendChild(h("p", {"class": "hint"}, text=t(lang, "deck_24_two_only")))

        actions = h("div", {"class": "lobby-actions"},
                    h("button", {"type": "button", "class": "ui-btn primary", "data-ui": "start"},
                      text=t(lang, "start")))
        if self.session is not None or self._get(saves.SESSION_KEY):
            actions.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                             "data-ui": "resume"}, text=t(lang, "resume")))
        lang_sel = h("select", {"id": "lobby-lang", "data-pref": "lang"})
        for lg in LANGS:
            lang_sel.appendChild(h("option", {"value": lg, "selected": lg == lang, "lang": lg},
                                   text=t(lg, "lang_name")))
        main = h("section", {"class": "panel", "aria-labelledby": "lobby-h"},
                 h("h2", {"id": "lobby-h"}, text=t(lang, "lobby_title")),
                 games, players, actions)
        side = h("div", {"class": "side"}, h("section", {"class": "panel"}, rules_box),
                 h("section", {"class": "panel"},
                   h("div", {"class": "row"}, h("label", {"for": "lobby-lang"},
                                                text=t(lang, "language")), lang_sel)),
                 self.prefs_panel())
        self.root.appendChild(h("div", {"class": "lobby", "data-screen": "lobby"}, main, side))

    def read_lobby(self) -> tuple[int, list[str], dict]:
        n = int(document.getElementById("lobby-players").value)
        levels = []
        for i in range(1, n):
            el = document.getElementById(f"lobby-level-{i}")
            levels.append(str(el.value) if el else "normal")
        rules = {}
        for name, kind in DURAK_SETTINGS:
            el = document.getElementById(f"rule-{name}")
            if kind == "bool":
                rules[name] = bool(el.checked)
            elif name == "deck":
                rules[name] = int(el.value)
            else:
                rules[name] = str(el.value)
        if n != 2 and rules["deck"] == 24:
            rules["deck"] = 36
        return n, levels, rules

    def remember_lobby(self) -> None:
        if self.screen != "lobby" or not document.getElementById("lobby-players"):
            return
        n, levels, rules = self.read_lobby()
        self.prefs["lobby"] = {"game": "durak", "players": n, "levels": levels, "rules": rules}
        self.save_prefs()

    def start_from_lobby(self) -> None:
        n, levels, rules = self.read_lobby()
        self.remember_lobby()
        self.new_session("durak", rules, self.make_players(n, levels))

    def new_session(self, game: str, rules: dict, players: list[dict]) -> None:
        try:
            self.session = Session.new(game, rules, players, random.randrange(1, 2**31))
        except SettingError as exc:
            self.set_notice(str(exc), "error")
            return
        self.set_notice("")
        self.save_session()
        self.prev_table = set()
        self.show_table()

    # ------------------------------------------------------------ the table

    def show_table(self) -> None:
        self.screen = "table"
        self.selected = []
        self.reason_text = ""
        self.translate_chrome()
        self.render()
        self.schedule()

    def name(self, seat: int) -> str:
        v = self.view
        return model.display_name(self.lang, v["players"], seat, v["human"])

    def render(self) -> None:
        """Draw the table from a fresh view (the whole table; focus is kept)."""
        if self.session is None:
            return
        active = document.activeElement
        focus_hand = bool(active and active.closest and active.closest(".hand"))
        if focus_hand:
            self.focus_card = active.getAttribute("data-card")
        v = self.view = self.session.view()
        st = v["state"]
        lang = self.lang
        human = v["human"]
        p = model.plan(v, self.selected, lang)
        self.selected = p["selected"]
        over = bool(st.get("over"))
        waiting = v.get("waiting")
        actor = v.get("actor")

        # opponents, seated from the human's left
        opps = h("section", {"class": "opponents", "aria-label": t(lang, "players")})
        n = len(st["names"])
        for k in range(1, n):
            seat = (human + k) % n
            opps.appendChild(self.seat_el(seat, st, actor, over))

        # talon, trump, discard
        stock = h("div", {"class": "stock"})
        talon = h("div", {"class": "talon"})
        if st["talon"] > 0:
            talon.appendChild(card_el(lang, st["trump_card"], "div", "small trump-card"))
            if st["talon"] > 1:
                talon.appendChild(card_el(lang, "back", "div", "small talon-top"))
            stock.appendChild(talon)
            stock.appendChild(h("span", {"class": "talon-count"},
                                text=t(lang, "talon_n", n=st["talon"])))
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

        # the bout
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
        center = h("section", {"class": "center"}, stock, bout)

        # status, reason, buttons
        status = h("p", {"class": "status", "id": "status-line"}, text=p["status"])
        why = h("p", {"class": "reason", "id": "reason", "role": "alert"}, text=self.reason_text)
        actions = h("div", {"class": "actions", "role": "group"})
        for b in p["buttons"]:
            attrs = {"type": "button", "class": "ui-btn" + (" primary" if b["action"] else ""),
                     "data-ui": b["id"], "data-action": b["action"]}
            if not b["enabled"]:
                attrs["aria-disabled"] = "true"
            actions.appendChild(h("button", attrs, text=b["label"]))

        # my role and my hand
        me = h("div", {"class": "me"}, h("span", text=t(lang, "your_hand")))
        badge = self.role_badge(human, st)
        if badge is not None:
            me.appendChild(badge)
        hand = h("div", {"class": "hand", "role": "group", "aria-label": t(lang, "your_hand"),
                         "aria-describedby": "status-line", "data-count": len(st["hand"])})
        tab_card = self.focus_card if self.focus_card in st["hand"] else None
        if tab_card is None:
            tab_card = next((c["card"] for c in p["hand"] if c["playable"]),
                            st["hand"][0] if st["hand"] else None)
        for c in p["hand"]:
            cls = "playable" if c["playable"] else ""
            if c["selected"]:
                cls += " selected"
            attrs = {"tabindex": "0" if c["card"] == tab_card else "-1",
                     "data-action": c["action"],
                     "aria-pressed": "true" if c["selected"] else None}
            if not c["playable"]:
                attrs["aria-disabled"] = "true"
                attrs["aria-describedby"] = "status-line"
            hand.appendChild(card_el(lang, c["card"], "button", cls, attrs))
        if not st["hand"]:
            hand.appendChild(h("p", {"class": "hand-empty"}, text=t(lang, "hand_empty")))

        log = h("p", {"class": "log", "aria-hidden": "true"},
                text=self.log_text_for(self.log_events))
        main_col = h("div", {"class": "table-main"}, opps, center, log, status, why)
        if over:
            main_col.appendChild(self.result_el(v))
        main_col.appendChild(actions)
        main_col.appendChild(me)
        main_col.appendChild(hand)
        side = h("div", {"class": "side"}, self.tally_el(v), self.prefs_panel())
        table = h("div", {"class": "table", "id": "table", "data-game": v.get("game") or "durak",
                          "data-over": over, "data-waiting": waiting,
                          "aria-label": t(lang, "table_label")}, main_col, side)
        table.setAttribute("data-game", self.session.game)
        clear(self.root)
        self.root.appendChild(table)
        self.layout_hand()
        if focus_hand and tab_card:
            el = hand.querySelector(f'[data-card="{tab_card}"]')
            if el:
                el.focus()

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

    def seat_el(self, seat: int, st: dict, actor, over: bool):
        lang = self.lang
        count = st["hand_counts"][seat]
        label = f"{self.name(seat)}: " + (t(lang, "one_card") if count == 1
                                           else t(lang, "n_cards", n=count))
        who = h("div", {"class": "who"}, h("span", text=self.name(seat)))
        badge = self.role_badge(seat, st)
        if badge is not None:
            who.appendChild(badge)
        backs = h("div", {"class": "backs", "aria-hidden": "true"})
        for _ in range(min(count, 8)):
            backs.appendChild(card_el(lang, "back", "div", "tiny"))
        cls = "seat" + (" acting" if seat == actor and not over else "")
        return h("div", {"class": cls, "data-seat": seat, "data-count": count, "role": "group",
                         "aria-label": label},
                 who, backs,
                 h("div", {"class": "count", "aria-hidden": "true"},
                   text=(t(lang, "one_card") if count == 1 else t(lang, "n_cards", n=count))))

    def tally_el(self, v: dict):
        lang = self.lang
        series = v["series"]
        rows = h("tbody")
        for seat in range(len(v["players"])):
            counts = series.get("durak_counts") or [0] * len(v["players"])
            rows.appendChild(h("tr", {}, h("td", text=self.name(seat)),
                               h("td", {"class": "n"}, text=counts[seat] if seat < len(counts) else 0)))
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
                 h("p", {"class": "hint"}, text=t(lang, "series_games", n=series.get("games", 0))),
                 h("p", {"class": "hint"}, text=t(lang, "series_draws", n=series.get("draws", 0))))

    def result_el(self, v: dict):
        lang = self.lang
        st = v["state"]
        outcome = st.get("outcome") or {}
        durak = outcome.get("durak")
        if durak is None:
            text = t(lang, "result_draw")
        elif durak == v["human"]:
            text = t(lang, "result_you_durak")
        else:
            text = t(lang, "result_durak", name=self.name(durak))
        box = h("section", {"class": "result", "id": "result", "role": "region",
                            "aria-labelledby": "result-h", "data-durak": "none" if durak is None else durak},
                h("h2", {"id": "result-h"}, text=t(lang, "result_title")),
                h("p", {"class": "big"}, text=text))
        if v.get("waiting") == "series_over" and str(v["series"].get("length")) != "1":
            box.appendChild(h("p", text=t(lang, "series_over")))
        seed = self.session.seed
        box.appendChild(h("p", {"class": "seed", "data-seed": seed,
                                "data-deal-seed": v.get("game_seed")},
                          text=t(lang, "result_seed", seed=seed,
                                 n=v["series"].get("games", 1))))
        buttons = h("div", {"class": "lobby-actions"})
        if v.get("waiting") == "game_over":
            buttons.appendChild(h("button", {"type": "button", "class": "ui-btn primary",
                                             "data-ui": "next"}, text=t(lang, "btn_next_game")))
        buttons.appendChild(h("button", {"type": "button",
                                         "class": "ui-btn" + ("" if v.get("waiting") == "game_over"
                                                              else " primary"),
                                         "data-ui": "new"}, text=t(lang, "btn_new_game")))
        buttons.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                         "data-ui": "lobby"}, text=t(lang, "btn_lobby")))
        box.appendChild(buttons)
        return box

    def layout_hand(self) -> None:
        """Overlap the hand's cards (and wrap into rows) so every index stays visible."""
        hand = document.querySelector(".hand")
        if not hand:
            return
        cards = hand.querySelectorAll(".card")
        n = cards.length
        if n == 0:
            return
        width = float(hand.clientWidth or 320) - 8
        card_w = float(cards.item(0).offsetWidth or 62)
        per_row, step = model.fan(n, width, card_w, min_step=max(30.0, card_w * 0.42))
        items = [cards.item(i) for i in range(n)]
        for row_el in list(hand.querySelectorAll(".hand-row")):
            pass
        rows = [items[i:i + per_row] for i in range(0, n, per_row)]
        for row in rows:
            row_el = h("div", {"class": "hand-row"})
            for j, el in enumerate(row):
                el.style.marginLeft = "0px" if j == 0 else f"{step - card_w:.1f}px"
                row_el.appendChild(el)
            hand.appendChild(row_el)

    # ------------------------------------------------------------ computer moves

    def cancel_timer(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def schedule(self) -> None:
        """If a computer player is to move, make that move after the chosen delay."""
        self.cancel_timer()
        if self.session is None or self.screen != "table":
            return
        if self.session.waiting() == "bot":
            self.timer = window.setTimeout(self._tick, model.SPEEDS.get(self.speed, 750))

    def bot_tick(self, *args) -> None:
        self.timer = None
        try:
            if self.session is None or self.screen != "table":
                return
            events = self.session.step_bot()
            if events:
                self.save_session()
                self.announce(events, bots_only=False)
                self.reason_text = ""
                self.render()
            self.schedule()
        except Exception as exc:
            self.internal_error(exc)

    def announce(self, events: list[dict], bots_only: bool) -> None:
        """Tell the moves others made (the human's own moves are not repeated)."""
        human = (self.view or self.session.view())["human"]
        shown = [ev for ev in events
                 if ev.get("type") not in ("action", "draw")
                 and not (ev.get("type") in ("attack", "throw", "beat", "transfer", "take",
                                              "done", "exchange") and ev.get("player") == human)]
        if shown and self.log_text_for(shown):
            self.log_events = shown
            document.getElementById("live").textContent = self.log_text_for(shown)

    def log_text_for(self, events: list[dict]) -> str:
        """The events as sentences in the current language."""
        if self.session is None:
            return ""
        v = self.view or self.session.view()
        texts = (model.describe_event(self.lang, ev, v["players"], v["human"]) for ev in events)
        return " ".join(text for text in texts if text)

    # ------------------------------------------------------------ human moves

    def do(self, text: str) -> None:
        """Play the human's action ``text``; an illegal one shows the engine's reason."""
        if self.session is None:
            return
        try:
            events = self.session.play(text)
        except IllegalAction as exc:
            self.show_reason(exc)
            return
        self.selected = []
        self.reason_text = ""
        self.save_session()
        self.announce(events, bots_only=True)
        self.render()
        self.schedule()

    def show_reason(self, exc: IllegalAction) -> None:
        self.reason_text = reason(self.lang, exc.code, getattr(exc, "params", {}), str(exc))
        el = document.getElementById("reason")
        if el:
            el.textContent = self.reason_text

    def show_hint(self, key: str) -> None:
        self.reason_text = t(self.lang, key)
        el = document.getElementById("reason")
        if el:
            el.textContent = self.reason_text

    def click_hand_card(self, el) -> None:
        card = str(el.getAttribute("data-card"))
        v = self.view
        legal = v["legal"]
        acts = model.card_actions(legal, card)
        if not acts:
            self.selected = []
            text = model.intent(v, card, self.selected)
            if text in legal:  # cannot happen, but never refuse a legal move
                self.do(text)
                return
            try:
                self.session.play(text)
            except IllegalAction as exc:
                self.render()
                self.show_reason(exc)
                return
            self.save_session()
            self.render()
            self.schedule()
            return
        if card in self.selected:
            self.selected = [c for c in self.selected if c != card]
        elif any(a.startswith("attack ") for a in legal):
            self.selected = self.selected + [card]
        else:
            self.selected = [card]
        self.reason_text = ""
        self.focus_card = card
        self.render()

    def click_table_card(self, el) -> None:
        target = str(el.getAttribute("data-card"))
        v = self.view
        if v["state"]["defender"] != v["human"] or not v["legal"]:
            return
        if not self.selected:
            self.show_hint("hint_select_first")
            return
        text = f"beat {self.selected[0]} {target}"
        try:
            events = self.session.play(text)
        except IllegalAction as exc:
            self.show_reason(exc)
            return
        self.selected = []
        self.save_session()
        self.announce(events, bots_only=True)
        self.render()
        self.schedule()

    # ------------------------------------------------------------ listeners

    def on_click(self, event) -> None:
        try:
            self._on_click(event)
        except Exception as exc:
            self.internal_error(exc)

    def _on_click(self, event) -> None:
        target = event.target
        if not target or not hasattr(target, "closest"):
            return
        el = target.closest("[data-ui], [data-action], [data-card]")
        if not el:
            return
        ui = el.getAttribute("data-ui")
        action = el.getAttribute("data-action")
        if ui == "dismiss":
            self.set_notice("")
            return
        if ui == "lang":
            self.set_lang(str(el.getAttribute("data-lang")))
            return
        if ui == "start":
            self.start_from_lobby()
            return
        if ui == "resume":
            if self.session is None:
                text = self._get(saves.SESSION_KEY)
                try:
                    self.session = saves.loads(text)
                except Exception:
                    self.show_lobby()
                    return
            self.show_table()
            return
        if ui == "lobby":
            self.show_lobby()
            return
        if ui == "next":
            self.session.next_game()
            self.save_session()
            self.prev_table = set()
            document.getElementById("live").textContent = ""
            self.log_events = []
            self.show_table()
            return
        if ui == "new":
            s = self.session
            self.new_session(s.game, s.rules.to_dict(), s.players)
            return
        if self.screen != "table" or self.session is None:
            return
        if action and el.getAttribute("aria-disabled") != "true":
            self.do(str(action))
            return
        if ui == "transfer":
            self.show_hint("hint_select_first")
            return
        if ui == "attack":
            self.show_hint("hint_select_rank")
            return
        if el.closest(".hand") and el.hasAttribute("data-card"):
            self.click_hand_card(el)
            return
        if el.closest(".bout") and el.classList.contains("attack"):
            self.click_table_card(el)

    def on_key(self, event) -> None:
        target = event.target
        if not target or not hasattr(target, "closest") or not target.closest(".hand"):
            return
        key = str(event.key)
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            return
        cards = document.querySelectorAll(".hand .card")
        items = [cards.item(i) for i in range(cards.length)]
        if not items:
            return
        try:
            idx = next(i for i, c in enumerate(items) if c.isSameNode(target))
        except StopIteration:
            idx = 0
        if key in ("ArrowLeft", "ArrowUp"):
            idx = max(0, idx - 1)
        elif key in ("ArrowRight", "ArrowDown"):
            idx = min(len(items) - 1, idx + 1)
        elif key == "Home":
            idx = 0
        else:
            idx = len(items) - 1
        event.preventDefault()
        for i, c in enumerate(items):
            c.setAttribute("tabindex", "0" if i == idx else "-1")
        items[idx].focus()
        self.focus_card = str(items[idx].getAttribute("data-card"))

    def on_focus(self, event) -> None:
        target = event.target
        if target and hasattr(target, "closest") and target.closest(".hand") \
                and target.hasAttribute("data-card"):
            cards = document.querySelectorAll(".hand .card")
            for i in range(cards.length):
                c = cards.item(i)
                c.setAttribute("tabindex", "0" if c.isSameNode(target) else "-1")
            self.focus_card = str(target.getAttribute("data-card"))

    def on_change(self, event) -> None:
        try:
            el = event.target
            pref = el.getAttribute("data-pref") if el else None
            if pref == "speed":
                self.speed = str(el.value)
                self.prefs["speed"] = self.speed
            elif pref in ("four_colour", "reduced_motion"):
                self.prefs[pref] = bool(el.checked)
            elif pref == "lang":
                self.set_lang(str(el.value))
                return
            elif el.getAttribute("data-lobby") == "players":
                self.remember_lobby()
                self.show_lobby()
                return
            elif el.hasAttribute("data-setting") or el.hasAttribute("data-level"):
                self.remember_lobby()
                return
            else:
                return
            self.save_prefs()
            self.apply_display_prefs()
            if pref == "speed" and self.screen == "table":
                self.schedule()
        except Exception as exc:
            self.internal_error(exc)

    def on_resize(self, event) -> None:
        if self.screen == "table":
            hand = document.querySelector(".hand")
            if hand:
                cards = hand.querySelectorAll(".card")
                items = [cards.item(i) for i in range(cards.length)]
                for row in list(hand.querySelectorAll(".hand-row")):
                    pass
                for el in items:
                    hand.appendChild(el)
                rows = hand.querySelectorAll(".hand-row")
                for i in range(rows.length):
                    rows.item(i).remove()
                self.layout_hand()

    def set_lang(self, lang: str) -> None:
        if lang not in LANGS:
            return
        if self.screen == "lobby":
            self.remember_lobby()
        self.lang = lang
        self.prefs["lang"] = lang
        self.save_prefs()
        document.getElementById("live").textContent = ""  # no stale sentence in the old language
        notice = document.getElementById("notice-text")
        if notice is not None:
            self.set_notice("")
        if self.screen == "table":
            self.translate_chrome()
            self.render()
        else:
            self.show_lobby()

    def internal_error(self, exc: Exception) -> None:
        import traceback
        traceback.print_exc()
        self.set_notice(t(self.lang, "internal_error", msg=f"{type(exc).__name__}: {exc}"), "error")


def main() -> None:
    if window.kortbordetProgress:
        window.kortbordetProgress(90, None)
    app = App()
    window.kortbordetApp = True
    app.start()
    globals()["_app"] = app  # keep the app (and its proxies) alive


main()
