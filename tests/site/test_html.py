"""Both HTML sites: built with warnings as errors, linked page to page, tables from the engine."""

from __future__ import annotations

import re
import zlib
from html import unescape
from pathlib import Path

import pytest

from nqcompanion.page.directive import work_it_out_texts
from nqcore.i18n import Msg
from nqcore.tables.printed_cells import printed_cells
from nqcore.tables.registry import Table, get_table
from nqsphinx.directives.tables import format_cell, printed_marks, printed_words
from nqsphinx.languages.typography import french_html, french_latex, site_text
from nqsphinx.messages import engine_text, ui_text
from tests.building import ROOT, Build
from tests.htmlpages import engine_tables, links

PAGES = sorted(
    p.relative_to(ROOT / "docs").with_suffix("").as_posix()
    for p in (ROOT / "docs").rglob("*.md")
    if not p.name.startswith("_")
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_site_builds_without_warnings(html_builds: dict[str, Build], lang: str) -> None:
    build = html_builds[lang]
    assert build.returncode == 0, build.log
    assert "WARNING" not in build.log and "ERROR" not in build.log, build.log


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_is_built(html_sites: dict[str, Path], lang: str) -> None:
    missing = [p for p in PAGES if not (html_sites[lang] / f"{p}.html").exists()]
    assert not missing


#: The switch's name, in the page's language; it holds the code the link shows.
SWITCH_NAMES = {"en": "FR: read this page in French", "fr": "EN\u00a0: lire cette page en anglais"}


@pytest.mark.parametrize("lang,other", [("en", "fr"), ("fr", "en")])
def test_every_page_links_to_itself_in_the_other_language(
    html_sites: dict[str, Path], lang: str, other: str
) -> None:
    for page in PAGES:
        html = html_sites[lang] / f"{page}.html"
        switches = [a for a in links(html).links if "nq-lang-link" in a.get("class", "")]
        # One in the phone's header, one above the article (a desktop's): the same link.
        assert [s["class"].split()[1] for s in switches] == ["nq-lang-header", "nq-lang-content"]
        assert len({s["href"] for s in switches}) == 1, f"{html}: two different switches"
        assert {s["hreflang"] for s in switches} == {other}
        assert {s["aria-label"] for s in switches} == {SWITCH_NAMES[lang]}
        target = (html.parent / switches[0]["href"]).resolve()
        # The sites are built side by side as <base>/<lang>/html/<page>.html in the tests.
        expected = (html_sites[other] / f"{page}.html").resolve()
        assert target.name == expected.name and target.parent.name == other


def test_page_language_is_declared(html_sites: dict[str, Path]) -> None:
    for lang in ("en", "fr"):
        page = (html_sites[lang] / "magic.html").read_text(encoding="utf-8")
        assert re.search(rf'<html [^>]*lang="{lang}"', page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_engine_tables_match_the_engine(html_sites: dict[str, Path], lang: str) -> None:
    """Drift guard: every generated table in the built pages says exactly what nqcore says,
    and marks exactly the cells whose value the errata say the book prints otherwise."""
    seen = marked = 0
    for page in PAGES:
        for shown in engine_tables(html_sites[lang] / f"{page}.html"):
            table = get_table(str(shown["key"]))

            def typeset(text: str) -> str:
                return site_text(text, lang)

            expected = [[typeset(engine_text(c, lang)) for c in table.columns]] + [
                [typeset(format_cell(cell, lang)) for cell in row] for row in table.rows
            ]
            assert shown["rows"] == expected, f"{page}: table {table.key} differs from nqcore"
            assert shown["caption"] == typeset(engine_text(table.title, lang))
            assert shown["marks"] == expected_marks(table, lang), f"{page}: {table.key}'s marks"
            seen += 1
            marked += len(expected_marks(table, lang))
    assert seen >= 1
    assert marked >= 30  # every cell an erratum names, some of them on two pages


def expected_marks(table: Table, lang: str) -> list[tuple[int, int, str]]:
    """The marks the site's table must carry (row counted with the header row, column, the
    mark's text with what a screen reader hears), and no others: a cell that the book prints
    otherwise is never left unmarked."""

    def typeset(text: str) -> str:
        return site_text(text, lang)

    spoken = ui_text("(the 2007 book prints {printed})", lang)
    marks = [
        (
            cell.row + 1,
            mark.column,
            typeset(f"{mark.symbol} {spoken.format(printed=printed_words(cell.printed, lang))}"),
        )
        for mark in printed_marks(table, printed_cells(table))
        for cell in mark.cells
    ]
    return sorted(marks)


#: The cells a review of the PDF found silently corrected: page, table, mark's note, printed.
REVIEWED = [
    ("actions", "movement-abilities", 1, "5½", "movement-ability-table-double-time-3-actions"),
    ("support-weapons", "profile-bolt-thrower", 1, "6", "bolt-thrower-use-cost"),
    ("ranged-combat", "teardrop-use-cost", 1, "7, 8, 9, 10, 11", "teardrop-template-use-cost"),
    ("weapon-creation", "teardrop-use-cost", 1, "7, 8, 9, 10, 11", "teardrop-template-use-cost"),
    ("creating-a-profile", "profile-basic-warrior", 1, "20", "basic-warrior-toughness-cost"),
    (
        "creating-a-profile",
        "profile-basic-warrior-points",
        1,
        "+3, 20",
        "basic-warrior-toughness-cost",
    ),
]
NOTE_WORDS = {"en": "The 2007 book prints {printed}", "fr": "Le livre de 2007 indique {printed}"}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("page", "key", "number", "printed", "erratum"), REVIEWED)
def test_a_reviewed_cell_is_marked_and_its_note_names_the_printed_value(
    html_sites: dict[str, Path],
    lang: str,
    page: str,
    key: str,
    number: int,
    printed: str,
    erratum: str,
) -> None:
    html = (html_sites[lang] / f"{page}.html").read_text(encoding="utf-8")
    note_id = f"nq-printed-{key}-{number}"
    assert f'href="#{note_id}">' in html  # the mark links its note
    note = re.search(rf'<p class="[^"]*nq-printed-note" id="{note_id}">(.*?)</p>', html, re.S)
    assert note is not None, f"{page}: no note {note_id}"
    words = unescape(re.sub(r"<[^>]+>", "", note.group(1)))
    assert words.startswith(f"† {NOTE_WORDS[lang].format(printed=printed)} "), words
    assert f'href="errata.html#erratum-{erratum}"' in note.group(1)


def test_french_tables_have_no_english_labels(html_sites: dict[str, Path]) -> None:
    """On French pages every heading and label of a generated table is French: a cell that
    holds an English msgid never shows that English, unless French writes it the same."""
    same = _same_in_both_languages()
    left = []
    for page in PAGES:
        for shown in engine_tables(html_sites["fr"] / f"{page}.html"):
            table = get_table(str(shown["key"]))
            cells = [list(table.columns)] + [list(row) for row in table.rows]
            rows = shown["rows"]
            assert isinstance(rows, list)
            for row, shown_row in zip(cells, rows, strict=True):
                for cell, text in zip(row, shown_row, strict=True):
                    if isinstance(cell, Msg) and str(cell) == text and str(cell) not in same:
                        left.append(f"{page}: {table.key}: {cell!r}")
    assert not left, "English left in French tables:\n" + "\n".join(sorted(set(left)))


def _same_in_both_languages() -> set[str]:
    """Names that French writes as English does (for instance a proper noun)."""
    from nqcore.catalogue_loading import load_po
    from nqcore.i18n import LOCALE_DIR

    catalogue = load_po(LOCALE_DIR / "fr" / "LC_MESSAGES" / "nqcore.po")
    # A key is "context\x04msgid" for a message in a context: the msgid is what the page shows.
    msgids = ((key.rpartition("\x04")[2], msgstr) for key, msgstr in catalogue.items())
    return {msgid for msgid, msgstr in msgids if msgid == msgstr}


def test_french_numbers_are_formatted_for_french(html_sites: dict[str, Path]) -> None:
    odds = (html_sites["fr"] / "odds.html").read_text(encoding="utf-8")
    assert "70\u202f%" in odds and "70\u00a0%" not in odds
    assert "70%" in (html_sites["en"] / "odds.html").read_text(encoding="utf-8")


def test_french_typography_is_applied(html_sites: dict[str, Path]) -> None:
    text = (html_sites["fr"] / "magic.html").read_text(encoding="utf-8")
    body = text[text.index('id="furo-main-content"') :]
    assert " :" not in body.replace("&nbsp;", "\u00a0")
    assert "\u00a0:" in body or "\u202f:" in body
    morale = (html_sites["fr"] / "morale.html").read_text(encoding="utf-8")
    assert "50\u202f% de pertes" in morale and "50% de pertes" not in morale


def test_english_pages_put_no_space_before_a_colon_or_semicolon(
    html_sites: dict[str, Path],
) -> None:
    """The source's "are ;" and "Name : ..." were French habits in the English book: an English
    reader meets "are:" and "Name: ..." (code and its output aside)."""
    spaced = re.compile(r"\w [;:](?=\s|$)")
    found = []
    for page in sorted(html_sites["en"].glob("*.html")):
        html = page.read_text(encoding="utf-8")
        body = html[html.index('id="furo-main-content"') :]
        body = re.sub(r"<(pre|code|script|style)\b.*?</\1>", " ", body, flags=re.S)
        text = re.sub(r"<[^>]+>", "", body)
        found += [
            f"{page.name}: …{m.string[max(0, m.start() - 30) : m.end()]}"
            for m in spaced.finditer(text)
        ]
    assert found == []


def test_french_percentages_are_spaced() -> None:
    """The narrow no-break space, as before ; ! ? (and as nqcore's format_percent)."""
    assert french_html("Il y a 50% de chances") == "Il y a 50\u202f% de chances"
    assert french_html("à 25 %") == "à 25\u202f%"
    assert french_html("à 25\u00a0%") == "à 25\u202f%"
    assert french_html("10\u202f%") == "10\u202f%"  # as format_percent typed it
    assert french_latex("50% de pertes ;") == "50\u202f% de pertes;"
    assert french_html("100 pour cent") == "100 pour cent"


def test_site_root_chooses_a_language(tmp_path: Path) -> None:
    from nqsphinx.site.root_page import write_root

    page = write_root(tmp_path).read_text(encoding="utf-8")
    assert 'href="en/index.html"' in page and 'href="fr/index.html"' in page
    assert '<script src="nq-root.js"></script>' in page  # a file: the policy allows no inline
    assert "navigator.languages" in (tmp_path / "nq-root.js").read_text(encoding="utf-8")


def _work_it_out_links(page: Path) -> list[tuple[str, str]]:
    """The page's "Work it out" links: (text, target), spaces as typed (no-break ones plain)."""
    html = page.read_text(encoding="utf-8")
    found = re.findall(r'<a class="[^"]*\bnq-work-it-out\b[^"]*" href="([^"]+)">(.*?)</a>', html)
    return [(re.sub(r"\s+", " ", unescape(text)), href) for href, text in found]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_work_it_out_links_name_their_calculator(html_sites: dict[str, Path], lang: str) -> None:
    """A screen reader lists a page's links by their text: each "Work it out" link names what its
    calculator works out, so that no two of a page go to different calculators under one name."""
    texts = {
        command: re.sub(r"\s+", " ", text) for command, text in work_it_out_texts(lang).items()
    }
    seen: dict[str, str] = {}
    for page in sorted(html_sites[lang].glob("*.html")):
        on_page: dict[str, set[str]] = {}
        for text, href in _work_it_out_links(page):
            on_page.setdefault(text, set()).add(href)
            command = href.partition("#nq-")[2]
            assert text == texts.get(command), (page.name, text, href)
            seen[command] = page.name
        assert all(len(targets) == 1 for targets in on_page.values()), (page.name, on_page)
    assert set(seen) == set(texts), set(texts) - set(seen)  # every calculator is linked
    assert len(set(texts.values())) == len(texts), texts
    if lang == "fr":  # translated, not the English words
        assert not set(texts.values()) & set(work_it_out_texts("en").values())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_companions_script_carries_the_checksum_of_what_is_published(
    html_sites: dict[str, Path], lang: str
) -> None:
    """A returning reader's browser fetches the new script with the new page: Sphinx's
    ``?v=<checksum>`` names the file as published (a file written after the pages had none in a
    clean build, and the previous build's in an incremental one)."""
    site = html_sites[lang]
    page = (site / "at-the-table.html").read_text(encoding="utf-8")
    published = (site / "_static" / "nq-at-table.js").read_bytes()
    named = re.findall(r'"_static/nq-at-table\.js\?v=([0-9a-f]{8})"', page)
    assert named == [f"{zlib.crc32(published):08x}"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_page_has_one_viewport(html_sites: dict[str, Path], lang: str) -> None:
    """docutils' HTML5 writer added its viewport tag beside the theme's, on every page (player
    round sixteen)."""
    pages = sorted(html_sites[lang].glob("*.html"))
    assert len(pages) > 30
    counts = {p.name: p.read_text(encoding="utf-8").count('<meta name="viewport"') for p in pages}
    assert {name: n for name, n in counts.items() if n != 1} == {}
