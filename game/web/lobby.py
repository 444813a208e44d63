"""The lobby: choosing a game, its players, the computer players' levels and the
settings; remembering those choices; starting a new game.

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

import random

from pyscript import document

from game import people, saves
from game.digits import is_digits
from game.engine import SettingError
from game.i18n import LANGS, t, value_label
from game.session import GAMES, LEVELS, Session, make_rules, needs_players, settings
from game.web import seats
from game.web.dom import clear, h, local_day
from game.web.links import setting_text


class LobbyPart:
    """The lobby screen and starting a game from it."""

    def make_players(self, n: int, levels: list[str]) -> list[dict]:
        players = [{"name": t(self.lang, "you"), "kind": "human"}]
        for i in range(1, n):
            level = levels[i - 1] if i - 1 < len(levels) else "normal"
            players.append({"name": t(self.lang, "bot_name", n=i), "kind": "bot",
                            "level": level if level in LEVELS else "normal"})
        return players

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
        levels = [lv for lv in (mine.get("levels") or []) if lv in LEVELS]
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
        document.getElementById("live").textContent = ""  # no game's last move here
        self.dealing = False  # a deal not yet shown (behind "Pass to ...") is not dealt later
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
        self.lobby_shown = self.lobby_seats(game, n_players, levels)
        players = h("fieldset", {}, h("legend", text=t(lang, "players")),
                    h("div", {"class": "row"},
                      h("label", {"for": "lobby-players"}, text=t(lang, "players_count")), count),
                    seats.seats_el(lang, game, self.lobby_shown))

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
        if self.resumable():
            actions.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                             "data-ui": "resume"},
                                  # which game: "Back to my game before the link (…)" may
                                  # stand beside it (new-user check)
                                  text=t(lang, "resume_game",
                                         game=t(lang, f"game_{self.session.game}"))))
        for button in self.parked_buttons():  # a game of each kind put aside (issue 32)
            actions.appendChild(button)
        previous = self.unfinished_game(saves.PREVIOUS_KEY)
        if previous is not None:  # kept when a link replaced it (boot.keep_previous)
            actions.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                             "data-ui": "restore-previous"},
                                  text=t(lang, "previous_lobby",
                                         game=t(lang, f"game_{previous.game}"))))
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
        backups = self.backups_el()  # issue 32: download or delete them here
        if backups is not None:
            side.appendChild(backups)
        side.appendChild(h("section", {"class": "panel", "aria-labelledby": "sheets-h"},
                           h("h2", {"id": "sheets-h"}, text=t(lang, "sh_open_screen")),
                           h("p", {"class": "hint"}, text=t(lang, "sh_open_screen_hint")),
                           h("button", {"type": "button", "class": "ui-btn", "data-ui": "sheets"},
                             text=t(lang, "sh_btn"))))
        history = self.history_panel()
        if history is not None:
            side.appendChild(history)
        self.root.appendChild(h("div", {"class": "lobby", "data-screen": "lobby"}, main, side))

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
            if not el:  # (JS null: a falsy proxy in Pyodide, not None)
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
        # the seats (issue 12): as shown, grown or cut to the count now chosen
        drawn = getattr(self, "lobby_shown", None) or []
        now = seats.read_seats(min(n, len(drawn)), drawn) + \
            seats.seat_list([], n, levels)[len(drawn):]
        games[shown] = {"players": n, "levels": levels, "rules": rules,
                        "seats": [dict(s) for s in now]}
        self.prefs["lobby"] = {"game": game, "games": games}
        self.save_prefs()

    def unfinished(self) -> bool:
        """True when a game in progress would be replaced by a new one."""
        return self.stored_session() and not self.session.state.is_over()

    def resumable(self) -> bool:
        """True when the lobby may offer "Resume saved game": a game is running or saved
        and is not over for good (a finished Dunka, Elvakort or Tonk game, or a Durak
        series whose last game is played, has nothing to resume; a Durak series with
        games to come has its "Next game")."""
        return self.stored_session() and self.session.waiting() != "series_over"

    def stored_session(self) -> bool:
        """Load the saved game into ``self.session`` if none is open; True when there is
        one (an unreadable save counts as none: boot already kept it as a backup)."""
        if self.session is None:
            text = self._get(saves.SESSION_KEY)
            try:
                self.session = saves.loads(text) if text else None
            except Exception:
                return False
            self.adopt_rev(text)
        return self.session is not None

    def start_from_lobby(self, confirmed: bool = False) -> None:
        """Start the lobby's game. Two seats of one name are refused first (issue 12), so
        nobody confirms losing a game in progress only to hear the names must change;
        then ask when the game would replace a game in progress."""
        self.remember_lobby()
        game = self.lobby_game()
        n, levels, rules = self.lobby_choice(game)
        rules = {k: v for k, v in rules.items() if k not in GAMES[game]["fixed"]}
        players = seats.players_for(self.lang, self.lobby_seats(game, n, levels))
        if self.refuse_same_names(players):
            return
        if not confirmed and self.replaces_game(game):
            self.focus_notice_button("start-confirmed")
            return
        aside = self.put_aside(game)  # a game of another kind stays (issue 32)
        if aside is False and not confirmed:  # the storage refused: told, ask
            now = t(self.lang, f"game_{self.session.game}")
            self.set_notice(t(self.lang, "storage_aside_failed", game=now), "error",
                            [("storage-free", t(self.lang, "storage_free")),
                             ("start-confirmed", t(self.lang, "storage_link_anyway", now=now,
                                                   game=t(self.lang, f"game_{game}")))],
                            "storage")
            return
        self.drop_parked(game)
        self.new_session(game, rules, players)

    def replaces_game(self, game: str) -> bool:
        """True (and asked in the notice, with "Start anyway") when a new game of ``game``
        would replace a game in progress: the saved one when it is of the same kind, or
        the one of that kind put aside (``kept.py``; its date said)."""
        if self.unfinished() and self.session.game == game:
            self.set_notice(t(self.lang, "confirm_replace"), "warn",
                            [("start-confirmed", t(self.lang, "start_anyway"))])
            return True
        for kind, ms in self.parked():
            if kind == game:
                name = t(self.lang, f"game_{game}")
                self.set_notice(t(self.lang, "confirm_replace_parked", game=name,
                                  day=local_day(self.lang, ms) or "—"), "warn",
                                [("start-confirmed", t(self.lang, "start_anyway")),
                                 ("resume-parked-" + game, t(self.lang, "parked_resume_undated",
                                                             game=name))])
                return True
        return False

    def refuse_same_names(self, players: list[dict]) -> bool:
        """True (and said in the notice and beside the field) when two of ``players``
        (``seats.players_for``) have the same name: "Pass to Anna" must mean one person
        (issue 12)."""
        twice = seats.same_names(players)
        if not twice:
            return False
        names = ", ".join(dict.fromkeys(people.isolate(players[i]["name"]) for i in twice))
        text = t(self.lang, "pp_same_name", names=names)
        self.set_notice(text, "error")
        old = document.getElementById("lobby-name-error")
        if old:
            old.remove()
        field = document.getElementById(f"lobby-name-{twice[0]}")
        if field:
            # said beside the field too: on a phone the notice is above the fold when
            # the field takes the focus (a new user saw only an outline)
            row = field.closest(".seat-row") or field
            row.insertAdjacentElement("afterend", h(
                "p", {"class": "field-error", "id": "lobby-name-error", "role": "alert"},
                text=text))
            field.setAttribute("aria-invalid", "true")
            field.setAttribute("aria-describedby", "lobby-name-error")
            field.focus()
        return True

    def lobby_seats(self, game: str, n: int, levels: list[str]) -> list[dict]:
        """The remembered seats of ``game`` for ``n`` players (``seats.seat_list``)."""
        lobby = self.prefs.get("lobby") or {}
        games = lobby.get("games") if isinstance(lobby.get("games"), dict) else {}
        mine = games.get(game) if isinstance(games.get(game), dict) else {}
        return seats.seat_list(mine.get("seats"), n, levels)

    def move_seat(self, seat: int, step: int) -> None:
        """The lobby's up/down buttons: swap a seat with its neighbour, keep, redraw."""
        self.remember_lobby()
        game = self.lobby_game()
        lobby = self.prefs.get("lobby") or {}
        mine = (lobby.get("games") or {}).get(game)
        if isinstance(mine, dict) and isinstance(mine.get("seats"), list):
            mine["seats"] = seats.moved(mine["seats"], seat, step)
            self.save_prefs()
        self.show_lobby()
        again = document.querySelector(f'[data-ui="seat-{"up" if step < 0 else "down"}"]'
                                       f'[data-seat="{seat + step}"]')
        if again and not again.disabled:
            again.focus()

    def new_session(self, game: str, rules: dict, players: list[dict]) -> None:
        try:
            self.session = Session.new(game, rules, players, random.randrange(1, 2**31))
        except SettingError as exc:
            self.set_notice(setting_text(self.lang, exc), "error")
            return
        self.set_notice("")
        self.adopt_rev()
        self.save_session()
        self.dealing = True
        self.show_new_table()
