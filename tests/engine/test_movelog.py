"""The move history's store (game.movelog, issue 11): rounds kept, matched to the saved
session, and any damaged, oversized or stale stored text read as an empty history."""

from __future__ import annotations

import json

import pytest

from game import movelog, saves
from game.session import Session

PLAYERS = [{"name": "Du", "kind": "human"}, {"name": "Dator 1", "kind": "bot", "level": "easy"},
           {"name": "Dator 2", "kind": "bot", "level": "easy"}]


def play(session: Session, log: movelog.MoveLog, moves: int) -> None:
    """Make ``moves`` moves (the human's first legal one, or a computer's), logging them."""
    for _ in range(moves):
        if session.waiting() == "bot":
            events = session.step_bot()
        elif session.waiting() == "human":
            events = session.play(session.legal()[0])
        else:
            return
        log.add(session, events, [e for e in events if e.get("type") != "action"][:1])


def test_a_stored_log_comes_back_for_its_session_only():
    s = Session.new("dunka", {}, PLAYERS, 11)
    log = movelog.MoveLog.fresh(s)
    play(s, log, 12)
    text = movelog.dumps(log)
    back = movelog.loads(text, saves.loads(saves.dumps(s)))
    assert back == log and back.rounds[-1]["events"] and back.last
    assert all(ev.get("type") != "action" for r in back.rounds for ev in r["events"])
    # the saved game moved on without the log (a write refused): the stale log is dropped
    play(s, movelog.MoveLog.fresh(s), 1)
    assert movelog.loads(text, s).rounds == []
    # another game
    other = Session.new("dunka", {}, PLAYERS, 12)
    back = movelog.loads(text, other)  # a fresh log: its own deal only (DUN-5)
    assert back == movelog.MoveLog.fresh(other) and back.seed == 12
    assert [ev["type"] for ev in back.rounds[0]["events"]] == ["deal"]


def test_only_this_round_and_the_previous_one_are_kept():
    s = Session.new("tonk", {}, PLAYERS, 5)
    log = movelog.MoveLog.fresh(s)
    keys = []
    for _ in range(3000):
        if s.waiting() not in ("bot", "human") or len(keys) >= 4:
            break
        play(s, log, 1)
        if not keys or keys[-1] != movelog.round_key(s.state):
            keys.append(movelog.round_key(s.state))
    assert len(keys) >= 3, "three hands were expected in 3000 moves"
    assert len(log.rounds) == movelog.ROUNDS
    assert [r["key"] for r in log.rounds] == keys[-2:]


def test_a_durak_series_game_is_a_round():
    s = Session.new("durak", {"series_length": "3"}, PLAYERS, 3)
    log = movelog.MoveLog.fresh(s)
    play(s, log, 5000)
    assert s.waiting() == "game_over" and len(log.rounds) == 1
    s.next_game()
    play(s, log, 1)
    assert len(log.rounds) == 2 and log.rounds[0]["key"] != log.rounds[1]["key"]


@pytest.mark.parametrize("mangle", [
    lambda d: "not json",
    lambda d: "[" * 100_000,
    lambda d: json.dumps(d)[:-3],
    lambda d: json.dumps({**d, "format": "other"}),
    lambda d: json.dumps({**d, "rounds": [d["rounds"][0]] * 3}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, True], "events": []}]}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, 2], "events": [{"type": 5}]}]}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, 2], "events": [{"type": "x", "a": "b" * 101}]}]}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, 2], "events": [{"type": "x", "a": 1.5}]}]}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, 2], "events": [{"type": "x", "a": 10**30}]}]}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, 2], "events": [
        {"type": "x", "a": [[[[[[[1]]]]]]]}]}]}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, 2], "events": [{"type": "x", "a": [0] * 700}]}]}),
    lambda d: json.dumps({**d, "rounds": [{"key": [1, 2], "events": [{"type": "x"}] * 1501}]}),
    lambda d: json.dumps({**d, "last": {"type": "x"}}),
    lambda d: json.dumps({**d, "moves": -1}),
    lambda d: json.dumps({**d, "pad": "x" * (movelog.MAX_CHARS + 1)}),
])
def test_damaged_or_oversized_stored_logs_give_an_empty_history(mangle):
    s = Session.new("durak", {}, PLAYERS, 9)
    log = movelog.MoveLog.fresh(s)
    play(s, log, 4)
    good = log.to_dict()
    assert movelog.loads(json.dumps(good), s) == log  # the mangled texts differ from this
    back = movelog.loads(mangle(good), s)
    assert back.rounds == [] and back.last == [] and back.matches(s)


def test_the_card_turned_up_to_start_the_pile_is_told():
    """Dunka turns a stock card up at the deal (DUN-5), Elvakort after the opening
    discards (ELV-4): the history and the one-line log name it before anyone takes it."""
    from game.web.dunka_model import describe_event

    def told(log, lang="en"):
        return [describe_event(lang, ev, s.players, 0, s.game) for ev in log.rounds[-1]["events"]]

    s = Session.new("dunka", {}, PLAYERS, 11)
    log = movelog.MoveLog.fresh(s)
    card = s.state.pile[-1]
    from game.i18n import card_name
    line = f"The {card_name('en', str(card))} is turned up from the stock to start the discard pile."
    assert told(log) == [line] and log.last == log.rounds[-1]["events"]
    assert told(log, "sv") == [f"Från talongen vänds {card_name('sv', str(card))} upp och "
                               "börjar slänghögen."]
    play(s, log, 1)  # a move made: a fresh log (a stale one) no longer invents the deal
    assert movelog.MoveLog.fresh(s).rounds == [] and told(log)[0] == line
    # Elvakort: the pile starts empty; the card comes up after the dealer's opening discard
    s = Session.new("elvakort", {}, PLAYERS, 11)
    log = movelog.MoveLog.fresh(s)
    assert log.rounds == [] and not s.state.pile
    while s.state.phase == "opening":
        play(s, log, 1)
    card = card_name("en", str(s.state.pile[-1]))
    assert f"The {card} is turned up from the stock to start the discard pile." in told(log)


def test_the_card_turned_up_stays_in_the_line_through_the_opening_discards():
    """DUN-5: a new round's line starts with the card turned up to start the pile; the
    computers' opening discards that follow are added to it, not put in its place (the
    new-user check: the first computer's discard wiped it before it could be read, at
    speed "instant" before it was ever shown). A line of moves still starts afresh."""
    from game.web.turn_line import sentences
    s = Session.new("dunka", {}, PLAYERS, 11)
    line = movelog.MoveLog.fresh(s).last
    card = str(s.state.pile[-1])
    assert [ev["type"] for ev in line] == ["deal"]
    fresh, seen = True, 0
    while s.waiting() == "bot" and s.state.phase == "opening":
        shown = [ev for ev in s.step_bot() if ev.get("type") != "action"]
        line, fresh = movelog.last_line(line, shown, fresh), False
        seen += 1
    if not seen:  # the person discards first: a computer's opening discard after theirs
        s.play(next(a for a in s.legal() if a.startswith("discard")))
        shown = [ev for ev in s.step_bot() if ev.get("type") != "action"]
        line = movelog.last_line(line, shown, True)
    told = sentences("en", "dunka", line, s.players, 0, short=True)
    from game.web.markup import card_index
    assert told[0] == f"{card_index(card)} was turned up from the stock to start the " \
                      "discard pile." and len(told) >= 2, told
    assert movelog.last_line(line, [{"type": "discard", "player": 1, "card": "2C"}],
                             True) == [{"type": "discard", "player": 1, "card": "2C"}]
    for up in ({"type": "turn_up", "card": "7H"}, {"type": "deal", "pile": ["9C"]}):
        assert movelog.last_line([up], [{"type": "draw", "player": 1}], True)[0] == up
    assert movelog.last_line([{"type": "deal", "pile": None}], [{"type": "draw"}], True) \
        == [{"type": "draw"}]


def test_a_durak_deal_starts_the_line_and_the_first_attack_follows_it():
    """A new Durak game's line (``State.opening_events``): its trump card and the first
    bout, kept when the first computer attacks (as a Dunka turn-up is); a bout alone, or
    a line after the first move, starts afresh; the deal is told by its trump card."""
    from game.web.turn_line import sentences
    s = Session.new("durak", {}, PLAYERS, 7)
    line = movelog.MoveLog.fresh(s).last
    assert line == [{"type": "deal", "trump_card": str(s.state.trump_card)},
                    {"type": "bout", "attacker": s.state.attacker,
                     "defender": s.state.defender}]
    attack = {"type": "attack", "player": 1, "cards": ["7S"]}
    assert movelog.last_line(line, [attack], True) == line + [attack]
    assert movelog.last_line(line[1:], [attack], True) == [attack]
    assert movelog.last_line(line + [attack], [attack], True) == [attack]
    told = sentences("en", "durak", line, s.players, 0)
    assert told[0].startswith("The trump card is the ") and told[0].endswith(".")
    assert s.state.opening_events() == line
    s.play(s.legal()[0]) if s.waiting() == "human" else s.step_bot()
    assert s.state.opening_events() == []


def test_the_last_line_keeps_every_move_since_the_persons_own():
    """The one-line log (``last_line``, as the page keeps it): when the person's turn
    comes after a computer laid down (DUN-9), the line still tells the lay-down, not only
    the discard that followed it nor only the next computer's turn (the new-user checks
    of sessions 11 and 12), and keeps the draws from the stock (told in the same
    sentence as the rest of that turn, ``game.web.turn_line``); after the person's own
    move the line starts again."""
    from game.web.dunka_model import describe_event
    s = Session.new("dunka", {}, PLAYERS, 11)
    line, fresh, since, checked = [], True, [], 0
    while s.waiting() in ("bot", "human") and checked < 3:
        if s.waiting() == "human":
            if any(ev["type"] == "meld" for ev in since):
                told = [describe_event("en", ev, s.players, 0) for ev in line]
                assert line == since[-movelog.MAX_LAST:], told
                assert [ev for ev in line if ev["type"] == "meld"], told
                checked += 1
            s.play(s.legal()[0])
            fresh, since = True, []
            continue
        shown = [ev for ev in s.step_bot() if ev.get("type") != "action"]
        if shown:
            line, fresh = movelog.last_line(line, shown, fresh), False
            since += shown
    assert checked, "no computer laid down before the person's turn in this game"
