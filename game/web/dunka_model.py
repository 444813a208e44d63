"""What the Dunka table shows and what each click does, computed from a session view.

Pure Python (no browser imports), tested in CPython; ``dunka_table.py`` turns the plan into
elements. Legality comes only from ``view["legal"]`` (and, for laying down a selection,
from the engine's ``laydown_options``): a card, pile or button carries an action only when
that action is legal.
"""

from __future__ import annotations

from ..i18n import card_name, cards_names, t
from .model import display_name, number

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
RANK_ORDER = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                          "J", "Q", "K"])}
SORTS = ("suit", "rank")


def split_card(card: str) -> tuple[str, str]:
    """``"10H.1"`` -> ``("10", "H")``; a joker (``"JK"``, ``"JK.2"``) -> ``("JK", "")``."""
    body = card.split(".")[0].split("=")[0]
    if body == "JK":
        return "JK", ""
    return body[:-1], body[-1:]


def sort_hand(cards: list[str], by: str) -> list[str]:
    """The hand in display order: by suit (♠ ♥ ♣ ♦, each by rank) or by rank (A…K, then
    suit); jokers last either way. Raises nothing: unknown cards go last."""
    def key(card):
        rank, suit = split_card(card)
        if rank == "JK" or rank not in RANK_ORDER:
            return (1, 0, 0, card)
        r, s = RANK_ORDER[rank], SUIT_ORDER.get(suit, 9)
        return (0, s, r, card) if by == "suit" else (0, r, s, card)
    return sorted(cards, key=key)


LONG_WORD = 10
"""A name with a word longer than this may break inside the word in the side panel's
scoresheet header (``name_header_class``); shorter words always stay whole."""


def name_header_class(name: str) -> str:
    """The class of a player's column header in the scoresheet (``th.n``): ``"n"`` — the
    name wraps only at its spaces ("Computer 1" never as "Compute/r 1") — or, when a word
    of it is longer than ``LONG_WORD`` letters (a name may be 24 letters without a space,
    ``people.MAX_NAME``), ``"n long-word"``: that word may break anywhere, so it does not
    widen the side panel (static/css/people.css).

    >>> name_header_class("Computer 1"), name_header_class("Bartholomewbartholomew")
    ('n', 'n long-word')
    """
    return "n long-word" if any(len(w) > LONG_WORD for w in str(name).split()) else "n"


RANK_VALUE = {**{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}
"""A natural card's rank as a number (the ace 14; it also counts as 1 in a run)."""
CLAIM_KEYS = {"elvakort": {"dk_btn_dunk": "elv_btn_take", "dk_st_claim": "elv_st_claim",
                           "dk_st_wait_claim": "elv_st_wait_claim",
                           "dk_ev_claim": "elv_ev_claim", "dk_ev_claim_you": "elv_ev_claim_you"}}
"""The texts of claiming a discard out of turn per game: Elvakort's rules call it taking
the discard ("Ta" / "Take it", ELV-6), not "Dunka!" (DUN-7)."""


def claim_key(game: str, key: str) -> str:
    """The text key ``key`` of the claim (a ``dk_`` key) as ``game`` words it."""
    return CLAIM_KEYS.get(game, {}).get(key, key)


def _stands(token: str) -> tuple[int, str] | None:
    """What a card of a meld on the table counts as: ``(rank value, suit)``; a joker
    written with what it stands for (``"JK=7S"``, ``"JK=7"``) counts as that; a bare
    joker or an unknown text is None."""
    body = token.split(".")[0]
    if body.startswith("JK"):
        body = body.split("=", 1)[1] if "=" in body else ""
    rank, suit = (body[:-1], body[-1:]) if body[-1:] in SUIT_ORDER else (body, "")
    return (RANK_VALUE[rank], suit) if rank in RANK_VALUE else None


def run_end_card(cards: list[str], end: str) -> str | None:
    """The card a joker laid at ``end`` (``"low"``/``"high"``) of the run ``cards`` (a
    meld's tokens on the table, jokers as ``"JK=4D"``) stands for, in notation (``"3D"``,
    the ace ``"AD"`` below a two or above a king); None when that cannot be told (not a
    run of one suit, or past an ace). DUN-9, DUN-11, ELV-3."""
    stands = [s for s in (_stands(c) for c in cards) if s is not None]
    suits = {s for _r, s in stands}
    if len(stands) < 2 or len(suits) != 1 or "" in suits:
        return None
    ranks = [r for r, _s in stands]
    if 14 in ranks and 2 in ranks:
        ranks = [1 if r == 14 else r for r in ranks]
    value = min(ranks) - 1 if end == "low" else max(ranks) + 1
    if value in (1, 14):
        return "A" + suits.pop()
    names = {v: r for r, v in RANK_VALUE.items()}
    return names[value] + suits.pop() if value in names else None


def elvakort_breakdown(state: dict, entry: dict, revealed) -> list[list[tuple]] | None:
    """How each player's points of a finished Elvakort round add up (ELV-12, ELV-13):
    per seat ``[("table", +n), ("hand", -n), ("out", 50)]`` (a part left out when 0; the
    hand always), from ``state["table"]`` (melds with ``owner`` and ``cards``), the hands
    shown (``revealed``, None: not shown) and who went out (``entry["out"]``). None when
    these do not give ``entry["points"]`` (a view without them): nothing is said then
    rather than a wrong sum. Raises nothing."""
    from ..cards import CardError, parse_card
    from ..rummy.rules import elvakort_parts
    points = entry.get("points") or []
    if revealed is None or len(revealed) != len(points):
        return None

    def cards(tokens) -> list:   # a joker in a meld is written "JK=7D"
        return [parse_card(token.split("=")[0]) for token in tokens or []]
    try:
        parts = elvakort_parts(((m["owner"], cards(m["cards"])) for m in state.get("table", [])),
                               [cards(hand) for hand in revealed], entry.get("out"))
    except (CardError, KeyError, TypeError, ValueError, IndexError):
        return None
    if [table - hand + bonus for table, hand, bonus in parts] != points:
        return None
    return [[p for p in (("table", table), ("hand", -hand), ("out", bonus))
             if p[1] or p[0] == "hand"] for table, hand, bonus in parts]


def _extends(meld: dict, value: int, suit: str) -> bool:
    """True when a natural card (``value``, ``suit``) could be laid off on ``meld`` (an
    entry of ``view["state"]["table"]``, DUN-9/ELV-8): a set of its rank, or a run of its
    suit at either end (the ace high after a king, low before a two)."""
    stands = [s for s in (_stands(c) for c in meld.get("cards", [])) if s is not None]
    if not stands:
        return False
    if meld.get("kind") == "set":
        return stands[0][0] == value
    if any(s and s != suit for _r, s in stands):
        return False
    ranks = [r for r, _s in stands]
    if 14 in ranks and 2 in ranks:
        ranks = [1 if r == 14 else r for r in ranks]
    low, high = min(ranks), max(ranks)
    return any(v in (low - 1, high + 1) for v in ((1, 14) if value == 14 else (value,)))


def claim_fits(view: dict) -> bool:
    """Whether the discard the human may claim (``state["claim"]["card"]``) fits their
    hand or contract, for the "only when it fits" claim prompt: a joker always fits; once
    the human's contract is down, a card that can be laid off on a meld on the table;
    before, a card that makes a meld of the contract with cards in hand: a set of three
    with two of its rank (the contract has sets), or three in a row of its suit (the
    contract has runs; the ace low or high). A card that only makes a pair is not asked
    about (taking it costs a penalty card too). False when there is no claim."""
    st = view["state"]
    claim = st.get("claim") or {}
    card = claim.get("card")
    if not card:
        return False
    rank, suit = split_card(card)
    if rank == "JK":
        return True
    if rank not in RANK_VALUE:
        return False
    value = RANK_VALUE[rank]
    if st["laid_down"][view["human"]]:
        return any(_extends(m, value, suit) for m in st.get("table", []))
    contract = st.get("contract_melds") or {}
    natural = [split_card(c) for c in st["hand"]]
    natural = [(r, s) for r, s in natural if r in RANK_VALUE]  # jokers say nothing here
    if contract.get("sets") and sum(1 for r, _s in natural if r == rank) >= 2:
        return True
    if contract.get("runs"):
        ranks = {RANK_VALUE[r] for r, s in natural if s == suit}
        if 14 in ranks:
            ranks.add(1)
        for q in ((1, 14) if value == 14 else (value,)):
            if any(pair <= ranks for pair in ({q - 2, q - 1}, {q - 1, q + 1}, {q + 1, q + 2})):
                return True
    return False


def contract_text(lang: str, contract: dict) -> str:
    """A round's contract in words ("2 sets", "1 set + 1 run of 4, going out at once")
    from ``view["contract_melds"]`` (DUN-3 table)."""
    parts = []
    if contract.get("sets"):
        n = contract["sets"]
        parts.append(t(lang, "dk_sets_1" if n == 1 else "dk_sets", n=n))
    if contract.get("runs"):
        n = contract["runs"]
        key = "dk_runs4" if contract.get("run_size", 3) >= 4 else "dk_runs3"
        parts.append(t(lang, key + ("_1" if n == 1 else ""), n=n))
    text = " + ".join(parts)
    if contract.get("go_out"):
        text = t(lang, "dk_going_out", contract=text)
    return text


def meld_groups(action: str) -> list[list[str]]:
    """The melds of a ``meld`` action's text: ``"meld 7S 7H 7D / 9C 10C JK=JC"`` ->
    ``[["7S", "7H", "7D"], ["9C", "10C", "JK=JC"]]``."""
    body = action.split(" ", 1)[1] if " " in action else ""
    return [group.split() for group in body.split("/") if group.split()]


def _plain(token: str) -> str:
    """A meld token as the player sees it: the deck copy dropped (``"8S.1"`` -> ``"8S"``,
    ``"JK.2=10S"`` -> ``"JK=10S"``)."""
    card, _, stands = token.partition("=")
    card = card.split(".")[0]
    return f"{card}={stands}" if stands else card


def _meld_key(group: list[str]) -> tuple:
    """What the player sees in one meld: a set (its real cards share a rank) by rank, size
    and jokers, since which copy or suit of that rank lands in which of two sets makes no
    difference; a run by its cards and where each joker stands, ignoring deck copies."""
    real = [_plain(c) for c in group if not c.startswith("JK")]
    ranks = {split_card(c)[0] for c in real}
    if (len(ranks) == 1 and len(real) > 1) or not real:
        return ("set", next(iter(ranks), ""), len(group), len(group) - len(real))
    return ("run",) + tuple(sorted(_plain(c) for c in group))


def distinct_laydowns(options: list[str]) -> list[str]:
    """The ``meld`` actions a player would tell apart, the first of each kind kept in
    order (DUN-8 chooser). Two lay-downs are the same when they use the same cards by rank
    and suit (deck copies ``"8S"`` / ``"8S.1"`` are alike: the same cards stay in hand)
    and their melds match by ``_meld_key`` (the same 7 eights split differently over two
    sets, or a joker in either set, are one choice; a joker at another place in a run, or
    another card kept in hand, is another). Raises nothing."""
    seen = set()
    out = []
    for action in options:
        groups = meld_groups(action)
        cards = tuple(sorted(_plain(c).split("=")[0] for g in groups for c in g))
        key = (cards, tuple(sorted(_meld_key(g) for g in groups)))
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def kept_cards(hand: list[str], action: str) -> list[str]:
    """The cards of ``hand`` (notation, in its order) that a ``meld`` action leaves in
    hand: each meld token (``"2H.1"``, ``"JK.1=A"``) takes its own card, deck copy and
    all. Raises nothing; tokens not in ``hand`` are ignored."""
    rest = list(hand)
    for group in meld_groups(action):
        for token in group:
            card = token.split("=")[0]
            if card in rest:
                rest.remove(card)
    return rest


def laydown_label(lang: str, action: str, hand: list[str]) -> str:
    """The accessible name of a lay-down chooser button (DUN-8): the button's text, then
    every meld's cards in words, melds apart by ";", and the cards it keeps in hand:
    "Lay down two of spades, two of hearts and two of hearts; four of hearts, ...; keep
    ace of hearts, ... and joker" ("Lägg ut spader två, ...; behåll ..."), so that ways
    differing only in a kept card are told apart."""
    melds = "; ".join(cards_names(lang, group) for group in meld_groups(action))
    kept = kept_cards(hand, action)
    return t(lang, "dk_way_label", melds=melds,
             kept=cards_names(lang, kept) if kept else t(lang, "dk_way_none"))


def selectable(legal: list[str], card: str) -> bool:
    """True when ``card`` appears in some legal action (discard, lay off, replace, meld)."""
    for a in legal:
        words = a.split()
        if words[0] in ("discard", "layoff", "replace") and words[1] == card:
            return True
        if words[0] == "meld" and any(w.split("=")[0] == card for w in words[1:]):
            return True
    return False


def targets(legal: list[str], card: str) -> dict[str, list[dict]]:
    """For one selected card: ``{meld name: [{"kind": "layoff"|"replace", "end": None|
    "low"|"high", "action"}]}`` of the legal lay-offs and joker replacements (DUN-9,
    DUN-11)."""
    out: dict[str, list[dict]] = {}
    for a in legal:
        words = a.split()
        if words[0] in ("layoff", "replace") and words[1] == card:
            end = words[3] if len(words) > 3 else None
            out.setdefault(words[2], []).append({"kind": words[0], "end": end, "action": a})
    return out


def plan(view: dict, selected: list[str], lang: str, sort: str = "suit") -> dict:
    """The interactive parts of the Dunka table.

    Returns ``{"hand": [{card, playable, action, selected}] in display order,
    "stock": action|None, "pile": action|None, "targets": {meld: [...]}, "buttons":
    [{id, label, action, enabled}], "status": text, "selected": [...],
    "laydowns": [meld actions] (the legal lay-downs, best first)}``.
    """
    st = view["state"]
    legal = list(view.get("legal", []))
    phase = st["phase"]
    hand = sort_hand(st["hand"], sort)
    sel = [c for c in selected if c in hand and selectable(legal, c)]
    if phase in ("opening",):
        sel = sel[-1:]
    cards = [{"card": c, "playable": selectable(legal, c), "action": None,
              "selected": c in sel} for c in hand]
    laydowns = [a for a in legal if a.startswith("meld ")]
    buttons: list[dict] = []
    game = view.get("game", "dunka")
    if "dunk" in legal:
        buttons.append({"id": "dunk", "label": t(lang, claim_key(game, "dk_btn_dunk")),
                        "action": "dunk", "enabled": True})
    if "pass" in legal:
        buttons.append({"id": "pass", "label": t(lang, "dk_btn_pass"), "action": "pass",
                        "enabled": True})
    if laydowns or (sel and phase == "play" and not st["laid_down"][view["human"]]
                    and any(a.startswith("discard ") for a in legal)):
        # enabled with any selection: a tap then shows the arrangements or says why not
        buttons.append({"id": "laydown", "label": t(lang, "dk_btn_laydown"), "action": None,
                        "enabled": bool(laydowns or sel)})
    discard = f"discard {sel[0]}" if len(sel) == 1 else None
    if any(a.startswith("discard ") for a in legal):
        # the card it throws is on the button; with several selected it throws none
        buttons.append({"id": "discard", "label": t(lang, "dk_btn_discard"),
                        "action": discard if discard in legal else None,
                        "enabled": discard in legal,
                        "card": sel[0] if discard in legal else None})
    if "next" in legal:
        buttons.append({"id": "next-round", "label": t(lang, "dk_btn_next_round"),
                        "action": "next", "enabled": True})
    if sel:
        buttons.append({"id": "clear", "label": t(lang, "btn_clear"), "action": None,
                        "enabled": True, "short": t(lang, "btn_clear_short")})
    return {"hand": cards,
            "stock": "draw stock" if "draw stock" in legal else None,
            "pile": "draw pile" if "draw pile" in legal else None,
            "targets": targets(legal, sel[0]) if len(sel) == 1 else {},
            "buttons": buttons, "selected": sel, "laydowns": laydowns,
            "status": status_line(view, sel, lang)}


def status_line(view: dict, sel: list[str], lang: str) -> str:
    """One sentence: whose turn it is and what the human may do now."""
    st = view["state"]
    legal = view.get("legal", [])
    human = view["human"]
    players = view.get("players", [])

    def name(seat):
        return display_name(lang, players, seat, human)

    phase = st["phase"]
    if st.get("over"):
        return t(lang, "st_over")
    if phase == "round_over":
        return t(lang, "dk_st_round_over", n=st["round"])
    if legal:
        if phase == "claim":
            claim = st.get("claim") or {}
            return t(lang, claim_key(view.get("game", "dunka"), "dk_st_claim"),
                     name=name(claim.get("discarder", 0)),
                     card=card_name(lang, claim.get("card", "")))
        if phase == "after_dunk":
            return t(lang, "dk_st_after_dunk")
        if phase == "opening":
            return t(lang, "dk_st_opening")
        if phase == "draw":
            if st.get("pile_top"):
                return t(lang, "dk_st_draw_pile", card=card_name(lang, st["pile_top"]))
            return t(lang, "dk_st_draw")
        if phase == "play":
            if st["laid_down"][human] and len(st["hand"]) == 1 and not any(
                    a.startswith(("layoff ", "replace ", "meld ")) for a in legal):
                # the last card can only be discarded, which goes out (DUN-13, ELV-10)
                return t(lang, "dk_st_last_card")
            if len(sel) == 1:
                # "Tap Discard" only when the card may be discarded (not the card just
                # taken from the pile, nor a joker, ...): else the Discard button is off
                keep = "" if f"discard {sel[0]}" in legal else "_keep"
                if st["laid_down"][human]:
                    # "or a highlighted meld" only when one is highlighted (new-user check)
                    fits = any(a.startswith((f"layoff {sel[0]} ", f"replace {sel[0]} "))
                               for a in legal)
                    kind = "dk_st_selected_layoff" if fits else "dk_st_selected_nofit"
                    return t(lang, kind + keep, card=card_name(lang, sel[0]))
                return t(lang, "dk_st_selected" + keep, card=card_name(lang, sel[0]))
            if len(sel) > 1:
                if st["laid_down"][human] and not any(a.startswith("meld ") for a in legal):
                    # laid down in Dunka: no Lay down button, no new meld (DUN-9)
                    return t(lang, "dk_st_selected_many_laid", n=len(sel))
                return t(lang, "dk_st_selected_many", n=len(sel))
            if st["laid_down"][human]:
                return t(lang, "dk_st_play_laid")
            if any(a.startswith("meld ") for a in legal):
                return t(lang, "dk_st_play_can_lay")
            return t(lang, "dk_st_play")
    actor = view.get("actor")
    if phase == "claim" and actor is not None:
        return t(lang, claim_key(view.get("game", "dunka"), "dk_st_wait_claim"),
                 name=name(actor))
    if actor is None:
        return t(lang, "st_over")
    return t(lang, "st_wait", name=name(actor))


def no_laydown_text(lang: str, st: dict, selected: list[str], keeps_discard: bool) -> str:
    """The reason line when Lay down finds no arrangement of the ``selected`` cards: with
    every card of the hand (``st["hand"]``) selected in a round where a card must be kept
    for the discard (``keeps_discard``: ``State.keeps_discard()``, ELV-10) that rule;
    else that the cards do not form the round's contract."""
    if keeps_discard and selected and len(selected) == len(st["hand"]):
        return t(lang, "why_must_keep_discard")
    return t(lang, "dk_no_laydown", contract=contract_text(lang, st["contract_melds"]))


def describe_event(lang: str, ev: dict, players: list[dict], human: int,
                   game: str = "dunka") -> str | None:
    """A sentence for the live region and the move history, or None for quiet events; the
    human's (seat ``human``) own moves in the second person ("You discard ..."). A
    computer's draw from the stock names no card. ``game``: ``"elvakort"`` words a claim
    as taking the discard out of turn (``claim_key``)."""
    def name(seat):
        return display_name(lang, players, seat, human)

    kind = ev.get("type")
    p = ev.get("player")
    mine = p == human  # the human's own moves are told in the second person (move history)
    if kind == "draw" and ev.get("source") == "pile":
        card = card_name(lang, ev.get("card", ""))
        return t(lang, "dk_ev_draw_pile_you", card=card) if mine else \
            t(lang, "dk_ev_draw_pile", name=name(p), card=card)
    if kind == "draw":
        return t(lang, "dk_ev_draw_stock_you") if mine else \
            t(lang, "dk_ev_draw_stock", name=name(p))
    if kind in ("discard", "layoff", "replace"):
        card = card_name(lang, ev["card"])
        return t(lang, f"dk_ev_{kind}_you", card=card) if mine else \
            t(lang, f"dk_ev_{kind}", name=name(p), card=card)
    if kind == "claim":
        if mine:
            return t(lang, claim_key(game, "dk_ev_claim_you"), card=card_name(lang, ev["card"]))
        return t(lang, claim_key(game, "dk_ev_claim"), name=name(p),
                 card=card_name(lang, ev["card"]))
    if kind == "meld":  # the contract, or (Elvakort, ELV-8) further melds after it
        key = "dk_ev_meld_further" if ev.get("further") else "dk_ev_meld"
        return t(lang, key + "_you") if mine else t(lang, key, name=name(p))
    if kind == "reshuffle":
        return t(lang, "dk_ev_reshuffle")
    if kind == "turn_up" or (kind == "deal" and ev.get("pile")):  # DUN-5, ELV-4
        return t(lang, "dk_ev_turn_up",
                 card=card_name(lang, ev["card" if kind == "turn_up" else "pile"]))
    if kind == "stock_exhausted":
        return t(lang, "dk_ev_stock_exhausted")
    if kind == "turn_limit":
        return t(lang, "dk_ev_turn_limit", n=ev.get("limit", ev.get("turns", "")))
    if kind == "round_end":
        out = ev.get("out")
        if out is None:
            return t(lang, "dk_ev_round_end_none", n=ev["round"])
        if out == human:
            return t(lang, "dk_ev_round_end_you", n=ev["round"])
        return t(lang, "dk_ev_round_end", n=ev["round"], name=name(out))
    if kind == "game_over":
        winners = ev.get("winners") or []
        if human in winners and len(winners) == 1:
            return t(lang, "dk_ev_game_over_you")
        return t(lang, "dk_ev_game_over", names=", ".join(name(w) for w in winners))
    return None


def round_points(lang: str, entry: dict) -> list[tuple[str, str]]:
    """Each seat's points of a finished round beside its running total after that round,
    as a round's result shows them (issue 32: a new user had to open the scoresheet to
    see where they stood): ``[(points, total)]`` in seat order, e.g. ``("45", "totalt
    120")`` / ``("−60", "total −15")`` (``model.number``: a real minus sign). ``entry``:
    a scoresheet round (``points``; ``totals``: the totals after it, DUN-18, ELV-14); a
    seat without a whole-number total (a damaged entry) gets ``""`` there. Raises
    nothing.

    >>> round_points("en", {"points": [45, 0], "totals": [120, 35]})
    [('45', 'total 120'), ('0', 'total 35')]
    """
    points = entry.get("points") or []
    totals = entry.get("totals") or []
    out = []
    for seat, pts in enumerate(points):
        total = totals[seat] if seat < len(totals) else None
        whole = isinstance(total, int) and not isinstance(total, bool)
        out.append((number(pts), t(lang, "dk_points_total", n=number(total)) if whole else ""))
    return out


def leaders(totals: list[int], lower_wins: bool = True) -> list[int]:
    """The seats with the best total: the lowest in Dunka (DUN-17), the highest in
    Elvakort (ELV-14); empty before any points."""
    if not totals or not any(totals):
        return []
    best = min(totals) if lower_wins else max(totals)
    return [i for i, x in enumerate(totals) if x == best]
