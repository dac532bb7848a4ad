"""Build the print products: ``python -m nqprint [--lang en|fr ...] [--paper a4|letter ...]
[--out DIR] [--latex DIR] [PRODUCT ...]``.

Products: quick-reference, spell-cards, templates (all by default), each
``<product>-<lang>.pdf`` on A4 and ``<product>-<lang>-letter.pdf`` on US Letter.  The quick
reference gives the rulebook's pages: the rulebook of its language and paper must be built first
(``make pdf pdf-letter``), its LaTeX in ``--latex`` (``<lang>[-letter]/noquarter.aux``).
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from nqcore.data.datafiles import DataFileError
from nqcore.i18n import LANGUAGES
from nqprint.latex import PAGE_BREAK, PAPERS, OverPlan, Paper, PrintError, compile_pdf
from nqprint.rulebook_pages import RulebookPages, aux_path
from nqtranslate.due import missing_warnings
from nqtranslate.guard import PRINT_DOMAINS, package_warnings

#: A product's LaTeX, or its layouts in the order they are tried: the first that keeps to its
#: planned pages is printed.
Writer = Callable[[str, Paper, Path], "str | tuple[str, ...]"]


def _quick_reference(lang: str, paper: Paper, latex: Path) -> tuple[str, ...]:
    """The sheet with every text column at its natural width, else with the short ones in two
    lines (the French sheet, whose second page ran over: proof round eighteen)."""
    from nqprint.quick_reference import quick_reference_tex

    book = RulebookPages(aux_path(latex, lang, paper))
    return tuple(quick_reference_tex(lang, book, paper, narrow) for narrow in (False, True))


def _spell_cards(lang: str, paper: Paper, latex: Path) -> str:
    from nqprint.spell_cards import spell_cards_tex

    return spell_cards_tex(lang, paper)


def _templates(lang: str, paper: Paper, latex: Path) -> str:
    from nqprint.template_sheets import templates_tex

    return templates_tex(lang, paper)


WRITERS: dict[str, Writer] = {
    "quick-reference": _quick_reference,
    "spell-cards": _spell_cards,
    "templates": _templates,
}
PRODUCTS = tuple(WRITERS)
#: Languages whose products are not held to their page plan: the test suite's pseudo language
#: (tests/pseudolang.py) lengthens and brackets every text to show the English left, not to fit.
UNPLANNED = frozenset({"qps"})


def build(product: str, lang: str, paper: Paper, out: Path, work: Path, latex: Path) -> Path:
    """Write and compile one product; the LaTeX and its log stay in ``work/<name>``, the name
    being the PDF's (``quick-reference-en-letter``)."""
    name = paper.stem(product, lang)
    written = WRITERS[product](lang, paper, latex)
    *first, last = (written,) if isinstance(written, str) else written
    if lang in UNPLANNED:
        return compile_pdf(last, out / f"{name}.pdf", work / name)
    for source in first:  # a layout that runs over its pages gives way to the next
        with contextlib.suppress(OverPlan):
            return _planned(source, out / f"{name}.pdf", work / name)
    return _planned(last, out / f"{name}.pdf", work / name)


def _planned(source: str, target: Path, work: Path) -> Path:
    """``source`` compiled, held to its planned pages: each writer joins them with
    :data:`PAGE_BREAK`."""
    return compile_pdf(source, target, work, pages=source.count(PAGE_BREAK) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nqprint", description=__doc__)
    parser.add_argument(
        "products",
        nargs="*",
        metavar="PRODUCT",
        help=f"one of {', '.join(PRODUCTS)} (default: all)",
    )
    parser.add_argument(
        "--lang",
        action="append",
        choices=LANGUAGES,
        help="language (repeatable; default: every language)",
    )
    parser.add_argument(
        "--paper",
        action="append",
        choices=PAPERS,
        help="paper size (repeatable; default: a4 and letter)",
    )
    parser.add_argument("--out", type=Path, default=Path("_build/pdf"), help="PDF folder")
    parser.add_argument(
        "--latex",
        type=Path,
        default=Path("_build/latex"),
        help="the rulebooks' LaTeX builds, for the quick reference's page numbers",
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=Path("_build/print"),
        help="folder for the LaTeX sources and logs",
    )
    args = parser.parse_args(argv)
    unknown = [p for p in args.products if p not in PRODUCTS]
    if unknown:
        parser.error(f"unknown product {unknown[0]!r}: choose from {', '.join(PRODUCTS)}")
    # Every product made in a staging folder, then moved to --out together: a run that fails
    # publishes none (a failed run had left its first products, a hostile title in their
    # metadata, in --out: attack round twenty-two).
    _warn_english(args.lang or LANGUAGES)
    args.work.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=args.work))  # one per run (make -j)
    try:
        made = [
            build(product, lang, PAPERS[paper], staging, args.work, args.latex)
            for product in args.products or PRODUCTS
            for lang in args.lang or LANGUAGES
            for paper in args.paper or PAPERS
        ]
    except (PrintError, DataFileError) as error:
        print(f"nqprint: {error}", file=sys.stderr)
        shutil.rmtree(staging, ignore_errors=True)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for pdf in made:
        print(shutil.move(pdf, args.out / pdf.name))
    shutil.rmtree(staging, ignore_errors=True)
    return 0


def _warn_english(languages: Iterable[str]) -> None:
    """Each word of a sheet left in English (fuzzy, untranslated, no entry), named at its
    catalogue's line or its use: a printed sheet has no notice to say it (attacker round 24)."""
    for lang in languages:
        for warning in package_warnings(lang, PRINT_DOMAINS) + missing_warnings(
            lang, PRINT_DOMAINS
        ):
            print(f"nqprint: {warning}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
