"""The browser's Back and Forward at the table (issue 32): Back at the table goes to the
lobby with the game kept, not off the site; Forward from there shows the table again.

The table has an entry of its own in the browser's history, as the side drawer
(static/js/motion.js) and the rules pages (``game.web.rules``) have: when the table is
shown, the page pushes an entry (same URL) whose ``history.state`` is ``TABLE_ENTRY``, so
the entry below it is the lobby's. Back from the table arrives there (``popstate``) and
the page shows the lobby, the game still saved ("Resume saved game"). The lobby's own
button leaves the table without going back through the history: it marks the table's
entry ``LOBBY_ENTRY``, and the next table shown takes that entry again instead of pushing
another, so going between the lobby and a table never piles up entries. Embedded frames
(``?embed=1``, or any page inside a frame) add no entries: the host page's Back is its
own.

Pure Python (the decisions; ``controller.ControllerPart`` does them in the page), tested
in CPython.
"""

from __future__ import annotations

TABLE_ENTRY = "kortbordet-table"
"""``history.state`` of the entry pushed when the table is shown."""

LOBBY_ENTRY = "kortbordet-lobby"
"""``history.state`` of a table's entry the lobby's button left for the lobby."""


def on_show_table(state: str | None) -> str:
    """What the page does to the history when it shows the table, given the current
    entry's ``history.state`` (a string, None, or ``"other"`` for a state that is not a
    string, such as the drawer's): ``"push"`` a ``TABLE_ENTRY`` (the entry below stays the
    lobby's), ``"replace"`` the current entry's state by ``TABLE_ENTRY`` (a table's entry
    the lobby's button left, ``LOBBY_ENTRY``) or ``"keep"`` it (already the table's: a
    reload, a Forward; or another part's entry, the drawer's or a rules page's, which
    sits above the table's). Raises nothing.

    >>> on_show_table(None), on_show_table(LOBBY_ENTRY), on_show_table(TABLE_ENTRY)
    ('push', 'replace', 'keep')
    """
    if state is None:
        return "push"
    if state == LOBBY_ENTRY:
        return "replace"
    return "keep"


def on_pop(screen: str, state: str | None, has_session: bool) -> str | None:
    """What the page shows after the browser's Back or Forward (``popstate``), given the
    screen shown (``App.screen``: ``"table"``, ``"lobby"``, ``"rules"``, ...), the new
    entry's ``history.state`` (as for ``on_show_table``) and whether a game is kept:
    ``"lobby"`` (Back from the table to the entry below it, a plain or lobby entry),
    ``"table"`` (Forward from the lobby to a table's entry, when a game is kept) or None
    (nothing: the drawer's and the rules pages' own entries are theirs to handle).
    Raises nothing.

    >>> on_pop("table", None, True), on_pop("lobby", TABLE_ENTRY, True)
    ('lobby', 'table')
    >>> on_pop("table", TABLE_ENTRY, True), on_pop("rules", None, True)
    (None, None)
    """
    if screen == "table" and state in (None, LOBBY_ENTRY):
        return "lobby"
    if screen == "lobby" and state == TABLE_ENTRY and has_session:
        return "table"
    return None
