"""Texts of the one-line log's turn sentences (``game.web.turn_line``): a player's moves in
a row told as one sentence, "Anna drog från talongen, lade ut sitt kontrakt (2
kombinationer) och kastade hjärter sju." Each ``tl_*`` text but ``tl_sentence`` is a
clause in the past tense without its subject (past tense reads the same for "Du"/"You"
and for a name), joined with ``list_and`` (``tl_turn_up``, the card turned up to start
Dunka's and Elvakort's discard pile, is a whole sentence); ``_you`` texts are used when
the mover is the person addressed as "you". A ``{card}`` or ``{cards}`` is a card's name ("hjärter sjua",
for the live region) or its corner index ("7♥", the visible line), so no article
precedes it. ``TEXTS = {"sv": {...}, "en": {...}}``, merged by ``game.i18n``.

Swedish terms as in the rest of the page: talong (stock), slänghög (discard pile),
kombination (meld), kontrakt (contract), lägga till (lay off), dunka (claim, Dunka),
utlägg (spread), bygga på (hit), knacka (knock), anfalla (attack), lägga på (throw in),
täcka (beat), skicka vidare (transfer), ta upp (take).
"""

TEXTS = {
    "sv": {
        "tl_sentence": "{name} {did}.",
        # Dunka and Elvakort
        "tl_draw_stock": "drog från talongen",
        "tl_draw_pile": "tog {card} från slänghögen",
        "tl_contract": "lade ut sitt kontrakt ({melds})",
        "tl_contract_you": "lade ut ditt kontrakt ({melds})",
        "tl_contract_more": "lade ut sitt kontrakt ({melds}) och {more}",
        "tl_contract_more_you": "lade ut ditt kontrakt ({melds}) och {more}",
        "tl_further": "lade ut {more}",
        "tl_melds_1": "1 kombination",
        "tl_melds_n": "{n} kombinationer",
        "tl_more_1": "en kombination till",
        "tl_more_n": "{n} kombinationer till",
        "tl_layoff": "lade till {cards}",
        "tl_replace": "bytte ut en joker mot {cards}",
        "tl_discard": "kastade {card}",
        "tl_claim": "dunkade och tog {card} och ett straffkort",
        "tl_claim_elvakort": "tog {card} utanför tur och ett straffkort",
        "tl_turn_up": "{card} vändes upp från talongen och började slänghögen.",
        "tl_turn_up_on": "{card} vändes upp från talongen och lades överst på slänghögen.",
        "tl_turn_up_named": "{card} vändes upp från talongen och började slänghögen.",
        "tl_turn_up_on_named": "{card} vändes upp från talongen och lades överst på slänghögen.",
        # Tonk
        "tl_tk_spread": "lade ut {cards}",
        "tl_tk_spreads": "lade ut {n} utlägg",
        "tl_tk_hit": "byggde på med {cards}",
        "tl_tk_hit_yours": "byggde på ditt utlägg med {cards}",
        "tl_tk_knock": "knackade",
        "tl_tk_end": "tog inte kortet, så given slutade",
        # Durak
        "tl_attack": "anföll med {cards}",
        "tl_attack_on": "anföll {other} med {cards}",
        "tl_attack_on_you": "anföll dig med {cards}",
        "tl_throw": "lade på {cards}",
        "tl_beat": "täckte {target} med {card}",
        "tl_transfer": "skickade vidare med {cards} till {other}",
        "tl_transfer_to_you": "skickade vidare med {cards} till dig",
        "tl_take": "valde att ta upp",
        "tl_done": "var klar",
        "tl_exchange": "bytte {gave} mot trumfkortet {got}",
    },
    "en": {
        "tl_sentence": "{name} {did}.",
        "tl_draw_stock": "drew from the stock",
        "tl_draw_pile": "took {card} from the discard pile",
        "tl_contract": "laid down the contract ({melds})",
        "tl_contract_you": "laid down your contract ({melds})",
        "tl_contract_more": "laid down the contract ({melds}) and {more}",
        "tl_contract_more_you": "laid down your contract ({melds}) and {more}",
        "tl_further": "laid down {more}",
        "tl_melds_1": "1 meld",
        "tl_melds_n": "{n} melds",
        "tl_more_1": "one more meld",
        "tl_more_n": "{n} more melds",
        "tl_layoff": "laid off {cards}",
        "tl_replace": "replaced a joker with {cards}",
        "tl_discard": "discarded {card}",
        "tl_claim": "dunked and took {card} plus a penalty card",
        "tl_claim_elvakort": "took {card} out of turn, plus a penalty card",
        "tl_turn_up": "{card} was turned up from the stock to start the discard pile.",
        "tl_turn_up_on": "{card} was turned up from the stock onto the discard pile.",
        "tl_turn_up_named": "The {card} was turned up from the stock to start the discard pile.",
        "tl_turn_up_on_named": "The {card} was turned up from the stock onto the discard pile.",
        "tl_tk_spread": "spread {cards}",
        "tl_tk_spreads": "laid down {n} spreads",
        "tl_tk_hit": "hit with {cards}",
        "tl_tk_hit_yours": "hit your spread with {cards}",
        "tl_tk_knock": "knocked",
        "tl_tk_end": "left the discard, so the hand ended",
        "tl_attack": "attacked with {cards}",
        "tl_attack_on": "attacked {other} with {cards}",
        "tl_attack_on_you": "attacked you with {cards}",
        "tl_throw": "threw in {cards}",
        "tl_beat": "beat {target} with {card}",
        "tl_transfer": "transferred with {cards} to {other}",
        "tl_transfer_to_you": "transferred with {cards} to you",
        "tl_take": "chose to take the cards",
        "tl_done": "was done",
        "tl_exchange": "swapped {gave} for the trump card {got}",
    },
}
