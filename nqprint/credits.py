"""Who the books and print products name, and the language tag they carry: one record for the
rulebooks' cover and metadata (:mod:`nqsphinx.books.pdf_cover`) and the products' metadata, so
that a French sheet names its translator as the French book does."""

from __future__ import annotations

# the tagline's and the keywords' words are the site's and the cover's
from nqtranslate.site_words import keywords as site_keywords
from nqtranslate.site_words import ui_text

AUTHOR = "Chris Gilders"
#: A translated edition's translator, by language.
TRANSLATORS = {"fr": "Rodolphe Carpentier"}
#: ISO language tags of the PDFs (their /Lang), where the region matters (else the code).
PDF_LANG = {"en": "en-GB", "fr": "fr-FR"}
#: The game's name, which every title starts with.
GAME = "No Quarter Fantasy Wargames"


def pdf_lang(lang: str) -> str:
    """The PDF's /Lang of ``lang``: "en-GB", "fr-FR" (a language without a region: its code)."""
    return PDF_LANG.get(lang, lang)


def authors(lang: str, role: str) -> str:
    """The author, and the translator of ``lang`` with ``role`` (« traduction ») if it has one:
    "Chris Gilders, Rodolphe Carpentier (traduction)"."""
    if lang not in TRANSLATORS:
        return AUTHOR
    return f"{AUTHOR}, {TRANSLATORS[lang]} ({role})"


def pdf_author(lang: str) -> str:
    """The PDF's /Author and XMP ``dc:creator``: the author alone, in every language.  The
    translator is a contributor, not a creator (proof round fifteen; the e-book says so with its
    ``dc:contributor`` of role ``trl``): he is named in the information's ``Translator`` entry
    (:func:`translator_info`), the credits and the imprint."""
    return AUTHOR


def translator_info(lang: str) -> str:
    """hyperref's ``pdfinfo`` option naming the translator of ``lang``, or "" (the books' and the
    print products' alike): ``, pdfinfo={Translator={Rodolphe Carpentier}}``."""
    if lang not in TRANSLATORS:
        return ""
    return rf", pdfinfo={{Translator={{{TRANSLATORS[lang]}}}}}"


def subject(lang: str) -> str:
    """The PDF's subject, the game's tagline in ``lang``, for the books and the print products
    alike: "The fantasy battles miniatures wargame, for 25–30 mm miniatures"."""
    return f"{ui_text('The fantasy battles miniatures wargame', lang)}, " + ui_text(
        "for 25–30 mm miniatures", lang
    )


def keywords(lang: str) -> str:
    """The PDFs' keywords in ``lang``, the books' and the print products' alike, as the PDF's
    Keywords field takes them: "fantasy wargame, miniatures wargame, ..., D10"."""
    return ", ".join(site_keywords(lang))


def pdf_title(what: str, paper: str) -> str:
    """A PDF's title, distinct per product, language and paper: "No Quarter Fantasy Wargames —
    Quick reference · A4"."""
    return f"{GAME} — {what} · {paper}"
