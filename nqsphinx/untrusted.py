"""Sources and catalogues cannot make the build read a file, run a script or fetch anything.

- Before a translated build reads a page, every catalogue of its language is checked
  (:mod:`nqtranslate.guard`): one that any two readers of the pipeline would read differently,
  or whose translations add markup, change placeholders or would be dropped by Sphinx,
  stops the build naming file and line; missing, empty or fuzzy page catalogues, and engine
  messages without a translation, are warned about.  Each compiled ``.mo`` of the language is
  made what its checked ``.po`` compiles to: Sphinx would use a newer one unchecked.
- No source can pull a file in or publish raw output: file insertion (``include``,
  ``literalinclude``, ``csv-table :file:``/``:url:``, ``raw :file:``) and the ``raw`` directive and
  role are switched off, and raw HTML in a page stops the build. The rulebook uses none of them;
  the extension's own SVG and LaTeX are made by code (:func:`generated_raw`), never parsed.
- Images must be files inside ``docs/``: a remote or outside image stops the build before the
  LaTeX builder would download or copy it.
"""

from __future__ import annotations

import gettext
import hashlib
import json
import os
import re
import sys
from pathlib import Path

import sphinx
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from nqcore.catalogue_check import file_problem
from nqcore.data.datafiles import DataFileError
from nqcore.i18n import locale_dirs
from nqsphinx.refusals import Refused
from nqtranslate import guard as catalogue_guard
from nqtranslate import name_clashes
from nqtranslate.catalogue import PACKAGE, data_inputs
from nqtranslate.cited_rules import cited_rule_findings
from nqtranslate.data_french import data_findings
from nqtranslate.due import missing_warnings
from nqtranslate.engine_coverage import untranslated_warnings
from nqtranslate.kept_results import files_digest, kept_in
from nqtranslate.python_sources import SourceError

GENERATED = "nq_generated"
#: Beside the doctrees: the catalogues found clean, by digest (:func:`_verify`).
CHECKED_FILE = "nq-catalogues-checked.json"


logger = logging.getLogger(__name__)


def generated_raw(text: str, output_format: str) -> nodes.raw:
    """Raw output made by the extension's own code from engine data (escaped there)."""
    node = nodes.raw("", text, format=output_format)
    node[GENERATED] = True
    return node


def _harden_settings(app: Sphinx) -> None:
    app.env.settings["file_insertion_enabled"] = False
    app.env.settings["raw_enabled"] = False
    check_sphinx_words(app)
    check_catalogues(app)


#: Sphinx's own catalogues: a language it has one for takes its words from there.
SPHINX_LOCALE = Path(sphinx.__file__).parent / "locale"


def check_sphinx_words(app: Sphinx) -> None:
    """Sphinx loaded its own words before any extension ran, from a ``sphinx.mo`` of the
    project's locale folders first: stop if one came from anywhere but a checked ``sphinx.po``
    (the guard checks its text) of a language Sphinx has no catalogue for."""
    folders = _locale_folders(app)
    roots = [*folders, *(f for root in catalogue_guard.PACKAGE_LOCALES for f in locale_dirs(root))]
    _stop(
        stray_folder_findings(roots) + sphinx_words_findings(app.config.language or "en", folders)
    )


def stray_folder_findings(folders: list[Path]) -> list[catalogue_guard.Finding]:
    """Every folder of a locale folder but the project's languages', and any gettext reads for
    a language before that language's own: for ``fr`` it reads ``fr_FR.ISO8859-1/``,
    ``fr_FR/`` and ``fr.ISO8859-1/`` before ``fr/`` (``en_US/`` for the English pages), so a
    compiled catalogue there stood for the checked one, unseen by every check."""
    from nqcore.i18n import LANGUAGES

    before = {name for lang in LANGUAGES for name in read_before(lang)}
    findings = []
    for folder in folders:
        for found in sorted(folder.iterdir()) if folder.is_dir() else []:
            if not (found.is_dir() or found.is_symlink()):
                continue
            if found.name in before:
                why = "a catalogue folder gettext reads before its language's own: delete it"
            elif found.name not in LANGUAGES:
                why = f"a catalogue folder of no language of the project ({', '.join(LANGUAGES)})"
                why += ": delete it"
            else:
                continue
            findings.append(catalogue_guard.Finding(found, 1, why))
    return findings


def read_before(lang: str) -> list[str]:
    """The folders Python's gettext looks in for ``lang`` before ``lang/`` itself: the variants
    of its locale name, territory, codeset and modifier (``fr`` is ``fr_FR.ISO8859-1``)."""
    import locale
    import re

    parts = re.fullmatch(r"([^_.@]+)(_[^.@]*)?(\.[^@]*)?(@.*)?", locale.normalize(lang))
    if parts is None:
        return []
    language, territory, codeset, modifier = (part or "" for part in parts.groups())
    variants: list[str] = []
    for mask in range(8):  # gettext's order: each combination, the most specific first
        name = language + (territory if mask & 2 else "") + (codeset if mask & 1 else "")
        name += modifier if mask & 4 else ""
        if name not in variants:
            variants.insert(0, name)
    return variants[: variants.index(lang)] if lang in variants else variants


def sphinx_words_findings(lang: str, folders: list[Path]) -> list[catalogue_guard.Finding]:
    """A ``sphinx.po`` of a language Sphinx translates itself (English included), and a
    ``sphinx.mo`` that is not what Sphinx compiled from a ``sphinx.po`` the build uses."""
    ships = lang == "en" or gettext.find("sphinx", str(SPHINX_LOCALE), [lang]) is not None
    findings = []
    for folder in folders:
        source = folder / lang / "LC_MESSAGES" / "sphinx.po"
        compiled = source.with_suffix(".mo")
        if ships and (source.exists() or source.is_symlink()):
            why = f"Sphinx has its own catalogue for {lang!r}, which it uses: delete this file"
            findings.append(catalogue_guard.Finding(source, 1, why))
        if compiled.exists() or compiled.is_symlink():
            usable = source.is_file() and not source.is_symlink()
            wanted = _compiled(source, lang) if usable else None
            regular = compiled.is_file() and not compiled.is_symlink()
            ours = wanted is not None and regular and _same_compiled(compiled.read_bytes(), wanted)
            if ours and ships:  # Sphinx's from the refused .po: it goes with it (attacker
                compiled.unlink()  # round 20: then the next build blamed it, the .po gone)
            elif not ours:
                why = "a compiled catalogue not made by the build from its checked .po (the "
                why += "build compiles every catalogue itself): delete this file"
                findings.append(catalogue_guard.Finding(compiled, 1, why))
    return findings


def check_catalogues(app: Sphinx) -> None:
    """Stop on a refused page catalogue; warn of the missing, empty and fuzzy ones.  At the
    start of a build, and before each build of the resident builder (nqsphinx.site.live),
    whose application lives on.  A module the engine's messages are extracted from that is not
    UTF-8 stops the build in one line too."""
    try:
        _check_catalogues(app)
    except (SourceError, DataFileError) as error:
        raise Refused(str(error)) from None


def _check_catalogues(app: Sphinx) -> None:
    lang = app.config.language or "en"
    if lang == SOURCE_LANGUAGE:
        checked = Path(app.doctreedir) / CHECKED_FILE
        _stop(source_language_findings(_locale_folders(app)) + published_findings(checked))
        return
    page_locale = _page_locale(app)
    # Checked first: compiling reads a catalogue with Babel, which prints its own warnings
    # about a line GNU reads (at the line before the faulty one) where the guard names it.
    _stop_on_bad_catalogues(lang, Path(app.doctreedir) / CHECKED_FILE, page_locale)
    remove_compiled(lang, _locale_folders(app))
    with kept_in(Path(app.doctreedir)):  # the next build of this folder finds them there
        _warn_of_english(app, lang, page_locale)


def _warn_of_english(app: Sphinx, lang: str, page_locale: Path) -> None:
    """Print what a reader of ``lang`` sees in English: page and package catalogues, the
    engine's messages, the data's French fields, the rules the answers cite."""
    pages = [_page(path, Path(app.srcdir)) for path in Path(app.srcdir).rglob("*.md")]
    warnings = catalogue_guard.page_warnings(lang, [p for p in pages if p], page_locale)
    site = catalogue_guard.package_warnings(lang, catalogue_guard.SITE_DOMAINS)
    site += missing_warnings(lang, SITE_ENTRIES)  # the engine's: untranslated_warnings
    site += [str(english) for english in data_findings(lang)]  # docs/_data's French fields
    site += [str(cited) for cited in cited_rule_findings(lang)]  # the rule an answer names
    for warning in warnings + untranslated_warnings(lang) + site:
        print(warning, file=sys.stderr)


#: The site's catalogues whose missing entries the build names (:mod:`nqtranslate.due`; the
#: engine's it names at their data line, :func:`untranslated_warnings`).
SITE_ENTRIES = tuple(d for d in catalogue_guard.SITE_DOMAINS if d != "nqcore")
#: The language of the sources: its pages are never translated.
SOURCE_LANGUAGE = "en"


def source_language_findings(folders: list[Path]) -> list[catalogue_guard.Finding]:
    """Every catalogue, written or compiled, for the language of the sources: Sphinx would apply
    it to the English pages, which no check reads as a translation (``sphinx.po`` and
    ``sphinx.mo`` have their own findings, :func:`sphinx_words_findings`)."""
    findings = []
    for folder in folders:
        messages = folder / SOURCE_LANGUAGE / "LC_MESSAGES"
        for found in sorted(messages.rglob("*")) if messages.is_dir() else []:
            if found.stem == "sphinx" or found.suffix not in (".po", ".mo"):
                continue
            why = "a catalogue for English, the language of the sources, which is never "
            why += "translated: delete this file"
            findings.append(catalogue_guard.Finding(found, 1, why))
    return findings


def _page_locale(app: Sphinx) -> Path:
    """The pages' catalogues of the project being built: its first ``locale_dirs`` (the
    rulebook's ``../locale/``), so that another project's pages are checked, not ours."""
    first: str = (app.config.locale_dirs or ["locales"])[0]
    return (Path(app.srcdir) / first).resolve()


def _locale_folders(app: Sphinx) -> list[Path]:
    """Every ``locale_dirs`` folder of the project being built, with its NQ_LOCALE_PATH twins."""
    folders = [(Path(app.srcdir) / d).resolve() for d in app.config.locale_dirs or []]
    return [twin for folder in folders for twin in locale_dirs(folder)]


def remove_compiled(lang: str, folders: list[Path]) -> None:
    """Make every compiled ``.mo`` of ``lang`` in ``folders`` what Sphinx compiles from its
    checked ``.po``: Sphinx would use one newer than its ``.po`` as it is, unchecked.  One
    without a ``.po`` is deleted; one that differs is replaced at once (never deleted: a build
    running beside this one, ``make -j2``, may be reading it).  They are build products."""
    for folder in folders:
        for compiled in sorted((folder / lang / "LC_MESSAGES").rglob("*.mo")):
            source = compiled.with_suffix(".po")
            wanted = _compiled(source, lang) if source.is_file() else None
            if wanted is None:
                compiled.unlink(missing_ok=True)
            elif compiled.read_bytes() != wanted:
                temporary = compiled.with_name(f".{compiled.name}.{os.getpid()}")
                temporary.write_bytes(wanted)
                temporary.replace(compiled)


#: The header line Babel dates to the minute it compiles a ``.po`` that names no creation date.
_CREATION_DATE = re.compile(rb"POT-Creation-Date: \d{4}-\d\d-\d\d \d\d:\d\d[+-]\d{4}\n")


def _same_compiled(found: bytes, wanted: bytes) -> bool:
    """Whether ``found`` is ``wanted`` compiled at another minute (CI: Sphinx compiled the
    ``.mo`` at 12:59, the check at 13:00), the same length and every other byte alike."""
    stamp = b"POT-Creation-Date: 0000-00-00 00:00+0000\n"
    return _CREATION_DATE.sub(stamp, found, count=1) == _CREATION_DATE.sub(stamp, wanted, count=1)


def _compiled(source: Path, lang: str) -> bytes | None:
    """The ``.mo`` Sphinx writes for ``source`` (sphinx.util.i18n.CatalogInfo.write_mo)."""
    from nqcore import po

    try:
        catalogue = po.read(source.read_text(encoding="utf-8"), locale=lang, strict=False)
    except Exception:  # noqa: BLE001 - whatever babel refuses, the guard names; Sphinx skips
        return None
    return po.compiled(catalogue)


#: The checker's code: the guard and the modules it reads and compares catalogues with (the
#: engine's checks too, which the guard shares with the engine's reader), and the data files
#: whose names it compares, from the project's root.
GUARD_MODULES = (
    *(f"nqtranslate/{name}.py" for name in ("guard", "reading", "formats", "structure")),
    *(f"nqtranslate/{name}.py" for name in ("sphinx_words", "disguise", "site_words")),
    "nqcore/catalogue_check.py",
    "nqcore/catalogue_header.py",
    "nqcore/characters.py",
    # Two names of one kind translated alike: the names are the data's (name_clashes).
    "nqtranslate/name_clashes.py",
    "nqcore/name_clashes.py",
    "nqcore/army/lookalikes.py",
    "nqcore/army/names.py",
    "nqcore/data/confusables.toml",
    *sorted({f"nqcore/{file}" for file, _ in name_clashes.NAME_KINDS}),
)


def _digest(path: Path) -> str:
    """What a catalogue's check depends on: its bytes and the checker's code."""
    root = Path(catalogue_guard.__file__).parents[1]
    code = b"\0".join((root / name).read_bytes() for name in GUARD_MODULES)
    return hashlib.sha256(code + b"\0" + path.read_bytes()).hexdigest()


def published_findings(checked: Path) -> list[catalogue_guard.Finding]:
    """The English build publishes words of every other language's engine and extension
    catalogues (the army's profile names in each language, the start page, the service worker's
    offline page): each is checked as that language's build checks it (attack round twenty:
    what the French build refused, the English one published, escaped)."""
    paths = [
        path
        for locale in catalogue_guard.PACKAGE_LOCALES
        for folder in locale_dirs(locale)
        for path in sorted(folder.glob("*/LC_MESSAGES/*.po"))
        if path.parents[1].name != SOURCE_LANGUAGE
    ]
    return _verify_paths(paths, checked)


def _verify(
    lang: str, checked: Path, page_locale: Path | None = None
) -> list[catalogue_guard.Finding]:
    """``catalogue_guard.verify(lang)``, skipping the catalogues found clean by an earlier build
    with the same bytes (listed in ``checked``, beside the doctrees): a build after an edit of
    one page checks one catalogue, not all of them."""
    return _verify_paths(catalogue_guard.catalogues(lang, page_locale), checked)


#: The catalogues this process found clean, by path and the engine's data: their digest.  The
#: extension's tests build the tiny rulebook tens of times in one process, each in a new folder.
_CLEAN_HERE: dict[tuple[str, str], str] = {}


def _verify_paths(paths: list[Path], checked: Path) -> list[catalogue_guard.Finding]:
    try:
        known = json.loads(checked.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    findings, clean = [], {}
    names = files_digest(data_inputs(PACKAGE))  # the engine's names (name_clashes)
    for path in paths:
        digest = "" if file_problem(path) else _digest(path)
        fresh = digest and digest in (known.get(str(path)), _CLEAN_HERE.get((str(path), names)))
        found = [] if fresh else catalogue_guard.check_catalogue(path)
        findings += found
        if not found:
            clean[str(path)] = _CLEAN_HERE[str(path), names] = digest
    checked.parent.mkdir(parents=True, exist_ok=True)
    checked.write_text(json.dumps(clean, indent=0, sort_keys=True), encoding="utf-8")
    return findings


def _stop_on_bad_catalogues(lang: str, checked: Path, page_locale: Path) -> None:
    """Name every error, then stop before anything is read: no traceback, exit status 2."""
    _stop(_verify(lang, checked, page_locale))


def _stop(findings: list[catalogue_guard.Finding]) -> None:
    for finding in findings:
        logger.error(finding.what, location=f"{finding.path}:{finding.line}")
    if findings:
        print(
            f"Refused input: {len(findings)} catalogue error(s); nothing was built.",
            file=sys.stderr,
        )
        raise SystemExit(2)


def _page(path: Path, srcdir: Path) -> str:
    relative = path.relative_to(srcdir)
    if relative.parts[0].startswith("_") or path.name == "conftest.md":
        return ""
    return relative.with_suffix("").as_posix()


def image_problem(uri: str, docname: str, srcdir: Path) -> str:
    """Why an image URI is refused ('' when it is a file of the project's sources)."""
    if "://" in uri or uri.startswith(("//", "data:")):
        return f"image {uri!r} is not a file of the project (remote images are refused)"
    if uri.startswith("/"):
        target = srcdir / uri.lstrip("/")
    else:
        target = srcdir / Path(docname).parent / uri
    if not target.resolve().is_relative_to(srcdir.resolve()):
        return f"image {uri!r} is outside docs/"
    return ""


def _check_images(app: Sphinx, doctree: nodes.document) -> None:
    docname = app.env.docname
    # a list first: refusing a node removes it, and a walk of the tree as it changes skipped
    # the block after a refused image (attacker round 20: /etc/hostname copied in _images/)
    for image in list(doctree.findall(nodes.image)):
        uri = image.get("uri", "")
        problem = image_problem(uri, docname, Path(app.srcdir))
        if problem:
            refuse(app, image, problem)


def nodenode_line(node: nodes.Node) -> int:
    """The nearest line of ``node`` (MyST gives inline images no line of their own)."""
    current: nodes.Node | None = node
    while current is not None and not current.line:
        current = current.parent
    return int(current.line) if current is not None and current.line else 0


def refuse(app: Sphinx, node: nodes.Element, problem: str) -> None:
    """An error at the page's file and line (the -W build fails); the node is not published
    (nor, so, listed by a collector for copying)."""
    location = (app.env.docname, nodenode_line(node))  # Sphinx turns the docname into its file
    logger.error(problem, location=location, type="nq", subtype="refused")
    if node.parent is not None:
        node.parent.remove(node)


def _check_raw(app: Sphinx, doctree: nodes.document) -> None:
    for raw in list(doctree.findall(nodes.raw)):  # a list: refusing removes (_check_images)
        if not raw.get(GENERATED):
            shown = raw.astext().strip().splitlines()[0][:60] if raw.astext().strip() else ""
            problem = f"raw {raw.get('format', '')} output is refused (no HTML or LaTeX in the "
            refuse(app, raw, problem + f"sources): {shown!r}")


def _check_styles(app: Sphinx, doctree: nodes.document) -> None:
    """A style attribute a page gives an element (sphinx-design's ``{div}`` ``:style:``) is
    refused: the e-book, which no Content-Security-Policy guards, loaded a remote image from one
    and covered the page (attacker round 39). The attribute is dropped, its content kept."""
    for node in doctree.findall(nodes.Element):
        if "style" in node.attributes:
            style = str(node.attributes.pop("style"))[:60]
            location = (app.env.docname, nodenode_line(node))
            problem = f"a style attribute is refused (the theme styles every page): {style!r}"
            logger.error(problem, location=location, type="nq", subtype="refused")


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _harden_settings)
    app.connect("doctree-read", _check_images, priority=100)
    app.connect("doctree-read", _check_raw, priority=100)
    app.connect("doctree-read", _check_styles, priority=100)
