"""The site extension's own words ("Example", captions of generated material), per language,
from its catalogue (``nqsphinx/locale/<lang>/LC_MESSAGES/nqsphinx.po``): read by the extension
(:mod:`nqsphinx.messages`) and by the print products that print the same words (the books'
tagline and keywords, :mod:`nqprint.credits`), without Sphinx."""

from __future__ import annotations

from nqcore.i18n import LANGUAGES, ROOT, SOURCE_LANGUAGE, catalogue_messages, translator

LOCALE_DIR = ROOT / "nqsphinx" / "locale"


def ui_text(text: str, lang: str) -> str:
    """Translate one of the extension's own strings (its catalogue is ``nqsphinx.po``)."""
    return catalogue_messages(LOCALE_DIR, lang, "nqsphinx").get(text, text)


def engine_text(text: str, lang: str) -> str:
    """Translate an engine msgid (table headings, rules data names) with the engine catalogue."""
    return translator(lang)(text)


def page_language(language: str | None) -> str:
    """The build's language if the project has it (:data:`nqcore.i18n.LANGUAGES`), else English."""
    return language if language in LANGUAGES else SOURCE_LANGUAGE


def keywords(lang: str) -> list[str]:
    """What a library or a shop files the books under, in ``lang``: the PDFs' Keywords and the
    e-books' ``dc:subject`` (:func:`nqprint.credits.keywords`)."""
    words = ui_text("fantasy wargame, miniatures wargame, tabletop game, game rules, D10", lang)
    return [word.strip() for word in words.split(",")]


#: The extension's words the books' covers print (the e-book's, drawn in a fixed room of 600 ×
#: 900 units, and the PDF's one page): a 500-character tagline cut the e-book cover's credits
#: and pushed the PDF's onto page 2, silently (attack round twenty-five, finding 7).
COVER_WORDS = frozenset(
    {
        "The fantasy battles miniatures wargame",
        "for 25–30 mm miniatures",
        "Designed and written by",
        "English edition",
        "French translation",
        "US Letter",
        "These rules are free to distribute.",
    }
)
#: A translation of a cover's words takes at most this many times its English's characters,
#: or its English's and :data:`COVER_SLACK` more (a short English grows more in French).
COVER_GROWTH, COVER_SLACK = 1.5, 12


def cover_room(msgid: str) -> int:
    """The most characters a translation of the cover's words ``msgid`` may take."""
    return max(int(len(msgid) * COVER_GROWTH), len(msgid) + COVER_SLACK)


def cover_length_problem(msgid: str, msgstr: str) -> str:
    """Why a translation of a cover's words is refused: longer than its room on the covers
    (:func:`cover_room`); '' when it fits, or is no cover's."""
    if msgid not in COVER_WORDS or len(msgstr) <= (room := cover_room(msgid)):
        return ""
    return (
        f"msgstr of {len(msgstr)} characters for words of the books' covers, at most {room} (its"
        " English's, half again): the e-book's cover would lose the credits below it, the PDF's"
        " push them onto a second page; shorten it"
    )
