"""Rules-page sections that Dunka and Elvakorts-Rummy share, written once.

Both games run on one engine (``game.rummy``, two rule sets), so where that engine does
the same thing for both (the exhausted stock, its reshuffle limit, the turn limit, the
card just taken) the rules pages tell it with the same words. Each function returns a
``Section`` for ``game.rulebook.dunka`` or ``game.rulebook.elvakort`` and takes the
game's rule ids and the few words that differ:

- ``scores``: ``(english, swedish)``, what everybody scores when a round ends with no
  winner: Dunka counts ``("their hand", "sin hand")``, Elvakort (table plus, hand minus)
  ``("their cards", "sina kort")``.
"""

from __future__ import annotations

from . import Example, Section, sec

CARD_VALUES = ("joker 25, ace 15, ten, jack, queen and king 10 each, 2 to 9 5 each",
               "joker 25, ess 15, tior och klädda kort 10 var, 2–9 5 var")
"""The card values both games score with (DUN-14, ELV-12), ``(english, swedish)``."""


def stock(rules: tuple[str, ...], scores: tuple[str, str]) -> Section:
    """Section ``stock``: a new stock from the discard pile (DUN-16, ELV-11); a house rule,
    since neither rule sheet says how an empty stock is rebuilt."""
    en, sv = scores
    return sec("stock", rules, house=True,
               en=("When the stock runs out", [
                   "The rule sheet does not say what happens when the stock runs out. At "
                   "Kortbordet, when the stock is empty and a card must be taken from it, "
                   "the discard pile except its top card is shuffled to make a new stock. "
                   "If no card "
                   f"can be had at all, the round ends with no winner and everybody scores "
                   f"{en}."]),
               sv=("När talongen tar slut", [
                   "Regelbladet säger inte vad som händer när talongen tar slut. Hos "
                   "Kortbordet gäller: när talongen är tom och någon måste ta ett kort "
                   "därifrån blandas slänghögen, utom det översta kortet, till en ny talong. "
                   "Går det inte att "
                   f"få fram något kort alls slutar given utan vinnare och alla räknar {sv}."]))


def house_taken(rules: tuple[str, ...], claimed: tuple[str, str],
                examples: tuple[Example, ...] = ()) -> Section:
    """House rule section ``house_taken``: the card just taken from the pile, or its twin,
    may not be discarded in the same turn (engine code ``discard_just_taken``).
    ``claimed``: ``(english, swedish)`` naming a card claimed out of turn ("won by
    dunking", "man fått genom att dunka")."""
    en, sv = claimed
    return sec("house_taken", rules, house=True, examples=examples,
               en=("Not the card just taken", [
                   "A card taken from the discard pile may not be discarded in the same "
                   "turn, nor its twin from another deck (the same rank and suit counts as "
                   "the same card), unless it is the only card you may discard. Otherwise "
                   "two players could pass one card back and forth for ever. A card "
                   f"{en} is not restricted."]),
               sv=("Inte kortet man just tog", [
                   "Ett kort som tagits från slänghögen får inte kastas i samma drag, inte "
                   "heller dess tvilling från en annan lek (samma valör och färg räknas som "
                   "samma kort), om det inte är det enda kort man får kasta. Annars kunde "
                   "två spelare skicka ett kort fram och tillbaka i all evighet. Ett kort "
                   f"{sv} omfattas inte."]))


def house_reshuffles(rules: tuple[str, ...], scores: tuple[str, str]) -> Section:
    """House rule section ``house_reshuffles``: the ``max_reshuffles`` setting, with the
    effect of each of its values."""
    en, sv = scores
    return sec("house_reshuffles", rules, house=True,
               en=("How often a new stock is made", [
                   "The stock may be rebuilt from the discard pile only a limited number of "
                   "times per round (a setting). When the stock is empty again after that, "
                   f"the round ends with no winner and everybody scores {en}."]),
               sv=("Hur ofta en ny talong görs", [
                   "Talongen får byggas upp igen av slänghögen bara ett begränsat antal "
                   "gånger per giv (en inställning). När talongen därefter tar slut igen "
                   f"slutar given utan vinnare och alla räknar {sv}."]),
               setting="max_reshuffles",
               effects={"none": ("The stock may be rebuilt any number of times.",
                                 "Talongen får byggas upp hur många gånger som helst."),
                        "1": ("The stock is rebuilt at most once per round.",
                              "Talongen byggs upp högst en gång per giv."),
                        "*": ("The stock is rebuilt at most {value} times per round.",
                              "Talongen byggs upp högst {value} gånger per giv.")})


def house_turns(rules: tuple[str, ...], scores: tuple[str, str]) -> Section:
    """House rule section ``house_turns``: a round lasts at most 1,000 turns
    (``game.rummy.MAX_ROUND_TURNS``)."""
    en, sv = scores
    return sec("house_turns", rules, house=True,
               en=("At most 1,000 turns", [
                   "A round lasts at most 1,000 turns. If nobody has gone out by then, it "
                   "ends as when no card can be had: no winner, everybody scores "
                   f"{en}. Real rounds are far shorter; the limit only makes sure every "
                   "round ends."]),
               sv=("Högst 1 000 drag", [
                   "En giv varar högst 1 000 drag. Har ingen gått ut då slutar den som när "
                   f"inget kort går att få: ingen vinnare, alla räknar {sv}. Riktiga givar "
                   "är mycket kortare; gränsen ser bara till att varje giv tar slut."]))
