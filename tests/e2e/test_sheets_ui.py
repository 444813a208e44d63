"""Scoresheets for table play (Playwright, Chromium): typed in, validated, saved as typed,
reloaded, printed on one A4 page, exported, and a bad imported file refused with nothing
lost. Uses conftest.py's fixtures (console errors and foreign requests fail a test)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from browser_harness import open_game
from durak_driver import tap

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.scoresheet import read_file  # noqa: E402

SHEETS = "kortbordet.v1.sheets"


def new_sheet(page, site, game="dunka", names=("Anna", "Bo", "Cia"), boot=True):
    """A new sheet in its editor: after a boot (``?lang=en``), or, ``boot=False``, from
    the sheets screen of the booted page (the open editor closed first). The newest sheet
    is the first one stored."""
    if boot:
        open_game(page, site.url + "?lang=en")
        page.locator("[data-ui=sheets]").click()
    else:
        close = page.locator("#sheet-editor [data-ui=sheet-close]")
        if close.count():
            close.click()
        page.locator("#sheet-game").wait_for()
    page.select_option("#sheet-game", game)
    page.select_option("#sheet-count", str(len(names)))
    for i, name in enumerate(names):
        page.fill(f"#sheet-name-{i}", name)
    page.locator("[data-ui=sheet-create]").click()
    page.wait_for_selector("#sheet-editor")


def cell(page, r, s):
    return page.locator(f"[data-cell='{r},{s}']")


def test_points_are_validated_saved_as_typed_and_survive_a_reload(page, site):
    """One boot, three sheets: Dunka points validated, saved as typed and reloaded; then
    an Elvakort sheet (check_elvakort_...) and points typed key by key (check_points_...)."""
    new_sheet(page, site)
    assert cell(page, 1, 0).is_disabled()          # round 2 waits for round 1
    for s, v in enumerate(["5", "0", "25"]):
        cell(page, 0, s).fill(v)
    assert not cell(page, 1, 0).is_disabled()
    cell(page, 1, 0).fill("-5")                      # Dunka points are never negative
    assert "negative" in page.locator("#sheet-error").inner_text()
    cell(page, 1, 1).fill("3.5")
    assert "whole number" in page.locator("#sheet-error").inner_text()
    cell(page, 1, 1).fill("900")                     # no round of Dunka gives that many
    assert "at most 860 points" in page.locator("#sheet-error").inner_text()
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SHEETS}')"))["sheets"][0]
    assert saved["cells"][0] == [5, 0, 25] and saved["cells"][1] == [None, None, None]
    cell(page, 1, 0).fill("10")
    totals = page.eval_on_selector_all("[data-total]", "els => els.map(e => e.firstChild.textContent)")
    assert totals == ["15", "0", "25"]
    open_game(page, page.url, reload=True)
    page.locator("[data-ui=sheets]").click()
    page.locator("[data-ui=sheet-open]").first.click()
    assert cell(page, 0, 2).input_value() == "25" and cell(page, 1, 0).input_value() == "10"
    check_elvakort_sheet_takes_negative_points_and_highest_leads(page, site)
    check_points_typed_key_by_key(page, site)


def check_elvakort_sheet_takes_negative_points_and_highest_leads(page, site):
    new_sheet(page, site, "elvakort", ("A", "B"), boot=False)
    cell(page, 0, 0).fill("-20")
    cell(page, 0, 1).fill("65")
    lead = page.locator("[data-total].lead")
    assert lead.count() == 1 and lead.get_attribute("data-total") == "1"


def check_points_typed_key_by_key(page, site):
    """Issue 13: what a person types on the way to a number ('-', '3.') is no error, and
    '3.5' typed key by key is refused without leaving its 3 stored (fill() sets a value at
    once and never saw this)."""
    new_sheet(page, site, "elvakort", ("A", "B"), boot=False)
    cell(page, 0, 0).press_sequentially("-")
    assert page.locator("#sheet-error").inner_text() == ""
    cell(page, 0, 0).press_sequentially("15")
    cell(page, 0, 1).press_sequentially("3.5")
    assert "whole number" in page.locator("#sheet-error").inner_text()
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SHEETS}')"))["sheets"][0]
    assert saved["cells"][0] == [-15, None]
    cell(page, 0, 1).fill("")
    cell(page, 0, 1).press_sequentially("40")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SHEETS}')"))["sheets"][0]
    assert saved["cells"][0] == [-15, 40] and page.locator("#sheet-error").inner_text() == ""


def check_print_is_one_a4_page_with_the_six_rounds(page, site):
    new_sheet(page, site, boot=False)
    cell(page, 0, 0).fill("5")
    # (a statement list, so that Playwright does not call the function it evaluates to)
    page.evaluate("window.printed = 0; window.print = () => { window.printed += 1 }; 0")
    page.locator("[data-ui=sheet-print]").click()
    assert page.evaluate("window.printed") == 1
    page.emulate_media(media="print")
    area = page.locator("#print-area .print-sheet")
    assert area.is_visible() and not page.locator("#sheet-editor").is_visible()
    assert area.locator("tbody tr").count() == 6
    assert area.locator("thead th").all_inner_texts()[2:] == ["Anna", "Bo", "Cia"]
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert pdf.startswith(b"%PDF") and b"/Count 1" in pdf   # one page
    page.emulate_media(media="screen")


def check_a_name_longer_than_the_limit_is_said_to_be_cut(page, lang, words):
    """A name pasted longer than 24 characters: the field keeps 24 and the words under
    it say that a name can have no more (a new user saw it cut without a word)."""
    field = page.locator("#sheet-name-1")
    field.fill("Maximiliana Bernadotte-Lindqvist")
    assert len(field.input_value()) == 24
    note = page.locator("#sheet-name-1-limit")
    assert note.is_visible() and words in note.inner_text(), (lang, note.inner_text())
    assert field.get_attribute("aria-describedby") == "sheet-name-1-limit"
    field.fill("Bo")
    assert note.inner_text() == ""


def check_blank_form_prints_the_names_typed(page):
    close = page.locator("#sheet-editor [data-ui=sheet-close]")
    if close.count():
        close.click()
    page.locator("#sheet-game").wait_for()
    check_a_name_longer_than_the_limit_is_said_to_be_cut(page, "en", "at most 24 characters")
    tap(page.locator("#lang-switch"))                      # in Swedish
    page.wait_for_function("document.documentElement.lang === 'sv'")
    page.select_option("#sheet-count", "2")
    check_a_name_longer_than_the_limit_is_said_to_be_cut(page, "sv", "högst 24 tecken")
    assert page.get_attribute("#sheet-name-0", "placeholder") == "Spelare 1"  # not text
    page.fill("#sheet-name-0", "Mormor")
    page.evaluate("window.print = () => {}; 0")
    page.locator("[data-ui=sheet-print-blank]").click()
    area = page.locator("#print-area .print-sheet[data-print=blank]")
    assert area.count() == 1
    assert "Mormor" in area.locator("thead").inner_text()


def check_a_deleted_sheet_comes_back_with_undo(page):
    """Issue 32: entries show their date; a deleted sheet leaves an Undo (focused) that
    puts it back."""
    first = page.locator("[data-sheet] > span").first.inner_text()
    assert re.match(r"[0-9]{1,2} [A-Z][a-z]{2} [0-9]{4} · Dunka: Anna, Bo$", first), first
    page.locator("[data-sheet] [data-ui=sheet-delete]").first.click()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SHEETS}')).sheets.length === 1")
    undo = page.locator("[data-deleted] [data-ui=sheet-undo]")
    assert page.locator("[data-deleted]").inner_text().startswith("Deleted: ")
    assert undo.evaluate("el => el === document.activeElement")
    undo.click()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SHEETS}')).sheets.length === 2")
    assert page.locator("[data-deleted]").count() == 0
    assert page.locator("[data-sheet] > span").first.inner_text() == first


def test_export_then_bad_and_good_imports_then_print(page, site):
    """One boot: a sheet exported, a bad file and a good one imported; then a sheet
    printed on one A4 page (check_print_...) and a blank form in Swedish (check_blank_...)."""
    new_sheet(page, site, names=("Anna", "Bo"))
    cell(page, 0, 0).fill("5")
    cell(page, 0, 1).fill("0")
    with page.expect_download() as dl:
        page.locator("#sheet-editor [data-ui=sheet-csv]").click()
    raw = Path(dl.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfgame;dunka;\r\nround;Anna;Bo\r\n")  # Swedish Excel
    csv_text = raw.decode("utf-8")
    assert read_file("x.csv", csv_text, 1).cells[0] == [5, 0]
    page.locator("[data-ui=sheet-close]").click()
    before = page.evaluate(f"localStorage.getItem('{SHEETS}')")
    page.set_input_files("#sheet-import", files=[{"name": "bad.csv", "mimeType": "text/csv",
                                                  "buffer": b"game,dunka\nround,A,B\n1,5,banana\n"}])
    notice = page.locator("#notice-text")
    notice.wait_for()
    assert "bad.csv" in notice.inner_text() and "Nothing was changed" in notice.inner_text()
    assert page.evaluate(f"localStorage.getItem('{SHEETS}')") == before
    page.set_input_files("#sheet-import", files=[{"name": "ok.csv", "mimeType": "text/csv",
                                                  "buffer": csv_text.encode()}])
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SHEETS}')).sheets.length === 2")
    assert page.locator("[data-sheet]").count() == 2
    check_a_deleted_sheet_comes_back_with_undo(page)
    check_print_is_one_a4_page_with_the_six_rounds(page, site)
    check_blank_form_prints_the_names_typed(page)
