"""Small DOM builders for the page. Text is always set with ``textContent`` and attributes
with ``setAttribute``: nothing from the URL, a save or a player name is parsed as HTML.
(The table, redrawn after every move, is built as markup instead: ``game.web.markup``,
which escapes every text and attribute value.)"""

from __future__ import annotations

from pyscript import document

from ..i18n import card_name
from .markup import FACE, SUIT_SYMBOL, Node, card_node  # noqa: F401 (re-exported)


def h(tag: str, attrs: dict | None = None, *children, text: str | None = None):
    """Create an element with attributes (``None``/``False`` skipped, ``True`` -> empty).
    A child may be a ``markup.Node`` (made into an element with ``element``)."""
    el = document.createElement(tag)
    for key, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        if key == "class":
            el.className = str(value)
        else:
            el.setAttribute(key, "" if value is True else str(value))
    if text is not None:
        el.textContent = str(text)
    for child in children:
        if child is not None:
            el.appendChild(element(child) if isinstance(child, Node) else child)
    return el


def element(node: Node):
    """The element ``node`` (a ``markup.Node``) describes, made with one ``innerHTML``
    assignment (its markup escapes every text and attribute value)."""
    box = document.createElement("template")
    box.innerHTML = node.html()
    return box.content.firstElementChild


def clear(el) -> None:
    while el.firstChild:
        el.removeChild(el.firstChild)


def card_el(lang: str, card: str, tag: str = "button", cls: str = "", attrs: dict | None = None):
    """One card: ``data-card`` with its notation (``back`` face down) and an ARIA name.

    The face is drawn with HTML/CSS: rank and suit in two corners and a centre symbol
    (a framed rank letter for court cards). The drawn characters are CSS generated content
    (``data-t`` shown by ``::after``), not text: the card's accessible name is its
    ``aria-label`` alone ("queen of spades"), which WCAG 2.5.3 (label in name) then accepts.
    ``markup.card_el`` builds the same card as markup (the table uses that one).
    """
    return card_node(h, lambda c: card_name(lang, c), card, tag, cls, attrs)


def download(filename: str, text: str, mime: str) -> None:
    """Offer ``text`` as a file download named ``filename`` (a Blob URL on a hidden link,
    revoked a second later)."""
    import js
    from pyodide.ffi import create_once_callable, to_js
    from pyscript import window
    blob = js.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = h("a", {"href": url, "download": filename, "hidden": True})
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)


def local_day(lang: str, ms) -> str:
    """The local date of ``ms`` (ms since the epoch) as the page's lists show it
    (``sheets_model.day_text``: Swedish 2026-12-03, English 3 Dec 2026); empty when it is
    not a positive number (not known)."""
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or ms <= 0:
        return ""
    import js
    from .sheets_model import day_text
    when = js.Date.new(ms)
    return day_text(lang, int(when.getFullYear()), int(when.getMonth()) + 1,
                    int(when.getDate()))

