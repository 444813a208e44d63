"""Pass-and-play screens (issue 12): the "Pass to Anna" screen between two people's
turns, and the one prompt for a claim of a discard or a Durak throw-in out of turn.

``Privacy.screen()`` tells the controller what to draw instead of the table: ``"pass"``
when a person is to act (``Session.human``) who is not the one who saw the table last
(``seen``; nobody after a reload, so a reloaded game always starts here), ``"prompt"``
while ``Session.out_of_turn()`` asks several people at once, else None (the table). Both
screens hold no card of any hand: only public cards (the discard asked about, the cards
of the bout) and names, set with ``textContent`` (a name is never markup).

A person's hand is on the page only from their tap on "show my cards" until their turn
passes to someone else (``after_move``, ``game.people.holds_turn``): while the computers
play after them, and whenever nobody has tapped (a reload), the table is drawn with the
hand face down (``covers``, ``game.people.face_down``): card backs, no faces in the page.

The "Pass to" screen first tells the person what happened since their last own move,
from the move history (``game.web.moves``). Hints and the hand sort are kept per person
(by name, in the preferences' ``people``) and switched when a person takes the device.

One person (every one-person game, lessons and embedded tables) never sees these screens.
PyScript glue: ``self.app`` is ``game.web.main.App``.
"""

from __future__ import annotations

from game import people
from game.i18n import card_name, t
from game.web.dom import card_el, h

PERSON_PREFS = ("hints", "dunka_sort")
"""The preferences each person keeps for themself."""


def _own_move(event: dict, seat: int) -> bool:
    """True when the move history's ``event`` is a move ``seat`` made (not the notice that
    their turn began or a limit reached)."""
    return event.get("player") == seat \
        and event.get("type") not in ("turn", "turn_limit", "dry_limit")


class Privacy:
    """The pass-and-play screens of the table shown (``app.session``)."""

    def __init__(self, app) -> None:
        self.app = app
        self.seen: int | None = None  # the person who last saw the table (None: nobody)
        self.pressed: list[int] = []  # people who pressed their name in a claim prompt
        # per person: where the move history stood when the device left them
        # ((round key, events of that round)), so "since your last turn" starts there
        self.left_at: dict[int, tuple] = {}

    def reset(self) -> None:
        """A session was shown afresh (boot, resume, new game): nobody has seen it."""
        self.seen = None
        self.pressed = []
        self.left_at = {}

    def new_deal(self) -> None:
        """A new hand or round was dealt from a result everyone looked at: the person to
        play first gets the "Pass to" screen whoever tapped Next. (When they were the one
        who saw the table last, their new cards were shown to whoever held the device:
        new-user check, Tonk, the knocker leading the next hand.) Durak's next game goes
        through ``reset`` (``show_table``)."""
        self.hand_over()   # their news starts with the new deal

    def hand_over(self) -> None:
        """The person who saw the table last (``seen``) may have handed the device on:
        their preferences and their place in the move history are kept, and nobody's
        hand shows until a person taps "show my cards" (``covers``)."""
        if self.seen is not None:
            self.keep_prefs(self.seen)
            self.leave(None)
        self.seen = None

    def after_move(self) -> None:
        """After any move (the person's, a computer's, a prompt's): when the turn of the
        person who saw the table last has passed to someone else
        (``game.people.holds_turn``), their hand goes face down at once, not only when
        the next person is to act (issue 32: while the computers played for 2.7 s, the
        hand of the person who had just played stayed face up, and the phone handed on
        at once showed it)."""
        if self.active() and self.seen is not None \
                and not people.holds_turn(self.app.session, self.seen):
            self.hand_over()

    def covers(self, view: dict) -> bool:
        """True when the table about to be drawn from ``view`` (``Session.view()``) must
        show its hand face down (``game.people.face_down``): at a table of several people
        the hand is not that of the person who tapped "show my cards" and is still in
        their turn (a computer plays after them; a reload). Between rounds and after the
        game every hand is public (the result shows them), and the table is drawn as it
        is."""
        s = self.app.session
        return self.active() and view.get("human") != self.seen \
            and not s.between and not s.state.is_over()

    def active(self) -> bool:
        """True for a table of two or more people (never in a lesson or a frame)."""
        app = self.app
        return app.session is not None and len(app.session.humans) > 1 \
            and not app.teach.active and not app.embed

    def screen(self) -> str | None:
        """``"prompt"``, ``"pass"`` or None (draw the table); see the module text."""
        if not self.active():
            return None
        s = self.app.session
        if s.out_of_turn() is not None:
            return "prompt"
        if self.seen == s.human or s.waiting() != "human" or s.between:
            # their own table; or a computer's move or a result, which everyone may
            # see: the table, any hand on it face down (``covers``)
            return None
        return "pass"

    # ------------------------------------------------------------ drawing

    def name(self, seat: int) -> str:
        """A seat's name as typed (for a computer, its name in the page's language)."""
        from game.web.model import translate_name
        players = self.app.session.players
        return translate_name(self.app.lang, people.clean_name(str(players[seat]["name"])))

    def render(self, kind: str):
        """The screen ``kind`` (``"pass"`` or ``"prompt"``) as one element. The live
        region is emptied: its last sentence was told to the person before (the "Pass to"
        screen lists what happened since)."""
        from pyscript import document
        live = document.getElementById("live")
        if live:
            live.textContent = ""
        box = self.pass_el() if kind == "pass" else self.prompt_el()
        lobby = h("button", {"type": "button", "class": "ui-btn", "data-ui": "lobby"},
                  text=t(self.app.lang, "btn_lobby"))
        box.appendChild(h("div", {"class": "lobby-actions"}, lobby))
        return box

    def pass_el(self):
        lang = self.app.lang
        s = self.app.session
        seat = s.human
        self.leave(seat)
        name = self.name(seat)
        box = h("section", {"class": "panel privacy", "id": "privacy", "data-screen": "pass",
                            "data-person": seat, "aria-labelledby": "pp-h"},
                h("h2", {"id": "pp-h"}, text=t(lang, "pp_pass_to", name=name)),
                h("p", {"class": "hint"}, text=t(lang, "pp_pass_hint", name=name)),
                h("button", {"type": "button", "class": "ui-btn primary", "data-ui": "pp-show",
                             "id": "pp-show"}, text=t(lang, "pp_show", name=name)))
        lines = self.since_last_turn(seat)
        had_turn = self.had_turn(seat)
        if not lines and not had_turn:
            return box  # their first turn of the game: nothing to tell yet
        # before the person's first turn the lines are the deal's news and the others'
        # moves so far: no "last turn" to speak of (a new user saw "Since your last turn");
        # handed back after a claim prompt in the middle of their turn, the turn goes on
        drew = self.mid_turn(seat)
        box.appendChild(h("h3", {"id": "pp-since-h"}, text=t(
            lang, "pp_goes_on" if drew else "pp_since" if had_turn else "pp_so_far")))
        if lines:
            items = h("ol", {"class": "move-list", "id": "pp-since",
                             "aria-labelledby": "pp-since-h"})
            for line in lines:
                items.appendChild(h("li", text=line))
            box.appendChild(items)
        else:
            box.appendChild(h("p", {"class": "hint", "id": "pp-since"},
                              text=t(lang, "pp_goes_on_none" if drew else "pp_since_none")))
        return box

    def _history(self) -> list[dict]:
        history = self.app.move_history
        history.sync()
        return history.log.rounds if history.log is not None else []

    def leave(self, seat: int | None) -> None:
        """The device leaves the person who saw the table last (for ``seat``, or for a
        prompt when None): remember where the move history stood for them."""
        if self.seen is not None and self.seen != seat:
            rounds = self._history()
            if rounds:
                self.left_at[self.seen] = (rounds[-1]["key"], len(rounds[-1]["events"]))

    def since_last_turn(self, seat: int) -> list[str]:
        """The move history's sentences since the device last left ``seat`` (after a
        reload: since their last own move; all of the rounds kept when they have not
        moved yet), oldest first."""
        rounds = self._history()
        events: list[dict] = []
        start = None
        mark = self.left_at.get(seat)
        for r in rounds:
            if mark is not None and r["key"] == mark[0] and mark[1] <= len(r["events"]):
                start = len(events) + mark[1]
            events += r["events"]
        if start is None:
            start = 1 + max((i for i, ev in enumerate(events) if _own_move(ev, seat)),
                            default=-1)
        return self.app.move_history.lines(events[start:])

    def mid_turn(self, seat: int) -> bool:
        """True when ``seat`` is handed the device in the middle of their own turn: their
        last move in the move history is a draw from the stock or the pile of a game with
        one (DUN-6, ELV-5, TONK-6), not yet followed by the turn's discard: back after a
        claim prompt the others answered (DUN-7, ELV-6: the dunker gets no turn, the
        drawer's turn goes on), or after a reload."""
        if self.app.session.game not in ("dunka", "elvakort", "tonk"):
            return False   # a Durak "draw" is the refill after a bout, not a turn's start
        own = self.own_moves(seat)
        return bool(own) and own[-1].get("type") == "draw"

    def had_turn(self, seat: int) -> bool:
        """True when ``seat`` has had a turn in this game as far as the page knows: the
        device has left them (``left_at``), or a kept round of the move history holds a
        move of theirs (after a reload)."""
        return seat in self.left_at or bool(self.own_moves(seat))

    def own_moves(self, seat: int) -> list[dict]:
        """``seat``'s own moves in the kept rounds of the move history, oldest first."""
        return [ev for r in self._history() for ev in r["events"] if _own_move(ev, seat)]

    def prompt_el(self):
        lang = self.app.lang
        s = self.app.session
        self.leave(None)
        prompt = s.out_of_turn()
        box = h("section", {"class": "panel privacy", "id": "privacy",
                            "data-screen": prompt["kind"], "aria-labelledby": "pp-h"})
        if prompt["kind"] == "claim":
            title = "pp_claim_title_elvakort" if s.game == "elvakort" else "pp_claim_title"
            box.appendChild(h("h2", {"id": "pp-h"}, text=t(lang, title)))
            box.appendChild(card_el(lang, prompt["card"], "div", "small claim-card",
                                    {"id": "pp-card"}))
            box.appendChild(h("p", text=t(lang, "pp_claim_text",
                                          name=self.name(prompt["discarder"]),
                                          card=card_name(lang, prompt["card"]))))
            self.pressed = [p for p in self.pressed if p in prompt["people"]]
            row = h("div", {"class": "lobby-actions", "role": "group",
                            "aria-labelledby": "pp-h"})
            for seat in prompt["people"]:
                row.appendChild(h("button", {
                    "type": "button", "class": "ui-btn", "data-ui": "pp-claim",
                    "data-seat": seat,
                    "aria-pressed": "true" if seat in self.pressed else "false"},
                    text=self.name(seat)))
            box.appendChild(row)
            done = {"type": "button", "class": "ui-btn primary", "data-ui": "pp-claim-go"}
            nobody = {"type": "button", "class": "ui-btn", "data-ui": "pp-nobody"}
            # one answer at a time: "Done" once a name is pressed, else "Nobody"
            (nobody if self.pressed else done)["aria-disabled"] = "true"
            box.appendChild(h("div", {"class": "lobby-actions"},
                              h("button", done, text=t(lang, "pp_claim_go")),
                              h("button", nobody, text=t(lang, "pp_nobody"))))
            return box
        st = s.state
        box.appendChild(h("h2", {"id": "pp-h"}, text=t(lang, "pp_throw_title")))
        # the defender takes (DUR-15): what is thrown in now goes with the rest
        box.appendChild(h("p", text=t(lang, "pp_throw_taking" if st.taking else "pp_throw_text",
                                      name=self.name(st.defender))))
        bout = h("div", {"class": "pp-bout", "role": "group",
                         "aria-label": t(lang, "pp_table_cards")})
        for attack, defence in st.table:  # public: the cards of the bout, as on the table
            pair = h("div", {"class": "pair"}, card_el(lang, str(attack), "div", "small attack"))
            if defence is not None:  # laid on the attack card it beats (DUR-12)
                pair.appendChild(card_el(lang, str(defence), "div", "small defence"))
            bout.appendChild(pair)
        box.appendChild(bout)
        row = h("div", {"class": "lobby-actions", "role": "group", "aria-labelledby": "pp-h"})
        for seat in prompt["people"]:  # plain buttons: nobody is chosen before a tap
            row.appendChild(h("button", {"type": "button", "class": "ui-btn pp-name",
                                         "data-ui": "pp-throw", "data-seat": seat},
                              text=self.name(seat)))
        row.appendChild(h("button", {"type": "button", "class": "ui-btn",
                                     "data-ui": "pp-nobody"}, text=t(lang, "pp_nobody")))
        box.appendChild(row)
        return box

    # ------------------------------------------------------------ taps

    def on_click(self, ui: str, el) -> None:
        """A tap on one of the screens' buttons (``data-ui`` starting ``pp-``)."""
        app = self.app
        s = app.session
        if s is None:
            return
        if ui == "pp-show":
            self.show_to(s.human)
            return
        seat_text = str(el.getAttribute("data-seat") or "")
        seat = int(seat_text) if seat_text.isdigit() else None
        if ui == "pp-claim" and seat is not None:
            if seat in self.pressed:
                self.pressed.remove(seat)
            else:
                self.pressed.append(seat)
            app.render()
            return
        if ui == "pp-claim-go" and not self.pressed:
            return
        if ui == "pp-nobody" and self.pressed and (s.out_of_turn() or {}).get("kind") == "claim":
            return  # a name is pressed: "Nobody" would overrule it (unpress the name first)
        if ui in ("pp-claim-go", "pp-nobody") and s.out_of_turn() is not None:
            before = self.seen
            asked = set(s.out_of_turn()["people"])
            self.leave(None)
            self.seen = None  # the device went round: whoever is next gets "Pass to"
            if s.out_of_turn()["kind"] == "claim":
                pressed, self.pressed = list(self.pressed), []
                events = people.resolve_claims(s, pressed)
            else:
                events = people.resolve_throws(s)
            if before is not None and s.human == before and s.out_of_turn() is None \
                    and asked <= {before}:
                # nobody else was asked, so the device never left the person who goes on;
                # when another person answered, it may be in their hands: "Pass to" first
                self.seen = before
            app.after_others(events)
            return
        if ui == "pp-throw" and seat is not None:
            people.choose_thrower(s, seat)
            app.save_session()
            app.render()
            app.schedule()

    def show_to(self, seat: int) -> None:
        """``seat`` tapped "show my cards": their preferences, a clean reason line and
        selection, then the table."""
        app = self.app
        if self.seen is not None:
            self.keep_prefs(self.seen)
        self.seen = seat
        app.session.viewer = seat
        self.load_prefs(seat)
        app.reason_text = ""
        app.log_events = []
        from pyscript import document
        live = document.getElementById("live")
        if live:
            live.textContent = ""  # a sentence told to the person before is stale
        if app.table is not None:
            app.table.reset()
        app.save_session()
        app.render()
        app.schedule()

    def keep_prefs(self, seat: int) -> None:
        """Remember ``seat``'s own preferences (``PERSON_PREFS``) under their name."""
        app = self.app
        store = app.prefs.setdefault("people", {})
        store[self.name(seat)] = {k: app.prefs.get(k) for k in PERSON_PREFS}
        app.save_prefs()

    def load_prefs(self, seat: int) -> None:
        """Make ``seat``'s own preferences the page's (unchanged when they have none)."""
        app = self.app
        mine = (app.prefs.get("people") or {}).get(self.name(seat)) or {}
        for key in PERSON_PREFS:
            if key in mine:
                app.prefs[key] = mine[key]
        table = app.table
        if table is not None and hasattr(table, "sort") and \
                app.prefs.get("dunka_sort") in ("suit", "rank"):
            table.sort = app.prefs["dunka_sort"]
