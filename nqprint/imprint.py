"""What every print product carries as the rulebooks do: the printing, the author and the
credits' line of rights ("These rules are free to distribute in their original format. ©
2002-2007"), each taken where the books take it, never typed again: the printing from the
sources (:func:`nqsphinx.books.front_matter.source_version`, as the books' credits print it),
the author from :mod:`nqprint.credits`, the rights' line from the Credits page
(``docs/credits.md``) and its translation (``locale/<lang>/LC_MESSAGES/credits.po``).  The quick
reference also says which book its page numbers are of: the rulebook of its language and paper."""

from __future__ import annotations

from pathlib import Path

from nqcore.i18n import N_, ROOT, catalogue_messages
from nqprint.credits import authors
from nqprint.latex import TRANSLATION, Paper, PrintError, paper_name
from nqprint.texts import print_text

#: The book whose pages a sheet gives: the rulebook of the sheet's language ("English" is the
#: language of the message: each translation names its own) and paper.
BOOK_PAGES = N_("pages of the English rulebook, {paper}")
#: The Credits page, whose line of rights the products print.
CREDITS_PAGE = "credits"


def book_pages(lang: str, paper: Paper) -> str:
    """ "pages of the English rulebook, A4", in ``lang`` and for ``paper``."""
    return print_text(BOOK_PAGES, lang).format(paper=paper_name(paper, lang))


def rights_line(lang: str, docs: Path = ROOT / "docs", locale: Path = ROOT / "locale") -> str:
    """The Credits page's paragraph that holds the © sign, in ``lang``."""
    source = docs / f"{CREDITS_PAGE}.md"
    for line in source.read_text(encoding="utf-8").splitlines():
        if "©" in line:
            text = line.strip()
            from nqsphinx.languages.typography import dashes  # as the Credits page prints it

            return dashes(catalogue_messages(locale, lang, CREDITS_PAGE).get(text, text))
    raise PrintError(f"{source}: no line with © (the rights the print products carry)")


def imprint(lang: str, folder: Path = ROOT) -> str:
    """The printing, the author (and translator) and the rights, as one line of text."""
    from nqsphinx.books.front_matter import printing_line, source_version

    parts = [
        printing_line(lang, *source_version(folder)),
        authors(lang, print_text(TRANSLATION, lang)),
        rights_line(lang),
    ]
    return " · ".join(part for part in parts if part)
