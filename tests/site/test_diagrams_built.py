"""The rules diagrams in the built products: captioned and described in both languages on the
sites, and present in both PDFs."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.building import ROOT, Build

DIAGRAMS = sorted(p.stem for p in (ROOT / "docs" / "_static" / "diagrams").glob("*.svg"))


class _FigureReader(HTMLParser):
    """Collects every ``figure.nq-diagram``: id, the image's alt (or the SVG's aria-label) and
    the caption text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.figures: list[dict[str, str]] = []
        self._figure: dict[str, str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "figure" and "nq-diagram" in values.get("class", "").split():
            self._figure = {"id": values.get("id", ""), "alt": "", "src": "", "caption": ""}
        elif self._figure is None:
            return
        elif tag == "img":
            self._figure["alt"], self._figure["src"] = values.get("alt", ""), values["src"]
        elif tag == "svg" and not self._figure["alt"]:
            self._figure["alt"] = values.get("aria-label", "")
        elif tag == "span" and "caption-text" in values.get("class", ""):
            self._in_caption = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            self._in_caption = False
        elif tag == "figure" and self._figure is not None:
            self.figures.append(self._figure)
            self._figure = None

    def handle_data(self, data: str) -> None:
        if self._figure is not None and self._in_caption:
            self._figure["caption"] += data


def diagram_figures(site: Path) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for page in sorted(site.glob("*.html")):
        reader = _FigureReader()
        reader.feed(page.read_text(encoding="utf-8"))
        for figure in reader.figures:
            found[f"{page.stem}#{figure['id']}"] = figure
    return found


def test_every_diagram_is_shown_with_alt_text_and_caption_in_both_languages(
    html_sites: dict[str, Path],
) -> None:
    english, french = diagram_figures(html_sites["en"]), diagram_figures(html_sites["fr"])
    assert english.keys() == french.keys()
    shown = {Path(f["src"]).stem for f in english.values() if f["src"]}
    assert shown == set(DIAGRAMS), "an SVG of docs/_static/diagrams is not shown"
    assert "actions#diagram-movement-abilities" in english  # drawn from the engine
    for key, en in english.items():
        fr = french[key]
        for lang, figure in (("en", en), ("fr", fr)):
            assert len(figure["alt"]) > 20, f"{lang} {key}: no alt text"
            assert figure["caption"].strip(), f"{lang} {key}: no caption"
        assert fr["alt"] != en["alt"], f"{key}: alt text not translated"
        assert fr["caption"] != en["caption"], f"{key}: caption not translated"
        for number in re.findall(r"\d+", en["alt"] + en["caption"]):
            assert number in fr["alt"] + fr["caption"], f"{key}: {number} lost in French"
    for src in {f["src"] for f in english.values() if f["src"]}:
        assert (html_sites["en"] / src).is_file()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pdf_contains_every_diagram(pdf_builds: dict[str, Build], lang: str) -> None:
    """Each SVG was converted to PDF (rsvg-convert) and included by xelatex."""
    build = pdf_builds[lang]
    assert build.returncode == 0, build.log[-3000:]
    log = (build.out / "noquarter.log").read_text(encoding="utf-8", errors="replace")
    tex = (build.out / "noquarter.tex").read_text(encoding="utf-8")
    for name in DIAGRAMS:
        assert (build.out / f"{name}.pdf").stat().st_size > 1000, f"{name}.svg not converted"
        assert f"<use {name}.pdf>" in log, f"{name} missing from the {lang} PDF"
    assert tex.count(r"\begin{tikzpicture}") >= 2  # the aspect circle and the movement bars
