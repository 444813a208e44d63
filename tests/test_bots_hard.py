"""The hard players of Dunka, Elvakorts-Rummy and Tonk (game.bots.rummy_hard,
game.bots.tonk_hard, game.bots.pimc): legal moves in played positions, worlds that agree
with the view, the sliced search giving the same move as ``choose``, and the fairness
note naming the level. Budgets are tiny here (``SAMPLES`` patched to 1 or 2), so the
tests check the machinery, not the strength (bench/bots.py --level hard measures that).
"""

from __future__ import annotations

import random

import pytest

from game import bots, rummy, tonk
from game.bots import pimc, rummy_hard, tonk_hard
from game.i18n import t
from game.session import LEVELS


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setattr(rummy_hard, "SAMPLES", 1)
    monkeypatch.setattr(tonk_hard, "SAMPLES", 2)


def rummy_positions(variant: str, players: int, seed: int, steps: int, rate: float):
    """Positions of a game of normal bots (every seat to act, in order of play)."""
    rng = random.Random(seed)
    state = rummy.new_game(rummy.Rules(variant=variant), [f"P{i}" for i in range(players)],
                           seed=seed)
    for step in range(steps):
        if state.is_over():
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if rng.random() < rate:
            yield state, seat
        state.apply(bots.choose(state.view(seat), legal, "normal", seed=step))


def tonk_positions(players: int, seed: int, hands: int):
    rng = random.Random(seed)
    state = tonk.new_game(tonk.Rules(), [f"P{i}" for i in range(players)], seed=seed)
    step = 0
    while state.hand_no <= hands and step < 3000:
        seat = state.to_act()[0]
        if state.phase != "hand_over" and rng.random() < 0.5:
            yield state, seat
        state.apply(bots.choose(state.view(seat), state.legal_actions(seat), "normal",
                                seed=step))
        step += 1


def check_worlds(template, state, seat, count: int = 3) -> None:
    """Each world dealt from ``seat``'s view shows that seat exactly its real view and
    legal actions, holds the game's cards exactly once, and keeps every public fact."""
    view = state.view(seat)
    rng = random.Random(7)
    for _ in range(count):
        world = template.world(rng)
        assert world.legal_actions(seat) == state.legal_actions(seat)
        wv = world.view(seat)
        for key in ("hand", "hand_counts", "known", "table", "pile_top", "pile_size",
                    "stock_size", "phase", "turn", "to_act"):
            assert wv[key] == view[key], key
        assert sorted(world.all_cards()) == sorted(state.all_cards())


@pytest.mark.parametrize("variant,players", [("dunka", 2), ("dunka", 3), ("elvakort", 2),
                                             ("elvakort", 4)])
def test_rummy_worlds_agree_with_the_view(variant, players):
    checked = 0
    for state, seat in rummy_positions(variant, players, seed=players, steps=400,
                                       rate=0.1):
        if state.phase in ("round_over", "game_over"):
            continue
        check_worlds(rummy_hard._Template(state.view(seat)), state, seat)
        checked += 1
    assert checked >= 15


@pytest.fixture
def lite(monkeypatch):
    """Tonk's hard search (``SEARCH``, off by default) with the lite rollout bot and
    low-weighted deals."""
    monkeypatch.setattr(tonk_hard, "SEARCH", True)
    monkeypatch.setattr(tonk_hard, "ROLLOUT_LEVEL", "lite")
    monkeypatch.setattr(tonk_hard, "LOW_BIAS", True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tonk_low_weighted_worlds_agree_with_the_view(lite, players):
    checked = 0
    for state, seat in tonk_positions(players, seed=players, hands=4):
        check_worlds(tonk_hard._Template(state.view(seat)), state, seat)
        checked += 1
    assert checked >= 15


def test_tonk_low_weighted_deals_give_opponents_lower_cards(lite, monkeypatch):
    """With ``LOW_BIAS`` an opponent who has played several turns is dealt lower unknown
    cards on average than the stock gets (uniform deals: the same mean)."""
    state = next(s for s, seat in tonk_positions(2, seed=11, hands=6)
                 if s.turns >= 6 and s.view(seat)["hand_counts"][1 - seat] >= 4
                 and not s.view(seat)["known"][1 - seat])
    seat = state.to_act()[0]
    rng = random.Random(3)
    means = {}
    for bias in (True, False):
        monkeypatch.setattr(tonk_hard, "LOW_BIAS", bias)
        template = tonk_hard._Template(state.view(seat))
        hand, stock = [], []
        for _ in range(300):
            world = template.world(rng)
            hand += [tonk_card_value(c) for c in world.hands[1 - seat]]
            stock += [tonk_card_value(c) for c in world.stock]
        means[bias] = (sum(hand) / len(hand), sum(stock) / len(stock))
    assert means[True][0] < means[True][1] - 0.5
    assert abs(means[False][0] - means[False][1]) < 0.5


def tonk_card_value(card) -> int:
    """TONK-1: ace 1, 2-10 face value, J/Q/K 10."""
    return tonk_hard._tonk.VALUES[tonk_hard._tonk._token_of(card)]


@pytest.mark.parametrize("players", [2, 3])
def test_tonk_hard_lite_plays_legal_hands(tiny, lite, players):
    state = tonk.new_game(tonk.Rules(), [f"P{i}" for i in range(players)], seed=22)
    step = searched = 0
    while state.hand_no <= 3:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        searched += len(tonk_hard.candidates(view, legal)) > 1
        action = bots.choose(view, legal, "hard", seed=step)
        assert action in legal
        state.apply(action)
        step += 1
        assert step < 3000
    assert searched >= 3 and sum(state.ledger.balances()) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tonk_worlds_agree_with_the_view(players):
    checked = 0
    for state, seat in tonk_positions(players, seed=players, hands=4):
        check_worlds(tonk_hard._Template(state.view(seat)), state, seat)
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("variant,players", [("dunka", 2), ("dunka", 4), ("elvakort", 3)])
def test_rummy_hard_plays_legal_rounds(tiny, variant, players):
    """Hard in every seat for two rounds: every move legal (``bots.choose`` raises
    otherwise, ``apply`` refuses illegal moves) and the rounds end."""
    state = rummy.new_game(rummy.Rules(variant=variant), [f"P{i}" for i in range(players)],
                           seed=11)
    step = 0
    while state.round <= 2 and not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots.choose(state.view(seat), legal, "hard", seed=step)
        assert action in legal
        state.apply(action)
        step += 1
        assert step < 3000, "two rounds should end"
    assert len(state.sheet) >= 2


@pytest.mark.parametrize("search", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tonk_hard_plays_legal_hands(tiny, monkeypatch, players, search):
    """The hard policy (default) and the search over it (``SEARCH``) in every seat."""
    monkeypatch.setattr(tonk_hard, "SEARCH", search)
    state = tonk.new_game(tonk.Rules(), [f"P{i}" for i in range(players)], seed=21)
    step = 0
    while state.hand_no <= 3:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots.choose(state.view(seat), legal, "hard", seed=step)
        assert action in legal
        state.apply(action)
        step += 1
        assert step < 3000
    assert sum(state.ledger.balances()) == 0


def test_think_is_choose_in_slices(tiny, monkeypatch):
    """The sliced search yields between rollouts and ends with ``choose``'s move (Tonk's
    with its search on, ``tonk_hard.SEARCH``)."""
    monkeypatch.setattr(tonk_hard, "SEARCH", True)
    sliced = 0
    cases = [(s.view(seat), s.legal_actions(seat)) for s, seat in
             rummy_positions("elvakort", 2, seed=3, steps=120, rate=0.3)]
    cases += [(s.view(seat), s.legal_actions(seat)) for s, seat in
              tonk_positions(2, seed=3, hands=2)]
    for view, legal in cases:
        gen = bots.think(view, legal, "hard", seed=5)
        slices = 0
        while True:
            try:
                next(gen)
                slices += 1
            except StopIteration as stop:
                action = stop.value
                break
        assert action == bots.choose(view, legal, "hard", seed=5)
        sliced += slices > 1
    assert sliced >= 5


def test_deal_hidden_refuses_sizes_that_do_not_add_up():
    with pytest.raises(ValueError, match="unseen"):
        pimc.deal_hidden([1, 2, 3], [1, 1], random.Random(0))
    parts = pimc.deal_hidden(list(range(10)), [3, 0, 7], random.Random(0))
    assert [len(p) for p in parts] == [3, 0, 7]
    assert sorted(parts[0] + parts[2]) == list(range(10))


def test_hard_is_a_level_everywhere():
    assert "hard" in bots.LEVELS and "hard" in LEVELS
    assert t("sv", "level_hard") == "svår" and t("en", "level_hard") == "hard"
    for game in ("durak", "dunka", "elvakort", "tonk"):
        key = f"rb_fairness_hard_{game}"
        assert "hard level" in t("en", key) and "svåra nivån" in t("sv", key)


def test_each_rules_page_says_how_its_own_hard_player_plans():
    """The fairness note tells each game's hard player as it is (game.bots.*_hard): Durak
    samples deals and solves the endgame, Dunka and Elvakort count outs and play the last
    round's race a few draws ahead (Elvakort also takes the pile by its outs there), Tonk
    weighs its knock; no page tells another's."""
    words = {"durak": ("possible deals", "exactly"),
             "dunka": ("step nearer", "last round", "draws ahead"),
             "elvakort": ("step nearer", "last round", "draws ahead", "leaves more"),
             "tonk": ("knocks",)}
    texts = {g: t("en", f"rb_fairness_hard_{g}") for g in words}
    for game, needed in words.items():
        assert all(w in texts[game] for w in needed), game
    assert "possible deals" not in texts["dunka"] + texts["elvakort"] + texts["tonk"]
    assert "knock" not in texts["durak"] + texts["dunka"] + texts["elvakort"]
    assert "leaves more" not in texts["dunka"]
    assert "last round" not in texts["durak"] + texts["tonk"]
    for game in words:
        sv = t("sv", f"rb_fairness_hard_{game}")
        assert sv != texts[game] and "svåra nivån" in sv
    assert "hard" not in t("en", "rb_fairness") and "game number" in t("en", "rb_fairness")


def test_a_session_plays_hard_bots_in_slices(tiny):
    """``level=hard`` in a link; a Tonk session with a hard computer player moves through
    ``step_bot_sliced`` (the same move as ``step_bot`` on a copy of the session)."""
    from game.session import Session
    from game.url_params import parse_params
    assert parse_params({"level": "hard"})["level"] == "hard"
    players = [{"name": "Du", "kind": "human"}, {"name": "Dator", "kind": "bot",
                                                  "level": "hard"}]
    moved = 0
    for seed in range(40):
        session = Session.new("tonk", {}, players, seed)
        if session.waiting() != "bot":
            continue
        twin = Session.from_dict(session.to_dict())
        gen = session.step_bot_sliced()
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                events = stop.value
                break
        assert events and events == twin.step_bot()
        moved += 1
        if moved == 3:
            break
    assert moved == 3


def test_the_search_overrides_the_normal_move_only_on_clear_evidence():
    """``pimc.pick``: index 0 is the normal bot's move; another wins only when its gain,
    world by world, is clearly positive (not when it is larger on average by luck)."""
    steady = [[0, 0, 0, 0], [1, 1.2, 0.9, 1.1]]
    noisy = [[0, 0, 0, 0], [3, -2, 1, -1]]  # mean +0.25, but two worlds of four lose
    assert pimc.pick(steady) == 1
    assert pimc.pick(noisy) == 0
    assert pimc.pick([[0, 0], [1, 1], [2, 2.1]]) == 2
