"""Catalogues are untrusted input: what a translation may carry, checked before any build uses it.

A translator's ``msgstr`` may carry only the markup of its ``msgid``. Directives, roles, HTML,
link and image targets, labels and comments that the English message does not have are refused
(a ``{include}`` would publish a file of the build machine, a ``<script>`` would run in readers'
browsers, a raw role would reach LaTeX). The rule is structural, not a list of banned strings:
both messages are parsed with MyST's own markdown-it configuration and their markup compared.
The same rule holds for every catalogue: pages, engine, extension, examples, print products.

Each catalogue is read once, as the build reads it, and refused when any two readers of the
pipeline would read it differently (:mod:`nqtranslate.reading`). In the catalogues of formatted
messages, placeholders are parsed as ``str.format`` (or ``%``) parses them and must be those of
the English message (:mod:`nqtranslate.formats`); a page's translation must parse into the blocks
of its English message, or Sphinx drops it (:mod:`nqtranslate.structure`). Each refusal stops the
build, naming the file and line; a missing, empty or partly fuzzy page catalogue is reported as
a warning (the page then shows its incomplete-translation notice).  ``python -m nqtranslate.guard
[LANG]`` runs every check; ``guard FILE...`` those files' (a copy; ``--help``: its usage).
"""

from __future__ import annotations

import html
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from nqcore.catalogue_check import (
    MAX_MESSAGE,
    blank_problem,
    file_problem,
    length_problem,
    one_line_problem,
)
from nqcore.characters import added_hidden_problem, escaped_hidden, unshowable
from nqcore.i18n import ROOT, find_catalogue, locale_dirs
from nqcore.long_words import long_run_problem, long_word_problem
from nqtranslate import name_clashes
from nqtranslate.disguise import disguise_problem
from nqtranslate.formats import compare_fields, placeholder_problems
from nqtranslate.html_words import HTML_DOMAINS, html_character_problem
from nqtranslate.plain_messages import plain_text
from nqtranslate.reading import Finding, Message, Reading, read
from nqtranslate.shown_in_english import english_warnings
from nqtranslate.site_words import cover_length_problem
from nqtranslate.sphinx_words import sphinx_word_problems
from nqtranslate.structure import structure_problem

__all__ = ["CatalogueError", "Finding", "catalogues", "check_catalogue", "verify"]

PAGE_LOCALE = ROOT / "locale"
#: The other catalogues: the engine's, the extension's (with the theme's), the examples', print.
PACKAGE_LOCALES = (
    ROOT / "nqcore" / "locale",
    ROOT / "nqsphinx" / "locale",
    ROOT / "examples" / "locale",
    ROOT / "nqprint" / "locale",
)
#: The MyST extensions of conf.py: a message is parsed exactly as the build parses it.
MYST_EXTENSIONS = ("colon_fence", "deflist", "fieldlist")
#: The catalogues of messages that code fills with ``str.format`` or ``%`` (the engine's, the
#: extension's and its theme's, the examples', the print products'), by domain.
FORMAT_DOMAINS = frozenset({"nqcore", "nqsphinx", "theme", "examples", "nqprint"})
#: Sphinx's own words for a language it has no catalogue for (``sphinx.po``): formatted with
#: ``%``, never parsed as MyST ("%(filename)s" would read as a MyST comment).
SPHINX_DOMAIN = "sphinx"
#: The extension's catalogue, which holds the words of the books' covers
#: (:data:`nqtranslate.site_words.COVER_WORDS`).
COVER_DOMAIN = "nqsphinx"


class CatalogueError(Exception):
    """A catalogue the build must not use; the message names file and line."""


def shown(path: Path) -> str:
    """``path`` as errors name it: relative to the project when inside it."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


_shown = shown


@cache
def _markdown() -> Any:
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    config = MdParserConfig(enable_extensions=set(MYST_EXTENSIONS))
    return create_md_parser(config, RendererHTML)


def _fence_markup(token: Any) -> str:
    info = token.info.strip()
    name = info.split()[0] if info else ""
    if name.startswith("{") and name.endswith("}"):
        return f"directive {name}"
    return f"code block {name}".rstrip()


#: The words of a role's argument a translation writes in its language: each before a
#: ``<label>`` (``{ref}`words <label>```; back to a `` | `` in ``{nq-entities}``'s list).
_ROLE_WORDS = re.compile(r"[^|<>]*<([^<>]*)>")


def _role_markup(token: Any) -> str:
    """A role with what its argument names, which a translation keeps: the target of a
    ``{ref}`` or a ``{doc}`` (given or implied), the kind and every extra label of an
    ``{nq-entities}`` list, any other role's whole argument."""
    name = token.meta.get("name", "")
    kept = " ".join(_ROLE_WORDS.sub(r" <\1>", token.content).split())
    if kept.startswith("<") and kept.endswith(">") and kept.count("<") == 1:
        kept = kept[1:-1]
    return f"role {{{name}}}" + (f" -> {kept}" if kept else "")


def _inline_markup(token: Any) -> Iterator[str]:
    for child in token.children or []:
        if child.type == "myst_role":
            yield _role_markup(child)
        elif child.type == "link_open":
            yield f"link -> {child.attrGet('href')}"
        elif child.type == "image":
            yield f"image {child.attrGet('src')}"
        elif child.type == "html_inline":
            yield f"HTML {child.content.strip()}"
        elif child.type in ("footnote_ref", "myst_target"):
            yield f"{child.type} {child.meta}"


def markup(text: str) -> Counter[str]:
    """The markup of one message that can fetch, run or link something, as comparable items."""
    return Counter(dict(_markup_items(text)))


@lru_cache(maxsize=1 << 16)  # every message of every catalogue, again at each build of a run
def _markup_items(text: str) -> tuple[tuple[str, int], ...]:
    found: Counter[str] = Counter()
    for token in _markdown().parse(text):
        if token.type in ("fence", "colon_fence"):
            found[_fence_markup(token)] += 1
        elif token.type == "html_block":
            found[f"HTML {token.content.strip()}"] += 1
        elif token.type in ("myst_target", "myst_line_comment", "myst_block_break"):
            found[f"{token.type.removeprefix('myst_').replace('_', ' ')} {token.content}"] += 1
        elif token.type == "footnote_block_open" or token.type.startswith("footnote_reference"):
            found[token.type] += 1
        elif token.type == "inline":
            found.update(_inline_markup(token))
    return tuple(found.items())


def refused_markup(msgid: str, msgstr: str) -> list[str]:
    """What ``msgstr`` carries that ``msgid`` does not: each item is refused. A plain one-line
    text carries no markup, and is not parsed (most messages of the book)."""
    if plain_text(msgstr):
        return []
    return sorted((markup(msgstr) - markup(msgid)).elements())


def dropped_roles(msgid: str, msgstr: str) -> list[str]:
    """The roles of ``msgid`` that ``msgstr`` does not keep: a list, a link, a page's name
    would be lost (« Équipement : Aucun. » for its list of every item of equipment)."""
    if plain_text(msgid):
        return []
    lost = markup(msgid) - markup(msgstr)
    return sorted(item for item in lost.elements() if item.startswith("role "))


def _pairs(reading: Reading) -> Iterator[tuple[Message, str, str]]:
    """Each translated form of each live message, with the English it translates."""
    for message in reading.messages:
        for msgid, msgstr in message.pairs():
            yield message, msgid, msgstr


#: A ``{name}`` placeholder of a page message (pages are not formatted; a role's name ``{ref}``
#: is followed by a backquote and is markup, compared by :func:`markup`).
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_.]*)\}(?![`}])")


def placeholders(text: str) -> Counter[str]:
    """Each ``{name}`` of ``text``, braces and all, as often as it is written."""
    return Counter(f"{{{name}}}" for name in PLACEHOLDER.findall(text))


def page_placeholder_findings(msgid: str, msgstr: str) -> list[str]:
    """Placeholders a page's ``msgstr`` drops or adds (its number would vanish)."""
    return compare_fields(placeholders(msgid), placeholders(msgstr), "placeholder")


def is_page_catalogue(path: Path) -> bool:
    """A page's catalogue (MyST messages, never formatted), not one of formatted messages."""
    return path.stem not in FORMAT_DOMAINS | {SPHINX_DOMAIN}


def message_findings(path: Path, reading: Reading) -> list[Finding]:
    """Every translation of ``path`` that adds markup its English message does not have, does
    not keep its placeholders (parsed as ``str.format`` or ``%`` parses them, in the catalogues
    of formatted messages), or that Sphinx would drop (page catalogues)."""
    page = is_page_catalogue(path)
    findings = []
    for message, msgid, msgstr in _pairs(reading):
        problems = [
            f"msgstr adds {item!r}, not in its msgid" for item in refused_markup(msgid, msgstr)
        ]
        problems += [f"msgstr drops {item!r} of its msgid" for item in dropped_roles(msgid, msgstr)]
        if page:
            problems += page_placeholder_findings(msgid, msgstr)
            if not problems:  # foreign markup is the reason to name, not the structure it makes
                problems += filter(None, [structure_problem(msgid, msgstr, _markdown())])
        else:
            problems += placeholder_problems(msgid, msgstr, message.flags)
            problems += filter(None, [one_line_problem(msgid, msgstr)])
        if path.stem == SPHINX_DOMAIN:
            problems += sphinx_word_problems(msgid, msgstr)
        if path.stem == COVER_DOMAIN:  # the books' covers: each translation in its room
            problems += filter(None, [cover_length_problem(msgid, msgstr)])
        if path.stem in HTML_DOMAINS:
            problems += filter(None, [html_character_problem(msgid, msgstr)])
        if not problems:  # markup Markdown does not read as HTML: <img/src/onerror=...>
            problems += filter(None, [tag_problem(msgid, msgstr)])
        # a word too long, else a run without a space (dots, brackets) too long
        problems += filter(
            None, [long_word_problem(msgid, msgstr) or long_run_problem(msgid, msgstr)]
        )
        findings += [Finding(path, message.line, what) for what in problems]
    return findings


#: What opens an HTML tag, a comment or an end tag, for a browser, whatever Markdown reads.
TAG_OPEN = re.compile(r"<[A-Za-z/!?]")


#: A role's explicit target (``{doc}`Intro <introduction>```): no tag, set aside (attacker round
#: 21: a French title given to a link was refused as "the opening of an HTML tag").
ROLE_TARGET = re.compile(r"(\{[\w:.-]+\}`[^`<]*)<[^<>`]*>`")


def tag_problem(msgid: str, msgstr: str) -> str:
    """A translation with more tag openers than its English (``<img/src/onerror=...>``, which
    Markdown leaves as text and the pages escape: shown to readers as code), or ''."""
    added = TAG_OPEN.findall(ROLE_TARGET.sub(r"\1`", msgstr))
    if len(added) <= len(TAG_OPEN.findall(ROLE_TARGET.sub(r"\1`", msgid))):
        return ""
    return f"msgstr adds {added[-1]!r}, the opening of an HTML tag its msgid does not have"


#: What no message of any catalogue may hold: C0 controls but the newline and the tab, DEL, C1
#: controls and lone surrogates (an escape breaks the EPUB's XML and rewrites a terminal).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: Bidi overrides and isolates: they reorder what a reader sees (allowed where the English has
#: the same one).
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
#: Unicode's line and paragraph separators (a page's ``&#x2028;`` decodes to one).
SEPARATOR = re.compile("[\u2028\u2029]")
#: A Markdown hard line break: a line of a paragraph ending in a backslash or two spaces.
HARD_BREAK = re.compile(r"(?:\\| {2,})\n")


def text_findings(path: Path, reading: Reading) -> list[Finding]:
    """Characters no reader should be sent (controls, noncharacters, unassigned and private-use
    code points: :mod:`nqcore.characters`, invisible characters the English does not have), and
    messages too long to be a translation, in any message of ``path`` (fuzzy or not, its context
    too); a translation that is its English in disguise (:mod:`nqtranslate.disguise`); and a
    context or plural forms in a page catalogue, whose messages have none: Sphinx would never
    find the message, shown in English (the status counted it translated: attack round 27)."""
    findings = []
    page = is_page_catalogue(path)
    for message in reading.messages:
        texts = [message.msgid, message.plural_id, message.context or "", *message.msgstr]
        english = message.msgid + message.plural_id
        pairs = list(message.pairs())
        if page:  # its markup decodes &#x202E; and &nbsp; after this check: checked as shown too
            texts += [html.unescape(text) for text in message.msgstr]
            english += html.unescape(english)
            pairs += [(html.unescape(i), html.unescape(s)) for i, s in pairs]
        problems = [_text_problem(text, english) for text in texts]
        longest = max(message.msgid, message.plural_id, key=len)
        problems += [length_problem(longest, msgstr) for msgstr in message.msgstr]
        problems += [disguise_problem(msgid, msgstr) for msgid, msgstr in pairs]
        problems += [blank_problem(msgid, msgstr) for msgid, msgstr in pairs]
        if page:
            problems += [hard_break_problem(msgid, msgstr) for msgid, msgstr in pairs]
        if message.context is not None and page:
            problems.append(f"msgctxt {message.context!r}: a page's messages have no context")
        if message.plural_id and page:  # Sphinx reads no plural forms: the page kept English
            problems.append("msgid_plural: a page's messages have no plural forms")
        findings += [Finding(path, message.line, what) for what in dict.fromkeys(problems) if what]
    return findings


@lru_cache(maxsize=1 << 16)  # every text of every catalogue, again at each build of a run
def _text_problem(text: str, english: str) -> str:
    if found := CONTROL.search(text):
        return f"control character U+{ord(found[0]):04X} in {escaped_hidden(repr(text[:60]))}"
    if unknown := unshowable(text):  # a noncharacter breaks the EPUB's XML, the PDF drops it
        return f"{unknown} in {escaped_hidden(repr(text[:60]))}: no reader can show it"
    if len(text) > MAX_MESSAGE:
        return f"a message of {len(text)} characters (at most {MAX_MESSAGE})"
    if (found := BIDI.search(text)) and found[0] not in english:
        return f"bidi control U+{ord(found[0]):04X} its English does not have"
    if (found := SEPARATOR.search(text)) and found[0] not in english:
        return f"line separator U+{ord(found[0]):04X} its English does not have"
    return added_hidden_problem(text, english) or ""  # the engine's reader's rule too


def hard_break_problem(msgid: str, msgstr: str) -> str:
    """A page's msgstr with more Markdown hard line breaks than its msgid (attacker round 20:
    the build refused the ``<br />`` it made at the English page's line 1, the guard silent)."""
    if len(HARD_BREAK.findall(msgstr)) > len(HARD_BREAK.findall(msgid)):
        return "msgstr adds a hard line break (a line ending in a backslash or two spaces)"
    return ""


def is_empty(path: Path) -> bool:
    """No content at all: a file truncated or saved empty (the page shows the English)."""
    return not path.read_bytes().strip()


def check_catalogue(path: Path) -> list[Finding]:
    """Errors that stop the build: the catalogue is not read alike by every reader of the
    pipeline (:mod:`nqtranslate.reading`), or a translation is refused."""
    if problem := file_problem(path):
        return [Finding(path, 1, problem)]
    if is_empty(path):
        return []
    reading = read(path)
    return (
        reading.findings
        or text_findings(path, reading)
        or message_findings(path, reading) + name_findings(path, reading)
    )


def name_findings(path: Path, reading: Reading) -> list[Finding]:
    """In the engine's catalogue: two names of one kind translated alike
    (:mod:`nqtranslate.name_clashes`)."""
    if path.stem != name_clashes.ENGINE_DOMAIN:
        return []
    return name_clashes.clash_findings(path, reading.messages, name_clashes.data_names())


def catalogues(lang: str, page_locale: Path | None = None) -> list[Path]:
    """Every catalogue of ``lang`` in the project whose pages' catalogues are in
    ``page_locale`` (by default the rulebook's ``locale/``; another project's ``locale_dirs``)."""
    found = []
    for locale in (page_locale or PAGE_LOCALE, *PACKAGE_LOCALES):
        for folder in locale_dirs(locale):
            found += sorted((folder / lang / "LC_MESSAGES").glob("*.po"))
    return found


def page_warnings(lang: str, pages: Iterable[str], page_locale: Path | None = None) -> list[str]:
    """Missing, empty and fuzzy page catalogues: their pages show English where French is due."""
    page_locale = page_locale or PAGE_LOCALE
    warnings = []
    folder = page_locale / lang / "LC_MESSAGES"
    for page in sorted(pages):
        path = find_catalogue(page_locale, lang, page) or folder / f"{page}.po"
        if not path.exists():
            warnings.append(
                f"{_shown(path)}: warning: missing: the page {page} is shown in English"
            )
        elif is_empty(path):
            warnings.append(f"{_shown(path)}: warning: empty: the page {page} is shown in English")
        else:
            warnings.extend(english_warnings(path))
    return warnings


#: The catalogues of words that show with no page notice to fall back on, by what shows them:
#: the site's own words (the header, the offline pages, the calculators), the examples' and the
#: print products'.
SITE_DOMAINS = ("nqcore", "nqsphinx", "theme", "examples")  # the engine: its tables and answers
PRINT_DOMAINS = ("nqprint",)


def package_warnings(
    lang: str, domains: Iterable[str], locales: Iterable[Path] = PACKAGE_LOCALES
) -> list[str]:
    """The fuzzy, untranslated and left-as-English messages of the package catalogues named
    ``domains`` (:func:`english_warnings`): a French word of the site or of a printed sheet left
    in English is named at its line, as a page's is (attacker round 24: silent)."""
    found = []
    for domain in domains:
        for locale in locales:
            path = find_catalogue(locale, lang, domain)
            if path is not None and path.is_file() and not is_empty(path):
                found += english_warnings(path)
    return found


def verify(lang: str) -> list[Finding]:
    """The errors of every catalogue of ``lang``."""
    return [finding for path in catalogues(lang) for finding in check_catalogue(path)]


def raise_for(lang: str) -> None:
    """Stop with every error of ``lang``'s catalogues, one per line."""
    findings = verify(lang)
    if findings:
        raise CatalogueError("\n".join(str(f) for f in findings))


#: A language's code, as ``guard LANG`` takes it (``fr``, ``pt_BR``).
LANGUAGE = re.compile(r"^[a-z]{2,3}(?:_[A-Z]{2})?$")


def file_findings(path: Path) -> list[Finding]:
    """Every error of the catalogue file ``path``, wherever it is, as the build would find it;
    what is no catalogue file (a folder, a device, nothing) in one finding."""
    from nqtranslate.reading import file_problem_of

    if problem := file_problem_of(path):
        return [Finding(path, 1, problem)]
    if is_empty(path):
        return [Finding(path, 1, "an empty file: its page would show in English")]
    return check_catalogue(path)


def main(argv: list[str] | None = None) -> int:
    """``guard [LANG]``: every catalogue of ``LANG`` (French by default); ``guard FILE...``:
    those files; one line for each error and each entry a catalogue lacks."""
    from nqcore.data.datafiles import DataFileError
    from nqtranslate.due import guard_warnings
    from nqtranslate.guard_usage import answered_options

    args = sys.argv[1:] if argv is None else argv
    if (answered := answered_options(args)) is not None:
        return answered
    one = len(args) == 1 and LANGUAGE.match(args[0]) and not Path(args[0]).exists()
    lang = args[0] if one else None if args else "fr"
    try:  # the catalogues are checked against the names of the engine's data
        if lang is not None:
            findings = verify(lang)
        else:
            findings = [finding for name in args for finding in file_findings(Path(name))]
        lacking = guard_warnings(args, lang)  # no entry: shown in English (round 28)
    except DataFileError as error:  # attacker round 27: a traceback, not the file's line
        print(f"Refused input: {error}", file=sys.stderr)
        return 2
    for finding in [*findings, *lacking]:
        print(finding, file=sys.stderr)
    return 1 if findings or lacking else 0


if __name__ == "__main__":
    sys.exit(main())
