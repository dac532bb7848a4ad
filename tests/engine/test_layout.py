"""The engine's modules live in subpackages (the sizes of functions and modules:
tests/test_code_sizes.py)."""

from __future__ import annotations

from pathlib import Path

import nqcore

ENGINE = Path(nqcore.__file__).parent


def test_the_engine_modules_live_in_subpackages() -> None:
    """Only the package's own files and what every part shares stay at the top."""
    shared = {
        "__init__.py",
        "__main__.py",
        "atomic.py",
        "colour.py",
        "i18n.py",
        "language_codes.py",  # which catalogue folders are languages: i18n's, the build's, nq's
        "locks.py",  # one run at a time in a checkout: update-po's and the builds' (./dev)
        "places.py",  # where a refusal is, in the reader's language: every reader of files
        "catalogue_check.py",
        "catalogue_header.py",  # a catalogue's charset and language: every reader's, po.py's too
        "catalogue_loading.py",  # one catalogue as the engine reads it: every translated answer
        "name_clashes.py",  # names that read alike: the engine's catalogue reader's, the guard's
        "characters.py",  # the characters any text read may hold: data, catalogues, files
        "long_words.py",  # what no line of the books can break: data, catalogues, pages
        "filled.py",  # numbers in the data's texts, in the reader's language: every data reader
        "po.py",  # the one reader and writer of catalogues: the engine's, the tools', the build's
        "terminal.py",  # what reaches the terminal: nq's answers and the catalogues' warnings
        "typography.py",  # French spacing and the minus sign of every translation and number
        "typed_names.py",  # a thing named as a player types it: spells, weapons, sample profiles
    }
    top = {p.name for p in ENGINE.glob("*.py")} - {"i18n_catalogue.py"}  # moves to nqtranslate/
    assert top <= shared, sorted(top - shared)
