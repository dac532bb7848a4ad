"""``./dev update-po``: every catalogue brought in step with the English, in one locked run.

The steps: Sphinx's gettext builder writes the pages' templates (``.pot``); each page catalogue
(``locale/fr/LC_MESSAGES/<page>.po``) is merged from its template as ``sphinx-intl update`` did
(written only when its set of messages changes); the engine, extension, examples
and print catalogues are extracted and merged (:mod:`nqtranslate.catalogue`), then the theme's
(:mod:`nqtranslate.theme_words`); :mod:`nqtranslate.tidy` drops format flags and lays
every catalogue out as GNU ``msgcat`` does (79 columns), so that msgcat, msgmerge and Poedit agree
with it byte for byte.

No translation is ever lost: a message used again comes back with its obsolete translation
(:func:`nqtranslate.catalogue.merge`); every file is replaced atomically
(:func:`nqcore.atomic.write_atomically`), tidied before it is written; and the whole run holds an
exclusive lock (``locale/.update-po.lock``, :mod:`nqcore.locks`), so that two runs never
interleave: the second waits.

Usage: ``python -m nqtranslate.update [--pot-dir _build/gettext] [--wait SECONDS]``
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from sphinx.cmd.build import build_main

from nqcore.atomic import remove_leftovers, write_atomically
from nqcore.i18n import LANGUAGES, ROOT, SOURCE_LANGUAGE
from nqcore.locks import Busy, exclusive_lock
from nqtranslate.catalogue import (
    CatalogueError,
    catalogue_file,
    extract,
    merge,
    read_catalogue,
    render,
    update,
)
from nqtranslate.due import EXTRACTED
from nqtranslate.theme_words import catalogue_path, missing_from_sphinx
from nqtranslate.tidy import keeps_flags, tidied, tidy

#: The translated languages of the repository (its engine catalogues, nqcore/locale/<lang>/);
#: one from NQ_LOCALE_PATH (the test suite's pseudo language) is not the repository's.
TRANSLATED = tuple(
    lang
    for lang in LANGUAGES
    if lang != SOURCE_LANGUAGE and (ROOT / "nqcore" / "locale" / lang).is_dir()
)
LOCK = ROOT / "locale" / ".update-po.lock"
#: The gettext templates' fixed date, so that an update without changes changes nothing.
SOURCE_DATE_EPOCH = "1195603200"
#: Folders of the catalogues: each is tidied (GNU layout, no format flags) whenever it is written.
TIDIED = ("locale", "nqcore/locale", "nqsphinx/locale", "nqprint/locale", "examples/locale")


class UpdateError(Exception):
    """A reason to stop, told in one line."""


def write_templates(pot_dir: Path) -> None:
    """The pages' gettext templates, as ``make gettext`` writes them (in this process, so that
    killing the run kills the build too, and the lock covers it)."""
    os.environ["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
    argv = ["-q", "-E", "-b", "gettext", "-c", str(ROOT), str(ROOT / "docs"), str(pot_dir)]
    if build_main(argv) != 0:
        raise UpdateError(f"the gettext build into {pot_dir} failed (see above)")


#: Translations by (msgid, context), from the other catalogues of a language's pages.
Known = dict[tuple[str, str | None], str]


def update_page(po_path: Path, pot_path: Path, lang: str, known: Known | None = None) -> str:
    """Merge a page's template into its catalogue; return "create", "update" or "notchanged".

    A new catalogue's header is not fuzzy (the build refuses a fuzzy header), and each of its
    messages that another catalogue of the language translates gets that translation, as
    msgmerge's compendium gives it: a renamed page keeps its French (attack round twenty)."""
    template = read_catalogue(pot_path)
    if not po_path.exists():
        template.locale = lang
        template.fuzzy = False
        for message in template:
            if message.id and (found := (known or {}).get((str(message.id), message.context))):
                message.string = found
        write_atomically(po_path, tidied(render(template, source=po_path), po_path))
        return "create"
    catalogue = read_catalogue(po_path)
    before = {message.id for message in catalogue if message.id}
    merge(catalogue, template)
    if {message.id for message in catalogue if message.id} == before:
        return "notchanged"  # as sphinx-intl: no rewrite for a catalogue with the same messages
    write_atomically(po_path, tidied(render(catalogue, source=po_path), po_path))
    return "update"


def known_translations(folder: Path) -> Known:
    """Every translated, non-fuzzy message of the catalogues in ``folder``."""
    known: Known = {}
    for path in sorted(folder.rglob("*.po")):
        for message in read_catalogue(path):
            if message.id and message.string and not message.fuzzy:
                known.setdefault((str(message.id), message.context), str(message.string))
    return known


def _shown(path: Path) -> Path:
    """A catalogue's path as a contributor names it: from the checkout, when it is in it."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def _a_page(template: Path) -> bool:
    """Whether a template of the gettext build is a page's: one left from a page renamed or
    removed (the build never deletes it) would keep, or make, a catalogue no page has."""
    return (ROOT / "docs" / template).with_suffix(".md").is_file()


def update_pages(pot_dir: Path, locale_dir: Path, lang: str) -> None:
    counts = {"create": 0, "update": 0, "notchanged": 0}
    folder = locale_dir / lang / "LC_MESSAGES"
    pages = {
        pot.relative_to(pot_dir).with_suffix(".po")
        for pot in pot_dir.rglob("*.pot")
        if _a_page(pot.relative_to(pot_dir))
    }
    known = known_translations(folder) if any(not (folder / p).exists() for p in pages) else {}
    for page in sorted(pages):
        po_path = folder / page
        outcome = update_page(po_path, pot_dir / page.with_suffix(".pot"), lang, known)
        counts[outcome] += 1
        if outcome != "notchanged":
            print(f"{outcome.capitalize()}: {_shown(po_path)}")
    for orphan in sorted(folder.rglob("*.po")):
        if orphan.relative_to(folder) not in pages:
            print(
                f"warning: {_shown(orphan)}: no page has this catalogue (renamed or "
                "deleted?): its translations go to new pages' catalogues; delete it once the "
                "page it belonged to is translated again",
                file=sys.stderr,
            )
    print(
        f"page catalogues: {counts['update']} updated, {counts['create']} created, "
        f"{counts['notchanged']} unchanged"
    )


def update_extracted(lang: str) -> None:
    """The engine, extension, examples and print catalogues, then the theme's."""
    for package, domain, keywords in EXTRACTED:
        po_path = catalogue_file(ROOT / package / "locale", lang, domain)
        template = extract(ROOT / package, keywords)
        _report(po_path, update(po_path, template, lang, _finish(po_path)))
    theme = catalogue_path(lang)
    _report(theme, update(theme, missing_from_sphinx(lang), lang, _finish(theme)))


def _finish(po_path: Path) -> Callable[[bytes], bytes]:
    """What po_tidy would do to ``po_path`` after the merge, done before it is written."""
    return lambda data: tidied(data, po_path, keep_flags=keeps_flags(po_path))


def _report(po_path: Path, counts: tuple[int, int]) -> None:
    print(f"{po_path.relative_to(ROOT)}: {counts[0]} messages, {counts[1]} to translate")


def tidy_all() -> None:
    for folder in TIDIED:
        for po_path in sorted((ROOT / folder).rglob("*.po")):
            if tidy(po_path):
                print(f"tidied {po_path.relative_to(ROOT)}")


def run(pot_dir: Path) -> None:
    """Every step, in order; the caller holds the lock."""
    for folder in TIDIED:
        for leftover in remove_leftovers(ROOT / folder):
            print(f"removed {leftover.relative_to(ROOT)}, left by an interrupted run")
    write_templates(pot_dir)
    for lang in TRANSLATED:
        update_pages(pot_dir, ROOT / "locale", lang)
        update_extracted(lang)
    tidy_all()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqtranslate.update",
        description="Bring every translated catalogue in step with the English sources.",
    )
    parser.add_argument("--pot-dir", type=Path, default=ROOT / "_build" / "gettext")
    parser.add_argument(
        "--wait", type=float, default=600, help="seconds to wait for another run (default 600)"
    )
    args = parser.parse_args(argv)
    try:
        with exclusive_lock(LOCK, args.wait, "update-po"):
            run(args.pot_dir.resolve())
    except (UpdateError, Busy) as error:
        print(f"update-po: {error}", file=sys.stderr)
        return 1
    except CatalogueError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
