"""The EPUB editions of the rulebook (``make epub``): Sphinx's epub builder, made a book.

- Its metadata in the book's language (title, author, publisher, rights, description,
  contributors), set when the configuration is read, and the accessibility metadata that reading
  systems and checkers (epubcheck, Ace) look for, written by our ``content.opf`` template
  (``nqsphinx/site/templates/epub/``) with the properties Sphinx omits (``svg``, ``cover-image``).
- Only the book's templates: the site's (Furo's page with its language switch, search, offline
  archive link and scripts) stay out of the e-book.
- A cover drawn from the title and credits, rendered to PNG by ``rsvg-convert`` (as the PDF's
  diagrams are), which every reading app shows in its library.
- Our site-only output is left out (the glossary's filter box needs a script); wide tables get a
  class for the e-book's stylesheet (``nqsphinx/site/static/epub/nq-epub.css``): it fits them to
  a phone's width.
"""

from __future__ import annotations

import html
import posixpath
import re
import uuid
from collections.abc import Callable, Set
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders.epub3 import HTML_TAG, Epub3Builder
from sphinx.builders.epub3 import NavPoint as Epub3NavPoint
from sphinx.config import Config
from sphinx.errors import ConfigError

from nqprint.credits import AUTHOR, pdf_lang
from nqsphinx.books import epub_package
from nqsphinx.books.epub_cover import (
    TRANSLATORS,
    _colon,
    _translator_credits,
    _typeset,
    _words,
    write_cover,
)
from nqsphinx.books.front_matter import CREDITS, source_version
from nqsphinx.directives import glossary
from nqsphinx.messages import keywords, page_language, ui_text
from nqsphinx.site import style as site_style
from nqsphinx.untrusted import GENERATED, generated_raw

#: The book's templates: these folders of each templates path, its own
#: (``nqsphinx/site/templates/epub``), then the macros it shares with the site (``partials``).
BOOK_FOLDERS = ("epub", "partials")
#: Everyone the credits page of the print editions names besides the author, with their MARC
#: relator roles: "Additional Material and Playtesting", "Background History" and "Additional
#: Contributions" (``ctb``), "Diagrams and Templates" (``ill``). The credits page only for the
#: site (its images: editing, artwork, cover, painted models) is not in the e-book.
CONTRIBUTORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Steve Cunningham", ("ctb",)),
    ("Glenn Few", ("ctb",)),
    ("Robert Fransgaard", ("ctb", "ill")),
    ("Tony Kenealy", ("ctb",)),
    ("Matthew Lyon", ("ill",)),
    ("Tim Gittins", ("ctb",)),
    ("Robert Grainger", ("ctb",)),
    ("Jane Kenealy", ("ctb",)),
    ("Colin Matthews", ("ctb",)),
)
RIGHTS = "© 2002–2007 Chris Gilders."
#: Characters of the book's type (1 em) across a phone's page, 390 px less the margins: 42 of
#: Chromium's sans-serif in the book's tables, less a margin for other fonts.
PAGE_CHARACTERS = 40
#: The e-book stylesheet's classes for a table too wide for the book's type, each a smaller type
#: (its size in em); the last is as small as can be read.
TABLE_TYPES = ((0.9, ""), (0.75, "nq-wide"), (0.6, "nq-very-wide"), (0.5, "nq-widest"))
#: The class that lets headers break inside a word, when the words do not fit in any type.
BREAK_HEADERS = "nq-break-headers"
#: What a column adds to its longest word (padding, rules, bold headers), in characters: 1.85
#: measured on the book's 258 tables in Chromium (0.56 em a character, 1.03 em a column).
COLUMN_GAP = 2
#: A profile table of at most this many rows that does not fit the page in the book's type is
#: turned on its side: a line per column, the headers down the left (a weapon's or a model's
#: profile reads as a card instead of shrinking to a type too small to read).
TRANSPOSED_MAX_ROWS = 2
TRANSPOSED = "nq-transposed"
#: A long table that would take one of these types is set as cards instead, one per row.
CARD_TYPES = ("nq-very-wide", "nq-widest")
CARDS = "nq-cards"
#: A line breaks at these spaces only (not at the no-break spaces of "21 %").
BREAKABLE = re.compile(r"[ \t\n]+")
#: A date as EPUB 3's ``dc:date`` takes it (W3C's profile of ISO 8601): a year, a month or a day.
W3C_DATE = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")


def contributors(lang: str) -> list[tuple[str, tuple[str, ...]]]:
    """Everyone the edition credits besides its author, with their MARC relator roles."""
    return [*CONTRIBUTORS, *((name, ("trl",)) for name in TRANSLATORS.get(lang, ()))]


def subtitle(lang: str) -> str:
    """The edition, the title's subtitle ("English edition", « Édition française »), as the
    PDFs' titles and the cover name it."""
    return ui_text("English edition", lang)


def description(lang: str) -> str:
    tagline = ui_text("The fantasy battles miniatures wargame", lang)
    return f"{tagline}, {ui_text('for 25–30 mm miniatures', lang)}."


def rights(lang: str) -> str:
    return f"{RIGHTS} {_words('These rules are free to distribute.', lang)}"


def identifier(project: str, lang: str) -> str:
    """The same for every build of one edition, different for each language."""
    return f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'urn:noquarter:{project}:{lang}')}"


def cover_alt(title: str, lang: str) -> str:
    """The cover's text, as the alternative text of its image."""
    parts = [
        f"{ui_text('Cover', lang)}{_colon(lang)}{title}.",
        description(lang),
        f"{ui_text('Designed and written by', lang)} Chris Gilders.",
        *(f"{credit}." for credit in _translator_credits(lang)),
    ]
    return _typeset(" ".join(parts), lang)


def _configure(app: Sphinx, config: Config) -> None:
    """The edition's metadata in the build's language (``-D language=fr`` is the only switch)."""
    lang = page_language(config.language)
    config.epub_title = config.project
    config.epub_author = config.author
    config.epub_language = pdf_lang(lang)  # en-GB, fr-FR: the PDFs' tag, the book's spelling
    config.epub_publisher = config.author
    config.epub_copyright = rights(lang)
    config.epub_description = description(lang)
    config.epub_contributor = ", ".join(name for name, _ in contributors(lang))
    config.epub_identifier = identifier(config.project, lang)
    config.epub_uid = "bookid"
    if not config.epub_guide:  # the contents, not the home page (epub_package)
        config.epub_guide = (("toc", epub_package.NAV, _words("Table of Contents", lang)),)


def edition_date(printing: str | None, modified: str) -> str:
    """The book's ``dc:date`` and version: this edition's, the date of its printing as the
    PDFs' credits give it (``SOURCE_DATE_EPOCH``'s, else the sources' commit's:
    :func:`nqsphinx.books.front_matter.source_version`); without one, the day of ``modified``.

    >>> edition_date("2026-11-30", "2026-12-01T02:31:44Z"), edition_date(None, "2026-12-01T02:31Z")
    ('2026-11-30', '2026-12-01')
    """
    return printing or modified[:10]


def source_book(project: str, today: str) -> str:
    """The ``dc:source``: the 2007 book this edition is made from, dated by ``conf.py``'s
    ``today`` ("No Quarter Fantasy Wargames, Chris Gilders, 2007")."""
    if not W3C_DATE.fullmatch(today):
        raise ConfigError(f"conf.py: today = {today!r} is not a date (2007, 2007-11, 2007-11-21)")
    return f"{project}, {AUTHOR}, {today}"


def accessibility(config: Config, lang: str) -> list[tuple[str, str]]:
    """The ``schema:`` properties of ``nq_epub_accessibility`` and the summary in ``lang``."""
    pairs = [
        (f"schema:{name}", value)
        for name, values in config.nq_epub_accessibility.items()
        for value in values
    ]
    summary = _words(
        "Chapters and sections can be reached from the table of contents, the headings and the "
        "index. Every diagram and image has a text alternative in the language of the book. "
        "Tables have header cells.",
        lang,
    )  # literal here, so that ./dev update-po finds it (keyword _words)
    return [*pairs, ("schema:accessibilitySummary", summary)]


# -- The builder --------------------------------------------------------------------------------


#: The site's own stylesheets (phone layout, keyboard, drawers, search, the reader's theme): they
#: style what a book does not have, and their selector lists inside ``:is()`` and ``:not()`` are
#: refused by e-book readers and by epubcheck's CSS parser (CSS-008).  The book neither links nor
#: packs them; what the content needs in both editions is in ``nq-content.css``.
SITE_ONLY_STYLESHEETS = frozenset({"nq.css", "nq-keyboard.css", "nq-a11y.css", "nq-site.css"})


class RulebookEpubBuilder(Epub3Builder):
    """Sphinx's EPUB 3 builder with the book's templates, words, cover and metadata."""

    def init(self) -> None:
        super().init()
        lang = page_language(self.config.language)
        # Sphinx's own guide titles, which it leaves in English; it writes them into an
        # attribute of content.opf unescaped (a translation is untrusted).
        self.guide_titles = {
            "toc": html.escape(_words("Table of Contents", lang)),
            "cover": html.escape(_words("Cover", lang)),
        }
        # the package's tag (en-GB, fr-FR): one language tag for the book and its chapters
        tag = pdf_lang(lang)
        self.html_tag = HTML_TAG[:-1] + f' lang="{tag}" xml:lang="{tag}">'

    def book_template_dirs(self) -> list[Path]:
        return [self.confdir / p / d for p in self.config.templates_path for d in BOOK_FOLDERS]

    def init_templates(self) -> None:
        """Templates from the ``epub`` folder of each templates path, then the epub theme: the
        site's templates (Furo's page) are not the book's."""
        site = list(self.config.templates_path)
        self.config.templates_path = [posixpath.join(p, d) for p in site for d in BOOK_FOLDERS]
        try:
            super().init_templates()
        finally:
            self.config.templates_path = site

    def add_css_file(self, filename: str, **kwargs: Any) -> None:
        """Every stylesheet but the site's (extensions add theirs as the build starts)."""
        if posixpath.basename(filename) not in SITE_ONLY_STYLESHEETS:
            super().add_css_file(filename, **kwargs)

    def prepare_writing(self, docnames: Set[str]) -> None:
        super().prepare_writing(docnames)
        lang = page_language(self.config.language)
        self.globalcontext["nq_cover_alt"] = cover_alt(self.config.epub_title, lang)

    def handle_finish(self) -> None:
        """Draw the cover and write the aspects' stylesheet before the book is put together
        (:mod:`nqsphinx.site.style` writes it when the build finishes, too late for the book)."""
        static = self.outdir / "_static"
        # Sphinx writes the cover page while it lists the book's files: one left by the last
        # build would be listed too, and enter the reading order twice.
        (self.outdir / self.coverpage_name).unlink(missing_ok=True)
        if self.config.epub_cover:
            image = self.outdir / self.config.epub_cover[0]
            write_cover(image, self.config.epub_title, page_language(self.config.language))
        static.mkdir(parents=True, exist_ok=True)
        for name in SITE_ONLY_STYLESHEETS:  # copied with the static files; not the book's
            (static / name).unlink(missing_ok=True)
        stylesheet = site_style.aspect_stylesheet()
        (static / site_style.STYLESHEET).write_text(stylesheet, encoding="utf-8")
        keep = [self.config.epub_cover[0]] if self.config.epub_cover else []
        for path in epub_package.unused_files(self.outdir, keep):
            path.unlink()
        super().handle_finish()

    def content_metadata(self) -> dict[str, Any]:
        """Sphinx's metadata with the contributors, accessibility, manifest properties; as
        ``dc:date`` and version this edition's, the 2007 book as its ``dc:source``; the build's
        time (``SOURCE_DATE_EPOCH``'s when set) stays ``dcterms:modified``, as EPUB 3 asks."""
        metadata = super().content_metadata()
        metadata["modified"] = metadata["date"]
        printing, _ = source_version(Path(self.srcdir))
        metadata["date"] = html.escape(edition_date(printing, metadata["modified"]))
        metadata["version"] = metadata["date"]
        metadata["source"] = html.escape(source_book(self.config.project, self.config.today))
        lang = page_language(self.config.language)
        metadata["contributors"] = [(html.escape(n), roles) for n, roles in contributors(lang)]
        metadata["subtitle"] = html.escape(subtitle(lang))
        metadata["accessibility"] = [
            (prop, html.escape(value)) for prop, value in accessibility(self.config, lang)
        ]
        metadata["properties"] = self.manifest_properties()
        metadata["subjects"] = [html.escape(word) for word in keywords(lang)]
        return metadata

    def manifest_properties(self) -> dict[str, str]:
        """EPUB 3 properties of manifest items, by href: pages with inline SVG, the cover."""
        properties = {
            html.escape(path.relative_to(self.outdir).as_posix()): "svg"
            for path in self.outdir.rglob(f"*{self.out_suffix}")
            if "<svg" in path.read_text(encoding="utf-8")
        }
        if self.config.epub_cover:
            properties[html.escape(self.config.epub_cover[0])] = "cover-image"
        return properties

    def toc_metadata(self, level: int, navpoints: list[Any]) -> dict[str, Any]:
        """The NCX names the book by its identifier, as the package does (Sphinx gives it the
        id of the identifier's element)."""
        metadata = super().toc_metadata(level, navpoints)
        metadata["uid"] = html.escape(self.config.epub_identifier)
        return metadata

    def navigation_doc_metadata(self, navlist: list[Epub3NavPoint]) -> dict[str, Any]:
        """Sphinx's, with the landmarks (:func:`nqsphinx.books.epub_package.landmarks`)."""
        metadata = super().navigation_doc_metadata(navlist)
        lang = page_language(self.config.language)
        titles = {**self.guide_titles, "index": _words("Index of the rules", lang)}
        cover = self.coverpage_name if self.config.epub_cover else None
        index = f"genindex{self.out_suffix}" if self.use_index else None
        front = {self.config.root_doc + self.out_suffix, CREDITS + self.out_suffix}
        marks = epub_package.landmarks(cover, self.refnodes, front, index, titles)
        metadata["landmarks"] = [
            (kind, html.escape(href), html.escape(title)) for kind, href, title in marks
        ]
        metadata["landmarks_title"] = _words("Landmarks", lang)
        return metadata

    def index_node(self) -> list[dict[str, Any]]:
        """The index as the last entry of the contents, after the glossary, as the PDF's
        contents end with it (none without an index)."""
        if not self.use_index:
            return []
        title = _words("Index of the rules", page_language(self.config.language))
        href = f"genindex{self.out_suffix}"
        return [{"level": 1, "refuri": html.escape(href), "text": html.escape(title)}]

    def build_navpoints(self, nodes: list[dict[str, Any]]) -> list[Any]:
        """The NCX's contents (toc.ncx), the index last."""
        return super().build_navpoints([*nodes, *self.index_node()])

    def build_navlist(self, navnodes: list[dict[str, Any]]) -> list[Any]:
        """The navigation document's contents (nav.xhtml), the index last."""
        return super().build_navlist([*navnodes, *self.index_node()])

    def build_content(self) -> None:
        """``content.opf`` from our template (the book's templates folder), the rest Sphinx's."""
        self._with_our_template("content.opf.jinja", super().build_content)

    def build_navigation_doc(self) -> None:
        """``nav.xhtml`` from our template: the contents, and the landmarks."""
        self._with_our_template("nav.xhtml.jinja", super().build_navigation_doc)

    def _with_our_template(self, name: str, build: Callable[[], None]) -> None:
        ours = [d for d in self.book_template_dirs() if (d / name).is_file()]
        if not ours:
            build()
            return
        sphinx_templates = self.template_dir
        self.template_dir = ours[0]  # type: ignore[assignment]  # Sphinx's is a Path too
        try:
            build()
        finally:
            self.template_dir = sphinx_templates


# -- The pages ----------------------------------------------------------------------------------


def narrowest(table: nodes.table, headers: bool = True) -> float:
    """The table's least width, in characters: each column as narrow as its longest word
    (values never break), or without its header's words (``headers=False``: they may break)."""
    longest: dict[int, int] = {}
    for row in table.findall(nodes.row):
        in_header = isinstance(row.parent, nodes.thead)
        entries = [child for child in row.children if isinstance(child, nodes.entry)]
        for index, entry in enumerate(entries):
            words = [] if in_header and not headers else BREAKABLE.split(entry.astext())
            longest[index] = max([longest.get(index, 1), *(len(word) for word in words)])
    return sum(longest.values()) + COLUMN_GAP * len(longest)


def table_classes(words: float, values: float) -> list[str]:
    """The classes of a table whose least width is ``words`` characters (``values`` if its
    headers break): the largest type where every word fits, else the largest where the values
    fit, with headers breaking inside words."""
    for least, extra in ((words, []), (values, [BREAK_HEADERS])):
        classes = []
        for size, name in TABLE_TYPES:
            classes += [name] if name else []
            if least * size <= PAGE_CHARACTERS:
                return classes + extra
    return classes + [BREAK_HEADERS]


def _rows(table: nodes.table, part: type[nodes.Element]) -> list[list[nodes.entry]]:
    return [
        [entry for entry in row.children if isinstance(entry, nodes.entry)]
        for section in table.findall(part)
        for row in section.children
        if isinstance(row, nodes.row)
    ]


def transpose(table: nodes.table) -> bool:
    """Turn a short, wide table on its side (:data:`TRANSPOSED_MAX_ROWS`): its headers become
    the first column, each of its rows a column.  Tables with spanning cells stay as they are."""
    group = next(iter(table.findall(nodes.tgroup)), None)
    heads, bodies = _rows(table, nodes.thead), _rows(table, nodes.tbody)
    if group is None or len(heads) != 1 or not 1 <= len(bodies) <= TRANSPOSED_MAX_ROWS:
        return False
    if any(len(row) != len(heads[0]) for row in bodies) or any(
        "morecols" in entry or "morerows" in entry for row in heads + bodies for entry in row
    ):
        return False
    new_group = nodes.tgroup(cols=1 + len(bodies))
    new_group += nodes.colspec(colwidth=1, stub=1)
    for _ in bodies:
        new_group += nodes.colspec(colwidth=1)
    body = nodes.tbody()
    new_group += body
    for index, header in enumerate(heads[0]):
        row = nodes.row()
        row += header.deepcopy()
        for values in bodies:
            row += values[index].deepcopy()
        body += row
    group.replace_self(new_group)
    table["classes"].append(TRANSPOSED)
    return True


def cards(table: nodes.table) -> list[nodes.table]:
    """Turn a long table too wide for the page even in a small type (:data:`CARD_TYPES`) into a
    card per row, each on its side (:func:`transpose`): the row's cells down the page beside
    their headers, at the book's type (proof round 39: the weapons' tables at half the type,
    8 px on a phone, their headers broken inside words). The cards' box takes the table's ids
    and classes, its first card the table's title; tables with spanning cells stay as they are
    (none made)."""
    group = next(iter(table.findall(nodes.tgroup)), None)
    heads, bodies = _rows(table, nodes.thead), _rows(table, nodes.tbody)
    if group is None or len(heads) != 1 or len(bodies) <= TRANSPOSED_MAX_ROWS:
        return []
    if any(len(row) != len(heads[0]) for row in bodies) or any(
        "morecols" in entry or "morerows" in entry for row in heads + bodies for entry in row
    ):
        return []
    made = nodes.container(classes=[CARDS])  # replace_self gives it the table's ids and classes
    each: list[nodes.table] = []
    for number, values in enumerate(bodies):
        card = nodes.table(classes=["docutils"])
        if number == 0:
            card += [child.deepcopy() for child in table.children if isinstance(child, nodes.title)]
            if table.document is not None:  # a titled table has an id (Sphinx's numbering)
                table.document.set_id(card)
        card_group = nodes.tgroup(cols=len(heads[0]))
        card_group += [nodes.colspec(colwidth=1) for _ in heads[0]]
        head, body = nodes.thead(), nodes.tbody()
        head += nodes.row("", *(entry.deepcopy() for entry in heads[0]))
        body += nodes.row("", *(entry.deepcopy() for entry in values))
        card_group += [head, body]
        card += card_group
        transpose(card)
        each.append(card)
    made += each
    table.replace_self(made)
    return each


def _book_pages(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Leave the site-only pieces of our output out of the book; mark its wide tables."""
    if not isinstance(app.builder, RulebookEpubBuilder):
        return
    site_only = glossary.filter_box(page_language(app.config.language))
    for raw in list(doctree.findall(nodes.raw)):
        if raw.get(GENERATED) and site_only in raw.astext():
            raw.replace_self(generated_raw(raw.astext().replace(site_only, ""), "html"))
    for table in list(doctree.findall(nodes.table)):
        values = narrowest(table, headers=False)
        found = table_classes(narrowest(table), values)
        # cards where even the values alone need a small type (a number grid keeps its rows)
        small = set(table_classes(values, values)) & set(CARD_TYPES)
        made = cards(table) if found and not transpose(table) and small else []
        for each in made or [table]:
            each["classes"] += table_classes(narrowest(each), narrowest(each, headers=False))


def setup(app: Sphinx) -> None:
    app.add_builder(RulebookEpubBuilder, override=True)
    app.add_config_value("nq_epub_accessibility", {}, "epub", types=frozenset({dict}))
    app.connect("config-inited", _configure)
    app.connect("doctree-resolved", _book_pages)
