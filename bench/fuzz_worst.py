"""The slowest single inputs of every entry point of hostile input (issue 13), timed one
by one: ``python3 bench/fuzz_worst.py [--candidates N] [--sample N]`` in CPython, and the
same inside the pinned Pyodide under Node with ``node bench/fuzz_pyodide.mjs`` (which runs
this file's ``main``).

An input's *handling* is what the page does with it before it waits for the player again:

- a position (``position=`` link, ``load-position`` message, one lesson of a lesson file):
  read it (``positions.read`` with the link's limits), start the session
  (``Session.from_position``), render (``Session.view``: the human's view and legal
  actions, the rummy lay-down listings among them) and the Hint (``Session.hint``);
- a lesson file: its shape (``positions.lesson_entries``) and the one lesson asked for
  (``read_lesson``), as game/web/teach_load.py does, then the position as above; and the whole
  file through ``positions.load_json`` (every lesson; what the fuzz target runs);
- a stored item or imported file: its reader (``saves.read_stored``,
  ``scoresheet.read_file``), and for a saved game the first render and Hint as above.

Worst cases: for each game ``--candidates`` random positions at the hand caps
(``positions.MAX_HAND``; rummy hands full of jokers and neighbouring cards, the meld
searches' hardest shape; every round), of which the slowest in this runtime are kept;
the largest lesson file (``positions.MAX_LESSONS`` copies of the slowest position within
``positions.MAX_JSON`` characters); JSON nested 60,000 deep and of ``jsonsafe.MAX_CHARS``
characters; saved states of a rummy player holding every discard (``bench/melds.py
--huge``'s hands, 30-77 cards, no cap in a save). Then ``--sample`` fuzz inputs per game-state target (tests/engine/state_fuzz.py).
Prints each case's handling time (CPU time, ``cpu_ms``) and the
maximum. Not a pass/fail test: tests never assert on time (node counts are tested in
tests/engine/test_meld_budget.py).

Measured 2026-12-01 (Pyodide 0.29 / Python 3.14 under Node, CPU time; 2-core machine at a
load average of 20-26; ``--candidates 60 --sample 50``, the huge states with
``--candidates 20 --sample 10 --huge 40``), slowest of each kind:

    position at the caps: Durak 178 ms (talon empty, the Hint's endgame search at its
      6-slice bound), Dunka 124 ms, Elvakort 94 ms, Tonk 50 ms (6 cards)
    lesson file of 100 such lessons: shape + one lesson 153 ms; load_json of all 341 ms
      (not a page path: the page reads one lesson)
    load-position message 140 ms; JSON nested 60,000 deep 30 ms (refused); JSON of
      500,000 chars 6 ms; scoresheet CSV 2 ms
    game-state fuzz inputs (50 per target): at most 92 ms (position:elvakort)
    saved Elvakort state with a 75-card hand: 562 ms, OVER 250 ms: building the candidate
      runs (game/melds ``_run_shapes``) and contract_arrangements' readings, which no node
      budget counted. Since the building counts in the budget (2026-12-02, load average
      ~8, ``--candidates 1 --sample 1 --huge 40``): 67.4 ms for the slowest of 40 such
      states (72-77 cards)
    further melds of a laid-down 45-card hand that melds completely, keeping a card for
      the discard (ELV-10): 2-3 s in CPython when the hand less each card was searched;
      148 ms in Pyodide (load average ~30) since one card is taken out of a meld

Before the Hint's bound (HINT_SLICES) a Durak endgame position took 1,788 ms, and a
12-card Tonk position (before MAX_HAND tonk 6) 196 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _p in (ROOT, ROOT / "tests" / "engine"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from game import jsonsafe, positions, saves, scoresheet  # noqa: E402
from game.cards import JOKER_RANK, make_deck  # noqa: E402
from game.session import Session  # noqa: E402

LIMIT_MS = 250.0
"""Issue 13's bound on one input's handling in Pyodide."""


def handle_position(text: str) -> None:
    """What the page does with a position link: read, start, render, hint."""
    position = positions.read(text)
    session = Session.from_position(position)
    json.dumps(session.view())
    session.hint()


def handle_lesson_file(text: str, item: int = 0) -> None:
    """A lesson file as game/web/teach_load.py reads it: the shape, one lesson, its table."""
    entries = positions.lesson_entries(text)
    entry = positions.read_lesson(entries[item])
    session = Session.from_position(entry["position"])
    json.dumps(session.view())
    session.hint()


def handle_save(text: str) -> None:
    """A saved game at start: read, render, hint."""
    session = saves.read_stored(saves.SESSION_KEY, text)
    json.dumps(session.view())
    session.hint()


def _cards(cards) -> str:
    return ",".join(str(c) for c in cards)


def rummy_candidate(game: str, rng: random.Random) -> str:
    """A rummy position at the hand cap: seat 0 to lay down, a hand of
    ``MAX_HAND[game]`` cards with many jokers and runs of neighbouring cards."""
    players = rng.choice([2, 3, 5]) if game == "elvakort" else rng.choice([2, 3])
    copies, jokers = (3, 6) if game == "elvakort" and players >= 5 else (2, 4)
    deck = make_deck(range(2, 15), copies=copies, jokers=jokers)
    jokers_in = [c for c in deck if c.rank == JOKER_RANK]
    naturals = [c for c in deck if c not in jokers_in]
    size = positions.MAX_HAND[game]
    hand = jokers_in[:rng.randint(0, len(jokers_in))]
    suits = rng.sample("SHDC", rng.randint(1, 4))
    pool = [c for c in naturals if c.suit in suits]
    rng.shuffle(pool)
    for card in pool:
        if len(hand) >= size:
            break
        if (card.rank, card.suit) not in {(h.rank, h.suit) for h in hand} or rng.random() < 0.3:
            hand.append(card)
    rest = [c for c in deck if c not in hand]
    rng.shuffle(rest)
    pile = next(c for c in rest if c.rank != JOKER_RANK)
    others = ";".join(f"h{i}=?11" for i in range(1, players))
    rnd = rng.randint(1, 6) if game == "dunka" else rng.randint(1, 7)
    phase = ";phase=play"
    return f"{game};round={rnd}{phase};h0={_cards(hand)};{others};pile={pile};turn=0"


def tonk_candidate(rng: random.Random) -> str:
    deck = make_deck(range(2, 15))
    rng.shuffle(deck)
    hand = deck[:positions.MAX_HAND["tonk"]]
    return f"tonk;h0={_cards(hand)};h1=?5;h2=?5;pile={deck[20]};turn=0"


def durak_candidate(rng: random.Random) -> str:
    """Durak with big hands, half of them with the talon empty (the endgame solver's
    case: the Hint then searches the game to its end)."""
    deck = make_deck(range(6, 15))
    rng.shuffle(deck)
    n0 = rng.randint(6, 18)
    n1 = rng.randint(6, 18)
    h0, h1 = deck[:n0], deck[n0:n0 + n1]
    rest = deck[n0 + n1:]
    fields = [f"durak;h0={_cards(h0)};h1={_cards(h1)}"]
    if rest and rng.random() < 0.5:
        fields += [f"trump={rest[-1]}", f"talon=?{len(rest) - 1}", "discard=?0"]
    else:
        fields += [f"trump={h1[-1]}", f"discard=?{len(rest)}"]
    fields.append(f"attacker={rng.randint(0, 1)}")
    return ";".join(fields)


def cpu_ms() -> float:
    """This process's CPU time in milliseconds: ``time.process_time`` in CPython; in
    Pyodide Node's ``process.cpuUsage()`` (user + system), since Pyodide's own clocks give
    wall time, which a busy shared machine inflates many times over."""
    if sys.platform == "emscripten":
        import js
        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1000
    return time.process_time() * 1000


def timed(fn, *args) -> float:
    """Milliseconds of CPU one call takes (its errors count as handled: the page shows
    them)."""
    start = cpu_ms()
    try:
        fn(*args)
    except ValueError:  # PositionError, SaveError, SettingError, JsonError: refused
        pass
    return cpu_ms() - start


def slowest_positions(candidates: int, keep: int, seed: int) -> list[tuple[float, str]]:
    rng = random.Random(seed)
    found = []
    for game in ("durak", "dunka", "elvakort", "tonk"):
        times = []
        for _ in range(candidates):
            if game in ("dunka", "elvakort"):
                text = rummy_candidate(game, rng)
            elif game == "tonk":
                text = tonk_candidate(rng)
            else:
                text = durak_candidate(rng)
            try:
                positions.read(text)
            except ValueError:
                continue
            times.append((timed(handle_position, text), text))
        times.sort(reverse=True)
        accepted = len(times)
        print(f"  {game}: {accepted} of {candidates} candidate positions accepted, slowest "
              + ", ".join(f"{t:.1f}" for t, _ in times[:keep]) + " ms", flush=True)
        found += times[:keep]
    return found


def lesson_file(text: str) -> str:
    """The largest lesson file of copies of one position (count and size within the caps)."""
    entry = {"position": text, "prompt": {"sv": "Vad gör du?", "en": "What do you do?"}}
    one = len(json.dumps(entry)) + 2
    count = max(1, min(positions.MAX_LESSONS, positions.MAX_JSON // one))
    return json.dumps([entry] * count)


def huge_hand_states(count: int, seed: int = 1) -> list[str]:
    """Saved Elvakort states (``to_dict`` as JSON) of a 4-player game in which seat 0
    claims every discard and never lays down (bench/melds.py ``--huge``): the ``count``
    with the largest hands of seat 0 at its turn (30-77 cards). A save holds no hand cap
    (``positions.MAX_HAND`` is for links), so these bound the meld searches' work when a
    saved game is rendered."""
    from game.rummy import Dunk, LayDown, Rules, new_game
    state = new_game(Rules(variant="elvakort"), [f"p{i}" for i in range(4)], seed)
    rnd = random.Random(seed)
    found: dict[tuple, tuple[int, str]] = {}
    for _ in range(3000):
        if state.is_over():
            break
        seat = state.to_act()[0]
        if seat == 0 and len(state.hands[0]) >= 30:
            key = (tuple(sorted(str(c) for c in state.hands[0])), state.round, state.phase)
            found.setdefault(key, (len(state.hands[0]), json.dumps(state.to_dict())))
        acts = state.legal_actions(seat)
        if seat == 0:
            dunks = [a for a in acts if isinstance(a, Dunk)]
            if dunks:
                state.apply(dunks[0])
                continue
            acts = [a for a in acts if not isinstance(a, LayDown)] or acts
        else:
            acts = [a for a in acts if not isinstance(a, Dunk)] or acts
        state.apply(rnd.choice(acts))
    return [text for _n, text in sorted(found.values(), reverse=True)[:count]]


def meldable_hands() -> list[tuple]:
    """Hands of 45, 58 and 71 cards (six jokers, one spade and one heart of every rank, 13
    to 39 diamonds) that meld completely: a claiming player's hand after laying down, whose
    further melds must keep a card for the discard (ELV-10)."""
    deck = make_deck(range(2, 15), copies=3, jokers=6)
    naturals = [c for c in deck if c.rank != JOKER_RANK]
    base = [c for c in deck if c.rank == JOKER_RANK] \
        + [c for c in naturals if c.suit in "SH" and c.copy == 0]
    return [tuple(base + [c for c in naturals if c.suit == "D"][:n]) for n in (13, 26, 39)]


def handle_further(hand: tuple) -> None:
    """The further melds offered for ``hand`` keeping a card (ELV-8, ELV-10), on an empty
    cache as after a page load."""
    from game.rummy import search
    search.clear_caches()
    search.further_cached(hand, "elvakort", True)


def handle_state(text: str) -> None:
    """A saved rummy state at seat 0's turn: read it and list seat 0's actions (the
    lay-down listings' meld searches) and its view, as the first render does (on an empty
    search cache, as after a page load)."""
    from game import rummy
    from game.rummy import search
    search.clear_caches()
    state = rummy.State.from_dict(jsonsafe.loads(text))
    state.legal_actions(0)
    json.dumps(state.view(0))


def main(argv: list[str] | None = None) -> float:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--candidates", type=int, default=150, help="random positions per game")
    ap.add_argument("--keep", type=int, default=3, help="slowest positions kept per game")
    ap.add_argument("--sample", type=int, default=200, help="inputs per game-state target")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--huge", type=int, default=40, help="saved states with huge hands timed")
    args = ap.parse_args(argv)
    print(f"Python {sys.version.split()[0]} ({sys.platform})", flush=True)
    cases: list[tuple[str, float]] = []

    def case(name: str, ms: float) -> None:
        cases.append((name, ms))
        print(f"  {name}: {ms:.1f} ms", flush=True)

    print("positions at the hand caps:", flush=True)
    worst = slowest_positions(args.candidates, args.keep, args.seed)
    for ms, text in worst:
        again = timed(handle_position, text)
        case(f"position {text[:60]}… ({len(text)} chars)", max(ms, again))
    slow_text = max(worst)[1]
    print("lesson files, JSON, stored items:", flush=True)
    big = lesson_file(slow_text)
    case(f"lesson file of {len(json.loads(big))} slow lessons ({len(big)} chars), one read",
         timed(handle_lesson_file, big, len(json.loads(big)) - 1))
    case("lesson file, load_json (every lesson)", timed(positions.load_json, big))
    for depth in (1000, 60_000):
        case(f"JSON nested {depth} deep", timed(jsonsafe.loads, "[" * depth + "]" * depth))
        case(f"session item nested {depth} deep",
             timed(saves.read_stored, saves.SESSION_KEY, "[" * depth + "]" * depth))
    case(f"JSON of {jsonsafe.MAX_CHARS} chars", timed(
        jsonsafe.loads, json.dumps(["x" * 90] * (jsonsafe.MAX_CHARS // 100))))
    case("lesson file at MAX_JSON + 1 chars", timed(
        positions.lesson_entries, " " * (positions.MAX_JSON + 1)))
    from game.web import embed
    case("embedding message with the slow position", timed(
        lambda: handle_position(embed.read_message(
            {"type": "load-position", "position": slow_text})["query"]["position"])))
    sheet = scoresheet.TableSheet.new("dunka", ["A", "B", "C", "D"], 1)
    case("scoresheet CSV import", timed(scoresheet.read_file, "a.csv", sheet.to_csv(), 1))
    states = huge_hand_states(args.huge)
    if states:
        worst = max((timed(handle_state, t), len(json.loads(t)["hands"][0])) for t in states)
        case(f"saved Elvakort state, seat 0 holding {min(len(json.loads(t)['hands'][0]) for t in states)}"
             f"-{max(len(json.loads(t)['hands'][0]) for t in states)} cards ({len(states)} "
             f"states): read, list actions, view; slowest ({worst[1]} cards)", worst[0])
    case("further melds of a laid-down 45-71-card hand keeping a card (slowest of 3)",
         max(timed(handle_further, hand) for hand in meldable_hands()))
    print("fuzz inputs of the game-state targets:", flush=True)
    import state_fuzz
    for name in state_fuzz.TARGETS:
        slow = 0.0
        for seed in range(args.sample):
            slow = max(slow, timed(state_fuzz.run, name, seed))
        case(f"{name} ({args.sample} inputs, slowest)", slow)
    top = max(cases, key=lambda c: c[1])
    over = [c for c in cases if c[1] > LIMIT_MS]
    print(f"slowest single input: {top[1]:.1f} ms ({top[0]}); {len(over)} of {len(cases)} "
          f"cases over {LIMIT_MS:.0f} ms")
    return top[1]


if __name__ == "__main__":
    main()
