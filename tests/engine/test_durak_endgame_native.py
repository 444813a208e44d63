"""The Durak endgame solver's native search (game/bots/native/durak_endgame.c compiled to
WebAssembly; issue 17, scope 1) against the Python search it ports
(``Solver.value``, game/bots/durak_endgame.py): on random endgames of every phase, with
and without transfers, with a face-up trump left in the talon, in budgeted slices and
with two solvers in turn, both find **the same value of every move with the same units of
work** (so a player decides the same in the browser as in CPython); on the quick part
of bench/durak_solver.py's 12-card set too. In CPython through wasmtime
(scripts/build_native.py), inside Pyodide through the runtime's own WebAssembly as the
page does (game/web/native_solver.py); CPython also checks that the committed .wasm is
the build of the C source.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from game.bots import durak_endgame
from game.bots.durak_endgame import Budget, Solver, card_bit, root_of_state
from game.cards import make_deck
from game.durak import DECK_RANKS, Rules, State
from volume import per_runtime

ROOT = Path(__file__).resolve().parents[2]
IN_PYODIDE = sys.platform == "emscripten"


def _compile():
    if IN_PYODIDE:
        from game.web.native_solver import compile_now
        return compile_now()
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_native  # scripts/build_native.py (wasmtime, requirements-dev.txt)
    return build_native.load()


@pytest.fixture(scope="module")
def native():
    search = _compile()
    yield search
    durak_endgame.use_native(None)


def _endgame(rng: random.Random, in_play: int, talon: bool) -> State | None:
    """A random two-player endgame, ``in_play`` cards in the hands (and the face-up
    trump in the talon when ``talon``), after a few random moves (any phase)."""
    rules = Rules(transfer=rng.random() < 0.5,
                  throw_in=rng.choice(("attacker", "neighbours", "all")), deck=36)
    cards = make_deck(DECK_RANKS[rules.deck])
    rng.shuffle(cards)
    live, dead = cards[:in_play], cards[in_play:]
    k = rng.randint(1, in_play - 1)
    hands = [live[:k], live[k:]]
    trump = dead.pop() if talon else rng.choice(cards)
    attacker = rng.randrange(2)
    state = State(rules=rules, names=["P0", "P1"], hands=hands,
                  talon=[trump] if talon else [], trump_card=trump, dealer=1,
                  attacker=attacker, defender=1 - attacker, rng_state=0, discard=dead,
                  table=[], known=[[], []], first_bout=False)
    state.limit = min(6, len(hands[1 - attacker]))
    state.check_integrity()
    for _ in range(rng.randrange(4)):
        if state.is_over():
            return None
        state.apply(rng.choice(state.legal_actions(state.to_act()[0])))
    return None if state.is_over() else state


def _solve(state: State, seat: int, search, **kw):
    """(move values, units) of ``solve_moves`` with ``search`` (None: Python)."""
    root = root_of_state(state, seat)
    durak_endgame.use_native(search)
    solver = Solver(state.trump, state.rules.transfer)
    return solver.solve_moves(root, exact=True, **kw), solver.nodes


def _roots(seed: int, count: int, sizes, talon: bool):
    rng = random.Random(seed)
    got = []
    while len(got) < count:
        state = _endgame(rng, rng.choice(sizes), talon)
        if state is None:
            continue
        seat = state.to_act()[0]
        if root_of_state(state, seat) is not None:
            got.append((state, seat))
    return got


@pytest.mark.parametrize("talon", [False, True], ids=["talon-empty", "trump-in-talon"])
def test_native_search_finds_the_same_values_with_the_same_work(native, talon):
    # Pyodide: 60 endgames a kind still reach every phase, transfers on and off
    cases = _roots(17 + talon, per_runtime(600, 60), range(3, 11), talon)
    phases = set()
    for state, seat in cases:
        phases.add(root_of_state(state, seat)[0])
        assert _solve(state, seat, native) == _solve(state, seat, None), state.to_dict()
    assert phases == {0, 1, 2}


def test_native_search_keeps_the_bench_set_values_with_the_same_work(native):
    sys.path.insert(0, str(ROOT / "bench"))
    entries = json.loads((ROOT / "bench" / "durak_solver_set.json").read_text())
    quick = [e for e in entries if e["old_units"] < 20_000]
    for entry in quick[:per_runtime(60, 8)]:
        r = entry["root"]
        root = tuple(r[:10]) + (tuple(r[10]),)
        got = []
        for search in (native, None):
            durak_endgame.use_native(search)
            solver = Solver(entry["trump"], entry["transfer"])
            values = solver.solve_moves(root, exact=True)
            got.append((values, solver.nodes))
        assert got[0] == got[1]
        assert max(got[0][0].values()) == entry["value"]
        for move, want in entry["moves"]:
            assert got[0][0][tuple(move)] == want


def test_budget_slices_stop_at_the_same_work_and_go_on_to_the_same_values(native):
    """Raising ``Budget`` and going on with a larger one (the page's slices, the hard
    player's rollouts) keeps the native search in step with the Python one."""
    for state, seat in _roots(5, per_runtime(40, 6), range(8, 12), False):
        trace = []
        for search in (native, None):
            durak_endgame.use_native(search)
            solver = Solver(state.trump, state.rules.transfer, budget=300)
            stops = []
            while True:
                try:
                    values = solver.solve_moves(root_of_state(state, seat))
                    break
                except Budget:
                    stops.append(solver.nodes)
                    solver.budget = solver.nodes + 300
            trace.append((values, stops, solver.nodes))
        assert trace[0] == trace[1]


def test_two_solvers_in_turn_stay_exact(native):
    """The native search holds one solver's tables: another solver's call resets it
    (``use_native``), and both keep finding the Python search's values."""
    cases = _roots(9, per_runtime(30, 6), range(6, 11), False)
    durak_endgame.use_native(native)
    solvers = [Solver(s.trump, s.rules.transfer) for s, _ in cases]
    got = []
    for _ in range(2):  # each solver twice, the others in between
        for solver, (state, seat) in zip(solvers, cases):
            got.append(solver.solve(root_of_state(state, seat)))
    want = []
    durak_endgame.use_native(None)
    for state, seat in cases:
        want.append(Solver(state.trump, state.rules.transfer).solve(root_of_state(state, seat)))
    assert got == want + want


def test_talon_of_more_than_one_card_searches_in_python(native):
    """The C model knows a talon of at most the face-up trump; a longer one (which no
    player's decision meets) goes to the Python search, with the same result."""
    state, seat = _roots(3, 1, [6], False)[0]
    root = root_of_state(state, seat)
    spare = [c for c in state.discard][:2]
    longer = root[:10] + (tuple(card_bit(c) for c in spare),)
    durak_endgame.use_native(native)
    solver = Solver(state.trump, state.rules.transfer)
    assert solver.solve(longer) == Solver(state.trump, state.rules.transfer).value(longer)
    assert solver.tt, "searched in Python: its table is the solver's own"


@pytest.mark.skipif(IN_PYODIDE, reason="the compiler (PyPI's ziglang) runs in CPython")
def test_committed_wasm_is_the_build_of_the_c_source(tmp_path):
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_native
    fresh = build_native.build(tmp_path / "durak_endgame.wasm")
    assert fresh.read_bytes() == build_native.WASM.read_bytes(), (
        "game/bots/native/durak_endgame.wasm is stale: run python3 scripts/build_native.py")


def _late_positions(count: int, talon_at_most: int):
    """(view, legal) of the player to act in two-player games played by the normal
    player until the talon holds at most ``talon_at_most`` cards."""
    from game import bots
    from game.durak import new_game
    got = []
    seed = 0
    while len(got) < count:
        seed += 1
        state = new_game(Rules(transfer=seed % 2 == 0), ["A", "B"], seed=seed)
        while not state.is_over() and len(state.talon) > talon_at_most:
            seat = state.to_act()[0]
            state.apply(bots.choose(state.view(seat), state.legal_actions(seat), seed=seed))
        if not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                got.append((state.view(seat), legal))
    return got


@pytest.mark.parametrize("level,talon", [("normal", 1), ("hard", 4)])
def test_players_decide_the_same_with_either_search(native, level, talon):
    """The normal player's endgame search and the hard player's rollouts (which hand
    known endgames to the solver) choose the same move whichever search runs."""
    from game import bots

    class Counted:  # the native search, its searches counted
        calls = 0

        def __getattr__(self, name):
            return getattr(native, name)

        def value(self, *fields):
            Counted.calls += 1
            return native.value(*fields)

    for view, legal in _late_positions(per_runtime(4, 1), talon):
        moves = []
        for search in (Counted(), None):
            durak_endgame.use_native(search)
            moves.append(bots.choose(view, legal, level, seed=3))
        assert moves[0] == moves[1], view
    assert Counted.calls > 0, "the decisions never reached the endgame search"


def test_a_huge_throw_in_hand_stops_at_the_budget_in_either_search(native):
    """A crafted endgame (52 cards; the attacker holds 28 cards of the table's ranks while
    the defender takes, DUR-15): only the sets of at most the room left are made
    (``durak_endgame_moves.throw_sets``), so the search reaches its budget instead of
    enumerating 2**28 subsets per position, with the same work in both searches."""
    def bit(suit, rank):
        return 1 << ("SHDC".index(suit) * 13 + rank - 2)
    attacker = sum(bit(s, r) for s in "HDC" for r in range(2, 12)) - bit("C", 11) - bit("C", 10)
    ranks = sum(bit(s, r) for s in "SHDC" for r in range(2, 12))
    table = bit("S", 2) | bit("S", 3)
    root = (2, attacker, bit("S", 14) | bit("S", 13), True, table, table, 0, ranks, True, 6, ())
    assert bin(attacker & ranks).count("1") == 28
    stops = []
    for search in (native, None):
        durak_endgame.use_native(search)
        solver = Solver("S", False, budget=5_000)
        with pytest.raises(Budget):
            solver.solve_moves(root)
        stops.append(solver.nodes)
    assert stops[0] == stops[1], stops


def test_throw_sets_are_every_small_subset_largest_first():
    from game.bots.durak_endgame_moves import throw_sets
    for n in range(1, 9):
        cards = [1 << (3 * i + 1) for i in range(n)]
        for room in range(1, 7):
            want = []
            for k in range(1 << n):  # the definition: every subset, sorted by size (stable)
                if bin(k).count("1") <= room:
                    want.append(sum(cards[i] for i in range(n) if k >> i & 1))
            want.sort(key=lambda m: bin(m).count("1"), reverse=True)
            assert list(throw_sets(cards, room)) == want, (n, room)
