"""The rules index (``genindex.html`` and the PDF's index): what a player looks up, in the page's
language, pointing at the rule.

Each section heading becomes an index entry pointing at the section's label anchor, once the
heading is translated, so the French index lists the French headings (abilities, traits and
equipment items are headings).  Spells (their card and their row of the spell list) and weapons
(their row of the armoury's tables) get an entry each, and each glossary term one at the section
that defines it (``nqsphinx.directives.glossary`` adds the glossary's own entry).  A leading
article is left out ("Army", « Armée »): an entry is filed by what it is about, and an inverted
"Army, The" reads as a list of headings.  A chapter's title is not a heading's entry: each
chapter is a topic of the reviewed list, its headword at the chapter's opening page.
Near-duplicates are merged, big topics get sub-entries, and words players look for send them on
("see", "see also"): the reviewed list of :mod:`nqsphinx.directives.index_data`.
In the PDF an entry's page is the page of its heading, card or table row.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from nqcore.i18n import ROOT
from nqprint.latex import latex_escape
from nqsphinx.builder import builder_of
from nqsphinx.directives import index_data
from nqsphinx.languages.typography import french_html, minus_signs
from nqsphinx.messages import page_language
from nqsphinx.untrusted import generated_raw

LOGGER = logging.getLogger(__name__)
#: Leading articles moved after the words of an entry, per language (none for a language not here).
ARTICLES = {
    "en": re.compile(r"^(The|A|An) (?=\w)"),
    "fr": re.compile(r"^(Les |Le |La |L’|L'|Des |Une |Un |Du )(?=\w)"),
}
#: Pages whose headings are not rules.
UNINDEXED_PAGES = frozenset(
    {"index", "credits", "the-unexpected-enemy", "at-the-table"}  # the calculators are not rules
)
#: The page that carries the "see" entries (they have no page of their own).
SEE_PAGE = "glossary"
#: Engine tables whose rows are things a player looks up by name: the column of the name.
NAMED_ROWS = {"hand-weapons": 0, "ranged-weapons": 0, "support-weapons": 0, "spell-list": 1}
#: Cards indexed by their title (a card carries its label as its id).
INDEXED_CARDS = "nq-spell-card"
#: The builders with an index: the site's ``genindex`` and the PDF's.
INDEXED_FORMATS = frozenset({"html", "latex"})


def index_text(title: str, lang: str) -> str:
    """The index form of a heading: ``The Army`` → ``Army``; ``L’armée`` → ``Armée``.

    A heading in sentence case (French) keeps it: the word now first takes the capital.  Its
    dashes and signs are the heading's as printed (the index is made before they are set):

    >>> index_text("Rapport force - portée", "fr")
    'Rapport force – portée'
    """
    title = minus_signs(" ".join(title.split()))
    articles = ARTICLES.get(lang)
    match = articles.match(title) if articles else None
    if match:
        rest = title[match.end() :]
        title = rest[:1].upper() + rest[1:]
    return french_html(title) if lang == "fr" else title


#: A word of a sub-entry that a heading or a name capitalises: its capital, then small letters
#: (an abbreviation, "AC", "VLT", "D10", keeps its capitals).
_CAPITALISED = re.compile(r"(?<![\w’'])([A-ZÀ-Ý])(?=[a-zß-ÿ’'-]*(?![\w]))")
#: A title quoted inside a sub-entry: it keeps its capitals.
_QUOTED = re.compile(r'(“[^”]*”|«[^»]*»|"[^"]*")')


def sub_entry_text(text: str, lang: str) -> str:
    """A sub-entry in the index's one case style: a topic's words in lower case, as they read
    inside a sentence ("Morale; attacking a panicked unit", « Résultat naturel de 1; attaque
    empoisonnée »), whether they come from a heading in Title Case, a heading in sentence case or
    a name; an abbreviation keeps its capitals, and a section title keeps them where it is quoted:

    >>> sub_entry_text("Attacking A Panicked Unit", "en")
    'attacking a panicked unit'
    >>> sub_entry_text("Very Large (VLT)", "en")
    'very large (VLT)'
    >>> sub_entry_text("Attaque empoisonnée", "fr")
    'attaque empoisonnée'
    """
    parts = _QUOTED.split(index_text(text, lang))
    return "".join(
        part if index % 2 else _CAPITALISED.sub(lambda m: m.group(1).lower(), part)
        for index, part in enumerate(parts)
    )


def index_node(text: str, target: str) -> addnodes.index:
    return addnodes.index(entries=[("single", text, target, "", None)], inline=False)


def section_id(node: nodes.Node) -> str:
    """The id of the innermost section holding ``node`` (its label: the first id)."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.section) and parent["ids"]:
            return str(parent["ids"][0])
        parent = parent.parent
    return ""


def index_section(section: nodes.section, text: str, lang: str) -> None:
    """An entry ``text`` for ``section``, placed after its title (the page of the heading)."""
    position = 1 if section.children and isinstance(section[0], nodes.title) else 0
    section.insert(position, index_node(index_text(text, lang), section["ids"][0]))


class SectionIndexEntries(SphinxTransform):
    """Index every section heading, and the named rows and cards, after translation (Locale,
    20) and before the domains collect index entries (850)."""

    default_priority = 500

    def apply(self, **kwargs: object) -> None:
        if self.env.docname in UNINDEXED_PAGES:
            return
        lang = page_language(self.config.language)
        listing = Path(self.env.srcdir) / index_data.INDEX_FILE
        if listing.is_file():  # a missing one would make every page out of date at each build
            self.env.note_dependency(str(listing))
        latex = builder_of(self.env).format == "latex"
        listed = IndexList(str(self.env.srcdir), lang, latex)
        for section in list(self.document.findall(nodes.section)):
            if section["ids"] and section.children and isinstance(section[0], nodes.title):
                listed.index(section, section[0].astext())
        if self.env.docname == SEE_PAGE:
            listed.see_entries(self.document, self.env.docname)
        names = index_data.qualified(listed.data, lang)
        for table in list(self.document.findall(nodes.table)):
            index_rows(table, lang, names)
        for card in list(self.document.findall(nodes.container)):
            if INDEXED_CARDS in card["classes"] and card["ids"]:
                index_card(card, lang, names)


class IndexList:
    """The entries of the headings of one page in ``lang``, as the reviewed list
    (:mod:`nqsphinx.directives.index_data`) files them."""

    def __init__(self, srcdir: str, lang: str, latex: bool) -> None:
        self.srcdir, self.lang, self.latex = srcdir, lang, latex
        self.data = index_data.index_data(srcdir)
        self.merged = {m.section: m for m in self.data.merge}
        #: The merges whose headword gets a section's page in the printed index, by section.
        self.head_pages: dict[str, list[index_data.Merge]] = {}
        for merge in self.data.merge:
            if merge.head_page and latex:
                self.head_pages.setdefault(merge.head_page, []).append(merge)
        #: A section may be a sub-entry of several topics (Receive A Charge: Hold, Charge).
        self.topics: dict[str, list[index_data.Topic]] = {}
        for topic in self.data.topic:
            for label in topic.sections:
                self.topics.setdefault(label, []).append(topic)
        self.heads = {t.section: t for t in self.data.topic if t.section}
        #: The looked-up terms' places, by section (Retreat: voluntary, when to move).
        self.places: dict[str, list[tuple[index_data.Lookup, index_data.Place]]] = {}
        for lookup in self.data.lookup:
            for place in lookup.places:
                self.places.setdefault(place.section, []).append((lookup, place))

    def words(self, entry: index_data.Words) -> str:
        """An entry's words in the index's form; "Prone; being knocked" each part."""
        head, *subs = index_data.words(self.srcdir, entry, self.lang).split(";")
        return "; ".join(
            [index_text(head, self.lang), *(sub_entry_text(sub, self.lang) for sub in subs)]
        )

    def index(self, section: nodes.section, title: str) -> None:
        """The entries of one heading: its own (or the merged one's words) unless it is a
        chapter's title, a sub-entry under its topic, a topic's head and its "see also"."""
        label = section["ids"][0]
        merge = self.merged.get(label)
        own = self.words(merge) if merge and self.words(merge) else index_text(title, self.lang)
        if not isinstance(section.parent, nodes.document):
            section.insert(1, index_node(own, label))
        # Under a topic, an inverted heading ("Prone; being knocked") goes by its own words.
        sub = sub_entry_text(title if ";" in own else own, self.lang)
        for topic in self.topics.get(label, []):
            if self.words(topic):  # a language without the topic's words: no topic
                section.insert(1, index_node(f"{self.words(topic)}; {sub}", label))
        for lookup, place in self.places.get(label, []):
            self.index_place(section, lookup, place)
        for merge in self.head_pages.get(label, []):
            headword = self.words(merge).partition(";")[0].strip()
            if headword:
                section.insert(1, index_node(headword, label))
        head = self.heads.get(label)
        if head and self.words(head):
            section.insert(1, index_node(self.words(head), label))
            for also in reversed(head.also):  # each inserted first: the list's order
                if self.words(also):
                    section.insert(1, see_node(self.words(head), self.words(also), self.latex))

    def index_place(
        self, section: nodes.section, lookup: index_data.Lookup, place: index_data.Place
    ) -> None:
        """A looked-up term's entry at one of its places: after the heading, or inside the first
        paragraph or table cell of the section whose text holds the place's words (the page of
        the term, for a section that runs over pages); words not found there are a warning."""
        head = self.words(lookup)
        if not head:  # a language without the term's words: no entry
            return
        sub = place.sub(self.lang)
        text = f"{head}; {sub_entry_text(sub, self.lang)}" if sub else head
        label = section["ids"][0]
        find = place.find(self.lang)
        if not find:
            section.insert(1, index_node(text, label))
            return
        holder = holding(section, find)
        if holder is None:
            LOGGER.warning(
                "%s: the index's %r is not in section %s (find_%s = %r)",
                index_data.INDEX_FILE,
                head,
                label,
                self.lang,
                find,
                location=section,
            )
            return
        place_before(holder, find, _inline(index_node(text, label)))

    def see_entries(self, document: nodes.document, docname: str) -> None:
        """The "see" entries, at the start of ``document``'s first section."""
        sections = list(document.findall(nodes.section))
        for see in reversed(self.data.see) if sections else ():
            words = getattr(see, self.lang, "")  # a language without its words: no such entry
            if words and self.words(see.target):
                text = index_text(words, self.lang)
                sections[0].insert(1, see_node(text, self.words(see.target), latex=None))


def holding(section: nodes.section, words: str) -> nodes.TextElement | None:
    """The first paragraph (or other text) of ``section`` whose text holds ``words``, any case
    and any spacing (a French no-break space is a space), titles aside."""
    wanted = " ".join(words.split()).casefold()
    for node in section.findall(nodes.TextElement):
        if isinstance(node, (nodes.title, nodes.Inline)) or not isinstance(
            node, (nodes.paragraph, nodes.term, nodes.line)
        ):
            continue
        if wanted in " ".join(node.astext().split()).casefold():
            return node
    return None


def place_before(holder: nodes.TextElement, words: str, entry: nodes.Node) -> None:
    """``entry`` in ``holder`` right before the text that holds ``words`` (the page of the
    words, in a paragraph that runs over pages), or at its start when the words run over
    several nodes (a link inside them)."""
    wanted = re.compile(r"\s+".join(map(re.escape, words.split())), re.IGNORECASE)
    for text in holder.findall(nodes.Text):
        found = wanted.search(str(text))
        if not found or text.parent is None:
            continue
        if text.parent is holder:
            value = str(text)
            before, after = nodes.Text(value[: found.start()]), nodes.Text(value[found.start() :])
            holder.replace(text, [before, entry, after])
            return
        child: nodes.Node = text.parent  # a link or an emphasis: the entry before it, not in it
        while child.parent is not holder and child.parent is not None:
            child = child.parent
        holder.insert(holder.index(child), entry)
        return
    holder.insert(0, entry)


def index_escape(text: str) -> str:
    """``text`` as a part of a raw ``\\index``: LaTeX's specials escaped, and the index's own
    (``!`` a sub-entry, ``@`` a sort key, ``|`` a macro for the page number) quoted with ``"``,
    the quote character of xindy's LaTeX input style, as Sphinx quotes its own entries
    (``sphinx.writers.latex``, ``visit_index``): words of the data (``Moral!Sous@x|textbf``)
    stay words, never drop an entry nor choose a macro."""
    value = latex_escape(text)
    value = value.replace(r"\{", r"\sphinxleftcurlybrace{}")
    value = value.replace(r"\}", r"\sphinxrightcurlybrace{}")
    value = value.replace('"', '""').replace("@", '"@').replace("!", '"!')
    return value.replace("|", r"\textbar{}")


def see_node(text: str, target: str, latex: bool | None) -> nodes.Element:
    """A "see" entry (``latex`` None) or a "see also" one: Sphinx's own index entry, but for
    "see also" in LaTeX, which Sphinx would write as "see" (a raw ``\\index`` with xindy's
    ``seealso`` class)."""
    if latex:
        key = index_escape(text)
        return generated_raw(
            rf"\index{{{key}@\spxentry{{{key}}}|seealso{{{index_escape(target)}}}}}", "latex"
        )
    kind = "see" if latex is None else "seealso"
    return addnodes.index(entries=[(kind, f"{text}; {target}", "", "", None)], inline=False)


def index_rows(table: nodes.table, lang: str, names: dict[str, str] | None = None) -> None:
    """An entry for each row of a named-rows table, in the cell of its name (the page of the
    row, for a table that runs over pages); ``names`` qualifies a name that is also a rule's."""
    names = names or {}
    keys = [c.removeprefix("nq-table-") for c in table["classes"] if c.startswith("nq-table-")]
    column = next((NAMED_ROWS[key] for key in keys if key in NAMED_ROWS), None)
    target = section_id(table)
    if column is None or not target:
        return
    for body in table.findall(nodes.tbody):
        for row in body.children:
            cell = row.children[column]
            name = cell.astext().strip()
            if name and cell.children:
                entry = index_text(names.get(name, name), lang)
                cell[0].append(_inline(index_node(entry, target)))


def index_card(card: nodes.container, lang: str, names: dict[str, str] | None = None) -> None:
    """An entry for a card, by its title (qualified by ``names``), at the start of the card."""
    titles = [n for n in card.findall(nodes.Element) if "sd-card-title" in n.get("classes", [])]
    if titles:
        title = titles[0].astext()
        entry = index_text((names or {}).get(title, title), lang)
        card.insert(0, index_node(entry, card["ids"][0]))


def _inline(node: addnodes.index) -> addnodes.index:
    node["inline"] = True  # inside a paragraph: no line break of its own in LaTeX
    return node


def _register(app: Sphinx) -> None:
    if app.builder.format in INDEXED_FORMATS:
        app.add_transform(SectionIndexEntries)


def dictionary_order(groups: list[tuple[str, list[Any]]]) -> list[tuple[str, list[Any]]]:
    """The site index's entries, and the sub-entries of each, in dictionary order (the
    glossary's :func:`~nqsphinx.directives.glossary.collation_key`: accents and case aside at
    the first level).

    Sphinx sorts the decomposed text, where an accent's code comes after every letter: « À
    terre » (A, accent, space...) was filed after « Aveuglement »."""
    from nqsphinx.directives.glossary import collation_key

    for _letter, entries in groups:
        entries.sort(key=lambda entry: collation_key(entry[0]))
        for _name, (_links, subitems, _category) in entries:
            subitems.sort(key=lambda item: collation_key(item[0]))
    return groups


#: Pages whose locators are named by the page, not the section: a glossary entry and a table of
#: chances are the page's kind of place ("Armour Save, Armour Saves, Glossary, The Odds").
PAGE_NAMED_LOCATORS = frozenset({"glossary", "odds"})


def locator_names(app: Sphinx) -> Callable[[str], tuple[str, str]]:
    """What a link of the site's or the e-book's index leads to, by its address, in the
    book's language: the title of the section of its anchor, or of its page (a page of
    :data:`PAGE_NAMED_LOCATORS`, or an anchor that is no section's); and its page's title."""
    env = app.env
    pages = {app.builder.get_target_uri(doc): doc for doc in env.found_docs}
    labels: dict[str, tuple[str, str, str]] = env.domaindata["std"]["labels"]

    def name(uri: str) -> tuple[str, str]:
        address, _, anchor = uri.partition("#")
        doc = pages.get(address, "")
        title = minus_signs(env.titles[doc].astext()) if doc in env.titles else ""
        label = labels.get(anchor)
        if doc in PAGE_NAMED_LOCATORS or not label or label[0] != doc or not label[2]:
            return title, title
        return minus_signs(label[2]), title  # its dashes as the heading prints them

    return name


def name_locators(
    groups: list[tuple[str, list[Any]]], name: Callable[[str], tuple[str, str]]
) -> None:
    """Each link of an entry after its first (Sphinx's "[1]", "[2]") with the name of what it
    leads to, as a third member: ``(main, uri, name)``; the template shows it. A name that
    the entry's words or another of its links already carry ("Armour Values" in The Army and
    in Creating A Profile) is told apart by its page's title; a place linked twice is one link."""

    def named(words: str, links: list[Any]) -> None:
        unique = {link[1]: link for link in reversed(links)}  # each address's first link
        links[:] = [link for link in links if unique[link[1]] is link]
        found = [name(uri) for _main, uri, *_ in links[1:]]
        taken = [words.casefold()] + [section.casefold() for section, _page in found]
        links[1:] = [
            (
                main,
                uri,
                section
                if taken.count(section.casefold()) == 1 or section == page
                else f"{section} ({page})",
            )
            for (main, uri, *_), (section, page) in zip(links[1:], found, strict=True)
        ]

    for _letter, entries in groups:
        for words, (links, subitems, _category) in entries:
            named(words, links)
            for sub, sublinks in subitems:
                named(sub, sublinks)


#: The templates that show a named locator (the site's and the e-book's genindex.html).
TEMPLATES = ROOT / "nqsphinx" / "site" / "templates"


def shows_named_locators(app: Sphinx, templatename: str) -> bool:
    """Whether the index page's template is ours (another theme's unpacks each link in two)."""
    templates = getattr(app.builder, "templates", None)
    loader = getattr(getattr(templates, "environment", None), "loader", None)
    if loader is None:
        return False
    _source, filename, _uptodate = loader.get_source(templates.environment, templatename)  # type: ignore[union-attr]
    return TEMPLATES in Path(filename or "").resolve().parents


def _sorted_index(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if pagename == "genindex" and context.get("genindexentries"):
        dictionary_order(context["genindexentries"])
        if shows_named_locators(app, templatename):
            name_locators(context["genindexentries"], locator_names(app))


def see_problems(entries: dict[str, list[tuple[Any, ...]]]) -> list[str]:
    """Each "see" (or "see also") entry of the index, as ``docname -> entries`` holds them,
    that sends to no entry with pages: to itself, to another "see" entry (two that send to
    each other), to words that no entry has. The book would print "X, see X" or "see Nothing"."""
    heads: set[str] = set()
    sent: list[tuple[str, str]] = []
    for items in entries.values():
        for kind, value, *_ in items:
            head, _, rest = str(value).partition(";")
            if kind in ("see", "seealso"):
                sent.append((head.strip(), rest.strip()))
            elif kind == "single":
                heads.add(head.strip())
    where = f"{index_data.INDEX_FILE}, see {{!r}}: sends to {{!r}}, "
    return sorted(
        where.format(words, target)
        + ("itself" if words == target else "which is no entry of the index with pages")
        for words, target in set(sent)
        if words == target or target not in heads
    )


def _check_see_entries(app: Sphinx, env: Any) -> None:
    for problem in see_problems(env.domaindata.get("index", {}).get("entries", {})):
        LOGGER.warning(problem, type="nq", subtype="index")


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", _register)
    app.connect("env-check-consistency", _check_see_entries)
    app.connect("html-page-context", _sorted_index)
