"""A Tonk session stored: ``to_dict``/``from_dict`` with every field checked, and the
integrity check a read save must pass (a mixin of ``state.State``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import checks
from ..engine import SaveError, SettingError
from ..ledger import MAX_HANDS, MAX_STAKE, TonkLedger
from ..melds import TONK, Meld, MeldError, is_valid
from .cardtext import _txt
from .results import _copy_result, _read_result
from .rules import (_DECK_SET, _FULL_DECK, ENDS, MAX_CUTS, MAX_PLAYERS, MIN_PLAYERS, PHASES,
                    SAVE_VERSION, TURN_LIMIT, Rules)

if TYPE_CHECKING:   # (annotations only: state.py imports this module)
    from .state import State


class StateSaves:
    """``State.to_dict``, ``State.from_dict`` and ``State.check_integrity`` (see the module
    docstring)."""

    def to_dict(self) -> dict:
        """The whole state, JSON-safe, with a format version (``"v"``)."""
        return {
            "v": SAVE_VERSION, "game": self.game, "rules": self.rules.to_dict(),
            "names": list(self.names), "seed": self.seed, "rng_state": self.rng_state,
            "hand_no": self.hand_no, "dealer": self.dealer, "first_dealer": self.first_dealer,
            "cut": [[[seat, str(c)] for seat, c in rnd] for rnd in self.cut],
            "phase": self.phase, "turn": self.turn,
            "hands": [_txt(h) for h in self.hands], "stock": _txt(self.stock),
            "pile": _txt(self.pile),
            "table": [[sid, owner, m.to_dict()] for sid, owner, m in self.table],
            "next_spread_id": self.next_spread_id, "spread_this_turn": self.spread_this_turn,
            "hit_since": list(self.hit_since), "known": [_txt(k) for k in self.known],
            "dry_turns": self.dry_turns, "result": _copy_result(self.result),
            "ledger": self.ledger.to_dict(), "turns": self.turns,
            "taken": None if self.taken is None else str(self.taken),
        }

    _SAVE_KEYS = ("v", "game", "rules", "names", "seed", "rng_state", "hand_no", "dealer",
                  "first_dealer", "cut", "phase", "turn", "hands", "stock", "pile", "table",
                  "next_spread_id", "spread_this_turn", "hit_since", "known", "dry_turns",
                  "result", "ledger")
    _LATER_KEYS = ("turns", "taken")
    """Fields added with house rules A and B: older saves lack them."""

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from ``to_dict`` output (a save without ``turns`` or ``taken``,
        written before house rules A and B, reads as 0 and None). Raises ``SaveError``
        (naming the field) when the data is not a readable Tonk save: a missing or unknown
        field, a value of the wrong type or out of range (``game.checks``), a ``result``
        of the wrong shape (``_read_result``), or parts that do not fit together
        (``check_integrity``: cards not exactly one deck, seats, phase, spreads, ledger)."""
        if not isinstance(data, dict) or data.get("game") != cls.game \
                or type(data.get("v")) is not int or data.get("v") != SAVE_VERSION:
            raise SaveError(f"not a Tonk save of version {SAVE_VERSION}")
        try:
            d = checks.fields(data, "", cls._SAVE_KEYS, cls._LATER_KEYS)
            rules = checks.rules(Rules, d["rules"])
            checks.whole(rules.stake, "rules.stake", 1, MAX_STAKE)
            names = checks.names(d["names"], "names", MIN_PLAYERS, MAX_PLAYERS)
            n = len(names)
            table = []
            for i, entry in enumerate(checks.items(d["table"], "table", len(_FULL_DECK))):
                sid, owner, meld = checks.items(entry, f"table[{i}]", length=3)
                checks.meld_dict(meld, f"table[{i}][2]", len(_FULL_DECK))
                try:
                    meld = Meld.from_dict(meld)
                except MeldError:
                    raise checks.fail(f"table[{i}][2]", "not a spread") from None
                table.append([checks.whole(sid, f"table[{i}][0]", 1, len(_FULL_DECK)),
                              checks.seat(owner, f"table[{i}][1]", n), meld])
            cut = []
            for i, rnd in enumerate(checks.items(d["cut"], "cut", MAX_CUTS)):
                drawn = []
                for k, pair in enumerate(checks.items(rnd, f"cut[{i}]", n, low=1)):
                    seat, c = checks.items(pair, f"cut[{i}][{k}]", length=2)
                    card = checks.card(c, f"cut[{i}][{k}][1]")
                    if card not in _DECK_SET:
                        raise checks.fail(f"cut[{i}][{k}][1]", "not a card of Tonk's deck")
                    drawn.append((checks.seat(seat, f"cut[{i}][{k}][0]", n), card))
                cut.append(drawn)
            state = cls(
                rules=rules, names=names,
                hands=checks.card_lists(d["hands"], "hands", n),
                stock=checks.cards(d["stock"], "stock"), pile=checks.cards(d["pile"], "pile"),
                dealer=checks.seat(d["dealer"], "dealer", n),
                turn=checks.seat(d["turn"], "turn", n),
                rng_state=checks.whole(d["rng_state"], "rng_state"),
                seed=checks.whole(d["seed"], "seed"),
                ledger=TonkLedger.from_dict(d["ledger"]),
                hand_no=checks.whole(d["hand_no"], "hand_no", 1, MAX_HANDS),
                first_dealer=checks.seat(d["first_dealer"], "first_dealer", n), cut=cut,
                phase=checks.choice(d["phase"], "phase", PHASES), table=table,
                next_spread_id=checks.whole(d["next_spread_id"], "next_spread_id", 1,
                                            len(_FULL_DECK) + 1),
                spread_this_turn=checks.flag(d["spread_this_turn"], "spread_this_turn"),
                hit_since=checks.flags(d["hit_since"], "hit_since", n),
                known=checks.card_lists(d["known"], "known", n),
                dry_turns=checks.whole(d["dry_turns"], "dry_turns", 0, n),
                result=_read_result(d["result"], n),
                turns=checks.whole(d.get("turns", 0), "turns", 0, TURN_LIMIT),
                taken=checks.opt_card(d.get("taken"), "taken"),
            )
            state.check_integrity()
        except SaveError as exc:
            raise SaveError(f"damaged Tonk save: {exc}") from None
        return state

    def check_integrity(self) -> None:
        """Raise ``SaveError`` unless the cards are exactly one deck, the seats and phase
        exist, every spread is valid with a unique id, ``known`` cards are in their hands,
        the ledger has the table's seats and sums to zero and has not closed the hand in
        play (a closed hand would be reopened), a result exists between hands (of the hand
        just played) and is of an earlier hand otherwise."""
        n = self.num_players
        try:
            self.rules.check_players(n)
        except SettingError as exc:
            raise SaveError(str(exc)) from None
        if not (len(self.hands) == len(self.known) == len(self.hit_since) == n):
            raise SaveError("wrong number of players")
        if not all(0 <= s < n for s in (self.dealer, self.turn, self.first_dealer)):
            raise SaveError("a seat number is out of range")
        checks.one_each(self.all_cards(), _FULL_DECK, "one deck")
        if self.phase not in PHASES:
            raise SaveError(f"unknown phase {self.phase!r}")
        checks.table_ids([sid for sid, _o, _m in self.table], self.next_spread_id, "spread")
        for _sid, owner, meld in self.table:
            if not 0 <= owner < n or not is_valid(meld, TONK):
                raise SaveError("a spread on the table is not valid")
        checks.known_in_hands(self.known, self.hands)
        if self.ledger.players != n or not self.ledger.sums_to_zero():
            raise SaveError("the ledger does not fit the table")
        if self.hand_no < 1 or self.dry_turns < 0 or self.dry_turns > n \
                or (self.stock and self.dry_turns) or not 0 <= self.turns <= TURN_LIMIT:
            raise SaveError("bad hand or turn counters")
        if self.taken is not None and (self.phase != "play"
                                       or self.taken not in self.hands[self.turn]):
            raise SaveError("the card taken from the pile is not in the hand in turn")
        last = self.ledger.last_hand()
        if self.phase == "hand_over":
            if self.result is None or self.result.get("end") not in ENDS \
                    or self.result.get("hand") != self.hand_no:
                raise SaveError("a finished hand without its result")
            if last is not None and last > self.hand_no:
                raise SaveError("the ledger holds hands not yet played")
        else:
            if not self.hands[self.turn]:
                raise SaveError("the player in turn has no cards")
            if last is not None and last >= self.hand_no:
                raise SaveError(f"the ledger has already closed hand {self.hand_no}")
            if self.result is not None and self.result["hand"] >= self.hand_no:
                raise SaveError("the last result is of a hand not yet finished")
        if any(not all(0 <= s < n for s, _c in rnd) for rnd in self.cut):
            raise SaveError("a seat number is out of range")
