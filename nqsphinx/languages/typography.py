"""French typography applied by the build, so that translators type plain spaces.

HTML: a narrow no-break space before ``; ! ?`` and ``%``, a no-break space before ``:`` and
inside « ».  LaTeX: the typed spaces are removed and babel-french spaces the punctuation itself
(its thin space); ``%`` gets its narrow no-break space here, which the rulebook's LaTeX and the
print products' set as babel-french's thin space (``nqprint.latex.NARROW_NO_BREAK_SPACE``).
Code, literals and raw output are never touched.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.builder import builder_of

NNBSP = "\u202f"  # narrow no-break space
NBSP = "\u00a0"

_HIGH = re.compile(r"(?<=\S)[ \t\u00a0\u202f]*([;!?])(?=\s|$|[)»\]])")
_COLON = re.compile(r"(?<=\S)[ \t\u00a0\u202f]+(:)(?=\s|$)")
_OPEN_QUOTE = re.compile(r"«[ \t\u00a0\u202f]*")
_CLOSE_QUOTE = re.compile(r"[ \t\u00a0\u202f]*»")
_LATEX_SPACE = re.compile(r"[ \t\u00a0\u202f]+([;:!?])")
#: A percentage typed with no space, a plain or a full no-break one: French sets a narrow
#: no-break space before the sign, as nqcore's ``format_percent`` does.
_PERCENT = re.compile(r"(?<=\d)[ \t\u00a0]?%")

SKIP = (nodes.literal, nodes.literal_block, nodes.raw, nodes.doctest_block, nodes.math)


def french_html(text: str) -> str:
    """French spacing for the web: ``Attention !`` → ``Attention\\u202f!``, ``50%`` →
    ``50\\u202f%``."""
    text = _PERCENT.sub(NNBSP + "%", text)
    text = _HIGH.sub(NNBSP + r"\1", text)
    text = _COLON.sub(NBSP + r"\1", text)
    text = _OPEN_QUOTE.sub("«" + NBSP, text)
    return _CLOSE_QUOTE.sub(NBSP + "»", text)


def french_latex(text: str) -> str:
    """Spacing left to babel-french: typed spaces before high punctuation are dropped; a
    percentage gets its narrow no-break space, which babel-french does not add."""
    text = _PERCENT.sub(NNBSP + "%", text)
    text = _LATEX_SPACE.sub(r"\1", text)
    text = _OPEN_QUOTE.sub("«", text)
    return _CLOSE_QUOTE.sub("»", text)


class FrenchTypography(SphinxPostTransform):
    default_priority = 800

    def run(self, **kwargs: Any) -> None:
        if self.config.language != "fr":
            return
        fix = french_latex if builder_of(self.env).format == "latex" else french_html
        for text in list(self.document.findall(nodes.Text)):
            if any(isinstance(parent, SKIP) for parent in _ancestors(text)):
                continue
            fixed = fix(str(text))
            if fixed != str(text) and text.parent is not None:
                text.parent.replace(text, nodes.Text(fixed))


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    parent = node.parent
    while parent is not None:
        found.append(parent)
        parent = parent.parent
    return found


def setup(app: Sphinx) -> None:
    app.add_post_transform(FrenchTypography)
