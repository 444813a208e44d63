"""The page starts Python from the memory snapshot (static/js/interpreter.mjs, issue 15),
and what the snapshot froze does not leak into play: every visitor's new game gets its own
random seed, and a snapshot of another bundle is not used for the game's modules. The
Durak endgame search runs in WebAssembly (issue 17)."""

from __future__ import annotations

import re

from browser_harness import ALL_DONE_INIT_SCRIPT, open_game, watch

NEW_GAME = "?game=durak&players=2&speed=instant"  # no seed: the page draws one


def _saved_seed(page) -> int:
    """The seed of the game the page saved (any kortbordet.* item holding one)."""
    texts = page.evaluate("""() => Object.keys(localStorage)
        .filter((k) => k.startsWith("kortbordet.")).map((k) => localStorage.getItem(k))""")
    seeds = [int(m) for text in texts for m in re.findall(r'"seed":\s*(\d+)', text)]
    assert seeds, f"no saved game with a seed in localStorage: {texts}"
    return seeds[0]


def test_boots_from_the_snapshot_and_every_visitor_gets_new_randomness(browser, site):
    seeds = []
    for _ in range(2):  # two visitors: fresh contexts, empty storage
        context = browser.new_context(service_workers="block")
        context.add_init_script(ALL_DONE_INIT_SCRIPT)
        try:
            page = context.new_page()
            problems = watch(context, page, site.origin)
            open_game(page, site.url + NEW_GAME)
            assert page.evaluate("window.kortbordetSnapshot === true"), (
                "Python was not restored from static/build/snapshot.bin.gz")
            assert page.evaluate("window.kortbordetSnapshotModules === true"), (
                "the snapshot's game modules were not used")
            page.wait_for_selector('[data-game="durak"] [data-action]')
            seeds.append(_saved_seed(page))
            # the Durak endgame search compiled to WebAssembly (game/web/native_solver.py)
            page.wait_for_function("window.kortbordetSearch !== undefined")
            assert page.evaluate("window.kortbordetSearch") == "native"
            assert not problems.report(), problems.report()
        finally:
            context.close()
    assert seeds[0] != seeds[1], f"both visitors were dealt seed {seeds[0]}: random not re-seeded"


def test_a_snapshot_of_another_bundle_is_not_used_for_the_game(browser, site):
    """A release's snapshot meeting another release's game.zip (caches mixing two
    releases): the page's loader sees the bundle id differ, forgets the snapshot's game
    modules and imports them from the zip it got; the table still works."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(ALL_DONE_INIT_SCRIPT)
    try:
        page = context.new_page()
        problems = watch(context, page, site.origin)

        def other_release(route):
            body = route.fetch().body()
            route.fulfill(body=body[:-64] + b"0" * 64, content_type="application/zip")

        context.route("**/static/build/game.zip*", other_release)
        open_game(page, site.url + NEW_GAME)
        assert page.evaluate("window.kortbordetSnapshot === true")
        assert page.evaluate("window.kortbordetSnapshotModules === false"), (
            "the snapshot's modules were kept for another bundle")
        page.wait_for_selector('[data-game="durak"] [data-action]')
        assert not problems.report(), problems.report()
    finally:
        context.close()


def test_a_broken_snapshot_falls_back_to_starting_python(browser, site):
    """A snapshot that cannot be read (damaged download) or is refused: Python starts the
    ordinary way and the game runs from the bundle."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(ALL_DONE_INIT_SCRIPT)
    try:
        page = context.new_page()
        problems = watch(context, page, site.origin)
        context.route("**/static/build/snapshot.bin.gz*", lambda route: route.fulfill(
            body=b"\x1f\x8b\x08\x00damaged", content_type="application/gzip"))
        open_game(page, site.url + NEW_GAME)
        assert page.evaluate("window.kortbordetSnapshot !== true")
        assert page.evaluate("window.kortbordetSnapshotModules === false")
        page.wait_for_selector('[data-game="durak"] [data-action]')
        assert not problems.report(), problems.report()
    finally:
        context.close()
