"""Why a rummy action is refused (``State.why_illegal``): the ``IllegalAction`` code and
params for every action ``legal_actions`` does not offer (a mixin of ``state.State``)."""

from __future__ import annotations

from ..engine import Action, IllegalAction
from .actions import Discard, Draw, Dunk, LayDown, Layoff, Next, Pass, Replace


class StateRefusals:
    """``State.why_illegal`` (see the module docstring)."""

    def why_illegal(self, action: Action) -> IllegalAction:
        p = action.player
        phase = self.phase

        def err(code, message, **params):
            return IllegalAction(code, message, **params)

        if isinstance(action, Next):
            return err("round_not_over", "the round is not over")
        if isinstance(action, (Dunk, Pass)) and phase == "claim":
            if p == self.discarder:
                return err("discarder_cannot_claim", "you cannot claim your own discard")
            if p == self.turn:
                return err("declined_discard", "you took from the stock instead")
            if p in self.claim_dunked:
                return err("already_claimed", "you have already dunked for this discard")
            if p in self.claim_passed:
                return err("already_passed", "you have already passed")
            return err("outranked", "a player nearer in turn has claimed the discard")
        if isinstance(action, Dunk):
            if p in self.claim_dunked:
                return err("already_claimed", "you have already dunked for this discard")
            if p == self.discarder and phase in ("draw", "play"):
                return err("discarder_cannot_claim", "you cannot claim your own discard")
            return err("no_claim_window", "there is no discard to claim now")
        if p not in self.to_act():
            if phase == "claim" and p == self.turn:
                return err("claims_pending", "wait for the other players' claims")
            if phase == "round_over":
                return err("round_over", "the round is over")
            return err("not_your_turn", "it is not your turn")
        if phase == "round_over":
            return err("round_over", "the round is over")
        if phase == "claim":
            return err("not_your_turn", "it is not your turn")
        hand = self.hands[p]
        card = getattr(action, "card", None)
        if phase == "opening" and not isinstance(action, Discard):
            return err("opening_discard", "discard one card first")
        if isinstance(action, Draw):
            if phase == "draw":
                if action.source == "pile":
                    return err("pile_empty", "the discard pile is empty")
                return err("stock_empty", "the stock is empty")
            return err("already_drawn", "you have already taken a card")
        if isinstance(action, Pass):
            return err("nothing_to_pass", "there is nothing to pass")
        if phase == "draw":
            return err("must_draw_first", "take a card first")
        if card is not None and card not in hand:
            return err("card_not_in_hand", f"{card} is not in your hand", card=str(card))
        if isinstance(action, Discard):
            if card.is_joker and not self.ruleset.jokers_discardable:
                return err("joker_discard", "jokers may not be discarded", card=str(card))
            if self._blocked_discard(p, card):
                return err("discard_just_taken",
                           f"you took {self.taken} from the discard pile this turn: "
                           "discard another card", card=str(card), taken=str(self.taken))
            if phase == "after_dunk":
                return err("not_your_turn", "it is not your turn")
            return err("illegal", f"{action} is not allowed now")
        if isinstance(action, LayDown):
            return self._resolve_laydown(action)[1] or err("illegal", "not allowed now")
        if isinstance(action, (Layoff, Replace)):
            if phase != "play":
                return err("not_your_turn", "it is not your turn")
            if not self.laid_down[p]:
                return err("not_laid_down", "lay down the contract first")
            entry = self._meld(action.meld)
            if entry is None:
                return err("no_such_meld", f"there is no meld m{action.meld}",
                           meld=action.meld)
            if isinstance(action, Layoff):
                if card.is_joker and not self._may_lay_joker(p, entry):
                    return err("joker_on_others_meld", "jokers go only on your own melds",
                               card=str(card), meld=action.meld)
                opts = self._layoff_options(card, entry)
                if not opts:
                    return err("card_does_not_fit", f"{card} does not fit m{action.meld}",
                               card=str(card), meld=action.meld)
                keep = self._keep_problem(1, len(hand))  # ELV-10
                if keep is not None:
                    return keep
                if action.end is None:
                    return err("choose_end", "say which end: low or high",
                               card=str(card), meld=action.meld)
                return err("bad_end", "the card does not go at that end",
                           card=str(card), meld=action.meld)
            meld = entry[2]
            if not self.ruleset.melds.joker_replacement:  # ELV-3
                return err("no_joker_replacement", "jokers are never replaced in this game",
                           card=str(card), meld=action.meld)
            if card.is_joker:
                return err("joker_for_joker", "replace a joker with a natural card")
            if meld.kind != "run":
                return err("joker_in_set", "jokers in sets are never replaced",
                           meld=action.meld)
            if not self._replace_options(card, entry):
                if any(c.is_joker and st == (card.rank, card.suit)
                       for c, st in zip(meld.cards, meld.stands)):
                    # DUN-11: the joker must move to an end that keeps the run valid; a
                    # run of 13 cards (ace to king, or two to ace) has none
                    return err("joker_cannot_move", f"the joker in m{action.meld} stands for "
                               f"{card} but has no end of the run to move to",
                               card=str(card), meld=action.meld)
                return err("no_joker_for_card", f"no joker in m{action.meld} stands for "
                           f"{card}", card=str(card), meld=action.meld)
            keep = self._keep_problem(1, len(hand))  # ELV-10
            if keep is not None:
                return keep
            return err("bad_end", "the joker cannot go at that end", meld=action.meld)
        return err("illegal", f"{action} is not allowed now")
