"""Why a Tonk action is refused (``State.why_illegal``): the ``IllegalAction`` code and
params for every action ``legal_actions`` does not offer (a mixin of ``state.State``)."""

from __future__ import annotations

from ..engine import Action, IllegalAction, refuse_cards_not_held
from .actions import Discard, Draw, End, Hit, Knock, Next, Spread
from .cardtext import _txt


class StateRefusals:
    """``State.why_illegal`` (see the module docstring)."""

    def why_illegal(self, action: Action) -> IllegalAction:
        """A specific reason (stable code) why ``action`` is not legal now."""
        p = action.player
        if self.phase == "hand_over":
            return IllegalAction("hand_over", "the hand is over; deal the next one")
        if isinstance(action, Next):
            return IllegalAction("hand_in_progress", "the hand is still being played")
        if p != self.turn:
            return IllegalAction("not_your_turn", "it is not your turn")
        held = refuse_cards_not_held(action, self.hands[p])
        if held is not None:
            return held
        if self.phase == "start":
            if isinstance(action, Knock):
                return IllegalAction("hit_locked", "your spread was hit: you may not knock now")
            if isinstance(action, Draw):
                if action.source == "stock":
                    return IllegalAction("stock_empty", "the stock is empty")
                if action.source == "pile":
                    return IllegalAction("pile_empty", "there is no discard to take")
                return IllegalAction("bad_source", "draw from the stock or the pile")
            if isinstance(action, End):
                return IllegalAction("stock_not_dry", "the hand ends this way only when the "
                                     "stock is empty")
            return IllegalAction("must_draw_first", "draw a card first")
        # phase "play"
        if isinstance(action, Knock):
            return IllegalAction("knock_after_draw", "knock only at the start of your turn")
        if isinstance(action, (Draw, End)):
            return IllegalAction("already_drew", "you have drawn; spread, hit or discard")
        if isinstance(action, Spread):
            return IllegalAction("not_a_spread", "these cards are not a spread",
                                 cards=_txt(action.cards))
        if isinstance(action, Hit):
            entry = self.spread(action.spread)
            if entry is None:
                return IllegalAction("no_such_spread", f"there is no spread s{action.spread}",
                                     spread=action.spread)
            return IllegalAction("cannot_hit", f"{action.card} does not fit spread "
                                 f"s{action.spread}", card=str(action.card),
                                 spread=action.spread)
        if isinstance(action, Discard):
            if action.card == self.taken and action.card in self._discard_cards(p):
                return IllegalAction("discard_just_taken", "you may not discard the card you "
                                     "just took from the pile (house rule)",
                                     card=str(action.card))
            return IllegalAction("must_lay_spreads", "lay down your spreads before "
                                 "discarding (three aces may be kept)", card=str(action.card))
        return IllegalAction("illegal", f"{action} is not allowed now")
