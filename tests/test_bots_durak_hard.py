"""The hard Durak player (game/bots/durak_hard.py): legal from random positions of every
player count, the same choice whether it runs in slices or at once, and its samples
agree with everything public (CPython only; fairness is in tests/test_bots_fair.py)."""

from __future__ import annotations

import random

import pytest

from game import bots
from game.bots import durak as normal_bot
from game.bots.durak_hard import Search, _determinization
from game.durak import Rules, new_game


def random_positions(players: int, count: int, seed: int):
    rng = random.Random(seed)
    state = new_game(Rules(transfer=rng.random() < 0.5, trump_exchange=rng.random() < 0.5),
                     [f"P{i}" for i in range(players)], seed=seed)
    found = 0
    while found < count:
        if state.is_over():
            state = new_game(Rules(), [f"P{i}" for i in range(players)], seed=rng.randrange(999))
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.15:
            found += 1
            yield state, seat
        state.apply(bots.choose(state.view(seat), legal, "easy", seed=found))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_hard_returns_a_legal_action(players):
    for state, seat in random_positions(players, 4, seed=players):
        legal = state.legal_actions(seat)
        assert bots.choose(state.view(seat), legal, "hard", seed=3) in legal


def test_slices_give_the_same_choice_as_one_call():
    for state, seat in random_positions(2, 3, seed=11):
        view, legal = state.view(seat), state.legal_actions(seat)
        search = Search(view, legal, random.Random(5))
        steps = 0
        while not search.step(3):
            steps += 1
        assert search.best() == bots.choose(view, legal, "hard", seed=5)


def test_samples_agree_with_the_view():
    for state, seat in random_positions(3, 6, seed=21):
        view = state.view(seat)
        sample = _determinization(normal_bot._Ctx(view), random.Random(1))
        assert sample is not None
        sample.check_integrity()
        assert sample.view(seat) == view  # its own hand, every count and public card


def test_bots_think_runs_the_hard_search_in_slices():
    """``bots.think`` (what the page drives, a slice at a time) yields between rollouts in
    late positions and ends with the move ``durak_hard.choose`` makes at once."""
    from game.bots.durak_hard import choose as hard_choose
    sliced = 0
    for state, seat in random_positions(2, 60, seed=13):
        view, legal = state.view(seat), state.legal_actions(seat)
        gen = bots.think(view, legal, "hard", seed=5)
        slices = 0
        while True:
            try:
                next(gen)
                slices += 1
            except StopIteration as stop:
                action = stop.value
                break
        assert action == hard_choose(view, legal, random.Random(5))
        sliced += slices > 1
    assert sliced >= 2


def _endgame_with_talon(rng: random.Random):
    """A two-player state with 2 cards in the talon (the bottom one the face-up trump)
    and one or two cards in each hand, every other card in the discard pile: a sampled world
    of the hard player's rollouts, small enough for brute force."""
    from game.cards import make_deck
    from game.durak import DECK_RANKS, State
    rules = Rules(transfer=rng.random() < 0.5, deck=24)
    cards = make_deck(DECK_RANKS[24])
    rng.shuffle(cards)
    k_talon = 2
    sizes = (rng.randint(1, 2), rng.randint(1, 2))
    talon = cards[:k_talon]
    hands = [cards[k_talon:k_talon + sizes[0]],
             cards[k_talon + sizes[0]:k_talon + sizes[0] + sizes[1]]]
    dead = cards[k_talon + sum(sizes):]
    attacker = rng.randrange(2)
    state = State(rules=rules, names=["P0", "P1"], hands=hands, talon=talon,
                  trump_card=talon[0], dealer=1, attacker=attacker, defender=1 - attacker,
                  rng_state=0, discard=dead, table=[], known=[[], []], first_bout=False)
    state.limit = min(6, len(hands[1 - attacker]))
    state.check_integrity()
    for _ in range(rng.randint(0, 2)):
        state.apply(rng.choice(state.legal_actions(state.to_act()[0])))
        if state.is_over():
            return None
    return state


def test_rollout_solver_with_a_talon_agrees_with_engine_brute_force():
    """The rollouts solve a sampled world exactly once its talon holds at most
    ``SOLVE_TALON`` cards (``_root``): the solver's drawing from the talon must be the
    engine's (DUR-16), checked against plain minimax over the engine."""
    from durak_endgames import brute_force
    from game.bots.durak_endgame import Solver
    from game.bots.durak_hard import _root
    rng = random.Random(17)
    checked = 0
    while checked < 40:
        state = _endgame_with_talon(rng)
        if state is None or len(state.talon) < 2:
            continue
        seat = state.to_act()[0]
        root = _root(state, seat)
        if root is None:
            continue
        assert Solver(state.trump, state.rules.transfer).value(root) == \
            brute_force(state, seat), state.to_dict()
        checked += 1


@pytest.mark.parametrize("players", [2, 3])
def test_rollout_policy_is_the_normal_players_heuristic(players):
    """The rollouts model every seat by the normal player (``_normal_choice``), built from
    the sampled world's cards without a view: it must choose what the normal player's
    heuristics choose from that seat's view, trump exchanges and transfers included."""
    from game.bots.durak_hard import _normal_choice
    rng = random.Random(players)
    decks = (36, 52, 24) if players == 2 else (36, 52)  # DUR-1: 24 cards for two only
    compared = 0
    for g in range(6):
        state = new_game(Rules(transfer=g % 2 == 0, trump_exchange=g % 3 != 2,
                               deck=decks[g % len(decks)]),
                         [f"P{i}" for i in range(players)], seed=100 + g)
        step = 0
        while not state.is_over():
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            assert _normal_choice(state, seat) == normal_bot.heuristic(view, legal)
            compared += len(legal) > 1
            level = "easy" if rng.random() < 0.5 else "normal"
            state.apply(bots.choose(view, legal, level, seed=step))
            step += 1
    assert compared > 200


def test_hard_plays_its_own_numbers_where_it_does_not_search():
    """Early (talon above ``LATE_TALON``) the hard player plays the heuristics with its
    tuned ``WEIGHTS``, not normal's ``NORMAL``: in early positions of normal-vs-normal
    games where the two sets of numbers choose differently, hard chooses as ``WEIGHTS``."""
    from game.bots import durak_hard
    assert durak_hard.WEIGHTS != normal_bot.NORMAL
    differ = 0
    for deal in range(15):
        state = new_game(Rules(), ["P0", "P1"], seed=500 + deal)
        step = 0
        while len(state.talon) > durak_hard.LATE_TALON and not state.is_over():
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            tuned = normal_bot.heuristic(view, legal, durak_hard.WEIGHTS)
            normal = bots.choose(view, legal, "normal", seed=step)
            if tuned != normal:
                differ += 1
                assert bots.choose(view, legal, "hard", seed=step) == tuned
            state.apply(normal)
            step += 1
    assert differ >= 3
