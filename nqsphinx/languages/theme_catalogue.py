"""Keep the theme's catalogue (``nqsphinx/locale/fr/LC_MESSAGES/theme.po``) in step with the
templates.

``python -m nqsphinx.languages.theme_catalogue update`` extracts every gettext word of our templates
(``nqsphinx/site/templates``) and of Furo's that we do not override, keeps those that Sphinx's own
catalogue leaves in English, and merges them into ``theme.po`` (translations kept, changed words
fuzzy); ``check`` lists the words with no French anywhere.  Run by ``./dev update-po``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

from jinja2.ext import babel_extract

from nqcore.catalogue_loading import load_po
from nqcore.i18n import ROOT
from nqcore.po import Catalog
from nqsphinx.languages.theme_text import NAVIGATION_TOGGLE, catalogue_path, sphinx_translations
from nqtranslate.catalogue import update

OUR_TEMPLATES = ROOT / "nqsphinx" / "site" / "templates"
_FURO = importlib.util.find_spec("furo")  # found, not imported: Furo has no type information
FURO_TEMPLATES = Path(str(_FURO.origin if _FURO else "furo")).parent / "theme" / "furo"
GETTEXT_FUNCTIONS = ("_", "gettext", "ngettext")


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqsphinx.languages.theme_catalogue",
        description="Update (or check) the catalogue of the theme's words that Sphinx lacks.",
    )
    parser.add_argument("action", choices=["update", "check"])
    parser.add_argument("--lang", default="fr")
    args = parser.parse_args(argv)
    template = missing_from_sphinx(args.lang)
    path = catalogue_path(args.lang)
    if args.action == "check":
        ours = load_po(path) if path.exists() else {}
        missing = [str(m.id) for m in template if m.id and m.id not in ours]
        for message in missing:
            print(f"{path}: theme word not translated: {message!r}", file=sys.stderr)
        return 1 if missing else 0
    total, pending = update(path, template, locale=args.lang)
    print(f"{path}: {total} messages, {pending} to translate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
