"""The go-out round's race, looked at several draws ahead, for the hard Dunka and Elvakort
players (issue 17; DUN-15, ELV-10).

In round 6 whoever first holds a hand that goes out at once wins the round (Elvakort:
banks every card and the 50 while the other hand counts minus, ELV-13; Dunka: the others
keep their hands, DUN-14), so a discard is worth the draws it saves. The outs
(``game.bots.rummy_outs``) look one draw ahead; ``race_turns_steps`` looks ``RACE_HORIZON``
draws ahead: for each of ``RACE_SAMPLES`` sequences of cards drawn from the cards not yet
seen (each natural card by its copies still to come, ``live``; the jokers not seen), it
counts the draws until the cards held go out (``rummy_go_out.go_out_distance`` 0 with
the hand's size in turn), a player keeping every card drawn and discarding, at each
turn, a card the hand has no use for: an optimistic player, who may still choose late
between two plans. The same sequences serve every candidate discard (common random
numbers: two candidates differ only by the hand they leave), and they come from a
generator seeded by the view's hand and turn, so the choice is the same every time the
view is the same, and reads only the view.
"""

from __future__ import annotations

import random

from . import pimc, rummy_go_out

RACE_SAMPLES = 24
"""Sequences of draws per decision (shared by its candidate discards)."""
RACE_HORIZON = 6
"""Draws looked ahead; a hand not out by then counts ``RACE_HORIZON + 1``."""


def sequences(ctx) -> list[list]:
    """``RACE_SAMPLES`` sequences of ``RACE_HORIZON`` cards drawn without replacement
    from the cards ``ctx`` (``game.bots.rummy_outs._Outs``) has not seen (``to_come``),
    from a generator seeded by the view (hand, turns played, round)."""
    pool = ctx.to_come()
    seed = f"{ctx.view['round']}|{ctx.view['turns']}|{sorted(ctx.hand)}"
    rng = random.Random(seed)
    k = min(RACE_HORIZON, len(pool))
    return [rng.sample(pool, k) for _ in range(RACE_SAMPLES)]


def race_turns_steps(ctx, hand: list, draws: list[list]) -> pimc.Think:
    """The mean number of draws (1 … ``RACE_HORIZON`` + 1) before ``hand`` (a hand
    between turns, ``(rank, suit)`` list) goes out, over the sequences ``draws``: the
    optimistic player of the module docstring. In slices (``game.bots.pimc``'s
    protocol): yields after each sequence."""
    t = rummy_go_out.turn_size(len(hand))
    cache: dict = {}
    total = 0
    for seq in draws:
        held = list(hand)
        turns = RACE_HORIZON + 1
        for i, card in enumerate(seq):
            held.append(card)
            key = tuple(sorted(held))
            d = cache.get(key)
            if d is None:
                d = cache[key] = rummy_go_out.go_out_distance(ctx, key, t)
            if d == 0:
                turns = i + 1
                break
        total += turns
        yield None
    return total / max(1, len(draws))
