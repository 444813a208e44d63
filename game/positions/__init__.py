"""Teaching positions: a compact, URL-safe text notation for a position of every game.

A teacher writes one line such as ``durak;h0=7S,9S,QH;h1=?6;trump=6D;table=8S;attacker=1``
into a link (``?position=...``) or a small JSON file next to the page; ``read`` turns it
into a ``Position`` whose ``state`` is the engine's own ``State`` (checked by the engine's
``from_dict``), so the game continues naturally from there. ``write`` gives the notation of
any state back, and ``read(write(p))`` rebuilds a state whose ``to_dict()`` equals
``p.state.to_dict()`` (issue 6, "Teaching positions").

Notation
--------
One line: the game name (``durak``, ``dunka``, ``elvakort``, ``tonk``), then fields
``key=value`` separated by ``;``. Field order does not matter; spaces around ``;`` and
``=`` are ignored; keys are lower case. Cards are written in the engine notation (``10H QS
JK 7S.1``: rank, suit, ``.1`` for the second deck's copy) and separated by ``,``. In a game
with several decks a plain card written twice means both copies (``7S,7S`` = ``7S,7S.1``).

Any list of cards may hold ``?N``: N hidden cards, dealt from the cards not shown anywhere,
shuffled with the position's ``seed`` (so ``h1=?6`` gives the opponent six unknown cards, and
``h1=QS,?5`` six of which the queen of spades is known). Piles (talon, stock, discard pile)
are written **top card first**.

Fields of every game:

``h0=..`` ``h1=..`` ...  each seat's hand (one field per seat, seats 0, 1, ... in play order:
                         seat ``i + 1`` sits to the left of seat ``i``); their number is the
                         number of players
``you=0``                the learner's seat (default 0)
``names=Ann,Bo``         player names (default ``P1,P2,...``, which the page replaces by
                         its usual names, "Du"/"Dator 1"), at most 24 characters each,
                         control, bidi and zero-width characters dropped
                         (``people.plain_name``), no two the same (``people.same_names``)
``seed=7``               the seed of the hidden cards and of the game's later shuffles
``dealer=2``             the dealer (default: the last seat; Tonk: the seat before ``turn``)
``k1=QS,QH``             cards of seat 1 that everyone saw it pick up (public memory)
setting names            every rules setting by its URL name and value (``transfer=on``,
                         ``deck=52``, ``max_reshuffles=none``, ``stake=5``), as ``?game=``
                         links take them
``x=...``                written by ``write`` only: the parts of a state a teacher never
                         types (scoresheet, ledger, move history, random-source state...),
                         as compressed JSON in URL-safe base64; read as given

Durak (rules/durak.md):

``trump=6D``             the trump card (required). Unless listed in a hand, on the table or
                         in the discard pile, it lies face up under the talon (DUR-3); listed
                         elsewhere, the talon must be empty (it is drawn last)
``talon=..``             the face-down talon, next card drawn first (``talon=?11``)
``discard=..``           the discard pile (``discard=?12``)
``table=8S:9S,8D``       the bout: attack cards, each with ``:`` and its defence card if beaten
``attacker=1``           the (current) attacker, default 0; ``defender=2`` default the next
                         seat holding cards
``taking=1``             the defender has said "take"; ``passed=2,3`` throwers who said
                         "done"; ``out=3`` players already out, in order

Dunka and Elvakorts-Rummy (rules/dunka.md, rules/elvakort.md):

``round=3``              the round 1–6 (its contract; default 1)
``phase=draw``           opening, draw, claim, after_dunk, play, round_over, game_over
                         (default draw)
``turn=1``               the seat in turn (default ``you``)
``stock=..``             the stock, top first; ``pile=..`` the discard pile, top first
``m1=0:7S,7H,7D``        meld ``m1`` on the table: owner seat, ``:``, its cards in table order
                         (a joker with what it stands for: ``JK=9S`` in a run, ``JK=7`` in a
                         set)
``down=0,2``             seats that have laid down their contract (default: meld owners)
``taken=8H``             the card the seat in turn took from the pile this turn

Tonk (rules/tonk.md):

``phase=start``          start, play, hand_over (default start)
``turn=1``               the seat in turn (default ``you``)
``stock=..`` ``pile=..`` the stock and the discard pile, top first
``s1=0:3H,4H,5H``        spread ``s1``: owner seat, ``:``, its cards
``hit=1``                seats whose spread was hit since their last turn (TONK-13)
``taken=8H``             the card the seat in turn took from the pile this turn

Cards not placed by any field go to one pile left out: Durak's talon (or its discard pile
when the talon is given and the discard pile is not), the rummy and Tonk stock (or the
pile). When every pile is given, every card must be placed.

Examples (one per game)::

    durak;h0=7S,9S,QH,KD,6D,AC;h1=?5;trump=6H;talon=?11;discard=?12;attacker=1;table=8S
    dunka;round=2;h0=5H,6H,7H,8H,KS,KD,KC,2C,9D,JK,3S;h1=?11;h2=?11;pile=9H;turn=0
    elvakort;round=1;phase=play;h0=7S,7H,7D,QC,QH,QS,2D,5S,8H,KH,AS,9C;h1=?11;pile=4D
    tonk;stake=2;h0=3H,4H,5H,KS,KD;h1=?5;pile=9C;turn=0

Refusals: ``read`` raises ``PositionError`` with a stable ``code`` (the i18n key
``position_<code>`` in ``game/i18n/positions.py``): ``too_long``, ``syntax``, ``empty``,
``unknown_game``, ``unknown_field``, ``field_twice``, ``bad_setting``, ``bad_value``,
``bad_names``, ``same_names``,
``bad_seat``, ``bad_players``, ``bad_card``, ``unknown_card``, ``card_twice``,
``too_many_cards``, ``hand_too_big``, ``missing_cards``, ``not_in_hand``, ``trump_not_last``,
``too_many_attacks``, ``bad_defence``, ``table_unreachable`` (a Durak table no bout
reaches: DUR-8, DUR-9), ``bad_round``, ``bad_phase``, ``bad_meld``,
``nobody_to_act``, ``learner_cannot_act``, ``impossible``, ``bad_extra``,
``attacker_is_defender``, ``defender_out``, ``defender_not_next`` (Durak roles); ``load_json``
also ``bad_json``, ``bad_prompt``, ``bad_expect``, ``expect_illegal``.

API: ``read(text, *, max_length=MAX_LENGTH) -> Position``, ``write(position) -> str``,
``position_of(state, human) -> Position``, ``same_action(game, a, b) -> bool``,
``check_expect(position, text) -> canonical action text``, ``clean_prompt(text)``,
``load_json(text) -> {"items": [entry, ...], **items[0]}`` (entry: ``position`` a
``Position``, ``notation``, ``prompt`` ``{"sv", "en"}`` or None, ``expect``),
``message(lang, exc)`` (a refusal's sentence with card names). Why a move is good
(``explain``, ``HINT_CODES``, used by ``Session.hint``) is ``game.hints``.

Length: a typed position is at most ``MAX_LENGTH`` (2,000) characters. ``write`` of a
state late in a long game can be longer (a rummy scoresheet with every finished round's
hands, the Tonk ledger); ``read(text, max_length=None)`` reads it (saves, tests) — the
nearest thing to the contract, since one cannot both limit the text and write every state.

The package's modules: ``model`` (limits, ``Position``, ``PositionError``, ``message``),
``fields`` (the line's syntax and field values), ``placing`` (which cards go where,
``?N``), ``games`` (each game's fields and save dict), ``extra`` (the ``x=`` codec),
``reading`` (``read``), ``writing`` (``write``, ``position_of``) and ``lessons`` (teaching
files, prompts, the expected move). Import the API from ``game.positions``.
"""

from __future__ import annotations

from .lessons import check_expect, clean_prompt, lesson_entries, load_json, read_lesson, \
    same_action
from .model import GAMES, MAX_EXPECT, MAX_HAND, MAX_JSON, MAX_LENGTH, MAX_LESSONS, MAX_NAME, \
    MAX_PROMPT, MAX_SEED, Position, PositionError, message
from .reading import read
from .writing import position_of, write

__all__ = ["GAMES", "MAX_EXPECT", "MAX_HAND", "MAX_JSON", "MAX_LENGTH", "MAX_LESSONS",
           "MAX_NAME", "MAX_PROMPT", "MAX_SEED", "Position", "PositionError", "check_expect",
           "clean_prompt", "lesson_entries", "load_json", "message", "position_of", "read",
           "read_lesson", "same_action", "write"]
