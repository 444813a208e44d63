"""Swedish and English texts of the page (sv is a first-class language).

``sv.TEXTS`` and ``en.TEXTS`` hold the shared texts and Durak's; each other game keeps its
texts in its own module (``dunka``, ``tonk``, ``sheets``, ``rules``, ``positions``,
``teach``, ``turns``, each ``TEXTS = {"sv": {...}, "en": {...}}``), merged here. Both languages hold the same keys (a test checks it). Texts are plain strings
with ``str.format`` fields; the page inserts them with ``textContent`` only.
Pure Python: no browser imports, so it is tested in CPython.
"""

from __future__ import annotations

from . import (dunka, en, people, positions, rules, sheets, storage, sv, table, teach, tonk,
               turns)

LANGS = ("sv", "en")
_PARTS = (dunka, tonk, sheets, rules, positions, teach, table, people, turns, storage)
TEXTS = {lang: {**base.TEXTS, **{k: v for part in _PARTS for k, v in part.TEXTS[lang].items()}}
         for lang, base in (("sv", sv), ("en", en))}
RANK_KEYS = {"2": "rank_2", "3": "rank_3", "4": "rank_4", "5": "rank_5", "6": "rank_6",
             "7": "rank_7", "8": "rank_8", "9": "rank_9", "10": "rank_10", "J": "rank_J",
             "Q": "rank_Q", "K": "rank_K", "A": "rank_A"}
SUIT_KEYS = {"S": "suit_S", "H": "suit_H", "D": "suit_D", "C": "suit_C"}


def pick_lang(value: str | None) -> str:
    """The language for a browser language tag or a saved choice: ``sv*`` -> Swedish,
    anything else (or nothing) -> English."""
    return "sv" if (value or "").strip().lower().startswith("sv") else "en"


def t(lang: str, key: str, /, **params) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in; English, then the key itself,
    when missing (never raises for a missing parameter)."""
    table = TEXTS.get(lang, TEXTS["en"])
    text = table.get(key, TEXTS["en"].get(key, key))
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def value_label(lang: str, setting: str, value) -> str:
    """A rules setting's value in words, as the lobby's choices and the rules pages show it:
    ``None`` -> "ingen gräns" / "no limit", ``True``/``False`` -> "på"/"av", a stake in
    chips ("1 chip", "5 chips"), Durak's ``throw_in`` and ``deck`` ("36 kort"), the series
    length; any other value as ``str(value)``."""
    if value is None:
        return t(lang, "no_limit")
    if value is True or value is False:
        return t(lang, "rb_on" if value else "rb_off")
    if setting == "stake":
        return t(lang, "tk_chips_1") if value == 1 else t(lang, "chips_n", n=value)
    if setting == "throw_in":
        return t(lang, f"throw_in_{value}")
    if setting == "deck":
        return t(lang, "deck_n", n=value)
    if setting == "series_length":
        return t(lang, f"series_{value}")
    return str(value)

def card_name(lang: str, card: str) -> str:
    """The spoken name of a card in notation: ``"QS"`` -> "spader dam" / "queen of spades";
    ``"back"`` -> "nedvänt kort" / "face-down card"; ``"JK.1"`` -> "joker";
    ``"JK=9S"`` -> "joker som spader nio" / "joker as nine of spades"."""
    if card == "back":
        return t(lang, "card_back")
    if card.startswith("JK"):  # a joker, in a meld written with what it stands for
        stands = card.split("=", 1)[1] if "=" in card else ""
        if not stands:
            return t(lang, "card_joker")
        shown = card_name(lang, stands) if stands[-1:] in SUIT_KEYS else \
            t(lang, RANK_KEYS.get(stands, "card_joker"))
        return t(lang, "card_joker_as", card=shown)
    body = card.split(".")[0]
    rank, suit = body[:-1], body[-1:]
    if rank not in RANK_KEYS or suit not in SUIT_KEYS:
        return card
    return t(lang, "card_name", rank=t(lang, RANK_KEYS[rank]), suit=t(lang, SUIT_KEYS[suit]))


def cards_names(lang: str, cards) -> str:
    """Several card names joined for a sentence ("spader dam och hjärter tio")."""
    return listed(lang, [card_name(lang, c) for c in cards])


def listed(lang: str, items: list[str]) -> str:
    """Texts joined for a sentence: "a", "a and b", "a, b and c" ("a, b och c")."""
    if len(items) <= 1:
        return "".join(items)
    return t(lang, "list_and", first=", ".join(items[:-1]), last=items[-1])


GAME_REASONS = {"elvakort": "elv_", "dunka": "dk_"}
"""Games that word some reasons their own way: ``<prefix>why_<code>`` is used when it
exists (Elvakort takes a discard out of turn where Dunka dunks, ELV-6; with two decks the
card just taken has a twin that may not be discarded either)."""


def reason(lang: str, code: str, params: dict | None = None, fallback: str = "",
           game: str = "") -> str:
    """A sentence for an ``IllegalAction`` code; card parameters are spoken as names.
    ``game``: the game played, for the reasons it words its own way (``GAME_REASONS``)."""
    params = dict(params or {})
    for k in ("card", "target"):
        if isinstance(params.get(k), str):
            params[k] = card_name(lang, params[k])
    if "trump" in params and params["trump"] in SUIT_KEYS:
        params["trump"] = t(lang, SUIT_KEYS[params["trump"]])
    key = "why_" + code
    if GAME_REASONS.get(game, "\0") + key in TEXTS["en"]:
        key = GAME_REASONS[game] + key
    if key in TEXTS["en"]:
        text = t(lang, key, **params)
    else:
        text = t(lang, "why_illegal") + (f" ({fallback})" if fallback else "")
    return text[:1].upper() + text[1:]
