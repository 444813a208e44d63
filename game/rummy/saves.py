"""The rummy ``State`` seen and stored: the claim window and each player's view, the
scoresheet, ``to_dict``/``from_dict`` with every field checked, and the integrity check
(a mixin of ``state.State``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import checks
from ..cards import Card, card_key, make_deck
from ..engine import SaveError, SettingError
from ..melds import Meld, is_valid
from .cardtext import card_text, card_texts
from .rules import (MAX_CARDS, MAX_POINTS, MAX_ROUND_TURNS, PHASES, ROUNDS, RULE_SETS,
                    SAVE_VERSION, Rules)

if TYPE_CHECKING:   # (annotations only: state.py imports this module)
    from .state import State


class StateSaves:
    """``State``'s views and saves (see the module docstring)."""

    def claim_view(self) -> dict | None:
        """The claim window (DUN-7) as every player sees it, or None when closed."""
        if self.phase != "claim":
            return None
        return {"card": str(self.claim_card), "discarder": self.discarder,
                "next": self.turn, "order": self.claim_order(),
                "passed": list(self.claim_passed), "dunked": list(self.claim_dunked),
                "claimed_by": self.claim_best}

    def scoresheet(self) -> dict:
        """The six-round scoresheet: finished rounds, the contracts of all six, totals."""
        return {"rounds": [{k: v for k, v in e.items() if k != "hands"} for e in self.sheet],
                "contracts": [str(c) for c in self.ruleset.contracts],
                "totals": self.totals()}

    def view(self, player: int) -> dict:
        """What seat ``player`` may see, JSON-safe: own hand, the others' card counts,
        the table melds (owner, cards with jokers' stands, ``added_by``: the seat that put
        each card there, ELV-8), the pile (top, size, cards),
        stock size, contract, round, scoresheet, who has laid down, the claim window,
        public memory (``known``: cards each seat took from the pile and holds;
        ``discards``: this round's discards by seat), every hand once a round is over,
        and the house rules' counters: ``taken`` (the card the seat in turn took from the
        pile this turn: it may not be discarded now) and ``turns`` of ``max_turns``."""
        over = self.phase in ("round_over", "game_over")
        return {
            "game": self.game,
            "player": player,
            "names": list(self.names),
            "round": self.round,
            "rounds": ROUNDS,
            "contract": str(self.contract),
            "contract_melds": self.contract.to_dict(),
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act(),
            "hand": card_texts(sorted(self.hands[player], key=card_key)),
            "hand_counts": [len(h) for h in self.hands],
            "known": [card_texts(k) for k in self.known],
            "table": self._table_view(),
            "laid_down": list(self.laid_down),
            "pile_top": str(self.pile[-1]) if self.pile else None,
            "pile_size": len(self.pile),
            "pile": card_texts(self.pile),
            "discards": [list(d) for d in self.discards],
            "stock_size": len(self.stock),
            "reshuffles": self.reshuffles,
            "taken": None if self.taken is None else card_text(self.taken),
            "turns": self.turns,
            "max_turns": MAX_ROUND_TURNS,
            "claim": self.claim_view(),
            "last_dunk": self.last_dunk,
            "dunker": self.dunker,
            "scoresheet": self.scoresheet(),
            "revealed": self.sheet[-1]["hands"] if over else None,
            "rules": self.rules.to_dict(),
            "over": self.is_over(),
            "outcome": self.outcome(),
        }

    def _table_view(self) -> list[dict]:
        """The table melds; with further melds (Elvakort, ELV-8) each also has
        ``added_by``, the seat that put each card there (Dunka's view is unchanged)."""
        credits = self.ruleset.further_melds
        out = []
        for mid, owner, m in self.table:
            entry = {"id": mid, "name": f"m{mid}", "owner": owner, "kind": m.kind,
                     "cards": m.tokens()}
            if credits:
                entry["added_by"] = self._added_by(mid, owner, m)
            out.append(entry)
        return out

    def _added_by(self, mid: int, owner: int, meld: Meld) -> list[int]:
        """ELV-8: the seat that put each card of the meld there (the owner's by default)."""
        return list(self.credits.get(mid) or [owner] * len(meld.cards))

    def to_dict(self) -> dict:
        """The whole state, JSON-safe, with a format version (``"v"``); Elvakort saves also
        hold ``credits`` (``[[meld id, [seat per card]], ...]``, ELV-8)."""
        def card_or_none(c):
            return None if c is None else str(c)
        data = {
            "v": SAVE_VERSION, "game": self.game, "rules": self.rules.to_dict(),
            "names": list(self.names), "first_dealer": self.first_dealer,
            "round": self.round, "dealer": self.dealer,
            "hands": [card_texts(h) for h in self.hands], "stock": card_texts(self.stock),
            "pile": card_texts(self.pile), "rng_state": self.rng_state, "seed": self.seed,
            "phase": self.phase, "turn": self.turn,
            "table": [[mid, owner, m.to_dict()] for mid, owner, m in self.table],
            "next_meld_id": self.next_meld_id, "laid_down": list(self.laid_down),
            "known": [card_texts(k) for k in self.known],
            "discards": [list(d) for d in self.discards], "reshuffles": self.reshuffles,
            "claim_card": card_or_none(self.claim_card), "discarder": self.discarder,
            "claim_passed": list(self.claim_passed), "claim_best": self.claim_best,
            "claim_dunked": list(self.claim_dunked),
            "last_dunk": self.last_dunk, "dunker": self.dunker,
            "sheet": copy_sheet(self.sheet),
            "taken": card_or_none(self.taken), "turns": self.turns,
        }
        if self.ruleset.further_melds:  # ELV-8 credits (Dunka's saves are unchanged)
            data["credits"] = [[mid, self._added_by(mid, owner, m)]
                               for mid, owner, m in self.table]
        return data

    _SAVE_KEYS = ("v", "game", "rules", "names", "first_dealer", "round", "dealer", "hands",
                  "stock", "pile", "rng_state", "seed", "phase", "turn", "table",
                  "next_meld_id", "laid_down", "known", "discards", "reshuffles",
                  "claim_card", "discarder", "claim_passed", "claim_best", "claim_dunked",
                  "last_dunk", "dunker", "sheet")
    _LATER_KEYS = ("taken", "turns", "credits")
    """Fields added after the first saves (house rules, ELV-8): older saves lack them."""

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from ``to_dict`` output. Raises ``SaveError`` (naming the field)
        when the data is not a readable save of this engine: a missing or unknown field, a
        value of the wrong type or out of range (``game.checks``), or a state the rules
        cannot reach (``check_integrity``: cards not exactly the game's decks, bad meld
        ids, nobody able to act, ...)."""
        if not isinstance(data, dict) or not isinstance(data.get("game"), str) \
                or data.get("game") not in RULE_SETS \
                or type(data.get("v")) is not int or data.get("v") != SAVE_VERSION:
            raise SaveError(f"not a contract-rummy save of version {SAVE_VERSION}")
        try:
            d = checks.fields(data, "", cls._SAVE_KEYS, cls._LATER_KEYS)
            rules = checks.rules(Rules, d["rules"])
            if rules.variant != d["game"]:
                raise SaveError("the save's game and rules disagree")
            names = checks.names(d["names"], "names", 2, 8)
            n = len(names)
            limit = MAX_CARDS
            table = []
            for i, entry in enumerate(checks.items(d["table"], "table", limit)):
                mid, owner, meld = checks.items(entry, f"table[{i}]", length=3)
                checks.meld_dict(meld, f"table[{i}][2]", limit)
                table.append([checks.whole(mid, f"table[{i}][0]", 1, limit),
                              checks.seat(owner, f"table[{i}][1]", n),
                              _read_meld(meld, f"table[{i}][2]")])
            discards = []
            played = checks.items(d["discards"], "discards", MAX_ROUND_TURNS + 8)
            for i, entry in enumerate(played):
                s, c = checks.items(entry, f"discards[{i}]", length=2)
                discards.append([checks.seat(s, f"discards[{i}][0]", n),
                                 str(checks.card(c, f"discards[{i}][1]"))])
            credits = {}
            for i, entry in enumerate(checks.items(d.get("credits", []), "credits", limit)):
                mid, seats = checks.items(entry, f"credits[{i}]", length=2)
                mid = checks.whole(mid, f"credits[{i}][0]", 1, limit)
                if mid in credits:
                    raise SaveError(f"credits[{i}]: meld m{mid} twice")
                credits[mid] = [checks.seat(s, f"credits[{i}][1][{k}]", n) for k, s in
                                enumerate(checks.items(seats, f"credits[{i}][1]", limit))]
            most = rules.max_reshuffles if rules.max_reshuffles is not None else MAX_CARDS
            state = cls(
                rules=rules, names=names,
                first_dealer=checks.seat(d["first_dealer"], "first_dealer", n),
                round=checks.whole(d["round"], "round", 1, ROUNDS),
                dealer=checks.seat(d["dealer"], "dealer", n),
                hands=checks.card_lists(d["hands"], "hands", n),
                stock=checks.cards(d["stock"], "stock"), pile=checks.cards(d["pile"], "pile"),
                rng_state=checks.whole(d["rng_state"], "rng_state"),
                seed=checks.whole(d["seed"], "seed"),
                phase=checks.choice(d["phase"], "phase", PHASES),
                turn=checks.seat(d["turn"], "turn", n), table=table,
                next_meld_id=checks.whole(d["next_meld_id"], "next_meld_id", 1, limit + 1),
                laid_down=checks.flags(d["laid_down"], "laid_down", n),
                known=checks.card_lists(d["known"], "known", n), discards=discards,
                reshuffles=checks.whole(d["reshuffles"], "reshuffles", 0, most),
                claim_card=checks.opt_card(d["claim_card"], "claim_card"),
                discarder=checks.opt_seat(d["discarder"], "discarder", n),
                claim_passed=checks.seats(d["claim_passed"], "claim_passed", n),
                claim_best=checks.opt_seat(d["claim_best"], "claim_best", n),
                last_dunk=checks.opt_seat(d["last_dunk"], "last_dunk", n),
                claim_dunked=checks.seats(d["claim_dunked"], "claim_dunked", n),
                dunker=checks.opt_seat(d["dunker"], "dunker", n),
                sheet=_read_sheet(d["sheet"], n),
                taken=checks.opt_card(d.get("taken"), "taken"),
                turns=checks.whole(d.get("turns", 0), "turns", 0, MAX_ROUND_TURNS),
                credits=credits,
            )
            for mid, owner, meld in state.table:
                state.credits.setdefault(mid, [owner] * len(meld.cards))
            state.check_integrity()
        except SaveError as exc:
            raise SaveError(f"damaged rummy save: {exc}") from None
        return state

    def all_cards(self) -> list[Card]:
        """Every card in hands, stock, pile and table melds (108 in Dunka; 108 or 162 in
        Elvakort, ELV-1)."""
        cards = [c for h in self.hands for c in h] + self.stock + self.pile
        return cards + [c for _, _, m in self.table for c in m.cards]

    def check_integrity(self) -> None:
        """Raise ``SaveError`` unless the cards are exactly the game's decks, seats and
        phases make sense, melds are valid, ``known`` cards are in their hands, the
        scoresheet has one entry per finished round and someone can act."""
        rs, n = self.ruleset, self.num_players
        try:
            self.rules.check_players(n)
        except SettingError as exc:
            raise SaveError(str(exc)) from None
        lists = (self.hands, self.known, self.laid_down)
        if any(len(x) != n for x in lists):
            raise SaveError("wrong number of players")
        seats = range(n)
        if not all(s in seats for s in (self.first_dealer, self.dealer, self.turn)):
            raise SaveError("a seat number is out of range")
        optional = (self.discarder, self.claim_best, self.last_dunk, self.dunker)
        if any(s is not None and s not in seats for s in optional) \
                or not all(s in seats for s in self.claim_passed + self.claim_dunked):
            raise SaveError("a seat number is out of range")
        if not 1 <= self.round <= ROUNDS or self.phase not in PHASES \
                or self.dealer != (self.first_dealer + self.round - 1) % n:
            raise SaveError("round, dealer or phase out of range")
        copies, jokers = rs.deck_counts(n)
        deck = make_deck(range(2, 15), copies=copies, jokers=jokers)
        checks.one_each(self.all_cards(), deck, "the game's decks")
        checks.table_ids([mid for mid, _, _ in self.table], self.next_meld_id, "meld")
        ids = [mid for mid, _, _ in self.table]
        for _, owner, meld in self.table:
            if owner not in seats or not self.laid_down[owner] \
                    or not is_valid(meld, rs.melds):
                raise SaveError("a table meld is not valid")
        if not set(self.credits) <= set(ids) or any(
                len(self.credits[mid]) != len(meld.cards)
                or not all(s in seats for s in self.credits[mid])
                for mid, _, meld in self.table if mid in self.credits):
            raise SaveError("the meld credits do not match the table")
        for hand, known in zip(self.hands, self.known):
            if len(set(known)) != len(known) or not all(c in hand for c in known):
                raise SaveError("a known card is not in that player's hand")
        finished = self.round if self.phase in ("round_over", "game_over") else self.round - 1
        if len(self.sheet) != finished or any(
                len(e["points"]) != n for e in self.sheet):
            raise SaveError("the scoresheet does not match the round")
        if self.phase == "game_over" and self.round != ROUNDS:
            raise SaveError("the game ended before round 6")
        if self.phase == "claim" and (self.claim_card is None or not self.pile
                                      or self.pile[-1] != self.claim_card):
            raise SaveError("the claimed discard is not on the pile")
        if self.phase == "after_dunk" and self.dunker is None:
            raise SaveError("no dunker after a dunk")
        if self.phase == "claim":
            order = self.claim_order()
            if self.discarder is None or self.discarder == self.turn or not order \
                    or (self.claim_best is not None and self.claim_best not in order) \
                    or not set(self.claim_passed) <= set(order):
                raise SaveError("the claim window does not fit the seats")
            if not self._can_draw_stock(len(self.pile) - 1):
                raise SaveError("a claim window with no penalty card to give (DUN-7)")
        if self.phase in ("draw", "claim") and self.discarder is not None \
                and self.discarder != (self.turn - 1) % n:
            raise SaveError("the last discard was not made by the seat before the turn")
        if self.phase != "claim" and self.claim_best is not None:
            raise SaveError("a best claimer outside the claim window")
        if self.phase == "opening" and (self.table or any(self.laid_down)
                                        or not self.stock):
            raise SaveError("the opening discards after play has begun")
        if self.taken is not None and self.phase != "play":
            raise SaveError("a card taken from the pile outside a turn's play")
        if not 0 <= self.turns <= MAX_ROUND_TURNS:
            raise SaveError(f"turns must be 0 … {MAX_ROUND_TURNS}")
        if not self.is_over() and not any(self.legal_actions(s) for s in self.to_act()):
            raise SaveError("nobody can act in a game that is not over")


def copy_sheet(sheet: list[dict]) -> list[dict]:
    """A copy of the scoresheet (much faster than ``copy.deepcopy``)."""
    return [{**e, "points": list(e["points"]), "totals": list(e["totals"]),
             "hands": [list(h) for h in e["hands"]]} for e in sheet]


def _read_sheet(sheet, n: int) -> list[dict]:
    """The scoresheet of a save: one entry per finished round (at most ``ROUNDS``), each
    with its round number in order, ``n`` points and totals and the ``n`` hands shown.
    Raises ``SaveError`` naming the field."""
    out = []
    for i, e in enumerate(checks.items(sheet, "sheet", ROUNDS)):
        w = f"sheet[{i}]"
        e = checks.fields(e, w, ("round", "contract", "dealer", "out", "points", "totals",
                                 "hands"))
        out.append({"round": checks.whole(e["round"], f"{w}.round", i + 1, i + 1),
                    "contract": checks.text(e["contract"], f"{w}.contract"),
                    "dealer": checks.seat(e["dealer"], f"{w}.dealer", n),
                    "out": checks.opt_seat(e["out"], f"{w}.out", n),
                    "points": [checks.whole(x, f"{w}.points[{k}]", -MAX_POINTS, MAX_POINTS)
                               for k, x in enumerate(checks.items(e["points"], f"{w}.points",
                                                                  length=n))],
                    "totals": [checks.whole(x, f"{w}.totals[{k}]", -MAX_POINTS * ROUNDS,
                                            MAX_POINTS * ROUNDS)
                               for k, x in enumerate(checks.items(e["totals"], f"{w}.totals",
                                                                  length=n))],
                    "hands": [card_texts(h) for h in checks.card_lists(e["hands"], f"{w}.hands",
                                                                 n)]})
    return out


def _read_meld(data: dict, where: str) -> Meld:
    """A table meld from its checked dict; ``SaveError`` when it cannot be read."""
    try:
        return Meld.from_dict(data)
    except ValueError:
        raise checks.fail(where, "not a meld") from None
