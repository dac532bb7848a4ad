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

import argparse
import re
import sys
from pathlib import Path

from nqcore import po
from nqcore.atomic import write_atomically
from nqcore.catalogue_check import file_problem, text_problem
from nqtranslate.catalogue import CatalogueError, gnu_layout
from nqtranslate.reading import byte_findings

FORMAT_FLAGS = {"python-format", "python-brace-format", "no-python-format"}
#: A ``#,`` line of flags, of a live or an obsolete message.
_FLAG_LINE = re.compile(rb"((?:#~ *)?#,)(.*)")


def without_format_flags(data: bytes) -> bytes:
    """The catalogue ``data`` without format flags (the same bytes when it writes none); a
    syntax error raises :class:`nqcore.po.CatalogueSyntaxError`, whatever the flags.

    The flags are taken off their ``#,`` lines, and nothing else is written again: Babel's
    writer would turn a previous msgid (``#| msgid``) into a translator comment and fill a
    header of a few fields with its placeholders and today's date
    (``tests/test_catalogue_losses.py``); msgcat lays the lines out after."""
    po.read(data)
    lines = (_without_format_flags(line) for line in data.split(b"\n"))
    return b"\n".join(line for line in lines if line is not None)


def _without_format_flags(line: bytes) -> bytes | None:
    """``line`` without format flags; None for a line of flags that held only those."""
    match = _FLAG_LINE.fullmatch(line)
    if match is None:
        return line
    flags = [flag.strip() for flag in match[2].split(b",") if flag.strip()]
    kept = [flag for flag in flags if flag.decode("utf-8", "replace") not in FORMAT_FLAGS]
    if kept == flags:
        return line
    return match[1] + b" " + b", ".join(kept) if kept else None


#: The first line of an entry (obsolete ones too), whatever the line end before it: a file
#: whose lines end in a bare carriage return counts its entries all the same.
_ENTRY = re.compile(rb"(?:^|[\r\n])[ \t]*(?:#~[ \t]*)?msgid[ \t]")


def entry_count(data: bytes) -> int:
    """How many entries (header, live and obsolete messages) the catalogue ``data`` holds."""
    return len(_ENTRY.findall(data))


def tidied(data: bytes, source: object = "<catalogue>", *, keep_flags: bool = False) -> bytes:
    """The catalogue ``data`` in GNU msgcat's layout, without format flags unless ``keep_flags``.

    Tidying only lays out: a result with fewer entries than ``data`` (a reader that saw less
    than the file holds) is refused, so that no catalogue is ever written shorter."""
    result = gnu_layout(data if keep_flags else without_format_flags(data), source)
    before, after = entry_count(data), entry_count(result)
    if after < before:
        raise CatalogueError(
            f"{source}: tidying would keep {after} of its {before} entries: refused, "
            "the file is left as it is"
        )
    return result


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
    if bytes_found := byte_findings(po_path, data):  # a bare CR, a NUL, a \0: what a reader cuts
        raise CatalogueError(f"{po_path}:{bytes_found[0].line}: {bytes_found[0].what}")
    try:
        data = tidied(data, po_path, keep_flags=keeps_flags(po_path))
    except CatalogueError:
        raise
    except po.CatalogueSyntaxError as error:
        raise CatalogueError(f"{po_path}:{error.number}: {error.why}") from None
    return write_atomically(po_path, data)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqtranslate tidy",
        description="Lay catalogues out as GNU msgcat does (./dev tidy-po).",
    )
    parser.add_argument("paths", nargs="+", metavar="FOLDER_OR_PO", help="a catalogue or folder")
    try:
        for name in parser.parse_args(argv).paths:
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
