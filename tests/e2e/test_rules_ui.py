"""The rules pages through the DOM (Playwright, Chromium): each game's rules opened from the
lobby in Swedish and English (headings from game.rulebook, examples drawn as named cards,
the language switch), a setting's effect shown, the rules opened from a running Dunka
table and Back to the very same table, ``?rules=tonk`` and a bad ``?rules=`` link, and an
axe-core audit of a rules page. The browser's history: opening the rules pushes one entry
(``?rules=<game>``), the browser's Back returns to the lobby or the same table, contents
links add no entry, a reload reopens the rules; an embedded frame of rules only offers no
Back; leaving a lesson for the lobby drops its parameters from the URL.

Uses conftest.py's fixtures: any console error, page error, failed request or request to
another origin fails the test.
"""

from __future__ import annotations

import json

from a11y import check_a11y
from browser_harness import open_game
from durak_driver import tap, wait_settled

from game import rulebook
from game.i18n import card_name, t

GAMES = ("durak", "dunka", "elvakort", "tonk")


def headings(page) -> list[str]:
    return page.eval_on_selector_all("#rules .rules-sec > h3 > span:first-child",
                                     "els => els.map(e => e.textContent)")


def check_page(page, game: str, lang: str) -> None:
    """The rules page of ``game`` in ``lang`` is shown over a hidden #screen, with every
    section of the rulebook, a table of contents and examples drawn as named cards."""
    rules = page.locator("#rules")
    assert rules.is_visible() and not page.locator("#screen").is_visible()
    assert rules.get_attribute("data-game") == game
    title = page.locator("#rules-h").inner_text()
    assert title == t(lang, "rb_title", game=t(lang, f"game_{game}"))
    book = rulebook.book(game, lang)
    assert headings(page) == [p.heading for p in book]
    assert page.locator("#rules .rules-toc a").all_inner_texts() == [p.heading for p in book]
    fair = page.locator("#rules .rules-fair p").all_inner_texts()
    assert fair == [t(lang, "rb_fairness"), t(lang, f"rb_fairness_hard_{game}")]
    # house rules carry the badge
    house = [p.key for p in book if p.house]
    assert house and page.locator("#rules .rules-sec.house").count() == len(house)
    assert t(lang, "rb_house") in page.locator(f"#r-{game}-{house[0]} h3").inner_text()
    # the examples: real card elements of the tables, each with its spoken name
    cards = page.locator("#rules .rules-ex .card")
    expected = [c for p in book for groups, _, _ in p.examples for g in groups
                for c in g.split() if c not in ("set", "run", "beat")]
    assert cards.count() == len(expected) > 0
    names = cards.evaluate_all("els => els.map(e => [e.getAttribute('role'), "
                               "e.getAttribute('aria-label'), e.dataset.card])")
    assert [n[2] for n in names] == expected
    for role, label, card in names:
        assert role == "img" and label == card_name(lang, card), (card, label)


def test_each_game_from_the_lobby_in_both_languages(page, site):
    open_game(page, site.url + "?lang=sv")
    for game in GAMES:
        page.locator(f"input[name=game][value={game}]").check()
        opener = page.locator("[data-ui=rules-open]")
        assert opener.inner_text() == t("sv", "rb_btn_game", game=t("sv", f"game_{game}"))
        tap(opener)
        check_page(page, game, "sv")
        assert page.locator("[data-ui=lobby]").is_hidden()  # Back is the way out
        tap(page.locator("#lang-switch"))                    # the switch redraws the page
        check_page(page, game, "en")
        assert page.locator("html").get_attribute("lang") == "en"
        tap(page.locator("#lang-switch"))
        check_page(page, game, "sv")
        tap(page.locator("#rules [data-ui=rules-back]").first)
        assert page.locator("#rules").is_hidden() and page.locator("#screen").is_visible()
        assert page.locator(f"input[name=game][value={game}]").is_checked()
        assert page.evaluate("document.activeElement.dataset.ui") == "rules-open"
    # the same lobby in English: a setting's effect is shown
    tap(page.locator("#lang-switch"))
    page.wait_for_function("document.documentElement.lang === 'en'")
    check_the_lobby_settings_effect_is_shown(page)


def check_the_lobby_settings_effect_is_shown(page):
    page.locator("input[name=game][value=durak]").check()
    page.locator("#rule-transfer").check()
    page.select_option("#rule-throw_in", label=t("en", "throw_in_attacker"))
    tap(page.locator("[data-ui=rules-open]"))
    note = page.locator("#r-durak-transfer .rules-setting")
    assert note.get_attribute("data-value") == "on"
    assert note.inner_text() == rulebook.setting_note("durak", "transfer", True, "en", "lobby")
    assert "pass the attack on" in note.inner_text()
    throw = page.locator("#r-durak-throw_in .rules-setting")
    assert throw.get_attribute("data-value") == "attacker"
    assert "Only the attacker throws in." in throw.inner_text()
    tap(page.locator("#rules [data-ui=rules-back]").last)
    page.locator("#rule-transfer").uncheck()
    tap(page.locator("[data-ui=rules-open]"))
    assert page.locator("#r-durak-transfer .rules-setting").get_attribute("data-value") == "off"
    assert "beat or take" in page.locator("#r-durak-transfer .rules-setting").inner_text()


def test_rules_from_a_running_dunka_table_and_back_to_the_same_position(page, site):
    open_game(page, site.url + "?game=dunka&players=3&seed=5&speed=instant&lang=en"
              "&max_reshuffles=5")
    assert wait_settled(page) == "human"
    page.wait_for_timeout(300)

    def position():
        return page.evaluate("""() => ({
            hand: [...document.querySelectorAll('.hand .card')].map(c => c.dataset.card),
            pile: document.querySelector('[data-pile]')?.dataset.pile,
            stock: document.querySelector('[data-stock]')?.dataset.stock,
            status: document.querySelector('#status-line')?.textContent,
            waiting: document.querySelector('#table')?.dataset.waiting,
            buttons: [...document.querySelectorAll('#table .actions button')].map(
                b => [b.dataset.ui, b.getAttribute('aria-disabled')]),
            save: localStorage.getItem('kortbordet.v1.session')})""")

    before = position()
    assert before["hand"] and before["save"] and before["buttons"]
    tap(page.locator("#table [data-ui=rules-open]"))
    check_page(page, "dunka", "en")
    assert page.locator("#rules .rules-page").get_attribute("data-where") == "table"
    note = page.locator("#r-dunka-house_reshuffles .rules-setting")
    assert note.inner_text().startswith(t("en", "rb_at_table"))
    assert "at most 5 times" in note.inner_text()
    assert page.locator("#rules [data-ui=rules-back]").first.inner_text().endswith(
        t("en", "rb_back_table"))
    page.wait_for_timeout(600)  # nothing moves at the table while the rules are read
    tap(page.locator("#rules [data-ui=rules-back]").first)
    assert page.locator("#rules").is_hidden()
    wait_settled(page)
    after = position()
    assert after == before
    assert page.evaluate("document.activeElement.dataset.ui") == "rules-open"
    # the same table: the browser's Back from its rules returns to it
    check_browser_back_from_rules_returns_to_the_same_dunka_table(page)


def test_rules_link_bad_link_and_accessibility(page, site):
    open_game(page, site.url + "?rules=tonk&lang=en")
    check_page(page, "tonk", "en")
    stake = page.locator("#r-tonk-stakes .rules-setting")
    assert stake.inner_text().startswith(t("en", "rb_in_lobby")) and "1 chip" in stake.inner_text()
    check_a11y(page, "rules page (Tonk)")
    # a table-of-contents link goes to its section
    tap(page.locator("#rules .rules-toc a[data-rules-link=knock]"))
    page.wait_for_function("location.hash === '#r-tonk-knock'")
    page.keyboard.press("Escape")  # Escape is Back
    assert page.locator("#rules").is_hidden() and page.locator("#lobby-h").is_visible()
    assert "rules=" not in page.url  # a reload does not bring the rules page back

    open_game(page, site.url + "?rules=poker&lang=en")
    notice = page.locator("#notice-text").inner_text()
    assert "rules" in notice and "poker" in notice and "durak" in notice
    assert page.url == site.url + "?lang=en", page.url  # a reload is not refused again
    assert page.locator("#rules").is_hidden() and page.locator("#lobby-h").is_visible()
    saved = page.evaluate("localStorage.getItem('kortbordet.v1.session')")
    assert saved is None or json.loads(saved)  # nothing was replaced or broken
    # over a saved game the bad rules link says that the saved game is what is shown
    open_game(page, site.url + "?game=tonk&players=2&seed=3&lang=en")
    open_game(page, site.url + "?rules=poker&lang=en")
    assert page.locator("#table[data-game=tonk]").count() == 1
    notice = page.locator("#notice-text").inner_text()
    assert "poker" in notice and "Nothing new was started" in notice, notice


def lobby_shown(page) -> bool:
    return page.locator("#rules").is_hidden() and page.locator("#lobby-h").is_visible()


def test_leaving_a_lesson_then_browser_back_from_rules_opened_in_the_lobby(page, site):
    """Leaving a lesson for the lobby drops its parameters from the URL; on that lobby,
    the browser's Back from the rules, contents links, and a reload of the rules (which
    does not restart the lesson): two boots."""
    open_game(page, site.url + "?positionfile=static/examples/durak.json&lang=sv")
    page.wait_for_selector("#table[data-game=durak]")
    tap(page.locator("[data-ui=lobby]").first)
    page.locator("#lobby-h").wait_for()
    assert page.url == site.url + "?lang=sv"  # a reload does not restart the lesson
    entries = page.evaluate("history.length")
    tap(page.locator("[data-ui=rules-open]"))
    check_page(page, "durak", "sv")
    assert page.url == site.url + "?lang=sv&rules=durak"  # the entry says where it is
    assert page.evaluate("history.length") == entries + 1
    page.go_back()
    page.wait_for_function("!location.search.includes('rules')")
    assert page.url == site.url + "?lang=sv"  # still on the site, not about:blank
    page.wait_for_function("document.querySelector('#rules').hidden")
    assert lobby_shown(page)
    assert page.evaluate("document.activeElement.dataset.ui") == "rules-open"

    # a contents link scrolls to its section and adds no entry: one Back is the lobby
    tap(page.locator("[data-ui=rules-open]"))
    tap(page.locator("#rules .rules-toc a[data-rules-link=throw_in]"))
    page.wait_for_function("location.hash === '#r-durak-throw_in'")
    assert page.evaluate("document.activeElement.id") == "r-durak-throw_in-h"
    assert page.evaluate("window.scrollY") > 300
    page.go_back()
    page.wait_for_function("document.querySelector('#rules').hidden")
    assert page.url == site.url + "?lang=sv" and lobby_shown(page)

    # a reload of ?rules=durak opens the rules again, and not the lesson left
    tap(page.locator("[data-ui=rules-open]"))
    assert page.url == site.url + "?lang=sv&rules=durak"
    open_game(page, page.url, reload=True)
    check_page(page, "durak", "sv")
    assert page.url == site.url + "?lang=sv&rules=durak"
    assert page.locator("#teach").count() == 0 or page.locator("#teach").is_hidden()


def test_the_pages_back_button_uses_the_same_history_entry(page, site):
    """The rules' own Back leaves the rules' entry like the browser's Back: afterwards one
    browser Back leaves the site (no extra entry), Forward shows the rules again."""
    open_game(page, site.url + "?lang=en")
    tap(page.locator("[data-ui=rules-open]"))
    tap(page.locator("#rules .rules-toc a[data-rules-link=transfer]"))
    page.wait_for_function("location.hash === '#r-durak-transfer'")
    tap(page.locator("#rules [data-ui=rules-back]").last)
    page.wait_for_function("location.search === '?lang=en' && !location.hash")
    assert lobby_shown(page)
    page.go_forward()
    page.wait_for_function("!document.querySelector('#rules').hidden")
    check_page(page, "durak", "en")
    page.keyboard.press("Escape")  # Escape is the same Back
    page.wait_for_function("location.search === '?lang=en'")
    assert lobby_shown(page)
    page.go_back()
    assert page.url == "about:blank"  # the entry before the site: nothing was added


def check_browser_back_from_rules_returns_to_the_same_dunka_table(page):
    assert wait_settled(page) == "human"
    page.wait_for_timeout(300)
    state = """() => ({
        hand: [...document.querySelectorAll('.hand .card')].map(c => c.dataset.card),
        pile: document.querySelector('[data-pile]')?.dataset.pile,
        waiting: document.querySelector('#table')?.dataset.waiting,
        save: localStorage.getItem('kortbordet.v1.session')})"""
    before = page.evaluate(state)
    assert before["hand"] and before["save"]
    url = page.url
    tap(page.locator("#table [data-ui=rules-open]"))
    check_page(page, "dunka", "en")
    assert "rules=dunka" in page.url and "lang=en" in page.url
    page.go_back()
    page.wait_for_function("document.querySelector('#rules').hidden")
    assert page.url == url
    assert page.locator("#table").is_visible() and page.locator("#lobby-h").count() == 0
    wait_settled(page)
    assert page.evaluate(state) == before


def test_an_embedded_frame_of_rules_offers_no_back_to_a_missing_table(page, site):
    open_game(page, site.url + "?embed=1&rules=tonk&lang=en")
    check_page(page, "tonk", "en")
    assert page.locator("#rules [data-ui=rules-back]").count() == 0
    assert page.locator("#table").count() == 0  # a frame of rules only starts no table
    assert t("en", "rb_back_table") not in page.locator("#rules").inner_text()
    page.keyboard.press("Escape")  # nothing to go back to: the rules stay
    assert page.locator("#rules").is_visible()
    assert page.url == site.url + "?embed=1&rules=tonk&lang=en"  # a frame adds no entries


def test_rules_opened_from_a_phone_table_fit_the_screen(page, site):
    """At a 320 px table the drawer's button sits in the top bar; over the rules page,
    where it has nothing to open, it is gone (it made the page 375 px wide and did nothing
    when tapped) and comes back with the table."""
    page.set_viewport_size({"width": 320, "height": 640})
    open_game(page, site.url + "?game=tonk&players=2&seed=5&lang=en")
    toggle = page.locator("#top .drawer-toggle")
    assert toggle.is_visible()
    tap(toggle)
    tap(page.locator("#table [data-ui=rules-open]").first)
    check_page(page, "tonk", "en")
    assert toggle.is_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    tap(page.locator("#rules [data-ui=rules-back]").first)
    assert page.locator("#rules").is_hidden() and toggle.is_visible()
