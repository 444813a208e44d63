"""A lesson that does not come in the URL's ``position``: a ``positionfile`` next to the
page, fetched and read lesson by lesson, and the embedding page's messages
(``embed.read_message``: load a position, start a new game, switch the language). PyScript
glue, a part of ``teach.Teach``."""

from __future__ import annotations

from ..i18n import t
from ..digits import on_off
from .links import error_code, item_index, safe_file_path


class TeachLoad:
    """``Teach``'s lessons from elsewhere than the URL's ``position``: a ``positionfile``
    (fetched, then only the lesson ``item=`` names is read) and the embedding page's
    ``load-position``/``new-game``/``set-lang`` messages (a mixin: ``Teach`` holds the
    attributes)."""

    def file_request(self, query: dict, twice: dict | None = None) -> dict:
        """The start request of a ``positionfile`` link (its other page parameters only:
        the position comes from the file). ``twice``: the parameters given more than once
        (``url_params.read_query``), refused as ``parse_params`` refuses them."""
        from game.url_params import parse_params
        keep = ("lang", "speed", "embed", "level")
        req = parse_params({k: v for k, v in query.items() if k in keep}, twice)
        req["hints"] = on_off(query.get("hints", ""))
        return req

    def wants_file(self, query: dict) -> bool:
        """The link names a ``positionfile`` and no ``position`` (which would win)."""
        return "positionfile" in query and "position" not in query

    def start_file(self, query: dict) -> None:
        """Fetch ``positionfile`` (same origin, relative) and start its first position.
        The table waits with "Loading the position …" until it arrives."""
        import asyncio
        path = safe_file_path(query.get("positionfile"))
        if path is None:
            self.refuse("position_file_path", lambda: t(self.app.lang, "teach_bad_file_path"))
            return
        self.loading = True
        self.render_box()
        asyncio.ensure_future(self._load_file(path, dict(query)))

    async def _load_file(self, path: str, query: dict) -> None:
        """Fetch ``path``, read the lesson ``item=`` names and start it; every failure is
        refused with its message (``position_file_fetch``, the file's ``PositionError``,
        ``position_file_item``)."""
        import js
        try:
            try:
                resp = await js.fetch(path, js.JSON.parse('{"credentials": "same-origin"}'))
                if not resp.ok:
                    raise OSError(f"HTTP {resp.status}")
                text = str(await resp.text())
            except Exception as exc:
                self.loading = False
                why = str(exc)[:80]
                self.refuse("position_file_fetch", lambda: t(
                    self.app.lang, "teach_bad_file_fetch", path=path, why=why))
                return
            from game import positions
            try:  # the file's shape, then only the lesson asked for (item=) is read
                entries = positions.lesson_entries(text)
                index = item_index(query.get("item"), len(entries))
                entry = positions.read_lesson(entries[index]) if index is not None else None
            except ValueError as exc:
                self.loading = False
                self.refuse(error_code(exc), lambda e=exc: t(
                    self.app.lang, "teach_bad_file_json", path=path, msg=self.error_text(e)))
                return
            if entry is None:
                self.loading = False
                item, count = str(query.get("item"))[:20], len(entries)
                self.refuse("position_file_item", lambda: t(
                    self.app.lang, "teach_bad_item", path=path, item=item, count=count))
                return
            self.loading = False
            req = self.file_request(query)
            req["position"] = entry["position"]
            req["expect"] = entry.get("expect")
            req["prompt"] = entry.get("prompt")
            if self.start(req):
                self.app.show_table()
                self.ready()
        except Exception as exc:
            self.loading = False
            self.app.internal_error(exc)

    # ------------------------------------------------------------ incoming messages

    def message(self, msg: dict) -> None:
        """A validated message from the embedding page (``embed.read_message``)."""
        app = self.app
        lang = app.lang
        from game.url_params import parse_params
        kind = msg["type"]
        if kind == "set-lang":
            if app.screen == "teach":  # no table (a refused position): only the texts
                app.lang = msg["lang"]
                app.translate_chrome()
            else:
                app.set_lang(msg["lang"])
            self.render_box()
            self.ready()
            return
        try:
            req = parse_params(dict(msg["query"]))
        except ValueError as exc:
            text = self.error_text(exc)
            self.send("error", code=error_code(exc), text=t(lang, "teach_bad_message", msg=text))
            return
        app.cancel_timer()
        if kind == "load-position":
            if req.get("position") is None:
                self.send("error", code="bad_message",
                          text=t(lang, "teach_bad_message", msg=t(lang, "msg_no_position")))
                return
            if isinstance(msg.get("prompt"), dict):
                req["prompt"] = msg["prompt"]
            if not self.start(req):
                return
        else:  # new-game
            import random
            from game.session import Session
            n = req.get("players") or 2
            players = app.make_players(n, [req.get("level") or "normal"] * (n - 1))
            seed = req["seed"] if req.get("seed") is not None else random.randrange(1, 2**31)
            try:
                session = Session.new(req["game"], req.get("rules") or {}, players, seed)
            except ValueError as exc:
                self.send("error", code=error_code(exc),
                          text=t(lang, "teach_bad_message", msg=self.error_text(exc)))
                return
            self.forget()
            self.over_sent = False
            app.session = session
        app.table = None
        app.log_events = []
        app.reason_text = ""
        app.show_table()
        self.ready()
