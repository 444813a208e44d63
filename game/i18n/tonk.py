"""Tonk's texts in Swedish and English (rules/tonk.md): ``TEXTS[lang][key]``."""

TEXTS: dict[str, dict[str, str]] = {
    "sv": {
        "tonk_knock": "Knacka",
    },
    "en": {
        "tonk_knock": "Knock",
    },
}
