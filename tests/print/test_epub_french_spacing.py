"""The French e-book spaces high punctuation as its pages do everywhere: a no-break space before
« : ; ! ? », in the contents (``nav.xhtml``, ``toc.ncx``, the contents on ``index.xhtml``) too,
and after an emphasised title (« *Cartes de sorts* ; »): a plain space there let a narrow reader
wrap the colon to the start of a line."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

from tests.building import Build

#: Elements whose text is no prose of the book.
NOT_PROSE = frozenset({"style", "script"})
#: A plain space (or none) before high punctuation that ends a word's run.
PLAIN_BEFORE = re.compile(r"(?:\S| )[ ]([:;!?])(?=\s|$|[)»\]<])")


def _texts(element: ElementTree.Element) -> list[str]:
    """The text of ``element`` as a reader reads it: its children's texts run on."""
    tag = element.tag.rsplit("}", 1)[-1]
    if tag in NOT_PROSE:
        return [element.tail or ""]
    found = [element.text or ""]
    for child in element:
        found += _texts(child)
    found.append(element.tail or "")
    return found


def plainly_spaced(book: Path) -> list[str]:
    """Each place of a text file of ``book`` with a plain space before « : ; ! ? », as
    "file: …words…"."""
    wrong = []
    with zipfile.ZipFile(book) as files:
        for name in files.namelist():
            if not name.endswith((".xhtml", ".ncx")):
                continue
            text = "".join(_texts(ElementTree.fromstring(files.read(name))))
            for found in PLAIN_BEFORE.finditer(text):
                around = text[max(found.start() - 30, 0) : found.end() + 10]
                wrong.append(f"{name}: {' '.join(around.split())}")
    return wrong


def test_the_french_book_has_no_plain_space_before_high_punctuation(
    epub_builds: dict[str, Build],
) -> None:
    assert plainly_spaced(epub_builds["fr"].check() / "noquarter.epub") == []
