"""Nothing outside the project reaches the output of the tiny rulebook: links and downloads of
outside files, math (MathJax from a CDN), remote scripts and symbolic links in a static path are
refused at their file and line; what some other route copies anyway is deleted by the output
audit, which names it."""

from __future__ import annotations

import json
import os
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.util.console import strip_escape_sequences
from sphinx.util.docutils import docutils_namespace

from nqsphinx.site.output_audit import MANIFEST, audit_sites
from tests.ext.conftest import build, copy_root
from tests.ext.test_refusals import line_of

#: A whole PNG image (1 × 1 pixel): the content's check reads an image whole.
WHOLE_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b55"
    "0000000a49444154789c636000000002000148afa4710000000049454e44ae426082"
)

PASSWD = Path("/etc/passwd")
UP = "../" * 12


def _outputs_holding(outdir: Path, text: bytes) -> list[Path]:
    return [p for p in outdir.rglob("*") if p.is_file() and text in p.read_bytes()]


@pytest.mark.skipif(not PASSWD.is_file(), reason="no /etc/passwd to leak")
def test_files_outside_the_sources_and_math_are_refused_at_their_line(
    tmp_path: Path, make_app: Any
) -> None:
    srcdir = copy_root("nq", tmp_path)
    page = srcdir / "magic.md"
    hostile = [
        f"[x](path:{UP}etc/passwd)",
        f"{{download}}`x <{UP}etc/passwd>`",
        f"[raw]({UP}etc/passwd)",
        "The odds are {math}`\\frac{1}{10}`.",
        "```{math}\nx^2\n```",
    ]
    page.write_text(page.read_text(encoding="utf-8") + "\n\n" + "\n\n".join(hostile) + "\n")
    built = build(srcdir, "en", make_app)
    errors = [w for w in built.unexpected_warnings() if "ERROR" in w]
    lines = [line_of(page, markup.splitlines()[0]) for markup in hostile]
    assert errors == [
        f"{page}:{lines[0]}: ERROR: linked file '{UP}etc/passwd' is outside nq/ [nq.refused]",
        f"{page}:{lines[1]}: ERROR: linked file '{UP}etc/passwd' is outside nq/ [nq.refused]",
        f"{page}:{lines[2]}: ERROR: linked file '{UP}etc/passwd' is outside nq/ [nq.refused]",
        f"{page}:{lines[3]}: ERROR: math is refused ('\\\\frac{{1}}{{10}}'): its renderer loads"
        " from another site [nq.refused]",
        f"{page}:{lines[4]}: ERROR: math is refused ('x^2'): its renderer loads from another"
        " site [nq.refused]",
    ]
    outdir = Path(built.app.outdir)
    assert _outputs_holding(outdir, b"root:x:0:0") == []
    assert _outputs_holding(outdir, b"mathjax") == []


def test_a_file_inside_the_sources_is_still_a_download(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "roster.txt").write_text("A roster\n", encoding="utf-8")
    page = srcdir / "magic.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n\n[the roster](path:roster.txt)\n")
    built = build(srcdir, "en", make_app)
    assert not [w for w in built.unexpected_warnings() if "ERROR" in w]
    [copied] = Path(built.app.outdir).glob("_downloads/*/roster.txt")
    assert copied.read_text(encoding="utf-8") == "A roster\n"


def _started(srcdir: Path, make_app: Any, **overrides: Any) -> tuple[SystemExit, list[str]]:
    warning = StringIO()
    with docutils_namespace(), pytest.raises(SystemExit) as stop:
        make_app("html", srcdir=srcdir, confoverrides=overrides, warning=warning)
    lines = strip_escape_sequences(warning.getvalue()).splitlines()
    return stop.value, [line for line in lines if "ERROR" in line]


def test_a_symbolic_link_in_a_static_path_stops_the_build(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    static = srcdir / "_static"
    static.mkdir()
    (static / "icon.png").write_bytes(WHOLE_PNG)
    (static / "leak.txt").symlink_to(PASSWD)
    (static / "etcdir").symlink_to("/etc")
    stop, errors = _started(srcdir, make_app, html_static_path=["_static"])
    assert stop.code == 2
    assert errors == [
        "ERROR: _static/etcdir: symbolic link (to /etc) in a static path: refused",
        f"ERROR: _static/leak.txt: symbolic link (to {PASSWD}) in a static path: refused",
    ]
    assert not (srcdir / "_build").exists() or _outputs_holding(srcdir / "_build", b"root:x") == []


def test_a_hard_link_in_a_static_path_stops_the_build(tmp_path: Path, make_app: Any) -> None:
    """`ln /tmp/x/secret.txt docs/_static/notes.txt` published the outside file."""
    srcdir = copy_root("nq", tmp_path)
    static = srcdir / "_static"
    static.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("host-secret-text\n", encoding="utf-8")
    os.link(secret, static / "notes.txt")
    stop, errors = _started(srcdir, make_app, html_static_path=["_static"])
    assert stop.code == 2
    assert errors == [
        "ERROR: _static/notes.txt: static file '_static/notes.txt' is a hard link (2 names: the"
        " other ones may be outside the project): refused"
    ]
    assert not (srcdir / "_build").exists() or _outputs_holding(srcdir / "_build", b"host-") == []


def test_a_hard_linked_download_or_image_is_refused(tmp_path: Path) -> None:
    """The page-level check (downloads, images): a file with another name is refused by name."""
    from nqsphinx.project_files import file_problem

    secret = tmp_path / "secret.txt"
    secret.write_text("host-secret-text\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    os.link(secret, tmp_path / "docs" / "notes.txt")
    problem = file_problem(tmp_path / "docs" / "notes.txt", tmp_path / "docs", tmp_path, "image")
    assert problem == (
        "image 'docs/notes.txt' is a hard link (2 names: the other ones may be outside the project)"
    )


def test_a_script_from_another_site_is_left_out(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    conf = srcdir / "conf.py"
    url = "https://cdn.example.invalid/tracker.js"
    conf.write_text(conf.read_text(encoding="utf-8") + f"html_js_files = [{url!r}]\n")
    built = build(srcdir, "en", make_app)
    errors = [w for w in built.unexpected_warnings() if "ERROR" in w]
    assert [e.split(": ", 1)[1] for e in errors] == [
        f"ERROR: {url} loads from another site: refused"
    ]
    assert errors[0].startswith(str(srcdir))
    assert "cdn.example.invalid" not in built.html("index")


LEAKY = '''
"""What a careless extension might do: copy files from outside the project into the site."""
import shutil
from pathlib import Path

from sphinx.util import osutil


def leak(app, exception):
    outdir = Path(app.outdir)
    osutil.copyfile("/etc/passwd", outdir / "_static" / "copied.txt")
    shutil.copy2("/etc/passwd", outdir / "stray.txt")  # keeps the old time: not made now


def setup(app):
    app.connect("build-finished", leak)
'''


@pytest.mark.skipif(not PASSWD.is_file(), reason="no /etc/passwd to leak")
def test_the_output_audit_deletes_what_the_build_cannot_explain(
    tmp_path: Path, make_app: Any
) -> None:
    srcdir = copy_root("nq", tmp_path)
    code = tmp_path / "extensions"  # code, outside the content (which refuses Python)
    code.mkdir()
    (code / "leaky.py").write_text(LEAKY, encoding="utf-8")
    conf = srcdir / "conf.py"
    conf.write_text(
        f"import sys\nsys.path.insert(0, {str(code)!r})\n"
        + conf.read_text(encoding="utf-8")
        + "extensions.append('leaky')\n"
    )
    built = build(srcdir, "en", make_app)
    outdir = Path(built.app.outdir)
    errors = [w for w in built.unexpected_warnings() if "ERROR" in w]
    assert errors == [
        f"ERROR: {outdir / '_static/copied.txt'}: a copy of {PASSWD}: {PASSWD} is not a file of"
        " the project: deleted [nq.output]",
        f"ERROR: {outdir / 'stray.txt'}: neither made by the build nor a copy of a file of the"
        " project: deleted [nq.output]",
    ]
    assert _outputs_holding(outdir, b"root:x:0:0") == []
    assert (outdir / "index.html").is_file()  # what the build made stays
    manifest = Path(built.app.doctreedir) / MANIFEST
    assert '"index.html"' in manifest.read_text(encoding="utf-8")
    assert os.path.isfile(PASSWD)  # nothing outside the output is touched


def test_make_html_deletes_what_came_into_a_site_after_its_build(tmp_path: Path) -> None:
    site, doctrees = tmp_path / "html", tmp_path / "doctrees"
    (site / "en").mkdir(parents=True)
    (doctrees / "en").mkdir(parents=True)
    page = site / "en" / "index.html"
    page.write_text("<p>Rules</p>\n", encoding="utf-8")
    (site / "index.html").write_text("start\n", encoding="utf-8")
    stat = page.stat()
    entry = {"source": "generated", "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}
    (doctrees / "en" / MANIFEST).write_text(json.dumps({"index.html": entry}), encoding="utf-8")
    assert audit_sites(site, doctrees) == []
    (site / "en" / "leak.txt").symlink_to(PASSWD)
    (site / "evil.html").write_text("x\n", encoding="utf-8")
    page.write_text("<p>Changed</p>\n", encoding="utf-8")
    assert audit_sites(site, doctrees) == [
        f"{site}/en/index.html: not as its build left it (its manifest): deleted",
        f"{site}/en/leak.txt: not as its build left it (its manifest): deleted",
        f"{site}/evil.html: not a file make html writes there: deleted",
    ]
    assert sorted(p.name for p in site.rglob("*")) == ["en", "index.html"]
    assert PASSWD.exists()


def test_what_the_sources_no_longer_make_leaves_the_site(tmp_path: Path, make_app: Any) -> None:
    """A static file and a page a pull request added, then removed: the next (incremental)
    build deletes their outputs and forgets them, without an error (a removal is no fault)."""
    srcdir = copy_root("nq", tmp_path)
    conf, index = srcdir / "conf.py", srcdir / "index.md"
    conf.write_text(conf.read_text(encoding="utf-8") + "html_static_path = ['_static']\n")
    (srcdir / "_static").mkdir()
    (srcdir / "_static" / "notes.png").write_bytes(WHOLE_PNG)
    (srcdir / "extra.md").write_text("# Extra\n\nA page brought by a pull request.\n")
    listed = index.read_text(encoding="utf-8")
    index.write_text(listed.replace("```{toctree}\n", "```{toctree}\nextra\n", 1))
    first = build(srcdir, "en", make_app)
    outdir = Path(first.app.outdir)
    assert (outdir / "_static/notes.png").is_file() and (outdir / "extra.html").is_file()
    (srcdir / "_static" / "notes.png").unlink()
    (srcdir / "extra.md").unlink()
    index.write_text(listed, encoding="utf-8")
    second = build(srcdir, "en", make_app)
    assert [w for w in second.unexpected_warnings() if "ERROR" in w] == []
    assert not (outdir / "_static/notes.png").exists()
    assert not (outdir / "extra.html").exists()
    assert (outdir / "index.html").is_file() and (outdir / "magic.html").is_file()
    manifest = (Path(second.app.doctreedir) / MANIFEST).read_text(encoding="utf-8")
    assert "notes.png" not in manifest and "extra.html" not in manifest


def test_doctrees_inside_the_output_folder_are_the_builds_own(tmp_path: Path) -> None:
    """``make gettext`` keeps its doctrees in its output folder (``_build/gettext/.doctrees``):
    the audit's own manifest there was judged an unexplained output at every further build,
    deleted, and so every build started from an emptied folder."""
    from sphinx.application import Sphinx

    srcdir = copy_root("nq", tmp_path)
    outdir = tmp_path / "gettext"
    for _ in range(2):
        warning = StringIO()
        with docutils_namespace():
            app = Sphinx(
                srcdir,
                srcdir,
                outdir,
                outdir / ".doctrees",
                "gettext",
                status=StringIO(),
                warning=warning,
            )
            app.build()
        assert "[nq.output]" not in warning.getvalue(), warning.getvalue()
    assert (outdir / ".doctrees" / MANIFEST).is_file()


def test_a_configuration_change_keeps_sphinx_s_copy_of_its_build_info(
    tmp_path: Path, make_app: Any
) -> None:
    """After a change of the configuration, Sphinx moves the last build's ``.buildinfo`` to
    ``.buildinfo.bak`` (its time kept) and rebuilds every page: that file is the build's, and the
    incremental build succeeds."""
    srcdir = copy_root("nq", tmp_path)
    conf = srcdir / "conf.py"
    first = build(srcdir, "en", make_app)
    outdir = Path(first.app.outdir)
    assert not (outdir / ".buildinfo.bak").exists()
    conf.write_text(conf.read_text(encoding="utf-8") + "html_title = 'Another title'\n")
    second = build(srcdir, "en", make_app)
    assert [w for w in second.unexpected_warnings() if "ERROR" in w] == []
    assert (outdir / ".buildinfo.bak").is_file()
    manifest = json.loads((Path(second.app.doctreedir) / MANIFEST).read_text(encoding="utf-8"))
    assert {".buildinfo", ".buildinfo.bak"} <= set(manifest)
    third = build(srcdir, "en", make_app)  # nothing changed: the copy is kept as it is
    assert [w for w in third.unexpected_warnings() if "ERROR" in w] == []
    assert (outdir / ".buildinfo.bak").is_file()


#: Attack thirteen: a PDF whose opening runs JavaScript (a desktop reader may run it), a web app
#: manifest starting at another site, a page of Markdown holding a script: each published as it
#: is from the static path.
PDF_WITH_SCRIPT = (
    b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS "
    b"(app.alert('attack13');) >> >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> "
    b"endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
)
STATIC_PLANTS = {
    "a.pdf": PDF_WITH_SCRIPT,
    "a.webmanifest": b'{"start_url": "https://attacker.example/"}\n',
    "a.md": b"<script>alert(1)</script>\n",
    "notes.txt": b"plain\n",
}


def test_a_static_file_of_a_kind_the_site_does_not_publish_is_refused(
    tmp_path: Path, make_app: Any
) -> None:
    """A static path holds images, drawings, and the site's scripts and stylesheets."""
    srcdir = copy_root("nq", tmp_path)
    static = srcdir / "_static"
    static.mkdir()
    (static / "icon.png").write_bytes(WHOLE_PNG)
    for name, data in STATIC_PLANTS.items():
        (static / name).write_bytes(data)
    stop, errors = _started(srcdir, make_app, html_static_path=["_static"])
    assert stop.code == 2
    assert [error.split(": ")[1] for error in errors] == [
        f"_static/{name}" for name in sorted(STATIC_PLANTS)
    ]
    assert "not a kind of file the site publishes from a static path" in errors[0]
    assert not list(tmp_path.rglob("*.html"))


def test_a_linked_file_of_a_kind_no_page_offers_is_refused(tmp_path: Path, make_app: Any) -> None:
    """A file under a ``+xml`` name the content check does not know (an XHTML page), or a PDF:
    served from the site's origin as what its name says (a script ran, a reader was sent away)."""
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "zz-sheet.xhtm").write_text("alert(1)\n")  # its markup: the content check's
    (srcdir / "zz-book.pdf").write_bytes(b"%PDF-1.4\n/OpenAction << /JS (app.alert(1)) >>\n")
    page = srcdir / "magic.md"
    hostile = ["{download}`sheet <zz-sheet.xhtm>`", "[page](zz-sheet.xhtm)", "[book](zz-book.pdf)"]
    page.write_text(page.read_text(encoding="utf-8") + "\n\n" + "\n\n".join(hostile) + "\n")
    built = build(srcdir, "en", make_app)
    errors = [w for w in built.unexpected_warnings() if "ERROR" in w]
    lines = [line_of(page, markup) for markup in hostile]
    assert [e.split(": ERROR: ")[0] for e in errors] == [f"{page}:{n}" for n in lines], errors
    assert all("is not a kind of file a page offers" in e for e in errors), errors
    outdir = Path(built.app.outdir)
    assert _outputs_holding(outdir, b"alert(1)") == []


def test_a_tabularcolumns_specification_is_refused_at_its_line(
    tmp_path: Path, make_app: Any
) -> None:
    """Its specification is written into the LaTeX as it is (attack round seventeen: a file of
    TeX's search path printed into the PDF, JavaScript put in it); the extension's own tables'
    specifications, measured from their cells, are kept."""
    srcdir = copy_root("nq", tmp_path)
    page = srcdir / "magic.md"
    spec = "```{tabularcolumns} |>{\\VerbatimInput{language.dat}}p{12cm}|l|\n```"
    table = "```{list-table}\n* - a\n  - b\n```"
    page.write_text(page.read_text(encoding="utf-8") + f"\n\n{spec}\n\n{table}\n")
    built = build(srcdir, "en", make_app)
    errors = [w for w in built.unexpected_warnings() if "ERROR" in w]
    shown = "'|>{\\\\VerbatimInput{language.dat}}p{12cm}|'"  # its first 40 characters
    assert errors == [
        f"{page}:{line_of(page, spec.splitlines()[0])}: ERROR: tabularcolumns is refused "
        f"({shown}): it is raw LaTeX [nq.refused]"
    ]


#: The end of the refusal of markup whose words reach no catalogue.
UNCATALOGUED = "its words reach no catalogue: a French page would show them in English [nq.refused]"


def _uncatalogued(tmp_path: Path, make_app: Any, hostile: dict[str, str]) -> tuple[list[str], str]:
    """The errors of an English build whose magic page ends with each markup of ``hostile``,
    and the errors expected, one at each markup's line naming what ``hostile`` maps it to; the
    built page's HTML last."""
    srcdir = copy_root("nq", tmp_path)
    page = srcdir / "magic.md"
    added = "\n\n".join(hostile)
    page.write_text(page.read_text(encoding="utf-8") + "\n\n" + added + "\n", encoding="utf-8")
    built = build(srcdir, "en", make_app)
    errors = [w for w in built.unexpected_warnings() if "ERROR" in w]
    expected = [
        f"{page}:{line_of(page, markup.splitlines()[0])}: ERROR: the {what} is refused: "
        + UNCATALOGUED
        for markup, what in hostile.items()
    ]
    assert errors == expected
    return errors, (Path(built.app.outdir) / "magic.html").read_text(encoding="utf-8")


def test_markup_whose_words_reach_no_catalogue_is_refused(tmp_path: Path, make_app: Any) -> None:
    """Attack round 17 (second round): an ``{index}`` directive's entries and an ``{abbr}``
    explanation never reach a catalogue, so the French page showed them in English."""
    hostile = {
        "```{index} single: English index entry\n```": "index directive",
        "A {index}`role entry` here.": "index role",
        "An {abbr}`AC (action count)` there.": "abbr role",
    }
    errors, html = _uncatalogued(tmp_path, make_app, hostile)
    assert len(errors) == 3
    assert "English index entry" not in html and "<abbr" not in html


def test_sphinx_design_options_whose_words_reach_no_catalogue_are_refused(
    tmp_path: Path, make_app: Any
) -> None:
    """Attack round 17 (second round): a button's ``:tooltip:`` and a card's ``:link-alt:`` are
    directive options, which no catalogue holds: a French page showed them in English.  Each is
    refused at its line; the button and the card are still built, without them."""
    button = "```{button-link} https://example.invalid/\n:tooltip: English tooltip\n\nA button\n```"
    card = "```{card} A card\n:link: magic\n:link-type: doc\n:link-alt: English alt\n\nBody.\n```"
    hostile = {button: "button-link directive's :tooltip:", card: "card directive's :link-alt:"}
    errors, html = _uncatalogued(tmp_path, make_app, hostile)
    assert len(errors) == 2
    assert "English tooltip" not in html and "English alt" not in html
    assert "A button" in html and "A card" in html
