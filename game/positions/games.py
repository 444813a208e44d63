"""Each game's part of the position notation: its fields and deck, the engine save dict
built from them (with the checks the engine's ``from_dict`` cannot make, such as Durak's
roles), and the fields ``write`` gives for a state."""

from __future__ import annotations

from ..cards import Card, make_deck
from .fields import card_texts, cards_text, digits_only, parse_flag, parse_phase, parse_seat, \
    parse_seats
from .model import PositionError
from .placing import Cards, Slots, explicit_cards, find_in


_MASK = (1 << 64) - 1


class GameFields:
    """What differs between the games: fields, deck, building the save dict, writing."""

    name = ""
    fields: tuple[str, ...] = ()

    def deck(self, rules, n: int) -> list[Card]:
        """Every card of the game's decks under ``rules`` with ``n`` players."""
        raise NotImplementedError

    def build(self, f: dict[str, str], rules, n: int, you: int, names: list[str],
              seed: int) -> dict:
        """The engine's save dict (``State.to_dict()`` shape) for the fields ``f`` (the
        settings already taken out into ``rules``), ``n`` seats, the learner ``you``,
        ``names`` and ``seed``. Raises ``PositionError`` for what the fields get wrong;
        the engine's ``from_dict`` checks the rest."""
        raise NotImplementedError

    def fields_of(self, state, human: int) -> list[tuple[str, str]]:
        """The game's own readable fields of ``state`` as ``(key, value)`` pairs, as
        ``write`` puts them after the hands."""
        raise NotImplementedError

    # shared pieces -----------------------------------------------------------------
    @staticmethod
    def hands(f, slots, n) -> list[list]:
        """The fields ``h0`` .. ``h{n-1}`` parsed by ``slots`` (``?N`` still open)."""
        return [slots.parse(f[f"h{s}"], f"h{s}") for s in range(n)]

    @staticmethod
    def known(f, hands, cards, n) -> list[list[str]]:
        """The fields ``k0`` ..: per seat the cards of its hand everyone saw it pick up;
        raises ``PositionError`` ``not_in_hand``."""
        out = []
        for s in range(n):
            text = f.get(f"k{s}", "")
            got: list[Card] = []
            for token in (t.strip() for t in text.split(",")):
                if token:
                    c = find_in([x for x in hands[s] if x not in got], token, cards, f"k{s}")
                    got.append(c)
            out.append(card_texts(got))
        return out

    @staticmethod
    def melds(f, prefix, cards, n, kinds, rules) -> list[list]:
        """``m1=0:7S,7H,7D`` -> ``[[1, 0, meld dict]]``, by id; each valid under the
        game's meld ``rules``."""
        from ..melds import Meld, MeldError, is_valid
        out = []
        keys = sorted((k for k in f if k[:1] == prefix and digits_only(k[1:], 3)),
                      key=lambda k: int(k[1:]))
        for key in keys:
            mid = int(key[1:]) if len(key) <= 4 else 0  # over 999: refused below
            owner_text, colon, body = f[key].partition(":")
            if not colon or mid < 1 or mid > 999:
                raise PositionError("syntax", f"{key}: write owner:cards, like {key}=0:7S,7H,7D",
                                    field=key)
            owner = parse_seat(key, owner_text, n)
            tokens = []
            for token in (t.strip() for t in body.split(",")):
                if not token:
                    continue
                card_text, eq, target = token.partition("=")
                card = cards.take(card_text, key)
                tokens.append(f"{card}={target.strip().upper()}" if eq else str(card))
            meld = None
            for kind in kinds:
                try:
                    meld = Meld.from_dict({"kind": kind, "cards": tokens})
                except (MeldError, ValueError):
                    continue
                if is_valid(meld, rules):
                    break
                meld = None
            if meld is None or not tokens:
                raise PositionError("bad_meld", f"{key}: {','.join(tokens)} is not a valid meld",
                                    field=key)
            out.append([mid, owner, meld.to_dict()])
        return out

    @staticmethod
    def write_melds(prefix, table) -> list[tuple[str, str]]:
        """The melds (spreads) of ``table`` as fields ``m1=0:7S,7H,7D``."""
        return [(f"{prefix}{mid}", f"{owner}:" + ",".join(m.tokens())) for mid, owner, m in table]


class DurakFields(GameFields):
    """Durak (rules/durak.md): trump, talon, discard pile, the bout and the roles."""

    name = "durak"
    fields = ("trump", "talon", "discard", "table", "attacker", "defender", "taking",
              "passed", "out")

    def deck(self, rules, n):
        from ..durak import DECK_RANKS
        return make_deck(DECK_RANKS[rules.deck])

    def build(self, f, rules, n, you, names, seed):
        from ..durak import MAX_ATTACK, SAVE_VERSION, beats, bout_cap, looks_like_first_bout
        cards = Cards(self.deck(rules, n), explicit_cards(f))
        if "trump" not in f:
            raise PositionError("bad_value", "Durak needs the trump card: trump=6H",
                                field="trump", value="")
        trump = cards.parse(f["trump"], "trump")
        slots = Slots(cards)
        hands = self.hands(f, slots, n)
        table = []
        for pair in (p.strip() for p in f.get("table", "").split(",")):
            if not pair:
                continue
            a_text, colon, d_text = pair.partition(":")
            a = cards.take(a_text, "table")
            d = cards.take(d_text, "table") if colon and d_text.strip() else None
            if d is not None and not beats(d, a, trump.suit):
                raise PositionError("bad_defence", f"{d} does not beat {a}", card=str(d),
                                    target=str(a))
            table.append([a, d])
        # the trump card is never dealt to a ?N (a trump shown elsewhere is not in the pool)
        talon, discard = slots.stock_and_pile(f, seed, "talon", "discard", frozenset({trump}))
        trump_shown = trump in cards.used
        if trump_shown and talon:
            raise PositionError("trump_not_last", "the trump card is drawn last: with the "
                                "trump card shown elsewhere the talon must be empty",
                                card=str(trump))
        talon_list = ([] if trump_shown else [trump]) + list(reversed(talon))
        attacker = parse_seat("attacker", f["attacker"], n) if "attacker" in f else 0
        if "defender" in f:
            defender = parse_seat("defender", f["defender"], n)
        else:
            defender = next(((attacker + k) % n for k in range(1, n)
                             if hands[(attacker + k) % n]), (attacker + 1) % n)
        self.check_roles(f, hands, table, attacker, defender, n)
        if len(table) > MAX_ATTACK:
            raise PositionError("too_many_attacks", f"at most {MAX_ATTACK} attack cards",
                                limit=MAX_ATTACK)
        first_bout = looks_like_first_bout(rules, hands, talon_list, discard)
        cap = bout_cap(rules, n, first_bout)  # DUR-11
        beaten = sum(1 for _, d in table if d is not None)
        limit = max(1, min(cap, len(hands[defender]) + beaten))
        if len(table) > limit:
            raise PositionError("too_many_attacks", f"at most {limit} attack cards here",
                                limit=limit)
        self.check_table_ranks(table)
        return {
            "v": SAVE_VERSION, "game": "durak", "rules": rules.to_dict(), "names": names,
            "hands": [card_texts(h) for h in hands], "talon": card_texts(talon_list),
            "trump_card": str(trump),
            "dealer": parse_seat("dealer", f["dealer"], n) if "dealer" in f else n - 1,
            "attacker": attacker,
            "defender": defender, "rng_state": seed & _MASK, "seed": seed,
            "discard": card_texts(reversed(discard)),
            "table": [[str(a), None if d is None else str(d)] for a, d in table],
            "lead_attacker": attacker if table else None,
            "taking": parse_flag("taking", f["taking"]) if "taking" in f else False,
            "passed": parse_seats("passed", f.get("passed", ""), n), "limit": limit,
            "first_bout": first_bout, "out": parse_seats("out", f.get("out", ""), n),
            "known": self.known(f, hands, cards, n), "over": False, "durak": None,
        }

    @staticmethod
    def check_table_ranks(table) -> None:
        """Refuse a bout's table no game reaches (DUR-8, DUR-9, DUR-13): the lead is one
        rank, and every attack card added later (thrown in or transferred) shares its rank
        with a card already on the table, an attack card or one that beat it. So the ranks
        of the attack cards must all be reached from one of them, each beaten card adding
        the rank of the card on it. The order the cards are written in does not matter.
        ``table`` is ``[[attack, defence or None], ...]`` (cards); raises
        ``PositionError`` ``table_unreachable`` naming the first attack card (``card``)
        that no rank on the table lets in, such as the ten in ``table=8S,10C``."""
        best: list = []
        for lead in dict.fromkeys(a.rank for a, _ in table):
            ranks = {lead}
            grown = True
            while grown:
                grown = False
                for a, d in table:
                    if a.rank in ranks and d is not None and d.rank not in ranks:
                        ranks.add(d.rank)
                        grown = True
            left = [a for a, _ in table if a.rank not in ranks]
            if not left:
                return
            if not best or len(left) < len(best):
                best = left
        if best:
            raise PositionError("table_unreachable", f"{best[0]} cannot be on the table: "
                                "an attack card added to a bout shares its rank with a "
                                "card already on the table", card=str(best[0]))

    @staticmethod
    def check_roles(f, hands, table, attacker: int, defender: int, n: int) -> None:
        """Refuse attacker/defender roles the rules cannot produce (DUR-6, DUR-13, DUR-18):
        ``attacker_is_defender`` (one seat both attacks and defends),
        ``defender_out`` (the defender is listed in ``out``, or holds no card with no
        card on the table), ``defender_not_next`` (a seat holding cards sits between the
        attacker and the defender: the defender is always the first seat left of the
        attacker holding cards). Seats out of range are refused earlier (``bad_seat``)."""
        if attacker == defender:
            raise PositionError("attacker_is_defender", f"seat {attacker} cannot attack "
                                "and defend at once", seat=attacker)
        if sum(1 for h in hands if h) < 2:
            return  # a finished game: the engine's own check answers (nobody_to_act)
        out = parse_seats("out", f.get("out", ""), n)
        if defender in out or (not hands[defender] and not table):
            raise PositionError("defender_out", f"the defender (seat {defender}) is out "
                                "and cannot defend", seat=defender)
        s = (attacker + 1) % n
        while s != defender:
            if hands[s]:
                raise PositionError("defender_not_next", f"seat {s} holds cards and sits "
                                    f"between the attacker (seat {attacker}) and the "
                                    f"defender (seat {defender}): the defender is the next "
                                    "player holding cards", seat=s, attacker=attacker,
                                    defender=defender)
            s = (s + 1) % n

    def fields_of(self, s, human):
        out = [("trump", str(s.trump_card))]
        talon = s.talon[1:] if s.talon and s.talon[0] == s.trump_card else s.talon
        out.append(("talon", cards_text(reversed(talon))))
        out.append(("discard", cards_text(reversed(s.discard))))
        if s.table:
            out.append(("table", ",".join(f"{a}:{d}" if d is not None else str(a)
                                          for a, d in s.table)))
        out += [("attacker", str(s.attacker)), ("defender", str(s.defender))]
        if s.taking:
            out.append(("taking", "1"))
        if s.passed:
            out.append(("passed", ",".join(map(str, s.passed))))
        if s.out:
            out.append(("out", ",".join(map(str, s.out))))
        return out


class RummyFields(GameFields):
    """Dunka and Elvakorts-Rummy (rules/dunka.md, rules/elvakort.md): round, phase, turn,
    stock, pile, melds ``m1=``, who is down, the card taken."""

    fields = ("round", "phase", "turn", "stock", "pile", "down", "taken")

    def __init__(self, name: str) -> None:
        self.name = name

    def deck(self, rules, n):
        copies, jokers = rules.ruleset.deck_counts(n)
        return make_deck(range(2, 15), copies=copies, jokers=jokers)

    def build(self, f, rules, n, you, names, seed):
        from ..rummy import PHASES, ROUNDS, SAVE_VERSION
        rs = rules.ruleset
        cards = Cards(self.deck(rules, n), explicit_cards(f))
        rnd = 1
        if "round" in f:
            value = f["round"].strip()
            if not digits_only(value, 1) or not 1 <= int(value) <= ROUNDS:
                raise PositionError("bad_round", f"round {f['round']!r}: rounds are 1 to "
                                    f"{ROUNDS}", value=f["round"], last=ROUNDS)
            rnd = int(value)
        phase = parse_phase(f, "draw", PHASES)
        turn = parse_seat("turn", f["turn"], n) if "turn" in f else you
        dealer = parse_seat("dealer", f["dealer"], n) if "dealer" in f else n - 1
        slots = Slots(cards)
        hands = self.hands(f, slots, n)
        table = self.melds(f, "m", cards, n, ("set", "run"), rs.melds)
        stock, pile = slots.stock_and_pile(f, seed)
        down = parse_seats("down", f["down"], n) if "down" in f \
            else sorted({o for _, o, _ in table})
        first_dealer = (dealer - rnd + 1) % n
        contracts = rs.contracts
        sheet = [{"round": r, "contract": str(contracts[r - 1]),
                  "dealer": (first_dealer + r - 1) % n, "out": None, "points": [0] * n,
                  "totals": [0] * n, "hands": [[] for _ in range(n)]}
                 for r in range(1, rnd + (1 if phase in ("round_over", "game_over") else 0))]
        pile_list = list(reversed(pile))
        claim = phase in ("draw", "claim") and bool(pile_list)
        taken = None
        if "taken" in f:  # it may have gone on into a meld this turn
            try:
                taken = str(find_in(hands[turn], f["taken"], cards, "taken"))
            except PositionError:
                taken = str(cards.parse(f["taken"], "taken"))
        data = {
            "v": SAVE_VERSION, "game": self.name, "rules": rules.to_dict(), "names": names,
            "first_dealer": first_dealer, "round": rnd, "dealer": dealer,
            "hands": [card_texts(h) for h in hands], "stock": card_texts(reversed(stock)),
            "pile": card_texts(pile_list), "rng_state": seed & _MASK, "seed": seed,
            "phase": phase, "turn": turn, "table": table,
            "next_meld_id": max([m[0] for m in table], default=0) + 1,
            "laid_down": [s in down for s in range(n)],
            "known": self.known(f, hands, cards, n), "discards": [], "reshuffles": 0,
            "claim_card": str(pile_list[-1]) if claim else None,
            "discarder": (turn - 1) % n if claim else None, "claim_passed": [],
            "claim_best": None, "claim_dunked": [], "last_dunk": None,
            "dunker": turn if phase == "after_dunk" else None, "sheet": sheet,
            "taken": taken, "turns": 1 if phase in ("draw", "claim", "after_dunk", "play") else 0,
        }
        if rs.further_melds:
            data["credits"] = [[mid, [owner] * len(m["cards"])] for mid, owner, m in table]
        return data

    def fields_of(self, s, human):
        out = [("round", str(s.round)), ("phase", s.phase), ("turn", str(s.turn)),
               ("dealer", str(s.dealer)), ("stock", cards_text(reversed(s.stock))),
               ("pile", cards_text(reversed(s.pile)))]
        out += self.write_melds("m", s.table)
        owners = sorted({o for _, o, _ in s.table})
        down = [i for i, d in enumerate(s.laid_down) if d]
        if down != owners:
            out.append(("down", ",".join(map(str, down))))
        if s.taken is not None:
            out.append(("taken", str(s.taken)))
        return out


class TonkFields(GameFields):
    """Tonk (rules/tonk.md): phase, turn, stock, pile, spreads ``s1=``, spreads hit."""

    name = "tonk"
    fields = ("phase", "turn", "stock", "pile", "hit", "taken")

    def deck(self, rules, n):
        return make_deck(range(2, 15))

    def build(self, f, rules, n, you, names, seed):
        from ..ledger import TonkLedger
        from ..melds import TONK
        from ..tonk import PHASES, SAVE_VERSION
        cards = Cards(self.deck(rules, n), explicit_cards(f))
        phase = parse_phase(f, "start", PHASES)
        turn = parse_seat("turn", f["turn"], n) if "turn" in f else you
        dealer = parse_seat("dealer", f["dealer"], n) if "dealer" in f else (turn - 1) % n
        slots = Slots(cards)
        hands = self.hands(f, slots, n)
        table = self.melds(f, "s", cards, n, ("set", "run"), TONK)
        stock, pile = slots.stock_and_pile(f, seed)
        hit = parse_seats("hit", f.get("hit", ""), n)
        taken = str(find_in(hands[turn], f["taken"], cards, "taken")) if "taken" in f else None
        return {
            "v": SAVE_VERSION, "game": "tonk", "rules": rules.to_dict(), "names": names,
            "seed": seed, "rng_state": seed & _MASK, "hand_no": 1, "dealer": dealer,
            "first_dealer": dealer, "cut": [], "phase": phase, "turn": turn,
            "hands": [card_texts(h) for h in hands], "stock": card_texts(reversed(stock)),
            "pile": card_texts(reversed(pile)), "table": table,
            "next_spread_id": max([m[0] for m in table], default=0) + 1,
            "spread_this_turn": False, "hit_since": [s in hit for s in range(n)],
            "known": self.known(f, hands, cards, n), "dry_turns": 0, "result": None,
            "ledger": TonkLedger(n).to_dict(), "turns": 0, "taken": taken,
        }

    def fields_of(self, s, human):
        out = [("phase", s.phase), ("turn", str(s.turn)), ("dealer", str(s.dealer)),
               ("stock", cards_text(reversed(s.stock))),
               ("pile", cards_text(reversed(s.pile)))]
        out += self.write_melds("s", s.table)
        hit = [i for i, h in enumerate(s.hit_since) if h]
        if hit:
            out.append(("hit", ",".join(map(str, hit))))
        if s.taken is not None:
            out.append(("taken", str(s.taken)))
        return out


SPECS: dict[str, GameFields] = {"durak": DurakFields(), "dunka": RummyFields("dunka"),
                                "elvakort": RummyFields("elvakort"), "tonk": TonkFields()}
"""Each game's fields, by game name (the keys of ``GAMES``)."""
COMMON_FIELDS = ("you", "names", "seed", "dealer", "x")
"""The fields of every game besides hands, known cards and settings."""

