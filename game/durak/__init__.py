"""Durak: the rules of ``rules/durak.md`` (DUR-1 … DUR-20) as a game of the shared protocol.

Seats are 0..n-1, play goes to the left (seat ``i + 1``). A game is a series of *bouts*: an
attacker leads (DUR-8), eligible players throw in (DUR-9, DUR-10), the defender beats each
attack card (DUR-5, DUR-12), transfers (DUR-13) or takes (DUR-15); then everyone draws up to
six (DUR-16). When the talon is empty, players who empty their hands are out (DUR-18); the
last one holding cards is the Durak (DUR-19).

Action text forms (``str(action)``; read back by ``parse_action(text, player)``)::

    attack 6H 6D     lead one card, or several of one rank (DUR-8)
    throw 6C         throw in one card (DUR-9)
    beat 7S 6S       lay 7S on the attack card 6S (DUR-12)
    transfer 6D      pass the attack on with a card of its rank (DUR-13)
    take             the defender gives up and will pick up (DUR-15)
    done             a thrower has nothing (more) to add (DUR-14, DUR-15)
    exchange         swap the lowest trump for the face-up trump card (DUR-17)

The package's modules: ``rules`` (settings, limits, which card beats which, the attack
limit of a bout), ``actions`` (the actions and ``parse_action``), ``state`` (``State``:
roles, whose turn it is, the legal actions, copies; ``new_game``) with its parts
``refusals`` (``why_illegal``), ``play`` (what an action does: bouts end, players draw
and go out), ``view`` (what a seat sees) and ``saves`` (``to_dict``/``from_dict`` and the
integrity check). Import the API from ``game.durak``.
"""

from __future__ import annotations

from .actions import Attack, Beat, Done, Exchange, Take, Throw, Transfer, parse_action
from .rules import (DECK_RANKS, FIRST_BOUT_MAX_ATTACK, FIRST_BOUT_MIN_PLAYERS, HAND_SIZE,
                    MAX_ATTACK, SAVE_VERSION, SERIES_LENGTHS, THROW_IN, Rules, beats, bout_cap,
                    looks_like_first_bout)
from .state import State, new_game

__all__ = ["DECK_RANKS", "FIRST_BOUT_MAX_ATTACK", "FIRST_BOUT_MIN_PLAYERS", "HAND_SIZE",
           "MAX_ATTACK", "SAVE_VERSION", "SERIES_LENGTHS", "THROW_IN", "Attack", "Beat", "Done",
           "Exchange", "Rules", "State", "Take", "Throw", "Transfer", "beats", "bout_cap",
           "looks_like_first_bout", "new_game", "parse_action"]
