"""Playing out one player's turn with a computer player's choices (the rummy bots' tests)."""

from __future__ import annotations

from game import bots


def play_turn(state, seat: int, level: str) -> list[str]:
    """Let ``seat`` at ``level`` play a rummy ``state`` (Dunka, Elvakort) until its turn is
    over; returns the actions' texts in order. Changes ``state``."""
    moves = []
    while state.phase == "play" and state.turn == seat:
        action = bots.choose(state.view(seat), state.legal_actions(seat), level, seed=0)
        moves.append(str(action))
        state.apply(action)
    return moves
