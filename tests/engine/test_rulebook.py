"""The rules pages' content (game.rulebook): every rule id of every spec is covered in both
languages, both languages hold the same sections, every example is real card notation
(and every meld example is valid, every "not allowed" one invalid, under the game's own
meld rules), every setting named exists in the game's Rules and every value of it has an
effect sentence, and house rules are marked."""

from __future__ import annotations

import re

import pytest

from game import rulebook
from game.cards import parse_card
from game.i18n import TEXTS, t
from game.melds import DUNKA, ELVAKORT, TONK, MeldError, is_valid, parse_meld
from game.session import settings

# The rule ids of rules/*.md (hard-coded: CI has no ../shared).
SPEC_IDS = {
    "durak": [f"DUR-{i}" for i in range(1, 21)],
    "dunka": [f"DUN-{i}" for i in range(1, 19)],
    "elvakort": [f"ELV-{i}" for i in range(1, 15)],
    "tonk": [f"TONK-{i}" for i in range(1, 15)],
}
MELD_RULES = {"dunka": DUNKA, "elvakort": ELVAKORT, "tonk": TONK}
# House rules the spec or the engine names: (game, rule id) pairs that must sit in a
# section marked house=True.
HOUSE = {
    "durak": {"DUR-4", "DUR-6", "DUR-9", "DUR-16", "DUR-17", "DUR-20"},
    "dunka": {"DUN-1", "DUN-2", "DUN-5", "DUN-6", "DUN-7", "DUN-8", "DUN-11", "DUN-12",
              "DUN-13", "DUN-15", "DUN-16"},
    "elvakort": {"ELV-3", "ELV-4", "ELV-9", "ELV-10", "ELV-11", "ELV-12"},
    "tonk": {"TONK-2", "TONK-4", "TONK-5", "TONK-8", "TONK-9", "TONK-11", "TONK-12",
             "TONK-13"},
}
LANGS = ("sv", "en")


@pytest.mark.parametrize("game", rulebook.GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_id_is_covered_in_both_languages(game, lang):
    pages = rulebook.book(game, lang)
    covered = {r for p in pages for r in p.rules}
    missing = [r for r in SPEC_IDS[game] if r not in covered]
    assert not missing, f"{game}/{lang} covers no section for {missing}"
    unknown = covered - set(SPEC_IDS[game])
    assert not unknown, f"{game}: ids not in the spec: {unknown}"
    for p in pages:
        assert p.heading.strip() and p.paragraphs and all(x.strip() for x in p.paragraphs)


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_both_languages_have_the_same_sections(game):
    sv, en = rulebook.book(game, "sv"), rulebook.book(game, "en")
    assert [p.key for p in sv] == [p.key for p in en]
    assert len({p.key for p in sv}) == len(sv), "section keys must be unique (anchors)"
    for a, b in zip(sv, en):
        assert (a.rules, a.house, a.setting) == (b.rules, b.house, b.setting)
        assert [e[0] for e in a.examples] == [e[0] for e in b.examples]
        assert len(a.paragraphs) == len(b.paragraphs), a.key
        assert a.heading != b.heading, f"{game}/{a.key}: the Swedish heading is the English one"
        assert a.paragraphs != b.paragraphs
        for (_, cap_sv, _), (_, cap_en, _) in zip(a.examples, b.examples):
            assert cap_sv.strip() and cap_en.strip() and cap_sv != cap_en


def _inline_cards(text: str) -> list[str]:
    return rulebook.INLINE_CARD.findall(text)


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_every_example_parses_with_the_engine_notation(game):
    count = 0
    for lang in LANGS:
        for p in rulebook.book(game, lang):
            for groups, caption, allowed in p.examples:
                for group in groups:
                    words = group.split()
                    if words[0] in ("set", "run"):
                        assert game in MELD_RULES, f"{game} has no melds: {group}"
                        try:
                            meld = parse_meld(group)
                            ok = is_valid(meld, MELD_RULES[game])
                        except MeldError:
                            ok = False
                        if allowed:
                            assert ok, f"{game}/{p.key}: {group!r} is not a valid meld"
                        else:
                            assert not ok, f"{game}/{p.key}: {group!r} is allowed after all"
                        count += 1
                    elif words[0] == "beat":
                        assert game == "durak" and len(words) == 3, group
                        attack, defence = parse_card(words[1]), parse_card(words[2])
                        same = attack.suit == defence.suit
                        if allowed and same:
                            assert defence.rank > attack.rank, group
                        if not allowed:
                            assert same and defence.rank < attack.rank, group
                        count += 2
                    else:
                        for card in words:
                            parse_card(card)  # raises CardError on bad notation
                            count += 1
                # inline cards in paragraphs and captions: [10H], never a stray bracket
                for text in [*p.paragraphs, caption]:
                    for card in _inline_cards(text):
                        parse_card(card)
                    assert not re.search(r"\[[^\]]*\]", rulebook.INLINE_CARD.sub("", text)), text
    assert count > 0


def test_a_forbidden_example_is_refused_by_the_engine():
    bad = [g for p in rulebook.book("dunka", "en") for groups, _, allowed in p.examples
           if not allowed for g in groups]
    assert "run KS AS 2S" in bad
    try:
        refused = not is_valid(parse_meld("run KS AS 2S"), DUNKA)
    except MeldError:
        refused = True
    assert refused
    assert is_valid(parse_meld("run QS KS AS"), DUNKA)  # the ace high alone is fine


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_settings_named_exist_and_every_value_has_an_effect(game):
    allowed = dict(settings(game))
    named = [p.setting for p in rulebook.book(game, "en") if p.setting]
    assert set(named) == set(allowed), f"{game}: every setting has its section"
    assert len(named) == len(set(named))
    for name in named:
        for value in allowed[name]:
            for lang in LANGS:
                text = rulebook.effect(game, name, value, lang)
                assert text and "{" not in text, (game, name, value, lang)
    assert rulebook.effect(game, "no_such_setting", True, "en") == ""


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_house_rules_are_marked(game):
    pages = rulebook.book(game, "en")
    house_ids = {r for p in pages if p.house for r in p.rules}
    assert HOUSE[game] <= house_ids, HOUSE[game] - house_ids
    assert all(not p.house for p in pages if p.key == "aim")


def test_the_house_rules_of_the_brief_are_told():
    text = {g: " ".join(x for p in rulebook.book(g, "en") if p.house for x in p.paragraphs)
            for g in rulebook.GAMES}
    assert "1,000 turns" in text["dunka"] and "1,000 turns" in text["elvakort"]
    assert "200 turns" in text["tonk"]
    for g in ("dunka", "elvakort", "tonk"):
        assert "only card you may discard" in text[g]
    assert "twin" in text["dunka"]
    assert "turned up" in text["elvakort"] and "exactly the contract" in text["elvakort"]
    sv = " ".join(x for p in rulebook.book("dunka", "sv") if p.house for x in p.paragraphs)
    assert "1 000 drag" in sv and "tvilling" in sv


# Issue 14, point 5: decisions of the spec where the sheet is silent or ambiguous, each in
# its own section marked house rule: (rule id, game, section key, English, Swedish words).
ISSUE_14_HOUSE = [
    ("DUR-4", "durak", "house_six", "dealer's last card", "givens sista kort"),
    ("DUR-6", "durak", "house_no_trump", "If nobody holds a trump",
     "Har ingen trumf efter given"),
    ("DUR-17", "durak", "house_exchange", "lowest trump of the deck", "lekens lägsta trumf"),
    ("DUN-5", "dunka", "house_opening", "Nobody may dunk", "Ingen får dunka"),
    ("DUN-8", "dunka", "house_laydown", "after taking the top card of the discard pile",
     "efter att ha tagit översta kortet i slänghögen"),
    ("DUN-11", "dunka", "house_replace", "only a player who has laid down",
     "bara den som har lagt ut"),
    ("DUN-16", "dunka", "stock", "the discard pile except its top card is shuffled",
     "slänghögen, utom det översta kortet"),
    ("ELV-11", "elvakort", "stock", "the discard pile except its top card is shuffled",
     "slänghögen, utom det översta kortet"),
    ("TONK-2", "tonk", "house_ace", "only low", "bara lågt"),
    ("TONK-11", "tonk", "house_count", "a complete spread still held in hand too",
     "även ett färdigt utlägg"),
    ("TONK-12", "tonk", "house_count", "when the stock has run dry", "när talongen är slut"),
]


@pytest.mark.parametrize("rule,game,key,en,sv", ISSUE_14_HOUSE,
                         ids=[r[0] for r in ISSUE_14_HOUSE])
def test_house_rule_of_the_spec_is_marked_in_both_languages(rule, game, key, en, sv):
    for lang, words in (("en", en), ("sv", sv)):
        page = {p.key: p for p in rulebook.book(game, lang)}[key]
        assert page.house, f"{game}/{key} is not marked as a house rule"
        assert rule in page.rules
        assert words in " ".join(page.paragraphs), (lang, key)


# Issue 32, scope 8: the project's own small decisions, each in a section marked house rule
# in both languages: (rule id, game, section key, English words, Swedish words).
ISSUE_32_HOUSE = [
    ("TONK-5", "tonk", "house_deal", "same dealer deals the hand again",
     "samma spelare om given"),
    ("TONK-4", "tonk", "house_deal", "the ace is low in the cut", "esset lågt vid dragningen"),
    ("DUN-5", "dunka", "house_dealer", "first dealer is drawn by lot",
     "lottas den som ger först"),
    ("DUR-16", "durak", "house_draw", "the player who led the bout's first card draw first",
     "den som spelade ut anfallets första kort först"),
    ("DUR-17", "durak", "house_exchange_turn", "only when it is your turn to act",
     "bara när det är din tur att göra något"),
    ("TONK-12", "tonk", "house_dry", "This one-round limit is Kortbordet's",
     "Gränsen på ett varv är Kortbordets"),
]


@pytest.mark.parametrize("rule,game,key,en,sv", ISSUE_32_HOUSE,
                         ids=[f"{r[0]}-{r[2]}" for r in ISSUE_32_HOUSE])
def test_the_projects_own_decision_is_marked_in_both_languages(rule, game, key, en, sv):
    for lang, words in (("en", en), ("sv", sv)):
        page = {p.key: p for p in rulebook.book(game, lang)}[key]
        assert page.house, f"{game}/{key} is not marked as a house rule ({lang})"
        assert rule in page.rules
        assert words in " ".join(page.paragraphs), (lang, key)


@pytest.mark.parametrize("lang, words", [
    ("en", ("lowest total among the other players", "a caught knocker never counts as the "
            "lowest", "When several of the others share")),
    ("sv", ("den av de andra spelarna som har lägst summa", "räknas aldrig som lägst",
            "Delar flera av de andra"))])
def test_tonk_11_the_lowest_is_among_the_others_as_the_spec_says(lang, words):
    """TONK-11 (wording clarified): the one paid besides is the lowest of the players other
    than a caught knocker; the page said "the player with the lowest total", which a knocker
    tying the lowest seemed to be."""
    text = " ".join(next(p for p in rulebook.book("tonk", lang) if p.key == "knock").paragraphs)
    assert all(w in text for w in words), text


@pytest.mark.parametrize("lang, words", [
    ("en", ("cannot or will not take it", "once every player has had one turn with the stock "
            "empty", "a limit of Kortbordet's, not of the rule sheet")),
    ("sv", ("inte kan eller vill ta det", "när alla har haft ett drag med tom talong",
            "en gräns som Kortbordet har satt, inte regelbladet"))])
def test_tonk_12_the_dry_stock_section_states_the_revised_rule(lang, words):
    """TONK-12 (revised): the hand also ends after one round with the stock dry, a limit
    of the project that the page marks as such (the section said nothing of it)."""
    page = next(p for p in rulebook.book("tonk", lang) if p.key == "dry")
    assert page.rules == ("TONK-12",)
    text = " ".join(page.paragraphs)
    assert all(w in text for w in words), text


def test_dur_aim_is_to_be_first_to_get_rid_of_your_cards():
    """The Durak page states the sheet's aim ("Bli först av med alla dina kort")."""
    aim = {lang: rulebook.book("durak", lang)[0] for lang in LANGS}
    assert aim["sv"].key == aim["en"].key == "aim" and not aim["en"].house
    assert "Bli först av med alla dina kort" in aim["sv"].paragraphs[0]
    assert "Be the first to get rid of all your cards" in aim["en"].paragraphs[0]


def test_dur_11_lobby_label_and_rules_page_say_first_bout_only_from_four_players():
    for lang, four, first in (("sv", "4–6 spelare", "bara det första anfallet"),
                              ("en", "4 to 6 players", "the first bout only")):
        label = t(lang, "set_first_bout_limit_5")
        assert "4–6" in label and ("Partiets första anfall" in label or "game's first" in label)
        page = {p.key: p for p in rulebook.book("durak", lang)}["limits"]
        text = " ".join(page.paragraphs)
        assert four in text and first in text.lower().replace("Det gäller", "det gäller")
        assert "DUR-11" in page.rules
        on = rulebook.effect("durak", "first_bout_limit_5", True, lang)
        assert ("first bout" in on) if lang == "en" else ("första anfall" in on)
        assert "6" in on  # later bouts
        assert "defence" not in text and "försvarat" not in text
    assert "4" in t("sv", "limit_5_four_plus") and "4" in t("en", "limit_5_four_plus")


def test_tonk_13_hit_lock_is_marked_as_kortbordets_addition():
    from game.tonk import Rules as TonkRules
    assert TonkRules().hit_lock is False  # off unless switched on
    assert "Kortbordets tillägg" in t("sv", "set_hit_lock")
    assert "Kortbordet's addition" in t("en", "set_hit_lock")
    for lang, words in (("sv", "Kortbordets tillägg"), ("en", "Kortbordet's addition")):
        page = {p.key: p for p in rulebook.book("tonk", lang)}["hit_lock"]
        assert page.house and page.setting == "hit_lock"
        assert words in page.heading and words in " ".join(page.paragraphs)
        # the same way as the fourth player, in the lobby and on the rules page
        assert words in t(lang, "lobby_hint_tonk")
        assert words in " ".join(rulebook.book("tonk", lang)[1].paragraphs)


TONK_SPREAD_SETTINGS = ("must_lay_spreads", "double_only_new_spread", "hit_lock")


def test_tonk_9_swedish_labels_say_utlagg_spreads_not_serie_runs():
    """The three variations apply to books and runs alike: the Swedish labels and the
    rules page's names for them say "utlägg" (spread), never "serie" (run)."""
    for name in TONK_SPREAD_SETTINGS:
        label = t("sv", f"set_{name}")
        assert "utlägg" in label.lower() and "serie" not in label.lower(), label
    quoted = re.compile(r"inställningen ”([^”]+)”")
    pages = {p.key: p for p in rulebook.book("tonk", "sv")}
    for name in TONK_SPREAD_SETTINGS:
        page = next(p for p in pages.values() if p.setting == name)
        names = quoted.findall(" ".join(page.paragraphs))
        assert names, page.key
        assert t("sv", f"set_{name}").lower().startswith(names[0].lower()), (names[0], name)
        assert "serie" not in names[0].lower()
    for name in TONK_SPREAD_SETTINGS:  # the English names are the lobby's too
        page = next(p for p in rulebook.book("tonk", "en") if p.setting == name)
        first = re.findall(r"setting “([^”]+)”", " ".join(page.paragraphs))[0]
        assert t("en", f"set_{name}").lower().startswith(first.lower()), (first, name)


def test_tonk_9_the_rules_page_says_the_hand_is_checked_after_the_discard():
    text = {lang: " ".join(x for p in rulebook.book("tonk", lang) if "TONK-9" in p.rules
                           for x in p.paragraphs) for lang in LANGS}
    assert "after the discard" in text["en"] and "break up a book" in text["en"]
    assert "efter kastet" in text["sv"] and "bryta upp en triss" in text["sv"]
    assert "three aces" in text["en"] and "tre ess" in text["sv"]


def test_setting_note_shows_value_and_effect():
    note = rulebook.setting_note("durak", "transfer", True, "en", "table")
    assert note.startswith("At this table:") and "on" in note and "pass the attack on" in note
    note = rulebook.setting_note("durak", "transfer", False, "sv", "lobby")
    assert note.startswith("Med dina val i lobbyn:") and "– av." in note
    assert "36 kort" in rulebook.setting_note("durak", "deck", 36, "sv", "table")
    assert "ingen gräns" in rulebook.setting_note("dunka", "max_reshuffles", None, "sv", "table")
    assert "5 chips" in rulebook.setting_note("tonk", "stake", 5, "en", "table")
    assert "at most 3 times" in rulebook.effect("dunka", "max_reshuffles", 3, "en")


def test_chrome_texts_in_both_languages():
    keys = [k for k in TEXTS["en"] if k.startswith("rb_")]
    assert len(keys) >= 15
    assert {k for k in TEXTS["sv"] if k.startswith("rb_")} == set(keys)
    for k in keys:
        assert TEXTS["sv"][k].strip() and TEXTS["en"][k].strip()
    assert t("sv", "rb_house") == "Husregel" and t("en", "rb_house") == "House rule"
    assert "game number" in t("en", "rb_fairness") and "kort" in t("sv", "rb_fairness")


def test_unknown_game_has_no_rules_page():
    with pytest.raises(KeyError):
        rulebook.book("poker", "en")
    assert rulebook.book("durak", "fr")[0].heading == rulebook.book("durak", "en")[0].heading


def test_the_page_imports_the_rulebook_only_when_a_rules_page_opens():
    """Boot must not compile the rulebook: no module the page loads at start imports
    game.rulebook or game.web.rules at the top level (App's chrome part imports them on first use)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "game"
    boot = [p.relative_to(root).as_posix() for p in (root / "web").glob("*.py")
            if p.name not in ("rules.py", "teach.py", "sheets.py")]
    for rel in (*boot, "i18n/__init__.py", "session.py"):
        tree = ast.parse((root / rel).read_text(encoding="utf-8"))
        for node in tree.body:
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            assert not any("rulebook" in n or n.endswith("web.rules") for n in names), (rel, names)
    chrome = (root / "web/chrome.py").read_text(encoding="utf-8")
    assert "from game.web.rules import RulesScreen" in chrome  # the lazy import exists


def test_value_label_is_the_lobbys_and_the_rules_pages_words():
    """One function names a setting's value for the lobby's choices and the rules pages."""
    from game.i18n import value_label
    assert value_label("en", "stake", 1) == "1 chip" and value_label("en", "stake", 5) == "5 chips"
    assert value_label("sv", "max_reshuffles", None) == "ingen gräns"
    assert value_label("sv", "deck", 36) == "36 kort"
    assert value_label("en", "transfer", True) == "on" and value_label("sv", "transfer", False) == "av"
    assert value_label("en", "max_reshuffles", 3) == "3"


@pytest.mark.parametrize("lang, words", [
    ("en", ("end only when", "always keep a card to discard", "is not allowed")),
    ("sv", ("slutar först när", "behåller du", "alltid ett kort att kasta", "inte tillåtet"))])
def test_elv_10_going_out_states_the_revised_rule(lang, words):
    """ELV-10 (revised): rounds 1–5 end only with the last card discarded; no meld or
    lay-off may leave the player without a card to discard (the old page said that
    melding every card also ended the round)."""
    page = next(p for p in rulebook.book("elvakort", lang) if p.key == "end")
    assert page.rules == ("ELV-10",) and not page.house
    text = " ".join(page.paragraphs)
    assert all(w in text for w in words), text
    assert "also ends the round" not in text and "avslutar också" not in text
