"""An SVG that could run a script or load from another site, opened on its own from the site,
is refused at its file and line before the tiny rulebook is built; the project's drawings pass."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqsphinx.svg_files import svg_problems
from tests.ext.conftest import copy_root
from tests.ext.test_outbound import _started

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">\n'
HOSTILE = HEAD + (
    "<script>alert(91)</script>\n"
    '<image href="https://evil.example/x.png"/>\n'
    '<a xlink:href="javascript:alert(92)"><text>x</text></a>\n'
    '<rect onload="alert(93)" width="1" height="1"/>\n'
    "<foreignObject><p>html</p></foreignObject>\n"
    '<set attributeName="href" to=" JavaScript:alert(94)"/>\n'
    "</svg>\n"
)


def test_scripts_events_and_remote_links_are_found_at_their_line(tmp_path: Path) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(HOSTILE, encoding="utf-8")
    assert svg_problems(drawing) == [
        (2, "element <script>"),
        (3, "link to 'https://evil.example/x.png' (only #id or an inline image)"),
        (4, "link to 'javascript:alert(92)' (only #id or an inline image)"),
        (5, "event attribute 'onload'"),
        (6, "element <foreignobject>"),
        (6, "element <p>, not one the drawings use (nqsphinx/svg_files.py, ELEMENTS)"),
        (7, "an animation of the link 'href'"),
        (7, "javascript: in attribute 'to'"),
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            '<!DOCTYPE svg [<!ENTITY x "y">]>\n' + HEAD + "</svg>",
            [(1, "a DOCTYPE declaration"), (1, "entity declaration 'x'")],
        ),
        (HEAD + "<g></svg>", [(2, "not well-formed XML (mismatched tag)")]),
    ],
)
def test_entities_and_broken_files_are_refused(
    tmp_path: Path, text: str, problem: list[tuple[int, str]]
) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(text, encoding="utf-8")
    assert svg_problems(drawing) == problem


SVG = '<svg xmlns="http://www.w3.org/2000/svg" {size}><rect width="10" height="10"/></svg>'


@pytest.mark.parametrize(
    ("size", "problem"),
    [
        ('width="1000000" height="1000000" viewBox="0 0 10 10"', "width is '1000000'"),
        ('viewBox="0 0 10 1e9"', "height is '1e9'"),
        ('width="50in" height="2in"', "width is '50in'"),
        ('width="600" height="270" viewBox="0 0 300 135"', ""),
        ('width="100%" viewBox="0 0 64 64"', ""),
    ],
)
def test_a_drawing_too_large_for_a_page_is_refused(tmp_path: Path, size: str, problem: str) -> None:
    """Attack round twenty-one: a drawing a million pixels wide built the site, then stopped the
    PDF's TeX ("Dimension too large") naming no file."""
    drawing = tmp_path / "d.svg"
    drawing.write_text(SVG.format(size=size), encoding="utf-8")
    said = f"a drawing whose {problem}, more than 4096 pixels: the PDF cannot set it"
    assert svg_problems(drawing) == ([(1, said)] if problem else [])


def test_the_projects_drawings_pass() -> None:
    docs = Path(__file__).parent.parent.parent / "docs"
    drawings = sorted(docs.rglob("*.svg"))
    assert drawings
    assert {str(d): svg_problems(d) for d in drawings if svg_problems(d)} == {}


def test_a_fragment_of_the_drawing_passes(tmp_path: Path) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(
        HEAD + '<linearGradient id="a"><stop offset="0" stop-color="#fff"/></linearGradient>'
        '<linearGradient id="b" href="#a" xml:space="preserve"/><rect fill="url(#b)"/></svg>',
        encoding="utf-8",
    )
    assert svg_problems(drawing) == []


def test_a_link_an_image_and_a_use_are_refused_though_local(tmp_path: Path) -> None:
    """No drawing needs them: an element off the list is refused, whatever it points at."""
    drawing = tmp_path / "d.svg"
    drawing.write_text(
        HEAD + '<use href="#a"/>\n<image xlink:href="data:image/png;base64,AAAA"/>\n'
        '<a href="#a"><text>x</text></a></svg>',
        encoding="utf-8",
    )
    assert [(line, problem.split(",")[0]) for line, problem in svg_problems(drawing)] == [
        (2, "element <use>"),
        (3, "element <image>"),
        (4, "element <a>"),
    ]


def test_a_hostile_svg_stops_the_build(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "_static" / "diagrams").mkdir(parents=True)
    (srcdir / "_static" / "diagrams" / "model.svg").write_text(HOSTILE, encoding="utf-8")
    stop, errors = _started(srcdir, make_app)
    assert stop.code == 2
    assert errors[0] == "ERROR: _static/diagrams/model.svg:2: element <script> in an SVG: refused"
    assert len(errors) == 8
    assert not list(tmp_path.rglob("*.html"))


CSS_LOADS = HEAD + (
    '<style>@import url("https://evil.example/B3.css");\n'
    'rect{fill:url("https://evil.example/B3b.svg#a")}</style>\n'
    '<rect style="background:url(https://evil.example/B3c.png)" width="1" height="1"/>\n'
    '<rect fill="url(https://evil.example/B3d.svg#x)" width="1" height="1"/>\n'
    '<rect style="fill:\\75 rl(//evil.example/e)" width="1" height="1"/>\n'
    '<linearGradient id="g"/><rect fill="url(#g)" style="stroke: url( \'#g\' )"/>\n'
    "<style><![CDATA[ rect { fill: url(#g) } ]]></style>\n"
    "</svg>\n"
)


def test_css_that_loads_from_elsewhere_is_found_at_its_line(tmp_path: Path) -> None:
    """``@import`` and ``url()`` in a ``<style>``, a ``style=""``, a presentation attribute, an
    escaped ``url``; a part of the drawing (``url(#g)``) passes."""
    drawing = tmp_path / "b3.svg"
    drawing.write_text(CSS_LOADS, encoding="utf-8")
    assert svg_problems(drawing) == [
        (2, "CSS @import in <style>"),
        (4, "CSS url('https://evil.example/B3c.png') (only url(#id)) in attribute 'style'"),
        (5, "CSS url('https://evil.example/B3d.svg#x') (only url(#id)) in attribute 'fill'"),
        (6, "CSS url('//evil.example/e') (only url(#id)) in attribute 'style'"),
    ]


#: The attacker's plants, each in a drawing of its own: a word of a ``<style>`` split by an
#: instruction, an element or a comment (the browser reads ``@import``), and animations that swap
#: in a remote image or send a click elsewhere.
PLANTS = [
    ('<style>@imp<?x y?>ort "https://evil.example/pi.css";</style>', "an instruction inside"),
    ('<style>@imp<x/>ort "https://evil.example/pi.css";</style>', "element <x> inside"),
    ('<style>@imp<!-- c -->ort "https://evil.example/pi.css";</style>', "a comment inside"),
    (
        '<image href="#a"><set attributeName="href" to="https://evil.example/set.png"/></image>',
        "an animation of the link 'href'",
    ),
    (
        '<a href="#x"><set attributeName="href" to="https://evil.example/go"/><text>x</text></a>',
        "an animation of the link 'href'",
    ),
    (
        '<a href="#x"><animate attributeName="xlink:href" values="#x;https://evil.example/go"/></a>',
        "an animation of the link 'xlink:href'",
    ),
    (
        '<image href="#a"><animate attributeName="x" from="#a" to="//evil.example/a.png"/></image>',
        "an animation to the address '//evil.example/a.png'",
    ),
]


@pytest.mark.parametrize(("plant", "said"), PLANTS)
def test_a_style_holds_text_only_and_an_animation_changes_no_link(
    tmp_path: Path, plant: str, said: str
) -> None:
    drawing = tmp_path / "attack-zones.svg"
    drawing.write_text(HEAD + plant + "\n</svg>\n", encoding="utf-8")
    found = svg_problems(drawing)
    assert {line for line, _ in found} == {2}
    assert any(said in problem for _, problem in found)


def test_the_plants_in_the_real_drawing_are_refused(tmp_path: Path) -> None:
    """Just after ``<svg ...>`` of the published attack-zones diagram, as the attacker put them."""
    real = Path(__file__).parents[2] / "docs" / "_static" / "diagrams" / "attack-zones.svg"
    head, rest = real.read_text(encoding="utf-8").split(">\n", 1)
    drawing = tmp_path / "attack-zones.svg"
    for plant, said in PLANTS[:2] + PLANTS[3:5]:
        drawing.write_text(f"{head}>{plant}\n{rest}", encoding="utf-8")
        found = svg_problems(drawing)
        assert {line for line, _ in found} == {1}, plant
        assert any(said in problem for _, problem in found), plant


def test_animations_even_of_drawing_values_are_refused(tmp_path: Path) -> None:
    """No drawing animates, and an animation changes an attribute after the file is checked."""
    drawing = tmp_path / "d.svg"
    drawing.write_text(
        HEAD + '<rect><animate attributeName="opacity" values="0.25;0.75;1" dur="2s"/>'
        '<set attributeName="fill" to="#g"/><animateTransform attributeName="transform" '
        'type="rotate" from="0 5 5" to="360 5 5"/></rect>\n</svg>\n',
        encoding="utf-8",
    )
    assert [problem.split(",")[0] for _, problem in svg_problems(drawing)] == [
        "element <animate>",
        "element <set>",
        "element <animateTransform>",
    ]


@pytest.mark.parametrize("builder", ["html", "latex"])
def test_a_drawing_loading_css_stops_the_site_and_the_pdf(
    tmp_path: Path, make_app: Any, builder: str
) -> None:
    """The PDF's diagrams (rsvg-convert) are the same files: its builder refuses them too."""
    from io import StringIO

    from sphinx.util.console import strip_escape_sequences
    from sphinx.util.docutils import docutils_namespace

    srcdir = copy_root("nq", tmp_path)
    (srcdir / "_static" / "diagrams").mkdir(parents=True)
    (srcdir / "_static" / "diagrams" / "b3.svg").write_text(CSS_LOADS, encoding="utf-8")
    warning = StringIO()
    with docutils_namespace(), pytest.raises(SystemExit) as stop:
        make_app(builder, srcdir=srcdir, warning=warning)
    assert stop.value.code == 2
    errors = strip_escape_sequences(warning.getvalue())
    assert "ERROR: _static/diagrams/b3.svg:2: CSS @import in <style> in an SVG: refused" in errors
    assert not list(tmp_path.rglob("*.tex")) and not list(tmp_path.rglob("*.html"))


#: Attack thirteen: XHTML elements inside a drawing, which a browser opening the SVG on its own
#: obeys (a refresh to another site, images, a video, a frame and a form that load from it).
XHTML = 'xmlns:h="http://www.w3.org/1999/xhtml"'
FOREIGN = [
    f'<h:meta {XHTML} http-equiv="refresh" content="0;url=https://attacker.example/"/>',
    f'<h:img {XHTML} src="https://attacker.example/p.png"/>',
    f'<h:img {XHTML} srcset="https://attacker.example/p.png 1x"/>',
    f'<h:video {XHTML} poster="https://attacker.example/p.png" src="https://attacker.example/v"/>',
    f'<h:frame {XHTML} src="https://attacker.example/"/>',
    f'<h:form {XHTML} action="https://attacker.example/"><h:input {XHTML}/></h:form>',
    '<meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=/x"/>',
    '<x:g xmlns:x="urn:any"/>',
]


@pytest.mark.parametrize("plant", FOREIGN)
def test_an_element_of_another_namespace_is_refused_at_its_line(tmp_path: Path, plant: str) -> None:
    real = Path(__file__).parents[2] / "docs" / "_static" / "diagrams" / "attack-zones.svg"
    text = real.read_text(encoding="utf-8")
    drawing = tmp_path / "attack-zones.svg"
    drawing.write_text(text.replace("</svg>", plant + "\n</svg>"), encoding="utf-8")
    line = text[: text.index("</svg>")].count("\n") + 1
    found = svg_problems(drawing)
    assert found and {at for at, _ in found} == {line}
    assert "namespace" in found[0][1]


@pytest.mark.parametrize(
    ("plant", "said"),
    [
        ('<image width="1" height="1"/>', "element <image>, not one the drawings use"),
        ('<set attributeName="onmouseover" to="alert(1)"/>', "element <set>, not one"),
        ('<rect width="1" height="1" formaction="x"/>', "attribute 'formaction', not one"),
        (
            '<rect xmlns:x="http://www.w3.org/1999/xlink" x:title="x"/>',
            "attribute 'title' of namespace 'http://www.w3.org/1999/xlink'",
        ),
    ],
)
def test_an_element_or_attribute_off_the_list_is_refused(
    tmp_path: Path, plant: str, said: str
) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(HEAD + plant + "\n</svg>\n", encoding="utf-8")
    assert [(line, said in problem) for line, problem in svg_problems(drawing)] == [(2, True)]


def test_a_comment_opened_inside_a_css_string_hides_nothing(tmp_path: Path) -> None:
    """``"/*"`` in a string, with no ``*/`` after it, is no comment to a browser: what follows
    (a font, a cursor, a background from another site) is still read and refused."""
    from nqsphinx.svg_files import css_problem

    font = 'text{font-family:"/*"} @font-face{font-family:z;src:url(https://evil.example/f.woff)}'
    cursor = 'font-family:"/*";cursor:url(https://evil.example/c.png),auto'
    assert css_problem(font) == (0, "CSS url('https://evil.example/f.woff') (only url(#id))")
    assert css_problem(cursor) == (0, "CSS url('https://evil.example/c.png') (only url(#id))")
    assert css_problem("fill:url(#g) /* a note: url(#h) */") is None


@pytest.mark.parametrize("encoding", ["UTF-7", "Shift_JIS", "GBK", "EUC-JP"])
def test_an_svg_in_an_encoding_the_reader_cannot_read_is_refused_at_its_line(
    tmp_path: Path, encoding: str
) -> None:
    """expat raised ValueError (a multi-byte encoding), which crashed the build unnamed."""
    drawing = tmp_path / "d24.svg"
    drawing.write_text(f'<?xml version="1.0" encoding="{encoding}"?>\n{HEAD}</svg>\n', "ascii")
    ((line, problem),) = svg_problems(drawing)
    assert line == 1 and problem.startswith(f"encoding {encoding!r}"), problem
    assert "an SVG must be UTF-8" in problem


@pytest.mark.parametrize(
    ("css", "said"),
    [
        ("<style>rect { fill: u\\\nrl(https://evil.example/a.png) }</style>", "CSS url("),
        ('<rect style="fill: url(#a\\29 https\\3a//evil.example/b.png)"/>', "CSS url("),
        ('<rect fill="url(#a\\29 https\\3a//evil.example/b.png)"/>', "CSS url("),
    ],
)
def test_css_escapes_that_split_or_close_a_url_are_refused(
    tmp_path: Path, css: str, said: str
) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(f"{HEAD}{css}\n</svg>\n", "utf-8")
    ((line, problem),) = svg_problems(drawing)
    assert line == 2 and problem.startswith(said), problem


def test_a_doctype_is_refused(tmp_path: Path) -> None:
    """An external DTD names another origin; a drawing needs no DOCTYPE at all."""
    drawing = tmp_path / "d23.svg"
    doctype = '<!DOCTYPE svg SYSTEM "https://evil.example/23.dtd">\n'
    drawing.write_text(doctype + HEAD + "</svg>\n", "utf-8")
    assert svg_problems(drawing) == [(1, "a DOCTYPE declaration")]
