"""Speed of the exact contract search: ``python3 bench/melds.py [--hands N] [--seed S]``.

Deals N random 11-card Dunka hands from two 52-card decks + 4 jokers (108 cards; the number
of jokers in a hand is drawn uniformly from 0..4, then 11 - jokers natural cards, so hands
with several jokers, the slow ones, are well represented) and times
``game.melds.best_contract`` for each hand against each of Dunka's six contracts
(``DUNKA_CONTRACTS``; round 6 with ``use_all=True``, as the game calls it). Prints, per
contract and over all calls, how often the hand holds the contract and the median, p99 and
max time of one call in CPython (process CPU time). Not a pass/fail test. Target (brief):
median <= 1 ms, max <= 50 ms.

Measured 2026-11-30 (CPython 3.11.7, 10,000 hands x 6 contracts = 60,000 calls, seed 2026;
shared 2-core machine):

    round 1 2 sets                          held 36.8 %  median 0.221 ms  p99 0.625 ms  max 9.065 ms
    round 2 1 set + 1 four-run              held 14.1 %  median 0.155 ms  p99 0.582 ms  max 1.173 ms
    round 3 2 four-runs                     held  1.0 %  median 0.155 ms  p99 0.326 ms  max 1.103 ms
    round 4 3 sets                          held  3.4 %  median 0.144 ms  p99 0.463 ms  max 0.691 ms
    round 5 3 three-runs                    held  3.5 %  median 0.151 ms  p99 0.412 ms  max 1.035 ms
    round 6 2 sets + 1 four-run, going out  held  0.2 %  median 0.162 ms  p99 0.308 ms  max 0.855 ms
    all 60,000 calls: median 0.162 ms, p99 0.514 ms, max 9.065 ms

The single 9 ms call is noise (a 2-joker hand that re-times at 0.2-0.4 ms); apart from it
no call took more than 1.2 ms.

``--huge``: [--before 3]``.

Reproduces the case a bot helper found: in Elvakorts-Rummy a player who claims (dunks) every
discard gains the discard plus a penalty card each time and holds 50-70 cards after a few
rounds. Seat 0 here claims every discard and never lays down; the others play random legal
moves and never claim. For every distinct hand of seat 0 with at least ``--min-cards`` cards
it times the searches ``game.rummy`` runs to list lay-downs (``best_contract`` then
``contract_arrangements``, as ``_laydowns_cached``) and further melds (``best_melds``, as
``_further_cached``), with the default budget (``game.melds.SEARCH_BUDGET``, "after"), and
for the ``--before`` largest hands that used the whole budget also unbounded (the old exact search, "before"). Prints
the worst time per call and the node counts. Not a pass/fail test; CPU time in CPython.

Measured 2026-11-30 (CPython 3.11, 2-core machine shared with other jobs), see the report
of the budget change: before, one ``legal_actions`` call took up to 20 s on a 67-card hand
(44 s reported by the bot helper); after, the worst call is well under a second.

Measured 2026-12-01 (issue 13; ``--huge --before 0``, 4 players, seed 1, 450 hands of 30-77
cards; CPython, 2-core machine with load average ~24): flat budget of 100,000 nodes, worst
call 0.478 s (75 cards, 100,000 nodes); with ``default_budget`` (100,000 x (25/cards)^2
beyond 25 cards), worst call 0.289 s (74 cards, 11,413 nodes). The rest is building the
candidate runs (``_run_shapes``), which no node budget bounds.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.cards import JOKER_RANK, Card, make_deck  # noqa: E402
from game.melds import DUNKA, DUNKA_CONTRACTS, best_contract, dunka_value  # noqa: E402
from game import melds  # noqa: E402
from game.cards import card_key  # noqa: E402
from game.rummy import RULE_SETS, Dunk, LayDown, Rules, new_game  # noqa: E402


def deal_hands(n: int, seed: int) -> list[list[Card]]:
    """N hands of 11 cards: 0..4 jokers (uniform), the rest naturals from two decks."""
    rng = random.Random(seed)
    naturals = make_deck(range(2, 15), copies=2)
    jokers = [Card(JOKER_RANK, "", j) for j in range(4)]
    hands = []
    for _ in range(n):
        k = rng.randint(0, 4)
        hands.append(rng.sample(jokers, k) + rng.sample(naturals, 11 - k))
    return hands


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    hands = deal_hands(args.hands, args.seed)
    print(f"CPython {platform.python_version()}, {args.hands} hands x "
          f"{len(DUNKA_CONTRACTS)} contracts, seed {args.seed}")
    everything: list[float] = []
    worst = (0.0, None, None)
    for rnd, contract in enumerate(DUNKA_CONTRACTS, 1):
        use_all = contract.go_out
        times, found = [], 0
        for hand in hands:
            t0 = time.process_time()
            result = best_contract(hand, contract, DUNKA, dunka_value, use_all=use_all)
            dt = time.process_time() - t0
            times.append(dt)
            found += result is not None
            if dt > worst[0]:
                worst = (dt, hand, contract)
        everything += times
        times.sort()
        print(f"round {rnd} {str(contract):33s} held {100 * found / len(hands):5.1f} %  "
              f"median {ms(statistics.median(times))}  p99 {ms(times[int(0.99 * len(times))])}"
              f"  max {ms(times[-1])}")
    everything.sort()
    print(f"all {len(everything)} calls: median {ms(statistics.median(everything))}, "
          f"p99 {ms(everything[int(0.99 * len(everything))])}, max {ms(everything[-1])}")
    if worst[1] is not None:
        print(f"slowest: {' '.join(map(str, worst[1]))} for {worst[2]}")


# ------------------------------------------------------------------ --huge

UNBOUNDED = 10 ** 12


def collect(players: int, seed: int, min_cards: int, max_steps: int) -> list[tuple]:
    """Distinct (hand, round index) of the claiming seat 0 with >= ``min_cards`` cards."""
    st = new_game(Rules(variant="elvakort"), [f"p{i}" for i in range(players)], seed)
    rnd = random.Random(seed)
    seen: dict[tuple, None] = {}
    for _ in range(max_steps):
        if st.is_over():
            break
        p = st.to_act()[0]
        if p == 0 and len(st.hands[0]) >= min_cards:
            seen[(tuple(sorted(st.hands[0], key=card_key)), st.round - 1)] = None
        acts = st.legal_actions(p)
        if p == 0:
            dunks = [a for a in acts if isinstance(a, Dunk)]
            if dunks:
                st.apply(dunks[0])
                continue
            acts = [a for a in acts if not isinstance(a, LayDown)] or acts
        else:
            acts = [a for a in acts if not isinstance(a, Dunk)] or acts
        st.apply(rnd.choice(acts))
    return list(seen)


def time_hand(hand, round_index: int, budget: int | None) -> tuple[float, float, int]:
    """(seconds for the lay-down listing, seconds for further melds, most nodes)."""
    rs = RULE_SETS["elvakort"]
    contract = rs.contracts[round_index]
    t = time.process_time()
    best = melds.best_contract(hand, contract, rs.melds, rs.value, use_all=contract.go_out,
                               budget=budget)
    nodes = melds.search_nodes()
    if best is not None:
        melds.contract_arrangements(hand, contract, rs.melds, use_all=contract.go_out,
                                    limit=9, budget=budget)
        nodes = max(nodes, melds.search_nodes())
    lay = time.process_time() - t
    t = time.process_time()
    melds.best_melds(hand, rs.melds, rs.value, budget=budget)
    further = time.process_time() - t
    return lay, further, max(nodes, melds.search_nodes())


def huge_main() -> None:
    ap = argparse.ArgumentParser(description="huge hands: budgeted vs unbounded")
    ap.add_argument("--huge", action="store_true")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-cards", type=int, default=30)
    ap.add_argument("--max-steps", type=int, default=3000)
    ap.add_argument("--before", type=int, default=3,
                    help="time this many of the largest hands unbounded too (slow)")
    args = ap.parse_args()
    t = time.process_time()
    hands = collect(args.players, args.seed, args.min_cards, args.max_steps)
    print(f"{args.players} players, seed {args.seed}: {len(hands)} distinct hands of seat 0 "
          f"with >= {args.min_cards} cards (largest "
          f"{max((len(h) for h, _ in hands), default=0)}), collected in "
          f"{time.process_time() - t:.1f} s")
    worst = (0.0, 0.0, 0, 0)
    heavy = []
    for hand, r in hands:
        lay, further, nodes = time_hand(hand, r, None)
        worst = max(worst, (max(lay, further), lay, nodes, len(hand)))
        heavy.append((nodes, len(hand), hand, r))
    print(f"after  (budget {melds.default_budget(worst[3]):,} nodes at {worst[3]} cards): "
          f"worst call {worst[0]:.3f} s "
          f"(lay-down listing {worst[1]:.3f} s, {worst[3]} cards), most nodes {worst[2]:,}")
    heavy.sort(key=lambda x: (-x[0], -x[1]))  # budget-bound hands, largest first
    for _, _, hand, r in heavy[:args.before]:
        lay, further, nodes = time_hand(hand, r, UNBOUNDED)
        print(f"before (unbounded), {len(hand)} cards, round {r + 1}: lay-down listing "
              f"{lay:.2f} s, further melds {further:.2f} s, {nodes:,} nodes")
        lay, further, nodes = time_hand(hand, r, None)
        print(f"after  (budgeted),  {len(hand)} cards, round {r + 1}: lay-down listing "
              f"{lay:.2f} s, further melds {further:.2f} s, {nodes:,} nodes")


if __name__ == "__main__":
    huge_main() if "--huge" in sys.argv else main()
