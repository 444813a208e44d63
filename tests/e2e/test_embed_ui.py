"""Embedding and teaching positions in the browser (Playwright, Chromium): the example
teaching page static/examples/teach.html with one position of each game in an <iframe>,
the postMessage events its parent receives and the messages it sends, ``?embed=1`` that
never touches the visitor's saved game, refused positions, and the Hint button.

Uses conftest.py's fixtures: any console error, page error, failed request or request to
another origin fails the test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from browser_harness import open_game, resize
from durak_driver import tap, wait_settled

ROOT = Path(__file__).resolve().parents[2]
TEACH = "static/examples/teach.html"
FRAME_BOOT_MS = 240_000  # four runtimes boot side by side on two cores
SESSION_KEY = "kortbordet.v1.session"
PREFS_KEY = "kortbordet.prefs"
DURAK_LINK = ("?embed=1&lang=en&position=durak;names=You,Bo;h0=10H,KH,6S,8H,QC,7D;h1=?5;"
              "trump=JS;table=9H;attacker=1;seed=3&expect=beat%2010H%209H"
              "&prompt=Beat%20the%20nine%20of%20hearts")

# What each example position asks, the illegal move tried first (a hand card whose move the
# engine refuses, with its reason code) and how the expected move is played in the DOM.
FRAMES = {
    "durak": {"illegal_card": "8H", "code": "cannot_beat",
              "play": [".hand [data-card='10H']"],  # its only move: played at once
              "expect": "beat 10H 9H"},
    "dunka": {"illegal_card": "2C", "code": None,
              "play": ["[data-ui=laydown]"],  # its only way: laid down at once
              "expect": "meld 7S 7H 7D / KS KH KC"},
    "elvakort": {"illegal_card": "3C", "code": None,
                 "play": [".hand [data-card='8C']", "[data-action='layoff 8C m1']"],
                 "expect": "layoff 8C m1"},
    "tonk": {"illegal_card": "3S", "code": None,
             "play": ["[data-ui=knock]", "[data-ui=knock-confirm]"],  # Knock asks first
             "expect": "knock"},
}


def events(page, frame: str | None = None, kind: str | None = None) -> list[dict]:
    """The events the example page received (``window.kortbordetEvents``)."""
    got = page.evaluate("() => window.kortbordetEvents")
    return [e["data"] for e in got
            if (frame is None or e["frame"] == frame)
            and (kind is None or e["data"]["type"] == kind)]


def wait_event(page, frame: str, kind: str, count: int = 1, timeout: int = 30_000) -> dict:
    page.wait_for_function(
        """([f, k, n]) => window.kortbordetEvents.filter(
               e => e.frame === f && e.data.type === k).length >= n""",
        arg=[frame, kind, count], timeout=timeout, polling=100)
    return events(page, frame, kind)[-1]


def frame_of(page, name: str):
    return page.locator(f"#frame-{name}").element_handle().content_frame()


def open_teach_page(page, site) -> None:
    """Open the example page and boot its four tables, each scrolled into view in turn
    (an embedded table boots only near the screen: loading="lazy", static/js/start.mjs)."""
    page.goto(site.url + TEACH, wait_until="domcontentloaded")
    for name in FRAMES:
        page.locator(f"#frame-{name}").scroll_into_view_if_needed()
        wait_event(page, name, "ready", timeout=FRAME_BOOT_MS)


def test_a_teaching_page_boots_a_table_only_near_the_screen(page, site):
    """Issue 33: on a phone the example page boots its first table alone; the last one,
    screens further down, loads nothing, and boots when scrolled to, in the language the
    reader chose meanwhile."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url + TEACH, wait_until="domcontentloaded")
    wait_event(page, "durak", "ready", timeout=FRAME_BOOT_MS)
    page.wait_for_timeout(1500)
    assert [name for name in FRAMES if events(page, name, "ready")] == ["durak"]
    assert "index.html" not in frame_of(page, "tonk").url, "the last table loaded off screen"
    tap(page.locator("[data-set-lang=en]"))
    page.locator("#frame-tonk").scroll_into_view_if_needed()
    wait_event(page, "tonk", "ready", count=2, timeout=FRAME_BOOT_MS)  # booted, then set-lang
    tonk = frame_of(page, "tonk")
    assert tonk.evaluate("document.documentElement.lang") == "en"
    assert "Your task" in tonk.locator("#teach-prompt").inner_text()


def test_example_page_positions_messages_and_foreign_frames(page, site):
    """The example teaching page, its four frames booted once: each position explains an
    illegal move, gives a hint and praises the answer; the page's language switch and the
    messages a parent sends; a frame with another ``origin=`` and one with an invalid
    ``origin=`` added to the same page."""
    open_teach_page(page, site)
    for name, spec in FRAMES.items():
        ready = events(page, name, "ready")[0]
        assert ready["source"] == "kortbordet" and ready["version"] == 1
        assert ready["game"] == name and ready["lang"] == "sv" and ready["position"] is True
        frame = frame_of(page, name)
        assert frame.locator("body.embed").count() == 1
        assert not frame.locator("#top").is_visible() and not frame.locator("#bottom").is_visible()
        prompt = frame.locator("#teach-prompt-text").inner_text()
        assert prompt and prompt == ready["prompt"]

        # an illegal move: the frame says why, the parent gets the same reason
        frame.locator(f".hand [data-card='{spec['illegal_card']}']").click(
            position={"x": 8, "y": 16}, force=True)  # aria-disabled: not playable
        frame.wait_for_function("document.getElementById('reason').textContent.length > 5")
        reason = frame.locator("#reason").inner_text().strip()
        illegal = wait_event(page, name, "illegal")
        assert illegal["reason"] == reason and illegal["code"]
        assert spec["illegal_card"] in illegal["action"]
        if spec["code"]:
            assert illegal["code"] == spec["code"]
        assert not events(page, name, "action"), "an illegal move is not played"

        # the Hint button shows (and highlights) the move without playing it
        tap(frame.locator("[data-ui=teach-hint]"))
        frame.wait_for_function("document.getElementById('reason').textContent.startsWith('Tips')")
        assert frame.locator(".hinted").count() >= (0 if name == "tonk" else 1)
        assert not events(page, name, "action")

        # the expected move, played through the table: praised in the frame and the parent
        for selector in spec["play"]:
            tap(frame.locator(selector).first)
        frame.wait_for_selector("#teach-feedback[data-correct=true]", timeout=15_000)
        verdict = frame.locator("#teach-feedback .teach-verdict").inner_text()
        assert verdict.startswith("Rätt!"), verdict
        expected = wait_event(page, name, "expected")
        assert expected["correct"] is True and expected["expected"] == spec["expect"]
        action = events(page, name, "action")[0]
        assert action["by"] == "human" and action["action"] == spec["expect"]
        assert action["name"] == "Du"
        # the parent's own log shows them too
        log = page.locator(f"#log-{name}").inner_text()
        assert "ready" in log and "illegal" in log and "expected" in log

    # no frame wrote anything to the visitor's storage (the parent is on the same origin)
    assert page.evaluate(f"localStorage.getItem('{SESSION_KEY}')") is None
    assert page.evaluate(f"localStorage.getItem('{PREFS_KEY}')") is None

    import a11y
    a11y.check_a11y(page, "teaching example page")

    # the same page (its four frames booted once for all): the language switch and the
    # parent's messages, then two frames of another origin or an invalid one
    check_language_switch_and_messages_from_the_parent(page)
    check_a_frame_with_another_origin_set_neither_sends_nor_listens(page)
    check_an_invalid_origin_fails_closed_and_says_so_in_the_frame(page)


def check_language_switch_and_messages_from_the_parent(page):
    frame = frame_of(page, "durak")
    sv_prompt = frame.locator("#teach-prompt-text").inner_text()
    # the page's own language switch sends set-lang to every frame
    tap(page.locator("[data-set-lang=en]"))
    for name in FRAMES:
        wait_event(page, name, "ready", count=2)
        assert events(page, name, "ready")[-1]["lang"] == "en"
    assert frame.evaluate("document.documentElement.lang") == "en"
    en_prompt = frame.locator("#teach-prompt-text").inner_text()
    assert en_prompt != sv_prompt and "nine of hearts" in en_prompt
    assert "Your task" in frame.locator("#teach-prompt").inner_text()

    def post(msg, target="durak"):
        page.evaluate("([id, m]) => document.getElementById(id).contentWindow"
                      ".postMessage(m, window.location.origin)", [f"frame-{target}", msg])

    # load-position: a new position with its prompt kept as plain text (HTML is not parsed)
    hostile = "<img src=x onerror=\"window.pwned=1\"><b>Knock?</b>"
    post({"type": "load-position", "position": "tonk;names=You,Bo;h0=AC,AD,2S,2H,3C;h1=?5;"
          "pile=9C;turn=0;seed=2", "prompt": hostile, "expect": "knock"})
    wait_event(page, "durak", "ready", count=3)
    last = events(page, "durak", "ready")[-1]
    assert last["game"] == "tonk" and last["position"] is True and last["prompt"] == hostile
    assert frame.locator("#table[data-game=tonk]").count() == 1
    assert frame.locator("#teach-prompt-text").inner_text() == hostile
    assert frame.locator("#teach img, #teach b").count() == 0
    assert frame.evaluate("window.pwned") is None

    # hostile or malformed messages: answered with an error event, nothing changes
    bad = [{"type": "load-position", "position": 12},
           {"type": "load-position", "position": "durak;h0=6H,6H;h1=?5;trump=7S"},
           {"type": "new-game", "game": "durak", "players": "9"},
           {"type": "new-game", "game": "chess", "players": 2},
           {"type": "set-lang", "lang": "<script>"}]
    for i, msg in enumerate(bad, start=1):
        post(msg)
        err = wait_event(page, "durak", "error", count=i)
        assert err["code"] and err["text"], err
    codes = [e["code"] for e in events(page, "durak", "error")]
    assert codes[0] == "bad_message" and codes[1] == "position_card_twice", codes
    assert codes[2] == "bad_message" and codes[3] == "setting_game", codes
    assert frame.locator("#table[data-game=tonk]").count() == 1  # still the loaded position
    # unknown types and non-objects are ignored silently
    post({"type": "format-disk"})
    post("new-game")
    # a message the frame posts to itself is not from its parent: ignored
    frame.evaluate("window.postMessage({type: 'set-lang', lang: 'sv'}, '*')")
    page.wait_for_timeout(500)
    assert len(events(page, "durak", "error")) == len(bad)
    assert frame.evaluate("document.documentElement.lang") == "en"
    # judged by type and size before Python reads it (static/js/messages.js, issue 32): a
    # huge string is not an object (ignored), a huge object is refused unread for its length
    page.evaluate("(id) => { const w = document.getElementById(id).contentWindow;"
                  " w.postMessage('x'.repeat(2e7), window.location.origin);"
                  " w.postMessage({type: 'load-position', position: 'x'.repeat(2e7)},"
                  " window.location.origin); }", "frame-durak")
    err = wait_event(page, "durak", "error", count=len(bad) + 1)
    assert err["code"] == "bad_message" and "longer than 8000 characters" in err["text"], err
    assert frame.locator("#table[data-game=tonk]").count() == 1

    # the last card of the game: the action, the answer and the end reach the parent
    post({"type": "load-position", "position": "durak;names=You,Bo;h0=10H;h1=QS,7C,8D;"
          "trump=JS;talon=;table=9H;attacker=1", "expect": "beat 10H 9H",
          "prompt": {"sv": "Sista kortet!", "en": "Your last card!"}})
    wait_event(page, "durak", "ready", count=4)
    assert frame.locator("#teach-prompt-text").inner_text() == "Your last card!"
    tap(frame.locator(".hand [data-card='10H']"))
    over = wait_event(page, "durak", "gameover")
    assert over["outcome"]["durak"] == 1 and over["outcome"]["out_order"] == [0]
    assert over["summary"]
    assert events(page, "durak", "expected")[-1]["correct"] is True
    # the event comes with the move; the table shows the last beat on it for the speed's
    # delay before the result (App.show_interim)
    frame.wait_for_selector("#table[data-over]")
    assert frame.locator("#table[data-over]").count() == 1

    # new-game: a normal embedded game (no position), hints off by default
    post({"type": "new-game", "game": "durak", "players": 3, "seed": 7,
          "rules": {"transfer": True}})
    wait_event(page, "durak", "ready", count=5)
    assert events(page, "durak", "ready")[-1]["position"] is False
    assert frame.locator("#table[data-game=durak] .seat").count() == 2
    assert frame.locator("#teach").is_hidden()


def check_a_frame_with_another_origin_set_neither_sends_nor_listens(page):
    """``?origin=`` names the only page allowed to talk to the table: embedded by another
    origin, it sends no event and ignores that page's messages."""
    page.evaluate("""() => {
        const f = document.createElement('iframe');
        f.id = 'frame-strange'; f.title = 'strange';
        f.src = '../../index.html?embed=1&lang=sv&game=durak&players=2&origin=https://example.org';
        document.body.appendChild(f);
        f.scrollIntoView();  // a table boots near the screen
    }""")
    frame = page.locator("#frame-strange").element_handle().content_frame()
    frame.wait_for_function("document.documentElement.dataset.boot === 'ready'",
                            timeout=FRAME_BOOT_MS)
    page.evaluate("document.getElementById('frame-strange').contentWindow"
                  ".postMessage({type: 'set-lang', lang: 'en'}, '*')")
    page.wait_for_timeout(800)
    assert frame.evaluate("document.documentElement.lang") == "sv"
    assert not [e for e in page.evaluate("window.kortbordetEvents")
                if e["frame"] not in FRAMES]


def check_an_invalid_origin_fails_closed_and_says_so_in_the_frame(page):
    """``origin=javascript:alert(1)``: the frame sends nothing (no error, no ready), takes
    no message from its parent, and shows the bad-link message itself."""
    page.evaluate("""() => {
        const f = document.createElement('iframe');
        f.id = 'frame-badorigin'; f.title = 'bad origin';
        window.badOriginGot = [];
        window.addEventListener('message', (ev) => {
            if (ev.source === f.contentWindow) window.badOriginGot.push(ev.data);
        });
        f.src = '../../index.html?embed=1&lang=en&game=durak&players=2'
              + '&origin=javascript:alert(1)';
        document.body.appendChild(f);
        f.scrollIntoView();  // a table boots near the screen
    }""")
    frame = page.locator("#frame-badorigin").element_handle().content_frame()
    frame.wait_for_function("document.documentElement.dataset.boot === 'ready'",
                            timeout=FRAME_BOOT_MS)
    page.evaluate("document.getElementById('frame-badorigin').contentWindow"
                  ".postMessage({type: 'set-lang', lang: 'sv'}, '*')")
    page.wait_for_timeout(800)
    assert frame.evaluate("document.documentElement.lang") == "en"
    assert "“origin” must be an origin" in frame.locator("body").inner_text()
    assert page.evaluate("window.badOriginGot") == []  # not even error or ready


def seed_saved_game(page, site) -> str:
    open_game(page, site.url + "?game=durak&players=2&seed=11&speed=instant")
    wait_settled(page)
    saved = page.evaluate(f"localStorage.getItem('{SESSION_KEY}')")
    assert saved and json.loads(saved)["session"]["seed"] == 11
    return saved


def test_embed_shows_the_table_only_and_never_touches_the_saved_game(page, site):
    saved = seed_saved_game(page, site)
    prefs = page.evaluate(f"localStorage.getItem('{PREFS_KEY}')")
    for width in (360, 800):  # one boot, resized (the app lays out again on resize)
        if width == 360:
            page.set_viewport_size({"width": width, "height": 760})
            open_game(page, site.url + "?embed=1&game=tonk&players=2&seed=5&lang=en&speed=instant")
        else:
            resize(page, width, 760)  # App.on_resize lays the table out again
        assert page.locator("body.embed").count() == 1
        assert not page.locator("#top").is_visible() and not page.locator("#bottom").is_visible()
        assert page.locator("#table[data-game=tonk]").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
        wait_settled(page)
        tap(page.locator("#table [data-action]:not([aria-disabled=true])").first)
        wait_settled(page)
    assert page.evaluate(f"localStorage.getItem('{SESSION_KEY}')") == saved
    assert page.evaluate(f"localStorage.getItem('{PREFS_KEY}')") == prefs
    assert page.evaluate("localStorage.getItem('kortbordet.v1.previous')") is None
    # a reload of the embedded link deals the link's game again, not the visitor's
    open_game(page, "", reload=True)
    assert page.locator("#table[data-game=tonk]").count() == 1
    # a teaching link in the full page does not save over the game either, and the lobby
    # offers the visitor's own game back
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site.url + DURAK_LINK.replace("embed=1&", ""))
    tap(page.locator(".hand [data-card='KH']"))  # its only move: played at once
    page.wait_for_selector("#teach-feedback[data-correct=false]")
    text = page.locator("#teach-feedback").inner_text()
    assert "ten of hearts" in text and "king of hearts" in text
    assert page.evaluate(f"localStorage.getItem('{SESSION_KEY}')") == saved
    assert "position=" in page.url  # the link stays: a reload shows the position again
    tap(page.locator("[data-ui=lobby]").first)
    tap(page.locator("[data-ui=resume]"))
    assert page.locator("#table[data-game=durak]").count() == 1
    assert page.locator("#teach").is_hidden()
    assert page.evaluate(f"localStorage.getItem('{SESSION_KEY}')") == saved


def test_a_wrong_answer_is_explained_and_the_position_can_be_tried_again(page, site):
    open_game(page, site.url + DURAK_LINK)
    assert page.locator("#teach-prompt-text").inner_text() == "Beat the nine of hearts"
    assert wait_settled(page) == "human"
    tap(page.locator("[data-action=take]"))
    box = page.locator("#teach-feedback[data-correct=false]")
    box.wait_for()
    assert "take the cards" in box.inner_text()
    assert "beat the nine of hearts with the ten of hearts" in box.inner_text()
    assert "Why:" in box.inner_text()  # the hint's reason for the expected move
    # the computer waits until "Play on": the nine is taken and Bo does not attack yet
    page.wait_for_timeout(800)
    assert page.locator(".hand [data-card='9H']").count() == 1
    assert page.locator(".bout [data-card]").count() == 0
    assert page.locator("[data-ui=teach-continue]").is_visible()
    # on a small phone the feedback scrolls inside #teach, its buttons stay in its view
    size = page.viewport_size
    page.set_viewport_size({"width": 320, "height": 480})
    page.wait_for_function("innerWidth === 320")
    boxes = page.evaluate("""() => ['#teach', '[data-ui=teach-retry]', '[data-ui=teach-continue]']
        .map((s) => document.querySelector(s).getBoundingClientRect())
        .map((r) => [r.top, r.bottom])""")
    (top, bottom), buttons = boxes[0], boxes[1:]
    assert page.evaluate("document.getElementById('teach').scrollHeight") > bottom - top
    assert all(top - 0.5 <= b_top and b_bottom <= bottom + 0.5 for b_top, b_bottom in buttons), boxes
    page.set_viewport_size(size)
    # the status line says what it waits for, not "Bo is thinking…"
    assert page.locator("#status-line").inner_text() == "Choose Try again or Play on."
    tap(page.locator("[data-ui=teach-retry]"))
    page.wait_for_selector("#teach-feedback", state="detached")
    assert page.locator(".hand .card").count() == 6
    tap(page.locator(".hand [data-card='10H']"))
    page.wait_for_selector("#teach-feedback[data-correct=true]")
    assert page.locator(".teach-verdict").inner_text().startswith("Right!")
    page.wait_for_timeout(800)
    assert page.locator("#status-line").inner_text() == "Choose Try again or Play on."
    assert page.locator(".bout [data-card]").count() == 2  # nobody moved after the answer
    tap(page.locator("[data-ui=teach-continue]"))
    page.wait_for_function("!document.querySelector('[data-ui=teach-continue]')")
    assert page.locator("#status-line").inner_text() != "Choose Try again or Play on."


@pytest.mark.parametrize("link, words", [
    ("?embed=1&lang=en&position=durak;h0=6H,6H;h1=?5;trump=7S", "more times"),
    ("?lang=en&position=" + "x" * 2100, "2000"),
    ("?embed=1&lang=en&positionfile=../../secret.json", "relative"),
    ("?lang=en&positionfile=static/examples/teach.html", "relative"),
    ("?embed=1&lang=en&game=dunka&seed=-1", "\u201cseed\u201d cannot be \u201c-1\u201d"),
], ids=["card-twice", "too-long", "file-escapes", "file-not-a-json-path", "embed-bad-setting"])
def test_a_bad_position_is_refused_with_a_clear_message(page, site, link, words):
    """A refused position or file is told in #teach; so is a refused setting in a frame,
    where a closed notice would leave an empty frame (the full page has the notice)."""
    open_game(page, site.url + link)
    error = page.locator("#teach-error")
    error.wait_for()
    text = error.inner_text()
    assert words in text, text
    assert page.locator(".py-error").count() == 0
    if "embed=1" not in link:  # the full page still offers the lobby
        assert page.locator("[data-screen=lobby]").count() == 1
    else:  # the reason stays in view: no notice to close
        assert not page.locator("#notice-text").count()


def test_the_hint_button_is_a_preference_and_shows_a_legal_move(page, site):
    """One boot: the table's preference (the same panel as the lobby's) turns the Hint
    button on and off."""
    open_game(page, site.url + "?game=durak&players=2&seed=4&lang=en&speed=instant")
    assert wait_settled(page) == "human"
    box = page.locator("#pref-hints")
    assert not box.is_checked()  # off by default in a normal game
    assert page.locator("[data-ui=teach-hint]").count() == 0
    box.check()
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFS_KEY}')"))["hints"] is True
    hint = page.locator("[data-ui=teach-hint]")
    hint.wait_for()
    assert hint.is_visible()
    legal = set(page.eval_on_selector_all(
        "#table [data-action]", "els => els.map(e => e.dataset.action)"))
    tap(hint)
    reason = page.locator("#reason")
    page.wait_for_function("document.getElementById('reason').textContent.startsWith('Hint:')")
    marked = page.eval_on_selector_all(".hinted", "els => els.map(e => e.dataset.card)")
    assert marked, reason.inner_text()
    playable = set(page.eval_on_selector_all(".hand .card.playable",
                                             "els => els.map(e => e.dataset.card)"))
    assert set(marked) <= playable | {a.split()[-1] for a in legal}
    assert re.search(r"Hint: (attack|beat|throw|take|transfer)", reason.inner_text())
    # the hint is not played: the hand is unchanged
    assert page.locator(".hand .card").count() == 6
    # a language switch writes the same hint anew in the new language
    english = reason.inner_text()
    tap(page.locator("#lang-switch"))
    page.wait_for_function("document.getElementById('reason').textContent.startsWith('Tips:')")
    assert not re.search(r"\b(attack|beat|take|Hint)\b", reason.inner_text()), \
        reason.inner_text()
    tap(page.locator("#lang-switch"))
    page.wait_for_function("document.getElementById('reason').textContent.startsWith('Hint:')")
    assert reason.inner_text() == english
    # switched off again: no button
    page.locator("#pref-hints").uncheck()
    assert page.locator("[data-ui=teach-hint]").count() == 0


def test_a_lesson_file_picks_its_item_and_a_bad_file_is_explained(page, site):
    """``?positionfile=`` reads a lessons file next to the page (here under tests/e2e/data/,
    served like any file of the site); ``item=2`` takes the second lesson of a list."""
    open_game(page, site.url + "?lang=en&positionfile=tests/e2e/data/lessons.json&item=2")
    page.wait_for_selector("#table[data-game=durak]")
    assert page.locator("#teach-prompt-text").inner_text() == "Second lesson"
    assert page.locator("[data-ui=teach-hint]").is_visible()  # on in a position
    open_game(page, site.url + "?embed=1&lang=en&positionfile=tests/e2e/data/bad_lesson.json")
    error = page.locator("#teach-error")
    error.wait_for()
    assert "bad_lesson.json" in error.inner_text() and "more times" in error.inner_text()
    assert page.locator("#table").count() == 0 and page.locator(".py-error").count() == 0
