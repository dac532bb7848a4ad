"""TeX runs shut in: no shell escape, and files read and written only below the build folder.

A catalogue or data text that slipped raw LaTeX through would otherwise make xelatex read any
file of the machine (``\\input{/etc/...}``) or run a program (``\\write18``). kpathsea reads these
settings from the environment: ``openin_any=p`` and ``openout_any=p`` (paranoid) refuse absolute
paths, ``..`` and dot files, while packages and fonts found through TeX's own search paths still
load; ``shell_escape=f`` and ``-no-shell-escape`` switch ``\\write18`` off entirely.

Every PDF is dated by its sources, not by the clock (xdvipdfmx sets CreationDate and ModDate
from ``SOURCE_DATE_EPOCH``, the reproducible-builds convention): a build's own value is kept,
else the time of the git commit the project's sources are at, so that two builds of one commit
make the same book, as its printing line says (:mod:`nqsphinx.books.front_matter`).

``python -m nqprint.tex_sandbox DIR`` compiles the LaTeX that Sphinx wrote in ``DIR`` this way.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from nqcore.i18n import ROOT

SANDBOX = {
    "openin_any": "p",
    "openout_any": "p",
    "shell_escape": "f",
    "LATEXOPTS": "-no-shell-escape",
}


#: latexmk's options: quiet; and ``-xelatex`` (Sphinx's Makefile suggests it): each pass writes
#: only its XDV and xdvipdfmx makes the PDF once, at the end, not after each of the three passes
#: (English PDF 9.5 -> 8.8 s CPU; the same pages and text, only the random font-subset tags and
#: the dates differ, as between any two runs).
LATEXMKOPTS = "-silent -xelatex"


#: The project's sources: the git work tree whose commit dates the PDFs.
SOURCES = ROOT


def commit_epoch(folder: Path = SOURCES) -> str | None:
    """The commit time (seconds since 1970) of the commit ``folder`` is checked out at; None
    outside git (an installed package), where the PDFs keep the clock's date."""
    try:
        found = subprocess.run(
            ["git", "-C", str(folder), "log", "-1", "--format=%ct"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return found if found.isdigit() else None


def sandboxed_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for any TeX run of the project, its PDFs dated by their sources."""
    env = {**(os.environ if base is None else base), **SANDBOX}
    if not env.get("SOURCE_DATE_EPOCH", "").isdigit():
        epoch = commit_epoch()
        if epoch:
            env["SOURCE_DATE_EPOCH"] = epoch
    return env


def pdf_dates(base: dict[str, str] | None = None) -> str:
    """hyperref's ``pdfcreationdate`` and ``pdfmoddate``, one instant: the sources' time, as
    :func:`sandboxed_env` gives the TeX run (``SOURCE_DATE_EPOCH``, else the commit's), or the
    clock's outside git.  Left to themselves, xdvipdfmx wrote that instant as the document
    information's CreationDate and no ModDate, and hyperxmp the log file's time (the clock) as
    the XMP CreateDate and ModifyDate: every PDF's two records disagreed (proof round 13)."""
    epoch = sandboxed_env(base).get("SOURCE_DATE_EPOCH", "")
    when = datetime.fromtimestamp(int(epoch), UTC) if epoch.isdigit() else datetime.now(UTC)
    stamp = when.strftime("D:%Y%m%d%H%M%SZ")
    return f"pdfcreationdate={{{stamp}}}, pdfmoddate={{{stamp}}}"


def compile_sphinx_latex(folder: str) -> subprocess.CompletedProcess[str]:
    """Sphinx's generated Makefile (latexmk, xelatex) run in the sandbox."""
    env = sandboxed_env()
    env["LATEXMKOPTS"] = LATEXMKOPTS
    return subprocess.run(
        ["make", "-C", folder, "all-pdf"], capture_output=True, text=True, env=env, check=False
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m nqprint.tex_sandbox LATEX_FOLDER", file=sys.stderr)
        return 2
    result = compile_sphinx_latex(args[0])
    if result.returncode:
        sys.stderr.write(result.stdout[-4000:] + result.stderr)
        _forget_passes(Path(args[0]))
        return result.returncode
    folder = Path(args[0])
    return (
        _refuse_missing_glyphs(folder)
        or _refuse_cards_too_long(folder)
        or _refuse_overfull_lines(folder)
    )


#: What a pass of xelatex, makeindex and latexmk leaves for the next one to read: a failed run's
#: would bring its text back into the next run (attacker round 22: a hostile index entry kept in
#: ``noquarter.ind`` crashed every later build, the source reverted).
PASS_FILES = ("*.aux", "*.ind", "*.idx", "*.ilg", "*.toc", "*.out", "*.fls", "*.fdb_latexmk")


def _forget_passes(folder: Path) -> None:
    """Delete what a failed run's passes wrote, so that the next run starts from the sources."""
    for pattern in PASS_FILES:
        for found in folder.glob(pattern):
            found.unlink(missing_ok=True)


#: How far past the text's edge a line may run (the books have none): a wider one is text printed
#: off the page, xelatex logging it and going on (attacker round 23: 40 wide letters in a
#: chapter's title, a table cell or the index ran up to 212 pt off the page, every check passed).
MOST_OVERFULL_PT = 5.0
_OVERFULL = re.compile(r"^Overfull \\hbox \((?P<pt>[0-9.]+)pt too wide\).*?(?P<line>\d+)", re.M)


#: TeX's font switches ("\\TU/FreeSans(0)/b/n/14.4") and empty boxes in a box's text as the log
#: shows it.
_FONT_SWITCH = re.compile(r"\\[A-Za-z]+/\S*|\[\]|\|")
#: The files a word of a book is written in: catalogues, pages, data.
_SOURCES = ("locale", "nqcore/locale", "nqsphinx/locale", "nqprint/locale", "docs", "nqcore/data")
#: A run this long at least is looked for in the sources.
_LOOKED_FOR = 12
#: Lines past the edge named; more are counted.
MOST_NAMED = 20


def overfull_lines(log: Path) -> list[str]:
    """Each line of ``log``'s document run more than :data:`MOST_OVERFULL_PT` past the text's
    edge (an ``Overfull \\hbox``, which xelatex logs and goes on), at its LaTeX line, with the
    text it holds and where that text is written (attacker round 24: a generated line alone,
    ``\\tableofcontents`` or ``\\loop``, told a translator nothing); once for each LaTeX line
    (a card's text is tried at each of its sizes)."""
    text = log.read_text(encoding="utf-8", errors="replace")
    found: dict[str, str] = {}
    for over in _OVERFULL.finditer(text):
        if float(over["pt"]) <= MOST_OVERFULL_PT or over["line"] in found:
            continue
        shown = _box_text(text, over.end())
        written = _written_at(shown)
        found[over["line"]] = (
            f"{log.with_suffix('.tex')}:{over['line']}: a line runs {float(over['pt']):,.0f} pt "
            f"past the text's edge, off the page: “{shown[:60]}”"
            + (f" (written at {written})" if written else "")
            + f": a word or run no line can break (a translation?) (see {log})"
        )
    return list(found.values())


def _box_text(text: str, end: int) -> str:
    """The text of the box logged after ``end`` (its lines, up to a blank one)."""
    rest = text[end:].split("\n\n", 1)[0].partition("\n")[2]
    return " ".join(_FONT_SWITCH.sub(" ", rest.replace("\n", "")).split())


def _written_at(shown: str) -> str:
    """Where the longest run of ``shown`` is written (a catalogue's, page's or data file's line),
    or "" if it is short or nowhere."""
    # the run without the punctuation a sentence puts around it ("(Title, p. 3)": "Title")
    run = max((word.strip("()[],;:.«»“”\"'") for word in shown.split()), key=len, default="")
    if len(run) < _LOOKED_FOR:
        return ""
    for folder in _SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".po", ".md", ".toml") or not path.is_file():
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if run in line:
                    return f"{path.relative_to(ROOT)}:{number}"
    return ""


def _refuse_overfull_lines(folder: Path) -> int:
    """1, saying where, if a line of a book runs past the text's edge: a word or run no line
    can break, a translation's?"""
    found = [problem for log in sorted(folder.glob("*.log")) for problem in overfull_lines(log)]
    for problem in found[:MOST_NAMED]:
        print(f"error: {problem}", file=sys.stderr)
    if len(found) > MOST_NAMED:
        print(f"error: and {len(found) - MOST_NAMED} more such lines", file=sys.stderr)
    return 1 if found else 0


def _refuse_cards_too_long(folder: Path) -> int:
    """1, saying so, if a spell card of the book runs over its card (xelatex logs it and
    goes on: the card printed over the next one)."""
    from nqprint.latex import cards_too_long

    for log in sorted(folder.glob("*.log")):
        if problems := cards_too_long(log.with_suffix(".tex"), log):
            for problem in problems[:5]:
                print(f"error: {problem}", file=sys.stderr)
            return 1
    return 0


def _refuse_missing_glyphs(folder: Path) -> int:
    """1, saying so, if xelatex printed a character as nothing for want of a glyph (a
    translation's 漢字 or 🐉: the book's fonts have none), which it logs and does not stop for."""
    from nqprint.latex import missing_characters  # nqprint.latex compiles in this sandbox

    for log in sorted(folder.glob("*.log")):
        if missing := missing_characters(log):
            print(
                f"error: {log.with_suffix('.pdf')}: no glyph in the book's fonts for "
                f"{', '.join(missing)}, printed as nothing: a page or a translation holds a "
                f"character the book cannot print (see {log})",
                file=sys.stderr,
            )
            for where in written_at(missing, folder.name.split("-")[0]):
                print(f"{where}: the character is written here", file=sys.stderr)
            return 1
    return 0


#: The most places :func:`written_at` names.
MOST_PLACES = 20
#: The catalogue folders whose words a book prints: its pages', the engine's, the extension's,
#: the examples'.
CATALOGUE_FOLDERS = ("locale", "nqcore/locale", "nqsphinx/locale", "examples/locale")


def written_at(characters: list[str], lang: str, root: Path | None = None) -> list[str]:
    """Where the sources of a book in ``lang`` write any of ``characters``, as ``file:line``:
    its pages, its data and, for a translation, its language's catalogues (attack round twenty:
    the refusal named only the TeX log)."""
    from nqcore.i18n import ROOT, SOURCE_LANGUAGE

    base = root or ROOT
    files = [*base.glob("docs/**/*.md"), *base.glob("docs/_data/*.toml")]
    files += base.glob("nqcore/data/**/*.toml")
    if lang != SOURCE_LANGUAGE:
        for locale in CATALOGUE_FOLDERS:
            files += base.glob(f"{locale}/{lang}/LC_MESSAGES/*.po")
    found = []
    for path in sorted(set(files)):
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        found += [
            f"{path.relative_to(base)}:{number}"
            for number, line in enumerate(lines, 1)
            if any(char in line for char in characters)
        ]
    return found[:MOST_PLACES]


if __name__ == "__main__":
    sys.exit(main())
