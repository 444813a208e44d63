"""A lesson's and a hint's words (pure: no browser module): engine action texts and hint
codes as sentences in the page's language, a prompt in it, meld symbols, the usual seat
names of a position without ``names=``."""

from __future__ import annotations

import re
from typing import Any

from ..digits import is_digits
from ..i18n import card_name, cards_names, t
from .markup import SUIT_SYMBOL, card_index

CARD = re.compile(r"^(10|[2-9JQKA])[SHDC](\.\d)?$|^JK(\.\d)?$", re.I)


def seat_names(lang: str, n: int, human: int) -> list[str]:
    """The page's usual names for a position without ``names=``: "Du"/"You" for the
    learner, "Dator 1"/"Computer 1", ... for the others in seat order (as a normal game
    names them)."""
    out, bot = [], 0
    for seat in range(n):
        if seat == human:
            out.append(t(lang, "you"))
        else:
            bot += 1
            out.append(t(lang, "bot_name", n=bot))
    return out


def meld_short(cards: list[str]) -> str:
    """A meld's cards as short symbols: ``["7S", "JK.1=7"]`` -> ``"7♠ ★"``."""
    return " ".join(card_index(c) for c in cards)


def action_words(lang: str, text: str, melds: dict[int, list[str]] | None = None,
                 game: str | None = None) -> str:
    """An engine action text in words, lower-case, to follow "to"/"att": ``"beat 10H 9H"``
    -> "beat the nine of hearts with the ten of hearts". ``melds`` maps a meld/spread id to
    its cards, so that "layoff 5C m2" can name the meld by its cards. ``game`` (a game
    id) names the claim by its own button: Dunka's "Dunka!" (DUN-7), Elvakort's "Take it"
    (ELV-6). Unknown texts come back as "play “text”"."""
    words = str(text).split()
    if not words:
        return t(lang, "act_other", text="")
    verb, args = words[0].lower(), words[1:]
    cards = [a for a in args if CARD.match(a.split("=")[0])]

    def meld_name(token: str) -> str:
        digits = token.lower().lstrip("ms")
        if is_digits(digits) and len(digits) <= 6 and melds and int(digits) in melds:
            return meld_short(melds[int(digits)])
        return digits or token

    if verb in ("attack", "throw", "transfer", "discard", "spread") and cards \
            and len(cards) == len(args):
        return t(lang, f"act_{verb}", cards=cards_names(lang, cards))
    if verb == "beat" and len(cards) == 2 == len(args):
        return t(lang, "act_beat", card=card_name(lang, cards[0]),
                 target=card_name(lang, cards[1]))
    if verb == "draw" and args and args[0].lower() in ("stock", "pile"):
        return t(lang, f"act_draw_{args[0].lower()}")
    if verb == "meld" and args:
        groups = [g.split() for g in " ".join(args).split("/")]
        return t(lang, "act_meld", melds="; ".join(meld_short(g) for g in groups if g))
    if verb in ("layoff", "replace") and len(args) >= 2 and cards:
        return t(lang, f"act_{verb}", card=card_name(lang, args[0]), meld=meld_name(args[1]))
    if verb == "hit" and len(args) == 2 and cards:
        return t(lang, "act_hit", card=card_name(lang, args[0]), spread=meld_name(args[1]))
    if verb == "dunk" and not args and game == "elvakort":
        return t(lang, "act_dunk_elvakort")
    if verb in ("take", "done", "exchange", "dunk", "pass", "knock", "end", "next") \
            and not args:
        return t(lang, f"act_{verb}")
    return t(lang, "act_other", text=str(text)[:80])


def spoken(lang: str, params: dict) -> dict:
    """Message ``params`` as a sentence says them: a card (``"QS"``) or a list of cards by
    name, a suit letter by its name; other values unchanged."""
    out = {}
    for k, v in (params or {}).items():
        if isinstance(v, str) and CARD.match(v):
            out[k] = card_name(lang, v)
        elif isinstance(v, str) and v in SUIT_SYMBOL:
            out[k] = t(lang, f"suit_{v}")
        elif isinstance(v, (list, tuple)) and v and all(isinstance(c, str) and CARD.match(c)
                                                          for c in v):
            out[k] = cards_names(lang, list(v))
        else:
            out[k] = v
    return out


def why_text(lang: str, hint: dict | None) -> str:
    """The why-sentence of a hint (``hint_<code>`` with its params spoken), or ``""``."""
    code = (hint or {}).get("code")
    if not code:
        return ""
    key = f"hint_{code}"
    text = t(lang, key, **spoken(lang, hint.get("params") or {}))
    if text == key:
        return ""
    return capital(text)


def hint_texts(lang: str, hint: dict | None, melds=None,
               game: str | None = None) -> tuple[str, str]:
    """``(move, why)`` of ``Session.hint()``'s answer for the page: "Hint: take the cards."
    and the why-sentence (or ``""``); ``(t("teach_hint_none"), "")`` for ``None``.
    ``melds`` and ``game`` as for ``action_words``."""
    if not hint:
        return t(lang, "teach_hint_none"), ""
    move = t(lang, "teach_hint_shown", move=action_words(lang, hint["action"], melds, game))
    return move, why_text(lang, hint)


def prompt_text(prompt: Any, lang: str) -> str:
    """A prompt given as text or as ``{"sv": ..., "en": ...}`` in ``lang`` (falling back to
    the other language); ``""`` for none."""
    if isinstance(prompt, dict):
        value = prompt.get(lang) or prompt.get("en") or prompt.get("sv") or ""
        return str(value)[:300]
    return str(prompt)[:300] if prompt else ""


def capital(text: str) -> str:
    """``text`` with its first letter upper case."""
    return text[:1].upper() + text[1:]


