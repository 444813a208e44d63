"""Hard computer players of Dunka and Elvakorts-Rummy: determinized search
(``game.bots.pimc``) over the normal bots (``game.bots.dunka``, ``game.bots.elvakort``).

Both games run on one engine (``game.rummy``), so one module serves both; only the normal
bot that plays the rollouts and the scoring (DUN-14 lower wins; ELV-13 table plus, hand
minus, higher wins) differ, and both come from the view (``view["game"]``).

What it compares: the moves where the normal bot weighs alternatives — draw from the stock
or the pile (DUN-6, ELV-5), dunk or pass (DUN-7, ELV-6), and which card to discard (the
normal bot's ``DISCARD_CANDIDATES`` cheapest by its own hand cost). Laying down, laying
off, replacing jokers and dealing on are the normal bot's (it lays down and lays off as
soon as it can, which rarely loses).

How: ``SAMPLES`` worlds (the unseen cards — the other hands except their ``known`` pile
cards, and the stock — dealt at random, see ``world``); in each, every candidate is
played and the normal bot plays every seat for ``HORIZON`` more turns (or to the end of
the round); the result is the searching seat's *round value* minus the mean of the
others': at the round's end its points (negated in Dunka), before it an estimate from
the same measures the normal bot uses (hand points, DUN-14 / ELV-12 values, plus
``DIST_WEIGHT`` per card missing from the contract while not laid down; Elvakort adds
the points of the melds a seat owns on the table, ELV-13).

It never peeks: it is given the view, not the state, and deals the hidden cards itself.

Dunka and Elvakort (``OUTS_GAMES``) do not use this search by default: their hard
player is the normal bot with its discards weighed by their outs and by the chance the
next player takes them, and Dunka's last round played for the game
(``game.bots.rummy_outs``), which measured at least as well as the search against normal
and decides in milliseconds (issue 17); the hard players of the two games are
``game.bots.dunka_hard`` and ``game.bots.elvakort_hard`` (each the outs player with its
game's own settings). ``--set rummy_hard.OUTS_GAMES=()`` in ``bench/bots.py`` brings the
search back for Elvakort; Dunka's is ``choose`` here.
"""

from __future__ import annotations

import random

from ..cards import make_deck, parse_card
from ..melds import Meld, dunka_value, elvakort_value
from ..rummy import (ROUNDS, Discard, Draw, Dunk, LayDown, Layoff, Pass, Replace,
                     Rules, State)
from . import dunka as _dunka
from . import elvakort as _elvakort
from . import pimc, rummy_outs

SAMPLES = 10
"""Worlds per candidate in a real game (the budget: at most 2 x 10 = 20 rollouts)."""
HORIZON = 1
"""Rounds of turns a rollout plays: a draw or claim is followed to the end of this turn
(the discard the normal bot then makes), a discard through the other players' next
turns (``HORIZON`` x (players - 1) turns), then the position is scored."""
DISCARD_CANDIDATES = 2
"""How many of the normal bot's cheapest discards are compared."""
DIST_WEIGHT = _dunka.DIST_WEIGHT
OPPONENT_LEVEL = "easy"
"""How the other seats play in rollouts: the easy bot (it takes the pile for a card that
completes or extends a meld in hand, like most players), about ten times cheaper than the
normal bot's contract search, which leaves time for more worlds."""
MAX_STEPS = 200
"""A rollout's safety stop in actions (a turn is 2–6 actions)."""
OUTS_GAMES = ("dunka", "elvakort")
"""Games whose hard player is not the rollout search but the normal bot with its
discards weighed by their outs and the next player's take chance
(``game.bots.rummy_outs``, figures in its docstring): the rollout search was no better
than normal in either game, and the outs player is far cheaper."""


def _bot(game: str):
    return _elvakort if game == "elvakort" else _dunka


def _cards(tokens) -> list:
    return [parse_card(t.partition("=")[0]) for t in tokens]


class _Template:
    """Everything public of the view, read once; ``world(rng)`` deals the rest."""

    def __init__(self, view: dict):
        self.view = view
        self.me = me = view["player"]
        self.rules = Rules(**view["rules"])
        rs = self.rules.ruleset
        n = self.n = len(view["hand_counts"])
        self.hand = _cards(view["hand"])
        self.pile = _cards(view["pile"])
        self.known = [_cards(k) for k in view["known"]]
        self.table = [[e["id"], e["owner"], Meld.from_dict({"kind": e["kind"],
                                                            "cards": list(e["cards"])})]
                      for e in view["table"]]
        seen = set(self.hand) | set(self.pile)
        for _mid, _owner, meld in self.table:
            seen.update(meld.cards)
        for seat, cards in enumerate(self.known):
            if seat != me:
                seen.update(cards)
        copies, jokers = rs.deck_counts(n)
        self.unseen = [c for c in make_deck(range(2, 15), copies=copies, jokers=jokers)
                       if c not in seen]
        self.sizes = [0 if s == me else view["hand_counts"][s] - len(self.known[s])
                      for s in range(n)] + [view["stock_size"]]
        claim = view["claim"]
        self.discarder = claim["discarder"] if claim else None
        if claim is None and view["phase"] in ("draw", "play") and view["discards"] \
                and view["pile_top"] is not None:
            # after a claim window closes the last discard may still be dunked (DUN-7)
            last_seat, last_card = view["discards"][-1]
            if last_card == view["pile_top"]:
                self.discarder = last_seat
        self.claim_card = parse_card(view["pile_top"]) if self.discarder is not None \
            else None
        self.credits = {e["id"]: list(e["added_by"]) for e in view["table"]
                        if "added_by" in e}
        self.sheet = [{**e, "points": list(e["points"]), "totals": list(e["totals"]),
                       "hands": [[] for _ in range(n)]}
                      for e in view["scoresheet"]["rounds"]]

    def world(self, rng: random.Random) -> State:
        """A complete state consistent with the view: the unseen cards dealt at random
        into the unknown part of every other hand and the stock (``pimc.deal_hidden``)."""
        v, n = self.view, self.n
        parts = pimc.deal_hidden(self.unseen, self.sizes, rng)
        hands = [list(self.hand) if s == self.me else self.known[s] + parts[s]
                 for s in range(n)]
        claim = v["claim"] or {}
        return State(
            rules=self.rules, names=list(v["names"]),
            first_dealer=(v["dealer"] - (v["round"] - 1)) % n, round=v["round"],
            dealer=v["dealer"], hands=hands, stock=parts[n], pile=list(self.pile),
            rng_state=rng.getrandbits(63), phase=v["phase"], turn=v["turn"],
            table=[list(e) for e in self.table],
            next_meld_id=max((e[0] for e in self.table), default=0) + 1,
            laid_down=list(v["laid_down"]), known=[list(k) for k in self.known],
            discards=[list(d) for d in v["discards"]], reshuffles=v["reshuffles"],
            claim_card=self.claim_card, discarder=self.discarder,
            claim_passed=list(claim.get("passed", [])), claim_best=claim.get("claimed_by"),
            claim_dunked=list(claim.get("dunked", [])), last_dunk=v["last_dunk"],
            dunker=v["dunker"], sheet=[dict(e) for e in self.sheet],
            taken=parse_card(v["taken"]) if v["taken"] else None, turns=v["turns"],
            credits={k: list(x) for k, x in self.credits.items()})


def _round_values(world: State, game: str, caches: dict) -> list[float]:
    """Each seat's round value (higher is better): the round's points once it is over
    (negated in Dunka, DUN-14), else the estimate of the module docstring."""
    n = world.num_players
    if world.phase in ("round_over", "game_over"):
        points = world.sheet[-1]["points"]
        return [float(p) for p in points] if game == "elvakort" else [-float(p) for p in points]
    value = elvakort_value if game == "elvakort" else dunka_value
    out = []
    for s in range(n):
        hand = world.hands[s]
        u = -float(sum(value(c) for c in hand))
        if game == "elvakort":
            u += sum(value(c) for _mid, owner, m in world.table if owner == s for c in m.cards)
        if not world.laid_down[s]:
            u -= DIST_WEIGHT * _ctx(game, world.view(s), caches).distance(
                [_dunka._card(str(c)) for c in hand])
        out.append(u)
    return out


def _ctx(game: str, view: dict, caches: dict):
    """The normal bot's reading of ``view`` with its contract-distance memo shared through
    ``caches`` by every position of the search with the same round and dead cards (the
    distance depends only on the hand, the contract and the cards out of play)."""
    ctx = _elvakort._ElvCtx(view) if game == "elvakort" else _dunka._Ctx(view)
    key = (view["round"], tuple(sorted(ctx.dead.items())))
    ctx.cache = caches.setdefault(key, {})
    return ctx


def _rollout(game: str, me: int, horizon: int):
    bot = _bot(game)
    caches: dict = {}

    def rollout(world: State, cand, rng: random.Random) -> float:
        start = world.turns
        world.apply(cand)
        stop = start + 1 + (horizon * (world.num_players - 1) if isinstance(cand, Discard)
                            else 0)
        steps = 0
        while world.phase not in ("round_over", "game_over") and world.turns < stop \
                and steps < MAX_STEPS:
            seat = world.to_act()[0]
            legal = world.legal_actions(seat)
            view = world.view(seat)
            if seat == me:
                action = bot._normal(_ctx(game, view, caches), legal)
            else:
                action = bot.choose(view, legal, OPPONENT_LEVEL, rng)
            world.apply(action)
            steps += 1
        values = _round_values(world, game, caches)
        others = [v for s, v in enumerate(values) if s != me]
        return values[me] - sum(others) / len(others)
    return rollout


def candidates(view: dict, legal: list) -> list:
    """The moves the search compares, the normal bot's choice first; a single move when
    the normal bot's choice is not a draw, a claim or a discard (see the docstring)."""
    game = view["game"]
    bot = _bot(game)
    first = bot.choose(view, legal, "normal", random.Random(0))
    if isinstance(first, Draw):
        return [first] + [a for a in legal if isinstance(a, Draw) and a != first]
    if isinstance(first, (Dunk, Pass)):
        return [first] + [a for a in legal if isinstance(a, (Dunk, Pass)) and a != first]
    if not isinstance(first, Discard) or any(isinstance(a, (Layoff, Replace, LayDown))
                                             for a in legal):
        return [first]
    ctx = _elvakort._ElvCtx(view) if game == "elvakort" else _dunka._Ctx(view)
    by_card: dict = {}
    for a in legal:
        if isinstance(a, Discard) and not a.card.is_joker:
            by_card.setdefault(_dunka._card(str(a.card)), a)
    ranked = sorted(by_card.items(),
                    key=lambda kv: ctx.cost(_dunka._without(ctx.hand, kv[0]))
                    + ctx.feeds(kv[0]))
    out = [first]
    for _c, a in ranked:
        if a not in out and len(out) < DISCARD_CANDIDATES:
            out.append(a)
    return out


def think(view: dict, legal: list, rng: random.Random, samples: int | None = None,
          horizon: int | None = None) -> pimc.Think:
    """The hard player's sliced search for ``view["player"]`` (protocol:
    ``game.bots.pimc``). ``samples`` worlds per candidate (default ``SAMPLES``, read at
    call time), rollouts of ``horizon`` rounds of turns (default ``HORIZON``).
    Returns one element of ``legal``."""
    if view["game"] in OUTS_GAMES:
        return (yield from rummy_outs.think(view, legal))
    samples = SAMPLES if samples is None else samples
    horizon = HORIZON if horizon is None else horizon
    cands = candidates(view, legal)
    if len(cands) == 1 or view["phase"] in ("round_over", "game_over") \
            or view["round"] > ROUNDS:
        return (yield from pimc.done(cands[0]))
    try:
        template = _Template(view)
    except (ValueError, KeyError):  # a view the search cannot rebuild: play normal
        return cands[0]
    return (yield from pimc.search(template.world, cands,
                                   _rollout(view["game"], view["player"], horizon),
                                   samples, rng))


def choose(view: dict, legal: list, rng: random.Random, samples: int | None = None,
           horizon: int | None = None):
    """``think`` run to its end: the hard player's move (one element of ``legal``)."""
    return pimc.drive(think(view, legal, rng, samples, horizon))
