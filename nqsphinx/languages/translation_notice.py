"""On the French site, a notice at the top of every page whose translation is incomplete or out
of date (the counts are :mod:`nqtranslate.status`'s)."""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx

from nqsphinx.messages import ui_text
from nqtranslate.status import page_status


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


def setup(app: Sphinx) -> None:
    app.connect("doctree-resolved", add_notice)
