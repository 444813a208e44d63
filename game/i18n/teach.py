"""Texts of the teach feature in Swedish and English (filled by its module's author)."""

TEXTS: dict[str, dict[str, str]] = {
    "sv": {},
    "en": {},
}
