"""Every IllegalAction reason code the engines raise has a sentence in both languages
(issue 6 "Why not?"; the page shows it when a move is refused)."""

import re
from pathlib import Path

from game.i18n import TEXTS, reason

GAME = Path(__file__).resolve().parents[1] / "game"
CODE = re.compile(r'(?:IllegalAction|err)\(\s*"([a-z_0-9]+)"')


def all_codes() -> dict[str, str]:
    codes = {}
    for path in GAME.rglob("*.py"):  # packages (game/rummy/, game/positions/) too
        for match in CODE.finditer(path.read_text(encoding="utf-8")):
            codes[match.group(1)] = path.name
    return codes


def test_codes_are_found():
    codes = all_codes()
    assert {"cannot_beat", "must_draw_first", "card_not_in_hand", "must_keep_discard"} <= set(codes)


def test_every_reason_code_has_a_sentence_in_both_languages():
    missing = [f"{code} ({where}) {lang}" for code, where in sorted(all_codes().items())
               for lang in ("sv", "en") if f"why_{code}" not in TEXTS[lang]]
    assert not missing, "reason codes without a text: " + ", ".join(missing)


def test_reason_sentences_fill_their_card_parameters():
    text = reason("sv", "no_joker_for_card", {"card": "9S"})
    assert "spader nia" in text and "{" not in text


POSITION_CODE = re.compile(r'PositionError\(\s*"([a-z_0-9]+)"')


def test_every_position_refusal_and_hint_code_has_a_sentence_in_both_languages():
    from game.hints import HINT_CODES
    codes = {m.group(1) for path in GAME.rglob("*.py")
             for m in POSITION_CODE.finditer(path.read_text(encoding="utf-8"))}
    assert {"too_long", "card_twice", "expect_illegal"} <= codes
    keys = [f"position_{c}" for c in codes] + [f"hint_{c}" for c in HINT_CODES]
    missing = [f"{k} {lang}" for k in sorted(keys) for lang in ("sv", "en")
               if k not in TEXTS[lang]]
    assert not missing, "codes without a text: " + ", ".join(missing)


def test_the_rummy_games_say_the_twin_of_the_card_just_taken_is_barred_too():
    """The house rule ``discard_just_taken`` bars the card taken from the pile and its twin
    from the other deck (game.rummy.state): Dunka and Elvakort say so (a new user held
    two aces of diamonds and was told only of "the card you just took"); Tonk, one deck,
    does not."""
    from game.i18n import reason
    for game in ("dunka", "elvakort"):
        assert "twin" in reason("en", "discard_just_taken", {}, "", game)
        assert "tvilling" in reason("sv", "discard_just_taken", {}, "", game)
    assert "twin" not in reason("en", "discard_just_taken", {}, "", "tonk")
