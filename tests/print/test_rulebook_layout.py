"""The PDF rulebooks laid out as a publisher would ship them: front matter, headings and captions
kept with what they introduce (on A4 and on US Letter), page references, an index in the
language's order that points to the rules, document metadata, French number and header
typography.

Each layout check reads the PDF as a proofreader does (``tests.print.layout``) and is shown to
fail on a made-up page, so that an empty finding means the rule holds, not that nothing was
read.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from pypdf.generic import DictionaryObject, NameObject, TextStringObject

from nqcore.book.errata import KINDS, all_errata
from nqcore.rules.magic import Aspect
from nqcore.rules.spells import all_spells
from nqcore.tables.registry import get_table, table_keys
from nqprint import credits
from nqsphinx.books.front_matter import printing_line, source_version
from nqsphinx.directives.errata import field_names
from nqsphinx.directives.glossary import GLOSSARY_FILE, load_terms
from nqsphinx.directives.index_data import INDEX_FILE, load_index_data, qualified
from nqsphinx.directives.rules_index import NAMED_ROWS
from nqsphinx.messages import engine_text, ui_text
from tests.building import ROOT
from tests.print import layout
from tests.print import pdfs as pdfs_module
from tests.print.layout import Page
from tests.print.pdfs import Shape

LANGS = ["en", "fr"]
#: The rulebooks of every paper: A4 ("en") and US Letter ("en-letter"), each laid out again.
EDITIONS = [*LANGS, *(f"{lang}-letter" for lang in LANGS)]
TAGLINE = "The fantasy battles miniatures wargame"
#: Headings of pages that the index leaves out (they are not rules).
UNINDEXED = {"en": {"Credits", "The Unexpected Enemy"}, "fr": {"Crédits", "L’Ennemi inattendu"}}
#: Chapters of records, whose headings group the records (kind, chapter): each record's sections
#: are indexed in their own chapters.
RECORD_CHAPTERS = {
    "en": {"Errata", "What Changed Since The French v2.4b"},
    "fr": {"Errata", "Ce qui a changé depuis la v2.4b française"},
}
GLOSSARY = {"en": "Glossary", "fr": "Glossaire"}
CREDITS = {"en": "Credits", "fr": "Crédits"}
#: The first chapter of the rules, chapter 1.
INTRODUCTION = "Introduction"
#: Lines of its section under a heading at the foot of a page, at least.
LINES_UNDER_HEADING = 3


def _text(pdf: Path) -> str:
    return layout.squeeze(layout._pdftotext(pdf))


@pytest.fixture(scope="module")
def rulebooks(pdfs: dict[str, Path], letter_pdfs: dict[str, Path]) -> dict[str, Path]:
    """Every edition's PDF by :data:`EDITIONS`' names (the US Letter ones are built for the
    print products anyway)."""
    return {**pdfs, **{f"{lang}-letter": pdf for lang, pdf in letter_pdfs.items()}}


# --- front matter and blank pages ---------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_front_matter_is_cover_credits_then_contents(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """Front matter in roman: the cover (i), the credits on its back (ii), unnumbered and not
    in the contents, the contents on a right-hand page (iii) under its own title; then the
    first chapter of the rules, Introduction, is chapter 1 on page 1, a right-hand page."""
    lang = edition.split("-")[0]
    pages = layout.read_pages(rulebooks[edition])
    assert "No Quarter" in " ".join(pages[0].lines)
    assert (pages[0].label, pages[1].label, pages[2].label) == ("i", "ii", "iii")
    credits = [layout.squeeze(line) for line in pages[1].lines]
    assert credits[0] == CREDITS[lang], credits[:2]
    assert "Chris Gilders" in " ".join(credits)
    contents = pages[2]
    title = ui_text("Contents", lang)
    assert layout.squeeze(contents.lines[0]).casefold() == title.casefold(), contents.lines[:2]
    entries = " ".join(contents.lines)
    assert CREDITS[lang] not in entries
    assert re.search(rf"^1 {INTRODUCTION} \.?\s*1$", layout.squeeze(contents.lines[1]))
    first = next(page for page in pages[3:] if page.label == "1")
    assert first.number % 2 == 1, "page 1 is a right-hand page"
    chapter = ui_text("Chapter", lang)
    opening = " ".join((first.head, *first.lines[:2]))  # "CHAPTER 1" ends with its label
    assert re.search(rf"(?i)\b{chapter}\s*1\b", opening), opening
    assert INTRODUCTION in opening


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_credits_name_this_printing_by_its_sources(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """The credits say which printing a reader holds ("This printing: 2026-11-26 (sources
    1a2b3c4)"), from the commit the sources are at (or SOURCE_DATE_EPOCH's date), never from
    the clock: every build of one commit is the same book."""
    lang = edition.split("-")[0]
    # source_version itself is checked against `git log` in test_rulebook.py.
    expected = printing_line(lang, *source_version(ROOT))
    assert expected is not None and "sources" in expected
    credits = layout.squeeze(" ".join(layout.read_pages(rulebooks[edition])[1].lines))
    assert layout.squeeze(expected) in credits, credits[-200:]


@pytest.mark.parametrize("lang", LANGS)
def test_the_tagline_is_on_the_cover_only(pdfs: dict[str, Path], lang: str) -> None:
    """No page holds the home page's tagline alone: it is on the cover."""
    tagline = ui_text(TAGLINE, lang).casefold()
    pages = layout.read_pages(pdfs[lang])
    assert tagline in layout.squeeze(" ".join(pages[0].lines)).casefold()
    holding = [
        p.where() for p in pages[1:] if tagline in layout.squeeze(" ".join(p.lines)).casefold()
    ]
    assert holding == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_blank_page_carries_a_running_head(pdfs: dict[str, Path], lang: str) -> None:
    assert layout.blank_pages_with_furniture(pdfs[lang]) == []


# --- what is kept together ----------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_heading_is_the_last_line_of_a_page(rulebooks: dict[str, Path], edition: str) -> None:
    assert len(layout.outline(rulebooks[edition])) > 300
    assert layout.headings_at_foot(rulebooks[edition]) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_example_title_is_the_last_line_of_a_page(
    rulebooks: dict[str, Path], edition: str
) -> None:
    lang = edition.split("-")[0]
    title = ui_text("Example", lang)
    assert title in _text(rulebooks[edition])
    assert layout.words_at_foot(rulebooks[edition], {title, "Note", "Note:"}) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_box_is_split_after_its_title_or_before_its_end(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """An example or a note broken over pages keeps lines of its text on each page."""
    assert layout.split_boxes(rulebooks[edition]) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_page_opens_with_an_example_erratum_line(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """An example broken over pages keeps its erratum line ("Corrected from the 2007 printing:
    see the erratum ...") with the last lines of its text: the next page never starts with it
    alone."""
    lang = edition.split("-")[0]
    line = ui_text("Corrected from the 2007 printing: see the erratum {errata}.", lang)
    words = line.split(":")[0].strip()
    assert words in _text(rulebooks[edition]).replace("\n", " ")
    assert layout.pages_opening_with(rulebooks[edition], words) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_page_opens_with_the_new_reading_of_a_changed_rule(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """A rule changed since the French v2.4b keeps its "Rules of 2007:" reading with its title
    and the v2.4b's reading (the French Letter p. 250 held that one line alone)."""
    lang = edition.split("-")[0]
    words = ui_text("Rules of 2007:", lang).rstrip(":").strip()
    assert words in _text(rulebooks[edition]).replace("\n", " ")
    assert layout.pages_opening_with(rulebooks[edition], words) == []


#: The marks of the cells the 2007 book prints otherwise (nqsphinx.directives.tables.MARKS).
MARKS = "†‡§¶"


def notes_apart(pdf: Path, lang: str, marks_without_notes: bool = True) -> list[str]:
    """Pages holding a mark (†) in a table without its note ("† The 2007 book prints ..."), or,
    with ``marks_without_notes`` false, a note without its mark."""
    lead = layout.squeeze(ui_text("The 2007 book prints {printed} here; see the erratum:", lang))
    lead = lead.split("{")[0].strip()
    apart = []
    for page in layout.read_pages(pdf):
        flat = layout.squeeze(" ".join(page.lines))
        for mark in MARKS:
            notes = len(re.findall(rf"{mark} {re.escape(lead)}", flat))
            marked = flat.count(mark) > notes
            if (marked and not notes) if marks_without_notes else (notes and not marked):
                apart.append(f"{page.where()}: {mark}")
    return apart


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_mark_has_its_note_on_its_page(rulebooks: dict[str, Path], edition: str) -> None:
    """A note never leaves its mark's page: the spell list's Fog (6†) and Lure (6‡), whose notes
    were alone on the next page, and the Craven Ghouls' points (31†)."""
    lang = edition.split("-")[0]
    pdf = rulebooks[edition]
    assert sum(layout.squeeze(" ".join(p.lines)).count("†") for p in layout.read_pages(pdf)) > 10
    assert notes_apart(pdf, lang) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_note_has_its_mark_on_its_page(rulebooks: dict[str, Path], edition: str) -> None:
    """A longtable's note is printed only under the part of the table that carries its mark:
    the spell list's last page repeated the notes of Fog (6†) and Lure (6‡), whose cells are
    on the page before."""
    lang = edition.split("-")[0]
    assert notes_apart(rulebooks[edition], lang, marks_without_notes=False) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_heading_ends_a_page_with_fewer_than_three_lines_under_it(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """A heading whose section goes on over the page has three lines of it or more under it:
    not a line or two with the table or the subsection they introduce on the next page."""
    assert layout.headings_short_at_foot(rulebooks[edition], LINES_UNDER_HEADING) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_erratum_title_ends_a_page_without_its_first_lines(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """On the Errata chapter's pages, each record's title has its "Where:" and first field
    ("Printed:", "The book:") under it on its page: the example boxes link to the title."""
    lang = edition.split("-")[0]
    pdf = rulebooks[edition]
    chapters = [page for page, _, level in layout.outline_levels(pdf) if level == 0]
    start = next(p for p, t, level in layout.outline_levels(pdf) if level == 0 and t == "Errata")
    end = next(page for page in chapters if page > start)
    titles = [engine_text(erratum.subject, lang) for erratum in all_errata()]
    fields = [field_names(kind, lang)[0] for kind in KINDS]
    text = layout.squeeze(" ".join(p for page in layout.read_pages(pdf) for p in page.lines))
    assert sum(layout.squeeze(title) in text for title in titles) > len(titles) // 2
    assert layout.records_split(pdf, titles, fields, range(start, end)) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_profile_keeps_its_details_and_a_list_its_last_items(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """A table's details ("Special Rules", "Structure": Table.details) are on its page, not at
    the top of the next; a list's last item never opens a page alone."""
    lang = edition.split("-")[0]
    pdf = rulebooks[edition]
    labels = {
        engine_text(label, lang) for key in table_keys() for label, _ in get_table(key).details
    }
    assert {engine_text("Special Rules", lang), engine_text("Structure", lang)} <= labels
    outline = layout.outline(pdf)
    glossary = next(page for page, title in outline if title == GLOSSARY[lang])
    end = next(page for page, _ in outline if page > glossary)
    in_glossary = re.compile(rf"\(file page ({'|'.join(map(str, range(glossary, end)))})\)")
    # a glossary term of the same word (« Spécialiste ») may open a page of the glossary
    opening = layout.pages_opening_exactly(pdf, labels)
    assert [where for where in opening if not in_glossary.search(where)] == []
    assert layout.last_items_alone(pdf) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_running_head_names_its_chapter_or_section(pdfs: dict[str, Path], lang: str) -> None:
    """Odd pages of a chapter without sections (or before its first) name the chapter, as even
    pages do, rather than showing a bare page number."""
    pages = layout.read_pages(pdfs[lang])
    assert len([p for p in pages if p.head and p.number % 2 and p.label.isdigit()]) > 50
    assert layout.bare_heads(pdfs[lang]) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_caption_is_on_the_page_of_its_table(
    rulebooks: dict[str, Path], edition: str
) -> None:
    assert len(list(layout.captions(rulebooks[edition]))) > 100
    assert layout.captions_apart(rulebooks[edition]) == []


@pytest.mark.parametrize("lang", LANGS)
def test_tables_are_numbered_by_chapter_once_each(pdfs: dict[str, Path], lang: str) -> None:
    numbers = layout.caption_numbers(pdfs[lang])
    assert all(re.fullmatch(r"\d+\.\d+", n) for n in numbers), numbers
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    assert repeated == [], f"two tables numbered {repeated}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_is_printed_twice_in_a_row(pdfs: dict[str, Path], lang: str) -> None:
    assert layout.repeated_sentences(pdfs[lang]) == []


@pytest.mark.parametrize("lang", LANGS)
def test_ranged_attack_modifiers_state_the_range_modifier_once(
    pdfs: dict[str, Path], lang: str
) -> None:
    """The table's note repeated the paragraph above it; the quick reference keeps the note."""
    (note,) = get_table("ranged-modifiers").notes
    assert layout.squeeze(engine_text(note, lang)) not in _text(pdfs[lang])


def _page(number: int, *lines: str) -> Page:
    return Page(number, str(number), lines, True)


class _FakeReader:
    """A PDF of four pages labelled 1, 2, 1, 3 (a cover labelled like page 1); anchors "page.1"
    on the first, "page.2" on the third; a link to "page.9" on the second."""

    page_labels = ["1", "2", "1", "3"]
    named_destinations = {"page.1": 0, "page.2": 2}

    def __init__(self) -> None:
        goto = DictionaryObject(
            {NameObject("/S"): NameObject("/GoTo"), NameObject("/D"): TextStringObject("page.9")}
        )
        link = DictionaryObject(
            {NameObject("/Subtype"): NameObject("/Link"), NameObject("/A"): goto}
        )
        self.pages = [{}, {"/Annots": [link]}, {}, {}]

    def get_destination_page_number(self, destination: int) -> int:
        return destination


def test_the_layout_checks_can_fail(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pdf = tmp_path / "book.pdf"
    pages = (
        _page(1, "Some text.", "12.3 Ranged Attack Modifiers"),
        _page(2, "Text.", "Table 12.1: Bow"),
        _page(3, "Table 12.2: Sword", "A paragraph starts at the margin."),
        _page(4),
        _page(5, "Example"),
        Page(6, "7", ("✓ Checked with the rules engine",), True, "7"),
    )
    monkeypatch.setattr(layout, "read_pages", lambda _: pages)
    monkeypatch.setattr(layout, "outline", lambda _: [(1, "Ranged Attack Modifiers")])
    levels = [(1, "Ranged Attack Modifiers", 1), (1, "Bow", 2), (5, "Magic", 0)]
    monkeypatch.setattr(layout, "outline_levels", lambda _: levels)
    assert layout.headings_at_foot(pdf) == ["page 1 (file page 1): 'Ranged Attack Modifiers'"]
    assert layout.headings_short_at_foot(pdf, 3) == [
        "page 1 (file page 1): 'Ranged Attack Modifiers' and 0 lines"
    ]
    assert layout.bare_heads(pdf) == ["page 7 (file page 6)"]
    assert layout.pages_opening_with(pdf, "Checked with the rules engine") == [
        "page 7 (file page 6): '✓ Checked with the rules engine'"
    ]
    assert len(layout.captions_apart(pdf)) == 2
    assert layout.blank_pages_with_furniture(pdf) == ["page 4 (file page 4)"]
    assert layout.words_at_foot(pdf, {"Example"}) == ["page 5 (file page 5): 'Example'"]
    assert layout.is_row("  Name   UC   Points") and not layout.is_row("A sentence of prose.")
    frame, title = Shape(72, 88, 523, 114, 4, 8), Shape(72, 94, 522, 114, 4, 8)
    boxes = {
        1: [frame, title],
        2: [Shape(72, 750, 523, 760, 4, 8)],
        3: [Shape(72, 300, 523, 400, 4, 8), title],
    }
    monkeypatch.setattr(pdfs_module, "shapes", lambda _, page: boxes.get(page, []))
    assert layout.split_boxes(pdf) == [
        "page 1 (file page 1): a box piece with only its title",
        "page 2 (file page 2): a box piece with nothing",
    ]
    errata = (
        _page(8, "Text.", "Lure: upkeep", "Infiltrate: largest unit", "Open question — Where: X"),
        _page(9, "Printed: 3", "A list:", "• Hold", "• Flee"),
        _page(10, "• Terrified", "Special Rules", "Next paragraph."),
        _page(11, "Special Rules", "None"),
    )
    monkeypatch.setattr(layout, "read_pages", lambda _: errata)
    titles, fields = ["Lure: upkeep", "Infiltrate: largest unit"], ["Printed:"]
    assert layout.records_split(pdf, titles, fields, range(8, 10)) == [
        "page 8 (file page 8): 'lure: upkeep'",
        "page 8 (file page 8): 'infiltrate: largest unit'",
    ]
    assert layout.pages_opening_exactly(pdf, ["Special Rules"]) == [
        "page 11 (file page 11): 'Special Rules'"
    ]
    assert layout.last_items_alone(pdf) == ["page 10 (file page 10): '• Terrified'"]
    monkeypatch.setattr(layout, "reader", lambda _: _FakeReader())
    assert layout.shared_labels(pdf) == ["label '1': file pages [1, 3]"]
    assert layout.page_anchors_off_label(pdf) == [
        "page.2 is on file page 3, labelled '1'",
        "page '3' has no anchor",
    ]
    assert layout.unresolved_links(pdf) == ["file page 2: page.9"]
    twice = "This sentence of many words is printed two times in a row."
    monkeypatch.setattr(layout, "sentences", lambda _: [("3", twice), ("4", twice)])
    assert layout.repeated_sentences(pdf) == [f"page 3: {twice!r}"]


# --- the index ----------------------------------------------------------------------------------


def _bare(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _unspaced(text: str) -> str:
    """Text without the space that French typography sets before high punctuation (the outline
    has none)."""
    return re.sub(r"\s+([:;!?])", r"\1", layout.squeeze(text))


def _entries(pdf: Path) -> dict[str, list[str]]:
    """Each index entry's words and its page numbers."""
    found: dict[str, list[str]] = {}
    for _, lines in layout.index_groups(pdf):
        for line in lines:
            match = re.fullmatch(r"(.+?)\s*,\s*([\d, ]+?)(?:,?\s*(?:see|voir)\b.*)?", line)
            if match:
                found[layout.squeeze(match.group(1))] = re.findall(r"\d+", match.group(2))
    return found


def _sub_entries(pdf: Path) -> dict[str, list[str]]:
    """Each sub-entry as "Head; sub" (an inverted heading: "Prone; being knocked"), with its
    page numbers."""
    found: dict[str, list[str]] = {}
    for entry, subs in layout.index_tree(pdf):
        head = layout.squeeze(re.split(r",\s*(?:\d|see\b|voir\b)", entry)[0])
        for sub in subs:
            match = re.fullmatch(r"(.+?)\s*,\s*([\d, ]+)", layout.squeeze(sub))
            if match:
                key = _unspaced(f"{head}; {match.group(1)}")
                found[key] = re.findall(r"\d+", match.group(2))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_index_letters_in_order_each_entry_under_its_letter(
    pdfs: dict[str, Path], lang: str
) -> None:
    """Sorted by the language's rules: « À terre » under A, « Élan d’attaque » under E."""
    groups = layout.index_groups(pdfs[lang])
    letters = [letter for letter, _ in groups]
    assert letters == sorted(letters) and len(letters) > 15, letters
    misfiled = [
        (letter, entry)
        for letter, entries in groups
        for entry in entries
        if entry[0].isalpha() and _bare(entry[0]) != letter.casefold()
    ]
    assert misfiled == []
    if lang == "fr":
        filed = {
            entry.split(" ,")[0].split(",")[0]: letter for letter, es in groups for entry in es
        }
        assert (filed["À terre"], filed["Élan d’attaque"], filed["Élite"]) == ("A", "E", "E")


@pytest.mark.parametrize("lang", LANGS)
def test_no_replacement_character(pdfs: dict[str, Path], lang: str) -> None:
    assert "\ufffd" not in layout._pdftotext(pdfs[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_index_sends_headings_to_their_page(pdfs: dict[str, Path], lang: str) -> None:
    """Every heading of the rules but a chapter's title is an entry with the page of its
    heading, under its own words or those it is merged into (docs/_data/rules_index.toml)."""
    from nqsphinx.directives.index_data import load_index_data, words
    from nqsphinx.directives.rules_index import index_text

    pdf = pdfs[lang]
    entries = {_unspaced(entry): pages for entry, pages in _entries(pdf).items()}
    entries.update(_sub_entries(pdf))
    data = load_index_data(ROOT / "docs" / "_data" / "rules_index.toml")
    merged = [
        _unspaced("; ".join(index_text(w.strip(), lang) for w in given.split(";")))
        for m in data.merge
        if (given := words(str(ROOT / "docs"), m, lang))
    ]
    pages = layout.read_pages(pdf)
    index = next(page for page, title in layout.outline(pdf) if title == "Index")
    chapters = {title for _, title, depth in layout.outline_levels(pdf) if depth == 0}
    missing = [
        (title, pages[page - 1].label)
        for page, title, chapter in layout.outline_chapters(pdf)
        if page < index
        and title not in UNINDEXED[lang]
        and title not in chapters
        and chapter not in RECORD_CHAPTERS[lang]
        and pages[page - 1].label not in entries.get(_unspaced(index_text(title, lang)), [])
        and not any(pages[page - 1].label in entries.get(m, []) for m in merged)
    ]
    assert len(entries) > 400
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_index_sends_terms_to_their_rule_spells_and_weapons_to_theirs(
    pdfs: dict[str, Path], lang: str
) -> None:
    """A glossary term has the page of the section that defines it besides the glossary's;
    every spell and every weapon of the armoury has an entry."""
    pdf = pdfs[lang]
    entries = _entries(pdf)
    outline = layout.outline(pdf)
    glossary = next(page for page, title in outline if title == GLOSSARY[lang])
    end = next(page for page, _ in outline if page > glossary)  # the next chapter
    glossary_pages = {p.label for p in layout.read_pages(pdf)[glossary - 1 : end - 1]}
    terms = load_terms(ROOT / "docs" / GLOSSARY_FILE)
    only_glossary = [
        term.label(lang)
        for term in terms
        if not set(entries.get(layout.squeeze(term.label(lang)), [])) - glossary_pages
    ]
    assert only_glossary == []
    names = [engine_text(spell.name, lang) for spell in all_spells()]
    for key, column in NAMED_ROWS.items():
        names += [engine_text(str(row[column]), lang) for row in get_table(key).rows]
    # A name that is also a rule's word has its own entry: « Panic (spell) ».
    entry = qualified(load_index_data(ROOT / "docs" / INDEX_FILE), lang)
    names = [entry.get(name, name) for name in names]
    assert "Panic (spell)" in names or "Panique (sort)" in names
    assert [name for name in names if layout.squeeze(name) not in entries] == []


# --- page references and metadata ---------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_link_lands_and_every_page_label_is_its_own(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """Every link's destination is in the PDF (the index's "62" and "71" went nowhere: no
    anchor on those pages), each page's anchor is on the page of that label, so an index's
    "page 2" opens page 2, not the cover's back, and no two pages share a label (the cover was
    "1", like the first chapter's page)."""
    pdf = rulebooks[edition]
    assert layout.shared_labels(pdf) == []
    assert layout.unresolved_links(pdf) == []
    assert layout.page_anchors_off_label(pdf) == []
    index = next(page for page, title in layout.outline(pdf) if title == "Index")
    labels = layout.reader(pdf).page_labels
    links = layout.internal_links(pdf, range(index, len(labels) + 1))
    to_pages = [link for link in links if link.dest.startswith("page.")]
    assert len(to_pages) > 500
    off = [
        link
        for link in to_pages
        if set(re.findall(r"\d+", link.text)) != {link.dest.removeprefix("page.")}
    ]
    assert off == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_cross_reference_gives_its_page(pdfs: dict[str, Path], lang: str) -> None:
    """Each link of the text to a place in the book is followed by "(p. N)"."""
    links = layout.cross_references(pdfs[lang])
    assert len(links) > 400
    assert [link for link in links if not layout.PAGEREF.match(link.after)] == []
    pagerefs = re.findall(r"\((?:[^()]{1,40}?, )?p\. \d+\)", _text(pdfs[lang]))
    assert len(pagerefs) >= len(links)


@pytest.mark.parametrize("lang", LANGS)
def test_document_information_in_the_book_language(pdfs: dict[str, Path], lang: str) -> None:
    info = layout.document_info(pdfs[lang])
    edition = {"en": "English edition · A4", "fr": "Édition française · A4"}[lang]
    assert info["/Title"] == f"No Quarter Fantasy Wargames — {edition}"
    assert info["/Author"] == "Chris Gilders"  # the translator is no author (proof round 15)
    assert info["/Subject"].startswith(ui_text(TAGLINE, lang))
    assert info["/Keywords"] == credits.keywords(lang)
    assert info["/Lang"].split("-")[0] == lang
    if lang == "fr":
        assert info["/Translator"] == "Rodolphe Carpentier"


@pytest.mark.parametrize("edition", EDITIONS)
def test_xmp_metadata_and_the_title_in_the_window(rulebooks: dict[str, Path], edition: str) -> None:
    """XMP (hyperxmp: it was missing, its packet written after the last page) with the title,
    the authors (the translator in French) and the language; readers show the title."""
    lang = edition.split("-")[0]
    parsed = pdfs_module.reader(rulebooks[edition])
    root = parsed.trailer["/Root"].get_object()
    assert root["/ViewerPreferences"]["/DisplayDocTitle"].value is True
    xmp = parsed.xmp_metadata
    assert xmp is not None
    title = layout.document_info(rulebooks[edition])["/Title"]
    assert title in (xmp.dc_title or {}).values()
    assert xmp.dc_creator == ["Chris Gilders"]
    # The translator a contributor, where catalogues read one (proof round 18), as in the e-book
    assert xmp.dc_contributor == (["Rodolphe Carpentier"] if lang == "fr" else [])
    assert any(tag.startswith(lang) for tag in xmp.dc_language or [])


def test_each_edition_has_its_own_title(rulebooks: dict[str, Path]) -> None:
    """A reader's window or a library tells the four books apart: the game, then the edition
    (language and paper), as the cover names it."""
    titles = {edition: layout.document_info(pdf)["/Title"] for edition, pdf in rulebooks.items()}
    assert len(set(titles.values())) == len(EDITIONS), titles
    assert all(title.startswith("No Quarter Fantasy Wargames — ") for title in titles.values())
    assert titles["fr-letter"].endswith("format Lettre US"), titles


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_cover_and_the_contents_have_their_bookmarks(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """The outline opens on the cover (i), the credits (ii) and the contents (iii), where the
    reader of a PDF looks for them: it began with the credits."""
    lang = edition.split("-")[0]
    outline = layout.outline(rulebooks[edition])
    contents = layout.squeeze(ui_text("Contents", lang))
    assert outline[:3] == [(1, "No Quarter Fantasy Wargames"), (2, CREDITS[lang]), (3, contents)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_cover_is_a_cover(rulebooks: dict[str, Path], edition: str) -> None:
    """Title, edition (language, paper), the aspects' circle drawn from the engine's data (its
    names), author; the credits name no art the book does not hold."""
    lang = edition.split("-")[0]
    pages = layout.read_pages(rulebooks[edition])
    cover = layout.squeeze(" ".join(pages[0].lines))
    paper = ui_text("US Letter", lang) if "letter" in edition else "A4"
    assert f"{ui_text('English edition', lang)} · {paper}" in cover, cover
    for aspect in Aspect:
        assert engine_text(aspect.label, lang) in cover
    assert "Chris Gilders" in cover
    credits = layout.squeeze(" ".join(pages[1].lines))
    for art in ("Cover Art", "Original Artwork", "Model Painters", "Image Editing"):
        assert art not in credits
    assert "Diagrams and Templates" in credits or "Diagrammes" in credits


#: What a home or club printer leaves unprinted at a sheet's edges is at most about 5 mm: the
#: cover's colour stays 10 mm inside, so that every printer prints the same cover, without bleed.
COVER_MARGIN_MM = 10


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_cover_prints_whole_on_any_printer(rulebooks: dict[str, Path], edition: str) -> None:
    """The red band and its rule lie inside the sheet by the margin: nothing runs off an edge
    (a band printed to the edge needs a bleed a print-at-home book has no use for)."""
    pdf = rulebooks[edition]
    box = pdfs_module.reader(pdf).pages[0].mediabox
    margin = COVER_MARGIN_MM * 72 / 25.4
    width, height = float(box.width), float(box.height)
    painted = [s for s in pdfs_module.shapes(pdf, 1) if s.width > width / 2]
    assert len(painted) >= 2, painted  # the band and its rule
    for shape in painted:
        assert shape.x0 >= margin - 0.5 and shape.x1 <= width - margin + 0.5, shape
        assert shape.y1 <= height - margin + 0.5 and shape.y0 >= margin - 0.5, shape


# --- French typography --------------------------------------------------------------------------


def test_french_table_headers_are_not_hyphenated(pdfs: dict[str, Path]) -> None:
    """Headers whole (« Imprimés » was « Im-primés »; the print edition now says « Points »),
    « Modificateur -3 » broken at its space if at all."""
    text = layout._pdftotext(pdfs["fr"], "-layout")
    assert "Modificateur" in text and "Im-" not in text and "Modifica-" not in text
    assert not re.search(r"Modificateur -\s*$", text, re.M)


def test_french_decimals_have_a_comma(pdfs: dict[str, Path]) -> None:
    french, english = _text(pdfs["fr"]), _text(pdfs["en"])
    assert '½"' in english and '½"' in french  # half inches as fractions (proof round 13)
    assert re.findall(r'\d\.\d+"', french) == []
