"""The Tonk chip ledger (rules/tonk.md, TONK-3, TONK-14): every payout between players, hand
by hand, so that the balances always sum to zero.

A payout is one player paying chips to another for one reason in one hand. Amounts are in
chips (the rule's units times the base stake, TONK-3); the game (``game.tonk``) computes
them and records a finished hand's payouts with ``record_hand``, which also keeps a snapshot
of every balance after that hand (``history``, for a chart).

Reason codes (stable, used as i18n keys)::

    tonk_deal        49 or 50 on the deal (TONK-5): 2 from every other player
    tonk_out         went out without a discard (TONK-10): 2 (1 with the setting "double
                     only for a new spread" when only hits emptied the hand)
    out_by_discard   the hand became empty by the discard (TONK-10): 1
    knock_won        the knocker had the strictly lowest total (TONK-11): 1
    caught           the knocker pays 2 to every player with an equal or lower total (TONK-11)
    lowest           after a caught knock, the lowest total gets 1 from every player not
                     among the lowest (TONK-11)
    dry_stock        the stock ran dry (TONK-12): the lowest total gets 1 from every player
                     not among the lowest
    turn_limit       the hand reached the turn limit (house rule B in ``game.tonk``) and
                     ended like a dry stock: the lowest total gets 1 from every player not
                     among the lowest

Standard library only; runs in CPython and Pyodide.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .engine import SaveError, SettingError

REASONS = ("tonk_deal", "tonk_out", "out_by_discard", "knock_won", "caught", "lowest",
           "dry_stock", "turn_limit")
"""Every payout reason code, in the order of the rules (house rules last)."""

LEDGER_VERSION = 1
MAX_PLAYERS = 4
MAX_STAKE = 1_000_000
"""The largest base stake a save may hold (the lobby and links offer 1 to 10,000)."""
MAX_HANDS = 1_000_000_000
"""The largest hand number a save may hold."""
MAX_AMOUNT = 2 * MAX_STAKE
"""The largest single payout: 2 units of the largest stake (TONK-5, TONK-10, TONK-11)."""


def _seat_ok(value: Any, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _whole(value: Any, low: int, high: int | None = None) -> bool:
    return type(value) is int and value >= low and (high is None or value <= high)


@dataclass
class TonkLedger:
    """A running chip ledger of one Tonk table (TONK-3, TONK-14).

    Attributes:
        players: number of seats (2–4).
        payouts: every payout, oldest first, as dicts
            ``{"hand": 3, "payer": 1, "payee": 0, "amount": 2, "reason": "knock_won"}``.
        history: one snapshot per finished hand, oldest first:
            ``{"hand": 3, "balances": [2, -1, -1]}`` (balances after that hand).

    Every payout moves chips from one seat to another, so the balances always sum to zero
    (``sums_to_zero``). ``reset`` starts the ledger afresh (the table "settles up").

    Raises ``SettingError`` for a bad number of players.
    """

    players: int
    payouts: list[dict] = field(default_factory=list)
    history: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not (_whole(self.players, 2) and self.players <= MAX_PLAYERS):
            raise SettingError("players", self.players, range(2, MAX_PLAYERS + 1))

    # ------------------------------------------------------------ recording

    def record(self, hand: int, payer: int, payee: int, amount: int, reason: str) -> dict:
        """Record one payout and return it. Raises ``ValueError`` for a seat that does not
        exist, a payer paying themselves, an amount that is not a whole number ≥ 1, an
        unknown reason or a hand number before the last recorded one."""
        entry = {"hand": hand, "payer": payer, "payee": payee, "amount": amount,
                 "reason": reason}
        problem = self._problem(entry)
        if problem:
            raise ValueError(problem)
        last = self.last_hand()
        if last is not None and hand < last:
            raise ValueError(f"hand {hand} is before the last recorded hand {last}")
        self.payouts.append(entry)
        return dict(entry)

    def close_hand(self, hand: int) -> dict:
        """Keep a snapshot of the balances after ``hand`` (once per finished hand, also a
        hand with no payouts) and return it. Raises ``ValueError`` if ``hand`` is not after
        the last snapshot or older than a recorded payout."""
        if not _whole(hand, 1):
            raise ValueError(f"bad hand number {hand!r}")
        if self.history and hand <= self.history[-1]["hand"]:
            raise ValueError(f"hand {hand} is already closed")
        if any(p["hand"] > hand for p in self.payouts):
            raise ValueError(f"payouts after hand {hand} are already recorded")
        snap = {"hand": hand, "balances": self.balances()}
        self.history.append(snap)
        return {"hand": hand, "balances": list(snap["balances"])}

    def record_hand(self, hand: int, payouts: list[dict]) -> dict:
        """Record a finished hand: each payout (dicts with ``payer``, ``payee``, ``amount``,
        ``reason``; other keys are ignored) and then the balance snapshot. All or nothing:
        a bad payout raises ``ValueError`` and records nothing."""
        entries = [{"hand": hand, "payer": p["payer"], "payee": p["payee"],
                    "amount": p["amount"], "reason": p["reason"]} for p in payouts]
        for e in entries:
            problem = self._problem(e)
            if problem:
                raise ValueError(problem)
        if self.history and hand <= self.history[-1]["hand"]:
            raise ValueError(f"hand {hand} is already closed")
        last = self.last_hand()
        if last is not None and hand < last:
            raise ValueError(f"hand {hand} is before the last recorded hand {last}")
        self.payouts.extend(entries)
        return self.close_hand(hand)

    def reset(self) -> None:
        """Forget every payout and snapshot: all balances are zero again."""
        self.payouts = []
        self.history = []

    # ------------------------------------------------------------ reading

    def balances(self) -> list[int]:
        """Each seat's chips won (positive) or lost (negative) so far."""
        out = [0] * self.players
        for p in self.payouts:
            out[p["payer"]] -= p["amount"]
            out[p["payee"]] += p["amount"]
        return out

    def sums_to_zero(self) -> bool:
        """True when the balances add up to zero (TONK-14): always, for a sound ledger."""
        return sum(self.balances()) == 0 and all(sum(h["balances"]) == 0
                                                for h in self.history)

    def last_hand(self) -> int | None:
        """The highest hand number with a payout or a snapshot, ``None`` if none."""
        hands = [p["hand"] for p in self.payouts] + [h["hand"] for h in self.history]
        return max(hands) if hands else None

    def payouts_for(self, hand: int) -> list[dict]:
        """The payouts of one hand, in the order recorded."""
        return [dict(p) for p in self.payouts if p["hand"] == hand]

    def hand_balances(self, hand: int) -> list[int]:
        """What each seat won or lost in one hand."""
        out = [0] * self.players
        for p in self.payouts:
            if p["hand"] == hand:
                out[p["payer"]] -= p["amount"]
                out[p["payee"]] += p["amount"]
        return out

    def clone(self) -> "TonkLedger":
        """An independent copy."""
        return TonkLedger(self.players, [dict(p) for p in self.payouts],
                          [{"hand": h["hand"], "balances": list(h["balances"])}
                           for h in self.history])

    # ------------------------------------------------------------ saving

    def to_dict(self) -> dict:
        """JSON-safe form with a format version; ``from_dict`` rebuilds it exactly."""
        return {"v": LEDGER_VERSION, "kind": "tonk_ledger", "players": self.players,
                "payouts": [dict(p) for p in self.payouts],
                "history": [{"hand": h["hand"], "balances": list(h["balances"])}
                            for h in self.history]}

    @classmethod
    def from_dict(cls, data: Any) -> "TonkLedger":
        """Rebuild a ledger from ``to_dict``. Raises ``SaveError`` when the data is damaged:
        wrong kind or version, a bad payout (seat, amount, reason, hand order), or a balance
        snapshot that does not match the payouts up to its hand."""
        try:
            if not isinstance(data, dict) or data.get("kind") != "tonk_ledger" \
                    or type(data.get("v")) is not int or data.get("v") != LEDGER_VERSION:
                raise SaveError(f"not a Tonk ledger of version {LEDGER_VERSION}")
            players = data["players"]
            ledger = cls(players)
            if set(data) != {"v", "kind", "players", "payouts", "history"}:
                raise SaveError("unexpected keys in a Tonk ledger")
            if not isinstance(data["payouts"], list) or not isinstance(data["history"], list):
                raise SaveError("payouts and history must be lists")
            last = 0
            for p in data["payouts"]:
                if not isinstance(p, dict) or set(p) != {"hand", "payer", "payee", "amount",
                                                         "reason"}:
                    raise SaveError("bad payout")
                problem = ledger._problem(p)
                if problem:
                    raise SaveError(problem)
                if p["hand"] < last:
                    raise SaveError("payouts are not in hand order")
                last = p["hand"]
                ledger.payouts.append(dict(p))
            # one pass over payouts and snapshots together (both in hand order)
            prev, k, running = 0, 0, [0] * players
            for h in data["history"]:
                if not isinstance(h, dict) or set(h) != {"hand", "balances"} \
                        or not _whole(h["hand"], 1, MAX_HANDS) or h["hand"] <= prev \
                        or not isinstance(h["balances"], list) \
                        or len(h["balances"]) != players \
                        or not all(type(b) is int for b in h["balances"]):
                    raise SaveError(f"bad balance snapshot after hand {prev}")
                prev = h["hand"]
                while k < len(ledger.payouts) and ledger.payouts[k]["hand"] <= prev:
                    p = ledger.payouts[k]
                    running[p["payer"]] -= p["amount"]
                    running[p["payee"]] += p["amount"]
                    k += 1
                if running != h["balances"]:
                    raise SaveError(f"snapshot of hand {prev} does not match the payouts")
                ledger.history.append({"hand": prev, "balances": list(h["balances"])})
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"damaged Tonk ledger: {exc}") from exc
        return ledger

    def _problem(self, p: dict) -> str:
        """Why a payout entry is bad, or ``""``."""
        if not _whole(p.get("hand"), 1, MAX_HANDS):
            return "bad hand number"
        if not _seat_ok(p.get("payer"), self.players) or not _seat_ok(p.get("payee"),
                                                                      self.players):
            return "no such seat in a payout"
        if p["payer"] == p["payee"]:
            return "a player cannot pay themselves"
        if not _whole(p.get("amount"), 1, MAX_AMOUNT):
            return f"bad amount: a whole number of chips, 1 to {MAX_AMOUNT}"
        if not isinstance(p.get("reason"), str) or p.get("reason") not in REASONS:
            return "unknown reason"
        return ""
