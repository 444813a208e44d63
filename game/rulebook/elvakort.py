"""Elvakorts-Rummy's rules page (rules/elvakort.md, ELV-1 … ELV-14), in English and
Swedish."""

from __future__ import annotations

from . import ex, rummy, sec

SCORES = ("their cards", "sina kort")
"""What everybody scores when a round ends with no winner: their cards, table plus and hand
minus (ELV-13)."""

SECTIONS = [
    sec("aim", (),
        en=("The aim", [
            "Elvakorts-Rummy (“eleven-card rummy”, also called Rummy à la Dahlgren) is "
            "played in six rounds, each with an opening contract. Lay the contract down, "
            "build on the table and go out: cards on the table count plus, cards left in "
            "hand count minus. After six rounds the highest total wins."]),
        sv=("Målet", [
            "Elvakorts-Rummy (även kallat Rummy à la Dahlgren) spelas i sex givar, var och "
            "en med sin öppningshand. Lägg ut den, bygg vidare på bordet och gå ut: kort på "
            "bordet räknas som plus, kort kvar på handen som minus. Efter sex givar vinner "
            "den högsta summan."])),

    sec("cards", ("ELV-1",),
        en=("Players and cards", [
            "2 to 8 players. With 2–4 players two 52-card decks are shuffled together, with "
            "5–8 players three; each deck brings two jokers (108 or 162 cards)."]),
        sv=("Spelare och kort", [
            "2–8 spelare. Med 2–4 spelare blandas två kortlekar med 52 kort ihop, med 5–8 "
            "spelare tre; varje lek har två jokrar (108 eller 162 kort)."])),

    sec("melds", ("ELV-2",),
        en=("Sets and runs", [
            "A set is 3 or more cards of the same rank (suits may repeat). A run (“stege”) "
            "is 4 or more cards in sequence in one suit.",
            "The ace is low (A-2-3-4) or high (J-Q-K-A), but a run never goes round the ace: "
            "K-A-2-3 is not a run."]),
        sv=("Trissar och stegar", [
            "En triss är 3 eller fler kort i samma valör (färgerna får upprepas). En stege "
            "är 4 eller fler kort i följd i samma färg.",
            "Esset är lågt (E-2-3-4) eller högt (Kn-D-K-E), men en stege går aldrig runt "
            "esset: K-E-2-3 är ingen stege."]),
        examples=(ex("set 8S 8H 8D", "A set of eights.", "En triss i åttor."),
                  ex("run JC QC KC AC", "A run with the ace high.", "En stege med högt ess."),
                  ex("run 4D 5D 6D", "Three in a row is too short: a run needs four.",
                     "Tre i följd är för kort: en stege behöver fyra.", allowed=False))),

    sec("jokers", ("ELV-3",), house=True,
        en=("Jokers", [
            "The rule sheet only says that each deck has two jokers. At Kortbordet jokers "
            "are wild: a joker stands for any card, but a meld must hold more natural cards "
            "than jokers. Jokers may be taken and discarded like any card and laid on any "
            "meld; a joker on the table is never replaced."]),
        sv=("Jokrar", [
            "Regelbladet säger bara att varje lek har två jokrar. På Kortbordet är jokrarna "
            "fria: en joker står för vilket kort som helst, men en kombination måste ha fler "
            "riktiga kort än jokrar. Jokrar får tas och kastas som andra kort och läggas på "
            "vilken kombination som helst; en joker på bordet byts aldrig ut."]),
        examples=(ex("run 9S 10S JK=JS QS", "The joker stands for the jack of spades.",
                     "Jokern står för spader knekt."),)),

    sec("rounds", (),
        en=("The six rounds", [
            "Each round has an opening contract, the melds needed to lay down for the first "
            "time:",
            "- Round 1: two sets\n- Round 2: a set and a run\n- Round 3: two runs\n"
            "- Round 4: three sets\n- Round 5: two sets and a run\n"
            "- Round 6: two runs and a set, going out at once",
            "A run means four or more in a row in one suit; a set three or more of a kind."]),
        sv=("De sex givarna", [
            "Varje giv har en öppningshand, de kombinationer som krävs för att lägga ut "
            "första gången:",
            "- Giv 1: två trissar\n- Giv 2: en triss och en stege\n- Giv 3: två stegar\n"
            "- Giv 4: tre trissar\n- Giv 5: två trissar och en stege\n"
            "- Giv 6: två stegar och en triss, med direkt utgång",
            "Med stege menas fyra eller fler kort i följd i samma färg, med triss tre eller "
            "fler av samma valör."]),
        examples=(ex(("run 3H 4H 5H 6H", "run 10S JS QS KS"), "Round 3: two runs.",
                     "Giv 3: två stegar."),)),

    sec("deal", ("ELV-4",),
        en=("The deal", [
            "The deal passes round the table; the player left of the dealer starts. Each "
            "player gets 11 cards, and then each discards one card face up, in turn from "
            "the dealer's left. The rest is the face-down stock. One card of the stock is "
            "turned up and laid on the discards: it is the top of the discard pile."]),
        sv=("Given", [
            "Given går runt bordet; spelaren till vänster om given börjar. Var och en får "
            "11 kort och kastar sedan ett kort med framsidan upp, i tur och ordning från "
            "givens vänster. Resten är den nedvända talongen (draghögen). Ett kort ur "
            "talongen vänds upp och läggs på de kastade korten: det är slänghögens översta "
            "kort."])),

    sec("turn", ("ELV-5", "ELV-9"),
        en=("A turn", [
            "The player in turn takes the top card of the discard pile or of the stock, "
            "may lay down (below), and ends the turn by discarding one card face up."]),
        sv=("Ett drag", [
            "Den som har turen tar översta kortet i slänghögen eller i talongen, får lägga "
            "ut (se nedan) och avslutar draget genom att kasta ett kort med framsidan upp."])),

    sec("claim", ("ELV-6",),
        en=("Taking a discard out of turn", [
            "If the player in turn does not take the discard, the other players may take "
            "it; whoever does also draws a penalty card from the stock. If several want it, "
            "the one nearest in turn order (to the left) gets it. The taker gets no extra "
            "turn. This is the same as dunking in Dunka."]),
        sv=("Ta ett kastat kort utanför tur", [
            "Tar inte den som har turen det kastade kortet får de andra ta det; den som gör "
            "det tar också ett straffkort från talongen. Vill flera ha det får den som är "
            "närmast i turordningen (till vänster). Den som tar kortet får inget extra drag. "
            "Det är samma sak som att dunka i Dunka."])),

    sec("laydown", ("ELV-7",),
        en=("Laying down", [
            "Until you have laid down the round's contract, your turn is simply: take a "
            "card, discard a card. After taking a card you may lay down the contract: at "
            "least its melds (each may be longer), and you may add further melds at the "
            "same time."]),
        sv=("Lägga ut", [
            "Tills du har lagt ut givens öppningshand är ditt drag bara: ta ett kort, kasta "
            "ett kort. Efter att ha tagit ett kort får du lägga ut öppningshanden: minst "
            "dess kombinationer (var och en får vara längre), och du får lägga ut fler "
            "kombinationer samtidigt."]),
        examples=(ex(("set 6S 6H 6C", "run 7D 8D 9D 10D"), "Round 2: a set and a run.",
                     "Giv 2: en triss och en stege."),)),

    sec("build", ("ELV-8",),
        en=("Building on the table", [
            "Once you have laid down, you may lay down further melds in later turns and add "
            "cards to any meld on the table, yours or another player's; one card at a time "
            "is enough. Cards you add to another player's meld score for that meld's "
            "owner."]),
        sv=("Bygga vidare", [
            "När du har lagt ut får du lägga ut fler kombinationer i senare drag och bygga "
            "på vilken kombination som helst på bordet, din egen eller någon annans; ett kort "
            "i taget räcker. Kort du lägger på någon annans kombination ger poäng till den "
            "som äger kombinationen."]),
        examples=(ex(("set QD QS QS.1", "QH"), "[QH] added to another player's set: the points are theirs.",
                     "Hjärter dam läggs på någon annans triss: poängen blir deras."),)),

    sec("end", ("ELV-10",),
        en=("Going out", [
            "Rounds 1 to 5 end only when a player has laid down all their cards but one and "
            "discards that last card face up on the discard pile. So in rounds 1 to 5 you "
            "always keep a card to discard: laying down, laying down a further meld or "
            "adding a card to a meld is not allowed when it would leave you with no card in "
            "hand.",
            "Round 6: you may lay down only by going out at once, with all your cards in the "
            "contract's melds and no discard. Only one player lays down in round 6."]),
        sv=("Gå ut", [
            "Givarna 1–5 slutar först när någon har lagt ut alla sina kort utom ett och "
            "kastar det sista kortet uppåtvänt i slänghögen. I givarna 1–5 behåller du "
            "därför alltid ett kort att kasta: att lägga ut, lägga ut en kombination till "
            "eller bygga på en kombination är inte tillåtet om du då skulle bli utan kort "
            "på handen.",
            "Giv 6: man får bara lägga ut genom att gå ut direkt, med alla kort i "
            "öppningshandens kombinationer och utan att kasta. Bara en spelare lägger ut i "
            "giv 6."]),
        examples=(ex(("set 7S 7H 7D", "7C"),
                     "Rounds 1 to 5: [7C] is your last card. It fits your sevens, but you may "
                     "not add it: discard it, and you go out.",
                     "Givarna 1–5: klöver sju är ditt sista kort. Det passar på dina sjuor, "
                     "men du får inte lägga till det: kasta det, så går du ut."),
                  ex(("run 2C 3C 4C 5C", "run 9H 10H JH QH", "set 7S 7D 7C"),
                     "Round 6 with 11 cards after taking one: two runs and a set, nothing left.",
                     "Giv 6 med 11 kort efter att ha tagit ett: två stegar och en triss, inget kvar."))),

    rummy.stock(("ELV-11",), SCORES),

    sec("values", ("ELV-12",), house=True,
        en=("Card values", [
            "The rule sheet refers to a points table that it does not contain. Kortbordet "
            f"uses: {rummy.CARD_VALUES[0]}."]),
        sv=("Kortens värden", [
            "Regelbladet hänvisar till en poängtabell som saknas. Kortbordet räknar: "
            f"{rummy.CARD_VALUES[1]}."]),
        examples=(ex("JK AH KS 9D", "25 + 15 + 10 + 5 = 55 points.", "25 + 15 + 10 + 5 = 55 poäng."),)),

    sec("scoring", ("ELV-13",),
        en=("Scoring a round", [
            "At the end of a round every player scores plus the value of the cards in the "
            "melds they own on the table (cards others added to them included) and minus "
            "the value of the cards left in hand. The player who went out gets a bonus of "
            "50 points."]),
        sv=("Poäng i en giv", [
            "När given är slut får varje spelare plus för värdet av korten i de "
            "kombinationer hen äger på bordet (även kort som andra lagt på) och minus för "
            "värdet av korten kvar på handen. Den som gick ut får 50 poäng i bonus."]),
        examples=(ex(("set KS KH KD", "8C JK"),
                     "Three kings on the table (+30), [8C] and a joker in hand (−30): 0 points.",
                     "Tre kungar på bordet (+30), klöver åtta och en joker på handen (−30): 0 poäng."),)),

    sec("result", ("ELV-14",),
        en=("The winner and the scoresheet", [
            "After six rounds the highest total wins; equal highest totals share the win. "
            "The scoresheet (rounds with their contracts, the players, points and totals) is "
            "saved in your browser, and the Scoresheets screen in the lobby prints a blank "
            "or filled form for playing with real cards."]),
        sv=("Vinnaren och protokollet", [
            "Efter sex givar vinner den högsta summan; har flera samma högsta summa delar de "
            "segern. Protokollet (givarna med sina öppningshänder, spelarna, poäng och "
            "summor) sparas i din webbläsare, och skärmen Protokoll i lobbyn skriver ut ett "
            "tomt eller ifyllt formulär för spel med riktiga kort."])),

    sec("house_turnup", ("ELV-4", "ELV-6"), house=True,
        en=("The turned-up card", [
            "Nobody may claim the card turned up after the opening discards: the player "
            "left of the dealer may take it as their normal draw, and if they do not, it "
            "simply stays on the pile."]),
        sv=("Det uppvända kortet", [
            "Ingen får ta det kort som vänds upp efter de första kasten utanför tur: "
            "spelaren till vänster om given får ta det som sitt vanliga drag, och gör hen "
            "inte det ligger det kvar på högen."])),

    sec("house_claim", ("ELV-6", "ELV-10"), house=True,
        en=("Taking out of turn: penalty card and going out", [
            "Taking a discard out of turn always costs a penalty card: when none can be had "
            "(the stock is empty and cannot be rebuilt), nobody may take it out of turn. In "
            "round 6 a player who took a discard out of turn and whose whole hand, with the "
            "discard and the penalty card, forms the contract may lay down at once and go "
            "out."]),
        sv=("Utanför tur: straffkort och utgång", [
            "Att ta ett kastat kort utanför tur kostar alltid ett straffkort: finns inget att "
            "få (talongen är tom och kan inte byggas upp igen) får ingen ta kortet utanför "
            "tur. I giv 6 får den som tagit ett kort utanför tur, och vars hela hand med "
            "kortet och straffkortet bildar öppningshanden, lägga ut direkt och gå ut."])),

    sec("house_round6", ("ELV-10",), house=True,
        en=("Round 6 is exactly the contract", [
            "In round 6 the lay-down is exactly the contract: two runs and a set, each as "
            "long as needed to hold all your cards, and no further melds."]),
        sv=("Giv 6 är exakt öppningshanden", [
            "I giv 6 är utläggningen exakt öppningshanden: två stegar och en triss, var och "
            "en så lång som behövs för att rymma alla dina kort, och inga fler "
            "kombinationer."])),

    rummy.house_taken(("ELV-9",), ("taken out of turn", "man tagit utanför tur")),

    rummy.house_reshuffles(("ELV-11",), SCORES),

    rummy.house_turns(("ELV-10", "ELV-11"), SCORES),
]
