"""Translations that Sphinx would drop, showing the English without a word.

Sphinx's Locale transform (``sphinx/transforms/i18n.py``, Sphinx 9, phase 2) parses a
translation as a document of its own and keeps only its first top-level node, ``doc[0]``; when
that node is not a paragraph, a title, a literal block or an image, it skips the message and the
page keeps its English (no warning). Text after that first node is lost as silently. So a page
message whose translation does not parse, at the top level, into the blocks of its English
message is refused: a list for a paragraph, two paragraphs for one, a heading, a quote, a table.
The translation is parsed as the build parses it: by MyST's markdown-it, with the project's
extensions (:func:`nqtranslate.guard._markdown`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from nqtranslate.plain_messages import plain_text

#: Top-level tokens that open a block (their ``_close`` twin ends it) or are one block alone.
_SINGLE_BLOCKS = ("fence", "code_block", "html_block", "hr", "math_block", "myst_block_break")
#: What a reader calls each block.
_NAMES = {
    "paragraph": "a paragraph",
    "bullet_list": "a bullet list",
    "ordered_list": "a numbered list",
    "heading": "a heading",
    "blockquote": "a quote",
    "table": "a table",
    "dl": "a definition list",
    "field_list": "a field list",
    "fence": "a code block",
    "code_block": "an indented code block",
    "hr": "a rule",
}


def blocks(text: str, markdown: Any) -> list[str]:
    """The top-level blocks of ``text`` as MyST parses it: ``["paragraph"]`` for most."""
    found = []
    for token in markdown.parse(text):
        if token.level != 0:
            continue
        if token.type.endswith("_open"):
            found.append(token.type.removesuffix("_open"))
        elif token.type in _SINGLE_BLOCKS or not token.type.endswith("_close"):
            found.append(token.type)
    return found


def _said(shape: list[str]) -> str:
    if not shape:
        return "nothing"
    if len(shape) > 1:
        return f"{len(shape)} blocks ({', '.join(_NAMES.get(b, b) for b in shape)})"
    return _NAMES.get(shape[0], shape[0])


#: What MyST's ``read_topmatter`` takes for the start of a page's settings, in a whole page and in
#: each translation Sphinx parses: a text whose first line starts with three dashes.
TOPMATTER = "---"


def front_matter_problem(msgid: str, msgstr: str) -> str:
    """A translation MyST would read as front matter, its settings merged into the page's
    (``myst: enable_extensions`` turns on Jinja substitutions: attacker round 39, a ``---x``
    first line that markdown-it reads as text ran Python in the build)."""
    if msgstr.startswith(TOPMATTER) and not msgid.startswith(TOPMATTER):
        return "msgstr starts with ---, which MyST reads as the page's settings (front matter)"
    return ""


@lru_cache(maxsize=1 << 16)  # every message of every page catalogue, at each build of a run
def structure_problem(msgid: str, msgstr: str, markdown: Any) -> str:
    """Why Sphinx would not show ``msgstr`` whole in place of ``msgid`` ('' when it would)."""
    if problem := front_matter_problem(msgid, msgstr):
        return problem
    if plain_text(msgstr) and plain_text(msgid):
        return ""
    msgstr, _ = _noqa(msgstr)
    wanted, found = blocks(msgid, markdown), blocks(msgstr, markdown)
    if wanted == found:
        return ""
    return (
        f"msgstr is {_said(found)} where the msgid is {_said(wanted)}: "
        "Sphinx would drop it and show the English"
    )


def _noqa(msgstr: str) -> tuple[str, bool]:
    """Sphinx's ``parse_noqa``: a final ``#noqa`` is not part of the translation."""
    from sphinx.transforms.i18n import parse_noqa

    return parse_noqa(msgstr)
