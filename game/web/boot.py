"""Boot: what the page starts with (a link's game or lesson, the saved game, or the
lobby), and the saved game a link replaced (kept and offered back).

PyScript glue, mixed into ``game.web.main.App``.
"""

from __future__ import annotations

import random

import js
from pyscript import document, window

from game import saves
from game.engine import SettingError
from game.i18n import LANGS, t
from game.session import GAMES, Session
from game.url_params import parse_params, read_query
from game.web.links import setting_text
from game.web.table import layout_hand

URL_KEEP = ("embed", "lang", "speed")
TEACH_PARAMS = ("position", "positionfile", "item", "expect", "prompt", "hints")
"""The URL parameters of a lesson (``game.web.teach``): dropped when the player leaves it."""


class BootPart:
    """Starting the page from its URL and storage."""

    def start(self) -> None:
        self.apply_display_prefs()
        self.link_refused = None  # a refused setting of the link (show_url_error)
        self.pending_link = None  # a link's request waiting for "link-confirmed"
        params = js.URLSearchParams.new(window.location.search)
        # each parameter's first value; one the page reads given twice refuses the link
        query, twice = read_query([(str(p[0]), str(p[1])) for p in params.entries()])
        rules_game = query.pop("rules", None)  # ?rules=durak opens a rules page (below)
        if "rules" in twice:  # a refused link opens nothing
            rules_game = None
        started = False
        if query.get("lang", "").strip().lower() in LANGS:  # messages below in that language
            self.lang = query["lang"].strip().lower()
        if not self.teach.ephemeral_link(query):  # an embedded/teaching table touches nothing
            self.rescue_storage()
            if query.get("lang", "").strip().lower() in LANGS and not self.prefs.get("lang"):
                # the link's language stays on a later visit, unless the person chose one
                self.prefs["lang"] = self.lang
                self.save_prefs()
        if query:
            self.embed = self.teach.embedded(query)
            document.body.classList.toggle("embed", self.embed)
            self.teach.boot(query, twice)
            try:
                req = parse_params(query, twice) if not self.teach.wants_file(query) else \
                    self.teach.file_request(query, twice)
            except SettingError as exc:
                if not self.embed:  # a frame keeps the reason in view instead (teach.refused)
                    self.show_url_error(exc)
                self.teach.refused(exc)
                req = None
            except ValueError as exc:  # a teaching position that cannot be (PositionError)
                self.teach.refused(exc)
                req = None
            if req is not None:
                if req.get("lang"):
                    self.lang = req["lang"]
                if req.get("speed"):  # the link's pace, for the cards' motion too (--anim)
                    self.speed = req["speed"]
                    self.apply_display_prefs()  # the link's pace (instant: no motion)
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
                    self.adopt_rev(text)
                    started = True
                    if self.link_refused is not None:  # say what is shown instead
                        self.show_url_error(self.link_refused, saved_shown=True)
                except Exception as exc:  # SaveError, or anything a damaged save causes
                    key = saves.backup_key(js.Date.now(), "", lambda k: self._get(k) is not None)
                    if self._set(key, text):
                        self.trim_backups((key,))
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
        if self.screen == "table":
            # the table was drawn while the page was hidden, when the hand had no width:
            # fan it again now that it has one (else it keeps the narrow fallback layout)
            layout_hand()
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
        # (the entry keeps its state: the table's entry becomes the lobby's, game.web.nav)
        window.history.replaceState(window.history.state, "", "?" + search if search else
                                    window.location.pathname)

    def keep_previous(self, game: str | None = None) -> bool:
        """Before a link replaces the saved game: keep an unfinished one under
        ``saves.PREVIOUS_KEY`` so the player can go back to it. A game nobody has played
        yet (``Session.played`` 0: a link's game opened and left) does not push out a
        kept game: two links in a row keep the game played before them. ``game``: the
        link's game; the one of that kind put aside (``kept.py``), if any, is the one
        kept then (the saved one, of another kind, was put aside already). True when a
        game is kept to go back to."""
        key = saves.SESSION_KEY
        if game is not None and self.unfinished_game(saves.parked_key(game)) is not None:
            key = saves.parked_key(game)
        text = self._get(key)
        old = self.unfinished_game(key)   # an unreadable save: kept elsewhere
        if old is None or (game is not None and old.game != game):
            return False   # (a game of another kind is put aside instead: kept.py)
        if key != saves.SESSION_KEY:
            if not self._set(saves.PREVIOUS_KEY, text, keep=False):
                return False
            self._remove(key)
            return True
        if old.played == 0:  # a link's game opened and left: dropping it loses nothing
            return self.unfinished_game(saves.PREVIOUS_KEY) is not None
        return self._set(saves.PREVIOUS_KEY, text, keep=False)

    def unfinished_game(self, key: str):
        """The game stored under ``key`` (``saves.SESSION_KEY``, or ``saves.PREVIOUS_KEY``:
        the one kept by ``keep_previous``) as a ``Session`` when it is readable and not
        over, else None."""
        text = self._get(key)
        if not text:
            return None
        try:
            game = saves.loads(text)
        except Exception:
            return None
        return None if game.state.is_over() else game

    def restore_previous(self) -> None:
        """Go back to the game kept by ``keep_previous``. The linked game is dropped when
        nobody has played it or it is over; one a person has played is kept in its place
        (offered back in the lobby), so going back loses nothing: a game of another kind
        is put aside (``kept.py``), and a game of the kept one's kind put aside takes its
        place as the game to go back to, so one game of each kind is put aside at most."""
        text = self._get(saves.PREVIOUS_KEY)
        try:
            previous = saves.loads(text)
        except Exception:
            self.set_notice(t(self.lang, "previous_gone"), "warn")
            return
        now = self.unfinished_game(saves.SESSION_KEY)
        aside = self.unfinished_game(saves.parked_key(previous.game))
        if now is not None and now.played and now.game != previous.game:
            if not self.put_aside(previous.game):
                return  # the storage refused: told, nothing changed
            now = None
        if now is not None and now.played:
            self._set(saves.PREVIOUS_KEY, self._get(saves.SESSION_KEY))
        elif aside is not None:
            if not self._set(saves.PREVIOUS_KEY, self._get(saves.parked_key(previous.game))):
                return
            self._remove(saves.parked_key(previous.game))
        else:
            self._remove(saves.PREVIOUS_KEY)
        self.adopt_rev()
        self.session = previous
        self.save_session()
        self.set_notice("")
        self.show_new_table()

    def start_from_request(self, req: dict, confirmed: bool = False) -> bool:
        """Start the game a URL asks for; False (with a message) when it cannot. An
        unfinished saved game is kept and offered back (not in an embedded table). When
        two games a person has played are kept already (the saved one and the one kept
        from before a link), the link's game is not started until the person confirms
        (``link-confirmed``, ``confirmed``): starting it would lose the older one."""
        if not confirmed and not self.embed and not self.teach.ephemeral:
            # the game the link's would push out: the one of its kind put aside, or the
            # saved one when it is of that kind (another kind is put aside: kept.py)
            now = self.unfinished_game(saves.parked_key(req["game"])) or \
                self.unfinished_game(saves.SESSION_KEY)
            if now is not None and now.game != req["game"]:
                now = None
            kept = self.unfinished_game(saves.PREVIOUS_KEY)
            if now is not None and now.played and kept is not None and kept.played:
                self.pending_link = req
                game, now_game, kept_game = (t(self.lang, f"game_{g}")
                                             for g in (req["game"], now.game, kept.game))
                self.set_notice(t(self.lang, "link_two_kept", game=game, now=now_game,
                                  kept=kept_game), "warn",
                                [("link-confirmed", t(self.lang, "start_link_game", game=game))])
                return False
        n = req.get("players") or self.lobby_choice(req["game"])[0]
        level = req.get("level") or "normal"
        players = self.make_players(n, [level] * (n - 1))
        seed = req["seed"] if req.get("seed") is not None else random.randrange(1, 2**31)
        try:
            session = Session.new(req["game"], req.get("rules") or {}, players, seed)
        except SettingError as exc:
            if self.embed:
                self.teach.refused(exc)
            else:
                self.show_url_error(exc)
            return False
        kept, back = False, ("restore-previous", t(self.lang, "previous_restore"))
        if not self.teach.ephemeral:
            # a game of another kind is put aside (issue 32); one of the link's kind,
            # saved or put aside, is kept to go back to (``keep_previous``)
            old = self.unfinished_game(saves.SESSION_KEY)
            aside = self.put_aside(req["game"])
            if aside:
                back = (f"resume-parked-{old.game}", back[1])
            previous = self.keep_previous(req["game"])  # (both: nothing of either lost)
            kept = aside is True or previous
        now = None if kept or confirmed or self.teach.ephemeral or self.embed \
            else self.unfinished_game(saves.SESSION_KEY)
        if now is not None and now.played:
            # the storage refused to keep the game in progress (issue 32): starting the
            # link's game would lose it, so the person is told and chooses
            self.pending_link = req
            game, now_game = (t(self.lang, f"game_{g}") for g in (req["game"], now.game))
            self.set_notice(t(self.lang, "storage_link_kept", game=game, now=now_game),
                            "error",
                            [("storage-free", t(self.lang, "storage_free")),
                             ("link-confirmed", t(self.lang, "storage_link_anyway",
                                                  game=game, now=now_game))], "storage")
            return False
        self.adopt_rev()
        self.session = session
        self.save_session()
        if kept and not self.embed:
            self.set_notice(t(self.lang, "previous_kept"), "info", [back])
        return True

    def show_url_error(self, exc: SettingError, saved_shown: bool = False) -> None:
        """A refused link's setting in the page's language (``links.setting_text``); a
        link with several (``engine.SettingErrors``) has them all in one notice, a line
        each (its text is the DOM's text: a value with markup in it shows as typed).
        ``saved_shown``: the saved game is shown instead, and the notice says so."""
        self.link_refused = exc
        text = self.url_error_text(exc)
        if saved_shown:
            text += "\n" + t(self.lang, "url_refused_saved")
        self.set_notice(text, "error")
        self.drop_refused_link(exc)

    def drop_refused_link(self, exc: SettingError) -> None:
        """After a refused link is told: the address bar shows the plain page (its path,
        and of ``URL_KEEP`` the ``lang`` and ``speed`` that were not refused), so a reload
        or a bookmark does not tell the same refusal again. An embedded frame's URL is its
        host page's to change: left as it is."""
        if self.embed:
            return
        refused = {str(e.setting) for e in (getattr(exc, "errors", None) or [exc])}
        params = js.URLSearchParams.new(window.location.search)
        kept = [(k, str(params.get(k))) for k in ("lang", "speed")
                if params.has(k) and k not in refused and int(params.getAll(k).length) == 1]
        search = "&".join(f"{k}={js.encodeURIComponent(v)}" for k, v in kept)
        window.history.replaceState(None, "", "?" + search if search else
                                    window.location.pathname)

    def url_error_text(self, exc: SettingError) -> str:
        """The sentence that tells a refused link's setting(s) in the page's language."""
        many = getattr(exc, "errors", None)
        key = "url_errors" if many else "url_error"
        return t(self.lang, key, n=len(many or ()), msg=setting_text(self.lang, exc))

    def rules_from_url(self, value: str) -> None:
        """``?rules=<game>``: that game's rules page; an unknown game is told like any bad
        link (the allowed games listed) and the page stays as it is."""
        game = value.strip().lower()
        if game not in GAMES:
            # over a table: say what is shown instead, as for a game link
            self.show_url_error(SettingError("rules", value, list(GAMES)),
                                saved_shown=self.screen == "table")
            return
        self.rules_ui("rules-open", game)
