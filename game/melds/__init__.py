"""Melds for the rummy games: sets and runs with jokers and ace low/high, laying off, joker
replacement, and the exact contract and meld search.

Shared by Dunka (rules/dunka.md), Elvakorts-Rummy (rules/elvakort.md) and Tonk
(rules/tonk.md, where a set is a "book" and melds are "spreads"). The differences between the
games are ``MeldRules`` values (``DUNKA``, ``ELVAKORT``, ``TONK``), not code.

Terms:

- a *set* is 3 or more cards of one rank; a *run* is 3 (or 4) or more cards in sequence in
  one suit; a *meld* is either; a *joker* stands for the card it replaces;
- *laying off* adds cards to a meld on the table;
- a *contract* is the melds a player must lay down first in a round ("2 sets",
  "1 set + 1 four-run", ...);
- *positions* of a run count 1..14: the ace is position 1 when low (A-2-3) and 14 when high
  (Q-K-A); a run never holds both (no wrap, DUN-2, ELV-2, RC-5).

Modules: ``meld`` (the rules per game, the ``Meld`` value, reading, checking, building,
laying off, joker replacement), ``contracts`` (``Contract``, ``Arrangement``), ``budget``
(the searches' work budget, issue 13), ``packed`` (the packed hand and candidate runs the
searches share), ``search`` (``best_contract``, ``best_melds``), ``arrangements``
(``contract_arrangements``). Import the public names from ``game.melds``.
"""

from __future__ import annotations

from .arrangements import DEFAULT_LIMIT, contract_arrangements
from .budget import (FULL_BUDGET_CARDS, GREEDY_BUDGET, SEARCH_BUDGET, default_budget,
                     search_nodes)
from .contracts import DUNKA_CONTRACTS, ELVAKORT_CONTRACTS, Arrangement, Contract
from .meld import (DUNKA, ELVAKORT, TONK, Meld, MeldError, MeldRules, dunka_value,
                   elvakort_value, is_valid, lay_off_options, melds_from, parse_meld,
                   replace_joker, tonk_value)
from .search import best_contract, best_melds

__all__ = [
    "MeldError", "MeldRules", "DUNKA", "ELVAKORT", "TONK", "Meld", "parse_meld", "is_valid",
    "melds_from", "lay_off_options", "replace_joker", "Contract", "DUNKA_CONTRACTS",
    "ELVAKORT_CONTRACTS", "Arrangement", "contract_arrangements", "best_contract",
    "best_melds", "dunka_value", "elvakort_value", "tonk_value", "DEFAULT_LIMIT",
    "SEARCH_BUDGET", "GREEDY_BUDGET", "FULL_BUDGET_CARDS", "default_budget", "search_nodes",
]
