"""Accessibility audit (axe-core, WCAG 2.2 A/AA): the lobby, each game's table in play and
between rounds, the scoresheets screen, on a phone and a laptop, in both languages: no
serious or critical violation (tests/e2e/a11y.py)."""

from __future__ import annotations

import random

import saved_game
from a11y import check_a11y
from browser_harness import open_game, resize, start_from_lobby
from durak_driver import tap, wait_settled

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


# Each game's table in play: the game, its players and the lobby settings ticked (started
# from the lobby one after the other in the same page: no boot each).
TABLES = [("durak", 4, ("#rule-transfer",)), ("dunka", 4, ()), ("elvakort", 8, ()),
          ("tonk", 3, ())]


def test_lobby_scoresheets_and_each_table_in_play(page, site):
    """One boot for both sizes and languages: on a phone in Swedish, then on a laptop in
    English (a resize and the page's language switch, no boot), the lobby with each game's
    form, the scoresheet editor with an error shown, then each game's table in play
    (TABLES)."""
    page.set_viewport_size(PHONE)
    open_game(page, site.url + "?lang=sv&speed=instant")
    for size, lang in ((PHONE, "sv"), (LAPTOP, "en")):
        page.set_viewport_size(size)
        if not page.locator("[data-screen=lobby]").count():
            tap(page.locator("[data-ui=lobby]").first)
        if page.evaluate("document.documentElement.lang") != lang:
            tap(page.locator("#lang-switch"))
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        where = f"{size['width']}x{size['height']} {lang}"
        page.locator("input[name=game][value=durak]").check()
        check_a11y(page, f"lobby (Durak), {where}")
        for game in ("dunka", "elvakort", "tonk"):
            page.locator(f"input[name=game][value={game}]").check()
            check_a11y(page, f"lobby ({game}), {where}")
        tap(page.locator("[data-ui=sheets]").first)
        close = page.locator("#sheet-editor [data-ui=sheet-close]")
        if close.count():  # the second time: the sheet made the first time is open
            close.click()
        page.select_option("#sheet-game", "elvakort")
        page.locator("[data-ui=sheet-create]").click()
        page.wait_for_selector("#sheet-editor")
        page.locator("[data-cell='0,0']").fill("12")
        page.locator("[data-cell='0,1']").fill("x")          # an error message is shown
        check_a11y(page, f"scoresheet editor, {where}")
        for game, players, ticked in TABLES:
            start_from_lobby(page, game, players, ticked)
            wait_settled(page)
            check_a11y(page, f"{game}, {players} players {' '.join(ticked)}, {where}")


def test_round_summary_and_hand_result(page, site):
    """The round summary (Elvakort of eight, the most players a result lists; Dunka of
    four in Swedish) and the hand result (Tonk of four) pass the audit, and on a phone
    every row of them is in view above their buttons (at 360x640 only the first row,
    "Du", used to show; with eight players, half the rows) and nothing of the table
    under the result peeks out below it (the "Du" over Dunka's melds did):
    test_table_layout_ui.CHECK's result rows."""
    # The late states come from the engine in CPython (saved_game.py): the page resumes
    # them as after a reload; the games are played whole through the DOM elsewhere.
    at_end = lambda s: s.legal() == ["next"]  # noqa: E731  (the round or hand is over)
    session, log = saved_game.play_until("elvakort", 8, 7, random.Random(3), at_end)
    saved_game.open_saved(page, site, session, log, "speed=instant&lang=en")
    page.locator("#round-result").wait_for()
    assert page.locator("#moves li").count() > 0   # with the round's move history
    check_a11y(page, "Elvakort round summary")
    check_result_rows_in_view(page, 8)
    session, log = saved_game.play_until("dunka", 4, 7, random.Random(3), at_end)
    saved_game.open_saved(page, site, session, log, "speed=instant&lang=sv")
    page.locator("#round-result").wait_for()
    assert page.locator("#table .meld").count() > 0   # melds lie under the result
    check_result_rows_in_view(page, 4)
    session, log = saved_game.play_until("tonk", 4, 7, random.Random(3), at_end)
    saved_game.open_saved(page, site, session, log, "speed=instant&lang=sv")
    page.locator("#hand-result").wait_for()
    check_a11y(page, "Tonk hand result and ledger")
    check_result_rows_in_view(page, 4)


def check_result_rows_in_view(page, rows: int) -> None:
    """At 360x640 and 390x844: the layout checks (no page scroll, status line and buttons
    in view) and each of the result's ``rows`` rows in view above its buttons."""
    from test_table_layout_ui import CHECK
    for w, h in ((360, 640), (390, 844)):
        resize(page, w, h)
        assert page.locator(".result .points li").count() == rows
        problems = page.evaluate(CHECK)
        assert not problems, f"{w}x{h}: {problems}"
    page.set_viewport_size(PHONE)
