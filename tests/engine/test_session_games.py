"""The table driver for Dunka (six rounds, DUN-18 scoresheet) and game-independent parts:
lazy engine imports, the wait between rounds, finished-game history."""

import json
import subprocess
import sys

import pytest

from game import saves
from game.engine import IllegalAction, SaveError, SettingError
from game.session import GAMES, Session, settings
from game.url_params import parse_params

PLAYERS = [{"name": "Du", "kind": "human"},
           {"name": "Dator", "kind": "bot", "level": "normal"},
           {"name": "Datorn", "kind": "bot", "level": "easy"}]


def dunka(seed=5, players=PLAYERS):
    return Session.new("dunka", {}, players, seed)


def human_move(s):
    """A simple human: draws from the stock, passes claims, lays down and lays off when
    offered, discards the highest card."""
    legal = s.legal()
    for prefix in ("next", "draw stock", "pass", "meld", "layoff", "replace"):
        for a in legal:
            if a.startswith(prefix):
                return a
    return legal[-1]


def play_round(s, limit=3000):
    for _ in range(limit):
        w = s.waiting()
        if w == "series_over" or s.between:
            return
        if w == "bot":
            assert s.step_bot()
        else:
            s.play(human_move(s))
    pytest.fail("the round did not end")


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide")
def test_importing_the_session_loads_no_game_engine():
    code = ("import sys; import game.session, game.saves; "
            "print(sorted(m for m in sys.modules if m in "
            "('game.durak', 'game.rummy', 'game.tonk', 'game.melds', 'game.bots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_dunka_settings_hide_the_fixed_variant():
    names = [name for name, _ in settings("dunka")]
    assert "variant" not in names and "max_reshuffles" in names
    with pytest.raises(SettingError):
        Session.new("dunka", {"variant": "other"}, PLAYERS, 1)
    assert parse_params({"game": "dunka", "players": "4"})["players"] == 4


def test_between_rounds_the_table_waits_for_the_human():
    s = dunka()
    play_round(s)
    assert s.between and s.waiting() == "human" and s.actor() == s.human
    assert s.legal() == ["next"]
    assert s.step_bot() == []          # no computer player deals on for the human
    assert len(s.view()["state"]["scoresheet"]["rounds"]) == 1
    s.play("next")
    assert s.view()["state"]["round"] == 2 and not s.between


def test_dun_18_six_rounds_fill_the_scoresheet_and_make_a_history_record():
    s = dunka(seed=8)
    for round_no in range(1, 7):
        assert s.record() is None
        play_round(s)
        if round_no < 6:
            s.play("next")
    assert s.waiting() == "series_over"
    with pytest.raises(IllegalAction):
        s.next_game()
    rec = s.record()
    json.dumps(rec)
    assert len(rec["rounds"]) == 6 and rec["names"] == ["Du", "Dator", "Datorn"]
    assert rec["totals"] == [sum(r["points"][i] for r in rec["rounds"]) for i in range(3)]
    assert rec["winners"] and all(rec["totals"][w] == min(rec["totals"]) for w in rec["winners"])
    history = saves.add_history([], rec)
    history = saves.add_history(history, rec)       # saved twice: kept once
    assert saves.load_history(saves.dump_history(history)) == [rec]
    assert saves.remove_history(history, rec["id"]) == []


def test_dunka_save_mid_round_resumes_exactly():
    s = dunka(seed=13)
    play_round(s)
    s.play("next")
    for _ in range(9):
        if s.waiting() == "bot":
            s.step_bot()
        else:
            s.play(human_move(s))
    again = saves.loads(saves.dumps(s))
    assert again.to_dict() == s.to_dict() and again.view() == s.view()


@pytest.mark.parametrize("text", ["{", "[]", '{"format": "kortbordet", "games": [1]}',
                                  '{"format": "kortbordet", "games": [{"id": "x"}]}'])
def test_damaged_history_raises_save_error(text):
    with pytest.raises(SaveError):
        saves.load_history(text)


def test_a_dunka_save_with_durak_rules_is_refused():
    s = dunka()
    data = json.loads(saves.dumps(s))
    data["session"]["rules"] = {"variant": "elvakort", "max_reshuffles": 3}
    with pytest.raises(SaveError):
        saves.loads(json.dumps(data))


def test_every_built_game_has_settings_and_player_range():
    for game, info in GAMES.items():
        if info["built"]:
            low, high = info["players"]
            assert 2 <= low <= high and settings(game) is not None


def test_table_preferences_survive_a_reload():
    prefs = saves.load_prefs(saves.dump_prefs({**saves.load_prefs(None), "dunka_sort": "rank",
                                                "claim_prompt": "always", "hints": True}))
    assert prefs["dunka_sort"] == "rank" and prefs["claim_prompt"] == "always" and prefs["hints"]
    bad = saves.load_prefs('{"dunka_sort": "<script>", "claim_prompt": "yes", "hints": 1}')
    assert bad["dunka_sort"] == "suit" and bad["claim_prompt"] == "fits" and bad["hints"] is False
    # the older "auto_pass" on/off setting: on means never asked
    assert saves.load_prefs('{"auto_pass": true}')["claim_prompt"] == "never"
    assert saves.load_prefs('{"auto_pass": false}')["claim_prompt"] == "fits"
    assert saves.load_prefs('{"auto_pass": true, "claim_prompt": "always"}')["claim_prompt"] \
        == "always"
