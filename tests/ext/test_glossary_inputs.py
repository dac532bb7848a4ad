"""The glossary's words of a language, kept beside its catalogues (``locale/fr/glossary.toml``),
are an input of the pages that show them, as the glossary file is."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from nqsphinx.directives import glossary
from tests.ext.conftest import build, copy_root
from tests.ext.test_directives import text


def test_an_edit_of_the_french_glossary_file_reads_its_pages_again(
    tmp_path: Path, make_app: Any
) -> None:
    """Edited, the file's words show at the next (incremental) build, on the glossary and in
    the tooltips, not the last build's."""
    srcdir = copy_root("nq", tmp_path)
    french = tmp_path / "locale" / "fr" / "glossary.toml"
    french.parent.mkdir(parents=True)
    for number, words in enumerate(("Définition A.", "Définition B.")):
        french.write_text(f'[[term]]\nkey = "wounds"\ndef_fr = "{words}"\n', encoding="utf-8")
        later = french.stat().st_mtime + 10 * number
        os.utime(french, (later, later))
        glossary.load_terms.cache_clear()  # each make reads the files in a new process
        built = build(srcdir, "fr", make_app)
        assert words in text(built.html("glossary")), number
        assert f"Wounds (W). {words}" in built.html("magic"), number
    glossary.load_terms.cache_clear()


def test_a_french_glossary_file_added_since_the_last_build_is_read(
    tmp_path: Path, make_app: Any
) -> None:
    """The file did not exist at the first build, so no page noted it as an input: its
    appearance alone reads the glossary's pages again at the next (incremental) build."""
    srcdir = copy_root("nq", tmp_path)
    glossary.load_terms.cache_clear()
    first = build(srcdir, "fr", make_app)
    assert "Définition nouvelle." not in text(first.html("glossary"))
    read = dict(first.app.env.all_docs)
    french = tmp_path / "locale" / "fr" / "glossary.toml"
    french.parent.mkdir(parents=True)
    french.write_text('[[term]]\nkey = "wounds"\ndef_fr = "Définition nouvelle."\n', "utf-8")
    glossary.load_terms.cache_clear()  # each make reads the files in a new process
    again = build(srcdir, "fr", make_app)
    for page in ("glossary", "magic"):  # read again: their tooltips are made when read
        assert again.app.env.all_docs[page] > read[page], page
    assert "Définition nouvelle." in text(again.html("glossary"))
    assert "Wounds (W). Définition nouvelle." in again.html("magic")
    glossary.load_terms.cache_clear()
