"""What a Tonk action does (``State._apply`` and its steps): drawing, spreads and hits,
discarding and the turn passing on, the ways a hand ends with their payouts (TONK-10 …
TONK-12, house rule B) and the deal of each hand (TONK-4, TONK-5) (a mixin of
``state.State``)."""

from __future__ import annotations

from ..cards import Card, make_deck
from ..engine import Action, Rng
from ..melds import TONK, lay_off_options, melds_from
from .actions import Discard, Draw, End, Hit, Knock, Next, Spread
from .cardtext import _sorted, _txt
from .results import _copy_result
from .rules import HAND_SIZE, TONK_TOTALS, TURN_LIMIT, hand_total


class StatePlay:
    """``State._apply`` and the steps of a turn and a hand (see the module docstring)."""

    def _take(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if card == self.taken:
            self.taken = None
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _apply(self, action: Action) -> list[dict]:
        p = action.player
        if isinstance(action, Next):
            return [{"type": "next", "player": p}] + self._deal_next()
        if isinstance(action, Knock):
            return [{"type": "knock", "player": p}] + self._knock(p)
        if isinstance(action, End):
            return [{"type": "end", "player": p}] + self._dry_end(p)
        if isinstance(action, Draw):
            self.phase = "play"
            self.hit_since[p] = False
            if action.source == "stock":
                self.hands[p].append(self.stock.pop())
                events = [{"type": "draw", "player": p, "source": "stock"}]
                if not self.stock:
                    events.append({"type": "stock_dry"})
                return events
            card = self.pile.pop()
            self.hands[p].append(card)
            self.known[p].append(card)
            self.taken = card
            return [{"type": "draw", "player": p, "source": "pile", "card": str(card)}]
        if isinstance(action, Spread):
            for c in action.cards:
                self._take(p, c)
            meld = melds_from(action.cards, TONK)[0]
            sid = self.next_spread_id
            self.next_spread_id += 1
            self.table.append([sid, p, meld])
            self.spread_this_turn = True
            events = [{"type": "spread", "player": p, "spread": sid, "kind": meld.kind,
                       "cards": meld.tokens()}]
            return events + self._after_play(p)
        if isinstance(action, Hit):
            entry = self.spread(action.spread)
            self._take(p, action.card)
            entry[2] = lay_off_options(entry[2], [action.card], TONK)[0]
            owner = entry[1]
            if owner != p:
                self.hit_since[owner] = True
            events = [{"type": "hit", "player": p, "card": str(action.card),
                       "spread": action.spread, "owner": owner,
                       "cards": entry[2].tokens()}]
            return events + self._after_play(p)
        if isinstance(action, Discard):
            self._take(p, action.card)
            self.pile.append(action.card)
            events = [{"type": "discard", "player": p, "card": str(action.card)}]
            if not self.hands[p]:
                return events + self._finish("out_by_discard", p,
                                             self._pay_all(p, 1, "out_by_discard"))
            return events + self._next_turn()
        raise AssertionError(f"unhandled action {action}")

    def _after_play(self, p: int) -> list[dict]:
        """Going out without a discard (TONK-10)."""
        if self.hands[p]:
            return []
        units = 2
        if self.rules.double_only_new_spread and not self.spread_this_turn:
            units = 1
        return self._finish("tonk_out", p, self._pay_all(p, units, "tonk_out"))

    def _next_turn(self) -> list[dict]:
        """Pass the turn left; end the hand when the dry phase has lasted a round (TONK-12,
        house rule) or the hand has lasted ``TURN_LIMIT`` turns (house rule B)."""
        self.turn = self._left(self.turn)
        self.phase = "start"
        self.spread_this_turn = False
        self.taken = None
        self.turns += 1
        events = [{"type": "turn", "player": self.turn}]
        if not self.stock:
            if self.dry_turns >= self.num_players:
                events.append({"type": "dry_limit", "player": self.turn})
                return events + self._dry_end(None)
            self.dry_turns += 1
        if self.turns >= TURN_LIMIT:
            events.append({"type": "turn_limit", "player": self.turn, "turns": self.turns})
            return events + self._lowest_end("turn_limit", None)
        return events

    # --------------------------------------------------------------- payouts

    def _payout(self, payer: int, payee: int, units: int, reason: str) -> dict:
        return {"payer": payer, "payee": payee, "units": units,
                "amount": units * self.rules.stake, "reason": reason}

    def _pay_all(self, payee: int, units: int, reason: str) -> list[dict]:
        """``payee`` gets ``units`` from every other player."""
        return [self._payout(q, payee, units, reason)
                for q in range(self.num_players) if q != payee]

    def _pay_lowest(self, lowest: list[int], reason: str) -> list[dict]:
        """Each of ``lowest`` gets 1 from every player not among them (TONK-11, TONK-12)."""
        return [self._payout(q, w, 1, reason) for w in lowest
                for q in range(self.num_players) if q not in lowest]

    def _knock(self, k: int) -> list[dict]:
        """TONK-11 (TC-3)."""
        totals = self.totals()
        others = [q for q in range(self.num_players) if q != k]
        if all(totals[k] < totals[q] for q in others):
            return self._finish("knock", k, self._pay_all(k, 1, "knock_won"),
                                totals=totals, caught=False, winners=[k])
        pays = [self._payout(k, q, 2, "caught") for q in others if totals[q] <= totals[k]]
        low = min(totals[q] for q in others)
        lowest = [q for q in others if totals[q] == low]
        pays += self._pay_lowest(lowest, "lowest")
        return self._finish("knock", k, pays, totals=totals, caught=True, winners=lowest)

    def _dry_end(self, p: int | None) -> list[dict]:
        """TONK-12 (TC-4): the lowest total gets 1 from every other player."""
        return self._lowest_end("dry_stock", p)

    def _lowest_end(self, end: str, p: int | None) -> list[dict]:
        """End the hand showing every hand; the lowest total gets 1 from every player not
        among the lowest (TONK-12; house rule B with ``end`` "turn_limit")."""
        totals = self.totals()
        low = min(totals)
        lowest = [q for q in range(self.num_players) if totals[q] == low]
        return self._finish(end, p, self._pay_lowest(lowest, end), totals=totals,
                            winners=lowest)

    def _finish(self, end: str, player: int | None, payouts: list[dict], *,
                totals: list | None = None, caught: bool | None = None,
                winners: list[int] | None = None, shown: list[int] | None = None) -> list[dict]:
        """End the hand: record the payouts in the ledger (TONK-14) and keep the result.

        The result (JSON-safe, never changed afterwards)::

            {"hand": 4, "end": "knock", "player": 1, "caught": True, "winners": [2],
             "totals": [12, 7, 7] or None, "hands": [["2S", ...] or None per seat],
             "payouts": [{"payer", "payee", "units", "amount", "reason"}],
             "net": [chips won or lost per seat in this hand], "stake": 1}

        ``hands`` shows the cards every player saw at the end: all hands at a knock or a
        dry-stock end (TONK-11, TONK-12), the tonkers' at a tonk on the deal (TONK-5).
        """
        n = self.num_players
        if shown is None:
            shown = list(range(n)) if totals is not None else []
        if winners is None:
            winners = sorted({pay["payee"] for pay in payouts})
        self.ledger.record_hand(self.hand_no, payouts)
        net = self.ledger.hand_balances(self.hand_no)
        self.result = {
            "hand": self.hand_no, "end": end, "player": player, "caught": caught,
            "winners": list(winners),
            "totals": None if totals is None else [totals[q] if q in shown else None
                                                   for q in range(n)],
            "hands": [_txt(_sorted(self.hands[q])) if q in shown else None for q in range(n)],
            "payouts": payouts, "net": net, "stake": self.rules.stake,
        }
        self.phase = "hand_over"
        self.taken = None
        return [{"type": "hand_over", "result": _copy_result(self.result)}]

    # --------------------------------------------------------------- dealing

    def _deal_next(self) -> list[dict]:
        """Deal the next hand: by the same dealer after a tie of tonks on the deal (TONK-5),
        otherwise by the next seat to the left (TONK-4)."""
        if not (self.result and self.result["end"] == "tonk_tie"):
            self.dealer = self._left(self.dealer)
        self.hand_no += 1
        rng = Rng(self.rng_state)
        deck = make_deck(range(2, 15))
        rng.shuffle(deck)
        self.rng_state = rng.state
        return self._deal(deck)

    def _deal_event(self) -> dict:
        """The ``deal`` event of the hand just dealt: ``{"type": "deal", "hand", "dealer",
        "pile": [the card turned up, TONK-4] or [], "turn"}``."""
        return {"type": "deal", "hand": self.hand_no, "dealer": self.dealer,
                "pile": _txt(self.pile), "turn": self.turn}

    def opening_events(self) -> list[dict]:
        """The events of the deal that started this hand, while its first player has not
        moved yet: ``[deal event]``, else ``[]``. A new game's first deal returns no
        events (``new_game``), so the move history starts from these (the card turned up
        to start the discard pile, TONK-4)."""
        if self.phase != "start" or self.turns or self.turn != self._left(self.dealer) \
                or len(self.pile) > 1:
            return []
        return [self._deal_event()]

    def _deal(self, deck: list[Card]) -> list[dict]:
        """Deal ``deck`` (index 0 first): five cards each one at a time from the dealer's
        left, the next card face up on the pile unless ``no_initial_discard`` (TONK-4);
        then look for tonks on the deal (TONK-5)."""
        n = self.num_players
        self.hands = [[] for _ in range(n)]
        pos = 0
        for _ in range(HAND_SIZE):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(deck[pos])
                pos += 1
        self.pile = []
        if not self.rules.no_initial_discard:
            self.pile.append(deck[pos])
            pos += 1
        self.stock = deck[pos:][::-1]
        self.table, self.next_spread_id = [], 1
        self.known = [[] for _ in range(n)]
        self.hit_since = [False] * n
        self.dry_turns, self.spread_this_turn = 0, False
        self.turns, self.taken = 0, None
        self.turn = self._left(self.dealer)
        self.phase = "start"
        events = [self._deal_event()]
        tonkers = [q for q in range(n) if hand_total(self.hands[q]) in TONK_TOTALS]
        if len(tonkers) == 1:
            t = tonkers[0]
            events += self._finish("tonk_deal", t, self._pay_all(t, 2, "tonk_deal"),
                                   totals=self.totals(), shown=tonkers, winners=[t])
        elif tonkers:
            events += self._finish("tonk_tie", None, [], totals=self.totals(),
                                   shown=tonkers, winners=[])
        return events
