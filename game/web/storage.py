"""The browser's storage for the page: reading and writing localStorage (or a stand-in
where the browser denies it), rescuing unreadable items at boot, writing the running game
and the finished games' history.

A write the browser refuses (its storage for the site is full) is never silent (issue
32): the person is told at once and offered to free space and to download everything;
the game goes on in memory and the write is tried again (``_set``, ``self.unsaved``).
Backups of unreadable items are capped (``saves.BACKUP_LIMIT``, ``BACKUP_BYTES``) and
offered in the lobby for download and deletion.

PyScript glue, mixed into ``game.web.main.App``; the part reads ``self.store``,
``self.frozen``, ``self.rescued``, ``self.unsaved``, ``self.unsaved_told``,
``self.session``, ``self.lang`` and ``self.teach``.
"""

from __future__ import annotations

import js
from pyscript import document, window

from game import saves
from game.engine import SaveError
from game.i18n import t

STORAGE_RETELL_MS = 60_000
"""After the storage notice was closed, a refused write tells again no sooner than this
(ms): every move writes, and a notice after each would hide the table."""


def kilobytes(chars: int) -> int:
    """Stored characters as the whole kilobytes a notice tells: at least 1 for any."""
    return max(1, round(chars / 1000)) if chars > 0 else 0


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


class StoragePart:
    """Reading and writing the page's stored items (``saves.STORED_ITEMS``)."""

    def _get(self, key: str):
        try:
            value = self.store.getItem(key)
        except Exception:  # storage may be blocked (private mode)
            return None
        return value if isinstance(value, str) else None  # JS null is not a str

    def _set(self, key: str, value: str, keep: bool = True) -> bool:
        """Write to localStorage; False when the browser refused (full or blocked) or the
        key holds an unreadable item that could not be backed up (``self.frozen``).

        A refused write is never silent (issue 32): the person is told at once
        (``tell_unsaved``) and, with ``keep``, the value is kept in memory
        (``self.unsaved``) and written again with the next write that succeeds, or when
        space is freed (``free_space``). ``keep`` False: a step that is given up when it
        fails (a game put aside before a new one: nothing changed, nothing to write
        later)."""
        if key in self.frozen:
            return False
        try:
            self.store.setItem(key, value)
        except Exception:
            if keep:
                self.unsaved[key] = value
            self.tell_unsaved()
            return False
        self.unsaved.pop(key, None)
        if self.unsaved:
            self.retry_unsaved()
        return True

    def _remove(self, key: str) -> int:
        """Delete a stored item; returns the characters it held (0: none, or refused)."""
        text = self._get(key)
        try:
            self.store.removeItem(key)
        except Exception:
            return 0
        return len(text or "")

    def stored_keys(self) -> list[str]:
        """Every localStorage key of this page (``kortbordet``…), in the store's order."""
        store = self.store
        if isinstance(store, MemoryStorage):
            keys = list(store.items)
        else:
            try:
                keys = [str(store.key(i)) for i in range(int(store.length))]
            except Exception:
                return []
        return [k for k in keys if k.startswith("kortbordet")]

    def stored_size(self, prefix: str = "kortbordet") -> int:
        """Characters held by this page's stored items whose key starts with ``prefix``."""
        return sum(len(self._get(k) or "") for k in self.stored_keys() if k.startswith(prefix))

    def tell_unsaved(self) -> None:
        """A write was refused: say so at once, in words (what happened, that the game goes
        on in this tab, how to free space), with the offer to free space and to download
        everything first. Not again while that notice shows, nor within
        ``STORAGE_RETELL_MS`` of the last time (each move writes)."""
        self.show_unsaved_button()
        box = document.getElementById("notice")
        if box is None:
            return
        now = float(js.Date.now())
        if box.getAttribute("data-notice") == "storage" or \
                (self.unsaved_told and now - self.unsaved_told < STORAGE_RETELL_MS):
            return
        self.tell_storage_full()

    def tell_storage_full(self) -> None:
        """The notice of a full storage (``tell_unsaved``; the header's "Not saved"
        button shows it again, in the page's language)."""
        self.unsaved_told = float(js.Date.now())
        self.set_notice(t(self.lang, "storage_full"), "error",
                        [("storage-free", t(self.lang, "storage_free")),
                         ("storage-download", t(self.lang, "storage_download"))], "storage")

    def show_unsaved_button(self) -> None:
        """The header's "Not saved" button shows while a refused write waits
        (``self.unsaved``): the notice may have been closed, or the language switched."""
        button = document.getElementById("unsaved")
        if button is not None:
            button.hidden = not self.unsaved

    def retry_unsaved(self) -> bool:
        """Write again every value a full storage refused (``self.unsaved``); True when
        all are written. The person is told once everything is saved again."""
        for key, value in list(self.unsaved.items()):
            try:
                self.store.setItem(key, value)
            except Exception:
                continue
            self.unsaved.pop(key, None)
        self.show_unsaved_button()
        if self.unsaved:
            return False
        if self.unsaved_told:
            self.unsaved_told = 0.0
            self.set_notice(t(self.lang, "storage_saved_again"), "info", (), "storage")
        return True

    def ask_free_space(self) -> None:
        """The storage notice's "Free space": say what would be deleted (the backups and
        the finished records, their size) and ask, offering the download first."""
        backups = self.backup_keys()
        history = self.load_history() or []
        size = sum(len(self._get(k) or "") for k in backups) + \
            len(self._get(saves.HISTORY_KEY) or "")
        self.set_notice(t(self.lang, "storage_free_ask", backups=len(backups),
                          records=len(history), kb=kilobytes(size)), "warn",
                        [("storage-free-confirmed", t(self.lang, "storage_free_go")),
                         ("storage-download", t(self.lang, "storage_download"))], "storage")
        self.focus_notice_button("storage-download")

    def free_space(self) -> None:
        """"Delete" after ``ask_free_space``: every backup
        (``saves.BACKUP_PREFIX``) goes; if the refused writes still fail, the finished
        records (``saves.HISTORY_KEY``; one waiting to be written keeps its newest entry)
        go too. Then the refused writes are tried again and the person is told what was
        deleted and whether everything is saved now."""
        freed = backups = records = 0
        for key in self.stored_keys():
            if key.startswith(saves.BACKUP_PREFIX):
                freed += self._remove(key)
                backups += 1
        if not self.retry_unsaved():
            history = self.load_history() or []
            pending = self.unsaved.get(saves.HISTORY_KEY)
            freed += self._remove(saves.HISTORY_KEY)
            records = len(history)
            if pending is not None:  # the record just finished stays, alone
                newest = saves.load_history(pending)[:1]
                self.unsaved[saves.HISTORY_KEY] = saves.dump_history(newest)
                records -= len(newest)
        told = t(self.lang, "storage_freed", backups=backups, records=records,
                 kb=kilobytes(freed))
        if self.retry_unsaved():
            link = self.pending_link  # a link's game held back for want of space
            actions = [] if link is None else [("link-confirmed", t(
                self.lang, "start_link_game", game=t(self.lang, f"game_{link['game']}")))]
            self.set_notice(f"{told} {t(self.lang, 'storage_saved_again')}", "info",
                            actions, "storage")
        else:
            self.unsaved_told = float(js.Date.now())
            self.set_notice(f"{told} " + t(self.lang, "storage_still_full",
                                           kb=kilobytes(self.stored_size())), "error",
                            [("storage-download", t(self.lang, "storage_download"))],
                            "storage")
        if self.screen == "lobby":
            self.show_lobby()

    def download_everything(self) -> None:
        """Every stored item of this page and every value not yet written (the game in
        progress among them) as one file (``saves.backup_file``)."""
        from game.web.dom import download
        items = {k: self._get(k) or "" for k in self.stored_keys()}
        items.update(self.unsaved)
        download(f"kortbordet-{int(js.Date.now())}.json", saves.backup_file(items),
                 "application/json")

    def trim_backups(self, keep=()) -> None:
        """Delete the oldest backups beyond ``saves.BACKUP_LIMIT`` or ``BACKUP_BYTES``
        (each was offered for download when it was made); ``keep``: backups just made."""
        sizes = {k: len(self._get(k) or "") for k in self.stored_keys()
                 if k.startswith(saves.BACKUP_PREFIX)}
        for key in saves.backups_to_drop(sizes, keep):
            self._remove(key)

    def backup_keys(self) -> list[str]:
        """The backups kept (``saves.BACKUP_PREFIX``), oldest first."""
        return sorted((k for k in self.stored_keys() if k.startswith(saves.BACKUP_PREFIX)),
                      key=lambda k: (saves.backup_time(k), k))

    def backups_el(self):
        """The lobby's section on the backups kept (count, size, download, delete), or
        None when there are none."""
        from game.web.dom import h
        keys = self.backup_keys()
        if not keys:
            return None
        lang = self.lang
        kb = kilobytes(sum(len(self._get(k) or "") for k in keys))
        return h("section", {"class": "panel", "id": "backups", "aria-labelledby": "backups-h"},
                 h("h2", {"id": "backups-h"}, text=t(lang, "backups_title")),
                 h("p", {"class": "hint"}, text=t(lang, "backups_text", n=len(keys), kb=kb,
                                                  limit=saves.BACKUP_LIMIT)),
                 h("div", {"class": "lobby-actions"},
                   h("button", {"type": "button", "class": "ui-btn small",
                                "data-ui": "backups-download"},
                     text=t(lang, "backups_download")),
                   h("button", {"type": "button", "class": "ui-btn small",
                                "data-ui": "backups-delete"}, text=t(lang, "backups_delete"))))

    def backups_action(self, ui: str) -> None:
        """The lobby's backups buttons: download them all as one file; delete them after
        a confirmation (``backups-delete-confirmed``)."""
        keys = self.backup_keys()
        if ui == "backups-download":
            from game.web.dom import download
            download(f"kortbordet-backups-{int(js.Date.now())}.json",
                     saves.backup_file({k: self._get(k) or "" for k in keys}),
                     "application/json")
        elif ui == "backups-delete" and keys:
            self.set_notice(t(self.lang, "backups_confirm", n=len(keys)), "warn",
                            [("backups-delete-confirmed", t(self.lang, "backups_delete"))])
        elif ui == "backups-delete-confirmed":
            for key in keys:
                self._remove(key)
            self.retry_unsaved()
            self.set_notice(t(self.lang, "backups_deleted"), "info")
            if self.screen == "lobby":
                self.show_lobby()

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
        self.trim_backups(rescued)
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

    def save_session(self) -> None:
        """Write the running session; a finished six-round game also goes to the history."""
        if self.session is None or self.teach.ephemeral:  # never over the visitor's game
            return
        self.write_session()  # (another tab's newer game may be self.session after it)
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
                self.trim_backups((key,))
                try:
                    self.store.removeItem(saves.HISTORY_KEY)
                except Exception:
                    return None
                self.set_notice(t(self.lang, "history_corrupt", key=key), "warn")
                return []
            return None
