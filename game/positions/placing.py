"""Which physical cards a position text places where: the decks' cards (a plain card is
the lowest copy still free), the ``?N`` hidden cards dealt from the rest with the
position's seed, and the piles that take what no field places."""

from __future__ import annotations

from ..cards import Card, CardError, card_key, parse_card
from ..engine import Rng
from .fields import digits_only
from .model import PositionError, shorten


class Cards:
    """The physical cards of a game's decks and which of them the text has placed.

    A plain card (no ``.copy``) is the lowest copy not written anywhere with its copy
    number and not yet placed; a card beyond the decks is refused (``card_twice``)."""

    def __init__(self, deck: list[Card], explicit: set[Card]) -> None:
        self.deck = set(deck)
        self.all = sorted(deck, key=card_key)
        self.explicit = explicit
        self.used: set[Card] = set()

    def parse(self, token: str, field: str) -> Card:
        """The card ``token`` names, not placed. Raises ``PositionError`` ``bad_card``
        (not a card) or ``unknown_card`` (not in these decks)."""
        try:
            if len(token) > 12 or not token.isascii():
                raise CardError(token[:12])
            card = parse_card(token)
        except (CardError, ValueError):
            raise PositionError("bad_card", f"{field}: {token!r} is not a card (like 10H, QS, "
                                f"JK, 7S.1)", field=field, card=shorten(token, 12)) from None
        if card not in self.deck:
            raise PositionError("unknown_card", f"{field}: {token} is not in this game's "
                                "deck", field=field, card=token.strip().upper())
        return card

    def take(self, token: str, field: str) -> Card:
        """Place the card ``token`` names (see the class docstring for a plain card);
        raises ``PositionError`` ``card_twice`` when it is placed already or every copy
        is, and the codes of ``parse``."""
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
        """The cards not placed, in deck order."""
        return [c for c in self.all if c not in self.used]


def explicit_cards(fields: dict[str, str]) -> set[Card]:
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


class Slots:
    """Lists of cards with ``?N`` hidden places, filled in one fixed order by the seed."""

    def __init__(self, cards: Cards) -> None:
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
                if not digits_only(count) or len(count) > 3:
                    raise PositionError("bad_value", f"{field}: {token!r} is not a count like "
                                        "?5", field=field, value=token)
                items.append(int(count))
            else:
                items.append(self.cards.take(token, field))
        self.lists.append(items)
        return items

    def fill(self, seed: int, reserved: set[Card]) -> None:
        """Replace every ``?N`` of the parsed lists by N cards not placed (never a
        ``reserved`` one), shuffled with ``seed``; the cards left over are ``left``.
        Raises ``PositionError`` ``too_many_cards`` when fewer are left than asked."""
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


def find_in(hand: list[Card], token: str, cards: Cards, field: str) -> Card:
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

