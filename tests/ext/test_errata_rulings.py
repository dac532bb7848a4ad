"""The erratum box under a section whose prose prints a reading this edition does not follow
says this edition's reading ("This edition: …"), on the site and in print, in both languages.

Proof round fourteen: §8.1.9 (fear causing models: "All command test modifiers apply", the -1
for fear among them) and §9.6 (parry: any individual of CC6, no ability named) printed the 2007
wording under boxes that gave only the erratum's title, as the record's first section alone had
its ruling; a record names such further sections in ``printed_in``.  Round fifteen: the box says
too where the 2007 book prints the reading this edition sets aside ("The 2007 book, here and in
Parry (Abilities, p. 102): …"), which it had not said."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.util.docutils import docutils_namespace

from nqcore.book.errata import all_errata
from nqsphinx.messages import engine_text
from tests.ext.conftest import copy_root

#: The sections of round fourteen, and the record whose ruling each note must say.
RULINGS = {
    "fear-causing-models": "fear-test-modifiers",
    "close-combat-parry": "parry-who-may-parry",
}
#: A page of the tiny rulebook holding those sections, each with a line of prose, and the other
#: section where the 2007 book prints the parry rule.
PAGE = "\n".join(
    f"({label})=\n## Section {n}\n\nThe 2007 wording.\n"
    for n, label in enumerate([*RULINGS, "abilities-parry"])
)
PRINTED = {"en": "The 2007 book, here", "fr": "Le livre de 2007, ici"}
FIELD = {"en": "This edition:", "fr": "Cette édition :"}


def _build(tmp_path: Path, make_app: Any, builder: str, lang: str, page: str = PAGE) -> str:
    """The tiny rulebook with the page ``rulings`` added, as ``builder`` writes it."""
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "rulings.md").write_text("# Rulings\n\n" + page, encoding="utf-8")
    pages = "rulings\n"
    if "abilities-parry" not in page:  # in a chapter of its own, titled as close-combat-parry
        (srcdir / "skills.md").write_text(
            "# Skills\n\n(abilities-parry)=\n## Section 1\n\nThe 2007 wording.\n", "utf-8"
        )
        pages += "skills\n"
    index = srcdir / "index.md"
    index.write_text(index.read_text("utf-8").replace("reference\n", "reference\n" + pages))
    with docutils_namespace():
        app = make_app(
            builder,
            srcdir=srcdir,
            confoverrides={"nq_site_url": "https://example.org/", "language": lang},
            status=StringIO(),
            warning=StringIO(),
            tags=["print"] if builder == "latex" else [],
        )
        app.build()
        suffix = ".tex" if builder == "latex" else ".html"
        files = [Path(app.outdir) / "rulings.html"] if builder == "html" else []
        files = files or sorted(Path(app.outdir).glob(f"*{suffix}"))
        out = "\n".join(path.read_text("utf-8") for path in files)
        app.cleanup()
    return out


def _plain(text: str) -> str:
    import html

    text = re.sub(r"\\[a-zA-Z]+\*?|[{}]", " ", html.unescape(re.sub(r"<[^>]+>", " ", text)))
    text = " ".join(re.sub(r"[\xa0\u202f~]", " ", text).split())
    text = text.replace("\u2212", "-")  # the minus sign the typography sets
    return re.sub(r" ([:;!?])", r"\1", text)  # French spacing, which LaTeX's babel sets


def _box(out: str, builder: str, label: str) -> str:
    """The plain text of the box that opens the section ``label`` of the built ``out``."""
    anchor = f'<section id="{label}">'
    if builder == "latex":  # the section's own label, not a link to it
        anchor = f"\\label{{\\detokenize{{rulings:{label}}}}}"
    start = out.index(anchor)
    return _plain(out[start : out.index("The 2007 wording", start)])


@pytest.mark.parametrize(("builder", "lang"), [("html", "en"), ("latex", "fr")])
def test_the_fear_and_parry_boxes_say_this_editions_ruling(
    tmp_path: Path, make_app: Any, builder: str, lang: str
) -> None:
    out = _build(tmp_path, make_app, builder, lang)
    by_id = {erratum.id: erratum for erratum in all_errata()}
    for label, record in RULINGS.items():
        box = _box(out, builder, label)
        ruling = _plain(engine_text(by_id[record].correct, lang))
        assert f"{_plain(FIELD[lang])} {ruling}" in box, (label, box)


@pytest.mark.parametrize(("builder", "lang"), [("html", "fr"), ("latex", "en")])
def test_the_fear_and_parry_boxes_say_where_the_2007_book_prints_what_they_set_aside(
    tmp_path: Path, make_app: Any, builder: str, lang: str
) -> None:
    out = _build(tmp_path, make_app, builder, lang)
    by_id = {erratum.id: erratum for erratum in all_errata()}
    for label, record in RULINGS.items():
        box = _box(out, builder, label)
        printed = _plain(engine_text(by_id[record].printed, lang))
        assert _plain(PRINTED[lang]) in box and printed in box, (label, box)
        others = [x for x in by_id[record].printed_sections if x != label]
        assert ("Section 2" in box) == bool(others), (label, box)  # abilities-parry, linked


@pytest.mark.parametrize(("builder", "lang"), [("html", "en"), ("latex", "fr")])
def test_a_section_titled_as_one_of_another_chapter_is_named_with_its_chapter(
    tmp_path: Path, make_app: Any, builder: str, lang: str
) -> None:
    """Proof round fifteen (L8): "Where: Parry (p. 102), Parry (p. 44)" named two sections
    alike; the parry box's other place is "Section 1 (Skills)" on the site, "Section 1
    (Skills, p. N)" on paper, the chapter in the page's parentheses."""
    page = "\n".join(
        f"({label})=\n## Section {n}\n\nThe 2007 wording.\n" for n, label in enumerate(RULINGS)
    )
    out = _build(tmp_path, make_app, builder, lang, page)
    anchor = '<section id="close-combat-parry">'
    if builder == "latex":
        anchor = "\\label{\\detokenize{rulings:close-combat-parry}}"
    start = out.index(anchor)
    box = out[start : out.index("The 2007 wording", start)]
    if builder == "html":
        assert "Section 1</span></a> (Skills)" in box, box
    else:
        # with its page where the book shows pages ("~(Skills, \autopageref*{…})"); the tiny
        # rulebook shows none
        assert re.search(r"Section 1}+~\(Skills(?:\)|, \\autopageref\*)", box), box


def _several_records_printed_here() -> tuple[str, str]:
    """A section named by several records, one of which says (``printed_in``) that the section
    prints its 2007 reading."""
    by_section: dict[str, list[str]] = {}
    for erratum in all_errata():
        for label in erratum.sections:
            by_section.setdefault(label, []).append(erratum.id)
    return next(
        (label, erratum.id)
        for erratum in all_errata()
        for label in erratum.printed_in
        if len(by_section[label]) > 1
    )


#: A record whose first section prints this edition's reading already (its worked example is
#: "Corrected from the 2007 printing"): no printed_in, and its box flags nothing.
CORRECTED_HERE = ("repeating-bolt-thrower-burst-fire", "burst-fire-number-of-dice")


@pytest.mark.parametrize(("builder", "lang"), [("html", "en"), ("latex", "fr")])
def test_a_box_says_the_prose_under_it_is_the_2007_book_s_where_it_is(
    tmp_path: Path, make_app: Any, builder: str, lang: str
) -> None:
    """Proof round thirty (F1, serious): Support Weapon Use Cost printed "one higher than the
    strength" under a box saying only "This edition: equal to the strength": its record now
    says so (``printed_in``).  On the site and in a box of one record, the 2007 words are
    quoted; in a printed box of several records, a short flag says so without the quote.
    Round thirty-one (F2, serious): said of every record's first section, the flag stood over
    prose and examples already corrected; a record without ``printed_in`` flags nothing."""
    several, record = _several_records_printed_here()
    corrected_record, corrected = CORRECTED_HERE
    labels = ["support-weapon-use-cost", several, corrected]
    page = "\n".join(
        f"({label})=\n## Section {n}\n\nThe 2007 wording.\n" for n, label in enumerate(labels)
    )
    out = _build(tmp_path, make_app, builder, lang, page)
    by_id = {erratum.id: erratum for erratum in all_errata()}
    single = _box(out, builder, "support-weapon-use-cost")
    printed = _plain(engine_text(by_id["support-weapon-use-cost-table"].printed, lang))
    assert _plain(PRINTED[lang]) in single and printed in single, single
    box = _box(out, builder, several)
    flag = {"en": "The rules text here is the 2007 book's.", "fr": "Le texte des règles"}
    if builder == "latex":
        assert flag[lang] in box and _plain(engine_text(by_id[record].printed, lang)) not in box
    else:
        assert _plain(engine_text(by_id[record].printed, lang)) in box, box
    plain = _box(out, builder, corrected)
    assert by_id[corrected_record].printed_in == ()
    assert corrected in by_id[corrected_record].sections
    assert _plain(PRINTED[lang]) not in plain and flag[lang] not in plain, plain
