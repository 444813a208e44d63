"""Words a player meets (issue 32): no page says "seed" (en) or "frö" (sv); the number
that gives a game's deals is the "game number" / "spelnummer". Every text of the page
(``game.i18n.TEXTS``), every rules page (``game.rulebook``: paragraphs, examples' captions,
settings' effects) and the example teaching page with its lessons are read; identifiers
and URL parameter names (``?seed=``, ``data-seed``, the position field ``seed=``) stay."""

from __future__ import annotations

import dataclasses
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from game import rulebook
from game.i18n import TEXTS, t

ROOT = Path(__file__).resolve().parent.parent
BANNED = {"en": re.compile(r"\bseeds?\b", re.I),
          "sv": re.compile(r"\bseeds?\b|\bfrö(n|et|na)?\b", re.I)}


def strings(obj):
    """Every string inside ``obj`` (dicts' values, lists, tuples, dataclasses)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, (list, tuple, set)):
        for v in obj:
            yield from strings(v)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            if f.name not in ("key", "rules", "setting"):   # identifiers
                yield from strings(getattr(obj, f.name))


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("script", "style")
        self.out += [v for k, v in attrs if k in ("title", "aria-label", "alt", "placeholder") and v]

    def handle_endtag(self, tag):
        self.skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def test_no_text_of_the_page_says_seed():
    for lang, pattern in BANNED.items():   # (a field to fill in, "{seed}", is no word)
        said = [(k, v) for k, v in TEXTS[lang].items()
                if pattern.search(re.sub(r"\{\w*\}", "", v))]
        assert said == [], said
    assert "game number" in t("en", "result_seed") and "spelnummer" in t("sv", "result_seed")
    assert "Game number" in t("en", "tk_result_seed") and "Spelnummer" in t("sv", "tk_result_seed")
    assert "game number" in t("en", "rb_fairness") and "spelnummer" in t("sv", "rb_fairness")


def test_no_rules_page_says_seed():
    for game in rulebook.GAMES:
        for section in rulebook.sections(game):
            for lang, pattern in BANNED.items():
                texts = [section.text[lang], [ex.caption[lang] for ex in section.examples],
                         (section.effects or {}).get(lang, {})]
                said = [s for s in strings(texts) if pattern.search(s)]
                assert said == [], (game, section.key, said)


def test_the_example_teaching_page_and_its_lessons_say_no_seed():
    page = _Text()
    page.feed((ROOT / "static/examples/teach.html").read_text(encoding="utf-8"))
    visible = " ".join(page.out)
    assert not BANNED["en"].search(visible) and not BANNED["sv"].search(visible)
    for path in sorted((ROOT / "static/examples").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        lessons = data if isinstance(data, list) else [data]
        for lesson in lessons:
            prompt = lesson.get("prompt") or {}
            for lang, pattern in BANNED.items():
                text = prompt.get(lang, "") if isinstance(prompt, dict) else prompt
                assert not pattern.search(text), (path.name, text)
