"""Tidy catalogues after an update: the rulebook's messages are prose, not format strings.

Babel flags any message containing "50% casualties" as ``python-format`` (and ``{ref}`` as
``python-brace-format``), and ``msgfmt --check`` then rejects a correct French translation.
Those flags are dropped here; the header is kept unfuzzy.  Run by ``./dev update-po``, which also
passes every catalogue it merges through :func:`tidied` before writing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

from nqcore.atomic import write_atomically

FORMAT_FLAGS = {"python-format", "python-brace-format", "no-python-format"}


def tidied(data: bytes) -> bytes:
    """The catalogue ``data`` without format flags (the same bytes when it has none)."""
    catalogue = polib.pofile(data.decode("utf-8"), wrapwidth=100)
    changed = False
    for entry in catalogue:
        kept = [flag for flag in entry.flags if flag not in FORMAT_FLAGS]
        if kept != entry.flags:
            entry.flags = kept
            changed = True
    return str(catalogue).encode(catalogue.encoding) if changed else data


def tidy(po_path: Path) -> bool:
    """Drop format flags from ``po_path``; return whether the file changed."""
    return write_atomically(po_path, tidied(po_path.read_bytes()))


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m nqsphinx.po_tidy FOLDER_OR_PO...", file=sys.stderr)
        return 2
    for name in argv:
        path = Path(name)
        files = sorted(path.rglob("*.po")) if path.is_dir() else [path]
        for po_path in files:
            if tidy(po_path):
                print(f"tidied {po_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
