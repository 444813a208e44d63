"""Going out, for the Dunka and Elvakort players.

``go_out_action`` (issue 32; every level, and so the Hint): the first action of the best
way to go out in this turn, from the player's view, by ``game.rummy.goout.plans`` (the
lay-down, lay-offs, the last discard; DUN-8 … DUN-13, ELV-7 … ELV-10). The lay-down
chooser ranked ways by the points they leave in hand, so a way out could be missed (the
issue's 7♠ 7♥ 7♦ 7♣ K♠ K♥ K♦ 2♥-5♥: every level laid the four sevens and kept three
hearts); the engine now lists those ways first and every bot asks for them before its
own move. Measured with ``python3 bench/bots.py --go-out 200 --game elvakort`` (the
chances counted by ``bench/go_out.py``'s own check; figures in
``bench/results/go_out.txt``).

The rest of this module is the go-out round's distance for the hard Dunka and Elvakort
players (issue 17; DUN-15, ELV-10): how many cards a hand still has to draw before it can
go out at once, and so whether the pile's top card lets it go out now
(``game.bots.rummy_outs._go_out_pile``).

In round 6 a player lays down only by going out: after taking a card, *every* card in hand
must form the contract's melds (DUN-15: 2 sets and a run of at least 4; ELV-10: 2 runs of
at least 4 and a set), each meld as long as it likes. The normal bot's distance
(``game.bots.dunka._Ctx._distance``) reads the go-out round with run windows of exactly
the contract's length and counts every card outside them as missing. That fits when the
hand in turn holds exactly as many cards as the contract's shortest melds (Elvakort's 11 =
4 + 4 + 3), not otherwise: Dunka's hand in turn holds 11 cards for a contract of 3 + 3 + 4
= 10, so a run of five goes out, yet its fifth card counts as missing, and the ten cards
of the exact contract read distance 0, like a hand that is out. The normal bot's draw
(take the pile for a hand nearer the contract *after* the discard it would then make) so
lets the card that goes out lie: the run's fifth card, a fourth card of a set in Dunka,
and in Elvakort any card that completes the hand, since the discard after it leaves the
hand no nearer.

``go_out_distance`` counts instead the cards of the best hand that goes out which this hand
lacks: ``t - matched``, where ``t`` is the size of the hand in turn (``turn_size``: the
dealt 11 less the opening discard, one drawn, two more for each claim's card and penalty
card; a hand between turns of 10 cards has ``t`` 11 and distance at least 1, a hand in
turn that goes out 0) and ``matched`` is the most of its cards (naturals, and jokers as
DUN-3 / ELV-3 allow: fewer than the meld's naturals once its missing naturals are drawn)
that one arrangement of the contract's melds grown to ``t`` cards holds. Like the normal
distance it picks run windows among the most complete (``WINDOW_KEEP``), fills the sets
from the most frequent ranks left (a rank with two sets' worth may fill two), and counts
a missing card with both copies out of play half a card more. The ``t - (shortest
contract)`` extra places go to cards that extend a chosen run at either end or add to a
chosen set, to jokers, or are missing. Checked against the engine's contract search: 0
exactly when every card can be laid down (``tests/test_bots_rummy_go_out.py``).

Measured as the hard player's distance in round 6 too (its discards, outs and draws;
claims only for a gain counted with the penalty card's place), 2026-12-03, paired round
screens (``bench/round_screen.py --rounds 6``, hard against normal in both seats, CPython):
Dunka, 150 deals from 6,300: -0.4 points a round (s.e. 4.1) against the pile rule alone,
going out 59 % against 58 %; as the distance of the outs alone (cost and draws the normal
bot's), 150 deals from 6,500: +0.7 (s.e. 3.3), going out 61 % against 60 %; Elvakort,
53 rounds: -32 points (s.e. 16), the pile-by-outs
draw of ``game.bots.elvakort_hard`` having been tuned on the normal distance. So only the
pile test uses it.
"""

from __future__ import annotations

from ..cards import parse_card
from ..melds import Meld
from ..rummy import DEAL_FIRST, Discard, LayDown, Layoff, Replace, goout
from ..rummy.actions import laydown_from
from . import dunka as _dunka

DEALT = DEAL_FIRST + 1
"""Cards dealt to each player (DUN-5, ELV-4): one of them goes in the opening discard."""


def turn_size(cards: int) -> int:
    """The number of cards a hand of ``cards`` holds in turn, when it may go out: the hand
    between turns holds ``DEALT - 1`` (after the opening discard) plus two for each claim,
    so an even count is between turns and one is drawn; an odd count is in turn. A
    smaller hand (a hand less a card it might discard, weighed before its draw) still goes
    out with ``DEALT``."""
    return max(DEALT, cards + (cards - DEALT) % 2)


def go_out_distance(ctx, hand: tuple, t: int | None = None) -> float:
    """Cards ``hand`` still has to draw before it can go out at once (module docstring).

    ``ctx``: a Dunka or Elvakort bot context (``game.bots.dunka._Ctx``) of a go-out round,
    giving the contract (``runs``, ``run_size``, ``sets``, ``set_size``), the cards out of
    play (``dead``, ``dead_rank``) and the run windows (``_window_combos``); ``hand``: a
    sorted tuple of ``(rank, suit)`` (rank 0 a joker); ``t``: the cards the hand goes out
    with (default ``turn_size``; a hand larger than ``t`` may keep any ``t`` of its
    cards, as a player who discards the rest). Returns a float >= 0 (halves for missing cards out of play); 0 exactly when a
    hand in turn can go out, as far as the window choice sees."""
    t = turn_size(len(hand)) if t is None else t
    extra = t - ctx.runs * ctx.run_size - ctx.sets * ctx.set_size
    if extra < 0:
        return float(t)
    jokers = sum(1 for c in hand if c[0] == 0)
    cnt: dict = {}
    for c in hand:
        if c[0]:
            cnt[c] = cnt.get(c, 0) + 1
    best = None
    for combo in ctx._window_combos(cnt):
        d = _arrangement(ctx, cnt, jokers, combo, t, extra)
        if best is None or d < best:
            best = d
    return best


def _arrangement(ctx, cnt: dict, jokers: int, combo, t: int, extra: int) -> float:
    """``t`` less the cards of the hand (``cnt`` naturals, ``jokers``) that the runs of
    ``combo`` (None: no window holds a card), the sets from the most frequent ranks left
    and ``extra`` more places hold, plus half a card for each missing card out of play."""
    dead = ctx.dead
    rest = dict(cnt)
    matched = 0
    penalty = 0.0
    joker_room = 0
    full = False
    ends = []
    if combo is not None:
        for w in combo:
            k, gone = _dunka._take_window(rest, w[3], dead)
            penalty += 0.5 * gone
            matched += k
            joker_room += min(len(w[3]) - k, (len(w[3]) - 1) // 2)
            full = full or k == len(w[3])
            ends.append((w[1], w[1] + len(w[3]) - 1, w[2]))
    by_rank: dict = {}
    for (r, _s), k in rest.items():
        if k:
            by_rank[r] = by_rank.get(r, 0) + k
    Z = ctx.set_size
    groups = []
    for r, k in by_rank.items():
        if ctx.sets > 1 and k >= 2 * Z:  # two sets of one rank (two decks)
            groups.append((r, Z))
            k -= Z
        groups.append((r, k))
    ranks = sorted(groups, key=lambda x: (-x[1], -x[0]))[:ctx.sets]
    surplus = 0
    for r, k in ranks:
        matched += min(k, Z)
        surplus += max(0, k - Z)
        m = max(0, Z - k)
        if m:
            avail = 8 - ctx.dead_rank.get(r, 0) - k
            if avail < m:
                penalty += 0.5 * (m - max(avail, 0))
            joker_room += min(m, (Z - 1) // 2)
        else:
            full = True
    joker_room += (ctx.sets - len(ranks)) * ((Z - 1) // 2)  # sets still to start
    if combo is None:  # runs still to start
        joker_room += ctx.runs * ((ctx.run_size - 1) // 2)
    set_rank = {r for r, _k in ranks}
    extension = 0
    for low, high, s in ends:
        for step, edge in ((1, high), (-1, low)):
            p = edge + step
            while extension < extra and 1 <= p <= 14:
                c = (14 if p == 1 else p, s)
                if c[0] in set_rank or rest.get(c, 0) <= 0:
                    break
                rest[c] -= 1
                extension += 1
                p += step
    filled = min(extra, surplus + extension)
    matched += filled
    if full:  # a joker makes a meld of naturals a card longer
        joker_room += extra - filled
    matched += min(jokers, joker_room, t - matched)
    return t - matched + penalty



# ---------------------------------------------------------------------------- this turn

def go_out_action(view: dict, legal: list):
    """The first action of the best way to go out in this turn (issue 32), or None.

    For a Dunka or Elvakort ``view`` of the seat in turn after its draw (``phase``
    ``"play"``): ``game.rummy.goout.plans`` from its hand and the table (what the view
    shows), best first (the fewest points off its own melds, ELV-13; any way in Dunka,
    which scores going out 0, DUN-14): the lay-down of the contract (with further melds in
    Elvakort, ELV-7; once down, Elvakort's further melds, ELV-8), then the lay-offs and
    joker replacements (DUN-9, DUN-11, ELV-8), then the last card discarded (DUN-13,
    ELV-10). The engine lists those lay-downs first (``State.legal_actions``), so the
    action returned is one of ``legal``; a plan whose next action is not listed is
    skipped. Called again after each action of the turn, the plans then start from
    there. None in any other phase, when the seat cannot go out this turn, or in a
    go-out round (DUN-15, ELV-10: the only lay-down there goes out, and every bot takes
    it). Deterministic; bounded as ``plans`` is (``game.melds.budget``)."""
    if view.get("phase") != "play" or view["turn"] != view["player"]:
        return None
    if view["contract_melds"]["go_out"]:
        return None
    me = view["player"]
    down = view["laid_down"][me]
    kinds = {type(a) for a in legal}
    if not down and LayDown not in kinds:
        return None  # the contract is not in hand: nothing goes out this turn
    hand = tuple(parse_card(t) for t in view["hand"])
    table = tuple((e["id"], e["owner"], Meld.from_dict({"kind": e["kind"],
                                                        "cards": list(e["cards"])}))
                  for e in view["table"])
    found = goout.plans(hand, table, me, view["game"], view["round"] - 1, down)
    for plan in found:
        action = _first_action(me, plan)
        if action in legal:
            return legal[legal.index(action)]
    return None


def _first_action(me: int, plan: "goout.GoOut"):
    """The engine action that starts ``plan`` (``goout.GoOut``)."""
    if plan.melds:
        return laydown_from(me, plan.melds)
    if plan.steps:
        verb, card, mid, end = plan.steps[0]
        if verb == "replace":
            return Replace(me, card, mid, end)
        return Layoff(me, card, mid, end)
    return Discard(me, plan.discard)
