"""A label written above a heading, ``(label)=``, which docutils leaves at the end of the section
before, is found there to be set right before the heading (after its keep), not where a page
break may leave it on the page before (nqsphinx.books.page_keeps)."""

from __future__ import annotations

from docutils import nodes

from nqsphinx.books.page_keeps import _labels_left_behind


def _chapter() -> tuple[nodes.section, nodes.target, nodes.section]:
    chapter = nodes.section(ids=["chapter"])
    before = nodes.section(ids=["additional-battle-points"])
    inner = nodes.section(ids=["inner"])
    inner += nodes.paragraph(text="The last words of the section before.")
    label = nodes.target(refid="number-of-game-turns")
    inner += label
    before += inner
    heading = nodes.section(ids=["number-of-game-turns", "id5"])
    chapter += [before, heading]
    return chapter, label, heading


def test_the_label_left_at_the_end_of_the_section_before_is_found_at_any_depth() -> None:
    _, label, heading = _chapter()
    assert _labels_left_behind(heading) == [label]


def test_a_label_naming_something_else_stays() -> None:
    _, label, heading = _chapter()
    label["refid"] = "elsewhere"
    assert _labels_left_behind(heading) == []


def test_a_first_section_has_none() -> None:
    chapter, _, _ = _chapter()
    first = chapter[0]
    assert isinstance(first, nodes.section)
    assert _labels_left_behind(first) == []
