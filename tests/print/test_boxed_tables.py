"""A box opening a section (its errata) is kept with a short table after it, not with a tall
one: the errata of 16.4 and its table did not fit one US Letter page, so the box was left alone
on a page, and the heading left the page before it two-thirds empty
(nqsphinx.books.page_keeps)."""

from __future__ import annotations

from docutils import nodes

from nqsphinx.books.page_keeps import BOXED_TABLE_LINES, _binds, _box_height, _height, _need


def _table(rows: int) -> nodes.table:
    body = nodes.tbody()
    for index in range(rows):
        body += nodes.row("", nodes.entry("", nodes.paragraph(text=f"row {index}")))
    return nodes.table("", nodes.tgroup("", body))


def _section(opening: nodes.Element, rows: int) -> nodes.section:
    section = nodes.section(ids=["support-weapon-armoury"])
    section += nodes.title(text="Support Weapon Armoury")
    section += opening
    section += _table(rows)
    return section


def _box() -> nodes.Element:
    return nodes.admonition("", nodes.paragraph(text="Erratum: Catapult points (p. 219)"))


def test_a_box_is_kept_with_a_short_table_only() -> None:
    short, tall = _table(5), _table(BOXED_TABLE_LINES)
    assert _binds([_box()], short) and not _binds([_box()], tall)
    assert _binds([nodes.paragraph(text="Unless otherwise stated:")], tall)  # a line, not a box
    splitting = _table(BOXED_TABLE_LINES)
    splitting["classes"].append("longtable")  # it starts under the box wherever the box ends
    assert _binds([_box()], splitting)


def test_a_heading_needs_room_for_its_box_not_for_a_tall_table() -> None:
    box = _box_height(_box())
    assert _need(_section(_box(), BOXED_TABLE_LINES)) == box + 1
    assert _need(_section(_box(), 5)) == box + _height(_table(5))
