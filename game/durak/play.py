"""What a Durak action does (``State._apply`` and its steps): cards laid, beaten,
transferred and taken; the end of a bout (DUR-14, DUR-15), drawing up to six (DUR-16),
players going out and the end of the game (DUR-18, DUR-19) (a mixin of ``state.State``)."""

from __future__ import annotations

from ..cards import Card
from ..engine import Action
from .actions import Attack, Beat, Done, Exchange, Take, Throw, Transfer
from .rules import HAND_SIZE


class StatePlay:
    """``State._apply`` and the steps of a bout (see the module docstring)."""

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _apply(self, action: Action) -> list[dict]:
        events = self._move(action)
        events += self._settle()
        return events

    def before_bout_end(self, action: Action):
        """The table as the legal ``action`` leaves it just before the bout it ends is
        cleared (DUR-14, DUR-15): a copy of this state (taken before ``action``) with the
        action's card laid (a beat, a throw-in) or its "take" said, when that move ends the
        bout at once because nobody has anything left to beat or throw in, so a page can
        show that table before the cleared one. None when the move does not end the bout
        or lays nothing new ("done", an exchange). This state is not changed."""
        if not isinstance(action, (Attack, Throw, Beat, Transfer, Take)):
            return None
        shown = self.clone()
        shown._move(action)
        return shown if shown._bout_over() else None

    def _move(self, action: Action) -> list[dict]:
        """The move itself (cards laid, beaten, taken, a "done"), the bout not settled."""
        p = action.player
        events: list[dict] = []
        if isinstance(action, Exchange):
            low = self.lowest_trump()
            self._play(p, low)
            old = self.trump_card
            self.hands[p].append(old)
            self.known[p].append(old)
            self.talon[0] = low
            self.trump_card = low
            events.append({"type": "exchange", "player": p, "gave": str(low), "got": str(old)})
        elif isinstance(action, Attack):
            for c in action.cards:
                self._play(p, c)
                self.table.append([c, None])
            self.lead_attacker = p
            events.append({"type": "attack", "player": p, "cards": [str(c) for c in action.cards]})
        elif isinstance(action, Throw):
            self._play(p, action.card)
            self.table.append([action.card, None])
            events.append({"type": "throw", "player": p, "cards": [str(action.card)]})
        elif isinstance(action, Beat):
            self._play(p, action.card)
            for pair in self.table:
                if pair[0] == action.target:
                    pair[1] = action.card
            self.passed = []
            events.append({"type": "beat", "player": p, "card": str(action.card),
                           "target": str(action.target)})
        elif isinstance(action, Transfer):
            self._play(p, action.card)
            self.table.append([action.card, None])
            new_defender = self._transfer_target()
            self.attacker, self.defender = p, new_defender
            self.limit = min(self._cap(), len(self.hands[new_defender]))
            self.passed = []
            events.append({"type": "transfer", "player": p, "cards": [str(action.card)],
                           "defender": new_defender})
        elif isinstance(action, Take):
            self.taking = True
            self.passed = []
            events.append({"type": "take", "player": p})
        elif isinstance(action, Done):
            self.passed.append(p)
            events.append({"type": "done", "player": p})
        return events

    def _bout_over(self) -> bool:
        """True when the bout on the table is over: nobody has anything left to beat or
        throw in (DUR-14, DUR-15)."""
        if not self.table or self._waiting_throwers():
            return False
        return self.taking or not self.unbeaten()

    def _settle(self) -> list[dict]:
        """End the bout when nobody has anything left to do (DUR-14, DUR-15)."""
        if not self._bout_over():
            return []
        cards = [c for pair in self.table for c in pair if c is not None]
        d = self.defender
        if self.taking:
            self.hands[d] += cards
            self.known[d] += cards
            events = [{"type": "pick_up", "player": d, "cards": [str(c) for c in cards]}]
            next_attacker = self._left(d)
        else:
            self.discard += cards
            events = [{"type": "discard", "player": d, "cards": [str(c) for c in cards]}]
            next_attacker = d
        events += self._draw()
        self.table, self.taking, self.passed = [], False, []
        self.first_bout = False  # DUR-11: later bouts use DUR-10 whatever happened
        events += self._next_bout(next_attacker)
        return events

    def _draw(self) -> list[dict]:
        """Everyone draws up to six: the lead attacker first, clockwise, defender last (DUR-16)."""
        lead = self.lead_attacker if self.lead_attacker is not None else self.attacker
        order = [(lead + k) % self.num_players for k in range(self.num_players)]
        order = [s for s in order if s != self.defender] + [self.defender]
        events = []
        for s in order:
            drawn = 0
            while len(self.hands[s]) < HAND_SIZE and self.talon:
                card = self.talon.pop()
                self.hands[s].append(card)
                if card == self.trump_card and not self.talon:
                    self.known[s].append(card)
                drawn += 1
            if drawn:
                events.append({"type": "draw", "player": s, "count": drawn})
        return events

    def _next_bout(self, attacker: int) -> list[dict]:
        """Mark players out, end the game or set up the next bout (DUR-18, DUR-19, DC-10)."""
        events = []
        if not self.talon:
            for s in range(self.num_players):
                if not self.hands[s] and s not in self.out:
                    self.out.append(s)
                    events.append({"type": "out", "player": s})
        holding = [s for s in range(self.num_players) if self.hands[s]]
        if len(holding) <= 1:
            self.over = True
            self.durak = holding[0] if holding else None
            events.append({"type": "game_over", "durak": self.durak})
            return events
        if not self.hands[attacker]:
            attacker = self._next_with_cards(attacker)
        self.attacker = attacker
        self.defender = self._next_with_cards(attacker)
        self.lead_attacker = None
        self.limit = min(self._cap(), len(self.hands[self.defender]))
        events.append({"type": "bout", "attacker": self.attacker, "defender": self.defender})
        return events
