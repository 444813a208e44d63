"""game.web.markup: the table's elements built as markup (CPython; no browser).

The page parses this markup with innerHTML, so what matters is that nothing given as text or
as an attribute value can become markup, and that the tree says what dom.h would build."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from game.web import markup
from game.web.markup import Node, Raw, card_el, escape_attr, escape_text, h, place_hand
from game.web.model import fan

HOSTILE = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "a'b\"c&d",
           "</p><p>", "x\ry\0z", "&lt;not an entity&gt;", "<!--", "]]>"]


class Tree(HTMLParser):
    """The elements, attributes and texts an HTML parser finds in a piece of markup."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.texts.append(data)


def parse(text: str) -> Tree:
    tree = Tree()
    tree.feed(text)
    tree.close()
    return tree


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_hostile_text_stays_text(bad):
    tree = parse(h("p", {"class": "name"}, text=bad).html())
    assert [tag for tag, _ in tree.tags] == ["p"]
    # a carriage return is written as &#13; and a NUL as U+FFFD (what the page shows for it)
    assert "".join(tree.texts) == bad.replace("\0", "\ufffd")


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_hostile_attribute_value_stays_one_value(bad):
    tree = parse(h("div", {"aria-label": bad, "data-x": "1"}).html())
    assert tree.tags == [("div", {"aria-label": bad.replace("\0", "\ufffd"), "data-x": "1"})]


def test_escaping_covers_markup_characters():
    assert escape_text("<a&b>") == "&lt;a&amp;b&gt;"
    assert escape_attr("\"'<>&") == "&quot;&#39;&lt;&gt;&amp;"
    assert escape_text("a\rb") == "a&#13;b"


@pytest.mark.parametrize("name", ["on click", "x>y", "a\"", "", "1a", "a=b", "<b"])
def test_a_tag_or_attribute_name_from_outside_the_code_is_refused(name):
    with pytest.raises(ValueError):
        h("div", {name: "1"})
    with pytest.raises(ValueError):
        h(name)
    with pytest.raises(ValueError):
        Node("div").setAttribute(name, "1")


def test_attributes_as_dom_h_sets_them():
    node = h("input", {"type": "checkbox", "checked": True, "disabled": False, "title": None,
                       "data-n": 3})
    assert node.html() == '<input type="checkbox" checked="" data-n="3">'  # void: no end tag
    assert h("p", {}, h("b", text="x"), None, text="a & b").html() == "<p>a &amp; b<b>x</b></p>"


def test_the_element_methods_the_builders_use():
    side = h("div", {"class": "side"}, h("section", {"class": "panel prefs"}))
    prefs = side.querySelector(".prefs")
    moves = h("section", {"class": "panel moves"})
    side.insertBefore(moves, prefs)
    side.insertBefore(h("div", {"class": "rules-link"}), side.firstChild)
    side.setAttribute("id", "table-side")
    assert [c.getAttribute("class") for c in side.children] == ["rules-link", "panel moves",
                                                               "panel prefs"]
    assert side.querySelector(".moves") is moves and side.querySelector(".nothing") is None
    assert side.getAttribute("id") == "table-side"
    outer = h("div", {}, h("div", {"class": "a"}, h("span", {"class": "b"})), h("i", {"class": "b"}))
    assert outer.querySelector(".b").tag == "span"  # document order: depth first
    with pytest.raises(ValueError):
        side.querySelector("div > p")
    assert h("div", {}, Raw("<b>kept</b>")).html() == "<div><b>kept</b></div>"


def test_a_card_as_markup():
    tree = parse(card_el("en", "QS", "button", "playable", {"data-action": "discard QS"}).html())
    tag, attrs = tree.tags[0]
    assert tag == "button" and attrs["data-card"] == "QS" and attrs["type"] == "button"
    assert attrs["class"] == "card face s-S playable" and attrs["data-action"] == "discard QS"
    assert attrs["aria-label"].lower() == "queen of spades"
    assert [a.get("data-t") for _, a in tree.tags[1:]] == [None, "Q", "\u2660", "Q", None,
                                                          "Q", "\u2660"]
    assert not "".join(tree.texts).strip()  # drawn by CSS, named by aria-label alone
    joker = parse(card_el("en", "JK=9S", "div").html())
    assert joker.tags[0][1]["role"] == "img" and joker.tags[0][1]["class"] == "card face joker"
    assert joker.tags[-1][1]["data-t"] == "9\u2660"
    back = parse(card_el("en", "back", "div", "tiny").html())
    assert back.tags == [("div", {"data-card": "back", "aria-label": back.tags[0][1]["aria-label"],
                                  "role": "img", "class": "card back tiny"})]


def test_the_hand_is_laid_out_in_rows_as_in_the_page():
    hand = h("div", {"class": "hand"})
    for c in ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]:
        hand.appendChild(card_el("en", c))
    width, card_w = 352.0, 70.0
    per_row, step = fan(13, width, card_w)
    place_hand(hand, width, card_w, fan)
    rows = hand.children
    assert all(r.getAttribute("class") == "hand-row" for r in rows)
    assert [len(r.children) for r in rows] == [len(range(s, min(13, s + per_row)))
                                               for s in range(0, 13, per_row)]
    assert len(rows) > 1  # thirteen cards do not fit one row on a phone
    margins = [c.getAttribute("style") for r in rows for c in r.children]
    assert margins[0] == "margin-left: 0px;"
    assert margins[1] == f"margin-left: {step - card_w:.1f}px;"
    assert [c.getAttribute("data-card") for r in rows for c in r.children][:2] == ["2S", "3S"]
    empty = h("div", {"class": "hand"}, h("p", {"class": "hand-empty"}, text="-"))
    place_hand(empty, width, card_w, fan)
    assert [c.tag for c in empty.children] == ["p"]


def test_void_elements_take_no_children():
    assert "input" in markup.VOID and h("input", {}, h("b")).html() == "<input>"


def test_a_card_index_as_text():
    """The Discard button's card (TableView.actions_el): the corner index as text."""
    from game.web.markup import card_index
    assert [card_index(c) for c in ("10H.1", "QS", "2D", "AC", "JK.2")] == \
        ["10\u2665", "Q\u2660", "2\u2666", "A\u2663", "\u2605"]
