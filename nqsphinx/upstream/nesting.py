"""A check before each block of a page that markdown-it parses.

markdown-it stops at ``maxNesting`` levels of nested blocks and silently drops the rest of the
page; it has no hook before a nested block is read, so :func:`guard` wraps its block tokenizer
(``ParserBlock.tokenize``, markdown-it-py 3 and 4) once per process: the check
(:func:`nqsphinx.page_content._too_deep`) refuses such a page at its line.  Not one of the
speed-ups: it is on whatever ``NQ_UPSTREAM_PATCHES`` says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def guard(check: Callable[[Any, int, int], None]) -> None:
    """Run ``check(state, start_line, end_line)`` before markdown-it reads each run of blocks."""
    from markdown_it.parser_block import ParserBlock

    if getattr(ParserBlock.tokenize, "nq_guarded", False):
        return
    original = ParserBlock.tokenize

    def tokenize(self: Any, state: Any, startLine: int, endLine: int) -> None:  # noqa: N803
        check(state, startLine, endLine)
        original(self, state, startLine, endLine)

    tokenize.nq_guarded = True  # type: ignore[attr-defined]
    ParserBlock.tokenize = tokenize  # type: ignore[method-assign]
