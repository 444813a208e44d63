"""What the Durak table shows and what each click does, computed from a session view.

Pure Python (no browser imports) so it runs and is tested in CPython. ``main.py`` turns
the plan into DOM elements. The only source of legality is ``view["legal"]``: a card or
button carries an action only when that action text is in it.
"""

from __future__ import annotations

from ..i18n import card_name, cards_names, t
from ..people import PDI, isolate

SPEEDS = {"slow": 1400, "normal": 750, "fast": 300, "instant": 0}
"""Per speed setting, the pause in ms before a computer player's move that starts its turn
(and before every Durak move): ``bot_delay`` shortens the rest."""

TURN_SHARE = 0.7
"""A rummy or Tonk computer player's first move of its turn (its draw) waits this share
of the speed's pause: 525 ms at "normal". A new user waited about 10 s for three
computers' turns at four-player Dunka, with 750 ms before each move and each claim
window (issue 32; bench/pace.py)."""

FOLLOW_SHARE = 0.35
"""A rummy or Tonk computer player's moves after the first of its turn (lay down, lay off,
discard) wait this share of the speed's pause: 262 ms at "normal", no shorter than a
card's flight (``prefs.ANIM_MS``: 260 ms), so the card drawn has landed before the
discard leaves. Three turns of a draw and a discard then wait 2.4 s in all at
"normal" (with a lay-down 2.6 s), which leaves the page over a second of its own work
for the 4 s issue 32 asks (tests/test_table_pace.py)."""

FOLLOW_PHASES = {"dunka": ("opening", "play", "after_dunk"),
                 "elvakort": ("opening", "play", "after_dunk"),
                 "tonk": ("play",)}
"""Per game, the engine phases (``State.phase``) in which a computer player's next move
follows its own earlier move of the turn (or is the one discard of Dunka's and Elvakort's
opening round, DUN-5, ELV-4)."""

QUIET_PHASES = {"dunka": ("claim",), "elvakort": ("claim",)}
"""Per game, the phases in which a computer player's decision shows nothing by itself:
a claim window (DUN-7, ELV-6), where it mostly declines. No pause at any speed: the
person who just drew waited 1.6 s at "normal" for two computers to decline before they
could discard (issue 32). A claim it makes is drawn with the moves around it."""


def bot_delay(speed: str, game: str, phase: str | None) -> int:
    """The pause in ms before a computer player's next move: ``SPEEDS[speed]`` (an
    unknown speed as "normal") before every Durak move; in rummy and Tonk
    (``FOLLOW_PHASES``) ``TURN_SHARE`` of it before the first move of a turn and
    ``FOLLOW_SHARE`` of it in a turn it has begun; 0 in a claim window
    (``QUIET_PHASES``). ``phase``: the game state's ``phase`` (None for Durak). Raises
    nothing.

    >>> bot_delay("normal", "dunka", "draw"), bot_delay("normal", "dunka", "play")
    (525, 262)
    >>> bot_delay("normal", "elvakort", "claim"), bot_delay("normal", "durak", None)
    (0, 750)
    """
    base = SPEEDS.get(speed, SPEEDS["normal"])
    if phase in QUIET_PHASES.get(game, ()):
        return 0
    if game not in FOLLOW_PHASES:
        return base
    return round(base * (FOLLOW_SHARE if phase in FOLLOW_PHASES[game] else TURN_SHARE))


def _cards_of(action: str) -> list[str]:
    """The hand cards an action plays (``beat X T`` plays X only)."""
    words = action.split()
    verb, args = words[0], words[1:]
    if verb == "beat":
        return args[:1]
    if verb in ("attack", "throw", "transfer"):
        return args
    return []


def card_actions(legal: list[str], card: str) -> list[str]:
    """Every legal action that plays ``card`` from the hand."""
    return [a for a in legal if card in _cards_of(a)]


def rank_of(card: str) -> str:
    return card.split(".")[0][:-1]


def find_attack(legal: list[str], cards: list[str]) -> str | None:
    """The legal ``attack`` action that leads exactly ``cards``, if any."""
    want = sorted(cards)
    for a in legal:
        if a.startswith("attack ") and sorted(a.split()[1:]) == want:
            return a
    return None


def addressee(players: list[dict], human: int) -> int:
    """The seat told in the second person ("Du gick ut!", "You discard ..."): ``human`` at a
    table of one person; -1 (nobody) when several people share the screen (issue 12), where
    results, the move history and the live region are read by everyone and so name each
    person. ``players``: the view's ``[{name, kind}]``."""
    return human if sum(1 for p in players if p.get("kind") == "human") < 2 else -1


def display_name(lang: str, players: list[dict], seat: int, human: int) -> str:
    """A seat's name in the current language: "Du"/"You" for the human (at a table of
    one person; with several people, issue 12, everyone by name); a default computer
    name ("Dator 2" / "Computer 2") follows the language; other names as given."""
    if seat == addressee(players, human):
        return t(lang, "you")
    name = str(players[seat].get("name", "")) if seat < len(players) else ""
    return translate_name(lang, name) if name else t(lang, "bot_name", n=seat)


def translate_name(lang: str, name: str) -> str:
    """A saved name in the current language when it is one of the page's default names
    ("Du"/"You", "Dator 2"/"Computer 2", a person's "Spelare 3"/"Player 3"); any other
    name as it is, isolated (``people.isolate``: between FSI and PDI when it holds a
    right-to-left letter or a bidi control, so it cannot turn the sentence or element it is
    put in). Every name the tables, results, move history, one-line log, "Pass to" screens
    and past games show comes through here (``display_name``)."""
    for lg in ("sv", "en"):
        if name == t(lg, "you"):
            return t(lang, "you")
        for n in range(1, 9):
            if name == t(lg, "bot_name", n=n):
                return t(lang, "bot_name", n=n)
            if name == t(lg, "pp_default_name", n=n):
                return t(lang, "pp_default_name", n=n)
    return isolate(name)


def hand_label(lang: str, players: list[dict], human: int) -> str:
    """The title of the hand shown: "Din hand"/"Your hand" at a table of one person; with
    several people (issue 12) the person's own name, "Annas hand"/"Anna's hand"
    (``possessive``)."""
    if addressee(players, human) == human:
        return t(lang, "your_hand")
    name = display_name(lang, players, human, human)
    return t(lang, "pp_your_hand", whose=possessive(lang, name))


def number(n: int) -> str:
    """A whole number as the page shows it: ``65``, ``0``, ``−60`` (a real minus sign, not
    a hyphen)."""
    return f"\u2212{-n}" if n < 0 else str(n)


def possessive(lang: str, name: str) -> str:
    """``name``'s genitive: English "Anna's", "Jonas's"; Swedish "Annas", no "s" after
    s, x or z ("Jonas", "Max"), and ":s" after a digit or a sign ("R2:s", "Pappa 🦊:s"; a
    new user read "Pappa 🦊s hand"). Raises nothing; an empty name stays empty."""
    if not name:
        return name
    if lang != "sv":
        return name + "'s"
    last = name.rstrip(PDI)[-1:] or name[-1]  # an isolated name's own last letter
    if last.lower() in ("s", "x", "z"):
        return name
    return name + ("s" if last.isalpha() else ":s")


def clean_selection(view: dict, selected: list[str]) -> list[str]:
    """Drop selected cards that no longer make sense (not in hand, not playable, mixed)."""
    legal = view.get("legal", [])
    hand = view["state"]["hand"]
    out = [c for c in selected if c in hand and card_actions(legal, c)]
    if any(a.startswith("attack ") for a in legal):
        if out:
            r = rank_of(out[-1])
            out = [c for c in out if rank_of(c) == r]
    else:
        out = out[-1:]
    return out


def plan(view: dict, selected: list[str], lang: str) -> dict:
    """The interactive parts of the table.

    Returns ``{"hand": [{card, playable, action, selected}], "targets": {attack card:
    action}, "buttons": [{id, label, action, enabled}], "status": text, "selected": [...]}``.
    ``action`` is the one complete action a click performs (``None``: the click selects,
    or explains why it is not allowed).
    """
    st = view["state"]
    legal = list(view.get("legal", []))
    sel = clean_selection(view, selected)
    leading = any(a.startswith("attack ") for a in legal)
    hand = []
    for c in st["hand"]:
        acts = card_actions(legal, c)
        action = acts[0] if len(acts) == 1 else None
        hand.append({"card": c, "playable": bool(acts), "action": action,
                     "selected": c in sel})
    targets: dict[str, str] = {}
    if sel and not leading:
        for a in card_actions(legal, sel[0]):
            if a.startswith("beat "):
                targets[a.split()[2]] = a
    buttons = []
    if leading:
        buttons.append({"id": "attack", "label": t(lang, "btn_attack"),
                        "action": find_attack(legal, sel) if sel else None,
                        "enabled": bool(sel and find_attack(legal, sel))})
    transfers = [a for a in legal if a.startswith("transfer ")]
    if transfers:
        act = None
        if sel and f"transfer {sel[0]}" in transfers:
            act = f"transfer {sel[0]}"
        elif len(transfers) == 1:
            act = transfers[0]
        buttons.append({"id": "transfer", "label": t(lang, "btn_transfer"), "action": act,
                        "enabled": True})
    for verb, key in (("take", "btn_take"), ("done", "btn_done"), ("exchange", "btn_exchange")):
        if verb in legal:
            buttons.append({"id": verb, "label": t(lang, key), "action": verb, "enabled": True})
    return {"hand": hand, "targets": targets, "buttons": buttons, "selected": sel,
            "status": status_line(view, sel, lang)}


def status_line(view: dict, sel: list[str], lang: str) -> str:
    """One sentence: whose turn it is and what the human may do; for the table a bout's
    last move left (``Session.interim``, "interim" in the view): that the bout is over,
    its cards going to the discard pile or to the hand of the defender who takes."""
    st = view["state"]
    legal = view.get("legal", [])
    human = view["human"]
    players = view.get("players", [])

    def name(seat):
        return display_name(lang, players, seat, human)

    if st.get("over") or view.get("waiting") in ("game_over", "series_over"):
        told = verdict(lang, st.get("outcome") or {}, players, human)
        return told[0] if told else t(lang, "st_over")
    if view.get("interim"):  # the bout's last move, shown before it is cleared
        if not st.get("taking"):
            return t(lang, "ev_discard")
        if st["defender"] == human:
            return t(lang, "st_bout_taken_you")
        return t(lang, "st_bout_taken", name=name(st["defender"]))
    if legal:
        if any(a.startswith("attack ") for a in legal):
            if sel:
                return t(lang, "st_your_lead_selected", cards=cards_names(lang, sel))
            return t(lang, "st_your_lead", name=name(st["defender"]))
        if st["defender"] == human and not st.get("taking"):
            if sel:
                return t(lang, "st_defend_selected", card=card_name(lang, sel[0]))
            key = "st_defend_transfer" if any(a.startswith("transfer ") for a in legal) \
                else "st_defend"
            return t(lang, key, name=name(st["attacker"]))
        if any(a.startswith("throw ") for a in legal) or "done" in legal:
            if st.get("taking"):
                return t(lang, "st_throw_taking", name=name(st["defender"]))
            return t(lang, "st_throw")
        if legal == ["exchange"]:
            return t(lang, "st_exchange")
    actor = view.get("actor")
    if actor is None:
        to_act = st.get("to_act") or []
        actor = to_act[0] if to_act else st["attacker"]
    if actor != human and not st["table"] and st["defender"] == human:
        return t(lang, "st_wait_you_defend", name=name(actor))
    wait = t(lang, "st_wait", name=name(actor))
    if human in st.get("out", []) and addressee(players, human) == human:
        return t(lang, "st_out_won", wait=wait)   # the others play on (issue 32)
    return wait


def verdict(lang: str, outcome: dict, players: list[dict], human: int) -> list[str]:
    """A finished Durak game's result in words, each sentence a line, the person's own
    first (issue 32: a new user could not tell whether they had won). ``outcome``: the
    engine's ``outcome()`` (``{"durak": seat or None, ...}``; DUR-19: everyone but the
    Durak is out and has won, nobody lost in a draw); ``players``, ``human`` as in the
    view. At a table of one person: "Du är Durak!" / "You are the Durak!", or "Du är ute
    — du vann!" / "You are out — you won!" and then who is the Durak. With several
    people (``addressee`` -1) everyone is named: who is the Durak, then each other person
    "… är ute och vann!" / "… is out and won!". A draw: "Oavgjort: ingen är Durak." An
    outcome without a ``durak`` key gives ``[]``. Raises nothing."""
    if "durak" not in outcome:
        return []
    durak = outcome.get("durak")
    if durak is None:
        return [t(lang, "result_draw")]
    you = addressee(players, human)
    name = lambda seat: display_name(lang, players, seat, human)  # noqa: E731
    if durak == you:
        return [t(lang, "result_you_durak")]
    if you >= 0:
        return [t(lang, "result_you_won"), t(lang, "result_durak_other", name=name(durak))]
    people = [s for s, p in enumerate(players) if p.get("kind") == "human" and s != durak]
    return [t(lang, "result_durak", name=name(durak))] + \
        [t(lang, "result_person_won", name=name(s)) for s in people]


def intent(view: dict, card: str, selected: list[str]) -> str:
    """The action a player most likely meant by tapping ``card`` (not playable now), so
    the engine can say why it is not allowed."""
    st = view["state"]
    human = view["human"]
    if not st["table"]:
        return f"attack {card}"
    if st["defender"] == human:
        unbeaten = [a for a, d in st["table"] if d is None]
        target = unbeaten[0] if unbeaten else st["table"][0][0]
        return f"beat {card} {target}"
    return f"throw {card}"


def describe_event(lang: str, ev: dict, players: list[dict], human: int) -> str | None:
    """A sentence for the live region, or None for events not worth announcing."""
    def name(seat):
        return display_name(lang, players, seat, human)

    kind = ev.get("type")
    p = ev.get("player")
    if p == human and kind in ("attack", "throw", "beat", "take", "done"):
        # the human's own move in the second person ("You attack", not "You attacks")
        return t(lang, f"ev_{kind}_you", cards=cards_names(lang, ev.get("cards", [])),
                 card=card_name(lang, ev["card"]) if "card" in ev else "",
                 target=card_name(lang, ev["target"]) if "target" in ev else "")
    if kind in ("attack", "throw"):
        return t(lang, "ev_" + kind, name=name(p), cards=cards_names(lang, ev.get("cards", [])))
    if kind == "beat":
        return t(lang, "ev_beat", name=name(p), card=card_name(lang, ev["card"]),
                 target=card_name(lang, ev["target"]))
    if kind == "transfer" and p == human:
        return t(lang, "ev_transfer_by_you", cards=cards_names(lang, ev.get("cards", [])),
                 other=name(ev.get("defender", 0)))
    if kind == "exchange" and p == human:
        return t(lang, "ev_exchange_you", gave=card_name(lang, ev["gave"]),
                 got=card_name(lang, ev["got"]))
    if kind == "transfer" and ev.get("defender") == human:
        return t(lang, "ev_transfer_you", name=name(p), cards=cards_names(lang, ev.get("cards", [])))
    if kind == "transfer":
        return t(lang, "ev_transfer", name=name(p), cards=cards_names(lang, ev.get("cards", [])),
                 other=name(ev.get("defender", 0)))
    if kind == "out" and p == human:
        return t(lang, "ev_out_you")
    if kind == "out" and isinstance(p, int) and 0 <= p < len(players) \
            and players[p].get("kind") == "human":   # a person named (several people)
        return t(lang, "ev_out_person", name=name(p))
    if kind in ("take", "done", "out"):
        return t(lang, "ev_" + kind, name=name(p))
    if kind == "exchange":
        return t(lang, "ev_exchange", name=name(p), gave=card_name(lang, ev["gave"]),
                 got=card_name(lang, ev["got"]))
    if kind == "pick_up":
        n = len(ev.get("cards", []))
        cards = t(lang, "one_card") if n == 1 else t(lang, "n_cards", n=n)
        if p == human:
            return t(lang, "ev_pick_up_you", cards=cards)
        return t(lang, "ev_pick_up", name=name(p), cards=cards)
    if kind == "discard":
        return t(lang, "ev_discard")
    if kind == "deal" and "trump_card" in ev:   # a new game (State.opening_events)
        return t(lang, "ev_deal", card=card_name(lang, ev["trump_card"]))
    if kind == "bout" and ev["attacker"] == human:
        return t(lang, "ev_bout_you_attack", other=name(ev["defender"]))
    if kind == "bout" and ev["defender"] == human:
        return t(lang, "ev_bout_you_defend", name=name(ev["attacker"]))
    if kind == "bout":
        return t(lang, "ev_bout", name=name(ev["attacker"]), other=name(ev["defender"]))
    if kind == "game_over":
        if ev.get("durak") is None:
            return t(lang, "ev_game_over_draw")
        if ev["durak"] == human:
            return t(lang, "ev_game_over_you")
        if 0 <= human == addressee(players, human):   # issue 32: said plainly
            return t(lang, "ev_game_over_you_won", name=name(ev["durak"]))
        return t(lang, "ev_game_over_durak", name=name(ev["durak"]))
    return None


MOVE_EVENTS = ("attack", "throw", "beat", "transfer", "take", "done", "exchange")
"""Durak events that are a player's own move."""


def last_bout_from_events(events: list[dict], human: int) -> dict | None:
    """The bout that ended last, rebuilt from a game's events (the move history, after a
    reload), as ``finished_bout`` gives it: ``{"pairs": [(attack, defence or None)],
    "taken_by": seat or None}``; None when no bout has ended, or when the human has moved
    since (the page shows the last bout only until the human's next move).

    The bout's attack cards come from its ``attack``, ``throw`` and ``transfer`` events in
    order, each defence from the ``beat`` naming it as ``target``; it ended with a
    ``pick_up`` (DUR-14) or a ``discard`` (DUR-13)."""
    end = next((i for i in range(len(events) - 1, -1, -1)
                if events[i].get("type") in ("pick_up", "discard")), None)
    if end is None:
        return None
    if any(ev.get("player") == human and ev.get("type") in MOVE_EVENTS
           for ev in events[end + 1:]):
        return None
    start = next((i + 1 for i in range(end - 1, -1, -1)
                  if events[i].get("type") in ("bout", "pick_up", "discard")), 0)
    attacks: list[str] = []
    beaten: dict[str, str] = {}
    for ev in events[start:end]:
        kind = ev.get("type")
        if kind in ("attack", "throw", "transfer"):
            attacks.extend(str(c) for c in ev.get("cards", []))
        elif kind == "beat" and "target" in ev and "card" in ev:
            beaten[str(ev["target"])] = str(ev["card"])
    if not attacks:
        return None
    ender = events[end]
    return {"pairs": [(a, beaten.get(a)) for a in attacks],
            "taken_by": ender.get("player") if ender.get("type") == "pick_up" else None}


def history_lines(lang: str, events: list[dict], players: list[dict], human: int) -> list[str]:
    """The Durak move history's lines for ``events`` (engine events, oldest first): one
    line per move. A new bout (``bout``, DUR-7) and its first attack by that attacker are
    one line ("Bo attacks Al with the seven of spades."); a ``bout`` event no attack of
    its attacker follows (the game ended, or the history stops there) keeps its own line.
    Events ``describe_event`` does not tell give no line."""
    out: list[str] = []
    pending: dict | None = None   # a bout event waiting for its first attack

    def name(seat):
        return display_name(lang, players, seat, human)

    for ev in events:
        kind = ev.get("type")
        if kind == "bout":
            if pending is not None:
                text = describe_event(lang, pending, players, human)
                if text:
                    out.append(text)
            pending = ev
            continue
        if pending is not None and kind == "attack" and ev.get("player") == pending.get("attacker"):
            cards = cards_names(lang, ev.get("cards", []))
            defender = pending.get("defender")
            if ev.get("player") == human:
                out.append(t(lang, "ev_attack_on_you", other=name(defender), cards=cards))
            elif defender == human:
                out.append(t(lang, "ev_attack_on_human", name=name(ev.get("player")), cards=cards))
            else:
                out.append(t(lang, "ev_attack_on", name=name(ev.get("player")),
                             other=name(defender), cards=cards))
            pending = None
            continue
        text = describe_event(lang, ev, players, human)
        if not text:
            continue
        if pending is not None:   # something else happened first (a trump exchange)
            first = describe_event(lang, pending, players, human)
            if first:
                out.append(first)
            pending = None
        out.append(text)
    if pending is not None:
        text = describe_event(lang, pending, players, human)
        if text:
            out.append(text)
    return out


MIN_TAP_STRIP = 40.0
"""The narrowest visible strip of an overlapped card in the hand (CSS px): the part that
takes its tap. UX.md: "each hand card offers a strip of at least 40 px on a phone" (and
tap targets of 24 x 24 px or more); issue 32 asked for 40 px at 360 px, where a
twenty-card Dunka hand had 31.3 px strips in two rows and eleven Elvakort cards 28.2 px
in one (the floor was 26 px). Narrower than this, the hand wraps into more rows (UX.md:
"two rows for long rummy hands"): at 360 px (the hand 340 px inside, 58 px cards) up to
eight cards a row, so eleven or twelve cards are two rows of six (56.4 px), thirteen
two rows of seven and six (47 px), twenty three rows of seven, seven and six (47 px),
and a Durak hand of 24 after a take three rows of eight (40.3 px)."""


def fan(n: int, width: float, card_w: float, min_step: float | None = None,
        max_step: float | None = None) -> tuple[int, float]:
    """How to lay ``n`` cards in ``width`` px: (cards per row, horizontal step in px).

    Cards overlap when they do not fit side by side; when the visible strip of each card
    would be narrower than ``min_step`` (by default ``MIN_TAP_STRIP`` or 38 % of a wide
    card, whichever is more) the hand wraps into more rows.
    """
    if min_step is None:
        min_step = max(MIN_TAP_STRIP, card_w * 0.38)
    if n <= 0:
        return 1, card_w
    gap = 6.0
    max_step = card_w + gap if max_step is None else max_step
    per_row = n
    if n > 1 and (width - card_w) / (n - 1) < min_step:
        per_row = max(1, int((width - card_w) // min_step) + 1)
        rows = -(-n // per_row)
        per_row = -(-n // rows)  # balance the rows
    step = max_step if per_row <= 1 else min(max_step, (width - card_w) / (per_row - 1))
    return per_row, step


def finished_bout(pairs: list, events: list[dict]) -> dict:
    """The bout that just left the table (DUR-13, DUR-14), for showing it until the next one.

    ``pairs``: the bout as last drawn, ``[(attack, defence or None)]``; ``events``: the
    engine events of the move that ended it (a beat in that same move fills its pair, a
    throw-in in it adds one; a ``pick_up`` names the defender who took the cards). Returns
    ``{"pairs": [(attack, defence or None)], "taken_by": seat or None}`` (``None``: the
    cards were discarded)."""
    beaten = {ev["target"]: ev["card"] for ev in events
              if ev.get("type") == "beat" and "target" in ev and "card" in ev}
    out = [(a, d or beaten.get(a)) for a, d in pairs]
    on_table = {a for a, _ in out}
    for ev in events:
        if ev.get("type") in ("attack", "throw", "transfer"):
            for card in ev.get("cards", []):
                if str(card) not in on_table:
                    on_table.add(str(card))
                    out.append((str(card), beaten.get(str(card))))
    taken_by = next((ev.get("player") for ev in events if ev.get("type") == "pick_up"), None)
    return {"pairs": out, "taken_by": taken_by}
