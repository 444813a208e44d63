"""Teaching positions (issue 6): the notation of ``game.positions``, its refusals, round
trips through ``write``/``read`` for positions from random playouts of every game and
player count, ``same_action`` and teaching files (``load_json``)."""

import json
import random
import re
from pathlib import Path

import pytest

from game import durak, positions, rummy, tonk
from game.cards import Card, parse_card, parse_cards
from game.i18n import TEXTS
from game.positions import PositionError, load_json, read, same_action, write
from game.positions.extra import decode_extra, encode_extra
from game.session import make_rules
from volume import per_runtime

MODULES = {"durak": durak, "dunka": rummy, "elvakort": rummy, "tonk": tonk}
PLAYER_COUNTS = {"durak": range(2, 7), "dunka": range(2, 7), "elvakort": range(2, 9),
                 "tonk": range(2, 5)}
# Inside Pyodide (volume.py) the random playouts play the smallest and the largest table of
# each game (Elvakort: two decks and three): every field of the notation and of the x= codec,
# hands of every length; the sizes between are CPython's to play.
PLAYOUT_COUNTS = per_runtime(PLAYER_COUNTS, {game: (counts[0], counts[-1])
                                             for game, counts in PLAYER_COUNTS.items()})

DURAK = "durak;h0=7S,9S,QH,KD,6D,AC;h1=?5;trump=6H;talon=?11;discard=?12;attacker=1;table=8S"
DUNKA = "dunka;round=2;h0=5H,6H,7H,8H,KS,KD,KC,2C,9D,JK,3S;h1=?11;h2=?11;pile=9H;turn=0"
ELVAKORT = "elvakort;round=1;phase=play;h0=7S,7H,7D,QC,QH,QS,2D,5S,8H,KH,AS,9C;h1=?11;pile=4D"
TONK = "tonk;stake=2;h0=3H,4H,5H,KS,KD;h1=?5;pile=9C;turn=0"


def cards(text):
    return parse_cards(text.replace(",", " "))


# ---------------------------------------------------------------------------- examples

def test_durak_example_parses_to_the_expected_state():
    p = read(DURAK)
    s = p.state
    assert p.game == "durak" and p.human == 0 and p.names == ["P1", "P2"]
    assert s.hands[0] == cards("7S,9S,QH,KD,6D,AC") and len(s.hands[1]) == 5
    assert s.trump_card == Card(6, "H") and s.talon[0] == Card(6, "H") and len(s.talon) == 12
    assert len(s.discard) == 12 and s.table == [[Card(8, "S"), None]]
    assert (s.attacker, s.defender, s.lead_attacker) == (1, 0, 1)
    assert s.to_act()[0] == 0
    assert {str(a) for a in s.legal_actions(0)} == {"beat 9S 8S", "beat QH 8S", "take"}
    assert p.rules["deck"] == 36 and "variant" not in p.rules


def test_durak_talon_is_written_top_first_and_the_trump_card_lies_under_it():
    p = read("durak;h0=7S,9S,QH,KD,6D,AC;h1=10S,7H,JC,JH,8C,8S;trump=6H;talon=AD,8H;"
             "discard=?21")
    assert p.state.talon == [Card(6, "H"), Card(8, "H"), Card(14, "D")]  # talon[-1] drawn next
    assert p.state.attacker == 0 and p.state.defender == 1 and p.state.table == []


def test_durak_trump_card_in_a_hand_means_an_empty_talon():
    p = read("durak;h0=6H,7S;h1=8S,9S,10S;trump=6H;discard=?31")
    assert p.state.talon == [] and p.state.trump_card in p.state.hands[0]
    with pytest.raises(PositionError) as exc:
        read("durak;h0=6H,7S;h1=8S,9S,10S;trump=6H;talon=?1")
    assert exc.value.code == "trump_not_last"


def test_dunka_example_parses_to_the_expected_state():
    p = read(DUNKA)
    s = p.state
    assert p.game == "dunka" and s.round == 2 and s.phase == "draw" and s.turn == 0
    assert s.hands[0] == cards("5H,6H,7H,8H,KS,KD,KC,2C,9D,JK,3S")
    assert [len(h) for h in s.hands] == [11, 11, 11] and s.pile == [Card(9, "H")]
    assert len(s.stock) == 108 - 34 and len(s.sheet) == 1  # round 1 is finished
    assert s.claim_card == Card(9, "H") and s.discarder == 2
    assert {str(a) for a in s.legal_actions(0)} == {"draw stock", "draw pile"}


def test_dunka_melds_with_owners_and_the_contract_laid():
    p = read("dunka;round=1;phase=play;h0=2C,3C,4D,5D,9H;h1=?8;m1=1:7S,7H,7D;"
             "m2=1:KS,KH,JK=K;pile=9D")
    s = p.state
    assert [(mid, owner, m.kind) for mid, owner, m in s.table] == [(1, 1, "set"), (2, 1, "set")]
    assert s.laid_down == [False, True] and s.next_meld_id == 3
    assert s.table[1][2].tokens() == ["KS", "KH", "JK=K"]


def test_elvakort_example_parses_to_the_expected_state():
    p = read(ELVAKORT)
    s = p.state
    assert p.game == "elvakort" and s.phase == "play" and len(s.hands[0]) == 12
    assert len(s.all_cards()) == 108 and s.pile == [Card(4, "D")]
    assert any(str(a).startswith("meld ") for a in s.legal_actions(0))  # ELV contract 1


def test_tonk_example_parses_to_the_expected_state():
    p = read(TONK)
    s = p.state
    assert p.game == "tonk" and p.rules["stake"] == 2 and s.rules.stake == 2
    assert s.hands[0] == cards("3H,4H,5H,KS,KD") and len(s.hands[1]) == 5
    assert s.pile == [Card(9, "C")] and len(s.stock) == 41 and s.phase == "start"
    assert {str(a) for a in s.legal_actions(0)} == {"knock", "draw stock", "draw pile"}


def test_tonk_spreads_hit_and_taken():
    p = read("tonk;phase=play;h0=3H,4H,5H,9C,KD;h1=?4;s1=1:7S,7H,7D;hit=1;taken=9C;pile=2C")
    s = p.state
    assert s.table[0][:2] == [1, 1] and s.hit_since == [False, True] and s.taken == Card(9, "C")
    assert "hit 7C s1" not in {str(a) for a in s.legal_actions(0)}  # 7C not in hand
    assert any(str(a).startswith("spread") for a in s.legal_actions(0))


def test_hidden_cards_come_from_the_seed():
    a = read(DURAK + ";seed=1").state
    b = read(DURAK + ";seed=1").state
    c = read(DURAK + ";seed=2").state
    assert a.to_dict() == b.to_dict()
    assert a.hands[1] != c.hands[1] or a.talon != c.talon
    shown = set(cards("7S,9S,QH,KD,6D,AC,8S,6H"))
    assert not shown & set(a.hands[1] + a.talon[1:] + a.discard)


def test_a_plain_card_twice_is_both_copies_in_a_two_deck_game():
    p = read("dunka;h0=7S,7S,JK,JK,JK.3,2C,3C,4C,5C,6C,8C;h1=?11;pile=9H")
    assert p.state.hands[0][:5] == [parse_card(x) for x in ("7S", "7S.1", "JK", "JK.1", "JK.3")]
    with pytest.raises(PositionError) as exc:
        read("dunka;h0=7S,7S,7S;h1=?11;pile=9H")
    assert exc.value.code == "card_twice" and exc.value.params["card"] == "7S"


def test_settings_names_known_and_rules_go_into_the_state():
    p = read("durak;transfer=on;deck=52;throw_in=neighbours;h0=2S,3S;h1=4S,5S;trump=2H;"
             "discard=?47;names=Ann,Bo;you=1;attacker=1;k0=2S")
    assert p.state.rules.transfer and p.state.rules.deck == 52
    assert p.names == ["Ann", "Bo"] and p.human == 1 and p.state.known[0] == [Card(2, "S")]
    assert p.rules["throw_in"] == "neighbours"


# ---------------------------------------------------------------------------- refusals

REFUSALS = [
    ("x" * 2001, "too_long"),
    ("durak;h0=7S;oops", "syntax"),
    ("durak;h0=7S;h2=8S;trump=6H", "syntax"),
    ("chess;h0=7S", "unknown_game"),
    ("", "empty"),
    ("  ", "empty"),
    ("durak;h0=7S;h1=8S;trump=6H;colour=red", "unknown_field"),
    ("durak;h0=7S;h1=8S;trump=6H;h0=9S", "field_twice"),
    ("durak;h0=7S;h1=8S;trump=6H;deck=40", "bad_setting"),
    ("durak;h0=7S;h1=8S;trump=6H;transfer=maybe", "bad_setting"),
    ("tonk;h0=3H;h1=?5;stake=0", "bad_setting"),
    ("durak;h0=7S;h1=8S;trump=6H;taking=perhaps", "bad_value"),
    ("durak;h0=7S;h1=?x;trump=6H", "bad_value"),
    ("durak;h0=7S;h1=8S", "bad_value"),
    ("durak;h0=7S;h1=8S;trump=6H;names=Ann", "bad_names"),
    ("durak;h0=7S;h1=8S;trump=6H;names=Ann,<script>alert(1)</script>", "bad_names"),
    ("durak;h0=7S;h1=8S;trump=6H;names=Ann,\u200b", "bad_names"),  # nothing visible
    ("durak;h0=7S;h1=8S;trump=6H;names=Anna,an\u200bna", "same_names"),
    ("durak;h0=7S;h1=8S;trump=6H;attacker=5", "bad_seat"),
    ("durak;h0=7S;h1=8S;trump=6H;you=2", "bad_seat"),
    ("durak;h0=7S", "bad_players"),
    ("tonk;h0=3H;h1=?5;h2=?5;h3=?5;h4=?5", "bad_players"),
    ("durak;h0=?6;h1=?6;trump=AH;first_bout_limit_5=on", "setting_needs_players"),
    ("durak;h0=7X;h1=8S;trump=6H", "bad_card"),
    ("durak;h0=5S;h1=8S;trump=6H", "unknown_card"),
    ("dunka;h0=7S.2;h1=?11", "unknown_card"),
    ("durak;h0=7S,7S;h1=8S;trump=6H", "card_twice"),
    ("tonk;h0=3H;h1=3H.0", "card_twice"),
    ("durak;h0=?30;h1=?6;trump=6H", "too_many_cards"),
    ("durak;h0=7S;h1=8S;trump=6H;talon=?3;discard=?3", "missing_cards"),
    ("durak;h0=7S;h1=8S;trump=6H;k0=9S", "not_in_hand"),
    ("durak;h0=6H,7S;h1=8S;trump=6H;talon=?2", "trump_not_last"),
    ("durak;h0=6S,6C,6D,7S,7C,7D,8D;h1=?6;trump=AH;table=8S,8C,9S,9C,9D,9H,10S;attacker=1",
     "too_many_attacks"),
    ("durak;h0=?6;h1=?2;trump=AH;table=8S,8C,9S;attacker=0", "too_many_attacks"),
    ("durak;h0=?6;h1=?6;trump=AH;table=8S:7S;attacker=1", "bad_defence"),
    ("durak;h0=?6;h1=?6;trump=AH;talon=?5;table=8S,10C;attacker=1", "table_unreachable"),
    ("dunka;round=7;h0=?11;h1=?11", "bad_round"),
    ("dunka;round=0;h0=?11;h1=?11", "bad_round"),
    ("dunka;phase=lunch;h0=?11;h1=?11", "bad_phase"),
    ("tonk;phase=play_on;h0=?5;h1=?5", "bad_phase"),
    ("dunka;h0=?11;h1=?11;m1=0:7S,8H,9D", "bad_meld"),
    ("tonk;h0=?5;h1=?5;s1=0:7S,8S", "bad_meld"),
    ("durak;h0=;h1=;trump=6H;discard=?35", "nobody_to_act"),
    ("durak;h0=7S;h1=8S,9S;trump=6H;attacker=1", "learner_cannot_act"),
    ("dunka;h0=?11;h1=?11;pile=9H;turn=1", "learner_cannot_act"),
    ("tonk;h0=;h1=?5;pile=9C", "impossible"),
    ("durak;h0=7S,9S,QH;h1=?5;trump=6H;attacker=0;defender=0;table=8S",
     "attacker_is_defender"),
    ("durak;h0=7S;h1=8S;trump=6H;attacker=1;defender=1", "attacker_is_defender"),
    ("durak;h0=7S;h1=8S;trump=6H;defender=2", "bad_seat"),
    ("durak;h0=7S;h1=;h2=9S;trump=6H;attacker=0;defender=1", "defender_out"),
    ("durak;h0=7S;h1=8S;h2=9S;trump=6H;attacker=0;defender=1;out=1", "defender_out"),
    ("durak;h0=7S;h1=8S;h2=9S;trump=6H;attacker=0;defender=2", "defender_not_next"),
    ("durak;h0=7S;h1=8S;h2=9S;trump=6H;attacker=2;defender=1", "defender_not_next"),
    ("durak;h0=7S;h1=8S;trump=6H;x=%%%", "bad_extra"),
    ("durak;h0=7S;h1=8S;trump=6H;x=" + encode_extra({"colour": 1}), "bad_extra"),
    # issue 13: x= goes through the same checks as a save, and hands are capped
    ("durak;h0=7S;h1=8S;trump=6H;x=" + encode_extra({"defender": 0}),
     "impossible"),
    ("durak;h0=7S,9S;h1=8S,6C;trump=6H;table=10D:JD;x="
     + encode_extra({"table": [["JD", "10D"]]}), "impossible"),
    ("durak;h0=7S;h1=8S;trump=6H;x=" + encode_extra({"attacker": 0.0}),
     "impossible"),
    ("dunka;h0=?25;h1=?11", "hand_too_big"),
    ("elvakort;h0=?11;h1=?11;x=" + encode_extra({"hands": [["2H"] * 30, []]}),
     "hand_too_big"),
    ("tonk;h0=?13;h1=?5", "hand_too_big"),
    ("tonk;h0=?7;h1=?5", "hand_too_big"),  # TONK-4/6: a hand holds at most 6 cards
    ("dunka;h²=?11;h1=?11", "syntax"),
    ("durak;h0=7S.²;h1=8S;trump=6H", "bad_card"),
    ("durak;h0=7S;h1=8S;trump=6H;seed=²", "bad_value"),
]


@pytest.mark.parametrize("text,code", REFUSALS, ids=[c + str(i) for i, (_, c) in
                                                      enumerate(REFUSALS)])
def test_a_bad_position_is_refused_with_its_code(text, code):
    with pytest.raises(PositionError) as exc:
        read(text)
    assert exc.value.code == code, str(exc.value)
    for lang in ("sv", "en"):
        msg = positions.message(lang, exc.value)
        assert msg and "{" not in msg and msg != "position_" + code


def test_dur_11_a_position_asking_for_the_limit_of_5_with_fewer_than_four_is_refused():
    for hands in ("h0=?6;h1=?6", "h0=?6;h1=?6;h2=?6"):
        with pytest.raises(PositionError) as exc:
            read(f"durak;{hands};trump=AH;talon=?5;first_bout_limit_5=on")
        assert exc.value.code == "setting_needs_players"
        sv, en = positions.message("sv", exc.value), positions.message("en", exc.value)
        assert "first_bout_limit_5" in sv and "kräver 4 eller fler spelare" in sv
        assert "needs 4 or more players" in en
    pos = read("durak;h0=?6;h1=?6;h2=?6;h3=?6;trump=AH;first_bout_limit_5=on")
    assert pos.state.rules.first_bout_limit_5 and pos.state.first_bout
    assert pos.state.limit == 5
    pos = read("durak;h0=?6;h1=?6;h2=?6;h3=?6;trump=AH;discard=?4;first_bout_limit_5=on")
    assert not pos.state.first_bout and pos.state.limit == 6  # a later bout


def test_every_position_code_in_the_source_is_tested_and_has_texts():
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in Path(positions.__file__).parent.glob("*.py"))
    codes = set(re.findall(r'PositionError\(\s*"([a-z_]+)"', source))
    from game import session, url_params
    for module in (session, url_params):
        codes |= set(re.findall(r'PositionError\(\s*"([a-z_]+)"',
                                Path(module.__file__).read_text(encoding="utf-8")))
    assert {"too_long", "card_twice", "nobody_to_act", "expect_illegal"} <= codes
    for lang in ("sv", "en"):
        assert not [c for c in codes if f"position_{c}" not in TEXTS[lang]]
    tested = {code for _, code in REFUSALS} | {"bad_json", "bad_prompt", "bad_expect",
                                               "too_many_lessons",
                                               "expect_illegal", "expect_without_position"}
    assert codes <= tested, codes - tested


def test_a_refusal_message_speaks_cards_as_names():
    with pytest.raises(PositionError) as exc:
        read("durak;h0=?6;h1=?6;trump=AH;table=8S:7S;attacker=1")
    assert positions.message("en", exc.value) == "Seven of spades does not beat eight of spades."
    assert positions.message("sv", exc.value) == "Spader sjua slår inte spader åtta."


@pytest.mark.parametrize("table,reachable", [
    ("8S,10C", False),          # issue 32: two unbeaten leads of different ranks
    ("8S:9S,10C", False),       # the nine lets nines in, not tens
    ("10D:JD,JC,8S", False),    # the eight is reached by nothing
    ("10D:JD,10C,8S:10S", True),  # the eight led: its ten let the tens in, a jack beat one
    ("8S,8C", True),            # one lead of two eights (DUR-8)
    ("8S:9S,9C", True),         # a nine thrown in on the nine that beat (DUR-9)
    ("9C,8S:9S", True),         # the same table written in another order
    ("8S:9S,9C:10C,10D", True),  # a chain of ranks
    ("8S:9H,8D:10D,8C:JC,10S:JS,JD:QD,9C", True),
])
def test_dur_9_a_table_no_bout_reaches_is_refused(table, reachable):
    """DUR-8/DUR-9: a bout starts with one rank and every attack card added shares its rank
    with a card on the table; ``table=8S,10C`` was accepted though no game reaches it."""
    text = ("durak;h0=7S,QH,KD,6D,AC,AS;h1=?6;h2=?6;trump=6H;talon=?2;attacker=2;defender=0;"
            f"table={table}")
    if reachable:
        assert read(text).state.table
        return
    with pytest.raises(PositionError) as exc:
        read(text)
    assert exc.value.code == "table_unreachable"
    assert exc.value.params["card"] in table.replace(":", ",").split(",")
    en, sv = positions.message("en", exc.value), positions.message("sv", exc.value)
    assert "cannot be on the table" in en and "kan inte ligga på bordet" in sv


def test_dur_9_the_refused_card_is_named():
    with pytest.raises(PositionError) as exc:
        read("durak;h0=?6;h1=?6;trump=AH;talon=?5;table=8S,10C;attacker=1")
    assert positions.message("en", exc.value).startswith(
        "Ten of clubs cannot be on the table: an attack card added to a bout has the rank")
    assert positions.message("sv", exc.value).startswith(
        "Klöver tio kan inte ligga på bordet: ett anfallskort som läggs till har samma valör")


def test_long_and_hostile_texts_are_refused_without_trouble():
    for text in ["durak;" + "h0=" + ",".join(["7S"] * 3000), "durak;" + ";" * 5000, "",
                 "durak;h0=" + "9" * 5000]:
        with pytest.raises(PositionError):
            read(text)
    with pytest.raises(PositionError) as exc:
        read("durak;h0=7S;h1=8S;trump=6H;seed=" + "9" * 400)
    assert exc.value.code == "bad_value"


# ---------------------------------------------------------------------------- round trips

def playout_states(game, n, seed, steps=300, every=0.08):
    """States along one random playout (random legal moves, seeded)."""
    module = MODULES[game]
    state = module.new_game(make_rules(game, {}), [f"N{i}" for i in range(n)], seed)
    rng = random.Random(seed * 31 + n)
    out = [state.clone()]
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
        if rng.random() < every:
            out.append(state.clone())
    out.append(state)
    return out


@pytest.mark.parametrize("game", sorted(PLAYER_COUNTS))
def test_write_then_read_round_trips_positions_from_random_playouts(game):
    lengths = []
    for n in PLAYOUT_COUNTS[game]:
        for state in playout_states(game, n, seed=n):
            seats = state.to_act()
            p = positions.position_of(state, seats[0] if seats else 0)
            text = write(p)
            lengths.append(len(text))
            assert ";" in text and "/" not in text and "?" not in text and "#" not in text
            back = read(text, max_length=None)
            assert back.state.to_dict() == state.to_dict()
            assert back.human == p.human and back.names == list(state.names)
            assert write(back) == text
    assert len(lengths) >= 2 * len(PLAYOUT_COUNTS[game])
    if game == "durak":  # every Durak position fits a typed link
        assert max(lengths) <= positions.MAX_LENGTH


def test_a_fresh_deal_is_written_readably_without_extra_for_durak():
    state = durak.new_game(durak.Rules(), ["Ann", "Bo"], seed=5)
    text = write(positions.position_of(state, state.to_act()[0]))
    assert "names=Ann,Bo" in text and "seed=5" in text
    extra = decode_extra(text.split(";x=")[1])
    assert set(extra) == {"rng_state"}  # the only part a deal does not show
    assert read(text).state.to_dict() == state.to_dict()


# ---------------------------------------------------------------------------- actions

def test_same_action_ignores_card_order_but_not_meaning():
    assert same_action("durak", "attack 6H 6D", "attack 6D 6H")
    assert same_action("durak", "ATTACK 6h 6d", "attack 6D 6H")
    assert not same_action("durak", "beat 7S 6S", "beat 6S 7S")
    assert not same_action("durak", "take", "done")
    assert not same_action("durak", "take", "nonsense words")
    assert same_action("tonk", "spread 5H 3H 4H", "spread 3H 4H 5H")
    assert same_action("dunka", "meld 7S 7H 7D / 8C 8H 8D", "meld 8D 8H 8C / 7D 7S 7H")
    assert not same_action("dunka", "draw stock", "draw pile")
    assert not same_action("chess", "take", "take")


# ---------------------------------------------------------------------------- teaching files

def test_load_json_reads_one_entry_or_a_list():
    data = load_json(json.dumps({"position": TONK, "prompt": "Knock?", "expect": "knock"}))
    assert data["expect"] == "knock" and data["prompt"] == {"sv": "Knock?", "en": "Knock?"}
    assert data["position"].game == "tonk" and len(data["items"]) == 1
    many = load_json(json.dumps([
        {"position": DURAK, "prompt": {"sv": "Slå <b>!</b>", "en": "Beat it"},
         "expect": "beat 9S 8S"},
        {"position": DUNKA}]))
    assert len(many["items"]) == 2 and many["items"][1]["expect"] is None
    assert many["items"][0]["prompt"]["sv"] == "Slå <b>!</b>"  # kept as plain text


@pytest.mark.parametrize("content,code", [
    ("not json", "bad_json"),
    ("[]", "bad_json"),
    (json.dumps({"prompt": "x"}), "bad_json"),
    (json.dumps({"position": TONK, "extra": 1}), "bad_json"),
    (json.dumps({"position": TONK, "prompt": {"de": "Hallo"}}), "bad_prompt"),
    (json.dumps({"position": TONK, "prompt": 5}), "bad_prompt"),
    (json.dumps({"position": TONK, "prompt": "x" * 301}), "too_long"),
    (json.dumps({"position": TONK, "expect": "fly away"}), "bad_expect"),
    (json.dumps({"position": TONK, "expect": "discard 3H"}), "expect_illegal"),
    (json.dumps({"position": TONK, "expect": "knock " + "x" * 300}), "too_long"),
    (json.dumps({"position": "tonk;h0=3H"}), "bad_players"),
    (json.dumps([{"position": TONK}] * 101), "too_many_lessons"),
    ("[" * 100_000 + "]" * 100_000, "too_long"),
    ("[" * 40_000, "bad_json"),  # nested too deep: refused before the parser recurses
    ('{"position": "%s", "prompt": NaN}' % TONK, "bad_json"),
    ('{"position": "%s", "prompt": 1e999}' % TONK, "bad_json"),
])
def test_load_json_refuses_bad_content(content, code):
    with pytest.raises(PositionError) as exc:
        load_json(content)
    assert exc.value.code == code


def test_the_documented_examples_read():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    found = re.findall(r"^\s*((?:durak|dunka|elvakort|tonk);\S+)$",
                       readme + "\n" + positions.__doc__, flags=re.M)
    found = [line.strip() for line in found]
    assert len(found) >= 8 and {line.split(";")[0] for line in found} == set(MODULES)
    for line in found:
        p = read(line)
        assert p.state.legal_actions(p.human)


@pytest.mark.parametrize("game", ["durak", "dunka", "tonk"])
def test_a_finished_game_or_hand_round_trips_too(game):
    module = MODULES[game]
    state = module.new_game(make_rules(game, {}), ["A", "B"], seed=3)
    rng = random.Random(1)
    for _ in range(20_000):
        if state.is_over() or getattr(state, "phase", "") == "hand_over":
            break
        seat = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    assert state.is_over() or state.phase == "hand_over"
    back = read(write(positions.position_of(state, 0)), max_length=None)
    assert back.state.to_dict() == state.to_dict()


def test_names_that_the_notation_cannot_hold_still_round_trip():
    state = tonk.new_game(tonk.Rules(), ["Ann, the 2nd;", " Bo"], seed=2)
    text = write(positions.position_of(state, state.to_act()[0]))
    assert "names=" not in text
    assert read(text).state.names == ["Ann, the 2nd;", " Bo"]


def test_the_humans_own_durak_moves_are_announced_in_the_second_person():
    from game.web import model
    players = [{"name": ""}, {"name": ""}]
    for kind, ev in (("attack", {"cards": ["7S"]}), ("throw", {"cards": ["7S"]}),
                     ("beat", {"card": "9S", "target": "7S"}), ("take", {}), ("done", {})):
        en = model.describe_event("en", {"type": kind, "player": 0, **ev}, players, 0)
        sv = model.describe_event("sv", {"type": kind, "player": 0, **ev}, players, 0)
        assert en.startswith("You ") and "You attacks" not in en and " is done" not in en, en
        assert sv.startswith("Du "), sv
        assert "{" not in en + sv
    other = model.describe_event("en", {"type": "attack", "player": 1, "cards": ["7S"]},
                                 players, 0)
    assert other.startswith("Computer 1 attacks")


def test_a_wrong_number_of_hands_is_told_without_a_bad_plural():
    # a new user read "This position cannot be shown: 1 hands: ..."
    from game.i18n import t
    for lang in ("en", "sv"):
        text = t(lang, "position_bad_players", count=1, low=2, high=6)
        assert "1 hands" not in text and "1 händer" not in text and "1" in text


def test_a_refused_value_cut_short_ends_with_an_ellipsis():
    """A new user's refused ``names=<img src=x onerror=alert(1)>,Bo`` showed as
    "…alert(1)>,B", cut at 30 characters with nothing to say so: a value cut short ends
    with "…" (the text is set as text, never markup, by the page), a short one is whole."""
    names = "<img src=x onerror=alert(1)>,Bo"
    with pytest.raises(PositionError) as exc:
        read(f"durak;h0=7S;h1=8S;trump=6H;names={names}")
    value = exc.value.params["value"]
    assert value == names[:29] + "…" and len(value) == 30, value
    for lang in ("sv", "en"):
        assert names[:29] + "…" in positions.message(lang, exc.value)
    with pytest.raises(PositionError) as exc:
        read("durak;h0=7S;h1=8S;trump=6H;names=Ann")
    assert exc.value.params["value"] == "Ann"
    with pytest.raises(PositionError) as exc:
        read("durak;h0=7S;h1=8S;trump=6H;" + "q" * 40 + "=1")
    assert exc.value.params["field"] == "q" * 29 + "…"


def test_a_refused_link_value_cut_short_ends_with_an_ellipsis():
    """The same for a link's setting (``url_bad_value``, cut at 80): Swedish and English."""
    from game.engine import SettingError
    from game.url_params import parse_params
    from game.web.links import setting_text
    level = "<img src=x onerror=alert(1)>" * 4  # 112 characters
    with pytest.raises(SettingError) as exc:
        parse_params({"game": "durak", "level": level})
    for lang in ("sv", "en"):
        text = setting_text(lang, exc.value)
        assert level[:79] + "…" in text and level[:80] not in text, text
