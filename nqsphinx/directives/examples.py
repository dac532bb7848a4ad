"""The ``example`` directive: the book's worked examples, set apart, titled in their language.

``:erratum: <id> [<id> ...]`` marks an example the 2007 book got wrong.  Its prose gives the
corrected working and result, which its doctest computes; one line under it names what the 2007
book printed (each erratum's ``printed``, in the page's language) and links the erratum.

``:result: {} attacks`` says what the doctest's final number counts, so that the engine's result
reads "3 attacks" rather than a bare "3"; a slot ``{}`` per number (a tuple
of integers fills several).  The words are a message of the page's catalogue: the directive keeps
them in a paragraph that the page's translation reaches, and
:func:`nqsphinx.directives.example_view.result_words` takes it out.

The doctest stays in the box's doctree for the doctest builder; what readers see of it is
:mod:`nqsphinx.directives.example_view`'s.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.book.errata import Erratum, all_errata
from nqsphinx.directives import example_view
from nqsphinx.directives.errata import erratum_label, section_ref
from nqsphinx.messages import engine_text, page_language, ui_text

FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,}|:{3,})(.*)$")


def unclosed_fence(lines: Sequence[str]) -> int | None:
    """The index of a code or directive fence that is never closed, else None.

    Inside an example an unclosed fence swallows the rest of the box (its prose becomes code and
    its doctest never runs), and MyST says nothing; CommonMark's rule: a fence closes on a line of
    the same character, at least as long, with nothing after it.
    """
    open_fences: list[tuple[int, str]] = []
    for index, line in enumerate(lines):
        match = FENCE.match(line)
        if not match:
            continue
        marks, rest = match.groups()
        if open_fences and _closes(open_fences[-1][1], marks, rest):
            open_fences.pop()
        elif not open_fences or open_fences[-1][1][0] == ":":  # code fences hold only text
            open_fences.append((index, marks))
    return open_fences[0][0] if open_fences else None


EXAMPLE = re.compile(r"^(:{3,})\{example\}")


def unclosed_fences_in_source(text: str) -> list[int]:
    """The lines (1-based) of fences never closed inside the ``{example}`` blocks of a page.

    Checked before the examples run (``make verify-examples``), where a swallowed doctest
    would otherwise pass unnoticed or fail with a confusing expected output."""
    lines = text.splitlines()
    found = []
    for start, line in enumerate(lines):
        match = EXAMPLE.match(line)
        if not match:
            continue
        end = next(
            (i for i in range(start + 1, len(lines)) if lines[i].strip() == match[1]), len(lines)
        )
        unclosed = unclosed_fence(lines[start + 1 : end])
        if unclosed is not None:
            found.append(start + unclosed + 2)
    return found


def _closes(opening: str, marks: str, rest: str) -> bool:
    return marks[0] == opening[0] and len(marks) >= len(opening) and not rest.strip()


class ExampleDirective(SphinxDirective):
    """An admonition of class ``example`` holding the book's prose and its doctest."""

    has_content = True
    option_spec = {
        "erratum": directives.unchanged_required,
        "result": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        lang = page_language(self.config.language)
        node = nodes.admonition(classes=["nq-example", "admonition-example"])
        title = nodes.title(text=ui_text("Example", lang))
        title["translatable"] = False  # already in the page's language
        node += title
        self.set_source_info(node)
        unclosed = unclosed_fence(self.content)
        if unclosed is not None:  # the page and the example's line; verify-examples: the fence's
            raise self.error(
                f"this fence is never closed inside the example: {self.content[unclosed]!r}"
            )
        self.state.nested_parse(self.content, self.content_offset, node)
        if "result" in self.options:
            node += self._result_words(self.options["result"])
        if "erratum" in self.options:
            node += self._erratum_links(self.options["erratum"].replace(",", " ").split(), lang)
        return [node]

    def _result_words(self, words: str) -> nodes.paragraph:
        if example_view.SLOT not in words:
            raise self.error(f"the result {words!r} has no {{}} for the engine's number")
        para = nodes.paragraph(words, words, classes=[example_view.RESULT])
        para["nq_words"] = words  # the English, should a translation lose a slot
        self.set_source_info(para)
        return para

    def _erratum_links(self, erratum_ids: list[str], lang: str) -> nodes.paragraph:
        by_id = {e.id: e for e in all_errata()}
        for erratum_id in erratum_ids:
            if erratum_id not in by_id:
                raise self.error(f"unknown erratum {erratum_id!r} (see nqcore/data/errata/)")
        return printed_line([by_id[i] for i in erratum_ids], lang, self.env.docname)


def printed_line(errata: Sequence[Erratum], lang: str, docname: str) -> nodes.paragraph:
    """The one line under a corrected example: what the 2007 book printed, and the erratum.

    The example's prose gives the corrected working (a player learns the right answer); this
    line keeps the book's own reading in sight, in the erratum's words, and links the record."""
    quote = ui_text("“{printed}”", lang)
    quoted = [quote.format(printed=engine_text(e.printed, lang)) for e in errata]
    printed = quoted[0]
    if len(quoted) > 1:
        printed = ui_text("{items} and {last}", lang).format(
            items=", ".join(quoted[:-1]), last=quoted[-1]
        )
    if len(errata) == 1:
        words = ui_text("The 2007 book printed {printed}; see the erratum:", lang)
    else:
        words = ui_text("The 2007 book printed {printed}; see the errata:", lang)
    para = nodes.paragraph(classes=[example_view.ERRATUM])
    para["translatable"] = False
    para += nodes.Text(words.format(printed=printed) + " ")
    for index, erratum in enumerate(errata):
        if index:
            para += nodes.Text(", ")
        para += section_ref(erratum_label(erratum), engine_text(erratum.subject, lang), docname)
    para += nodes.Text(".")
    return para


def setup(app: Sphinx) -> None:
    app.add_directive("example", ExampleDirective)
    example_view.setup(app)  # players see the prose and the engine's answer, not the doctest
