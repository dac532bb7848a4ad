"""On a translated site, a notice at the top of every page that shows some English.

The count is what the build applied, not what the catalogue holds: a message translated in the
catalogue that Sphinx's Locale transform did not use (a list for a paragraph: Sphinx drops it
without a word) shows English as surely as an untranslated one. :class:`RecordApplied` runs
just after the Locale transform and sorts every message of the page: applied (or its French is
its English), left in English for want of a translation, or dropped by Sphinx. The record lives
in the environment (a page read again replaces its own) and is written beside the doctrees
(:data:`nqtranslate.status.APPLIED_FILE`), where ``./dev translation-status`` reads it.
"""

from __future__ import annotations

import gettext
import json
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms import SphinxTransform

from nqsphinx.messages import ui_text
from nqtranslate.guard import shown
from nqtranslate.status import APPLIED_FILE, Applied, page_status

#: The Locale transform's priority is 20: the record is made right after it.
PRIORITY = 21
ENV_KEY = "nq_translations_applied"


def _records(env: BuildEnvironment) -> dict[str, Applied]:
    if not hasattr(env, ENV_KEY):
        setattr(env, ENV_KEY, {})
    records: dict[str, Applied] = getattr(env, ENV_KEY)
    return records


def page_catalogue(env: BuildEnvironment, docname: str) -> dict[str, str] | None:
    """The page's messages as the build reads them: the ``.mo`` files Sphinx compiled, the
    first ``locale_dirs`` winning (Sphinx's merge); None when the page has no catalogue."""
    from sphinx.util.i18n import docname_to_domain

    domain = docname_to_domain(docname, env.config.gettext_compact)
    merged: dict[str, str] | None = None
    for folder in reversed(env.config.locale_dirs):
        mo = Path(env.srcdir, folder, env.config.language, "LC_MESSAGES", f"{domain}.mo")
        if mo.is_file():
            with mo.open("rb") as handle:
                catalogue: dict[str, str] = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
            merged = (merged or {}) | catalogue
    return merged


def left_in_english(env: BuildEnvironment, docname: str) -> frozenset[str]:
    """The messages of the page's catalogues translated by their own English, four words or
    more, or by their English with a word or two changed, with no reason given
    (:func:`nqtranslate.shown_in_english.left_in_english`): each msgid and its translation,
    which the page shows in its place."""
    from sphinx.util.i18n import docname_to_domain

    from nqtranslate.reading import read_once
    from nqtranslate.shown_in_english import left_in_english

    domain = docname_to_domain(docname, env.config.gettext_compact)
    found: set[str] = set()
    for folder in env.config.locale_dirs:
        po_path = Path(env.srcdir, folder, env.config.language, "LC_MESSAGES", f"{domain}.po")
        if po_path.is_file() and not po_path.is_symlink():
            for message in left_in_english(read_once(po_path)):
                found.update((message.msgid, *message.msgstr))  # mostly English: as shown
    return frozenset(found)


def _applied(
    document: nodes.document,
    catalogue: dict[str, str] | None,
    english: frozenset[str] = frozenset(),
    untranslated: list[tuple[nodes.Element, str]] | None = None,
) -> Applied:
    """Sort the page's messages as the Locale transform left them: flagged ``translated``; or
    taken without the flag (a ``translatable`` node keeps its translation aside, an image's
    alt text is replaced: its message is a translation now); or left in English, for want of a
    translation or translated by its own English (``english``).  The messages left in English
    for want of a translation are added to ``untranslated``, with their nodes."""
    from sphinx import addnodes
    from sphinx.transforms.i18n import parse_noqa
    from sphinx.util.nodes import LITERAL_TYPE_NODES, extract_messages

    record = Applied(has_catalogue=catalogue is not None)
    translations = set((catalogue or {}).values()) - english
    for node, msg in extract_messages(document):
        if msg in english:
            record.untranslated += 1
            _in_english(node)
            continue
        msgstr = (catalogue or {}).get(msg, "")
        if not isinstance(node, LITERAL_TYPE_NODES):
            msgstr, _ = parse_noqa(msgstr)
        taken = msgstr and (msgstr == msg or isinstance(node, addnodes.translatable))
        if node.get("translated") or taken or msg in translations:
            record.translated += 1
        elif not msgstr.strip():
            record.untranslated += 1
            _in_english(node)
            if untranslated is not None:
                untranslated.append((node, msg))
        else:
            record.dropped.append((line_of(node), msg[:80]))
            _in_english(node)
    return record


#: The class docutils' HTML writer turns into ``lang="en"`` on the element.
ENGLISH_CLASS = "language-en"


def _in_english(node: nodes.Element) -> None:
    """Mark ``node``, shown in English on a page of another language, as English: its HTML
    element says ``lang="en"``, and a screen reader reads it with English sounds.  Code is
    left as it is (its words are no language's)."""
    from sphinx.util.nodes import LITERAL_TYPE_NODES

    if not isinstance(node, LITERAL_TYPE_NODES) and ENGLISH_CLASS not in node["classes"]:
        node["classes"].append(ENGLISH_CLASS)


class RecordApplied(SphinxTransform):
    """What the Locale transform did with each message of the page (translated pages only)."""

    default_priority = PRIORITY

    def apply(self, **kwargs: Any) -> None:
        if not self.config.language or self.config.language == "en":
            return
        docname = self.env.docname
        catalogue = page_catalogue(self.env, docname)
        english = left_in_english(self.env, docname)
        untranslated: list[tuple[nodes.Element, str]] = []
        _records(self.env)[docname] = _applied(self.document, catalogue, english, untranslated)
        warnings = unused_warnings(self.env, docname, self.document)
        if catalogue is not None:
            warnings += no_entry_warnings(self.env, docname, self.document, untranslated)
        for warning in warnings:
            print(warning, file=sys.stderr)


def page_po(env: BuildEnvironment, docname: str) -> Path | None:
    """The page's catalogue Sphinx reads first (the first ``locale_dirs`` that has one)."""
    from sphinx.util.i18n import docname_to_domain

    domain = docname_to_domain(docname, env.config.gettext_compact)
    for folder in env.config.locale_dirs:
        po_path = Path(env.srcdir, folder, env.config.language, "LC_MESSAGES", f"{domain}.po")
        if po_path.is_file() and not po_path.is_symlink():
            return po_path
    return None


def no_entry_warnings(
    env: BuildEnvironment,
    docname: str,
    document: nodes.document,
    untranslated: list[tuple[nodes.Element, str]],
) -> list[str]:
    """Messages of the page that its catalogue has no entry for (deleted by hand, or the
    English changed before ``./dev update-po``): shown in English with no empty msgstr to
    warn of, and the PDF has no notice.  Warned as untranslated messages are, with the page's
    line and the catalogue's line where the entry goes (before the entry of the next message
    of the page that has one)."""
    from sphinx.util.nodes import extract_messages

    from nqtranslate.missing import entry_starts

    po_path = page_po(env, docname)
    if po_path is None:
        return []
    text = po_path.read_text(encoding="utf-8")
    starts = entry_starts(text)
    missing = {msg for _, msg in untranslated if msg not in starts}
    if not missing:
        return []
    order = [msg for _, msg in extract_messages(document)]
    end = len(text.splitlines()) + 1
    where = []
    for node, msg in untranslated:
        if msg not in missing:
            continue
        missing.discard(msg)
        after = order[order.index(msg) + 1 :] if msg in order else []
        due = next((starts[m] for m in after if m in starts), end)
        source = shown(Path(node.source or env.doc2path(docname)))
        where.append(f"due at line {due}: {source}:{line_of(node)} {msg[:40]!r}")
    return [
        f"{shown(po_path)}: warning: {len(where)} untranslated message(s), shown in English "
        f"(no entry, {'; '.join(where)}): ./dev update-po adds it"
    ]


def line_of(node: nodes.Node) -> int:
    """A message's line in its page: its node's, or its nearest ancestor's (docutils'
    ``get_source_line``); 1, never 0, where none has one (attacker round eighteen:
    ``docs/credits.md:0``).  A node at line 0 (a dropdown's title, a tab's label) is looked
    for in its page from its nearest numbered ancestor's line on (attacker round 30: both
    were named at line 1)."""
    from docutils.utils import get_source_line

    if node.line:
        return int(node.line)
    source, start = get_source_line(node.parent) if node.parent else get_source_line(node)
    return _line_holding(source, start or 1, node.astext()) or start or 1


def _line_holding(source: str | None, start: int, text: str) -> int | None:
    """The first line from ``start`` on of the file ``source`` holding ``text``'s first line."""
    words = text.strip().splitlines()[0] if text.strip() else ""
    try:
        lines = Path(source or "").read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    found = (n for n, line in enumerate(lines[start - 1 :], start) if words and words in line)
    return next(found, None)


#: Where a directive records the messages of its source that this edition leaves out before
#: the page is read (a print edition's toctree of editors' pages, caption and all).
LEFT_OUT = "nq_left_out_messages"


def left_out(env: BuildEnvironment, *texts: str) -> None:
    """``texts`` are messages of the page being read that this edition does not show: their
    translations are used by the other edition, not unused."""
    recorded = env.current_document.get(LEFT_OUT) or set()
    env.current_document[LEFT_OUT] = recorded | set(texts)


def _page_texts(env: BuildEnvironment, document: nodes.document) -> set[str]:
    """Every message of the page as the Locale transform left it (its French where it was
    translated), index entries included, as the gettext builder extracts them, and those
    this edition leaves out."""
    from sphinx.util.index_entries import split_index_msg
    from sphinx.util.nodes import extract_messages, traverse_translatable_index

    texts = {msg for _, msg in extract_messages(document)}
    texts.update(env.current_document.get(LEFT_OUT) or ())
    for _, entries in traverse_translatable_index(document):
        for entry_type, value, *_ in entries:
            texts.update(split_index_msg(entry_type, value))
    return texts


def unused_warnings(env: BuildEnvironment, docname: str, document: nodes.document) -> list[str]:
    """A translated entry of the page's catalogue that is no message of the page (its msgid
    edited, or the English changed before ``./dev update-po``): its French is not shown, and
    the page's notice alone would not say which. Named at its line (not a Sphinx warning: a
    page changed in English must still build, in English, until the catalogue is updated)."""
    from sphinx.util.i18n import docname_to_domain

    from nqcore import po

    domain = docname_to_domain(docname, env.config.gettext_compact)
    texts = _page_texts(env, document)
    warnings = []
    for folder in env.config.locale_dirs:
        po_path = Path(env.srcdir, folder, env.config.language, "LC_MESSAGES", f"{domain}.po")
        if not po_path.is_file() or po_path.is_symlink():
            continue
        catalogue = po.read(po_path.read_text(encoding="utf-8"), strict=False)
        for message in catalogue:
            msgid, msgstr = message.id, message.string
            if not (isinstance(msgid, str) and msgid and isinstance(msgstr, str) and msgstr):
                continue
            if not message.fuzzy and msgid not in texts and msgstr not in texts:
                warnings.append(
                    f"{shown(po_path)}:{message.lineno}: warning: {msgid[:60]!r} is no message "
                    f"of the page {docname}: its translation is not used (./dev update-po)"
                )
    return warnings


def purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _records(env).pop(docname, None)


def merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    theirs = _records(other)
    _records(env).update({name: theirs[name] for name in docnames if name in theirs})


def write_record(app: Sphinx, env: BuildEnvironment) -> None:
    """The record of every page, beside the doctrees, for ``./dev translation-status``."""
    records = _records(env)
    if not records:
        return
    path = Path(app.doctreedir) / APPLIED_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {name: records[name].as_json() for name in sorted(records)}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _catalogue_complete(app: Sphinx, docname: str) -> bool:
    """A page read by an earlier version of this code, without a record: its catalogue, read
    under the guard's rules, decides."""
    first = (app.config.locale_dirs or ["locales"])[0]
    folder = (Path(app.srcdir) / first / str(app.config.language) / "LC_MESSAGES").resolve()
    po_path = folder / f"{docname}.po"
    return po_path.exists() and page_status(po_path, folder).complete


def add_notice(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """French pages that show some English say so at the top."""
    if app.config.language != "fr":
        return
    record = _records(app.env).get(docname)
    if record.complete if record is not None else _catalogue_complete(app, docname):
        return
    notice = nodes.warning(classes=["nq-translation-notice"])
    notice += nodes.paragraph(
        text=ui_text(
            "This page is not fully translated yet: some passages are shown in English.",
            app.config.language,
        )
    )
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None:
        section.insert(1, notice)


def setup(app: Sphinx) -> None:
    app.add_transform(RecordApplied)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-updated", write_record)
    app.connect("doctree-resolved", add_notice)
