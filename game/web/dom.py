"""Small DOM builders for the page. Text is always set with ``textContent`` and attributes
with ``setAttribute``: nothing from the URL, a save or a player name is parsed as HTML."""

from __future__ import annotations

from pyscript import document

from ..i18n import card_name

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
FACE = {"J", "Q", "K"}


def h(tag: str, attrs: dict | None = None, *children, text: str | None = None):
    """Create an element with attributes (``None``/``False`` skipped, ``True`` -> empty)."""
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
            el.appendChild(child)
    return el


def clear(el) -> None:
    while el.firstChild:
        el.removeChild(el.firstChild)


def card_el(lang: str, card: str, tag: str = "button", cls: str = "", attrs: dict | None = None):
    """One card: ``data-card`` with its notation (``back`` face down) and an ARIA name.

    The face is drawn with HTML/CSS: rank and suit in two corners and a centre symbol
    (a framed rank letter for court cards). The drawn characters are CSS generated content
    (``data-t`` shown by ``::after``), not text: the card's accessible name is its
    ``aria-label`` alone ("queen of spades"), which WCAG 2.5.3 (label in name) then accepts.
    """
    base = {"data-card": card, "aria-label": card_name(lang, card)}
    if tag == "button":
        base["type"] = "button"
    else:
        base["role"] = "img"
    base.update(attrs or {})
    if card == "back":
        base["class"] = f"card back {cls}".strip()
        return h(tag, base)
    if card.startswith("JK"):
        return _joker_el(tag, base, card, cls)
    body = card.split(".")[0]
    rank, suit = body[:-1], body[-1]
    sym = SUIT_SYMBOL.get(suit, "?")
    base["class"] = f"card face s-{suit} {cls}".strip()

    def corner(pos):
        return h("span", {"class": f"idx {pos}", "aria-hidden": "true"},
                 _drawn("r", rank), _drawn("s", sym))

    centre = _drawn("pip face" if rank in FACE else "pip", rank if rank in FACE else sym)
    return h(tag, base, corner("tl"), centre, corner("br"))


def _drawn(cls: str, text: str):
    """A span that shows ``text`` as CSS generated content (``[data-t]::after``)."""
    return h("span", {"class": cls, "aria-hidden": "true", "data-t": text})


def _joker_el(tag: str, base: dict, card: str, cls: str):
    """A joker: a star and "JOKER"; in a meld (``"JK=9S"``) also what it stands for."""
    stands = card.split("=", 1)[1] if "=" in card else ""
    base["class"] = f"card face joker {cls}".strip()
    idx = h("span", {"class": "idx tl", "aria-hidden": "true"},
            _drawn("r", "\u2605"))
    el = h(tag, base, idx, _drawn("pip", "\u2605"), _drawn("joker-word", "JOKER"))
    if stands:
        suit = stands[-1:]
        shown = stands[:-1] + SUIT_SYMBOL[suit] if suit in SUIT_SYMBOL else stands
        el.appendChild(_drawn(f"stands s-{suit}", shown))
    return el


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
