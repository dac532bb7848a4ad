"""Search that finds the rule.

Sphinx's search lists the pages that hold the words typed.  A player types a rule's name, a
glossary term, a card, a weapon, another spelling or another game's word, and wants the rule.
Three parts:

- ``docs/_data/search.toml``: the words players type that the book does not use (synonyms, other
  spellings, other games' words), each pointing at its rule; the words a language's stemmer would
  merge with unrelated ones (« sort », a spell, is not « sortir »); and the weight of the pages
  that are not rules (the command line, the rules coverage...), whose results come after the
  rules'.  Checked when the build starts (a one-line error naming the file and the entry); the
  targets once every page is read.
- The index and its search: :mod:`nqsphinx.site.quick_search` (the header's box and the search
  page, one engine), which reads the data, the sections that define glossary terms
  (:func:`definitions`) and the words of a search that found nothing (:func:`search_messages`).
- The pages' generated HTML (the calculators, the diagrams' labels): its prose is indexed word by
  word (:class:`IndexedText`), its forms not at all (:class:`UnindexedRaw`).

Sphinx still builds its own index (``searchindex.js``), which no page reads: its HTML builder has
no setting to turn its search off (``search`` is an attribute of the builder's class, not a
configuration value), and only with its search on does it write the search page (our template,
``templates/search.html``) and copy the language's snowball stemmer (``base-stemmer.js``,
``english-stemmer.js``, ``french-stemmer.js``), which the header's search loads.  Its next
incremental build reads that index back (a missing one is a warning, so an error under ``-W``):
the file stays in the output folder.  The service worker and the offline archive leave it out,
with the scripts of Sphinx's search page (``searchtools.js``, ``language_data.js``), which no page
loads (:data:`nqsphinx.site.offline.SPHINX_SEARCH_FILES`).
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.writers.html5 import HTML5Translator

from nqcore.data import datafiles
from nqcore.i18n import LANGUAGES
from nqsphinx.directives.example_view import NO_SEARCH
from nqsphinx.directives.glossary import GLOSSARY_FILE, term_label, terms_for
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import ui_text
from nqsphinx.refusals import Refused
from nqsphinx.untrusted import GENERATED

logger = logging.getLogger(__name__)

SEARCH_FILE = Path("_data") / "search.toml"
LANGS = LANGUAGES
TARGET = re.compile(r"(?P<page>[a-z0-9-]+)(?:#(?P<anchor>[a-z0-9-]+))?")


class SearchDataError(ValueError):
    """A mistake in the search data; the message names the file and the entry."""


@dataclass(frozen=True)
class Synonym:
    """Words that mean a rule: ``page`` (and ``anchor``, '' for the page itself)."""

    words: dict[str, tuple[str, ...]]
    page: str
    anchor: str


@dataclass(frozen=True)
class SearchData:
    weights: dict[str, float]
    stems: dict[str, dict[str, str]]
    synonyms: tuple[Synonym, ...]


def fold(word: str) -> str:
    """``portée`` → ``portee``: what a player types without accents."""
    bare = unicodedata.normalize("NFD", word.lower())
    return "".join(char for char in bare if not unicodedata.combining(char))


def _words(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise SearchDataError(f"{where}: a non-empty list of words is wanted")
    if not all(isinstance(word, str) and word.strip() for word in value):
        raise SearchDataError(f"{where}: every word must be a non-empty string")
    return tuple(" ".join(word.split()) for word in value)


def _weights(path: Path, value: Any) -> dict[str, float]:
    if not isinstance(value, dict):
        raise SearchDataError(f"{path}: [weights] must be a table of page = weight")
    for page, weight in value.items():
        if not isinstance(weight, int | float) or isinstance(weight, bool) or not 0 < weight <= 1:
            raise SearchDataError(f"{path}: [weights] {page}: a number above 0, at most 1")
    return {page: float(weight) for page, weight in value.items()}


#: A word of the book's languages: letters, with an apostrophe or a hyphen between them ("__proto__"
#: is none; the page's script looks a word up as an own key, Object.hasOwn).
A_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def _stems(path: Path, value: Any) -> dict[str, dict[str, str]]:
    if not isinstance(value, dict) or set(value) - set(LANGS):
        raise SearchDataError(f"{path}: [stems] holds one table per language ({', '.join(LANGS)})")
    stems: dict[str, dict[str, str]] = {}
    for lang, groups in value.items():
        if not isinstance(groups, dict):
            raise SearchDataError(f"{path}: [stems.{lang}] must be a table of stem = [words]")
        found: dict[str, str] = {}
        for stem, words in groups.items():
            for word in (stem, *_words(words, f"{path}: [stems.{lang}] {stem}")):
                if not A_WORD.fullmatch(word):  # "__proto__" (attacker round 40)
                    raise SearchDataError(
                        f"{path}: [stems.{lang}] {word!r}: a stem and its words are words"
                        " (letters, an apostrophe or a hyphen inside)"
                    )
            for word in _words(words, f"{path}: [stems.{lang}] {stem}"):
                for form in dict.fromkeys((word.lower(), fold(word))):
                    if found.get(form, stem) != stem:
                        raise SearchDataError(
                            f"{path}: [stems.{lang}] {word!r} is under {found[form]} and {stem}"
                        )
                    found[form] = stem
        stems[lang] = found
    return stems


def _synonym(path: Path, number: int, record: Any) -> Synonym:
    where = f"{path}: [[synonym]] #{number}"
    if not isinstance(record, dict):
        raise SearchDataError(f"{where}: not a table")
    unknown = sorted(set(record) - {"target", *LANGS})
    if unknown:
        raise SearchDataError(f"{where}: unknown field(s) {', '.join(unknown)}")
    target = record.get("target")
    match = TARGET.fullmatch(target) if isinstance(target, str) else None
    if match is None:
        raise SearchDataError(f'{where}: `target` must be "page" or "page#anchor"')
    words = {
        lang: _words(record[lang], f"{where} ({target}) {lang}") for lang in LANGS if lang in record
    }
    if not words:
        raise SearchDataError(f"{where} ({target}): no words (en, fr)")
    return Synonym(words, match["page"], match["anchor"] or "")


@cache
def load_search_data(path: Path) -> SearchData:
    """The search data of ``path``, checked entry by entry (none if the project has no file)."""
    if not path.exists():
        return SearchData({}, {}, ())
    try:
        data = datafiles.parse(datafiles.read_utf8(path), str(path), None)
    except OSError as error:
        raise SearchDataError(f"{path}: {error}") from None
    except datafiles.DataFileError as error:  # not TOML: file, line and column
        raise SearchDataError(str(error)) from None
    unknown = sorted(set(data) - {"weights", "stems", "synonym", "language"})
    if unknown:
        raise SearchDataError(f"{path}: unknown table(s) {', '.join(unknown)}")
    records = data.get("synonym", [])
    if not isinstance(records, list):
        raise SearchDataError(f"{path}: synonyms are [[synonym]] tables")
    return SearchData(
        weights=_weights(path, data.get("weights", {})),
        stems=_stems(path, data.get("stems", {})),
        synonyms=tuple(_synonym(path, n + 1, r) for n, r in enumerate(records)),
    )


def search_data(app: Sphinx) -> SearchData:
    return load_search_data(Path(app.srcdir) / SEARCH_FILE)


class UnindexedRaw(nodes.raw):  # type: ignore[misc]  # docutils is untyped
    """Generated HTML, written as it is and left out of the search index (``no-search``): Sphinx
    would strip its tags and glue the words of neighbouring elements ("gamecasualties",
    "cavalry4") and index its entities ("quot").  Its prose goes to the index in an
    :class:`IndexedText` beside it; a form has none."""


class IndexedText(nodes.Inline, nodes.TextElement):  # type: ignore[misc]  # docutils is untyped
    """The words of generated HTML for the search index alone: the page does not show it."""


def visit_unindexed_raw(translator: HTML5Translator, node: UnindexedRaw) -> None:
    translator.body.append(node.astext())
    raise nodes.SkipNode


def skip(translator: HTML5Translator, node: nodes.Node) -> None:
    raise nodes.SkipNode


#: What makes generated HTML a form rather than prose: a calculator's labels, the engine's
#: notice (« Les calculateurs demandent les scripts… »), the glossary's filter box.
FORM_MARKUP = re.compile(r"<(?:form|label|output|input|select)\b|role=\"status\"")
_NOT_WORDS = re.compile(r"<(style|script)\b.*?</\1>|<[^>]*>", re.IGNORECASE | re.DOTALL)


def html_words(markup: str) -> str:
    """The words of HTML, each element's apart: ``<text>Cavalry</text><text>4"</text>`` →
    ``Cavalry 4"``."""
    return " ".join(html.unescape(_NOT_WORDS.sub(" ", markup)).split())


def _index_generated_html(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """After the calculators are drawn (their HTML comes at ``doctree-resolved``)."""
    if app.builder.format != "html":
        return
    for raw in list(doctree.findall(nodes.raw)):
        if not raw.get(GENERATED) or "html" not in raw.get("format", "").split():
            continue
        markup = raw.astext()
        replacement = UnindexedRaw("", markup, format=raw["format"], classes=[NO_SEARCH])
        replacement[GENERATED] = True
        words = "" if FORM_MARKUP.search(markup) else html_words(markup)
        raw.replace_self([replacement, IndexedText("", words)] if words else replacement)


def _configure(app: Sphinx, config: Config) -> None:
    """The data file is checked when the build starts: a mistake is one line."""
    try:
        search_data(app)
    except SearchDataError as error:
        raise Refused(str(error)) from None


def _check_targets(app: Sphinx, env: BuildEnvironment) -> None:
    """Every synonym lands on a page and a label of the site; every weighted page exists.
    Only the site has a search: the print editions leave some pages out
    (nqsphinx.books.editions)."""
    if app.builder.format != "html" or app.builder.name == "epub":
        return
    path = Path(app.srcdir) / SEARCH_FILE
    data = search_data(app)
    labels = env.get_domain("std").anonlabels  # type: ignore[attr-defined]
    for synonym in data.synonyms:
        target = f"{synonym.page}#{synonym.anchor}" if synonym.anchor else synonym.page
        if synonym.page not in env.all_docs:
            logger.warning("%s: synonym target %s: no page %s", path, target, synonym.page)
        elif synonym.anchor and labels.get(synonym.anchor) != (synonym.page, synonym.anchor):
            logger.warning(
                "%s: synonym target %s: no label %s on %s",
                path,
                target,
                synonym.anchor,
                synonym.page,
            )
    for page in data.weights:
        if page not in env.all_docs:
            logger.warning("%s: [weights] %s: no such page", path, page)


def definitions(app: Sphinx) -> dict[str, list[str]]:
    """Each glossary entry's anchor and the section that defines the term, as ``[page, anchor]``:
    of two sections that name a query alike, the one that defines its term comes first."""
    if not (Path(app.srcdir) / GLOSSARY_FILE).is_file():
        return {}
    labels = app.env.get_domain("std").labels  # type: ignore[attr-defined]
    found = {}
    for term in terms_for(app.srcdir):
        if term.section in labels:
            page, anchor, _title = labels[term.section]
            found[term_label(term)] = [page, anchor]
    return found


def search_messages(lang: str) -> dict[str, str]:
    """The words of a search that found nothing: the glossary's link and "Did you mean: …?"."""
    words = {
        "none": ui_text(
            "No page of the rules contains these words. Check the spelling, or try a game term "
            "from the glossary.",
            lang,
        ),
        "open": ui_text("Open the glossary", lang),
        "meant": ui_text("Did you mean:", lang),
        "end": " ?" if lang == "fr" else "?",
    }
    if lang == "fr":  # raw text for the script, which the build's typography does not reach
        words = {key: french_html(value) for key, value in words.items()}
    return words


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("nqsphinx.directives.entities")  # the objects the search ranks first
    app.connect("config-inited", _configure)
    app.connect("env-check-consistency", _check_targets)
    app.add_node(UnindexedRaw, html=(visit_unindexed_raw, None))
    app.add_node(IndexedText, html=(skip, None))
    app.connect("doctree-resolved", _index_generated_html, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
