"""Extract the engine's reader-facing strings and update its French catalogue.

Strings come from two places: ``N_("...")`` in the engine's Python, and the translatable fields
of its TOML data (names, card texts, summaries).  ``update`` merges them into the ``.po`` the way
msgmerge does: translations are kept, changed messages become fuzzy, removed ones are kept as
obsolete entries, so no translator's work is ever lost.

Usage: ``python -m nqcore.i18n_catalogue update|check [--package DIR --domain NAME]``
"""

from __future__ import annotations

import argparse
import ast
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

PACKAGE = Path(__file__).resolve().parent
#: Fields of the data files whose values readers see, and so are translated.
TRANSLATABLE_FIELDS = frozenset(
    {"name", "text", "effect", "intro", "summary", "label", "title", "description", "note"}
    | {"subject", "printed", "correct", "why"}  # errata
    | {"unit_size"}  # sample and example profiles
    | {"columns", "rows", "details"}  # book_tables.toml (cells with letters)
)
KEYWORDS = {"N_": None}
HEADER = {
    "Project-Id-Version": "nqcore",
    "Language-Team": "French",
    "Last-Translator": "No Quarter translators",
}


def _marked_literals(code: str, markers: set[str]) -> Iterator[tuple[str, int]]:
    """``N_("literal")`` calls only: a marker around a variable marks nothing to translate."""
    for node in ast.walk(ast.parse(code)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in markers
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value, node.lineno


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _data_messages(data: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in TRANSLATABLE_FIELDS:
                for text in _strings(value):
                    yield text, f"{path}.{key}"
            else:
                yield from _data_messages(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _data_messages(item, f"{path}[{index}]")


def extract(package: Path = PACKAGE, keywords: dict[str, Any] | None = None) -> Catalog:
    """A template catalogue of every translatable string of ``package``."""
    template = Catalog(project=HEADER["Project-Id-Version"], fuzzy=False)
    markers = set(keywords or KEYWORDS)
    for source in sorted(package.rglob("*.py")):
        relative = source.relative_to(package).as_posix()
        for message, lineno in _marked_literals(source.read_text(encoding="utf-8"), markers):
            template.add(message, locations=[(relative, lineno)])
    for data_file in sorted(package.glob("data/**/*.toml")):
        data = tomllib.loads(data_file.read_text(encoding="utf-8"))
        relative = data_file.relative_to(package).as_posix()
        for text, _where in _data_messages(data, ""):
            if any(char.isalpha() for char in text):  # a bare number reads the same in French
                template.add(text, locations=[(relative, 0)])
    return template


def update(po_path: Path, template: Catalog, locale: str = "fr") -> tuple[int, int]:
    """Merge ``template`` into ``po_path``; return (messages, untranslated or fuzzy)."""
    if po_path.exists():
        with po_path.open("rb") as handle:
            catalogue = read_po(handle, locale=locale, abort_invalid=True)
    else:
        catalogue = Catalog(locale=locale, project=HEADER["Project-Id-Version"], fuzzy=False)
    created, revised = catalogue.creation_date, catalogue.revision_date
    catalogue.update(template, update_header_comment=False)
    for message in catalogue:
        # Babel guesses "50%" is a format string; the engine's messages use str.format only.
        message.flags.discard("python-format")
    for msgid in [m for m in catalogue.obsolete if m in catalogue]:
        del catalogue.obsolete[msgid]  # back in use: an obsolete copy would be a duplicate
    if po_path.exists():  # keep the header still, so that an update without changes changes nothing
        catalogue.creation_date, catalogue.revision_date = created, revised
    catalogue.fuzzy = False
    catalogue.last_translator = HEADER["Last-Translator"]
    catalogue.language_team = HEADER["Language-Team"]
    po_path.parent.mkdir(parents=True, exist_ok=True)
    with po_path.open("wb") as handle:
        write_po(
            handle,
            catalogue,
            width=100,
            no_location=True,
            omit_header=False,
            ignore_obsolete=False,
            sort_output=False,
        )
    pending = sum(1 for m in catalogue if m.id and (not m.string or m.fuzzy))
    return len([m for m in catalogue if m.id]), pending


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqcore.i18n_catalogue",
        description="Extract translatable strings and update (or check) a French catalogue.",
    )
    parser.add_argument("action", choices=["update", "check"])
    parser.add_argument("--package", type=Path, default=PACKAGE, help="folder to extract from")
    parser.add_argument("--domain", default="nqcore", help="catalogue name (<domain>.po)")
    parser.add_argument("--keyword", action="append", help="marker function (default N_)")
    args = parser.parse_args(argv)
    package: Path = args.package.resolve()
    po_path = package / "locale" / "fr" / "LC_MESSAGES" / f"{args.domain}.po"
    keywords = {k: None for k in args.keyword} if args.keyword else None
    template = extract(package, keywords)
    if args.action == "check":
        missing = [m.id for m in template if m.id and m.id not in _ids(po_path)]
        for message in missing:
            print(f"{po_path}: message not in the catalogue: {message!r}", file=sys.stderr)
        return 1 if missing else 0
    total, pending = update(po_path, template)
    print(f"{po_path}: {total} messages, {pending} to translate")
    return 0


def _ids(po_path: Path) -> set[str]:
    if not po_path.exists():
        return set()
    with po_path.open("rb") as handle:
        return {str(m.id) for m in read_po(handle) if m.id}


if __name__ == "__main__":
    raise SystemExit(main())
