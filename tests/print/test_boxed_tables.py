"""A box opening a section (its errata) is kept with a short table after it, not with a tall
one on US Letter: the errata of 16.4 and its table did not fit one US Letter page, so the box
was left alone on a page, and the heading left the page before it two-thirds empty; on A4
they fit, and are kept together (nqsphinx.books.page_keeps)."""

from __future__ import annotations

from docutils import nodes

from nqsphinx.books.page_keeps import BOXED_TABLE_LINES, _binds, _box_height, _height, _need

#: A table too tall for US Letter's limit (rows of three lines), short of a longtable's rows.
LETTER = BOXED_TABLE_LINES["letterpaper"] // 3 + 1


def _table(rows: int, words: int = 1) -> nodes.table:
    body = nodes.tbody()
    for index in range(rows):
        text = " ".join([f"row {index}"] * words)
        body += nodes.row("", nodes.entry("", nodes.paragraph(text=text)))
    return nodes.table("", nodes.tgroup("", body))


def _section(opening: nodes.Element, rows: int, words: int = 1) -> nodes.section:
    section = nodes.section(ids=["support-weapon-armoury"])
    section += nodes.title(text="Support Weapon Armoury")
    section += opening
    section += _table(rows, words)
    return section


def _box() -> nodes.Element:
    return nodes.admonition("", nodes.paragraph(text="Erratum: Catapult points (p. 219)"))


def test_a_box_is_kept_with_a_short_table_only() -> None:
    short, tall = _table(5), _table(LETTER, words=40)
    assert _binds([_box()], short, "letterpaper") and not _binds([_box()], tall, "letterpaper")
    assert _binds([_box()], tall, "a4paper")  # A4's page is taller: 16.4 fits it
    line = nodes.paragraph(text="Unless otherwise stated:")  # a line, not a box
    assert _binds([line], tall, "letterpaper")
    splitting = _table(LETTER, words=40)
    splitting["classes"].append("longtable")  # it starts under the box wherever the box ends
    assert _binds([_box()], splitting, "letterpaper")


def test_a_heading_needs_room_for_its_box_not_for_a_tall_table() -> None:
    box = _box_height(_box())
    assert _need(_section(_box(), LETTER, words=40), "letterpaper") == box + 1
    assert _need(_section(_box(), LETTER, words=40), "a4paper") == box + _height(
        _table(LETTER, words=40)
    )
    assert _need(_section(_box(), 5), "letterpaper") == box + _height(_table(5))
