"""Random Durak endgames for the endgame solver's tests and bench (tests/test_durak_endgame.py,
bench/bots.py --solver): the talon empty, every card known, two players."""

from __future__ import annotations

import random

from game.cards import make_deck
from game.durak import DECK_RANKS, Rules, State


def random_endgame(rng: random.Random, in_play: int, *, deck: int = 36,
                   moves: int = 0, rules: Rules | None = None) -> State | None:
    """A two-player ``State`` with an empty talon and ``in_play`` cards in the two hands
    (each at least one; every other card in the discard pile), a random trump card and
    attacker, random transfer and throw-in settings unless ``rules`` is given, after
    ``moves`` random legal moves (which may start a bout). None if the game ended in them."""
    rules = rules or Rules(transfer=rng.random() < 0.5,
                           throw_in=rng.choice(("attacker", "neighbours", "all")), deck=deck)
    cards = make_deck(DECK_RANKS[rules.deck])
    rng.shuffle(cards)
    live, dead = cards[:in_play], cards[in_play:]
    k = rng.randint(1, in_play - 1)
    hands = [live[:k], live[k:]]
    attacker = rng.randrange(2)
    trump = rng.choice(cards)
    state = State(rules=rules, names=["P0", "P1"], hands=hands, talon=[], trump_card=trump,
                  dealer=1, attacker=attacker, defender=1 - attacker, rng_state=0,
                  discard=dead, table=[], known=[[], []], first_bout=False)
    state.limit = min(6, len(hands[1 - attacker]))
    state.check_integrity()
    for _ in range(moves):
        if state.is_over():
            return None
        seat = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    return None if state.is_over() else state


def brute_force(state: State, seat: int) -> int:
    """The game value for ``seat`` (+1 not the Durak, 0 draw, -1 the Durak) by plain
    minimax over the engine's own ``legal_actions`` / ``clone`` / ``apply``, the seat
    ``to_act()[0]`` moving (independent of the solver). A position repeated on the path
    scores 0, as in the solver (transfers and takes can cycle)."""
    return _minimax(state, seat, {}, {})[0]


def _minimax(state: State, seat: int, memo: dict, path: dict) -> tuple[int, int]:
    """(value, shallowest path depth of a repetition it depends on, or a large number)."""
    if state.is_over():
        out = state.outcome()
        return (0 if out["draw"] else (-1 if out["durak"] == seat else 1)), 1 << 30
    key = repr(state.to_dict())
    if key in path:
        return 0, path[key]
    if key in memo:
        return memo[key], 1 << 30
    depth = len(path)
    path[key] = depth
    mover = state.to_act()[0]
    values, low = [], 1 << 30
    for action in state.legal_actions(mover):
        nxt = state.clone()
        nxt.apply(action)
        v, lo = _minimax(nxt, seat, memo, path)
        values.append(v)
        low = min(low, lo)
    del path[key]
    v = max(values) if mover == seat else min(values)
    if low > depth:
        memo[key] = v
        low = 1 << 30
    return v, low
