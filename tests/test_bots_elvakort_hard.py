"""The hard Elvakorts-Rummy player (game.bots.elvakort_hard, issue 17): the outs player of
game.bots.rummy_outs, taking the pile by its outs in the last round (ELV-5, ELV-10;
``PILE_ROUNDS``)."""

from __future__ import annotations

from game import bots, rummy
from game.bots import elvakort_hard, rummy_outs
from game.bots.dunka import _card
from game.rummy import Draw


def test_elvakort_hard_is_the_elvakort_hard_level():
    assert bots.HARD["elvakort"] == "game.bots.elvakort_hard"


def round_positions(seed: int, rounds=(5, 6)):
    """(view, legal) of every turn of a two-player Elvakort game of normal bots in
    ``rounds``, each round dealt fresh from game seed ``seed``."""
    for r in rounds:
        state = rummy.new_game(rummy.Rules(variant="elvakort"), ["A", "B"], seed)
        state._deal(r)
        step = 0
        while state.phase not in ("round_over", "game_over"):
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            yield view, legal
            state.apply(bots.choose(view, legal, "normal", seed=step))
            step += 1


def test_hard_takes_the_pile_by_its_outs_only_in_its_rounds(monkeypatch):
    """Where the hard player's move differs from the outs player's, it is a pile draw
    before laying down in one of ``PILE_ROUNDS`` (round 6, not round 5), and by its own
    measure the hand after the take (its best discard's outs score) beats the hand now
    by more than PILE_MARGIN; it happens in these rounds. With ``PILE_ROUNDS`` empty it is the outs
    player's draw there too. (Round 6's discards by the race, ``rummy_outs.RACE_GAMES``,
    are not what this checks and would take most of its time: off here.)"""
    monkeypatch.setattr(rummy_outs, "RACE_GAMES", ())
    taken = []
    for view, legal in round_positions(seed=21):
        outs = rummy_outs.choose(view, legal)
        hard = elvakort_hard.choose(view, legal)
        assert hard in legal
        if hard == outs:
            continue
        assert view["round"] in elvakort_hard.PILE_ROUNDS
        assert isinstance(hard, Draw) and hard.source == "pile"
        assert isinstance(outs, Draw) and outs.source == "stock"
        ctx = rummy_outs._ElvOutsCtx(view)
        assert not ctx.down
        card = _card(view["pile_top"])
        after = elvakort_hard._best_score(ctx, ctx.hand + [card], keep=card)
        assert after < elvakort_hard._best_score(ctx, ctx.hand) - elvakort_hard.PILE_MARGIN
        taken.append((view, legal))
    assert len(taken) >= 2, len(taken)
    monkeypatch.setattr(elvakort_hard, "PILE_ROUNDS", ())
    for view, legal in taken:
        assert elvakort_hard.choose(view, legal) == rummy_outs.choose(view, legal)
