"""The cards just drawn (game/web/drawn.py), followed through whole games of Dunka,
Elvakort and Tonk with two people and a computer player: after a person's draw exactly
the card that came into their hand is marked (the pile's card as the event names it),
after a claim the discard and its penalty card (DUN-7, ELV-6), nothing after their next
move that changes the hand or a deal, and one person's draw never marks another's hand
(pass-and-play)."""

from __future__ import annotations

import random

import pytest

from game.session import Session
from game.web.drawn import GIVES, DrawnCards

PEOPLE = [{"name": "Anna", "kind": "human"}, {"name": "Bo", "kind": "human"},
          {"name": "C", "kind": "bot", "level": "easy"}]


def hand(session, seat: int) -> list[str]:
    return session.state.view(seat)["hand"]


def play_one(session, rng: random.Random) -> tuple[int, list[dict]]:
    """One move: the computer's, or a random legal one of a person to act."""
    if session.waiting() == "bot":
        return session.actor(), session.step_bot()
    seat = session.actor()
    legal = [str(a) for a in session.state.legal_actions(seat)]
    # draw often from the pile, claim now and then, so every kind of take comes up
    for prefer in ("draw pile", "dunk"):
        if prefer in legal and rng.random() < 0.5:
            return seat, session.play_as(seat, prefer)
    return seat, session.play_as(seat, rng.choice(legal))


@pytest.mark.parametrize("game", ["dunka", "elvakort", "tonk"])
def test_the_marked_cards_follow_every_move_of_whole_games(game):
    rng = random.Random(7)
    session = Session.new(game, {}, PEOPLE, 12)
    drawn = DrawnCards()
    drawn.follow(session)
    takes = {"stock": 0, "pile": 0, "claim": 0}
    for _ in range(1500):
        if session.waiting() in ("series_over", "game_over"):
            break
        before = {seat: hand(session, seat) for seat in (0, 1)}
        marked_before = {seat: drawn.marked(seat, before[seat]) for seat in (0, 1)}
        _, events = play_one(session, rng)
        drawn.note(session, events)
        after = {seat: hand(session, seat) for seat in (0, 1)}
        dealt = any(ev.get("type") == "deal" for ev in events)
        for seat in (0, 1):
            mine = [ev for ev in events if ev.get("player") == seat]
            got = drawn.marked(seat, after[seat])
            taken = [ev for ev in mine if ev.get("type") in ("draw", "claim")]
            if dealt:
                assert got == [], (seat, events)
            elif taken:
                ev = taken[-1]
                came = [c for c in after[seat] if c not in before[seat]]
                assert sorted(got) == sorted(came), (seat, events)
                if ev["type"] == "claim":
                    assert len(got) == 2 and ev["card"] in got  # the discard and a penalty card
                    takes["claim"] += 1
                else:
                    assert len(got) == 1
                    takes[ev["source"]] += 1
                    if ev["source"] == "pile":
                        assert got == [ev["card"]]
            elif any(ev.get("type") in GIVES for ev in mine):
                assert got == [], (seat, events)
            else:  # nothing of theirs changed: the same marks (another's move)
                assert got == [c for c in marked_before[seat] if c in after[seat]], \
                    (seat, events)
        if session.waiting() == "game_over":
            break
    assert takes["stock"] > 5 and takes["pile"] > 5, takes
    if game != "tonk":
        assert takes["claim"] > 0, takes


def test_another_session_or_state_starts_with_nothing_marked():
    session = Session.new("tonk", {}, PEOPLE[:1] + PEOPLE[2:], 3)
    drawn = DrawnCards()
    drawn.follow(session)
    while session.waiting() == "bot":
        drawn.note(session, session.step_bot())
    events = session.play("draw stock")
    drawn.note(session, events)
    shown = hand(session, 0)
    assert len(drawn.marked(0, shown)) == 1
    drawn.follow(session)  # the same session shown again (from the lobby): kept
    assert len(drawn.marked(0, shown)) == 1
    again = Session.new("tonk", {}, PEOPLE[:1] + PEOPLE[2:], 3)
    drawn.follow(again)  # a game loaded afresh (a reload): nothing marked
    assert drawn.marked(0, shown) == []
    assert drawn.marked(1, shown) == []  # a computer player's seat is never followed


def test_a_lay_down_keeps_the_mark_until_the_discard():
    """The card just drawn stays marked through the turn's lay-down (DUN-8) while it is
    still in hand, and loses it at the discard (a new-user check saw it go at the
    lay-down, before the discard it is there for)."""
    from game import positions
    session = Session.from_position(positions.read(
        "dunka;round=1;h0=8C,8D,8S,JS,JC,JD,2H,3H,5S,6D,9C;h1=?11;pile=KH;turn=0"))
    drawn = DrawnCards()
    drawn.follow(session)
    before = hand(session, 0)
    drawn.note(session, session.play("draw stock"))
    new = [c for c in hand(session, 0) if c not in before]
    assert drawn.marked(0, hand(session, 0)) == new and len(new) == 1
    lay = next(a for a in session.legal() if a.startswith("meld ") and new[0] not in a)
    drawn.note(session, session.play(lay))
    assert drawn.marked(0, hand(session, 0)) == new
    drawn.note(session, session.play("discard 2H"))
    assert drawn.marked(0, hand(session, 0)) == []
