"""The games kept in the browser (issue 32): a game in progress of each kind side by side,
and the page's other tabs.

- The game on the table is saved under ``saves.SESSION_KEY``. When a game of another kind
  is started (the lobby, a link), an unfinished game there that a person has played is
  put aside under its own key (``saves.parked_key``) first, so a Durak game never wipes a
  Tonk ledger or a Dunka scoresheet; the lobby offers each one put aside, with its date.
  A new game of a kind that has one put aside replaces it only when the person chose so.
- Every write of the saved game carries a revision one above the one stored
  (``saves.dumps``, ``saves.save_meta``). A tab never writes over a revision it has not
  seen: when another tab moved the game on (the browser's ``storage`` event, or a higher
  revision found at a write), this tab says so and shows the newer state.

PyScript glue, mixed into ``game.web.main.App``; reads and sets ``self.session`` and
``self.session_rev`` (the revision this tab read or last wrote).
"""

from __future__ import annotations

import js
from pyscript import document

from game import saves
from game.i18n import t
from game.web.dom import local_day


class KeptGamesPart:
    """The saved game per kind of game, and the page's other tabs."""

    # ------------------------------------------------------------ revisions

    def adopt_rev(self, text: str | None = None) -> None:
        """This tab now holds the game read from ``text`` (by default the one stored), or
        a game that replaces it: its revision is the one stored."""
        if text is None:
            text = self._get(saves.SESSION_KEY)
        self.session_rev = saves.save_meta(text)["rev"]

    def write_session(self) -> bool:
        """Write ``self.session`` as the saved game, one revision above the higher of the
        stored one and this tab's. False, with nothing written, when another tab has
        written a revision this tab has not seen (that game is then shown here:
        ``other_tab_moved``), or when the storage refused (``StoragePart._set`` tells)."""
        stored = self._get(saves.SESSION_KEY)
        rev = saves.save_meta(stored)["rev"]
        if rev > self.session_rev:
            self.other_tab_moved(stored, lost=True)
            return False
        self.session_rev = max(rev, self.session_rev) + 1
        return self._set(saves.SESSION_KEY,
                         saves.dumps(self.session, self.session_rev, js.Date.now()))

    def on_storage(self, event) -> None:
        """The browser's ``storage`` event (another tab of this page wrote): a saved game
        of a higher revision than this tab's is shown here (``other_tab_moved``)."""
        if event.key != saves.SESSION_KEY or self.teach.ephemeral or self.embed:
            return
        text = event.newValue
        if isinstance(text, str) and saves.save_meta(text)["rev"] > self.session_rev:
            self.other_tab_moved(text)

    def other_tab_moved(self, text: str, lost: bool = False) -> None:
        """Another tab wrote the saved game ``text``: this tab drops what it holds (never
        written over the newer one) and shows the newer state where a game is shown, with
        a notice; ``lost``: a move just made here was on the older state and is not kept
        (the person is told)."""
        try:
            newer = saves.loads(text)
        except Exception:
            return  # unreadable: the next boot keeps it as a backup
        self.session_rev = saves.save_meta(text)["rev"]
        self.cancel_timer()
        self.session = newer
        self.set_notice(t(self.lang, "tab_moved_lost" if lost else "tab_moved",
                          game=t(self.lang, f"game_{newer.game}")), "warn" if lost else "info")
        if self.screen == "table":
            self.show_new_table()
        elif self.screen == "lobby":
            self.show_lobby()

    # ------------------------------------------------------------ games put aside

    def parked(self) -> list[tuple[str, float]]:
        """The games put aside that can be resumed: ``[(game id, saved ms or 0)]`` in
        ``GAMES`` order (an unfinished, readable one per kind)."""
        out = []
        for key, what in saves.STORED_ITEMS.items():
            if what == "parked":
                game = key[len(saves.PARKED_PREFIX):]
                if self.unfinished_game(key) is not None:
                    out.append((game, saves.save_meta(self._get(key))["saved"]))
        return out

    def put_aside(self, game: str) -> bool | None:
        """Before a new game of ``game`` becomes the saved one: the unfinished game saved
        now, if a person has played it and it is of another kind, is put aside under its
        kind's key. True when it was, None when nothing needed it, False when the storage
        refused (nothing changed; the person is told)."""
        old = self.unfinished_game(saves.SESSION_KEY)
        if old is None or not old.played or old.game == game:
            return None
        return self.park(old.game, self._get(saves.SESSION_KEY))

    def park(self, game: str, text: str) -> bool:
        """Put the game ``text`` (of ``game``) aside. A different game of that kind put
        aside already is never written over: it becomes the game to go back to
        (``saves.PREVIOUS_KEY``) when that place is free; else nothing is done and the
        person is told (``kept_two``). False when nothing was put aside (the storage
        refused: told, and not tried again later)."""
        key = saves.parked_key(game)
        there = self.unfinished_game(key)
        if there is not None and self._get(key) != text:
            if self.unfinished_game(saves.PREVIOUS_KEY) is not None:
                self.set_notice(t(self.lang, "kept_two", game=t(self.lang, f"game_{game}")),
                                "warn")
                return False
            if not self._set(saves.PREVIOUS_KEY, self._get(key), keep=False):
                return False
        return self._set(key, text, keep=False)

    def drop_parked(self, game: str) -> None:
        """The game of ``game`` put aside is replaced by a new one (the person chose so)."""
        self._remove(saves.parked_key(game))

    def resume_parked(self, game: str) -> None:
        """The lobby's "Resume" of the game of ``game`` put aside: the game saved now goes
        aside in its place (when it is unfinished and played), and that one is shown."""
        key = saves.parked_key(game)
        text = self._get(key)
        try:
            session = saves.loads(text)
        except Exception:
            self.set_notice(t(self.lang, "previous_gone"), "warn")
            return
        old = self.unfinished_game(saves.SESSION_KEY)
        if old is not None and old.played:
            if old.game == game:  # (not met: one of each kind) the two change places
                if not self._set(key, self._get(saves.SESSION_KEY), keep=False):
                    return
            elif not self.park(old.game, self._get(saves.SESSION_KEY)):
                return  # the storage refused, or no place: told, and nothing changed
        if old is None or old.game != game:
            self._remove(key)
        self.adopt_rev()
        self.session = session
        self.save_session()
        self.set_notice("")
        self.show_new_table()

    def parked_buttons(self) -> list:
        """The lobby's "Resume <game> from <date>" buttons, one per game put aside."""
        from game.web.dom import h
        out = []
        for game, ms in self.parked():
            name = t(self.lang, f"game_{game}")
            label = t(self.lang, "parked_resume", game=name, day=local_day(self.lang, ms)) if ms \
                else t(self.lang, "parked_resume_undated", game=name)
            out.append(h("button", {"type": "button", "class": "ui-btn",
                                    "data-ui": "resume-parked", "data-game": game},
                          text=label))
        return out

    def focus_notice_button(self, ui: str) -> None:
        """Put the keyboard on the notice's button ``ui`` (a question just asked)."""
        btn = document.querySelector(f"#notice [data-ui={ui}]")
        if btn:
            btn.focus()
