"""Durak's rules page (rules/durak.md, DUR-1 … DUR-20), in English and Swedish."""

from __future__ import annotations

from . import ex, sec

SECTIONS = [
    sec("aim", (),
        en=("The aim", [
            "Be the first to get rid of all your cards. Durak is a game of attack and "
            "defence: once the talon is empty, every player who empties their hand is out "
            "and safe, and the last player still holding cards is the Durak, the fool of "
            "the table.",
            "Play goes clockwise (to the left). In every bout one player attacks and the "
            "player on their left defends."]),
        sv=("Målet", [
            "Bli först av med alla dina kort. Durak är ett spel om att anfalla och försvara "
            "sig: när talongen är slut är var och en som blir av med sina kort ute och "
            "säker, och den som till sist ensam sitter kvar med kort är Durak – bordets "
            "dumbom.",
            "Spelet går medsols (åt vänster). I varje anfall anfaller en spelare och "
            "spelaren till vänster försvarar sig."])),

    sec("deck", ("DUR-1", "DUR-2"),
        en=("Players and cards", [
            "2 to 6 players. Three decks are possible: 36 cards (6 up to ace), 52 cards "
            "(2 up to ace) or, for two players only, 24 cards (9 up to ace). No jokers.",
            "Ranks from low to high: 2 3 4 5 6 7 8 9 10 jack queen king ace."]),
        sv=("Spelare och kort", [
            "2–6 spelare. Man spelar med 36 kort (sexor till ess), 52 kort (tvåor till ess) "
            "eller, bara när man är två, 24 kort (nior till ess). Inga jokrar.",
            "Valörerna från lägst till högst: 2 3 4 5 6 7 8 9 10 knekt dam kung ess."]),
        setting="deck",
        effects={"24": ("The deck has 24 cards, 9 to ace: only for two players.",
                        "Leken har 24 kort, nior till ess: bara för två spelare."),
                 "36": ("The deck has 36 cards, 6 to ace.", "Leken har 36 kort, sexor till ess."),
                 "52": ("The deck has 52 cards, 2 to ace.",
                        "Leken har 52 kort, tvåor till ess.")}),

    sec("deal", ("DUR-3", "DUR-4"),
        en=("The deal and the trump", [
            "The cards are shuffled and each player gets 6, one at a time, starting with the "
            "player on the dealer's left. The next card is turned face up: its suit is trump "
            "for the whole game. It is laid crosswise under the face-down talon, so it "
            "will be the very last card drawn. With 6 players and 36 cards no card is left "
            "to turn up: see the house rule “Trump with six players and 36 cards”."]),
        sv=("Given och trumfen", [
            "Korten blandas och var och en får 6 kort, ett i taget, med början hos spelaren "
            "till vänster om given. Nästa kort vänds upp: dess färg är trumf hela partiet. "
            "Det läggs på tvären under den nedvända talongen och blir alltså det allra "
            "sista kortet som dras. Med 6 spelare och 36 kort blir inget kort över att vända "
            "upp: se husregeln ”Trumf med sex spelare och 36 kort”."]),
        examples=(ex("6D", "Turned up under the talon: diamonds are trumps.",
                     "Uppvänt under talongen: ruter är trumf."),)),

    sec("beating", ("DUR-5",),
        en=("Which card beats which", [
            "A card is beaten by a higher card of the same suit. A card that is not a trump "
            "is also beaten by any trump, however low. A trump can only be beaten by a "
            "higher trump.",
            "Cards of two different suits that are not trumps never beat each other: "
            "[AC] does not beat [7H]."]),
        sv=("Vilket kort slår vilket", [
            "Ett kort slås av ett högre kort i samma färg. Ett kort som inte är trumf slås "
            "också av vilken trumf som helst, hur låg den än är. En trumf slås bara av en "
            "högre trumf.",
            "Två kort i olika färger som inte är trumf slår aldrig varandra: [AC] slår "
            "inte [7H]."]),
        examples=(ex("beat 7H 10H", "[10H] beats [7H]: same suit, higher.",
                     "[10H] slår [7H]: samma färg, högre."),
                  ex("beat AS 6D", "With diamonds as trumps, [6D] beats the ace of spades.",
                     "Med ruter som trumf slår [6D] spader ess."),
                  ex("beat QD 9D", "[9D] cannot beat the higher trump [QD].",
                     "[9D] kan inte slå den högre trumfen [QD].", allowed=False))),

    sec("first", ("DUR-6", "DUR-7"),
        en=("Who attacks first", [
            "In the first game (and in every game when the setting below is off) the player "
            "holding the lowest trump attacks first, against the player on their left (if "
            "nobody holds a trump, see the house rule “Nobody holds a trump”).",
            "With the setting “last Durak is attacked first” on, from the second game of a "
            "series the player seated just before (to the right of) the last Durak attacks, "
            "so the Durak has to defend at once. After a drawn game the lowest trump "
            "starts again."]),
        sv=("Vem anfaller först", [
            "I första partiet (och i varje parti när inställningen nedan är av) anfaller den "
            "som har den lägsta trumfen, mot spelaren till vänster (har ingen trumf, se "
            "husregeln ”Ingen har trumf”).",
            "Med inställningen ”Förra Duraken anfalls först” påslagen anfaller från och med "
            "seriens andra parti spelaren som sitter närmast före (till höger om) förra "
            "Duraken, så att Duraken genast måste försvara sig. Efter ett oavgjort parti "
            "börjar den lägsta trumfen igen."]),
        setting="last_durak_attacked_first",
        effects={"on": ("From the second game the last Durak defends first.",
                        "Från andra partiet försvarar förra Duraken sig först."),
                 "off": ("Every game is opened by the lowest trump.",
                         "Varje parti öppnas av den lägsta trumfen.")}),

    sec("attack", ("DUR-8",),
        en=("Attacking", [
            "The attacker leads one card, or several cards of the same rank together "
            "(select them all, then attack). Any card may lead, trumps too."]),
        sv=("Anfalla", [
            "Anfallaren spelar ut ett kort, eller flera kort i samma valör på en gång "
            "(markera alla och anfall sedan). Vilket kort som helst får spelas ut, även "
            "trumf."]),
        examples=(ex("8C 8H", "Two eights led together.", "Två åttor spelas ut tillsammans."),)),

    sec("defend", ("DUR-12",),
        en=("Defending", [
            "The defender answers every unbeaten attack card by laying on it a card that "
            "beats it, in any order. At any moment the defender may instead give up and "
            "say “take”."]),
        sv=("Försvara sig", [
            "Försvararen besvarar varje oslaget anfallskort genom att lägga ett kort som "
            "slår det ovanpå, i vilken ordning som helst. När som helst får försvararen i "
            "stället ge upp och säga ”ta upp”."]),
        examples=(ex(("beat 8C JC", "beat 8H 6D"),
                     "Diamonds are trumps: [JC] beats [8C] and the trump [6D] beats [8H].",
                     "Ruter är trumf: [JC] slår [8C] och trumfen [6D] slår [8H]."),)),

    sec("throw_in", ("DUR-9",),
        en=("Throwing in", [
            "While a bout lasts, more attack cards may be added (thrown in), but only of a "
            "rank that is already on the table in this bout, attack or defence card. After "
            "[8C] was beaten with [JC], both eights and jacks may be thrown in.",
            "Who may throw in is a setting: only the attacker; the defender's neighbours "
            "(the attacker and the player on the defender's other side; with two players "
            "just the attacker); or everybody who still has cards. The defender never "
            "throws in against themselves."]),
        sv=("Lägga på", [
            "Så länge anfallet pågår får fler anfallskort läggas på, men bara i en valör "
            "som redan ligger på bordet i det här anfallet, anfalls- eller försvarskort. "
            "När [8C] har slagits med [JC] får både åttor och knektar läggas på.",
            "Vem som får lägga på är en inställning: bara anfallaren; försvararens grannar "
            "(anfallaren och spelaren på försvararens andra sida; med två spelare bara "
            "anfallaren); eller alla som har kort kvar. Försvararen lägger aldrig på mot "
            "sig själv."]),
        examples=(ex(("beat 8C JC", "JD"), "After [JC] beat [8C], [JD] may be thrown in.",
                     "Sedan [JC] slagit [8C] får [JD] läggas på."),),
        setting="throw_in",
        effects={"attacker": ("Only the attacker throws in.", "Bara anfallaren lägger på."),
                 "neighbours": ("The attacker and the defender's other neighbour throw in.",
                                "Anfallaren och försvararens andra granne lägger på."),
                 "all": ("Everybody except the defender may throw in.",
                         "Alla utom försvararen får lägga på.")}),

    sec("limits", ("DUR-10", "DUR-11"),
        en=("How many attack cards", [
            "A bout holds at most 6 attack cards, beaten or not, and never more than the "
            "defender had in hand when the bout began (after a transfer: what the new "
            "defender holds at that moment).",
            "With the setting “the game's first bout at most 5 cards”, offered only for 4 "
            "to 6 players, the game's first bout holds at most 5 attack cards instead of 6. "
            "It is the first bout only: every later bout may hold 6, however the first one "
            "ended."]),
        sv=("Hur många anfallskort", [
            "Ett anfall rymmer högst 6 anfallskort, slagna eller inte, och aldrig fler än "
            "försvararen hade på handen när anfallet började (efter att anfallet skickats "
            "vidare: det antal den nya försvararen har just då).",
            "Med inställningen ”Partiets första anfall högst 5 kort”, som bara finns för 4–6 "
            "spelare, rymmer partiets första anfall högst 5 anfallskort i stället för 6. "
            "Det gäller bara det första anfallet: varje senare anfall får rymma 6, hur det "
            "första än slutade."]),
        setting="first_bout_limit_5",
        effects={"on": ("The game's first bout holds at most 5 cards; later bouts up to 6.",
                        "Partiets första anfall rymmer högst 5 kort; senare anfall upp till 6."),
                 "off": ("Every bout may hold up to 6 cards.",
                         "Varje anfall får rymma upp till 6 kort.")}),

    sec("transfer", ("DUR-13",),
        en=("Transferring the attack", [
            "With the setting “transfer” on, a defender who has not yet beaten any card of "
            "the bout may instead lay a card of the attack cards' rank beside them. The "
            "attack then passes on: the next player to the left (skipping players without "
            "cards) defends all the cards on the table, and the one who transferred becomes "
            "the attacker.",
            "It is only allowed when the new defender holds at least as many cards as there "
            "will be attack cards, and within the limit of 6. Transfers may follow one "
            "another and may come all the way back to the first attacker. You must lay a "
            "real card from your hand; showing a card is not enough."]),
        sv=("Skicka vidare", [
            "När ”Skicka vidare” är påslaget får en försvarare som ännu inte har slagit "
            "något kort i anfallet i stället lägga ett kort i anfallskortens valör bredvid "
            "dem. Då går anfallet vidare: nästa spelare till vänster (spelare utan kort "
            "hoppas över) ska försvara sig mot alla kort på bordet, och den som skickade "
            "vidare blir anfallare.",
            "Det går bara om den nya försvararen har minst lika många kort som det då blir "
            "anfallskort, och inom gränsen på 6. Anfallet kan skickas vidare flera gånger i "
            "rad och ända tillbaka till den första anfallaren. Man måste lägga ett riktigt "
            "kort från handen; det räcker inte att visa det."]),
        examples=(ex(("9S", "9H"), "[9S] attacks; the defender lays [9H] beside it and passes both on.",
                     "[9S] anfaller; försvararen lägger [9H] bredvid och skickar båda vidare."),),
        setting="transfer",
        effects={"on": ("Defenders may pass the attack on.",
                        "Försvararen får skicka anfallet vidare."),
                 "off": ("The attack cannot be passed on: beat or take.",
                         "Anfallet kan inte skickas vidare: slå eller ta upp.")}),

    sec("defended", ("DUR-14",),
        en=("A successful defence", [
            "The defence succeeds when every attack card is beaten and everybody allowed to "
            "throw in has said “done” after the last card was beaten. All the cards on the "
            "table are put face down on the discard pile, out of the game. The defender "
            "attacks next."]),
        sv=("Lyckat försvar", [
            "Försvaret lyckas när varje anfallskort är slaget och alla som får lägga på har "
            "sagt ”klar” efter att det sista kortet slogs. Alla kort på bordet läggs nedvända "
            "i slänghögen och är ur spel. Försvararen anfaller härnäst."])),

    sec("take", ("DUR-15",),
        en=("Taking the cards", [
            "When the defender says “take”, the others allowed to throw in may still add "
            "cards (same ranks, same limits) until each of them has said “done”. Then the "
            "defender picks up every card on the table.",
            "A defender who took loses the turn to attack: the player on the defender's left "
            "attacks next."]),
        sv=("Ta upp korten", [
            "När försvararen säger ”ta upp” får de som får lägga på fortfarande lägga till "
            "kort (samma valörer, samma gränser) tills var och en har sagt ”klar”. Sedan tar "
            "försvararen upp alla kort på bordet.",
            "Den som tog upp står över sitt anfall: spelaren till vänster om försvararen "
            "anfaller härnäst."])),

    sec("draw", ("DUR-16",),
        en=("Drawing up to six", [
            "After every bout each player with fewer than 6 cards draws from the talon up to "
            "6: first the player who led the bout (after a transfer too: see the house "
            "rules), then the others clockwise, the defender last. The face-up trump card is the last card drawn. When the talon is empty, "
            "the rest draw nothing."]),
        sv=("Dra upp till sex", [
            "Efter varje anfall drar var och en som har färre än 6 kort upp till 6 från "
            "talongen: först den som spelade ut anfallet (också när det har skickats "
            "vidare: se husreglerna), sedan de andra medsols, försvararen sist. Det uppvända trumfkortet dras allra sist. När talongen är slut "
            "får de återstående inga kort."])),

    sec("exchange", ("DUR-17",),
        en=("Exchanging the trump card", [
            "With the setting “trump exchange” on, the player holding the lowest trump of "
            "the deck (the 9, 6 or 2 of trumps, by deck size) may, when it is their turn to "
            "act, swap it for the face-up trump card, as long as the talon holds more than "
            "the trump card alone. Not possible when the face-up card is itself the lowest "
            "trump."]),
        sv=("Byta trumfkortet", [
            "Med inställningen ”Byt lägsta trumfen” påslagen får den som har lekens lägsta "
            "trumf (trumfnian, -sexan eller -tvåan beroende på lek) byta den mot det "
            "uppvända trumfkortet när det är hens tur, så länge talongen har fler kort än "
            "bara trumfkortet. Det går inte om det uppvända kortet självt är lägsta "
            "trumfen."]),
        examples=(ex(("6D", "KD"), "With 36 cards and diamonds trumps: [6D] is swapped for the face-up [KD].",
                     "Med 36 kort och ruter trumf: [6D] byts mot det uppvända [KD]."),),
        setting="trump_exchange",
        effects={"on": ("The lowest trump may be swapped for the trump card.",
                        "Lägsta trumfen får bytas mot trumfkortet."),
                 "off": ("The trump card cannot be exchanged.",
                         "Trumfkortet kan inte bytas.")}),

    sec("end", ("DUR-18", "DUR-19"),
        en=("The end of a game", [
            "Once the talon is empty, a player who gets rid of all their cards is out and "
            "safe; turns skip players who are out.",
            "When only one player holds cards, that player is the Durak. If the last players "
            "empty their hands in the same bout (for example the defender beats the last "
            "attack card with their last card and the attacker has none left), the game is "
            "a draw: no Durak."]),
        sv=("Partiets slut", [
            "När talongen är slut är den som blir av med alla sina kort ute och säker; "
            "turen hoppar över spelare som är ute.",
            "När bara en spelare har kort kvar är den spelaren Durak. Blir de sista "
            "spelarna av med sina kort i samma anfall (till exempel slår försvararen det "
            "sista anfallskortet med sitt sista kort och anfallaren har inga kvar) slutar "
            "partiet oavgjort: ingen Durak."])),

    sec("series", ("DUR-20",),
        en=("Series", [
            "A series is 1, 3 or 5 games, or lasts until somebody has been Durak 2 or 3 "
            "times. After each game a new one is dealt. The page keeps the tally (how often "
            "each player was Durak, and the draws) in your browser and shows it beside the "
            "table."]),
        sv=("Serie", [
            "En serie är 1, 3 eller 5 partier, eller pågår tills någon har varit Durak 2 "
            "eller 3 gånger. Efter varje parti delas ett nytt ut. Sidan sparar "
            "ställningen (hur många gånger var och en blivit Durak, och de oavgjorda) i din "
            "webbläsare och visar den bredvid bordet."]),
        setting="series_length",
        effects={"1": ("One game.", "Ett parti."),
                 "3": ("A series of 3 games.", "En serie på 3 partier."),
                 "5": ("A series of 5 games.", "En serie på 5 partier."),
                 "durak2": ("The series ends when someone has been Durak twice.",
                            "Serien slutar när någon har blivit Durak två gånger."),
                 "durak3": ("The series ends when someone has been Durak 3 times.",
                            "Serien slutar när någon har blivit Durak tre gånger.")}),

    sec("house_six", ("DUR-4",), house=True,
        en=("Trump with six players and 36 cards", [
            "With 6 players and 36 cards nothing is left after the deal, and the rule sheet "
            "does not say what is trump then. At Kortbordet the dealer's last card is shown "
            "to everybody: its suit is trump, and the dealer keeps the card."]),
        sv=("Trumf med sex spelare och 36 kort", [
            "Med 6 spelare och 36 kort blir inget kort över efter given, och regelbladet "
            "säger inte vad som är trumf då. Hos Kortbordet visas givens sista kort för "
            "alla: dess färg är trumf, och given behåller kortet."])),

    sec("house_no_trump", ("DUR-6",), house=True,
        en=("Nobody holds a trump", [
            "If nobody holds a trump after the deal, the player left of the dealer attacks "
            "first (the rule sheet does not say)."]),
        sv=("Ingen har trumf", [
            "Har ingen trumf efter given anfaller spelaren till vänster om given först "
            "(regelbladet säger inget om det)."])),

    sec("house_exchange", ("DUR-17",), house=True,
        en=("Which trump may be exchanged", [
            "The rule sheet lets “the lowest trump” be exchanged. Kortbordet reads it as the "
            "lowest trump of the deck: the 9 of trumps with 24 cards, the 6 with 36, the 2 "
            "with 52, not the lowest trump somebody happens to hold."]),
        sv=("Vilken trumf som får bytas", [
            "Regelbladet låter ”den lägsta trumfen” bytas. Kortbordet läser det som lekens "
            "lägsta trumf: trumfnian med 24 kort, trumfsexan med 36, trumftvåan med 52, inte "
            "den lägsta trumf någon råkar ha."])),

    sec("house_exchange_turn", ("DUR-17",), house=True,
        en=("When the trump card may be exchanged", [
            "At Kortbordet the trump card may be exchanged only when it is your turn to act: "
            "when you lead, defend or may throw in. A player who is waiting for somebody "
            "else cannot exchange at that moment."]),
        sv=("När trumfkortet får bytas", [
            "Hos Kortbordet får trumfkortet bytas bara när det är din tur att göra något: "
            "när du spelar ut, försvarar dig eller får lägga på. Den som väntar på någon "
            "annan kan inte byta just då."])),

    sec("house_draw", ("DUR-16",), house=True,
        en=("Who draws first after a transfer", [
            "The rule sheet says the player who led the bout draws first. When the attack "
            "was transferred, Kortbordet still lets the player who led the bout's first "
            "card draw first, not the one who transferred it; then the others clockwise, "
            "the last defender last."]),
        sv=("Vem som drar först efter att anfallet skickats vidare", [
            "Regelbladet säger att den som spelade ut anfallet drar först. Har anfallet "
            "skickats vidare drar hos Kortbordet ändå den som spelade ut anfallets första "
            "kort först, inte den som skickade vidare; sedan de andra medsols och den sista "
            "försvararen sist."])),

    sec("house_skip", ("DUR-9",), house=True,
        en=("The defender's other neighbour", [
            "With “the defender's neighbours” throwing in, the neighbour on the defender's "
            "other side is the next player after the defender who still holds cards: "
            "players who are out are skipped."]),
        sv=("Försvararens andra granne", [
            "När ”försvararens grannar” lägger på är grannen på försvararens andra sida "
            "nästa spelare efter försvararen som fortfarande har kort: spelare som är ute "
            "hoppas över."])),

    sec("house_dealer", ("DUR-20",), house=True,
        en=("Who deals the next game", [
            "In a series the last Durak deals the next game; after a draw the deal passes "
            "to the left."]),
        sv=("Vem som ger nästa parti", [
            "I en serie ger förra Duraken nästa parti; efter ett oavgjort parti går given "
            "vidare åt vänster."])),
]
