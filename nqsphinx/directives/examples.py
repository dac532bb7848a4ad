"""The ``example`` directive: the book's worked examples, set apart, titled in their language.

``:erratum: <id> [<id> ...]`` marks an example the 2007 book got wrong.  Its prose gives the
corrected working and result, which its doctest computes; one neutral line under it says it was
corrected and links the erratum, which keeps what the 2007 book printed (a learner reading the
example needs the right working, not the misprint).

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
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcore.book.errata import Erratum, all_errata
from nqsphinx.directives import example_view
from nqsphinx.directives.errata import erratum_label, section_ref
from nqsphinx.directives.tables import NOTE_CLASS
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
            line = self._erratum_line(self.options["erratum"].replace(",", " ").split(), node)
            if line is not None:
                node += line
        return [node]

    def _result_words(self, words: str) -> nodes.paragraph:
        if example_view.SLOT not in words:
            raise self.error(f"the result {words!r} has no {{}} for the engine's number")
        para = nodes.paragraph(words, words, classes=[example_view.RESULT])
        para["nq_words"] = words  # the English, should a translation lose a slot
        self.set_source_info(para)
        return para

    def _erratum_line(self, erratum_ids: list[str], box: nodes.Element) -> nodes.paragraph | None:
        """The corrected line for the errata that no table of the box notes already."""
        by_id = {e.id: e for e in all_errata()}
        for erratum_id in erratum_ids:
            if erratum_id not in by_id:
                raise self.error(f"unknown erratum {erratum_id!r} (see nqcore/data/errata/)")
        noted = _noted_errata(box)
        left = [by_id[i] for i in erratum_ids if i not in noted]
        lang = page_language(self.config.language)
        return printed_line(left, lang, self.env.docname) if left else None


def _noted_errata(box: nodes.Element) -> set[str]:
    """The errata that a table of the box already notes under its marked cells: the example's
    line would say the same correction a second time."""
    return {
        str(ref["reftarget"]).removeprefix("erratum-")  # erratum_label's
        for note in box.findall(nodes.paragraph)
        if NOTE_CLASS in note["classes"]
        for ref in note.findall(addnodes.pending_xref)
    }


def printed_line(errata: Sequence[Erratum], lang: str, docname: str) -> nodes.paragraph:
    """The one line under a corrected example: that it was corrected, and the erratum's link.

    The example's prose gives the corrected working (a player learns the right answer); what
    the 2007 book printed, and why it is wrong, is the erratum's: told there once, not here."""
    if len(errata) == 1:
        words = ui_text("Corrected from the 2007 printing: see the erratum {errata}.", lang)
    else:
        words = ui_text("Corrected from the 2007 printing: see the errata {errata}.", lang)
    before, after = words.split("{errata}")
    para = nodes.paragraph(classes=[example_view.ERRATUM])
    para["translatable"] = False
    para += nodes.Text(before)
    for index, erratum in enumerate(errata):
        if index:
            para += nodes.Text(", ")
        para += section_ref(erratum_label(erratum), engine_text(erratum.subject, lang), docname)
    para += nodes.Text(after)
    return para


def setup(app: Sphinx) -> None:
    app.add_directive("example", ExampleDirective)
    example_view.setup(app)  # players see the prose and the engine's answer, not the doctest
