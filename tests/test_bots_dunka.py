"""Dunka bots (game/bots/dunka.py): legal, deterministic, fair, and a few tactics."""

from __future__ import annotations

import random

import pytest

from fairness_helpers import check_same_choice, shuffle_hidden
from game import bots
from game.bots import dunka as dunka_bot
from game.rummy import Discard, Draw, Dunk, LayDown, Pass, Rules, State, new_game
from turn_helpers import play_turn

LEVELS = ("random", "easy", "normal")


def positions(players: int, games: int, seed: int, rate: float = 0.08):
    """Random positions of whole games (all phases) with mixed-level players; always the
    first one (the opening discards), whatever the sample."""
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(Rules(), [f"P{i}" for i in range(players)], seed=seed * 100 + g)
        levels = [rng.choice(LEVELS) for _ in range(players)]
        step = 0
        while not state.is_over() and step < 6000:
            seat = state.to_act()[0]
            if rng.random() < rate or step == 0:
                yield state, seat
            legal = state.legal_actions(seat)
            state.apply(bots.choose(state.view(seat), legal, levels[seat], seed=step))
            step += 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_choice_is_legal_and_deterministic(players):
    phases = set()
    checked = 0
    for state, seat in positions(players, games=1, seed=players):
        view, legal = state.view(seat), state.legal_actions(seat)
        phases.add(state.phase)
        for level in ("easy", "normal"):
            a = bots.choose(view, legal, level, seed=3)
            assert a in legal
            assert bots.choose(view, legal, level, seed=3) == a
        checked += 1
    assert checked > 20
    assert {"opening", "draw", "play"} <= phases


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` where every card hidden from ``seat`` has moved: the cards of
    other hands that are not in their ``known`` list, and the stock, permuted among the
    same slots (every hand keeps its size and its known cards)."""
    data = state.to_dict()
    return State.from_dict(shuffle_hidden(data, seat, rng, {"stock": range(len(data["stock"]))}))


@pytest.mark.parametrize("players", [2, 4])
def test_choice_depends_only_on_the_view(players):
    rng = random.Random(players)
    checked = moved = 0
    for state, seat in positions(players, games=1, seed=10 + players, rate=0.15):
        if state.phase in ("round_over", "game_over"):
            continue  # hands are revealed then: nothing is hidden
        other = reshuffle_hidden(state, seat, rng)
        moved += check_same_choice(state, other, seat, LEVELS, seeds=(1,))
        checked += 1
    assert checked > 20 and moved > checked // 2


# ---------------------------------------------------------------------------- tactics

def _set_hand(state: State, seat: int, wanted: list[str]) -> State:
    """A copy of ``state`` where ``seat`` holds ``wanted`` (card ranks+suits, any copy)
    in place of its first cards; the displaced cards go where the wanted ones were (in
    the stock or another hand). Only for positions where nobody holds ``known`` cards."""
    data = state.to_dict()
    hand = data["hands"][seat]
    for i, want in enumerate(wanted):
        if any(c.split(".")[0] == want for c in hand[:i]) and hand[i].split(".")[0] == want:
            continue
        places = [("stock", None, j) for j, c in enumerate(data["stock"])]
        places += [("hand", o, j) for o, h in enumerate(data["hands"]) if o != seat
                   for j in range(len(h))]
        places += [("hand", seat, j) for j in range(i + 1, len(hand))]
        for where, o, j in places:
            lst = data["stock"] if where == "stock" else data["hands"][o]
            if lst[j].split(".")[0] == want:
                lst[j], hand[i] = hand[i], lst[j]
                break
        else:
            raise AssertionError(f"no free {want}")
    return State.from_dict(data)


def _to_play(seed: int = 1, players: int = 2) -> State:
    """Round 1 right after the first player drew from the stock (phase ``play``)."""
    state = new_game(Rules(), [f"P{i}" for i in range(players)], seed=seed)
    while state.phase == "opening":
        seat = state.to_act()[0]
        state.apply(state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    state.apply(Draw(seat, "stock"))
    assert state.phase == "play"
    return state


def test_lays_down_when_holding_the_contract():
    state = _to_play()
    seat = state.turn
    state = _set_hand(state, seat, ["7S", "7H", "7D", "KS", "KH", "KD"])
    legal = state.legal_actions(seat)
    assert any(isinstance(a, LayDown) for a in legal)
    for level in ("easy", "normal"):
        assert isinstance(bots.choose(state.view(seat), legal, level, seed=0), LayDown)


def test_does_not_discard_a_card_of_its_own_set():
    for seed in range(5):
        state = _to_play(seed)
        seat = state.turn
        state = _set_hand(state, seat, ["7S", "7H", "7D", "9C", "9D", "2C", "5H", "KS",
                                        "QD", "AH", "JS"])
        legal = state.legal_actions(seat)
        assert not any(isinstance(a, LayDown) for a in legal)
        for level in ("easy", "normal"):
            action = bots.choose(state.view(seat), legal, level, seed=0)
            assert isinstance(action, Discard)
            assert action.card.rank not in (7, 9), (level, str(action))


def test_dunks_a_card_that_completes_its_contract():
    state = new_game(Rules(), ["A", "B", "C"], seed=4, dealer=2)
    while state.phase == "opening":
        seat = state.to_act()[0]
        state.apply(state.legal_actions(seat)[0])
    # seat 0 draws and discards; seat 1 takes the stock; seat 2 may dunk
    state.apply(Draw(0, "stock"))
    while state.phase == "claim":
        state.apply(Pass(state.to_act()[0]))
    state = _set_hand(state, 0, ["9H"])
    state = _set_hand(state, 2, ["7S", "7H", "7D", "9C", "9D", "2C", "5H", "KS", "QD",
                                 "AH"])
    state.apply(Discard(0, next(c for c in state.hands[0] if str(c).startswith("9H"))))
    state.apply(Draw(1, "stock"))
    assert state.phase == "claim" and state.to_act()[0] == 2
    legal = state.legal_actions(2)
    assert isinstance(bots.choose(state.view(2), legal, "normal", seed=0), Dunk)
    assert not isinstance(bots.choose(state.view(2), legal, "easy", seed=0), Dunk)


# ---------------------------------------------------------------------------- never stalls

def bench_game(levels: list[str], seed: int, bound: int = 20_000):
    """A two-player game as ``bench/bots.py`` plays it (``play_out``: the first seat of
    ``to_act()`` moves, bot seed ``seed * 1000 + step``); returns the state and the events
    of every action. Fails when the game has not ended after ``bound`` actions."""
    state = new_game(Rules(), [f"P{i}" for i in range(len(levels))], seed)
    events = []
    step = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = bots.choose(state.view(seat), state.legal_actions(seat), levels[seat],
                             seed=seed * 1000 + step)
        events += state.apply(action)
        step += 1
        assert step <= bound, f"seed {seed} {levels}: no end after {bound} actions"
    return state, events


@pytest.mark.parametrize("levels", [["normal", "easy"], ["easy", "normal"]])
def test_formerly_stalling_game_ends(levels):
    """Seed 10228, normal vs easy: the two bots used to hand 10H.1 back and forth through
    the pile in round 3 for ever. Now every round ends on its own: by going out or by the
    stock rule (DUN-16), never by the house rule's turn limit."""
    state, events = bench_game(levels, 10228)
    assert len(state.sheet) == 6
    assert not any(e["type"] == "turn_limit" for e in events)


def test_normal_bot_takes_the_pile_only_for_a_card_that_helps_after_its_discard():
    """Whenever the normal bot, not yet down, takes a natural card from the pile, its
    hand at the end of that turn is nearer the contract (the bot's own distance, judged
    from the view before the draw) than before the draw: it keeps the card and gains by
    it (house rule discard_just_taken: it may not throw the card straight back)."""
    checked = 0
    for seed, levels in enumerate((["normal", "easy"], ["easy", "normal"],
                                   ["normal", "normal"], ["normal", "random"])):
        state = new_game(Rules(), ["P0", "P1"], 700 + seed)
        step = 0
        pending = None
        while not state.is_over():
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            action = bots.choose(view, legal, levels[seat], seed=step)
            if levels[seat] == "normal" and isinstance(action, Draw) \
                    and action.source == "pile" and not view["laid_down"][seat] \
                    and not view["pile_top"].startswith("JK"):
                ctx = dunka_bot._Ctx(view)
                pending = (seat, ctx, ctx.distance(ctx.hand), state.round)
            state.apply(action)
            step += 1
            if pending and isinstance(action, Discard) and action.player == pending[0]:
                seat_, ctx, before, round_ = pending
                if state.round == round_ and state.phase not in ("round_over", "game_over") \
                        and not state.laid_down[seat_]:
                    now = [dunka_bot._card(str(c)) for c in state.hands[seat_]]
                    assert ctx.distance(now) < before, (seed, step)
                    checked += 1
                pending = None
        assert len(state.sheet) == 6
    assert checked > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_never_need_the_turn_limit(players):
    """Games of normal and easy bots end every round by going out or by DUN-16."""
    for g in range(2):
        levels = [("normal", "easy")[(s + g) % 2] for s in range(players)]
        state, events = bench_game(levels, 900 + 10 * players + g)
        assert len(state.sheet) == 6
        assert not any(e["type"] == "turn_limit" for e in events)


@pytest.mark.parametrize("seed", [50001, 50004, 50005])
def test_easy_bots_do_not_swap_cards_for_ever(seed):
    """Two easy bots used to swap 5S, 5H, 5D, ... through the pile for ever in these games
    (each take "completed" a set, each discard broke one). Now the easy bot takes a pile
    card only when it can discard a loose card instead."""
    state, events = bench_game(["easy", "easy"], seed)
    assert len(state.sheet) == 6
    assert not any(e["type"] == "turn_limit" for e in events)


# ---------------------------------------------------------------------------- issue 32

# Round 1, two sets exactly (DUN-8): the best way by points (K♠ K♥ K♦ K♣ + 9♠ 9♦ 9♣) keeps
# 7♠ 7♥ 7♦ 2♣; 7♠ 7♥ 7♦ + 9♠ 9♦ 9♣, the kings laid off on the other player's kings (DUN-9)
# and the 2♣ discarded goes out (DUN-13). Before, that way was not even listed.
DUN_KINGS = ("dunka;round=1;phase=play;h0=7S,7H,7D,KS,KH,KD,KC,9S,9D,9C,2C;h1=?8;"
             "m1=1:KS.1,KH.1,KD.1;down=1;pile=9H;turn=0")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_issue_32_goes_out_in_the_turn_it_lays_down(level):
    from game.positions import read
    state = read(DUN_KINGS).state
    moves = play_turn(state, 0, level)
    assert moves[0] == "meld 7S 7H 7D / 9S 9D 9C" and moves[-1] == "discard 2C"
    assert sorted(moves[1:-1]) == ["layoff KC m1", "layoff KD m1", "layoff KH m1",
                                   "layoff KS m1"]
    assert state.sheet[-1]["out"] == 0 and state.sheet[-1]["points"][0] == 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_lay_off_chain_and_a_joker_replacement_go_out(level):
    """Once down (DUN-9, DUN-11): the 8♥ replaces the joker of the other player's run,
    the 9♥ follows at its end, the Q♣ is discarded: out (DUN-13)."""
    from game.positions import read
    state = read("dunka;round=1;phase=play;turn=0;h0=8H,9H,QC;m1=0:7S,7H,7D;m2=0:KS,KH,KD;"
                 "m3=1:5H,6H,7H.1,JK=8H;h1=?6;pile=2D;seed=5").state
    moves = play_turn(state, 0, level)
    assert moves[-1] == "discard QC" and state.sheet[-1]["out"] == 0, moves
