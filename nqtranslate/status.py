"""Translation status: per page, how many messages are translated, fuzzy or untranslated (the
French site's notice on incomplete pages is :mod:`nqsphinx.languages.translation_notice`).

Usage: ``python -m nqtranslate.status`` (exit status 1 when anything is left to do).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "locale" / "fr" / "LC_MESSAGES"


@dataclass(frozen=True)
class Status:
    page: str
    translated: int
    fuzzy: int
    untranslated: int

    @property
    def complete(self) -> bool:
        return not (self.fuzzy or self.untranslated)


@cache
def page_status(po_path: Path, folder: Path = CATALOGUES) -> Status:
    catalogue = polib.pofile(str(po_path))
    return Status(
        page=po_path.relative_to(folder).with_suffix("").as_posix(),
        translated=len(catalogue.translated_entries()),
        fuzzy=len(catalogue.fuzzy_entries()),
        untranslated=len(catalogue.untranslated_entries()),
    )


def all_status(folder: Path = CATALOGUES) -> list[Status]:
    return [page_status(path) for path in sorted(folder.rglob("*.po"))]


def main(argv: list[str]) -> int:
    rows = all_status()
    width = max(len(r.page) for r in rows)
    print(f"{'page':<{width}}  translated  fuzzy  untranslated")
    for row in rows:
        print(f"{row.page:<{width}}  {row.translated:>10}  {row.fuzzy:>5}  {row.untranslated:>12}")
    left = sum(r.fuzzy + r.untranslated for r in rows)
    print(f"{len(rows)} pages, {left} messages to translate or review")
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
