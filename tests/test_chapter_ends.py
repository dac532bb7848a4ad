"""A chapter's last blocks kept together in the PDF rulebooks (nqsphinx.books.chapters): the
first block that, with those after it, makes five lines of text, and the room they take; a
section's first block gives way to its heading, whose keep would otherwise stand alone."""

from __future__ import annotations

from docutils import nodes

from nqsphinx.books.chapters import END_LINES, MOST_ROOM, ending

#: About a line of the book's text (80 characters).
LINE = "word " * 16


def _section(title: str, *blocks: nodes.Element) -> nodes.section:
    return nodes.section("", nodes.title("", title), *blocks, ids=[title.lower()])


def _paragraph(lines: int) -> nodes.paragraph:
    return nodes.paragraph("", (LINE * lines).strip())


def test_a_short_last_section_keeps_the_text_before_it() -> None:
    """Its heading and two lines: the paragraph before its heading goes with them."""
    before = _paragraph(4)
    last = _section("Scythes", _paragraph(2))
    chapter = _section("Equipment", _paragraph(6), before, last)
    assert END_LINES == 5
    assert ending(chapter) == (before, 4 + 1 + 4 + 2 + 1)


def test_a_sections_first_block_gives_way_to_its_heading() -> None:
    opening = _paragraph(3)
    last = _section("Playing Surface", opening, _paragraph(2))
    chapter = _section("What You Need", _paragraph(6), last)
    assert ending(chapter) == (last, 4 + 3 + 1 + 2 + 1)


def test_an_ending_that_would_empty_its_page_is_left_as_it_falls() -> None:
    """A table of forty rows before a two-line last paragraph: no keep."""
    rows = [nodes.row("", nodes.entry("", nodes.paragraph("", "x"))) for _ in range(40)]
    table = nodes.table("", nodes.tgroup("", nodes.tbody("", *rows)))
    chapter = _section("Armoury", _paragraph(3), table, _paragraph(2))
    assert ending(chapter) is None and MOST_ROOM < 40
