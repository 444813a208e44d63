"""Dunka's rules page (rules/dunka.md, DUN-1 … DUN-18), in English and Swedish."""

from __future__ import annotations

from . import ex, rummy, sec

SCORES = ("their hand", "sin hand")
"""What everybody scores when a round ends with no winner: the cards left in hand."""

SECTIONS = [
    sec("aim", (),
        en=("The aim", [
            "Dunka is a Swedish contract rummy in six rounds. In every round you collect the "
            "round's contract (sets and runs), lay it down, get rid of the rest of your "
            "cards and try to be the first with an empty hand. Cards left in hand cost "
            "points; after six rounds the lowest total wins."]),
        sv=("Målet", [
            "Dunka är ett svenskt kontraktsrummy i sex givar. I varje giv samlar man ihop "
            "givens kontrakt (trissar och stegar), lägger ut det, blir av med resten av "
            "korten och försöker bli först med tom hand. Kort som blir kvar på handen kostar "
            "poäng; efter sex givar vinner den lägsta summan."])),

    sec("cards", ("DUN-1",),
        en=("Players and cards", [
            "Two ordinary 52-card decks shuffled together with 4 jokers: 108 cards. Every "
            "card therefore exists twice. 2 to 6 players."]),
        sv=("Spelare och kort", [
            "Två vanliga kortlekar med 52 kort blandas ihop med 4 jokrar: 108 kort. Varje "
            "kort finns alltså två gånger. 2–6 spelare."])),

    sec("melds", ("DUN-2",),
        en=("Sets and runs", [
            "A set (“triss”) is 3 or more cards of the same rank; suits may repeat, since "
            "there are two decks.",
            "A run (“stege”) is 3 or more cards in sequence in one suit; a four-run has at "
            "least 4. The ace is either low (A-2-3) or high (Q-K-A), never both at once: "
            "K-A-2 is not a run. A run never holds two cards of the same rank."]),
        sv=("Trissar och stegar", [
            "En triss är 3 eller fler kort i samma valör; färgerna får upprepas eftersom "
            "det finns två lekar.",
            "En stege är 3 eller fler kort i följd i samma färg; en fyrstege har minst 4. "
            "Esset är antingen lågt (E-2-3) eller högt (D-K-E), aldrig båda på en gång: "
            "K-E-2 är ingen stege. En stege har aldrig två kort i samma valör."]),
        examples=(ex("set 7S 7H 7H.1", "A set of sevens (the two [7H] come from the two decks).",
                     "En triss i sjuor (de två hjärter sju kommer från var sin lek)."),
                  ex("run 9C 10C JC QC", "A four-run in clubs.", "En fyrstege i klöver."),
                  ex("run AD 2D 3D", "The ace low.", "Esset lågt."),
                  ex("run KS AS 2S", "No wrapping round the ace.", "Ingen stege runt esset.",
                     allowed=False))),

    sec("jokers", ("DUN-3", "DUN-10"),
        en=("Jokers", [
            "A joker stands for any card. But a meld must be mostly natural cards: fewer "
            "jokers than natural cards. A set of 3 may hold one joker; a set of 5 may hold "
            "two.",
            "Jokers may not be discarded. You may lay a joker only on your own melds, and a "
            "joker laid in a meld belongs to that meld for the rest of the round."]),
        sv=("Jokrar", [
            "En joker kan stå för vilket kort som helst. Men en kombination måste till "
            "största delen bestå av riktiga kort: färre jokrar än riktiga kort. En triss på "
            "3 kort får ha en joker; en triss på 5 kort får ha två.",
            "Jokrar får inte kastas. En joker får bara läggas på dina egna utlagda "
            "kombinationer, och en utlagd joker hör till sin kombination resten av "
            "given."]),
        examples=(ex("run 4H 5H JK=6H 7H", "The joker stands for [6H].", "Jokern står för hjärter sex."),
                  ex("set KD KC JK=K", "One joker in a set of three.",
                     "En joker i en triss på tre kort."),
                  ex("set KD JK=K JK.1=K", "More jokers than natural cards.",
                     "Fler jokrar än riktiga kort.", allowed=False))),

    sec("rounds", ("DUN-4",),
        en=("The six rounds", [
            "Each round has its contract, the melds you need to lay down:",
            "- Round 1: two sets\n- Round 2: a set and a four-run\n- Round 3: two four-runs\n"
            "- Round 4: three sets\n- Round 5: three runs of three\n"
            "- Round 6: two sets and a four-run, going out at once",
            "Every meld of the contract may be longer than its base size: five kings are "
            "still a set, six hearts in a row still a four-run."]),
        sv=("De sex givarna", [
            "Varje giv har sitt kontrakt, de kombinationer man behöver för att lägga ut:",
            "- Giv 1: två trissar\n- Giv 2: en triss och en fyrstege\n- Giv 3: två fyrstegar\n"
            "- Giv 4: tre trissar\n- Giv 5: tre trestegar\n"
            "- Giv 6: två trissar och en fyrstege, med direkt utgång",
            "Varje kombination i kontraktet får vara längre än grundantalet: fem kungar är "
            "fortfarande en triss, sex hjärter i följd fortfarande en fyrstege."]),
        examples=(ex(("set 5S 5D 5C", "run 8H 9H 10H JH"), "Round 2: a set and a four-run.",
                     "Giv 2: en triss och en fyrstege."),)),

    sec("deal", ("DUN-5",),
        en=("The deal", [
            "The first dealer is drawn by lot (see the house rules); the deal moves one "
            "seat to the left every round. The dealer deals 10 cards to each player, turns up the top card of the "
            "stock to start the discard pile, and then gives each player an 11th card.",
            "Then each player in turn, starting left of the dealer, discards one card onto "
            "the pile, so everybody has 10 cards (nobody dunks during these opening "
            "discards: see the house rules). Then the player left of the dealer (“förhand”) takes the first turn; "
            "the dealer's discard is on top of the pile, and it may be taken or dunked like "
            "any discard."]),
        sv=("Given", [
            "Vem som ger först lottas (se husreglerna); sedan flyttar given ett steg åt "
            "vänster varje giv. "
            "Given delar ut 10 kort till var och en, vänder upp talongens översta kort som första "
            "kort i slänghögen och ger sedan alla ett elfte kort.",
            "Därefter kastar (sakar) var och en i tur och ordning, med början till vänster om "
            "given, ett kort på högen, så att alla har 10 kort (ingen dunkar under den här "
            "rundan: se husreglerna). Sedan gör förhand, spelaren till vänster om given, första draget; "
            "givens kastade kort ligger överst i högen och får tas eller dunkas som vilket kastat "
            "kort som helst."])),

    sec("turn", ("DUN-6",),
        en=("A turn", [
            "The player in turn takes either the top card of the discard pile or the top "
            "card of the stock (now holding 11 cards), may lay down and add cards to melds "
            "(below), and ends the turn by discarding one card face up."]),
        sv=("Ett drag", [
            "Den som har turen tar antingen översta kortet i slänghögen eller översta kortet "
            "i talongen (och har då 11 kort), får lägga ut och bygga på (se nedan) och "
            "avslutar draget genom att kasta ett kort med framsidan upp."])),

    sec("dunk", ("DUN-7",),
        en=("Dunking", [
            "After a discard the next player has the first right to it, as their normal draw "
            "and without penalty. If that player takes from the stock instead, every other "
            "player may “dunk” (knock on the table) for the discard.",
            "If several players dunk, the one nearest in turn after the player who discarded "
            "gets it; who dunked first does not matter. The dunker takes the discard plus a "
            "penalty card from the top of the stock, and gets no extra turn: play goes on "
            "with the player whose turn it was."]),
        sv=("Dunka", [
            "Efter ett kast har nästa spelare först rätt till kortet, som sitt vanliga drag "
            "och utan straff. Tar den spelaren i stället från talongen får alla andra "
            "”dunka” (slå i bordet) för det kastade kortet.",
            "Dunkar flera får den som sitter närmast i tur efter den som kastade kortet; "
            "vem som dunkade först spelar ingen roll. Den som dunkar tar kortet plus ett "
            "straffkort från talongen och får inget extra drag: spelet fortsätter med den "
            "som hade turen."])),

    sec("laydown", ("DUN-8",),
        en=("Laying down the contract", [
            "After drawing, a player holding the round's contract may lay it down: exactly "
            "the contract's melds (each may be longer), nothing else. You lay down at most "
            "once per round."]),
        sv=("Lägga ut kontraktet", [
            "Efter att ha tagit ett kort får den som har givens kontrakt lägga ut det: exakt "
            "kontraktets kombinationer (var och en får vara längre), inget annat. Man lägger "
            "ut högst en gång per giv."]),
        examples=(ex(("set 10S 10D 10D.1", "set 4C 4H 4S", "set AH AC JK=A"),
                     "Round 4: three sets, one of them with a joker.",
                     "Giv 4: tre trissar, en av dem med joker."),)),

    sec("layoff", ("DUN-9",),
        en=("Adding to melds (laying off)", [
            "Once you have laid down (in the same turn or later) you may add cards to any "
            "meld on the table, your own or another player's, as long as every meld stays "
            "valid. No new melds may be started beyond the contract."]),
        sv=("Bygga på", [
            "När du har lagt ut (i samma drag eller senare) får du lägga till kort på vilken "
            "kombination som helst på bordet, din egen eller någon annans, så länge varje "
            "kombination förblir giltig. Inga nya kombinationer får påbörjas utöver "
            "kontraktet."]),
        examples=(ex(("run 5S 6S 7S 8S", "4S 9S"), "[4S] or [9S] can be added to this run.",
                     "Spader fyra eller spader nio kan läggas till stegen."),)),

    sec("replace", ("DUN-11",),
        en=("Replacing a joker in a run", [
            "A player who has laid down may replace a joker in any run with the natural card "
            "it stands for. The joker stays in that run: the player chooses whether it "
            "extends the run at the low or the high end (only an end that keeps the run "
            "valid). Jokers in sets are never replaced."]),
        sv=("Byta ut en joker i en stege", [
            "Den som har lagt ut får byta ut en joker i en stege mot det riktiga kort jokern "
            "står för. Jokern stannar i stegen: spelaren väljer om den förlänger stegen "
            "nertill eller upptill (bara en ände där stegen förblir giltig). Jokrar i "
            "trissar byts aldrig ut."]),
        examples=(ex(("run 9D JK=10D JD QD", "10D"), "[10D] goes in place of the joker…",
                     "Ruter tio läggs i jokerns ställe…"),
                  ex("run JK=8D 9D 10D JD QD", "…and the joker now extends the run below.",
                     "…och jokern förlänger nu stegen nertill."))),

    sec("end", ("DUN-13", "DUN-14"),
        en=("End of a round and scoring", [
            "Rounds 1 to 5 end as soon as a player has no cards left, by discarding their "
            "last card or by laying down their last cards.",
            f"The others score the cards left in their hands: {rummy.CARD_VALUES[0]}. The "
            "player who went out scores 0."]),
        sv=("Givens slut och poäng", [
            "Givarna 1–5 slutar så snart någon inte har några kort kvar, genom att kasta "
            "sitt sista kort eller lägga ut sina sista kort.",
            f"De andra räknar korten de har kvar på handen: {rummy.CARD_VALUES[1]}. Den som "
            "gick ut får 0."]),
        examples=(ex("JK AS 10D KC 4S", "Left in hand: 25 + 15 + 10 + 10 + 5 = 65 points.",
                     "Kvar på handen: 25 + 15 + 10 + 10 + 5 = 65 poäng."),)),

    sec("round6", ("DUN-15",),
        en=("Round 6: going out at once", [
            "In the last round you may lay down only by going out at once. After taking a "
            "card (from the stock, the pile or by dunking), all your cards must form two "
            "sets and a four-run, with nothing left to discard. Only one player can do this: "
            "the round ends there."]),
        sv=("Giv 6: direkt utgång", [
            "I sista given får man bara lägga ut genom att gå ut direkt. Efter att ha tagit "
            "ett kort (från talongen, högen eller genom att dunka) måste alla ens kort bilda "
            "två trissar och en fyrstege, utan att något kort blir över att kasta. Bara en "
            "spelare kan göra det: där slutar given."]),
        examples=(ex(("set 9S 9D 9C 9H", "set QH QS QD", "run 5C 6C 7C 8C"),
                     "11 cards, all in the contract: this player goes out.",
                     "11 kort, alla i kontraktet: den här spelaren går ut."),)),

    rummy.stock(("DUN-16",), SCORES),

    sec("result", ("DUN-17", "DUN-18"),
        en=("The winner and the scoresheet", [
            "After six rounds the lowest total wins; players with equal lowest totals share "
            "the win.",
            "The scoresheet (round, contract, each player's points and running totals) is "
            "shown during and after the game and saved in your browser, so a reload "
            "continues it. Finished scoresheets are listed in the lobby."]),
        sv=("Vinnaren och protokollet", [
            "Efter sex givar vinner den lägsta summan; har flera samma lägsta summa delar de "
            "segern.",
            "Protokollet (giv, kontrakt, varje spelares poäng och löpande summor) visas under "
            "och efter spelet och sparas i din webbläsare, så att spelet fortsätter efter en "
            "omladdning. Avslutade protokoll finns i lobbyn."])),

    sec("house_setup", ("DUN-1", "DUN-2"), house=True,
        en=("Players and the ace", [
            "The rule sheet names no number of players: Kortbordet allows 2 to 6. That the "
            "ace is low or high but never both (no K-A-2) is taken from Elvakorts-Rummy's "
            "sheet."]),
        sv=("Antal spelare och esset", [
            "Regelbladet säger inget om antalet spelare: Kortbordet tillåter 2–6. Att esset "
            "är lågt eller högt men aldrig båda (ingen K-E-2) är hämtat från "
            "Elvakorts-Rummys regelblad."])),

    sec("house_dealer", ("DUN-5",), house=True,
        en=("Who deals first", [
            "The rule sheet does not say who deals the first round. At Kortbordet the first "
            "dealer is drawn by lot, from the game number; after that the deal moves one "
            "seat to the left every round."]),
        sv=("Vem som ger först", [
            "Regelbladet säger inte vem som ger i första given. Hos Kortbordet lottas den "
            "som ger först, från spelnumret; sedan flyttar given ett steg åt vänster "
            "varje giv."])),

    sec("house_opening", ("DUN-5",), house=True,
        en=("No dunking during the opening discards", [
            "Nobody may dunk for a card discarded in the opening round, when every player "
            "discards one card after the deal. The first discard that may be taken or "
            "dunked is the dealer's, the last of that round."]),
        sv=("Ingen dunkning under öppningsrundan", [
            "Ingen får dunka för ett kort som kastas i öppningsrundan, när var och en kastar "
            "ett kort efter given. Det första kastade kortet som får tas eller dunkas är "
            "givens, det sista i den rundan."])),

    sec("house_laydown", ("DUN-8",), house=True,
        en=("Laying down after taking the discard", [
            "The rule sheet speaks of laying down after taking a card from the stock. At "
            "Kortbordet you may just as well lay down after taking the top card of the "
            "discard pile."]),
        sv=("Lägga ut efter att ha tagit det kastade kortet", [
            "Regelbladet talar om att lägga ut efter att ha tagit ett kort från talongen. "
            "Hos Kortbordet får man lika gärna lägga ut efter att ha tagit översta kortet "
            "i slänghögen."])),

    sec("house_replace", ("DUN-11",), house=True,
        en=("Who may replace a joker", [
            "The rule sheet does not say who may replace a joker in a run. At Kortbordet "
            "only a player who has laid down their contract may, like laying off."]),
        sv=("Vem som får byta ut en joker", [
            "Regelbladet säger inte vem som får byta ut en joker i en stege. Hos Kortbordet "
            "får bara den som har lagt ut sitt kontrakt göra det, precis som att bygga på."])),

    sec("house_jokers", ("DUN-12",), house=True,
        en=("Only jokers left", [
            "A player who must discard while holding nothing but jokers discards a joker, "
            "so that nobody can get stuck."]),
        sv=("Bara jokrar kvar", [
            "Den som måste kasta men bara har jokrar kvar kastar en joker, så att ingen kan "
            "bli fast."])),

    rummy.house_taken(
        ("DUN-6",), ("won by dunking", "man fått genom att dunka"),
        examples=(ex(("7H", "7H.1"),
                     "Took [7H] from the pile: neither [7H] may be discarded this turn.",
                     "Tog hjärter sju från högen: ingen av de två hjärter sju får kastas i "
                     "draget."),)),

    sec("house_dunk", ("DUN-7", "DUN-15"), house=True,
        en=("Dunking: penalty card and going out", [
            "A dunk always takes a penalty card: when none can be had (the stock is empty "
            "and cannot be rebuilt), nobody may dunk. In round 6 a dunker whose whole hand, "
            "with the discard and the penalty card, forms the contract may lay down at "
            "once, out of turn, and go out."]),
        sv=("Dunka: straffkort och utgång", [
            "Den som dunkar tar alltid ett straffkort: finns inget att få (talongen är tom "
            "och kan inte byggas upp igen) får ingen dunka. I giv 6 får den som dunkar, och "
            "vars hela hand med det kastade kortet och straffkortet bildar kontraktet, lägga "
            "ut direkt, utanför tur, och gå ut."])),

    rummy.house_reshuffles(("DUN-16",), SCORES),

    rummy.house_turns(("DUN-13", "DUN-16"), SCORES),
]
