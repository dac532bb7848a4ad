"""What keeps a table with the sentence that announces it, and a section's closing line with
the paragraph before it, in the PDF rulebooks: a post-transform of the LaTeX builder, beside
those of :mod:`nqsphinx.books.page_keeps`, whose measures it shares."""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqsphinx.books.page_keeps import LINE_CHARS, SHORT_LINES, _blocks, _fewest_lines, _no_break


class KeepLeadIns(SphinxPostTransform):
    """A paragraph that announces the table after it (ending with a colon, or of
    fewer than :data:`SHORT_LINES` lines) is not parted from it, and a section's closing line
    (a restriction, « Musicien uniquement. ») not from the paragraph before it (``\\nobreak``):
    proof round 27 found « … comme suit : » and "The table below…" at a page's foot with the
    table overleaf, and « Musicien uniquement. » alone atop the page of the next ability."""

    default_priority = 890
    builders = ("latex",)

    def run(self, **kwargs: object) -> None:
        for parent in list(self.document.findall(_holds_blocks)):
            blocks = _blocks(parent)
            for block, following in zip(blocks, blocks[1:], strict=False):
                if _leads_in(block) and _is_table(following):
                    parent.insert(parent.index(block) + 1, _no_break())
            last = blocks[-2:] if isinstance(parent, nodes.section) else []
            if len(last) == 2 and _closing_line(*last):
                parent.insert(parent.index(last[1]), _no_break())


def _holds_blocks(node: nodes.Node) -> bool:
    return isinstance(node, (nodes.section, nodes.container, nodes.Admonition))


def _leads_in(block: nodes.Element) -> bool:
    """A paragraph that ends with a colon, or a short one."""
    if not isinstance(block, nodes.paragraph):
        return False
    return block.astext().rstrip().endswith(":") or _fewest_lines(block) < SHORT_LINES


def _is_table(block: nodes.Element) -> bool:
    """A table (short or long), alone or first in a container.  Not a figure: bound to a
    line before it, its caption broke over two pages (English p. 47, Figure 3)."""
    if isinstance(block, nodes.container):
        inside = _blocks(block)
        return bool(inside) and _is_table(inside[0])
    return isinstance(block, nodes.table)


def _closing_line(before: nodes.Element, last: nodes.Element) -> bool:
    """A section's last block is a line of text after a paragraph."""
    one_line = isinstance(last, nodes.paragraph) and len(last.astext()) < LINE_CHARS // 2
    return one_line and isinstance(before, nodes.paragraph)
