"""Every block of example code in a page, found as the build finds it: MyST's own parser.

The checker (Sybil) reads a page's ```` ```{doctest} ```` fences with a pattern of its own; the
build reads the page with MyST's parser, which also takes ``:::{doctest}``, ```` ``` {doctest}
````, ```` ```{Doctest} ```` and sphinx.ext.doctest's ``{testcode}``, and hides a block under
``:hide:``, a YAML option block or ``{only}`` with a tag no edition sets.  Either way a block ran
that no reader saw, or a reader saw one that never ran, under "Checked with the rules engine"
(attack round twenty-seven).  So every such block is written in the one form both read alike,
without options, outside ``{only}``; any other is refused at its page and line.
"""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

#: The directives of example code: the rulebook writes ``{doctest}`` only.
CODE_DIRECTIVES = frozenset({"doctest", "testcode", "testoutput", "testsetup", "testcleanup"})
#: The one form the checker reads and the build shows alike.
FORM = "```{doctest}"
_NAME = re.compile(r"^\s*\{([^}]*)\}")


@cache
def _parser() -> Any:
    """MyST's Markdown parser with the extensions of conf.py that open blocks."""
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    config = MdParserConfig(enable_extensions={"colon_fence", "deflist", "fieldlist"})
    return create_md_parser(config, RendererHTML)


def fence_problems(text: str) -> list[tuple[int, str]]:
    """(line, why) for each block of example code the checker and the build would read apart."""
    return _walk(text, 0, hidden=False)


def _walk(text: str, offset: int, hidden: bool) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for token in _parser().parse(text):
        if token.type not in ("fence", "colon_fence") or token.map is None:
            continue
        line = offset + token.map[0] + 1
        named = _NAME.match(token.info)
        if named is None:
            continue
        name = named.group(1).strip().lower()
        if name in CODE_DIRECTIVES:
            why = _code_problem(token, name, hidden)
            found += [(line, why)] if why else _syntax_problems(token.content, line)
        else:  # a block's content is read as Markdown in turn: a fence inside an example
            found += _walk(token.content, line, hidden or name == "only")
    return found


def _code_problem(token: Any, name: str, hidden: bool) -> str | None:
    if name != "doctest":
        return f"a {{{name}}} block is never run: write the example as {FORM}"
    if f"{token.markup}{token.info}" != FORM:
        return f"a doctest block written {token.markup}{token.info}: write it {FORM}"
    if hidden:
        return "a doctest block inside {only}: an example is shown in every edition"
    if "\t" in token.content:  # doctest reads a tab as spaces, the checker does not
        return "a doctest block with a tab: write spaces"
    first = next((line for line in token.content.splitlines() if line.strip()), "")
    if not first.startswith(">>>"):
        return "a doctest block with options or text before its first >>>: it shows all it runs"
    return None


def example_fence_problems(pages: Iterable[Path]) -> list[str]:
    """Each refused block of the pages: ``page:line: why: refused``."""
    from nqcore.data.datafiles import DataFileError, utf8_text
    from nqsphinx.page_examples import _pages_of

    found = []
    for page in sorted(p.absolute() for p in pages):
        folder = _pages_of(page)
        shown = page.resolve().relative_to((folder or page.parent).resolve().parent)
        try:
            text = utf8_text(page.read_bytes(), str(shown))
        except DataFileError:
            continue  # named by unclosed_fences, which reads the page first
        found += [f"{shown}:{line}: {why}: refused" for line, why in fence_problems(text)]
    return found


#: doctest's refusal of a block: "line 3 of the docstring for ... lacks blank after >>>: ...".
_DOCTEST_LINE = re.compile(r"line (\d+) of the (?:docstring|doctest) for \S+ (.*)", re.S)


def _syntax_problems(content: str, line: int) -> list[tuple[int, str]]:
    """doctest's own refusal of a block (``>>>x``, ``...7``, a result indented apart), at its
    line of the page: the checker stopped on it with pytest's INTERNALERROR, 43 lines."""
    try:
        doctest.DocTestParser().parse(content, "block")
    except ValueError as error:
        said = _DOCTEST_LINE.match(str(error))
        if said is None:
            return [(line, f"a doctest block Python cannot read ({error})")]
        return [(line + int(said.group(1)), f"a doctest line Python cannot read: {said.group(2)}")]
    return []
