"""The rules pages' content: every game's rules in Swedish and English, as data.

Written for this project from ``rules/*.md`` (the spec with its rule ids); the original
rule sheets are not quoted. Each game module (``durak``, ``dunka``, ``elvakort``, ``tonk``)
defines ``SECTIONS``, a list of ``Section`` with the texts of both languages side by side,
so both languages always hold the same sections in the same order.

``book(game, lang) -> list[Page]`` gives one language's sections in reading order. A
section names the rule ids it covers (``DUR-13``), may be a house rule (``house=True``:
decided by the project where the rule sheet is silent), may name a setting of the game's
``Rules`` whose current value and its effect are shown next to it (``setting="transfer"``),
and may carry small examples in the engine's card notation (``game.cards``); a group that
starts with ``set`` or ``run`` is a meld in ``game.melds`` notation (``run 4H 5H JK=6H 7H``).
Paragraphs may name cards inline as ``[10H]``, drawn as small cards by the page.

Pure Python: no browser imports; imported by ``game.web.rules`` only when a rules page is
opened, so the page's boot does not compile it.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field

from game.url_params import url_value as value_key  # effects are keyed by a value's URL form

GAMES = ("durak", "dunka", "elvakort", "tonk")
"""The games with a rules page, in lobby order."""

INLINE_CARD = re.compile(r"\[([0-9JQKA]{1,2}[SHDC]|JK)\]")
"""An inline card in a paragraph: ``[10H]``, ``[QS]``, ``[JK]``."""


@dataclass(frozen=True)
class Example:
    """A small illustrated example.

    Attributes:
        groups: card groups drawn side by side; each is space-separated card notation
            (``"8H 8C"``), a meld written ``"set 7S 7H JK=7"`` / ``"run 4H 5H JK=6H 7H"``,
            or an attack card with the card laid on it, ``"beat 7H 10H"`` (Durak).
        caption: ``{"sv": ..., "en": ...}``, what the example shows.
        allowed: False for an example of what the rules forbid (drawn crossed out and
            labelled "not allowed"; a forbidden meld must be invalid under the game's rules).
    """

    groups: tuple[str, ...]
    caption: dict[str, str]
    allowed: bool = True


@dataclass(frozen=True)
class Section:
    """One section of a rules page, in both languages.

    Attributes:
        key: stable id (``"transfer"``), also the page anchor.
        rules: the spec's rule ids this section covers (``("DUR-13",)``), possibly empty.
        text: ``{"sv": (heading, [paragraph, ...]), "en": (...)}``.
        examples: small examples, drawn after the paragraphs.
        house: True when the section is a house rule of the project.
        setting: the name of a ``Rules`` setting whose current value is shown, or None.
        effects: ``{"sv": {value_key: sentence}, "en": {...}}``, the effect of each value
            (``value_key`` from ``value_key()``; ``"*"`` is any value, ``{value}`` filled in).
    """

    key: str
    rules: tuple[str, ...]
    text: dict[str, tuple[str, list[str]]]
    examples: tuple[Example, ...] = ()
    house: bool = False
    setting: str | None = None
    effects: dict[str, dict[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Page:
    """One section in one language, ready to draw: ``heading``, ``paragraphs``,
    ``examples`` as ``[(groups, caption, allowed)]`` and the section's metadata."""

    key: str
    heading: str
    rules: tuple[str, ...]
    paragraphs: list[str]
    examples: list[tuple[tuple[str, ...], str, bool]]
    house: bool
    setting: str | None


def sections(game: str) -> list[Section]:
    """Every section of ``game``'s rules, in reading order. Raises ``KeyError`` for a game
    without a rules page."""
    if game not in GAMES:
        raise KeyError(game)
    return list(importlib.import_module(f"{__name__}.{game}").SECTIONS)


def book(game: str, lang: str) -> list[Page]:
    """``game``'s rules in ``lang`` (``"sv"`` or ``"en"``; anything else reads English).
    Raises ``KeyError`` for an unknown game."""
    lang = lang if lang in ("sv", "en") else "en"
    out = []
    for s in sections(game):
        heading, paragraphs = s.text[lang]
        out.append(Page(s.key, heading, s.rules, list(paragraphs),
                        [(ex.groups, ex.caption[lang], ex.allowed) for ex in s.examples],
                        s.house, s.setting))
    return out


def effect(game: str, setting: str, value, lang: str) -> str:
    """The sentence telling what ``value`` of ``setting`` means at the table (taken from
    the section that names ``setting``); empty when no section does."""
    lang = lang if lang in ("sv", "en") else "en"
    for s in sections(game):
        if s.setting == setting and s.effects:
            table = s.effects[lang]
            text = table.get(value_key(value), table.get("*", ""))
            return text.format(value=value)
    return ""


def setting_note(game: str, setting: str, value, lang: str, where: str) -> str:
    """The line shown under a section with a setting, e.g. "At this table: Transfer: on.
    The defender may pass the attack on." ``where``: ``"table"`` (the running game's rules)
    or ``"lobby"`` (the settings chosen in the lobby)."""
    from game.i18n import t, value_label
    head = t(lang, "rb_at_table" if where == "table" else "rb_in_lobby")
    line = t(lang, "rb_setting_value", where=head, setting=t(lang, f"set_{setting}"),
             value=value_label(lang, setting, value))
    more = effect(game, setting, value, lang)
    return f"{line} {more}".strip()


# ------------------------------------------------------------------ authoring helpers

def sec(key: str, rules: tuple[str, ...], en: tuple[str, list[str]], sv: tuple[str, list[str]],
        examples: tuple[Example, ...] = (), house: bool = False, setting: str | None = None,
        effects: dict[str, tuple[str, str]] | None = None) -> Section:
    """A ``Section`` from its English and Swedish texts; ``effects`` as
    ``{value_key: (english, swedish)}``."""
    fx = {"en": {}, "sv": {}}
    for k, (e, s) in (effects or {}).items():
        fx["en"][k], fx["sv"][k] = e, s
    return Section(key, tuple(rules), {"en": en, "sv": sv}, tuple(examples), house, setting,
                   fx if effects else {})


def ex(groups: str | tuple[str, ...], en: str, sv: str, allowed: bool = True) -> Example:
    """An ``Example``; ``groups`` is one group or a tuple of them."""
    return Example((groups,) if isinstance(groups, str) else tuple(groups),
                   {"en": en, "sv": sv}, allowed)
