"""The Durak page, driven through the DOM like a player (Playwright, Chromium).

Uses the fixtures of conftest.py: ``tab``/``page`` fail the test on any console error,
page error, failed request or request to another origin; ``open_game`` waits for
PyScript's ``py:all-done`` and fails on a ``.py-error``.

DOM conventions relied on: every card has ``data-card`` (``back`` face down); every
element that performs one complete engine action has ``data-action``; the table root
``#table`` has ``data-game`` and gets ``data-over`` at the end.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from urllib.parse import quote


from browser_harness import open_game
from durak_driver import MOVE_SELECTORS, human_move, table_cards, wait_settled
from saved_game import store
from table_driver import look
from test_moves_ui import LAST_BOUT, Replay, computer_lines, history

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game import saves  # noqa: E402

FAST = "?game=durak&players=2&seed=7&speed=instant&lang=en"

# read with each look at the table: the move history's lines, the last bout still shown
# (test_moves_ui.LAST_BOUT) and how many hand cards are dimmed
SEEN = ("() => [[...document.querySelectorAll('#moves li')].map((e) => e.textContent),"
        " (" + LAST_BOUT + ")(),"
        " document.querySelectorAll('.hand .card[aria-disabled=true]').length]")


def test_full_game_with_keys_a_reload_and_an_illegal_click(page, site):
    """One game of two through the DOM from its link (one boot): the hand is one tab stop
    with arrow keys; once a finished bout is shown while the human is to move, a reload
    resumes the same hand, table, status line and last bout, and after the next move a
    second reload the same last bout, move history and log line (check_a_reload_...); a
    dimmed card clicked shows the engine's reason and changes nothing; every computer move
    of a finished bout is in the move history (issue 11: the engine replayed in CPython is
    the oracle, test_moves_ui.Replay); the game is played to its end, with the deal's seed
    shown."""
    open_game(page, site.url + FAST)
    table = page.locator("#table[data-game=durak]")
    assert table.count() == 1
    # the deal is told (State.opening_events): the trump card, then who attacks whom
    deal = re.compile(r"The trump card is the (\w+) of (spades|hearts|diamonds|clubs)\.")
    assert deal.fullmatch(page.locator("#moves li").last.inner_text()), \
        page.locator("#moves li").last.inner_text()
    live = page.locator("#live").inner_text()
    assert deal.match(live) and re.search(r"(You attack Computer 1|Computer 1 attack(s|ed) you)",
                                          live), live
    check_hand_is_one_tab_stop(page)
    rng = random.Random(2)
    engine = Replay()
    checked = moves = 0
    reloaded = dimmed_clicked = False
    for _ in range(600):
        seen = look(page, MOVE_SELECTORS, extra=SEEN)
        if seen.state in ("game_over", "series_over"):
            break
        assert seen.state == "human", seen.state
        shown, last_bout, dimmed = seen.extra
        for bout in engine.bouts[:-1]:  # the bouts that are over: cleared from the table
            for line in computer_lines(bout):
                assert line in shown, (line, shown)
                checked += 1
        if not reloaded and moves >= 3 and last_bout:
            engine.feed(check_a_reload_resumes_the_table_and_the_last_bout(page, rng))
            reloaded = True
            continue
        if not dimmed_clicked and dimmed:
            check_illegal_click_shows_the_engines_reason(page)
            dimmed_clicked = True
            continue
        action = human_move(page, rng, seen)
        assert action, "the human is to act but nothing is clickable"
        engine.feed(action)
        moves += 1
    page.wait_for_selector("#table[data-over]")
    assert checked >= 10, "too few bouts were played to test anything"
    assert reloaded, "no bout ended while the human was to move"
    assert dimmed_clicked, "the game ended before a card was dimmed"
    result = page.locator("#result")
    assert result.is_visible()
    assert result.locator(".big").inner_text().strip()
    assert page.locator("#result [data-seed]").count() == 1  # the deal's seed is shown
    assert page.locator("[data-ui=new]").is_visible()


def check_a_reload_resumes_the_table_and_the_last_bout(page, rng: random.Random) -> str:
    """A reload mid-game resumes the same hand, table and status line; the finished bout
    still shown until the human's next move (issue 11) is shown again, rebuilt from the
    stored move history. Then the human's next move: the table shows the bout that move
    ended, or none, and a reload shows the same, with the move history and the line of
    what the computer did last. Returns that move's action text."""
    before = table_cards(page)
    hand_before = page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")
    status_before = page.locator("#status-line").inner_text()
    assert before and hand_before
    last_bout = page.evaluate(LAST_BOUT)
    assert last_bout
    taken_by = page.get_attribute("#table .last-bout", "data-taken-by")
    open_game(page, page.url, reload=True)
    assert wait_settled(page) == "human"
    assert table_cards(page) == before
    assert page.eval_on_selector_all(".hand [data-card]",
                                     "els => els.map(e => e.dataset.card)") == hand_before
    assert page.locator("#status-line").inner_text() == status_before
    assert page.evaluate(LAST_BOUT) == last_bout
    assert page.get_attribute("#table .last-bout", "data-taken-by") == taken_by
    # after the human's next move the table shows the bout that move ended, or none: a
    # reload shows the same; so does the move history, and the line of the computer's move
    action = human_move(page, rng)
    assert action, "the human is to act but nothing is clickable"
    wait_settled(page)
    again = page.evaluate(LAST_BOUT)
    history_before = history(page)
    log_before = page.locator("#table .log").inner_text()
    over = page.locator("#table[data-over]").count() > 0
    open_game(page, page.url, reload=True)
    wait_settled(page)
    assert page.evaluate(LAST_BOUT) == again
    assert history(page) == history_before
    if not over:
        assert log_before.strip() and page.locator("#table .log").inner_text() == log_before
    return action


def test_corrupt_save_is_backed_up_then_the_language_switch(page, site):
    """One boot: a corrupt save is backed up and reported (check_corrupt_...), then the
    language switch on the same lobby (check_language_switch_...)."""
    store(page, {saves.SESSION_KEY: "{not json"})  # there before the page's first boot
    open_game(page, site.url)
    check_corrupt_save_is_backed_up_and_reported(page)
    check_language_switch_changes_texts_and_is_remembered(page, site)


def check_corrupt_save_is_backed_up_and_reported(page):
    backups = page.evaluate(
        """() => Object.keys(localStorage).filter(k => k.startsWith('kortbordet.backup.'))
                   .map(k => [k, localStorage.getItem(k)])""")
    assert len(backups) == 1 and backups[0][0] == saves.backup_key(int(backups[0][0].split(".")[-1]))
    assert backups[0][1] == "{not json"
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert backups[0][0] in notice.inner_text()
    assert page.locator("[data-ui=start]").is_visible()  # a new game is offered
    assert page.evaluate("(k) => localStorage.getItem(k)", saves.SESSION_KEY) is None


def test_hostile_url_parameter_is_shown_as_text(page, site):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    evil = "<img src=x onerror=alert(1)>"
    open_game(page, site.url + "?game=durak&players=" + quote(evil))
    notice = page.locator("#notice")
    assert notice.is_visible()
    text = notice.inner_text()
    assert "players" in text and evil in text  # named setting, value shown as plain text
    assert "2" in text and "6" in text  # the allowed values
    assert page.locator("img").count() == 0
    assert page.locator("#notice *:not(p):not(button)").count() == 0
    page.wait_for_timeout(200)
    assert not dialogs
    assert page.locator("[data-ui=start]").is_visible()


def check_language_switch_changes_texts_and_is_remembered(page, site):
    lang0 = page.evaluate("document.documentElement.lang")
    start0 = page.locator("[data-ui=start]").inner_text()
    page.click("#lang-switch")
    lang1 = page.evaluate("document.documentElement.lang")
    assert lang1 != lang0 and lang1 in ("sv", "en")
    start1 = page.locator("[data-ui=start]").inner_text()
    assert start1 != start0
    assert start1 == {"sv": "Starta spelet", "en": "Start game"}[lang1]
    # the live region's name too (it read "log" in Swedish)
    assert page.locator("#live").get_attribute("aria-label") == \
        {"sv": "Drag vid bordet", "en": "Moves at the table"}[lang1]
    open_game(page, site.url, reload=True)
    assert page.evaluate("document.documentElement.lang") == lang1
    assert page.locator("[data-ui=start]").inner_text() == start1
    # Card names for screen readers follow the language too.
    page.click("[data-ui=start]")
    label = page.locator(".hand [data-card]").first.get_attribute("aria-label")
    suits = {"sv": ("spader", "hjärter", "ruter", "klöver"),
             "en": ("spades", "hearts", "diamonds", "clubs")}[lang1]
    assert any(s in label for s in suits), label


def check_illegal_click_shows_the_engines_reason(page):
    """A dimmed card clicked (the human is to move) shows the engine's reason and
    changes nothing."""
    hand_before = table_cards(page)
    dimmed = page.locator(".hand .card[aria-disabled=true]")
    dimmed.first.click(force=True)  # aria-disabled cards stay clickable (they explain why)
    reason = page.locator("#reason")
    assert reason.is_visible()
    assert len(reason.inner_text().strip()) > 5
    assert table_cards(page) == hand_before  # nothing changed

def check_hand_is_one_tab_stop(page):
    wait_settled(page)
    cards = page.locator(".hand .card")
    assert cards.count() >= 2
    assert page.locator(".hand .card[tabindex='0']").count() == 1
    for i in range(cards.count()):
        el = cards.nth(i)
        assert el.evaluate("e => e.tagName") == "BUTTON"
        assert el.get_attribute("aria-label")
    page.locator(".hand .card[tabindex='0']").focus()
    first = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("End")
    last = page.evaluate("document.activeElement.dataset.card")
    assert last == cards.last.get_attribute("data-card") and last != first
    assert page.locator(".hand .card[tabindex='0']").count() == 1
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == \
        cards.nth(cards.count() - 2).get_attribute("data-card")


def test_both_languages_have_every_text():
    """Plain Python (no browser): sv and en hold the same keys, card names as specified."""
    from game.i18n import TEXTS, card_name, pick_lang

    assert set(TEXTS["sv"]) == set(TEXTS["en"])
    assert all(TEXTS["sv"][k].strip() and TEXTS["en"][k].strip() for k in TEXTS["en"])
    assert card_name("sv", "QS") == "spader dam" and card_name("en", "QS") == "queen of spades"
    assert card_name("sv", "10H") == "hjärter tio" and card_name("en", "10H") == "ten of hearts"
    assert card_name("sv", "back") == "nedvänt kort" and card_name("en", "back") == "face-down card"
    assert pick_lang("sv-SE") == "sv" and pick_lang("en-US") == "en" and pick_lang("") == "en"
