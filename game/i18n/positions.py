"""Texts of teaching positions and hints in Swedish and English (issue 6).

``position_<code>``: why a position, teaching file or expected move is refused (the
``code`` of ``game.positions.PositionError``, its ``params`` as fields; cards are spoken
as names by ``game.positions.message``). ``hint_<code>``: why the hinted move is good
(``game.hints.explain``, ``Session.hint``).
"""

TEXTS: dict[str, dict[str, str]] = {
    "sv": {
        "position_too_long": "”{field}” är för lång: {length} tecken, högst {limit}.",
        "position_syntax": "Positionen går inte att läsa vid ”{field}”: skriv fält som "
                           "nyckel=värde åtskilda av semikolon, händerna som h0, h1, …",
        "position_unknown_game": "Okänt spel ”{value}”. Spel: {allowed}.",
        "position_empty": "Positionen är tom: den börjar med spelets namn ({allowed}).",
        "position_unknown_field": "Okänt fält ”{field}” i positionen.",
        "position_field_twice": "Fältet ”{field}” står två gånger i positionen.",
        "position_bad_setting": "Inställningen {setting} kan inte vara ”{value}”. "
                                "Tillåtet: {allowed}.",
        "position_bad_value": "Fältet {field} har ett ogiltigt värde: ”{value}”.",
        "position_bad_names": "Fältet names ska ha {count} namn (ett per hand), vart och ett "
                              "1 till {most} tecken långt, skilda med komman: ”{value}”.",
        "position_same_names": "Fältet names har samma namn för två platser: {names}. Ge "
                               "varje plats ett eget namn.",
        "position_bad_seat": "Fältet {field}: det finns ingen plats ”{value}” "
                             "(platserna är 0 till {last}).",
        "position_bad_players": "Antal händer: {count}. Spelet har {low} till {high} spelare "
                                "(en hand var: h0, h1, …).",
        "position_setting_needs_players": "Inställningen {setting} kräver {low} eller fler "
                                          "spelare; positionen har {count}.",
        "position_bad_card": "”{card}” i {field} är inget kort (skriv t.ex. 10H, QS, JK, 7S.1).",
        "position_unknown_card": "{card} i {field} finns inte i den här kortleken.",
        "position_card_twice": "{card} står fler gånger än kortlekarna har det kortet.",
        "position_too_many_cards": "{asked} dolda kort begärs men bara {left} kort finns kvar.",
        "position_hand_too_big": "{field} har {count} kort: högst {limit} kort på en hand i "
                                 "en position.",
        "position_missing_cards": "{count} kort har ingen plats: ge färre kort någon annanstans "
                                  "eller utelämna en hög så att resten hamnar där.",
        "position_not_in_hand": "{card} i {field} finns inte i den handen.",
        "position_trump_not_last": "Trumfkortet {card} dras sist: ligger det hos en spelare "
                                   "måste talongen vara tom.",
        "position_too_many_attacks": "För många anfallskort: högst {limit} här.",
        "position_bad_defence": "{card} slår inte {target}.",
        "position_table_unreachable": "{card} kan inte ligga på bordet: ett anfallskort som "
                                      "läggs till har samma valör som ett kort som redan "
                                      "ligger där (ett anfallskort eller ett kort som slog "
                                      "ett).",
        "position_bad_round": "Det finns ingen omgång ”{value}”: omgångarna är 1 till {last}.",
        "position_bad_phase": "Okänt skede ”{value}”. Tillåtet: {allowed}.",
        "position_bad_meld": "{field} är ingen giltig kombination (triss eller serie).",
        "position_nobody_to_act": "Ingen kan göra något i den här positionen.",
        "position_learner_cannot_act": "Eleven (plats {seat}) kan inte göra något i den här "
                                       "positionen.",
        "position_attacker_is_defender": "Plats {seat} kan inte både anfalla och försvara "
                                         "sig: anfallare och försvarare måste vara olika.",
        "position_defender_out": "Försvararen (plats {seat}) är redan ute och kan inte "
                                 "försvara sig.",
        "position_defender_not_next": "Plats {seat} har kort och sitter mellan anfallaren "
                                      "(plats {attacker}) och försvararen (plats {defender}): "
                                      "försvararen är nästa spelare med kort.",
        "position_impossible": "Positionen är inte möjlig ({detail}).",
        "position_bad_extra": "Fältet x= är skadat.",
        "position_bad_json": "Lektionsfilen är inte giltig: den ska vara JSON med "
                             "”position”, ”prompt” och ”expect”.",
        "position_too_many_lessons": "Lektionsfilen har {count} positioner; högst {limit} "
                                     "går att läsa från en fil. Dela upp den i flera filer.",
        "position_bad_prompt": "Uppgiftstexten ska vara text, eller sv/en-texter.",
        "position_bad_expect": "Det förväntade draget ”{value}” är inget drag i det här spelet.",
        "position_expect_illegal": "Det förväntade draget ”{value}” är inte tillåtet för eleven "
                                   "i den här positionen.",
        "position_expect_without_position": "Ett förväntat drag (expect) kräver en position.",
        "hint_exchange": "Byt din lägsta trumf mot det uppvända trumfkortet: en högre trumf "
                         "utan kostnad.",
        "hint_attack_several": "Anfall med flera kort av samma valör: du blir av med fler "
                               "kort på en gång.",
        "hint_attack_lowest": "Anfall med ditt lägsta kort som inte är trumf: spara de "
                              "starka korten.",
        "hint_beat_lowest": "Slå med ditt lägsta kort som kan: spara dina trumfer.",
        "hint_beat_trump": "Inget kort i den färgen slår det: slå med din lägsta trumf.",
        "hint_transfer": "Skjut anfallet vidare med ett kort av samma valör: nästa spelare "
                         "får försvara sig.",
        "hint_take": "Ta upp korten: att slå dem skulle kosta kort du behöver mer.",
        "hint_take_cannot_beat": "Du kan inte slå alla korten: ta upp dem.",
        "hint_throw_in": "Lägg till ett kort av en valör som redan ligger på bordet: det "
                         "gör försvaret svårare.",
        "hint_done": "Lägg inte till något mer: behåll dina kort.",
        "hint_draw_pile": "Ta kortet från slänghögen: det hjälper din hand.",
        "hint_draw_stock": "Kortet på slänghögen hjälper inte din hand: dra från talongen.",
        "hint_dunk": "Dunka: kortet hjälper din hand så mycket att straffkortet är värt det.",
        "hint_pass_claim": "Låt kortet gå: det är inte värt ett straffkort.",
        "hint_lay_go_out": "Lägg ned så här: då kan du gå ut redan i den här turen.",
        "hint_lay_contract": "Du har kontraktet på handen: lägg ned det.",
        "hint_lay_further": "Lägg ned fler kombinationer: kort på bordet räknas till din fördel.",
        "hint_lay_off": "Lägg till ett kort på en kombination på bordet: ett kort mindre "
                        "på handen.",
        "hint_lay_off_own": "Lägg till kortet på din egen kombination: där räknas det till "
                            "din fördel i stället för att dras av från handen.",
        "hint_lay_off_other": "Lägg till kortet på en annan spelares kombination: det ger "
                              "dem poängen, men ett högt kort på handen kostar dig mer.",
        "hint_replace_joker": "Byt in ditt kort mot jokern i serien: då får du jokern.",
        "hint_go_out": "Kasta ditt sista kort och gå ut.",
        "hint_discard_high": "Kasta ett högt kort: det skulle kosta mest om given slutade nu.",
        "hint_knock": "Din summa är {total}: låg nog att knacka nu.",
        "hint_spread": "Lägg ut en spread: de korten räknas inte längre mot dig.",
        "hint_hit": "Lägg ett kort på en spread på bordet: ett kort mindre på handen.",
        "hint_end_hand": "Avsluta given: din summa {total} är troligen lägst.",
    },
    "en": {
        "position_too_long": "“{field}” is too long: {length} characters, at most {limit}.",
        "position_syntax": "The position cannot be read at “{field}”: write fields as "
                           "key=value separated by semicolons, the hands as h0, h1, …",
        "position_unknown_game": "Unknown game “{value}”. Games: {allowed}.",
        "position_empty": "The position is empty: it starts with the game's name ({allowed}).",
        "position_unknown_field": "Unknown field “{field}” in the position.",
        "position_field_twice": "The field “{field}” is given twice in the position.",
        "position_bad_setting": "The setting {setting} cannot be “{value}”. Allowed: {allowed}.",
        "position_bad_value": "The field {field} has a bad value: “{value}”.",
        "position_bad_names": "The field names needs {count} names (one a hand), each 1 to "
                              "{most} characters long, separated by commas: “{value}”.",
        "position_same_names": "The field names gives two seats the same name: {names}. Give "
                               "each seat a name of its own.",
        "position_bad_seat": "The field {field}: there is no seat “{value}” "
                             "(seats are 0 to {last}).",
        "position_bad_players": "Hands given: {count}. The game has {low} to {high} players "
                                "(one hand each: h0, h1, …).",
        "position_setting_needs_players": "The setting {setting} needs {low} or more "
                                          "players; the position has {count}.",
        "position_bad_card": "“{card}” in {field} is not a card (write e.g. 10H, QS, JK, 7S.1).",
        "position_unknown_card": "{card} in {field} is not in this game's deck.",
        "position_card_twice": "{card} is given more times than the decks hold that card.",
        "position_too_many_cards": "{asked} hidden cards are asked for but only {left} cards "
                                   "are left.",
        "position_hand_too_big": "{field} holds {count} cards: at most {limit} cards in one "
                                 "hand in a position.",
        "position_missing_cards": "{count} cards have no place: give fewer cards elsewhere or "
                                  "leave out one pile so that the rest goes there.",
        "position_not_in_hand": "{card} in {field} is not in that hand.",
        "position_trump_not_last": "The trump card {card} is drawn last: when a player holds "
                                   "it, the talon must be empty.",
        "position_too_many_attacks": "Too many attack cards: at most {limit} here.",
        "position_bad_defence": "{card} does not beat {target}.",
        "position_table_unreachable": "{card} cannot be on the table: an attack card "
                                      "added to a bout has the rank of a card already "
                                      "there (an attack card or a card that beat one).",
        "position_bad_round": "There is no round “{value}”: the rounds are 1 to {last}.",
        "position_bad_phase": "Unknown phase “{value}”. Allowed: {allowed}.",
        "position_bad_meld": "{field} is not a valid meld (run or set).",
        "position_nobody_to_act": "Nobody can do anything in this position.",
        "position_learner_cannot_act": "The learner (seat {seat}) cannot do anything in this "
                                       "position.",
        "position_attacker_is_defender": "Seat {seat} cannot both attack and defend: the "
                                         "attacker and the defender must differ.",
        "position_defender_out": "The defender (seat {seat}) is already out and cannot "
                                 "defend.",
        "position_defender_not_next": "Seat {seat} holds cards and sits between the attacker "
                                      "(seat {attacker}) and the defender (seat {defender}): "
                                      "the defender is the next player holding cards.",
        "position_impossible": "This position is not possible ({detail}).",
        "position_bad_extra": "The x= field is damaged.",
        "position_bad_json": "The lesson file is not valid: it must be JSON with "
                             "“position”, “prompt” and “expect”.",
        "position_too_many_lessons": "The lesson file holds {count} positions; at most {limit} "
                                     "can be read from one file. Split it into several files.",
        "position_bad_prompt": "The prompt must be text, or sv/en texts.",
        "position_bad_expect": "The expected move “{value}” is not a move of this game.",
        "position_expect_illegal": "The expected move “{value}” is not allowed for the learner "
                                   "in this position.",
        "position_expect_without_position": "An expected move (expect) needs a position.",
        "hint_exchange": "Swap your lowest trump for the face-up trump card: a higher trump "
                         "for free.",
        "hint_attack_several": "Attack with several cards of one rank: you get rid of more "
                               "cards at once.",
        "hint_attack_lowest": "Attack with your lowest card that is not a trump: keep the "
                              "strong cards.",
        "hint_beat_lowest": "Beat with your lowest card that can: keep your trumps.",
        "hint_beat_trump": "No card of that suit beats it: beat with your lowest trump.",
        "hint_transfer": "Pass the attack on with a card of the same rank: the next player "
                         "must defend.",
        "hint_take": "Take the cards: beating them would cost cards you need more.",
        "hint_take_cannot_beat": "You cannot beat every card: take them.",
        "hint_throw_in": "Throw in a card of a rank already on the table: it makes the "
                         "defence harder.",
        "hint_done": "Throw in nothing more: keep your cards.",
        "hint_draw_pile": "Take the discard: it helps your hand.",
        "hint_draw_stock": "The discard does not help your hand: draw from the stock.",
        "hint_dunk": "Claim the discard: it helps your hand enough to be worth the penalty card.",
        "hint_pass_claim": "Let the discard go: it is not worth a penalty card.",
        "hint_lay_go_out": "Lay down this way: then you can go out this very turn.",
        "hint_lay_contract": "You hold the contract: lay it down.",
        "hint_lay_further": "Lay down more melds: cards on the table count for you.",
        "hint_lay_off": "Lay off a card on a meld on the table: one card less in your hand.",
        "hint_lay_off_own": "Lay the card off on your own meld: there it counts for you "
                            "instead of against you in your hand.",
        "hint_lay_off_other": "Lay the card off on another player's meld: it scores for "
                              "them, but a high card left in your hand would cost you more.",
        "hint_replace_joker": "Put your card in place of the joker in the run: the joker is "
                              "yours.",
        "hint_go_out": "Discard your last card and go out.",
        "hint_discard_high": "Discard a high card: it would cost the most if the hand ended now.",
        "hint_knock": "Your total is {total}: low enough to knock now.",
        "hint_spread": "Lay down a spread: those cards no longer count against you.",
        "hint_hit": "Hit a spread on the table: one card less in your hand.",
        "hint_end_hand": "End the hand: your total of {total} is likely the lowest.",
    },
}
