"""The hard Dunka and Elvakort players in slices (game.bots.rummy_outs.think,
game.bots.dunka_hard.think, game.bots.elvakort_hard.think; issue: input and animation never
blocked for more than 100 ms).

Their moves are the outs player's, a pure function of the view; the sliced search must
choose exactly those moves. ``tests/hard_slices_moves.json`` holds the moves the players
made, one call each, before they were cut into slices (the code of commit 92a4e8b;
recorded again, one call each, when the go-out round's moves changed by design: the
card that goes out taken from the pile, the discards by the race of
``game.bots.rummy_race``; and when every level went out in the turn it lays down, issue
32, which changed the normal games the positions come from), on the fixed positions of
``cases()``; each is replayed here through the sliced
``bots.think`` and through ``bots.choose``. No unit of the sliced search may evaluate
more than ``UNIT_DISTANCES`` hand distances (the expensive step; ``bench/hard_slices.py``
measures the time of the units).
"""

from __future__ import annotations

import json
import os

import pytest

from game import bots, rummy
from game.bots import dunka, rummy_go_out

MOVES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hard_slices_moves.json")

CASES = {
    "dunka-2": ("dunka", 2, 7, None, 3),
    "dunka-4": ("dunka", 4, 8, None, 8),
    "elvakort-2": ("elvakort", 2, 9, None, 3),
    "elvakort-4": ("elvakort", 4, 10, None, 8),
    "elvakort-2-round6": ("elvakort", 2, 21, 6, 1),
}
"""Case name -> (game, players, game seed, round dealt fresh (None: a whole game from
round 1), every how many-th decision with a choice is kept)."""

UNIT_DISTANCES = 20
"""The most hand distances (``game.bots.dunka._Ctx._distance``, not memoised, and the
go-out round's ``game.bots.rummy_go_out.go_out_distance``) one unit
of a sliced hard decision may evaluate: the normal bot's own reading of a move (a draw
weighs every discard of the hand after it) stays in one unit; every outs count is cut
card by card."""


def cases():
    """``{name: [(view, legal), ...]}``: the decisions of seeded normal-bot games (each
    ``CASES`` entry) where the acting seat has more than one legal action, every k-th."""
    out = {}
    for name, (game, players, seed, fresh, every) in CASES.items():
        state = rummy.new_game(rummy.Rules(variant=game), [f"P{i}" for i in range(players)],
                               seed)
        if fresh is not None:
            state._deal(fresh)
        kept, seen, step = [], 0, 0
        while not (state.phase in ("round_over", "game_over") if fresh else state.is_over()):
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            if len(legal) > 1:
                if seen % every == 0:
                    kept.append((view, legal))
                seen += 1
            state.apply(bots.choose(view, legal, "normal", seed=step))
            step += 1
        out[name] = kept
    return out


@pytest.fixture(scope="module")
def positions():
    return cases()


def sliced(view: dict, legal: list, counter: list):
    """Run ``bots.think(view, legal, "hard")`` one ``next()`` at a time; returns the
    action and the hand distances each unit evaluated (``counter[0]`` is counted up by
    the patched distance)."""
    gen = bots.think(view, legal, "hard", seed=1)
    per_unit = []
    while True:
        before = counter[0]
        try:
            next(gen)
        except StopIteration as stop:
            per_unit.append(counter[0] - before)
            return stop.value, per_unit
        per_unit.append(counter[0] - before)


def test_sliced_hard_moves_are_the_moves_before_slicing(positions, monkeypatch):
    """Every recorded move is chosen again by the sliced search (``bots.choose`` drives
    the same generator to its end); the dear decisions are cut (some take several units) and no unit evaluates more than
    ``UNIT_DISTANCES`` distances."""
    with open(MOVES, encoding="utf-8") as f:
        recorded = json.load(f)
    counter = [0]
    original = dunka._Ctx._distance

    def counted(self, hand):
        counter[0] += 1
        return original(self, hand)

    monkeypatch.setattr(dunka._Ctx, "_distance", counted)
    go_out = rummy_go_out.go_out_distance

    def go_out_counted(ctx, hand, t=None):
        counter[0] += 1
        return go_out(ctx, hand, t)

    monkeypatch.setattr(rummy_go_out, "go_out_distance", go_out_counted)
    cut = worst = 0
    for name, cases_ in positions.items():
        assert len(cases_) == len(recorded[name]) >= 20, name
        for (view, legal), expected in zip(cases_, recorded[name]):
            action, units = sliced(view, legal, counter)
            assert str(action) == expected, (name, view["round"], view["phase"])
            assert action in legal
            cut += len(units) > 1
            worst = max(worst, max(units))
    assert cut >= 50, cut
    assert worst <= UNIT_DISTANCES, worst


def write_moves() -> None:
    """Record the hard players' moves on ``cases()`` (what the test compares against);
    run once with the code before a change that must not change them."""
    moves = {name: [str(bots.choose(view, legal, "hard", seed=1)) for view, legal in cs]
             for name, cs in cases().items()}
    with open(MOVES, "w", encoding="utf-8") as f:
        json.dump(moves, f, indent=0)
        f.write("\n")


if __name__ == "__main__":
    write_moves()
