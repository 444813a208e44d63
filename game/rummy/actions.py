"""Contract rummy's actions and their text forms (``parse_action``; the forms are listed in
the ``game.rummy`` docstring), with the reading of a ``meld`` text's card tokens into
melds (``meld_readings``, ``laydown_from``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cards import RANK_VALUES, Card, card_key, parse_card
from ..digits import is_digits
from ..engine import Action, action_words, bad_action_text
from ..melds import Meld, MeldRules, melds_from


# Permissive meld rules used only to put a ``meld`` action's text into canonical form;
# whether the melds are allowed is checked with the rule set's rules when applied.
_PARSE_RULES = MeldRules(min_set=2, min_run=2, jokers=True, joker_majority=False,
                         ace="both", set_repeats_suits=True, joker_replacement=True)


# ---------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the ``"stock"`` or of the ``"pile"`` (DUN-6, DUN-7)."""

    source: str = "stock"
    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return f"draw {self.source}"


@dataclass(frozen=True)
class Dunk(Action):
    """Claim the discard out of turn (DUN-7)."""

    verb: ClassVar[str] = "dunk"


@dataclass(frozen=True)
class Pass(Action):
    """Decline to claim (DUN-7), or decline to go out after a dunk (DUN-15)."""

    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class LayDown(Action):
    """Lay down the contract (DUN-8): ``melds`` is one tuple of card tokens per meld
    (``"7S"``, ``"7S.1"``, ``"JK=8C"`` in a run, ``"JK=7"`` in a set).

    ``parse_action`` puts melds that read only one way into canonical form (table order,
    jokers by copy, melds sets first); other tokens are kept as given and judged by
    ``apply`` (``invalid_meld``, ``ambiguous_joker``).
    """

    melds: tuple[tuple[str, ...], ...] = ()
    verb: ClassVar[str] = "meld"

    def __str__(self) -> str:
        return "meld " + " / ".join(" ".join(g) for g in self.melds)


@dataclass(frozen=True)
class Layoff(Action):
    """Add ``card`` to the table meld with id ``meld`` (DUN-9); ``end`` (``"low"`` or
    ``"high"``) only when the card fits at both ends."""

    card: Card = None  # type: ignore[assignment]
    meld: int = 0
    end: str | None = None
    verb: ClassVar[str] = "layoff"

    def __str__(self) -> str:
        return f"layoff {self.card} m{self.meld}" + (f" {self.end}" if self.end else "")


@dataclass(frozen=True)
class Replace(Action):
    """Put natural ``card`` in place of the joker standing for it in run ``meld``; the joker
    moves to the ``end`` chosen, ``"low"`` or ``"high"`` (DUN-11)."""

    card: Card = None  # type: ignore[assignment]
    meld: int = 0
    end: str = "high"
    verb: ClassVar[str] = "replace"

    def __str__(self) -> str:
        return f"replace {self.card} m{self.meld} {self.end}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard ``card`` onto the pile, ending the turn (DUN-6, DUN-5 opening round); not a
    card like the one taken from the pile this turn unless nothing else may be discarded
    (house rule, code ``discard_just_taken``, see the ``game.rummy`` docstring)."""

    card: Card = None  # type: ignore[assignment]
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Next(Action):
    """Deal the next round after a round's summary."""

    verb: ClassVar[str] = "next"


def _norm_token(token: str) -> str:
    """A card token in canonical notation (``"jk.1=8c"`` -> ``"JK.1=8C"``)."""
    body, eq, target = token.strip().upper().partition("=")
    card = parse_card(body)
    if not eq:
        return str(card)
    if not card.is_joker:
        raise ValueError(f"only a joker stands for another card: {token!r}")
    if target in RANK_VALUES or (is_digits(target) and len(target) <= 2
                                 and 2 <= int(target) <= 10):
        return f"{card}={target}"
    t = parse_card(target)
    if t.is_joker:
        raise ValueError("a joker cannot stand for a joker")
    return f"{card}={t}"


def _token_parts(token: str) -> tuple[Card, tuple[int, str] | None]:
    """(card, target) of a canonical token; target ``(rank, suit)`` with suit ``""`` when
    only a rank was given."""
    body, eq, target = token.partition("=")
    card = parse_card(body)
    if not eq:
        return card, None
    if target in RANK_VALUES:
        return card, (RANK_VALUES[target], "")
    if is_digits(target) and len(target) <= 2:
        return card, (int(target), "")
    t = parse_card(target)
    return card, (t.rank, t.suit)


def meld_readings(tokens: tuple[str, ...], rules: MeldRules) -> list[Meld]:
    """Every meld the tokens can be under ``rules``, honouring the jokers' targets.
    Raises ``MeldError`` / ``CardError`` for bad tokens or a card given twice."""
    parts = [_token_parts(t) for t in tokens]
    cards = [c for c, _ in parts]
    wanted = [t for _, t in parts if t is not None]
    out = []
    for meld in melds_from(cards, rules):
        free = [st for c, st in zip(meld.cards, meld.stands) if c.is_joker]
        ok = True
        for rank, suit in sorted(wanted, key=lambda t: t[1] == ""):
            for k, (r, s) in enumerate(free):
                if r == rank and (suit == "" or meld.kind == "set" or s == suit):
                    del free[k]
                    break
            else:
                ok = False
                break
        if ok:
            out.append(_canonical(meld))
    unique = []
    for m in out:
        if m not in unique:
            unique.append(m)
    return unique


def _canonical(meld: Meld) -> Meld:
    """The same meld with its jokers in copy order across the joker places."""
    jokers = sorted((c for c in meld.cards if c.is_joker), key=card_key)
    if not jokers:
        return meld
    it = iter(jokers)
    cards = tuple(next(it) if c.is_joker else c for c in meld.cards)
    return Meld(meld.kind, cards, meld.stands)


def _meld_key(meld: Meld) -> tuple:
    return (meld.kind != "set", meld.low, meld.suit, tuple(meld.tokens()))


def laydown_from(player: int, melds) -> LayDown:
    """The ``meld`` action of ``player`` laying down ``melds`` in canonical form (jokers in
    copy order, sets first, then by low card and suit)."""
    melds = sorted((_canonical(m) for m in melds), key=_meld_key)
    return LayDown(player, tuple(tuple(m.tokens()) for m in melds))


def parse_action(text: str, player: int) -> Action:
    """Read an action's text form (see the ``game.rummy`` docstring) for seat ``player``.

    Raises ``IllegalAction`` with code ``"bad_action_text"`` when ``text`` is not an
    action's text, or not a str at all (``None``, a number).
    """
    words = action_words("rummy", text)
    try:
        verb, args = words[0].lower(), words[1:]
        if verb == "draw" and len(args) == 1 and args[0].lower() in ("stock", "pile"):
            return Draw(player, args[0].lower())
        if verb == "meld" and args:
            groups = " ".join(args).split("/")
            tokens = [tuple(_norm_token(t) for t in g.split()) for g in groups]
            if any(not g for g in tokens):
                raise ValueError("empty meld")
            readings = []
            for g in tokens:
                try:
                    r = meld_readings(g, _PARSE_RULES)
                except ValueError:
                    r = []
                readings.append(r)
            if all(len(r) == 1 for r in readings):
                return laydown_from(player, [r[0] for r in readings])
            return LayDown(player, tuple(tokens))
        if verb in ("layoff", "replace") and len(args) in (2, 3):
            card = parse_card(args[0])
            mid = args[1].lower()
            digits = mid[1:] if mid.startswith("m") else mid
            if not is_digits(digits) or len(digits) > 6:
                raise ValueError("a meld is m and its number, like m2")
            meld = int(digits)
            end = args[2].lower() if len(args) == 3 else None
            if end not in (None, "low", "high"):
                raise ValueError("end must be low or high")
            if verb == "layoff":
                return Layoff(player, card, meld, end)
            if end is not None:
                return Replace(player, card, meld, end)
        if verb == "discard" and len(args) == 1:
            return Discard(player, parse_card(args[0]))
        simple = {"dunk": Dunk, "pass": Pass, "next": Next}
        if verb in simple and not args:
            return simple[verb](player)
    except (IndexError, ValueError):
        pass
    raise bad_action_text("rummy", text)
