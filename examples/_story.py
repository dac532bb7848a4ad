"""What the example scripts share: the --lang option and their own French catalogue."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from nqcore.i18n import LANGUAGES, load_po

CATALOGUE = Path(__file__).resolve().parent / "locale" / "fr" / "LC_MESSAGES" / "examples.po"


def N_(text: str) -> str:  # noqa: N802 - the gettext marker, extracted by update-po
    return text


def parse_language(description: str, argv: list[str] | None) -> str:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the story")
    return str(parser.parse_args(argv).lang)


def translator(lang: str) -> Callable[[str], str]:
    """The story's sentences in ``lang`` (English is the msgid)."""
    if lang == "en":
        return lambda text: text
    table = load_po(CATALOGUE)
    return lambda text: table.get(text, text)
