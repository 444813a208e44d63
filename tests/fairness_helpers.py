"""Helpers of the bot fairness tests (test_bots_fair.py, test_bots_dunka.py): move the cards
a player cannot see, and check that the player's view and every bot's choice stay the same.
"""

from __future__ import annotations

import random

from game import bots


def shuffle_hidden(data: dict, seat: int, rng: random.Random, places: dict) -> dict:
    """Permute, in a game's save dict ``data`` (``State.to_dict()``), every card hidden
    from ``seat``: the cards of the other hands that are not in their public ``known``
    list, and ``data[key][i]`` for every ``i`` in ``places[key]`` (e.g. the stock, a talon
    without its face-up trump). Each card moves to another hidden slot, so every hand
    keeps its size and its known cards. Returns ``data``, changed in place."""
    slots, hidden = [], []
    for other, hand in enumerate(data["hands"]):
        if other == seat:
            continue
        known = list(data["known"][other])
        for i, card in enumerate(hand):
            if card in known:
                known.remove(card)
                continue
            slots.append((data["hands"][other], i))
            hidden.append(card)
    for key, indices in places.items():
        for i in indices:
            slots.append((data[key], i))
            hidden.append(data[key][i])
    rng.shuffle(hidden)
    for (cards, i), card in zip(slots, hidden):
        cards[i] = card
    return data


def check_same_choice(state, other, seat: int, levels, seeds) -> bool:
    """Assert that ``seat`` has the same view and legal actions in ``state`` and in
    ``other`` (the same position with hidden cards moved) and that ``bots.choose`` picks
    the same action at every level of ``levels`` with every seed of ``seeds``. Returns
    whether the hidden cards moved at all (``other`` is not ``state``)."""
    view, other_view = state.view(seat), other.view(seat)
    assert view == other_view, "the permutation must not change what the player sees"
    legal = state.legal_actions(seat)
    assert other.legal_actions(seat) == legal
    for level in levels:
        for seed in seeds:
            a = bots.choose(view, legal, level, seed=seed)
            b = bots.choose(other_view, other.legal_actions(seat), level, seed=seed)
            assert a == b, (level, seed, str(a), str(b))
    return other.to_dict() != state.to_dict()


def check_view_not_modified(state, steps: int) -> None:
    """Play ``steps`` moves of ``state`` (or to its end) with the normal bot, asserting
    each time that ``bots.choose`` leaves the view it was given unchanged."""
    for step in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        view = state.view(seat)
        before = repr(view)
        action = bots.choose(view, state.legal_actions(seat), "normal", seed=step)
        assert repr(view) == before
        state.apply(action)
