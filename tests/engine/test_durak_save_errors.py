"""Damaged Durak saves raise ``SaveError`` (a ``ValueError``); bad settings raise
``SettingError`` naming the setting (DESIGN.md, "The game protocol")."""

from __future__ import annotations

import copy
import json

import pytest

import state_fuzz
from durak_helpers import play, position
from game.durak import Rules, State, new_game
from game.engine import SaveError, SettingError


def saved():
    """A save from the middle of a game: cards on the table, a talon, a known card."""
    state = position(["6H 6D 9D", "7H 8C 9C", "KC 6C"], trump_card="AS", talon="10H JH",
                     attacker=0, rules=Rules(transfer=True, throw_in="neighbours"))
    play(state, (0, "attack 6H"), (1, "beat 7H 6H"))
    return state.to_dict()


def test_save_round_trips():
    data = saved()
    assert State.from_dict(json.loads(json.dumps(data))).to_dict() == data
    state = new_game(Rules(), ["a", "b", "c"], 5)
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_save_error_is_a_value_error():
    assert issubclass(SaveError, ValueError)


@pytest.mark.parametrize("key", ["game", "v", "rules", "names", "hands", "talon",
                                 "trump_card", "dealer", "attacker", "defender",
                                 "rng_state", "seed", "discard", "table", "lead_attacker",
                                 "taking", "passed", "limit", "first_bout", "out",
                                 "known", "over", "durak"])
def test_missing_key(key):
    data = saved()
    del data[key]
    with pytest.raises(SaveError):
        State.from_dict(data)


@pytest.mark.parametrize("game", ["dunka", "", None, 7])
def test_wrong_game(game):
    data = saved()
    data["game"] = game
    with pytest.raises(SaveError):
        State.from_dict(data)


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_wrong_version(version):
    data = saved()
    data["v"] = version
    with pytest.raises(SaveError):
        State.from_dict(data)


def test_duplicated_card():
    data = saved()
    data["hands"][2].append(data["hands"][1][0])  # one card in two hands
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["discard"].append(data["discard"][0])
    with pytest.raises(SaveError):
        State.from_dict(data)


def test_lost_or_foreign_card():
    data = saved()
    data["talon"].pop()
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["discard"][0] = "2H"  # not in the 36-card deck
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["discard"][0] = data["discard"][0] + ".1"  # a second deck's copy
    with pytest.raises(SaveError):
        State.from_dict(data)


@pytest.mark.parametrize("bad", ["1H", "XS", "10", "", "6Z", "6H.x", 6, None])
def test_bad_card_text(bad):
    data = saved()
    data["hands"][0][0] = bad
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["trump_card"] = bad
    with pytest.raises(SaveError):
        State.from_dict(data)


def test_bad_table_and_seats():
    data = saved()
    data["table"] = [["6H"]]  # a pair without its second half
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["attacker"] = 3
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["known"] = data["known"][:2]
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["names"], data["hands"], data["known"] = ["a"], data["hands"][:1], data["known"][:1]
    with pytest.raises(SaveError):
        State.from_dict(data)


def test_bad_rules_in_save():
    data = saved()
    data["rules"]["deck"] = 40
    with pytest.raises(SaveError):
        State.from_dict(data)
    data = saved()
    data["rules"]["colour"] = "red"
    with pytest.raises(SaveError):
        State.from_dict(data)


@pytest.mark.parametrize("junk", [None, [], "durak", 42, ["game", "durak"], b"{}"])
def test_not_a_dict(junk):
    with pytest.raises(SaveError):
        State.from_dict(junk)


def test_failed_load_leaves_data_alone():
    data = saved()
    data["hands"][0][0] = "bad"
    before = copy.deepcopy(data)
    with pytest.raises(SaveError):
        State.from_dict(data)
    assert data == before


# ------------------------------------------------------------------ settings


@pytest.mark.parametrize("setting,value", [
    ("transfer", "yes"), ("transfer", 1), ("throw_in", "everyone"), ("throw_in", None),
    ("deck", 32), ("deck", "36"), ("deck", True), ("first_bout_limit_5", 0),
    ("trump_exchange", "on"), ("series_length", 3), ("series_length", "7"),
    ("last_durak_attacked_first", None)])
def test_rules_bad_value_names_the_setting(setting, value):
    with pytest.raises(SettingError) as info:
        Rules(**{setting: value})
    err = info.value
    assert isinstance(err, ValueError)
    assert err.setting == setting and err.value == value
    assert err.allowed == list(Rules.CHOICES[setting])
    assert repr(setting) in str(err)


def test_rules_from_dict():
    rules = Rules(transfer=True, throw_in="attacker", deck=52)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    with pytest.raises(SettingError) as info:
        Rules.from_dict({"transfers": True})
    assert info.value.setting == "transfers"
    with pytest.raises(SettingError) as info:
        Rules.from_dict({"deck": 20})
    assert info.value.setting == "deck"


def test_new_game_bad_dealer():
    with pytest.raises(SettingError) as info:
        new_game(Rules(), ["a", "b"], 1, dealer=2)
    assert info.value.setting == "dealer"


@pytest.mark.parametrize("key,value", [
    ("lead_attacker", "x"), ("lead_attacker", 9), ("durak", 3), ("passed", [9]),
    ("out", [-1]), ("limit", -1), ("limit", 0), ("limit", 7),
    ("known", [["6H"], [], []]), ("known", [[], [], ["KC", "KC"]])])
def test_fields_that_would_break_play(key, value):
    data = saved()
    data[key] = value
    with pytest.raises(SaveError):
        State.from_dict(data)


def test_unfinished_game_where_nobody_can_act():
    data = saved()  # 6H beaten by 7H; seats 0 and 2 may still throw in 6D / 6C
    assert State.from_dict(data).to_act() == [0, 2]
    data["passed"] = [0, 2]  # both passed, yet the bout was not settled
    with pytest.raises(SaveError):
        State.from_dict(data)


# ------------------------------------------------------------------ issue 13: hostile saves


@pytest.mark.parametrize("key,value", [
    ("attacker", 1.0), ("attacker", True), ("dealer", 1.5), ("limit", 6.0),
    ("rng_state", -1), ("rng_state", 1 << 70), ("seed", float("inf")), ("taking", 1),
    ("over", 0), ("names", "ab"), ("names", [1, 2, 3]), ("hands", {}), ("table", [[]]),
    ("table", [["6H", "7H", "8H"]]), ("talon", [["6H"]]), ("known", None),
    ("passed", [0, 0]), ("durak", 0.0)])
def test_wrong_types_and_bounds_are_refused(key, value):
    data = saved()
    data[key] = value
    with pytest.raises(SaveError) as info:
        State.from_dict(data)
    assert key in str(info.value) or "damaged" in str(info.value)


def test_unknown_field_is_refused():
    data = saved()
    data["extra"] = 1
    with pytest.raises(SaveError, match="extra"):
        State.from_dict(data)


def test_deep_nesting_is_refused_without_recursion():
    data = saved()
    deep = state_fuzz.nested(100_000)
    data["hands"][0] = deep
    try:
        with pytest.raises(SaveError):
            State.from_dict(data)
    finally:
        state_fuzz.dismantle(deep)


def test_trump_card_not_at_the_bottom_of_the_talon():
    """A save whose face-up trump card is not the talon's bottom card would let the trump
    exchange (DUR-17) duplicate one card and destroy another."""
    state = new_game(Rules(trump_exchange=True), ["a", "b"], 3)
    data = state.to_dict()
    data["talon"][0], data["talon"][1] = data["talon"][1], data["talon"][0]
    with pytest.raises(SaveError, match="bottom card of the talon"):
        State.from_dict(data)


def test_attacker_is_defender_and_bad_defence():
    data = saved()
    data["defender"] = data["attacker"]
    with pytest.raises(SaveError, match="attacker is also the defender"):
        State.from_dict(data)
    data = saved()  # 7H beat 6H (trump spades); make the defence 6D's impossible pair
    data["table"][0] = [data["table"][0][1], data["table"][0][0]]  # 6H on 7H
    with pytest.raises(SaveError, match="does not beat"):
        State.from_dict(data)


def test_over_game_must_be_settled():
    data = saved()
    data["over"] = True
    with pytest.raises(SaveError):
        State.from_dict(data)


@pytest.mark.parametrize("trump", ["JK", "2H", "6H.1"])
def test_trump_card_outside_the_deck_with_an_empty_talon(trump):
    """Found by fuzzing: with the talon empty a joker as the trump card loaded and then
    failed in every ``legal_actions`` (CardError building the lowest trump)."""
    state = position(["6H 6D", "7H 8C"], trump_card="AS", talon="", attacker=0)
    data = state.to_dict()
    assert data["talon"] == []
    data["trump_card"] = trump
    with pytest.raises(SaveError, match="trump"):
        State.from_dict(data)
