"""The move history panel (issue 11): every move of the current round (or hand, or Durak
game) and of the previous one, told in the page's language, restored after a reload.

``MoveHistory`` keeps the table's ``game.movelog.MoveLog``: ``add(events)`` after each
move (the human's or a computer's), ``panel()`` draws ``<section class="panel"
id="moves">``, newest first (the layout places every ``section.panel``). The log is written beside the
saved game under ``saves.MOVES_KEY`` (not for lessons and embedded tables, which write
nothing); an unreadable or stale stored log gives an empty history, never an error.

PyScript glue: ``self.app`` is ``game.web.main.App``.
"""

from __future__ import annotations

from game import movelog, saves
from game.i18n import t
from game.web.markup import h

ROUND_WORD = {"durak": "game", "tonk": "hand"}
"""What a round is called in each game's history headings (Dunka and Elvakort: round)."""


class MoveHistory:
    """The move history of the session shown (``app.session``)."""

    def __init__(self, app) -> None:
        self.app = app
        self.log: movelog.MoveLog | None = None
        self._kept: dict[int, tuple] = {}  # id(events) -> (events, (len, context), lines)
        self.hold = 0
        """Events at the end of this round the panel leaves out for now: the end of a
        Durak bout while the table still shows the move before it (``App.show_interim``)."""

    def sync(self) -> bool:
        """Make ``self.log`` the session's: kept when it is already, else read from
        storage (an empty log when there is none for this session). Returns True when the
        log was read from storage (the page then shows its last line again)."""
        session = self.app.session
        if session is None:
            self.log = None
            return False
        log = self.log
        if log is not None and (log.game, log.seed) == (session.game, session.seed) \
                and log.moves <= session.moves:  # (a lesson tried again starts afresh)
            return False
        text = None if self.app.teach.ephemeral else self.app._get(saves.MOVES_KEY)
        self.log = movelog.loads(text, session)
        return True

    def restore_last(self) -> None:
        """After a reload: the one-line log shows again what the others did last."""
        if self.sync() and self.log is not None and not self.app.log_events:
            self.app.log_events = list(self.log.last)

    def reset(self) -> None:
        """A new session: an empty history."""
        self.log = None
        self.sync()

    def add(self, events: list[dict]) -> None:
        """The ``events`` of the move just made (the session already changed); the one-line
        log's events (``app.log_events``) are kept with them. Written to storage."""
        session = self.app.session
        if session is None:
            return
        self.sync()
        self.log.add(session, events, self.app.log_events)
        self.save()

    def save(self) -> None:
        """Write the log beside the saved game (never for a lesson or an embedded table)."""
        if self.log is None or self.app.teach.ephemeral:
            return
        self.app._set(saves.MOVES_KEY, movelog.dumps(self.log))

    def lines(self, events: list[dict]) -> list[str]:
        """The sentences for ``events`` in the page's language, one per move (the table's
        ``history_lines``: quiet events and events the table cannot tell are left out).

        The panel is drawn with every redraw: the lines of a round's event list are kept
        while that list, the language and the players are the same (the log makes a new
        list for each move it adds)."""
        table = self.app.table
        if table is None:
            return []
        v = self.app.view or {}
        context = (id(table), self.app.lang, repr(v.get("players")), v.get("human"))
        kept = self._kept.get(id(events))
        if kept is not None and kept[0] is events and kept[1] == (len(events), context):
            return list(kept[2])
        lines = table.history_lines(events)
        self._kept = {key: k for key, k in self._kept.items() if k[1][1] == context}
        if len(self._kept) > 8:
            self._kept.clear()
        self._kept[id(events)] = (events, (len(events), context), list(lines))
        return lines

    def panel(self):
        """``<section class="panel" id="moves">``: newest first, so the drawer opens on
        what just happened (oldest first, the newest move was at the end of a long list,
        a few thousand pixels down the drawer): this round's moves, then the previous
        round's, each round an ordered list under its heading, its last move first and
        numbered as played (``<ol reversed>``: the round's first move is 1). The last
        ``hold`` events of this round are left out."""
        lang = self.app.lang
        self.sync()
        game = self.app.session.game if self.app.session is not None else ""
        word = ROUND_WORD.get(game, "round")
        box = h("section", {"class": "panel moves", "id": "moves", "aria-labelledby": "moves-h"},
                h("h2", {"id": "moves-h"}, text=t(lang, "mv_title")))
        rounds = self.log.rounds if self.log is not None else []
        if not any(self.lines(r["events"]) for r in rounds):
            box.appendChild(h("p", {"class": "hint"}, text=t(lang, "mv_none")))
            return box
        box.appendChild(h("p", {"class": "hint"}, text=t(lang, "mv_newest_first")))
        for i in reversed(range(len(rounds))):
            current = i == len(rounds) - 1
            events = rounds[i]["events"]
            if current and 0 < self.hold <= len(events):
                events = events[:-self.hold]
            lines = self.lines(events)
            if not lines:
                continue
            heading = t(lang, f"mv_{'this' if current else 'previous'}_{word}")
            hid = "moves-current-h" if current else "moves-previous-h"
            items = h("ol", {"class": "move-list", "reversed": True, "aria-labelledby": hid,
                             "data-round": "current" if current else "previous"})
            for line in reversed(lines):
                items.appendChild(h("li", text=line))
            box.appendChild(h("h3", {"id": hid}, text=heading))
            box.appendChild(items)
        return box
