"""A Durak game stored: ``to_dict``/``from_dict`` with every field checked (saves from
before DUR-11 was revised read too), and the integrity check a read save must pass (a
mixin of ``state.State``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import checks
from ..cards import make_deck
from ..engine import SaveError, SettingError
from .rules import DECK_RANKS, MAX_ATTACK, SAVE_VERSION, Rules, beats, looks_like_first_bout

if TYPE_CHECKING:   # (annotations only: state.py imports this module)
    from .state import State


class StateSaves:
    """``State.to_dict``, ``State.from_dict``, ``State.check_integrity`` and its part
    ``_check_bout`` (see the module docstring)."""

    def to_dict(self) -> dict:
        """The whole state, JSON-safe, with a format version (``"v"``)."""
        def txt(cards):
            return [str(c) for c in cards]
        return {
            "v": SAVE_VERSION, "game": self.game, "rules": self.rules.to_dict(),
            "names": list(self.names), "hands": [txt(h) for h in self.hands],
            "talon": txt(self.talon), "trump_card": str(self.trump_card),
            "dealer": self.dealer, "attacker": self.attacker, "defender": self.defender,
            "rng_state": self.rng_state, "seed": self.seed, "discard": txt(self.discard),
            "table": [[str(a), None if d is None else str(d)] for a, d in self.table],
            "lead_attacker": self.lead_attacker, "taking": self.taking,
            "passed": list(self.passed), "limit": self.limit,
            "first_bout": self.first_bout, "out": list(self.out),
            "known": [txt(k) for k in self.known], "over": self.over, "durak": self.durak,
        } | ({"asked": list(self.asked)} if self.asked else {})

    _SAVE_KEYS = ("v", "game", "rules", "names", "hands", "talon", "trump_card", "dealer",
                  "attacker", "defender", "rng_state", "seed", "discard", "table",
                  "lead_attacker", "taking", "passed", "limit", "out", "known", "over",
                  "durak")
    _OLD_KEYS = ("first_bout", "defended_once")
    """Exactly one of these: ``first_bout`` (DUR-11 revised) or, in older saves,
    ``defended_once``."""
    _OPTIONAL_KEYS = ("asked",)
    """Saved only when not empty (a one-person table's save is as before)."""

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from ``to_dict`` output. Raises ``SaveError`` (naming the field)
        when the data is not a readable Durak save: a missing or unknown field, a value of
        the wrong type or out of range (``game.checks``), or a state the rules cannot
        reach (``check_integrity``: cards not exactly one deck, the face-up trump card
        not at the bottom of the talon, attacker = defender, a defence that does not beat,
        nobody able to act, ...)."""
        if not isinstance(data, dict) or data.get("game") != cls.game \
                or type(data.get("v")) is not int or data.get("v") != SAVE_VERSION:
            raise SaveError(f"not a Durak save of version {SAVE_VERSION}")
        try:
            d = checks.fields(data, "", cls._SAVE_KEYS, cls._OLD_KEYS + cls._OPTIONAL_KEYS)
            if ("first_bout" in d) == ("defended_once" in d):
                raise SaveError("the field 'first_bout' is missing")
            names = checks.names(d["names"], "names", 2, 6)
            n = len(names)
            table = []
            for i, pair in enumerate(checks.items(d["table"], "table", MAX_ATTACK)):
                a, b = checks.items(pair, f"table[{i}]", length=2)
                table.append([checks.card(a, f"table[{i}][0]"),
                              checks.opt_card(b, f"table[{i}][1]")])
            state = cls(
                rules=checks.rules(Rules, d["rules"]).fitted(n), names=names,
                hands=checks.card_lists(d["hands"], "hands", n),
                talon=checks.cards(d["talon"], "talon"),
                trump_card=checks.card(d["trump_card"], "trump_card"),
                dealer=checks.seat(d["dealer"], "dealer", n),
                attacker=checks.seat(d["attacker"], "attacker", n),
                defender=checks.seat(d["defender"], "defender", n),
                rng_state=checks.whole(d["rng_state"], "rng_state"),
                seed=checks.whole(d["seed"], "seed"),
                discard=checks.cards(d["discard"], "discard"), table=table,
                lead_attacker=checks.opt_seat(d["lead_attacker"], "lead_attacker", n),
                taking=checks.flag(d["taking"], "taking"),
                passed=checks.seats(d["passed"], "passed", n),
                limit=checks.whole(d["limit"], "limit", 1, MAX_ATTACK),
                first_bout=(checks.flag(d["first_bout"], "first_bout")
                            if "first_bout" in d else None),
                out=checks.seats(d["out"], "out", n),
                known=checks.card_lists(d["known"], "known", n),
                over=checks.flag(d["over"], "over"),
                durak=checks.opt_seat(d["durak"], "durak", n),
                asked=checks.seats(d.get("asked", []), "asked", n),
            )
            if state.first_bout is None:  # a save from before DUR-11 was revised
                state.first_bout = not checks.flag(d["defended_once"], "defended_once") \
                    and looks_like_first_bout(state.rules, state.hands, state.talon,
                                              state.discard)
                if not state.table and not state.over and state.hands[state.defender]:
                    # the coming bout's limit as the revised rule sets it (DUR-10, DUR-11)
                    state.limit = min(state._cap(), len(state.hands[state.defender]))
            state.check_integrity()
        except SaveError as exc:
            raise SaveError(f"damaged Durak save: {exc}") from None
        return state

    def check_integrity(self) -> None:
        """Raise ``SaveError`` unless the state is one the rules can reach: the cards are
        exactly one deck (each once); the face-up trump card is the bottom card of the
        talon while the talon lasts (DUR-3); the seats exist; while the game runs the
        attacker is not the defender, every seat between them holds no cards, the
        defender is not out, each defence beats its attack card (DUR-5, DUR-12), there
        are at most ``limit`` attack cards (1–6, at most 5 before the first defence with
        DUR-11), a bout in progress has its lead attacker and ``taking``/``passed`` only
        during a bout; players out hold no cards and the talon is empty; ``known`` cards
        are in their hands; the game is over when at most one player holds cards between
        bouts, and then the Durak is that player; someone can act unless the game is over."""
        n = self.num_players
        if not 2 <= n <= 6 or len(self.hands) != n or len(self.known) != n:
            raise SaveError("wrong number of players")
        seats = range(n)
        if not all(s in seats for s in (self.attacker, self.defender, self.dealer)):
            raise SaveError("a seat number is out of range")
        if any(s is not None and s not in seats for s in (self.lead_attacker, self.durak)) \
                or not all(s in seats for s in self.passed + self.out + self.asked) \
                or len(set(self.asked)) != len(self.asked):
            raise SaveError("a seat number is out of range")
        try:
            self.rules.check_players(n)
        except SettingError as exc:
            raise SaveError(str(exc)) from None
        deck = make_deck(DECK_RANKS[self.rules.deck])
        checks.one_each(self.all_cards(), deck, "one deck")
        if self.trump_card not in deck:
            raise SaveError(f"the trump card {self.trump_card} is not in the deck")
        if self.talon and self.talon[0] != self.trump_card:
            raise SaveError("the face-up trump card is not the bottom card of the talon")
        if not 1 <= self.limit <= MAX_ATTACK:
            raise SaveError("the attack limit is out of range")
        checks.known_in_hands(self.known, self.hands)
        holding = [s for s in seats if self.hands[s]]
        if any(self.hands[s] for s in self.out) or (self.out and self.talon) \
                or len(set(self.out)) != len(self.out):
            raise SaveError("a player who is out still plays")
        if self.over:
            if len(holding) > 1 or self.table or self.talon \
                    or self.durak != (holding[0] if holding else None):
                raise SaveError("the game is over but not settled")
            return
        if self.durak is not None or (len(holding) < 2 and not self.table):
            raise SaveError("nobody can act: the game has ended but is not marked over")
        self._check_bout()
        if not self.to_act() or not any(self.legal_actions(s) for s in self.to_act()):
            raise SaveError("nobody can act in a game that is not over")

    def _check_bout(self) -> None:
        """The roles and the table of a running game (part of ``check_integrity``)."""
        a, d, n = self.attacker, self.defender, self.num_players
        if a == d:
            raise SaveError("the attacker is also the defender")
        if d in self.out or (not self.hands[d] and not self.table):
            raise SaveError("the defender is out")
        s = (a + 1) % n
        while s != d:
            if self.hands[s]:
                raise SaveError("the defender is not the next player holding cards")
            s = (s + 1) % n
        for attack, defence in self.table:
            if defence is not None and not beats(defence, attack, self.trump):
                raise SaveError(f"{defence} does not beat {attack}")
        if len(self.table) > self.limit or self.limit > self._cap():
            raise SaveError("more attack cards than the limit allows")
        if self.table:
            if self.lead_attacker is None:
                raise SaveError("a bout without its lead attacker")
        elif self.taking or self.passed or self.lead_attacker is not None:
            raise SaveError("taking, passed or a lead attacker without a bout")
        if d in self.passed:
            raise SaveError("the defender cannot pass as a thrower")
