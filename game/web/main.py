"""The page's composition root (PyScript entry point): ``App`` joins the parts of the page,
each in its own module under ``game.web``, and ``main()`` starts it.

Everything the page shows comes from ``Session.view()``; every move goes through
``Session.play`` (the human) or ``Session.step_bot`` (a computer player, one move at a
time with ``setTimeout`` at the speed the player chose). One delegated click listener and
one keydown listener on ``document`` serve every re-rendered element. The session is
written to localStorage after every action.

The parts (mixins sharing the attributes set in ``App.__init__``):

- ``storage``    localStorage (or a stand-in), rescue of unreadable items, the saved game
- ``boot``       the URL's game or lesson, the saved game or the lobby; a replaced game kept
- ``prefs``      the player's preferences, applied and shown as a settings panel
- ``lobby``      the lobby screen, its remembered choices, starting a new game
- ``past_games`` the lobby's history of finished games
- ``controller`` the table: showing, redrawing, the human's moves, what others did
- ``computer``   timed computer moves and the automatic pass
- ``listeners``  the delegated click/key/focus/change/input/resize listeners
- ``chrome``     notices, language, rules pages and scoresheets screens, internal errors

The rules pages (``game.web.rules``) are imported on first use: ``chrome.ChromePart.rules_ui``
does ``from game.web.rules import RulesScreen``.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_proxy
from pyscript import document, window

from game import saves
from game.i18n import pick_lang
from game.session import Session
from game.web.boot import BootPart
from game.web.chrome import ChromePart
from game.web.computer import ComputerPart
from game.web.controller import ControllerPart
from game.web.drawn import DrawnCards
from game.web.listeners import ListenersPart
from game.web import native_solver
from game.web.moves import MoveHistory
from game.web.kept import KeptGamesPart
from game.web.lobby import LobbyPart
from game.web.past_games import PastGamesPart
from game.web.prefs import PrefsPart
from game.web.privacy import Privacy
from game.web.storage import StoragePart, local_storage
from game.web.teach import Teach


class App(StoragePart, KeptGamesPart, BootPart, PrefsPart, LobbyPart, PastGamesPart, ControllerPart,
          ComputerPart, ListenersPart, ChromePart):
    """The whole page. ``start()`` decides between a URL game, a saved game and the lobby."""

    def __init__(self) -> None:
        self.store = local_storage()
        self.frozen: set[str] = set()  # keys of unreadable items never written over
        self.rescued: dict[str, str] = {}  # backup key -> raw text (rescue_storage)
        self.unsaved: dict[str, str] = {}  # key -> text the browser refused to store
        self.unsaved_told = 0.0  # when the person was last told of it (Date.now() ms)
        self.session_rev = 0  # the saved game's revision this tab read or wrote (kept.py)
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
        self.stale = False  # a redraw of the table left for later (computer.redraw_later)
        self.stale_since = 0.0  # when (performance.now(), ms)
        self.search = None  # (session, generator) of a computer move being found
        self.screen = "lobby"
        self.reason_text = ""
        self.log_events: list[dict] = []  # the last moves shown, kept as events so a
        # language switch re-tells them in the new language
        self.log_fresh = True  # the person moved: the log's next line starts afresh
        self.live_events: list[dict] = []  # the moves the live region tells (announce)
        self.live_fresh = True  # the table was drawn: the live region starts afresh
        self.claim_told = None  # the claim chance the live region told (tell_claim_chance)
        self.move_events: list[dict] = []  # every event of the last move (anyone's)
        self.focus_card: str | None = None
        self.drawn = DrawnCards()  # the cards each person just drew (marked in the hand)
        self.dealing = False  # a game, round or hand was just dealt: its next table deals
        self.deal_pause = 0  # ms of that deal still to come before a computer moves
        self.root = document.getElementById("screen")
        self.draws = 0  # tables and pass-and-play screens drawn (``render``: data-draw)
        self.teach = Teach(self)  # teaching positions, hints, the embedding bridge
        self.move_history = MoveHistory(self)  # the moves of this round and the last
        self.privacy = Privacy(self)  # pass-and-play: the "Pass to ..." screens
        self.tap_guard_until = 0.0  # taps before this (performance.now() ms) are ignored
        self.tap_queue: list = []  # clicks handled after the next paint (ListenersPart.defer_tap)
        self._drain_proxy = None  # drain_taps, as JS calls it
        # (listeners.TAP_GUARD_MS: a double tap on a pass-and-play screen)
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_change), create_proxy(self.bot_tick),
                         create_proxy(self.on_resize), create_proxy(self.on_focus),
                         create_proxy(self.on_input), create_proxy(self.bot_slice),
                         create_proxy(self.interim_over), create_proxy(self.on_storage),
                         create_proxy(self.on_history)]
        self._tick = self._proxies[3]
        self._slice = self._proxies[7]
        self._interim = self._proxies[8]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        document.addEventListener("change", self._proxies[2])
        window.addEventListener("resize", self._proxies[4])
        document.addEventListener("focusin", self._proxies[5])
        document.addEventListener("input", self._proxies[6])
        window.addEventListener("storage", self._proxies[9])  # another tab wrote
        window.addEventListener("popstate", self._proxies[10])  # Back at the table


def main() -> None:
    # static/js/boot.js's loading bar; a missing JS global is an AttributeError in
    # Pyodide, so it is looked up with a default (one boot of 1,600 test runs lacked it)
    progress = getattr(window, "kortbordetProgress", None)
    if progress:
        progress(90, None)
    app = App()
    window.kortbordetApp = True
    app.start()
    globals()["_app"] = app  # keep the app (and its proxies) alive
    # the Durak endgame search in WebAssembly, compiled while the first screen shows;
    # until then (a few milliseconds) a Durak player searches in Python
    globals()["_native"] = asyncio.ensure_future(native_solver.load())


main()
