"""The browser's storage for the page: reading and writing localStorage (or a stand-in
where the browser denies it), rescuing unreadable items at boot, writing the running game
and the finished games' history.

PyScript glue, mixed into ``game.web.main.App``; the part reads ``self.store``,
``self.frozen``, ``self.rescued``, ``self.session``, ``self.lang`` and ``self.teach``.
"""

from __future__ import annotations

import js
from pyscript import window

from game import saves
from game.engine import SaveError
from game.i18n import t


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
