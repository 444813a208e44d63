"""What a rummy action does (``State._apply`` and its steps): drawing, the claim window,
laying down and off, discarding, going out, the end of a round and the deal (a mixin of
``state.State``)."""

from __future__ import annotations

from ..cards import Card, card_key, make_deck
from ..engine import Action, Rng
from ..melds import Meld
from .actions import Discard, Draw, Dunk, LayDown, Layoff, Next, Pass, Replace
from .cardtext import card_texts
from .rules import DEAL_FIRST, MAX_ROUND_TURNS, ROUNDS


class StatePlay:
    """``State._apply`` and the steps of a turn and a round (see the module docstring)."""

    def _rng(self) -> Rng:
        rng = Rng(0)
        rng.state = self.rng_state
        return rng

    def _take(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _draw_stock(self, events: list[dict]) -> Card:
        """The top stock card, rebuilding the stock from the pile minus its top (DUN-16);
        callers check ``_can_draw_stock`` first."""
        if not self.stock:
            top = self.pile.pop()
            rest, self.pile = self.pile, [top]
            rng = self._rng()
            rng.shuffle(rest)
            self.rng_state = rng.state
            self.stock = rest
            self.reshuffles += 1
            events.append({"type": "reshuffle", "count": len(rest), "times": self.reshuffles})
        return self.stock.pop()

    def _apply(self, action: Action) -> list[dict]:
        p = action.player
        events: list[dict] = []
        if isinstance(action, Next):
            events += self._deal(self.round + 1)
        elif isinstance(action, Discard):
            events += self._discard(p, action.card)
        elif isinstance(action, Draw):
            if action.source == "pile":
                card = self.pile.pop()
                self.hands[p].append(card)
                self.known[p].append(card)
                self.phase, self.taken = "play", card
                events.append({"type": "draw", "player": p, "source": "pile",
                               "card": str(card)})
            else:
                card = self._draw_stock(events)
                self.hands[p].append(card)
                events.append({"type": "draw", "player": p, "source": "stock"})
                self.phase = "play"
                self._open_claims(events)
        elif isinstance(action, Dunk):
            if self.claim_best is None or \
                    self.claim_order().index(p) < self.claim_order().index(self.claim_best):
                self.claim_best = p
            self.claim_dunked.append(p)
            events.append({"type": "dunk", "player": p})
            self._settle_claims(events)
        elif isinstance(action, Pass):
            if self.phase == "after_dunk":
                self.phase, self.dunker = "play", None
                events.append({"type": "pass", "player": p})
            else:
                self.claim_passed.append(p)
                events.append({"type": "pass", "player": p})
                self._settle_claims(events)
        elif isinstance(action, LayDown):
            melds, _ = self._resolve_laydown(action)
            further = self.laid_down[p]
            for m in melds:
                for c in m.cards:
                    self._take(p, c)
                self.table.append([self.next_meld_id, p, m])
                self.credits[self.next_meld_id] = [p] * len(m.cards)
                self.next_meld_id += 1
            self.laid_down[p] = True
            events.append({"type": "meld", "player": p, "melds": [m.to_dict() for m in melds],
                           "ids": [e[0] for e in self.table[-len(melds):]]})
            if self.ruleset.further_melds:
                events[-1]["further"] = further  # ELV-8: melds after the contract
            if self.phase == "after_dunk":
                self.phase, self.dunker = "play", None
            self._check_out(p, events)
            if self.contract.go_out and self.phase not in ("round_over", "game_over"):
                raise AssertionError("a go-out lay-down left cards in hand")
        elif isinstance(action, Layoff):
            entry = self._meld(action.meld)
            new = dict(self._layoff_options(action.card, entry))[action.end]
            self._take(p, action.card)
            self._credit(entry, new, action.card, p)
            entry[2] = new
            events.append({"type": "layoff", "player": p, "card": str(action.card),
                           "meld": action.meld, "result": new.to_dict()})
            self._check_out(p, events)
        elif isinstance(action, Replace):
            entry = self._meld(action.meld)
            new = dict(self._replace_options(action.card, entry))[action.end]
            self._take(p, action.card)
            self._credit(entry, new, action.card, p)
            entry[2] = new
            events.append({"type": "replace", "player": p, "card": str(action.card),
                           "meld": action.meld, "end": action.end, "result": new.to_dict()})
            self._check_out(p, events)
        return events

    def _credit(self, entry: list, new: Meld, card: Card, p: int) -> None:
        """Record that seat ``p`` put ``card`` into table meld ``entry``, now ``new``
        (ELV-8: the card scores for the owner, the credit shows who added it)."""
        mid, owner, old = entry
        by_card = dict(zip(old.cards, self.credits.get(mid, [owner] * len(old.cards))))
        by_card[card] = p
        self.credits[mid] = [by_card.get(c, owner) for c in new.cards]

    def _discard(self, p: int, card: Card) -> list[dict]:
        self._take(p, card)
        self.taken = None
        self.pile.append(card)
        self.discards.append([p, str(card)])
        events: list[dict] = [{"type": "discard", "player": p, "card": str(card)}]
        self.discarder, self.claim_card = p, card
        self.claim_passed, self.claim_best, self.last_dunk = [], None, None
        self.claim_dunked = []
        if self.phase == "opening":
            if p != self.dealer:
                self.turn = self._left(p)
                return events
            self.discarder = self.dealer
            if self.ruleset.turn_up_after_opening:  # ELV-4: the turned-up card is the top
                top = self.stock.pop()
                self.pile.append(top)
                self.discarder = self.claim_card = None
                events.append({"type": "turn_up", "card": str(top)})
        elif not self.hands[p]:  # DUN-13
            events += self._end_round(p)
            return events
        events += self._start_turn(self._left(p))
        return events

    def _start_turn(self, seat: int) -> list[dict]:
        """Seat ``seat`` is to draw; end the round with no winner if no card can be had
        (DUN-16, event ``stock_exhausted``) or (house rule) if ``MAX_ROUND_TURNS`` turns
        have been played this round (event ``turn_limit``)."""
        self.turn, self.phase = seat, "draw"
        if not self._can_draw_stock(len(self.pile)):
            return [{"type": "stock_exhausted"}] + self._end_round(None)
        if self.turns >= MAX_ROUND_TURNS:
            return [{"type": "turn_limit", "turns": self.turns,
                     "limit": MAX_ROUND_TURNS}] + self._end_round(None)
        self.turns += 1
        return [{"type": "turn", "player": seat}]

    def _open_claims(self, events: list[dict]) -> None:
        """After a stock draw: open the claim window for the discard on top (DUN-7)."""
        if self.claim_card is None or not self.pile or self.pile[-1] != self.claim_card:
            return
        if not self.claim_order() or not self._can_draw_stock(len(self.pile) - 1):
            return
        self.phase = "claim"
        events.append({"type": "claim_window", "card": str(self.claim_card),
                       "discarder": self.discarder, "claimers": self.claim_order()})

    def _settle_claims(self, events: list[dict]) -> None:
        if self._claim_waiting():
            return
        winner = self.claim_best
        self.phase = "play"
        if winner is None:
            events.append({"type": "no_claim", "card": str(self.claim_card)})
            return
        card = self.pile.pop()
        self.hands[winner].append(card)
        self.known[winner].append(card)
        penalty = self._draw_stock(events)
        self.hands[winner].append(penalty)
        self.last_dunk, self.claim_best = winner, None
        events.append({"type": "claim", "player": winner, "card": str(card), "penalty": 1})
        if self.contract.go_out and self.ruleset.dunk_go_out \
                and self._laydown_actions(winner):
            self.phase, self.dunker = "after_dunk", winner

    def _check_out(self, p: int, events: list[dict]) -> None:
        if not self.hands[p]:  # DUN-13, DUN-15
            events += self._end_round(p)

    def _end_round(self, out: int | None) -> list[dict]:
        points = self.ruleset.score(self, out)
        totals = [t + pt for t, pt in zip(self.totals(), points)]
        self.sheet.append({"round": self.round, "contract": str(self.contract),
                           "dealer": self.dealer, "out": out, "points": points,
                           "totals": totals, "hands": [card_texts(sorted(h, key=card_key))
                                                       for h in self.hands]})
        self.claim_card = self.discarder = self.claim_best = self.last_dunk = None
        self.claim_passed, self.claim_dunked, self.dunker = [], [], None
        self.taken = None
        events = [{"type": "round_end", "round": self.round, "out": out, "points": points,
                   "totals": totals}]
        if self.round >= ROUNDS:
            self.phase = "game_over"
            events.append({"type": "game_over", **self.outcome()})
        else:
            self.phase = "round_over"
        return events

    def _deal(self, round_no: int) -> list[dict]:
        """Shuffle and deal round ``round_no`` (DUN-5): 10 cards each from the dealer's
        left, turn up the pile's first card, an 11th card each; then the opening discards.
        Elvakort (ELV-4, ``turn_up_after_opening``): 11 cards each, the pile starts empty;
        after the opening discards one stock card is turned up (``_discard``)."""
        rs, n = self.ruleset, self.num_players
        self.round = round_no
        self.dealer = (self.first_dealer + round_no - 1) % n
        copies, jokers = rs.deck_counts(n)
        deck = make_deck(range(2, 15), copies=copies, jokers=jokers)
        rng = self._rng()
        rng.shuffle(deck)
        self.rng_state = rng.state
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for _ in range(DEAL_FIRST):
            for s in order:
                hands[s].append(deck.pop())
        self.pile = [] if rs.turn_up_after_opening else [deck.pop()]
        for s in order:
            hands[s].append(deck.pop())
        self.hands, self.stock = hands, deck
        self.table, self.next_meld_id, self.credits = [], 1, {}
        self.laid_down = [False] * n
        self.known = [[] for _ in range(n)]
        self.discards, self.reshuffles, self.turns, self.taken = [], 0, 0, None
        self.claim_card = self.discarder = self.claim_best = self.last_dunk = None
        self.claim_passed, self.claim_dunked, self.dunker = [], [], None
        self.phase, self.turn = "opening", order[0]
        return [self._deal_event()]

    def _deal_event(self) -> dict:
        """The ``deal`` event of the round just dealt: ``{"type": "deal", "round", "dealer",
        "contract", "pile"}``, ``pile`` the card turned up to start the discard pile
        (DUN-5) or None (Elvakort turns its card up after the opening discards, ELV-4)."""
        return {"type": "deal", "round": self.round, "dealer": self.dealer,
                "contract": str(self.contract),
                "pile": str(self.pile[-1]) if self.pile else None}

    def opening_events(self) -> list[dict]:
        """The events of the deal that started this round, while nothing has been played
        in it yet (the opening phase, no discard) and a card was turned up to start the
        pile (DUN-5; Elvakort's comes later, ELV-4): ``[deal event]``, else ``[]``. A new
        game's first deal returns no events (``new_game``), so the move history starts
        from these."""
        if self.phase != "opening" or self.discards or self.turns or not self.pile:
            return []
        return [self._deal_event()]
