"""Elements built in Python and handed to the page as one string of markup.

The table is redrawn after every move; building it element by element through the
JavaScript bridge cost one call per element and attribute (a card is eight elements) and
was most of the page's work per move. ``h`` here has the signature of ``dom.h`` but builds
a small tree of ``Node`` objects; ``Node.html()`` is its markup, given to the page with one
``innerHTML`` assignment (``dom.element`` makes one element of it).

Nothing is ever parsed as markup that did not come from here: every text is escaped as
text and every attribute value as a quoted attribute value (``&``, ``<``, ``>``, quotes),
so a player name, a URL parameter or a save cannot add elements or attributes; tag and
attribute names come from the code and are checked (``ValueError`` for anything else).
A carriage return and a NUL are written as character references / U+FFFD, so the parsed
text equals the text given, as with ``textContent`` (the parser would turn a bare CR into
a newline).

Pure Python (no browser needed): tested in CPython, tests/test_markup.py.
"""

from __future__ import annotations

import re

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
FACE = {"J", "Q", "K"}

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
"""Elements that have no end tag (and no children)."""

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9:-]*\Z")
_checked: set[str] = set()
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;", "\0": "\ufffd"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
                       "\r": "&#13;", "\0": "\ufffd"})


def _name(name: str) -> str:
    if name not in _checked:
        if not isinstance(name, str) or not _NAME.match(name):
            raise ValueError(f"not a tag or attribute name: {name!r}")
        _checked.add(name)
    return name


def escape_text(text: str) -> str:
    """``text`` as element content: parsed back it is ``text`` exactly."""
    return str(text).translate(_TEXT)


def escape_attr(value: str) -> str:
    """``value`` inside a double-quoted attribute value."""
    return str(value).translate(_ATTR)


class Raw:
    """Markup made by ``Node.html()`` earlier (a cached part), inserted as it is."""

    __slots__ = ("markup",)

    def __init__(self, markup: str) -> None:
        self.markup = markup

    def html(self) -> str:
        return self.markup


class Node:
    """One element: ``tag``, ``attrs`` (name -> str, in order), ``children`` (``Node``,
    ``Raw`` or ``str`` text). Offers the few element methods the table builders use:
    ``appendChild``, ``insertBefore``, ``firstChild``, ``setAttribute``, ``getAttribute``
    and ``querySelector`` with a ``.class`` selector."""

    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, attrs: dict | None = None) -> None:
        self.tag = _name(tag)
        self.attrs: dict[str, str] = attrs if attrs is not None else {}
        self.children: list = []

    # ---- the element methods the builders use
    def appendChild(self, child):  # noqa: N802 - the DOM's name
        if child is not None:
            self.children.append(child)
        return child

    def insertBefore(self, child, ref):  # noqa: N802
        if ref is None:
            self.children.append(child)
        else:
            self.children.insert(self.children.index(ref), child)
        return child

    @property
    def firstChild(self):  # noqa: N802
        return self.children[0] if self.children else None

    def setAttribute(self, key: str, value) -> None:  # noqa: N802
        self.attrs[_name(key)] = str(value)

    def getAttribute(self, key: str):  # noqa: N802
        return self.attrs.get(key)

    def has_class(self, cls: str) -> bool:
        return cls in self.attrs.get("class", "").split()

    def querySelector(self, selector: str):  # noqa: N802
        """The first descendant (document order) with the class of ``.name``; None."""
        if not selector.startswith(".") or not _NAME.match(selector[1:]):
            raise ValueError(f"only a .class selector is supported: {selector!r}")
        return self.find(lambda n: n.has_class(selector[1:]))

    def find(self, test):
        """The first descendant Node (document order) for which ``test(node)`` is true."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            if isinstance(node, Node):
                if test(node):
                    return node
                stack.extend(reversed(node.children))
        return None

    # ---- markup
    def html(self) -> str:
        out: list[str] = []
        self._write(out)
        return "".join(out)

    def _write(self, out: list) -> None:
        out.append("<" + self.tag)
        for key, value in self.attrs.items():
            out.append(f' {key}="{value.translate(_ATTR)}"')
        out.append(">")
        if self.tag in VOID:
            return
        for child in self.children:
            if isinstance(child, Node):
                child._write(out)
            elif isinstance(child, Raw):
                out.append(child.markup)
            else:
                out.append(str(child).translate(_TEXT))
        out.append(f"</{self.tag}>")


def h(tag: str, attrs: dict | None = None, *children, text: str | None = None) -> Node:
    """An element as ``dom.h`` makes it (``None``/``False`` attributes skipped, ``True`` ->
    empty), as a ``Node``. ``text`` comes before the children (as ``textContent`` then
    ``appendChild`` would put it)."""
    node = Node(tag)
    a = node.attrs
    for key, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        a[_name(key)] = "" if value is True else str(value)
    if text is not None:
        node.children.append(str(text))
    for child in children:
        if child is not None:
            node.children.append(child)
    return node


def card_node(make, names, card: str, tag: str = "button", cls: str = "",
              attrs: dict | None = None):
    """One card built with ``make`` (``markup.h`` or ``dom.h``); ``names(card)`` is its
    ARIA name. See ``dom.card_el`` for what is drawn."""
    base = {"data-card": card, "aria-label": names(card)}
    if tag == "button":
        base["type"] = "button"
    else:
        base["role"] = "img"
    base.update(attrs or {})
    if card == "back":
        base["class"] = f"card back {cls}".strip()
        return make(tag, base)
    if card.startswith("JK"):
        return _joker(make, tag, base, card, cls)
    body = card.split(".")[0]
    rank, suit = body[:-1], body[-1]
    sym = SUIT_SYMBOL.get(suit, "?")
    base["class"] = f"card face s-{suit} {cls}".strip()

    def corner(pos):
        return make("span", {"class": f"idx {pos}", "aria-hidden": "true"},
                    _drawn(make, "r", rank), _drawn(make, "s", sym))

    centre = _drawn(make, "pip face" if rank in FACE else "pip", rank if rank in FACE else sym)
    return make(tag, base, corner("tl"), centre, corner("br"))


def _drawn(make, cls: str, text: str):
    """A span that shows ``text`` as CSS generated content (``[data-t]::after``)."""
    return make("span", {"class": cls, "aria-hidden": "true", "data-t": text})


def _joker(make, tag: str, base: dict, card: str, cls: str):
    """A joker: a star and "JOKER"; in a meld (``"JK=9S"``) also what it stands for."""
    stands = card.split("=", 1)[1] if "=" in card else ""
    base["class"] = f"card face joker {cls}".strip()
    idx = make("span", {"class": "idx tl", "aria-hidden": "true"}, _drawn(make, "r", "\u2605"))
    el = make(tag, base, idx, _drawn(make, "pip", "\u2605"), _drawn(make, "joker-word", "JOKER"))
    if stands:
        suit = stands[-1:]
        shown = stands[:-1] + SUIT_SYMBOL[suit] if suit in SUIT_SYMBOL else stands
        el.appendChild(_drawn(make, f"stands s-{suit}", shown))
    return el


def card_index(card: str) -> str:
    """A card's corner index as text: ``"10H.1"`` -> ``"10♥"``; a joker (``"JK.1=7"``)
    -> ``"★"``; an unknown suit letter stays as it is."""
    if card.upper().startswith("JK"):
        return "\u2605"
    body = card.split(".")[0]
    return body[:-1] + SUIT_SYMBOL.get(body[-1:].upper(), body[-1:])


def card_el(lang: str, card: str, tag: str = "button", cls: str = "",
            attrs: dict | None = None) -> Node:
    """``dom.card_el`` as a ``Node``."""
    from ..i18n import card_name
    return card_node(h, lambda c: card_name(lang, c), card, tag, cls, attrs)


def place_hand(hand: Node, width: float, card_w: float, fan) -> None:
    """Lay the hand's cards in rows as ``table.layout_hand`` does in the page: ``width``
    the hand's inner width minus 8 px, ``card_w`` a card's width (px); ``fan`` is
    ``model.fan``. The cards move into ``div.hand-row`` elements (after any other child),
    each but a row's first with a negative left margin so they overlap."""
    cards = [c for c in hand.children if isinstance(c, Node) and c.has_class("card")]
    if not cards:
        return
    rest = [c for c in hand.children if not (isinstance(c, Node) and c.has_class("card"))]
    n = len(cards)
    per_row, step = fan(n, width, card_w)
    rows = []
    for start in range(0, n, per_row):
        row = Node("div", {"class": "hand-row"})
        for j, el in enumerate(cards[start:start + per_row]):
            margin = "0px" if j == 0 else f"{step - card_w:.1f}px"
            el.attrs["style"] = f"margin-left: {margin};"
            row.children.append(el)
        rows.append(row)
    hand.children = rest + rows
