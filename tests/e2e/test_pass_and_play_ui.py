"""Pass-and-play through the DOM (issue 12, Playwright + Chromium): several people at one
screen. A three-person Dunka round (two people, one computer) with a claim of a discard by
a person out of turn; a Durak game of two people and one computer to its end; while a
"Pass to" screen or a prompt shows, no face-up card of any hand is in the DOM; a reload
mid-game shows the "Pass to" screen; names with markup in them are shown as text.

Uses conftest.py's fixtures: any console error, page error, failed request or request to
another origin fails the test.
"""

from __future__ import annotations

import json
import random


import dunka_driver
import durak_driver
from browser_harness import open_game
from durak_driver import tap

LOBBY = "?lang=en&speed=instant"
NAMES = ["Anna", "<b>Bo</b>"]


def settle(page, timeout_ms: int = 60_000) -> str:
    """Wait for a screen that waits for a person: ``"pass"``, ``"claim"``, ``"throw"``
    (the pass-and-play screens) or the table's ``data-waiting`` ("human", "game_over",
    "series_over")."""
    page.wait_for_function(
        """() => { const p = document.querySelector('#privacy');
                   if (p) return true;
                   const t = document.querySelector('#table');
                   return t && (t.dataset.waiting === 'human' || t.hasAttribute('data-over')
                                || t.dataset.waiting === 'game_over'
                                || t.dataset.waiting === 'series_over'); }""",
        timeout=timeout_ms, polling=20)
    return page.evaluate("""() => { const p = document.querySelector('#privacy');
        return p ? p.dataset.screen : document.querySelector('#table').dataset.waiting; }""")


def hidden_hands(page) -> None:
    """The DOM holds no hand and no face-up card but the public ones of a prompt (the
    discard asked about, the cards of the bout) and a public card still fading on its way
    from the pile or a meld to a seat (static/js/motion.js's ``.motion-ghost``, made only
    of discard-pile, bout, meld and spread cards)."""
    faces = page.eval_on_selector_all(
        "[data-card]", "els => els.filter(e => e.dataset.card !== 'back'"
        " && !e.closest('#pp-card') && !e.closest('.pp-bout')"
        " && !e.classList.contains('motion-ghost')).map(e => e.dataset.card)")
    assert faces == [], f"face-up cards while the table is hidden: {faces}"
    assert page.locator(".hand, #table").count() == 0


def start(page, site, game: str, count: int, kinds: str, same_name_first=False) -> None:
    """From the lobby: ``game`` with ``count`` seats, ``kinds`` one letter a seat (h: a
    person, named from NAMES, b: a computer). ``same_name_first``: first try every
    person named NAMES[0] (refused with a message, nothing starts)."""
    open_game(page, site.url + LOBBY)
    page.check(f"input[name=game][value={game}]")
    page.select_option("#lobby-players", str(count))
    for i, kind in enumerate(kinds):
        page.select_option(f"#lobby-kind-{i}", "human" if kind == "h" else "bot")
    persons = [i for i, kind in enumerate(kinds) if kind == "h"]
    if same_name_first:
        size = page.viewport_size
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: the notice is far
        for i in persons:
            page.fill(f"#lobby-name-{i}", NAMES[0])
        tap(page.locator("[data-ui=start]"))
        notice = page.locator("#notice-text").inner_text()
        assert "same name" in notice and NAMES[0] in notice, notice
        assert page.locator("#table, #privacy").count() == 0, "two Annas were accepted"
        assert page.locator(f"#lobby-name-{persons[1]}[aria-invalid=true]").count() == 1
        # said beside the field, in view when the field has the focus (a phone's notice is
        # above the fold then)
        beside = page.locator("#lobby-name-error")
        assert beside.inner_text() == notice and beside.is_visible()
        box, view = beside.bounding_box(), page.viewport_size
        assert 0 <= box["y"] and box["y"] + box["height"] <= view["height"], box
        page.set_viewport_size(size)
    for k, i in enumerate(persons):
        page.fill(f"#lobby-name-{i}", NAMES[k])
    tap(page.locator("[data-ui=start]"))


def pass_screen(page, expect_names=NAMES, fresh=False) -> str:
    """Check the "Pass to" screen hides every hand and names a person as text; tap
    "show my cards". Returns the name. Unless the page was just reloaded (``fresh``),
    what happened since the person's last turn does not repeat their own discard."""
    hidden_hands(page)
    assert page.locator("#live").inner_text() == "", "a sentence told to someone else"
    title = page.locator("#pp-h").inner_text()
    name = title.removeprefix("Pass to ")
    assert name in expect_names, title
    if not fresh:
        since = page.locator("#pp-since li").all_inner_texts()
        own = [line for line in since  # the table tells the person in turn as "You"
               if line.startswith(("You discard", f"{name} discards"))]
        assert not own, f"{name}'s own earlier discard shown as news: {since}"
    assert page.locator("#privacy b").count() == 0  # the name is text, not markup
    tap(page.locator("#pp-show"))
    return name


def test_three_person_dunka_round_with_a_claim_out_of_turn_then_a_reload(page, site):
    start(page, site, "dunka", 3, "hhb", same_name_first=True)
    rng = random.Random(4)
    claimed = passes = 0
    seen_names = set()
    reloaded = just_reloaded = False
    holder = after_prompt = None  # who saw the table last; that person at a claim prompt
    for _ in range(1500):
        screen = settle(page)
        if screen == "pass":
            name = pass_screen(page, fresh=just_reloaded)
            holder, after_prompt = name, None
            seen_names.add(name)
            just_reloaded = False
            passes += 1
            continue
        # another person answered the prompt, so the device may be in their hands: the
        # table (a hand) never shows before a "Pass to" screen (a new user saw the
        # discarder's hand after pressing "Nobody" while a computer was in turn)
        assert not (after_prompt and screen == "human"), \
            f"{holder}'s hand shown straight after a claim prompt answered by another person"
        after_prompt = None
        if screen == "claim":
            hidden_hands(page)
            text = page.locator("#privacy").inner_text()
            assert "penalty card" in text, "the claim prompt does not tell of the penalty card"
            after_prompt = holder
            buttons = page.locator("[data-ui=pp-claim]")
            assert buttons.count() >= 1
            assert all(n in NAMES for n in buttons.all_inner_texts())
            if rng.random() < 0.7:
                assert page.locator("[data-ui=pp-claim-go]").get_attribute("aria-disabled") == "true"
                tap(buttons.nth(rng.randrange(buttons.count())))
                # a pressed name and "Nobody" are never both offered (found playing by hand)
                assert page.locator("[data-ui=pp-nobody]").get_attribute("aria-disabled") == "true"
                tap(page.locator("[data-ui=pp-claim-go]"))
                claimed += 1
            else:
                tap(page.locator("[data-ui=pp-nobody]"))
            # whoever answered may hold the device: no hand before a "Pass to" screen,
            # not even while a computer player thinks
            page.wait_for_selector("#privacy[data-screen=claim]", state="detached")
            assert page.locator(".hand").count() == 0, "a hand shown straight after the prompt"
            continue
        if page.locator("#round-result").count():
            break
        if passes >= 3 and not reloaded:
            open_game(page, site.url + LOBBY, reload=True)
            assert settle(page) == "pass", "a reload mid-game shows the 'Pass to' screen"
            hidden_hands(page)
            reloaded = just_reloaded = True
            continue
        assert screen == "human", screen
        assert page.locator(".me span").first.inner_text() == f"{holder}'s hand"
        dunka_driver.human_move(page, rng)
    else:
        raise AssertionError("the round did not end")
    assert claimed >= 1, "no person claimed a discard out of turn"
    assert seen_names == set(NAMES) and reloaded
    text = page.locator("#table").inner_text()  # the scoresheet and the round summary
    assert "<b>Bo</b>" in text and "Anna" in text
    assert page.locator("#screen b").count() == 0  # a name is text, never markup
    saved = json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.session')"))
    assert [p["name"] for p in saved["session"]["players"]][:2] == NAMES


def test_durak_of_two_people_and_a_computer_to_its_end(page, site):
    start(page, site, "durak", 3, "hbh")
    rng = random.Random(7)
    throws = 0
    for _ in range(1500):
        screen = settle(page)
        if screen == "pass":
            pass_screen(page)
            continue
        if screen == "throw":
            hidden_hands(page)
            throws += 1
            people = page.locator("[data-ui=pp-throw]")
            assert page.locator("#privacy .pp-bout .pair .attack").count() >= 1
            assert page.locator("[data-ui=pp-throw].primary").count() == 0  # none pre-chosen
            if rng.random() < 0.3:
                tap(page.locator("[data-ui=pp-nobody]"))
            else:
                tap(people.nth(rng.randrange(people.count())))
            continue
        if screen in ("game_over", "series_over") or page.locator("#table[data-over]").count():
            break
        assert screen == "human", screen
        assert durak_driver.human_move(page, rng)
    else:
        raise AssertionError("the game did not end")
    assert throws >= 1, "no throw-in prompt was met"
    tally = page.locator("#table").inner_text()
    assert "Anna" in tally or "<b>Bo</b>" in tally
    tap(page.locator("#table [data-ui=lobby]").first)  # the series in the lobby's history
    history = page.locator(".history li").first.inner_text()
    assert "Anna" in history and "<b>Bo</b>" in history and "Durak" in history, history
