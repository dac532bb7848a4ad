"""Players see each worked example's prose and the engine's answer, never its code: on the site
the doctest is folded in a closed disclosure with the line saying the engine checked the result,
and the search index holds none of it (:mod:`nqsphinx.directives.example_view`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from nqcore.i18n import format_percent
from nqsphinx.directives.example_view import (
    NO_SEARCH,
    checked_line,
    engine_result,
)
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import ui_text
from tests.site.search_index import indexed_text, search_index
from tests.site.sitepages import VOID
from tests.test_worked_examples import PAGES, examples

EXAMPLE_PAGES = {page.stem: len(examples(page)) for page in PAGES if examples(page)}
SUMMARY = {"en": "Check with the engine", "fr": "Vérifier avec le moteur"}
CHECKED = {"en": "✓ Checked with the rules engine", "fr": "✓ Vérifié avec le moteur de règles"}
_DOCTEST = re.compile(r"```\{doctest\}\n(.*?)```", re.DOTALL)


@dataclass
class Box:
    checked: list[str] = field(default_factory=list)
    checked_folded: list[bool] = field(default_factory=list)  # each checked line in the fold?
    folded: list[tuple[bool, str]] = field(default_factory=list)  # (open?, summary) per block


@dataclass
class _Element:
    tag: str
    classes: set[str]
    attrs: dict[str, str]
    text: list[str] = field(default_factory=list)


class _ExampleReader(HTMLParser):
    """The example boxes of a page, and every Python block with the elements around it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.boxes: list[Box] = []
        self.stray_code: list[str] = []  # Python blocks not folded inside an example box
        self._open: list[_Element] = []
        self._summary = ""

    def _inside(self, tag: str, cls: str) -> _Element | None:
        return next((e for e in reversed(self._open) if e.tag == tag and cls in e.classes), None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        element = _Element(tag, set(values.get("class", "").split()), values)
        if tag == "div" and "nq-example" in element.classes:
            self.boxes.append(Box())
        if tag == "div" and element.classes & {"highlight-pycon", "highlight-python"}:
            self._code()
        if tag not in VOID:
            self._open.append(element)

    def _code(self) -> None:
        details = self._inside("details", "nq-example-check")
        box = self._inside("div", "nq-example")
        if details is None or box is None:
            self.stray_code.append(" > ".join(e.tag for e in self._open))
            return
        self.boxes[-1].folded.append(("open" in details.attrs, self._summary))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self._open:
            return
        element = self._open.pop()
        if element.tag == "summary":
            self._summary = "".join(element.text).strip()
        if element.tag == "p" and "nq-example-checked" in element.classes:
            # HTML white space only: the no-break spaces are part of the text ("règles : 7")
            self.boxes[-1].checked.append(re.sub(r"[ \t\r\n]+", " ", "".join(element.text)))
            folded = self._inside("details", "nq-example-check") is not None
            self.boxes[-1].checked_folded.append(folded)
        if self._open:  # an element's text is its parent's too
            self._open[-1].text.extend(element.text)

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1].text.append(data)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)


def read_examples(page: Path) -> _ExampleReader:
    reader = _ExampleReader()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_doctest_is_folded_closed_in_its_example(
    html_sites: dict[str, Path], lang: str
) -> None:
    assert sum(EXAMPLE_PAGES.values()) >= 52
    for page in sorted(html_sites[lang].glob("*.html")):
        reader = read_examples(page)
        assert reader.stray_code == [], f"{lang}/{page.name}: Python shown outside a fold"
        assert len(reader.boxes) == EXAMPLE_PAGES.get(page.stem, 0), f"{lang}/{page.name}"
        for box in reader.boxes:
            assert box.folded == [(False, SUMMARY[lang])], f"{lang}/{page.name}"
    assert SUMMARY[lang] == ui_text("Check with the engine", lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_example_says_the_engine_checked_it(html_sites: dict[str, Path], lang: str) -> None:
    """The check is the site's, folded with the code, for every example: one the 2007 book got
    wrong says, in sight, only that it was corrected, with the erratum's link."""
    expected = french_html(CHECKED[lang]) if lang == "fr" else CHECKED[lang]
    for name in EXAMPLE_PAGES:
        for box in read_examples(html_sites[lang] / f"{name}.html").boxes:
            assert len(box.checked) == 1, (name, box)
            assert "kept above" not in box.checked[0] and "ci-dessus" not in box.checked[0]
            assert box.checked[0].startswith(expected), (name, box)
            assert box.checked_folded == [True], (name, box)
    casting = [b.checked[0] for b in read_examples(html_sites[lang] / "magic.html").boxes]
    colon = "\u00a0:" if lang == "fr" else ":"
    # a level 5 spell at wizardry level 2, in the example's :result: words
    assert f"{expected}{colon} {'7 ou moins' if lang == 'fr' else '7 or less'}" in casting
    lucky = [b.checked[0] for b in read_examples(html_sites[lang] / "armour-and-damage.html").boxes]
    chance = f"1/10 ({format_percent(Fraction(1, 10), lang)})"
    words = {"en": f"a {chance} chance to avoid any damage", "fr": f"une probabilité de {chance} "}
    assert any(line.startswith(f"{expected}{colon} {words[lang]}") for line in lucky)


@pytest.mark.parametrize(
    "code,lang,shown",
    [
        (">>> casting_target(spell_level=5, wizardry_level=2)\n7\n", "en", "7"),
        (">>> total_penetration(-1, penetration=-1)\n-2\n", "fr", "\u22122"),
        (">>> save_chance(2, 6)\nFraction(7, 10)\n", "en", "7/10 (70%)"),
        (">>> save_chance(2, 6)\nFraction(7, 10)\n", "fr", "7/10 (70\u202f%)"),
        (">>> save_chance(1, 6)\nFraction(1, 3)\n", "en", "1/3 (33.3%)"),
        (">>> x = 1\n>>> x\n1\n>>> can_pushback(15, 4)\nTrue\n", "en", None),
        (">>> sword.uc, sword.st_bonus\n(4, 1)\n", "en", None),
        (">>> respond()\nTraceback (most recent call last):\n...\nError: no\n", "en", None),
        (">>> 12000\n12000\n", "fr", "12\u202f000"),
    ],
)
def test_the_engine_result_is_shown_only_when_it_is_a_number(
    code: str, lang: str, shown: str | None
) -> None:
    assert engine_result(code, lang) == shown
    line = checked_line(shown, lang).astext()
    assert line.startswith(CHECKED[lang]) and (shown is None or line.endswith(shown))


@pytest.mark.parametrize(
    "code,words,shown",
    [
        (">>> attacks_possible(6, 3)\n3\n", "{} attacks", "3 attacks"),
        (">>> save_chance(2, 6)\nFraction(1, 10)\n", "a {} chance", "a 1/10 (10%) chance"),
        (
            ">>> warlord, dragon\n(6, 5)\n",
            "Warlord {} or less, Dragon {} or less",
            "Warlord 6 or less, Dragon 5 or less",
        ),
        (">>> warlord, dragon\n(6, 5)\n", "{} or less", None),  # two numbers, one slot
        (">>> warlord\n6\n", "{} and {}", None),
        (">>> can_pushback(15, 4)\nTrue\n", "{} models", None),
    ],
)
def test_the_engine_result_takes_the_examples_words(
    code: str, words: str, shown: str | None
) -> None:
    """``:result:`` says what the number counts; a slot per number, or nothing is shown."""
    assert engine_result(code, "en", words) == shown


def _code_words() -> set[str]:
    """Words of the examples' doctests that no prose uses: identifiers, the engine's name."""
    words = {"nqcore", "traceback"}
    for page in PAGES:
        for _, body in examples(page):
            for code in _DOCTEST.findall(body):
                words |= set(re.findall(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b", code))
    return words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_search_index_holds_no_doctest_words(html_sites: dict[str, Path], lang: str) -> None:
    """The search's index (nqsphinx.site.quick_search), which the results' snippets quote, holds
    the examples' prose and none of their code."""
    pages = indexed_text(html_sites[lang])
    assert set(EXAMPLE_PAGES) <= set(pages) and all(pages[page] for page in EXAMPLE_PAGES)
    words = _code_words()
    assert {"casting_target", "wizardry_level", "nqcore"} <= words and len(words) > 50
    docs = search_index(html_sites[lang])["docs"]
    on_pages = [doc[4] for doc in docs if doc[2].split(".html")[0] in EXAMPLE_PAGES]
    texts = {word for text in on_pages for word in text.split()}
    assert not {word for word in texts if word.strip(".,;:()") in words}


def test_the_folded_code_is_marked_and_left_out_of_the_snippets(
    html_sites: dict[str, Path],
) -> None:
    """The folded code is ``.no-search``: the index the snippets quote leaves it out."""
    html = (html_sites["en"] / "magic.html").read_text(encoding="utf-8")
    assert re.search(rf'<details class="nq-example-check {NO_SEARCH}">', html)
    texts = [doc[4] for doc in search_index(html_sites["en"])["docs"]]
    assert not [text for text in texts if ">>>" in text or "import nqcore" in text]


_CONSOLE = re.compile(
    r'<div class="highlight-console[^"]*"><div class="highlight"><pre>(.*?)</pre>', re.S
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_nq_page_shows_sessions_that_run_as_shown(
    html_sites: dict[str, Path], lang: str
) -> None:
    """The ``nq`` page, built: terminal sessions (``$ nq ...``), no Python prompt; each one, as the
    page in its language shows it (French: ``$ nq --lang fr ...``), prints what is shown."""
    import html

    from nqsphinx.languages.console import differences

    page = (html_sites[lang] / "nq.html").read_text(encoding="utf-8")
    sessions = [html.unescape(re.sub(r"<[^>]+>", "", pre)) for pre in _CONSOLE.findall(page)]
    assert len(sessions) >= 10 and "&gt;&gt;&gt;" not in page
    commands = [line for s in sessions for line in s.splitlines() if line.startswith("$ nq ")]
    if lang == "fr":
        assert all(line.startswith("$ nq --lang fr ") for line in commands), commands
    for session in sessions:
        assert differences(session) == [], session
