"""Tonk conformance: random legal hands over every setting combination and 2–4 players,
checking the protocol's invariants (DESIGN.md, "Tests" 2).

A *game* here is a session of ``HANDS`` hands; the number of games is
``KORTBORDET_CONFORMANCE_GAMES`` (default 100, so 300 hands; inside Pyodide the 12
``PYODIDE_GAMES``). Games
are seeded and deterministic: game ``i`` always plays the same configuration, seed, player
policy and random choices. The first 48 games cover every
setting combination with every player count; the stake varies too.

Players follow one of four random policies (by game): ``uniform`` (any legal action, so
many knocks), ``patient`` (rarely knocks, draws from stock or pile alike, lays spreads and
hits often), ``stubborn`` (never knocks, prefers the pile, always takes the discard when
the stock is dry: only the dry-stock limit ends such a hand) and ``hoarder`` (always takes
the discard, never knocks, spreads or hits: the stock never runs dry and only the turn
limit, house rule B, ends such a hand; house rule A makes it throw back another card).

After every action (cheap checks):
  - no card created or lost: hands + stock + pile + spreads are the 52 cards, each once;
  - house rule A: the card just taken from the pile is offered as a discard only when it
    is the only one;
  - ``legal_actions(p)`` is non-empty exactly for the seats in ``to_act()``; one seat's
    actions (a different seat each step) belong to it, are not listed twice and their
    text forms round-trip through ``parse_action``;
  - one seat's ``view`` (a different seat each step) is JSON-safe and shows no card of
    another hand except the public ``known`` ones, and at a hand's end the shown hands;
  - the events of ``apply`` are JSON-serializable;
  - an action by a seat that may not act now raises ``IllegalAction``;
  - after every hand: the ledger sums to zero, its last snapshot is this hand's, and the
    hand ended within ``MAX_ACTIONS`` actions and ``TURN_LIMIT`` turns (house rule B).
On a sampled subset of steps (about one in ``FULL_CHECK_EVERY``, every deal of every third
game and every hand's end):
  - the legal-action checks for every seat;
  - every legal action of every seat applies on a ``clone()`` (cards kept, original
    unchanged);
  - illegal actions (a card not in hand, a wrong player, a knock after drawing, a draw
    before ... , a seat out of range, not an action) raise ``IllegalAction`` and leave
    ``to_dict()`` unchanged;
  - ``to_dict`` -> JSON -> ``from_dict`` -> ``to_dict`` is identical, and the restored state
    has the same ``to_act``, legal actions and views;
  - every seat's view is checked as above.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re

import pytest

from tonk_helpers import FULL_DECK, NAMES, all_rules
from game.engine import IllegalAction
from game.tonk import (TURN_LIMIT, Discard, Draw, End, Hit, Knock, Next, Rules, Spread, State,
                       new_game, parse_action)
from volume import per_runtime

GAMES = int(os.environ.get("KORTBORDET_CONFORMANCE_GAMES", "100"))
PYODIDE_GAMES = (*range(10), 21, 34)
"""The games played inside Pyodide (volume.py; unless KORTBORDET_CONFORMANCE_GAMES is set):
games 0-9 (two players) play every policy and reach every way a hand ends (asserted
below), 21 and 34 a three- and a four-player table with an out by discard; the setting
combinations are CPython's to play."""
GAME_NUMBERS = (range(GAMES) if "KORTBORDET_CONFORMANCE_GAMES" in os.environ
                else per_runtime(range(GAMES), PYODIDE_GAMES))
HANDS = 3
CHUNK = 10
FULL_CHECK_EVERY = 25
MAX_ACTIONS = 3000
POLICIES = ("uniform", "patient", "stubborn", "hoarder")
DECK = frozenset(FULL_DECK)
RANK_TEXT = {c.rank: c.rank_text for c in FULL_DECK}


def texts(cards, leave=()) -> set[str]:
    """Card texts of ``cards`` not in ``leave`` (fast: no hashing of cards)."""
    out = {RANK_TEXT[c.rank] + c.suit for c in cards}
    return out - {RANK_TEXT[c.rank] + c.suit for c in leave} if leave else out


def configs() -> list[tuple[Rules, int]]:
    """Every setting combination with every player count (48), stakes 1, 2, 5 in turn."""
    out = []
    for i, (rules, n) in enumerate((r, n) for n in (2, 3, 4) for r in all_rules()):
        out.append((Rules(**{**rules.to_dict(), "stake": (1, 2, 5)[i % 3]}), n))
    return out


CONFIGS = configs()


def test_configurations_cover_every_setting_and_player_count():
    assert len(CONFIGS) == 48
    for name, allowed in Rules.CHOICES.items():
        for n in (2, 3, 4):
            assert {getattr(r, name) for r, k in CONFIGS if k == n} == set(allowed)
    assert {r.stake for r, _ in CONFIGS} == {1, 2, 5}


# ------------------------------------------------------------------ checks


STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def strings_in(text: str) -> set[str]:
    return set(STRING.findall(text))


def check_cards(state: State) -> None:
    cards = state.all_cards()
    assert len(cards) == 52 and len(texts(cards)) == 52, "a card was created or lost"


def check_legal(state: State, texts: bool | int = True) -> dict[int, list]:
    to_act = state.to_act()
    assert to_act, "nobody may act"
    legal = {}
    for p in range(state.num_players):
        actions = state.legal_actions(p)
        assert bool(actions) == (p in to_act), (p, to_act, actions)
        if texts is True or texts == p:
            assert len(set(actions)) == len(actions), "duplicate legal actions"
            for a in actions:
                assert a.player == p
                assert parse_action(str(a), p) == a, str(a)
        legal[p] = actions
    if state.phase == "play" and state.taken is not None:  # house rule A
        discards = [a for a in legal[state.turn] if isinstance(a, Discard)]
        assert Discard(state.turn, state.taken) not in discards or len(discards) == 1
    assert not state.is_over() and state.outcome() is None
    return legal


def check_view(state: State, p: int) -> None:
    view = state.view(p)
    text = json.dumps(view)
    assert view["player"] == p and view["game"] == "tonk"
    assert sorted(view["hand"]) == sorted(texts(state.hands[p]))
    assert view["hand_counts"] == [len(h) for h in state.hands]
    assert view["balances"] == state.ledger.balances()
    assert view["pile_top"] == (str(state.pile[-1]) if state.pile else None)
    seen = strings_in(text)
    over = state.phase == "hand_over"
    for q in range(state.num_players):
        if q == p or (over and state.result["hands"][q] is not None):
            continue
        hidden = texts(state.hands[q], state.known[q])
        leaked = hidden & seen
        assert not leaked, f"view of seat {p} shows seat {q}'s hidden cards {leaked}"
    below = texts(state.pile[:-1], state.hands[p])
    assert not below & seen, "a view shows a discard under the top (TONK-6)"


def check_roundtrip(state: State) -> None:
    data = state.to_dict()
    restored = State.from_dict(json.loads(json.dumps(data)))
    assert restored.to_dict() == data
    assert restored.to_act() == state.to_act()
    for p in range(state.num_players):
        assert restored.legal_actions(p) == state.legal_actions(p)
        assert restored.view(p) == state.view(p)


def check_all_legal_apply(state: State, legal: dict[int, list]) -> None:
    before = state.to_dict()
    for actions in legal.values():
        for a in actions:
            clone = state.clone()
            json.dumps(clone.apply(a))
            check_cards(clone)
            assert clone.ledger.sums_to_zero()
    assert state.to_dict() == before, "applying on a clone changed the original"


def expect_illegal(state: State, action, code: str | None, before: dict) -> None:
    try:
        state.apply(action)
    except IllegalAction as exc:
        error = exc
    else:
        raise AssertionError(f"illegal {action} was accepted")
    if code is not None:
        assert error.code == code, (str(action), error.code)
    assert isinstance(error.code, str) and error.code
    json.dumps(error.params)
    assert state.to_dict() == before, f"illegal {action} changed the state"


def check_illegal(state: State, legal: dict[int, list], rng: random.Random) -> None:
    n = state.num_players
    before = state.to_dict()
    p = state.to_act()[0]
    own = rng.choice(legal[p])
    expect_illegal(state, dataclasses.replace(own, player=n), "no_such_player", before)
    expect_illegal(state, str(own), "not_an_action", before)
    if state.phase == "hand_over":
        expect_illegal(state, Knock(p), "hand_over", before)
        return
    expect_illegal(state, Next(p), "hand_in_progress", before)
    foreign = rng.choice(sorted(c for c in DECK if c not in state.hands[p]))
    if state.phase == "play":
        sid = state.table[0][0] if state.table else 1
        action = rng.choice([Discard(p, foreign), Hit(p, foreign, sid),
                             Spread(p, (foreign,) + tuple(state.hands[p][:2]))])
        expect_illegal(state, action, "card_not_in_hand", before)
        expect_illegal(state, Knock(p), "knock_after_draw", before)
        expect_illegal(state, Draw(p, "stock"), "already_drew", before)
        expect_illegal(state, End(p), "already_drew", before)
        if len(state.hands[p]) >= 2:
            expect_illegal(state, Spread(p, tuple(state.hands[p][:2])), "not_a_spread", before)
        expect_illegal(state, Hit(p, state.hands[p][0], state.next_spread_id), "no_such_spread",
                       before)
        if state.taken is not None and Discard(p, state.taken) not in legal[p]:
            code = ("discard_just_taken" if state.taken in state._discard_cards(p)
                    else "must_lay_spreads")  # TONK-9 forbids it anyway
            expect_illegal(state, Discard(p, state.taken), code, before)
    else:
        expect_illegal(state, Discard(p, state.hands[p][0]), "must_draw_first", before)
        if not state.stock:
            expect_illegal(state, Draw(p, "stock"), "stock_empty", before)
        else:
            expect_illegal(state, End(p), "stock_not_dry", before)
    for q in range(n):
        if q != p:
            expect_illegal(state, dataclasses.replace(own, player=q), "not_your_turn", before)


def full_check(state: State, legal, rng) -> None:
    check_legal(state)
    check_all_legal_apply(state, legal)
    check_illegal(state, legal, rng)
    check_roundtrip(state)
    for p in range(state.num_players):
        check_view(state, p)


def choose(state: State, actions: list, policy: str, rng: random.Random):
    """One action of the seat in turn under ``policy``."""
    if policy == "uniform" or state.phase == "hand_over":
        return rng.choice(actions)
    by_verb: dict[str, list] = {}
    for a in actions:
        by_verb.setdefault(str(a).split()[0] + (" " + a.source if isinstance(a, Draw) else ""),
                           []).append(a)
    if policy == "hoarder":
        pile = [a for a in actions if isinstance(a, Draw) and a.source == "pile"]
        discards = [a for a in actions if isinstance(a, Discard)]
        return rng.choice(pile or discards or actions)
    if state.phase == "start":
        if policy == "patient":
            weights = {"knock": 0.04, "draw stock": 1, "draw pile": 1, "end": 0.3}
        else:
            weights = {"knock": 0, "draw stock": 1, "draw pile": 3, "end": 0}
        verbs = [v for v in by_verb if weights[v] > 0] or list(by_verb)
        verb = rng.choices(verbs, [weights[v] or 1 for v in verbs])[0]
        return rng.choice(by_verb[verb])
    melding = by_verb.get("spread", []) + by_verb.get("hit", [])
    if melding and (policy == "patient" or rng.random() < 0.5):
        return rng.choice(melding)
    return rng.choice(by_verb.get("discard") or actions)


def play_checked_game(i: int, stats: dict) -> None:
    rules, n = CONFIGS[i % len(CONFIGS)]
    policy = POLICIES[(i // len(CONFIGS) + i) % len(POLICIES)]
    seed = 20_000 + i
    rng = random.Random(seed)
    state = new_game(rules, NAMES[:n], seed)
    for _hand in range(HANDS):
        check_cards(state)
        legal = check_legal(state)
        if i % 3 == 0:
            full_check(state, legal, rng)
        steps = 0
        while state.phase != "hand_over":
            assert steps < MAX_ACTIONS, f"game {i}: hand {state.hand_no} did not end"
            seat = state.to_act()[0]
            action = choose(state, legal[seat], policy, rng)
            json.dumps(state.apply(action))
            steps += 1
            check_cards(state)
            legal = check_legal(state, texts=steps % n)
            check_view(state, steps % n)
            idle = [q for q in range(n) if not legal[q]]
            if idle:
                try:
                    state.apply(Knock(rng.choice(idle)))
                except IllegalAction:
                    pass
                else:
                    raise AssertionError("a seat acted out of turn")
            if rng.random() < 1 / FULL_CHECK_EVERY:
                full_check(state, legal, rng)
        # the hand is over
        assert state.ledger.sums_to_zero() and sum(state.result["net"]) == 0
        assert state.ledger.history[-1] == {"hand": state.hand_no,
                                            "balances": state.ledger.balances()}
        assert state.result["hand"] == state.hand_no and state.turns <= TURN_LIMIT
        stats.setdefault(state.result["end"], 0)
        stats[state.result["end"]] += 1
        stats["hands"] = stats.get("hands", 0) + 1
        stats["max_steps"] = max(stats.get("max_steps", 0), steps)
        full_check(state, legal, rng)
        state.apply(Next(rng.randrange(n)))


STATS: dict = {}
# The chunks and the test after them share STATS: one process runs them all (pytest-xdist
# --dist loadgroup; run.mjs --shard keeps the group in one shard).
pytestmark = pytest.mark.xdist_group("tonk_conformance")


@pytest.mark.parametrize("chunk", range((len(GAME_NUMBERS) + CHUNK - 1) // CHUNK))
def test_random_hands_keep_invariants(chunk):
    for i in GAME_NUMBERS[chunk * CHUNK:(chunk + 1) * CHUNK]:
        play_checked_game(i, STATS)


def test_random_hands_reach_every_way_a_hand_ends():
    """Runs after the chunks (same module): the random hands covered knocks, tonk outs,
    outs by discard, dry-stock ends and turn limits (games 0-9 reach them all). Alone
    (``-k``) it plays its own games."""
    played = GAME_NUMBERS[:60]
    stats = STATS if STATS.get("hands", 0) >= len(played) * HANDS else {}
    if not stats:
        for i in played:
            play_checked_game(i, stats)
    assert stats["hands"] >= len(played) * HANDS
    if set(range(10)) <= set(played):
        for end in ("knock", "tonk_out", "out_by_discard", "dry_stock", "turn_limit"):
            assert stats.get(end, 0) > 0, (end, stats)
