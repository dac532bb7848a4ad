"""An erratum note in the PDFs is set ragged right: its short lines and long links were justified,
the word gaps of the English boxes stretched (proof round 13: "• Open question:␣␣␣␣
Recommended maximum wounds of a charac-ter"); the French boxes came out ragged by chance."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.util.docutils import docutils_namespace

from tests.ext.conftest import copy_root


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_erratum_notes_are_ragged_right_in_print(
    tmp_path: Path, make_app: Any, lang: str
) -> None:
    srcdir = copy_root("nq", tmp_path)
    with docutils_namespace():
        app = make_app(
            "latex",
            srcdir=srcdir,
            confoverrides={"nq_site_url": "https://example.org/", "language": lang},
            status=StringIO(),
            warning=StringIO(),
            tags=["print"],  # as `make pdf` builds
        )
        app.build()
        tex = "\n".join(path.read_text("utf-8") for path in Path(app.outdir).glob("*.tex"))
        app.cleanup()
    title = {"en": "Errata and open questions", "fr": "Errata et questions ouvertes"}[lang]
    notes = re.findall(
        r"\\begin\{sphinxadmonition\}\{note\}\{"
        + title
        + r"[^\n]*\n(.*?)\\end\{sphinxadmonition\}",
        tex,
        re.S,
    )
    assert notes, tex[:2000]
    assert all(note.lstrip().startswith("\\raggedright") for note in notes), notes
