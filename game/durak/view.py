"""What a seat sees of a Durak game (``State.view``) and the order a hand is shown in
(a mixin of ``state.State``)."""

from __future__ import annotations

from ..cards import Card


class StateView:
    """``State.view`` and ``State.hand_order`` (see the module docstring)."""

    def hand_order(self, card: Card) -> tuple:
        """Sort key for showing a hand: non-trumps by rank then suit, trumps last."""
        return (card.suit == self.trump, card.rank, "SHDC".index(card.suit))

    def view(self, player: int) -> dict:
        """What seat ``player`` may see, JSON-safe: own hand (sorted, trumps last), card
        counts of the others, table, trump card, talon and discard counts, the discard
        pile's cards and ``known`` (both public: every player saw them), whose turn it is."""
        def txt(cards):
            return [str(c) for c in cards]
        return {
            "game": self.game,
            "player": player,
            "names": list(self.names),
            "hand": txt(sorted(self.hands[player], key=self.hand_order)),
            "hand_counts": [len(h) for h in self.hands],
            "known": [txt(k) for k in self.known],
            "trump": self.trump,
            "trump_card": str(self.trump_card),
            "trump_in_hand": not self.talon,
            "talon": len(self.talon),
            "discard": len(self.discard),
            "discarded": txt(self.discard),
            "table": [[str(a), None if d is None else str(d)] for a, d in self.table],
            "attacker": self.attacker,
            "defender": self.defender,
            "lead_attacker": self.lead_attacker,
            "throwers": self.throwers(),
            "taking": self.taking,
            "passed": list(self.passed),
            "limit": self.limit,
            "to_act": self.public_to_act(),
            "out": list(self.out),
            "dealer": self.dealer,
            "rules": self.rules.to_dict(),
            "over": self.over,
            "outcome": self.outcome(),
        }
