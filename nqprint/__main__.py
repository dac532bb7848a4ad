"""Build the print products: ``python -m nqprint [--lang en|fr ...] [--out DIR] [PRODUCT ...]``.

Products: quick-reference, spell-cards, templates (all by default), each ``<product>-<lang>.pdf``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from nqcore.datafiles import DataFileError
from nqcore.i18n import LANGUAGES
from nqcore.spells import SpellDataError
from nqcore.templates import TemplateDataError
from nqprint.latex import PrintError, compile_pdf

Writer = Callable[[str], str]


def _writers() -> dict[str, Writer]:
    from nqprint.quick_reference import quick_reference_tex
    from nqprint.spell_cards import spell_cards_tex
    from nqprint.template_sheets import templates_tex

    return {
        "quick-reference": quick_reference_tex,
        "spell-cards": spell_cards_tex,
        "templates": templates_tex,
    }


PRODUCTS = ("quick-reference", "spell-cards", "templates")


def build(product: str, lang: str, out: Path, work: Path) -> Path:
    """Write and compile one product; the LaTeX and its log stay in ``work/<product>-<lang>``."""
    name = f"{product}-{lang}"
    return compile_pdf(_writers()[product](lang), out / f"{name}.pdf", work / name)


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
    parser.add_argument("--out", type=Path, default=Path("_build/pdf"), help="PDF folder")
    parser.add_argument(
        "--work",
        type=Path,
        default=Path("_build/print"),
        help="folder for the LaTeX sources and logs",
    )
    args = parser.parse_args(argv)  # fmt: skip
    unknown = [p for p in args.products if p not in PRODUCTS]
    if unknown:
        parser.error(f"unknown product {unknown[0]!r}: choose from {', '.join(PRODUCTS)}")
    try:
        for product in args.products or PRODUCTS:
            for lang in args.lang or LANGUAGES:
                print(build(product, lang, args.out, args.work))
    except (PrintError, TemplateDataError, SpellDataError, DataFileError) as error:
        print(f"nqprint: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
