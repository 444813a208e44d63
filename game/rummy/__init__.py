"""Contract rummy: one engine for Dunka (rules/dunka.md, DUN-1 … DUN-17) and
Elvakorts-Rummy (rules/elvakort.md, ELV-1 … ELV-14), as two *rule sets* of the same code
(``RULE_SETS["dunka"]``, ``RULE_SETS["elvakort"]``; ``Rules(variant="elvakort")``).

Where Elvakort differs, the difference is RuleSet data or a small hook, never copied code:
decks by player count (``RuleSet.decks``, ELV-1: 2 decks for 2–4 players, 3 for 5–8, two
jokers per deck), meld rules (``game.melds.ELVAKORT``: runs 4+, no joker replacement,
ELV-2, ELV-3), jokers discardable and laid on any meld (ELV-3), the deal (11 cards each,
the opening discards, then one stock card turned up on the pile, ``turn_up_after_opening``,
ELV-4), further melds with and after the contract (``further_melds``, ELV-7, ELV-8), table
minus hand scoring with a 50 point bonus (``elvakort_score``, ELV-13) and the highest total
winning (ELV-14), and going out only by a discard in rounds 1–5 (``discard_to_go_out``,
ELV-10 revised: a lay-down, further meld or lay-off that would leave no card to discard
is refused with code ``must_keep_discard`` and not offered; Dunka's DUN-13 lets a player
go out by melding the last card). Claims (ELV-6 = DUN-7), going out at once in round 6
(ELV-10 = DUN-15) and the exhausted stock (ELV-11 = DUN-16, with both house rules below)
run the same code.

Credits (ELV-8): ``State.credits[id]`` lists, for every card of table meld ``id`` in the
meld's card order, the seat that put it there (the owner for the cards laid down, the
layer-off for added cards). Scores go to the meld's owner (ELV-13); the credits are
public and shown in the view (``table[i]["added_by"]``). Kept for Dunka too (harmless).

Seats are 0..n-1 and play goes to the left (seat ``i + 1``). A game is six rounds, each with
its contract (``RuleSet.contracts``); a ``State`` covers all six and carries the scoresheet.

Round flow (``State.phase``):

``opening``     each seat in turn from the dealer's left discards one card (DUN-5); nobody
                may claim. After the dealer's discard the player left of the dealer draws.
``draw``        the seat in turn takes the top of the stock or of the pile (DUN-6). The
                pile's top is the previous discard: taking it is the first, free right to it
                (DUN-7).
``claim``       the seat in turn took from the stock while another discard lay on top: the
                other players (never the discarder, never the seat in turn) may ``dunk`` or
                ``pass``. ``to_act()`` lists the undecided claimers in priority order (nearest
                after the discarder first), cut after the best claim so far: as soon as
                nobody who outranks the best claimer is undecided, the best claimer gets the
                discard plus one penalty card from the stock (DUN-7), whoever dunked first.
                Then the seat in turn goes on with its turn (the dunker gets no turn).
``after_dunk``  only in a go-out round (DUN-15) when the dunker's whole hand now forms the
                contract: the dunker may lay down at once (``meld``) or ``pass``.
``play``        the seat in turn has drawn: it may lay down (``meld``, DUN-8, once per round),
                lay off (``layoff``, DUN-9) and replace jokers (``replace``, DUN-11) after
                laying down, and ends the turn with ``discard`` (DUN-6, DUN-10, DUN-12; not
                the card just taken from the pile, house rule below). The next turn
                starts in ``draw``, unless the round ends there (DUN-16 or the turn limit).
``round_over``  the round's points are on the scoresheet; any seat may say ``next`` to deal
                the next round (an explicit step so that the UI can show a round summary).
``game_over``   after round 6 (no ``next``); ``outcome()`` gives totals and winners.

Action text forms (``str(action)``; read back by ``parse_action(text, player)``)::

    draw stock | draw pile          take a card (DUN-6)
    dunk | pass                     claim the discard out of turn / decline (DUN-7);
                                    ``pass`` also declines going out after a dunk
    meld 7S 7H 7D / 9C 10C JC JK=QC lay down the contract (DUN-8): melds separated by
                                    ``/``; a joker is written with what it stands for,
                                    ``JK=QC`` in a run, ``JK=7`` in a set (a bare ``JK`` is
                                    read when only one reading exists)
                                    Elvakort (ELV-7, ELV-8): the lay-down may hold
                                    further melds beyond the contract's (not in the
                                    go-out round); once laid down, the same ``meld``
                                    text lays down FURTHER melds (one or more valid
                                    sets/runs, any number of turns) before the discard
    layoff 5C m2 [low|high]         add one card to meld m2 on the table (DUN-9); the end
                                    is given only when the card fits at both ends (a
                                    joker, or an ace on a 12-card run)
    replace 9S m3 low|high          put 9S in place of the joker standing for it in run m3;
                                    the joker moves to the chosen end (DUN-11)
    discard 8H                      end the turn (DUN-6, DUN-10, DUN-12)
    next                            deal the next round (after a round's summary)

Lay-down design: ``legal_actions`` lists, whenever the player may lay down and holds the
contract, the arrangement of the whole hand leaving the fewest points (``best_contract``)
followed by the ``LAYDOWN_ALTERNATIVES`` next best others (``contract_arrangements``, up to
``LAYDOWN_WAYS`` of them ranked by the points they leave in hand, so the bound never drops
a better way than one it keeps), so the UI and the bots always have at least one lay-down
to offer; ``laydown_ways(player)`` gives all of them, best first (the lay-down chooser).
Where a card must be kept for the discard (Elvakort rounds 1–5, ELV-10) arrangements that
would meld every card are left out, and when the best one would, the best arrangement of
the hand less one card takes its place (``_keeping_one``), so a hand that melds
completely still lays down. Any other valid arrangement is also accepted: ``apply``
checks a ``meld`` action by validity (``_laydown_problem``), not by membership in that
bounded list. For "select cards, then
lay down", the UI asks ``laydown_options(player, cards)``: every arrangement of exactly
those cards as the contract, as ``meld`` actions to choose from when there are several.
Further melds (Elvakort, ELV-8) are offered the same bounded way (``further_cached``): the
arrangement of the hand into any melds leaving the fewest points (keeping a card back
where ELV-10 says so), then each of its melds alone; any other valid further meld is
accepted too.

House rules (shown in the rules text):

- DUN-16: the stock is rebuilt from the pile (minus its top card) at most
  ``Rules.max_reshuffles`` times per round (default 3). When a player must draw and the
  stock is empty and cannot be rebuilt (the pile holds only its top card, or the limit is
  reached), the round ends with no winner and everybody scores their hand (events
  ``stock_exhausted``, ``round_end``). This ends a round in which nobody lays down as long
  as the players keep drawing from the stock.
- DUN-7: a dunk needs a penalty card; when none can be had (stock empty and not
  rebuildable without the claimed card), there is no claim window.
- DUN-15: in the go-out round a dunker whose whole hand (with the discard and the penalty
  card) forms the contract may lay down at once, out of turn (``after_dunk``).
- House rule on DUN-6, no discarding the card just taken (standard in rummy; IllegalAction
  code ``discard_just_taken``): a player who took the top card of the discard pile this
  turn (``draw pile``) may not end that turn by discarding it, nor its twin from the other
  deck (same rank and suit: the same card in play), unless no other discard is legal
  (e.g. every other card is a joker, DUN-10). ``legal_actions`` does not offer it; ``apply``
  refuses it (params ``card``, ``taken``) and changes nothing. ``State.taken`` (and the
  view's ``taken``) names the card until the turn's discard; a stock draw sets nothing.
  A card won by dunking (DUN-7) is *not* restricted: it comes in another player's turn,
  the dunker draws again before discarding, and every dunk takes a penalty card from the
  stock. Without this rule two players can hand one card back and forth through the pile
  for ever: nobody draws from the stock, so the reshuffle limit never comes.
- House rule, turn limit (on DUN-13 and DUN-16): a round lasts at most
  ``MAX_ROUND_TURNS`` turns. ``State.turns`` counts the turns begun this round (the
  opening discards of DUN-5 are no turns; saved; the view shows ``turns`` and
  ``max_turns``). When turn number ``MAX_ROUND_TURNS`` has ended and nobody has gone out,
  the round ends exactly as when no card can be had (DUN-16): no winner, everybody scores
  their hand (DUN-14); the events are ``turn_limit`` (``turns``, ``limit``), then
  ``round_end`` (and ``game_over`` after round 6). If DUN-16 ends the round at the same
  moment, its ``stock_exhausted`` is given instead. This guarantees that every round ends
  whatever the players do (cards circling through the pile, ``max_reshuffles=None``).
  The limit is far above what a round needs. Measured with the limit switched off
  (default rules, 2-6 bot players, 5,040 rounds): rounds of normal and easy bots lasted
  median 30, p90 63, p99 267, at most 352 turns (every round over 236 turns ended by
  DUN-16); rounds of random players at most 754 turns.

Neither house rule changes anything DUN-1 … DUN-18 prescribe for a round that ends by
going out within the limit: the first restricts only a choice the rules leave open (which
card to discard), the second only ends rounds that would otherwise not end.

The package's modules: ``rules`` (rule sets, ``Rules``, limits), ``actions`` (the actions
and ``parse_action``), ``search`` (the cached lay-down searches), ``cardtext`` (cards as
text), ``state`` (``State``: turns, legal actions, lay-downs, ``apply``; ``new_game``) with
its parts ``refusals`` (``why_illegal``), ``play`` (what an action does) and ``saves``
(views, ``to_dict``/``from_dict``). Import the API from ``game.rummy``.
"""

from __future__ import annotations

from .actions import Discard, Draw, Dunk, LayDown, Layoff, Next, Pass, Replace, parse_action
from .rules import (DEAL_FIRST, DUNKA_RULES, ELVAKORT_BONUS, ELVAKORT_RULES,
                    LAYDOWN_ALTERNATIVES, LAYDOWN_WAYS, MAX_CARDS, MAX_POINTS, MAX_ROUND_TURNS,
                    PHASES, ROUNDS, RULE_SETS, SAVE_VERSION, RuleSet, Rules, dunka_score,
                    elvakort_decks, elvakort_score)
from .state import State, new_game

__all__ = ["DEAL_FIRST", "DUNKA_RULES", "ELVAKORT_BONUS", "ELVAKORT_RULES",
           "LAYDOWN_ALTERNATIVES", "LAYDOWN_WAYS", "MAX_CARDS", "MAX_POINTS", "MAX_ROUND_TURNS",
           "PHASES", "ROUNDS", "RULE_SETS", "SAVE_VERSION", "Discard", "Draw", "Dunk", "LayDown",
           "Layoff", "Next", "Pass", "Replace", "RuleSet", "Rules", "State", "dunka_score",
           "elvakort_decks", "elvakort_score", "new_game", "parse_action"]
