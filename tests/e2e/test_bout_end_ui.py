"""A Durak bout's last move is seen on the table before the bout is cleared (new-user
check: two players, speed "normal": the computer beat the person's only attack card, the
person had nothing to throw in, and the beating card never appeared on the table: the
person's card sat alone, then the table cleared; only the "Last bout" recap and the log
told it; shared/UX.md "Every move is seen").

The engine ends such a bout in the same move as the beat (the person's "done" is
automatic, DUR-14); the page draws the table as the beat left it (``Session.interim``,
``App.show_interim``), waits the chosen speed's delay, and only then draws the cleared
table. One boot: a teaching position link where the person attacks with the 7♠, the
computer holds the 8♠ and the person no other 7 or 8. A MutationObserver on ``#screen``
keeps every table drawn (its ``data-draw``, ``data-waiting``, the bout's cards, the last
bout's, the status line) and counts the animation frames each stayed on the page, so a
table that was replaced before it was ever painted does not count as seen. Uses
conftest.py's fixtures (any console error or failed request fails the test).
"""

from __future__ import annotations

from urllib.parse import quote

from browser_harness import open_game
from table_driver import look, tap_at

POSITION = ("durak;h0=7S,9D,JC,QD,KD,10C;h1=8S,9C,AH,6D,JD,KS;trump=6H;talon=?11;"
            "attacker=0;seed=3")
"""The person (seat 0) attacks; the computer (seat 1) beats the 7♠ with the 8♠
(``test_session_interim`` in tests/engine checks that move of the normal player)."""

WATCH = """() => {
  const draws = [];
  let current = null;
  const cards = (t, sel) => [...t.querySelectorAll(sel)].map(
    (p) => [...p.querySelectorAll('[data-card]')].map((c) => c.dataset.card));
  const note = () => {
    const t = document.querySelector('#table');
    if (!t || (current && current.draw === t.dataset.draw)) return;
    current = {draw: t.dataset.draw, waiting: t.dataset.waiting,
               bout: cards(t, '.bout .pair'), last: cards(t, '.last-bout .pair'),
               status: (t.querySelector('#status-line') || {}).textContent || '',
               moves: [...document.querySelectorAll('#moves ol[data-round="current"] li')]
                 .map((li) => li.textContent), frames: 0};
    draws.push(current);
  };
  new MutationObserver(note).observe(document.getElementById('screen'), {childList: true});
  const frame = () => { if (current) current.frames += 1; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  note();
  window.__draws = draws;
}"""

DRAWS = "() => window.__draws"


def test_the_computers_beat_that_ends_a_bout_is_drawn_before_the_table_clears(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site.url + "?lang=en&hints=off&speed=normal&position="
              + quote(POSITION, safe=""))
    seen = look(page, ['.hand [data-card="7S"][data-action]'])
    page.evaluate(WATCH)
    tap_at(page, seen.all('.hand [data-card="7S"][data-action]')[0])
    # the computer's next attack: the person is to defend in the next bout
    after = look(page, after=seen.draw, until="!!document.querySelector('#table .bout .pair')"
                 " && document.querySelector('#table').dataset.waiting === 'human'")
    assert after.state == "human", after.state
    page.wait_for_function("() => { const t = document.querySelector('#table');"
                           " return t && t.dataset.waiting === 'human'; }")
    draws = page.evaluate(DRAWS)
    beaten = [k for k, d in enumerate(draws) if d["bout"] == [["7S", "8S"]]]
    assert beaten, f"the 8♠ never lay on the 7♠ on the table: {draws}"
    shown = draws[beaten[0]]
    assert shown["frames"] >= 2, f"the beat was replaced before it was painted: {draws}"
    # nobody may act on that table, and it says what happens to the bout
    assert shown["waiting"] == "bot", shown
    assert shown["status"] == "Defended: the cards go to the discard pile.", shown
    # the person's card alone came before it; the cleared table, with the bout in the
    # "Last bout" recap, after it
    alone = [k for k, d in enumerate(draws) if d["bout"] == [["7S"]]]
    assert alone and alone[-1] < beaten[0], draws
    cleared = [k for k, d in enumerate(draws)
               if k > beaten[0] and d["bout"] == [] and d["last"] == [["7S", "8S"]]]
    assert cleared, f"no cleared table with the last bout after the beat: {draws}"
    # the move history tells the beat with the beaten table, the bout's end only with
    # the cleared one
    told, after_end = shown["moves"], draws[cleared[0]]["moves"]
    assert told and "beats the seven of spades with the eight of spades" in told[0], told
    assert len(after_end) > len(told) and after_end[-len(told):] == told, (told, after_end)
    assert not any("discard" in line for line in told), told
    assert any("discard" in line for line in after_end[:-len(told)]), (told, after_end)
    # the computer's next attack comes only after the cleared table was shown
    attack = [k for k, d in enumerate(draws) if k > cleared[0] and d["bout"]]
    assert attack and draws[cleared[0]]["frames"] >= 2, draws
