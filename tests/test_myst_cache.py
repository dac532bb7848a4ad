"""The MyST caches of :mod:`nqsphinx.upstream.myst_cache` change nothing in what a page becomes."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.building import ROOT

PAGE = """\
(top)=
# Title

A paragraph with a {ref}`link <second>` and *emphasis*.[^n]

:::{note}
Nested **content** with a role {ref}`back <top>`.

:::{admonition} Inner
Deeper text.
:::
:::

(second)=
## Second

| A | B |
|---|---|
| 1 | 2 |

- item one
- item two

[^n]: A footnote.
"""

CATALOGUE = r"""
msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\n"

msgid "A paragraph with a {ref}`link <second>` and *emphasis*.[^n]"
msgstr "Un paragraphe avec un {ref}`lien <second>` et de l'*emphase*.[^n]"

msgid "Nested **content** with a role {ref}`back <top>`."
msgstr "Un **contenu** imbriqué avec un rôle {ref}`retour <top>`."

msgid "Deeper text."
msgstr "Texte plus profond."

msgid "Second"
msgstr "Deuxième"
"""


def _project(base: Path, cached: bool) -> Path:
    src = base / ("cached" if cached else "plain")
    (src / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (src / "index.md").write_text(PAGE, encoding="utf-8")
    (src / "locale" / "fr" / "LC_MESSAGES" / "index.po").write_text(CATALOGUE, encoding="utf-8")
    install = "from nqsphinx.upstream import myst_cache\nmyst_cache.install()\n" if cached else ""
    (src / "conf.py").write_text(
        textwrap.dedent(f"""\
            import sys
            sys.path.insert(0, {str(ROOT)!r})
            {install.replace(chr(10), chr(10) + " " * 12)}
            extensions = ["myst_parser"]
            myst_enable_extensions = ["colon_fence"]
            locale_dirs = ["locale/"]
            gettext_compact = False
            """),
        encoding="utf-8",
    )
    return src


def _pseudoxml(src: Path, lang: str) -> str:
    out = src / "_build" / lang
    subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-E",
            "-b",
            "pseudoxml",
            "-D",
            f"language={lang}",
            str(src),
            str(out),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return (out / "index.pseudoxml").read_text(encoding="utf-8").replace(str(src), "<src>")


@pytest.mark.slow  # builds the book's pages four times
def test_pages_are_the_same_with_and_without_the_caches(tmp_path: Path) -> None:
    plain, cached = _project(tmp_path, False), _project(tmp_path, True)
    for lang in ("en", "fr"):
        expected = _pseudoxml(plain, lang)
        assert _pseudoxml(cached, lang) == expected
    assert "Texte plus profond." in expected and "imbriqué" in expected


def test_the_caches_are_installed() -> None:
    code = (
        "from nqsphinx.upstream import myst_cache; myst_cache.install(); myst_cache.install()\n"
        "from myst_parser.mdit_to_docutils import base\n"
        "from myst_parser.parsers import sphinx_\n"
        "print(base.make_document is myst_cache.make_document, sphinx_.MystParser._nq_cached)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["True", "True"]
