"""Keep the theme's catalogue (``nqsphinx/locale/fr/LC_MESSAGES/theme.po``) in step with the
templates.

``python -m nqsphinx.languages.theme_catalogue update`` extracts every gettext word of our templates
(``nqsphinx/site/templates``) and of Furo's that we do not override, keeps those that Sphinx's own
catalogue leaves in English, and merges them into ``theme.po`` (translations kept, changed words
fuzzy); ``check`` lists the words with no French anywhere.  Run by ``./dev update-po``.
"""

from __future__ import annotations

import argparse
import sys

from nqcore.catalogue_loading import load_po
from nqtranslate.catalogue import update

# extracted by the translators' tools, which count the theme's catalogue too (re-exported)
from nqtranslate.theme_words import catalogue_path as catalogue_path
from nqtranslate.theme_words import missing_from_sphinx as missing_from_sphinx
from nqtranslate.theme_words import template_files as template_files
from nqtranslate.theme_words import template_messages as template_messages


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
