"""The theme's words: what the site's templates print through gettext that Sphinx's own
catalogue leaves in English, and so ``theme.po`` must translate.

Extracted here, in the translators' tools, so that the tools that count a catalogue (status,
guard) know what the theme's is due without importing the Sphinx extension; the extension's
:mod:`nqsphinx.languages.theme_catalogue` updates ``theme.po`` from it.
"""

from __future__ import annotations

import gettext
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import sphinx
from jinja2.ext import babel_extract

from nqcore.i18n import ROOT, find_catalogue
from nqcore.po import Catalog
from nqtranslate.catalogue import catalogue_file
from nqtranslate.site_words import LOCALE_DIR

THEME_DOMAIN = "theme"
SPHINX_LOCALES = Path(sphinx.__file__).parent / "locale"
#: Furo's label of a folding entry of its navigation tree, written in Python, not a template.
NAVIGATION_TOGGLE = "Toggle navigation of %(title)s"
OUR_TEMPLATES = ROOT / "nqsphinx" / "site" / "templates"
_FURO = importlib.util.find_spec("furo")  # found, not imported: Furo has no type information
FURO_TEMPLATES = Path(str(_FURO.origin if _FURO else "furo")).parent / "theme" / "furo"
GETTEXT_FUNCTIONS = ("_", "gettext", "ngettext")


def catalogue_path(lang: str) -> Path:
    """Where ``lang``'s theme catalogue is (``update`` writes it there if there is none yet)."""
    found = find_catalogue(LOCALE_DIR, lang, THEME_DOMAIN)
    return found or catalogue_file(LOCALE_DIR, lang, THEME_DOMAIN)


def sphinx_translations(lang: str) -> gettext.NullTranslations:
    """Sphinx's own catalogue of the theme words for ``lang``."""
    return gettext.translation("sphinx", SPHINX_LOCALES, languages=[lang], fallback=True)


def template_files() -> list[tuple[Path, Path]]:
    """(folder, template) pairs that the HTML builders render: ours, then Furo's not overridden."""
    ours = sorted(OUR_TEMPLATES.rglob("*.html"))
    overridden = {p.relative_to(OUR_TEMPLATES) for p in ours}
    furos = [
        p
        for p in sorted(FURO_TEMPLATES.rglob("*.html"))
        if p.relative_to(FURO_TEMPLATES) not in overridden
    ]
    return [(OUR_TEMPLATES, p) for p in ours] + [(FURO_TEMPLATES, p) for p in furos]


def template_messages() -> Iterator[tuple[str, str]]:
    """Every gettext message of the templates, with where it is (``furo/search.html:12``)."""
    for folder, path in template_files():
        where = ("furo/" if folder == FURO_TEMPLATES else "") + path.relative_to(folder).as_posix()
        with path.open("rb") as handle:
            for lineno, _function, message, _comments in babel_extract(
                handle, GETTEXT_FUNCTIONS, [], {}
            ):
                for text in message if isinstance(message, tuple) else (message,):
                    if text:
                        yield text, f"{where}:{lineno}"
    yield NAVIGATION_TOGGLE, "furo/navigation.py"


def missing_from_sphinx(lang: str) -> Catalog:
    """The template words that Sphinx's catalogue leaves in English: ours to translate."""
    sphinx_words = sphinx_translations(lang)
    template = Catalog(project="nqsphinx theme", fuzzy=False)
    for text, where in template_messages():
        if sphinx_words.gettext(text) == text:
            path, _, line = where.rpartition(":")
            template.add(text, locations=[(path, int(line) if line.isdigit() else 0)])
    return template
