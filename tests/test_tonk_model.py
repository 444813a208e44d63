"""The Tonk table's plan (game/web/tonk_model.py): pure Python, checked against real engine
views over whole hands with 2–4 players, so that every action the page offers is legal,
there is always something to do, and every text exists in both languages."""

from __future__ import annotations

import random
import re

import pytest

from game import session as session_mod
from game.i18n import TEXTS, reason
from game.session import Session
from game.web import tonk_model as tm


@pytest.fixture(autouse=True)
def tonk_playable(monkeypatch):
    """The model is tested whether or not the lobby offers Tonk yet."""
    monkeypatch.setitem(session_mod.GAMES["tonk"], "built", True)


def players(n: int) -> list[dict]:
    out = [{"name": "Du", "kind": "human"}]
    out += [{"name": f"Dator {i}", "kind": "bot", "level": ("easy", "normal")[i % 2]}
            for i in range(1, n)]
    return out


def offered(p: dict) -> list[str]:
    out = [b["action"] for b in p["buttons"] if b["action"]]
    out += [p[k] for k in ("stock", "pile", "next") if p[k]]
    out += list(p["targets"].values()) + p["spreads"]
    out += [c["action"] for c in p["hand"] if c["action"]]
    return out


def human_choice(rng: random.Random, v: dict, lang: str) -> tuple[dict, str]:
    """Choose like a player on the page: a selection of cards (none, one playable card, or
    the cards of a legal spread), then one of the actions the plan shows for it."""
    legal = v["legal"]
    base = tm.plan(v, [], lang)
    playable = [c["card"] for c in base["hand"] if c["playable"]]
    selected: list[str] = []
    roll = rng.random()
    if base["spreads"] and roll < 0.5:
        selected = base["spreads"][0].split()[1:]
        rng.shuffle(selected)
    elif playable:  # a discard needs a selected card first
        selected = [rng.choice(playable)]
    p = tm.plan(v, selected, lang)
    acts = offered(p)
    assert acts and all(a in legal for a in acts), (acts, legal)
    if "knock" in acts and rng.random() < 0.85:  # knock rarely, so hands get played
        acts.remove("knock")
    return p, rng.choice(acts)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_action_the_plan_offers_is_legal_over_whole_hands(n):
    rng = random.Random(n)
    ends = set()
    for seed in range(3):
        s = Session.new("tonk", {}, players(n), seed)
        hands = 0
        for _ in range(6000):
            if s.waiting() == "bot":
                s.step_bot()
                continue
            v = s.view()
            lang = rng.choice(("sv", "en"))
            p, action = human_choice(rng, v, lang)
            assert p["status"] and "{" not in p["status"]
            if v["state"]["phase"] == "hand_over":
                assert p["next"] == "next" and action == "next"
                ends.add(v["state"]["result"]["end"])
                hands += 1
                if hands == 4:
                    break
            s.play(action)
        assert hands == 4
        assert sum(s.state.ledger.balances()) == 0
    assert ends


def test_a_selection_that_is_a_spread_gets_the_spread_action_in_any_order():
    legal = ["spread 3H 4H 5H", "discard 3H", "discard 4H", "discard 5H", "discard KS"]
    v = {"state": {"phase": "play", "hand": ["3H", "4H", "5H", "KS"], "pile_top": None},
         "legal": legal, "human": 0, "players": players(2), "actor": 0}
    p = tm.plan(v, ["5H", "3H", "4H"], "en")
    spread = next(b for b in p["buttons"] if b["id"] == "spread")
    assert spread["action"] == "spread 3H 4H 5H" and spread["enabled"]
    assert p["status"] == "3 cards selected: a spread. Tap Spread."
    # no selection: the button is there (it selects the spread) but plays nothing itself
    spread = next(b for b in tm.plan(v, [], "sv")["buttons"] if b["id"] == "spread")
    assert spread["action"] is None and spread["enabled"]
    # two cards of a spread are not one: the button explains instead of playing
    spread = next(b for b in tm.plan(v, ["3H", "KS"], "en")["buttons"] if b["id"] == "spread")
    assert spread["action"] is None and not spread["enabled"]


def test_hit_targets_and_discard_for_one_selected_card():
    legal = ["hit QH s1", "hit QH s3", "discard 2S", "discard QH"]
    v = {"state": {"phase": "play", "hand": ["2S", "QH"], "pile_top": "9D"},
         "legal": legal, "human": 0, "players": players(3), "actor": 0}
    p = tm.plan(v, ["QH"], "sv")
    assert p["targets"] == {"s1": "hit QH s1", "s3": "hit QH s3"}
    discard = next(b for b in p["buttons"] if b["id"] == "discard")
    assert discard["action"] == "discard QH" and discard["card"] == "QH"  # named on it
    both = next(b for b in tm.plan(v, ["QH", "2S"], "sv")["buttons"] if b["id"] == "discard")
    assert not both["enabled"] and both["action"] is None and both["card"] is None
    assert p["status"] == "Valt: hjärter dam. Tryck Kasta, ett markerat utlägg, eller välj fler kort."
    assert tm.plan(v, ["2S"], "en")["targets"] == {}


def test_start_of_turn_offers_knock_stock_and_pile():
    v = {"state": {"phase": "start", "hand": ["2S", "QH"], "pile_top": "9D", "stock_dry": False},
         "legal": ["knock", "draw stock", "draw pile"], "human": 0, "players": players(2),
         "actor": 0}
    p = tm.plan(v, ["2S"], "en")
    assert [b["id"] for b in p["buttons"]] == ["knock"]
    assert (p["stock"], p["pile"], p["selected"]) == ("draw stock", "draw pile", [])
    assert not any(c["playable"] for c in p["hand"])
    assert p["status"] == "Your turn: knock, draw from the stock or take the nine of diamonds."
    dry = dict(v, legal=["knock", "draw pile", "end"],
               state=dict(v["state"], stock_dry=True))
    p = tm.plan(dry, [], "sv")
    assert [b["id"] for b in p["buttons"]] == ["knock", "end"] and p["stock"] is None
    assert p["status"].startswith("Talongen är slut")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_knock_asks_before_it_ends_the_hand(lang):
    """Knock (TONK-11) ends the hand at once and shows every hand: the button only asks
    "Knock with n points?", with what it wins and what a caught knock costs in chips at
    the stake (a new user read "pay 2" at a stake of 2 and paid 6); the answer carries
    the action, or the question is withdrawn."""
    v = {"state": {"phase": "start", "hand": ["2S", "QH"], "pile_top": "9D", "stock_dry": False,
                   "stake": 2},
         "legal": ["knock", "draw stock", "draw pile"], "human": 0, "players": players(2),
         "actor": 0}
    first = tm.plan(v, [], lang)
    knock = next(b for b in first["buttons"] if b["id"] == "knock")
    assert knock["action"] is None and knock["enabled"]
    assert all(b.get("action") != "knock" for b in first["buttons"])
    asked = tm.plan(v, [], lang, knocking=True)
    assert [(b["id"], b["action"]) for b in asked["buttons"]] == [("knock-confirm", "knock"),
                                                                  ("knock-cancel", None)]
    assert "12" in asked["status"] and asked["stock"] is None and asked["pile"] is None
    terms = {"en": ("you get 2 chips from each player", "you pay 4 chips to each of them",
                    "the lowest total gets 2 chips from everyone else"),
             "sv": ("får du 2 marker av var och en", "du betalar 4 marker till var och en av dem",
                    "den lägsta får 2 marker av alla andra")}[lang]
    assert all(term in asked["status"] for term in terms), asked["status"]
    assert not any(c["playable"] for c in asked["hand"])


def test_every_tonk_text_exists_in_both_languages_with_the_same_fields():
    keys = [k for k in TEXTS["en"] if k.startswith("tk_")]
    assert len(keys) > 50
    for key in keys + [k for k in TEXTS["sv"] if k.startswith("tk_")]:
        assert key in TEXTS["sv"] and key in TEXTS["en"], key
        fields = [set(re.findall(r"{(\w+)}", TEXTS[lg][key])) for lg in ("sv", "en")]
        assert fields[0] == fields[1], key


def test_every_illegal_code_of_the_engine_has_a_reason_in_both_languages():
    from pathlib import Path

    from game import tonk
    source = "".join(p.read_text(encoding="utf-8")  # every module of the package game/tonk/
                     for p in Path(tonk.__file__).parent.glob("*.py"))
    codes = set(re.findall(r'IllegalAction\("(\w+)"', source))
    assert "hit_locked" in codes and "not_a_spread" in codes
    for code in codes - {"illegal"}:
        for lang in ("sv", "en"):
            assert f"why_{code}" in TEXTS[lang], code
            text = reason(lang, code, {"card": "QH", "spread": 2})
            assert text and "{" not in text


@pytest.mark.parametrize("end", ["knock", "tonk_out", "out_by_discard", "tonk_deal",
                                 "tonk_tie", "dry_stock", "turn_limit"])
def test_every_way_a_hand_ends_has_a_headline(end):
    result = {"end": end, "player": 1, "caught": False, "winners": [1],
              "payouts": [{"payer": 0, "payee": 1, "amount": 2, "units": 2,
                           "reason": "tonk_out"}]}
    for lang in ("sv", "en"):
        text = tm.headline(lang, result, players(2), 0)
        assert text and "{" not in text and not text.startswith("tk_")
        assert tm.describe_event(lang, {"type": "hand_over", "result": result},
                                 players(2), 0) == text
    lines = tm.payout_lines("en", result, players(2), 0)
    assert lines[0]["text"] == "You to Computer 1: 2 chips"
    paid = {**result, "payouts": [{"payer": 1, "payee": 0, "amount": 2, "units": 2,
                                   "reason": "tonk_out"}]}
    assert tm.payout_lines("sv", paid, players(2), 0)[0]["text"] == "Dator 1 till dig: 2 marker"
    assert tm.payout_lines("en", paid, players(2), 0)[0]["text"] == "Computer 1 to you: 2 chips"
    assert lines[0]["why"] == "Computer 1 tonked out"   # who did it, not the payer


def test_a_hands_end_is_told_with_the_chips_it_brought():
    """The move history (and so a "Pass to" screen) tells how a hand ended and what it
    brought each player (TONK-14): the chips were only in the side panel on a phone."""
    result = {"end": "dry_stock", "player": None, "caught": False, "winners": [1],
              "payouts": [], "net": [-2, 4, -2, 0]}
    ev = {"type": "hand_over", "result": result}
    assert tm.describe_event("en", ev, players(4), 0) == \
        "The stock ran dry: the lowest total wins (chips: You \u22122, Computer 1 +4, " \
        "Computer 2 \u22122)."
    assert tm.describe_event("sv", ev, players(4), 0).endswith(
        "vinner (marker: Du \u22122, Dator 1 +4, Dator 2 \u22122).")


def test_a_payouts_reason_names_who_did_it():
    """Each payout's reason says whose doing it was: the payee's (a knock won, the lowest
    total), or for a caught knock the payer's knock and the payee's total (TONK-11)."""
    ps = players(3)
    result = {"end": "knock", "player": 0, "caught": True, "winners": [1],
              "payouts": [{"payer": 0, "payee": 1, "amount": 4, "units": 2, "reason": "caught"},
                          {"payer": 2, "payee": 1, "amount": 2, "units": 1, "reason": "lowest"}]}
    en = [line["why"] for line in tm.payout_lines("en", result, ps, 0)]
    assert en == ["You knocked and got caught: Computer 1 had as low or lower",
                  "Computer 1 had the lowest total"], en
    sv = [line["why"] for line in tm.payout_lines("sv", result, ps, 0)]
    assert sv == ["Du knackade och åkte fast: Dator 1 hade lika lågt eller lägre",
                  "Dator 1 hade lägst summa"], sv


def test_event_sentences():
    ps = players(3)
    assert tm.describe_event("sv", {"type": "spread", "player": 1, "cards": ["3H", "4H", "5H"]},
                             ps, 0) == "Dator 1 lägger ut hjärter trea, hjärter fyra och hjärter femma."
    assert tm.describe_event("en", {"type": "hit", "player": 2, "card": "6H", "owner": 0,
                                    "spread": 1}, ps, 0) == \
        "Computer 2 hits your spread with the six of hearts."
    assert tm.describe_event("en", {"type": "knock", "player": 1}, ps, 0) == "Computer 1 knocks!"
    # the human's own moves in the second person (the move history tells them too)
    assert tm.describe_event("en", {"type": "discard", "player": 0, "card": "2S"}, ps, 0) == \
        "You discard the two of spades."
    assert tm.describe_event("sv", {"type": "knock", "player": 0}, ps, 0) == "Du knackar!"
    assert tm.describe_event("en", {"type": "hit", "player": 0, "card": "6H", "owner": 2,
                                    "spread": 1}, ps, 0) == \
        "You hit Computer 2's spread with the six of hearts."
    assert tm.describe_event("en", {"type": "hit", "player": 0, "card": "6H", "owner": 0,
                                    "spread": 1}, ps, 0) == \
        "You hit your own spread with the six of hearts."
    # a computer's draw from the stock names no card
    assert tm.describe_event("en", {"type": "draw", "player": 1, "source": "stock"}, ps, 0) == \
        "Computer 1 draws from the stock."
    assert tm.describe_event("en", {"type": "turn", "player": 1}, ps, 0) is None


def test_chart_geometry_starts_at_zero_and_keeps_the_last_hands():
    history = [{"hand": 1, "balances": [2, -1, -1]}, {"hand": 2, "balances": [0, 1, -1]}]
    c = tm.chart(history, 3)
    assert c["hands"] == [1, 2] and (c["lo"], c["hi"]) == (-1, 2)
    assert [len(line) for line in c["lines"]] == [3, 3, 3]
    # everyone starts at 0; equal balances are drawn side by side, not on top of each other
    assert all(abs(line[0][1] - c["zero_y"]) <= tm.LINE_GAP for line in c["lines"])
    assert len({line[0][1] for line in c["lines"]}) == 3
    assert c["lines"][0][1][1] < c["zero_y"] < c["lines"][1][1][1]  # +2 above, −1 below
    long = [{"hand": h, "balances": [h, -h]} for h in range(1, 31)]
    c = tm.chart(long, 2)
    assert c["hands"] == list(range(11, 31)) and len(c["lines"][0]) == 21
    assert c["lines"][0][0][1] == tm.chart(long, 2)["lines"][0][0][1]
    empty = tm.chart([], 2)
    assert [len(line) for line in empty["lines"]] == [1, 1]
    assert all(line[0][0] == tm.CHART_PAD["left"] for line in empty["lines"])
    text = tm.chart_text("en", history, players(3), 0)
    assert text == ["Hands 1 to 2.", "You: +2, 0.", "Computer 1: \u22121, +1.",
                    "Computer 2: \u22121, \u22121."]


@pytest.mark.parametrize("lang, text", [("en", "You knocked with the lowest total and win."),
                                        ("sv", "Du knackade med lägst summa och vinner.")])
def test_the_humans_winning_knock_is_told_in_the_second_person(lang, text):
    """Not "You knocked with the lowest total and wins." (issue 11)."""
    result = {"end": "knock", "player": 0, "caught": False, "winners": [0]}
    assert tm.headline(lang, result, players(2), 0) == text
    other = tm.headline(lang, {**result, "player": 1, "winners": [1]}, players(2), 0)
    assert other.startswith(("Computer 1", "Dator 1"))


def test_the_deal_is_told_to_the_dealer_in_the_second_person():
    # a new user read "Hand 2: You deals." (the dealer's name put into the third person)
    players = [{"name": "", "kind": "human"}, {"name": "", "kind": "bot"}]
    mine = {"type": "deal", "hand": 2, "dealer": 0}
    theirs = {"type": "deal", "hand": 3, "dealer": 1}
    assert tm.describe_event("en", mine, players, 0) == "Hand 2: you deal."
    assert tm.describe_event("sv", mine, players, 0) == "Giv 2: du ger."
    assert tm.describe_event("en", theirs, players, 0) == "Hand 3: Computer 1 deals."
    # with several people nobody is "you": the dealer is named
    assert "you" not in tm.describe_event("en", mine, players, -1)


def test_the_deal_names_the_card_turned_up_and_starts_the_history():
    """TONK-4: the card turned up to start the discard pile is told with the deal, and a
    new game's history starts with its first deal (it returns no events)."""
    from game import movelog
    from game.session import Session
    players = [{"name": "", "kind": "human"}, {"name": "", "kind": "bot"}]
    ev = {"type": "deal", "hand": 2, "dealer": 1, "pile": ["9C"]}
    assert tm.describe_event("en", ev, players, 0) == \
        "Hand 2: Computer 1 deals and turns up the nine of clubs to start the discard pile."
    assert tm.describe_event("sv", {**ev, "dealer": 0}, players, 0) == \
        "Giv 2: du ger och vänder upp klöver nia på slänghögen."
    s = Session.new("tonk", {}, [{"name": "Du", "kind": "human"},
                                 {"name": "A", "kind": "bot", "level": "easy"}], 3)
    log = movelog.MoveLog.fresh(s)
    if s.state.phase == "start":  # (not a tonk on the deal, which ends the hand at once)
        [deal] = log.rounds[0]["events"]
        assert deal["pile"] == [str(s.state.pile[-1])] and log.last == [deal]
    s.step_bot() if s.waiting() == "bot" else s.play(s.legal()[0])
    assert movelog.MoveLog.fresh(s).rounds == []  # a move made: no deal made up
