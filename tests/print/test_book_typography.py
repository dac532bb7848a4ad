"""The PDF rulebooks set as a book, not a manual: about 80 characters a line, curly quotes in
English, true minus signs in the modifier tables, running heads numbered as the contents, no page
left near-empty (by a table that could split, or by the few lines a page turn leaves), French
spacing in the bookmarks; each read from the PDFs, on A4 and on US Letter."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pytest

from nqsphinx.books.chapters import END_LINES
from tests.print import layout, pdfs

LANGS = ["en", "fr"]
EDITIONS = [*LANGS, *(f"{lang}-letter" for lang in LANGS)]
#: A line of the rules' text, at most (a loose line of short words runs a little over 85, and a
#: one-line French paragraph of short words set tight 93: « Il y a six aspects de la magie : le
#: feu, l’eau, la terre, le vent, la lumière et l’obscurité. », US Letter), usually.
MOST_CHARACTERS, USUAL_CHARACTERS = 95, 85
#: The height (points) of a line of the 11 pt text, as pdftotext boxes it.
TEXT_LINE = (10.5, 12.5)
#: A page has its body between these (points from the top; the feet below).
BODY = (60.0, 770.0)
#: The fewest lines of a page that does not end a chapter.
FEWEST_LINES = 4
#: The fewest lines of a chapter's last page (nqsphinx.books.chapters): one more than of any
#: other page (EN A4 p. 7 held the last four lines of What You Need To Play alone).
FEWEST_END_LINES = END_LINES


@pytest.fixture(scope="module")
def rulebooks(pdfs: dict[str, Path], letter_pdfs: dict[str, Path]) -> dict[str, Path]:
    return {**pdfs, **{f"{lang}-letter": pdf for lang, pdf in letter_pdfs.items()}}


def _rules_pages(pdf: Path) -> range:
    """The file pages of the chapters (after the contents, before the index)."""
    outline = layout.outline(pdf)
    first = next(page for page, _ in outline if page > 3)
    index = next(page for page, title in outline if title == "Index")
    return range(first, index)


def _longtable_captions(tex: Path) -> list[str]:
    """The captions of the book's longtables (the tables that may split across pages)."""
    source = tex.read_text(encoding="utf-8")
    found = re.findall(
        r"\\begin\{longtable\}[^\n]*\n(?:.*\n){0,2}?\\caption\{(.*?)\\strut\}", source
    )
    return [re.sub(r"\\sphinxhyphen\{\}", "-", c) for c in found]


def _body(pdf: Path, page: int) -> list[pdfs.Line]:
    return [line for line in pdfs.text_lines(pdf, page) if BODY[0] < line.y0 < BODY[1]]


def _turned(pdf: Path, page: int) -> bool:
    """Whether the file page ``page`` is shown turned (a landscape table's)."""
    from tests.print.page_geometry import reader

    return int(reader(pdf).pages[page - 1].get("/Rotate", 0)) % 180 == 90


@pytest.mark.parametrize("edition", EDITIONS)
def test_rules_text_sets_about_80_characters_a_line(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """10 pt across 159 mm set 113 characters a line (up to 124); 11 pt across 120 mm about
    80, on either paper.  A landscape page's text is set in two columns of the measure, which
    pdftotext reads as one line across both: measured on the pages as printed."""
    pdf = rulebooks[edition]
    lengths = [
        len(line.text)
        for page in _rules_pages(pdf)[::5]
        if not _turned(pdf, page)
        for line in _body(pdf, page)
        if TEXT_LINE[0] < line.y1 - line.y0 < TEXT_LINE[1] and len(line.text) > 60
    ]
    assert len(lengths) > 300
    assert max(lengths) <= MOST_CHARACTERS
    assert statistics.median(lengths) <= USUAL_CHARACTERS - 5


def test_english_quotes_are_curly(pdfs: dict[str, Path]) -> None:
    """ "model's" is "model’s", on the cards of the Cards chapter too (the card product's
    drawings: "caster's", p. 172-182 of the proof); 12" and (Dn") keep their inch marks."""
    text = "\n".join("\n".join(page.lines) for page in layout.read_pages(pdfs["en"]))
    assert re.findall(r"\w{0,10}[A-Za-z]'[a-z]\w{0,10}", text) == []
    assert text.count("’") > 150 and text.count("“") > 10 and "caster’s" in text
    assert re.search(r'\d+" ', text) and '(Dn")' in text and "Dn”" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_modifiers_in_tables_have_a_true_minus_sign(pdfs: dict[str, Path], lang: str) -> None:
    """The command test modifiers read "−1" (U+2212), not "-1" (a hyphen)."""
    pdf = pdfs[lang]
    title = {"en": "Command test modifiers", "fr": "Modificateurs au test de contrôle"}[lang]
    page = next(
        p
        for p in layout.read_pages(pdf)
        if any(title in line and ". . ." not in line for line in p.lines)  # not the contents
    )
    cells = " ".join(page.lines)
    assert re.search(r"\u2212\d", cells) and not re.search(r"(?<![\w\d])-\d", cells), cells


def _book_text(pdf: Path, lang: str) -> str:
    """The text of the chapters, but the cards' (the card product's drawings, nqprint)."""
    chapters = [page for page, _, depth in layout.outline_levels(pdf) if depth == 0]
    title = {"en": "Cards, Counters & Templates", "fr": "Cartes, marqueurs et gabarits"}[lang]
    start = next((p for p, t in layout.outline(pdf) if t == title), 0)
    end = min((page for page in chapters if page > start), default=0)
    return "\n".join(
        "\n".join(page.lines) for page in layout.read_pages(pdf) if not start <= page.number < end
    )


def test_no_curly_quote_is_closed_by_a_straight_one(pdfs: dict[str, Path]) -> None:
    """A level "1" spell reads “1”, never “1" (p. 80 of the proof)."""
    text = _book_text(pdfs["en"], "en")
    assert re.findall(r"“[^”\"\n]{0,40}\"(?!”)", text) == []
    assert "“1”" in text


#: A word that starts with a closing quote: an opening quote set the wrong way round.
CLOSING_QUOTE_OPENS = re.compile(r"(?:^|[\s(\[])[”’]\w[^\n]{0,30}", re.M)


@pytest.mark.parametrize("edition", ["en", "en-letter"])
def test_no_word_starts_with_a_closing_quote(rulebooks: dict[str, Path], edition: str) -> None:
    """A paragraph that starts with a quote opens it: “A well planned strategy…” (p. 3 of the
    proof), “Ghost-like” models only (pp. 107-108), never ”A well… after the paragraph before."""
    text = "\n".join("\n".join(page.lines) for page in layout.read_pages(rulebooks[edition]))
    assert CLOSING_QUOTE_OPENS.findall(text) == []
    assert "“Ghost-like” models only." in text


@pytest.mark.parametrize("lang", LANGS)
def test_modifiers_in_running_text_have_a_true_minus_sign(pdfs: dict[str, Path], lang: str) -> None:
    """ "30/-1", "a -1 penalty", "from -2 to -1": a modifier in the prose is "−1" too."""
    text = _book_text(pdfs[lang], lang)
    found = re.findall(r".{0,30}(?<=[\s(\[/“‘«])-\d.{0,10}", text)
    assert found == []
    assert "36/\u22121" in text


@pytest.mark.parametrize("lang", LANGS)
def test_signs_and_dashes_in_running_text(pdfs: dict[str, Path], lang: str) -> None:
    """What a typewriter typed with a hyphen or three dots (the proof, pp. 5-230): "CC-1",
    "10 - 4", "2002-2007", "TTS - Small", "4 1/2", "..." read "CC−1", "10 − 4", "2002–2007",
    "TTS – Small", "4½", "…"."""
    text = _book_text(pdfs[lang], lang)
    assert re.findall(r".{0,20}\b(?:CC|RA|AD)-\d.{0,10}", text) == []
    assert re.findall(r".{0,20}(?:\d - \d|\w - \w|(?<![-\d])\b\d+-\d+\b(?!-)).{0,10}", text) == []
    assert " 1/2" not in text and "..." not in text.replace(". . .", "")
    assert "CC\u22121" in text and "2002\u20132007" in text
    assert {"en": "TTS \u2013 Small", "fr": "force \u2013 port"}[lang] in text


@pytest.mark.parametrize("lang", LANGS)
def test_running_heads_are_numbered_as_the_contents(pdfs: dict[str, Path], lang: str) -> None:
    """ "8.1 Move", as the contents print it, never "8.1. Move"."""
    heads = [page.head for page in layout.read_pages(pdfs[lang]) if page.head]
    numbered = [head for head in heads if re.search(r"\b\d+\.\d+\s", head)]
    assert len(numbered) > 50
    assert [head for head in heads if re.search(r"\b\d+(\.\d+)*\.\s", head)] == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_page_of_fewer_than_four_lines_but_a_chapters_end(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """A page turn leaves no line or two alone on a page (the Letter contents' "Index 198",
    the French Letter p. 108), except at the end of a chapter."""
    pdf = rulebooks[edition]
    pages = layout.read_pages(pdf)
    starts = {page for page, _, depth in layout.outline_levels(pdf) if depth == 0}
    index = next(page for page, title in layout.outline(pdf) if title == "Index")
    short = [
        page.where()
        for page in pages[2 : index - 1]
        if 0 < len([line for line in page.lines if line.strip()]) < FEWEST_LINES
        and page.number + 1 not in starts
    ]
    assert short == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_chapter_ends_on_a_page_of_a_few_lines(rulebooks: dict[str, Path], edition: str) -> None:
    """A chapter's last page holds more than the few lines it ran over its pages: the rule
    above passes a chapter's end, where four lines alone on a page are as near empty."""
    pdf = rulebooks[edition]
    pages = layout.read_pages(pdf)
    starts = {page for page, _, depth in layout.outline_levels(pdf) if depth == 0}
    index = next(page for page, title in layout.outline(pdf) if title == "Index")
    first = next(page for page, _ in layout.outline(pdf) if page > 3)  # the first chapter
    short = [
        f"{page.where()}: {count} lines"
        for page in pages[first - 1 : index - 1]
        if page.number + 1 in starts | {index}
        and 0 < (count := len([line for line in page.lines if line.strip()])) < FEWEST_END_LINES
    ]
    assert short == [], short


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_page_left_a_third_empty_before_a_table(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """A table that may split (a longtable) starts where the text reaches it and goes on over
    the page with its header repeated (the spell list left half of its page empty); a short
    one, kept whole with its notes, may go to the next page; so does a table turned on a
    landscape page of its own (Table 28.6)."""
    pdf = rulebooks[edition]
    height = float(pdfs.reader(pdf).pages[0].mediabox.height)
    starts = {page for page, _, depth in layout.outline_levels(pdf) if depth == 0}
    splitting = _longtable_captions(pdf.with_suffix(".tex"))
    assert splitting, "no longtable in the book"
    gaps = []
    for page in _rules_pages(pdf):
        following = _body(pdf, page + 1)
        if page + 1 in starts or not following or not re.match(r"Table \d", following[0].text):
            continue
        if pdfs.reader(pdf).pages[page].get("/Rotate", 0) % 180 == 90:
            continue
        caption = re.sub(r"^Table [\d.]+:\s*", "", following[0].text)
        if not any(caption.startswith(c[:20]) or c.startswith(caption) for c in splitting):
            continue
        end = max((line.y1 for line in _body(pdf, page)), default=height)
        if end < height * 2 / 3:
            gaps.append(f"p. {page}: ends at {end:.0f} pt, before {following[0].text[:30]}")
    assert gaps == []


def test_french_bookmarks_are_spaced_as_french(pdfs: dict[str, Path]) -> None:
    """« Règle optionnelle : sauvegarde ultime » in the outline too, which babel never sees."""
    titles = [title for _, title in layout.outline(pdfs["fr"])]  # the narrow space read as one
    colons = [title for title in titles if ":" in title]
    assert colons and all(re.search(r"\s:", title) for title in colons), colons


#: A table's rules keep this far from the paper's edge (mm), at least, and as far from the left
#: edge as from the right (within :data:`CENTRED_MM`): a table wider than the text block stands
#: out into both margins alike.
TABLE_EDGE_MM, CENTRED_MM = 15, 2
_CAPTION = re.compile(r"^(Table|Tableau) \d+\.\d+")


def tables_off_centre(pdf: Path) -> tuple[int, list[str]]:
    """The rules of the tables (horizontal lines on the pages of a caption), counted, and those
    off-centre or near the paper's edge, each as "p. N: left mm, right mm"."""
    width = float(pdfs.reader(pdf).pages[0].mediabox.width)
    mm = pdfs.PT_PER_INCH / 25.4
    counted, wrong = 0, []
    for page in range(1, pdfs.pages(pdf) + 1):
        if not any(_CAPTION.match(line.text) for line in pdfs.text_lines(pdf, page)):
            continue
        for shape in pdfs.shapes(pdf, page):
            if shape.height < 0.5 and shape.width > 60 and shape.lines == 1 and not shape.curves:
                counted += 1
                left, right = shape.x0 / mm, (width - shape.x1) / mm
                if abs(left - right) > CENTRED_MM or min(left, right) < TABLE_EDGE_MM:
                    wrong.append(f"p. {page}: {left:.1f} mm, {right:.1f} mm")
    return counted, wrong


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_table_is_centred_on_the_page(rulebooks: dict[str, Path], edition: str) -> None:
    """Table 28.6 (15 columns) and Table 23.1 are wider than the text block: their rules stand
    out into both margins alike (21.8 mm from each edge on A4), never nearer the edge than
    15 mm."""
    counted, wrong = tables_off_centre(rulebooks[edition])
    assert counted > 500
    assert wrong == []


#: What a running head prints before its title: a chapter's "Chapter 23", a section's "23.5".
_HEAD_NUMBER = re.compile(r"^(?:(?:Chapter|Chapitre|Appendix|Annexe)\s+\w+|\d+(?:\.\d+)*)\s+")


def cut_heads(pdf: Path) -> list[str]:
    """The running heads that are not a heading's whole title, as the outline has it (after the
    page number and the heading's number), by page: cut with an ellipsis (« 23.5 Liste des
    capacités, des traits, des armes et de … », French Letter p. 181) or without.  Turned pages,
    read across their head, and chapters' first pages (no head) are left out."""
    titles = {" ".join(title.split()) for _, title, _ in layout.outline_levels(pdf)}
    starts = {page for page, _, depth in layout.outline_levels(pdf) if depth == 0}
    found = []
    for page in layout.read_pages(pdf):
        if (
            not page.head
            or page.number in starts
            or pdfs.reader(pdf).pages[page.number - 1].get("/Rotate", 0)
        ):
            continue
        words = page.head.split()
        words = words[1:] if words[0] == page.label else words[:-1]
        if _HEAD_NUMBER.sub("", " ".join(words)) not in titles:
            found.append(f"{page.where()}: {' '.join(words)!r}")
    return found


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_running_head_is_a_whole_title(rulebooks: dict[str, Path], edition: str) -> None:
    """A section's title too long for the head's line gives way to its chapter's, never cut."""
    assert cut_heads(rulebooks[edition]) == []


#: The last section of Chapter 28, its landscape table and the first words of the table's last
#: note, by language.
SECTION_28_5 = {
    "en": ("28.5 Sample Profiles Against Each Other", "Table 28.6", "Counted as large targets"),
    "fr": ("28.5 Les exemples de profils face à face", "Tableau 28.6", "Comptent comme grandes"),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_landscape_table_ending_its_chapter_takes_its_section_and_notes(
    rulebooks: dict[str, Path], edition: str
) -> None:
    """French A4: 28.5's heading and six lines stood alone on the page before Table 28.6's
    landscape page (the proof's p. 248); taken onto that page, its notes went to the next one.
    The heading, the text, the table and its notes share one page, in every edition."""
    heading, caption, note = SECTION_28_5[edition[:2]]
    pdf = rulebooks[edition]
    found = [
        page
        for page in _rules_pages(pdf)
        if any(line.startswith(heading) for line in _raw_text(pdf, page).splitlines())
        and ". . ." not in _raw_text(pdf, page)  # not the contents
    ]
    assert len(found) == 1, found
    text = " ".join(_raw_text(pdf, found[0]).split())
    assert caption in text and note in text, text[:300]
    assert _turned(pdf, found[0])


def _raw_text(pdf: Path, page: int) -> str:
    """A page's text in the order it is drawn (``pdftotext -raw``): a turned page's too."""
    return pdfs.run_on(pdf, "pdftotext", "-f", str(page), "-l", str(page), "-raw")
