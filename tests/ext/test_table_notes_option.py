"""``{nq-table}``'s ``:no-notes:`` with numbers leaves out those notes only: the book's Table 8.2
leaves out the re-roll, which the prose under it says, and prints the fear test's penalty, which
nothing else there says (proof round thirty-one: the quick reference and Table 8.2 printed the
fear -1 with no word of this edition's fear (X) reading)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

from sphinx.util.docutils import docutils_namespace

from tests.ext.conftest import copy_root


def _build(tmp_path: Path, make_app: Any, option: str) -> tuple[str, str]:
    srcdir = copy_root("nq", tmp_path)
    page = f"# Modifiers\n\n```{{nq-table}} command-modifiers\n{option}\n```\n"
    (srcdir / "modifiers.md").write_text(page, encoding="utf-8")
    index = srcdir / "index.md"
    index.write_text(index.read_text("utf-8").replace("reference\n", "reference\nmodifiers\n"))
    warnings = StringIO()
    with docutils_namespace():
        app = make_app(
            "html",
            srcdir=srcdir,
            confoverrides={"nq_site_url": "https://example.org/"},
            status=StringIO(),
            warning=warnings,
        )
        app.build()
        out = (Path(app.outdir) / "modifiers.html").read_text("utf-8")
        app.cleanup()
    return out, warnings.getvalue()


def test_numbered_notes_are_left_out_and_the_others_kept(tmp_path: Path, make_app: Any) -> None:
    out, _ = _build(tmp_path, make_app, ":no-notes: 1")
    assert "On a fear test, the enemy" in out
    assert "may be re-rolled at CO+1" not in out


def test_no_number_leaves_out_every_note(tmp_path: Path, make_app: Any) -> None:
    out, _ = _build(tmp_path, make_app, ":no-notes:")
    assert "On a fear test" not in out and "re-rolled at CO+1" not in out


def test_a_number_beyond_the_notes_is_refused_at_its_line(tmp_path: Path, make_app: Any) -> None:
    _, warnings = _build(tmp_path, make_app, ":no-notes: 7")
    assert "modifiers.md:3" in warnings and ":no-notes: numbers 1 to 2, not 7" in warnings
