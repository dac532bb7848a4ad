"""What every print product carries as the rulebooks do: the printing, the author and the
credits' line of rights ("These rules are free to distribute in their original format. ©
2002-2007"), each taken where the books take it, never typed again: the printing from the
sources (:func:`nqprint.printing.source_version`, as the books' credits print it),
the author from :mod:`nqprint.credits`, the rights' line from the Credits page
(``docs/credits.md``) and its translation (``locale/<lang>/LC_MESSAGES/credits.po``).  The quick
reference also says which book its page numbers are of: the rulebook of its language and paper."""

from __future__ import annotations

from pathlib import Path

from nqcore.i18n import N_, ROOT, catalogue_messages
from nqprint.credits import authors
from nqprint.latex import TRANSLATION, Paper, PrintError, paper_name
from nqprint.printing import printing_line, source_version
from nqprint.texts import print_text
from nqprint.typeset_signs import dashes  # as the Credits page prints it

#: The book whose pages a sheet gives: the rulebook of the sheet's language ("English" is the
#: language of the message: each translation names its own) and paper.
BOOK_PAGES = N_("pages of the English rulebook, {paper}")
#: The Credits page, whose line of rights the products print.
CREDITS_PAGE = "credits"


def book_pages(lang: str, paper: Paper) -> str:
    """ "pages of the English rulebook, A4", in ``lang`` and for ``paper``."""
    return print_text(BOOK_PAGES, lang).format(paper=paper_name(paper, lang))


#: How much longer than its English the line of rights may print: the imprint is one line
#: of small type atop the quick reference's fixed sheets (French runs about 1.2 times as long).
MAX_GROWTH = 1.5


def rights_line(lang: str, docs: Path = ROOT / "docs", locale: Path = ROOT / "locale") -> str:
    """The Credits page's paragraph that holds the © sign, in ``lang``; a translation longer
    than its English times :data:`MAX_GROWTH` is refused at its catalogue's line."""
    source = docs / f"{CREDITS_PAGE}.md"
    for line in source.read_text(encoding="utf-8").splitlines():
        if "©" in line:
            text = line.strip()
            rights = catalogue_messages(locale, lang, CREDITS_PAGE).get(text, text)
            if len(rights) > MAX_GROWTH * len(text):
                raise PrintError(
                    f"{_msgstr_place(locale, lang, text)}: the line of rights has {len(rights)}"
                    f" characters, at most {int(MAX_GROWTH * len(text))} (its English's"
                    f" {len(text)} times {MAX_GROWTH}): the print products print it in one line"
                )
            return dashes(rights)
    raise PrintError(f"{source}: no line with © (the rights the print products carry)")


def _msgstr_place(locale: Path, lang: str, msgid: str) -> str:
    """``file:line`` of the msgstr of ``msgid`` in the Credits page's catalogue."""
    from nqcore import po
    from nqcore.i18n import find_catalogue

    path = find_catalogue(locale, lang, CREDITS_PAGE)
    if path is None:
        return f"{CREDITS_PAGE}.po"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    for message in po.read(text, strict=False):
        if message.id == msgid:
            start = message.lineno or 1
            after = range(start - 1, len(lines))
            return f"{path}:{next((n + 1 for n in after if lines[n].startswith('msgstr')), start)}"
    return str(path)


def imprint(lang: str, folder: Path = ROOT) -> str:
    """The printing, the author (and translator) and the rights, as one line of text."""
    parts = [
        printing_line(lang, *source_version(folder)),
        authors(lang, print_text(TRANSLATION, lang)),
        rights_line(lang),
    ]
    return " · ".join(part for part in parts if part)
