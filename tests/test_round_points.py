"""A rummy round's result shows each player's running total beside the round's points
(issue 32: a new user had to open the scoresheet to see where they stood):
``dunka_model.round_points``, what ``DunkaTable.points_list`` draws for Dunka and
Elvakorts-Rummy, checked against the scoresheet of rounds played through the engine."""

from __future__ import annotations

import pytest

from game.session import Session
from game.web import dunka_model as dm


def finished_rounds(game: str, seed: int, rounds: int) -> list[dict]:
    """The scoresheet's rounds (``view["state"]["scoresheet"]["rounds"]``) after
    ``rounds`` rounds of a four-player game of computer players."""
    players = [{"name": f"C{i}", "kind": "bot", "level": "easy"} for i in range(4)]
    players[0] = {"name": "Du", "kind": "human"}
    s = Session.new(game, {}, players, seed)
    for _ in range(5000):
        sheet = s.view()["state"]["scoresheet"]["rounds"]
        if len(sheet) >= rounds:
            return sheet
        if s.waiting() == "bot":
            s.step_bot()
        else:
            legal = s.legal()
            pick = next((a for a in legal if a in ("next", "pass", "draw stock")), None) \
                or next((a for a in legal if a.startswith(("meld ", "discard "))), legal[0])
            s.play(pick)
    raise AssertionError("the rounds did not end")


@pytest.mark.parametrize("game", ["dunka", "elvakort"])
def test_each_round_shows_its_points_beside_the_running_total(game):
    sheet = finished_rounds(game, 4, 2)
    running = [0] * 4
    for entry in sheet[:2]:
        running = [a + b for a, b in zip(running, entry["points"])]
        shown = dm.round_points("sv", entry)
        assert [p for p, _ in shown] == [dm.number(p) for p in entry["points"]]
        assert [tot for _, tot in shown] == [f"totalt {dm.number(n)}" for n in running]
        assert [tot for _, tot in dm.round_points("en", entry)] == \
            [f"total {dm.number(n)}" for n in running]
    assert sheet[1]["points"] != [0] * 4     # the second round's totals add up two rounds


def test_round_points_keep_minus_signs_and_skip_a_damaged_total():
    entry = {"points": [-60, 45, 0], "totals": [-15, 120]}
    assert dm.round_points("en", entry) == [("\u221260", "total \u221215"),
                                            ("45", "total 120"), ("0", "")]
    assert dm.round_points("sv", {"points": [5], "totals": [True]}) == [("5", "")]
    assert dm.round_points("sv", {}) == []
