"""Property-based fuzzing of the game-state entry points (issue 13): mutated saves of every
game, mutated sessions, positions with a mutated ``x=`` field, and action texts. A save or
position is either refused with the documented error (``SaveError``, ``PositionError``)
or plays on with every card once, legal actions applying and the save round-tripping;
``parse_action`` raises only ``IllegalAction``. The targets live in ``state_fuzz.py``
(also for ``bench/fuzz.py``). Budget: ``KORTBORDET_FUZZ_EXAMPLES`` examples per test
(default 100, 10 inside Pyodide; a long run sets it higher). Each failure found became a regression test
below."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import state_fuzz as sf
from game import positions, tonk
from game.engine import IllegalAction, SaveError
from game.positions import PositionError
from game.session import game_module
from volume import per_runtime

# Inside Pyodide (volume.py) 10 examples per test: every target and game still reads,
# refuses or plays on mutated input there; the search for new failures is CPython's.
EXAMPLES = int(os.environ.get("KORTBORDET_FUZZ_EXAMPLES", per_runtime(100, 10)))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def chooser(data):
    return lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0


@pytest.mark.parametrize("game", sf.GAMES)
@FUZZ
@given(data=st.data())
def test_mutated_save_is_refused_or_plays_on(game, data):
    assert sf.fuzz_save(game, chooser(data)) in ("refused", "played")


@pytest.mark.parametrize("game", ["durak", "tonk"])
@FUZZ
@given(data=st.data())
def test_mutated_session_is_refused_or_plays_on(game, data):
    assert sf.fuzz_session(game, chooser(data)) in ("refused", "played")


@pytest.mark.parametrize("game", sf.GAMES)
@FUZZ
@given(data=st.data())
def test_position_with_mutated_x_is_refused_or_plays_on(game, data):
    assert sf.fuzz_position(game, chooser(data)) in ("refused", "played", "skipped")


@pytest.mark.parametrize("game", sf.GAMES)
@FUZZ
@given(data=st.data())
def test_action_text_from_pieces(game, data):
    assert sf.fuzz_action(game, chooser(data)) in ("refused", "parsed", "applied")


@pytest.mark.parametrize("game", sf.GAMES)
@FUZZ
@given(text=st.text(max_size=80))
def test_action_text_arbitrary(game, text):
    assert sf.check_action_text(game, text) in ("refused", "parsed")


# ------------------------------------------------------------------ regressions


def test_mutation_kinds_all_change_the_save():
    """The mutator really mutates (else the properties above would test nothing)."""
    import random
    base = sf.playout_save("durak", random.Random(0).randrange)
    changed = sum(sf.mutate(base, random.Random(i).randrange)[0] != base for i in range(50))
    assert changed >= 45


@pytest.mark.parametrize("text", ["spread JK", "spread JK 2H 3H", "spread 2H JK.1 4H",
                                  "hit JK s1", "discard JK", "discard 7S.1", "hit 2H s²",
                                  "hit 2H s" + "9" * 5000])
def test_tonk_joker_or_foreign_text_is_a_bad_action_text(text):
    """``spread JK`` raised KeyError (sorting a joker by suit) in ``expect=``, a lesson
    file or a load-position message."""
    with pytest.raises(IllegalAction) as info:
        tonk.parse_action(text, 0)
    assert info.value.code == "bad_action_text"


def test_tonk_spread_with_a_joker_in_expect_is_refused_cleanly():
    pos = positions.read("tonk;h0=3H,4H,5H,KS,KD;h1=?5;pile=9C;turn=0;phase=play")
    with pytest.raises(PositionError) as info:
        positions.check_expect(pos, "spread JK")
    assert info.value.code == "bad_expect"


def _tonk_save():
    state = tonk.new_game(tonk.Rules(), ["a", "b"], 4)
    while state.phase != "hand_over":
        state.apply(state.legal_actions(state.to_act()[0])[0])
    return state


@pytest.mark.parametrize("result", [[], "knock", {"end": "knock"}, {"hand": 1.0}])
def test_tonk_result_of_the_wrong_shape_is_refused(result):
    data = _tonk_save().to_dict()
    data["result"] = result
    with pytest.raises(SaveError, match="result"):
        tonk.State.from_dict(data)


def test_tonk_result_fields_are_checked():
    state = _tonk_save()
    for key, bad in (("payouts", [{"payer": 0}]), ("totals", [1.5, 2]), ("hands", [["JK"]]),
                     ("end", "won"), ("net", [0]), ("winners", [7])):
        data = state.to_dict()
        data["result"][key] = bad
        with pytest.raises(SaveError, match="result"):
            tonk.State.from_dict(data)


def test_tonk_ledger_that_closed_the_hand_in_play_is_refused():
    """A ledger that already closed the current hand made every hand end fail."""
    state = _tonk_save()
    state.apply(state.legal_actions(0)[0])  # next: hand 2 is dealt
    assert state.phase != "hand_over"
    data = state.to_dict()
    data["ledger"]["history"].append({"hand": state.hand_no,
                                      "balances": state.ledger.balances()})
    with pytest.raises(SaveError, match="already closed"):
        tonk.State.from_dict(data)


def test_series_over_with_a_running_game_is_refused():
    from game.saves import dumps, loads
    from game.session import Session
    players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}]
    session = Session.new("durak", {}, players, 3)
    text = dumps(session)
    data = session.to_dict()
    data["series"]["results"] = [0]  # a one-game series already decided
    with pytest.raises(SaveError, match="series"):
        Session.from_dict(data)
    data["series"]["results"] = [0, 1]  # a game recorded after the end
    with pytest.raises(SaveError, match="after the series ended"):
        Session.from_dict(data)
    assert loads(text).to_dict() == session.to_dict()


@pytest.mark.parametrize("key,value", [("moves", 1.0), ("seed", True), ("seed", -1),
                                       ("games_done", "1"), ("played", -1), ("played", 1), ("players", [[]]),
                                       ("players", [{"name": [[[]]], "kind": "human"}] * 2),
                                       ("rules", {"transfer": [[[[]]]]}), ("extra", 1)])
def test_session_fields_are_checked(key, value):
    from game.session import Session
    players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}]
    data = Session.new("durak", {}, players, 3).to_dict()
    data[key] = value
    with pytest.raises(SaveError):
        Session.from_dict(data)


MELD_POSITIONS = {
    "dunka": "dunka;phase=play;turn=0;h0=5H,6H,8H,KS,KD,2C,9D,3S;m1=0:7S,7H,7D;"
             "m2=0:QS,QH,QD;h1=?11",
    "elvakort": "elvakort;phase=play;turn=0;h0=5H,6H,8H,KS,KD,2C,9D,3S;m1=0:7S,7H,7D;"
                "m2=0:QS,QH,QD;h1=?11",
    "tonk": "tonk;phase=play;turn=0;h0=KS,KD,2C,9D;s1=0:3H,4H,5H;h1=?5;pile=9C",
}


@pytest.mark.parametrize("game", sorted(MELD_POSITIONS))
def test_meld_ids_of_zero_or_below_or_float_are_refused(game):
    """Meld or spread ids of 0 or below were accepted, and the next autosave could not be
    read; a float id was truncated."""
    module = game_module(game)
    data = positions.read(MELD_POSITIONS[game]).state.to_dict()
    assert module.State.from_dict(data).to_dict() == data
    for bad in (0, -1, 1.0, True, 1 << 70):
        changed = dict(data, table=[[bad] + e[1:] for e in data["table"]])
        with pytest.raises(SaveError):
            module.State.from_dict(changed)


def _rummy_draw_save(game):
    import random
    for seed in range(40):
        data = sf.playout_save(game, random.Random(seed).randrange)
        if data["phase"] == "draw" and data["pile"] and data["stock"]:
            return data
    raise AssertionError("no draw phase in these playouts")


@pytest.mark.parametrize("game", ["dunka", "elvakort"])
def test_rummy_opening_with_an_empty_stock_is_refused(game):
    """Found by fuzzing: phase "opening" with an empty stock loaded, and the dealer's
    opening discard then failed turning up a stock card (IndexError)."""
    data = _rummy_draw_save(game)
    data = dict(data, phase="opening", stock=[], pile=data["stock"] + data["pile"])
    with pytest.raises(SaveError, match="opening"):
        game_module(game).State.from_dict(data)


@pytest.mark.parametrize("game", ["dunka", "elvakort"])
def test_rummy_claim_window_without_a_penalty_card_is_refused(game):
    """A claim window (DUN-7) is only open while a penalty card can be had; a save with
    one open and the stock empty for good would fail at the dunk."""
    data = _rummy_draw_save(game)
    n = len(data["names"])
    data = dict(data, phase="claim", stock=[], pile=data["stock"] + data["pile"],
                claim_card=data["pile"][-1], discarder=(data["turn"] - 1) % n,
                reshuffles=data["rules"]["max_reshuffles"], claim_passed=[],
                claim_best=None, claim_dunked=[])
    with pytest.raises(SaveError, match="penalty card"):
        game_module(game).State.from_dict(data)


@pytest.mark.parametrize("game", sf.GAMES)
@pytest.mark.parametrize("value", [[], {}, ["dunka"], None, 1])
def test_game_name_of_another_type_is_refused(game, value):
    """Found by fuzzing: a list as a rummy save's ``game`` raised TypeError (unhashable)."""
    import random
    data = sf.playout_save(game, random.Random(1).randrange)
    data["game"] = value
    with pytest.raises(SaveError):
        game_module(game).State.from_dict(data)


def test_tonk_result_hand_with_a_joker_is_refused():
    """Found by fuzzing: a joker in a saved result's shown hands loaded, was written back
    as '' and the next autosave could not be read."""
    data = _tonk_save().to_dict()
    shown = next(i for i, h in enumerate(data["result"]["hands"]) if h)
    data["result"]["hands"][shown][0] = "JK"
    with pytest.raises(SaveError, match="result.hands"):
        tonk.State.from_dict(data)


@pytest.mark.parametrize("key,value", [("turn", None), ("discarder", None),
                                       ("claim_best", None)])
def test_rummy_stale_claim_fields_are_refused(key, value):
    """Found by fuzzing (one field changed at a time): a draw-phase save whose discarder
    is not the seat before the turn, or with a best claimer outside the claim window,
    loaded; the next stock draw then opened a broken claim window (ValueError in
    ``to_act``, or a save that could not be read back)."""
    data = _rummy_draw_save("dunka")
    n = len(data["names"])
    assert data["discarder"] == (data["turn"] - 1) % n
    if key == "turn":
        data["turn"] = data["discarder"]
    elif key == "discarder":
        data["discarder"] = data["turn"]
    else:
        data["claim_best"] = data["turn"]
    with pytest.raises(SaveError):
        game_module("dunka").State.from_dict(data)


@pytest.mark.parametrize("game", sf.GAMES)
def test_deeply_nested_setting_is_refused_without_recursion(game):
    """A setting holding a deep tree raised RecursionError writing the SettingError's
    message (its repr); refused as a damaged save now."""
    import random
    data = sf.playout_save(game, random.Random(2).randrange)
    deep = sf.nested(50_000)
    key = next(iter(data["rules"]))
    data["rules"][key] = deep
    try:
        with pytest.raises(SaveError):
            game_module(game).State.from_dict(data)
    finally:
        sf.dismantle(deep)
