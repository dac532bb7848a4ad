"""Translation status: per page, how many messages are translated, fuzzy or untranslated; and on
the French site, a notice on every page whose translation is incomplete or out of date.

Usage: ``python -m nqsphinx.translation_status`` (exit status 1 when anything is left to do).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import polib
from docutils import nodes
from sphinx.application import Sphinx

from nqsphinx.messages import ui_text

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


def add_notice(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """French pages whose catalogue is incomplete say so at the top."""
    if app.config.language != "fr":
        return
    # The catalogues of the project being built (its first locale_dirs: ../locale/ here).
    first = (app.config.locale_dirs or ["locales"])[0]
    folder = (Path(app.srcdir) / first / "fr" / "LC_MESSAGES").resolve()
    po_path = folder / f"{docname}.po"
    status = page_status(po_path, folder) if po_path.exists() else None
    if status is not None and status.complete:
        return
    notice = nodes.warning(classes=["nq-translation-notice"])
    notice += nodes.paragraph(
        text=ui_text(
            "This page is not fully translated yet: some passages are shown in English.", "fr"
        )
    )
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None:
        section.insert(1, notice)


def main(argv: list[str]) -> int:
    rows = all_status()
    width = max(len(r.page) for r in rows)
    print(f"{'page':<{width}}  translated  fuzzy  untranslated")
    for row in rows:
        print(f"{row.page:<{width}}  {row.translated:>10}  {row.fuzzy:>5}  {row.untranslated:>12}")
    left = sum(r.fuzzy + r.untranslated for r in rows)
    print(f"{len(rows)} pages, {left} messages to translate or review")
    return 1 if left else 0


def setup(app: Sphinx) -> None:
    app.connect("doctree-resolved", add_notice)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
