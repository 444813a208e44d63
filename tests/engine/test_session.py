"""The table driver, series tally (DUR-20), saves and URL parameters."""

import json

import pytest

from game import saves
from game.engine import IllegalAction, SaveError, SettingError
from game.records import DurakSeries
from game.session import Session
from game.url_params import parse_params

PLAYERS = [{"name": "Du", "kind": "human"}, {"name": "Dator", "kind": "bot", "level": "easy"}]


def new(rules=None, seed=3, players=PLAYERS):
    return Session.new("durak", rules or {}, players, seed)


def play_human_first_legal(session, limit=5000):
    """Play to the end of the current game: the human always takes the first legal action."""
    for _ in range(limit):
        w = session.waiting()
        if w in ("game_over", "series_over"):
            return
        if w == "bot":
            assert session.step_bot()
        else:
            session.play(session.legal()[0])
    pytest.fail("the game did not end")


def test_view_is_json_and_hides_the_bot_hand():
    s = new()
    v = s.view()
    json.dumps(v)
    assert v["human"] == 0 and len(v["state"]["hand"]) == 6
    bot_cards = {str(c) for c in s.state.hands[1]}
    assert not bot_cards & set(json.dumps(v).replace('"', " ").split())


def test_illegal_text_changes_nothing():
    s = new()
    before = s.to_dict()
    for text in ("take", "beat 7S 6S", "attack", "fly away", "attack 2H"):
        with pytest.raises(IllegalAction):
            s.play(text)
        assert s.to_dict() == before


def test_full_series_of_three_games_records_every_result():
    s = new({"series_length": "3"})
    for game in range(3):
        play_human_first_legal(s)
        assert len(s.series.results) == game + 1
        if game < 2:
            assert s.waiting() == "game_over"
            s.next_game()
    assert s.waiting() == "series_over"
    with pytest.raises(IllegalAction):
        s.next_game()


def test_dur_7_last_durak_is_attacked_first_in_the_next_game():
    s = new({"series_length": "5"}, players=PLAYERS + [{"name": "B", "kind": "bot", "level": "easy"}])
    for _ in range(5):
        play_human_first_legal(s)
        last = s.series.last_durak
        if s.series.is_over():
            break
        s.next_game()
        if last is not None:
            assert s.state.defender == last
            assert s.state.attacker == (last - 1) % 3


def test_series_until_durak_twice():
    series = DurakSeries("durak2", 3)
    for r in (0, None, 1, 0):
        assert not series.is_over()
        series.record(r)
    assert series.is_over() and series.durak_counts == [2, 1, 0] and series.draws == 1
    with pytest.raises(ValueError):
        series.record(1)


def test_save_round_trip_mid_game_resumes_exactly():
    s = new({"transfer": True}, seed=11)
    for _ in range(7):
        if s.waiting() == "bot":
            s.step_bot()
        elif s.waiting() == "human":
            s.play(s.legal()[-1])
    text = saves.dumps(s)
    again = saves.loads(text)
    assert again.to_dict() == s.to_dict()
    assert again.view() == s.view()


@pytest.mark.parametrize("text", [
    "", "{", "[]", '{"format": "other"}', '{"format": "kortbordet", "version": 99, "session": {}}',
    '{"format": "kortbordet", "version": 1, "session": {"game": "durak"}}',
    '{"format": "kortbordet", "version": 1}',
])
def test_unreadable_saves_raise_save_error(text):
    with pytest.raises(SaveError):
        saves.loads(text)


def test_damaged_hand_in_save_is_refused():
    s = new()
    data = json.loads(saves.dumps(s))
    data["session"]["state"]["hands"][0].append(data["session"]["state"]["hands"][1][0])
    with pytest.raises(SaveError):
        saves.loads(json.dumps(data))


def test_backup_key_and_prefs_defaults():
    assert saves.backup_key(1700000000123.7) == "kortbordet.backup.1700000000123"
    assert saves.load_prefs("not json")["speed"] == "normal"
    prefs = saves.load_prefs('{"lang": "sv", "speed": "warp", "four_colour": true}')
    assert prefs["lang"] == "sv" and prefs["speed"] == "normal" and prefs["four_colour"] is True


def test_params_read_settings_and_reject_bad_values_by_name():
    p = parse_params({"game": "durak", "players": "3", "seed": "42", "transfer": "on",
                      "throw_in": "neighbours", "deck": "52", "embed": "1", "utm": "x"})
    assert p["players"] == 3 and p["seed"] == 42 and p["embed"] is True
    assert p["rules"] == {"transfer": True, "throw_in": "neighbours", "deck": 52}
    for query, setting in [({"players": "<img src=x onerror=alert(1)>"}, "players"),
                           ({"transfer": "maybe"}, "transfer"), ({"game": "chess"}, "game"),
                           ({"deck": "24", "players": "3"}, "deck"), ({"seed": "-1"}, "seed"),
                           ({"lang": "de"}, "lang"), ({"seed": "9" * 5000}, "seed"),
                           ({"game": "whist"}, "game")]:
        with pytest.raises(SettingError) as err:
            parse_params(query)
        assert err.value.setting == setting


def test_a_bad_value_with_a_line_break_keeps_to_its_line():
    """Found by the URL fuzz target: ``game=0%0A0&seed=durak`` told three lines for two
    refused values (the notice keeps line breaks: one line per value)."""
    from game.web.links import setting_text
    with pytest.raises(SettingError) as err:
        parse_params({"game": "0\n0", "seed": "durak"})
    lines = setting_text("en", err.value).split("\n")
    assert len(lines) == 2 and "0 0" in lines[0], lines


def test_a_link_with_several_bad_values_is_refused_naming_each():
    """A new user's link ``?game=durak&players=9&level=<script>`` was told only its first
    bad value: every refused value is named, in the link's order, in one message; the
    markup is told as typed (the page shows the text as text)."""
    from game.engine import SettingErrors
    from game.web.links import setting_text
    with pytest.raises(SettingErrors) as err:
        parse_params({"game": "durak", "players": "9", "level": "<script>", "seed": "-1",
                      "transfer": "maybe"})
    exc = err.value
    assert [e.setting for e in exc.errors] == ["players", "seed", "level", "transfer"]
    assert exc.setting == "players" and exc.value == "9"  # told as its first where one is
    for lang, words in (("en", "whole number from 2 to 6"), ("sv", "heltal från 2 till 6")):
        lines = setting_text(lang, exc).split("\n")
        assert len(lines) == 4 and all(line.startswith("• ") for line in lines), lines
        assert words in lines[0] and "<script>" in lines[2] and "maybe" in lines[3], lines
    # an unknown game and a bad seed: both told (the game's own settings cannot be read)
    with pytest.raises(SettingErrors) as err:
        parse_params({"game": "chess", "seed": "x", "players": "99"})
    assert [e.setting for e in err.value.errors] == ["game", "seed"]
    # a value refused with the players it needs (DUR-11) next to a refused speed
    with pytest.raises(SettingErrors) as err:
        parse_params({"game": "durak", "players": "2", "first_bout_limit_5": "on",
                      "speed": "warp"})
    assert [e.setting for e in err.value.errors] == ["speed", "first_bout_limit_5"]
    assert "needs 4 or more players" in setting_text("en", err.value)
    # one bad value is still that error alone
    with pytest.raises(SettingError) as err:
        parse_params({"game": "durak", "players": "9"})
    assert not isinstance(err.value, SettingErrors)


def test_session_refuses_bad_players():
    with pytest.raises(SettingError):
        Session.new("durak", {}, [{"name": "A", "kind": "bot"}] * 2, 1)
    with pytest.raises(SettingError):
        Session.new("durak", {}, PLAYERS * 4, 1)
    with pytest.raises(SettingError):
        Session.new("durak", {"deck": 24}, PLAYERS + PLAYERS[1:], 1)


def test_dur_11_a_link_asking_for_the_limit_of_5_with_fewer_than_four_is_refused():
    """``?game=durak&players=2&first_bout_limit_5=on`` is refused with a message saying
    the setting needs four or more players, in both languages (DUR-11)."""
    from game.engine import SettingNeedsPlayers
    from game.web.links import setting_text
    for n in ("2", "3"):
        with pytest.raises(SettingNeedsPlayers) as exc:
            parse_params({"game": "durak", "players": n, "first_bout_limit_5": "on"})
        sv, en = setting_text("sv", exc.value), setting_text("en", exc.value)
        assert "kräver 4 eller fler spelare" in sv and f"har {n}" in sv
        assert "Partiets första anfall högst 5 kort" in sv
        assert "needs 4 or more players" in en and f"has {n}" in en
    req = parse_params({"game": "durak", "players": "4", "first_bout_limit_5": "on"})
    assert req["rules"] == {"first_bout_limit_5": True}
    # a link without a player count is refused when the game is made (the lobby's count)
    req = parse_params({"game": "durak", "first_bout_limit_5": "on"})
    with pytest.raises(SettingNeedsPlayers):
        Session.new("durak", req["rules"], PLAYERS, 1)


def test_dur_11_an_old_save_of_two_players_with_the_limit_on_loads_with_it_off():
    """Decision for saves made before DUR-11 was revised: the setting is read as off, so
    the game goes on and the next game of the series can be dealt."""
    s = new({"series_length": "3"})
    data = s.to_dict()
    data["rules"]["first_bout_limit_5"] = True
    data["state"]["rules"]["first_bout_limit_5"] = True
    data["state"]["defended_once"] = True
    del data["state"]["first_bout"]
    text = json.dumps({"format": "kortbordet", "version": 1, "session": data})
    old = saves.loads(text)
    assert old.rules.first_bout_limit_5 is False
    assert old.state.rules.first_bout_limit_5 is False and old.state.limit <= 6
    play_human_first_legal(old)
    old.next_game()
    assert old.state.rules.first_bout_limit_5 is False


def test_played_counts_a_persons_moves_only_and_survives_a_save():
    """``Session.played`` (what ``game.web.boot.keep_previous`` asks: has anybody played
    this game?) counts the person's moves, not the computers', is saved, and a save from
    before it counts every move as possibly a person's."""
    s = new()
    assert s.played == 0
    for _ in range(40):
        if s.waiting() == "human":
            s.play(s.legal()[0])
        elif s.waiting() == "bot":
            s.step_bot()
        if s.played >= 2 and s.moves > s.played:
            break
    assert s.played >= 2 and s.moves > s.played, (s.played, s.moves)
    back = saves.loads(saves.dumps(s))
    assert (back.played, back.moves) == (s.played, s.moves)
    data = json.loads(saves.dumps(s))
    del data["session"]["played"]
    assert saves.loads(json.dumps(data)).played == s.moves
    data["session"]["played"] = s.moves + 1
    with pytest.raises(SaveError):
        saves.loads(json.dumps(data))


# ---------------------------------------------------------------- a bout's last move shown

def _position_session(notation: str) -> Session:
    from game import positions
    return Session.from_position(positions.read(notation))


def test_session_interim_is_the_table_a_beat_left_before_the_bout_ended():
    """The computer beats the person's only attack card and the person has nothing to
    throw in: the bout ends in that move (DUR-14), and ``interim`` is the table with the
    beat on it, nobody to act on it; the view after it is the cleared table."""
    s = _position_session("durak;h0=7S,9D,JC,QD,KD,10C;h1=8S,9C,AH,6D,JD,KS;trump=6H;"
                          "talon=?11;attacker=0;seed=3")
    s.play("attack 7S")
    assert s.interim is None  # the bout goes on: the computer is to defend
    events = s.step_bot()
    assert [ev["type"] for ev in events][:3] == ["action", "beat", "discard"]
    mid = s.interim
    json.dumps(mid)
    assert mid["state"]["table"] == [["7S", "8S"]]
    assert mid["legal"] == [] and mid["waiting"] == "bot" and mid["interim"] is True
    assert mid["actor"] == 1 and mid["state"]["hand_counts"] == [5, 5]
    assert s.view()["state"]["table"] == [] and "interim" not in s.view()
    s.step_bot()  # the computer's next attack: no bout ended
    assert s.interim is None


def test_session_interim_after_a_take_or_the_persons_own_last_beat():
    """A take nobody can add to (DUR-15) shows the cards still on the table with the
    defender taking; the person's own beat that ends a bout too (``before_bout_end``
    leaves the state it is asked about as it was). A "done" lays nothing new: none."""
    s = _position_session("durak;h0=AS,9D,JC,QD,KD,10C;h1=7C,8C,9C,10D,JD,QC;trump=6H;"
                          "talon=?11;attacker=0;seed=3")
    s.play("attack AS")
    s.step_bot()  # nothing beats the ace of spades: the computer takes
    assert s.interim["state"]["table"] == [["AS", None]]
    assert s.interim["state"]["taking"] is True and s.interim["state"]["hand_counts"][1] == 6
    assert s.state.table == [] and len(s.state.hands[1]) == 7
    t = _position_session("durak;h0=8S,9D,JC,QD,KD,10C;h1=9C,AH,6D,JD,KS;trump=6H;"
                          "talon=?11;attacker=1;table=7S;seed=3")
    from game.cards import parse_card
    from game.durak.actions import Beat, Done
    before = t.state.to_dict()
    shown = t.state.before_bout_end(Beat(0, parse_card("8S"), parse_card("7S")))
    assert [[str(c) for c in pair] for pair in shown.table] == [["7S", "8S"]]
    assert t.state.to_dict() == before  # the state asked is not changed
    assert t.state.before_bout_end(Done(1)) is None  # a "done" lays nothing new
    t.play("beat 8S 7S")
    assert t.interim["state"]["table"] == [["7S", "8S"]] and t.interim["actor"] == 0
    assert t.state.table == []


def test_interim_status_line_says_where_the_bout_goes():
    """The table a bout's last move left says that the bout is over: its cards go to the
    discard pile, or the defender picks them up (both languages)."""
    from game.i18n import t
    from game.web.model import display_name, status_line
    s = _position_session("durak;h0=AS,9D,JC,QD,KD,10C;h1=7C,8C,9C,10D,JD,QC;trump=6H;"
                          "talon=?11;attacker=0;seed=3")
    s.play("attack AS")
    s.step_bot()
    taken = s.interim
    beaten = _position_session("durak;h0=7S,9D,JC,QD,KD,10C;h1=8S,9C,AH,6D,JD,KS;trump=6H;"
                               "talon=?11;attacker=0;seed=3")
    beaten.play("attack 7S")
    beaten.step_bot()
    for lang in ("sv", "en"):
        name = display_name(lang, taken["players"], 1, 0)
        assert status_line(taken, [], lang) == t(lang, "st_bout_taken", name=name)
        assert status_line(beaten.interim, [], lang) == t(lang, "ev_discard")
        you_take = dict(taken, state=dict(taken["state"], defender=0))
        assert status_line(you_take, [], lang) == t(lang, "st_bout_taken_you")
