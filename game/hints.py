"""Why a move is good, as far as the move itself shows it: ``explain`` gives the why-code
(``HINT_CODES``, texts ``hint_<code>`` in ``game/i18n/positions.py``) of the move the Hint
button suggests (``Session.hint``) and of a lesson's expected move."""

from __future__ import annotations


HINT_CODES = ("exchange", "attack_several", "attack_lowest", "beat_lowest", "beat_trump",
              "transfer", "take", "take_cannot_beat", "throw_in", "done", "draw_pile",
              "draw_stock", "dunk", "pass_claim", "lay_go_out", "lay_contract", "lay_further",
              "lay_off",
              "lay_off_own", "lay_off_other",
              "replace_joker", "go_out", "discard_high", "knock", "spread", "hit", "end_hand")
"""Every why-code ``explain`` gives; each has the i18n text ``hint_<code>``."""


def _durak_reason(state, player: int, action) -> tuple[str | None, dict]:
    from .durak import Attack, Beat, Done, Exchange, Take, Throw, Transfer, beats
    hand, trump = state.hands[player], state.trump
    if isinstance(action, Exchange):
        return "exchange", {}
    if isinstance(action, Attack):
        if len(action.cards) > 1:
            return "attack_several", {}
        plain = [c for c in hand if c.suit != trump]
        card = action.cards[0]
        if plain and card.suit != trump and card.rank == min(c.rank for c in plain):
            return "attack_lowest", {}
        return None, {}
    if isinstance(action, Beat):
        able = [c for c in hand if beats(c, action.target, trump)]
        best = min(able, key=lambda c: (c.suit == trump, c.rank))
        if action.card == best:
            return ("beat_trump" if best.suit == trump else "beat_lowest"), {}
        return None, {}
    if isinstance(action, Transfer):
        return "transfer", {}
    if isinstance(action, Take):
        can_beat = all(any(beats(c, a, trump) for c in hand) for a in state.unbeaten())
        return ("take" if can_beat else "take_cannot_beat"), {}
    if isinstance(action, Throw):
        return "throw_in", {}
    if isinstance(action, Done):
        return "done", {}
    return None, {}


def _discard_reason(state, player: int, card, legal, value) -> tuple[str | None, dict]:
    if len(state.hands[player]) == 1:
        return "go_out", {}
    cards = [a.card for a in legal if getattr(a, "verb", "") == "discard"]
    if cards and value(card) == max(value(c) for c in cards) and value(card) > 0:
        return "discard_high", {}
    return None, {}


def _starts_going_out(state, player: int, action) -> bool:
    """The lay-down ``action`` lets ``player`` go out this very turn (issue 32): in a
    go-out round every lay-down does (DUN-15, ELV-10); else it is the first action of
    one of ``game.rummy.goout.plans`` (lay-offs and the last discard to follow)."""
    from .rummy.actions import laydown_from
    from .rummy.goout import state_plans
    if state.contract.go_out:
        return True
    return any(plan.melds and laydown_from(player, plan.melds) == action
               for plan in state_plans(state, player))


def _rummy_reason(state, player: int, action, legal) -> tuple[str | None, dict]:
    from .rummy import Discard, Draw, Dunk, LayDown, Layoff, Pass, Replace
    if isinstance(action, Draw):
        return ("draw_pile" if action.source == "pile" else "draw_stock"), {}
    if isinstance(action, Dunk):
        return "dunk", {}
    if isinstance(action, Pass):
        return ("pass_claim" if state.phase == "claim" else None), {}
    if isinstance(action, LayDown):
        if _starts_going_out(state, player, action):
            return "lay_go_out", {}
        return ("lay_further" if state.laid_down[player] else "lay_contract"), {}
    if isinstance(action, Layoff):
        if state.game == "elvakort":   # ELV-13: the card scores for the meld's owner
            owner = next(o for mid, o, _m in state.table if mid == action.meld)
            return ("lay_off_own" if owner == player else "lay_off_other"), {}
        return "lay_off", {}
    if isinstance(action, Replace):
        return "replace_joker", {}
    if isinstance(action, Discard):
        return _discard_reason(state, player, action.card, legal, state.ruleset.value)
    return None, {}


def _tonk_reason(state, player: int, action, legal) -> tuple[str | None, dict]:
    from .tonk import Discard, Draw, End, Hit, Knock, Spread, hand_total
    if isinstance(action, Knock):
        return "knock", {"total": hand_total(state.hands[player])}
    if isinstance(action, End):
        return "end_hand", {"total": hand_total(state.hands[player])}
    if isinstance(action, Draw):
        return ("draw_pile" if action.source == "pile" else "draw_stock"), {}
    if isinstance(action, Spread):
        return "spread", {}
    if isinstance(action, Hit):
        return "hit", {}
    if isinstance(action, Discard):
        return _discard_reason(state, player, action.card, legal,
                               lambda c: hand_total([c]))
    return None, {}


def explain(state, player: int, action) -> tuple[str | None, dict]:
    """Why ``action`` is a good move for ``player`` in ``state``, as far as the move itself
    shows it: ``(code, params)`` with the text ``hint_<code>`` (``HINT_CODES``), or
    ``(None, {})`` when no honest reason can be named (e.g. a discard that is not the
    highest card). Reads the state only."""
    legal = state.legal_actions(player)
    if state.game == "durak":
        return _durak_reason(state, player, action)
    if state.game == "tonk":
        return _tonk_reason(state, player, action, legal)
    return _rummy_reason(state, player, action, legal)

