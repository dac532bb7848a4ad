"""A word of the data in the PDF index's raw "see also" entry is a word: the index's special
characters (``!`` sub-entry, ``@`` sort key, ``|`` page macro, ``"`` quote) are quoted as Sphinx
quotes its own entries, so that no entry is dropped and no data chooses a macro."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import sphinx

from nqsphinx.directives.rules_index import index_escape, see_node

TOPIC, ALSO = "Moral!Sous@x|textbf", 'Rassemblement"!x@y|z'


def test_the_special_characters_are_quoted() -> None:
    assert index_escape(TOPIC) == r'Moral"!Sous"@x\textbar{}textbf'
    assert index_escape(ALSO) == r'Rassemblement"""!x"@y\textbar{}z'
    assert index_escape("{50%}") == r"\sphinxleftcurlybrace{}50\%\sphinxrightcurlybrace{}"
    raw = see_node(TOPIC, ALSO, latex=True).astext()
    assert raw == (
        r'\index{Moral"!Sous"@x\textbar{}textbf@\spxentry{Moral"!Sous"@x\textbar{}textbf}'
        r'|seealso{Rassemblement"""!x"@y\textbar{}z}}'
    )


@pytest.mark.skipif(shutil.which("xindy") is None, reason="xindy (Debian: xindy) not installed")
def test_xindy_keeps_the_entry_and_its_see_also(tmp_path: Path) -> None:
    """The entry as the PDF's index shows it: one entry, its words whole, no sub-entry."""
    raw = see_node(TOPIC, ALSO, latex=True).astext()
    (tmp_path / "t.idx").write_text(
        raw.replace(r"\index{", r"\indexentry{", 1) + "{3}\n", encoding="utf-8"
    )
    module = Path(sphinx.__file__).parent / "texinputs" / "sphinx.xdy"
    subprocess.run(
        [
            "xindy",
            "-M",
            "texindy",
            "-M",
            str(module),
            "-C",
            "utf8",
            "-L",
            "french",
            "-I",
            "latex",
            "-o",
            "t.ind",
            "t.idx",
        ],
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    index = (tmp_path / "t.ind").read_text(encoding="utf-8")
    assert r"\item \spxentry{Moral!Sous@x\textbar{}textbf}" in index, index
    assert r'Rassemblement"!x@y\textbar{}z' in index, index
    assert "subitem" not in index and r"\textbf{" not in index, index
