"""The moves of the exact Durak endgame solver's model (rules/durak.md DUR-8 … DUR-19;
issue 17, scope 1): ``EndgameMoves`` generates the positions that follow a position, with
the forced steps merged, the equivalent-card and dominance reductions that keep only
one of moves that cannot differ, and the exact static results of bout starts
(``lead_value``: rules W1, W2, W3, L0, L1). The position tuple, the search and its
transposition table are ``game.bots.durak_endgame``'s (``Solver`` is an
``EndgameMoves``); the card bits and roots ``game.bots.durak_endgame_position``'s. Split
from the solver's module, whose docstring describes the model."""

from __future__ import annotations

from .durak_endgame_position import (_RANKS, _SAME_RANK, _SUIT_OF, MAX_ATTACK, SUITS,
                                     bits)

HAND_SIZE = 6
_SUIT_MASKS = tuple(8191 << (13 * s) for s in range(4))


def throw_sets(cards, room: int):
    """The sets of at most ``room`` of ``cards`` (card bits) that an attacker may throw in
    to a defender who takes (DUR-10, DUR-15), as masks: the largest first, and those of
    one size in the increasing order of their index masks (bit i for ``cards[i]``).
    Only those sets are made (Gosper's next-combination step), so a hand of thirty
    cards of the table's ranks costs the few hundred thousand sets of six at most, not
    the 2**30 subsets of all sizes. The C port (game/bots/native/durak_endgame.c) makes
    them in the same order."""
    n = len(cards)
    for size in range(min(n, room), -1, -1):
        k = (1 << size) - 1
        while k < 1 << n:
            s = 0
            m = k
            while m:
                low = m & -m
                s |= cards[low.bit_length() - 1]
                m ^= low
            yield s
            if not k:
                break
            c = k & -k
            r = k + c
            k = (((r ^ k) >> 2) // c) | r


class EndgameMoves:
    """The model's moves for one game's trump suit and transfer rule.

    Args:
        trump: the trump suit letter (``"S"``, ``"H"``, ``"D"``, ``"C"``).
        transfer: whether DUR-13 transfers are on.

    ``beaters`` maps a card bit to the mask of the cards that beat it; ``order`` lists
    the card bits cheap first (non-trumps by rank, then trumps); the other attributes
    are caches of card-structure facts, valid for any position of this game.
    """

    def __init__(self, trump: str, transfer: bool) -> None:
        t = SUITS.index(trump)
        self.beaters = {}
        trump_all = sum(1 << (t * 13 + i) for i in range(13))
        for s in range(4):
            for i in range(13):
                b = 1 << (s * 13 + i)
                higher = sum(1 << (s * 13 + j) for j in range(i + 1, 13))
                self.beaters[b] = higher | (0 if s == t else trump_all)
        # cheap-first order: non-trumps by rank, then trumps by rank
        self.order = sorted(self.beaters, key=lambda b: ((b.bit_length() - 1) // 13 == t,
                                                         (b.bit_length() - 1) % 13))
        self.pos = {b: k for k, b in enumerate(self.order)}
        self.transfer = transfer
        self._skip: dict = {}
        self._pairs: dict = {}  # live-card mask -> neighbouring unique-rank pairs
        self._order: dict = {}  # card mask -> its bits in the cheap-first order
        self._cover: dict = {}  # (cards, unbeaten cards) -> ``_covers``
        self.trump_mask = trump_all
        self.beaten = dict.fromkeys(self.beaters, 0)  # card bit -> the cards it beats
        for b, m in self.beaters.items():
            for c in bits(m):
                self.beaten[c] |= b
        self.trump_suit = t
        self._lead: dict = {}  # (attacker's cards, defender's cards) -> ``lead_value``

    def _sorted(self, mask: int):
        return sorted(bits(mask), key=self.pos.__getitem__)

    def skip(self, a: int, d: int, table: int, talon=()) -> int:
        """Cards of ``a`` and ``d`` that are equivalent to a lower card of the same hand
        (the equivalent-card reduction): moves with them need not be tried. ``table`` and
        ``talon`` (card bits) are the other cards still in play."""
        key = (a, d, table, talon)
        got = self._skip.get(key)
        if got is not None:
            return got
        live = a | d | table
        for b in talon:
            live |= b
        out = 0
        prev_suit = prev_hand = -1  # the previous live card's suit and holder (run state)
        m = live
        while m:
            b = m & -m
            m ^= b
            s = _SUIT_OF[b]
            if _SAME_RANK[b] & live != b:  # its rank is shared: it breaks a run
                prev_suit, prev_hand = s, -1
                continue
            h = 1 if a & b else (2 if d & b else 0)
            if h and s == prev_suit and h == prev_hand:
                out |= b
            prev_suit, prev_hand = s, (h or -1)
        self._skip[key] = out
        return out

    def settle(self, a, d, ame, table, taking, talon):
        """End the bout (DUR-14/15), draw (DUR-16), check the end (DUR-18/19): the next
        position, or the final value for the side searched for."""
        if taking:
            d |= table
        if talon:
            tal = list(talon)
            while tal and a.bit_count() < HAND_SIZE:
                a |= tal.pop()
            while tal and d.bit_count() < HAND_SIZE:
                d |= tal.pop()
            talon = tuple(tal)
        if taking:
            na, nd, name = a, d, ame
        else:
            na, nd, name = d, a, not ame
        if not talon and (not na or not nd):
            if not na and not nd:
                return 0
            mine = na if name else nd
            return 1 if not mine else -1
        if not talon:
            if na & (na - 1) == 0:  # its one card is its only move: it leads it and is out
                return self._emptied(nd, na, name)
            key = (na, nd)
            v = self._lead.get(key)
            if v is None:
                v = self._lead[key] = self._lead_value(na, nd)
            if v:
                return v if name else -v
        return (0, na, nd, name, 0, 0, 0, 0, False, min(MAX_ATTACK, nd.bit_count()), talon)

    def lead_value(self, a: int, d: int) -> int:
        """+1 when the attacker about to lead, holding ``a`` against the defender's ``d``
        (both non-empty, talon empty), wins by force, -1 when it loses by force, 0 when
        not known. Exact rules (DUR-5, DUR-8 … DUR-19), cached per ``(a, d)``:

        - W1, one rank, no more cards than ``d`` (DUR-10): it leads them all and is out,
          and ``d`` cannot beat them all (more cards in ``d``, or one it cannot beat);
        - W2, ``d`` beats none of ``a`` (per suit every card of ``a`` above every card of
          ``d``, and no trump in ``d`` unless ``a`` is all trumps) and no transfer can
          ever come (``_no_transfer``): it leads one card a bout, non-trumps upward in
          each suit and then trumps upward; the defender must take each, a taken card
          never beats one led later, and the attacker is out first;
        - W3, as W2 for every card of ``a`` but a group ``g`` of one rank (every card of
          ``a`` that ``d`` can beat is in ``g``): it leads the others as in W2, then
          ``g`` at once (at most six cards, and fewer than the defender then holds,
          DUR-10); it is out (DUR-18) and the defender, left with cards, is the Durak;
        - L1, every card of ``d`` beats every card of ``a``, ``a`` has more cards than
          ``d`` and no transfer can ever come (``_no_transfer(d, a)``): the defender
          beats the whole first bout (at most its hand, DUR-10), the attacker keeps a
          card, and then the defender leads as in W2 (the attacker cannot beat a card
          that beats its own) and is out first;
        - L0, ``d`` is one card that beats, or transfers (DUR-13: ``a`` keeps two more
          cards), every card of ``a`` (two or more, so the lead is one card, DUR-10):
          the defender is out at its first answer.
        """
        key = (a, d)
        got = self._lead.get(key)
        if got is None:
            got = self._lead[key] = self._lead_value(a, d)
        return got

    def _lead_value(self, a: int, d: int) -> int:
        n = a.bit_count()
        if _SAME_RANK[a & -a] & a == a:
            m = d.bit_count()
            if n <= MAX_ATTACK and (n < m or n == m and not self._covers(d, a)):
                return 1
        beatable = self._beatable(d, a)
        if not beatable and self._no_transfer(a, d):
            return 1  # W2
        if n >= 2 and (not beatable or beatable & ~_SAME_RANK[beatable & -beatable] == 0):
            m = d.bit_count()  # W3: the cards but a one-rank group g as in W2, g last
            if beatable:
                tries = (beatable, a & _SAME_RANK[beatable & -beatable])
            else:
                tries = [*bits(a), *(a & rm for _, rm in _RANKS if a & rm)]
            for g in tries:
                k = g.bit_count()
                if k <= MAX_ATTACK and m + n - k > k and self._no_transfer(a ^ g, d):
                    return 1
        if d & (d - 1) == 0 and n >= 2:  # L0: one card against two or more
            beaten = a & self.beaten[d]
            if self.transfer and n >= 3:
                beaten |= a & _SAME_RANK[d]
            return -1 if beaten == a else 0
        if n > d.bit_count() and self._beats_all(d, a) and self._no_transfer(d, a):
            return -1
        return 0

    def _beatable(self, d: int, a: int) -> int:
        """The cards of ``a`` that some card of ``d`` beats (DUR-5)."""
        out = 0
        beaten = self.beaten
        while d:
            c = d & -d
            d ^= c
            out |= beaten[c]
        return out & a

    def _beats_all(self, d: int, a: int) -> bool:
        """Whether every card of ``d`` beats every card of ``a`` (DUR-5)."""
        t = self.trump_mask
        plain = d & ~t
        if plain:
            for sm in _SUIT_MASKS:
                if plain & sm:
                    # every card of a in this suit, below every card of d in it
                    return a & ~sm == 0 and plain & ~sm == 0 and a < (d & sm & -(d & sm))
        # d all trumps: a's trumps below d's lowest
        return a & t < (d & -d)

    def _no_transfer(self, a: int, d: int) -> bool:
        """Whether, when ``a`` leads one card a bout to ``d`` who only ever takes, no
        transfer (DUR-13) can come: transfers off, or ``a``'s ranks distinct and none of
        them in ``d``."""
        if self.transfer:
            seen = d
            while a:
                c = a & -a
                a ^= c
                r = _SAME_RANK[c]
                if r & seen:
                    return False
                seen |= r
        return True

    def moves(self, st, all_targets=False, reduce=True):
        """``[(move, child)]`` of position ``st``; a child is a position or a final value.
        Moves: ``("attack", mask)``, ``("beat", card, target)``, ``("transfer", card)``,
        ``("take",)``, ``("throw", card)``, ``("done",)``. ``all_targets`` lists beats of
        every unbeaten card (else only of the lowest); ``reduce`` drops equivalent cards."""
        ph, a, d, ame, att, table, unb, ranks, taking, limit, talon = st
        skip = self.skip(a, d, table, talon) if reduce else 0
        out = []
        if ph == 0:
            most = min(limit, d.bit_count())
            for b in self._sorted(a & ~skip):  # singles, cheapest first
                out.append((("attack", b), (1, a ^ b, d, ame, b, b, b, _SAME_RANK[b],
                                             False, limit, talon)))
            if most >= 2:
                for r, rm in _RANKS:
                    g = a & rm
                    if g.bit_count() < 2:
                        continue
                    s = g
                    while s:
                        n = s.bit_count()
                        if 2 <= n <= most:
                            out.append((("attack", s), (1, a ^ s, d, ame, s, s, s, rm, False,
                                                         limit, talon)))
                        s = (s - 1) & g
        elif ph == 1:
            targets = self._sorted(unb) if all_targets else [unb & -unb]
            for t in targets:
                rest = unb ^ t
                for c in self._sorted(d & self.beaters[t] & ~skip):
                    out.append((("beat", c, t), (1 if rest else 2, a, d ^ c, ame, att,
                                                  table | c, rest, ranks | _SAME_RANK[c],
                                                  False, limit, talon)))
            if self.transfer and unb == att:
                count = att.bit_count() + 1
                if count <= MAX_ATTACK and a.bit_count() >= count:
                    for c in self._sorted(d & _SAME_RANK[att & -att] & ~skip):
                        out.append((("transfer", c),
                                    (1, d ^ c, a, not ame, att | c, table | c, unb | c, ranks,
                                     False, min(MAX_ATTACK, a.bit_count()), talon)))
            out.append((("take",), (2, a, d, ame, att, table, unb, ranks, True, limit,
                                    talon)))
        else:
            if att.bit_count() < limit:
                for c in self._sorted(a & ranks & ~skip):
                    if taking:
                        child = (2, a ^ c, d, ame, att | c, table | c, unb, ranks, True,
                                 limit, talon)
                    else:
                        child = (1, a ^ c, d, ame, att | c, table | c, c, ranks, False,
                                 limit, talon)
                    out.append((("throw", c), child))
            out.append((("done",), self.settle(a, d, ame, table, taking, talon)))
        return out

    def _ordered(self, mask: int):
        """The card bits of ``mask`` in the cheap-first order (cached)."""
        got = self._order.get(mask)
        if got is None:
            got = self._order[mask] = tuple(sorted(bits(mask), key=self.pos.__getitem__))
        return got

    def _skip_fast(self, a: int, d: int, table: int, talon) -> int:
        """Cards of ``a`` and ``d`` that a swap of two ranks maps onto a lower card of
        the same hand while leaving the position as it is (a wider ``skip``): two ranks
        whose live cards lie in the same suits, with no live card between them in those
        suits, and in each of those suits held by the same hand, can be swapped; moves
        with the higher rank's cards need not be tried. Cached per live-card mask."""
        live = a | d | table
        for b in talon:
            live |= b
        pairs = self._pairs.get(live)
        if pairs is None:
            pairs = self._rank_pairs(live)
        out = 0
        for high, groups in pairs:
            for both in groups:
                if a & both != both and d & both != both:
                    break
            else:
                out |= high
        return out

    def _rank_pairs(self, live: int):
        """``[(higher rank's live cards, [two-card mask per suit]), ...]`` for
        ``_skip_fast``: neighbouring ranks of ``live`` that a swap may exchange."""
        cols = []
        for r, rm in _RANKS:
            m = live & rm
            if m:
                cols.append((r, m))
        pairs = []
        for i, (r1, m1) in enumerate(cols):
            suits = [s for s in range(4) if m1 >> (s * 13 + r1 - 2) & 1]
            for r2, m2 in cols[i + 1:]:
                if [s for s in range(4) if m2 >> (s * 13 + r2 - 2) & 1] == suits:
                    between = 0
                    for s in suits:
                        between |= ((1 << (r2 - r1 - 1)) - 1) << (s * 13 + r1 - 1)
                    if live & between == 0:
                        pairs.append((m2, [1 << (s * 13 + r1 - 2) | 1 << (s * 13 + r2 - 2)
                                           for s in suits]))
                    break
                if any(m2 >> (s * 13 + r2 - 2) & 1 for s in suits):
                    break  # a live card of those suits lies between
        self._pairs[live] = pairs
        return pairs

    def _emptied(self, d: int, unb: int, ame: bool) -> int:
        """The final value, for the side searched for, of a bout whose attacker has just
        played its last card with the talon empty (``ame``: the attacker is that side):
        the defender, holding ``d`` and facing the unbeaten cards ``unb``, can neither
        transfer (DUR-13 needs as many cards in the attacker's hand) nor be thrown more;
        the attacker is out (DUR-18) and the game is drawn only if the defender beats
        every card with exactly its whole hand (DUR-19), else the defender is the Durak."""
        v = 0 if d.bit_count() == unb.bit_count() and self._covers(d, unb) else 1
        return v if ame else -v

    def _covers(self, d: int, unb: int) -> bool:
        """Whether the cards ``d`` can beat every card of ``unb``, one card each."""
        if not unb:
            return True
        key = (d, unb)
        got = self._cover.get(key)
        if got is None:
            t = unb & -unb
            got = False
            if d.bit_count() >= unb.bit_count():
                for c in bits(d & self.beaters[t]):
                    if self._covers(d ^ c, unb ^ t):
                        got = True
                        break
            self._cover[key] = got
        return got

    def _led(self, a: int, d: int, ame: bool, s: int, rm: int, limit: int, talon):
        """The position after the attacker (now holding ``a``) led, or transferred onto,
        the unbeaten cards ``s`` (the whole table) of rank mask ``rm`` to the defender
        holding ``d`` (``limit``: DUR-10's for it): the defender to answer, or, when it
        can neither beat them all nor transfer (DUR-12, DUR-13), its forced take
        (DUR-15) straight away."""
        if (d & self.beaters[s] if s & (s - 1) == 0 else self._covers(d, s)):
            return (1, a, d, ame, s, s, s, rm, False, limit, talon)
        if self.transfer and d & rm:
            n = s.bit_count() + 1
            if n <= MAX_ATTACK and a.bit_count() >= n:
                return (1, a, d, ame, s, s, s, rm, False, limit, talon)
        if a & rm and s.bit_count() < limit:
            return (2, a, d, ame, s, s, s, rm, True, limit, talon)
        return self.settle(a, d, ame, s, True, talon)

    def _kids(self, st):
        """The children of ``st`` for the search: ``moves`` with the forced steps
        merged away. A bout whose attacker cannot throw in any more ends at once; the
        cards thrown in to a defender who takes are chosen as one set (their order does
        not matter); children are positions or final values, cheapest moves first."""
        ph, a, d, ame, att, table, unb, ranks, taking, limit, talon = st
        ordered = self._ordered
        out = []
        if ph == 0:
            skip = self._skip_fast(a, d, table, talon)
            beaters = self.beaters
            for b in ordered(a & ~skip):
                if a == b and not talon:
                    out.append(self._emptied(d, b, ame))
                elif d & beaters[b]:  # inline ``_led``: the defender may beat it
                    out.append((1, a ^ b, d, ame, b, b, b, _SAME_RANK[b], False, limit,
                                talon))
                else:
                    out.append(self._led(a ^ b, d, ame, b, _SAME_RANK[b], limit, talon))
            if min(limit, d.bit_count()) >= 2:
                most = min(limit, d.bit_count())
                for r, rm in _RANKS:
                    g = a & rm
                    if g & (g - 1) == 0:
                        continue
                    s = g
                    while s:
                        if 2 <= s.bit_count() <= most:
                            if a == s and not talon:
                                out.append(self._emptied(d, s, ame))
                            else:
                                out.append(self._led(a ^ s, d, ame, s, rm, limit, talon))
                        s = (s - 1) & g
        elif ph == 1:
            skip = self._skip_fast(a, d, table, talon)
            t = unb & -unb
            rest = unb ^ t
            for c in ordered(d & self.beaters[t] & ~skip):
                if rest:
                    if not self._covers(d ^ c, rest):
                        continue  # it must take later: taking now is never worse
                    out.append((1, a, d ^ c, ame, att, table | c, rest, ranks | _SAME_RANK[c],
                                False, limit, talon))
                else:
                    nr = ranks | _SAME_RANK[c]
                    if a & nr and att.bit_count() < limit:
                        out.append((2, a, d ^ c, ame, att, table | c, 0, nr, False, limit,
                                    talon))
                    else:
                        out.append(self.settle(a, d ^ c, ame, table | c, False, talon))
            if self.transfer and unb == att:
                count = att.bit_count() + 1
                if count <= MAX_ATTACK and a.bit_count() >= count:
                    for c in ordered(d & _SAME_RANK[att & -att] & ~skip):
                        if d == c and not talon:
                            out.append(self._emptied(a, unb | c, not ame))
                            continue
                        out.append(self._led(d ^ c, a, not ame, att | c, ranks,
                                             min(MAX_ATTACK, a.bit_count()), talon))
            if a & ranks and att.bit_count() < limit:
                out.append((2, a, d, ame, att, table, unb, ranks, True, limit, talon))
            else:
                out.append(self.settle(a, d, ame, table, True, talon))
        elif taking:
            throw = a & ranks
            room = limit - att.bit_count()
            if room > 0 and throw:
                for s in throw_sets(ordered(throw), room):
                    out.append(self.settle(a ^ s, d, ame, table | s, True, talon))
            else:
                out.append(self.settle(a, d, ame, table, True, talon))
        else:
            n = att.bit_count() + 1
            if n <= limit:
                beaters = self.beaters
                for c in ordered(a & ranks):
                    if a == c and not talon:
                        out.append(self._emptied(d, c, ame))
                    elif d & beaters[c]:
                        out.append((1, a ^ c, d, ame, att | c, table | c, c, ranks, False,
                                    limit, talon))
                    elif (a ^ c) & ranks and n < limit:  # unbeatable: the defender takes
                        out.append((2, a ^ c, d, ame, att | c, table | c, c, ranks, True,
                                    limit, talon))
                    else:
                        out.append(self.settle(a ^ c, d, ame, table | c, True, talon))
            out.append(self.settle(a, d, ame, table, False, talon))
        return out
