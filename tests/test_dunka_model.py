"""The Dunka table's plan (game/web/dunka_model.py): pure Python, checked against real
engine views so that every offered action is legal and the texts exist in both languages."""

import random

import pytest

from game.i18n import TEXTS
from game.session import Session
from game.web import dunka_model as dm

PLAYERS = [{"name": "Du", "kind": "human"}, {"name": "A", "kind": "bot", "level": "easy"},
           {"name": "B", "kind": "bot", "level": "normal"}]


def test_sort_hand_by_suit_and_by_rank_jokers_last():
    cards = ["KH", "2S", "JK.1", "10H.1", "AS", "2H"]
    assert dm.sort_hand(cards, "suit") == ["AS", "2S", "2H", "10H.1", "KH", "JK.1"]
    assert dm.sort_hand(cards, "rank") == ["AS", "2S", "2H", "10H.1", "KH", "JK.1"]
    assert dm.sort_hand(["3H", "3S", "2D"], "rank") == ["2D", "3S", "3H"]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_contracts_read_as_words(lang):
    from game.melds import DUNKA_CONTRACTS
    texts = [dm.contract_text(lang, c.to_dict()) for c in DUNKA_CONTRACTS]
    assert len(set(texts)) == 6 and all("{" not in x for x in texts)
    assert dm.contract_text("en", DUNKA_CONTRACTS[1].to_dict()) == "1 set + 1 run of 4"
    assert dm.contract_text("sv", DUNKA_CONTRACTS[2].to_dict()) == "2 fyrstegar"


def test_meld_groups_split_a_laydown_text():
    assert dm.meld_groups("meld 7S 7H 7D / 9C 10C JK=JC") == [["7S", "7H", "7D"],
                                                               ["9C", "10C", "JK=JC"]]


def test_every_action_the_plan_offers_is_legal_over_whole_games():
    """Play games where the human follows the plan's buttons and targets; everything the
    plan puts on screen must be in the legal list, and there is always something."""
    rng = random.Random(3)
    for seed in range(3):
        s = Session.new("dunka", {}, PLAYERS, seed)
        for _ in range(4000):
            w = s.waiting()
            if w == "series_over":
                break
            if w == "bot":
                s.step_bot()
                continue
            v = s.view()
            legal = v["legal"]
            selected = []
            playable = [c["card"] for c in dm.plan(v, [], "en")["hand"] if c["playable"]]
            if playable:
                selected = [rng.choice(playable)]
            p = dm.plan(v, selected, "sv")
            offered = [b["action"] for b in p["buttons"] if b["action"]]
            offered += [p[k] for k in ("stock", "pile") if p[k]]
            offered += [tg["action"] for tgs in p["targets"].values() for tg in tgs]
            offered += p["laydowns"]
            assert offered and all(a in legal for a in offered), (offered, legal)
            assert p["status"] and "{" not in p["status"]
            s.play(rng.choice(offered))
        assert s.state.is_over()


def test_english_sentences_name_a_card_with_its_article():
    """A new user read "take king of diamonds": in English a card after a verb or a
    preposition has "the" (as in Tonk's texts); Swedish card names take none."""
    from game.i18n import t
    from game.web.model import describe_event as durak_event
    from game.web.teach_words import action_words
    take = {"type": "draw", "player": 0, "source": "pile", "card": "KD"}
    assert dm.describe_event("en", take, PLAYERS, 0) == \
        "You take the king of diamonds from the discard pile."
    assert dm.describe_event("sv", take, PLAYERS, 0) == "Du tar ruter kung från slänghögen."
    claim = {"type": "claim", "player": 1, "card": "KD"}
    assert dm.describe_event("en", claim, PLAYERS, 0, game="elvakort") == \
        "A takes the king of diamonds out of turn, plus a penalty card."
    assert dm.describe_event("sv", claim, PLAYERS, 0, game="elvakort") == \
        "A tar ruter kung utanför tur och ett straffkort."
    assert dm.card_name("en", "JK=9S") == "joker as the nine of spades"
    assert t("en", "dk_st_draw_pile", card=dm.card_name("en", "KD")) == \
        "Your turn: draw from the stock, or take the king of diamonds from the pile."
    assert action_words("en", "beat 10H 9H") == \
        "beat the nine of hearts with the ten of hearts"
    assert action_words("en", "discard KD") == "discard the king of diamonds"
    assert action_words("sv", "discard KD") == "kasta ruter kung"
    beat = {"type": "beat", "player": 1, "card": "10H", "target": "9H"}
    assert durak_event("en", beat, PLAYERS, 0) == "A beats the nine of hearts with the ten of hearts."
    assert durak_event("sv", beat, PLAYERS, 0) == "A täcker hjärter nia med hjärter tio."


def test_event_sentences_exist_in_both_languages():
    keys = [k for k in TEXTS["en"] if k.startswith("dk_")]
    assert keys and all(k in TEXTS["sv"] for k in keys)
    ev = {"type": "claim", "player": 1, "card": "7S"}
    assert dm.describe_event("sv", ev, PLAYERS, 0) == "A dunkar och tar spader sjua och ett straffkort."
    assert dm.describe_event("en", ev, PLAYERS, 0) == "A dunks and takes the seven of spades plus a penalty card."
    assert dm.describe_event("en", {"type": "turn", "player": 1}, PLAYERS, 0) is None
    # the human's own moves in the second person (the move history tells them too)
    assert dm.describe_event("en", {"type": "discard", "player": 0, "card": "7S"}, PLAYERS, 0) \
        == "You discard the seven of spades."
    assert dm.describe_event("sv", {"type": "meld", "player": 0, "melds": []}, PLAYERS, 0) \
        == "Du lägger ut ditt kontrakt."
    assert dm.describe_event("en", {"type": "meld", "player": 1, "melds": [], "further": True},
                             PLAYERS, 0) == "A lays down more melds."
    assert dm.describe_event("en", {"type": "draw", "player": 1, "source": "stock"}, PLAYERS,
                             0) == "A draws from the stock."
    assert "1000" in dm.describe_event("sv", {"type": "turn_limit", "turns": 1000, "limit": 1000},
                                       PLAYERS, 0)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_elv_10_the_last_card_is_for_the_discard(lang):
    """ELV-10 (revised): with one card left the status says to discard it (no lay-off is
    offered), and selecting every card for a lay-down gives the rule as the reason."""
    from game.positions import read
    p = read("elvakort;names=Du,Bo;round=2;phase=play;turn=0;h0=7C;"
             "m1=0:7S,7H,7D;m2=0:8S,9S,10S,JS;h1=?3;seed=8")
    state = p.state
    view = {"state": state.view(0), "legal": [str(a) for a in state.legal_actions(0)],
            "human": 0, "players": PLAYERS[:2], "actor": 0}
    assert view["legal"] == ["discard 7C"]
    assert dm.status_line(view, [], lang) == TEXTS[lang]["dk_st_last_card"]
    assert dm.plan(view, ["7C"], lang)["targets"] == {}
    st = view["state"]
    assert state.keeps_discard() and state.laydown_options(0, "7C") == []
    assert dm.no_laydown_text(lang, st, ["7C"], state.keeps_discard()) == \
        TEXTS[lang]["why_must_keep_discard"]
    assert dm.no_laydown_text(lang, st, ["7C"], False).startswith(
        TEXTS[lang]["dk_no_laydown"][:12])


def claim_view(card, hand, contract, laid=False, table=(), game="dunka"):
    return {"game": game, "human": 0, "players": PLAYERS, "legal": ["dunk", "pass"],
            "actor": 0, "state": {"phase": "claim", "claim": {"card": card, "discarder": 1},
                                  "hand": list(hand), "laid_down": [laid, False, False],
                                  "table": list(table), "contract_melds": contract,
                                  "round": 1, "pile_top": card}}


SETS = {"sets": 2, "runs": 0}
RUNS = {"sets": 0, "runs": 2, "run_size": 4}


@pytest.mark.parametrize("card, hand, contract, fits", [
    ("7S", ["7H", "7D.1", "2C"], SETS, True),  # a set of three
    ("7S", ["7H", "2C"], SETS, False),         # only a pair: not worth a penalty card
    ("7S", ["8S", "9S"], SETS, False),         # a run does not help a contract of sets
    ("7S", ["8S", "9S"], RUNS, True),          # three in a row
    ("7S", ["5S", "6S"], RUNS, True),
    ("7S", ["6S", "8S"], RUNS, True),
    ("7S", ["9S", "10S", "7H", "7D"], RUNS, False),  # a gap, and sets are not asked for
    ("AS", ["2S", "3S"], RUNS, True),          # the ace is low before a two
    ("AS", ["KS", "QS"], RUNS, True),          # and high after a king
    ("JK", ["2C"], SETS, True),                # a joker always fits
    ("7S", ["JK.1", "7H", "2C"], SETS, False),  # a joker in hand says nothing about the card
])
def test_claim_fits_the_hand_or_contract(card, hand, contract, fits):
    assert dm.claim_fits(claim_view(card, hand, contract)) is fits


def test_claim_fits_a_meld_on_the_table_once_down():
    table = [{"id": 1, "owner": 1, "kind": "run", "cards": ["5H", "JK=6H", "7H"]},
             {"id": 2, "owner": 0, "kind": "set", "cards": ["QS", "QH", "JK=Q"]}]
    assert dm.claim_fits(claim_view("8H", [], SETS, True, table))
    assert dm.claim_fits(claim_view("4H", [], SETS, True, table))
    assert dm.claim_fits(claim_view("QD", [], SETS, True, table))
    assert not dm.claim_fits(claim_view("9H", [], SETS, True, table))
    assert not dm.claim_fits(claim_view("8S", [], SETS, True, table))


@pytest.mark.parametrize("lang, button, word", [("en", "Take it", "out of turn"),
                                                ("sv", "Ta", "utanför tur")])
def test_elvakort_calls_the_claim_taking_the_discard(lang, button, word):
    """ELV-6 is taking a discard out of turn: no "Dunka!" in Elvakort's prompt."""
    v = claim_view("7S", ["7H"], SETS, game="elvakort")
    p = dm.plan(v, [], lang)
    assert [b["label"] for b in p["buttons"] if b["id"] == "dunk"] == [button]
    assert word in p["status"] and "unk" not in p["status"]
    said = dm.describe_event(lang, {"type": "claim", "player": 1, "card": "7S"}, PLAYERS, 0,
                             "elvakort")
    assert word in said and "unk" not in said
    dunka = dm.plan(claim_view("7S", ["7H"], SETS), [], lang)
    assert [b["label"] for b in dunka["buttons"] if b["id"] == "dunk"] == ["Dunka!"]


def test_five_player_elvakort_asks_only_about_cards_that_fit():
    """The default prompt ("fits") leaves most claim windows alone: in a five-player game
    the human was asked up to three times between two turns about any card."""
    players = [PLAYERS[0]] + [{"name": f"B{i}", "kind": "bot", "level": "normal"}
                              for i in range(1, 5)]
    s = Session.new("elvakort", {}, players, 3)
    rng = random.Random(2)
    windows, asked = 0, 0
    for _ in range(4000):
        if s.waiting() == "bot":
            s.step_bot()
            continue
        if s.waiting() != "human":
            break
        legal = s.legal()
        if sorted(legal) == ["dunk", "pass"]:
            windows += 1
            if dm.claim_fits(s.view()):
                asked += 1
            s.play("pass")
            continue
        s.play(rng.choice(legal))
    assert windows >= 20, "too few claim windows to compare"
    assert 0 < asked < windows / 2, (asked, windows)


@pytest.mark.parametrize("lang, tap", [("en", "Tap Discard"), ("sv", "Tryck Kasta")])
def test_status_says_tap_discard_only_for_a_card_that_may_be_discarded(lang, tap):
    """The card just taken from the pile (house rule) may be melded, not discarded: the
    status line must not send the player to the Discard button, which is off."""
    from game import positions
    s = Session.from_position(positions.read(
        "dunka;round=1;phase=play;h0=7S,7H,7D,QC,QH,QS,2D,5S,8H;h1=?9;pile=4D;taken=7D"))
    v = s.view()
    taken = dm.plan(v, ["7D"], lang)
    assert taken["selected"] == ["7D"] and tap not in taken["status"]
    assert next(b for b in taken["buttons"] if b["id"] == "discard")["enabled"] is False
    other = dm.plan(v, ["7S"], lang)
    assert tap in other["status"]
    discard = next(b for b in other["buttons"] if b["id"] == "discard")
    assert discard["enabled"] is True and discard["action"] == "discard 7S"
    # the button names the card it throws; with two selected it throws none (no card)
    assert discard["card"] == "7S"
    two = next(b for b in dm.plan(v, ["7S", "QC"], lang)["buttons"] if b["id"] == "discard")
    assert two["enabled"] is False and two["action"] is None and two["card"] is None


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_elvakort_reasons_about_claims_do_not_say_dunk(lang):
    from game.i18n import reason
    for code in ("already_claimed", "claims_pending", "discarder_cannot_claim",
                 "no_claim_window", "outranked"):
        assert "unk" in reason(lang, code, {}, "", "dunka")
        text = reason(lang, code, {}, "", "elvakort")
        assert "unk" not in text and text != reason(lang, "illegal"), (code, text)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_several_cards_selected_after_laying_down_do_not_send_to_lay_down(lang):
    """DUN-9: once down, no new meld may be started and no Lay down button shows; with two
    cards selected the status line said "Tap Lay down" all the same (found in a
    pass-and-play game). It must point to laying off one card or discarding one."""
    from game import positions
    s = Session.from_position(positions.read(
        "dunka;round=1;phase=play;turn=0;h0=3S,4H,10D,QC;m1=0:7S,7H,7D;m2=0:KS,KH,KD;"
        "h1=?9;pile=4D;seed=3"))
    v = s.view()
    plan = dm.plan(v, ["3S", "4H"], lang)
    assert not any(b["id"] == "laydown" for b in plan["buttons"])
    assert plan["status"] == TEXTS[lang]["dk_st_selected_many_laid"].format(n=2)
    assert TEXTS[lang]["dk_btn_laydown"] not in plan["status"]
    before = Session.from_position(positions.read(
        "dunka;round=1;phase=play;turn=0;h0=3S,4H,10D,QC,2C,5D,9H,8S,6C,JD;h1=?9;pile=4D;seed=3"))
    assert dm.plan(before.view(), ["3S", "4H"], lang)["status"] == \
        TEXTS[lang]["dk_st_selected_many"].format(n=2)


def test_a_name_header_breaks_inside_a_word_only_when_the_word_is_long():
    """The scoresheet's name headers wrap at spaces ("Computer 1", "Dator 1", not
    "Compute/r 1"); only a word longer than ``LONG_WORD`` letters may break anywhere
    (``long-word``: a 24-letter name must not widen the side panel)."""
    from game.web.dunka_model import LONG_WORD, name_header_class
    for name in ("Computer 1", "Dator 3", "You", "Du", "Anna-Karin Lindqvist", "x" * LONG_WORD):
        assert name_header_class(name) == "n", name
    for name in ("Bartholomewbartholomew", "Maximiliana Bernadotte-Lindqvist", "x" * 24):
        assert name_header_class(name) == "n long-word", name


def _options(position: str, cards: str | None) -> list[str]:
    from game.positions import read
    state = read(position).state
    if cards is None:
        return [str(a) for a in state.legal_actions(0) if str(a).startswith("meld ")]
    return [str(a) for a in state.laydown_options(0, cards)]


TWO_DECKS = ("dunka;names=Du,Bo;round=1;phase=play;turn=0;"
             "h0=8S,6H,6H.1,8H,2C,4C,8C,8D,8D.1,9D,JK;h1=?3;seed=8")


def test_the_chooser_shows_one_way_for_the_same_eights_split_over_two_sets():
    """DUN-8 chooser: six eights and a joker (two decks) gave seven near-identical ways
    (which copy or suit, and which set holds the joker); a player sees one, so the table
    lays it down at once. Seven eights without a joker: one way too."""
    options = _options(TWO_DECKS, "8S 8H 8C 8D 8D.1 JK")
    assert len(options) == 7
    assert dm.distinct_laydowns(options) == [options[0]]
    seven = _options("dunka;names=Du,Bo;round=1;phase=play;turn=0;"
                     "h0=8S,8H,8C,8D,8S.1,8H.1,8C.1,2C;h1=?3;seed=8",
                     "8S 8H 8C 8D 8S.1 8H.1 8C.1")
    assert len(seven) > 1 and len(dm.distinct_laydowns(seven)) == 1


def test_the_chooser_keeps_ways_that_keep_other_cards_or_move_a_run_joker():
    # the whole hand's lay-downs differ in which eights stay in hand: all kept
    whole = _options(TWO_DECKS, None)
    assert dm.distinct_laydowns(whole) == whole and len(whole) > 1
    # a joker below or above a run is a real choice
    run = _options("dunka;names=Du,Bo;round=2;phase=play;turn=0;"
                   "h0=7S,8S,9S,JK,5H,5D,5C,2C;h1=?3;seed=8", "7S 8S 9S JK 5H 5D 5C")
    assert dm.distinct_laydowns(run) == run == ["meld 5H 5D 5C / 7S 8S 9S JK=10S",
                                                 "meld 5H 5D 5C / JK=6S 7S 8S 9S"]
    # deck copies alone never make two ways; another card kept does
    assert dm.distinct_laydowns(["meld 5H 5D 5C.1 / 7S 8S 9S", "meld 5H 5D.1 5C / 7S 8S 9S.1",
                                 "meld 5H 5D 5S / 7S 8S 9S"]) == [
        "meld 5H 5D 5C.1 / 7S 8S 9S", "meld 5H 5D 5S / 7S 8S 9S"]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_chooser_status_text_exists(lang):
    assert TEXTS[lang]["dk_st_choose"] and "{" not in TEXTS[lang]["dk_st_choose"]


@pytest.mark.parametrize("lang, meld", [("en", "highlighted meld"), ("sv", "markerad kombination")])
def test_status_offers_a_highlighted_meld_only_for_a_card_that_fits_one(lang, meld):
    """Laid down, a selected card that fits no meld on the table is not told to "tap a
    highlighted meld" when none is highlighted (new-user check); one that fits is."""
    from game import positions
    s = Session.from_position(positions.read(
        "dunka;round=1;phase=play;turn=0;taken=4C;h0=7C,2D,5S,9H;h1=?9;"
        "m1=0:7S,7H,7D;m2=0:QS,QH,QD;down=0"))
    v = s.view()
    assert any(a.startswith("layoff 7C ") for a in v["legal"]), v["legal"]
    assert meld in dm.plan(v, ["7C"], lang)["status"]
    lone = dm.plan(v, ["2D"], lang)["status"]
    assert meld not in lone and ("Kasta" in lone or "Discard" in lone), lone


# New-user check (nu16): this hand's chooser listed 10 ways cut from the search's order,
# without 2♠ 2♥ 2♥ + 4♥ 4♥ 4♣ 4♣ (joker kept), every button named "Lay down".
NU16 = "h0=2S,2H,2H.1,4H,4H.1,4C,4C.1,AH,AD,7H,JK;h1=?3;seed=8"
NU16_OBVIOUS = "meld 2S 2H 2H.1 / 4H 4H.1 4C 4C.1"


def _ways(game: str) -> tuple[list[str], list[str]]:
    """(the chooser's ways with nothing selected, the hand) for the nu16 hand in round 1."""
    from game.positions import read
    state = read(f"{game};names=Du,Bo;round=1;phase=play;turn=0;{NU16}").state
    return ([str(a) for a in state.laydown_ways(0)],
            [str(c) for c in state.hands[0]])


@pytest.mark.parametrize("game", ["dunka", "elvakort"])
def test_the_chooser_lists_every_way_best_first_for_the_nu16_hand(game):
    """DUN-8 / ELV-7 chooser: all 22 ways of laying two sets from 2♠ 2♥ 2♥ 4♥ 4♥ 4♣ 4♣ A♥
    A♦ 7♥ and a joker (none twice by deck copy), ordered by the points they keep in hand
    (DUN-14 / ELV-12: the joker 25), the most cards laid first on ties; the obvious
    2♠ 2♥ 2♥ + 4♥ 4♥ 4♣ 4♣ is among them, though keeping the joker (60 points) puts it
    late. legal_actions lists the first 9 of this order. In Elvakort the way that goes out
    this turn comes first (issue 32; ELV-7: the aces as a further meld, ELV-10: the 7♥
    discarded), in Dunka none does (DUN-8: exactly the contract, DUN-9: nothing to lay
    off on)."""
    from game.rummy.rules import LAYDOWN_ALTERNATIVES
    every, hand = _ways(game)
    going = ["meld 2S 2H 2H.1 / 4H 4H.1 4C 4C.1 / AH AD JK=A"] if game == "elvakort" else []
    assert every[:len(going)] == going
    ways = every[len(going):]
    assert len(ways) == 22 and dm.distinct_laydowns(ways) == ways
    value = {"2": 5, "4": 5, "7": 5, "A": 15, "JK": 25}
    kept = [[c.split(".")[0] for c in dm.kept_cards(hand, w)] for w in ways]
    points = [sum(value["JK" if c.startswith("JK") else c[:-1]] for c in k) for k in kept]
    assert points == sorted(points)
    assert [(p, len(k)) for p, k in zip(points, kept)] == sorted(
        (p, len(k)) for p, k in zip(points, kept))
    assert ways[0] == "meld 4H 4H.1 4C 4C.1 / AH AD JK=A" and points[0] == 20
    assert NU16_OBVIOUS in ways and points[ways.index(NU16_OBVIOUS)] == 60
    # the joker kept only where it is better: before the obvious way come all that use it
    # and keep fewer points, e.g. the same melds with the joker on either set
    assert ways.index("meld 2S 2H 2H.1 / 4H 4H.1 4C 4C.1 JK=4") < ways.index(NU16_OBVIOUS)
    assert ways.index("meld 2S 2H 2H.1 JK=2 / 4H 4H.1 4C 4C.1") < ways.index(NU16_OBVIOUS)
    from game.positions import read
    state = read(f"{game};names=Du,Bo;round=1;phase=play;turn=0;{NU16}").state
    legal = [str(a) for a in state.legal_actions(0) if str(a).startswith("meld ")]
    assert legal == every[:len(going) + LAYDOWN_ALTERNATIVES + 1]


def test_ways_that_differ_only_by_deck_copy_are_one_for_the_nu16_hand():
    """Which 2♥ (or 4♥, 4♣) copy a way uses makes no way of its own."""
    ways, _ = _ways("dunka")
    faces = [" ".join(sorted(t.split(".")[0].split("=")[0] + ("=" + t.split("=")[1] if "=" in t
                                                             else "")
                             for g in dm.meld_groups(w) for t in g)) for w in ways]
    assert len(set(faces)) == len(faces)
    copies = ["meld 2S 2H 2H.1 / 4H 4H.1 4C", "meld 2S 2H.1 2H / 4H.1 4H 4C.1",
              "meld 2S 2H 2H.1 / 4H 4H.1 4C.1"]
    assert dm.distinct_laydowns(copies) == copies[:1]


@pytest.mark.parametrize("lang,start,keep", [
    ("en", "Lay down two of spades, two of hearts and two of hearts; four of hearts,",
     "; keep ace of hearts, ace of diamonds, seven of hearts and joker"),
    ("sv", "Lägg ut spader tvåa, hjärter tvåa och hjärter tvåa; hjärter fyra,",
     "; behåll hjärter ess, ruter ess, hjärter sjua och joker")])
def test_every_chooser_button_has_its_own_name(lang, start, keep):
    """Each way's button names its melds and what stays in hand in words (the visible
    "Lay down" / "Lägg ut" first, WCAG 2.5.3), so no two of the 22 sound alike."""
    ways, hand = _ways("dunka")
    labels = [dm.laydown_label(lang, w, hand) for w in ways]
    assert len(set(labels)) == len(labels)
    assert all(label.startswith(TEXTS[lang]["dk_btn_this"]) for label in labels)
    obvious = labels[ways.index(NU16_OBVIOUS)]
    assert obvious.startswith(start) and obvious.endswith(keep)
    everything = "meld 2S 2H 2H.1 / 4H 4H.1 4C 4C.1 / AH AD 7H JK=7"   # keeps nothing
    assert dm.laydown_label(lang, everything, hand).endswith(TEXTS[lang]["dk_way_none"])
    assert dm.kept_cards(hand, everything) == []


@pytest.mark.parametrize("cards, end, card", [
    (["4D", "5D", "6D"], "low", "3D"),
    (["4D", "5D", "6D"], "high", "7D"),
    (["JK=4D", "5D", "6D", "7D"], "low", "3D"),      # the joker counts as what it stands for
    (["2S", "3S", "4S"], "low", "AS"),               # the ace below a two
    (["JH", "QH", "KH"], "high", "AH"),              # and above a king
    (["AC", "2C", "3C"], "high", "4C"),
    (["AC", "2C", "3C"], "low", None),               # no wrap (DUN-2)
    (["QS", "KS", "AS"], "high", None),
    (["7S", "7H", "7D"], "low", None),               # a set has no ends
])
def test_the_card_a_joker_becomes_at_a_runs_end(cards, end, card):
    """DUN-9, DUN-11: the lay-off and replacement buttons name the card the joker stands
    for at the run's low or high end."""
    assert dm.run_end_card(cards, end) == card


def test_an_elvakort_rounds_points_are_broken_down():
    """ELV-12, ELV-13: each player's round points as table plus, hand minus and the 50 for
    going out, from the melds on the table and the hands shown; nothing when they do not
    give the engine's points."""
    state = {"table": [{"owner": 0, "cards": ["7S", "7H", "JK=7D"]},          # 5+5+25
                       {"owner": 1, "cards": ["AS", "AD", "AC"]}]}              # 3 x 15
    revealed = [[], ["5C", "AH", "JK"]]   # 5 + 15 + 25 = 45 in hand
    entry = {"points": [35 + 50, 45 - 45], "out": 0}
    assert dm.elvakort_breakdown(state, entry, revealed) == [
        [("table", 35), ("hand", 0), ("out", 50)], [("table", 45), ("hand", -45)]]
    assert dm.elvakort_breakdown(state, {**entry, "points": [84, 0]}, revealed) is None
    assert dm.elvakort_breakdown(state, entry, None) is None
    assert dm.elvakort_breakdown({}, entry, revealed) is None
