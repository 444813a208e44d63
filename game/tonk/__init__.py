"""Tonk: the rules of ``rules/tonk.md`` (TONK-1 … TONK-14) as a game of the shared protocol.

Seats are 0..n-1 (2–4 players, TONK-1), play goes to the left (seat ``i + 1``). A ``State``
is a whole *session* at one table: many hands, dealt by the engine, with the chip ledger
(``game.ledger.TonkLedger``, ``State.ledger``) that every finished hand's payouts reach.

Hand flow (``State.phase``):

``start``      the seat in turn may ``knock`` (TONK-6, TONK-11; not with the hit lock,
               TONK-13) or draw from the stock or the pile (TONK-6). Once the stock is dry
               (TONK-12) the choices are: take the previous discard (``draw pile``), ``end``
               the hand, or ``knock``.
``play``       the seat in turn has drawn: it may lay spreads (``spread``) and hit any spread
               on the table (``hit``, TONK-7), and ends the turn with ``discard`` (TONK-8,
               TONK-9). A spread or hit that empties the hand ends it at once (tonk out,
               TONK-10); so does a discard that empties it.
``hand_over``  the hand's result is in ``result`` and its payouts in the ledger; any seat
               may say ``next`` to deal the next hand (an explicit step so that the UI can
               show the result; ``to_act()`` lists every seat, the UI decides who presses it).

The first dealer is chosen by a seeded random cut (TONK-4: every player draws a card, ace
low, the highest deals, players tied for the highest cut again); afterwards the deal passes
left, except that a tie of tonks on the deal is redealt by the same dealer (TONK-5, TC-5).

A session has no fixed end: Tonk is played hand after hand (TONK-3). ``is_over()`` is always
False and ``outcome()`` always ``None``; the session ends when the players leave the table,
and the ledger (``view()["balances"]``) is the standing. ``ledger.reset()`` settles up and
starts the balances afresh (hand numbers keep counting).

Action text forms (``str(action)``; read back by ``parse_action(text, player)``)::

    knock               end the hand at the start of a turn, before drawing (TONK-6, TONK-11)
    draw stock          take the top card of the stock (TONK-6)
    draw pile           take the top discard (TONK-6; TONK-12 once the stock is dry)
    spread 3H 4H 5H     lay a new spread from hand (TONK-7); cards listed ace low
    hit 5C s2           add 5C to spread s2 on the table, anyone's (TONK-7)
    discard 8H          end the turn (TONK-8)
    end                 decline the previous discard when the stock is dry: the hand ends
                        and the lowest total is paid (TONK-12)
    next                deal the next hand (after a hand's result)

Spreads get ids ``s1``, ``s2``, ... in the order they are laid in a hand.

House rules (where ``rules/tonk.md`` is silent; to be shown in the rules text):

- Dry stock (TONK-12): when a turn starts with the stock empty, the player may also knock
  (TONK-6 holds at the start of every turn). The cards of the pile are never reshuffled. To
  make every hand end, the dry phase lasts at most one round: after every player has had
  one turn with the stock dry, the hand ends as if the next player had declined (``end``).
- House rule A (``discard_just_taken``): a card taken from the discard pile may not be
  discarded in the same turn, unless it is the only legal discard (then it may). Without it
  a player who always takes the discard and throws it back keeps the stock full for ever.
  ``legal_actions`` never offers such a discard; ``apply`` refuses it with the code
  ``"discard_just_taken"``. The card is ``State.taken`` (``view()["pile_taken"]``).
- House rule B (``turn_limit``): a hand lasts at most ``TURN_LIMIT`` (200) turns, far more
  than normal play needs: in bot play (1,000–2,000 hands per table of 2–4 easy/normal
  players) no hand took more than 43 turns (p99 24–33); even with knocking taken away,
  normal players' hands end by going out or the dry stock within 47 turns (2 players) and
  41 (4 players). Without A and B two players who take every discard never end. When the 200th turn ends with a discard, the hand ends like a dry stock
  (TONK-12): all hands are shown and the lowest total gets 1 from every player not among the
  lowest; the result's ``end`` and the payouts' reason are ``"turn_limit"``. The count is
  ``State.turns`` (turns ended by a discard this hand; ``view()["turns_left"]``); a save
  without it (older saves) counts 0. With A and B every hand ends.
- TONK-9 (must lay spreads) is checked at the discard, the only way a turn ends with cards
  left. Books of aces (three or four aces) may be kept; a run with an ace (A-2-3) may not.
  A knock (before drawing, when no spread may be laid) and ``end`` are not restricted.
- TONK-10 with "double only for a new spread": a tonk out that laid no new spread in that
  turn pays 1 unit; its ledger reason stays ``tonk_out``.
- TONK-11: when the knocker ties the lowest total, "the lowest" are the other players with
  that total (TC-3): the knocker pays them 2 each, and each of them gets 1 from every player
  not among them (the knocker included).
- TONK-13 (hit lock): a player's spread counts as hit when another player hits it; the lock
  applies to that player's next turn start and is lifted once they draw.
- Tonk on the deal (TONK-5): a single tonk ends the hand at once (``hand_over``; the tonker's
  cards are shown). A tie is also a finished hand with no payouts (``tonk_tie``), shown like
  any other; its ``next`` is dealt by the same dealer. Every deal has its own hand number.
- Public memory (``known``): cards a player took from the pile and still holds.

The package's modules: ``rules`` (settings, limits, card values and the ace-low order),
``cardtext`` (cards as text, Tonk's sort key), ``actions`` (the actions and
``parse_action``), ``spreads`` (spreads in a hand, TONK-2, TONK-9), ``state`` (``State``:
turns, legal actions, copies; ``new_game`` and the cut for the first dealer) with its parts
``refusals`` (``why_illegal``), ``play`` (what an action does: payouts and dealing),
``view`` (what a seat sees), ``saves`` (``to_dict``/``from_dict`` and the integrity check)
and ``results`` (a finished hand's result, copied and checked). Import the API from
``game.tonk``.
"""

from __future__ import annotations

from .actions import Discard, Draw, End, Hit, Knock, Next, Spread, _tonk_card, parse_action
from .cardtext import tonk_key
from .rules import (_FULL_DECK, ENDS, HAND_SIZE, MAX_CUTS, MAX_PLAYERS, MIN_PLAYERS, PHASES,
                    SAVE_VERSION, TONK_TOTALS, TURN_LIMIT, Rules, hand_total, low_rank)
from .spreads import holds_spread, spreads_in
from .state import State, copy_state, cut_for_dealer, new_game

__all__ = ["ENDS", "HAND_SIZE", "MAX_CUTS", "MAX_PLAYERS", "MIN_PLAYERS", "PHASES",
           "SAVE_VERSION", "TONK_TOTALS", "TURN_LIMIT", "Discard", "Draw", "End", "Hit",
           "Knock", "Next", "Rules", "Spread", "State", "copy_state", "cut_for_dealer",
           "hand_total", "holds_spread", "low_rank", "new_game", "parse_action", "spreads_in",
           "tonk_key",
           # package-private, read by game.bots.tonk_hard:
           "_FULL_DECK", "_tonk_card"]
