"""``{nq-site-page}`page```: on the site a link to the page under its title; in a print
edition (``-t print``), which leaves the site's own pages out, the page's title and its whole
address, made from ``nq_site_url`` in the reader's language."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

from sphinx.testing.util import SphinxTestApp

CONF = """extensions = ["myst_parser", "nqsphinx"]
project = "Tiny"
root_doc = "index"
exclude_patterns = ["_build"]
nq_site_url = "https://rules.example.org/{lang}/latest/"
"""
INDEX = """# Tiny

On the website, the page {nq-site-page}`at-the-table` answers.

```{toctree}
at-the-table
```
"""
TABLE = "# Work It Out At The Table\n\nCalculators.\n"


def _build(tmp_path: Path, builder: str, tags: list[str]) -> Path:
    srcdir = tmp_path / "src"
    srcdir.mkdir()
    (srcdir / "conf.py").write_text(CONF, encoding="utf-8")
    (srcdir / "index.md").write_text(INDEX, encoding="utf-8")
    (srcdir / "at-the-table.md").write_text(TABLE, encoding="utf-8")
    warning = StringIO()
    app = SphinxTestApp(builder, srcdir=srcdir, status=StringIO(), warning=warning, tags=tags)
    try:
        app.build()
    finally:
        app.cleanup()
    assert "ERROR" not in warning.getvalue(), warning.getvalue()
    return Path(app.outdir)


def test_on_the_site_the_role_links_the_page_under_its_title(tmp_path: Path) -> None:
    html = (_build(tmp_path, "html", []) / "index.html").read_text(encoding="utf-8")
    assert 'href="at-the-table.html"' in html
    assert "Work It Out At The Table</span></a>" in html
    assert "rules.example.org" not in html


def test_in_print_the_role_gives_the_title_and_the_address(tmp_path: Path) -> None:
    """The print tag makes a print edition whatever the builder (the latex builder wants the
    whole book's glossary): the doctree holds the title in italics and the address."""
    out = _build(tmp_path, "pseudoxml", ["print"])
    tree = (out / "index.pseudoxml").read_text(encoding="utf-8")
    address = "https://rules.example.org/en/latest/at-the-table.html"
    assert f'<reference refuri="{address}">' in tree
    assert "<emphasis>\n" in tree and "Work It Out At The Table" in tree
    assert not (out / "at-the-table.pseudoxml").exists()
