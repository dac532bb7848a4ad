"""What the example scripts share: the --lang option, their own French catalogue, and the way they
show chances, tables and errata."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

from nqcore.book.errata import Erratum, all_errata
from nqcore.cli.commands import printable
from nqcore.data.datafiles import DataFileError
from nqcore.i18n import LANGUAGES, catalogue_messages, format_percent, looked_up
from nqcore.i18n import translator as engine_translator

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def run(main: Callable[[], int], name: str) -> int:
    """Tell a story as ``nq`` answers: a control character of a catalogue or a data file shown
    as its escape (``\\u001b``), never obeyed by the reader's terminal; a refused data file in
    one line naming it (status 2), not a traceback."""
    told = io.StringIO()
    try:
        with contextlib.redirect_stdout(told):
            return main()
    except (DataFileError, OSError) as error:
        print(f"{name}: {printable(' '.join(str(error).splitlines()))}", file=sys.stderr)
        return 2
    finally:  # what was told, --help's text too
        sys.stdout.write(printable(told.getvalue()))


def N_(text: str) -> str:  # noqa: N802 - the gettext marker, extracted by update-po
    return text


def parse_language(description: str, argv: list[str] | None) -> str:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the story")
    return str(parser.parse_args(argv).lang)


def translator(lang: str) -> Callable[[str], str]:
    """The story's sentences in ``lang`` (English is the msgid)."""
    table = catalogue_messages(LOCALE_DIR, lang, "examples")
    return lambda text: looked_up(table, text) or text


def plural(lang: str, count: int, singular: str, several: str) -> str:
    """The msgid to translate for ``count`` things: English writes 0 in the plural, French in the
    singular (the catalogue translates both forms)."""
    one = count <= 1 if lang == "fr" else count == 1
    return singular if one else several


def chance(value: Fraction, lang: str) -> str:
    """An exact chance as a percentage and a fraction, "33% (33/100)": the percentage with as
    many decimals as it needs (at most two), the fraction reduced."""
    digits = next((d for d in (0, 1, 2) if (value * 100 * 10**d).denominator == 1), 1)
    return f"{format_percent(value, lang, digits)} ({value})"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> list[str]:
    """Lines of a plain text table, each column as wide as its widest cell in the story's
    language; ``align`` gives each column's alignment, ``l`` or ``r`` (by default the first column
    is left-aligned, the others right-aligned)."""
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
    sides = align or "l" + "r" * (len(header) - 1)

    def line(cells: Sequence[str]) -> str:
        return " | ".join(
            cell.ljust(width) if side == "l" else cell.rjust(width)
            for cell, width, side in zip(cells, widths, sides, strict=True)
        ).rstrip()

    return [line(header), "-+-".join("-" * w for w in widths), *(line(row) for row in rows)]


def erratum(erratum_id: str) -> Erratum:
    """One erratum of the engine, by id."""
    for found in all_errata():
        if found.id == erratum_id:
            return found
    raise KeyError(f"unknown erratum {erratum_id!r}")


def erratum_lines(erratum_id: str, lang: str) -> list[str]:
    """An erratum as the stories show it: what is printed, what the rules give, why."""
    _ = translator(lang)
    engine = engine_translator(lang)
    found = erratum(erratum_id)
    return [
        _(N_("   Erratum {id}: {subject}.")).format(id=found.id, subject=engine(found.subject)),
        _(N_("   Printed: {printed}")).format(printed=engine(found.printed)),
        _(N_("   The rules give: {correct}")).format(correct=engine(found.correct)),
        _(N_("   Why: {why}")).format(why=engine(found.why)),
    ]
