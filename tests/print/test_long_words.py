"""The longest word the guard lets a translation add (:data:`nqcore.long_words.MAX_WORD`) fits
a line of the book's widest heading, unhyphenated; the word that ran off the page does not."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nqcore.long_words import MAX_WORD, long_word_problem
from nqsphinx.books.measure import TEXT_WIDTH_MM

#: A section's heading as the books set it (Sphinx's headings: \Large, bold FreeSans; the
#: chapter's title is \Large too, fncychap's Sonny), across the book's measure, no hyphenation.
HEADING = r"""\documentclass[11pt]{report}
\usepackage{fontspec}
\setsansfont{FreeSans}
\usepackage[french]{babel}
\usepackage[textwidth=%(width)smm]{geometry}
\usepackage{titlesec}
\titleformat{\section}{\Large\sffamily\bfseries}{\thesection}{0.5em}{}
\begin{document}
\setcounter{chapter}{16}\setcounter{section}{9}
\hyphenpenalty=10000
\section{%(word)s}
\end{document}
"""


def _overfull(tmp_path: Path, word: str) -> bool:
    tex = tmp_path / "heading.tex"
    tex.write_text(HEADING % {"width": TEXT_WIDTH_MM, "word": word}, encoding="utf-8")
    subprocess.run(
        ["xelatex", "-interaction=nonstopmode", "-halt-on-error", tex.name],
        cwd=tmp_path,
        capture_output=True,
        check=True,
        timeout=120,
    )
    return "Overfull \\hbox" in tex.with_suffix(".log").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("xelatex") is None, reason="xelatex is needed")
def test_the_longest_word_allowed_fits_the_widest_heading(tmp_path: Path) -> None:
    allowed = ("Armesdemêlée" * 4)[:MAX_WORD].replace("m", "M")  # wider than most French
    assert not long_word_problem("Melee Weapons", allowed)
    assert not _overfull(tmp_path, allowed)
    refused = "Armesdemêlée" * 12
    assert long_word_problem("Melee Weapons", refused)
    assert _overfull(tmp_path, refused)
