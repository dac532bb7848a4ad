"""An army's roster on paper (``nq army FILE --pdf OUT.pdf``), A4 or US Letter, in the reader's
language: the print products' LaTeX (:mod:`nqprint.latex`: its preamble, fonts, French
typography and sandboxed xelatex) laying out the engine's roster
(:func:`nqcore.army.roster.roster_sheet`): each entry with its models, class and points, its
profiles' lines, weapons, armour and special rules, its price line by line and its warnings;
then the total against the game's size and the army rules' refusals and warnings.  The At the
table page prints the same roster from the same data with its print stylesheet.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from nqprint.latex import (
    A4,
    LatexFailed,
    MissingCharacters,
    Paper,
    PrintError,
    compile_pdf,
    document,
)
from nqprint.latex import tex as latex_text

#: Margins wide enough for any printer, on both papers.
GEOMETRY = "margin=15mm"
#: A word this long may break between any two of its letters: a name of the reader's own
#: ("WWWW…" sixty times) would otherwise run off the page, as TeX breaks lines between words.
LONG_WORD = 12
_LONG_WORD = re.compile(rf"\S{{{LONG_WORD},}}")
#: Where such a word may break, marked before the text is escaped: a private-use character, which
#: no name may hold (:mod:`nqcore.army.names`), then TeX's break without a hyphen.
_BREAK, _TEX_BREAK = "\ue000", r"\allowbreak{}"


#: The scripts the roster cannot set as they are written, by the first words of their letters'
#: Unicode names.  Its LaTeX shapes every text as the Latin script, left to right, and its fonts
#: (FreeSerif, FreeSans) hold the letters of several of these: a Devanagari vowel sign printed
#: after the consonant it stands before, Hebrew printed backwards; the others join their letters
#: (Arabic, Syriac, N'Ko, Mongolian), reorder or stack them by their own rules (the Indic and
#: South-East Asian scripts, Tibetan) or run right to left (Thaana, Samaritan, Mandaic, Adlam).
UNSHAPED_SCRIPTS = (
    *("ARABIC", "SYRIAC", "THAANA", "NKO", "SAMARITAN", "MANDAIC", "HEBREW", "ADLAM"),
    *("DEVANAGARI", "VEDIC", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU"),
    *("KANNADA", "MALAYALAM", "SINHALA", "THAI", "LAO", "TIBETAN", "MYANMAR", "KHMER"),
    *("MONGOLIAN", "BALINESE", "JAVANESE", "SUNDANESE", "BUGINESE", "LIMBU", "LEPCHA"),
    *("CHAKMA", "TAI", "NEW TAI LUE"),
)
_UNSHAPED = re.compile(rf"({'|'.join(UNSHAPED_SCRIPTS)}) ")


class UnshapedCharacters(MissingCharacters):
    """Characters of the roster in a script that its LaTeX cannot shape (:data:`UNSHAPED_SCRIPTS`):
    printed, each would be in the wrong place, or unjoined."""


def unshaped(texts: Iterable[str]) -> list[str]:
    """The characters of ``texts`` in the scripts of :data:`UNSHAPED_SCRIPTS`, each once.

    >>> unshaped(["Orc Bruisers", "Élite", "Ωμέγα", "गोबलिन"])
    ['ग', 'ो', 'ब', 'ल', 'ि', 'न']
    """
    found = (char for text in texts for char in text)
    return list(dict.fromkeys(c for c in found if _UNSHAPED.match(unicodedata.name(c, ""))))


def _texts(value: object) -> Iterator[str]:
    """Every text of the roster's sheet (its values, in dictionaries and lists)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


def _breakable(word: re.Match[str]) -> str:
    """A long word with a break allowed before each letter but the first (never before a
    combining mark, which belongs to the letter before it)."""
    text = word[0]
    return text[0] + "".join(
        (char if unicodedata.category(char).startswith("M") else _BREAK + char) for char in text[1:]
    )


def tex(text: str, lang: str) -> str:
    """Plain text as the roster's LaTeX (:func:`nqprint.latex.tex`), its long words breakable."""
    return latex_text(_LONG_WORD.sub(_breakable, text), lang).replace(_BREAK, _TEX_BREAK)


def _colon(lang: str) -> str:
    return " : " if lang == "fr" else ": "


def _profiles(entry: dict[str, Any], columns: list[str], lang: str) -> str:
    """The entry's profiles, one line each (name, AC to CO, AR), then what each carries."""
    head = " & ".join(rf"\textbf{{{tex(c, lang)}}}" for c in columns)
    rows = []
    details = []
    for profile in entry["profiles"]:
        name = profile["name"]
        if profile["role"]:
            name = f"{profile['role']}{_colon(lang)}{name}"
        cells = [tex(name, lang), *(tex(v, lang) for v in profile["values"])]
        rows.append(" & ".join(cells) + r" \\")
        for element in profile["elements"]:  # a mount's, a driver's line under its model's
            cells = [tex(element["name"], lang), *(tex(v, lang) for v in element["values"])]
            rows.append(" & ".join(cells) + r" \\")
        if profile["role"]:  # a second profile's lines (the unit leader's) under its name
            details.append(rf"\smallskip\textbf{{{tex(name, lang)}}}\par ")
        for label, text in profile["details"]:
            details.append(rf"\textbf{{{tex(label + _colon(lang), lang)}}}{tex(text, lang)}\par ")
    spec = r"@{}>{\raggedright\arraybackslash}X" + "c" * (len(columns) - 1) + "@{}"
    return (
        rf"\begin{{tabularx}}{{\linewidth}}{{{spec}}}\toprule {head} \\ \midrule "
        + " ".join(rows)
        + r" \bottomrule\end{tabularx}\par\smallskip{\small "
        + "".join(details)
        + "}"
    )


def _entry(entry: dict[str, Any], sheet: dict[str, Any], lang: str) -> str:
    """One entry, kept on one page: its title and points, facts, profiles, price and warnings."""
    title = tex(f"{entry['kind']} · {entry['name']}", lang)
    lines = "".join(rf"{tex(line, lang)}\par " for line in entry["lines"])
    warned = tex(sheet["warning"] + _colon(lang), lang)
    warnings = "".join(rf"\textit{{{warned}{tex(w, lang)}}}\par " for w in entry["warnings"])
    return (
        r"\begin{minipage}{\linewidth}"
        rf"{{\sffamily\bfseries\large {title}\hfill {tex(entry['points'], lang)}}}\par"
        rf"{{\small {tex(entry['facts'], lang)}}}\par\smallskip"
        + _profiles(entry, sheet["columns"], lang)
        + rf"\smallskip{{\small {lines}{warnings}}}"
        + r"\end{minipage}\par\medskip"
    )


def roster_tex(sheet: dict[str, Any], lang: str, paper: Paper = A4) -> str:
    """The roster as a LaTeX document on ``paper``."""
    body = [
        r"\raggedright",
        rf"{{\sffamily\bfseries\LARGE\color{{nqred}}{tex(sheet['title'], lang)}}}\par",
        rf"{{\sffamily {tex(sheet['heading'], lang)} · {tex(sheet['game'], lang)}}}\par",
        r"\smallskip{\color{nqrule}\hrule}\medskip",
        *(_entry(entry, sheet, lang) for entry in sheet["entries"]),
        r"{\color{nqrule}\hrule}\smallskip",
        rf"{{\sffamily\bfseries\large {tex(sheet['total'], lang)}}}\par\smallskip",
    ]
    for found in sheet["breaches"]:
        label = tex(found["label"] + _colon(lang), lang)
        body.append(rf"\textbf{{{label}}}{tex(found['text'], lang)}\par")
    if sheet["kept"]:
        body.append(rf"{tex(sheet['kept'], lang)}\par")
    return document(
        "\n".join(body),
        lang=lang,
        title=f"{sheet['title']} · {sheet['heading']}",
        geometry=GEOMETRY,
        paper=paper,
    )


def roster_pdf(sheet: dict[str, Any], lang: str, paper: Paper, target: Path) -> Path:
    """Compile the roster into ``target`` (its LaTeX and log in a folder that goes after, printed
    or not: the reader's file name, spaces and all, never reaches xelatex's command line). A
    roster with a script it cannot shape is refused before xelatex runs. When xelatex fails, the
    error says its cause, as the folder with its log is gone."""
    refused = unshaped(_texts(sheet))
    if refused:
        raise UnshapedCharacters(refused)
    work = Path(tempfile.mkdtemp(prefix="nq-roster-"))
    try:
        made = compile_pdf(roster_tex(sheet, lang, paper), work / "out" / "roster.pdf", work)
        shutil.copyfile(made, target)
    except LatexFailed as error:
        raise PrintError(f"roster.tex: {error.cause}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target
