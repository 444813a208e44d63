"""What the Tonk table shows and what each click does, computed from a session view.

Pure Python (no browser imports), tested in CPython; ``tonk_table.py`` turns the plan into
elements. Legality comes only from ``view["legal"]``: a card, pile, spread or button
carries an action only when that exact action text is legal (rules/tonk.md, the engine
``game.tonk``).

Also here: the sentences for engine events, the hand result (who paid whom and why) and
the geometry of the ledger's balance chart.
"""

from __future__ import annotations

from ..i18n import card_name, cards_names, t
from .model import addressee, display_name, number, possessive

CARD_VERBS = ("spread", "hit", "discard")
CHART_HANDS = 20
"""The chart shows the balances after at most this many of the last hands."""
CHART_W, CHART_H = 320, 160
CHART_PAD = {"left": 30, "right": 8, "top": 10, "bottom": 22}
COLOURS = ("#ffd54a", "#7fd1ff", "#ff9e80", "#c5a3ff")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")
LINE_GAP = 2.0
"""Seat lines are drawn this many units apart, so players with equal balances stay visible."""
"""Each seat's line: a colour, a dash pattern and a marker, so lines differ without colour."""


def _cards_of(action: str) -> list[str]:
    """The hand cards an action plays: ``spread A B C`` -> all three, ``hit C sN`` and
    ``discard C`` -> ``[C]``, others none."""
    words = action.split()
    if words[0] == "spread":
        return words[1:]
    if words[0] in ("hit", "discard"):
        return words[1:2]
    return []


def selectable(legal: list[str], card: str) -> bool:
    """True when ``card`` is played by some legal action (spread, hit or discard)."""
    return any(card in _cards_of(a) for a in legal if a.split()[0] in CARD_VERBS)


def spreads(legal: list[str]) -> list[str]:
    """The legal ``spread`` actions, longest first (then the engine's order)."""
    out = [a for a in legal if a.startswith("spread ")]
    return sorted(out, key=lambda a: -len(a.split()))


def spread_for(legal: list[str], cards: list[str]) -> str | None:
    """The legal ``spread`` action laying exactly ``cards`` (in any order), or None."""
    want = sorted(cards)
    for a in legal:
        if a.startswith("spread ") and sorted(a.split()[1:]) == want:
            return a
    return None


def hit_targets(legal: list[str], card: str) -> dict[str, str]:
    """For one selected card: ``{spread name "sN": "hit C sN"}`` of its legal hits."""
    out = {}
    for a in legal:
        words = a.split()
        if words[0] == "hit" and words[1] == card:
            out[words[2]] = a
    return out


def hand_value(cards: list[str]) -> int:
    """The total of cards in hand (TONK-1): ace 1, 2–10 face value, J/Q/K 10."""
    total = 0
    for card in cards:
        rank = card.split(".")[0][:-1]
        total += 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)
    return total


def plan(view: dict, selected: list[str], lang: str, knocking: bool = False) -> dict:
    """The interactive parts of the Tonk table.

    Returns ``{"hand": [{card, playable, action, selected}] (the engine's order, ace low),
    "stock": action|None, "pile": action|None, "targets": {"sN": hit action},
    "buttons": [{id, label, action, enabled}], "next": action|None, "selected": [...],
    "spreads": [legal spread actions, longest first], "status": text}``.

    Buttons: ``knock`` (when legal; it carries no action: it asks first, TONK-11 ends the
    hand at once), or while ``knocking`` (that question is shown) only ``knock-confirm``
    (the action) and ``knock-cancel``; ``end`` (stock dry), ``spread`` (a selection that is a
    legal spread carries its action; with no selection and a spread available it has none:
    the table selects the first spread's cards), ``discard`` (one selected card that may be
    discarded carries its action and names it: ``card``), ``clear`` (with a selection).
    """
    st = view["state"]
    legal = list(view.get("legal", []))
    hand = list(st["hand"])
    sel = [c for c in selected if c in hand and selectable(legal, c)]
    cards = [{"card": c, "playable": selectable(legal, c), "action": None,
              "selected": c in sel} for c in hand]
    can_spread = spreads(legal)
    buttons: list[dict] = []
    if "knock" in legal and knocking:  # "Knock with 23 points?": nothing else until answered
        total = hand_value(hand)
        return {"hand": [{**c, "playable": False, "selected": False} for c in cards],
                "stock": None, "pile": None, "targets": {}, "next": None, "selected": [],
                "spreads": [], "status": knock_terms(lang, total, st["stake"]),
                "buttons": [{"id": "knock-confirm", "label": t(lang, "tk_btn_knock_confirm"),
                             "action": "knock", "enabled": True},
                            {"id": "knock-cancel", "label": t(lang, "tk_btn_knock_cancel"),
                             "action": None, "enabled": True}]}
    if "knock" in legal:
        buttons.append({"id": "knock", "label": t(lang, "tk_btn_knock"), "action": None,
                        "enabled": True})
    if "end" in legal:
        buttons.append({"id": "end", "label": t(lang, "tk_btn_end"), "action": "end",
                        "enabled": True})
    spread = spread_for(legal, sel) if len(sel) >= 3 else None
    if can_spread or len(sel) >= 2:
        buttons.append({"id": "spread", "label": t(lang, "tk_btn_spread"), "action": spread,
                        "enabled": spread is not None or (not sel and bool(can_spread))})
    discard = f"discard {sel[0]}" if len(sel) == 1 else None
    if any(a.startswith("discard ") for a in legal):
        ok = discard in legal
        buttons.append({"id": "discard", "label": t(lang, "tk_btn_discard"),
                        "action": discard if ok else None, "enabled": ok,
                        "card": sel[0] if ok else None})
    if sel:
        buttons.append({"id": "clear", "label": t(lang, "btn_clear"), "action": None,
                        "enabled": True})
    return {"hand": cards,
            "stock": "draw stock" if "draw stock" in legal else None,
            "pile": "draw pile" if "draw pile" in legal else None,
            "targets": hit_targets(legal, sel[0]) if len(sel) == 1 else {},
            "buttons": buttons, "next": "next" if "next" in legal else None,
            "selected": sel, "spreads": can_spread,
            "status": status_line(view, sel, lang)}


def status_line(view: dict, sel: list[str], lang: str) -> str:
    """One sentence: whose turn it is and what the human may do now."""
    st = view["state"]
    legal = view.get("legal", [])
    human = view["human"]
    players = view.get("players", [])
    phase = st["phase"]
    if phase == "hand_over":
        return t(lang, "tk_st_hand_over", n=st["hand_no"])
    if legal:
        top = st.get("pile_top")
        if phase == "start":
            if st.get("stock_dry"):
                if "draw pile" in legal and top:
                    return t(lang, "tk_st_dry", card=card_name(lang, top))
                return t(lang, "tk_st_dry_nopile")
            if "knock" not in legal:
                return t(lang, "tk_st_start_locked")
            if "draw pile" in legal and top:
                return t(lang, "tk_st_start_pile", card=card_name(lang, top))
            return t(lang, "tk_st_start")
        if len(sel) == 1:
            return t(lang, "tk_st_selected", card=card_name(lang, sel[0]))
        if len(sel) > 1:
            if spread_for(legal, sel):
                return t(lang, "tk_st_selected_spread", n=len(sel))
            return t(lang, "tk_st_selected_many", n=len(sel))
        if spreads(legal):
            return t(lang, "tk_st_play_can_spread")
        return t(lang, "tk_st_play")
    actor = view.get("actor")
    if actor is None:
        return t(lang, "st_over")
    return t(lang, "st_wait", name=display_name(lang, players, actor, human))


# ---------------------------------------------------------------------------- results

def chips(lang: str, n: int) -> str:
    """``"1 chip"`` / ``"3 chips"`` (``"1 mark"`` / ``"3 marker"``)."""
    return t(lang, "tk_chips_1") if n == 1 else t(lang, "tk_chips", n=n)


def knock_terms(lang: str, total: int, stake: int) -> str:
    """The question before a knock with ``total`` points, with what it wins and what
    a caught knock costs in chips at ``stake`` chips a unit (TONK-11: 1 unit from each
    player; caught, 2 to each player as low or lower, and the lowest total gets 1 from
    each other player)."""
    return t(lang, "tk_st_knock_confirm", n=total, stake=chips(lang, stake),
             caught=chips(lang, 2 * stake))


def signed(n: int) -> str:
    """A balance with its sign: ``+3``, ``0``, ``−2`` (``model.number``: a real minus)."""
    return f"+{n}" if n > 0 else number(n)


def headline(lang: str, result: dict, players: list[dict], human: int) -> str:
    """The sentence that says how the hand ended (knock won or caught, tonk out, ...)."""
    def name(seat):
        return display_name(lang, players, seat, human)

    end = result["end"]
    p = result.get("player")
    if end == "knock":
        key = "tk_end_knock_caught" if result.get("caught") else "tk_end_knock_won"
        if key == "tk_end_knock_won" and p == human:  # "You ... win", not "wins"
            key = "tk_end_knock_won_you"
        return t(lang, key, name=name(p))
    if end in ("tonk_out", "out_by_discard"):
        return t(lang, f"tk_end_{end}", name=name(p))
    if end == "tonk_deal":
        winners = result.get("winners") or [p]
        return t(lang, "tk_end_tonk_deal", name=name(winners[0]))
    return t(lang, f"tk_end_{end}")


def payout_lines(lang: str, result: dict, players: list[dict], human: int) -> list[dict]:
    """Each payout as ``{"payer", "payee", "amount", "reason", "text", "why"}``: "Computer 1
    to You: 2 chips" and why, naming who did it ("You knocked with the lowest total":
    said of the payer it read as if the payer had knocked, a new-user check)."""
    def name(seat):
        return display_name(lang, players, seat, human)

    def to(seat):   # "Dator 1 till dig", not "till Du"
        you = seat == addressee(players, human)
        return t(lang, "you_object") if you else name(seat)

    out = []
    for pay in result.get("payouts", []):
        out.append({"payer": pay["payer"], "payee": pay["payee"], "amount": pay["amount"],
                    "reason": pay["reason"],
                    "text": t(lang, "tk_pay", payer=name(pay["payer"]),
                              payee=to(pay["payee"]), amount=chips(lang, pay["amount"])),
                    "why": t(lang, f"tk_reason_{pay['reason']}", payer=name(pay["payer"]),
                             payee=name(pay["payee"]))})
    return out


def describe_event(lang: str, ev: dict, players: list[dict], human: int) -> str | None:
    """A sentence for the live region and the move history, or None for quiet events; the
    human's (seat ``human``) own moves in the second person ("You discard ..."). A draw
    from the stock names no card."""
    def name(seat):
        return display_name(lang, players, seat, human)

    kind = ev.get("type")
    p = ev.get("player")
    if kind == "deal":  # with the card turned up to start the discard pile (TONK-4)
        pile = ev.get("pile") or []
        key = "tk_ev_deal_pile" if pile else "tk_ev_deal"
        card = card_name(lang, pile[-1]) if pile else ""
        if ev["dealer"] == human:
            return t(lang, key + "_you", n=ev["hand"], card=card)
        return t(lang, key, n=ev["hand"], name=name(ev["dealer"]), card=card)
    mine = p == human  # the human's own moves are told in the second person (move history)
    if kind in ("knock", "end"):
        return t(lang, f"tk_ev_{kind}_you") if mine else t(lang, f"tk_ev_{kind}", name=name(p))
    if kind == "draw" and ev.get("source") == "pile":
        card = card_name(lang, ev.get("card", ""))
        return t(lang, "tk_ev_draw_pile_you", card=card) if mine else \
            t(lang, "tk_ev_draw_pile", name=name(p), card=card)
    if kind == "draw":
        return t(lang, "tk_ev_draw_stock_you") if mine else \
            t(lang, "tk_ev_draw_stock", name=name(p))
    if kind == "discard":
        card = card_name(lang, ev["card"])
        return t(lang, "tk_ev_discard_you", card=card) if mine else \
            t(lang, "tk_ev_discard", name=name(p), card=card)
    if kind == "spread":
        cards = cards_names(lang, ev["cards"])
        return t(lang, "tk_ev_spread_you", cards=cards) if mine else \
            t(lang, "tk_ev_spread", name=name(p), cards=cards)
    if kind == "hit" and mine:
        if ev.get("owner", human) == human:
            return t(lang, "tk_ev_hit_own_you", card=card_name(lang, ev["card"]))
        return t(lang, "tk_ev_hit_you", card=card_name(lang, ev["card"]),
                 whose=possessive(lang, name(ev["owner"])))
    if kind == "hit":
        key = "tk_ev_hit_yours" if ev.get("owner") == human else "tk_ev_hit"
        return t(lang, key, name=name(p), card=card_name(lang, ev["card"]))
    if kind == "stock_dry":
        return t(lang, "tk_ev_stock_dry")
    if kind == "dry_limit":
        return t(lang, "tk_ev_dry_limit")
    if kind == "turn_limit":
        return t(lang, "tk_ev_turn_limit", n=ev.get("turns", 0))
    if kind == "hand_over":   # how it ended, and what it brought each player in chips
        text = headline(lang, ev["result"], players, human)
        net = [(s, n) for s, n in enumerate(ev["result"].get("net") or []) if n]
        if net:   # (a "Pass to" screen tells it: the chips were only in the side panel)
            # one sentence still (the one-line log tells a turn in one): before its stop
            stop = text[-1:] if text[-1:] in ".!" else ""
            text = text[:len(text) - len(stop)] + t(lang, "tk_ev_net", list=", ".join(
                f"{name(s)} {signed(n)}" for s, n in net)) + stop
        return text
    return None


# ---------------------------------------------------------------------------- the chart

def chart(history: list[dict], players: int, limit: int = CHART_HANDS) -> dict:
    """The balance chart's geometry (SVG user units, ``CHART_W`` × ``CHART_H``).

    ``history`` is the ledger's ``[{"hand", "balances"}]``. The chart starts from zero
    before the first shown hand and shows at most ``limit`` hands (the last ones). Returns
    ``{"hands": [hand numbers shown], "lo", "hi" (balance range, always including 0),
    "zero_y", "lines": [[(x, y), ...] per seat], "y_ticks": [(value, y)],
    "x_ticks": [(hand, x)], "width", "height"}``. Only numbers: the table draws it.
    """
    shown = history[-limit:]
    first = shown[0]["hand"] if shown else 1
    before = ([0] * players if len(history) <= limit
              else list(history[-limit - 1]["balances"]))
    series = [before] + [list(h["balances"]) for h in shown]
    values = [v for row in series for v in row] + [0]
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    left, right = CHART_PAD["left"], CHART_W - CHART_PAD["right"]
    top, bottom = CHART_PAD["top"], CHART_H - CHART_PAD["bottom"]
    steps = max(1, len(series) - 1)

    def x_of(i):
        return round(left + (right - left) * i / steps, 1)

    def y_of(v):
        return round(bottom - (bottom - top) * (v - lo) / (hi - lo), 1)

    def nudge(seat):  # equal balances stay visible as parallel lines
        return round((seat - (players - 1) / 2) * LINE_GAP, 1)

    lines = [[(x_of(i), round(y_of(row[seat]) + nudge(seat), 1)) for i, row in enumerate(series)]
             for seat in range(players)]
    ticks = sorted({lo, 0, hi})
    every = max(1, (len(shown) + 4) // 5)
    x_ticks = [(h["hand"], x_of(i + 1)) for i, h in enumerate(shown)
               if i % every == 0 or i == len(shown) - 1]
    return {"hands": [h["hand"] for h in shown], "first": first, "lo": lo, "hi": hi,
            "zero_y": y_of(0), "lines": lines, "y_ticks": [(v, y_of(v)) for v in ticks],
            "x_ticks": x_ticks, "width": CHART_W, "height": CHART_H}


def chart_text(lang: str, history: list[dict], players: list[dict], human: int,
               limit: int = CHART_HANDS) -> list[str]:
    """The chart as sentences (its text alternative): the hands shown, then each player's
    balance after each of those hands."""
    shown = history[-limit:]
    if not shown:
        return [t(lang, "tk_ledger_none")]
    out = [t(lang, "tk_chart_range", a=shown[0]["hand"], b=shown[-1]["hand"])]
    for seat in range(len(players)):
        values = ", ".join(signed(h["balances"][seat]) for h in shown)
        out.append(t(lang, "tk_chart_line", name=display_name(lang, players, seat, human),
                     values=values))
    return out
