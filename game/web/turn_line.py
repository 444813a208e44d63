"""The one-line log's sentences: each player's moves in a row told as one sentence.

The table's one-line log ("what the others just did", ``App.log_events``) and the
screen-reader live region used to tell every engine event as its own sentence ("Anna
draws from the stock. Anna lays down … Anna discards …"). ``sentences`` groups the
events by consecutive player into turns and tells each turn as one sentence in the past
tense: "Anna drew from the stock, laid down the contract (3 melds) and discarded 7♥."
(texts ``tl_*`` in ``game.i18n.turns``; the visible line names cards by their corner
index, the live region by their names, "… and discarded seven of hearts."). Events that are not a
player's move (a deal, a reshuffle, the end of a round or hand, a Durak bout defended or
picked up, a player out) keep the sentence the table's ``describe`` gives them, and end
the turn before them; but the card turned up from the stock to start Dunka's discard
pile (a ``deal``'s ``pile``, DUN-5) or laid on Elvakort's opening discards (``turn_up``,
ELV-4) is told here, in the past tense with its card short on the visible line like the
turns around it ("7♥ was turned up from the stock to start the discard pile.",
``turned_up``; a joker by name).

What a turn is, per game (``MOVES``):
  * Durak: attacks, throw-ins, beats, transfers, take, done and the trump exchange by one
    player in a row; a new bout (``bout``) and its attacker's first attack are one clause
    ("attacked Al with …", as the move history tells it, ``model.history_lines``).
  * Dunka and Elvakort: draw or take from the pile, lay-downs (every meld of the turn
    counted in one clause), lay-offs, joker replacements, the discard, and a claim out of
    turn (DUN-7, ELV-6).
  * Tonk: draw or take, spreads, hits, the discard, a knock and leaving the discard.
Consecutive throw-ins, lay-offs, joker replacements and hits are one clause with all
their cards ("threw in 7♦ and 7♣").

Names and cards are text for ``textContent`` (``markup`` escapes them): a player's name
is never read as markup. Pure Python, no browser imports (tested in CPython).
"""

from __future__ import annotations

from typing import Callable

from ..i18n import card_name, listed, t
from . import dunka_model, model, tonk_model
from .markup import Node, card_index, h
from .teach_words import capital

MOVES = {
    "durak": ("attack", "throw", "beat", "transfer", "take", "done", "exchange"),
    "dunka": ("draw", "meld", "layoff", "replace", "discard", "claim"),
    "elvakort": ("draw", "meld", "layoff", "replace", "discard", "claim"),
    "tonk": ("draw", "spread", "hit", "discard", "knock", "end"),
}
"""Per game, the event types that are a player's own move (told in a turn sentence)."""

QUIET = ("action", "turn", "pass", "dunk", "next", "claim_window", "no_claim")
"""Events that neither tell anything nor end a turn (a turn marker, a claim declined)."""


def default_describe(game: str, lang: str, players: list[dict],
                     you: int) -> Callable[[dict], str | None]:
    """The game's own per-event sentence (``describe_event`` of its model), for callers
    without a table: ``sentences`` uses it for the events that are not moves."""
    if game == "durak":
        return lambda ev: model.describe_event(lang, ev, players, you)
    if game == "tonk":
        return lambda ev: tonk_model.describe_event(lang, ev, players, you)
    return lambda ev: dunka_model.describe_event(lang, ev, players, you, game)


def turns(game: str, events: list[dict]) -> list[tuple[int | None, list[dict]]]:
    """The events grouped: ``[(player, [move events]), (None, [other event])]``, oldest
    first. A run of moves by one player is one group; any other event is a group of its
    own and ends the run before it; ``QUIET`` events are dropped. A Durak ``bout`` followed
    by its attacker's attack is folded into that attack (a copy carrying ``"_on"``: the
    defender); a bout not followed by it stays its own group.

    >>> turns("dunka", [{"type": "draw", "player": 1, "source": "stock"},
    ...                 {"type": "discard", "player": 1, "card": "7H"},
    ...                 {"type": "reshuffle"}])
    [(1, [{'type': 'draw', 'player': 1, 'source': 'stock'}, \
{'type': 'discard', 'player': 1, 'card': '7H'}]), (None, [{'type': 'reshuffle'}])]
    """
    moves = MOVES.get(game, ())
    out: list[tuple[int | None, list[dict]]] = []
    pending: dict | None = None  # a Durak bout waiting for its first attack
    for ev in events:
        if not isinstance(ev, dict):
            continue
        kind = ev.get("type")
        if kind in QUIET:
            continue
        p = ev.get("player")
        mover = isinstance(p, int) and not isinstance(p, bool) and kind in moves
        if pending is not None:
            if mover and kind == "attack" and p == pending.get("attacker"):
                ev = {**ev, "_on": pending.get("defender")}
                pending = None
                out.append((p, [ev]))
                continue
            out.append((None, [pending]))
            pending = None
        if kind == "bout" and game == "durak":
            pending = ev
        elif mover and out and out[-1][0] == p:
            out[-1][1].append(ev)
        elif mover:
            out.append((p, [ev]))
        else:
            out.append((None, [ev]))
    if pending is not None:
        out.append((None, [pending]))
    return out


def sentences(lang: str, game: str, events: list[dict], players: list[dict], you: int,
              describe: Callable[[dict], str | None] | None = None,
              short: bool = False) -> list[str]:
    """The log's sentences for ``events`` (engine events, oldest first): one per turn
    (``turns``), each other event as ``describe(ev)`` tells it (the table's ``describe``;
    by default the game's own, ``default_describe``); events it does not tell give none.

    ``players``: the session's players (``[{"name", ...}]``); ``you``: the seat addressed
    as "you" (``model.addressee``; -1 when everyone is named). ``short``: the turns name
    their cards by their corner index ("7♥", ``markup.card_index``: the visible line,
    which a phone shows about 45 characters of) instead of their names ("seven of
    hearts": the live region, for screen readers). A damaged event (a stored one missing
    a field) is left out, never an error.

    >>> sentences("en", "dunka", [{"type": "draw", "player": 1, "source": "stock"},
    ...     {"type": "discard", "player": 1, "card": "7H"}], [{"name": "A"}, {"name": "Bo"}], 0)
    ['Bo drew from the stock and discarded seven of hearts.']
    """
    tell = describe or default_describe(game, lang, players, you)
    out = []
    for player, group in turns(game, events):
        try:
            up = turned_up(game, group[0]) if player is None else None
            if up is not None:   # DUN-5, ELV-4: in the log's past tense, its card short
                # ELV-4: laid on the opening discards, not starting the pile; a joker is
                # named (its index is a bare star)
                key = "tl_turn_up_on" if game == "elvakort" else "tl_turn_up"
                if short and not up.startswith("JK"):
                    text = capital(t(lang, key, card=card_index(up)))
                else:  # by name: English puts "the" before it (``..._named``)
                    text = capital(t(lang, key + "_named", card=card_name(lang, up)))
            else:
                text = turn_sentence(lang, game, player, group, players, you, short) \
                    if player is not None else tell(group[0])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            text = None
        if text:
            out.append(text)
    return out


def turned_up(game: str, ev: dict) -> str | None:
    """The card a Dunka or Elvakort event turns up from the stock to start the discard
    pile: a ``deal``'s ``pile`` (DUN-5) or a ``turn_up``'s ``card`` (ELV-4, after the
    opening discards); ``None`` for any other event or game. ``sentences`` tells it as
    one sentence of its own ("7♥ was turned up from the stock to start the discard pile.",
    ``tl_turn_up``; Elvakort's "… onto the discard pile.", ``tl_turn_up_on``).

    >>> turned_up("dunka", {"type": "deal", "round": 2, "pile": "7H"})
    '7H'
    """
    if game not in ("dunka", "elvakort"):
        return None
    card = ev.get("pile") if ev.get("type") == "deal" else \
        ev.get("card") if ev.get("type") == "turn_up" else None
    return card if isinstance(card, str) and card else None


def turn_sentence(lang: str, game: str, player: int, group: list[dict],
                  players: list[dict], you: int, short: bool = False) -> str | None:
    """One player's moves in a row (``group``, from ``turns``) as one sentence, or None
    when none of them tells anything; ``short`` as in ``sentences``. Raises
    ``KeyError``/``TypeError`` on a damaged event (``sentences`` leaves it out)."""
    def name(seat):
        return model.display_name(lang, players, seat, you)

    def card(c):
        return card_index(str(c)) if short else card_name(lang, str(c))

    mine = player == you
    pieces: list[list] = []  # [text key, merge key or None, params, cards]
    melds = None  # the turn's one meld clause: [key, None, {"contract": n, "further": n}, []]
    spreads = None  # the turn's one spread clause
    for ev in group:
        kind = ev["type"]
        piece = None
        if kind == "draw" and game != "durak":
            if ev.get("source") == "pile":
                piece = ["tl_draw_pile", None, {"card": card(ev["card"])}, []]
            else:
                piece = ["tl_draw_stock", None, {}, []]
        elif kind == "discard":
            piece = ["tl_discard", None, {"card": card(ev["card"])}, []]
        elif kind == "meld":
            n = len(ev.get("melds") or []) or 1
            if melds is None:
                melds = piece = ["meld", None, {"contract": 0, "further": 0}, []]
            melds[2]["further" if ev.get("further") else "contract"] += n
        elif kind in ("layoff", "replace"):
            piece = [f"tl_{kind}", kind, {}, [ev["card"]]]
        elif kind == "claim":
            key = "tl_claim_elvakort" if game == "elvakort" else "tl_claim"
            piece = [key, None, {"card": card(ev["card"])}, []]
        elif kind == "spread":
            if spreads is None:
                spreads = piece = ["spread", None, {"n": 0}, list(ev["cards"])]
            spreads[2]["n"] += 1
        elif kind == "hit":
            yours = ev.get("owner") == you and not mine
            key = "tl_tk_hit_yours" if yours else "tl_tk_hit"
            piece = [key, key, {}, [ev["card"]]]
        elif kind in ("knock", "end"):
            piece = [f"tl_tk_{kind}", None, {}, []]
        elif kind == "attack":
            on = ev.get("_on")
            key = "tl_attack" if on is None else \
                "tl_attack_on_you" if on == you else "tl_attack_on"
            piece = [key, None, {"other": name(on) if on is not None else ""},
                     list(ev["cards"])]
        elif kind == "throw":
            piece = ["tl_throw", "throw", {}, list(ev["cards"])]
        elif kind == "beat":
            piece = ["tl_beat", None, {"card": card(ev["card"]),
                                       "target": card(ev["target"])}, []]
        elif kind == "transfer":
            other = ev.get("defender", 0)
            key = "tl_transfer_to_you" if other == you else "tl_transfer"
            piece = [key, None, {"other": name(other)}, list(ev["cards"])]
        elif kind in ("take", "done"):
            piece = [f"tl_{kind}", None, {}, []]
        elif kind == "exchange":
            piece = ["tl_exchange", None, {"gave": card(ev["gave"]),
                                           "got": card(ev["got"])}, []]
        if piece is None:
            continue
        last = pieces[-1] if pieces else None
        if last is not None and piece[1] is not None and last[1] == piece[1]:
            last[3].extend(piece[3])
        else:
            pieces.append(piece)
    if not pieces:
        return None
    did = listed(lang, [_clause(lang, piece, mine, card) for piece in pieces])
    return t(lang, "tl_sentence", name=name(player), did=did)


def melds_count(lang: str, n: int, more: bool = False) -> str:
    """"1 meld" / "3 melds" ("1 kombination" / "3 kombinationer"); ``more``: "one more
    meld" / "2 more melds" (melds laid down after or beside the contract, ELV-8)."""
    prefix = "tl_more" if more else "tl_melds"
    return t(lang, prefix + "_1") if n == 1 else t(lang, prefix + "_n", n=n)


def _clause(lang: str, piece: list, mine: bool, card: Callable[[str], str]) -> str:
    """One clause of a turn sentence from its piece (``turn_sentence``); ``card`` names
    a card."""
    key, _, params, cards = piece
    named = listed(lang, [card(c) for c in cards])
    if key == "meld":
        contract, further = params["contract"], params["further"]
        you = "_you" if mine else ""
        if not contract:
            return t(lang, "tl_further", more=melds_count(lang, further, True))
        if not further:
            return t(lang, "tl_contract" + you, melds=melds_count(lang, contract))
        return t(lang, "tl_contract_more" + you, melds=melds_count(lang, contract),
                 more=melds_count(lang, further, True))
    if key == "spread":
        if params["n"] > 1:
            return t(lang, "tl_tk_spreads", n=params["n"])
        return t(lang, "tl_tk_spread", cards=named)
    return t(lang, key, cards=named, **params)


def log_el(lines: list[str], lang: str = "en") -> Node:
    """The one-line log's element (``markup``): a ``p.log`` hidden from screen readers
    (the live region tells the same sentences) holding each sentence of ``lines`` as a
    ``span.log-line`` of its own, as text (escaped, never markup); its ``title`` is the
    whole sentence, for a line cut short with "…" (static/css/table.css).

    The log shows the newest sentences that fit whole (static/js/motion.js ``fitLog``);
    when older ones are hidden, a tap on the log opens it to show them all and another
    closes it (issue 32: at 360x640 a long turn sentence left room for one move only).
    ``data-more`` and ``data-less`` are the words of that tap's sign in ``lang``: "2 till ▾"
    (``{n}``: the sentences hidden, filled in by the page) and "färre ▴"."""
    log = h("p", {"class": "log", "aria-hidden": "true",
                  "data-more": t(lang, "tl_log_more", n="{n}"),
                  "data-less": t(lang, "tl_log_less")})
    for text in lines:
        log.appendChild(h("span", {"class": "log-line", "title": text}, text=text))
    return log
