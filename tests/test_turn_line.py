"""game.web.turn_line: the one-line log tells each player's moves in a row as one sentence
(CPython; no browser). Grouping, each game's wording in Swedish and English, a turn with
many melds, events that are not moves, hostile names kept as text, and real games played
by the engine: one sentence per turn."""

from __future__ import annotations

import random

import pytest

from game.i18n import TEXTS
from game.session import Session
from game.web import dunka_model, model, tonk_model
from game.web.turn_line import MOVES, log_el, sentences, turns
from test_markup import Tree  # the elements and texts a parser finds in markup

PLAYERS = [{"name": "Du", "kind": "human"}, {"name": "Anna", "kind": "bot", "level": "normal"},
           {"name": "Bo", "kind": "bot", "level": "normal"}]
HOSTILE = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "a'b\"c&d{0}{name}"]


def draw(p, source="stock", card=None):
    ev = {"type": "draw", "player": p, "source": source}
    return {**ev, "card": card} if card else ev


def meld(p, n, further=False):
    return {"type": "meld", "player": p, "melds": [{"cards": []}] * n, "further": further}


def ev(type_, p, **fields):
    return {"type": type_, "player": p, **fields}


# ---------------------------------------------------------------------------- grouping

def test_moves_in_a_row_by_one_player_are_one_turn():
    events = [draw(1), {"type": "claim_window", "card": "7H"}, ev("pass", 2),
              {"type": "no_claim", "card": "7H"}, meld(1, 2), ev("discard", 1, card="7H"),
              {"type": "turn", "player": 2}, draw(2), {"type": "reshuffle"}, draw(2),
              ev("discard", 2, card="2C")]
    got = turns("dunka", events)
    assert [(p, [e["type"] for e in g]) for p, g in got] == [
        (1, ["draw", "meld", "discard"]),   # a claim declined by another does not end it
        (2, ["draw"]), (None, ["reshuffle"]), (2, ["draw", "discard"])]
    # another game's move types are not moves here: each is an event of its own
    assert [p for p, _ in turns("durak", events[:1])] == [None]


def test_a_durak_bout_is_folded_into_its_first_attack():
    bout = {"type": "bout", "attacker": 1, "defender": 0}
    attack = ev("attack", 1, cards=["7S"])
    got = turns("durak", [bout, attack, ev("throw", 1, cards=["7D"])])
    assert got == [(1, [{**attack, "_on": 0}, ev("throw", 1, cards=["7D"])])]
    assert "_on" not in attack  # the stored event is not changed
    # a bout no attack of its attacker follows keeps its own sentence
    assert turns("durak", [bout, ev("exchange", 2, gave="6H", got="QH")]) == [
        (None, [bout]), (2, [ev("exchange", 2, gave="6H", got="QH")])]
    assert turns("durak", [bout]) == [(None, [bout])]


# ---------------------------------------------------------------------------- wording

@pytest.mark.parametrize("lang, want", [
    ("en", "Anna drew from the stock, laid down the contract (3 melds), laid off five of "
           "spades and six of spades and discarded seven of hearts."),
    ("sv", "Anna drog från talongen, lade ut sitt kontrakt (3 kombinationer), lade till "
           "spader femma och spader sexa och kastade hjärter sjua."),
])
def test_a_rummy_turn_is_one_sentence(lang, want):
    events = [draw(1), meld(1, 3), ev("layoff", 1, card="5S", meld=0),
              ev("layoff", 1, card="6S.1", meld=0), ev("discard", 1, card="7H")]
    for game in ("dunka", "elvakort"):
        assert sentences(lang, game, events, PLAYERS, 0) == [want]


@pytest.mark.parametrize("lang, want", [
    ("en", ["Bo took queen of hearts from the discard pile, replaced a joker with nine of "
            "clubs and discarded two of clubs.",
            "Anna dunked and took two of clubs plus a penalty card.",
            "You drew from the stock and laid down your contract (2 melds)."]),
    ("sv", ["Bo tog hjärter dam från slänghögen, bytte ut en joker mot klöver nia och "
            "kastade klöver tvåa.",
            "Anna dunkade och tog klöver tvåa och ett straffkort.",
            "Du drog från talongen och lade ut ditt kontrakt (2 kombinationer)."]),
])
def test_dunka_takes_replacements_claims_and_your_own_turn(lang, want):
    events = [draw(2, "pile", "QH"), ev("replace", 2, card="9C"), ev("discard", 2, card="2C"),
              ev("dunk", 1), ev("claim", 1, card="2C", penalty=1), draw(0), meld(0, 2)]
    assert sentences(lang, "dunka", events, PLAYERS, 0) == want


@pytest.mark.parametrize("lang, want", [
    ("en", "Anna took seven of hearts out of turn, plus a penalty card."),
    ("sv", "Anna tog hjärter sjua utanför tur och ett straffkort."),
])
def test_elvakort_words_a_claim_as_taking_out_of_turn(lang, want):
    assert sentences(lang, "elvakort", [ev("claim", 1, card="7H", penalty=1)],
                     PLAYERS, 0) == [want]


@pytest.mark.parametrize("lang, want", [
    ("en", ["Anna drew from the stock, laid down the contract (3 melds) and 3 more melds, "
            "laid off ace of spades and discarded two of hearts.",
            "Bo laid down one more meld.", "Bo laid down 4 more melds."]),
    ("sv", ["Anna drog från talongen, lade ut sitt kontrakt (3 kombinationer) och 3 "
            "kombinationer till, lade till spader ess och kastade hjärter tvåa.",
            "Bo lade ut en kombination till.", "Bo lade ut 4 kombinationer till."]),
])
def test_a_turn_with_many_melds_counts_them_in_one_clause(lang, want):
    """Elvakort's further melds (ELV-8) beside and after the contract: every meld of the
    turn in one clause, wherever its events lie in the turn."""
    events = [draw(1), meld(1, 3), meld(1, 1, True), ev("layoff", 1, card="AS", meld=2),
              meld(1, 2, True), ev("discard", 1, card="2H")]
    got = sentences(lang, "elvakort", events, PLAYERS, 0)
    got += sentences(lang, "elvakort", [meld(2, 1, True)], PLAYERS, 0)
    got += sentences(lang, "elvakort", [meld(2, 3, True), meld(2, 1, True)], PLAYERS, 0)
    assert got == want


@pytest.mark.parametrize("lang, want", [
    ("en", ["Anna took queen of hearts from the discard pile, spread queen of hearts, "
            "queen of spades and queen of diamonds, hit with four of clubs and five of "
            "clubs, hit your spread with nine of hearts and discarded king of spades.",
            "Bo drew from the stock, laid down 2 spreads and knocked.",
            "Anna left the discard, so the hand ended."]),
    ("sv", ["Anna tog hjärter dam från slänghögen, lade ut hjärter dam, spader dam och "
            "ruter dam, byggde på med klöver fyra och klöver femma, byggde på ditt utlägg med "
            "hjärter nia och kastade spader kung.",
            "Bo drog från talongen, lade ut 2 utlägg och knackade.",
            "Anna tog inte kortet, så given slutade."]),
])
def test_a_tonk_turn_is_one_sentence(lang, want):
    events = [draw(1, "pile", "QH"),
              ev("spread", 1, spread=5, kind="set", cards=["QH", "QS", "QD"]),
              ev("hit", 1, card="4C", owner=2, spread=2), ev("hit", 1, card="5C", owner=2, spread=2),
              ev("hit", 1, card="9H", owner=0, spread=1), ev("discard", 1, card="KS"),
              draw(2), ev("spread", 2, spread=6, kind="set", cards=["2S", "2H", "2D"]),
              ev("spread", 2, spread=7, kind="run", cards=["5D", "6D", "7D"]), ev("knock", 2),
              ev("end", 1)]
    assert sentences(lang, "tonk", events, PLAYERS, 0) == want


@pytest.mark.parametrize("lang, want", [
    ("en", ["Bo attacked you with seven of spades and threw in seven of diamonds and seven "
            "of clubs.",
            "Anna beat seven of spades with nine of spades, swapped six of hearts for the "
            "trump card queen of hearts and was done.",
            "Bo transferred with eight of clubs to you.", "Anna chose to take the cards.",
            "Anna picks up 3 cards.", "Bo attacked Anna with ten of spades."]),
    ("sv", ["Bo anföll dig med spader sjua och lade på ruter sjua och klöver sjua.",
            "Anna täckte spader sjua med spader nia, bytte hjärter sexa mot trumfkortet "
            "hjärter dam och var klar.",
            "Bo skickade vidare med klöver åtta till dig.", "Anna valde att ta upp.",
            "Anna tar upp 3 kort.", "Bo anföll Anna med spader tio."]),
])
def test_durak_attacks_and_defences_in_a_row_are_one_sentence(lang, want):
    events = [{"type": "bout", "attacker": 2, "defender": 0}, ev("attack", 2, cards=["7S"]),
              ev("throw", 2, cards=["7D"]), ev("throw", 2, cards=["7C"]),
              ev("beat", 1, card="9S", target="7S"), ev("exchange", 1, gave="6H", got="QH"),
              ev("done", 1), ev("transfer", 2, cards=["8C"], defender=0), ev("take", 1),
              ev("pick_up", 1, cards=["7S", "9S", "8C"]), {"type": "draw", "player": 1, "count": 2},
              {"type": "bout", "attacker": 2, "defender": 1}, ev("attack", 2, cards=["10S"])]
    assert sentences(lang, "durak", events, PLAYERS, 0) == want


@pytest.mark.parametrize("lang, want", [
    ("en", ["Anna drew from the stock, laid down the contract (3 melds), laid off 10♠ and "
            "★ and discarded 7♥.",
            "Bo attacked you with 7♠ and threw in 7♦ and 7♣.",
            "Anna beat 7♠ with 9♠ and swapped 6♥ for the trump card Q♥."]),
    ("sv", ["Anna drog från talongen, lade ut sitt kontrakt (3 kombinationer), lade till "
            "10♠ och ★ och kastade 7♥.",
            "Bo anföll dig med 7♠ och lade på 7♦ och 7♣.",
            "Anna täckte 7♠ med 9♠ och bytte 6♥ mot trumfkortet Q♥."]),
])
def test_the_visible_line_names_cards_by_their_index(lang, want):
    """``short``: the line on the table (a phone shows some 45 characters of it) names a
    turn's cards by their corner index; the live region's sentence names them."""
    rummy = [draw(1), meld(1, 3), ev("layoff", 1, card="10S.1", meld=0),
             ev("layoff", 1, card="JK.2", meld=0), ev("discard", 1, card="7H")]
    durak = [{"type": "bout", "attacker": 2, "defender": 0}, ev("attack", 2, cards=["7S"]),
             ev("throw", 2, cards=["7D"]), ev("throw", 2, cards=["7C"]),
             ev("beat", 1, card="9S", target="7S"), ev("exchange", 1, gave="6H", got="QH")]
    got = sentences(lang, "elvakort", rummy, PLAYERS, 0, short=True)
    got += sentences(lang, "durak", durak, PLAYERS, 0, short=True)
    assert got == want
    assert sentences(lang, "durak", durak, PLAYERS, 0)[0].endswith(
        "seven of clubs." if lang == "en" else "klöver sjua.")


# ---------------------------------------------------------------------------- other events

@pytest.mark.parametrize("lang", ["sv", "en"])
def test_events_that_are_not_moves_keep_their_own_sentence(lang):
    """A round's end, a reshuffle, a deal, a hand's result: the sentence the table's
    ``describe`` gives, between the turns, never folded into one."""
    end = {"type": "round_end", "round": 2, "out": 1, "points": [5, 0, 12]}
    shuffle = {"type": "reshuffle", "count": 30, "times": 1}
    events = [draw(1), shuffle, ev("discard", 1, card="7H"), end]
    got = sentences(lang, "dunka", events, PLAYERS, 0)
    tell = [dunka_model.describe_event(lang, e, PLAYERS, 0, "dunka") for e in (shuffle, end)]
    assert got[1] == tell[0] and got[3] == tell[1] and len(got) == 4
    assert got[0].startswith("Anna") and got[2].startswith("Anna")
    deal = {"type": "deal", "hand": 3, "dealer": 2, "pile": ["4H"]}
    assert sentences(lang, "tonk", [deal], PLAYERS, 0) == \
        [tonk_model.describe_event(lang, deal, PLAYERS, 0)]
    # the table's own describe is used when given (Durak's leaves out the refills)
    said = sentences(lang, "durak", [{"type": "game_over", "durak": 2}], PLAYERS, 0,
                     describe=lambda e: "told: " + e["type"])
    assert said == ["told: game_over"]
    assert sentences(lang, "durak", [{"type": "out", "player": 1}], PLAYERS, 0) == \
        [model.describe_event(lang, {"type": "out", "player": 1}, PLAYERS, 0)]


@pytest.mark.parametrize("lang, want", [
    ("en", ["7♥ was turned up from the stock to start the discard pile.",
            "Anna discarded J♣.",
            "The seven of hearts was turned up from the stock to start the discard pile."]),
    ("sv", ["7♥ vändes upp från talongen och började slänghögen.",
            "Anna kastade J♣.",
            "Hjärter sjua vändes upp från talongen och började slänghögen."]),
])
def test_the_card_turned_up_to_start_the_pile_is_one_sentence(lang, want):
    """DUN-5: the card a round's deal turns up from the stock (ELV-4: Elvakort's, after
    the opening discards) is told by the log like the turns around it: one sentence in the
    past tense, its card by its corner index on the visible line, by name in the live
    region (a joker by name; English then says "The seven of hearts"). Tonk's deal keeps its own sentence (TONK-4, the hand and the dealer)."""
    deal = {"type": "deal", "round": 2, "dealer": 0, "contract": "2 sets", "pile": "7H"}
    got = sentences(lang, "dunka", [deal, ev("discard", 1, card="JC")], PLAYERS, 0,
                    short=True)
    got += sentences(lang, "dunka", [deal], PLAYERS, 0)
    assert got == want
    # Elvakort's card is laid on the opening discards (ELV-4): it does not start the pile
    up = {"type": "turn_up", "card": "7H"}
    on = {"en": "7♥ was turned up from the stock onto the discard pile.",
          "sv": "7♥ vändes upp från talongen och lades överst på slänghögen."}[lang]
    assert sentences(lang, "elvakort", [ev("discard", 2, card="JC"), up], PLAYERS, 0,
                     short=True)[1] == on
    # a joker is named: its corner index is a bare star
    joker = sentences(lang, "dunka", [{**deal, "pile": "JK"}], PLAYERS, 0, short=True)[0]
    assert "★" not in joker and "joker" in joker.lower().split()[:2], joker
    assert sentences(lang, "dunka", [{**deal, "pile": None}], PLAYERS, 0) == []
    tonk = {"type": "deal", "hand": 3, "dealer": 2, "pile": ["4H"]}
    assert sentences(lang, "tonk", [tonk], PLAYERS, 0, short=True) == \
        [tonk_model.describe_event(lang, tonk, PLAYERS, 0)]


def test_a_damaged_event_is_left_out():
    events = [ev("discard", 1), {"type": "round_end"}, "not an event", ev("discard", 2, card="2C")]
    got = sentences("en", "dunka", events, PLAYERS, 0)
    assert got == ["Bo discarded two of clubs."]


def test_with_several_people_everyone_is_named():
    """Pass-and-play (issue 12): no one is "you" (``model.addressee`` is -1)."""
    people = [{"name": "Sara", "kind": "human"}, {"name": "Anna", "kind": "human"}, PLAYERS[2]]
    got = sentences("en", "dunka", [draw(0), meld(0, 2)], people, -1)
    assert got == ["Sara drew from the stock and laid down the contract (2 melds)."]


def test_every_turn_text_is_in_both_languages():
    keys = {k for k in TEXTS["en"] if k.startswith("tl_")}
    assert keys and keys == {k for k in TEXTS["sv"] if k.startswith("tl_")}
    assert all(TEXTS["sv"][k].strip() and TEXTS["en"][k].strip() for k in keys)


# ---------------------------------------------------------------------------- hostile names

@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_player_names_stay_text(name):
    """A name that looks like markup or a format field is told as it is, and the log's
    element holds it as text: one ``p`` and a ``span`` per sentence, nothing else."""
    players = [PLAYERS[0], {"name": name, "kind": "bot"}, {"name": name + "2", "kind": "bot"}]
    events = [draw(1), ev("discard", 1, card="7H"), {"type": "bout", "attacker": 2,
                                                       "defender": 1}]
    lines = sentences("en", "dunka", events[:2], players, 0)
    assert lines == [f"{name} drew from the stock and discarded seven of hearts."]
    lines += sentences("sv", "durak", [events[2], ev("attack", 2, cards=["6S"])], players, 0)
    assert lines[1] == f"{name}2 anföll {name} med spader sexa."
    tree = Tree()
    tree.feed(log_el(lines).html())
    tree.close()
    assert [tag for tag, _ in tree.tags] == ["p", "span", "span"]
    assert tree.texts == lines
    assert [attrs["title"] for tag, attrs in tree.tags if tag == "span"] == lines


# ---------------------------------------------------------------------------- real play

@pytest.mark.parametrize("game, n", [("durak", 3), ("dunka", 3), ("elvakort", 4), ("tonk", 3)])
def test_real_games_tell_one_sentence_per_turn(game, n):
    """Games played by the engine: between two moves of the person, each run of another
    player's moves (``turns``) is one sentence naming them once, and every move event is
    in a turn."""
    players = [{"name": "Du", "kind": "human"}] + [
        {"name": f"Spelare{i}", "kind": "bot", "level": "normal"} for i in range(1, n)]
    s = Session.new(game, {}, players, 5)
    rng = random.Random(5)
    since: list[dict] = []
    checked = 0
    for _ in range(300):
        if s.waiting() == "bot":
            since += [e for e in s.step_bot() if e.get("type") != "action"]
            continue
        if s.waiting() != "human":
            break
        groups = turns(game, since)
        moves = [e for e in since if e.get("type") in MOVES[game]
                 and e.get("player") not in (None, 0)]
        assert sum(len(g) for p, g in groups if p not in (None, 0)) == len(moves)
        for lang in ("sv", "en"):
            told = sentences(lang, game, since, players, 0)
            for p, group in groups:
                if p in (None, 0):
                    continue
                mine = [x for x in told if x.startswith(f"Spelare{p} ")]
                assert mine, (group, told)
            for text in told:
                assert text.endswith((".", "!")) and ". " not in text[:-1], text
            checked += len(groups)
        since = [e for e in s.play(rng.choice(s.legal())) if e.get("type") != "action"
                 and e.get("player") != 0]
    assert checked > 10
