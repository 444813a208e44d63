"""Claims that do not nag (issue 11, scope 4), through the DOM (Playwright, Chromium):
the claim prompt setting (always / only when the card fits / never) is offered by the
Dunka and Elvakort tables only, "never" passes without ever showing the prompt, and
Elvakort's prompt says "Take it" and shows the card."""

from __future__ import annotations

import json
import random

from browser_harness import open_game, start_from_lobby
from dunka_driver import human_move
from durak_driver import wait_settled
from saved_game import store_prefs

PREFS = "kortbordet.prefs"
MOVES = 25
"""Human moves played with "never" (and within which "always" must ask): with three
players most of them come with a discard the human could claim (DUN-7: the next player
drew from the stock instead), each passed without a prompt."""


def prompts(page, rng: random.Random, moves: int, stop: bool) -> int:
    """Play ``moves`` human moves; how many times the claim prompt was shown (stop at the
    first one when ``stop``)."""
    seen = 0
    for _ in range(moves):
        if wait_settled(page, timeout_ms=60_000) != "human":
            break
        if page.locator("[data-ui=dunk]").count():
            seen += 1
            if stop:
                break
        human_move(page, rng)
    return seen


def test_the_claim_setting_is_dunkas_and_never_passes_without_showing_the_prompt(page, site):
    """One boot for the setting and "never": Dunka offers the setting (default "fits"),
    "never" chosen there passes every claimable discard without a prompt; Durak (from the
    lobby: no boot) has no claims. Then the same game booted again with "always" asks."""
    open_game(page, site.url + "?game=dunka&players=3&seed=5&speed=instant&lang=en")
    wait_settled(page)
    assert page.locator("#pref-claim").input_value() == "fits"  # the default
    page.select_option("#pref-claim", "never")
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFS}')"))["claim_prompt"] == "never"
    assert prompts(page, random.Random(4), MOVES, stop=False) == 0
    start_from_lobby(page, "durak", 2)  # Durak (from the lobby: no boot) has no claims
    wait_settled(page)
    assert page.locator(".prefs").count() == 1 and page.locator("#pref-claim").count() == 0
    assert "dunk" not in page.locator(".prefs").inner_text().lower()
    # the same game, the same moves: asked when the player wants to be asked every time
    store_prefs(page, {"claim_prompt": "always"})
    open_game(page, site.url + "?game=dunka&players=3&seed=5&speed=instant&lang=en")
    assert prompts(page, random.Random(4), MOVES, stop=True) == 1


def test_elvakort_asks_take_it_and_shows_the_card(page, site):
    store_prefs(page, {"claim_prompt": "always"})
    open_game(page, site.url + "?game=elvakort&players=3&seed=5&speed=instant&lang=en")
    assert prompts(page, random.Random(3), 200, stop=True) == 1
    button = page.locator("[data-ui=dunk]")
    assert button.inner_text() == "Take it"
    card = page.locator("#claim-card")
    assert card.count() == 1 and card.get_attribute("aria-label") in \
        page.locator("#status-line").inner_text()
    assert "Dunk" not in page.locator("#status-line").inner_text()
