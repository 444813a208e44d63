"""A tap while cards move acts on what the player sees once they stop (static/js/motion.js,
"a tap while cards move"; new-user check, session 14: a tap landed on a card in mid-flight,
or on the gap one left, and chose the wrong card or none). A pointer's click that comes
while the table's animations run ends them and goes to the element at its point on the
finished table; a keyboard's click goes to the focused card, as always.

One boot: a Dunka position in the play phase (every card of the hand can be selected),
the cards' motion slowed down to a minute (the CSS variable --anim, which motion.js
reads: the cards are still far from their places when the tap comes, however loaded the
machine), and "Sort by rank", which moves every card of the hand to a new place. Uses
conftest.py's fixtures (any console error or failed request fails a test).
"""

from __future__ import annotations

from urllib.parse import quote

from browser_harness import open_game

POSITION = ("dunka;round=1;phase=play;turn=0;taken=4C;"
            "h0=2C,KS,3H,9D,AS,5D,JH,4C,10C,6D,QH,8S,7H;h1=?10;h2=?10;pile=2D")
REPORT = "() => window.kortbordetMotion.report"
SLOW = "() => document.documentElement.style.setProperty('--anim', '60000ms')"
MOVING = """() => [...document.querySelectorAll('#table .hand .card')]
  .some((c) => c.getAnimations().some((a) => a.playState === 'running'))"""

# While the hand's cards fly to their sorted places: each card's place at the end of its
# flight (its animations sought to their end and back, which changes nothing), and the
# first card whose rank corner there is now covered by another card or by nothing: a tap
# there before the fix chose the wrong card or none. Returns that card, the point, and
# what lies there now; null when every corner is already free.
TARGET = r"""() => {
  const cards = [...document.querySelectorAll('#table .hand .card')];
  for (const c of cards) {
    const anims = c.getAnimations();
    const times = anims.map((a) => a.currentTime);
    anims.forEach((a) => { a.currentTime = a.effect.getComputedTiming().endTime; });
    const r = c.getBoundingClientRect();
    anims.forEach((a, i) => { a.currentTime = times[i]; });
    const x = r.left + 7, y = r.top + 9;
    const now = document.elementFromPoint(x, y);
    const under = now && now.closest('[data-card]');
    if (!under || under !== c)
      return {card: c.dataset.card, x, y, under: under ? under.dataset.card : null};
  }
  return null;
}"""

PRESSED = """() => [...document.querySelectorAll('#table .hand .card[aria-pressed=true]')]
  .map((c) => c.dataset.card)"""


def sort_and_wait_for_motion(page, key: bool = False) -> None:
    plays = page.evaluate(REPORT)["plays"]
    if key:
        page.focus("#table [data-ui=sort]")
        page.keyboard.press("Enter")
    else:
        page.click("#table [data-ui=sort]")
    page.wait_for_function(f"() => window.kortbordetMotion.report.plays > {plays}")
    page.wait_for_function(MOVING)


def test_a_tap_during_motion_acts_on_the_card_at_its_point_once_the_cards_stop(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site.url + "?lang=en&hints=off&speed=normal&position="
              + quote(POSITION, safe=""))
    page.wait_for_selector("#table .hand .card")
    assert page.evaluate(PRESSED) == []
    page.evaluate(SLOW)

    # a tap on a card's future place while the hand is being sorted
    sort_and_wait_for_motion(page, key=True)
    target = page.evaluate(TARGET)
    assert target is not None, "no card's place was covered while the hand moved"
    before = page.evaluate(REPORT)
    page.mouse.click(target["x"], target["y"])
    page.wait_for_function(f"() => ({PRESSED})().length > 0")
    assert page.evaluate(PRESSED) == [target["card"]], target
    after = page.evaluate(REPORT)
    assert after["taps"] == before["taps"] + 1, (before, after)
    assert after["retargeted"] == before["retargeted"] + 1, (before, after)
    # the card chosen is the one at the point now that nothing moves
    page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
    at = page.evaluate(f"""() => {{
      const el = document.elementFromPoint({target['x']}, {target['y']});
      return el && el.closest('[data-card]') && el.closest('[data-card]').dataset.card; }}""")
    assert at == target["card"], (at, target)

    # a keyboard's click during motion goes to the focused card (no tap is counted)
    sort_and_wait_for_motion(page, key=True)
    other = page.evaluate("""() => {
      const c = [...document.querySelectorAll('#table .hand .card')]
        .find((el) => el.getAttribute('aria-pressed') === 'false');
      c.focus();
      return c.dataset.card; }""")
    taps = page.evaluate(REPORT)["taps"]
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({PRESSED})().includes({other!r})")
    assert sorted(page.evaluate(PRESSED)) == sorted([target["card"], other])
    assert page.evaluate(REPORT)["taps"] == taps
