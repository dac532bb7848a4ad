"""A printed product has a fixed number of pages, each planned (the quick reference's two
sheets, a page of cards, a template sheet): a translated text that makes one run over its page
(an 800-character credits line doubled the quick reference's pages) fails the build, naming the
product, its pages against the plan and the log; and the imprint prints a line of rights of
bounded length, a longer translation refused at its catalogue's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqprint import imprint
from nqprint.latex import PAGE_BREAK, PrintError, compile_pdf, document

WORDS = "Ces règles peuvent être distribuées librement dans leur format d’origine. "


def test_a_page_that_runs_over_onto_another_fails_the_build(tmp_path: Path) -> None:
    body = PAGE_BREAK.join([r"\noindent " + WORDS * 400, "Two"])
    source = document(body, lang="fr", title="Overflow", geometry="margin=1in")
    said = r"overflow-fr\.tex: \d+ pages where 2 are planned: a text runs over its page"
    with pytest.raises(PrintError, match=said):
        compile_pdf(source, tmp_path / "out" / "overflow-fr.pdf", tmp_path / "work", pages=2)
    assert not (tmp_path / "out" / "overflow-fr.pdf").exists()


def test_pages_as_planned_pass(tmp_path: Path) -> None:
    source = document(
        PAGE_BREAK.join(["One", "Two"]), lang="en", title="Two", geometry="margin=1in"
    )
    assert compile_pdf(source, tmp_path / "two-en.pdf", tmp_path / "work", pages=2).exists()


def test_a_long_line_of_rights_is_refused_at_its_catalogue_line(tmp_path: Path) -> None:
    docs, locale = tmp_path / "docs", tmp_path / "locale"
    english = "These rules are free to distribute in their original format. © 2002-2007"
    docs.mkdir()
    (docs / "credits.md").write_text(f"# Credits\n\n{english}\n", encoding="utf-8")
    folder = locale / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "credits.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "{english}"\nmsgstr "{WORDS * 10}© 2002-2007"\n',
        encoding="utf-8",
    )
    with pytest.raises(PrintError, match=rf"^{po}:6: the line of rights has \d+ characters"):
        imprint.rights_line("fr", docs, locale)
