"""Determinized search (Perfect-Information Monte Carlo) shared by the hard players.

The hard player of a game sees only its ``view`` and legal actions, like every bot. To
look ahead it *determinizes*: it deals the cards it cannot see (the unknown part of the
other hands, the stock, face-down piles) at random among the hidden places, consistent
with everything public (hand sizes, cards known to be in a hand, cards on the table and
the pile, its own hand), which gives a complete game state of the engine (``clone()``,
``legal_actions()``, ``apply()``). In each such *world* it plays every candidate move and
then lets the normal bot play every seat for a while (a *rollout*), and scores the
result. The candidate with the best mean over the worlds is chosen (the normal bot's
choice unless another beats it clearly, ``pick``); every candidate is
tried in the same worlds with the same rollout seeds (common random numbers), so the
comparison is not drowned in the luck of the deal.

Sliced API (for a page that must not block):
    ``think(...)`` of a game's hard module is a *generator*: each ``next()`` does one
    rollout (a few to a few tens of milliseconds in CPython; 2–4x that in Pyodide) and
    yields ``None``; when the search is done it returns the chosen action (the value of
    ``StopIteration``). ``game.bots.think(view, legal, level, seed)`` wraps every level
    this way (levels without search finish at the first ``next()``). A caller drives it
    with a time budget per slice, e.g. in the page's event loop::

        gen = bots.think(view, legal, "hard", seed)
        action = None
        while action is None:
            deadline = now() + 0.04
            try:
                while now() < deadline:
                    next(gen)
            except StopIteration as stop:
                action = stop.value
            await asyncio.sleep(0)   # let the page draw and take input

    The work is counted in rollouts, never in time, so the choice does not depend on how
    fast the machine is or how the slices were cut: ``drive(think(...))`` (what
    ``choose`` does) gives the same action as any sliced run.

Everything is deterministic given the seed: the worlds come from a local
``random.Random``; the hidden cards of the real game are never read (the bot is given
the view, not the state; ``tests/test_bots_fair.py`` checks it for ``"hard"``).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Generator, Sequence

CONFIDENCE = 1.64
"""Standard errors by which a move must beat the normal bot's choice to replace it
(one-sided 95 %; see ``pick``)."""

Think = Generator[None, None, Any]
"""A sliced search: yields ``None`` after each unit of work, returns the action."""


def deal_hidden(unseen: list, sizes: Sequence[int], rng: random.Random) -> list[list]:
    """Deal the ``unseen`` cards at random into places of the given ``sizes``.

    Args:
        unseen: the cards the player cannot see (a list; not changed).
        sizes: how many hidden cards each place gets (e.g. the unknown part of every
            other hand, then the stock); they must add up to ``len(unseen)``.
        rng: the search's random source.

    Returns:
        One list per size, together a permutation of ``unseen``.

    Raises:
        ValueError: when the sizes do not add up to the number of unseen cards (a view
            the search does not understand; callers fall back to the normal bot).
    """
    if sum(sizes) != len(unseen) or min(sizes, default=0) < 0:
        raise ValueError(f"{len(unseen)} unseen cards for places of {list(sizes)}")
    cards = list(unseen)
    rng.shuffle(cards)
    out, i = [], 0
    for k in sizes:
        out.append(cards[i:i + k])
        i += k
    return out


def search(worlds: Callable[[random.Random], Any], candidates: list,
           rollout: Callable[[Any, Any, random.Random], float], samples: int,
           rng: random.Random) -> Think:
    """The determinized search as a sliced generator (see the module docstring).

    Args:
        worlds: ``worlds(rng)`` -> a complete engine state consistent with the view (one
            random deal of the hidden cards). Called ``samples`` times.
        candidates: the moves to compare, the normal bot's choice first (it wins ties).
        rollout: ``rollout(world, candidate, rng)`` -> the result for the searching
            player (higher is better); it must work on a ``clone()`` of ``world`` or may
            change ``world`` only when it is the last candidate (it is given a clone).
        samples: worlds per candidate (the budget; ``len(candidates) * samples`` rollouts).
        rng: the random source (worlds and rollout seeds).

    Yields ``None`` after each rollout; returns the candidate chosen by ``pick`` (the
    highest mean result, the normal bot's choice unless clearly beaten). With one
    candidate it returns at once.
    """
    if len(candidates) <= 1:
        return candidates[0]
    values: list[list[float]] = [[] for _ in candidates]
    for _ in range(samples):
        world = worlds(rng)
        seed = rng.getrandbits(32)
        for i, cand in enumerate(candidates):
            values[i].append(rollout(world.clone(), cand, random.Random(seed)))
            yield None
    return candidates[pick(values)]


def pick(values: list[list[float]], z: float = CONFIDENCE) -> int:
    """Which candidate to play from their results per world (``values[i][k]``: candidate
    ``i`` in world ``k``, the same worlds for all): the one with the highest mean, but
    another than the first (the normal bot's choice) only when its mean gain over the
    first, world by world, exceeds ``z`` standard errors of that gain. Rollouts and the
    sampled deals are imperfect models of the other players, so the search overrides the
    normal bot only on clear evidence. Returns an index into ``values``."""
    base = values[0]
    n = len(base)
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], base)]
        gain = sum(diffs) / n
        if n > 1:
            var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
            if gain <= z * (var / n) ** 0.5:
                continue
        if gain > best_gain + 1e-9:
            best, best_gain = i, gain
    return best


def drive(gen: Think) -> Any:
    """Run a sliced search to its end and return its result (what ``choose`` does)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def done(value: Any) -> Think:
    """A search that is already finished: returns ``value`` at its first ``next()``."""
    return value
    yield  # pragma: no cover  (makes this a generator)
