"""Teaching positions: a compact, URL-safe text notation for a position of every game.

A teacher writes one line such as ``durak;h0=7S,9S,QH;h1=?6;trump=6D;table=8S;attacker=1``
into a link (``?position=...``) or a small JSON file next to the page; ``read`` turns it
into a ``Position`` whose ``state`` is the engine's own ``State`` (checked by the engine's
``from_dict``), so the game continues naturally from there. ``write`` gives the notation of
any state back, and ``read(write(p))`` rebuilds a state whose ``to_dict()`` equals
``p.state.to_dict()`` (issue 6, "Teaching positions").

Notation
--------
One line: the game name (``durak``, ``dunka``, ``elvakort``, ``tonk``), then fields
``key=value`` separated by ``;``. Field order does not matter; spaces around ``;`` and
``=`` are ignored; keys are lower case. Cards are written in the engine notation (``10H QS
JK 7S.1``: rank, suit, ``.1`` for the second deck's copy) and separated by ``,``. In a game
with several decks a plain card written twice means both copies (``7S,7S`` = ``7S,7S.1``).

Any list of cards may hold ``?N``: N hidden cards, dealt from the cards not shown anywhere,
shuffled with the position's ``seed`` (so ``h1=?6`` gives the opponent six unknown cards, and
``h1=QS,?5`` six of which the queen of spades is known). Piles (talon, stock, discard pile)
are written **top card first**.

Fields of every game:

``h0=..`` ``h1=..`` ...  each seat's hand (one field per seat, seats 0, 1, ... in play order:
                         seat ``i + 1`` sits to the left of seat ``i``); their number is the
                         number of players
``you=0``                the learner's seat (default 0)
``names=Ann,Bo``         player names (default ``P1,P2,...``, which the page replaces by
                         its usual names, "Du"/"Dator 1"), at most 24 characters each
``seed=7``               the seed of the hidden cards and of the game's later shuffles
``dealer=2``             the dealer (default: the last seat; Tonk: the seat before ``turn``)
``k1=QS,QH``             cards of seat 1 that everyone saw it pick up (public memory)
setting names            every rules setting by its URL name and value (``transfer=on``,
                         ``deck=52``, ``max_reshuffles=none``, ``stake=5``), as ``?game=``
                         links take them
``x=...``                written by ``write`` only: the parts of a state a teacher never
                         types (scoresheet, ledger, move history, random-source state...),
                         as compressed JSON in URL-safe base64; read as given

Durak (rules/durak.md):

``trump=6D``             the trump card (required). Unless listed in a hand, on the table or
                         in the discard pile, it lies face up under the talon (DUR-3); listed
                         elsewhere, the talon must be empty (it is drawn last)
``talon=..``             the face-down talon, next card drawn first (``talon=?11``)
``discard=..``           the discard pile (``discard=?12``)
``table=8S:9S,8D``       the bout: attack cards, each with ``:`` and its defence card if beaten
``attacker=1``           the (current) attacker, default 0; ``defender=2`` default the next
                         seat holding cards
``taking=1``             the defender has said "take"; ``passed=2,3`` throwers who said
                         "done"; ``out=3`` players already out, in order

Dunka and Elvakorts-Rummy (rules/dunka.md, rules/elvakort.md):

``round=3``              the round 1–6 (its contract; default 1)
``phase=draw``           opening, draw, claim, after_dunk, play, round_over, game_over
                         (default draw)
``turn=1``               the seat in turn (default ``you``)
``stock=..``             the stock, top first; ``pile=..`` the discard pile, top first
``m1=0:7S,7H,7D``        meld ``m1`` on the table: owner seat, ``:``, its cards in table order
                         (a joker with what it stands for: ``JK=9S`` in a run, ``JK=7`` in a
                         set)
``down=0,2``             seats that have laid down their contract (default: meld owners)
``taken=8H``             the card the seat in turn took from the pile this turn

Tonk (rules/tonk.md):

``phase=start``          start, play, hand_over (default start)
``turn=1``               the seat in turn (default ``you``)
``stock=..`` ``pile=..`` the stock and the discard pile, top first
``s1=0:3H,4H,5H``        spread ``s1``: owner seat, ``:``, its cards
``hit=1``                seats whose spread was hit since their last turn (TONK-13)
``taken=8H``             the card the seat in turn took from the pile this turn

Cards not placed by any field go to one pile left out: Durak's talon (or its discard pile
when the talon is given and the discard pile is not), the rummy and Tonk stock (or the
pile). When every pile is given, every card must be placed.

Examples (one per game)::

    durak;h0=7S,9S,QH,KD,6D,AC;h1=?5;trump=6H;talon=?11;discard=?12;attacker=1;table=8S
    dunka;round=2;h0=5H,6H,7H,8H,KS,KD,KC,2C,9D,JK,3S;h1=?11;h2=?11;pile=9H;turn=0
    elvakort;round=1;phase=play;h0=7S,7H,7D,QC,QH,QS,2D,5S,8H,KH,AS,9C;h1=?11;pile=4D
    tonk;stake=2;h0=3H,4H,5H,KS,KD;h1=?5;pile=9C;turn=0

Refusals: ``read`` raises ``PositionError`` with a stable ``code`` (the i18n key
``position_<code>`` in ``game/i18n/positions.py``): ``too_long``, ``syntax``,
``unknown_game``, ``unknown_field``, ``field_twice``, ``bad_setting``, ``bad_value``,
``bad_seat``, ``bad_players``, ``bad_card``, ``unknown_card``, ``card_twice``,
``too_many_cards``, ``hand_too_big``, ``missing_cards``, ``not_in_hand``, ``trump_not_last``,
``too_many_attacks``, ``bad_defence``, ``bad_round``, ``bad_phase``, ``bad_meld``,
``nobody_to_act``, ``learner_cannot_act``, ``impossible``, ``bad_extra``,
``attacker_is_defender``, ``defender_out``, ``defender_not_next`` (Durak roles); ``load_json``
also ``bad_json``, ``bad_prompt``, ``bad_expect``, ``expect_illegal``.

API: ``read(text, *, max_length=MAX_LENGTH) -> Position``, ``write(position) -> str``,
``position_of(state, human) -> Position``, ``same_action(game, a, b) -> bool``,
``check_expect(position, text) -> canonical action text``, ``clean_prompt(text)``,
``load_json(text) -> {"items": [entry, ...], **items[0]}`` (entry: ``position`` a
``Position``, ``notation``, ``prompt`` ``{"sv", "en"}`` or None, ``expect``),
``message(lang, exc)`` (a refusal's sentence with card names), ``explain(state, seat,
action) -> (hint code or None, params)`` and ``HINT_CODES`` (used by ``Session.hint``).

Length: a typed position is at most ``MAX_LENGTH`` (2,000) characters. ``write`` of a
state late in a long game can be longer (a rummy scoresheet with every finished round's
hands, the Tonk ledger); ``read(text, max_length=None)`` reads it (saves, tests) — the
nearest thing to the contract, since one cannot both limit the text and write every state.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardError, card_key, make_deck, parse_card
from . import jsonsafe
from .digits import is_digits
from .engine import IllegalAction, Rng, SaveError, SettingError, SettingNeedsPlayers

MAX_LENGTH = 2000
"""The longest position text ``read`` accepts by default (a link a teacher types)."""
MAX_EXPECT = 200
MAX_PROMPT = 300
MAX_JSON = 100_000
"""A teaching file's size in characters."""
MAX_LESSONS = 100
"""Positions in one teaching file."""
MAX_NAME = 24
MAX_SEED = (1 << 63) - 1
GAMES = ("durak", "dunka", "elvakort", "tonk")
MAX_HAND = {"durak": 36, "dunka": 24, "elvakort": 24, "tonk": 6}
"""The most cards one hand may hold in a position read with a length limit (a link, a
lesson file, a message; refusal ``hand_too_big``). Real play can exceed it (a rummy player
who claims every discard holds 60-80 cards), so ``read(text, max_length=None)`` (saves,
``write``'s round trip) does not apply it. It bounds the work of reading one position: the
meld searches on a 24-card hand finish in well under 50 ms in CPython (the 250 ms a single
input may take in Pyodide, which is 3-5 times slower), where a 100-140-card hand took
seconds. Tonk: 6, the most a hand holds in play (5 dealt, TONK-4, and the card drawn,
TONK-6); the normal player's Hint, which a lesson computes at its start, grows fast with
the hand (a 12-card hand took up to 196 ms of CPU in Pyodide, a 6-card one about 20 ms;
bench/fuzz_worst.py).
"""
_TRUE, _FALSE = ("on", "true", "1", "yes"), ("off", "false", "0", "no")
_MASK = (1 << 64) - 1


class PositionError(ValueError):
    """A position (or a teaching file) that cannot be used.

    Attributes:
        code: a stable reason code; its sentence is the i18n key ``position_<code>``
            (``game/i18n/positions.py``, Swedish and English).
        params: ``str.format`` fields of that sentence (JSON-safe).

    ``str(exc)`` is an English message.
    """

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(message or code)


@dataclass(frozen=True)
class Position:
    """A position to play on from.

    Attributes:
        game: ``"durak"``, ``"dunka"``, ``"elvakort"`` or ``"tonk"``.
        rules: setting name -> value, as ``session.make_rules(game, rules)`` accepts.
        names: one name per seat.
        human: the learner's seat.
        state: the engine's ``State``; its ``to_act()`` includes ``human`` unless the game
            is over (or between rounds, when every seat may deal on).
    """

    game: str
    rules: dict
    names: list
    human: int
    state: Any
    named: bool = True
    """False when the text gave no ``names=``: ``names`` are then the placeholders
    ``P1, P2, ...`` and a page shows its usual names instead (``Session.from_position``'s
    ``names``)."""


# ---------------------------------------------------------------------------- helpers

def _module(game: str):
    from . import session
    return session.game_module(game)


def _digits(text: str, most: int | None = None) -> bool:
    """True when ``text`` is ASCII digits only (``str.isdigit`` also accepts ``²`` and other
    Unicode digits, which ``int`` refuses), at most ``most`` of them when given."""
    return is_digits(text) and (most is None or len(text) <= most)


def _flag(key: str, text: str) -> bool:
    value = text.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise PositionError("bad_value", f"{key}: {text!r} is not on/off", field=key, value=text)


def _int(key: str, text: str, low: int = 0, high: int = MAX_SEED) -> int:
    value = text.strip()
    if not _digits(value) or len(value) > 19 or not low <= int(value) <= high:
        raise PositionError("bad_value", f"{key}: {text!r} is not a whole number from {low} "
                            f"to {high}", field=key, value=text)
    return int(value)


def _seat(key: str, text: str, n: int) -> int:
    value = text.strip()
    if not _digits(value) or len(value) > 2 or not 0 <= int(value) < n:
        raise PositionError("bad_seat", f"{key}: there is no seat {text!r} (seats 0 to "
                            f"{n - 1})", field=key, value=text, last=n - 1)
    return int(value)


def _seats(key: str, text: str, n: int) -> list[int]:
    out = [_seat(key, t, n) for t in text.split(",") if t.strip()]
    if len(set(out)) != len(out):
        raise PositionError("bad_value", f"{key}: a seat is given twice", field=key, value=text)
    return out


def _encode_extra(data: dict) -> str:
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def _decode_extra(text: str) -> dict:
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, 1_000_000)
        if inflate.unconsumed_tail:
            raise ValueError("too large")
        data = jsonsafe.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError):  # JsonError is a ValueError
        raise PositionError("bad_extra", "the x= field is damaged") from None
    if not isinstance(data, dict):
        raise PositionError("bad_extra", "the x= field is damaged")
    return data


class _Cards:
    """The physical cards of a game's decks and which of them the text has placed.

    A plain card (no ``.copy``) is the lowest copy not written anywhere with its copy
    number and not yet placed; a card beyond the decks is refused (``card_twice``)."""

    def __init__(self, deck: list[Card], explicit: set[Card]) -> None:
        self.deck = set(deck)
        self.all = sorted(deck, key=card_key)
        self.explicit = explicit
        self.used: set[Card] = set()

    def parse(self, token: str, field: str) -> Card:
        try:
            if len(token) > 12 or not token.isascii():
                raise CardError(token[:12])
            card = parse_card(token)
        except (CardError, ValueError):
            raise PositionError("bad_card", f"{field}: {token!r} is not a card (like 10H, QS, "
                                f"JK, 7S.1)", field=field, card=token[:12]) from None
        if card not in self.deck:
            raise PositionError("unknown_card", f"{field}: {token} is not in this game's "
                                "deck", field=field, card=token.strip().upper())
        return card

    def take(self, token: str, field: str) -> Card:
        card = self.parse(token, field)
        if "." not in token:
            copy = card.copy
            while card in self.used or card in self.explicit:
                copy += 1
                card = Card(card.rank, card.suit, copy)
                if card not in self.deck:
                    raise PositionError("card_twice", f"{token.strip().upper()} is given more "
                                        "times than the decks hold", card=token.strip().upper())
        if card in self.used:
            raise PositionError("card_twice", f"{card} is given twice", card=str(card))
        self.used.add(card)
        return card

    def rest(self) -> list[Card]:
        return [c for c in self.all if c not in self.used]


def _explicit_cards(fields: dict[str, str]) -> set[Card]:
    """Cards written with their copy number anywhere in the card fields."""
    out = set()
    for key, value in fields.items():
        if key in ("names", "x") or not value:
            continue
        for part in value.replace(":", ",").split(","):
            body = part.split("=", 1)[0].strip()
            if "." in body:
                try:
                    if len(body) <= 12 and body.isascii():
                        out.add(parse_card(body))
                except (CardError, ValueError):
                    pass
    return out


class _Slots:
    """Lists of cards with ``?N`` hidden places, filled in one fixed order by the seed."""

    def __init__(self, cards: _Cards) -> None:
        self.cards = cards
        self.lists: list[list] = []
        self.left: list[Card] = []

    def parse(self, text: str, field: str) -> list:
        """A list of tokens: explicit cards are placed now, ``?N`` later (``fill``)."""
        items: list = []
        for token in text.split(","):
            token = token.strip()
            if not token:
                continue
            if token.startswith("?"):
                count = token[1:]
                if not _digits(count) or len(count) > 3:
                    raise PositionError("bad_value", f"{field}: {token!r} is not a count like "
                                        "?5", field=field, value=token)
                items.append(int(count))
            else:
                items.append(self.cards.take(token, field))
        self.lists.append(items)
        return items

    def fill(self, seed: int, reserved: set[Card]) -> None:
        pool = [c for c in self.cards.rest() if c not in reserved]
        Rng(seed).shuffle(pool)
        need = sum(x for items in self.lists for x in items if isinstance(x, int))
        if need > len(pool):
            raise PositionError("too_many_cards", f"{need} hidden cards asked for, but only "
                                f"{len(pool)} cards are left", asked=need, left=len(pool))
        for items in self.lists:
            out = []
            for x in items:
                if isinstance(x, int):
                    out += pool[:x]
                    del pool[:x]
                else:
                    out.append(x)
            for c in out:
                self.cards.used.add(c)
            items[:] = out
        self.left = pool

    def stock_and_pile(self, f: dict[str, str], seed: int, stock: str = "stock",
                       pile: str = "pile", reserved: frozenset = frozenset()) -> tuple[list, list]:
        """The ``stock`` and ``pile`` fields (Durak's ``talon`` and ``discard``) as card
        lists, top card first as written, after the hands and melds are parsed: every ``?N``
        is filled from ``seed`` (never with a ``reserved`` card) and the cards no field
        places make the stock, or the pile when only the stock is written. Raises
        ``PositionError`` ``missing_cards`` when both are written and cards are left over
        (and ``too_many_cards``, ``bad_value``, ``card_twice`` ... from the fields)."""
        pile_cards = self.parse(f[pile], pile) if pile in f else None
        stock_cards = self.parse(f[stock], stock) if stock in f else None
        self.fill(seed, set(reserved))
        rest = self.left
        if stock_cards is None:
            stock_cards, rest = rest, []
        elif pile_cards is None:
            pile_cards, rest = rest, []
        if rest:
            raise PositionError("missing_cards", f"{len(rest)} cards are not placed",
                                count=len(rest))
        return stock_cards, pile_cards or []


def _phase(f: dict[str, str], default: str, phases) -> str:
    """The ``phase`` field (``default`` when absent), one of the engine's ``phases``;
    raises ``PositionError`` ``bad_phase`` naming them."""
    phase = f.get("phase", default).strip().lower()
    if phase not in phases:
        raise PositionError("bad_phase", f"phase {phase!r}: one of {', '.join(phases)}",
                            value=phase, allowed=", ".join(phases))
    return phase


def _txt(cards) -> list[str]:
    return [str(c) for c in cards]


def _cards_text(cards) -> str:
    return ",".join(str(c) for c in cards)


def _find_in(hand: list[Card], token: str, cards: _Cards, field: str) -> Card:
    """The card of ``hand`` that ``token`` names (a plain card: any copy of it)."""
    card = cards.parse(token, field)
    if card in hand:
        return card
    if "." not in token:
        for c in hand:
            if c.rank == card.rank and c.suit == card.suit:
                return c
    raise PositionError("not_in_hand", f"{field}: {card} is not in that hand",
                        field=field, card=str(card))


# ---------------------------------------------------------------------------- games

class _Game:
    """What differs between the games: fields, deck, building the save dict, writing."""

    name = ""
    fields: tuple[str, ...] = ()

    def deck(self, rules, n: int) -> list[Card]:
        raise NotImplementedError

    def build(self, f: dict[str, str], rules, n: int, you: int, names: list[str],
              seed: int) -> dict:
        raise NotImplementedError

    def fields_of(self, state, human: int) -> list[tuple[str, str]]:
        raise NotImplementedError

    # shared pieces -----------------------------------------------------------------
    @staticmethod
    def hands(f, slots, n) -> list[list]:
        return [slots.parse(f[f"h{s}"], f"h{s}") for s in range(n)]

    @staticmethod
    def known(f, hands, cards, n) -> list[list[str]]:
        out = []
        for s in range(n):
            text = f.get(f"k{s}", "")
            got: list[Card] = []
            for token in (t.strip() for t in text.split(",")):
                if token:
                    c = _find_in([x for x in hands[s] if x not in got], token, cards, f"k{s}")
                    got.append(c)
            out.append(_txt(got))
        return out

    @staticmethod
    def melds(f, prefix, cards, n, kinds, rules) -> list[list]:
        """``m1=0:7S,7H,7D`` -> ``[[1, 0, meld dict]]``, by id; each valid under the
        game's meld ``rules``."""
        from .melds import Meld, MeldError, is_valid
        out = []
        keys = sorted((k for k in f if k[:1] == prefix and _digits(k[1:], 3)),
                      key=lambda k: int(k[1:]))
        for key in keys:
            mid = int(key[1:]) if len(key) <= 4 else 0  # over 999: refused below
            owner_text, colon, body = f[key].partition(":")
            if not colon or mid < 1 or mid > 999:
                raise PositionError("syntax", f"{key}: write owner:cards, like {key}=0:7S,7H,7D",
                                    field=key)
            owner = _seat(key, owner_text, n)
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
        return [(f"{prefix}{mid}", f"{owner}:" + ",".join(m.tokens())) for mid, owner, m in table]


class _Durak(_Game):
    name = "durak"
    fields = ("trump", "talon", "discard", "table", "attacker", "defender", "taking",
              "passed", "out")

    def deck(self, rules, n):
        from .durak import DECK_RANKS
        return make_deck(DECK_RANKS[rules.deck])

    def build(self, f, rules, n, you, names, seed):
        from .durak import MAX_ATTACK, SAVE_VERSION, beats, bout_cap, looks_like_first_bout
        cards = _Cards(self.deck(rules, n), _explicit_cards(f))
        if "trump" not in f:
            raise PositionError("bad_value", "Durak needs the trump card: trump=6H",
                                field="trump", value="")
        trump = cards.parse(f["trump"], "trump")
        slots = _Slots(cards)
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
        attacker = _seat("attacker", f["attacker"], n) if "attacker" in f else 0
        if "defender" in f:
            defender = _seat("defender", f["defender"], n)
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
        return {
            "v": SAVE_VERSION, "game": "durak", "rules": rules.to_dict(), "names": names,
            "hands": [_txt(h) for h in hands], "talon": _txt(talon_list),
            "trump_card": str(trump),
            "dealer": _seat("dealer", f["dealer"], n) if "dealer" in f else n - 1,
            "attacker": attacker,
            "defender": defender, "rng_state": seed & _MASK, "seed": seed,
            "discard": _txt(reversed(discard)),
            "table": [[str(a), None if d is None else str(d)] for a, d in table],
            "lead_attacker": attacker if table else None,
            "taking": _flag("taking", f["taking"]) if "taking" in f else False,
            "passed": _seats("passed", f.get("passed", ""), n), "limit": limit,
            "first_bout": first_bout, "out": _seats("out", f.get("out", ""), n),
            "known": self.known(f, hands, cards, n), "over": False, "durak": None,
        }

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
        out = _seats("out", f.get("out", ""), n)
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
        out.append(("talon", _cards_text(reversed(talon))))
        out.append(("discard", _cards_text(reversed(s.discard))))
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


class _Rummy(_Game):
    fields = ("round", "phase", "turn", "stock", "pile", "down", "taken")

    def __init__(self, name: str) -> None:
        self.name = name

    def deck(self, rules, n):
        copies, jokers = rules.ruleset.deck_counts(n)
        return make_deck(range(2, 15), copies=copies, jokers=jokers)

    def build(self, f, rules, n, you, names, seed):
        from .rummy import PHASES, ROUNDS, SAVE_VERSION
        rs = rules.ruleset
        cards = _Cards(self.deck(rules, n), _explicit_cards(f))
        rnd = 1
        if "round" in f:
            value = f["round"].strip()
            if not _digits(value, 1) or not 1 <= int(value) <= ROUNDS:
                raise PositionError("bad_round", f"round {f['round']!r}: rounds are 1 to "
                                    f"{ROUNDS}", value=f["round"], last=ROUNDS)
            rnd = int(value)
        phase = _phase(f, "draw", PHASES)
        turn = _seat("turn", f["turn"], n) if "turn" in f else you
        dealer = _seat("dealer", f["dealer"], n) if "dealer" in f else n - 1
        slots = _Slots(cards)
        hands = self.hands(f, slots, n)
        table = self.melds(f, "m", cards, n, ("set", "run"), rs.melds)
        stock, pile = slots.stock_and_pile(f, seed)
        down = _seats("down", f["down"], n) if "down" in f else sorted({o for _, o, _ in table})
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
                taken = str(_find_in(hands[turn], f["taken"], cards, "taken"))
            except PositionError:
                taken = str(cards.parse(f["taken"], "taken"))
        data = {
            "v": SAVE_VERSION, "game": self.name, "rules": rules.to_dict(), "names": names,
            "first_dealer": first_dealer, "round": rnd, "dealer": dealer,
            "hands": [_txt(h) for h in hands], "stock": _txt(reversed(stock)),
            "pile": _txt(pile_list), "rng_state": seed & _MASK, "seed": seed,
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
               ("dealer", str(s.dealer)), ("stock", _cards_text(reversed(s.stock))),
               ("pile", _cards_text(reversed(s.pile)))]
        out += self.write_melds("m", s.table)
        owners = sorted({o for _, o, _ in s.table})
        down = [i for i, d in enumerate(s.laid_down) if d]
        if down != owners:
            out.append(("down", ",".join(map(str, down))))
        if s.taken is not None:
            out.append(("taken", str(s.taken)))
        return out


class _Tonk(_Game):
    name = "tonk"
    fields = ("phase", "turn", "stock", "pile", "hit", "taken")

    def deck(self, rules, n):
        return make_deck(range(2, 15))

    def build(self, f, rules, n, you, names, seed):
        from .ledger import TonkLedger
        from .melds import TONK
        from .tonk import PHASES, SAVE_VERSION
        cards = _Cards(self.deck(rules, n), _explicit_cards(f))
        phase = _phase(f, "start", PHASES)
        turn = _seat("turn", f["turn"], n) if "turn" in f else you
        dealer = _seat("dealer", f["dealer"], n) if "dealer" in f else (turn - 1) % n
        slots = _Slots(cards)
        hands = self.hands(f, slots, n)
        table = self.melds(f, "s", cards, n, ("set", "run"), TONK)
        stock, pile = slots.stock_and_pile(f, seed)
        hit = _seats("hit", f.get("hit", ""), n)
        taken = str(_find_in(hands[turn], f["taken"], cards, "taken")) if "taken" in f else None
        return {
            "v": SAVE_VERSION, "game": "tonk", "rules": rules.to_dict(), "names": names,
            "seed": seed, "rng_state": seed & _MASK, "hand_no": 1, "dealer": dealer,
            "first_dealer": dealer, "cut": [], "phase": phase, "turn": turn,
            "hands": [_txt(h) for h in hands], "stock": _txt(reversed(stock)),
            "pile": _txt(reversed(pile)), "table": table,
            "next_spread_id": max([m[0] for m in table], default=0) + 1,
            "spread_this_turn": False, "hit_since": [s in hit for s in range(n)],
            "known": self.known(f, hands, cards, n), "dry_turns": 0, "result": None,
            "ledger": TonkLedger(n).to_dict(), "turns": 0, "taken": taken,
        }

    def fields_of(self, s, human):
        out = [("phase", s.phase), ("turn", str(s.turn)), ("dealer", str(s.dealer)),
               ("stock", _cards_text(reversed(s.stock))),
               ("pile", _cards_text(reversed(s.pile)))]
        out += self.write_melds("s", s.table)
        hit = [i for i, h in enumerate(s.hit_since) if h]
        if hit:
            out.append(("hit", ",".join(map(str, hit))))
        if s.taken is not None:
            out.append(("taken", str(s.taken)))
        return out


_GAMES: dict[str, _Game] = {"durak": _Durak(), "dunka": _Rummy("dunka"),
                            "elvakort": _Rummy("elvakort"), "tonk": _Tonk()}
_COMMON = ("you", "names", "seed", "dealer", "x")


# ---------------------------------------------------------------------------- read

def _split(text: str, max_length: int | None) -> tuple[str, dict[str, str]]:
    if not isinstance(text, str):
        raise PositionError("syntax", "a position is a line of text", field="")
    text = text.strip()
    if max_length is not None and len(text) > max_length:
        raise PositionError("too_long", f"the position is {len(text)} characters long; at "
                            f"most {max_length}", field="position", limit=max_length,
                            length=len(text))
    parts = [p.strip() for p in text.split(";")]
    game = parts[0].lower()
    if game not in _GAMES:
        raise PositionError("unknown_game", f"unknown game {parts[0][:20]!r}; games: "
                            f"{', '.join(GAMES)}", value=parts[0][:20], allowed=", ".join(GAMES))
    fields: dict[str, str] = {}
    for part in parts[1:]:
        if not part:
            continue
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or not key:
            raise PositionError("syntax", f"{part[:30]!r} is not a field like key=value",
                                field=part[:30])
        if key in fields:
            raise PositionError("field_twice", f"the field {key} is given twice", field=key[:30])
        fields[key] = value.strip()
    return game, fields


def _settings(game: str, fields: dict[str, str]):
    from . import session
    given: dict[str, Any] = {}
    allowed = dict(session.settings(game))
    for key in list(fields):
        if key not in allowed:
            continue
        text = fields.pop(key)
        try:
            if key == "stake":
                given[key] = _int(key, text, 1, 10_000)
            else:
                given[key] = session._convert(key, text, allowed[key])
        except SettingError as exc:
            shown = exc.allowed if not isinstance(exc.allowed, range) else \
                [f"{exc.allowed.start}-{exc.allowed.stop - 1}"]
            raise PositionError("bad_setting", str(exc), setting=key, value=text[:30],
                                allowed=", ".join(map(str, shown))) from None
        except PositionError:
            raise PositionError("bad_setting", f"setting {key!r}: {text!r} is not allowed",
                                setting=key, value=text[:30], allowed="1-10000") from None
    return given, session.make_rules(game, given)


def read(text: str, *, max_length: int | None = MAX_LENGTH) -> Position:
    """Read a position from the notation (see the module docstring).

    ``max_length``: the longest text accepted (None: any; ``write`` of a long game's state
    may exceed ``MAX_LENGTH``). Returns a ``Position``. Raises ``PositionError`` for bad
    syntax, an unknown game, field or setting value, a bad or unknown card, a card given
    more often than the decks hold, wrong counts, an impossible position, or one where
    nobody (or not the learner) can act.
    """
    game, fields = _split(text, max_length)
    spec = _GAMES[game]
    _given, rules = _settings(game, fields)
    hand_keys = sorted((k for k in fields if k[:1] == "h" and _digits(k[1:], 3)),
                       key=lambda k: int(k[1:]))
    n = len(hand_keys)
    if hand_keys != [f"h{s}" for s in range(n)]:
        raise PositionError("syntax", "hands are h0, h1, h2, ... one per seat", field="h")
    try:
        rules.check_players(n)
    except SettingNeedsPlayers as exc:  # DUR-11: a setting that needs more players
        raise PositionError("setting_needs_players", str(exc), setting=exc.setting,
                            low=exc.low, count=n) from None
    except SettingError as exc:
        allowed = exc.allowed if isinstance(exc.allowed, range) else None
        low = allowed.start if allowed else 2
        high = allowed.stop - 1 if allowed else (6 if game != "tonk" else 4)
        raise PositionError("bad_players", f"{n} hands: this game needs {low} to {high} "
                            "players (one hand field h0, h1, ... each)", count=n,
                            low=low, high=high) from None
    allowed_keys = set(_COMMON) | set(spec.fields) | {f"h{s}" for s in range(n)} \
        | {f"k{s}" for s in range(n)}
    for key in fields:
        meld_key = key[:1] == ("m" if game in ("dunka", "elvakort") else "s" if game == "tonk"
                                else "") and _digits(key[1:], 3)
        if key not in allowed_keys and not meld_key:
            raise PositionError("unknown_field", f"unknown field {key!r}", field=key[:30])
    you = _seat("you", fields["you"], n) if "you" in fields else 0
    names = [f"P{s + 1}" for s in range(n)]
    if "names" in fields:
        names = [x.strip() for x in fields["names"].split(",")]
        if len(names) != n or not all(0 < len(x) <= MAX_NAME for x in names):
            raise PositionError("bad_value", f"names: {n} names of 1 to {MAX_NAME} "
                                "characters, separated by commas", field="names",
                                value=fields["names"][:30])
    seed = _int("seed", fields["seed"]) if "seed" in fields else 0
    data = spec.build(fields, rules, n, you, names, seed)
    if "x" in fields:
        extra = _decode_extra(fields["x"])
        bad = [k for k in extra if k not in data or k in ("v", "game", "rules")]
        if bad:
            raise PositionError("bad_extra", f"the x= field names unknown parts: "
                                f"{[k[:20] for k in bad[:3]]}")
        data.update(extra)
    if max_length is not None:
        _check_hand_sizes(game, data)
    module = _module(game)
    try:
        state = module.State.from_dict(data)
    except SaveError as exc:
        message = str(exc)
        if "nobody can act" in message:
            raise PositionError("nobody_to_act", "nobody can act in this position") from None
        raise PositionError("impossible", f"this position is not possible: {message}",
                            detail=message) from None
    if game in ("durak", "tonk") and not state.is_over() \
            and not any(state.legal_actions(s) for s in state.to_act()):  # rummy checks it
        raise PositionError("nobody_to_act", "nobody can act in this position")
    if not state.is_over() and you not in state.to_act():
        raise PositionError("learner_cannot_act", f"the learner (seat {you}) cannot act in "
                            "this position", seat=you)
    fixed = _fixed(game)
    return Position(game=game, rules={k: v for k, v in rules.to_dict().items() if k not in fixed},
                    names=list(state.names), human=you, state=state,
                    named="names" in fields)


def _check_hand_sizes(game: str, data: dict) -> None:
    """Refuse a hand of more than ``MAX_HAND[game]`` cards (``hand_too_big``), also one
    that came in the ``x=`` field; hands of the wrong shape are left to ``from_dict``."""
    hands = data.get("hands")
    if not isinstance(hands, list):
        return
    limit = MAX_HAND[game]
    for seat, hand in enumerate(hands):
        if isinstance(hand, list) and len(hand) > limit:
            raise PositionError("hand_too_big", f"h{seat} holds {len(hand)} cards; at most "
                                f"{limit} in a position", field=f"h{seat}", count=len(hand),
                                limit=limit)


def _fixed(game: str) -> dict:
    from . import session
    return session.GAMES[game]["fixed"]


# ---------------------------------------------------------------------------- write

def write(position: Position) -> str:
    """The notation of ``position`` (one line; see the module docstring).

    ``read(write(p), max_length=None).state.to_dict() == p.state.to_dict()``; the readable
    fields carry the cards and whose turn it is, ``x=`` whatever else the state holds.
    """
    state, game = position.state, position.game
    spec = _GAMES[game]
    n = state.num_players
    fields: list[tuple[str, str]] = []
    from .session import url_value  # settings are written as a URL gives them
    defaults = type(state.rules)()
    fixed = _fixed(game)
    for key, value in state.rules.to_dict().items():
        if key not in fixed and getattr(defaults, key) != value:
            fields.append((key, url_value(value)))
    fields.append(("you", str(position.human)))
    names = [f"P{s + 1}" for s in range(n)]
    if list(state.names) != names and all(
            0 < len(x) <= MAX_NAME and x == x.strip() and "," not in x and ";" not in x
            for x in state.names):  # other names go into x=
        names = list(state.names)
        fields.append(("names", ",".join(names)))
    if state.seed:
        fields.append(("seed", str(state.seed)))
    if game == "durak":
        fields.append(("dealer", str(state.dealer)))
    for s in range(n):
        fields.append((f"h{s}", _cards_text(state.hands[s])))
    fields += spec.fields_of(state, position.human)
    for s in range(n):
        if state.known[s]:
            fields.append((f"k{s}", _cards_text(state.known[s])))
    _game, parsed = _split(game + ";" + ";".join(f"{k}={v}" for k, v in fields), None)
    _given, rules = _settings(game, parsed)
    seed = int(parsed.get("seed", "0"))
    base = spec.build(parsed, rules, n, position.human, names, seed)
    actual = state.to_dict()
    extra = {k: v for k, v in actual.items() if base.get(k) != v}
    text = game + ";" + ";".join(f"{k}={v}" for k, v in fields)
    if extra:
        text += ";x=" + _encode_extra(extra)
    return text


def position_of(state, human: int = 0) -> Position:
    """A ``Position`` for an engine state (a game in progress) with the learner at
    ``human``; no check is made that the learner can act."""
    fixed = _fixed(state.game)
    return Position(game=state.game,
                    rules={k: v for k, v in state.rules.to_dict().items() if k not in fixed},
                    names=list(state.names), human=human, state=state.clone())


# ---------------------------------------------------------------------------- actions

def same_action(game: str, a: str, b: str) -> bool:
    """True when the action texts ``a`` and ``b`` mean the same move in ``game`` (read by
    the engine's ``parse_action``, so card order inside multi-card actions such as
    ``attack 6H 6D`` or a ``meld``/``spread`` does not matter). False when either is not
    an action."""
    if game not in GAMES or not isinstance(a, str) or not isinstance(b, str):
        return False
    module = _module(game)
    try:
        return module.parse_action(a, 0) == module.parse_action(b, 0)
    except (IllegalAction, ValueError):
        return False


def check_expect(position: Position, expect: str) -> str:
    """The canonical text of the learner's expected move ``expect`` in ``position``.

    Raises ``PositionError``: ``too_long`` (over ``MAX_EXPECT`` characters),
    ``bad_expect`` (not an action of this game), ``expect_illegal`` (not legal for the
    learner there)."""
    if not isinstance(expect, str):
        raise PositionError("bad_expect", "expect is an action text", value="")
    expect = expect.strip()
    if len(expect) > MAX_EXPECT:
        raise PositionError("too_long", f"expect is longer than {MAX_EXPECT} characters",
                            field="expect", limit=MAX_EXPECT, length=len(expect))
    module = _module(position.game)
    try:
        module.parse_action(expect, position.human)
    except (IllegalAction, ValueError):
        raise PositionError("bad_expect", f"{expect[:40]!r} is not a move of this game",
                            value=expect[:40]) from None
    for action in position.state.legal_actions(position.human):
        if same_action(position.game, str(action), expect):
            return str(action)
    state = position.state.clone()
    try:  # a valid move outside the bounded lists (e.g. another lay-down arrangement)
        state.apply(module.parse_action(expect, position.human))
        return expect
    except (IllegalAction, ValueError):
        pass
    raise PositionError("expect_illegal", f"{expect[:40]!r} is not a legal move for the "
                        "learner in this position", value=expect[:40])


def clean_prompt(prompt: Any) -> str:
    """A prompt text as plain text (control characters become spaces; HTML is kept as
    text, the page inserts it with textContent). Raises ``PositionError`` ``too_long``
    over ``MAX_PROMPT`` characters or ``bad_prompt`` for a non-text value."""
    if not isinstance(prompt, str):
        raise PositionError("bad_prompt", "a prompt is text")
    text = "".join(" " if (ord(ch) < 32 and ch != "\n") or ord(ch) == 127 else ch
                   for ch in prompt).strip()
    if len(text) > MAX_PROMPT:
        raise PositionError("too_long", f"the prompt is longer than {MAX_PROMPT} characters",
                            field="prompt", limit=MAX_PROMPT, length=len(text))
    return text


def lesson_entries(text: str) -> list[dict]:
    """The entries of a teaching file, checked for shape only (cheap: no position is read
    yet): ``{"position": str, "prompt"?, "expect"?}`` objects, 1 to ``MAX_LESSONS`` of
    them. Raises ``PositionError`` ``too_long`` (over ``MAX_JSON`` characters),
    ``too_many_lessons`` or ``bad_json`` (not JSON, nested too deep, non-finite numbers,
    wrong shape, unknown key). ``read_lesson`` reads one entry; a page that shows one lesson
    (``item=``) reads only that one, so a file of many positions costs one position's
    work."""
    if not isinstance(text, str) or len(text) > MAX_JSON:
        raise PositionError("too_long", "the teaching file is too large", field="file",
                            limit=MAX_JSON, length=len(text) if isinstance(text, str) else 0)
    try:
        data = jsonsafe.loads(text, max_chars=MAX_JSON)
    except jsonsafe.JsonError:
        raise PositionError("bad_json", "the teaching file is not JSON") from None
    raw = data if isinstance(data, list) else [data]
    if len(raw) > MAX_LESSONS:
        raise PositionError("too_many_lessons", f"the teaching file holds {len(raw)} "
                            f"positions; at most {MAX_LESSONS}", limit=MAX_LESSONS,
                            count=len(raw))
    if not raw:
        raise PositionError("bad_json", "a teaching file holds 1 to 100 positions")
    for obj in raw:
        if not isinstance(obj, dict) or not isinstance(obj.get("position"), str) \
                or not set(obj) <= {"position", "prompt", "expect"}:
            raise PositionError("bad_json", "each entry is {\"position\", \"prompt\", "
                                "\"expect\"}")
    return raw


def read_lesson(obj: dict) -> dict:
    """One entry of ``lesson_entries`` read: ``{"position": Position, "notation": str,
    "prompt": {"sv", "en"} or None, "expect": canonical action text or None}``. Raises
    ``PositionError``: every code of ``read``, ``check_expect`` and ``clean_prompt``, and
    ``bad_prompt``."""
    position = read(obj["position"])
    prompt = obj.get("prompt")
    if prompt is not None:
        if isinstance(prompt, dict):
            if not prompt or not set(prompt) <= {"sv", "en"}:
                raise PositionError("bad_prompt", "a prompt is text or {\"sv\", \"en\"}")
            cleaned = {k: clean_prompt(v) for k, v in prompt.items()}
            prompt = {"sv": cleaned.get("sv", cleaned.get("en")),
                      "en": cleaned.get("en", cleaned.get("sv"))}
        else:
            one = clean_prompt(prompt)
            prompt = {"sv": one, "en": one}
    expect = obj.get("expect")
    if expect is not None:
        expect = check_expect(position, expect)
    return {"position": position, "notation": obj["position"].strip(), "prompt": prompt,
            "expect": expect}


def load_json(text: str) -> dict:
    """Read a whole teaching file: ``{"position": "<notation>", "prompt": {"sv": .., "en":
    ..} or "text", "expect": "<action text>"}``, or a list of such objects (at most
    ``MAX_LESSONS``): ``lesson_entries`` and then ``read_lesson`` for every entry.

    Returns ``{"items": [entry, ...], **items[0]}``, each entry as ``read_lesson`` gives
    it (a single object's keys are at the top level too). Raises ``PositionError``: every
    code of ``lesson_entries`` and ``read_lesson``.
    """
    items = [read_lesson(obj) for obj in lesson_entries(text)]
    return {"items": items, **items[0]}


# ---------------------------------------------------------------------------- hints

HINT_CODES = ("exchange", "attack_several", "attack_lowest", "beat_lowest", "beat_trump",
              "transfer", "take", "take_cannot_beat", "throw_in", "done", "draw_pile",
              "draw_stock", "dunk", "pass_claim", "lay_contract", "lay_further", "lay_off",
              "lay_off_own", "lay_off_other",
              "replace_joker", "go_out", "discard_high", "knock", "spread", "hit", "end_hand")
"""Every why-code ``explain`` gives; each has the i18n text ``hint_<code>``."""


def _durak_reason(state, player: int, action) -> tuple[str | None, dict]:
    from .durak import Attack, Beat, Done, Exchange, Take, Throw, Transfer, beats
    hand, trump = state.hands[player], state.trump
    if isinstance(action, Exchange):
        return "exchange", {}
    if isinstance(action, Attack):
        if len(action.cards) > 1:
            return "attack_several", {}
        plain = [c for c in hand if c.suit != trump]
        card = action.cards[0]
        if plain and card.suit != trump and card.rank == min(c.rank for c in plain):
            return "attack_lowest", {}
        return None, {}
    if isinstance(action, Beat):
        able = [c for c in hand if beats(c, action.target, trump)]
        best = min(able, key=lambda c: (c.suit == trump, c.rank))
        if action.card == best:
            return ("beat_trump" if best.suit == trump else "beat_lowest"), {}
        return None, {}
    if isinstance(action, Transfer):
        return "transfer", {}
    if isinstance(action, Take):
        can_beat = all(any(beats(c, a, trump) for c in hand) for a in state.unbeaten())
        return ("take" if can_beat else "take_cannot_beat"), {}
    if isinstance(action, Throw):
        return "throw_in", {}
    if isinstance(action, Done):
        return "done", {}
    return None, {}


def _discard_reason(state, player: int, card, legal, value) -> tuple[str | None, dict]:
    if len(state.hands[player]) == 1:
        return "go_out", {}
    cards = [a.card for a in legal if getattr(a, "verb", "") == "discard"]
    if cards and value(card) == max(value(c) for c in cards) and value(card) > 0:
        return "discard_high", {}
    return None, {}


def _rummy_reason(state, player: int, action, legal) -> tuple[str | None, dict]:
    from .rummy import Discard, Draw, Dunk, LayDown, Layoff, Pass, Replace
    if isinstance(action, Draw):
        return ("draw_pile" if action.source == "pile" else "draw_stock"), {}
    if isinstance(action, Dunk):
        return "dunk", {}
    if isinstance(action, Pass):
        return ("pass_claim" if state.phase == "claim" else None), {}
    if isinstance(action, LayDown):
        return ("lay_further" if state.laid_down[player] else "lay_contract"), {}
    if isinstance(action, Layoff):
        if state.game == "elvakort":   # ELV-13: the card scores for the meld's owner
            owner = next(o for mid, o, _m in state.table if mid == action.meld)
            return ("lay_off_own" if owner == player else "lay_off_other"), {}
        return "lay_off", {}
    if isinstance(action, Replace):
        return "replace_joker", {}
    if isinstance(action, Discard):
        return _discard_reason(state, player, action.card, legal, state.ruleset.value)
    return None, {}


def _tonk_reason(state, player: int, action, legal) -> tuple[str | None, dict]:
    from .tonk import Discard, Draw, End, Hit, Knock, Spread, hand_total
    if isinstance(action, Knock):
        return "knock", {"total": hand_total(state.hands[player])}
    if isinstance(action, End):
        return "end_hand", {"total": hand_total(state.hands[player])}
    if isinstance(action, Draw):
        return ("draw_pile" if action.source == "pile" else "draw_stock"), {}
    if isinstance(action, Spread):
        return "spread", {}
    if isinstance(action, Hit):
        return "hit", {}
    if isinstance(action, Discard):
        return _discard_reason(state, player, action.card, legal,
                               lambda c: hand_total([c]))
    return None, {}


def explain(state, player: int, action) -> tuple[str | None, dict]:
    """Why ``action`` is a good move for ``player`` in ``state``, as far as the move itself
    shows it: ``(code, params)`` with the text ``hint_<code>`` (``HINT_CODES``), or
    ``(None, {})`` when no honest reason can be named (e.g. a discard that is not the
    highest card). Reads the state only."""
    legal = state.legal_actions(player)
    if state.game == "durak":
        return _durak_reason(state, player, action)
    if state.game == "tonk":
        return _tonk_reason(state, player, action, legal)
    return _rummy_reason(state, player, action, legal)


def message(lang: str, exc: PositionError) -> str:
    """The sentence for a refused position in ``lang`` (``position_<code>``), cards spoken
    as names ("spader dam" / "queen of spades")."""
    from .i18n import card_name, t
    params = dict(exc.params)
    for key in ("card", "target"):
        if isinstance(params.get(key), str):
            params[key] = card_name(lang, params[key])
    text = t(lang, "position_" + exc.code, **params)
    return text[:1].upper() + text[1:]
