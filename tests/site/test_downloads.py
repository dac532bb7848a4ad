"""The site links the print PDFs it holds, and only those (:mod:`nqsphinx.site.downloads`);
``make all`` builds them before the sites."""

from __future__ import annotations

import re
import subprocess
from io import StringIO
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from nqsphinx.site.downloads import link_text
from tests.building import ROOT
from tests.site.test_links_land import dangling_links

CONF = """
extensions = ["myst_parser", "nqsphinx.site.downloads"]
exclude_patterns = ["_build"]
"""
INDEX = """# Home

```{nq-downloads} noquarter quick-reference spell-cards templates
```
"""
#: Sizes of the fake PDFs: the link says each one's.
SIZES = {"noquarter": 1_234_567, "quick-reference": 35_001, "spell-cards": 999}
LINK = re.compile(
    r'<a class="reference download internal" download="" href="([^"]+)"><span>([^<]+)'
)


def build(
    src: Path, lang: str, pdfs: Path | None, fresh: bool = True, status: StringIO | None = None
) -> tuple[Path, str]:
    """Build the one-page project; its HTML folder and its warnings."""
    warnings = StringIO()
    overrides = {"language": lang, "nq_print_pdfs": str(pdfs) if pdfs else ""}
    app = SphinxTestApp(
        "html",
        srcdir=src,
        builddir=src / "_build" / lang,
        freshenv=fresh,
        confoverrides=overrides,
        status=status or StringIO(),
        warning=warnings,
    )
    try:
        app.build()
    finally:
        app.cleanup()
    return Path(app.outdir), warnings.getvalue()


def links(site: Path) -> list[tuple[str, str]]:
    return LINK.findall((site / "index.html").read_text(encoding="utf-8"))


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, Path]:
    """A one-page project, and a PDF folder without the templates."""
    src, pdfs = tmp_path / "docs", tmp_path / "pdf"
    src.mkdir()
    pdfs.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.md").write_text(INDEX, encoding="utf-8")
    for lang in ("en", "fr"):
        for product, size in SIZES.items():
            (pdfs / f"{product}-{lang}.pdf").write_bytes(b"%PDF-1.4\n".ljust(size, b"%"))
    return src, pdfs


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_pdf_present_is_linked_and_copied_into_the_site(
    project: tuple[Path, Path], lang: str
) -> None:
    src, pdfs = project
    site, warnings = build(src, lang, pdfs)
    assert warnings == ""
    found = links(site)
    assert [text for _, text in found] == [
        link_text(product, lang, size) for product, size in SIZES.items()
    ]
    assert [href.rsplit("/", 1)[1] for href, _ in found] == [f"{p}-{lang}.pdf" for p in SIZES]
    for href, _ in found:
        assert (site / href).read_bytes() == (pdfs / href.rsplit("/", 1)[1]).read_bytes()
    assert dangling_links(site) == []


def test_make_print_builds_the_rulebooks_first_on_both_papers(tmp_path: Path) -> None:
    """The quick reference prints the rulebooks' pages: `make print-fr` builds the French
    rulebooks (A4 and Letter) before the products, and gives nqprint their LaTeX folder.
    (make -n still writes its list of inputs: into a scratch folder, not the checkout.)"""
    steps = subprocess.run(
        ["make", "-n", "print-fr", f"BUILD={tmp_path}/out"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    books = [n for n, line in enumerate(steps) if "nqprint.tex_sandbox" in line]
    (products,) = [n for n, line in enumerate(steps) if "-m nqprint " in line]
    assert [steps[n].split()[-2].removeprefix(f"{tmp_path}/") for n in books] in (
        ["out/latex/fr", "out/latex/fr-letter"],
        ["out/latex/fr-letter", "out/latex/fr"],
    )
    assert max(books) < products and f"--latex {tmp_path}/out/latex" in steps[products]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_product_offers_a4_and_us_letter(project: tuple[Path, Path], lang: str) -> None:
    src, pdfs = project
    for product in ("noquarter", "spell-cards"):
        (pdfs / f"{product}-{lang}-letter.pdf").write_bytes(b"%PDF-1.4\n".ljust(2_000, b"%"))
    site, warnings = build(src, lang, pdfs)
    assert warnings == ""
    found = links(site)
    names = [href.rsplit("/", 1)[1] for href, _ in found]
    assert names == [
        f"noquarter-{lang}.pdf",
        f"noquarter-{lang}-letter.pdf",
        f"quick-reference-{lang}.pdf",
        f"spell-cards-{lang}.pdf",
        f"spell-cards-{lang}-letter.pdf",
    ]
    assert found[4][1] == link_text("spell-cards", lang, 2_000, "-letter")
    html = (site / "index.html").read_text(encoding="utf-8")
    listing = re.search(r'<ul class="nq-downloads[^"]*">(.*?)</ul>', html, re.DOTALL)
    assert listing is not None
    items = re.findall(r"<li>(.*?)</li>", listing.group(1), re.DOTALL)
    assert [item.count("<a ") for item in items] == [2, 1, 2], "a product's papers side by side"


def test_link_words_name_the_product_and_its_size() -> None:
    assert link_text("spell-cards", "fr", 999, "-letter") == (
        "Cartes de sorts, format Lettre US (PDF, 1\u00a0ko)"
    )
    assert link_text("spell-cards", "en", 999) == "Spell cards (PDF, 1\u00a0kB)"
    assert link_text("quick-reference", "fr", 35_001) == "Aide-mémoire (PDF, 36\u00a0ko)"
    assert (
        link_text("noquarter", "fr", 1_234_567) == "Le livre de règles complet (PDF, 1,2\u00a0Mo)"
    )


def test_a_pdf_made_after_the_site_is_linked_at_the_next_build(
    project: tuple[Path, Path],
) -> None:
    src, pdfs = project
    site, _ = build(src, "en", pdfs)
    assert "templates-en.pdf" not in str(links(site))
    (pdfs / "templates-en.pdf").write_bytes(b"%PDF-1.4\n")
    site, warnings = build(src, "en", pdfs, fresh=False)
    assert warnings == ""
    assert [href.rsplit("/", 1)[1] for href, _ in links(site)][-1] == "templates-en.pdf"


def test_a_missing_pdf_makes_the_page_read_again_only_once_it_is_made(
    project: tuple[Path, Path],
) -> None:
    """Not at every build: ``make html`` without the PDFs read the home page after any edit."""
    src, pdfs = project
    build(src, "en", pdfs)
    status = StringIO()
    build(src, "en", pdfs, fresh=False, status=status)
    assert "0 added, 0 changed, 0 removed" in _plain(status.getvalue())
    (pdfs / "templates-en.pdf").write_bytes(b"%PDF-1.4\n")
    status = StringIO()
    build(src, "en", pdfs, fresh=False, status=status)
    assert "0 added, 1 changed, 0 removed" in _plain(status.getvalue())


def _plain(log: str) -> str:
    """Sphinx's log without colour codes, whatever the terminal says."""
    return re.sub(r"\x1b\[[0-9;]*m", "", log)


def test_without_a_pdf_folder_nothing_is_linked(project: tuple[Path, Path]) -> None:
    src, _ = project
    site, warnings = build(src, "en", None)
    assert warnings == ""
    assert links(site) == [] and not (site / "_downloads").exists()


def test_an_unknown_product_is_named_with_its_line(project: tuple[Path, Path]) -> None:
    src, pdfs = project
    (src / "index.md").write_text("# Home\n\n```{nq-downloads} spell-cards poster\n```\n")
    _, warnings = build(src, "en", pdfs)
    assert re.search(
        r"index\.md:3: ERROR: unknown print product 'poster' \(known: noquarter, ", warnings
    )


def test_make_all_builds_the_pdfs_before_the_sites_that_link_them(tmp_path: Path) -> None:
    def commands(*goals: str) -> list[str]:
        result = subprocess.run(
            ["make", "-n", *goals, f"BUILD={tmp_path}/out"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return result.stdout.splitlines()

    steps = commands("all")
    html = [n for n, line in enumerate(steps) if "-b html" in line]
    pdf = [n for n, line in enumerate(steps) if "-b latex" in line or "-m nqprint " in line]
    assert len(html) == 2 and len(pdf) == 6 and max(pdf) < min(html)
    assert all(f"-D nq_print_pdfs={tmp_path}/out/pdf" in steps[n] for n in html)
    assert all("-t print" in line for line in steps if "-b latex" in line)
    assert not [line for line in commands("html") if "latex" in line or "nqprint " in line]
