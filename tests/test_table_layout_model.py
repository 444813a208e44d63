"""The pure part of the table's layout (issue 11): Durak's finished bout, rebuilt from the
bout last drawn and the events of the move that ended it (``model.finished_bout``), played
through the engine from the report's situation; and the layout's texts in both languages."""

from __future__ import annotations

from game import durak, positions
from game.i18n import TEXTS
from game.i18n import table as table_texts
from game.web import model

# You attack with 6S; the computer beats with 8S and, as you hold no six or eight, that
# beat ends the bout in the same move.
LAST_BOUT = "durak;names=You,Bo;h0=6S,7C,7D,9D,JC,QD;h1=8S,10S,AH,KC,QC,9C;trump=6H;attacker=0"


def test_a_beat_that_ends_the_bout_is_kept_with_its_pair():
    state = positions.read(LAST_BOUT).state
    state.apply(durak.parse_action("attack 6S", 0))
    drawn = [(a, d) for a, d in state.view(0)["table"]]
    assert drawn == [("6S", None)]
    events = state.apply(durak.parse_action("beat 8S 6S", 1))
    assert state.view(0)["table"] == []          # the bout left the table in that move
    last = model.finished_bout(drawn, events)
    assert last == {"pairs": [("6S", "8S")], "taken_by": None}


def test_a_taken_bout_names_who_took_it():
    state = positions.read(LAST_BOUT).state
    state.apply(durak.parse_action("attack 6S", 0))
    drawn = [(a, d) for a, d in state.view(0)["table"]]
    events = state.apply(durak.parse_action("take", 1))
    if state.view(0)["table"]:                    # the attacker may still throw in: pass
        drawn = [(a, d) for a, d in state.view(0)["table"]]
        events = state.apply(durak.parse_action("done", 0))
    last = model.finished_bout(drawn, events)
    assert last["taken_by"] == 1 and last["pairs"][0] == ("6S", None)


# Bo takes the sixes; your six of diamonds, the last card anyone can throw in, ends the bout
# in the same move (found playing by hand: the finished bout shown lacked that card).
THROW_ENDS = ("durak;names=You,Bo;h0=6D,7C,7D,9D,JC,QD;h1=8S,10S,AH,KC;trump=6H;attacker=0;"
              "table=6S,6C;taking=1")


def test_a_throw_in_that_ends_the_bout_is_kept_in_it():
    state = positions.read(THROW_ENDS).state
    drawn = [(a, d) for a, d in state.view(0)["table"]]
    events = state.apply(durak.parse_action("throw 6D", 0))
    assert state.view(0)["table"] == []          # Bo picked the bout up in that move
    last = model.finished_bout(drawn, events)
    assert last == {"pairs": [("6S", None), ("6C", None), ("6D", None)], "taken_by": 1}


def test_layout_texts_exist_in_both_languages():
    assert set(table_texts.TEXTS["sv"]) == set(table_texts.TEXTS["en"])
    for key in table_texts.TEXTS["en"]:
        assert TEXTS["sv"][key] and TEXTS["en"][key] and TEXTS["sv"][key] != key


def _game_events(seed: int, moves: int) -> tuple[list[dict], list[dict]]:
    """The players and the events (as the move history keeps them: no ``action``) of a
    three-player Durak game whose human always plays its first legal action."""
    from game.session import Session
    players = [{"name": "You", "kind": "human"},
               {"name": "Computer 1", "kind": "bot", "level": "normal"},
               {"name": "Computer 2", "kind": "bot", "level": "normal"}]
    s = Session.new("durak", {}, players, seed)
    events: list[dict] = []
    for _ in range(moves):
        if s.waiting() == "bot":
            events += s.step_bot()
        elif s.waiting() == "human":
            events += s.play(s.view()["legal"][0])
        else:
            break
    return players, [ev for ev in events if ev.get("type") != "action"]


def test_the_durak_history_has_one_line_per_move():
    players, events = _game_events(2, 40)   # the seeded bots' moves (a bot change may
    lines = model.history_lines("en", events, players, 0)   # need another seed)
    bouts = [ev for ev in events if ev["type"] == "bout"]
    attacks = [ev for ev in events if ev["type"] == "attack"]
    assert bouts and attacks
    # a new bout and its first attack are one line, naming both players and the cards
    assert not any(line.endswith(("attacks Computer 1.", "attacks Computer 2.", "attacks you."))
                   for line in lines), lines
    assert "Computer 1 attacks Computer 2 with the seven of hearts." in lines, lines
    assert "Computer 2 attacks you with the seven of clubs and seven of diamonds." in lines, lines
    assert "You attack Computer 1 with the six of clubs." in lines, lines
    # every other move keeps its own line, told as before: one line per move
    single = [model.describe_event("en", ev, players, 0) for ev in events
              if ev["type"] not in ("bout", "attack")]
    assert len(lines) == len([x for x in single if x]) + len(attacks)
    sv = model.history_lines("sv", events, players, 0)
    assert any(line.startswith("Dator 1 anfaller Dator 2 med ") for line in sv), sv
    # a bout whose attack has not come yet keeps its own line
    tail = model.history_lines("en", [bouts[-1]], players, 0)
    assert tail == [model.describe_event("en", bouts[-1], players, 0)]


def test_the_last_bout_is_rebuilt_from_the_history_until_the_human_moves():
    players, events = _game_events(7, 60)
    ends = [i for i, ev in enumerate(events) if ev["type"] in ("pick_up", "discard")]
    assert len(ends) >= 2
    # just after the second bout ended: that bout, with its beats, discarded
    cut = events[:ends[1] + 1]
    last = model.last_bout_from_events(cut, 0)
    start = ends[0] + 1
    laid = [c for ev in cut[start:] if ev["type"] in ("attack", "throw", "transfer")
            for c in ev["cards"]]
    assert [a for a, _ in last["pairs"]] == laid and laid
    beats = {ev["target"]: ev["card"] for ev in cut[start:] if ev["type"] == "beat"}
    assert all(d == beats.get(a) for a, d in last["pairs"])
    assert last["taken_by"] == (cut[-1]["player"] if cut[-1]["type"] == "pick_up" else None)
    # once the human has moved after it, there is nothing to show
    later = next(i for i in range(ends[1] + 1, len(events))
                 if events[i].get("player") == 0 and events[i]["type"] in model.MOVE_EVENTS)
    assert model.last_bout_from_events(events[:later + 1], 0) is None
    # a taken bout names the taker
    taken = [i for i in ends if events[i]["type"] == "pick_up"]
    if taken:
        got = model.last_bout_from_events(events[:taken[0] + 1], 0)
        assert got is None or got["taken_by"] == events[taken[0]]["player"]
    assert model.last_bout_from_events([], 0) is None


def test_a_take_and_the_pick_up_after_it_read_as_two_different_moves():
    # a 360-px game read "Dator 3 tar upp. Dator 3 tar upp 1 kort." (DUR-15: the defender
    # takes, the attackers may still throw in, then the bout is picked up)
    players = [{"name": "", "kind": "human"}, {"name": "", "kind": "bot"}]
    take = {"type": "take", "player": 1}
    pick = {"type": "pick_up", "player": 1, "cards": ["6S"]}
    for lang in ("sv", "en"):
        said = [model.describe_event(lang, ev, players, 0) for ev in (take, pick)]
        assert said[0] and said[1] and said[0].split(" ", 2)[2] != said[1].split(" ", 2)[2]
        first = said[0].rstrip(".")
        assert not said[1].startswith(first), said
    assert model.describe_event("sv", take, players, 0) == "Dator 1 väljer att ta upp."


def test_every_overlapped_hand_card_keeps_a_strip_wide_enough_to_tap():
    """``model.fan``: an overlapped card shows at least ``MIN_TAP_STRIP`` px, else the
    hand wraps into rows. UX.md and issue 32: a strip of at least 40 px on a phone (a
    twenty-card Dunka hand at 360 px had 31.3 px strips, eleven Elvakort cards 28.2 px)."""
    assert model.MIN_TAP_STRIP >= 40
    for card_w in (52.0, 58.0, 62.0, 76.0):
        for width in range(200, 1900, 7):
            for n in range(1, 37):
                per_row, step = model.fan(n, float(width), card_w)
                assert 1 <= per_row <= n
                if per_row > 1 and step < card_w:   # overlapped
                    assert step >= model.MIN_TAP_STRIP - 1e-9, (card_w, width, n, step)
                    assert step >= card_w * 0.38 - 1e-9, (card_w, width, n, step)


# The widest hands of each game on a phone 360 px wide (the hand 340 px inside, as the page
# measures it, minus 8; 58 px cards, static/css/table.css): Tonk's five or six, Elvakort's
# eleven dealt and twelve after a draw (more after claims out of turn, ELV-6), Dunka's
# eleven to thirteen (twenty with dunks and their penalty cards, DUN-7), Durak's six and
# any number up to 30 after takes (DUR-14).
PHONE_HAND = (340.0, 58.0)
WIDEST = {"tonk": 6, "elvakort": 16, "dunka": 20, "durak": 30}


def test_the_widest_hands_of_every_game_keep_40_px_strips_at_360_px():
    for game, most in WIDEST.items():
        for n in range(2, most + 1):
            per_row, step = model.fan(n, *PHONE_HAND)
            if per_row > 1:
                assert step >= 40, (game, n, per_row, step)
    assert model.fan(6, *PHONE_HAND) == (6, 56.4)              # Tonk: one row
    assert model.fan(11, *PHONE_HAND)[0] == 6                   # two rows of six and five
    assert model.fan(12, *PHONE_HAND) == (6, 56.4)
    assert model.fan(20, *PHONE_HAND) == (7, 47.0)              # three rows
    per_row, step = model.fan(24, *PHONE_HAND)                  # a Durak take
    assert per_row == 8 and step >= 40
