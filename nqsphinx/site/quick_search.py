"""The header's search: results as a player types, from a static index of the site.

Every page has a search field in its header (on a phone, a button that opens it:
``templates/page.html``); ``static/nq-search-box.js`` lists the best matches as the player types,
each labelled with its kind (rule section, spell, weapon, sample profile, glossary term...) and
linking to its anchor.  The search itself is MiniSearch, a maintained full-text library
(``tools/search``: npm package pinned by its lock file, installed by ``./dev`` before any build;
the build only copies its file).  It is the site's one search field: Furo's sidebar box is left
out.  The search page (the header's last option) lists every result of the same search
(``static/nq-search-page.js``), under its own form instead of the header's box.

This module writes, when the HTML build finishes its pages:

- ``_static/nq-minisearch.js``: MiniSearch's browser build, as installed;
- ``_static/nq-search-index.js``: the documents (rule sections with their text, the
  ``nq`` domain's entities under their names in the page's language and their engine key, the
  glossary, the pages), the words of ``docs/_data/search.toml`` that point at them (synonyms,
  other games' words), and how the page's language reads a question: Sphinx's stop words of the
  language and those of the data file (question words), French elision, and the snowball stemmer
  Sphinx ships for the language (``SearchLanguage.js_stemmer_rawcode``).  A script, not JSON: a
  site read from the disk (``file://``) may load a script but not fetch a file.

The script loads both only when the player first opens or focuses the field.  A wheel install
(no ``tools/`` folder) builds without the header search.
"""

from __future__ import annotations

import importlib
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.search import languages as search_languages

from nqcore.i18n import ROOT
from nqsphinx.builder import builder_of
from nqsphinx.directives.entities import KINDS, domain, kind_name
from nqsphinx.directives.errata import erratum_words
from nqsphinx.directives.example_view import NO_SEARCH
from nqsphinx.directives.glossary_links import TermDefinition
from nqsphinx.languages.typography import site_text
from nqsphinx.messages import page_language, ui_text
from nqsphinx.refusals import Refused
from nqsphinx.site import vendored
from nqsphinx.site.search import SearchData, definitions, search_data, search_messages
from nqsphinx.site.search_words import language_words

TOOLS = ROOT / "tools" / "search"
MINISEARCH = TOOLS / "node_modules" / "minisearch" / "dist" / "umd" / "index.js"
LIBRARY = "nq-minisearch.js"
INDEX = "nq-search-index.js"
SCRIPT = "nq-search-box.js"
STYLESHEET = "nq-search-box.css"
#: How many words of a section's own text the index keeps: all of a section's prose (a worked
#: example's words too: "Shaman" is found, and quoted), a generated table's cells cut short.
#: The search weighs its first words more (nq-search-box.js's LEAD).
TEXT_WORDS = 600
SOURCE_MAP = re.compile(r"^\s*//# sourceMappingURL=\S+\s*$", re.M)
#: What a section's text leaves out: code, worked examples' doctests, generated HTML.
NOT_TEXT = (nodes.literal_block, nodes.doctest_block, nodes.raw, nodes.comment, nodes.title)


def enabled() -> bool:
    """A checkout of the project has ``tools/search``; a wheel install has not."""
    return (TOOLS / "package.json").is_file()


def minisearch() -> bytes:
    """MiniSearch's browser build, as ``npm ci`` installed it from the lock file (never run
    here; :mod:`nqsphinx.site.vendored` refuses any other bytes)."""
    try:
        text = vendored.read(MINISEARCH).decode("utf-8")
    except OSError:
        raise Refused(
            "tools/search: MiniSearch is not installed (./dev installs it: "
            "cd tools/search && npm ci)"
        ) from None
    return SOURCE_MAP.sub("", text).encode("utf-8")


class _Words:
    """A section's words as the page shows them: an inline element's text joins the word
    before and after it where the page has no space ("an *armour save*." is "save."); a block
    (a paragraph, an item) starts a word of its own."""

    def __init__(self) -> None:
        self.words: list[str] = []
        self.joined = False  # the next text continues the last word

    def add(self, text: str) -> None:
        pieces = text.split()
        if pieces and self.joined and not text[0].isspace():
            self.words[-1] += pieces.pop(0)
        self.words.extend(pieces)
        self.joined = bool(self.words) and bool(text) and not text[-1].isspace()

    def apart(self) -> None:
        self.joined = False


def _shown(env: BuildEnvironment, expression: str) -> bool:
    """Whether the site shows an ``{only}`` block: as Sphinx decides, an expression it cannot
    read shown, which Sphinx has warned of at its line (``{only} a-b`` stopped the build with
    an extension's traceback: attack round twenty-seven)."""
    try:
        return bool(builder_of(env).tags.eval_condition(expression))
    except Exception:  # noqa: BLE001 - Sphinx's parser raises its own kinds, as Sphinx catches
        return True


def _text(env: BuildEnvironment, node: nodes.Node, words: _Words) -> None:
    """The words a reader sees in ``node``: code, generated HTML, the glossary's pop-ups (the
    definition of a term, which is the term's own entry) and what only another edition shows
    (``{only} print``) left out; a reference that shows the title of what it points at, that
    title (the doctree holds its label until the page is written: "armour-and-damage", an
    English key on the French site)."""
    if isinstance(node, nodes.Text):
        words.add(node.astext())
        return
    if isinstance(node, (*NOT_TEXT, TermDefinition, nodes.section)):
        return
    if isinstance(node, nodes.Element) and NO_SEARCH in node.get("classes", []):
        return
    if isinstance(node, addnodes.only) and not _shown(env, node["expr"]):
        return  # a print edition's words ({only} print), which the site does not show
    if isinstance(node, addnodes.pending_xref) and not node.get("refexplicit"):
        title = _reference_title(env, node)
        if title is not None:
            words.add(title)
            return
    block = not isinstance(node, nodes.Inline)
    if block:
        words.apart()
    for child in node.children:
        if len(words.words) >= TEXT_WORDS:
            return
        _text(env, child, words)
    if block:
        words.apart()


def _reference_title(env: BuildEnvironment, node: addnodes.pending_xref) -> str | None:
    """What a reference without words of its own shows once resolved: the name of a thing, the
    title of a section or a page ('' when its target is unknown: its words are a label); None
    for the other references (a glossary term's, a citation's), whose words are the text."""
    target, kind = str(node.get("reftarget", "")), node.get("reftype")
    if node.get("refdomain") == "nq":
        entity = domain(env).entities.get((kind, target))
        return entity.name if entity else ""
    if kind in ("ref", "myst"):
        labels = env.get_domain("std").labels  # type: ignore[attr-defined]
        found = labels.get(target.lower()) or labels.get(target.lstrip("#").lower())
        return str(found[2]) if found else ""
    if kind == "doc":
        title = env.titles.get(target.lstrip("/").removesuffix(".md"))
        return title.astext() if title is not None else ""
    return None


def _own_text(env: BuildEnvironment, section: nodes.section, lang: str = "en") -> str:
    """The words of a section, its subsections aside (at most ``TEXT_WORDS``), set as the page
    sets them (« 25 % », −1: the snippets showed the typed « 25% » and -1)."""
    words = _Words()
    for child in section.children[1:]:
        _text(env, child, words)
    return site_text(" ".join(words.words[:TEXT_WORDS]), lang)


def _sections(app: Sphinx, docname: str) -> Iterator[tuple[list[str], list[str]]]:
    """``[kind, title, href, context, text]`` of each labelled section of ``docname``, and the
    section's ids (an entity defined by the section has one of them).  Two sections of one title
    on a page (the range costs of weapons and of support weapons) say which section holds them:
    the player would otherwise see the same line twice."""
    env = app.env
    lang = page_language(app.config.language)
    labels = env.get_domain("std").labels  # type: ignore[attr-defined]
    here = {anchor for page, anchor, _title in labels.values() if page == docname}
    page_title = env.titles[docname].astext()
    doctree = env.get_doctree(docname)
    found = [
        (section, anchor)
        for section in doctree.findall(nodes.section)
        if (anchor := next((i for i in section["ids"] if i in here), None)) is not None
        and isinstance(section[0], nodes.title)
    ]
    titles = Counter(section[0].astext() for section, _ in found)
    for section, anchor in found:
        title = section[0].astext()
        ids = [f"{docname}.html#{i}" for i in section["ids"]]
        if title.split() == page_title.split():  # the French title's no-break space aside
            yield ["page", title, f"{docname}.html", "", _own_text(env, section, lang)], ids
            continue
        context = page_title
        if titles[title] > 1 and (parent := _parent_title(section)) not in (None, page_title):
            context = f"{page_title} › {parent}"
        href = f"{docname}.html#{anchor}"
        yield ["section", title, href, context, _own_text(env, section, lang)], ids


def _parent_title(section: nodes.section) -> str | None:
    """The title of the section that holds ``section``, if any."""
    parent = section.parent
    if isinstance(parent, nodes.section) and isinstance(parent[0], nodes.title):
        return str(parent[0].astext())
    return None


def documents(app: Sphinx) -> list[list[str]]:
    """Every document of the index: ``[kind, title, href, context, text, key, keywords]``.  An
    entity shown by a section of its own (an ability, a sample profile) is that section, under
    the entity's kind and with the section's words and synonyms.  A section that defines a
    glossary term answers to the term's name too: of two results named alike, the rule first."""
    env = app.env
    site = sorted(doc for doc in env.found_docs if doc in env.titles)
    sections: dict[str, list[str]] = {}
    by_id: dict[str, str] = {}
    for docname in site:
        for doc, ids in _sections(app, docname):
            sections[doc[2]] = doc
            by_id.update({i: doc[2] for i in ids})
    words = _keywords(search_data(app), page_language(app.config.language))
    defined = definitions(app)
    entities = []
    for (kind, key), entity in sorted(domain(env).entities.items()):
        if kind == "term" and entity.anchor in defined:  # the section that defines the term
            page, anchor = defined[entity.anchor]
            words.setdefault(f"{page}.html#{anchor}", []).append(entity.name)
        if entity.docname not in env.titles:
            continue
        href = f"{entity.docname}.html#{entity.anchor}"
        section = sections.pop(by_id.get(href, href), None)
        text, also = (section[4], section[2]) if section else ("", href)
        if kind == "erratum":
            lang = page_language(app.config.language)
            text = site_text(erratum_words(key, lang), lang)  # set as its box on the page
        context = env.titles[entity.docname].astext()
        entities.append([kind, entity.name, href, context, text, key.replace("-", " "), also])
    docs = [[*doc, "", doc[2]] for doc in sections.values()] + entities
    found: dict[str, list[str]] = {}  # by the address of the section they point at
    for href, listed in words.items():
        found.setdefault(by_id.get(href, href), []).extend(listed)
    return [
        [*doc[:6], " | ".join(dict.fromkeys(found.get(doc[2], []) + found.get(doc[6], [])))]
        for doc in docs
    ]


def _keywords(data: SearchData, lang: str) -> dict[str, list[str]]:
    """The data file's words of ``lang`` by the address they point at."""
    found: dict[str, list[str]] = {}
    for synonym in data.synonyms:
        href = f"{synonym.page}.html" + (f"#{synonym.anchor}" if synonym.anchor else "")
        found.setdefault(href, []).extend(synonym.words.get(lang, ()))
    return found


def _kinds(lang: str) -> dict[str, str]:
    return {
        **{kind: kind_name(kind, lang) for kind in KINDS},
        "section": ui_text("rule section", lang),
        "page": ui_text("page", lang),
    }


def _search_language(lang: str) -> Any:
    """Sphinx's search language for ``lang``; a language Sphinx has none for (the pseudo
    language of the tests, a new translation) reads queries as English does, as Sphinx's own
    search does.  Sphinx names some by their module path (``sphinx.search.fr.SearchFrench``)."""
    language = search_languages.get(lang) or search_languages["en"]
    if isinstance(language, str):
        module, _, name = language.rpartition(".")
        language = getattr(importlib.import_module(module), name)
    return language


def _stemmer(lang: str) -> dict[str, str]:
    """The snowball stemmer Sphinx ships for the language: its file in ``_static`` and class."""
    language = _search_language(lang)
    file = getattr(language, "js_stemmer_rawcode", "") or ""
    stem = file.removesuffix("-stemmer.js")
    return {"file": file, "name": "".join(part.title() for part in stem.split("-")) + "Stemmer"}


def _letters(app: Sphinx, lang: str) -> list[str]:
    """The glossary's abbreviations of one letter in ``lang``, lower case: a query of one letter
    is no word unless it is one of them (player round 24: "T" found nothing)."""
    from nqsphinx.directives.glossary import GLOSSARY_FILE, load_terms

    path = Path(app.srcdir) / GLOSSARY_FILE
    if not path.is_file():  # a project without a glossary (the extension's tests)
        return []
    terms = load_terms(path)
    found = {term.abbreviations.get(lang, "") for term in terms}
    return sorted(letter.lower() for letter in found if len(letter) == 1)


def index_config(app: Sphinx) -> dict[str, Any]:
    """What ``nq-search-box.js`` and ``nq-search-page.js`` read: the language's reading of a
    query, the words of the box and of the page, the page weights and the documents."""
    lang = page_language(app.config.language)
    language = _search_language(lang)
    words = language_words(app, lang)
    stopwords = set(getattr(language, "stopwords", ())) | set(words.stopwords)
    nothing = search_messages(lang)
    return {
        "lang": lang,
        "stemmer": _stemmer(lang),
        # the words the stemmer would merge with unrelated ones, under their own stem
        "stems": search_data(app).stems.get(lang, {}),
        "stopwords": sorted(stopwords - set(words.keep)),
        "elisions": list(words.elisions),
        "participles": list(words.participles),
        # the glossary's one-letter abbreviations, searched as words (T, W; F, R, B in French)
        "letters": _letters(app, lang),
        # the word a distance's inch sign is read as (10" is "10 inches" to a question)
        "inch": ui_text("inches", lang),
        "weights": search_data(app).weights,
        "kinds": _kinds(lang),
        "messages": {
            "none": ui_text("No match yet: press Enter for the full search", lang),
            "count": ui_text("{count} results", lang),
            "one": ui_text("1 result", lang),
            "nothing": nothing["none"],
            "glossary": nothing["open"],
            "meant": nothing["meant"],
            "end": nothing["end"],
        },
        # the words players type for a thing (search.toml): a query that is one of them whole
        # finds its thing first
        "synonyms": sorted({w for ws in _keywords(search_data(app), lang).values() for w in ws}),
        "docs": documents(app),
    }


def write_files(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: MiniSearch and the index of the site, beside its static files."""
    if app.builder.format != "html" or app.builder.name == "epub" or not enabled():
        return []
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    (static / LIBRARY).write_bytes(minisearch())
    config = json.dumps(index_config(app), ensure_ascii=False, separators=(",", ":"))
    (static / INDEX).write_text(f"window.nqSearchIndex = {config};\n", encoding="utf-8")
    return []


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The header's search box on every page of the site but the search page, whose own form is
    its one search field (and none in the sidebar: ``templates/sidebar/search.html``)."""
    context["nq_search_box"] = app.builder.name != "epub" and pagename != "search"


def setup(app: Sphinx) -> dict[str, Any]:
    if enabled():
        app.connect("html-page-context", _page_context)
        app.add_js_file(SCRIPT)
        app.add_css_file(STYLESHEET)
        app.connect("html-collect-pages", write_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
