"""Messages of a page that its catalogue has no entry for: deleted by hand, or the English
changed before ``./dev update-po``. Sphinx shows them in English as it shows an untranslated
message, but there is no empty msgstr to count: the page's template (``.pot``, written by
``make gettext`` and ``./dev update-po`` into ``_build/gettext``) says what the page holds,
when it is newer than the page. The build names them itself, from the page it reads
(:func:`nqsphinx.languages.translation_notice.no_entry_warnings`)."""

from __future__ import annotations

from pathlib import Path

from nqcore import po
from nqcore.i18n import ROOT

#: Where ``make gettext`` and ``./dev update-po`` write the pages' templates.
TEMPLATES = ROOT / "_build" / "gettext"
#: The English pages.
SOURCES = ROOT / "docs"


def _template(po_path: Path, templates: Path, sources: Path) -> Path | None:
    """The template of ``po_path``'s page, if it is at least as new as the page."""
    parts = po_path.parts
    if "LC_MESSAGES" not in parts:  # not a page's catalogue of a language folder: no page
        return None
    page = Path(*parts[len(parts) - parts[::-1].index("LC_MESSAGES") :])
    template = templates / page.with_suffix(".pot")
    source = sources / page.with_suffix(".md")
    if not template.is_file():
        return None
    if source.is_file() and source.stat().st_mtime > template.stat().st_mtime:
        return None
    return template


def entry_starts(text: str) -> dict[str, int]:
    """Each msgid of the catalogue ``text`` and the first line of its entry, comments and all."""
    lines = text.splitlines()
    starts: dict[str, int] = {}
    for message in po.read(text, strict=False):
        if isinstance(message.id, str) and message.id and message.lineno:
            start = message.lineno
            while start > 1 and lines[start - 2].startswith("#"):
                start -= 1
            starts[message.id] = start
    return starts


def missing_entries(
    po_path: Path, templates: Path | None = None, sources: Path | None = None
) -> list[tuple[int, str]] | None:
    """Each message of the page's template that ``po_path`` has no entry for, with the line
    where its entry goes (that of the template's next message the catalogue has, or the end);
    None when there is no template newer than the page to tell."""
    template = _template(po_path, templates or TEMPLATES, sources or SOURCES)
    if template is None:
        return None
    text = po_path.read_text(encoding="utf-8")
    starts = entry_starts(text)
    order = [m.id for m in po.read(template.read_bytes(), strict=False) if m.id]
    end = len(text.splitlines()) + 1
    found = []
    for index, msgid in enumerate(order):
        if isinstance(msgid, str) and msgid not in starts:
            due = next((starts[m] for m in order[index + 1 :] if m in starts), end)
            found.append((due, msgid))
    return found
