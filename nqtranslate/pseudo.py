"""A pseudo language: every message of every catalogue, accented and bracketed.

``"Close Combat"`` becomes ``"⁅Ćľōśé Ćōṁƀàţ⁆"``: still readable, yet no ASCII letter is left, so any
English a page shows in that language is a word that bypassed the catalogues (hard-coded in the
extension, the engine or the templates).  Markup, roles' targets, inline code, links' addresses,
placeholders (``{name}``, ``%s``, ``%(title)s``) and numbers are kept exactly, so the pseudo
catalogues build like a real translation.  The test suite writes them into a scratch folder laid
out like the repository (``python -m nqtranslate.pseudo OUT``) and builds that language
(``tests/site/test_pseudo_language.py``); nothing generated here is committed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import sphinx

from nqcore import po
from nqcore.data import datafiles
from nqcore.i18n import ROOT
from nqcore.po import Catalog

#: The pseudo language's code (ISO 639's "qps" is reserved for local use, as Windows' qps-ploc).
PSEUDO = "qps"
#: The language whose catalogues list every msgid.
SOURCE = "fr"
#: Every catalogue folder of the repository: the pages', the engine's, the extension's (its words
#: and the theme's), the examples' and the print products'.
LOCALE_DIRS = ("locale", "nqcore/locale", "nqsphinx/locale", "examples/locale", "nqprint/locale")
#: Sphinx's own words (headings' permalinks, "Note", the search box): a language Sphinx ships
#: gets them from Sphinx; the pseudo language from a catalogue of the same domain beside its pages.
SPHINX_TEMPLATE = Path(sphinx.__file__).parent / "locale" / "sphinx.pot"
#: The glossary's terms, whose other languages' fields a language adds in its own file.
GLOSSARY = Path("docs") / "_data" / "glossary.toml"
OPEN, CLOSE = "⁅", "⁆"
ENGLISH_PLURALS = "nplurals=2; plural=(n != 1);"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "àƀçďéƒĝĥîĵķľṁñōþǫŕśţûṽŵẍýžÀḂÇĎÉƑĜĤÎĴĶĽṀÑŌÞǪŔŚŢÛṼŴẌÝŽ"
LETTERS = str.maketrans(_PLAIN, _ACCENTED)

#: The role whose content is a kind kept exactly, then extra entries (`` | `` apart) each written
#: ``words <label>`` (:mod:`nqsphinx.directives.entity_lists`): only the entries' words are text.
ENTITY_LIST_ROLE = "nq-entities"

#: Spans kept exactly: the entity list role but its entries' words; a role with an explicit
#: title keeps its name and target (group ``title`` is translated), other roles keep their content
#: (a label, a key, a page); inline code; a link's address; HTML tags and entities; placeholders
#: (also strftime's, in Sphinx's date formats); backslash escapes; footnotes.
_KEPT = re.compile(
    r"""
      (?P<list_open>\{"""
    + ENTITY_LIST_ROLE
    + r"""\}`)(?P<list_body>[^`]*)`
    | (?P<role_open>\{[\w:.+-]+\}`)(?P<title>[^`<]*?)(?P<target>\s*<[^`<>]*>)(?P<role_close>`)
    | \{[\w:.+-]+\}`[^`]*`
    | (?P<ticks>`+).+?(?P=ticks)
    | (?P<link_open>\[)(?P<link_text>[^\[\]]*)(?P<link_close>\]\([^()\s]*\))
    | \[\^[\w-]+\]
    | <(?:https?://|mailto:)[^>\s]*>
    | https?://[^\s)>\]]+
    | </?[a-zA-Z][\w-]*(?:\s+[\w:-]+(?:="[^"]*")?)*\s*/?>
    | &(?:\#\d+|\w+);
    | \{\{.*?\}\}
    | \{[\w.]*(?:![rsa])?(?::[^{}]*)?\}
    | %(?:\([\w]+\))?[-+#0]*\d*(?:\.\d+)?[sdifr%]
    | %[aAbBHIjmMpSUwWxXyYZz]
    | \\.
    """,
    re.VERBOSE | re.DOTALL,
)


def accent(text: str) -> str:
    """Every ASCII letter of ``text`` replaced by an accented look-alike."""
    return text.translate(LETTERS)


def _pieces(text: str) -> Iterator[str]:
    """``text`` with its prose accented and its kept spans as they are."""
    position = 0
    for match in _KEPT.finditer(text):
        yield accent(text[position : match.start()])
        if match.group("list_open"):
            yield match["list_open"] + _entity_list(match["list_body"]) + "`"
        elif match.group("role_open"):
            yield match["role_open"] + accent(match["title"]) + match["target"] + "`"
        elif match.group("link_open"):
            yield "[" + pseudo(match["link_text"], bracket=False) + match["link_close"]
        else:
            yield match.group()
        position = match.end()
    yield accent(text[position:])


def _entity_list(body: str) -> str:
    """The entity list role's content with its kind and labels kept, its entries' words accented."""
    kind, *extras = body.split("|")
    entries = [
        accent(words) + bracket + label
        for words, bracket, label in (extra.partition("<") for extra in extras)
    ]
    return "|".join([kind, *entries])


def pseudo(text: str, bracket: bool = True) -> str:
    """The pseudo translation of one message; its leading and trailing blanks stay outside."""
    core = text.strip()
    if not core:
        return text
    start = text.index(core)
    body = "".join(_pieces(core))
    if bracket:
        body = OPEN + body + CLOSE
    return text[:start] + body + text[start + len(core) :]


def pseudo_catalogue(source: Catalog, lang: str = PSEUDO) -> Catalog:
    """Every message of ``source`` (its msgids, whatever its translations), pseudo-translated."""
    catalogue = Catalog(
        locale=lang,
        domain=source.domain,
        project=source.project,
        creation_date=source.creation_date,
        revision_date=source.creation_date,
        last_translator="nqtranslate.pseudo",
        language_team="Pseudo language (test suite)",
        fuzzy=False,
    )
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            string: str | tuple[str, ...] = tuple(pseudo(str(form)) for form in message.id)
        else:
            string = pseudo(str(message.id))
        added = catalogue.add(message.id, string, context=message.context)
        added.flags.clear()  # babel guesses python-format from a "%": msgfmt would check it
    return catalogue


class PseudoError(ValueError):
    """A catalogue that cannot be read; the message names its file."""


def source_catalogues(root: Path = ROOT, source: str = SOURCE) -> Iterator[Path]:
    """Every catalogue of ``source`` in the repository's locale folders."""
    for folder in LOCALE_DIRS:
        yield from sorted((root / folder / source / "LC_MESSAGES").glob("*.po"))


def write_pseudo(out: Path, root: Path = ROOT, lang: str = PSEUDO) -> list[Path]:
    """Write the pseudo twin of every catalogue under ``out``, laid out like ``root``, with
    Sphinx's own words and the glossary's terms; the list of the twins."""
    written = []
    sphinx_words = out / LOCALE_DIRS[0] / lang / "LC_MESSAGES" / "sphinx.po"
    for path, target in [*_targets(out, root, lang), (SPHINX_TEMPLATE, sphinx_words)]:
        try:
            source = po.read(path.read_bytes(), where=str(path))
        except po.CatalogueSyntaxError as error:
            raise PseudoError(str(error)) from None
        if path == SPHINX_TEMPLATE:
            source = _page_words(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_po_text(pseudo_catalogue(source, lang)), encoding="utf-8")
        written.append(target)
    written.pop()  # Sphinx's, not one of the repository's
    # nqsphinx.directives.glossary.LANGUAGE_FILE
    glossary = out / LOCALE_DIRS[0] / lang / "glossary.toml"
    glossary.write_text(pseudo_glossary(root / GLOSSARY, lang), encoding="utf-8")
    return written


def _page_words(catalogue: Catalog) -> Catalog:
    """Sphinx's words that pages can show: its messages of several lines or with HTML are the
    console's or of extensions this project does not use (and their markup is not MyST)."""
    for message in list(catalogue):
        text = "".join(message.id) if isinstance(message.id, tuple | list) else str(message.id)
        if message.id and ("\n" in text or "<" in text):
            catalogue.delete(message.id, message.context)
    return catalogue


def _po_text(catalogue: Catalog) -> str:
    """The catalogue as a file; babel writes no plural forms for a locale it does not know."""
    written = po.write(catalogue, width=0)
    language = f'"Language: {catalogue.locale_identifier}\\n"\n'
    plurals = f'"Plural-Forms: {ENGLISH_PLURALS}\\n"\n'
    text = written.decode("utf-8")
    return text if "Plural-Forms" in text else text.replace(language, language + plurals, 1)


def _targets(out: Path, root: Path, lang: str) -> Iterator[tuple[Path, Path]]:
    for path in source_catalogues(root):
        relative = path.relative_to(root)
        yield path, out / relative.parents[2] / lang / "LC_MESSAGES" / path.name


def pseudo_glossary(path: Path, lang: str = PSEUDO) -> str:
    """The glossary's terms in the pseudo language: names accented (unbracketed, as they are
    found in the text), definitions pseudo-translated."""
    lines = []
    glossary = datafiles.parse(path.read_text(encoding="utf-8"), str(path), None)
    for record in glossary.get("term", []):
        fields = {"key": record["key"], lang: accent(record["en"])}
        if record.get("abbr_en"):
            fields[f"abbr_{lang}"] = accent(record["abbr_en"])
        fields[f"def_{lang}"] = pseudo(record["def_en"])
        lines += [
            "[[term]]",
            *(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in fields.items()),
            "",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nqtranslate.pseudo", description=__doc__)
    parser.add_argument("out", type=Path, help="scratch folder (laid out like the repository)")
    parser.add_argument("--lang", default=PSEUDO, help=f"language code (default {PSEUDO})")
    parser.add_argument("--root", type=Path, default=ROOT, help="repository (default: this one)")
    args = parser.parse_args(argv)
    try:
        written = write_pseudo(args.out, args.root, args.lang)
    except (PseudoError, OSError) as error:
        print(f"nqtranslate.pseudo: {error}", file=sys.stderr)
        return 1
    print(f"{len(written)} catalogues in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
