"""Pass-and-play (issue 12): several people at one device, for every game.

The table serves the person in turn (``Session.human``); claims of a discard and Durak
throw-ins are asked in one prompt (``Session.out_of_turn``); saves keep the last viewer.
"""

import json
import re
import random

import pytest

from game import people, saves
from game.engine import IllegalAction, SettingError
from game.session import Session
from volume import per_runtime


def seats(kinds, names=None):
    """Players from a string like "hhb" (h: a person, b: a computer player)."""
    out = []
    for i, k in enumerate(kinds):
        name = (names or [f"P{i}" for i in range(len(kinds))])[i]
        out.append({"name": name, "kind": "human"} if k == "h" else
                   {"name": name, "kind": "bot", "level": "easy"})
    return out


def drive(session, rng, steps, check):
    """Play ``steps`` decisions (people at random, computers by ``step_bot``); ``check``
    is called before every decision a person makes. Returns how many prompts were met."""
    prompts = 0
    for _ in range(steps):
        w = session.waiting()
        if w == "series_over":
            break
        if w == "game_over":
            session.next_game()
            continue
        prompt = session.out_of_turn()
        if prompt is not None:
            prompts += 1
            assert session.view()["out_of_turn"] == prompt
            if prompt["kind"] == "claim":
                pressed = [s for s in prompt["people"] if rng.random() < 0.5]
                people.resolve_claims(session, pressed)
            elif rng.random() < 0.4:
                people.resolve_throws(session)
            else:
                people.choose_thrower(session, rng.choice(prompt["people"]))
            continue
        if w == "bot":
            assert session.step_bot()
            continue
        check(session)
        session.play(rng.choice(session.legal()))
    return prompts


def asked_right_person(session):
    """The person the table serves may act, every action offered is legal for them, and
    no computer player's seat is ever served."""
    seat = session.human
    assert session.players[seat]["kind"] == "human"
    legal = session.legal()
    assert legal, "a person is asked but has nothing to do"
    to_act = session.state.to_act()
    assert seat in to_act
    if not session.between and session.chosen is None:
        assert seat == to_act[0]  # the first in priority order: their turn
    engine_legal = {str(a) for a in session.state.legal_actions(seat)}
    assert set(legal) <= engine_legal
    view = session.view()
    assert view["human"] == seat and view["legal"] == legal
    json.dumps(view)


@pytest.mark.parametrize("game,kinds,steps", [
    ("durak", "hhb", 600), ("durak", "hhh", 600), ("dunka", "hhh", 500),
    ("elvakort", "hbh", 500), ("tonk", "hhb", 400)])
def test_several_people_are_each_asked_in_turn_and_offered_only_legal_moves(game, kinds,
                                                                           steps):
    for seed in per_runtime((1, 2), (1,)):  # Pyodide (volume.py): one table of each kind
        s = Session.new(game, {}, seats(kinds), seed)
        assert s.humans == [i for i, k in enumerate(kinds) if k == "h"]
        drive(s, random.Random(seed), steps, asked_right_person)


def test_a_person_is_asked_for_their_own_seat_not_the_first_persons():
    s = Session.new("durak", {}, seats("hh"), 5)
    first = s.state.to_act()[0]
    assert s.human == first
    assert s.view()["state"] == s.state.view(first)
    s.play(s.legal()[0])
    second = s.state.to_act()[0]
    assert second != first and s.human == second
    assert s.view()["state"] == s.state.view(second)


def test_the_table_never_serves_a_computer_and_all_computer_tables_are_refused():
    with pytest.raises(SettingError):
        Session.new("dunka", {}, seats("bbb"), 1)
    s = Session.new("tonk", {}, seats("bhbh"), 4)
    for _ in range(200):
        if s.waiting() in ("game_over", "series_over"):
            break
        assert s.players[s.human]["kind"] == "human"
        if s.waiting() == "bot":
            s.step_bot()
        else:
            s.play(s.legal()[0])


def claim_prompt(kinds, wanted=2, seeds=range(1, 60)):
    """A Dunka session at a claim prompt offering at least ``wanted`` people."""
    for seed in seeds:
        s = Session.new("dunka", {}, seats(kinds), seed)
        rng = random.Random(seed)
        for _ in range(400):
            prompt = s.out_of_turn()
            if prompt is not None and prompt["kind"] == "claim" \
                    and len(prompt["people"]) >= wanted:
                return s, prompt
            if prompt is not None:
                people.resolve_claims(s, [])
            elif s.waiting() == "bot":
                s.step_bot()
            elif s.waiting() == "human":
                legal = s.legal()
                draws = [a for a in legal if a.startswith("draw stock")]
                s.play(draws[0] if draws else rng.choice(legal))
            else:
                break
    pytest.fail("no claim prompt with several people found")


def test_claims_by_several_people_go_to_the_nearest_in_turn_order():
    s, prompt = claim_prompt("hhhhh", wanted=3)
    order = s.state.claim_order()
    pressed = prompt["people"][1:]  # everyone but the nearest person
    card = prompt["card"]
    events = people.resolve_claims(s, list(reversed(pressed)))
    winner = min(pressed, key=order.index)
    dunks = [ev for ev in events if ev.get("type") == "action" and ev["text"] == "dunk"]
    assert any(ev["player"] == winner for ev in dunks)
    assert card in [str(c) for c in s.state.hands[winner]]
    for other in prompt["people"]:
        if other != winner:
            assert card not in [str(c) for c in s.state.hands[other]]


def test_nobody_claims_passes_for_every_person_offered_and_reveals_no_hand():
    s, prompt = claim_prompt("hhh", wanted=1)
    view = s.view()
    assert view["out_of_turn"]["kind"] == "claim"
    assert set(prompt) == {"kind", "card", "discarder", "people"}  # no hand in the prompt
    people.resolve_claims(s, [])
    assert s.out_of_turn() is None or s.out_of_turn()["card"] != prompt["card"]
    with pytest.raises(IllegalAction):
        people.resolve_claims(s, [])


def test_a_claim_for_a_seat_not_offered_is_refused_and_changes_nothing():
    s, prompt = claim_prompt("hhh", wanted=1)
    before = s.to_dict()
    outsider = next(i for i in range(3) if i not in prompt["people"])
    with pytest.raises(IllegalAction):
        people.resolve_claims(s, [outsider])
    assert s.to_dict() == before


def throw_prompt(kinds="hhh"):
    for seed in range(1, 80):
        s = Session.new("durak", {}, seats(kinds), seed)
        rng = random.Random(seed)
        for _ in range(300):
            prompt = s.out_of_turn()
            if prompt is not None and len(prompt["people"]) >= 2:
                return s, prompt
            if prompt is not None:
                people.resolve_throws(s)
            elif s.waiting() == "bot":
                s.step_bot()
            elif s.waiting() == "human":
                s.play(rng.choice(s.legal()))
            else:
                break
    pytest.fail("no throw-in prompt with several people found")


def test_a_durak_throw_in_prompt_offers_people_and_the_chosen_one_plays_or_declines():
    s, prompt = throw_prompt()
    defender = s.state.defender
    assert defender not in prompt["people"]
    for seat in prompt["people"]:
        t = Session.from_dict(json.loads(json.dumps(s.to_dict())))
        people.choose_thrower(t, seat)
        assert t.human == seat and t.out_of_turn() is None
        legal = t.legal()
        assert "done" in legal
        t.play("done")
        assert seat not in t.state.to_act() and t.chosen is None
        again = t.out_of_turn()
        assert again is None or seat not in again["people"]


def public_throwers(state, persons):
    """The people a Durak bout may wait for as every player sees it (DUR-9, DUR-10):
    eligible, holding cards, not passed, the limit not reached; no hand is looked at."""
    if not state.table or len(state.table) >= state.limit:
        return []
    return [s for s in state.throwers() if s in persons and s not in state.passed
            and state.hands[s]]


@pytest.mark.parametrize("kinds", ["hhh", "hhb", "hbh"])
def test_the_throw_in_prompt_shows_whether_or_not_a_person_holds_a_rank_on_the_table(kinds):
    """DUR-14/DUR-15 for the people of a pass-and-play table: the bout waits for every
    eligible person, so the prompt's showing and its list of people follow from public
    facts only; a person with nothing to throw in declines ("done"). A computer with
    nothing to throw in is never waited for."""
    persons = [i for i, k in enumerate(kinds) if k == "h"]
    bots = [i for i, k in enumerate(kinds) if k == "b"]
    empty_handed = 0  # prompts where no person offered holds a rank on the table
    for seed in range(1, 9):
        s = Session.new("durak", {}, seats(kinds), seed)
        rng = random.Random(seed)
        for _ in range(500):
            if s.waiting() in ("game_over", "series_over"):
                break
            st = s.state
            for b in bots:  # a computer player is waited for only with a card to add
                if st.table and b in st.to_act() and b != st.defender:
                    ranks = st.table_ranks()
                    assert any(c.rank in ranks for c in st.hands[b])
            prompt = s.out_of_turn()
            defending = st.table and (not st.taking and st.unbeaten())
            if st.table and not defending and s.chosen is None:
                waiting_bots = [b for b in st.to_act() if b in bots]
                public = public_throwers(st, persons)
                if not waiting_bots and public:
                    assert prompt is not None and prompt["kind"] == "throw"
                    assert prompt["people"] == public
            if prompt is not None:
                ranks = st.table_ranks()
                if not any(c.rank in ranks for p in prompt["people"] for c in st.hands[p]):
                    empty_handed += 1
                    seat = rng.choice(prompt["people"])
                    people.choose_thrower(s, seat)
                    assert s.legal() == ["done"]
                    s.play("done")
                elif rng.random() < 0.5:
                    people.resolve_throws(s)
                else:
                    people.choose_thrower(s, rng.choice(prompt["people"]))
            elif s.waiting() == "bot":
                s.step_bot()
            else:
                s.play(rng.choice(s.legal()))
    assert empty_handed > 0, "no prompt met where no person could throw in"


def test_a_one_person_durak_table_is_not_asked_and_saves_as_before():
    s = Session.new("durak", {}, seats("hbb"), 3)
    assert s.state.asked == [] and "asked" not in s.state.to_dict()
    two = Session.new("durak", {}, seats("hbh"), 3)
    assert two.state.asked == [0, 2] and two.state.to_dict()["asked"] == [0, 2]
    back = saves.loads(saves.dumps(two))
    assert back.state.asked == [0, 2] and back.to_dict() == two.to_dict()
    bad = two.to_dict()
    bad["state"]["asked"] = [0, 0]
    with pytest.raises(Exception):
        saves.loads(json.dumps({"format": "kortbordet", "version": 2, "session": bad}))
    series = Session.new("durak", {"series_length": "3"}, seats("hhb"), 4)
    drive(series, random.Random(4), 3000, lambda session: None)
    assert len(series.series.results) >= 2 and series.state.asked == [0, 1]


def test_nobody_throws_in_declines_for_everyone_offered():
    s, prompt = throw_prompt()
    people.resolve_throws(s)
    after = s.out_of_turn()
    assert after is None or not set(after["people"]) & set(prompt["people"])


def test_a_pass_and_play_save_keeps_the_viewer_and_an_older_one_person_save_loads():
    s = Session.new("dunka", {}, seats("hhb", ["Anna", "<b>Bo</b>", "Dator"]), 9)
    s.viewer = 1
    back = saves.loads(saves.dumps(s))
    assert back.to_dict() == s.to_dict() and back.viewer == 1
    assert back.players[1]["name"] == "<b>Bo</b>"
    one = Session.new("durak", {}, seats("hb"), 3)
    old = one.to_dict()
    del old["viewer"]
    text = json.dumps({"format": "kortbordet", "version": 1, "session": old})
    loaded = saves.loads(text)
    assert loaded.to_dict() == one.to_dict() and loaded.human == 0
    bad = dict(s.to_dict(), viewer=2)  # a computer's seat
    with pytest.raises(Exception):
        saves.loads(json.dumps({"format": "kortbordet", "version": 2, "session": bad}))


def test_names_of_any_text_are_kept_as_text_within_the_length_limit():
    rng = random.Random(12)
    alphabet = "<>&\"'/ \u00e5\u00e4\u00f6\u0000\u202e\U0001F600abc=;`"
    for _ in range(50):
        names = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
                 for _ in range(3)]
        s = Session.new("dunka", {}, seats("hhb", names), rng.randrange(1, 99))
        shown = [p["name"] for p in s.players]
        assert shown == people.clean_names([{"name": n} for n in names])
        assert all(0 < len(n) <= people.MAX_NAME for n in shown)
        assert saves.loads(saves.dumps(s)).players == s.players


def test_the_lobby_seats_default_to_one_person_and_give_names_to_several():
    from game.web import seats
    from game.web.model import display_name
    default = seats.seat_list(None, 3, ["easy", "hard"])
    assert [s["kind"] for s in default] == ["human", "bot", "bot"]
    assert seats.players_for("sv", default) == [
        {"name": "Du", "kind": "human"}, {"name": "Dator 1", "kind": "bot", "level": "easy"},
        {"name": "Dator 2", "kind": "bot", "level": "hard"}]  # exactly the table of before
    typed = [{"kind": "bot", "level": "normal"}, {"kind": "human", "name": "  <i>Ida</i> "},
             {"kind": "human", "name": ""}, "junk"]
    got = seats.seat_list(typed, 4, [])
    players = seats.players_for("en", got)
    assert [p["name"] for p in players] == ["Computer 1", "<i>Ida</i>", "Player 3",
                                            "Computer 2"]
    assert seats.seat_list([{"kind": "bot"}], 2, [])[0]["kind"] == "human"  # one person
    assert seats.moved(got, 1, -1)[0] == got[1] and seats.moved(got, 0, -1) == got
    s = Session.new("tonk", {}, players, 1)
    me = s.human
    others = [i for i in s.humans if i != me]
    assert display_name("en", s.players, me, me) == s.players[me]["name"]
    assert display_name("en", s.players, others[0], me) == s.players[others[0]]["name"]
    one = Session.new("tonk", {}, seats.players_for("en", default), 1)
    assert display_name("en", one.players, 0, 0) == "You"


def test_a_finished_durak_series_is_a_history_entry_with_the_people_s_names():
    """Issue 12, scope 5: Durak's series tally carries the people's names (DUR-20) and
    goes to the lobby's history like a six-round scoresheet."""
    names = ["Anna", "<b>Bo</b>", "Dator 1"]
    s = Session.new("durak", {"series_length": "3"}, seats("hhb", names), 6)
    rng = random.Random(6)
    for _ in range(5000):
        if s.waiting() == "series_over":
            break
        assert s.record() is None  # only a finished series is recorded
        if s.waiting() == "game_over":
            s.next_game()
            continue
        drive(s, rng, 1, lambda session: None)
    rec = s.record()
    assert rec is not None and rec["game"] == "durak" and rec["names"] == names
    assert rec["length"] == "3" and len(rec["results"]) == 3
    assert rec["durak_counts"] == [rec["results"].count(i) for i in range(3)]
    assert rec["draws"] == rec["results"].count(None)
    history = saves.add_history(saves.add_history([], rec), rec)
    assert saves.load_history(saves.dump_history(history)) == [rec]
    for bad in ({"durak_counts": [9, 0, 0]}, {"results": [3]}, {"draws": True},
                {"length": "7"}, {"names": ["A"]}):
        with pytest.raises(Exception):
            saves.load_history(saves.dump_history([{**rec, **bad}]))
    one = Session.new("durak", {}, seats("hb"), 2)
    assert one.record() is None


def test_two_seats_of_one_name_are_found_and_a_default_name_follows_the_language():
    """A new user typed "Anna" twice and left a name blank: the lobby refuses the two
    Annas (``seats.same_names``) and a blank person's "Player 3" reads "Spelare 3" in
    Swedish; the message exists in both languages."""
    from game.i18n import t
    from game.web import seats
    from game.web.model import translate_name
    typed = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": " anna "},
             {"kind": "human", "name": ""}, {"kind": "bot", "level": "easy"}]
    players = seats.players_for("en", seats.seat_list(typed, 4, []))
    assert seats.same_names(players) == [1]
    assert seats.same_names(seats.players_for("en", seats.seat_list(
        [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bo"}], 2, []))) == []
    clash = seats.players_for("sv", seats.seat_list(
        [{"kind": "human", "name": "Dator 1"}, {"kind": "human", "name": "Bo"},
         {"kind": "bot"}], 3, []))
    assert seats.same_names(clash) == [2]  # a person named like the computer player
    assert players[2]["name"] == "Player 3"
    assert translate_name("sv", "Player 3") == "Spelare 3"
    assert translate_name("en", "Spelare 3") == "Player 3"
    for lang in ("sv", "en"):
        assert "Anna" in t(lang, "pp_same_name", names="Anna")


def test_the_hand_is_titled_with_the_person_s_name_at_a_pass_and_play_table():
    from game.web.model import hand_label
    one = seats("hb", ["Du", "Dator 1"])
    assert hand_label("sv", one, 0) == "Din hand" and hand_label("en", one, 0) == "Your hand"
    two = seats("hhb", ["Anna", "Jonas", "Dator 1"])
    assert hand_label("en", two, 0) == "Anna's hand"
    assert hand_label("sv", two, 0) == "Annas hand"
    assert hand_label("sv", two, 1) == "Jonas hand" and hand_label("en", two, 1) == "Jonas's hand"
    signs = seats("hhh", ["Pappa \U0001F98A", "R2", "Åsa"])   # (a new user read "Pappa 🦊s hand")
    from game.web.model import possessive
    assert [possessive("sv", n) for n in ("Max", "Liz", "Åsa", "R2", "")] == \
        ["Max", "Liz", "Åsas", "R2:s", ""]
    assert possessive("en", "Max") == "Max's"
    assert hand_label("sv", signs, 0) == "Pappa \U0001F98A:s hand"
    assert hand_label("sv", signs, 1) == "R2:s hand" and hand_label("en", signs, 1) == "R2's hand"
    assert hand_label("sv", signs, 2) == "Åsas hand"


YOU = {"en": re.compile(r"\byou(r|rs)?\b", re.I), "sv": re.compile(r"\b(du|dig|din|ditt|dina)\b", re.I)}


@pytest.mark.parametrize("game,kinds", [("dunka", "hhh"), ("elvakort", "hhb"), ("durak", "hhb"),
                                        ("tonk", "hhh")])
def test_with_several_people_results_and_the_history_name_every_person(game, kinds):
    """Issue 12: a family reads the round results, the move history and the live region
    together, so with several people nobody is "you" ("Du gick ut!" named nobody; found
    playing a three-person Dunka game by hand): ``model.addressee`` gives -1 and every
    event is told with names. At a table of one person the same events still say "you"
    (so the check below can fail)."""
    from game.web import dunka_model, model, tonk_model
    describe = {"durak": lambda lang, ev, pl, you: model.describe_event(lang, ev, pl, you),
                "tonk": tonk_model.describe_event,
                "dunka": lambda lang, ev, pl, you: dunka_model.describe_event(lang, ev, pl, you,
                                                                             "dunka"),
                "elvakort": lambda lang, ev, pl, you: dunka_model.describe_event(
                    lang, ev, pl, you, "elvakort")}[game]
    rng = random.Random(31)
    for table, people_count in ((kinds, 2), ("h" + "b" * (len(kinds) - 1), 1)):
        s = Session.new(game, {}, seats(table, ["Anna", "Bo", "Cy"][:len(table)]), 4)
        assert (model.addressee(s.players, s.human) == -1) == (people_count > 1)
        said = {"en": 0, "sv": 0}
        for _ in range(400):
            w = s.waiting()
            if w in ("series_over", "game_over"):
                break
            prompt = s.out_of_turn()
            if prompt is not None:
                if prompt["kind"] == "claim":
                    events = people.resolve_claims(s, prompt["people"][:1]) or []
                else:
                    events = people.resolve_throws(s) or []
            elif w == "bot":
                events = s.step_bot()
            else:
                events = s.play(rng.choice(s.legal()))
            you = model.addressee(s.players, s.human)
            for ev in events if isinstance(events, list) else []:
                for lang in ("en", "sv"):
                    text = describe(lang, ev, s.players, you)
                    if text and YOU[lang].search(text):
                        said[lang] += 1
                        assert people_count == 1, (lang, ev, text)
        if people_count == 1:
            assert said["en"] and said["sv"], "a one-person table no longer says 'you'"


def test_a_hand_turned_face_down_keeps_its_count_and_nothing_else_of_it():
    """Issue 32: the table drawn while the computers play after a person shows that
    person's hand face down (``people.face_down``): no card of it, its count, no legal
    move; the view it came from is unchanged."""
    s = Session.new("tonk", {}, seats("hbhb"), 5)
    view = s.view()
    hand = list(view["state"]["hand"])
    down = people.face_down(view)
    assert down["state"]["hand"] == [] and down["state"]["hand_down"] == len(hand) == 5
    assert down["legal"] == [] and view["state"]["hand"] == hand
    text = json.dumps(down)
    assert not [c for c in hand if f'"{c}"' in text.replace(json.dumps(down["state"]["known"]), "")]


@pytest.mark.parametrize("game", ["dunka", "elvakort", "tonk", "durak"])
def test_a_persons_turn_holds_until_it_passes_to_someone_else(game):
    """``people.holds_turn``: true while the person acts or waits on answers to their own
    move (a claim window after their draw, DUN-7/ELV-6; a Durak bout they attack or
    defend), false once another player's turn has begun, and true between rounds (the
    result is public). Played out over random games of two people and two computers."""
    rng = random.Random(3)
    s = Session.new(game, {}, seats("hbhb"), 11)
    passed = held_waiting = 0
    for _ in range(per_runtime(400, 150)):
        if s.waiting() == "game_over":
            s.next_game()
            continue
        if s.waiting() == "series_over":
            break
        prompt = s.out_of_turn()
        if prompt is not None:
            if prompt["kind"] == "claim":
                people.resolve_claims(s, [])
            else:
                people.resolve_throws(s)
            continue
        if s.waiting() == "bot":
            s.step_bot()
            continue
        seat = s.human
        assert people.holds_turn(s, seat)  # the person acts: in to_act()
        s.play(rng.choice(s.legal()))
        st = s.state
        if s.between or st.is_over():
            assert people.holds_turn(s, seat)
        elif seat in st.to_act():
            assert people.holds_turn(s, seat)
        else:
            held = people.holds_turn(s, seat)
            if game == "durak":
                assert held == (bool(st.table) and seat in (st.attacker, st.defender))
            else:
                assert held == (st.turn == seat)
                assert not held or game != "tonk"  # Tonk: nobody answers out of turn
            held_waiting += held
            passed += not held
    assert passed >= 1, "no person's move passed the turn to someone else"
    if game != "tonk":
        assert held_waiting >= 1, "no claim window or bout held a person's turn"
