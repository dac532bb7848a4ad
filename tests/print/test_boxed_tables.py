"""A box opening a section (its errata) is kept with the whole table after it when the heading,
the box and the table fit one page, as LaTeX sets the table: on A4, 16.4's errata and Table 16.4
do; on US Letter they do not, and kept together the box was left alone on a page, the page
before it two-thirds empty (nqsphinx.books.page_keeps, nqsphinx.books.table_height)."""

from __future__ import annotations

import math

from docutils import nodes

from nqsphinx.books.page_keeps import PAGE_LINES, _binds, _box_height, _need
from nqsphinx.books.table_height import set_lines

#: A cell of two lines in a table of one column (long: more than 30 characters).
TWO_LINES = "word " * 20


def _table(rows: int, text: str = "row") -> nodes.table:
    body = nodes.tbody()
    for _ in range(rows):
        body += nodes.row("", nodes.entry("", nodes.paragraph(text=text)))
    return nodes.table("", nodes.tgroup("", body))


def _section(opening: nodes.Element, table: nodes.table) -> nodes.section:
    section = nodes.section(ids=["support-weapon-armoury"])
    section += nodes.title(text="Support Weapon Armoury")
    section += opening
    section += table
    return section


def _box() -> nodes.Element:
    return nodes.admonition("", nodes.paragraph(text="Erratum: Catapult points (p. 219)"))


def test_a_table_is_measured_as_latex_sets_it() -> None:
    """Rows of two lines in a small type: 20 of them, 35 lines of the text and 3 of caption
    and rules (Table 16.4, 27 lines set, counted 86 by the rows' own estimate)."""
    assert math.ceil(set_lines(_table(20, TWO_LINES))) == 39
    assert set_lines(_table(3)) < 6


def test_a_box_is_kept_with_a_table_when_both_fit_the_page() -> None:
    tall = _table(20, TWO_LINES)  # 4 + 6 + 39 = 49 lines: A4's 51, not US Letter's 47
    assert PAGE_LINES == {"a4paper": 51, "letterpaper": 47}
    assert _binds([_box()], [tall], "a4paper") and not _binds([_box()], [tall], "letterpaper")
    assert _binds([_box()], [_table(5)], "letterpaper")
    line = nodes.paragraph(text="Unless otherwise stated:")  # a line, not a box: bound
    assert _binds([line], [tall], "letterpaper")
    tall["classes"].append("longtable")  # it starts under the box wherever the box ends
    assert _binds([_box()], [tall], "letterpaper")


def test_a_heading_needs_room_for_its_box_and_the_table_that_fits_with_it() -> None:
    box = _box_height(_box())
    assert _need(_section(_box(), _table(20, TWO_LINES)), "a4paper") == box + 1 + 39
    assert _need(_section(_box(), _table(20, TWO_LINES)), "letterpaper") == box + 1
