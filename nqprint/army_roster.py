"""An army's roster on paper (``nq army FILE --pdf OUT.pdf``), A4 or US Letter, in the reader's
language: the print products' LaTeX (:mod:`nqprint.latex`: its preamble, fonts, French
typography and sandboxed xelatex) laying out the engine's roster
(:func:`nqcore.army.roster.roster_sheet`): each entry with its models, class and points, its
profiles' lines, weapons, armour and special rules, its price line by line and its warnings;
then the total against the game's size and the army rules' refusals and warnings.  The At the
table page prints the same roster from the same data with its print stylesheet.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from nqprint.latex import A4, Paper, PrintError, compile_pdf, document, tex

#: Margins wide enough for any printer, on both papers.
GEOMETRY = "margin=15mm"


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
        if profile["role"]:  # a second profile's lines (the unit leader's) under its name
            details.append(rf"\smallskip\textbf{{{tex(name, lang)}}}\par ")
        for label, text in profile["details"]:
            details.append(rf"\textbf{{{tex(label + _colon(lang), lang)}}}{tex(text, lang)}\par ")
    spec = "@{}X" + "c" * (len(columns) - 1) + "@{}"
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
    """Compile the roster into ``target`` (its LaTeX and log in a folder that goes after: the
    reader's file name, spaces and all, never reaches xelatex's command line). When xelatex
    fails, the folder stays: the error names its log, for the reader to open."""
    work = Path(tempfile.mkdtemp(prefix="nq-roster-"))
    try:
        made = compile_pdf(roster_tex(sheet, lang, paper), work / "out" / "roster.pdf", work)
    except PrintError:
        if not any(work.glob("*.log")):  # no log to read (no xelatex): nothing to keep
            shutil.rmtree(work, ignore_errors=True)
        raise
    try:
        shutil.copyfile(made, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target
