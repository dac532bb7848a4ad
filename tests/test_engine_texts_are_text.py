"""Texts from the engine's data and its catalogue are text, never markup.

Hostile texts are put into the engine (spells, mutations, an aspect's introduction, the French
catalogue) by replacing its loaders in this process; then a tiny Sphinx project of one cards page
is built in HTML and LaTeX, and the print product's spell cards are written (and compiled once).
Every text must come out as written: no script element, no file included, no directive or role
run, LaTeX escaped.  The cards keep sphinx-design's nodes: a page compares them with a
hand-written ``grid-item-card``.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

import nqcore.i18n
import nqcore.rules.movement
import nqcore.rules.spells
import nqcore.rules.template_attacks
import nqprint.glossary_terms
import nqprint.spell_cards
import nqsphinx.directives.cards
from nqcore.i18n import Msg
from nqcore.rules.magic import Aspect
from nqcore.rules.mutations import Mutation
from nqcore.rules.spells import all_spells, spells_of
from nqprint.latex import compile_pdf
from nqprint.spell_cards import spell_cards_tex
from nqprint.template_sheets import templates_tex
from nqsphinx.directives.diagrams import aspect_circle_svg, aspect_circle_tikz
from nqsphinx.directives.movement_diagram import movement_svg, movement_tikz

SCRIPT = "<script>alert(1)</script>"
IMAGE = "<img src=x onerror=alert(1)>"
#: The include's target exists in the scratch project (``/etc/passwd`` is read from the source
#: folder by Sphinx): parsed as markup, its marker would appear on the page.
INCLUDE_ETC = "```{include} /etc/passwd\n```"
INCLUDE_LOCAL = "```{include} secret.md\n```"
MARKER = "INCLUDED-FILE-CONTENT"
RAW_BLOCK = "```{raw} html\n<script>alert(2)</script>\n```"
RAW_LATEX = "```{raw} latex\n\\input{/etc/passwd}\n```"
RAW_ROLE = "{raw-html}`<b>raw</b>`"
LATEX = r"\input{/etc/passwd}"
ESCAPED_LATEX = r"\textbackslash{}input\{/etc/passwd\}"
SPECIALS = r"50% & $x$ #1 ~ ^ _"
#: SPECIALS escaped; French puts a no-break space before the percent sign.
ESCAPED_SPECIALS = re.compile(r"50(\\,|[\u202f\u00a0~])?\\% \\& \\\$x\\\$ \\#1")
ROLL = "**7**"
ADJUSTMENT = (("A|B", "<b>1</b>"), ("T", "T-1"))

FRENCH_TEXT = f"**bold** en français {IMAGE}"
FRENCH_NAME = "Boule <script>alert(3)</script>"
#: The French catalogue: the hostile English msgids below, an aspect's name and a movement.
FRENCH = {
    "hostile-name": FRENCH_NAME,
    "hostile-text": FRENCH_TEXT,
    "hostile-latex": f"{LATEX} {SPECIALS}",
    "Fire": f"Feu {SCRIPT} {LATEX}",
    "Flying": f"Vol {SCRIPT} {LATEX}",
}


def hostile_spells() -> tuple[nqcore.rules.spells.Spell, ...]:
    """The first two Fire spells made hostile (keys kept), then the other spells."""
    first, second, *_ = spells_of(Aspect.FIRE)
    others = tuple(s for s in all_spells() if s not in (first, second))
    return (
        dataclasses.replace(
            first,
            name=Msg("hostile-name"),
            text=(Msg("hostile-text"), Msg(INCLUDE_ETC), Msg("hostile-latex"), Msg(RAW_BLOCK)),
            results=((ROLL, Msg(RAW_ROLE)),),
            profile_adjustment=ADJUSTMENT,
        ),
        dataclasses.replace(
            second,
            name=Msg(SCRIPT),
            text=(Msg(INCLUDE_LOCAL), Msg(IMAGE), Msg(RAW_LATEX)),
            results=(),
        ),
        *others,
    )


MUTATIONS = (
    Mutation("hostile", Msg(f"{RAW_ROLE} {IMAGE}"), 4, (Msg(f"{LATEX} {SPECIALS}"),), "test"),
)
INTROS = {"fire": (Msg(SCRIPT), Msg(INCLUDE_ETC))}


@pytest.fixture(scope="module")
def hostile() -> Iterator[None]:
    """The engine's spells, mutations, introductions and French catalogue, hostile."""
    spells = hostile_spells()
    teardrop_record = nqcore.rules.template_attacks._teardrop_record
    with pytest.MonkeyPatch.context() as patch:
        for module in (nqcore.rules.spells, nqprint.spell_cards):
            patch.setattr(module, "all_spells", lambda: spells)
        for module in (nqsphinx.directives.cards, nqprint.spell_cards):
            patch.setattr(module, "all_mutations", lambda: MUTATIONS)
        patch.setattr(nqcore.rules.spells, "_aspect_intros", lambda: INTROS)
        patch.setattr(nqcore.i18n, "_catalogue", lambda lang: FRENCH if lang == "fr" else {})
        patch.setattr(
            nqcore.rules.template_attacks,
            "_teardrop_record",
            lambda size: {**teardrop_record(size), "abbreviation": f"{LATEX} {SPECIALS}"},
        )
        # The sheets print the glossary's abbreviation where it has one: none here, so that
        # the engine's (hostile) one is printed.
        patch.setattr(nqprint.glossary_terms, "abbreviations", lambda lang: {})
        yield


# --- a one-page Sphinx project ------------------------------------------------------------

CONF = """
extensions = ["myst_parser", "sphinx_design", "nqsphinx.directives.cards"]
myst_enable_extensions = ["colon_fence"]
smartquotes = False
exclude_patterns = ["etc", "secret.md", "_build"]


def setup(app):
    from tests.test_engine_texts_are_text import HandWrittenCardDirective
    app.add_directive("nq-test-card", HandWrittenCardDirective)
"""
INDEX = """# Cards

```{nq-mutation-cards}
```

```{nq-spell-cards} fire
```

```{toctree}
compare
```
"""
#: sphinx-design's own grid-item-card, then ours with the same texts.
COMPARE = """# Compare

:::::{grid} 1 2 3 3
:gutter: 2

::::{grid-item-card} The title
:class-card: nq-card nq-spell-card

A first paragraph.

**1-3** A result.

| A | B |
| --- | --- |
| 1 | 2 |

:::{card-footer}
UC 6 · Level 3
:::
::::
:::::

```{nq-test-card}
```
"""


class HandWrittenCardDirective(nqsphinx.directives.cards.EngineCardsDirective):
    """Our nodes for the card that COMPARE writes by hand."""

    def run(self) -> list[Any]:
        body = [
            nqsphinx.directives.cards.text_paragraph("A first paragraph."),
            nqsphinx.directives.cards.result_paragraph("1-3", "A result."),
            nqsphinx.directives.cards.profile_table([("A", "1"), ("B", "2")]),
        ]
        card = nqsphinx.directives.cards.grid_item_card(
            self,
            "The title",
            body,
            "UC 6 · Level 3",
            classes=["nq-card", "nq-spell-card"],
            label="compared-card",
        )
        return [nqsphinx.directives.cards.grid(self, [card])]


def build(src: Path, builder: str, lang: str) -> tuple[Path, str]:
    """Build the project in-process (the engine's loaders replaced); its output and warnings."""
    warnings = StringIO()
    app = SphinxTestApp(
        builder,
        srcdir=src,
        builddir=src / "_build" / lang,
        freshenv=True,
        confoverrides={"language": lang},
        status=StringIO(),
        warning=warnings,
    )
    try:
        app.build()
    finally:
        app.cleanup()
    return Path(app.outdir), warnings.getvalue()


@pytest.fixture(scope="module")
def project(hostile: None, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    src = tmp_path_factory.mktemp("cards")
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.md").write_text(INDEX, encoding="utf-8")
    (src / "compare.md").write_text(COMPARE, encoding="utf-8")
    (src / "secret.md").write_text(MARKER, encoding="utf-8")
    (src / "etc").mkdir()
    (src / "etc" / "passwd").write_text(MARKER, encoding="utf-8")
    outputs = {}
    for builder in ("html", "latex"):
        for lang in ("en", "fr"):
            out, warnings = build(src, builder, lang)
            assert warnings == "", warnings
            outputs[f"{builder}-{lang}"] = out
    return outputs


class Page(HTMLParser):
    """What a built page holds: its elements (tag, attributes, text) and its whole text."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str], list[str]]] = []
        self._open: list[int] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}, []))
        if tag not in ("img", "meta", "link", "br", "input", "col", "hr"):
            self._open.append(len(self.elements) - 1)

    def handle_endtag(self, tag: str) -> None:
        while self._open and self.elements[self._open.pop()][0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        for index in self._open:
            self.elements[index][2].append(data)

    def texts(self, tag: str) -> list[str]:
        return [" ".join("".join(t).split()) for name, _, t in self.elements if name == tag]

    def all_text(self) -> str:
        return " ".join("".join(self.text).split())


def page(project: dict[str, Path], lang: str, name: str = "index") -> tuple[Page, str]:
    html = (project[f"html-{lang}"] / f"{name}.html").read_text(encoding="utf-8")
    return Page(html), html


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_markup_of_the_engine_reaches_the_cards_page(
    project: dict[str, Path], lang: str
) -> None:
    parsed, html = page(project, lang)
    assert not any("alert" in script for script in parsed.texts("script"))
    assert not [attrs for tag, attrs, _ in parsed.elements if tag == "img"]
    assert not [name for _, attrs, _ in parsed.elements for name in attrs if name.startswith("on")]
    assert "<b>" not in html
    assert MARKER not in html
    passwd = Path("/etc/passwd")
    if passwd.exists():
        assert passwd.read_text(encoding="utf-8").splitlines()[0] not in html


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hostile_texts_are_shown_as_written(project: dict[str, Path], lang: str) -> None:
    text = page(project, lang)[0].all_text()
    shown = [SCRIPT, INCLUDE_ETC, INCLUDE_LOCAL, RAW_BLOCK, RAW_LATEX, RAW_ROLE, IMAGE, SPECIALS]
    if lang == "fr":
        shown += [FRENCH_NAME, FRENCH_TEXT]
    for hostile_text in shown:
        assert flat(hostile_text) in text


def test_french_card_text_keeps_its_asterisks(project: dict[str, Path]) -> None:
    parsed, html = page(project, "fr")
    assert flat(FRENCH_TEXT) in parsed.all_text()
    assert "bold" not in parsed.texts("strong") and "<strong>bold" not in html
    assert "<em>" not in html


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_engine_own_emphasis_and_table_are_nodes(project: dict[str, Path], lang: str) -> None:
    """The roll of a result in bold, the profile adjustment as a table: by our code."""
    parsed = page(project, lang)[0]
    assert ROLL in parsed.texts("strong")
    assert parsed.texts("th") == [name for name, _ in ADJUSTMENT]
    assert parsed.texts("td") == [value for _, value in ADJUSTMENT]


def test_cards_keep_their_labels_and_classes(project: dict[str, Path]) -> None:
    parsed = page(project, "en")[0]
    cards = {
        attrs.get("id"): attrs["class"].split()
        for _, attrs, _ in parsed.elements
        if "sd-card" in attrs.get("class", "").split()
    }
    first, second = (spell.key for spell in spells_of(Aspect.FIRE)[:2])
    assert {f"spell-{first}", f"spell-{second}", "mutation-hostile"} <= set(cards)
    assert cards[f"spell-{first}"] == [
        "sd-card",
        "sd-sphinx-override",
        "sd-w-100",
        "sd-shadow-sm",
        "nq-card",
        "nq-spell-card",
        "nq-aspect-fire",
        "docutils",
    ]


def _without_labels(markup: str) -> str:
    return re.sub(r'\\phantomsection|\\label\{.*?\}| id="compared-card"', "", markup)


def test_cards_are_the_nodes_of_sphinx_design(project: dict[str, Path]) -> None:
    """A card made by our code and the same card written for sphinx-design: the same HTML
    and the same LaTeX (the page's last chapter), but for our card's label."""
    html = (project["html-en"] / "compare.html").read_text(encoding="utf-8")
    grids = html.split('<div class="sd-container-fluid')[1:]
    hand, ours = (_without_labels(grid.split("</section>")[0]) for grid in grids)
    assert "sd-card-footer" in hand and "<table" in hand and "<strong>1-3</strong>" in hand
    assert ours == hand
    tex = next(project["latex-en"].glob("*.tex")).read_text(encoding="utf-8")
    chapter = tex.split(r"\chapter{Compare}")[1].split(r"\renewcommand{\indexname}")[0]
    hand, ours = chapter.split(r"\begin{sphinxuseclass}{sd-container-fluid}")[1:]
    assert r"\sphinxstylestrong{1\sphinxhyphen{}3}" in hand
    assert _without_labels(ours).strip() == _without_labels(hand).strip()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rulebook_latex_escapes_engine_texts(project: dict[str, Path], lang: str) -> None:
    tex = next(project[f"latex-{lang}"].glob("*.tex")).read_text(encoding="utf-8")
    assert ESCAPED_LATEX in tex
    assert LATEX not in tex and MARKER not in tex
    assert ESCAPED_SPECIALS.search(tex)
    if lang == "fr":
        assert "**bold** en français" in tex


# --- the print product and the diagrams ---------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_print_spell_cards_escape_engine_texts(hostile: None, lang: str) -> None:
    tex = spell_cards_tex(lang)
    assert ESCAPED_LATEX in tex and LATEX not in tex
    assert ESCAPED_SPECIALS.search(tex)
    assert r"\textbf{**7**}" in tex
    if lang == "fr":
        assert "**bold** en français" in tex


@pytest.mark.skipif(
    not (shutil.which("xelatex") and shutil.which("pdftotext")),
    reason="xelatex and pdftotext are needed",
)
def test_print_spell_cards_print_the_texts_as_written(hostile: None, tmp_path: Path) -> None:
    pdf = compile_pdf(spell_cards_tex("fr"), tmp_path / "cards.pdf", tmp_path / "work")
    command = ["pdftotext", str(pdf), "-"]
    shown = flat(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    for text in (LATEX, "**bold** en français", "**7**", "<script>alert(3)</script>"):
        assert text in shown
    assert re.search(r"50[\s\u2009\u202f]?%", shown)  # French: a thin space before the sign


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_template_sheets_escape_engine_texts(hostile: None, lang: str) -> None:
    tex = templates_tex(lang)
    assert ESCAPED_LATEX in tex and LATEX not in tex


def test_diagrams_escape_engine_texts(hostile: None) -> None:
    assert nqcore.rules.movement.MovementAbility.FLYING.label == "Flying"
    for svg in (aspect_circle_svg("fr", SCRIPT), movement_svg("fr", SCRIPT)):
        root = ET.fromstring(svg)  # well-formed XML
        assert not [e for e in root.iter() if e.tag.endswith("script")]
        texts = ["".join(e.itertext()) for e in root.iter() if e.tag.endswith("}text")]
        assert f"{SCRIPT} {LATEX}" in " ".join(texts)
    for tikz in (aspect_circle_tikz("fr"), movement_tikz("fr")):
        assert ESCAPED_LATEX in tikz and LATEX not in tikz
