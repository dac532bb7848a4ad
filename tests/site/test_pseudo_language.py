"""No English on a translated page: the site built in the pseudo language shows no ASCII letter.

Every catalogue's msgids are accented and bracketed (:mod:`nqtranslate.pseudo`) into a scratch
folder, and the site is built in that language (``qps``) from there, as a third language would be
built from its catalogues alone (``NQ_LOCALE_PATH``, nqcore/i18n.py).  Then every text a reader
sees on every page (the text of ``<body>``, the attributes read out or shown: alt, title,
aria-label, placeholder and the ``data-*`` words ``nq.js`` shows; the page's title and
description) must have no ASCII letter left, except what :data:`ALLOWED` lists, each with its
reason.  English found there reached the page without a catalogue: hard-coded in the extension,
the engine or the templates.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from nqcore.i18n import LANGUAGES, LOCALE_PATH_VARIABLE, format_percent
from nqtranslate.pseudo import PSEUDO, pseudo
from tests.building import ROOT
from tests.pseudolang import Allowed, PseudoBuilds, english_left, unused
from tests.site.sitepages import VOID

#: The reviewed allow-list.
ALLOWED = (
    Allowed(r"No Quarter Fantasy Wargames", "the game's title, the site's name: a proper name"),
    Allowed(r"Chris Gilders", "the author's name, in the copyright line"),
    Allowed(r"^(Sphinx|Furo)$", "names of the tools, in « Made with Sphinx and Furo »"),
    Allowed(
        rf"^({'|'.join(lang.upper() for lang in LANGUAGES)})$",
        "the language switch shows each target language's code",
        ("nq-lang-link",),
    ),
    Allowed(
        r"^EN:$|^.+$",
        "the glossary gives each term in the other language (English), after its code",
        ("nq-glossary-other",),
    ),
    Allowed(
        r" — EN: [^⁅]+(?=⁅)",
        "a term's description gives the term in the other language (English), after its code",
        ("nq-term", "nq-term-definition"),
    ),
    Allowed(
        r"^[A-Z]$",
        "a letter of the alphabet: the glossary's A–Z bar, the index's letters",
        ("nq-glossary-az", "genindex-jumpbox", "genindex-section"),
    ),
    Allowed(
        r"(?<![\w-])nq(?![\w-])", "the command's name: code, flattened in a page's description"
    ),
)
#: Elements whose text is not checked: scripts, styles and code (commands, options, doctests:
#: literal blocks are the same in every language; see test_code_prose_is_translated).
UNCHECKED = frozenset({"script", "style", "pre", "code", "kbd", "samp"})
#: Attributes whose words readers see or hear.
READ_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")
#: ``<meta>`` of the head whose content is not words.
META_NOT_WORDS = frozenset(
    {"viewport", "color-scheme", "theme-color", "robots", "nq-service-worker"}
)


@dataclass(frozen=True)
class Text:
    page: str
    where: str  # the element (and attribute) that holds it
    classes: frozenset[str]  # of the element and its ancestors
    text: str


class _Reader(HTMLParser):
    """The texts a reader sees or hears on one page."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.open: list[tuple[str, frozenset[str]]] = []  # element, its classes and its ancestors'
        self.texts: list[Text] = []
        self.code: list[Text] = []  # prose inside code: comments and doctest output

    def _add(self, where: str, classes: frozenset[str], text: str) -> None:
        if text.strip():
            self.texts.append(Text(self.page, where, classes, " ".join(text.split())))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        inherited = self.open[-1][1] if self.open else frozenset()
        classes = inherited | set(values.get("class", "").split())
        if tag == "meta" and values.get("name", "") not in META_NOT_WORDS | {""}:
            if not values["name"].startswith("nq-search"):
                self._add(f"meta {values['name']}", classes, values.get("content", ""))
        for name, value in values.items():
            if name in READ_ATTRIBUTES or name.startswith("data-nq-") or name == "data-none":
                self._add(f"<{tag} {name}>", classes, value)
        if tag not in VOID:
            self.open.append((tag, frozenset(classes)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        tags = [tag for tag, _ in self.open]
        if not tags or "head" in tags and "title" not in tags:
            return
        classes = self.open[-1][1]
        if UNCHECKED.intersection(tags):
            if "pre" in tags and classes & {"c1", "go"} and data.strip():
                self.code.append(Text(self.page, "pre", classes, data.strip()))
            return
        self._add(tags[-1], classes, data)


def read_site(site: Path) -> tuple[list[Text], list[Text]]:
    """Every text of every page of ``site``, and the prose of its code blocks."""
    texts, code = [], []
    for path in sorted(site.rglob("*.html")):
        if "_static" in path.parts:
            continue
        reader = _Reader(path.relative_to(site).as_posix())
        reader.feed(path.read_text(encoding="utf-8"))
        texts += reader.texts
        code += reader.code
    return texts, code


@pytest.fixture(scope="module")
def pseudo_site(pseudo_builds: PseudoBuilds) -> Path:
    """The site in the pseudo language, built once, from catalogues outside the repository."""
    build = pseudo_builds.site
    assert "WARNING" not in build.log and "ERROR" not in build.log, build.log
    return build.check()


@pytest.fixture(scope="module")
def site_texts(pseudo_site: Path) -> tuple[list[Text], list[Text]]:
    return read_site(pseudo_site)


def test_a_third_language_builds_from_its_catalogues_alone(pseudo_site: Path) -> None:
    page = (pseudo_site / "magic.html").read_text(encoding="utf-8")
    assert re.search(r'<html [^>]*lang="qps"', page)
    assert "<h1>⁅Ṁàĝîç⁆<a " in page  # the page's own catalogue
    switch = re.findall(
        r'<a class="nq-lang-link nq-lang-[^"]*" href="([^"]+)" hreflang="(\w+)"\s+'
        r'aria-label="([^"]+)"',
        page,
    )
    assert switch[: len(LANGUAGES)] == [  # each of the header's two switches: every other language
        ("../en/magic.html", "en", pseudo("EN: read this page in English")),
        ("../fr/magic.html", "fr", pseudo("FR: read this page in French")),
    ]
    assert len(switch) == 2 * len(LANGUAGES)
    pages = [p for p in pseudo_site.rglob("*.html") if "_static" not in p.parts]
    expected = [p for p in (ROOT / "docs").rglob("*.md") if not p.name.startswith("_")]
    assert len(pages) >= len(expected) + 3  # with the index, the search and the 404 pages


def test_the_start_page_lists_a_third_language(pseudo_builds: PseudoBuilds, tmp_path: Path) -> None:
    """The site's root page (and the offline archive's, the same page) from the catalogues."""
    catalogues = pseudo_builds.catalogues
    write = "import sys, pathlib; from nqsphinx.site.root_page import write_start_page as w; "
    write += "w(pathlib.Path(sys.argv[1]))"
    env = {**os.environ, LOCALE_PATH_VARIABLE: str(catalogues)}
    subprocess.run([sys.executable, "-c", write, str(tmp_path)], env=env, check=True, cwd=ROOT)
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="(\w+)/index.html" hreflang="\w+" lang="\w+">([^<]+)</a>', page)
    assert links == [
        ("en", "English rules"),
        ("fr", "Règles en français"),
        (PSEUDO, pseudo("English rules")),
    ]
    script = (tmp_path / "nq-root.js").read_text(encoding="utf-8")
    assert f'var sites = ["en", "fr", "{PSEUDO}"];' in script  # the browser's language chooses


def test_every_visible_text_is_pseudo_translated(
    site_texts: tuple[list[Text], list[Text]],
) -> None:
    texts, code = site_texts
    assert code  # the reader still sees the prose inside code (test_code_prose_is_translated)
    used: Counter[Allowed] = Counter()
    leaks = Counter(
        (text.page, text.where, text.text[:160])
        for text in texts
        if english_left(text.text, ALLOWED, used, text.classes)
    )
    assert len(texts) > 15000  # 17 738 texts on 35 pages on 2026-11-25
    listed = "\n".join(
        f"{n} × {page} <{where}>: {text!r}" for (page, where, text), n in sorted(leaks.items())
    )
    assert not leaks, f"English on pseudo pages (fix it or allow it in ALLOWED):\n{listed}"
    assert not unused(ALLOWED, used), "allowed but never found"


#: The reviewed allow-list of the prose inside code (doctest comments and results, the ``nq``
#: command's answers): what is still English there is Python's or a script's, not prose.
CODE_ALLOWED = (
    Allowed(r"\b(True|False|Fraction)\b", "Python's own words in a result: code"),
    Allowed(
        r"^Nemesis\(model='Dark Unicorn', rival='Light Unicorn'\)$",
        "a result repeating the names the code gave it (the code itself is not translated)",
    ),
    Allowed(r'^"\w+": |\bfalse\b', "the keys and literals of a JSON answer, for scripts"),
    Allowed(
        r'^(Déplacement avec 3 Ac|Capacité de mouvement\u00a0: Double temps|Distance\u00a0: 4½"|'
        r'"?Lancer un sort de niveau 3 avec un niveau de magie 1"?,?|"Boule de feu",|'
        r"Sort\u00a0: Boule de feu|Modificateurs\u00a0: Niveau de magie \+1|"
        r"Résultat nécessaire\u00a0: 4 ou moins|Probabilité\u00a0: 40,0\u202f%|"
        r'"?Boule de feu\u00a0: \d+ Ac pour le lancer \(son coût d’utilisation, CU\)\."?)$',
        "« In French and for scripts » shows the French answers its commands ask for (--lang fr)",
    ),
    Allowed(r"^(\[\[unit\]\]|[a-z]+ = .+)$", "a file's TOML shown by `$ cat`: keys and values"),
    Allowed(
        r"\b(Orc Raiders|Bruisers|Ogres|Chaos Warriors)\b",
        "the names a player gave the army and its units in the army file",
    ),
    Allowed(
        r"\b(units|sample-profiles-sample-profiles)(?=⁆\))|(?<=\(')points-values(?=', )",
        "a rule's section label, the same in every language, as nq army cites it",
    ),
    Allowed(
        r"^\(\['undead'\], \[\]\)$", "the engine's keys of a profile's traits, as Python shows them"
    ),
    Allowed(
        r"^nq points: orc\.toml: ",
        "a refusal's command and the file the player named, before the refusal's own words",
    ),
)


def test_code_prose_is_translated(site_texts: tuple[list[Text], list[Text]]) -> None:
    """Doctest comments (page catalogues), engine messages in results (engine catalogue) and the
    ``nq`` command's answers (run again in the page's language):
    nqsphinx/languages/code_prose.py."""
    _, code = site_texts
    used: Counter[Allowed] = Counter()
    english = [
        f"{t.page}: {t.text!r}"
        for t in code
        if re.search(r"[A-Za-z]{3}", english_left(t.text, CODE_ALLOWED, used))
    ]
    assert not english, "\n".join(english)
    assert not unused(CODE_ALLOWED, used), "allowed but never found"
    morale = [t.text for t in code if t.page == "morale.html"]
    comments = [
        "7 lost: not yet half of 16",
        "losing 3 of 7 is not enough",
        "reduced to 3 in turn 4",
    ]
    assert [f"# {pseudo(c)}" for c in comments] == [t for t in morale if t.startswith("#")]
    assert f"'{pseudo('Half of the starting number lost')}'" in morale  # engine catalogue
    answers = [t.text for t in code if t.page == "nq.html"]
    percent = format_percent(Fraction(7, 10), "fr", 1)  # the pseudo language's number format
    assert percent.startswith("70,0")
    assert answers[:4] == [  # the console block: the command's own answer, decimal comma
        pseudo("Casting a level {level} spell at wizardry level {wizardry}").format(
            level=5, wizardry=2
        ),
        f"{pseudo('Modifiers')}: {pseudo('Wizardry level')} +2",  # what the target counts
        pseudo("Roll needed: {target} or less").format(target=7),
        pseudo("Chance: {percent}").format(percent=percent),  # no bare fraction for a player
    ]
