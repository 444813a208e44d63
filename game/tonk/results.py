"""A finished Tonk hand's result (the dict ``State._finish`` keeps): a deep copy for views
and events, and the check of a saved one field by field."""

from __future__ import annotations

from .. import checks
from ..ledger import MAX_HANDS, MAX_STAKE, REASONS
from .cardtext import _txt
from .rules import _DECK_SET, _FULL_DECK, ENDS

_RESULT_KEYS = ("hand", "end", "player", "caught", "winners", "totals", "hands", "payouts",
                "net", "stake")
_PAYOUT_KEYS = ("payer", "payee", "units", "amount", "reason")
_SEAT_ENDS = ("knock", "tonk_out", "out_by_discard", "tonk_deal")
"""Ends that always name the player who ended the hand (the result's ``player``)."""


def _read_result(value, n: int) -> dict | None:
    """A saved hand result (see ``State._finish`` for its shape) checked field by field,
    as a fresh dict; ``None`` stays ``None``. Raises ``SaveError`` naming the field (a
    result of the wrong shape would fail at every later render)."""
    if value is None:
        return None
    r = checks.fields(value, "result", _RESULT_KEYS)
    end = checks.choice(r["end"], "result.end", ENDS)
    player = checks.opt_seat(r["player"], "result.player", n)
    if end in _SEAT_ENDS and player is None:
        raise checks.fail("result.player", f"a {end} result names its player")
    caught = r["caught"]
    if caught is not None:
        checks.flag(caught, "result.caught")
    totals = r["totals"]
    if totals is not None:
        totals = [checks.opt_whole(t, f"result.totals[{i}]", 0, 1000)
                  for i, t in enumerate(checks.items(totals, "result.totals", length=n))]
    hands = []
    for i, h in enumerate(checks.items(r["hands"], "result.hands", length=n)):
        shown = None if h is None else checks.cards(h, f"result.hands[{i}]", len(_FULL_DECK))
        if shown is not None and not set(shown) <= _DECK_SET:
            raise checks.fail(f"result.hands[{i}]", "a card that is not in Tonk's deck")
        hands.append(None if shown is None else _txt(shown))
    payouts = []
    for i, pay in enumerate(checks.items(r["payouts"], "result.payouts", n * n)):
        w = f"result.payouts[{i}]"
        pay = checks.fields(pay, w, _PAYOUT_KEYS)
        payouts.append({"payer": checks.seat(pay["payer"], f"{w}.payer", n),
                        "payee": checks.seat(pay["payee"], f"{w}.payee", n),
                        "units": checks.whole(pay["units"], f"{w}.units", 1, 2),
                        "amount": checks.whole(pay["amount"], f"{w}.amount", 1,
                                               2 * MAX_STAKE),
                        "reason": checks.choice(pay["reason"], f"{w}.reason", REASONS)})
    return {"hand": checks.whole(r["hand"], "result.hand", 1, MAX_HANDS), "end": end,
            "player": player, "caught": caught,
            "winners": checks.seats(r["winners"], "result.winners", n),
            "totals": totals, "hands": hands, "payouts": payouts,
            "net": [checks.whole(x, f"result.net[{i}]", -10 * MAX_STAKE, 10 * MAX_STAKE)
                    for i, x in enumerate(checks.items(r["net"], "result.net", length=n))],
            "stake": checks.whole(r["stake"], "result.stake", 1, MAX_STAKE)}


def _copy_result(result: dict | None) -> dict | None:
    """A deep copy of a result dict (JSON data)."""
    if result is None:
        return None
    out = {}
    for key, value in result.items():
        if isinstance(value, list):
            out[key] = [dict(v) if isinstance(v, dict) else
                        (list(v) if isinstance(v, list) else v) for v in value]
        else:
            out[key] = value
    return out
