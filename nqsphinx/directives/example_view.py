"""What players see of a worked example: the book's prose and the engine's answer, never code.

Each ``{example}`` box keeps its doctest in the sources, where Sybil, ``make verify-examples``
and Sphinx's doctest builder run it (they read the sources or the unresolved doctrees, which
these post-transforms never touch).  At writing time, on the site, the doctest gives way to a closed
``<details>`` disclosure (left out of the search index and of search snippets) holding a line
saying the result was checked, with the engine's value when the doctest ends on a plain number,
in the words of the example's ``:result:`` (``{} attacks``: what the number counts, translated
with the page), and the code.  In the PDF and EPUB both are left out: the prose states the
result.  Under an example the 2007 book got wrong, every edition shows one line saying it was
corrected, with the erratum's link; the site folds the engine's check as for any example.
"""

from __future__ import annotations

import doctest
import re
from fractions import Fraction
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.writers.html5 import HTML5Translator

from nqcore.i18n import format_number, format_percent
from nqsphinx.messages import page_language, ui_text

#: The box the ``example`` directive makes (:class:`nqsphinx.directives.examples.ExampleDirective`).
EXAMPLE_CLASS = "nq-example"
#: Sphinx's search indexer (``IndexBuilder``) skips an element of this class and its children.
NO_SEARCH = "no-search"
#: Blocks of ``sphinx.ext.doctest`` that show code (``testsetup`` and hidden ones are comments).
CODE_BLOCKS = frozenset({"doctest", "testcode", "testoutput"})
CHECK_MARK = "\u2713"
#: The class of an example's checked line (print keeps it with the example's last lines:
#: nqsphinx.books.page_keeps), and of its paragraph that links to the errata of its printed result.
CHECKED = "nq-example-checked"
ERRATUM = "nq-example-erratum"
#: The class of the paragraph holding an example's ``:result:`` words until they are used.
RESULT = "nq-example-result"
#: Where a ``:result:`` puts each number.
SLOT = "{}"

_INTEGER = re.compile(r"-?\d+")
_FRACTION = re.compile(r"Fraction\((-?\d+), (\d+)\)")
_INTEGERS = re.compile(r"\((-?\d+(?:, -?\d+)+)\)")

#: The search page quotes each found page's text (Sphinx's ``Search.htmlToText``): this script
#: (a static file: the Content-Security-Policy allows no inline script) leaves out the elements
#: the index skips, so that no snippet quotes the folded code.
SNIPPETS_WITHOUT_CODE = "nq-search-snippets.js"

logger = logging.getLogger(__name__)


class example_check(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils' naming
    """The disclosure holding an example's code on the site (``<details>``)."""


class example_check_summary(nodes.TextElement):  # type: ignore[misc]
    """Its always-visible title (``<summary>``), which opens and closes it."""


def engine_result(code: str, lang: str, words: str | None = None) -> str | None:
    """The doctest's last expected output in the reader's number format, when it is a plain
    integer (``7``) or a ``Fraction`` (``7/10 (70 %)``); None for anything else, which only the
    code can show faithfully.  With ``words`` (``{} or less``), the number in them; words with
    several slots take a tuple of as many integers (``(6, 5)``)."""
    examples = doctest.DocTestParser().get_examples(code)
    want = examples[-1].want.strip() if examples else ""
    pieces = words.split(SLOT) if words else ["", ""]
    if len(pieces) == 2:
        value = _number(want, lang)
        values = None if value is None else [value]
    else:
        match = _INTEGERS.fullmatch(want)
        numbers = match[1].split(", ") if match else []
        values = [format_number(int(n), lang) for n in numbers] or None
    if values is None or len(values) != len(pieces) - 1:
        return None
    return pieces[0] + "".join(v + after for v, after in zip(values, pieces[1:], strict=True))


def _number(want: str, lang: str) -> str | None:
    if _INTEGER.fullmatch(want):
        return format_number(int(want), lang)
    match = _FRACTION.fullmatch(want)
    if match:
        value = Fraction(int(match[1]), int(match[2]))
        if value.denominator == 1:
            return format_number(value, lang)
        digits = 0 if (value * 100).denominator == 1 else 1
        return f"{value.numerator}/{value.denominator} ({format_percent(value, lang, digits)})"
    return None


def checked_line(result: str | None, lang: str) -> nodes.paragraph:
    """The checked line: a check mark, the words, and the engine's value in bold if any."""
    para = nodes.paragraph(classes=[CHECKED])
    para += nodes.inline(text=CHECK_MARK, classes=["nq-check-mark"])
    if result is None:
        para += nodes.Text(" " + ui_text("Checked with the rules engine", lang))
        return para
    before, after = ui_text("Checked with the rules engine: {result}", lang).split("{result}")
    para += nodes.Text(" " + before)
    para += nodes.strong(text=result)
    if after:
        para += nodes.Text(after)
    return para


def result_words(
    box: nodes.Element, env: BuildEnvironment | None = None, docname: str = ""
) -> str | None:
    """The example's ``:result:`` in the page's language, its paragraph taken out of the box;
    the English words where a translation has another number of slots (with a warning naming
    the catalogue's line and quoting its msgstr, which MyST has read as markup)."""
    para = next((p for p in box.findall(nodes.paragraph) if RESULT in p["classes"]), None)
    if para is None:
        return None
    para.parent.remove(para)
    words, english = str(para.astext()), str(para["nq_words"])
    if words.count(SLOT) != english.count(SLOT):
        entry = _catalogue_entry(env, docname, english) if env is not None else None
        logger.warning(
            "the translation of the example's result %r must keep its %d {} (it has %r)",
            english,
            english.count(SLOT),
            entry[1] if entry else words,
            location=entry[0] if entry else para,
        )
        return english
    return words


def _catalogue_entry(env: BuildEnvironment, docname: str, msgid: str) -> tuple[str, str] | None:
    """Where the page's catalogue translates ``msgid`` (``file:line`` of its msgstr) and the
    msgstr as written there; None when it has no such entry."""
    from nqcore import po
    from nqsphinx.languages.translation_notice import page_po

    po_path = page_po(env, docname)
    if po_path is None:
        return None
    text = po_path.read_text(encoding="utf-8")
    lines = text.splitlines()
    for message in po.read(text, strict=False):
        if message.id == msgid and isinstance(message.string, str) and message.string:
            start = message.lineno or 1
            after = range(start - 1, len(lines))  # its msgid's line, then its msgstr's
            line = next((n + 1 for n in after if lines[n].startswith("msgstr")), start)
            return f"{po_path}:{line}", message.string
    return None


def _code_blocks(box: nodes.Element) -> list[nodes.literal_block]:
    return [
        block
        for block in box.findall(nodes.literal_block)
        if block.get("testnodetype") in CODE_BLOCKS
    ]


class ExamplesForPlayers(SphinxPostTransform):
    """On the site: the checked line, then the code in a closed disclosure at the box's end.

    Runs after references are resolved (the erratum links) and before French typography
    (:mod:`nqsphinx.languages.typography`, 800), which then spaces the checked line's colon."""

    default_priority = 200
    builders: tuple[str, ...] = ("html", "dirhtml", "singlehtml")
    fold = True

    def run(self, **kwargs: Any) -> None:
        lang = page_language(self.config.language)
        for box in list(self.document.findall(nodes.admonition)):
            if EXAMPLE_CLASS in box["classes"]:
                self.show(box, lang)

    def show(self, box: nodes.admonition, lang: str) -> None:
        docname = self.env.path2doc(self.document["source"]) or ""
        words = result_words(box, self.env, docname)
        blocks = _code_blocks(box)
        if not blocks:
            return
        tests = [b for b in blocks if b.get("testnodetype") == "doctest"]
        result = engine_result(tests[-1].astext(), lang, words) if tests else None
        erratum = next((p for p in box.findall(nodes.paragraph) if ERRATUM in p["classes"]), None)
        checked: list[nodes.Node] = [checked_line(result, lang)]
        if erratum is not None:  # last in the box, where the code was; print keeps it with it
            erratum.parent.remove(erratum)
            blocks[0].parent.insert(blocks[0].parent.index(blocks[0]), erratum)
            if not self.fold:
                erratum["classes"].insert(0, CHECKED)
        blocks[0].parent.remove(blocks[0])
        for block in blocks[1:]:
            block.parent.remove(block)
        if self.fold:
            box += self.disclosure([*checked, *blocks], lang)

    @staticmethod
    def disclosure(content: list[nodes.Node], lang: str) -> example_check:
        details = example_check(classes=["nq-example-check", NO_SEARCH])
        details.append(example_check_summary(text=ui_text("Check with the engine", lang)))
        details.extend(content)
        return details


class ExamplesForReaders(ExamplesForPlayers):
    """In print and e-books: the book's prose and, under a corrected example, what the 2007
    book printed; neither the code nor the engine's check, which read to a player as a test
    log (the prose gives the result the doctest checks)."""

    builders = ("latex", "epub", "texinfo", "text", "man")
    fold = False


def visit_example_check(self: HTML5Translator, node: example_check) -> None:
    self.body.append(self.starttag(node, "details"))


def depart_example_check(self: HTML5Translator, node: example_check) -> None:
    self.body.append("</details>\n")


def visit_example_check_summary(self: HTML5Translator, node: example_check_summary) -> None:
    self.body.append(self.starttag(node, "summary", suffix=""))


def depart_example_check_summary(self: HTML5Translator, node: example_check_summary) -> None:
    self.body.append("</summary>\n")


def _search_page_script(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if pagename == "search":
        app.add_js_file(SNIPPETS_WITHOUT_CODE)


def setup(app: Sphinx) -> None:
    app.add_node(example_check, html=(visit_example_check, depart_example_check))
    app.add_node(
        example_check_summary, html=(visit_example_check_summary, depart_example_check_summary)
    )
    app.add_post_transform(ExamplesForPlayers)
    app.add_post_transform(ExamplesForReaders)
    app.connect("html-page-context", _search_page_script)
