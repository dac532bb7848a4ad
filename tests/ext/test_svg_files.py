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
        (7, "javascript: in attribute 'to'"),
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('<!DOCTYPE svg [<!ENTITY x "y">]>\n<svg/>', (1, "entity declaration 'x'")),
        ("<svg><g></svg>", (1, "not well-formed XML (mismatched tag)")),
    ],
)
def test_entities_and_broken_files_are_refused(
    tmp_path: Path, text: str, problem: tuple[int, str]
) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(text, encoding="utf-8")
    assert svg_problems(drawing) == [problem]


def test_the_projects_drawings_pass() -> None:
    docs = Path(__file__).parent.parent.parent / "docs"
    drawings = sorted(docs.rglob("*.svg"))
    assert drawings
    assert {str(d): svg_problems(d) for d in drawings if svg_problems(d)} == {}


def test_a_fragment_and_an_inline_image_pass(tmp_path: Path) -> None:
    drawing = tmp_path / "d.svg"
    drawing.write_text(
        HEAD + '<use href="#a"/><image xlink:href="data:image/png;base64,AAAA"/></svg>',
        encoding="utf-8",
    )
    assert svg_problems(drawing) == []


def test_a_hostile_svg_stops_the_build(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "_static" / "diagrams").mkdir(parents=True)
    (srcdir / "_static" / "diagrams" / "model.svg").write_text(HOSTILE, encoding="utf-8")
    stop, errors = _started(srcdir, make_app)
    assert stop.code == 2
    assert errors[0] == "ERROR: _static/diagrams/model.svg:2: element <script> in an SVG: refused"
    assert len(errors) == 6
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
