"""Code in the content is refused by name before anything is built: a script, a page or a
template that a pull request adds under the sources or the catalogues' folders would be published
as it is (the three plants below all reached both sites).  The site's code is the extension's
(``nqsphinx/site/templates/``, ``nqsphinx/site/static/``)."""

from __future__ import annotations

import io
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nqsphinx import content_code
from tests.ext.conftest import copy_root
from tests.ext.test_outbound import _outputs_holding, _started

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "the site's code lives in nqsphinx/site/static/: refused"
PAGE = "the site's code lives in nqsphinx/site/templates/: refused"


def _plant(srcdir: Path, name: str, text: str) -> None:
    (srcdir / name).parent.mkdir(parents=True, exist_ok=True)
    (srcdir / name).write_text(text, encoding="utf-8")


def test_the_attackers_plants_are_refused_by_name(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    _plant(srcdir, "_static/nq-a11y.js", 'window.location.replace("https://evil.example/");\n')
    refresh = '<meta http-equiv="refresh" content="0; url=https://evil.example/">\n'
    _plant(srcdir, "_templates/page.html", '{% extends "!page.html" %}\n' + refresh)
    _plant(srcdir, "_static/s6.html", "<p>Hi</p><script>location='//evil.example'</script>\n")
    (srcdir / "_static" / "diagram.png").write_bytes(_image("PNG"))  # an image stays content
    stop, errors = _started(
        srcdir, make_app, html_static_path=["_static"], templates_path=["_templates"]
    )
    assert stop.code == 2
    assert errors == [
        "ERROR: conf.py: templates_path '_templates' is a content folder; the site's templates"
        " live in nqsphinx/site/templates/: refused",
        f"ERROR: _static/nq-a11y.js: a script in the content folder; {SCRIPT}",
        f"ERROR: _static/s6.html: a page (HTML) in the content folder; {PAGE}",
        f"ERROR: _templates/page.html: a page (HTML) in the content folder; {PAGE}",
    ]
    built = srcdir / "_build"
    assert not built.exists() or _outputs_holding(built, b"evil.example") == []


def test_stylesheets_templates_and_pages_by_their_bytes(tmp_path: Path, make_app: Any) -> None:
    """A stylesheet; a static template Sphinx would render (``x.css_t``); a page under another
    name, sniffed by a browser from its first bytes; in a catalogues' folder too."""
    srcdir = copy_root("nq", tmp_path)
    _plant(srcdir, "_static/nq.css", "body { display: none }\n")
    _plant(srcdir, "_static/x.css_t", "{{ evil }}\n")
    _plant(srcdir, "locale/fr/notes.txt", "\ufeff  <SCRIPT>alert(1)</SCRIPT>\n")
    _plant(srcdir, "_data/notes.txt", "a < b and c > d: just text\n")
    _plant(srcdir, "rules.toml", '# not code\nname = "<script>"\n')
    stop, errors = _started(srcdir, make_app, html_static_path=["_static"])
    assert stop.code == 2
    assert errors == [
        f"ERROR: _static/nq.css: a stylesheet in the content folder; {SCRIPT}",
        f"ERROR: _static/x.css_t: a template in the content folder; {PAGE}",
        "ERROR: locale/fr/notes.txt: a page (HTML by its first bytes) in the content folder;"
        f" {PAGE}",
    ]


def test_the_projects_content_holds_no_code_and_its_config_no_content_templates() -> None:
    config = runpy.run_path(str(ROOT / "conf.py"))
    content = [ROOT / "docs", ROOT / "locale"]
    for entry in config["templates_path"]:
        assert not any((ROOT / entry).resolve().is_relative_to(f) for f in content), entry
    assert (ROOT / "nqsphinx/site/static/nq.js").is_file()
    assert [p for folder in content for p, *_ in content_code.code_in(folder, frozenset())] == []
    assert content_code.python_in(ROOT / "docs") == []


PYTHON = "Python (pytest would run it with the build's rights) in the content folder; the site's"
PYTHON += " code lives in its packages (nqcore/, nqsphinx/...): refused"


def test_python_beside_the_pages_is_refused_by_name(tmp_path: Path, make_app: Any) -> None:
    """Attack round twenty-one: a ``conftest.py`` in a folder of the sources, a ``test_*.py``
    or a ``pytest.ini`` beside the pages: pytest (``make doctest``, the suite) would import or
    read them with the build's rights; the build refuses each by name, the sources'
    ``conftest.py`` too (attack round twenty-four: an edited one ran under ``make doctest``)."""
    srcdir = copy_root("nq", tmp_path)
    _plant(srcdir, "conftest.py", "# the pages' examples, once\n")
    _plant(srcdir, "extra/conftest.py", "import os\n")
    _plant(srcdir, "test_leak.py", "def test_x(): pass\n")
    _plant(srcdir, "pytest.ini", "[pytest]\naddopts = -p evil\n")
    _plant(srcdir, "locale/fr/x.pth", "import os\n")
    stop, errors = _started(srcdir, make_app)
    assert stop.code == 2
    assert errors == [
        f"ERROR: conftest.py: {PYTHON}",
        f"ERROR: extra/conftest.py: {PYTHON}",
        f"ERROR: locale/fr/x.pth: {PYTHON}",
        f"ERROR: pytest.ini: {PYTHON}",
        f"ERROR: test_leak.py: {PYTHON}",
    ]


def test_pytest_stops_before_it_imports_python_beside_the_pages(tmp_path: Path) -> None:
    """``python -m pytest docs`` (``make doctest``) with a contributor's ``conftest.py`` in a
    folder of the pages, one pytest loads at its start (``test*/``), a ``test_*.py``, and a
    ``conftest.py`` of the pages' folder itself (attack round twenty-four: the book's own, edited,
    ran on the host): the pages' plugin stops pytest first, naming them, and none of them ran."""
    docs = tmp_path / "docs"
    docs.mkdir()
    ran = tmp_path / "ran"
    plant = f"import pathlib\npathlib.Path({str(ran)!r}).mkdir(exist_ok=True)\n"
    for name in ("conftest.py", "extra/conftest.py", "tests/conftest.py", "test_leak.py"):
        _plant(docs, name, plant)
    done = _pytest_on_pages(tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert not ran.exists()
    for name in ("conftest.py", "extra/conftest.py", "test_leak.py", "tests/conftest.py"):
        assert (
            f"docs/{name}: Python beside the pages, which pytest would run: refused" in done.stderr
        )
    assert "Traceback" not in done.stderr + done.stdout


def test_a_pytest_configuration_in_the_pages_is_never_read(tmp_path: Path) -> None:
    """Attack round twenty-five: ``docs/.pytest.ini`` put a zip of the pages' data on sys.path
    and imported it for a warning filter, before any plugin ran: code from the content ran on
    the host under ``make doctest``.  pytest is given the project's configuration by name
    (``PAGES_INI``), and the build refuses the file and the zip by name."""
    import zipfile

    docs = tmp_path / "docs"
    ran = tmp_path / "ran"
    (docs / "_data").mkdir(parents=True)
    with zipfile.ZipFile(docs / "_data" / "notes.zip", "w") as archive:
        archive.writestr(
            "evilmod.py",
            f"import pathlib\npathlib.Path({str(ran)!r}).mkdir()\nclass W(Warning): pass\n",
        )
    _plant(docs, ".pytest.ini", "[pytest]\npythonpath = _data/notes.zip\n"
           "filterwarnings =\n    default::evilmod.W\n")  # fmt: skip
    done = _pytest_on_pages(tmp_path)
    assert not ran.exists(), done.stdout + done.stderr
    assert done.returncode == 2, done.stdout + done.stderr
    for name in (".pytest.ini", "_data/notes.zip"):
        assert f"docs/{name}: Python beside the pages" in done.stderr


def test_pytest_runs_no_doctest_file_and_no_linked_or_built_conftest(tmp_path: Path) -> None:
    """Attack round twenty-six: ``docs/_static/test_evil.txt`` (pytest's own doctest plugin
    collects ``test*.txt``), ``docs/_build/conftest.py`` (the content check skipped ``_build``)
    and a link named ``docs/conftest.py`` (links were left to the build) ran on the host."""
    docs = tmp_path / "docs"
    ran = tmp_path / "ran"
    plant = f"import pathlib\npathlib.Path({str(ran)!r}).mkdir(exist_ok=True)\n"
    _plant(docs, "_static/test_evil.txt", "".join(f">>> {line}\n" for line in plant.splitlines()))
    _plant(docs, "_build/conftest.py", plant)
    _plant(tmp_path, "elsewhere.py", plant)
    (docs / "conftest.py").symlink_to(tmp_path / "elsewhere.py")
    done = _pytest_on_pages(tmp_path)
    assert not ran.exists(), done.stdout + done.stderr
    assert done.returncode == 2, done.stdout + done.stderr
    for name in ("_static/test_evil.txt", "_build/conftest.py", "conftest.py"):
        assert f"docs/{name}: Python beside the pages" in done.stderr, name


def _image(kind: str) -> bytes:
    """A whole image of ``kind`` (2 × 2 pixels), as Pillow writes it."""
    from PIL import Image

    written = io.BytesIO()
    Image.new("RGB", (2, 2), "white").save(written, kind)
    return written.getvalue()


@pytest.mark.parametrize("kind", ["PNG", "JPEG", "GIF", "WEBP"])
def test_an_image_with_bytes_after_its_end_or_too_many_bytes_is_refused(
    tmp_path: Path, kind: str
) -> None:
    """Attack round twenty-four: a PNG with 30 MB of other bytes after its end was published,
    twice, and packed into the offline archive; only its pixels were bounded."""
    whole = tmp_path / f"whole.{kind.lower()}"
    whole.write_bytes(_image(kind))
    assert content_code.whole_image_problem(kind, whole) == ""
    tail = tmp_path / f"tail.{kind.lower()}"
    tail.write_bytes(_image(kind) + b"<html>payload</html>")
    said = content_code.whole_image_problem(kind, tail)
    assert said == f"a {kind} image with bytes after its end", said
    big = tmp_path / f"big.{kind.lower()}"
    big.write_bytes(_image(kind) + bytes(content_code.MAX_IMAGE_BYTES))
    size = big.stat().st_size
    assert content_code.whole_image_problem(kind, big) == (
        f"a {kind} image of {size} bytes, more than {content_code.MAX_IMAGE_BYTES}"
    )


#: Each kind's end marker, which a payload after the image may end with (attack round
#: twenty-five, finding 4): the file's last bytes then looked like the image's end.
SECOND_ENDS = {"PNG": b"IEND\xaeB`\x82", "JPEG": b"\xff\xd9", "GIF": b";", "ICO": b""}


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("PNG", {}),
        ("JPEG", {}),
        ("JPEG", {"progressive": True}),
        ("GIF", {}),
        ("ICO", {"sizes": [(16, 16), (32, 32)]}),
        ("WEBP", {}),
    ],
)
def test_bytes_after_an_image_are_refused_even_ending_with_its_end_marker(
    tmp_path: Path, kind: str, options: dict[str, Any]
) -> None:
    """A PNG, JPEG or GIF with 100 kB of HTML and a second end marker after its end, and an
    ICO with a script after its last image, were published (attack round twenty-five,
    findings 4 and 5): the end is found by walking the format."""
    from PIL import Image

    written = io.BytesIO()
    Image.effect_noise((32, 32), 40).convert("RGB").save(written, kind, **options)
    whole = tmp_path / f"whole.{kind.lower()}"
    whole.write_bytes(written.getvalue())
    assert content_code.whole_image_problem(kind, whole) == ""
    payload = b"<html><script>alert(1)</script>" + b"A" * 100_000
    hostile = tmp_path / f"hostile.{kind.lower()}"
    hostile.write_bytes(written.getvalue() + payload + SECOND_ENDS.get(kind, b""))
    said = content_code.whole_image_problem(kind, hostile)
    assert said == f"a {kind} image with bytes after its end", said
    cut = tmp_path / f"cut.{kind.lower()}"
    cut.write_bytes(written.getvalue()[:-3])
    assert content_code.whole_image_problem(kind, cut).startswith(f"not a whole {kind} image")


def test_the_sites_own_images_end_where_their_format_says() -> None:
    """Every image the site ships (its icons) passes the walk of its format, to its last byte."""
    from nqsphinx.image_ends import WALKERS

    root = Path(__file__).parents[2]
    found = [
        path
        for folder in ("docs", "nqsphinx", "nqcompanion", "nqprint")
        for path in (root / folder).rglob("*")
        if path.suffix[1:].upper() in WALKERS and "_build" not in path.parts
    ]
    assert len(found) >= 4
    for path in found:
        assert content_code.whole_image_problem(path.suffix[1:].upper(), path) == "", path


SVG_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(7)"><script>x</script></svg>'


def test_an_image_whose_bytes_are_another_thing_is_refused_by_name(
    tmp_path: Path, make_app: Any
) -> None:
    """An SVG with a script named .png, .ico or with no suffix; text named .jpg; an empty .png:
    published as they are, a reader's tool may take what their bytes say."""
    srcdir = copy_root("nq", tmp_path)
    for name in ("sniff7.png", "sniff2.ico", "sniff8"):
        _plant(srcdir, f"_static/{name}", SVG_SCRIPT)
    _plant(srcdir, "_static/photo.jpg", "just text\n")
    _plant(srcdir, "_static/empty.png", "")
    _plant(srcdir, "_static/notes.txt", "plain text stays content\n")
    (srcdir / "_static" / "real.gif").write_bytes(_image("GIF"))
    stop, errors = _started(srcdir, make_app, html_static_path=["_static"])
    assert stop.code == 2
    svg = "an SVG drawing by its first bytes, not named .svg (its own check reads .svg): refused"
    assert errors == [
        "ERROR: _static/empty.png: an empty file named .png: refused",
        "ERROR: _static/photo.jpg: not a JPG image by its bytes: refused",
        f"ERROR: _static/sniff2.ico: {svg}",
        f"ERROR: _static/sniff7.png: {svg}",
        f"ERROR: _static/sniff8: {svg}",
    ]


XHTML_SCRIPT = '<x xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(3)</h:script></x>\n'


def test_xml_documents_are_refused_by_name_and_by_their_bytes(
    tmp_path: Path, make_app: Any
) -> None:
    """Feeds, MathML and the like, which a server sends as ``+xml`` and a browser may render
    (running the XHTML script inside); markup under a plain name, in UTF-16 too."""
    srcdir = copy_root("nq", tmp_path)
    _plant(srcdir, "_static/n.rdf", XHTML_SCRIPT)
    _plant(srcdir, "_static/n.mml", XHTML_SCRIPT)
    _plant(srcdir, "_static/feed.txt", XHTML_SCRIPT)
    (srcdir / "_static" / "u16.dat").write_bytes(b"\xff\xfe" + XHTML_SCRIPT.encode("utf-16-le"))
    _plant(srcdir, "_static/notes.txt", "a < b, and <3 dice: just text\n")
    stop, errors = _started(srcdir, make_app, html_static_path=["_static"])
    assert stop.code == 2
    xml = "an XML document (a browser may render it and run its scripts): refused"
    markup = "markup by its first bytes (a browser may render it and run its scripts): refused"
    assert errors == [
        f"ERROR: _static/feed.txt: {markup}",
        f"ERROR: _static/n.mml: {xml}",
        f"ERROR: _static/n.rdf: {xml}",
        f"ERROR: _static/u16.dat: {markup}",
    ]


def test_markup_after_blank_lines_is_found(tmp_path: Path) -> None:
    """A browser skips the blank lines before a page's markup; a short read did not reach it."""
    hidden = tmp_path / "sheet.txt"
    hidden.write_text("\n" * 600 + "<html><script>document.title='x'</script></html>\n")
    spaced = tmp_path / "spaced.txt"
    spaced.write_text(" \t\r\n" * 3000 + "<svg xmlns='http://www.w3.org/2000/svg'/>\n")
    plain = tmp_path / "plain.txt"
    plain.write_text("\n" * 600 + "A roster, 24 models.\n")
    assert content_code.code_kind(hidden) == (
        "a page (HTML by its first bytes)",
        content_code.TEMPLATES,
    )
    found = content_code.code_kind(spaced)
    assert found is not None and found[0].startswith("an SVG drawing")
    assert content_code.code_kind(plain) is None


def test_a_text_that_reads_as_a_lone_surrogate_in_utf7_is_plain(tmp_path: Path) -> None:
    """The glossary's regular expression ``\\s+lances`` reads in UTF-7 as U+DC7A..., a surrogate
    alone, which UTF-8 cannot write: the check stopped the build (proof round fifteen)."""
    data = tmp_path / "terms.toml"
    data.write_text("avoid = '(?i)\\b(?:la|une)\\s+lances?\\b'\n", encoding="utf-8")
    assert any(0xD800 <= ord(c) <= 0xDFFF for c in data.read_bytes().decode("utf-7", "ignore"))
    assert content_code.code_kind(data) is None


HTML = '<html><body><script>alert(1)</script><meta http-equiv="refresh" content="0"></body></html>'
#: Each plant of a linked file: its name and bytes; every one is refused by its content.
OTHER_ENCODINGS = {
    "u16.txt": HTML.encode("utf-16-le"),
    "u16be.txt": HTML.encode("utf-16-be"),
    "u32.csv": HTML.encode("utf-32-be"),
    "u32le.csv": HTML.encode("utf-32-le"),
    "u7.txt": HTML.encode("utf-7"),
    "bom.txt": ("\ufeff\ufeff\n\n" + HTML).encode("utf-8"),
    "ff.csv": ("\f\v \u00a0\u2028\n" + HTML).encode("utf-8"),
    "s4.gif": b"GIF89a" + SVG_SCRIPT.encode(),
    "s6.jpg": b"\xff\xd8\xff\xe0<html><script>alert(6)</script></html>",
    "latin.txt": "Épée à deux mains\n".encode("latin-1"),
}


def test_a_linked_file_in_any_encoding_or_a_partial_image_is_refused(tmp_path: Path) -> None:
    """A browser may decode BOM-less UTF-16/32 or UTF-7, and skips every blank and byte order
    mark before markup; a file named as an image must be one, whole; a text file, UTF-8."""
    for name, data in OTHER_ENCODINGS.items():
        path = tmp_path / name
        path.write_bytes(data)
        assert content_code.code_kind(path) is not None, name
    good = {"notes.txt": "Épée, 24 figurines\n".encode(), "table.csv": b"a,b\n1,2\n"}
    for name, data in good.items():
        (tmp_path / name).write_bytes(data)
        assert content_code.code_kind(tmp_path / name) is None, name
    pictures = sorted((ROOT / "docs").rglob("*.png"))
    assert pictures and all(content_code.code_kind(p) is None for p in pictures)


def test_a_page_or_data_that_is_not_utf8_is_refused_at_its_line(
    tmp_path: Path, make_app: Any
) -> None:
    """Attack round twenty-one: one Latin-1 byte in a page made the worked examples' pytest
    print an INTERNALERROR and update-po Sphinx's crash report, the page named nowhere."""
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "magic.md").write_bytes((srcdir / "magic.md").read_bytes() + b"\nCaf\xe9 line.\n")
    lines = (srcdir / "magic.md").read_bytes().count(b"\n")
    _plant(srcdir, "_data/words.toml", "")
    (srcdir / "_data" / "words.toml").write_bytes(b"x = 1\n# caf\xe9\n")
    stop, errors = _started(srcdir, make_app)
    assert stop.code == 2
    assert errors == [
        "ERROR: _data/words.toml: line 2: a byte that is not UTF-8 (0xE9): refused",
        f"ERROR: magic.md: line {lines}: a byte that is not UTF-8 (0xE9): refused",
    ]


def test_pytest_names_a_page_that_is_not_utf8(tmp_path: Path) -> None:
    """The pages' examples (``make doctest``, the build's first step) name the page and line of
    a byte that is not UTF-8, where pytest printed an INTERNALERROR."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "credits.md").write_bytes(b"# Credits\n\nCaf\xe9 line.\n")
    done = _pytest_on_pages(tmp_path)
    said = done.stdout + done.stderr
    assert done.returncode != 0 and "INTERNALERROR" not in said, said
    assert "docs/credits.md, line 3: a byte that is not UTF-8 (0xE9)" in said, said


def _pytest_on_pages(root: Path) -> subprocess.CompletedProcess[str]:
    """``python -m pytest docs`` in ``root`` as ``make doctest`` runs it (the project's
    configuration named), the project importable."""
    from nqsphinx.page_examples import PAGES_INI

    if not (root / "pyproject.toml").exists():
        (root / "pyproject.toml").write_text("[tool.pytest.ini_options]\n", encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "docs", *PAGES_INI, "-q", "-p", "no:cacheprovider"]
        + ["-o", "addopts=", "-p", "nqsphinx.page_examples"],
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=120,
    )
