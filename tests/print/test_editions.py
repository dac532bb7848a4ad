"""The PDF rulebooks are the players' book: every player chapter, none of the editors' material
(the Rules Coverage and command-line chapters, the Printed Points column beside the engine's, the
errata's engine names)
(:mod:`nqsphinx.books.editions`)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from nqcore import po
from nqcore.army.profile_files import sample_profiles
from nqcore.army.profile_points import profile_points
from nqcore.book.errata import all_errata
from nqcore.tables.printed_cells import printed_cells
from nqcore.tables.profile_tables import (
    COMPUTED_POINTS,
    POINTS_DIFFER,
    PRINTED_POINTS,
    sample_profile_table,
)
from nqcore.tables.registry import get_table
from nqsphinx.books.editions import EDITOR_PAGES, PRINT_TAG, SITE_ONLY_PAGES, players_table
from nqsphinx.directives.errata import field_names
from nqsphinx.directives.tables import format_cell
from nqsphinx.messages import engine_text, ui_text
from tests.building import ROOT, sphinx_command
from tests.print.pdfs import text
from tests.site.sitepages import toctree_order

LANGS = ["en", "fr"]
DOCS = ROOT / "docs"
CATALOGUES = ROOT / "locale" / "fr" / "LC_MESSAGES"
PLAYER_PAGES = [page for page in toctree_order() if page not in ("index", *SITE_ONLY_PAGES)]


def flat(words: str) -> str:
    """Words as compared: white space (no-break spaces too) made one space, none before a colon
    (French typography sets one in the text, not in the bookmarks)."""
    spaced = re.sub(r"\s+", " ", words.replace("\u00a0", " ").replace("\u202f", " "))
    return re.sub(r" ([:;!?])", r"\1", spaced).strip()


def page_title(page: str, lang: str) -> str:
    """The chapter's title as its page writes it (the French catalogue's, in French)."""
    source = (DOCS / f"{page}.md").read_text(encoding="utf-8")
    title = re.search(r"^# (.+)$", source, re.M)
    assert title, f"docs/{page}.md has no chapter heading"
    if lang == "en":
        return title.group(1)
    catalogue = po.read((CATALOGUES / f"{page}.po").read_bytes())
    return str(next(m.string for m in po.messages(catalogue, obsolete=True) if m.id == title[1]))


def editor_material(words: str, lang: str) -> list[str]:
    """The editors' titles, heading and note found in ``words`` (a PDF's text)."""
    found = flat(words).casefold()
    wanted = [page_title(page, lang) for page in EDITOR_PAGES]
    wanted += [engine_text(COMPUTED_POINTS, lang), engine_text(POINTS_DIFFER, lang)]
    return [w for w in wanted if flat(w).casefold() in found]


def outline_titles(pdf: Path) -> list[str]:
    """The top-level bookmarks of ``pdf`` (its chapters, then the index)."""
    reader = PdfReader(str(pdf))
    return [flat(item.title or "") for item in reader.outline if not isinstance(item, list)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_pdf_has_no_editors_chapter_column_or_note(pdfs: dict[str, Path], lang: str) -> None:
    assert editor_material(text(pdfs[lang], layout=False), lang) == []
    tex = pdfs[lang].with_suffix(".tex").read_text(encoding="utf-8")
    assert engine_text(COMPUTED_POINTS, lang) not in tex
    assert "nq-command" not in tex and "{coverage" not in tex  # their labels are not there
    engine_names = [name for erratum in all_errata() for name in erratum.engine]
    assert engine_names and not [name for name in engine_names if name in tex]  # errata's code


def test_the_editors_material_check_can_fail() -> None:
    assert editor_material("3. Rules Coverage ....... 12\nComputed\nPoints", "en") == [
        "Rules Coverage",
        "Computed Points",
    ]
    assert editor_material("Points  calculés", "fr") == ["Points calculés"]
    assert editor_material("Rules Coverage", "fr") == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_outline_lists_every_player_chapter_in_order(pdfs: dict[str, Path], lang: str) -> None:
    chapters = [flat(page_title(page, lang)) for page in PLAYER_PAGES]
    assert len(chapters) >= 25
    front = {"No Quarter Fantasy Wargames", flat(ui_text("Contents", lang))}  # cover, contents
    titles = [title for title in outline_titles(pdfs[lang]) if title not in front]
    assert titles[: len(chapters)] == chapters
    editors = {flat(page_title(page, lang)) for page in EDITOR_PAGES}
    assert editors.isdisjoint(outline_titles(pdfs[lang]))


POINTS_NOTE = {
    "en": "† The 2007 book prints {printed} points; see the erratum: {subject}",
    "fr": "† Le livre de 2007 indique {printed} points ; voir l’erratum : {subject}",
}


@pytest.mark.parametrize("lang", LANGS)
def test_profiles_show_the_engines_points_marked_where_the_book_prints_others(
    pdfs: dict[str, Path], lang: str
) -> None:
    """The points a player builds an army with are the engine's: where the book prints others,
    the profile's row in the PDF ends with the engine's points and a dagger, headed Points, and
    the note under the table names the printed points and the erratum (p. 102's Basic Warrior:
    21†, the book's 20 in the note)."""
    words = flat(re.sub(r"(\w)-\n\s*(\w)", r"\1\2", text(pdfs[lang])))  # « ré-/sistance »
    differ = [s for s in sample_profiles() if s.printed_points != profile_points(s.profile).total]
    assert len(differ) >= 3
    shown = [(sample_profile_table(s.profile.key), s.printed_points, s.section) for s in differ]
    shown.append((get_table("profile-basic-warrior"), 20, "creating-a-profile"))
    for table, printed, section in shown:
        players = players_table(table)
        assert players.columns[-1] == "Points"
        cells = [format_cell(cell, lang) for cell in players.rows[0]]
        assert cells[-1] == str(table.rows[0][-1]) != str(printed)
        row = " ".join([*cells[:-1], cells[-1] + "†"])
        assert flat(row) in words, f"{lang}: {row}"
        (erratum,) = [p.erratum for p in printed_cells(table) if p.column == COMPUTED_POINTS]
        assert section in erratum.sections
        note = POINTS_NOTE[lang].format(printed=printed, subject=engine_text(erratum.subject, lang))
        assert flat(note) in words, f"{lang}: {note}"
    assert engine_text(PRINTED_POINTS, lang) not in words


@pytest.mark.parametrize("lang", LANGS)
def test_a_cell_the_book_prints_otherwise_is_marked_in_print(
    pdfs: dict[str, Path], lang: str
) -> None:
    """Table 9.3's 3 actions at double time: 4½† and the note naming the printed 5½."""
    words = flat(text(pdfs[lang]))
    assert re.search(r"(^| )3 4½† 6 7½( |$)", words), lang
    note = {
        "en": "† The 2007 book prints 5½ here; see the erratum: Movement Ability Table",
        "fr": "† Le livre de 2007 indique 5½ ici ; voir l’erratum : Table des capacités",
    }[lang]
    assert flat(note) in words


@pytest.mark.parametrize("lang", LANGS)
def test_the_errata_chapter_calls_itself_a_chapter(pdfs: dict[str, Path], lang: str) -> None:
    """A book has chapters, not pages: the errata's opening sentence says "This chapter" there
    ("This page" on the site: tests/ext/test_directives.py), with the counts of each kind."""
    words = flat(text(pdfs[lang], layout=False))
    count = sum(e.kind == "erratum" for e in all_errata())
    chapter, page = {
        "en": (f"This chapter lists {count} places where the book", "This page lists"),
        "fr": (f"Ce chapitre recense {count} endroits où le livre", "Cette page recense"),
    }[lang]
    assert chapter in words and page not in words


def test_players_table_drops_the_editors_column_and_its_note() -> None:
    table = get_table("sample-profiles")
    assert table.columns[-2:] == (PRINTED_POINTS, COMPUTED_POINTS)
    shown = players_table(table)
    assert shown.columns == (*table.columns[:-2], "Points")
    assert [row[-1] for row in shown.rows] == [row[-1] for row in table.rows]  # the engine's
    assert POINTS_DIFFER in table.notes and POINTS_DIFFER not in shown.notes
    chariot = get_table("profile-chariot-and-driver")
    assert players_table(chariot).columns[-1] == "Points"
    spells = get_table("spell-list")
    assert players_table(spells) is spells  # nothing for the editors there


def test_a_print_build_without_the_tag_stops_in_one_line(tmp_path: Path) -> None:
    command = sphinx_command("latex", tmp_path, "en")
    assert command[command.index("-b") + 1 : command.index("-b") + 4] == ["latex", "-t", "print"]
    command.remove("-t")
    command.remove(PRINT_TAG)
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "the latex builder makes a print edition: add -t print (as `make pdf` does), which "
        "leaves out the editors' pages"
    )
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "latex" / "noquarter.tex").exists()


def test_epub_builds_are_print_editions_too(tmp_path: Path) -> None:
    command = sphinx_command("epub", tmp_path, "fr")
    assert command[command.index("-b") + 1 : command.index("-b") + 4] == ["epub", "-t", "print"]
    assert "print" not in sphinx_command("html", tmp_path, "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_a_section_printing_a_reading_not_followed_says_this_edition_s(
    pdfs: dict[str, Path], lang: str
) -> None:
    """§22.3.3 prints the 2007 book's "one higher than the strength" above a table of use
    costs equal to it (proof round eleven): its erratum note says this edition's reading under
    the heading, before the prose, in the book too."""
    said = {"en": "This edition: equal to the strength", "fr": "Cette édition : égal à la force"}
    prose = {"en": "one higher than the strength", "fr": "supérieur d’un point à la force"}
    flat_text = " ".join(text(pdfs[lang], layout=False).split()).replace("\u202f", " ")
    flat_text = flat_text.replace("\xa0", " ")
    at = flat_text.find(said[lang])
    assert at >= 0, said[lang]
    assert 0 < flat_text.find(prose[lang], at) - at < 400, flat_text[at : at + 400]


def _plain(words: str) -> str:
    """Words as compared: one plain space for any white space, straight apostrophes and
    hyphens for the book's curly ones and minus signs."""
    spaced = " ".join(words.replace("\u202f", " ").replace("\xa0", " ").split())
    return spaced.replace("\u2019", "'").replace("\u2212", "-")


def _said_in_boxes() -> list[tuple[str, str]]:
    """(record, section) for each record printed in a section that has several records: their
    box is a list of them."""
    by_section: dict[str, list[str]] = {}
    for erratum in all_errata():
        for label in erratum.sections:
            by_section.setdefault(label, []).append(erratum.id)
    return [
        (erratum.id, label)
        for erratum in all_errata()
        for label in erratum.printed_sections
        if len(by_section.get(label, [])) > 1
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_box_of_several_records_says_this_edition_s_reading_in_print(
    pdfs: dict[str, Path], lang: str
) -> None:
    """A section with several records prints this edition's reading for each record whose
    2007 reading it prints: §17.19 Infiltrate's "may not exceed six models" stood under a box
    of two titles, "seven models" only in the errata chapter (proof round twenty-eight)."""
    flat_text = _plain(text(pdfs[lang], layout=False))
    by_id = {erratum.id: erratum for erratum in all_errata()}
    said_once = []
    for record, _label in _said_in_boxes():
        erratum = by_id[record]
        field = field_names(erratum.kind, lang)[1]
        words = " ".join(engine_text(erratum.correct, lang).split()[:4])
        if flat_text.count(_plain(f"{field} {words}")) < 2:
            said_once.append(record)  # the errata chapter's, and no box's
    assert len(_said_in_boxes()) > 30
    assert said_once == []
    prose = {"en": "may not exceed six models", "fr": "plus de six figurines"}
    seven = {"en": "This edition: seven models", "fr": "Cette édition : sept figurines"}
    at = flat_text.find(seven[lang])
    assert 0 < flat_text.find(prose[lang], at) - at < 600
