"""The PDF rulebooks as printed books: a cover, running headers, tables inside the margins,
every glyph and font present."""

from __future__ import annotations

import datetime
import re
import subprocess
from pathlib import Path

import pytest

from nqprint.printing import format_day
from nqsphinx.books.front_matter import printing_line, source_version
from nqsphinx.messages import ui_text
from tests.building import ROOT
from tests.print.conftest import Products
from tests.print.pdfs import reader, text, unembedded_fonts

LANGS = ["en", "fr"]
CHAPTER = {"en": "Magic", "fr": "La magie"}
TABLE = re.compile(r"\\begin\{(tabular|tabulary|longtable)\}.*?\\end\{\1\}", re.S)
OVERFULL = re.compile(
    r"Overfull \\hbox \(([\d.]+)pt too wide\) in (?:paragraph|alignment) at "
    r"lines (\d+)--(\d+)"
)


def _pages(pdf: Path) -> list[str]:
    return text(pdf).split("\f")


@pytest.mark.parametrize("lang", LANGS)
def test_cover_names_the_game_its_scale_its_author_and_no_build_date(
    pdfs: dict[str, Path], lang: str
) -> None:
    cover = re.sub(r"\s+", " ", _pages(pdfs[lang])[0])
    for words in (
        "No Quarter",
        "Fantasy Wargames",
        ui_text("for 25–30 mm miniatures", lang),
        ui_text("Designed and written by", lang),
        "Chris Gilders",
        "© 2002–2007",
    ):
        words = re.sub(r"\s+", " ", words)  # as the cover's text: "25 mm" has a no-break space
        assert words in cover, f"{words!r} missing from the {lang} cover"
    if lang == "fr":
        assert re.search(r"Traduction française ?: ?Rodolphe Carpentier", cover)
    else:
        assert "Carpentier" not in cover
    assert str(datetime.date.today().year) not in cover, "the cover shows the date of the build"
    assert "Release" not in cover


@pytest.mark.parametrize("lang", LANGS)
def test_running_headers_name_the_chapter(pdfs: dict[str, Path], lang: str) -> None:
    """Pages inside a chapter carry its name (even pages) or their section (odd pages) at the
    top, with the page number."""
    headers = [page.strip().splitlines()[0] for page in _pages(pdfs[lang]) if page.strip()]
    chapter = [h for h in headers if CHAPTER[lang] in h and re.search(r"\d", h)]
    assert len(chapter) >= 2, f"no running header names the {CHAPTER[lang]} chapter"


def overfull_tables(tex: Path, log: Path) -> list[str]:
    """Overfull boxes of the log whose source lines are inside a table of the LaTeX source."""
    source = tex.read_text(encoding="utf-8")
    tables = []
    for match in TABLE.finditer(source):
        first = source.count("\n", 0, match.start()) + 1
        tables.append((first, first + match.group(0).count("\n")))
    found = []
    for match in OVERFULL.finditer(log.read_text(encoding="utf-8", errors="replace")):
        start, end = int(match.group(2)), int(match.group(3))
        if any(first <= end and start <= last for first, last in tables):
            found.append(f"{match.group(1)}pt at lines {start}--{end}")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_table_runs_past_the_margins(pdfs: dict[str, Path], lang: str) -> None:
    pdf = pdfs[lang]
    assert overfull_tables(pdf.with_suffix(".tex"), pdf.with_suffix(".log")) == []


#: A table's measure and judgement (``\\gdef\\nqtablefit``, then ``\\nqturnjudge``), and the
#: start of a table, set in the measure last defined (``\\nqwidestart``):
#: nqsphinx.books.latex.table_style and nqsphinx.books.turned_tables.
_JUDGE_OR_START = re.compile(r"\\nqturnjudge\{|\\nqwidestart\b")


def tables_set_by_another_measure(tex: Path) -> list[str]:
    """The lines of the tables' judgements followed by another's before their table starts: the
    table is set in the other's columns and judged by the other's width (a judgement moved
    before its section's heading, past another table of the section)."""
    source = tex.read_text(encoding="utf-8")
    found, judged = [], 0
    for match in _JUDGE_OR_START.finditer(source):
        line = source.count("\n", 0, match.start()) + 1
        if match.group(0).startswith("\\nqwidestart"):
            judged = 0
        elif judged:
            found.append(f"line {judged}, then line {line}")
        else:
            judged = line
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_table_is_set_in_its_own_measure(pdfs: dict[str, Path], lang: str) -> None:
    assert tables_set_by_another_measure(pdfs[lang].with_suffix(".tex")) == []


def test_the_measure_check_can_fail(tmp_path: Path) -> None:
    tex = tmp_path / "book.tex"
    tex.write_text("\\nqturnjudge{a}\n\\nqwidestart\n\\nqturnjudge{b}\n\\nqwidestart\n")
    assert tables_set_by_another_measure(tex) == []
    tex.write_text("\\nqturnjudge{a}\n\\nqturnjudge{b}\n\\nqwidestart\n\\nqwidestart\n")
    assert tables_set_by_another_measure(tex) == ["line 1, then line 2"]


#: What a printer may trim or not print at the paper's edge, at most (a wide table takes from
#: the margins, never this).
SAFE_EDGE_MM = 15
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)"')
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


def words_near_the_edge(
    pdf: Path, edge_mm: float = SAFE_EDGE_MM, top_and_bottom: bool = False
) -> list[str]:
    """The pages (file page numbers) with a word closer than ``edge_mm`` to the paper's left
    or right edge (and top or bottom edge if ``top_and_bottom``), from ``pdftotext -bbox``,
    each with its nearest word and how far it is (mm)."""
    edge = edge_mm * 72 / 25.4
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    near = []
    parsed = reader(pdf)
    for number, page in enumerate(html.split("<page ")[1:], start=1):
        size = _PAGE.match("<page " + page)
        width, height = float(size.group(1)), float(size.group(2))  # type: ignore[union-attr]
        # a landscape page is shown turned, and pdftotext places its words as shown: its
        # paper's left and right edges are the top and bottom of the page as shown
        turned = parsed.pages[number - 1].get("/Rotate", 0) % 180 == 90
        distances = []
        for x0, y0, x1, y1, word in _WORD.findall(page):
            across, down = ((y0, y1), (x0, x1)) if turned else ((x0, x1), (y0, y1))
            sides = [float(across[0]), width - float(across[1])]
            if top_and_bottom:
                sides += [float(down[0]), height - float(down[1])]
            distances.append((min(sides), word))
        closest = min(distances, default=(edge, ""))
        if closest[0] < edge:
            near.append(f"p. {number}: {closest[1]!r} {closest[0] * 25.4 / 72:.1f} mm")
    return near


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_is_where_a_printer_trims(pdfs: dict[str, Path], lang: str) -> None:
    assert words_near_the_edge(pdfs[lang]) == []


def test_the_overfull_table_check_can_fail(tmp_path: Path) -> None:
    tex, log = tmp_path / "book.tex", tmp_path / "book.log"
    tex.write_text("a\n\\begin{tabular}{l}\nwide\n\\end{tabular}\nb\n", encoding="utf-8")
    log.write_text("Overfull \\hbox (3.2pt too wide) in paragraph at lines 3--3\n")
    assert overfull_tables(tex, log) == ["3.2pt at lines 3--3"]
    log.write_text("Overfull \\hbox (3.2pt too wide) in paragraph at lines 6--6\n")
    assert overfull_tables(tex, log) == []


@pytest.mark.parametrize("lang", LANGS)
def test_long_tables_run_across_pages(pdfs: dict[str, Path], lang: str) -> None:
    """The spell list (39 rows) is a longtable, which continues on the next page."""
    source = pdfs[lang].with_suffix(".tex").read_text(encoding="utf-8")
    longtables = re.findall(r"\\begin\{longtable\}.*?\\end\{longtable\}", source, re.S)
    assert any(
        "spell-list" in table or "Fireball" in table or "Boule de feu" in table
        for table in longtables
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_font_is_embedded(pdfs: dict[str, Path], lang: str) -> None:
    assert unembedded_fonts(pdfs[lang]) == []


def test_french_rulebook_spaces_guillemets_with_babel(pdfs: dict[str, Path]) -> None:
    tex = pdfs["fr"].with_suffix(".tex").read_text(encoding="utf-8")
    assert r"\frenchsetup{og=«, fg=»," in tex


def test_the_printing_is_named_by_the_sources_never_by_the_clock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The credits' printing line: the commit's date and short id; SOURCE_DATE_EPOCH's date
    when set; "unversioned sources" outside a git checkout, or no line without a date."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    logged = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%cs %h"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert list(source_version(ROOT / "docs")) == logged
    date, commit = logged
    day = {lang: format_day(date, lang) for lang in ("en", "fr")}
    assert printing_line("en", date, commit) == f"This printing: {day['en']} (sources {commit})"
    assert printing_line("fr", date, commit) == f"Ce tirage\u00a0: {day['fr']} (sources {commit})"
    assert printing_line("fr", "2026-12-02", "1a2b3c4") == (
        "Ce tirage\u00a0: 2 décembre 2026 (sources 1a2b3c4)"
    )
    assert source_version(tmp_path) == (None, None)
    assert printing_line("en", None, None) is None
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1195603200")
    assert source_version(ROOT) == ("2007-11-21", commit)
    assert printing_line("en", *source_version(tmp_path)) == (
        "This printing: 21 November 2007 (unversioned sources)"
    )


def _expected_epoch() -> int:
    """The build's SOURCE_DATE_EPOCH if it has one, else the time of the sources' commit."""
    import os

    given = os.environ.get("SOURCE_DATE_EPOCH", "")
    if given.isdigit():
        return int(given)
    logged = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return int(logged)


def _creation_date(pdf: Path) -> datetime.datetime:
    info = subprocess.run(
        ["pdfinfo", "-isodates", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    (stamp,) = re.findall(r"^CreationDate:\s+(\S+)$", info, re.M)
    return datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def test_the_tex_runs_are_dated_by_the_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every TeX run gets the commit's time as SOURCE_DATE_EPOCH, unless the build sets its
    own, which wins (the reproducible-builds convention)."""
    from nqprint.tex_sandbox import commit_epoch, sandboxed_env

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert sandboxed_env()["SOURCE_DATE_EPOCH"] == str(_expected_epoch())
    assert sandboxed_env({"SOURCE_DATE_EPOCH": "1195603200"})["SOURCE_DATE_EPOCH"] == "1195603200"
    assert commit_epoch(Path("/")) is None


def test_every_build_of_one_commit_is_the_same_book_to_the_date(
    pdfs: dict[str, Path], products: Products
) -> None:
    """The PDFs' CreationDate is the sources' (their commit's time), never the build clock's:
    two builds of one commit were different files by their dates alone."""
    expected = datetime.datetime.fromtimestamp(_expected_epoch(), datetime.UTC)
    for pdf in (*pdfs.values(), products.pdf("quick-reference", "en")):
        assert _creation_date(pdf) == expected, pdf.name
