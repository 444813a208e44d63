"""Durak tells the person plainly whether they won (issue 32: a new user read "Dator 2 är
Durak!" and could not tell): ``model.verdict`` for the result, the status line once the
game is over or while the others play on after the person went out, and the live
region's "out" and "game over" sentences; with several people at one device everyone is
named, never "you"."""

from __future__ import annotations

import random

from game import bots
from game.session import Session
from game.web import model

ONE = [{"name": "Du", "kind": "human"}, {"name": "Dator 1", "kind": "bot"},
       {"name": "Dator 2", "kind": "bot"}]
PEOPLE = [{"name": "Anna", "kind": "human"}, {"name": "Dator 1", "kind": "bot"},
          {"name": "Bo", "kind": "human"}]


def test_the_person_who_went_out_is_told_they_won():
    assert model.verdict("sv", {"durak": 2}, ONE, 0) == ["Du är ute — du vann!",
                                                         "Dator 2 är Durak."]
    assert model.verdict("en", {"durak": 2}, ONE, 0) == ["You are out — you won!",
                                                         "Computer 2 is the Durak."]


def test_the_person_who_lost_is_told_they_are_the_durak():
    assert model.verdict("sv", {"durak": 0}, ONE, 0) == ["Du är Durak!"]
    assert model.verdict("en", {"durak": 0}, ONE, 0) == ["You are the Durak!"]
    assert model.verdict("en", {"durak": None, "draw": True}, ONE, 0) == \
        ["Draw: nobody is the Durak."]
    assert model.verdict("en", {}, ONE, 0) == []


def test_several_people_are_each_named():
    # the person in turn (``human``) may be either of them: nobody is "you"
    for human in (0, 2):
        assert model.verdict("sv", {"durak": 1}, PEOPLE, human) == \
            ["Dator 1 är Durak!", "Anna är ute och vann!", "Bo är ute och vann!"]
        assert model.verdict("en", {"durak": 2}, PEOPLE, human) == \
            ["Bo is the Durak!", "Anna is out and won!"]
    for lang in ("sv", "en"):
        said = " ".join(model.verdict(lang, {"durak": 0}, PEOPLE, 0))
        assert "Du " not in said and "You " not in said and "du " not in said


def test_the_live_region_says_out_and_won():
    out = {"type": "out", "player": 0}
    assert model.describe_event("sv", out, ONE, 0) == "Du är ute — du vann."
    assert model.describe_event("en", out, ONE, 0) == "You are out — you won."
    # several people: the tables tell events to nobody as "you" (``addressee`` -1)
    assert model.describe_event("sv", out, PEOPLE, -1) == "Anna är ute och vann."
    assert model.describe_event("en", {"type": "out", "player": 1}, ONE, 0) == \
        "Computer 1 is out."
    over = {"type": "game_over", "durak": 1}
    assert model.describe_event("sv", over, ONE, 0) == "Dator 1 är Durak — du vann."
    assert model.describe_event("en", over, PEOPLE, -1) == "Computer 1 is the Durak."


def _played(seed: int, stop, level: str = "normal") -> dict:
    """A three-player game (the person's moves those of a computer player of ``level``)
    played until ``stop(view)``; returns that view."""
    players = [{"name": "", "kind": "human"},
               {"name": "", "kind": "bot", "level": "normal"},
               {"name": "", "kind": "bot", "level": "normal"}]
    players[1]["name"], players[2]["name"] = "Dator 1", "Dator 2"
    players[0]["name"] = "Du"
    s = Session.new("durak", {}, players, seed)
    rng = random.Random(seed)
    for _ in range(2000):
        v = s.view()
        if stop(v):
            return v
        if s.waiting() == "bot":
            s.step_bot()
        elif s.waiting() == "human":
            st = s.state
            s.play(str(bots.choose(st.view(0), st.legal_actions(0), level,
                                   seed=rng.randrange(1 << 30))))
        else:
            break
    raise AssertionError("never stopped")


def test_the_status_line_tells_the_person_they_won_while_the_others_play_on():
    v = _played(2, lambda v: 0 in v["state"].get("out", []) and not v["state"]["over"])
    for lang, said in (("sv", "Du är ute — du vann. "), ("en", "You are out — you won. ")):
        line = model.status_line(v, [], lang)
        assert line.startswith(said), line
    v = _played(2, lambda v: v["state"]["over"])
    assert v["state"]["outcome"]["durak"] == 2
    assert model.status_line(v, [], "en") == "You are out — you won!"
    v = _played(1, lambda v: v["state"]["over"], "random")
    assert v["state"]["outcome"]["durak"] == 0
    assert model.status_line(v, [], "sv") == "Du är Durak!"
