"""The e-books (``make epub``), both languages built once as ``make`` builds them: valid for
epubcheck, with their metadata, accessibility metadata, cover, contents and every image's text in
the book's language, nothing of the site, and pages that fit a phone."""

from __future__ import annotations

import posixpath
import re
import struct
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from xml.etree import ElementTree

import pytest
from docutils import nodes
from sphinx.errors import ConfigError

from nqcore import po
from nqsphinx.books.editions import SITE_ONLY_PAGES
from nqsphinx.books.epub import (
    CARDS,
    SITE_ONLY_STYLESHEETS,
    TRANSPOSED,
    cards,
    cover_alt,
    edition_date,
    identifier,
    source_book,
    table_classes,
    transpose,
)
from nqsphinx.books.front_matter import printing_line, source_version
from nqsphinx.directives.example_view import CHECK_MARK
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import keywords, ui_text
from tests.building import LANGUAGES, ROOT, Build
from tests.print.conftest import EpubCheck

NS = {
    "opf": "http://www.idpf.org/2007/opf",
    "dc": "http://purl.org/dc/elements/1.1/",
    "x": "http://www.w3.org/1999/xhtml",
    "svg": "http://www.w3.org/2000/svg",
}
TITLE = "No Quarter Fantasy Wargames"
#: The 2007 book's date: conf.py's ``today`` (its ``release``).
SOURCE_DATE = "2007"
#: What only the site has: the language switch, search, the offline archive, scripts.
SITE_ONLY = re.compile(r"<script|<input|nq-lang-|search\.html|-html\.zip|nq-archive", re.I)


@dataclass(frozen=True)
class Book:
    lang: str
    path: Path

    @cached_property
    def files(self) -> dict[str, bytes]:
        with zipfile.ZipFile(self.path) as book:
            return {name: book.read(name) for name in book.namelist()}

    def xml(self, name: str) -> ElementTree.Element:
        return ElementTree.fromstring(self.files[name])

    @cached_property
    def opf(self) -> ElementTree.Element:
        return self.xml("content.opf")

    @cached_property
    def manifest(self) -> dict[str, ElementTree.Element]:
        """Manifest items by id."""
        return {item.get("id", ""): item for item in self.opf.iterfind("opf:manifest/opf:item", NS)}

    def spine(self) -> list[str]:
        """The hrefs of the reading order."""
        refs = self.opf.iterfind("opf:spine/opf:itemref", NS)
        return [self.manifest[ref.get("idref", "")].get("href", "") for ref in refs]

    def pages(self) -> list[str]:
        return [name for name in self.files if name.endswith(".xhtml")]

    def metadata(self, prop: str) -> list[str]:
        return [
            meta.text or ""
            for meta in self.opf.iterfind("opf:metadata/opf:meta", NS)
            if meta.get("property") == prop
        ]

    def dc(self, element: str) -> list[str]:
        return [node.text or "" for node in self.opf.iterfind(f"opf:metadata/dc:{element}", NS)]


@pytest.fixture(scope="session")
def books(epub_builds: dict[str, Build]) -> dict[str, Book]:
    return {
        lang: Book(lang, build.check() / "noquarter.epub") for lang, build in epub_builds.items()
    }


def chapters() -> list[str]:
    """Every page of docs/index.md's toctrees, in order, but the editors' (the e-book is a print
    edition)."""
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\{toctree\}\n(.*?)```", text, re.S)
    return [
        line.strip()
        for block in blocks
        for line in block.splitlines()
        if line.strip() and not line.startswith(":") and line.strip() not in SITE_ONLY_PAGES
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_package_metadata_is_the_book_in_its_language(books: dict[str, Book], lang: str) -> None:
    book = books[lang]
    tag = {"en": "en-GB", "fr": "fr-FR"}[lang]  # as the PDFs' /Lang: the book's spelling
    assert book.opf.get("{http://www.w3.org/XML/1998/namespace}lang") == tag
    assert book.dc("language") == [tag]
    # every page in the same tag as the package (its chapters said "fr" beside "fr-FR")
    tags = {
        (page.get("lang"), page.get("{http://www.w3.org/XML/1998/namespace}lang"))
        for page in map(book.xml, book.pages())
    }
    assert tags == {(tag, tag)}, tags
    assert book.dc("title") == [TITLE, ui_text("English edition", lang)]  # the edition, a subtitle
    assert book.dc("creator") == ["Chris Gilders"]
    assert book.dc("publisher") == ["Chris Gilders"]
    free = ui_text("These rules are free to distribute.", lang)
    assert book.dc("rights") == [f"© 2002–2007 Chris Gilders. {free}"]
    tagline = ui_text("The fantasy battles miniatures wargame", lang)
    assert book.dc("description")[0].startswith(tagline)
    assert book.dc("subject") == keywords(lang)
    assert book.dc("identifier") == [identifier(TITLE, lang)]
    translator = "Rodolphe Carpentier" in book.dc("contributor")
    assert translator == (lang == "fr")
    assert "unknown" not in book.files["content.opf"].decode()  # no Sphinx default left


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_book_is_dated_by_its_edition_not_its_build(books: dict[str, Book], lang: str) -> None:
    """``dc:date`` and the version reading apps show are this edition's, the date of its
    printing as the PDFs' credits give it (``SOURCE_DATE_EPOCH``'s, else the sources' commit's),
    so that two builds of the same sources agree; the 2007 book is its ``dc:source``;
    ``dcterms:modified``, which EPUB 3 requires, is the build's time in UTC."""
    book = books[lang]
    printing, _ = source_version(ROOT)
    assert printing is not None
    assert book.dc("date") == [printing]
    assert book.metadata("ibooks:version") == [printing]
    assert book.dc("source") == [f"{TITLE}, Chris Gilders, {SOURCE_DATE}"]
    [modified] = book.metadata("dcterms:modified")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", modified), modified


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_credits_say_which_printing_the_reader_holds(books: dict[str, Book], lang: str) -> None:
    """Proof round 26: the PDFs' credits name the sources they were made from; the e-books
    said nothing, so a reader could not tell which printing's errata they held."""
    line = printing_line(lang, *source_version(ROOT))
    assert line is not None

    def spaced(text: str) -> str:
        return re.sub(r"[\s\u00a0\u202f]+", " ", text)

    page = re.sub(r"<[^>]+>", "", books[lang].files["credits.xhtml"].decode())
    assert spaced(line) in spaced(page)


def test_a_source_date_that_is_no_date_stops_the_build() -> None:
    modified = "2026-11-26T02:31:44Z"
    assert edition_date("2026-11-30", modified) == "2026-11-30"
    assert edition_date(None, modified) == "2026-11-26"
    assert source_book(TITLE, "2007-11") == f"{TITLE}, Chris Gilders, 2007-11"
    with pytest.raises(ConfigError, match=r"today = 'November 2007' is not a date"):
        source_book(TITLE, "November 2007")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_index_closes_the_contents(books: dict[str, Book], lang: str) -> None:
    """The index is the last entry of both tables of contents (nav.xhtml's and the NCX's),
    after the glossary, as in the PDF's contents."""
    book = books[lang]
    title = ui_text("Index of the rules", lang)
    epub_type = "{http://www.idpf.org/2007/ops}type"
    nav = book.xml("nav.xhtml")
    (toc,) = [n for n in nav.iterfind(".//x:nav", NS) if n.get(epub_type) == "toc"]
    entries = [(a.get("href"), "".join(a.itertext())) for a in toc.findall("x:ol/x:li/x:a", NS)]
    assert entries[-2][0] == "glossary.xhtml", entries[-2:]
    assert entries[-1] == ("genindex.xhtml", title)
    ncx = {"n": "http://www.daisy.org/z3986/2005/ncx/"}
    points = book.xml("toc.ncx").findall("n:navMap/n:navPoint", ncx)
    sources = [p.find("n:content", ncx).get("src") for p in points]  # type: ignore[union-attr]
    assert sources[-2:] == ["glossary.xhtml", "genindex.xhtml"]
    assert points[-1].findtext("n:navLabel/n:text", namespaces=ncx) == title
    assert book.spine().count("genindex.xhtml") == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_term_links_are_plain_links_to_the_glossary(books: dict[str, Book], lang: str) -> None:
    """No definition hidden in the running text, nor in a link's title: a screen reader would
    read it at every term; the link leads to the glossary, which holds it."""
    book = books[lang]
    links = 0
    for name in book.pages():
        page = book.files[name].decode("utf-8")
        assert 'role="tooltip"' not in page, name
        assert "nq-term-definition" not in page, name
        for link in re.findall(r"<a [^>]*class=\"[^\"]*nq-term[^\"]*\"[^>]*>", page):
            assert "aria-describedby" not in link and " title=" not in link, (name, link)
            assert "glossary.xhtml#term-" in link or name == "glossary.xhtml", (name, link)
            links += 1
    assert links > 300


def test_the_two_books_differ_in_their_words(books: dict[str, Book]) -> None:
    en, fr = books["en"], books["fr"]
    assert fr.dc("rights") != en.dc("rights")
    assert fr.dc("identifier") != en.dc("identifier")
    assert fr.metadata("schema:accessibilitySummary") != en.metadata("schema:accessibilitySummary")
    nav = {lang: book.xml("nav.xhtml").find(".//x:nav/x:h1", NS) for lang, book in books.items()}
    assert [nav["en"].text, nav["fr"].text] == ["Table of Contents", "Table des matières"]  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_accessibility_metadata(books: dict[str, Book], lang: str) -> None:
    book = books[lang]
    assert set(book.metadata("schema:accessMode")) == {"textual", "visual"}
    assert "textual" in book.metadata("schema:accessModeSufficient")
    features = set(book.metadata("schema:accessibilityFeature"))
    assert {"structuralNavigation", "tableOfContents", "alternativeText", "index"} <= features
    assert book.metadata("schema:accessibilityHazard") == ["none"]
    (summary,) = book.metadata("schema:accessibilitySummary")
    english = (
        "Chapters and sections can be reached from the table of contents, the headings and the "
        "index. Every diagram and image has a text alternative in the language of the book. "
        "Tables have header cells."
    )
    expected = french_html(ui_text(english, "fr")) if lang == "fr" else english
    assert summary == expected and (lang == "en" or summary != english)


def _image_texts(book: Book) -> dict[str, list[str]]:
    """Per page, the text of each image: ``alt`` of ``<img>``, ``<title>`` of inline SVG."""
    texts: dict[str, list[str]] = {}
    for page in sorted(book.pages()):
        root = book.xml(page)
        found = [img.get("alt") or "" for img in root.iterfind(".//x:img", NS)]
        for svg in root.iterfind(".//svg:svg", NS):
            title = svg.find("svg:title", NS)
            found.append(title.text or "" if title is not None else "")
        if found:
            texts[page] = found
    return texts


def test_every_image_has_its_text_in_the_book_language(books: dict[str, Book]) -> None:
    english, french = _image_texts(books["en"]), _image_texts(books["fr"])
    assert english.keys() == french.keys()
    assert sum(len(texts) for texts in english.values()) >= 20  # the diagrams and the cover
    for page, texts in english.items():
        assert all(t.strip() for t in texts + french[page]), f"an image without text on {page}"
        assert len(texts) == len(french[page]), page
        for en, fr in zip(texts, french[page], strict=True):
            assert en != fr, f"{page}: the French book shows the English text {en!r}"
        catalogue = ROOT / "locale" / "fr" / "LC_MESSAGES" / page.replace(".xhtml", ".po")
        if catalogue.exists():
            messages = po.messages(po.read(catalogue.read_bytes()), obsolete=True)
            translated = {m.id: m.string for m in messages if m.string}
            for en, fr in zip(texts, french[page], strict=True):
                if en in translated:
                    assert fr == french_html(translated[en]), page
    assert french["epub-cover.xhtml"] == [cover_alt(TITLE, "fr")]


#: A hyphen-minus before a figure, as a modifier ("marked -2"), not in a word or a range.
HYPHEN_MODIFIER = re.compile(r"(?<![\w\-])-\d")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_image_text_prints_its_modifiers_with_a_minus_sign(
    books: dict[str, Book], lang: str
) -> None:
    """The target selection diagram's text said "marked -2" where the print says −2."""
    wrong = [
        f"{page}: {text!r}"
        for page, texts in _image_texts(books[lang]).items()
        for text in texts
        if HYPHEN_MODIFIER.search(text)
    ]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_of_the_site_is_in_the_book(books: dict[str, Book], lang: str) -> None:
    book = books[lang]
    for page in book.pages():
        found = SITE_ONLY.search(book.files[page].decode("utf-8"))
        assert found is None, f"{page}: {found.group(0) if found else ''}"
    assert not [name for name in book.files if name.endswith(".js")]
    site_css = [name for name in book.files if posixpath.basename(name) in SITE_ONLY_STYLESHEETS]
    assert site_css == [], "the site's stylesheets are packed in the book"
    linked = re.findall(rb'href="([^"]+\.css)"', book.files["magic.xhtml"])
    assert b"_static/nq-content.css" in linked and b"_static/epub/nq-epub.css" in linked
    assert not [css for css in linked if posixpath.basename(css.decode()) in SITE_ONLY_STYLESHEETS]
    # The glossary's letter bar stays; its filter box (a script's) does not.
    assert b"nq-glossary-az" in book.files["glossary.xhtml"]
    assert b"nq-glossary-filter" not in book.files["glossary.xhtml"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_contents_and_reading_order_hold_every_chapter(books: dict[str, Book], lang: str) -> None:
    book = books[lang]
    expected = [f"{chapter}.xhtml" for chapter in chapters()]
    assert len(expected) >= 29  # every chapter but the two editors' pages
    nav = book.xml("nav.xhtml").find(".//x:nav", NS)
    assert nav is not None
    listed = [a.get("href", "").split("#")[0] for a in nav.iterfind(".//x:a", NS)]
    assert [href for href in dict.fromkeys(listed) if href in expected] == expected
    spine = book.spine()
    assert spine[:3] == ["epub-cover.xhtml", "nav.xhtml", "index.xhtml"]  # the contents read
    assert [href for href in spine if href in expected] == expected
    assert "genindex.xhtml" in spine  # the rules index


#: What Sphinx packed of the site's static files though no page uses them.
SITE_FILES = re.compile(r"favicon|apple-touch-icon|icon-\d+|(^|/)(plus|minus)\.png$|basic\.css$")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_book_carries_only_what_it_uses(books: dict[str, Book], lang: str) -> None:
    """No favicon, app icons, disclosure triangles or unused stylesheet; every file but the
    package's own is named by a page, a stylesheet, or the package (the cover image)."""
    book = books[lang]
    assert [name for name in book.files if SITE_FILES.search(name)] == []
    own = {"mimetype", "META-INF/container.xml", "content.opf", "toc.ncx"}
    named = set(
        re.findall(
            rb"""(?:href|src)="([^"#]+)|url\(["']?([^"')]+)""",
            b"".join(book.files[n] for n in book.files if n.endswith((".xhtml", ".css"))),
        )
    )
    names = {posixpath.basename((a or b).decode()) for a, b in named}
    unused = [
        name
        for name in book.files
        if name not in own and not name.endswith(".xhtml") and posixpath.basename(name) not in names
    ]
    assert unused == []
    listed = {item.get("href") for item in book.manifest.values()}
    assert listed - {"toc.ncx"} == set(book.files) - own


@pytest.mark.parametrize("lang", LANGUAGES)
def test_landmarks_and_guide_lead_to_the_contents(books: dict[str, Book], lang: str) -> None:
    """The EPUB 2 guide's "toc" is the contents (it was the title page, index.xhtml); the
    navigation document has landmarks: cover, contents, the first chapter, the index."""
    book = books[lang]
    guide = {r.get("type"): r.get("href") for r in book.opf.iterfind("opf:guide/opf:reference", NS)}
    assert guide == {"toc": "nav.xhtml", "cover": "epub-cover.xhtml"}
    nav = book.xml("nav.xhtml")
    epub_type = "{http://www.idpf.org/2007/ops}type"
    (marks,) = [n for n in nav.iterfind(".//x:nav", NS) if n.get(epub_type) == "landmarks"]
    found = {a.get(epub_type): a.get("href") for a in marks.iterfind(".//x:a", NS)}
    assert found == {
        "cover": "epub-cover.xhtml",
        "toc": "nav.xhtml#toc",
        "bodymatter": "introduction.xhtml",
        "index": "genindex.xhtml",
    }
    (toc,) = [n for n in nav.iterfind(".//x:nav", NS) if n.get(epub_type) == "toc"]
    assert toc.get("id") == "toc"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_engine_check_in_the_book(books: dict[str, Book], lang: str) -> None:
    """The engine's check line is the site's; a corrected example says it was corrected."""
    words = (CHECK_MARK, ui_text("Checked with the rules engine", lang), "kept above")
    text = b"".join(
        book_page for name, book_page in books[lang].files.items() if name.endswith(".xhtml")
    ).decode("utf-8")
    assert [w for w in words if w in text] == []
    line = ui_text("Corrected from the 2007 printing: see the erratum {errata}.", lang)
    lead = line.split(":")[0].strip()
    assert text.count(lead) >= 6
    assert "The rules give" not in text and "Les règles donnent" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cover(books: dict[str, Book], lang: str) -> None:
    book = books[lang]
    (cover,) = [i for i in book.manifest.values() if i.get("properties") == "cover-image"]
    href = cover.get("href", "")
    assert cover.get("media-type") == "image/png"
    png = book.files[href]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (1200, 1800)
    page = book.xml("epub-cover.xhtml")
    (img,) = page.iterfind(".//x:img", NS)
    assert img.get("src") == href
    alt = img.get("alt") or ""
    assert alt == cover_alt(TITLE, lang)
    assert TITLE in alt and "Chris Gilders" in alt
    if lang == "fr":  # French typography: a fixed space before the colons
        assert alt.startswith(f"Couverture\u00a0: {TITLE}.")
        assert "Traduction française\u00a0: Rodolphe Carpentier." in alt
    else:
        assert alt.startswith(f"Cover: {TITLE}.") and "translation" not in alt


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_diagrams_are_in_the_book(books: dict[str, Book], lang: str) -> None:
    book = books[lang]
    sources = {path.name for path in (ROOT / "docs" / "_static" / "diagrams").glob("*.svg")}
    shown = {
        Path(img.get("src", "")).name
        for page in book.pages()
        for img in book.xml(page).iterfind(".//x:img", NS)
    }
    assert sources <= shown
    assert all(f"_images/{name}" in book.files for name in sources)
    assert not [name for name in book.files if name.startswith("_static/diagrams/")]  # no copies
    assert b'class="nq-aspect-circle"' in book.files["magic.xhtml"]
    assert b'class="nq-movement-abilities"' in book.files["actions.xhtml"]
    svg_pages = {i.get("href") for i in book.manifest.values() if i.get("properties") == "svg"}
    assert {"magic.xhtml", "actions.xhtml"} <= svg_pages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wide_tables_get_the_small_type_of_the_book(books: dict[str, Book], lang: str) -> None:
    book = books[lang]
    odds = book.xml("odds.xhtml")
    classes = {
        table.get("class", "").split()[1]: set(table.get("class", "").split())
        for table in odds.iterfind(".//x:table", NS)
        if "nq-table" in table.get("class", "")
    }
    # a grid of 11 columns of numbers: a smaller type (French headers break inside words)
    assert {"nq-wide", "nq-very-wide"} & classes["nq-table-chance-to-hit"]
    narrow = book.xml("victory-conditions.xhtml").find(".//x:table", NS)  # game turns
    assert narrow is not None and "nq-wide" not in narrow.get("class", "")
    assert b"epub/nq-epub.css" in book.files["odds.xhtml"]
    assert b"table.nq-widest" in book.files["_static/epub/nq-epub.css"]


def test_a_table_gets_the_largest_type_its_words_fit_in() -> None:
    assert table_classes(40, 40) == []  # 40 characters x 0.9 em <= 40
    assert table_classes(50, 50) == ["nq-wide"]  # x 0.75 em
    assert table_classes(80, 20) == ["nq-wide", "nq-very-wide", "nq-widest"]  # x 0.5 em
    # Words too long for any type: the largest type where the values fit, headers breaking.
    assert table_classes(120, 50) == ["nq-wide", "nq-break-headers"]
    assert table_classes(200, 120) == ["nq-wide", "nq-very-wide", "nq-widest", "nq-break-headers"]


#: What a reader sees of a field name under a profile ("Weapons:"): its text and the text the
#: stylesheets put around its colon.
FIELD_NAME_SEEN = """e => {
    const colon = e.querySelector('.colon');
    const made = (element, where) => {
        const content = getComputedStyle(element, where).content;
        return content === 'none' ? '' : content.replace(/^"|"$/g, '');
    };
    return e.textContent.slice(0, -colon.textContent.length) + made(colon, '::before')
        + colon.textContent + made(e, '::after');
}"""


def _phone_pages(book: Book, folder: Path) -> tuple[dict[str, int], list[str]]:
    """Chromium at 390 px over every page of the unzipped book: the pages wider than the
    screen, and what the first field name of each page with a field list reads."""
    from playwright.sync_api import ViewportSize, sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS, PHONE, chromium_path

    too_wide, field_names = {}, []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        viewport = ViewportSize(width=PHONE["width"], height=PHONE["height"])
        page = browser.new_context(viewport=viewport, is_mobile=True).new_page()
        for href in book.spine():
            page.goto((folder / href).as_uri())
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                too_wide[href] = width
            if page.locator("dl.field-list > dt").count():
                field_names.append(
                    page.locator("dl.field-list > dt").first.evaluate(FIELD_NAME_SEEN)
                )
        browser.close()
    return too_wide, field_names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_a_phone(books: dict[str, Book], lang: str, tmp_path: Path) -> None:
    """Chromium at 390 px, the book unzipped: no page is wider than the screen (reading apps
    page the book, and cannot scroll a table sideways); a field name under a profile shows one
    colon ("Weapons:", « Armes : »).  Playwright runs in a thread of its own, since the browser
    tests' session keeps an event loop running in this process."""
    from tests.browser.conftest import chromium_path

    if chromium_path() is None:
        pytest.skip("Chromium not found (Debian: apt-get install chromium)")
    with zipfile.ZipFile(books[lang].path) as book:
        book.extractall(tmp_path)
    with ThreadPoolExecutor(1) as pool:
        too_wide, field_names = pool.submit(_phone_pages, books[lang], tmp_path).result()
    assert not too_wide
    expected = {"en": "Weapons:", "fr": "Armes\u00a0:"}[lang]
    assert field_names and all(name.count(":") == 1 for name in field_names), field_names
    assert expected in field_names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_short_wide_tables_are_turned_on_their_side(books: dict[str, Book], lang: str) -> None:
    """A profile of one or two rows too wide for the page reads down the page, its headers in
    the first column, at the book's type (not shrunk to the smallest)."""
    book = books[lang]
    table = next(
        t
        for t in book.xml("ranged-combat.xhtml").iterfind(".//x:table", NS)
        if "nq-table-profile-bow" in t.get("class", "")
    )
    assert TRANSPOSED in table.get("class", "")
    assert not {"nq-wide", "nq-widest"} & set(table.get("class", "").split())
    rows = table.findall(".//x:tbody/x:tr", NS)
    assert len(rows) == 11 and all(row[0].tag.endswith("th") for row in rows)
    assert "".join(rows[1][1].itertext()).strip() == "4"  # UC / CU: the bow's use cost


def _table(rows: int, span: bool = False) -> nodes.table:
    """A titled table of two columns, A and B, and ``rows`` rows (x0 y0, x1 y1...), in a
    section (a parent, whose child a card box takes its place as)."""
    group = nodes.tgroup(cols=2)
    group += [nodes.colspec(colwidth=1), nodes.colspec(colwidth=1)]
    head, body = nodes.thead(), nodes.tbody()
    head += nodes.row("", nodes.entry("", nodes.Text("A")), nodes.entry("", nodes.Text("B")))
    for n in range(rows):
        body += nodes.row(
            "", nodes.entry("", nodes.Text(f"x{n}")), nodes.entry("", nodes.Text(f"y{n}"))
        )
    if span:
        head[0][0]["morecols"] = 1
    group += [head, body]
    made = nodes.table("", nodes.title("", "T"), group, ids=["t"])
    nodes.section("", made)
    return made


def test_transpose_leaves_long_or_spanning_tables() -> None:
    short = _table(1)
    assert transpose(short)
    assert [row.astext() for row in short.findall(nodes.row)] == ["A\n\nx0", "B\n\ny0"]
    assert not transpose(_table(3)) and not transpose(_table(1, span=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_long_tables_too_wide_even_in_small_type_are_cards(
    books: dict[str, Book], lang: str
) -> None:
    """The weapons' tables and the sample profiles' attacks, which took half the book's type
    (8 px on a phone, headers broken inside words: proof round 39), are a card per row at the
    book's type, each on its side; the cards' box keeps the table's classes and id."""
    book = books[lang]
    box = next(
        div
        for div in book.xml("armoury.xhtml").iterfind(".//x:div", NS)
        if "nq-table-ranged-weapons" in div.get("class", "")
    )
    assert CARDS in box.get("class", "").split() and box.get("id")
    tables = box.findall("x:table", NS)
    assert len(tables) > 10
    for table in tables:
        assert TRANSPOSED in table.get("class", "")
        assert not {"nq-very-wide", "nq-widest"} & set(table.get("class", "").split())
        assert all(row[0].tag.endswith("th") for row in table.findall(".//x:tr", NS))
    first = ["".join(cell.itertext()).strip() for cell in tables[0].find(".//x:tr", NS)]
    assert first == [{"en": "Name", "fr": "Nom"}[lang], first[1]] and first[1]
    assert b"div.nq-cards" in book.files["_static/epub/nq-epub.css"]


def test_cards_leave_short_or_spanning_tables() -> None:
    long = _table(3)
    parent = long.parent
    assert cards(long)
    (box,) = parent.children
    assert isinstance(box, nodes.container) and box["ids"] == ["t"] and CARDS in box["classes"]
    assert [[row.astext() for row in card.findall(nodes.row)] for card in box.children] == [
        [f"A\n\nx{n}", f"B\n\ny{n}"] for n in range(3)
    ]
    assert box.children[0][0].astext() == "T"  # the first card keeps the table's title
    assert not cards(_table(2)) and not cards(_table(3, span=True))


def test_epubcheck_finds_no_error_and_no_warning(
    epubcheck_runs: dict[str, EpubCheck] | None,
) -> None:
    """Last in this file: epubcheck runs ahead (tests/print/conftest.py) behind the tests above."""
    if epubcheck_runs is None:
        pytest.skip(
            "epubcheck is not installed (Debian: apt-get install epubcheck; ./dev installs it)"
        )
    assert epubcheck_runs.keys() == set(LANGUAGES)
    for lang, run in epubcheck_runs.items():
        counts = {key: run.report["checker"][key] for key in ("nFatal", "nError", "nWarning")}
        assert counts == {"nFatal": 0, "nError": 0, "nWarning": 0}, f"{lang}:\n{run.output}"
        assert run.returncode == 0, run.output


def test_no_word_of_the_english_book_starts_with_a_closing_quote(books: dict[str, Book]) -> None:
    """The e-book's quotes as the PDF's: “Ghost-like” models only, never ”Ghost-like”."""
    from tests.print.test_book_typography import CLOSING_QUOTE_OPENS

    book = books["en"]
    texts = {
        name: "".join(ElementTree.fromstring(book.files[name]).itertext()) for name in book.pages()
    }
    found = {name: CLOSING_QUOTE_OPENS.findall(text) for name, text in texts.items()}
    assert {name: words for name, words in found.items() if words} == {}
    assert "“Ghost-like” models only." in texts["traits.xhtml"]
