"""The words of the site's templates and of the HTML the extension's code writes (the theme's
catalogue, ``theme.po``, and the extension's, ``nqsphinx.po``) are text: a translation adds none
of the characters that end an attribute or open an element.  The one rule of the build
(:mod:`nqsphinx.languages.theme_text`) and of the translators' guard (:mod:`nqtranslate.guard`)."""

from __future__ import annotations

#: The catalogues whose words the templates or our code's HTML print: the theme's, the extension's.
HTML_DOMAINS = ("theme", "nqsphinx")
#: What a word of the theme or of the extension may hold only where its English does: in a
#: template or in HTML our code writes, it would end an attribute or open an element.
HTML_CHARACTERS = '<>"&'


def added_html_characters(msgid: str, msgstr: str) -> list[str]:
    """The characters of :data:`HTML_CHARACTERS` that ``msgstr`` has more of than ``msgid``."""
    return [c for c in HTML_CHARACTERS if msgstr.count(c) > msgid.count(c)]


def html_character_problem(msgid: str, msgstr: str) -> str:
    """Why a word of :data:`HTML_DOMAINS` is refused (:func:`added_html_characters`), or ''."""
    added = added_html_characters(msgid, msgstr)
    if not added:
        return ""
    shown = ", ".join(repr(c) for c in added)
    return f"msgstr adds {shown}, not in its msgid (a word of the site is text)"
