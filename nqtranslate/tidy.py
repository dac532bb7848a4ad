"""Tidy catalogues: GNU gettext's layout, and no format flags on the rulebook's prose.

Every catalogue is laid out exactly as GNU ``msgcat`` writes it (lines wrapped at 79 columns), the
layout of msgmerge and Poedit too, so that no translator's tool rewraps a whole file on save.
Babel flags any message containing "50% casualties" as ``python-format`` (and ``{ref}`` as
``python-brace-format``), and ``msgfmt --check`` then rejects a correct French translation: those
flags are dropped (the examples' catalogue, made of ``str.format`` strings, keeps them).
``./dev update-po`` passes every catalogue it writes through :func:`tidied`
and tidies them all at its end; ``./dev tidy-po`` only tidies (after a merge, or an editor that
wraps differently).

Usage: ``python -m nqtranslate.tidy FOLDER_OR_PO...``
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import polib

from nqcore.atomic import write_atomically
from nqcore.catalogue_check import file_problem, text_problem
from nqtranslate.catalogue import UNWRAPPED, CatalogueError, gnu_layout

FORMAT_FLAGS = {"python-format", "python-brace-format", "no-python-format"}


def without_format_flags(data: bytes) -> bytes:
    """The catalogue ``data`` without format flags (the same bytes when it has none)."""
    catalogue = polib.pofile(data.decode("utf-8"), wrapwidth=UNWRAPPED)
    changed = False
    for entry in catalogue:
        kept = [flag for flag in entry.flags if flag not in FORMAT_FLAGS]
        if kept != entry.flags:
            entry.flags = kept
            changed = True
    return str(catalogue).encode(catalogue.encoding) if changed else data


def tidied(data: bytes, source: object = "<catalogue>", *, keep_flags: bool = False) -> bytes:
    """The catalogue ``data`` in GNU msgcat's layout, without format flags unless ``keep_flags``."""
    return gnu_layout(data if keep_flags else without_format_flags(data), source)


def keeps_flags(po_path: Path) -> bool:
    """The examples' catalogue keeps its flags: its messages are ``str.format`` strings."""
    return "examples" in po_path.resolve().parts


def tidy(po_path: Path) -> bool:
    """Tidy ``po_path`` in place (atomically); return whether the file changed."""
    if problem := file_problem(po_path):
        raise CatalogueError(f"{po_path}:1: {problem}")
    data = po_path.read_bytes()
    if found := text_problem(data):  # named with its line, as every refusal of a catalogue
        raise CatalogueError(f"{po_path}:{found[0]}: {found[1]}")
    try:
        data = tidied(data, po_path, keep_flags=keeps_flags(po_path))
    except CatalogueError:
        raise
    except (OSError, ValueError) as error:  # polib's syntax errors: "... (line 18): ..."
        line = re.search(r"\(line (\d+)\)", str(error))
        raise CatalogueError(f"{po_path}:{line[1] if line else 1}: {error}") from None
    return write_atomically(po_path, data)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m nqtranslate.tidy FOLDER_OR_PO...", file=sys.stderr)
        return 2
    try:
        for name in argv:
            path = Path(name)
            files = sorted(path.rglob("*.po")) if path.is_dir() else [path]
            for po_path in files:
                if tidy(po_path):
                    print(f"tidied {po_path}")
    except (CatalogueError, OSError, UnicodeDecodeError) as error:
        print(f"po_tidy: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
