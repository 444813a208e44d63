"""Texts of the table's layout (issue 11): the drawer that holds a table's side panels on a
narrow screen, the scrolling middle of the table and Durak's last bout, shown until the
next bout starts. ``TEXTS = {"sv": {...}, "en": {...}}``, merged by ``game.i18n``."""

TEXTS = {
    "sv": {
        "tbl_panels_open": "Poäng och mer",
        "tbl_panels_close": "Stäng",
        "tbl_panels_label": "Poäng, historik och inställningar",
        "tbl_middle": "Mitten av bordet",
        "dur_last_bout_discarded": "Förra utspelet, nu i slänghögen",
        "dur_last_bout_taken": "Förra utspelet, upptaget av {name}",
        "dur_last_bout_taken_you": "Förra utspelet, som du tog upp",
    },
    "en": {
        "tbl_panels_open": "Scores & more",
        "tbl_panels_close": "Close",
        "tbl_panels_label": "Scores, history and settings",
        "tbl_middle": "Middle of the table",
        "dur_last_bout_discarded": "Last bout, now on the discard pile",
        "dur_last_bout_taken": "Last bout, taken by {name}",
        "dur_last_bout_taken_you": "Last bout, which you took",
    },
}
