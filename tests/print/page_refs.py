"""Where a page reference lands, read from the PDFs themselves: the rulebook's labels (its aux
file: each label's number, page, title and anchor), its pages' text (pdftotext, page by page)
and what stands at the head of each target (a section's number and title, an erratum's title, a
spell card's name), so that a test can say whether "p. 21" is the page where the target is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from nqcore.book.errata import all_errata
from nqcore.rules.mutations import all_mutations
from nqcore.rules.spells import all_spells
from nqprint import quick_reference
from nqprint.texts import engine_text
from nqsphinx.directives.glossary import GLOSSARY_FILE, Term, load_terms
from tests.building import ROOT
from tests.print.pdfs import reader, run_on

#: ``\newlabel{doc:label}{{6.4}{21}{Number Of Game Turns}{section.6.4}{}}``
_NEWLABEL = re.compile(
    r"^\\newlabel\{(?P<label>[^{}]+)\}\{\{(?P<number>[^{}]*)\}\{(?P<page>[^{}]*)\}"
    r"\{(?P<title>.*)\}\{(?P<anchor>[^{}]+)\}\{\}\}$"
)
#: What a heading's title holds in the aux besides its words.
_TEX = (
    (re.compile(r"\\relax\s*"), ""),
    (re.compile(r"\\sphinxhyphen\s*\{\}"), "-"),
    (re.compile(r"\\([&%#_$])"), r"\1"),
)
#: The book's cross-references in its LaTeX, in the order they are printed.
_PAGEREF = re.compile(r"\\autopageref\*\{\\detokenize\{([^{}]+)\}\}")
#: A printed cross-reference's page: "(p. 21)", or "(Close Combat, p. 44)" where the section's
#: title is another chapter's too (nqsphinx.books.page_ref_ties).
PRINTED_REF = re.compile(r"\((?:[^()]{1,60}?,\s*)?p\.\s*(\d+)\)")


@dataclass(frozen=True)
class Label:
    name: str
    number: str
    page: str
    title: str
    anchor: str


def squeeze(value: str) -> str:
    """Text with every run of spaces made one (no-break and narrow ones too), and the printed
    book's curly quotes straight, as the sources write them."""
    value = value.replace("\u202f", " ").replace("\u00a0", " ").translate(_STRAIGHT)
    return re.sub(r"\s+", " ", value).strip()


_STRAIGHT = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def aux_labels(aux: Path) -> dict[str, list[Label]]:
    """Every ``\\newlabel`` of the aux file, by label: a label written twice is there twice."""
    found: dict[str, list[Label]] = {}
    for line in aux.read_text(encoding="utf-8").splitlines():
        match = _NEWLABEL.match(line)
        if match:
            title = match["title"]
            for pattern, replacement in _TEX:
                title = pattern.sub(replacement, title)
            label = Label(match["label"], match["number"], match["page"], title, match["anchor"])
            found.setdefault(label.name, []).append(label)
    return found


def book_references(tex: Path) -> list[str]:
    """The labels of the book's "(p. N)" references, in the order they are printed: the LaTeX
    source's, but a longtable's notes (``\\gdef\\nqtablenotes``, set before the table and
    printed in its feet) after the table's end, where their last copy stands."""
    source = tex.read_text(encoding="utf-8")
    return _PAGEREF.findall(_FOOT_NOTES.sub(r"\g<rest>\g<notes>", source))


#: A longtable's notes (from ``\gdef\nqtablenotes`` to the line that closes it) and the table.
_FOOT_NOTES = re.compile(
    r"\\gdef\\nqtablenotes\{%(?P<notes>.*?)\n\}\n(?P<rest>.*?\\end\{longtable\})", re.S
)
#: The line of a longtable's foot on each page but its last.
_CONTINUED = ("continues on next page", "suite sur la page suivante")


def printed_references(text: str) -> list[str]:
    """The pages of the "(p. N)" printed in ``text`` (pdftotext's), in order, the notes in a
    longtable's feet where its source has them, after its end: a note under "continues on
    next page" is left out if the next pages print it again, else read at the end of the
    table's last page (a longtable's note is printed on the pages of its mark only,
    nqsphinx.books.longtable_notes: the spell list's on its first page)."""
    pages = text.split("\f")
    kept: list[str] = []
    deferred: list[str] = []
    for number, page in enumerate(pages):
        later = set("\n".join(pages[number + 1 : number + 3]).split("\n"))  # whole lines
        continued = any(c in page for c in _CONTINUED)
        after_marker = False
        for line in page.split("\n"):
            if continued and line.strip() and line in later:
                continue
            if continued and after_marker and line.strip()[:1] in _NOTE_MARKS:
                deferred.append(line)
            else:
                kept.append(line)
            after_marker = after_marker or any(c in line for c in _CONTINUED)
        if not continued:
            kept += deferred
            deferred = []
    return PRINTED_REF.findall("\n".join(kept + deferred))


#: The marks that open a table's notes (nqsphinx.directives.tables.MARKS).
_NOTE_MARKS = "†‡§¶"


def page_texts(pdf: Path) -> dict[str, str]:
    """Each page's text (squeezed), by its printed page number (its page label)."""
    pages = run_on(pdf, "pdftotext").split("\f")
    labels = reader(pdf).page_labels
    return {label: squeeze(text) for label, text in zip(labels, pages, strict=False)}


def heading(label: Label, lang: str) -> str:
    """What the target of ``label`` shows at its head: a chapter's or section's number and
    title ("6.4 Number Of Game Turns"; a chapter's "5 Turn Sequence" under "CHAPTER"), an
    erratum record's title, a card's name."""
    if label.anchor.startswith(("chapter.", "section.", "subsection.", "subsubsection.")):
        return squeeze(f"{label.number} {label.title}")
    name = label.name.split(":", 1)[1]
    if name.startswith("erratum-"):
        erratum = next(e for e in all_errata() if f"erratum-{e.id}" == name)
        return squeeze(engine_text(erratum.subject, lang))
    for prefix, items in (("spell-", all_spells()), ("mutation-", all_mutations())):
        if name.startswith(prefix):
            item = next(i for i in items if f"{prefix}{i.key}" == name)
            return squeeze(engine_text(item.name, lang))
    shown = _paragraph_start(*label.name.split(":", 1), lang)
    if shown:
        return shown
    raise AssertionError(f"{label.name}: what does its target show? (tests/print/page_refs.py)")


def _paragraph_start(page: str, name: str, lang: str, words: int = 4) -> str:
    """The first words of the paragraph a label stands before in ``docs/<page>.md`` (the Weapon
    Profile's "Name: The name of"), in ``lang`` (the page's catalogue); '' if none."""
    from nqcore.i18n import catalogue_messages

    lines = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8").splitlines()
    if f"({name})=" not in lines:
        return ""
    paragraph = lines[lines.index(f"({name})=") + 1].strip()
    if not paragraph or paragraph.startswith(("#", "(", "`", ":")):
        return ""
    said = catalogue_messages(ROOT / "locale", lang, page).get(paragraph, paragraph)
    return squeeze(" ".join(said.split()[:words]))


def misplaced(references: list[tuple[str, str]], book: Path, lang: str) -> list[str]:
    """The references (label, printed page) of ``book`` whose page does not show the target's
    heading (a glossary term's paragraph: the term, :func:`shows`), each as "label: p. N,
    heading on p. M"."""
    labels = aux_labels(book.with_suffix(".aux"))
    texts = page_texts(book)
    defined = {term.target: term for term in glossary() if term.target != term.section}
    wrong = []
    for name, page in references:
        term = defined.get(name.split(":", 1)[1])
        if term is not None:  # the paragraph that defines a glossary term: it shows the term
            if not shows(_words(texts.get(page, "")), term, lang):
                wrong.append(f"{name}: p. {page}, without {term.names[lang]!r}")
            continue
        head = heading(labels[name][-1], lang)
        if head not in texts.get(page, ""):
            where = [number for number, text in texts.items() if head in text]
            wrong.append(f"{name}: p. {page}, {head!r} on {where}")
    return wrong


def book_tables(labels: dict[str, list[Label]]) -> dict[tuple[str, str], Label]:
    """The book's tables by chapter and caption title (squeezed): their labels in the aux."""
    return {
        (name.split(":", 1)[0], squeeze(found[0].title)): found[0]
        for name, found in labels.items()
        if found[0].anchor.startswith("table.")
    }


def block_table(tables: dict[tuple[str, str], Label], key: str, lang: str) -> Label | None:
    """The book's table that a block of the sheet is, in the chapter of its rule, if any."""
    chapter = quick_reference.SOURCES[key][0].split(":", 1)[0]
    return tables.get((chapter, squeeze(quick_reference.block_title(key, lang))))


def tables_titled(tables: dict[tuple[str, str], Label], key: str, lang: str) -> list[Label]:
    """The book's tables, in any chapter, captioned as a block of the sheet is titled."""
    title = squeeze(quick_reference.block_title(key, lang))
    return [label for (_, caption), label in tables.items() if caption == title]


def glossary() -> tuple[Term, ...]:
    return load_terms(ROOT / "docs" / GLOSSARY_FILE)


def _words(value: str) -> str:
    """Text as :func:`squeeze` makes it, a word hyphenated at a line's end whole again, and
    in one case (a glossary term is capitalised, the text's use not always)."""
    return squeeze(re.sub(r"(\w)-\n(\w)", r"\1\2", value)).casefold()


def shows(text: str, term: Term, lang: str) -> bool:
    """Whether a page's text (:func:`_words`) shows ``term``: its name ("Ranged Attack"), or
    the name without its gloss ("Initiative" of "Initiative (Tide Of Battle)"), or its
    abbreviation with each word of its name, or its plural ("TTS – Small" among "teardrop
    templates", « cibles très grandes (CTG) »)."""
    name = _words(term.names[lang])
    if name in text or name.split(" (", 1)[0] in text:
        return True
    abbreviation = term.abbreviations.get(lang)
    words = set(re.findall(r"[\w’']+", text))
    return (
        abbreviation is not None
        and re.search(rf"\b{re.escape(abbreviation.casefold())}\b", text) is not None
        and all(w in words or f"{w}s" in words for w in re.findall(r"[\w’']+", name))
    )


def terms_off_their_page(book: Path, lang: str) -> list[str]:
    """The glossary terms whose "See the rules" page (its target's label's, in the aux: the
    page the glossary prints) does not show the term, each as "key: p. N, shown on p. M"."""
    labels = {
        name.split(":", 1)[1]: found[-1]
        for name, found in aux_labels(book.with_suffix(".aux")).items()
        if ":" in name
    }
    pages = run_on(book, "pdftotext").split("\f")
    texts = {
        label: _words(text) for label, text in zip(reader(book).page_labels, pages, strict=False)
    }
    wrong = []
    for term in glossary():
        page = labels[term.target].page
        if not shows(texts.get(page, ""), term, lang):
            where = [number for number, text in texts.items() if shows(text, term, lang)]
            wrong.append(f"{term.key}: p. {page}, shown on {where[:3]}")
    return wrong
