"""Contract rummy's ``State``: its fields, whose turn it is, the legal actions, lay-downs
and ``apply``, and ``new_game``. Why an action is refused is ``refusals.StateRefusals``,
what an action does ``play.StatePlay``, views and saves ``saves.StateSaves``."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field

from ..cards import Card, card_key, parse_cards
from ..engine import Action, GameState, IllegalAction, Rng, SettingError
from ..melds import (Contract, Meld, best_contract, best_melds, contract_arrangements,
                     lay_off_options, replace_joker)
from .actions import (Discard, Draw, Dunk, LayDown, Layoff, Next, Pass, Replace, laydown_from,
                      meld_readings)
from .cardtext import same_face
from .play import StatePlay
from .refusals import StateRefusals
from .rules import RuleSet, Rules
from .saves import StateSaves, copy_sheet
from . import goout
from .search import further_cached, laydown_ways_cached, laydowns_cached, round_keeps_discard


@dataclass
class State(StateRefusals, StatePlay, StateSaves, GameState):
    """A six-round contract-rummy game. Build it with ``new_game``; change it only by
    ``apply``.

    ``stock[-1]`` and ``pile[-1]`` are the tops. ``table`` holds ``[id, owner, Meld]``
    (ids ``1, 2, ...`` per round, written ``m1``); ``credits[id]``: per card of that meld
    (in its card order) the seat that put it there (ELV-8). ``known[i]``: cards seat ``i`` took from
    the pile (drawn or dunked) and still holds: public memory. ``discards``: this round's
    ``[seat, card]`` discards in order (public). ``claim_*``: the claim window (DUN-7):
    the discard, its discarder, who passed, who dunked and the best claimer so far
    (``claim_dunked`` lasts until the next discard, so a replayed dunk is refused with
    ``already_claimed``, RC-10). ``sheet``: one
    entry per finished round (round, contract, dealer, who went out, points, totals).
    ``taken``: the card the seat in turn took from the pile this turn (``draw pile``), until
    its discard (house rule ``discard_just_taken``). ``turns``: turns begun this round,
    the current one included (house rule ``MAX_ROUND_TURNS``).
    """

    rules: Rules
    names: list[str]
    first_dealer: int
    round: int
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    rng_state: int
    phase: str = "opening"
    turn: int = 0
    table: list[list] = field(default_factory=list)
    next_meld_id: int = 1
    laid_down: list[bool] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    discards: list[list] = field(default_factory=list)
    reshuffles: int = 0
    claim_card: Card | None = None
    discarder: int | None = None
    claim_passed: list[int] = field(default_factory=list)
    claim_best: int | None = None
    claim_dunked: list[int] = field(default_factory=list)
    last_dunk: int | None = None
    dunker: int | None = None
    sheet: list[dict] = field(default_factory=list)
    seed: int = 0
    taken: Card | None = None
    turns: int = 0
    credits: dict[int, list[int]] = field(default_factory=dict)

    # --------------------------------------------------------------- basic facts

    @property
    def game(self) -> str:  # type: ignore[override]
        return self.rules.variant

    @property
    def ruleset(self) -> RuleSet:
        return self.rules.ruleset

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def contract(self) -> Contract:
        """The current round's contract."""
        return self.ruleset.contracts[self.round - 1]

    def is_over(self) -> bool:
        return self.phase == "game_over"

    def totals(self) -> list[int]:
        """Each seat's total over the finished rounds."""
        return [sum(e["points"][s] for e in self.sheet) for s in range(self.num_players)]

    def outcome(self) -> dict | None:
        """``{"totals": [...], "winners": [seats], "rounds": sheet}`` once over (DUN-17:
        the lowest total wins, equal lowest share; ELV-14: the highest)."""
        if not self.is_over():
            return None
        totals = self.totals()
        best = min(totals) if self.ruleset.lower_wins else max(totals)
        return {"totals": totals, "winners": [s for s, t in enumerate(totals) if t == best],
                "rounds": copy_sheet(self.sheet)}

    def _left(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def _meld(self, mid: int) -> list | None:
        for entry in self.table:
            if entry[0] == mid:
                return entry
        return None

    def _can_draw_stock(self, pile_len: int) -> bool:
        """A card can come from the stock, rebuilding it from a pile of ``pile_len`` cards
        if need be (DUN-16 with the reshuffle limit)."""
        if self.stock:
            return True
        limit = self.rules.max_reshuffles
        return pile_len >= 2 and (limit is None or self.reshuffles < limit)

    def claim_order(self) -> list[int]:
        """Who may dunk for the current discard, nearest after the discarder first: every
        seat except the discarder and the seat in turn (DUN-7)."""
        if self.discarder is None:
            return []
        n = self.num_players
        order = [(self.discarder + k) % n for k in range(1, n)]
        return [s for s in order if s != self.turn]

    def _claim_waiting(self) -> list[int]:
        order = self.claim_order()
        cut = order.index(self.claim_best) if self.claim_best is not None else len(order)
        return [s for s in order[:cut] if s not in self.claim_passed]

    def to_act(self) -> list[int]:
        """Who may act now, in priority order: the seat in turn; in a claim window the
        undecided claimers that could still get the discard; the dunker after a dunk in
        the go-out round; every seat between rounds (any may deal on)."""
        if self.phase == "game_over":
            return []
        if self.phase == "claim":
            return self._claim_waiting()
        if self.phase == "after_dunk":
            return [self.dunker]
        if self.phase == "round_over":
            return list(range(self.num_players))
        return [self.turn]

    # --------------------------------------------------------------- legal actions

    def _discards(self, player: int) -> list[Action]:
        """The legal discards: no joker (DUN-10) unless the hand holds only jokers
        (DUN-12); and (house rule) no card like the one taken from the pile this turn
        unless nothing else may be discarded (``_blocked_discard``)."""
        hand = sorted(self.hands[player], key=card_key)
        cards = [c for c in hand if not c.is_joker]
        if self.ruleset.jokers_discardable or not cards:  # DUN-10, DUN-12
            cards = hand
        if self.taken is not None and self.phase == "play" and player == self.turn:
            others = [c for c in cards if not same_face(c, self.taken)]
            if others:
                cards = others
        return [Discard(player, c) for c in cards]

    def _blocked_discard(self, player: int, card: Card) -> bool:
        """House rule ``discard_just_taken``: ``card`` is like the card ``player`` took
        from the pile this turn (the same card or its twin from the other deck) and
        another discard is legal. A card gained by dunking (DUN-7) is not restricted: it
        is taken in another player's turn, and the dunker draws again before discarding."""
        return (self.taken is not None and self.phase == "play" and player == self.turn
                and card in self.hands[player] and same_face(card, self.taken)
                and Discard(player, card) not in self._discards(player))

    def _laydown_actions(self, player: int, every: bool = False) -> list[LayDown]:
        """The lay-downs of the contract, best first: those that go out this turn
        (``_going_out``), then the bounded list of ``legal_actions`` (``laydowns_cached``),
        or with ``every`` all of ``laydown_ways_cached``."""
        hand = tuple(sorted(self.hands[player], key=card_key))
        ways = laydown_ways_cached if every else laydowns_cached
        found = ways(hand, self.rules.variant, self.round - 1)
        out: list[LayDown] = self._going_out(player) if found else []
        for melds in found:
            action = laydown_from(player, melds)
            if action not in out:
                out.append(action)
        return out

    def _going_out(self, player: int) -> list[LayDown]:
        """The lay-downs (the contract, or once down Elvakort's further melds) after which
        ``player`` can go out this turn (``goout.plans``: lay-offs, then the last card
        discarded, DUN-13, ELV-10), best first, at most ``goout.LISTED``; only in the
        ``play`` phase of a round that is not a go-out round (there every lay-down goes
        out, DUN-15)."""
        if self.contract.go_out or self.phase != "play" or player != self.turn:
            return []
        out: list[LayDown] = []
        for plan in goout.state_plans(self, player):
            if len(out) >= goout.LISTED:
                break
            if not plan.melds:
                continue
            action = laydown_from(player, plan.melds)
            if action not in out and self._resolve_laydown(action)[1] is None:
                out.append(action)
        return out

    def _layoff_options(self, card: Card, entry: list) -> list[tuple[str | None, Meld]]:
        """(end, resulting meld) for laying ``card`` on a table meld; end None if only one."""
        meld = entry[2]
        if not card.is_joker:  # a quick test first: this runs for every card and meld
            if meld.kind == "set":
                if card.rank != meld.stands[0][0]:
                    return []
            elif card.suit != meld.suit or not (
                    card.rank == meld.low - 1 or card.rank == meld.high + 1
                    or (card.rank == 14 and meld.low == 2)):
                return []
        opts = lay_off_options(meld, [card], self.ruleset.melds)
        if len(opts) <= 1:
            return [(None, m) for m in opts]
        return sorted((("low" if m.low < meld.low else "high", m) for m in opts),
                      key=lambda o: o[0] != "low")

    def _replace_options(self, card: Card, entry: list) -> list[tuple[str, Meld]]:
        meld = entry[2]
        if card.is_joker or meld.kind != "run" or card.suit != meld.suit \
                or (card.rank, card.suit) not in meld.stands:
            return []
        opts = replace_joker(meld, card, self.ruleset.melds)
        return [("low" if m.low < meld.low else "high", m) for m in opts]

    def _may_lay_joker(self, player: int, entry: list) -> bool:
        return self.ruleset.jokers_on_any_meld or entry[1] == player  # DUN-10

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now, in a stable order: draws (stock, pile);
        dunk, pass; lay-downs (first those after which the player can go out this turn,
        ``goout``, issue 32; then the best and a bounded set of others); lay-offs and
        joker replacements by card then meld; discards by card; next. Where a card must
        be kept for the discard (ELV-10, ``keeps_discard``) nothing listed melds the last
        card in hand."""
        if player not in self.to_act():
            return []
        phase = self.phase
        if phase == "round_over":
            return [Next(player)]
        if phase == "claim":
            return [Dunk(player), Pass(player)]
        if phase == "opening":
            return self._discards(player)
        if phase == "draw":
            acts: list[Action] = []
            if self._can_draw_stock(len(self.pile)):
                acts.append(Draw(player, "stock"))
            if self.pile:
                acts.append(Draw(player, "pile"))
            return acts
        if phase == "after_dunk":
            return [*self._laydown_actions(player), Pass(player)]
        # play
        acts = []
        if not self.laid_down[player]:
            acts += self._laydown_actions(player)
        else:
            if self.ruleset.further_melds:
                acts += self._further_actions(player)
            hand = sorted(self.hands[player], key=card_key)
            if len(hand) == 1 and self.keeps_discard():
                hand = []  # ELV-10: the last card is for the discard
            for card in hand:
                for entry in self.table:
                    if card.is_joker and not self._may_lay_joker(player, entry):
                        continue
                    for end, _ in self._layoff_options(card, entry):
                        acts.append(Layoff(player, card, entry[0], end))
            if self.ruleset.melds.joker_replacement:
                for card in hand:
                    for entry in self.table:
                        for end, _ in self._replace_options(card, entry):
                            acts.append(Replace(player, card, entry[0], end))
        acts += self._discards(player)
        return acts

    def _further_actions(self, player: int) -> list[LayDown]:
        """Further melds after the contract (ELV-8), a bounded list: those after which the
        player can go out this turn first (``_going_out``), then ``further_cached``'s."""
        hand = tuple(sorted(self.hands[player], key=card_key))
        keep = round_keeps_discard(self.ruleset, self.contract)
        found = further_cached(hand, self.rules.variant, keep)
        out: list[LayDown] = self._going_out(player) if found else []
        for melds in found:
            action = laydown_from(player, melds)
            if action not in out:
                out.append(action)
        return out

    # --------------------------------------------------------------- lay-downs

    def _resolve_laydown(self, action: LayDown) -> tuple[list[Meld] | None, IllegalAction | None]:
        """The melds of a lay-down if it is valid now, else the reason it is not."""
        p = action.player
        rs = self.ruleset
        further = self.laid_down[p] and rs.further_melds  # ELV-8
        if further and self.phase != "play":
            return None, IllegalAction("not_your_turn", "it is not your turn")
        if self.laid_down[p] and not further:
            return None, IllegalAction("already_laid_down", "you have laid down this round")
        melds: list[Meld] = []
        for tokens in action.melds:
            try:
                readings = meld_readings(tuple(tokens), rs.melds)
            except ValueError:
                readings = []
            if not readings:
                return None, IllegalAction("invalid_meld", f"not a meld: {' '.join(tokens)}",
                                           cards=list(tokens))
            if len(readings) > 1:
                return None, IllegalAction(
                    "ambiguous_joker", "say what each joker stands for",
                    cards=list(tokens), options=[" ".join(m.tokens()) for m in readings])
            melds.append(readings[0])
        used = [c for m in melds for c in m.cards]
        if len(set(used)) != len(used):
            return None, IllegalAction("card_twice", "a card is used twice")
        hand = self.hands[p]
        missing = [c for c in used if c not in hand]
        if missing:
            return None, IllegalAction("card_not_in_hand", f"{missing[0]} is not in your hand",
                                       card=str(missing[0]))
        if further:
            problem = self._keep_problem(len(used), len(hand))  # ELV-10
            return (None, problem) if problem else (melds, None)
        contract = self.contract
        sets = [m for m in melds if m.kind == "set"]
        runs = [m for m in melds if m.kind == "run"]
        if rs.further_melds and not contract.go_out:
            # ELV-7: at least the contract's melds (each may be longer); any others are
            # further melds (ELV-8)
            if (sum(len(m) >= contract.set_size for m in sets) < contract.sets
                    or sum(len(m) >= contract.run_size for m in runs) < contract.runs):
                return None, IllegalAction("contract_not_met", f"the contract is {contract}",
                                           contract=str(contract))
        elif (len(sets) != contract.sets or len(runs) != contract.runs
                or any(len(m) < contract.set_size for m in sets)
                or any(len(m) < contract.run_size for m in runs)):
            return None, IllegalAction("contract_not_met",
                                       f"the contract is {contract}", contract=str(contract))
        if contract.go_out and len(used) != len(hand):
            return None, IllegalAction("must_go_out", "lay down every card at once",
                                       contract=str(contract))
        problem = self._keep_problem(len(used), len(hand))  # ELV-10
        return (None, problem) if problem else (melds, None)

    def keeps_discard(self) -> bool:
        """ELV-10 (revised): True when this round a player must keep a card to discard,
        going out only by discarding the last card (Elvakort rounds 1–5); then no
        lay-down, further meld, lay-off or joker replacement may meld the last card in
        hand (code ``must_keep_discard``). False in Dunka (DUN-13) and in round 6."""
        return round_keeps_discard(self.ruleset, self.contract)

    def _keep_problem(self, placed: int, held: int) -> IllegalAction | None:
        """ELV-10: the refusal (code ``must_keep_discard``) for a move that would put
        ``placed`` of the ``held`` cards in hand on the table and leave none to discard, in
        a round where a card must be kept; else None."""
        if placed < held or not self.keeps_discard():
            return None
        return IllegalAction("must_keep_discard",
                             "keep a card to discard: you go out by discarding your last "
                             "card", contract=str(self.contract))

    def _laydown_problem(self, action: LayDown) -> IllegalAction | None:
        p = action.player
        if p not in self.to_act() or self.phase not in ("play", "after_dunk"):
            return self.why_illegal(action)
        return self._resolve_laydown(action)[1]

    def apply(self, action: Action) -> list[dict]:
        """As ``GameState.apply``; a ``meld`` (lay-down) is accepted when it is valid
        (``_laydown_problem``), whether or not it is among the listed arrangements."""
        if isinstance(action, LayDown) and not self.is_over() \
                and 0 <= action.player < self.num_players:
            problem = self._laydown_problem(action)
            if problem is not None:
                raise problem
            return self._apply(action)
        return super().apply(action)

    def laydown_ways(self, player: int) -> list[LayDown]:
        """Every way ``player`` may lay down the contract now, best first (those after
        which the player can go out this turn, ``goout.plans``, issue 32; then the fewest
        points left in hand, then the most cards laid down; DUN-8, ELV-7), as ``meld``
        actions: the lay-down chooser's list with nothing selected. ``legal_actions``
        lists only the go-out ways and the next ``LAYDOWN_ALTERNATIVES + 1``. At most
        ``LAYDOWN_WAYS`` (a hand with several jokers may have thousands; the search stays
        within its budget, ``game.melds.budget``). Once laid down in Elvakort: the
        further melds ``legal_actions`` lists (ELV-8). Empty when ``player`` may not lay
        down now."""
        legal = [a for a in self.legal_actions(player) if isinstance(a, LayDown)]
        if not legal or self.laid_down[player]:
            return legal
        return self._laydown_actions(player, every=True)

    def laydown_options(self, player: int, cards, limit: int = 50) -> list[LayDown]:
        """Every way (at most ``limit``) to lay down the contract with exactly ``cards``
        (Card objects or notation), as ``meld`` actions that ``apply`` accepts now; empty
        when the cards do not form the contract or ``player`` may not lay down now, or
        when they are every card in hand and a card must be kept for the discard
        (``keeps_discard``, ELV-10).

        Elvakort (``further_melds``): when no arrangement of exactly the contract uses
        every card, the best arrangement of the contract plus further melds (ELV-7); once
        laid down, the best arrangement of ``cards`` as further melds (ELV-8)."""
        cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
        rs = self.ruleset
        further = rs.further_melds and self.laid_down[player]
        if player not in self.to_act() or self.phase not in ("play", "after_dunk") \
                or (self.laid_down[player] and not further) or not cards \
                or len(set(cards)) != len(cards) \
                or any(c not in self.hands[player] for c in cards):
            return []
        out = []
        if further:
            arrs = [best_melds(cards, rs.melds, rs.value, use_all=True)]
        else:
            arrs = list(contract_arrangements(cards, self.contract, rs.melds, use_all=True,
                                              limit=limit))
            if not arrs and rs.further_melds and not self.contract.go_out:
                c = self.contract  # ELV-2: the rules' sizes are the contract's minimum
                c = dataclasses.replace(c, set_size=max(c.set_size, rs.melds.min_set),
                                        run_size=max(c.run_size, rs.melds.min_run))
                arrs = [best_contract(cards, c, rs.melds, rs.value, use_all=True,
                                      extra=True)]
        for arr in arrs:
            if arr is None or not arr.melds:
                continue
            action = laydown_from(player, arr.melds)
            if action not in out and self._resolve_laydown(action)[1] is None:
                out.append(action)
        return out


    def clone(self) -> "State":
        """An independent copy for search (cards and melds are immutable and shared)."""
        c = copy.copy(self)
        c.hands = [list(h) for h in self.hands]
        c.known = [list(k) for k in self.known]
        c.stock, c.pile = list(self.stock), list(self.pile)
        c.table = [list(e) for e in self.table]
        c.credits = {k: list(v) for k, v in self.credits.items()}
        c.laid_down = list(self.laid_down)
        c.discards = list(self.discards)
        c.claim_passed = list(self.claim_passed)
        c.claim_dunked = list(self.claim_dunked)
        c.sheet = copy_sheet(self.sheet)
        return c

def new_game(rules: Rules, player_names: list[str], seed: int, *,
             dealer: int | None = None) -> State:
    """Shuffle with ``seed`` and deal round 1 (DUN-5).

    Args:
        rules: the settings (``Rules()`` is Dunka).
        player_names: the names, seat order (clockwise); 2–6 for Dunka (DUN-1).
        seed: any int; the same seed and names replay the same game.
        dealer: the first dealer; by default chosen at random with the seeded RNG (DUN-5).
            The deal rotates to the left every round.

    Raises ``SettingError`` for a bad player count or dealer.
    """
    n = len(player_names)
    rules.check_players(n)
    rng = Rng(seed)
    if dealer is None:
        dealer = rng.below(n)
    elif not isinstance(dealer, int) or not 0 <= dealer < n:
        raise SettingError("dealer", dealer, range(n))
    state = State(rules=rules, names=list(player_names), first_dealer=dealer, round=1,
                  dealer=dealer, hands=[[] for _ in range(n)], stock=[], pile=[],
                  rng_state=rng.state, seed=seed)
    state._deal(1)
    return state
