"""LaTeX for the print products: escaping, one preamble for all, compiling with xelatex."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from nqcore.colour import rgb
from nqcore.i18n import N_
from nqprint import label_fit
from nqprint.credits import (
    TRANSLATORS,
    keywords,
    pdf_author,
    pdf_lang,
    pdf_title,
    subject,
    translator_info,
)
from nqprint.tex_sandbox import pdf_dates, sandboxed_env
from nqprint.texts import print_text
from nqprint.xmp_tex import XMP

#: The paper as a product's title names it (A4 needs no translation), and the translator's role
#: after his name in the French products' author, as in the French books.
US_LETTER = N_("US Letter")
TRANSLATION = N_("translation")

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "\u00a0": "~",
}
_SPECIAL_RE = re.compile("|".join(re.escape(c) for c in _SPECIAL))
#: Translators type a plain space before ; : ! ? and inside « »; babel-french sets its own.
_SPACE = r"[ \t\u00a0\u202f]+"
_FRENCH_SPACE = re.compile(rf"{_SPACE}([;:!?])|(?<=«){_SPACE}|{_SPACE}(?=»)")
#: A percentage typed without a space (``25%``, as translators type it) or with a plain one:
#: French puts a narrow no-break space before the sign, as the book does
#: (nqsphinx.languages.typography) and nqcore's ``format_percent`` in the sheets' columns.
_FRENCH_PERCENT = re.compile(r"(?<=\d)[ \t\u00a0]?%")
#: The narrow no-break space (U+202F, before ``%`` and between thousands) as LaTeX sets it in
#: the rulebooks and the print products alike: babel-french's thin space, the one it sets
#: before ``; ! ?`` (a sixth of an em without babel-french).
#: The least type a print product sets (its imprint): 6 pt, which a printer's reader still
#: reads; LaTeX's ``\tiny`` in the products' 10 pt class is 5 pt (proof round 17).
LEAST_TYPE = r"\fontsize{6}{7}\selectfont"
NARROW_NO_BREAK_SPACE = (
    r"\catcode`^^^^202f\active\protected\def^^^^202f"
    r"{\leavevmode\nobreak\ifdefined\FBthinspace\FBthinspace\else\,\fi}"
)


class PrintError(RuntimeError):
    """A product failed to build; the message is one line naming the file."""


class LatexFailed(PrintError):
    """xelatex stopped on an error; ``cause`` is its line ("! Undefined control sequence.")."""

    def __init__(self, message: str, cause: str) -> None:
        super().__init__(message)
        self.cause = cause


@dataclass(frozen=True)
class Paper:
    """A sheet size: every product is printed on A4 and on US Letter, each laid out for it."""

    name: str
    #: The size as LaTeX's geometry and Sphinx's ``papersize`` call it.
    latex: str
    width: Fraction  # inches
    height: Fraction
    #: What the file name adds: ``quick-reference-en.pdf`` (A4), ``...-en-letter.pdf``.
    suffix: str

    def stem(self, product: str, lang: str) -> str:
        return f"{product}-{lang}{self.suffix}"


A4 = Paper("a4", "a4paper", Fraction(2100, 254), Fraction(2970, 254), "")
LETTER = Paper("letter", "letterpaper", Fraction(17, 2), Fraction(11), "-letter")
PAPERS = {paper.name: paper for paper in (A4, LETTER)}


def tikz_rgb(colour: str | tuple[int, int, int]) -> str:
    """A ``#rrggbb`` colour (or its red, green and blue) as TikZ's
    ``{rgb,255:red,R;green,G;blue,B}``."""
    red, green, blue = rgb(colour) if isinstance(colour, str) else colour
    return f"{{rgb,255:red,{red};green,{green};blue,{blue}}}"


#: The control characters LaTeX must not read: TeX ends the line at a carriage return (the rest
#: of it lost), reads a form feed as an outer macro, a NUL as invalid; the C0 controls, DEL and
#: the C1 controls are dropped, a tab or carriage return is a space (the newline stays: a space,
#: or between two paragraphs, their break).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_AS_SPACE = re.compile("[\t\r]")


def latex_escape(text: str) -> str:
    """Plain text as LaTeX source (xelatex reads the Unicode; only TeX's specials change, and
    the control characters go: :data:`_CONTROL`)."""
    text = _CONTROL.sub("", _AS_SPACE.sub(" ", text))
    return _SPECIAL_RE.sub(lambda m: _SPECIAL[m.group(0)], text)


def tex(text: str, lang: str) -> str:
    """Plain text as LaTeX: special characters escaped, French spacing left to babel-french
    (but for percentages, :data:`_FRENCH_PERCENT`)."""
    if lang == "fr":
        text = _FRENCH_SPACE.sub(lambda m: m.group(1) or "", text)
        text = _FRENCH_PERCENT.sub("\u202f%", text)
    return latex_escape(text)


def inches(value: object) -> str:
    """A TikZ length in inches, exact to the thousandth of an inch."""
    return f"{float(value):.4f}in"  # type: ignore[arg-type]


def xmp(lang: str) -> str:
    """:data:`XMP`, and in a translated edition its translators as XMP ``dc:contributor``, where
    catalogues read a contributor (hyperxmp writes no contributor: its Dublin Core schema is
    given one more list, as it writes ``dc:creator``; proof round 18)."""
    names = TRANSLATORS.get(lang)
    if not names:
        return XMP
    return (
        XMP
        + r"\makeatletter\def\nq@contributors{"
        + latex_escape(names)
        + r"}\g@addto@macro\hyxmp@dc@schema{\hyxmp@list@to@xml{contributor}{Bag}{\nq@contributors}}"
        + "\\makeatother\n"
    )


PREAMBLE = r"""\documentclass[10pt]{article}
%(narrow)s
\usepackage[%(paper)s,%(geometry)s]{geometry}
\usepackage{fontspec}
\defaultfontfeatures[\rmfamily,\sffamily]{}
\setmainfont{FreeSerif}[Extension=.otf, UprightFont=*, ItalicFont=*Italic,
  BoldFont=*Bold, BoldItalicFont=*BoldItalic]
\setsansfont{FreeSans}[Extension=.otf, UprightFont=*, ItalicFont=*Oblique,
  BoldFont=*Bold, BoldItalicFont=*BoldOblique]
%(babel)s
\usepackage{xcolor}
\usepackage{tikz}
\usepackage{array}
\usepackage{booktabs}
\usepackage{tabularx}
\usepackage{multicol}
%% No bookmarks (no sections): the PDF opens on its page, not on an empty bookmarks panel.
%% Printed at actual size by default (the cards and templates measure true, the sheets say so):
%% a reader's print dialog starts without "fit to page".
\usepackage[hidelinks,pdfpagemode=UseNone,pdfprintscaling=None]{hyperref}
\urlstyle{same}
%(xmp)s
\hypersetup{pdftitle={%(title)s}, pdfauthor={%(author)s}, pdfsubject={%(subject)s},
  pdfkeywords={%(keywords)s}, pdflang={%(pdflang)s}, pdfmetalang={%(pdflang)s},
  pdfdisplaydoctitle=true, keeppdfinfo, %(dates)s}
\definecolor{nqred}{HTML}{7B1E1E}
\definecolor{nqrule}{HTML}{999999}
\definecolor{nqshade}{HTML}{F2ECE4}
\setlength{\parindent}{0pt}
\pagestyle{empty}
%(extra)s
\begin{document}
%(body)s
\end{document}
"""


def paper_name(paper: Paper, lang: str) -> str:
    """The paper as a title names it: "A4", "US Letter" (« format Lettre US »)."""
    return "A4" if paper.name == "a4" else print_text(US_LETTER, lang)


#: babel-french: hyphenation, spacing before ; : ! ? and inside « ».
FRENCH = r"\usepackage[french]{babel}\frenchsetup{og=«, fg=»}"


def document(
    body: str, *, lang: str, title: str, geometry: str, extra: str = "", paper: Paper = A4
) -> str:
    """A whole document on ``paper`` in ``lang`` (babel-french hyphenation and spacing); its
    metadata: the title with the game's name and the paper, the author (and the translator),
    the language's tag as the books give it ("fr-FR")."""
    full_title = pdf_title(title, paper_name(paper, lang))
    return PREAMBLE % {
        "paper": paper.latex,
        "geometry": geometry,
        "narrow": NARROW_NO_BREAK_SPACE,
        "babel": FRENCH if lang == "fr" else r"\usepackage[british]{babel}",
        "title": pdf_text(full_title),
        "author": pdf_text(pdf_author(lang)),
        "pdflang": pdf_lang(lang),
        "subject": pdf_text(subject(lang)),
        "keywords": pdf_text(keywords(lang)),
        "xmp": xmp(lang),
        "dates": pdf_dates() + translator_info(lang),
        "extra": extra,
        "body": body,
    }


#: Where TeX's ligatures would join two characters of a PDF string: ``--`` (an en dash),
#: ``?``` and ``!``` (inverted marks).
_LIGATURE = re.compile(r"(?<=-)(?=-)|(?<=[?!])(?=`)")


def pdf_text(text: str) -> str:
    """``text`` for the document's metadata, escaped, its ligatures broken by an empty group:
    the Title says what the army file or the catalogue says ("Host -- of" was "Host – of",
    "?`" was "¿": attack round twenty)."""
    return _LIGATURE.sub("{}", latex_escape(text))


#: Between the planned pages of a product (a sheet, a page of cards): their count is the plan.
PAGE_BREAK = "\n\\newpage\n"
#: What xelatex logs of the PDF it wrote, and of a page's text run over its bottom.
_WRITTEN = re.compile(r"Output written on .*\((\d+) pages?")
_OVERFULL = re.compile(r"Overfull \\vbox .*")


#: What xelatex logs for a character its fonts lack (printed as nothing, or an empty box).
_MISSING = re.compile(r"Missing character: There is no (.) \(U\+([0-9A-F]+)\)")


class MissingCharacters(PrintError):
    """Characters of a PDF that its fonts lack, each printed as nothing."""

    def __init__(self, characters: list[str], where: str = "") -> None:
        self.characters = characters
        super().__init__(f"{where}no glyph for {', '.join(characters)}")


def missing_characters(log: Path) -> list[str]:
    """The characters xelatex found no glyph for, as its ``log`` names them, once each."""
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    return list(dict.fromkeys(found[1] for found in _MISSING.finditer(text)))


def compile_pdf(source: str, target: Path, work: Path, *, pages: int | None = None) -> Path:
    """Write ``source`` into ``work`` and compile it with xelatex into ``target``, pass after
    pass until LaTeX asks for no other (hyperref writes the page labels, ``/PageLabels``, from
    the first pass's record), at most :data:`PASSES`.  The log stays in ``work``
    (``<name>.log``) for the tests to read.  ``pages``: the pages planned; a PDF of another
    count (a text run over its page onto one more) is refused, ``target`` left unwritten."""
    if shutil.which("xelatex") is None:
        raise PrintError("xelatex is needed: run ./dev build (it installs TeX Live)")
    work.mkdir(parents=True, exist_ok=True)
    tex_file = work / f"{target.stem}.tex"
    tex_file.write_text(source, encoding="utf-8")
    log = tex_file.with_suffix(".log")
    for _ in range(PASSES):
        result = subprocess.run(
            ["xelatex", "-interaction=nonstopmode", "-halt-on-error", tex_file.name],
            cwd=work,
            capture_output=True,
            text=True,
            env=sandboxed_env(),
        )
        if result.returncode != 0:
            cause = failure(log, [result.stdout, result.stderr])
            raise LatexFailed(f"{tex_file}: {cause} (see {log})", cause)
        if not asks_for_rerun(_lines(log)):
            break
    else:
        raise PrintError(f"{tex_file}: still asks for a rerun after {PASSES} passes (see {log})")
    if pages is not None:
        _check_pages(tex_file, log, pages)
        _check_cards(tex_file, log)
        for problem in label_fit.problems(tex_file, _lines(log)):
            raise PrintError(f"{problem} (see {log})")
        _check_overfull(log)
    if missing := missing_characters(log):  # a translation's 漢字 printed as nothing
        raise MissingCharacters(missing, f"{tex_file}: ")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(tex_file.with_suffix(".pdf"), target)
    return target


class OverPlan(PrintError):
    """A product of more pages than planned: a text ran over its page."""


def _check_pages(tex_file: Path, log: Path, planned: int) -> None:
    """Refuse a PDF whose page count is not the plan's, with LaTeX's word on the overflow."""
    lines = _lines(log)
    written = next((int(m[1]) for line in lines if (m := _WRITTEN.search(line))), None)
    if written == planned:
        return
    overfull = next((m[0] for line in lines if (m := _OVERFULL.search(line))), "")
    why = f"{overfull}; " if overfull else ""
    raise OverPlan(
        f"{tex_file}: {written} pages where {planned} are planned: a text runs over its page, "
        f"too long for it (a translation?) ({why}see {log})"
    )


#: A card's text or title that does not fit its card at the smallest size (spell_cards.py's
#: ``\nqfit``, ``\nqtitle``): printed over the cards below it, the page count unchanged.
_CARD_TOO_LONG = re.compile(
    r"Package nqprint Warning: Card (text|title|stat line) too long on input line (\d+)"
)
#: The card's name in its title band (spell_cards.py's ``_title``).
_CARD_TITLE = re.compile(r"\\nqtitle\{(.*?)\}\{")


def _check_overfull(log: Path) -> None:
    """Refuse a product with a line run past its text's edge, off its card or page (attacker
    round 23: 40 wide letters in a card's text printed 168 pt across the next card)."""
    from nqprint.tex_sandbox import overfull_lines

    if problems := overfull_lines(log):
        raise PrintError(problems[0])


def _check_cards(tex_file: Path, log: Path) -> None:
    """Refuse a product with a card whose text, title or stat line runs over it."""
    if problems := cards_too_long(tex_file, log):
        raise PrintError(problems[0])


def cards_too_long(tex_file: Path, log: Path) -> list[str]:
    """A line for each card whose text, title or stat line runs over it, naming the card (its
    stat line "Coût d’utilisation 6 · Niveau 3 · Points 15" overprinted the next card's, in the
    rulebook and the printed cards, at exit 0: attack round twenty-two)."""
    found = []
    for line in _lines(log):
        if too_long := _CARD_TOO_LONG.search(line):
            number = int(too_long[2])
            before = tex_file.read_text(encoding="utf-8").splitlines()[:number]
            titles = [m[1] for text in before if (m := _CARD_TITLE.search(text))]
            card = f" ({titles[-1]})" if titles else ""
            source = _translated_at(titles[-1]) if titles else ""
            found.append(
                f"{tex_file}:{number}: the card's {too_long[1]}{card} is too long for its card, "
                f"even at the smallest size: it would print over the cards beside it "
                f"({source or 'a translation?'}) (see {log})"
            )
    return found


#: A text as compared with its LaTeX: letters and digits, TeX's commands (``\textbackslash{}``)
#: left out.
_COMMANDS = re.compile(r"\\[a-zA-Z]+(?:\{\})?|\W|_")


def _translated_at(title: str) -> str:
    """Where a card's title was translated: the engine catalogue's file and line of the
    translation that prints as ``title`` (attacker round 28: a French spell name too long for
    its card was named by the generated .tex line, not by the catalogue a translator edits)."""
    from nqcore import po
    from nqcore.i18n import DOMAIN, LOCALE_DIR

    wanted = _COMMANDS.sub("", title)
    for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        catalogue = po.read(path.read_bytes(), strict=False, where=str(path))
        for message in po.messages(catalogue):
            text = message.string
            if isinstance(text, str) and text and _COMMANDS.sub("", text) == wanted:
                relative = path.relative_to(LOCALE_DIR.parent.parent)
                return f"{relative}:{message.lineno}, the translation of “{message.id}”"
    return ""


#: The passes of xelatex a product may take: the second settles the page labels.
PASSES = 4


#: A request for another pass in a LaTeX log ("Rerun to get /PageLabels entry", "Label(s) may
#: have changed. Rerun to get cross-references right."), not the name of the package that
#: checks ("rerunfilecheck ... Rerun checks for auxiliary files").
RERUN = re.compile(r"\bRerun\b(?! checks for auxiliary files)")


def asks_for_rerun(log: list[str]) -> bool:
    """Whether a LaTeX log asks for another pass."""
    return any(RERUN.search(line) for line in log)


def failure(log: Path, outputs: list[str]) -> str:
    """Why xelatex stopped: the first error line ("! ...") of its log, else of its terminal
    ``outputs`` (a line longer than its buffer is said on stderr only: "! Unable to read an
    entire line---bufsize=200000."), else "xelatex failed"."""
    lines = [*_lines(log), *(line for output in outputs for line in output.splitlines())]
    return next((line for line in lines if line.startswith("!")), "xelatex failed")


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8", errors="replace").splitlines() if path.exists() else []
