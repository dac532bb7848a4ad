"""The print editions on the site: the home page links each PDF of the reader's language that
was built, and the site carries a copy of it.

The PDFs are made by their own targets (``make pdf print``, in ``$(BUILD)/pdf``), not by the site
build, and a site may be built without them (``make html`` alone, Read the Docs, the tests). So the
site links a PDF only when it is there: ``{nq-downloads} quick-reference spell-cards templates``
lists the products found in the folder ``nq_print_pdfs`` (``make html`` passes ``$(BUILD)/pdf``;
empty: none), each on A4 and, when it was built, on US Letter (``<name>-<lang>-letter.pdf``),
each as a Sphinx download, which the HTML builder copies into the site
(``_downloads/``, in the offline archive too). A site never links a file it does not hold.
``make all`` builds the PDFs before the sites for that reason. A page that looked for a missing
PDF is read again at the build after that PDF is made, so that it links it (not at every build, as
a missing Sphinx dependency would be: ``make html`` without the PDFs read the home page and the
cards page again after any edit).
"""

from __future__ import annotations

import os
from collections.abc import Set
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from nqcore.i18n import format_number
from nqprint import quick_reference, spell_cards, template_sheets
from nqprint.texts import print_text
from nqsphinx.messages import page_language, ui_text
from nqsphinx.project_files import GENERATED_DOWNLOAD

#: The rulebook's file name (``noquarter-<lang>.pdf``, as ``make pdf`` names it).
RULEBOOK = "noquarter"
#: Each product's name (its file is ``<name>-<lang>.pdf``) and its title in the print catalogue.
PRINT_TITLES = {
    "quick-reference": quick_reference.TITLE,
    "spell-cards": spell_cards.TITLE,
    "templates": template_sheets.TITLE,
}
PRODUCTS = (RULEBOOK, *PRINT_TITLES)
KILOBYTE = 1000
MEGABYTE = 1000 * KILOBYTE


#: The paper sizes, as the PDFs' names end: A4 (the first, the link of old), then US Letter.
PAPERS = ("", "-letter")


def pdf_name(product: str, lang: str, paper: str = "") -> str:
    return f"{product}-{lang}{paper}.pdf"


def link_text(product: str, lang: str, size: int, paper: str = "") -> str:
    """The link's words in the reader's language: "Spell cards (PDF, 37 kB)", and for the US
    Letter edition "Spell cards, US Letter (PDF, 38 kB)"."""
    if product == RULEBOOK:
        title = ui_text("The whole rulebook", lang)
    else:
        title = print_text(PRINT_TITLES[product], lang)
    if paper:
        title = f"{title}, {ui_text('US Letter', lang)}"
    if size < MEGABYTE:
        number, words = format_number(-(-size // KILOBYTE), lang), ui_text("PDF, {size} kB", lang)
    else:
        number, words = (
            format_number(round(size / MEGABYTE, 1), lang),
            ui_text("PDF, {size} MB", lang),
        )
    amount = words.replace("{size} ", "{size}\u00a0").format(size=number)
    return f"{title} ({amount})"


class DownloadsDirective(SphinxDirective):
    """``{nq-downloads} product ...``: a list of links to the products' PDFs that were built,
    in the page's language; nothing if none was."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False

    def run(self) -> list[nodes.Node]:
        products = self.arguments[0].split()
        unknown = [p for p in products if p not in PRODUCTS]
        if unknown:
            known = ", ".join(PRODUCTS)
            raise self.error(f"unknown print product {unknown[0]!r} (known: {known})")
        folder = self.config.nq_print_pdfs
        if not folder:
            return []
        lang = page_language(self.config.language)
        items = nodes.bullet_list(classes=["nq-downloads"])
        for product in products:
            links = []
            for paper in PAPERS:
                pdf = Path(folder) / pdf_name(product, lang, paper)
                if not pdf.is_file():
                    _missing(self.env).setdefault(self.env.docname, set()).add(str(pdf))
                    continue
                links.append(self.link(pdf, link_text(product, lang, pdf.stat().st_size, paper)))
            if links:
                items += self.item(links)
        return [items] if items.children else []

    def link(self, pdf: Path, text: str) -> addnodes.download_reference:
        page_folder = Path(self.env.srcdir, self.env.docname).parent
        link: addnodes.download_reference = addnodes.download_reference(
            "", "", refdoc=self.env.docname, reftarget=os.path.relpath(pdf, page_folder)
        )  # the target is a path from the page, as Sphinx reads it
        link[GENERATED_DOWNLOAD] = True  # a build product, outside docs/ (nqsphinx.project_files)
        link += nodes.inline(text=text)
        return link

    def item(self, links: list[addnodes.download_reference]) -> nodes.list_item:
        """One product: its A4 link, then its US Letter link, on one line."""
        para = nodes.paragraph()
        para["translatable"] = False  # words of the catalogues, already in the page's language
        for index, link in enumerate(links):
            if index:
                para += nodes.Text(" · ")
            para += link
        item = nodes.list_item()
        item += para
        return item


def _configure(app: Sphinx, config: Config) -> None:
    """``nq_print_pdfs`` as an absolute path (it is given from the folder make runs in)."""
    if config.nq_print_pdfs:
        config.nq_print_pdfs = str(Path(config.nq_print_pdfs).resolve())


def _missing(env: BuildEnvironment) -> dict[str, set[str]]:
    """Per page, the PDFs it looked for and did not find."""
    if not hasattr(env, "nq_missing_pdfs"):
        env.nq_missing_pdfs = {}  # type: ignore[attr-defined]
    return env.nq_missing_pdfs  # type: ignore[attr-defined,no-any-return]


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _missing(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment) -> None:
    theirs = _missing(other)
    _missing(env).update({name: theirs[name] for name in docnames if name in theirs})


def _made_since(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """The pages to read again: those that looked for a PDF that is there now."""
    return sorted(
        name
        for name, pdfs in _missing(env).items()
        if name in env.all_docs and any(os.path.isfile(pdf) for pdf in pdfs)
    )


def setup(app: Sphinx) -> None:
    app.add_config_value("nq_print_pdfs", "", "env", types=frozenset({str}))
    app.connect("config-inited", _configure)
    app.add_directive("nq-downloads", DownloadsDirective)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _made_since)
