"""Computer players for every game: one entry point, ``choose``.

A bot sees exactly what a human in its seat would see: the ``view`` dict that the game's
``State.view(player)`` returns, and the list ``State.legal_actions(player)`` (which depends
only on that player's own hand and public facts). It never receives the state itself, so it
cannot read another player's hidden cards (``tests/test_bots_fair.py`` checks this).

Each game has its own module here (``game.bots.durak``, ``game.bots.dunka``,
``game.bots.tonk``, ``game.bots.elvakort``) exposing ``choose(view, legal_actions, level, rng) -> Action``; this package picks
it by ``view["game"]``.

Levels:
    ``"random"``  a uniform random legal action (for benchmarks; the same for every game);
    ``"easy"``    plain heuristics;
    ``"normal"``  card tracking, cost-based decisions and, where the game allows it,
                  exact endgame search (see the game's module).
    ``"hard"``    determinized search over the normal bot (``game.bots.pimc``): deals the
                  cards it cannot see at random consistently with the view, tries its
                  best few moves in each such deal with rollouts of the normal bot and
                  keeps the best on average. It still sees only the view. Dunka:
                  ``game.bots.dunka_hard`` and Elvakort: ``game.bots.elvakort_hard``
                  (both the normal bot with its discards weighed by their outs and the
                  next player's take chance, ``game.bots.rummy_outs``, with Dunka's own
                  settings; Elvakort's also takes the pile by its outs in the last
                  round); Tonk: ``game.bots.tonk_hard``
                  (the normal bot with a knock by a model of the opponents' totals fitted
                  on play, ``game.bots.tonk_knock``; its search measured no gain and is
                  off); Durak:
                  ``game.bots.durak_hard`` (late in a game, with the exact endgame solver).

``think(view, legal_actions, level, seed)`` is the same choice as a *sliced* search (a
generator: each ``next()`` does a few to a few tens of milliseconds of work and the
action comes back as the ``StopIteration`` value), so a page can search between frames
without blocking; see ``game.bots.pimc`` for the protocol and a driving loop.

Bots are pure Python and standard library only (they run in Pyodide on the page's main
thread) and deterministic: the same view, legal actions, level and seed always give the
same action. Randomness comes from a local ``random.Random(seed)``, never the global one;
with ``seed=None`` the seed is derived from the view itself (CRC-32 of its JSON text).
"""

from __future__ import annotations

import importlib
import json
import random
import zlib
from typing import Any

from ..engine import Action

LEVELS = ("random", "easy", "normal", "hard")
"""The levels every game's bots understand, weakest first."""

GAMES = {"durak": "game.bots.durak", "dunka": "game.bots.dunka", "tonk": "game.bots.tonk",
         "elvakort": "game.bots.elvakort"}
"""``view["game"]`` -> module implementing that game's bots. Elvakorts-Rummy has its own
(``game.bots.elvakort``: the Dunka bots' machinery taught Elvakort's table-plus scoring)."""

HARD = {"dunka": "game.bots.dunka_hard", "elvakort": "game.bots.elvakort_hard",
        "tonk": "game.bots.tonk_hard", "durak": "game.bots.durak_hard"}
"""``view["game"]`` -> module of its hard player, exposing ``think(view, legal, rng)`` (a
sliced search, ``game.bots.pimc``). A game missing here gets ``level="hard"`` passed to
its own module's ``choose``."""


def _view_seed(view: dict) -> int:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return zlib.crc32(text.encode("utf-8"))


def _checked(view: dict, legal_actions: list, level: str) -> tuple[str, list]:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    game = view.get("game") if isinstance(view, dict) else None
    if game not in GAMES:
        raise ValueError(f"no bots for game {game!r}; games with bots: {', '.join(GAMES)}")
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action to choose from (is it this player's turn?)")
    return game, legal


def think(view: dict, legal_actions: list, level: str = "normal", seed: int | None = None):
    """``choose`` as a sliced search: a generator that yields ``None`` after each unit of
    work (one rollout of Durak's hard player, one hand distance of the Dunka and
    Elvakort hard players' outs counts, one slice of Durak's endgame search: at most a few
    tens of milliseconds in Pyodide, ``bench/hard_slices.py``)
    and returns the action (``StopIteration.value``): the very action ``choose`` gives for
    the same arguments. Levels without search return at the first ``next()``.
    Arguments and errors as ``choose`` (raised at the first ``next()``)."""
    game, legal = _checked(view, legal_actions, level)
    rng = random.Random(_view_seed(view) if seed is None else seed)
    if level == "hard" and game in HARD:
        module: Any = importlib.import_module(HARD[game])
        action = yield from module.think(view, legal, rng)
    elif level == "random":
        action = legal[rng.randrange(len(legal))]
    else:
        module = importlib.import_module(GAMES[game])
        if hasattr(module, "think"):  # a search that can run in slices (Durak's endgame)
            action = yield from module.think(view, legal, level, rng)
        else:
            action = module.choose(view, legal, level, rng)
    if action not in legal:  # a bug in a bot must never become an illegal move
        raise AssertionError(f"bot chose {action}, which is not legal here")
    return action


def choose(view: dict, legal_actions: list, level: str = "normal",
           seed: int | None = None) -> Action:
    """Pick one of ``legal_actions`` for the player whose ``view`` this is.

    Args:
        view: ``State.view(player)`` of any game (a JSON-safe dict with a ``"game"`` key,
            e.g. ``"durak"``, and ``"player"``, the acting seat).
        legal_actions: ``State.legal_actions(player)``: the engine's Action objects, in the
            engine's stable order; must not be empty.
        level: ``"random"``, ``"easy"``, ``"normal"`` or ``"hard"``.
        seed: makes the choice reproducible; ``None`` derives a seed from the view.

    Returns:
        One element of ``legal_actions`` (the very object, not a copy).

    Raises:
        ValueError: unknown level, unknown or unbuilt game, or no legal action to choose.
    """
    return run_to_end(think(view, legal_actions, level, seed))


def run_to_end(search):
    """Drive a sliced search (a generator such as ``think``) to its end at once and
    return its result (the ``StopIteration`` value)."""
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value
