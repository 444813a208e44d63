"""Why a Durak action is refused (``State.why_illegal``): the ``IllegalAction`` code and
params for every action ``legal_actions`` does not offer (a mixin of ``state.State``)."""

from __future__ import annotations

from ..engine import Action, IllegalAction, refuse_cards_not_held
from .actions import Attack, Beat, Exchange, Take, Throw, Transfer


class StateRefusals:
    """``State.why_illegal`` (see the module docstring)."""

    def why_illegal(self, action: Action) -> IllegalAction:
        """A specific reason (stable code) why ``action`` is not legal now."""
        p = action.player
        hand = self.hands[p]
        held = refuse_cards_not_held(action, hand)
        if held is not None:
            return held
        if isinstance(action, Exchange):
            return IllegalAction("exchange_not_allowed",
                                 "you cannot exchange the trump card now",
                                 card=str(self.lowest_trump()))
        if p not in self.to_act():
            if not self.table and p != self.attacker:
                return IllegalAction("wait_for_lead", "wait for the attacker to lead")
            if p != self.defender and p not in self.throwers() and isinstance(action, Throw):
                return IllegalAction("not_eligible", "you may not throw in under this setting")
            # an eligible player who is not asked because nothing of theirs may be added:
            # say why (DUR-8, DUR-9, DUR-10, DUR-15) instead of "not your turn"
            if p != self.defender and p not in self.passed and isinstance(action, Throw):
                if len(self.table) >= self.limit:
                    return IllegalAction("attack_limit", f"at most {self.limit} attack cards",
                                         limit=self.limit)
                return IllegalAction("rank_not_on_table",
                                     "throw in only ranks already on the table",
                                     card=str(action.card))
            if isinstance(action, Attack) and self.table and p == self.attacker:
                return IllegalAction("bout_started", "the attack is already led; throw in")
            if isinstance(action, Take) and p == self.defender and self.taking:
                return IllegalAction("already_taking", "you are already taking")
            return IllegalAction("not_your_turn", "it is not your turn")
        if not self.table and not isinstance(action, Attack):
            return IllegalAction("must_attack", "lead a card (or several of one rank)")
        if isinstance(action, Attack):
            if self.table:
                return IllegalAction("bout_started", "the attack is already led; throw in")
            if len({c.rank for c in action.cards}) > 1:
                return IllegalAction("mixed_ranks", "lead cards of one rank only")
            limit = min(self.limit, len(self.hands[self.defender]))
            return IllegalAction("attack_limit", f"at most {limit} attack cards", limit=limit)
        if isinstance(action, (Beat, Transfer, Take)) and p != self.defender:
            return IllegalAction("only_defender", "only the defender may do that")
        if isinstance(action, Take) and self.taking:
            return IllegalAction("already_taking", "you are already taking")
        if isinstance(action, Beat):
            if action.target not in self.unbeaten():
                return IllegalAction("not_unbeaten", f"{action.target} is not an unbeaten attack card",
                                     card=str(action.target))
            return IllegalAction("cannot_beat", f"{action.card} does not beat {action.target}",
                                 card=str(action.card), target=str(action.target),
                                 trump=self.trump)
        if isinstance(action, Transfer):
            if not self.rules.transfer:
                return IllegalAction("transfer_off", "transfers are off in this game")
            if any(d is not None for _, d in self.table):
                return IllegalAction("transfer_after_beat", "no transfer once a card is beaten")
            if action.card.rank != self.table[0][0].rank:
                return IllegalAction("transfer_rank", "transfer with a card of the attack's rank")
            return IllegalAction("transfer_too_many",
                                 "the next player has too few cards, or the limit is reached")
        if isinstance(action, Throw):
            if p == self.defender:
                return IllegalAction("defender_cannot_throw", "the defender never throws in")
            if len(self.table) >= self.limit:
                return IllegalAction("attack_limit", f"at most {self.limit} attack cards",
                                     limit=self.limit)
            return IllegalAction("rank_not_on_table", "throw in only ranks already on the table",
                                 card=str(action.card))
        return IllegalAction("not_your_turn", "it is not your turn")
