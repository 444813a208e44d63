"""What the page makes of a lesson link's parameters, and how it words a refused link
(pure: no browser module): a lesson file's path and ``item=``, on/off values, the
``error`` event code and the sentence of a refused setting or position."""

from __future__ import annotations

import re

from ..digits import is_digits
from ..i18n import t
from ..positions.model import shorten
from ..url_params import OtherGameSetting, ParamTwice
from .teach_words import spoken

_FILE = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_./-]{0,150}\.json$")


def safe_file_path(text: str | None) -> str | None:
    """``text`` when it is a same-origin relative path to a ``.json`` file at or below the
    page's folder (letters, digits, ``_ - . /``; no scheme, no leading ``/``, no ``//``, no
    ``..`` segment, no ``\\``); else ``None``.

    >>> safe_file_path("static/examples/durak.json")
    'static/examples/durak.json'
    >>> safe_file_path("../secret.json") is None and safe_file_path("//x.org/a.json") is None
    True
    """
    if not isinstance(text, str):
        return None
    value = text.strip()
    if not _FILE.match(value) or "//" in value:
        return None
    if any(part in ("..", ".") or part == "" for part in value.split("/")):
        return None
    return value


def item_index(text, count: int) -> int | None:
    """The 0-based index of the lesson ``item=`` names in a file of ``count`` lessons
    (``None`` or empty: the first), or ``None`` when it is not a whole number from 1 to
    ``count`` (the page then refuses the link, naming ``count``).

    >>> item_index("2", 3), item_index(None, 3), item_index("5", 3), item_index("x", 3)
    (1, 0, None, None)
    """
    value = "1" if text is None else str(text).strip() or "1"
    if not is_digits(value) or len(value) > 4 or not 0 < int(value) <= count:
        return None
    return int(value) - 1


def setting_text(lang: str, exc: Exception) -> str:
    """A ``SettingError`` as the page says it for a bad link (``url_bad_value``, the
    allowed values or ``url_range``), in ``lang``; a parameter given more than once
    (``url_params.ParamTwice``) as ``url_twice``; another game's setting
    (``url_params.OtherGameSetting``) as ``url_other_game``; a setting that needs more players
    (``SettingNeedsPlayers``, DUR-11) as ``url_needs_players``; any other error as
    ``str(exc)``. Several refused settings (``engine.SettingErrors``): one line each,
    "• " before it."""
    many = getattr(exc, "errors", None)
    if many:   # a line each: a value's own line breaks (%0A in a link) are spaces here
        return "\n".join("• " + " ".join(setting_text(lang, one).splitlines())
                         for one in many)
    setting = getattr(exc, "setting", None)
    if isinstance(exc, ParamTwice):
        return t(lang, "url_twice", setting=setting, n=len(exc.values),
                 values=", ".join(shorten(str(v), 40) for v in exc.values))
    if isinstance(exc, OtherGameSetting):
        return t(lang, "url_other_game", setting=setting, game=t(lang, f"game_{exc.game}"))
    allowed = getattr(exc, "allowed", None)
    if setting is None or allowed is None:
        return str(exc)
    low = getattr(exc, "low", None)
    if isinstance(low, int):
        return t(lang, "url_needs_players", label=t(lang, f"set_{setting}"), setting=setting,
                 low=low, players=getattr(exc, "players", "?"))
    if isinstance(allowed, range):
        shown = t(lang, "url_range", low=allowed.start, high=allowed.stop - 1)
    else:
        shown = ", ".join("none" if a is None else str(a) for a in allowed)
    return t(lang, "url_bad_value", setting=setting, value=shorten(str(exc.value), 80), allowed=shown)


def error_code(exc: Exception) -> str:
    """The ``error`` event code of a refused link/message: ``position_<code>`` for a
    ``PositionError``, ``setting_<name>`` for a ``SettingError``, else ``bad_message``."""
    code = getattr(exc, "code", None)
    if code and type(exc).__name__ == "PositionError":
        return f"position_{code}"
    setting = getattr(exc, "setting", None)
    if setting:
        return f"setting_{setting}"
    return "bad_message"



def refusal_text(lang: str, exc: Exception) -> str:
    """A refused position (``position_<code>`` with its cards and suits spoken; the
    English ``str(exc)`` for a code without a text) or setting (``setting_text``) in
    ``lang``."""
    code = getattr(exc, "code", None)
    if code and type(exc).__name__ == "PositionError":
        key = f"position_{code}"
        text = t(lang, key, **spoken(lang, getattr(exc, "params", {}) or {}))
        return text if text != key else str(exc)
    return setting_text(lang, exc)
