"""What a seat sees of a Tonk session (``State.view``) and the last hand's result without
its cards (a mixin of ``state.State``)."""

from __future__ import annotations

from .cardtext import _sorted, _txt
from .results import _copy_result
from .rules import TURN_LIMIT


class StateView:
    """``State.view`` and ``State.public_result`` (see the module docstring)."""

    def public_result(self) -> dict | None:
        """The last finished hand's result without the shown cards (they were dealt again):
        end, totals, winners, payouts."""
        if self.result is None:
            return None
        out = _copy_result(self.result)
        del out["hands"]
        return out

    def view(self, player: int) -> dict:
        """What seat ``player`` may see, JSON-safe:

        ``game``, ``player``, ``names``, ``hand_no``, ``dealer``, ``first_dealer``, ``cut``
        (ranks cut for the first deal, rounds of ``[seat, rank]``), ``phase``, ``turn``,
        ``to_act``, ``hand`` (own cards, ace low), ``hand_counts``, ``known`` (cards each seat
        took from the pile and holds), ``table`` (spreads: ``id``, ``name`` "s3", ``owner``,
        ``kind`` "set"/"run", ``cards``), ``pile_top``, ``pile_size``, ``stock_size``,
        ``stock_dry``, ``dry_turns_left`` (turns left before the hand ends dry, or None),
        ``turns`` (turns of this hand ended so far), ``turns_left`` (before the turn limit
        ends the hand, house rule B), ``pile_taken`` (the card the seat in turn took from the
        pile this turn, which it may not discard, house rule A; or None),
        ``spread_this_turn``, ``hit_locked`` (seats that may not knock at their next turn
        start), ``result`` (the finished hand's result with the shown hands, only between
        hands), ``last_result`` (the last finished hand without cards), ``stake``,
        ``balances``, ``history`` (ledger snapshots per hand), ``rules``, ``over``,
        ``outcome``. Other players' cards appear only as counts during a hand."""
        over = self.phase == "hand_over"
        return {
            "game": self.game,
            "player": player,
            "names": list(self.names),
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "cut": [[[seat, c.rank_text if c.rank != 14 else "A"] for seat, c in rnd]
                    for rnd in self.cut],
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act(),
            "hand": _txt(_sorted(self.hands[player])),
            "hand_counts": [len(h) for h in self.hands],
            "known": [_txt(k) for k in self.known],
            "table": [{"id": sid, "name": f"s{sid}", "owner": owner, "kind": m.kind,
                       "cards": m.tokens()} for sid, owner, m in self.table],
            "pile_top": str(self.pile[-1]) if self.pile else None,
            "pile_size": len(self.pile),
            "stock_size": len(self.stock),
            "stock_dry": not self.stock,
            "dry_turns_left": (self.num_players - self.dry_turns) if not self.stock else None,
            "turns": self.turns,
            "turns_left": TURN_LIMIT - self.turns,
            "pile_taken": None if self.taken is None else str(self.taken),
            "spread_this_turn": self.spread_this_turn,
            "hit_locked": [q for q in range(self.num_players) if self.knock_locked(q)],
            "result": _copy_result(self.result) if over else None,
            "last_result": self.public_result(),
            "stake": self.rules.stake,
            "balances": self.ledger.balances(),
            "history": self.ledger.to_dict()["history"],
            "rules": self.rules.to_dict(),
            "over": False,
            "outcome": None,
        }
