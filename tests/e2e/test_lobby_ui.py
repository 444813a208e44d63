"""The page around the tables (Playwright, Chromium): a link to a new game keeps the game
in progress, Start asks before replacing one, bad links are told in one language, and the
keyboard stays on the lobby control just changed."""

from __future__ import annotations

import random

from browser_harness import open_game
from dunka_driver import hand, human_move
from durak_driver import tap, wait_settled


def test_a_link_keeps_the_game_in_progress_and_offers_it_back(page, site):
    open_game(page, site.url + "?game=dunka&players=3&seed=5&speed=instant&lang=en")
    rng = random.Random(1)
    for _ in range(3):
        wait_settled(page)
        human_move(page, rng)
    wait_settled(page)
    mine = hand(page)
    open_game(page, site.url + "?game=durak&players=2&seed=3&lang=en")
    assert page.locator("#table[data-game=durak]").count() == 1
    assert "kept" in page.locator("#notice-text").inner_text()
    tap(page.locator("[data-ui=restore-previous]"))
    page.locator("#table[data-game=dunka]").wait_for()
    wait_settled(page)
    assert hand(page) == mine
    open_game(page, page.url, reload=True)        # the restored game is the saved one now
    assert page.locator("#table[data-game=dunka]").count() == 1 and hand(page) == mine


def test_start_asks_before_replacing_a_game_in_progress(page, site):
    open_game(page, site.url + "?game=dunka&players=2&seed=9&speed=instant&lang=en")
    wait_settled(page)
    mine = hand(page)
    tap(page.locator("[data-ui=lobby]").first)
    tap(page.locator("[data-ui=start]"))
    assert "in progress" in page.locator("#notice-text").inner_text()
    assert page.locator("#table").count() == 0        # nothing replaced yet
    tap(page.locator("[data-ui=resume]"))
    wait_settled(page)
    assert hand(page) == mine
    tap(page.locator("[data-ui=lobby]").first)
    tap(page.locator("[data-ui=start]"))
    tap(page.locator("[data-ui=start-confirmed]"))
    page.locator("#table").wait_for()
    assert page.locator("#notice-text").count() == 0


def test_a_bad_link_is_told_in_the_links_language(page, site):
    open_game(page, site.url + "?game=dunka&players=99&lang=sv")
    text = page.locator("#notice-text").inner_text()
    assert "ett heltal från 2 till 6" in text and "whole number" not in text
    open_game(page, site.url + "?game=dunka&max_reshuffles=abc&lang=en")
    assert "none" in page.locator("#notice-text").inner_text() and \
        "None" not in page.locator("#notice-text").inner_text()


def check_keyboard_stays_on_the_lobby_control_just_changed(page):
    page.locator("input[name=game][value=durak]").focus()
    page.keyboard.press("ArrowDown")
    page.locator("[data-rules-for=dunka]").wait_for()
    assert page.evaluate("document.activeElement.value") == "dunka"
    page.locator("#lobby-players").focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(200)
    assert page.evaluate("document.activeElement.id") == "lobby-players"


def test_dur_11_the_limit_of_5_is_offered_for_4_to_6_players_only(page, site):
    """DUR-11: in the lobby the setting is off and disabled below four players, and it does
    not stay on when the count drops; a link asking for it with two players is refused
    with a message saying it needs four or more. On the same lobby first: the keyboard
    stays on the lobby control just changed."""
    open_game(page, site.url + "?lang=en")
    check_keyboard_stays_on_the_lobby_control_just_changed(page)
    page.locator("input[name=game][value=durak]").check()   # back to Durak's form
    page.locator("[data-rules-for=durak]").wait_for()
    box = page.locator("#rule-first_bout_limit_5")
    page.select_option("#lobby-players", "4")
    box.wait_for()
    assert box.is_enabled() and page.locator("#limit-5-hint").count() == 0
    box.check()
    page.select_option("#lobby-players", "2")
    page.locator("#limit-5-hint").wait_for()
    assert not box.is_enabled() and not box.is_checked()
    assert "4–6 players" in page.locator("[data-rules-for=durak]").inner_text()
    page.select_option("#lobby-players", "5")
    page.wait_for_function("!document.getElementById('rule-first_bout_limit_5').disabled")
    assert not box.is_checked()  # not silently back on
    open_game(page, site.url + "?game=durak&players=2&first_bout_limit_5=on&lang=sv")
    text = page.locator("#notice-text").inner_text()
    assert "kräver 4 eller fler spelare" in text and "needs" not in text
    assert page.locator("#table").count() == 0
