"""Going out in the turn of the lay-down (issue 32): ``game.rummy.goout.plans`` and the
lay-downs ``State.legal_actions`` lists first because they go out (DUN-8 … DUN-13, ELV-7 …
ELV-10)."""

from __future__ import annotations

import pytest

from game.positions import read
from game.rummy import Discard, LayDown, goout

# the issue's hand: 7♠ 7♥ 7♦ 7♣ K♠ K♥ K♦ 2♥-5♥ goes out by 7♠ 7♥ 7♦ + K♠ K♥ K♦ + the run
# (ELV-7: further melds with the contract) and the 7♣ discarded (ELV-10)
ELV_ISSUE = "elvakort;round=1;phase=play;h0=7S,7H,7D,7C,KS,KH,KD,2H,3H,4H,5H;h1=?10;pile=9D;turn=0"
# Dunka round 1 (two sets, exactly, DUN-8): the engine's best way lays K♠ K♥ K♦ K♣ + 9♠ 9♦ 9♣
# and keeps 7♠ 7♥ 7♦ 2♣; 7♠ 7♥ 7♦ + 9♠ 9♦ 9♣, the kings laid off on the other player's
# kings (DUN-9) and the 2♣ discarded goes out (DUN-13). That way came 11th of 11, past the
# nine listed.
DUN_KINGS = ("dunka;round=1;phase=play;h0=7S,7H,7D,KS,KH,KD,KC,9S,9D,9C,2C;h1=?8;"
             "m1=1:KS.1,KH.1,KD.1;down=1;pile=9H;turn=0")


def melds_text(plan) -> list[str]:
    return [" ".join(m.tokens()) for m in plan.melds]


def test_the_issue_hand_goes_out_with_the_run_as_a_further_meld():
    state = read(ELV_ISSUE).state
    plans = goout.state_plans(state, 0)
    assert len(plans) == 1
    plan = plans[0]
    assert melds_text(plan) == ["7S 7H 7D", "KS KH KD", "2H 3H 4H 5H"]
    assert plan.steps == () and str(plan.discard) == "7C" and plan.off_own == 5
    meld = "meld 7S 7H 7D / KS KH KD / 2H 3H 4H 5H"
    listed = [str(a) for a in state.legal_actions(0) if isinstance(a, LayDown)]
    assert listed[0] == meld  # first: every bot and the chooser see it
    assert "meld 7S 7H 7D 7C / KS KH KD" in listed  # the old best way is still there
    assert [str(a) for a in state.laydown_ways(0)][0] == meld
    state.apply(state.legal_actions(0)[0])
    state.apply(Discard(0, plan.discard))
    assert state.sheet[-1]["out"] == 0
    assert state.sheet[-1]["points"][0] == 15 + 30 + 20 + 50  # ELV-13: table plus the 50


def test_a_dunka_lay_down_whose_other_cards_go_on_another_players_meld():
    state = read(DUN_KINGS).state
    plans = goout.state_plans(state, 0)
    assert plans and melds_text(plans[0]) == ["7S 7H 7D", "9S 9D 9C"]
    assert sorted(str(card) for _verb, card, _mid, _end in plans[0].steps) == \
        ["KC", "KD", "KH", "KS"]
    assert {mid for _verb, _card, mid, _end in plans[0].steps} == {1}
    assert str(plans[0].discard) == "2C"
    legal = state.legal_actions(0)
    assert str(legal[0]) == "meld 7S 7H 7D / 9S 9D 9C"
    assert len([a for a in legal if isinstance(a, LayDown)]) == 10  # it and the best nine
    # without the other player's kings nothing goes out, and the list is as before
    alone = read(DUN_KINGS.replace("m1=1:KS.1,KH.1,KD.1;down=1;", "")).state
    assert goout.state_plans(alone, 0) == ()
    assert str(alone.legal_actions(0)[0]) == "meld 9S 9D 9C / KS KH KD KC"


def test_once_down_the_further_melds_that_go_out_come_first():
    """ELV-8: once down, the further melds that go out are listed first even when another
    arrangement leaves fewer points in hand (A♠-6♠ keeps 2♥ 2♦, 10 points; 2♠ 2♥ 2♦ and
    3♠-6♠ keep the A♠, 15, and go out by its discard)."""
    state = read("elvakort;round=1;phase=play;turn=0;h0=2S,2H,2D,3S,4S,5S,6S,AS;"
                 "m1=0:QS,QH,QD;m2=0:KS,KH,KD;h1=?6;pile=9D;seed=3").state
    further = [str(a) for a in state.legal_actions(0) if isinstance(a, LayDown)]
    assert further[0] == "meld 2S 2H 2D / 3S 4S 5S 6S"
    assert "meld AS 2S 3S 4S 5S 6S" in further
    plan = goout.state_plans(state, 0)[0]
    assert str(plan.discard) == "AS" and plan.off_own == 15


def test_a_dunka_hand_that_melds_every_card_needs_no_discard():
    """DUN-13: melding the last cards goes out too."""
    state = read("dunka;round=1;phase=play;turn=0;h0=7S,7H,7D,9S,9D,9C,9H;h1=?6;"
                 "pile=QD;seed=2").state
    plans = goout.state_plans(state, 0)
    assert plans[0].discard is None and plans[0].steps == ()
    state.apply(state.legal_actions(0)[0])
    assert state.sheet[-1]["out"] == 0


def test_a_joker_goes_on_another_players_meld_only_in_elvakort():
    """DUN-10: in Dunka a joker is laid only on one's own melds; ELV-3: on any meld, but
    on one's own it scores for oneself (ELV-13), so that way comes first."""
    hand = "7S,7H,7D,9S,9D,9C,JK,2C"
    table = "m1=1:5H,6H,7H,8H;down=1"
    elv = read(f"elvakort;round=1;phase=play;turn=0;h0={hand};{table};h1=?6;pile=QD").state
    plans = goout.state_plans(elv, 0)
    assert plans[0].steps == () and str(plans[0].discard) == "2C" and plans[0].off_own == 5
    assert any(c.is_joker for m in plans[0].melds for c in m.cards)
    # (laying the joker on the other player's run instead would put 25 off its own melds)
    dun = read(f"dunka;round=1;phase=play;turn=0;h0={hand};{table};h1=?6;pile=QD").state
    plans = goout.state_plans(dun, 0)
    assert plans and all(not card.is_joker for p in plans for _v, card, _m, _e in p.steps)
    assert any(c.is_joker for m in plans[0].melds for c in m.cards)


def test_no_plans_in_another_phase_or_out_of_turn():
    state = read(ELV_ISSUE.replace("phase=play", "phase=draw")).state
    assert goout.state_plans(state, 0) == ()
    state = read(ELV_ISSUE).state
    assert goout.state_plans(state, 1) == ()


def test_the_work_is_bounded_by_the_budget(monkeypatch):
    """With no meld-search nodes left the search stops and finds nothing (never an
    invalid way); with the budget back the same hand goes out."""
    state = read(ELV_ISSUE).state
    hand, table = tuple(state.hands[0]), ()
    goout._plans.cache_clear()
    monkeypatch.setattr(goout, "GO_OUT_BUDGET", 0)
    assert goout.plans(hand, table, 0, "elvakort", 0, False) == ()
    goout._plans.cache_clear()
    monkeypatch.setattr(goout, "WALK_STATES", 0)
    monkeypatch.setattr(goout, "GO_OUT_BUDGET", 100_000)
    assert goout.plans(hand, table, 0, "elvakort", 0, False) == ()
    goout._plans.cache_clear()
    monkeypatch.undo()
    assert goout.plans(hand, table, 0, "elvakort", 0, False)


@pytest.mark.parametrize("game", ["dunka", "elvakort"])
def test_the_go_out_round_lays_every_card_at_once(game):
    """DUN-15, ELV-10 round 6: the lay-down holds every card, no discard, no lay-off."""
    hand = {"dunka": "7S,7H,7D,9S,9D,9C,2H,3H,4H,5H,6H",
            "elvakort": "7S,7H,7D,2S,3S,4S,5S,2H,3H,4H,5H"}[game]
    state = read(f"{game};round=6;phase=play;turn=0;h0={hand};h1=?10;pile=QD").state
    plans = goout.state_plans(state, 0)
    assert len(plans) == 1 and plans[0].discard is None and plans[0].steps == ()
    assert sum(len(m) for m in plans[0].melds) == 11
