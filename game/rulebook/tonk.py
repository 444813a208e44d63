"""Tonk's rules page (rules/tonk.md, TONK-1 … TONK-14), in English and Swedish."""

from __future__ import annotations

from . import ex, sec

SECTIONS = [
    sec("aim", (),
        en=("The aim", [
            "Tonk (or Tunk) is a fast American knock rummy played for chips. Each hand is "
            "short: lay your cards out in spreads and go out, or knock when your hand is "
            "worth less than everybody else's."]),
        sv=("Målet", [
            "Tonk (eller Tunk) är ett snabbt amerikanskt knack-rummy som spelas om marker. "
            "Varje giv är kort: lägg ut dina kort i utlägg och gå ut, eller knacka när din "
            "hand är värd mindre än alla andras."])),

    sec("cards", ("TONK-1",),
        en=("Players, cards and values", [
            "One 52-card deck, no jokers, 2 to 4 players (the rule sheet says 2–3; a fourth "
            "player is Kortbordet's addition).",
            "Card values: ace 1, 2 to 10 their number, jack, queen and king 10."]),
        sv=("Spelare, kort och värden", [
            "En kortlek med 52 kort, inga jokrar, 2–4 spelare (regelbladet säger 2–3; en "
            "fjärde spelare är Kortbordets tillägg).",
            "Kortens värden: ess 1, 2–10 sitt nummer, knekt, dam och kung 10."]),
        examples=(ex("AS 7D KH 10C 3S", "This hand is worth 1 + 7 + 10 + 10 + 3 = 31.",
                     "Den här handen är värd 1 + 7 + 10 + 10 + 3 = 31."),)),

    sec("spreads", ("TONK-2",),
        en=("Spreads", [
            "A spread is either a book, 3 or 4 cards of one rank, or a run, 3 or more cards "
            "in sequence in one suit (the ace only low: see the house rules)."]),
        sv=("Utlägg", [
            "Ett utlägg är antingen en triss eller ett fyrtal, 3 eller 4 kort i samma valör, "
            "eller en serie, 3 eller fler kort i följd i samma färg (esset bara lågt: se "
            "husreglerna)."]),
        examples=(ex("set 9S 9H 9D", "A book of nines.", "En triss i nior."),
                  ex("run 7C 8C 9C 10C", "A run of four clubs.", "En serie med fyra klöver."))),

    sec("stakes", ("TONK-3", "TONK-14"),
        en=("Stakes and the ledger", [
            "Before playing, the players agree a stake: a whole number of chips. Every "
            "payment below is a number of stakes.",
            "A chip ledger keeps every player's balance across hands, saved in your browser. "
            "Every payment is written in it with the hand's number and the reason, so the "
            "balances always add up to zero."]),
        sv=("Insats och markliggare", [
            "Innan spelet kommer man överens om en insats: ett helt antal marker. Alla "
            "betalningar nedan räknas i insatser.",
            "En liggare håller reda på varje spelares saldo från giv till giv och sparas i "
            "din webbläsare. Varje betalning skrivs in med givens nummer och orsaken, så "
            "saldona blir alltid noll tillsammans."]),
        setting="stake",
        effects={"1": ("A single payment is 1 chip; a double one 2 chips.",
                       "En enkel betalning är 1 mark; en dubbel 2 marker."),
                 "*": ("A single payment is {value} chips, a double one twice as many.",
                       "En enkel betalning är {value} marker, en dubbel dubbelt så många.")}),

    sec("deal", ("TONK-4",),
        en=("The deal", [
            "For the first hand every player cuts a card and the highest card deals (the "
            "ace counts low: see the house rules); after that the deal passes to the left. Each player gets 5 cards, one at "
            "a time, starting left of the dealer. The next card is turned up to start the "
            "discard pile.",
            "With the setting “no initial discard” no card is turned up: the pile starts "
            "empty and the first player must draw from the stock."]),
        sv=("Given", [
            "Inför första given drar alla ett kort och den med högst kort ger (esset räknas "
            "lågt: se husreglerna); sedan går given åt vänster. Var och en får 5 kort, ett i taget, med början till "
            "vänster om den som ger. Nästa kort vänds upp som första kort i slänghögen.",
            "Med inställningen ”Inget kort vänds upp efter given” börjar slänghögen tom och "
            "den första spelaren måste ta från talongen."]),
        setting="no_initial_discard",
        effects={"on": ("The discard pile starts empty.", "Slänghögen börjar tom."),
                 "off": ("A card is turned up to start the discard pile.",
                         "Ett kort vänds upp och börjar slänghögen.")}),

    sec("tonk_deal", ("TONK-5",),
        en=("Tonk on the deal", [
            "A player whose 5 dealt cards are worth 49 or 50 shows them at once: the hand "
            "is not played and that player gets 2 stakes from every other player. If two or "
            "more players have 49 or 50 it is a tie: nobody pays and the hand is dealt "
            "again (by the same dealer: see the house rules)."]),
        sv=("Tonk i given", [
            "Den som får 5 kort värda 49 eller 50 i given visar dem genast: given spelas "
            "inte och den spelaren får 2 insatser av var och en av de andra. Har två eller "
            "fler 49 eller 50 blir det lika: ingen betalar och given görs om (av samma "
            "spelare: se husreglerna)."]),
        examples=(ex("KS QH JD 10C 9S", "10 + 10 + 10 + 10 + 9 = 49: a tonk on the deal.",
                     "10 + 10 + 10 + 10 + 9 = 49: tonk i given."),)),

    sec("turn", ("TONK-6", "TONK-7", "TONK-8"),
        en=("A turn", [
            "Play starts left of the dealer and goes clockwise. At the start of your turn, "
            "before drawing, you may knock (see below). Otherwise take the top card of the "
            "stock or of the discard pile; only the top discard can be seen.",
            "Then you may lay down new spreads from your hand and hit spreads on the table, "
            "your own or anybody's: add cards that keep it a valid spread.",
            "The turn ends when you discard one card face up, unless your hand is already "
            "empty."]),
        sv=("Ett drag", [
            "Spelet börjar till vänster om den som ger och går medsols. I början av ditt drag, "
            "innan du tar ett kort, får du knacka (se nedan). Annars tar du översta kortet i "
            "talongen eller i slänghögen; bara det översta kastade kortet syns.",
            "Sedan får du lägga ut nya utlägg från handen och bygga på utlägg på bordet, "
            "dina egna eller andras: lägg till kort så att utlägget fortfarande är giltigt.",
            "Draget slutar när du kastar ett kort med framsidan upp, om inte handen redan "
            "är tom."]),
        examples=(ex(("run 4H 5H 6H", "7H"), "[7H] hits the run [4H] [5H] [6H].",
                     "Hjärter sju bygger på serien hjärter fyra, fem, sex."),)),

    sec("must_lay", ("TONK-9",),
        en=("Must spreads be laid?", [
            "With the setting “spreads must be laid” on, you may not end your turn holding "
            "a complete spread (a book or a run), except three aces, which you may keep."]),
        sv=("Måste utlägg läggas ut?", [
            "Med inställningen ”Utlägg måste läggas ut” påslagen får du inte avsluta "
            "draget med ett färdigt utlägg (triss, fyrtal eller serie) på handen, utom tre "
            "ess, som får behållas."]),
        setting="must_lay_spreads",
        effects={"on": ("A complete spread in hand must be laid before you discard.",
                        "Ett färdigt utlägg på handen måste läggas ut innan du kastar."),
                 "off": ("You may keep spreads in hand.",
                         "Du får behålla utlägg på handen.")}),

    sec("out", ("TONK-10",),
        en=("Going out", [
            "A player who empties their hand during the turn without discarding has "
            "“tonked out” and gets 2 stakes from every other player. A player whose hand "
            "becomes empty with the discard gets 1 stake from every other player.",
            "With the setting “double pay only for a new spread”, emptying the hand only by "
            "hits, without laying a new spread in that turn, pays 1 stake, not 2."]),
        sv=("Gå ut", [
            "Den som blir av med alla kort under draget utan att kasta har ”tonkat ut” och "
            "får 2 insatser av var och en av de andra. Den som blir av med sista kortet "
            "genom att kasta det får 1 insats av var och en av de andra.",
            "Med inställningen ”Dubbelt bara för ett nytt utlägg” ger det bara 1 insats, inte "
            "2, att tömma handen enbart genom påbyggnad, utan att lägga ett nytt utlägg i "
            "samma drag."]),
        setting="double_only_new_spread",
        effects={"on": ("Tonking out by hits alone pays single.",
                        "Att tonka ut enbart genom påbyggnad ger enkel betalning."),
                 "off": ("Every tonk out pays double.", "Varje tonk ut ger dubbel betalning.")}),

    sec("knock", ("TONK-11",),
        en=("Knocking", [
            "When a player knocks, everybody shows their hand and adds up its value.",
            "If the knocker's total is strictly the lowest, the knocker gets 1 stake from "
            "every other player.",
            "Otherwise the knocker is caught: the knocker pays 2 stakes to every player whose "
            "total is equal to or lower than the knocker's, and the player with the lowest "
            "total among the other players (a caught knocker never counts as the lowest) "
            "also gets 1 stake from every other player. When several of the others share "
            "that lowest total, each of them gets 1 stake from every player who is not "
            "among them."]),
        sv=("Knacka", [
            "När någon knackar visar alla sina händer och räknar ihop värdet.",
            "Har den som knackade strikt lägst summa får hen 1 insats av var och en av de "
            "andra.",
            "Annars åker den som knackade fast: hen betalar 2 insatser till varje spelare "
            "vars summa är lika med eller lägre än hens, och den av de andra spelarna som "
            "har lägst summa (den som knackade och åkte fast räknas aldrig som lägst) får "
            "dessutom 1 insats av var och en av de andra. Delar flera av de andra på den "
            "lägsta summan får var och en av dem 1 insats av varje spelare som inte hör "
            "till dem."]),
        examples=(ex(("AS 2D 3C", "4H 5S"), "Knocker: 6. Another player: 9. The knocker wins 1 stake.",
                     "Den som knackar: 6. En annan spelare: 9. Den som knackade vinner 1 insats."),)),

    sec("hit_lock", ("TONK-13",), house=True,
        en=("Hit lock (Kortbordet's addition)", [
            "With the setting “a hit spread blocks knocking” on, a player whose spread was "
            "hit by another player since their last turn may not knock on their next turn.",
            "This setting is not in the rule sheet: it is Kortbordet's addition, taken from "
            "other Tonk rule sets, and it is off unless you switch it on."]),
        sv=("Spärr efter påbyggnad (Kortbordets tillägg)", [
            "Med inställningen ”Påbyggt utlägg spärrar knackning” påslagen får en spelare "
            "vars utlägg någon annan har byggt på sedan hens förra drag inte knacka i nästa "
            "drag.",
            "Inställningen finns inte i regelbladet: den är Kortbordets tillägg, hämtad från "
            "andra regler för Tonk, och den är av om du inte slår på den."]),
        setting="hit_lock",
        effects={"on": ("A player whose spread was hit cannot knock next turn.",
                        "Den vars utlägg byggts på får inte knacka i nästa drag."),
                 "off": ("Hits do not stop anyone knocking.",
                         "Påbyggnad hindrar ingen från att knacka.")}),

    sec("dry", ("TONK-12",),
        en=("When the stock runs dry", [
            "When the stock is empty, play goes on only while each player in turn takes the "
            "previous player's discard. When the player in turn cannot or will not take it, "
            "the hand ends: the lowest total gets 1 stake from every other player; equal "
            "lowest totals each get 1 stake from every player not among them.",
            "So that a hand cannot go round forever, it also ends once every player has had "
            "one turn with the stock empty: a limit of Kortbordet's, not of the rule sheet "
            "(see the house rules)."]),
        sv=("När talongen tar slut", [
            "När talongen är tom fortsätter spelet bara så länge var och en i tur tar förra "
            "spelarens kastade kort. När den som har turen inte kan eller vill ta det slutar "
            "given: lägst summa får 1 insats av var och en av de andra; delar flera på den "
            "lägsta summan får var och en av dem 1 insats av varje spelare som inte hör till "
            "dem.",
            "För att en giv inte ska kunna gå runt i all evighet slutar den också när alla "
            "har haft ett drag med tom talong: en gräns som Kortbordet har satt, inte "
            "regelbladet (se husreglerna)."])),

    sec("house_ace", ("TONK-2",), house=True,
        en=("The ace is only low", [
            "The rule sheet does not say where the ace stands in a run. At Kortbordet it is "
            "only low: A-2-3 is a run, Q-K-A is not, and neither is K-A-2."]),
        sv=("Esset är bara lågt", [
            "Regelbladet säger inte var esset står i en serie. Hos Kortbordet är det bara "
            "lågt: E-2-3 är en serie, D-K-E är det inte, och inte heller K-E-2."]),
        examples=(ex("run AC 2C 3C", "A run with the ace low.", "En serie med lågt ess."),
                  ex("run QH KH AH", "The ace is never high.", "Esset är aldrig högt.",
                     allowed=False))),

    sec("house_deal", ("TONK-4", "TONK-5"), house=True,
        en=("Cutting for the deal, and a tie on the deal", [
            "The rule sheet does not say how the cut for the first dealer is counted. At "
            "Kortbordet the ace is low in the cut, the lowest card of all, the highest card "
            "deals, and players who tie for the highest card cut again.",
            "Nor does it say who deals after a tie of tonks on the deal. At Kortbordet the "
            "same dealer deals the hand again; otherwise the deal passes to the left."]),
        sv=("Dragning om given, och lika i given", [
            "Regelbladet säger inte hur man räknar när man drar kort om vem som ska ge "
            "först. Hos Kortbordet är esset lågt vid dragningen, det lägsta kortet av alla, "
            "högst kort ger, och de som drar lika höga kort drar om.",
            "Det säger inte heller vem som ger efter lika tonk i given. Hos Kortbordet ger "
            "samma spelare om given; annars går given åt vänster."]),
        examples=(ex(("AS", "2H"), "The cut: [2H] beats [AS], since the ace is low.",
                     "Dragningen: hjärter två slår spader ess, eftersom esset är lågt."),)),

    sec("house_count", ("TONK-11", "TONK-12"), house=True,
        en=("A spread in hand still counts", [
            "When hands are shown and totalled, at a knock or when the stock has run dry, "
            "every card in the hand counts, a complete spread still held in hand too: only "
            "cards laid on the table stop counting. (The rule sheet speaks of the total of "
            "unmatched cards; lay your spreads down to have them not count.)"]),
        sv=("Ett utlägg på handen räknas ändå", [
            "När händerna visas och räknas ihop, vid knackning eller när talongen är slut, "
            "räknas varje kort på handen, även ett färdigt utlägg som man fortfarande har "
            "på handen: bara kort som ligger på bordet slutar räknas. (Regelbladet talar om "
            "summan av kort som inte ingår i något utlägg; lägg ut dina utlägg så räknas de "
            "inte.)"]),
        examples=(ex("3H 4H 5H KS", "Shown at a knock: 3 + 4 + 5 + 10 = 22, the run included.",
                     "Visas vid knackning: 3 + 4 + 5 + 10 = 22, serien medräknad."),)),

    sec("house_dry", ("TONK-12",), house=True,
        en=("The dry stock lasts one round", [
            "With the stock empty a player may still knock at the start of the turn. The "
            "discard pile is never reshuffled. After every player has had one turn with the "
            "stock empty, the hand ends as if the next player had declined the discard.",
            "This one-round limit is Kortbordet's, not the rule sheet's, which does not say "
            "how long a dry stock may last: it keeps a hand from going round forever."]),
        sv=("Tom talong varar ett varv", [
            "Med tom talong får man fortfarande knacka i början av draget. Slänghögen blandas "
            "aldrig om. När alla har haft ett drag med tom talong slutar given som om nästa "
            "spelare hade tackat nej till det kastade kortet.",
            "Gränsen på ett varv är Kortbordets, inte regelbladets, som inte säger hur länge "
            "en tom talong får vara: den hindrar en giv från att gå runt i all evighet."])),

    sec("house_taken", ("TONK-8",), house=True,
        en=("Not the card just taken", [
            "A card taken from the discard pile may not be discarded in the same turn, "
            "unless it is the only card you may discard."]),
        sv=("Inte kortet man just tog", [
            "Ett kort som tagits från slänghögen får inte kastas i samma drag, om det inte "
            "är det enda kort man får kasta."])),

    sec("house_turns", ("TONK-12",), house=True,
        en=("At most 200 turns", [
            "A hand lasts at most 200 turns. Then it ends like a dry stock: all hands are "
            "shown and the lowest total is paid. Normal hands are far shorter."]),
        sv=("Högst 200 drag", [
            "En giv varar högst 200 drag. Sedan slutar den som vid tom talong: alla händer "
            "visas och lägst summa får betalt. Vanliga givar är mycket kortare."])),

    sec("house_details", ("TONK-9", "TONK-11", "TONK-13"), house=True,
        en=("Fine points: ties, aces, the lock", [
            "Spreads must be laid: what is checked is your hand after the discard, so you "
            "may break up a book by discarding one of its cards. Three or four aces may be "
            "kept, a run with an ace (A-2-3) may not. A knocker who ties the lowest total is caught: the knocker pays 2 stakes "
            "to each player with that total, and each of them gets 1 stake from everybody "
            "else, the knocker included. Hit lock: a spread counts as hit when another "
            "player hits it, and the lock ends once its owner has drawn.",
            "Everybody can see which cards a player took from the discard pile and still "
            "holds, as everybody at a real table saw them taken."]),
        sv=("Detaljer: lika summor, ess och spärr", [
            "Utlägg måste läggas ut: det som prövas är handen efter kastet, så du får bryta "
            "upp en triss genom att kasta ett av dess kort. Tre eller fyra ess får behållas, "
            "en serie med ess (E-2-3) får inte det. Den som knackar och har samma summa som den lägsta åker "
            "fast: hen betalar 2 insatser till var och en med den summan, och var och en av "
            "dem får 1 insats av alla andra, den som knackade också. Spärr: ett utlägg räknas "
            "som påbyggt när en annan spelare bygger på det, och spärren släpper när ägaren "
            "har tagit ett kort.",
            "Alla ser vilka kort en spelare har tagit från slänghögen och fortfarande har "
            "kvar, precis som alla vid ett riktigt bord såg dem tas."])),
]
