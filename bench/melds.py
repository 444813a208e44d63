"""Meld search time on huge hands: ``python3 bench/melds.py [--players 4] [--seed 1]
[--before 3]``.

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
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import melds  # noqa: E402
from game.cards import card_key  # noqa: E402
from game.rummy import RULE_SETS, Dunk, LayDown, Rules, new_game  # noqa: E402

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    print(f"after  (budget {melds.SEARCH_BUDGET:,} nodes): worst call {worst[0]:.3f} s "
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
    main()
