"""The PDF rulebook's cover and its metadata.

The cover is a cover, not a plain title page: the title on a red band (inside the margin every
printer prints, :data:`COVER_MARGIN`), the edition (language
and paper), the six aspects of magic in their circle (the Magic chapter's diagram, drawn in
TikZ from the engine's data, as on the EPUB's cover), the author and, in French, the
translator.  The book holds no other art, so its credits name none
(``docs/credits.md``'s ``{only} not print``).

The metadata: hyperref's document information with ``DisplayDocTitle`` (a reader's window shows
the title, not the file's name), and the same in XMP (hyperxmp, of Debian's
texlive-latex-extra), where archives and catalogues read it: title, author, subject, language,
copyright; the French edition names its translator in the information dictionary's
``Translator`` entry and XMP's ``dc:contributor``, not as an author: ``dc:creator`` is the
author alone (proof rounds fifteen and eighteen), as in the e-book.
"""

from __future__ import annotations

from nqprint.credits import (
    AUTHOR,
    GAME,
    TRANSLATORS,
    keywords,
    pdf_author,
    pdf_lang,
    pdf_title,
    translator_info,
)
from nqprint.credits import subject as credits_subject
from nqprint.latex import latex_escape, pdf_text, xmp
from nqprint.tex_sandbox import pdf_dates
from nqsphinx.books.units import unit_spaces
from nqsphinx.directives.diagrams import aspect_circle_tikz
from nqsphinx.languages.typography import french_pdf_string
from nqsphinx.messages import ui_text

COPYRIGHT = "© 2002–2007 Chris Gilders."
#: The cover's colour stays this far inside the sheet's edges, where a home or club printer
#: prints (it leaves up to about 5 mm blank): the cover prints alike everywhere, without bleed.
COVER_MARGIN = "10mm"


def paper_name(papersize: str, lang: str) -> str:
    """The paper of an edition as its cover names it: "A4", "US Letter"."""
    return ui_text("US Letter", lang) if papersize.startswith("letter") else "A4"


def edition_line(lang: str, papersize: str) -> str:
    """ "English edition · A4": which book a reader holds."""
    return f"{ui_text('English edition', lang)} · {paper_name(papersize, lang)}"


def cover(lang: str, papersize: str = "a4paper") -> str:
    """The cover page: title, edition, the aspects' circle, tagline, author, the translator in
    French.  No build date: every build of the same sources is the same book.  Its page is i,
    the first of the front matter's roman pages: were it page 1, like the first chapter's, the
    PDF would have two pages labelled 1 and hyperref's anchor "page.1" on the cover, where the
    index's "1" would send the reader."""
    translator = ""
    if lang in TRANSLATORS:
        label = latex_escape(ui_text("French translation", lang))
        translator = rf"{{\large {label}: {TRANSLATORS[lang]}\par}}\vspace{{3mm}}"
    free = latex_escape(ui_text("These rules are free to distribute.", lang))
    return rf"""
\pagenumbering{{roman}}
\begin{{titlepage}}
\pdfbookmark[0]{{{GAME}}}{{nq-cover}}
\centering
\noindent\begin{{tikzpicture}}[remember picture, overlay]
\fill[nqred, rounded corners=3mm]
  ([xshift={COVER_MARGIN}, yshift=-{COVER_MARGIN}]current page.north west)
  rectangle ([xshift=-{COVER_MARGIN}, yshift=-0.36\paperheight]current page.north east);
\fill[nqred] ([xshift={COVER_MARGIN}, yshift=-0.368\paperheight]current page.north west)
  rectangle ([xshift=-{COVER_MARGIN}, yshift=-0.374\paperheight]current page.north east);
\end{{tikzpicture}}
\vspace*{{0.06\paperheight}}
{{\color{{white}}\sffamily\bfseries\fontsize{{44}}{{50}}\selectfont No Quarter\par}}
\vspace{{4mm}}
{{\color{{white}}\sffamily\bfseries\fontsize{{26}}{{30}}\selectfont Fantasy Wargames\par}}
\vspace{{8mm}}
{{\color{{white}}\sffamily\large {latex_escape(edition_line(lang, papersize))}\par}}
\vspace{{0.075\paperheight}}
{aspect_circle_tikz(lang)}
\vspace{{4mm}}
{{\sffamily\Large {latex_escape(ui_text("The fantasy battles miniatures wargame", lang))}\par}}
\vspace{{2mm}}
{{\sffamily\large {latex_escape(unit_spaces(ui_text("for 25–30 mm miniatures", lang)))}\par}}
\vfill
{{\large {latex_escape(ui_text("Designed and written by", lang))}\par}}
\vspace{{2mm}}
{{\sffamily\bfseries\LARGE {AUTHOR}\par}}
\vspace{{6mm}}
{translator}
{{\small {COPYRIGHT} {free}\par}}
\vspace*{{6mm}}
\end{{titlepage}}
"""


def book_title(lang: str, papersize: str) -> str:
    """The PDF's title: the game and the edition, so that the four books differ in a reader's
    window and a library ("No Quarter Fantasy Wargames — English edition · A4")."""
    return pdf_title(ui_text("English edition", lang), paper_name(papersize, lang))


#: hyperxmp writes its XMP packet as the document ends, after the index's last page: in the
#: book it reached no page and the PDF had no metadata stream.  It is written with the cover
#: instead (the kernel's ``shipout/firstpage`` hook), once.  ``keeppdfinfo``: hyperxmp would
#: otherwise leave the author out of the document information.


def metadata(lang: str, papersize: str = "a4paper") -> str:
    """The PDF's document information and XMP: title, author (and translator), subject,
    keywords, language, copyright; the title shown in the reader's window.  As the catalogue
    says them: TeX's ligatures broken (an edition word's ``--`` was an en dash in the Title)."""
    subject = credits_subject(lang)
    rights = f"{COPYRIGHT} {ui_text('These rules are free to distribute.', lang)}"
    if lang == "fr":  # babel-french spaces the printed text, never a PDF string
        subject, rights = french_pdf_string(subject), french_pdf_string(rights)
    info = translator_info(lang)
    tag = pdf_lang(lang)
    title = book_title(lang, papersize)
    if lang == "fr":
        title = french_pdf_string(title)
    return (
        xmp(lang)
        + rf"\hypersetup{{pdftitle={{{pdf_text(title)}}}, "
        + rf"pdfauthor={{{pdf_text(pdf_author(lang))}}}, "
        + rf"pdfsubject={{{pdf_text(subject)}}}, "
        + rf"pdfkeywords={{{pdf_text(keywords(lang))}}}, "
        + rf"pdflang={{{tag}}}, pdfmetalang={{{tag}}}, "
        + rf"pdfcopyright={{{pdf_text(rights)}}}, pdfdisplaydoctitle=true, keeppdfinfo, "
        + rf"{pdf_dates()}{info}}}"
        + "\n"
    )
