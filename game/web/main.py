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

from game import saves
from game.digits import is_digits
from game.engine import IllegalAction, SaveError, SettingError
from game.i18n import LANGS, pick_lang, reason, t, value_label
from game.session import GAMES, Session, make_rules, needs_players, parse_params, settings
from game.web import model
from game.web.dom import clear, h
from game.web.table import layout_hand
from game.web.teach import Teach, setting_text

ANIM_MS = {"slow": 420, "normal": 260, "fast": 140, "instant": 0}
URL_KEEP = ("embed", "lang", "speed")
TEACH_PARAMS = ("position", "positionfile", "item", "expect", "prompt", "hints")
"""The URL parameters of a lesson (``game.web.teach``): dropped when the player leaves it."""
OWN_MOVES = ("attack", "throw", "beat", "transfer", "take", "done", "exchange", "discard",
             "meld", "layoff", "replace", "dunk", "pass", "knock", "spread", "hit", "end")
"""Events of the human's own moves: not repeated to them in the live region."""


TABLES = {"durak": ("game.web.durak_table", "DurakTable"),
          "dunka": ("game.web.dunka_table", "DunkaTable"),
          "elvakort": ("game.web.dunka_table", "ElvakortTable"),
          "tonk": ("game.web.tonk_table", "TonkTable")}
"""Each game's table view, imported when that game is first shown."""


def table_for(app, game: str):
    """A new table view for ``game`` (``TableView`` subclass instance)."""
    import importlib
    module, cls = TABLES[game]
    return getattr(importlib.import_module(module), cls)(app)


class MemoryStorage:
    """Stands in for ``localStorage`` where the browser denies it (a frame inside a page of
    another site with third-party storage blocked, some private modes): the same
    ``getItem``/``setItem``/``removeItem``, nothing outlives the page."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str):  # noqa: N802 (the Web Storage API's names)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def local_storage():
    """``window.localStorage``, or a ``MemoryStorage`` when reading it raises."""
    try:
        store = window.localStorage
        store.getItem("kortbordet.probe")
        return store
    except Exception:
        return MemoryStorage()


class App:
    """The whole page. ``start()`` decides between a URL game, a saved game and the lobby."""

    def __init__(self) -> None:
        self.store = local_storage()
        self.frozen: set[str] = set()  # keys of unreadable items never written over
        self.rescued: dict[str, str] = {}  # backup key -> raw text (rescue_storage)
        self.boot_session: tuple[str, Session] | None = None
        self.prefs = saves.load_prefs(self._get(saves.PREFS_KEY))
        self.lang = self.prefs["lang"] or pick_lang(str(window.navigator.language or ""))
        self.speed = self.prefs["speed"]
        self.embed = False
        self.session: Session | None = None
        self.view: dict | None = None
        self.table = None  # the game's TableView while a session is shown
        self.history_open: str | None = None  # the finished scoresheet shown in the lobby
        self.deleted: dict | None = None  # the last deleted history entry (for Undo)
        self.sheets = None  # the scoresheets screen (game.web.sheets), made when first shown
        self.timer = None
        self.screen = "lobby"
        self.reason_text = ""
        self.log_events: list[dict] = []  # the last moves shown, kept as events so a
        # language switch re-tells them in the new language
        self.focus_card: str | None = None
        self.root = document.getElementById("screen")
        self.teach = Teach(self)  # teaching positions, hints, the embedding bridge
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_change), create_proxy(self.bot_tick),
                         create_proxy(self.on_resize), create_proxy(self.on_focus),
                         create_proxy(self.on_input)]
        self._tick = self._proxies[3]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        document.addEventListener("change", self._proxies[2])
        window.addEventListener("resize", self._proxies[4])
        document.addEventListener("focusin", self._proxies[5])
        document.addEventListener("input", self._proxies[6])

    # ------------------------------------------------------------ storage

    def _get(self, key: str):
        try:
            value = self.store.getItem(key)
        except Exception:  # storage may be blocked (private mode)
            return None
        return value if isinstance(value, str) else None  # JS null is not a str

    def _set(self, key: str, value: str) -> bool:
        """Write to localStorage; False when the browser refused (full or blocked) or the
        key holds an unreadable item that could not be backed up (``self.frozen``)."""
        if key in self.frozen:
            return False
        try:
            self.store.setItem(key, value)
        except Exception:
            return False
        return True

    def rescue_storage(self) -> None:
        """Read every stored item (``saves.STORED_ITEMS``) before anything writes one: an
        item that cannot be read is moved to a backup key (``saves.backup_key``), the
        player is told which (one notice, the page's language) and offered the download
        of the raw texts; the page then starts as if the item were not there. Where the
        browser has no room for the backup, the item stays where it was and is not written
        over (``self.frozen``). The saved game read here is kept for ``start``."""
        def remove(key: str) -> None:
            try:
                self.store.removeItem(key)
            except Exception:
                pass

        values, found = saves.rescue_stored(self._get, self._set, remove, js.Date.now())
        if saves.SESSION_KEY in values:
            self.boot_session = (self._get(saves.SESSION_KEY), values[saves.SESSION_KEY])
        if saves.PREFS_KEY in values:
            self.prefs = values[saves.PREFS_KEY]
        rescued = {key: text for _what, key, text in found}
        names = [t(self.lang, f"stored_item_{what}") for what, _key, _text in found]
        for what, key, _text in found:
            print("Kortbordet: unreadable", what, "kept as", key)
            if key in saves.STORED_ITEMS and key != saves.SESSION_KEY:
                self.frozen.add(key)  # no room for a copy: never write over it
        if rescued:
            self.rescued = rescued
            kept = any(k in saves.STORED_ITEMS for k in rescued)
            self.set_notice(t(self.lang, "stored_unreadable_kept" if kept else
                              "stored_unreadable", items=", ".join(names),
                              keys=", ".join(("”{}”" if self.lang == "sv" else "“{}”").format(k)
                                             for k in rescued)), "warn",
                            [("backup-download", t(self.lang, "stored_download"))])

    def download_rescued(self) -> None:
        """The download offered by ``rescue_storage``'s notice: the raw texts as one file."""
        from game.web.dom import download
        download(f"kortbordet-backup-{int(js.Date.now())}.json",
                 saves.backup_file(self.rescued), "application/json")

    def save_prefs(self) -> None:
        if self.embed:  # an embedded table never changes the visitor's own preferences
            return
        self._set(saves.PREFS_KEY, saves.dump_prefs(self.prefs))

    def save_session(self) -> None:
        """Write the running session; a finished six-round game also goes to the history."""
        if self.session is None or self.teach.ephemeral:  # never over the visitor's game
            return
        self._set(saves.SESSION_KEY, saves.dumps(self.session))
        record = self.session.record()
        if record is not None:
            history = self.load_history()
            if history is not None and (not history or history[0].get("id") != record["id"]):
                record["finished"] = int(js.Date.now())
                self._set(saves.HISTORY_KEY,
                          saves.dump_history(saves.add_history(history, record)))

    def load_history(self) -> list | None:
        """The finished scoresheets; an unreadable history is kept under a backup key (the
        player is told) and None is returned so that nothing overwrites it."""
        text = self._get(saves.HISTORY_KEY)
        try:
            return saves.load_history(text)
        except SaveError:
            key = saves.backup_key(js.Date.now(), "history", lambda k: self._get(k) is not None)
            if self._set(key, text):
                try:
                    self.store.removeItem(saves.HISTORY_KEY)
                except Exception:
                    return None
                self.set_notice(t(self.lang, "history_corrupt", key=key), "warn")
                return []
            return None

    # ------------------------------------------------------------ boot

    def start(self) -> None:
        self.apply_display_prefs()
        query = {}
        params = js.URLSearchParams.new(window.location.search)
        for pair in params.entries():
            key, value = str(pair[0]), str(pair[1])
            query[key] = value
        rules_game = query.pop("rules", None)  # ?rules=durak opens a rules page (below)
        started = False
        if query.get("lang", "").strip().lower() in LANGS:  # messages below in that language
            self.lang = query["lang"].strip().lower()
        if not self.teach.ephemeral_link(query):  # an embedded/teaching table touches nothing
            self.rescue_storage()
        if query:
            self.embed = self.teach.embedded(query)
            document.body.classList.toggle("embed", self.embed)
            self.teach.boot(query)
            try:
                req = parse_params(query) if not self.teach.wants_file(query) else \
                    self.teach.file_request(query)
            except SettingError as exc:
                self.show_url_error(exc)
                self.teach.refused(exc)
                req = None
            except ValueError as exc:  # a teaching position that cannot be (PositionError)
                self.teach.refused(exc)
                req = None
            if req is not None:
                if req.get("lang"):
                    self.lang = req["lang"]
                if req.get("speed"):
                    self.speed = req["speed"]
                self.embed = bool(req.get("embed"))
                document.body.classList.toggle("embed", self.embed)
                wants_game = any(k not in URL_KEEP for k in query) or \
                    (self.embed and rules_game is None)  # a frame of rules only: no table
                if self.teach.wants_file(query):
                    self.teach.start_file(query)
                    started = wants_game = False  # the table comes when the file is read
                elif req.get("position") is not None:
                    started = self.teach.start(req)
                    wants_game = False  # a position link stays in the address bar
                elif wants_game:
                    started = self.start_from_request(req)
                if wants_game and not self.embed:
                    kept = [(k, query[k]) for k in URL_KEEP if k in query]
                    search = "&".join(f"{k}={js.encodeURIComponent(v)}" for k, v in kept)
                    window.history.replaceState(None, "", "?" + search if search else
                                                window.location.pathname)
        if not started and not self.teach.ephemeral_link(query):
            text = self._get(saves.SESSION_KEY)
            if text:
                try:
                    booted = self.boot_session
                    self.session = booted[1] if booted and booted[0] == text \
                        else saves.loads(text)
                    started = True
                except Exception as exc:  # SaveError, or anything a damaged save causes
                    key = saves.backup_key(js.Date.now(), "", lambda k: self._get(k) is not None)
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
            self.teach.ready()
        elif self.embed or self.teach.loading:
            self.teach.show_alone()  # no lobby in a frame: the message or "loading"
        else:
            self.show_lobby()
        if rules_game is not None:
            self.rules_from_url(rules_game)
        document.getElementById("app").hidden = False
        document.getElementById("loading").hidden = True
        document.getElementById("boot-error").hidden = True
        window.kortbordetReady = True
        document.documentElement.setAttribute("data-boot", "ready")

    def leave_lesson_url(self) -> None:
        """Going to the lobby from a lesson (not embedded): the URL keeps only the
        ``URL_KEEP`` parameters (as after a game link), so a reload, or the rules page's
        history entry, does not start the lesson again. Without lesson parameters the URL
        is left as it is."""
        if self.embed:
            return
        params = js.URLSearchParams.new(window.location.search)
        if not any(params.has(k) for k in TEACH_PARAMS):
            return
        kept = [(k, str(params.get(k))) for k in URL_KEEP if params.has(k)]
        search = "&".join(f"{k}={js.encodeURIComponent(v)}" for k, v in kept)
        window.history.replaceState(None, "", "?" + search if search else
                                    window.location.pathname)

    def keep_previous(self) -> bool:
        """Before a link replaces the saved game: keep an unfinished one under
        ``saves.PREVIOUS_KEY`` so the player can go back to it. True when one was kept."""
        text = self._get(saves.SESSION_KEY)
        if not text:
            return False
        try:
            old = saves.loads(text)
        except Exception:
            return False  # an unreadable save is handled (kept as a backup) elsewhere
        if old.state.is_over():
            return False
        return self._set(saves.PREVIOUS_KEY, text)

    def restore_previous(self) -> None:
        """Go back to the game kept by ``keep_previous`` (the linked game is dropped)."""
        text = self._get(saves.PREVIOUS_KEY)
        try:
            self.session = saves.loads(text)
        except Exception:
            self.set_notice(t(self.lang, "previous_gone"), "warn")
            return
        self.store.removeItem(saves.PREVIOUS_KEY)
        self.save_session()
        self.set_notice("")
        self.table = None
        self.log_events = []
        self.show_table()

    def start_from_request(self, req: dict) -> bool:
        """Start the game a URL asks for; False (with a message) when it cannot. An
        unfinished saved game is kept and offered back (not in an embedded table)."""
        n = req.get("players") or self.lobby_choice(req["game"])[0]
        level = req.get("level") or "normal"
        players = self.make_players(n, [level] * (n - 1))
        seed = req["seed"] if req.get("seed") is not None else random.randrange(1, 2**31)
        try:
            session = Session.new(req["game"], req.get("rules") or {}, players, seed)
        except SettingError as exc:
            self.show_url_error(exc)
            return False
        kept = self.keep_previous() if not self.teach.ephemeral else False
        self.session = session
        self.save_session()
        if kept and not self.embed:
            self.set_notice(t(self.lang, "previous_kept"), "info",
                            [("restore-previous", t(self.lang, "previous_restore"))])
        return True

    def show_url_error(self, exc: SettingError) -> None:
        """A refused link's setting in the page's language (``teach.setting_text``)."""
        self.set_notice(t(self.lang, "url_error", msg=setting_text(self.lang, exc)), "error")

    def make_players(self, n: int, levels: list[str]) -> list[dict]:
        players = [{"name": t(self.lang, "you"), "kind": "human"}]
        for i in range(1, n):
            level = levels[i - 1] if i - 1 < len(levels) else "normal"
            players.append({"name": t(self.lang, "bot_name", n=i), "kind": "bot",
                            "level": level if level in ("easy", "normal") else "normal"})
        return players

    # ------------------------------------------------------------ chrome, notices, prefs

    def set_notice(self, text: str, kind: str = "warn", actions=()) -> None:
        """Show a notice (or clear it with empty text); ``actions``: ``[(data-ui, label)]``
        buttons offered before "Close"."""
        box = document.getElementById("notice")
        clear(box)
        box.className = kind
        if text:
            box.appendChild(h("p", {"id": "notice-text"}, text=text))
            for ui, label in actions:
                box.appendChild(h("button", {"type": "button", "class": "ui-btn small primary",
                                             "data-ui": ui}, text=label))
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

    # ------------------------------------------------------------ lobby

    def lobby_choice(self, game: str) -> tuple[int, list[str], dict]:
        """The remembered lobby choices for ``game``: players, computer levels, settings
        (defaults for anything missing or no longer valid)."""
        lobby = self.prefs.get("lobby") or {}
        games = lobby.get("games") if isinstance(lobby.get("games"), dict) else {}
        mine = games.get(game)
        if not isinstance(mine, dict):
            mine = lobby if lobby.get("game", "durak") == game and "players" in lobby else {}
        low, high = GAMES[game]["players"]
        n = mine.get("players", GAMES[game].get("default_players", low))
        n = min(high, max(low, n)) if isinstance(n, int) else low
        levels = [lv for lv in (mine.get("levels") or []) if lv in ("easy", "normal")]
        rules = make_rules(game, {}).to_dict()
        for k, v in (mine.get("rules") or {}).items():
            if k in rules and (type(v) is type(rules[k]) or rules[k] is None or v is None):
                rules[k] = v
        for name, fewest in needs_players(game).items():
            if n < fewest:  # DUR-11: never kept on below four players
                rules[name] = False
        try:
            make_rules(game, {k: v for k, v in rules.items() if k not in GAMES[game]["fixed"]})
        except SettingError:
            rules = make_rules(game, {}).to_dict()
        return n, levels, rules

    def lobby_game(self) -> str:
        game = (self.prefs.get("lobby") or {}).get("game", "durak")
        return game if game in GAMES and GAMES[game]["built"] else "durak"

    def show_lobby(self) -> None:
        self.cancel_timer()
        self.screen = "lobby"
        self.translate_chrome()
        lang = self.lang
        game = self.lobby_game()
        n_players, levels, rules = self.lobby_choice(game)
        low, high = GAMES[game]["players"]
        clear(self.root)

        games = h("fieldset", {}, h("legend", text=t(lang, "game")))
        for g, info in GAMES.items():
            built = info.get("built")
            label = t(lang, f"game_{g}") + ("" if built else f" ({t(lang, 'not_built')})")
            games.appendChild(h("label", {"class": "choice" + ("" if built else " disabled")},
                                h("input", {"type": "radio", "name": "game", "value": g,
                                            "data-lobby": "game",
                                            "checked": g == game, "disabled": not built}),
                                h("span", text=label)))

        count = h("select", {"id": "lobby-players", "data-lobby": "players"})
        for n in range(low, high + 1):
            count.appendChild(h("option", {"value": n, "selected": n == n_players},
                                text=t(lang, "players_n", n=n)))
        bots = h("div", {"id": "lobby-bots"})
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

        needs = needs_players(game)
        rules_box = h("fieldset", {"data-rules-for": game},
                      h("legend", text=f"{t(lang, 'rules_heading')}: {t(lang, 'game_' + game)}"))
        for name, allowed in settings(game):
            label = t(lang, f"set_{name}")
            sid = f"rule-{name}"
            if allowed == (False, True):
                # DUR-11: offered only for 4–6 players; below that shown off and disabled
                off = n_players < needs.get(name, 0)
                rules_box.appendChild(h("label", {"class": "choice" + (" disabled" if off else "")},
                                        h("input", {"type": "checkbox", "id": sid,
                                                    "data-setting": name,
                                                    "checked": bool(rules[name]) and not off,
                                                    "disabled": off}),
                                        h("span", text=label)))
            else:
                sel = h("select", {"id": sid, "data-setting": name})
                for i, v in enumerate(allowed):
                    disabled = game == "durak" and name == "deck" and v == 24 and n_players != 2
                    sel.appendChild(h("option", {"value": i,
                                                 "selected": v == rules[name] and not disabled,
                                                 "disabled": disabled},
                                      text=value_label(lang, name, v)))
                rules_box.appendChild(h("div", {"class": "row"},
                                        h("label", {"for": sid}, text=label), sel))
        if game == "durak":
            rules_box.appendChild(h("p", {"class": "hint"}, text=t(lang, "deck_24_two_only")))
            if n_players < needs.get("first_bout_limit_5", 0):
                rules_box.appendChild(h("p", {"class": "hint", "id": "limit-5-hint"},
                                        text=t(lang, "limit_5_four_plus")))
        hint = t(lang, f"lobby_hint_{game}")
        if hint != f"lobby_hint_{game}":
            rules_box.appendChild(h("p", {"class": "hint"}, text=hint))

        actions = h("div", {"class": "lobby-actions"},
                    h("button", {"type": "button", "class": "ui-btn primary", "data-ui": "start"},
                      text=t(lang, "start")))
        if self.session is not None or self._get(saves.SESSION_KEY):
            actions.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                             "data-ui": "resume"}, text=t(lang, "resume")))
        actions.appendChild(h("button", {"type": "button", "class": "ui-btn", "data-ui": "rules-open",
                                         "data-game": game},
                              text=t(lang, "rb_btn_game", game=t(lang, f"game_{game}"))))
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
        side.appendChild(h("section", {"class": "panel", "aria-labelledby": "sheets-h"},
                           h("h2", {"id": "sheets-h"}, text=t(lang, "sh_open_screen")),
                           h("p", {"class": "hint"}, text=t(lang, "sh_open_screen_hint")),
                           h("button", {"type": "button", "class": "ui-btn", "data-ui": "sheets"},
                             text=t(lang, "sh_btn"))))
        history = self.history_panel()
        if history is not None:
            side.appendChild(history)
        self.root.appendChild(h("div", {"class": "lobby", "data-screen": "lobby"}, main, side))

    def history_panel(self):
        """Finished six-round games (DUN-18), newest first, each openable and deletable;
        None when there are none."""
        history = self.load_history() or []
        if not history:
            return None
        lang = self.lang
        items = h("ul")
        for entry in history:
            names = ", ".join(f"{model.translate_name(lang, n)} {tot}"
                              for n, tot in zip(entry["names"], entry["totals"]))
            label = t(lang, "dk_history_entry", game=t(lang, f"game_{entry['game']}"),
                      names=names)
            if isinstance(entry.get("finished"), (int, float)):
                day = str(js.Date.new(entry["finished"]).toLocaleDateString(
                    "sv-SE" if lang == "sv" else "en-GB"))
                label = f"{day} · {label}"
            rid = entry["id"]
            items.appendChild(h("li", {"data-history": rid},
                                h("span", text=label),
                                h("span", {},
                                  h("button", {"type": "button", "class": "ui-btn small",
                                               "data-ui": "history-open", "data-id": rid,
                                               "aria-label": f"{t(lang, 'dk_history_open')}: {label}"},
                                    text=t(lang, "dk_history_open")),
                                  h("button", {"type": "button", "class": "ui-btn small",
                                               "data-ui": "history-delete", "data-id": rid,
                                               "aria-label": f"{t(lang, 'dk_history_delete')}: {label}"},
                                    text=t(lang, "dk_history_delete")))))
        panel = h("section", {"class": "panel history", "aria-labelledby": "history-h"},
                  h("h2", {"id": "history-h"}, text=t(lang, "dk_history_title")), items)
        shown = next((e for e in history if e["id"] == self.history_open), None)
        if shown is not None:
            sheet = table_for(self, shown["game"]).sheet_el(None, shown)
            sheet.setAttribute("id", "history-sheet")
            sheet.appendChild(h("button", {"type": "button", "class": "ui-btn small",
                                           "data-ui": "history-close"},
                                text=t(lang, "dk_history_close")))
            panel.appendChild(sheet)
        return panel

    def history_action(self, ui: str, record_id: str) -> None:
        """Open, close or delete a finished scoresheet from the lobby's history."""
        history = self.load_history()
        if ui == "history-delete":
            if history is not None:
                self.deleted = next((e for e in history if e["id"] == record_id), None)
                self._set(saves.HISTORY_KEY,
                          saves.dump_history(saves.remove_history(history, record_id)))
                if self.deleted is not None:
                    self.set_notice(t(self.lang, "history_deleted"), "info",
                                    [("history-undo", t(self.lang, "undo"))])
            if self.history_open == record_id:
                self.history_open = None
        elif ui == "history-undo":
            if history is not None and self.deleted is not None:
                back = sorted([*history, self.deleted], key=lambda e: -(e.get("finished") or 0))
                self._set(saves.HISTORY_KEY, saves.dump_history(back))
                record_id, self.deleted = self.deleted["id"], None
            self.set_notice("")
        else:
            self.history_open = record_id if ui == "history-open" else None
        self.show_lobby()
        btn = document.querySelector(
            f'[data-ui="history-open"][data-id="{js.CSS.escape(record_id)}"]') \
            if ui in ("history-open", "history-close") else None
        if btn is not None:
            btn.focus()

    def read_lobby(self) -> tuple[str, str, int, list[str], dict]:
        """The lobby as chosen: the game ticked, the game whose form is shown, and that
        form's players, computer levels and settings."""
        checked = document.querySelector('input[name="game"]:checked')
        game = str(checked.value) if checked else "durak"
        n = int(document.getElementById("lobby-players").value)
        levels = []
        for i in range(1, n):
            el = document.getElementById(f"lobby-level-{i}")
            levels.append(str(el.value) if el else "normal")
        rules = {}
        box = document.querySelector("[data-rules-for]")
        rules_game = str(box.getAttribute("data-rules-for")) if box else game
        for name, allowed in settings(rules_game):
            el = document.getElementById(f"rule-{name}")
            if el is None:
                continue
            if allowed == (False, True):
                rules[name] = bool(el.checked)
            else:
                idx = int(el.value) if is_digits(str(el.value)) else 0
                rules[name] = allowed[idx] if idx < len(allowed) else allowed[0]
        if rules_game == "durak" and n != 2 and rules.get("deck") == 24:
            rules["deck"] = 36
        for name, fewest in needs_players(rules_game).items():
            if n < fewest:
                rules[name] = False  # never kept on below four players (DUR-11)
        return game, rules_game, n, levels, rules

    def remember_lobby(self) -> None:
        """Store the lobby's choices in the preferences: the chosen game, and the players,
        levels and settings shown (they belong to the game whose form is on screen)."""
        if self.screen != "lobby" or not document.getElementById("lobby-players"):
            return
        game, shown, n, levels, rules = self.read_lobby()
        lobby = self.prefs.get("lobby") or {}
        games = dict(lobby.get("games") or {}) if isinstance(lobby.get("games"), dict) else {}
        games[shown] = {"players": n, "levels": levels, "rules": rules}
        self.prefs["lobby"] = {"game": game, "games": games}
        self.save_prefs()

    def unfinished(self) -> bool:
        """True when a game in progress would be replaced by a new one."""
        if self.session is None:
            text = self._get(saves.SESSION_KEY)
            try:
                self.session = saves.loads(text) if text else None
            except Exception:
                return False
        return self.session is not None and not self.session.state.is_over()

    def start_from_lobby(self, confirmed: bool = False) -> None:
        """Start the lobby's game; first ask when it would replace a game in progress."""
        if not confirmed and self.unfinished():
            self.remember_lobby()
            self.set_notice(t(self.lang, "confirm_replace"), "warn",
                            [("start-confirmed", t(self.lang, "start_anyway"))])
            btn = document.querySelector("[data-ui=start-confirmed]")
            if btn:
                btn.focus()
            return
        self.remember_lobby()
        game = self.lobby_game()
        n, levels, rules = self.lobby_choice(game)
        rules = {k: v for k, v in rules.items() if k not in GAMES[game]["fixed"]}
        self.new_session(game, rules, self.make_players(n, levels))

    def new_session(self, game: str, rules: dict, players: list[dict]) -> None:
        try:
            self.session = Session.new(game, rules, players, random.randrange(1, 2**31))
        except SettingError as exc:
            self.set_notice(setting_text(self.lang, exc), "error")
            return
        self.set_notice("")
        self.save_session()
        self.table = None
        self.log_events = []
        self.show_table()

    # ------------------------------------------------------------ the table

    def show_table(self) -> None:
        self.screen = "table"
        if self.table is None or self.table.game != self.session.game:
            self.table = table_for(self, self.session.game)
        self.table.reset()
        self.reason_text = ""
        self.translate_chrome()
        self.render()
        self.schedule()

    def render(self) -> None:
        """Draw the table from a fresh view (the whole table; focus in the hand is kept)."""
        if self.session is None:
            return
        active = document.activeElement
        in_table = bool(active and hasattr(active, "closest") and active.closest("#table"))
        focus_hand = in_table and bool(active.closest(".hand"))
        if focus_hand:
            self.focus_card = active.getAttribute("data-card")
        again = None
        if in_table and not focus_hand:  # a button: find the same one after the redraw
            for attr in ("id", "data-ui", "data-action"):
                value = active.getAttribute(attr)
                if value:
                    again = f'#table [{attr}="{js.CSS.escape(value)}"]'
                    break
        self.view = self.session.view()
        table = self.table.render(self.view)
        clear(self.root)
        self.root.appendChild(table)
        layout_hand()
        self.teach.after_render()
        if in_table:
            # keep the keyboard where it was; if that control is gone, go to the hand
            el = document.querySelector(again) if again else None
            if el is None:
                el = document.querySelector('.hand [tabindex="0"]') or \
                    document.querySelector("#table [data-action]:not([aria-disabled=true])")
            if el:
                el.focus()

    # ------------------------------------------------------------ computer moves

    def cancel_timer(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def schedule(self) -> None:
        """If a computer player is to move, make that move after the chosen delay."""
        self.cancel_timer()
        if self.session is None or self.screen != "table" or self.teach.holding():
            return
        if self.session.waiting() == "bot" or self.auto_pass_now():
            self.timer = window.setTimeout(self._tick, model.SPEEDS.get(self.speed, 750))

    def auto_pass_now(self) -> bool:
        """True when the human may dunk (DUN-7) and chose to pass such chances
        automatically (the "auto_pass" preference)."""
        return bool(self.prefs.get("auto_pass")) and self.session.waiting() == "human" \
            and sorted(self.session.legal()) == ["dunk", "pass"]

    def bot_tick(self, *args) -> None:
        self.timer = None
        try:
            if self.session is None or self.screen != "table":
                return
            if self.auto_pass_now():
                self.do("pass")
                return
            events = self.session.step_bot()
            if events:
                self.teach.played(events[0].get("text", ""), events, "bot")
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
                 if ev.get("type") != "action"
                 and not (ev.get("player") == human and ev.get("type") in OWN_MOVES)]
        if shown and self.log_text_for(shown):
            self.log_events = shown
            document.getElementById("live").textContent = self.log_text_for(shown)

    def log_text_for(self, events: list[dict]) -> str:
        """The events as sentences in the current language."""
        if self.session is None:
            return ""
        v = self.view or self.session.view()
        self.view = v
        texts = (self.table.describe(ev) for ev in events) if self.table else ()
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
            self.teach.illegal(text, exc)
            return
        self.table.after_move()
        self.reason_text = ""
        self.save_session()
        self.announce(events, bots_only=True)
        self.teach.played(text, events, "human")
        self.render()
        self.schedule()

    def show_reason(self, exc: IllegalAction) -> None:
        self.reason_text = reason(self.lang, exc.code, getattr(exc, "params", {}), str(exc))
        el = document.getElementById("reason")
        if el:
            el.textContent = self.reason_text

    def show_hint(self, key: str) -> None:
        self.show_text(t(self.lang, key))

    def show_text(self, text: str) -> None:
        """Show ``text`` in the reason line (an explanation, not an error)."""
        self.reason_text = text
        el = document.getElementById("reason")
        if el:
            el.textContent = text

    def explain(self, text: str) -> None:
        """The human tapped something that is not playable: redraw (dropping a selection)
        and show the engine's reason for ``text``, the move they most likely meant."""
        self.render()
        self.do(text)

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
        if ui in ("rules-open", "rules-back"):
            self.rules_ui(ui, str(el.getAttribute("data-game") or ""))
            return
        if ui == "start":
            self.start_from_lobby()
            return
        if ui == "start-confirmed":
            self.set_notice("")
            self.start_from_lobby(confirmed=True)
            return
        if ui == "backup-download":
            self.download_rescued()
            return
        if ui == "restore-previous":
            self.restore_previous()
            return
        if ui in ("teach-hint", "teach-retry", "teach-continue"):
            self.teach.on_click(ui)
            return
        if ui in ("lobby", "new") and self.teach.leave(ui):
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
            self.leave_lesson_url()
            self.show_lobby()
            return
        if ui == "sheets":
            self.show_sheets()
            return
        if self.screen == "sheets":
            self.sheets.on_click(el)
            return
        if ui in ("history-open", "history-close", "history-delete", "history-undo"):
            self.history_action(ui, str(el.getAttribute("data-id") or ""))
            return
        if ui == "next":
            self.session.next_game()
            self.save_session()
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
        self.table.on_click(el)

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

    def show_sheets(self) -> None:
        """The scoresheets screen (table play, printing, files)."""
        if self.sheets is None:
            from game.web.sheets import SheetsScreen
            self.sheets = SheetsScreen(self)
        self.sheets.show()

    def on_input(self, event) -> None:
        try:
            if self.screen == "sheets" and self.sheets is not None:
                self.sheets.on_input(event.target)
        except Exception as exc:
            self.internal_error(exc)

    def on_change(self, event) -> None:
        try:
            el = event.target
            if self.screen == "sheets" and el is not None and self.sheets.on_change(el):
                return
            pref = el.getAttribute("data-pref") if el else None
            if pref == "speed":
                self.speed = str(el.value)
                self.prefs["speed"] = self.speed
            elif pref in ("four_colour", "reduced_motion", "auto_pass"):
                self.prefs[pref] = bool(el.checked)
            elif pref == "hints":
                self.teach.set_hints(bool(el.checked))
                return
            elif pref == "lang":
                self.set_lang(str(el.value))
                return
            elif el.getAttribute("data-lobby") in ("players", "game"):
                self.remember_lobby()
                self.show_lobby()
                # the lobby was redrawn: keep the keyboard on the control just changed
                same = document.getElementById("lobby-players") if el.id == "lobby-players" \
                    else document.querySelector(f'input[name="game"][value="{el.value}"]')
                if same:
                    same.focus()
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
            layout_hand()

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
            window.history.replaceState(None, "", "?" + str(params.toString()))
        document.getElementById("live").textContent = ""  # no stale sentence in the old language
        notice = document.getElementById("notice-text")
        if notice is not None:
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

    # ------------------------------------------------------------ rules pages

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

    def rules_from_url(self, value: str) -> None:
        """``?rules=<game>``: that game's rules page; an unknown game is told like any bad
        link (the allowed games listed) and the page stays as it is."""
        game = value.strip().lower()
        if game not in GAMES:
            self.show_url_error(SettingError("rules", value, list(GAMES)))
            return
        self.rules_ui("rules-open", game)

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
