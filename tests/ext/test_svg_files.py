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
