"""The index's xindy module (nqsphinx/books/index_order.py) as xindy reads it, beside Sphinx's own
style: an apostrophe ends a word in the order, and an entry's first page number is tied to its last
word (a broken module left the index as an earlier build made it, and a clean build without one)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import sphinx

from nqsphinx.books.index_order import MODULE, add_index_module

#: Index entries as the LaTeX build writes them (``\indexentry{key@\spxentry{text}}{page}``).
ENTRIES = "".join(
    rf"\indexentry{{{words}@\spxentry{{{words}}}}}{{{page}}}" + "\n"
    for words, page in [
        ("Modificateur de pénétration", 54),
        ("Modificateur d’armure", 53),
        ("Limites de capacités, de traits et d’équipement", 174),
    ]
)


@pytest.mark.skipif(shutil.which("xindy") is None, reason="xindy not installed (./dev installs it)")
def test_xindy_reads_the_module_and_ties_the_first_page_number(tmp_path: Path) -> None:
    style = Path(sphinx.__file__).parent / "texinputs" / "sphinx.xdy"
    shutil.copy(style, tmp_path / "sphinx.xdy")
    add_index_module(tmp_path)
    (tmp_path / "book.idx").write_text(ENTRIES, encoding="utf-8")
    options = ["-L", "french", "-C", "utf8", "-M", "sphinx.xdy", "-M", MODULE]
    run = subprocess.run(
        ["xindy", *options, "-o", "book.ind", "book.idx"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and "ERROR" not in run.stdout + run.stderr, run.stdout + run.stderr
    index = (tmp_path / "book.ind").read_text(encoding="utf-8")
    assert r"d’équipement},~\hyperpage{174}" in index
    assert index.index("Modificateur d’armure") < index.index("Modificateur de pénétration")
