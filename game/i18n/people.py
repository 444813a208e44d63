"""Texts of pass-and-play (issue 12): the screen that hands the device to the next person,
the prompts for claims and throw-ins out of turn, and the lobby's seats.
``TEXTS = {"sv": {...}, "en": {...}}``, merged by ``game.i18n``."""

TEXTS = {
    "sv": {
        "pp_pass_to": "Lämna över till {name}",
        "pp_pass_hint": "{name}: tryck när bara du ser skärmen.",
        "pp_show": "Jag är {name}, visa mina kort",
        "pp_since": "Sedan din förra tur",
        "pp_so_far": "Hittills",
        "pp_since_none": "Inget nytt sedan din förra tur.",
        "pp_goes_on": "Din tur fortsätter",
        "pp_goes_on_none": "Inget nytt sedan du drog.",
        "pp_claim_title": "Vem vill dunka?",
        "pp_claim_title_elvakort": "Vem vill ta kortet?",
        "pp_claim_text": "{name} kastade {card}. Tryck på ditt namn om du vill ha kortet; "
                         "den som sitter närmast i tur får det, och ett straffkort från "
                         "talongen.",
        "pp_claim_go": "Klart",
        "pp_nobody": "Ingen",
        "pp_throw_title": "Lägga på?",
        "pp_throw_text": "Vem vill lägga på ett kort till {name}? Om ingen vill, tryck "
                         "Ingen.",
        "pp_throw_taking": "{name} tar upp korten. Vem vill lägga på fler kort som {name} "
                           "får ta? Om ingen vill, tryck Ingen.",
        "pp_table_cards": "På bordet",
        "pp_person": "Person",
        "pp_computer": "Dator",
        "pp_name_label": "Namn för plats {n}",
        "pp_kind_label": "Plats {n}: person eller dator",
        "pp_up": "Flytta upp plats {n}",
        "pp_down": "Flytta ned plats {n}",
        "pp_default_name": "Spelare {n}",
        "pp_name_limit": "Ett namn kan ha högst {n} tecken.",
        "pp_same_name": "Två platser har samma namn: {names}. Ge varje person ett eget "
                        "namn, så att ingen tar fel på vems tur det är.",
        "pp_your_hand": "{whose} hand",
        "pp_hand_down": "{whose} kort ligger med baksidan upp tills {name} visar dem igen.",
        "pp_seats": "Platser",
        "pp_seats_hint": "Flera personer kan spela på samma skärm: skärmen döljer korten "
                         "mellan era turer.",
        "why_no_claim_prompt": "Ingen tillfrågas om ett kastat kort just nu.",
        "why_not_offered": "Den personen kan inte välja det nu.",
        "why_not_a_person": "Den platsen har en datorspelare.",
    },
    "en": {
        "pp_pass_to": "Pass to {name}",
        "pp_pass_hint": "{name}: tap when only you can see the screen.",
        "pp_show": "I'm {name}, show my cards",
        "pp_since": "Since your last turn",
        "pp_so_far": "So far",
        "pp_since_none": "Nothing new since your last turn.",
        "pp_goes_on": "Your turn goes on",
        "pp_goes_on_none": "Nothing new since you drew.",
        "pp_claim_title": "Who wants to dunk?",
        "pp_claim_title_elvakort": "Who wants the card?",
        "pp_claim_text": "{name} discarded the {card}. Tap your name if you want the card; the "
                         "nearest in turn gets it, plus one penalty card from the stock.",
        "pp_claim_go": "Done",
        "pp_nobody": "Nobody",
        "pp_throw_title": "Throw in?",
        "pp_throw_text": "Who wants to throw in a card on {name}? If nobody does, tap "
                         "Nobody.",
        "pp_throw_taking": "{name} takes the cards. Who wants to throw in more for {name} to "
                           "take? If nobody does, tap Nobody.",
        "pp_table_cards": "On the table",
        "pp_person": "Person",
        "pp_computer": "Computer",
        "pp_name_label": "Name for seat {n}",
        "pp_kind_label": "Seat {n}: person or computer",
        "pp_up": "Move seat {n} up",
        "pp_down": "Move seat {n} down",
        "pp_default_name": "Player {n}",
        "pp_name_limit": "A name can have at most {n} characters.",
        "pp_same_name": "Two seats have the same name: {names}. Give each person a name of "
                        "their own, so nobody mistakes whose turn it is.",
        "pp_your_hand": "{whose} hand",
        "pp_hand_down": "{whose} cards lie face down until {name} shows them again.",
        "pp_seats": "Seats",
        "pp_seats_hint": "Several people can play at one screen: the screen hides the "
                         "cards between your turns.",
        "why_no_claim_prompt": "Nobody is asked about a discard now.",
        "why_not_offered": "That person cannot choose that now.",
        "why_not_a_person": "That seat is a computer player's.",
    },
}
