"""Extract the engine's reader-facing strings and update its French catalogue.

Strings come from two places: ``N_("...")`` in the engine's Python, and the translatable fields
of its TOML data (names, card texts, summaries).  ``update`` merges them into the ``.po`` the way
msgmerge does: translations are kept, changed messages become fuzzy, removed ones are kept as
obsolete entries and come back translated when they are used again, so no translator's work is
ever lost.  The page catalogues (``nqtranslate.update``) are merged by the same :func:`merge`.

Usage: ``python -m nqtranslate.catalogue update|check [--package DIR --domain NAME]``
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from difflib import SequenceMatcher
from pathlib import Path
from string import Formatter
from typing import Any

from nqcore import po
from nqcore.atomic import write_atomically
from nqcore.catalogue_check import plural_header_problem
from nqcore.data import datafiles
from nqcore.data.contexts import DATA_CONTEXTS  # the data fields' contexts (re-exported)
from nqcore.i18n import ROOT
from nqcore.po import Catalog, Message
from nqtranslate.python_sources import project_text, python_tree

#: The engine: its catalogue is the default one extracted and checked.
PACKAGE = ROOT / "nqcore"
#: Code kept outside a package whose words are in that package's catalogue (a folder or a
#: file): the companion's engine bridge speaks the engine's (nqcore.po); its page, the site's
#: words shared with the print products and the printing line the extension's (nqsphinx.po).
ALSO_EXTRACTED: dict[Path, tuple[Path, ...]] = {
    PACKAGE: (ROOT / "nqcompanion" / "bridge",),
    ROOT / "nqsphinx": (
        ROOT / "nqcompanion" / "page",
        ROOT / "nqtranslate" / "site_words.py",
        ROOT / "nqprint" / "credits.py",
        ROOT / "nqprint" / "printing.py",
    ),
}
#: Fields of the data files whose values readers see, and so are translated.
TRANSLATABLE_FIELDS = frozenset(
    {"name", "text", "effect", "intro", "summary", "label", "title", "description", "note"}
    | {"subject", "printed", "correct", "why"}  # errata
    | {"unit_size"}  # sample and example profiles
    | {"abbreviation"}  # a teardrop's (TTL) and a characteristic's (RA), as profiles print them
    | {"columns", "rows", "details"}  # book_tables.toml (cells with letters)
    | {"old_reading", "new_reading"}  # edition_changes.toml
    | {"remedy"}  # army_rules.toml: what the army builder's player does about a breach
)
#: The markers extracted: ``N_(text)``, and ``P_(context, text)`` as pgettext (its msgctxt first).
KEYWORDS: dict[str, Any] = {"N_": None, "P_": "pgettext"}
HEADER = {
    "Project-Id-Version": "nqcore",
    "Language-Team": "French",
    "Last-Translator": "No Quarter translators",
}


def catalogue_file(locale_dir: Path, lang: str, domain: str) -> Path:
    """Where gettext keeps ``lang``'s catalogue ``domain.po`` in ``locale_dir`` (to read it, or
    to write it; :func:`nqcore.i18n.find_catalogue` also looks in ``NQ_LOCALE_PATH``)."""
    return locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _marked_literals(
    tree: ast.Module, markers: dict[str, Any]
) -> Iterator[tuple[str, int, str | None]]:
    """``N_("literal")`` and ``P_("context", "literal")`` calls only, as (text, line, context), in
    the order of the source's lines (as xgettext lists them; ``ast.walk`` goes breadth first): a
    marker around a variable marks nothing to translate."""
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    ]
    for node in sorted(calls, key=lambda call: (call.lineno, call.col_offset)):
        if not isinstance(node.func, ast.Name) or node.func.id not in markers:
            continue
        texts = [_literal(arg) for arg in node.args]
        if markers[node.func.id] == "pgettext":
            if len(texts) == 2 and texts[0] is not None and texts[1] is not None:
                yield texts[1], node.lineno, texts[0]
        elif texts and texts[0] is not None:
            yield texts[0], node.lineno, None


def field_path(path: str) -> str:
    """A data message's field without its record numbers: ``.profile.armour.description``."""
    return re.sub(r"\[\d+\]", "", path)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _data_messages(data: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in TRANSLATABLE_FIELDS:
                for text in _strings(value):
                    yield text, f"{path}.{key}"
            else:
                yield from _data_messages(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _data_messages(item, f"{path}[{index}]")


def extract(package: Path = PACKAGE, keywords: dict[str, Any] | None = None) -> Catalog:
    """A template catalogue of every translatable string of ``package`` (and of the code of
    :data:`ALSO_EXTRACTED` that speaks its words)."""
    template = Catalog(project=HEADER["Project-Id-Version"], fuzzy=False)
    markers = dict(keywords or KEYWORDS)
    for source in python_inputs(package):
        relative = os.path.relpath(source, package).replace(os.sep, "/")
        tree = python_tree(source, os.path.relpath(source, ROOT))
        for message, lineno, context in _marked_literals(tree, markers):
            template.add(message, locations=[(relative, lineno)], context=context)
    for relative, text, field in data_messages(package):
        context = DATA_CONTEXTS.get((relative, field))
        template.add(text, locations=[(relative, 0)], context=context)
    return template


def python_inputs(package: Path) -> list[Path]:
    """The Python modules :func:`extract` reads: the package's and :data:`ALSO_EXTRACTED`."""
    also = [
        path
        for place in ALSO_EXTRACTED.get(package, ())
        for path in ([place] if place.suffix == ".py" else place.rglob("*.py"))
    ]
    return [p for p in [*sorted(package.rglob("*.py")), *sorted(also)] if p.is_file()]


def data_inputs(package: Path) -> list[Path]:
    """The data files :func:`data_messages` reads."""
    return sorted(p for p in package.glob("data/**/*.toml") if p.is_file())


def data_messages(package: Path = PACKAGE) -> Iterator[tuple[str, str, str]]:
    """Every translatable text of the data files, as (data file, text, field path)."""
    for data_file in data_inputs(package):
        relative = data_file.relative_to(package).as_posix()
        shown = os.path.relpath(data_file, ROOT)
        data = datafiles.parse(project_text(data_file, shown), shown, None)
        for text, field in data_file_messages(data):
            yield relative, text, field


def data_file_messages(data: Any) -> Iterator[tuple[str, str]]:
    """Every translatable text of one data file's ``data``, as (text, field path)."""
    for text, where in _data_messages(data, ""):
        if has_words(text):
            yield text, field_path(where)


def has_words(text: str) -> bool:
    """Whether a data text has words to translate: a bare number reads the same in French, and
    so does a bare placeholder, the engine's number filled in (``{spear_points}``)."""
    try:
        literal = "".join(part for part, *_ in Formatter().parse(text))
    except ValueError:  # not formatted: all of it is literal
        literal = text
    return any(char.isalpha() for char in literal)


class CatalogueError(ValueError):
    """A catalogue that cannot be read, told in one line: ``path:line: reason``."""


def read_catalogue(po_path: Path, locale: str | None = None) -> Catalog:
    """``po_path`` parsed, obsolete entries included; a syntax error or a Plural-Forms refused
    (:func:`nqcore.catalogue_check.plural_header_problem`) raises CatalogueError, and so does
    what Babel would read otherwise than the file says (:func:`nqtranslate.reading.byte_findings`:
    lines ending in a bare carriage return, a NUL byte, a ``\\0`` escape that cuts a message)."""
    from nqtranslate.reading import byte_findings

    try:
        data = po_path.read_bytes()
        if found := byte_findings(po_path, data):
            raise CatalogueError(f"{po_path}:{found[0].line}: {found[0].what}")
        plural = plural_header_problem(data.decode("utf-8"))
        if plural:
            raise CatalogueError(f"{po_path}:{plural[0]}: {plural[1]}")
        return po.read(data, locale=locale, where=str(po_path))
    except po.CatalogueSyntaxError as error:
        raise CatalogueError(str(error)) from None
    except UnicodeDecodeError as error:
        raise CatalogueError(f"{po_path}: not UTF-8 ({error.reason})") from None


def _key(message_id: Any, context: str | None) -> Any:
    """Babel's key of a message: its (first) msgid, with its msgctxt when it has one."""
    first = message_id[0] if isinstance(message_id, (list, tuple)) else message_id
    return (first, context) if context is not None else first


def _is_live(catalogue: Catalog, key: Any) -> bool:
    msgid, context = key if isinstance(key, tuple) else (key, None)
    return catalogue.get(msgid, context) is not None


def revive_obsolete(catalogue: Catalog, template: Catalog) -> list[str]:
    """Bring back, translated as it was, each obsolete message that ``template`` uses again.

    GNU msgmerge does this; Babel's ``Catalog.update`` alone would add the message untranslated
    and leave its French behind as ``#~``.  Only the same msgid and msgctxt count: a near match
    stays obsolete (no guess is made from it).  Returns the revived msgids."""
    revived = []
    for message in template:
        key = _key(message.id, message.context)
        old = catalogue.obsolete.get(key) if message.id else None
        if old is not None and old.string and not _is_live(catalogue, key):
            del catalogue.obsolete[key]
            catalogue[old.id] = old  # live again: the update below keeps it as an exact match
            revived.append(str(key[0] if isinstance(key, tuple) else key))
    return revived


#: A new message is given the French of a removed one (marked fuzzy, for review) only when their
#: English is this close (difflib's ratio): a sentence edited, never another message that shares a
#: few letters (Babel's own guess, at 0.6, gave a new "Bonus" the French of "Confusion").
FUZZY_SIMILARITY = 0.9


#: A message at least this long (a sentence) that another holds nearly whole, a sentence added
#: to it or taken from it, is that one edited: its French is kept as fuzzy, as msgmerge keeps it.
KEPT_WHOLE_LENGTH = 60


#: The longest message whose French is guessed from another's (the book's longest paragraph
#: is 1,300 characters): difflib's comparison grows with the product of the lengths, and six
#: paragraphs of 19,000 characters held ``./dev update-po`` for minutes (attacker round 31).
MAX_GUESSED_LENGTH = 2000


def similarity(first: str, second: str) -> float:
    """How close two English messages are, from 0 to 1: difflib's ratio, or, for a sentence at
    least :data:`KEPT_WHOLE_LENGTH` long held in a message at most twice its length, the share
    of it the other keeps (a paragraph that gained a sentence is that paragraph, edited); 0 for
    a message longer than :data:`MAX_GUESSED_LENGTH`."""
    if max(len(first), len(second)) > MAX_GUESSED_LENGTH:
        return 0.0
    matcher = SequenceMatcher(None, first, second, autojunk=False)
    if matcher.real_quick_ratio() >= FUZZY_SIMILARITY and matcher.quick_ratio() >= FUZZY_SIMILARITY:
        if (ratio := matcher.ratio()) >= FUZZY_SIMILARITY:
            return ratio
    shorter, longer = sorted((len(first), len(second)))
    if shorter < KEPT_WHOLE_LENGTH or 2 * shorter < longer:
        return 0.0
    if sum((Counter(first) & Counter(second)).values()) < FUZZY_SIMILARITY * shorter:
        return 0.0  # too few letters in common for the other to hold it
    return sum(block.size for block in matcher.get_matching_blocks()) / shorter


Candidates = dict[Any, tuple[str, Message]]


def translated_messages(catalogue: Catalog) -> Candidates:
    """The translated messages in use, by key: what a new message's French may be guessed from."""
    return {
        _key(message.id, message.context): (message.id, message.clone())
        for message in catalogue
        if message.id and message.string and isinstance(message.id, str)
    }


def guess_fuzzy(catalogue: Catalog, candidates: Candidates) -> list[str]:
    """Give each new, untranslated message the French of the nearest candidate if at least
    :data:`FUZZY_SIMILARITY` alike, marked fuzzy with its old msgid; return their msgids."""
    guessed = []
    for message in catalogue:
        if not message.id or message.string or not isinstance(message.id, str):
            continue
        scored = [
            (similarity(message.id, english), key)
            for key, (english, old) in candidates.items()
            if old.context == message.context
        ]
        score, key = max(scored, key=lambda pair: pair[0], default=(0.0, None))
        if key is None or score < FUZZY_SIMILARITY:
            continue
        english, old = candidates[key]
        if catalogue.obsolete.pop(key, None) is not None:
            del candidates[key]  # removed from the English: its French moves to the new message
        message.string, message.previous_id = old.string, [english]
        message.flags.add("fuzzy")
        message.user_comments = list(old.user_comments)
        guessed.append(message.id)
    return guessed


def merge(catalogue: Catalog, template: Catalog) -> None:
    """Update ``catalogue`` from ``template`` as msgmerge does: translations kept, changed messages
    fuzzy, removed ones obsolete, returning ones revived; no obsolete copy of a live message.
    A new message takes another message's French only when their English is nearly the same
    (:func:`guess_fuzzy`), never a guess from an unrelated or long obsolete message."""
    revive_obsolete(catalogue, template)
    candidates = translated_messages(catalogue)
    catalogue.update(template, no_fuzzy_matching=True, update_header_comment=False)
    guess_fuzzy(catalogue, candidates)
    for key in [k for k in catalogue.obsolete if _is_live(catalogue, k)]:
        del catalogue.obsolete[key]  # back in use untranslated: the copy would be a duplicate


BABEL_CHARSET = b'"Content-Type: text/plain; charset=utf-8\\n"\n'
GNU_CHARSET = b'"Content-Type: text/plain; charset=UTF-8\\n"\n'


#: The header fields in the order msginit and msgmerge write them (Babel puts Language first).
GNU_HEADER_ORDER = (
    "Project-Id-Version",
    "Report-Msgid-Bugs-To",
    "POT-Creation-Date",
    "PO-Revision-Date",
    "Last-Translator",
    "Language-Team",
    "Language",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
    "Plural-Forms",
)


def _header_rank(field: list[bytes]) -> int:
    name = field[0].removeprefix(b'"').split(b":", 1)[0].decode("utf-8", "replace")
    return GNU_HEADER_ORDER.index(name) if name in GNU_HEADER_ORDER else len(GNU_HEADER_ORDER)


def gnu_header(data: bytes) -> bytes:
    """``data`` with the header's fields in GNU's order (others after them, as they were)."""
    start = data.find(b'msgid ""\nmsgstr ""\n')
    if start < 0:
        return data
    begin = start + len(b'msgid ""\nmsgstr ""\n')
    end = data.find(b"\n\n", begin)
    end = len(data) if end < 0 else end + 1
    fields: list[list[bytes]] = [[]]
    for line in data[begin:end].splitlines(keepends=True):
        fields[-1].append(line)
        if line.rstrip(b"\n").endswith(b'\\n"'):
            fields.append([])
    fields = [field for field in fields if field]
    ordered = sorted(fields, key=_header_rank)  # stable: unknown fields keep their order
    return data[:begin] + b"".join(b"".join(field) for field in ordered) + data[end:]


def gnu_layout(data: bytes, source: object = "<catalogue>") -> bytes:
    """``data`` laid out as GNU ``msgcat`` writes it (lines wrapped at 79 columns).

    msgmerge, msgcat and Poedit all write this layout: a catalogue kept in it shows no diff when
    a translator's tool saves it. Babel wraps differently, so GNU gettext lays it out.
    The charset is named as msgmerge and Poedit name it (``UTF-8``; Babel writes ``utf-8``)."""
    data = gnu_header(data.replace(BABEL_CHARSET, GNU_CHARSET, 1))
    msgcat = shutil.which("msgcat")
    if msgcat is None:
        raise CatalogueError(f"{source}: msgcat not found: install GNU gettext (Debian: gettext)")
    result = subprocess.run(
        [msgcat, "--force-po", "-o", "-", "-"], input=data, capture_output=True, check=False
    )
    if result.returncode != 0:
        reason = result.stderr.decode("utf-8", "replace").strip().splitlines() or ["failed"]
        place = re.match(r"<stdin>:(\d+)(?::\d+)?: ", reason[0])  # its line; no column
        said = f"{source}:{place[1]}: {reason[0][place.end() :]}" if place else reason[0]
        raise CatalogueError(said.replace("<stdin>", str(source), 1))
    return result.stdout


def render(
    catalogue: Catalog, *, no_location: bool = False, source: object = "<catalogue>"
) -> bytes:
    """The ``.po`` text of ``catalogue`` in GNU gettext's layout, obsolete entries kept."""
    return gnu_layout(po.write(catalogue, no_location=no_location), source)


def update(
    po_path: Path,
    template: Catalog,
    locale: str = "fr",
    finish: Callable[[bytes], bytes] | None = None,
) -> tuple[int, int]:
    """Merge ``template`` into ``po_path``; return (messages, untranslated or fuzzy).

    ``finish`` may rewrite the text before it is written (``./dev update-po`` drops format flags
    there, so that no run ever leaves a catalogue half-tidied); the file is replaced atomically."""
    if po_path.exists():
        catalogue = read_catalogue(po_path, locale)
    else:
        catalogue = Catalog(locale=locale, project=HEADER["Project-Id-Version"], fuzzy=False)
    created, revised = catalogue.creation_date, catalogue.revision_date
    merge(catalogue, template)
    for message in catalogue:
        # Babel guesses "50%" is a format string; the engine's messages use str.format only.
        message.flags.discard("python-format")
    if po_path.exists():  # keep the header still, so that an update without changes changes nothing
        catalogue.creation_date, catalogue.revision_date = created, revised
    catalogue.fuzzy = False
    catalogue.last_translator = HEADER["Last-Translator"]
    catalogue.language_team = HEADER["Language-Team"]
    data = render(catalogue, no_location=True, source=po_path)
    write_atomically(po_path, finish(data) if finish else data)
    pending = sum(1 for m in catalogue if m.id and (not m.string or m.fuzzy))
    return len([m for m in catalogue if m.id]), pending


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqtranslate.catalogue",
        description="Extract translatable strings and update (or check) a French catalogue.",
    )
    parser.add_argument("action", choices=["update", "check"])
    parser.add_argument("--package", type=Path, default=PACKAGE, help="folder to extract from")
    parser.add_argument("--domain", default="nqcore", help="catalogue name (<domain>.po)")
    parser.add_argument("--keyword", action="append", help="marker function (default N_)")
    args = parser.parse_args(argv)
    package: Path = args.package.resolve()
    path = catalogue_file(package / "locale", "fr", args.domain)
    keywords = {k: None for k in args.keyword} if args.keyword else None
    template = extract(package, keywords)
    if args.action == "check":
        known = _ids(path)
        missing = [m.id for m in template if m.id and (m.id, m.context) not in known]
        for message in missing:
            print(f"{path}: message not in the catalogue: {message!r}", file=sys.stderr)
        return 1 if missing else 0
    try:
        total, pending = update(path, template)
    except CatalogueError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"{path}: {total} messages, {pending} to translate")
    return 0


def _ids(po_path: Path) -> set[tuple[str, str | None]]:
    """The (msgid, msgctxt) of every message of ``po_path``."""
    if not po_path.exists():
        return set()
    return {(str(m.id), m.context) for m in po.read(po_path.read_bytes(), strict=False) if m.id}


if __name__ == "__main__":
    raise SystemExit(main())
