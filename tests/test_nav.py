"""The browser's Back at the table goes to the lobby with the game kept, not off the site
(issue 32): ``game.web.nav``'s decisions, which ``controller.ControllerPart`` carries out in
the page (tests/e2e/test_phone_games_ui.py drives the browser's Back and Forward)."""

from __future__ import annotations

from game.web import nav

DRAWER = "other"   # the drawer's entry (static/js/motion.js): an object, not a string
RULES = "kortbordet-rules"   # game.web.rules.HISTORY_STATE


def test_showing_the_table_gives_it_one_entry_of_its_own():
    assert nav.on_show_table(None) == "push"            # the entry below is the lobby's
    assert nav.on_show_table(nav.TABLE_ENTRY) == "keep"  # a reload, a Forward
    assert nav.on_show_table(nav.LOBBY_ENTRY) == "replace"   # lobby and back: no pile-up
    assert nav.on_show_table(DRAWER) == "keep" and nav.on_show_table(RULES) == "keep"


def test_back_from_the_table_shows_the_lobby_and_forward_the_table():
    assert nav.on_pop("table", None, True) == "lobby"
    assert nav.on_pop("table", nav.LOBBY_ENTRY, True) == "lobby"
    assert nav.on_pop("lobby", nav.TABLE_ENTRY, True) == "table"
    assert nav.on_pop("lobby", nav.TABLE_ENTRY, False) is None   # no game kept


def test_the_drawer_and_the_rules_pages_keep_their_own_entries():
    assert nav.on_pop("table", nav.TABLE_ENTRY, True) is None    # the drawer closed
    assert nav.on_pop("table", RULES, True) is None              # Forward into the rules
    assert nav.on_pop("table", DRAWER, True) is None
    assert nav.on_pop("rules", None, True) is None
    assert nav.on_pop("rules", nav.TABLE_ENTRY, True) is None
    assert nav.on_pop("lobby", None, True) is None and nav.on_pop("sheets", None, True) is None

