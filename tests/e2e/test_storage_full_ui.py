"""A full storage never loses anything silently (issue 32, Playwright + Chromium).

The browser's ``localStorage.setItem`` throws ``QuotaExceededError`` when a site's storage
is full (sites of one GitHub Pages owner share one quota). Here a stub makes it throw
above a quota the test sets (``window.__quota``, characters of keys and values): the page
must say so at once, go on in memory, keep a game in progress when a link asks for
another one, offer to free space (its own backups and finished records) and then write
again what it could not.
"""

from __future__ import annotations

import json
import random

from browser_harness import open_game
from saved_game import store
from table_driver import forget_taps, look
import tonk_driver

# setItem throws above window.__quota characters (all keys and values, the one being
# written counted at its new length); Storage.prototype.__rawSet writes regardless.
QUOTA_STUB = """(() => {
  const set = Storage.prototype.setItem;
  Object.defineProperty(Storage.prototype, '__rawSet', {value: set, configurable: true});
  Storage.prototype.setItem = function (key, value) {
    let used = String(key).length + String(value).length;
    for (let i = 0; i < this.length; i++) {
      const k = this.key(i);
      if (k !== String(key)) used += k.length + this.getItem(k).length;
    }
    const quota = Number(sessionStorage.getItem('test.quota') || Infinity);
    if (used > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return set.call(this, key, value);
  };
})();"""

SESSION = "kortbordet.v1.session"
USED = """() => { let n = 0; for (let i = 0; i < localStorage.length; i++) {
  const k = localStorage.key(i); n += k.length + localStorage.getItem(k).length; } return n; }"""


def _moves(page) -> int:
    """The number of moves in the saved game (``Session.moves``)."""
    return json.loads(page.evaluate(f"localStorage.getItem('{SESSION}')"))["session"]["moves"]


def _quota(page, chars: float) -> None:
    page.evaluate("(q) => sessionStorage.setItem('test.quota', String(q))", chars)


def test_a_full_storage_is_told_keeps_the_game_and_frees_space(page, site):
    page.add_init_script(QUOTA_STUB)
    backups = {f"kortbordet.backup.{1733000000000 + i}": json.dumps({"junk": "x" * 30_000})
               for i in range(3)}
    store(page, backups)
    open_game(page, site.url + "?game=tonk&players=2&speed=instant&lang=en")
    seen = look(page, tonk_driver.MOVE_SELECTORS)
    for _ in range(2):
        tonk_driver.human_move(page, random.Random(1), seen=seen)
        seen = look(page, tonk_driver.MOVE_SELECTORS)
    saved = _moves(page)
    assert page.locator("#notice[data-notice=storage]").count() == 0
    # the storage fills up (another page of the same site wrote): the next move is told
    _quota(page, page.evaluate(USED) - 2000)
    tonk_driver.human_move(page, random.Random(2), seen=seen)
    seen = look(page, tonk_driver.MOVE_SELECTORS)
    notice = page.locator("#notice[data-notice=storage]")
    notice.wait_for()
    text = notice.inner_text()
    assert "Could not save" in text and "goes on in this tab" in text, text
    assert notice.locator("[data-ui=storage-free]").count() == 1
    assert notice.locator("[data-ui=storage-download]").count() == 1
    assert _moves(page) == saved  # nothing written, and nothing written over
    # everything, the game not yet written included, can be downloaded first
    with page.expect_download() as info:
        notice.locator("[data-ui=storage-download]").click()
    from pathlib import Path
    items = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))["items"]
    assert json.loads(items[SESSION])["session"]["moves"] > saved
    assert all(k in items for k in backups)
    # a link to another game while the storage is full does not replace the game
    open_game(page, site.url + "?game=durak&players=2&speed=instant&lang=en")
    forget_taps(page)
    kept = page.locator("#notice[data-notice=storage]")
    kept.wait_for()
    assert "was not started" in kept.inner_text(), kept.inner_text()
    assert json.loads(page.evaluate(f"localStorage.getItem('{SESSION}')"))["session"]["game"] == "tonk"
    assert page.locator("#table[data-game=tonk]").count() == 1
    # the lobby lists the backups, to download or delete
    page.locator("[data-ui=lobby]").first.click()
    assert "3 backups" in page.locator("#backups").inner_text()
    # a move while the storage is full, then freeing space from the notice: the backups
    # go and what was refused is written
    page.locator("[data-ui=resume]").click()
    seen = look(page, tonk_driver.MOVE_SELECTORS)
    tonk_driver.human_move(page, random.Random(3), seen=seen)
    look(page, tonk_driver.MOVE_SELECTORS)
    assert _moves(page) == saved
    # closed, the notice is one tap away while anything waits to be written
    page.locator("#notice [data-ui=dismiss]").click()
    assert page.locator("#unsaved").is_visible()
    page.locator("#unsaved").click()
    page.locator("#notice[data-notice=storage] [data-ui=storage-free]").click()
    ask = page.locator("#notice[data-notice=storage]")
    assert "Delete 3 backups and 0 finished records (90 kB)?" in ask.inner_text(), \
        ask.inner_text()
    page.locator("#notice [data-ui=storage-free-confirmed]").click()
    done = page.locator("#notice[data-notice=storage]")
    assert "Everything is saved again" in done.inner_text(), done.inner_text()
    assert "3 backups" in done.inner_text()
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kortbordet.backup.')).length") == 0
    assert _moves(page) > saved
    assert page.locator("#unsaved").is_hidden()
    # the link's game held back can be started now, and the Tonk game is put aside
    done.locator("[data-ui=link-confirmed]").click()
    page.locator("#table[data-game=durak]").wait_for()
    aside = json.loads(page.evaluate("localStorage.getItem('kortbordet.v1.parked.tonk')"))
    assert aside["session"]["moves"] > saved
