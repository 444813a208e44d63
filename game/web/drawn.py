"""The cards a person just drew, marked in their hand until the turn's discard (new-user
check: with 11–13 overlapped cards a phone shows each as a 26 px strip,
and the card just taken had to be hunted for before discarding).

Pure Python (no page objects), tested in CPython (tests/test_drawn_cards.py); the page
keeps one ``DrawnCards`` (``App.drawn``) and ``TableView.hand_el`` marks its cards.

Where the cards come from: the move's events say who drew or claimed and, for the
discard pile's card, which card (``draw`` with ``source`` "pile" and ``card``; ``claim``
with ``card``, DUN-7, ELV-6). A card drawn from the stock (a stock draw, a claim's penalty
card) is in no event: every event is public (the one-line log, the move history, an
embedding page), so it is found by comparing the person's hand before and after the move.

Only people's seats are followed (a computer player's hand is never shown). Kept while the
page lives; a reload, or a session loaded afresh, starts with nothing marked.
"""

from __future__ import annotations

GAMES = ("dunka", "elvakort", "tonk")
"""The games with a stock and a discard pile to draw from (Durak refills from its talon
after a bout: no card of a turn to point out)."""

TAKES = ("draw", "claim")
"""Events that put cards into a player's hand: a draw from the stock or the pile (DUN-6,
ELV-5, TONK-6) and a won claim of a discard with its penalty card (DUN-7, ELV-6)."""

GIVES = ("discard", "knock", "end")
"""Events of a player's own moves after which nothing they hold is "just drawn" any more:
the turn's discard, a knock, ending a dry hand (TONK-12). Laying down, laying off,
replacing a joker, spreading and hitting keep the marks of the cards still in hand: the
turn goes on, and the card just drawn is still the one to find (a new-user check saw it
lose its mark at the lay-down, before the discard)."""


def hand_texts(state, seat: int) -> list[str]:
    """Seat ``seat``'s cards as the views write them (``"10H"``, ``"7S.1"``, ``"JK"``),
    in the state's order. ``state``: a rummy or Tonk engine state (its ``hands``)."""
    return [str(c) for c in state.hands[seat]]


class DrawnCards:
    """Per person seat, the cards just drawn (``marked``), followed move by move.

    ``follow(session)`` starts following a session (nothing marked; it remembers the
    people's hands); ``note(session, events)`` takes one move's events (after the move
    was applied); ``marked(seat, hand)`` gives the cards of ``hand`` to mark."""

    def __init__(self) -> None:
        self.session = None  # the session followed (by identity)
        self.state = None  # its engine state then (a state replaced is a new deal)
        self.hands: dict[int, list[str]] = {}  # each person's hand after the last move
        self.cards: dict[int, list[str]] = {}  # each person's cards just drawn

    def follow(self, session) -> None:
        """Follow ``session`` (a ``game.session.Session`` or None). The same session
        object again (the table shown again from the lobby) keeps its marks; another one
        (a new game, a game loaded after a reload) or another state of it starts with
        none."""
        state = getattr(session, "state", None)
        if session is self.session and state is self.state:
            return
        self.session, self.state = session, state
        self.cards = {}
        self.hands = self._hands(session)

    def note(self, session, events: list[dict]) -> None:
        """One move's ``events`` (``Session.play``/``step_bot``; the move is applied):
        a ``draw`` or ``claim`` of a person marks the cards it put in their hand (those
        not there before the move; the event's ``card`` for the pile's card), replacing
        what was marked; a move of theirs in ``GIVES`` unmarks all; a ``deal`` unmarks
        everyone's. A session not followed yet is followed from here (nothing marked)."""
        if session is not self.session or session.state is not self.state:
            self.follow(session)
            return
        now = self._hands(session)
        for ev in events:
            kind, seat = ev.get("type"), ev.get("player")
            if kind == "deal":
                self.cards = {}
            elif seat not in now:
                continue
            elif kind in TAKES:
                before = set(self.hands.get(seat, ()))
                new = [c for c in now[seat] if c not in before]
                card = ev.get("card")
                if card and card in now[seat] and card not in new:
                    new.insert(0, card)  # the pile's card, told by the event itself
                self.cards[seat] = new
            elif kind in GIVES:
                self.cards.pop(seat, None)
        self.hands = now

    def marked(self, seat: int, hand: list[str]) -> list[str]:
        """The cards of ``hand`` (seat ``seat``'s hand as shown) to mark as just drawn:
        those marked for that seat that are still in the hand."""
        cards = self.cards.get(seat) or []
        return [c for c in cards if c in hand]

    @staticmethod
    def _hands(session) -> dict[int, list[str]]:
        if session is None or session.game not in GAMES:
            return {}
        return {seat: hand_texts(session.state, seat) for seat in session.humans}
