"""Texts of the browser's storage (issue 32): a write the browser refused (its storage for
this site is full), freeing space, the backups kept in the lobby, a new game that would
replace one in progress while nothing can be kept.
``TEXTS = {"sv": {...}, "en": {...}}``, merged by ``game.i18n``."""

TEXTS = {
    "sv": {
        "storage_full": "Det gick inte att spara: webbläsarens lagring för den här webbplatsen "
                        "är full (den delas med andra sidor på samma adress). Spelet fortsätter "
                        "i den här fliken, men det som inte sparats försvinner om du stänger "
                        "den. Frigör plats genom att ta bort sidans gamla reservkopior och "
                        "avslutade resultat, eller ladda ner allt först.",
        "storage_free": "Frigör plats",
        "storage_free_ask": "Ta bort {backups} reservkopior och {records} avslutade resultat "
                            "({kb} kB)? De går inte att få tillbaka, men du kan ladda ner "
                            "allt först.",
        "storage_free_go": "Ta bort",
        "storage_unsaved_btn": "⚠ Ej sparat",
        "kept_two": "Två oavslutade {game}-spel finns redan sparade, så inget lades undan. "
                    "Fortsätt eller avsluta ett av dem först.",
        "storage_download": "Ladda ner allt",
        "storage_saved_again": "Allt är sparat igen.",
        "storage_freed": "Borttaget: {backups} reservkopior och {records} avslutade resultat "
                         "({kb} kB).",
        "storage_still_full": "Lagringen är fortfarande full: resten används av andra sidor på "
                              "samma adress (Kortbordet använder {kb} kB). Spelet fortsätter "
                              "i den här fliken; ladda ner det för att inte förlora det.",
        "storage_link_kept": "Lagringen är full, så spelet du har igång ({now}) kunde inte "
                             "sparas undan. Länkens spel ({game}) startades inte, så inget "
                             "gick förlorat.",
        "storage_link_anyway": "Starta {game} ändå (förlora {now})",
        "backups_title": "Reservkopior",
        "backups_text": "{n} reservkopior av data som inte gick att läsa ({kb} kB). De "
                        "{limit} senaste sparas.",
        "backups_download": "Ladda ner reservkopiorna",
        "backups_delete": "Ta bort reservkopiorna",
        "backups_confirm": "Ta bort {n} reservkopior? De går inte att få tillbaka.",
        "backups_deleted": "Reservkopiorna är borttagna.",
    },
    "en": {
        "storage_full": "Could not save: the browser's storage for this site is full (it is "
                        "shared with other pages at the same address). The game goes on in "
                        "this tab, but what is not saved is lost if you close it. Free space "
                        "by deleting the page's old backups and finished records, or download "
                        "everything first.",
        "storage_free": "Free space",
        "storage_free_ask": "Delete {backups} backups and {records} finished records ({kb} "
                            "kB)? They cannot be brought back, but you can download "
                            "everything first.",
        "storage_free_go": "Delete",
        "storage_unsaved_btn": "⚠ Not saved",
        "kept_two": "Two unfinished {game} games are kept already, so nothing was put aside. "
                    "Resume or finish one of them first.",
        "storage_download": "Download everything",
        "storage_saved_again": "Everything is saved again.",
        "storage_freed": "Deleted: {backups} backups and {records} finished records ({kb} kB).",
        "storage_still_full": "The storage is still full: the rest is used by other pages at "
                              "the same address (Kortbordet uses {kb} kB). The game goes on "
                              "in this tab; download it so as not to lose it.",
        "storage_link_kept": "The storage is full, so the game you have going ({now}) could "
                             "not be put aside. The link's game ({game}) was not started, so "
                             "nothing was lost.",
        "storage_link_anyway": "Start {game} anyway (lose {now})",
        "backups_title": "Backups",
        "backups_text": "{n} backups of data that could not be read ({kb} kB). The {limit} "
                        "newest are kept.",
        "backups_download": "Download the backups",
        "backups_delete": "Delete the backups",
        "backups_confirm": "Delete {n} backups? They cannot be brought back.",
        "backups_deleted": "The backups are deleted.",
    },
}

TEXTS["sv"].update({
    "tab_moved": "Spelet ({game}) fortsatte i en annan flik: här visas det som det är nu.",
    "tab_moved_lost": "Spelet ({game}) hade fortsatt i en annan flik, så ditt senaste drag "
                      "här sparades inte: här visas spelet som det är nu.",
    "parked_resume": "Fortsätt {game} från {day}",
    "parked_resume_undated": "Fortsätt {game}",
    "confirm_replace_parked": "Du har ett oavslutat {game}-spel från {day} sparat. Ett nytt "
                              "{game}-spel ersätter det. Starta ändå?",
    "storage_aside_failed": "Lagringen är full, så ditt pågående {game}-spel kunde inte "
                            "sparas undan. Inget nytt startades.",
})
TEXTS["en"].update({
    "tab_moved": "The game ({game}) went on in another tab: this tab shows it as it is now.",
    "tab_moved_lost": "The game ({game}) had gone on in another tab, so your last move here "
                      "was not saved: this tab shows the game as it is now.",
    "parked_resume": "Resume {game} from {day}",
    "parked_resume_undated": "Resume {game}",
    "confirm_replace_parked": "You have an unfinished {game} game from {day} saved. A new "
                              "{game} game replaces it. Start anyway?",
    "storage_aside_failed": "The storage is full, so your {game} game in progress could not "
                            "be put aside. Nothing new was started.",
})
