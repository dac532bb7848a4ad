"""A page's own markup cannot run code at build time, write the page's head, publish a link
that runs a script or break out of an HTML attribute: each attempt is refused at its file and
line, and nothing of it reaches the HTML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from docutils import nodes

from nqsphinx.page_content import link_problem
from tests.ext.conftest import Built, build, copy_root
from tests.ext.test_outbound import _started
from tests.ext.test_refusals import line_of

PASSWD = Path("/etc/passwd")


def _with(tmp_path: Path, make_app: Any, before: str, after: str = "") -> tuple[Path, Built]:
    srcdir = copy_root("nq", tmp_path)
    page = srcdir / "magic.md"
    page.write_text(before + page.read_text(encoding="utf-8") + "\n\n" + after + "\n")
    return page, build(srcdir, "en", make_app)


def _errors(built: Built) -> list[str]:
    return [w for w in built.unexpected_warnings() if "ERROR" in w]


#: Front matter's first and last lines: MyST reads any line that starts with three dashes
#: (attacker round 39: ``----`` and ``--- front`` passed the refusal and ran Jinja).
FRONT_MATTER_LINES = [("---", "---"), ("----", "----"), ("--- front", "--- end"), ("---x", "---y")]


@pytest.mark.skipif(not PASSWD.is_file(), reason="no /etc/passwd to leak")
@pytest.mark.parametrize(("first", "last"), FRONT_MATTER_LINES)
def test_front_matter_is_refused_and_runs_nothing(
    tmp_path: Path, make_app: Any, first: str, last: str
) -> None:
    front = (
        f'{first}\nmyst:\n  enable_extensions: ["substitution"]\n  html_meta:\n'
        f'    "http-equiv=refresh": "0;url=https://evil.example/"\n{last}\n'
    )
    ssti = "{{ cycler.__init__.__globals__.os.popen('head -1 /etc/passwd').read() }}"
    page, built = _with(tmp_path, make_app, front, ssti)
    assert _errors(built) == [
        f"{page}:1: ERROR: front matter is refused (no per-page MyST configuration or metadata)"
        " [nq.refused]"
    ]
    html = built.html("magic")
    assert "root:x:0:0" not in html
    assert "evil.example" not in html


def test_substitutions_cannot_be_switched_on(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    stop, errors = _started(srcdir, make_app, myst_enable_extensions=["substitution"])
    assert stop.code == 2
    assert errors == [
        "ERROR: MyST substitutions are refused (Jinja templates run code at build time)"
    ]


def test_eval_rst_and_its_meta_refresh_are_refused(tmp_path: Path, make_app: Any) -> None:
    block = (
        "```{eval-rst}\n.. meta::\n   :http-equiv=refresh: 0;url=https://evil.example/\n\n"
        "`rstjs <javascript:alert(14)>`_\n```"
    )
    page, built = _with(tmp_path, make_app, "", block)
    line = line_of(page, "{eval-rst}")
    assert _errors(built) == [
        f"{page}:{line}: ERROR: {{eval-rst}} blocks are refused (no reStructuredText) [nq.refused]"
    ]
    html = built.html("magic")
    assert "<meta http-equiv" not in html
    assert 'href="javascript:' not in html


#: Options Sphinx expands before it checks them: an ``emphasize-lines`` range of
#: 100,000,000,000 lines stopped the build with a MemoryError traceback naming no page; an
#: ``hlist`` of 300,000,000 columns ate 23.7 GB before the kernel killed the build.
HUGE_OPTIONS = {
    "emphasize-lines": "```{code-block} python\n:emphasize-lines: 1-100000000000\n\nprint(1)\n```",
    "yaml": "```{code-block} python\n---\nemphasize-lines: 2, 10001\n---\nprint(1)\n```",
    "columns": "```{hlist}\n:columns: 300000000\n\n- a\n- b\n```",
}


@pytest.mark.parametrize(("option", "block"), HUGE_OPTIONS.items(), ids=HUGE_OPTIONS)
def test_an_options_number_past_any_count_is_refused_at_its_line(
    tmp_path: Path, make_app: Any, option: str, block: str
) -> None:
    page, built = _with(tmp_path, make_app, "", block)
    name = "emphasize-lines" if option == "yaml" else option
    line = line_of(page, f"{name}:")
    assert _errors(built) == [
        f"{page}:{line}: ERROR: {name} holds a number past 10,000: no table, list or code is"
        " that long [nq.refused]"
    ]


@pytest.mark.skipif(not PASSWD.is_file(), reason="no /etc/passwd to leak")
def test_each_image_of_a_run_of_refused_ones_is_refused_and_none_is_copied(
    tmp_path: Path, make_app: Any
) -> None:
    """Attacker round 20: the image after a refused one escaped the check (the tree was walked
    as refusals removed its nodes): Sphinx copied /etc/hostname into ``_images/``."""
    outside = "/" + "../" * 30 + "etc/passwd"
    blocks = [
        "```{image} ../../README.md\n:alt: a\n```",
        f"```{{figure}} {outside}\n```",
        f"![w]({outside})",
        f"```{{image}} {outside}\n:alt: b\n```",
    ]
    page, built = _with(tmp_path, make_app, "", "\n\n".join(blocks))
    errors = _errors(built)
    assert len(errors) == 4 and all("is outside docs/" in e for e in errors), errors
    lines = {int(e.split(":")[1]) for e in errors}
    assert len(lines) == 4, errors  # each at its own line
    assert not list(Path(built.app.outdir).rglob("passwd"))
    assert "root:x:0:0" not in built.html("magic")


def test_a_field_list_opening_a_page_is_refused_at_its_line(tmp_path: Path, make_app: Any) -> None:
    """Attacker round 20: ``:nosearch:`` at a page's top took it out of the search page, taken
    silently as the page's metadata (front matter is refused)."""
    srcdir = copy_root("nq", tmp_path)
    conf = srcdir / "conf.py"  # the book's MyST extensions (the root's lack field lists)
    conf.write_text(conf.read_text().replace('["colon_fence"]', '["colon_fence", "fieldlist"]'))
    page = srcdir / "magic.md"
    page.write_text(":orphan:\n:nosearch:\n\n" + page.read_text(encoding="utf-8"))
    built = build(srcdir, "en", make_app)
    assert _errors(built) == [
        f"{page}:1: ERROR: a field list opening a page is refused (no per-page metadata, such as"
        " :nosearch:) [nq.refused]"
    ]
    assert not {"orphan", "nosearch"} & set(built.app.env.metadata["magic"])


BEYOND = ["title", "meta", "header", "role", "default-role", "Title", "Default-Role"]


@pytest.mark.parametrize("name", BEYOND)
def test_a_directive_writing_beyond_the_pages_text_is_refused_at_its_line(
    tmp_path: Path, make_app: Any, name: str
) -> None:
    """``{title}`` made the French page's ``<title>`` English, untranslatable, without a word."""
    page, built = _with(tmp_path, make_app, "", f"```{{{name}}} zzqx\n```")
    line = line_of(page, f"{{{name}}}")
    assert _errors(built) == [
        f"{page}:{line}: ERROR: {{{name}}} is refused (it writes beyond the page's text)"
        " [nq.refused]"
    ]
    assert "<title>zzqx" not in built.html("magic")


HOSTILE_LINKS = {
    "javascript:alert(1)": "```{button-link} javascript:alert(1)\nGo\n```",
    "javascript:alert(2)": "```{card} A card\n:link: javascript:alert(2)\n\nText\n```",
    "data:text/html,<script>alert(3)</script>": "::::{grid}\n:::{grid-item-card} B\n"
    ":link: data:text/html,<script>alert(3)</script>\n\nText\n:::\n::::",
    "javascript:alert(13)": "```{image} _static/nq.svg\n:target: javascript:alert(13)\n```",
    "//evil.example/fig": "```{figure} _static/nq.svg\n:target: //evil.example/fig\n\nA fig\n```",
    "vbscript:msgbox(4)": "```{button-link} vbscript:msgbox(4)\nGo\n```",
    "file:///etc/passwd": "```{button-link} file:///etc/passwd\nGo\n```",
}


def test_links_that_are_not_web_links_are_refused_at_their_line(
    tmp_path: Path, make_app: Any
) -> None:
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "_static").mkdir(exist_ok=True)
    (srcdir / "_static" / "nq.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>\n')
    page = srcdir / "magic.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n\n" + "\n\n".join(HOSTILE_LINKS.values()))
    built = build(srcdir, "en", make_app)
    lines = [
        line_of(page, markup.splitlines()[2 if "grid" in markup else 0])
        for markup in HOSTILE_LINKS.values()
    ]
    found = _errors(built)
    assert len(found) == len(HOSTILE_LINKS), found
    for (uri, _), line, error in zip(HOSTILE_LINKS.items(), lines, found, strict=True):
        assert error.startswith(f"{page}:{line}: ERROR: "), (error, line)
        assert f"link {uri!r}" in error, error
    html = built.html("magic")
    for bad in ("javascript:", "data:text", "vbscript:", "file:", "//evil.example"):
        assert f'href="{bad}' not in html
        assert f'href="{bad.replace("://", ":&#47;&#47;")}' not in html


def test_icon_roles_are_refused(tmp_path: Path, make_app: Any) -> None:
    breakout = '{octicon}`alert;1em;x"></svg><script src="_static/evil.js"></script><svg y="`'
    page, built = _with(tmp_path, make_app, "", f"An icon {breakout} and {{fa}}`spider`.")
    line = line_of(page, "{octicon}")
    assert _errors(built) == [
        f"{page}:{line}: ERROR: the 'octicon' role is refused (no icons) [nq.refused]",
        f"{page}:{line}: ERROR: the 'fa' role is refused (no icons) [nq.refused]",
    ]
    html = built.html("magic")
    assert '<script src="_static/evil.js"' not in html
    assert "<svg y=" not in html


@pytest.mark.parametrize(
    "uri", ["", "#x", "glossary.html#x", "../a/b.html", "https://example.org/", "mailto:a@b.c"]
)
def test_web_and_relative_links_are_kept(uri: str) -> None:
    assert link_problem(uri) == ""


@pytest.mark.parametrize(
    "uri",
    [
        "javascript:alert(1)",
        " JavaScript:x",
        "java\nscript:x",
        "data:x",
        "//h/x",
        "\\\\h/x",
        "https:///x",
        "ftp://h/",
        "mailto:",
    ],
)
def test_other_links_are_refused(uri: str) -> None:
    assert link_problem(uri) != ""


def test_a_meta_node_is_removed_wherever_it_comes_from() -> None:
    """The net under the source checks: a ``meta`` node in a doctree never reaches the head."""
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from docutils.utils import new_document

    from nqsphinx.page_content import _check_doctree

    document = new_document("page.rst", get_default_settings(Parser))
    meta = nodes.meta(name="refresh", content="0;url=https://evil.example/")
    document += nodes.paragraph("", "", meta, nodes.reference("x", "x", refuri="javascript:x"))
    _check_doctree(document, "page")
    assert list(document.findall(nodes.meta)) == []
    assert [n["refuri"] for n in document.findall(nodes.reference)] == []
    assert document.astext() == "x"


def test_a_list_nested_past_the_parsers_limit_is_refused_at_its_line(
    tmp_path: Path, make_app: Any
) -> None:
    """markdown-it drops the rest of the page after a list twelve deep, without a word."""
    deep = "".join("  " * i + f"- level {i}\n" for i in range(12))
    after = "AFTER-MARKER this paragraph and everything below it.\n"
    page, built = _with(tmp_path, make_app, "", deep + "\n" + after)
    line = line_of(page, "- level 9")  # its text is the first markdown-it would drop
    assert _errors(built) == [
        f"{page}:{line}: ERROR: lists or quotes nested deeper than 20 levels of blocks: "
        "markdown-it drops the rest of the page from here [nq.refused]"
    ]


def test_a_list_nested_ten_deep_is_published_whole(tmp_path: Path, make_app: Any) -> None:
    deep = "".join("  " * i + f"- level {i}\n" for i in range(8))
    _, built = _with(tmp_path, make_app, "", deep + "\nAFTER-MARKER stays.\n")
    assert _errors(built) == []
    assert "AFTER-MARKER stays." in built.html("magic")


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("\u202e", "bidi control U+202E: it reorders what a reader sees"),
        ("&#x202E;", "bidi control U+202E: it reorders what a reader sees"),
        ("&#8238;", "bidi control U+202E: it reorders what a reader sees"),
        ("&rlm;", "invisible character U+200F: it hides in the text"),
        ("&ZeroWidthSpace;", "invisible character U+200B: it hides in the text"),
        ("\x1b[31m", "control character U+001B: no reader can be shown it"),
        ("\x0b", "control character U+000B: no reader can be shown it"),
        ("\u0085", "control character U+0085: no reader can be shown it"),
        ("\u2028", "invisible character U+2028: it hides in the text"),
        # attack round twenty-one: an e-book's chapter was not well-formed XML
        ("\ufffe", "noncharacter U+FFFE: no reader can show it"),
        ("&#xE000;", "private-use U+E000: no reader can show it"),
        ("\ue000", "private-use U+E000: no reader can show it"),
        ("\U000f0000", "private-use U+F0000: no reader can show it"),
    ],
)
def test_a_character_that_hides_or_reorders_in_an_english_page_is_refused_at_its_line(
    tmp_path: Path, make_app: Any, written: str, said: str
) -> None:
    """The English may not reverse, hide or break what a reader sees either (attack rounds
    seventeen and eighteen: raw or as a character reference, it was published on both sites,
    a control character made an e-book's chapter unreadable XML, and a translation could keep
    what its English has)."""
    page, built = _with(tmp_path, make_app, "", f"Thanks {written}XSSMARK reversed")
    lines = page.read_text(encoding="utf-8").split("\n")  # \x0b, \x85, U+2028: no newline
    line = next(n for n, text in enumerate(lines, 1) if "XSSMARK" in text)
    assert _errors(built) == [f"{page}:{line}: ERROR: {said} [nq.refused]"]


@pytest.mark.parametrize(
    ("text", "marker", "said"),
    [
        ("## Antidisestablishment" + "x" * 80, "Antidis", "a word of 100 letters"),
        ("A literal `" + "A" * 150 + "` here.", "A literal", "a word of 150 letters"),
        ("Digits " + "1234567890" * 15 + " here.", "Digits", "a word of 150 letters"),
        ("See https://example.com/" + "p" * 150, "See https", "a word of 150 letters"),
        ("Wide " + "Ä" * 150, "Wide", "a word of 150 letters"),
        ("Long " + "word " * 5000, "Long word", "a paragraph of 25005 characters (at most 20000)"),
    ],
)
def test_what_its_translation_would_be_refused_for_is_refused_in_the_english(
    tmp_path: Path, make_app: Any, text: str, marker: str, said: str
) -> None:
    """A word no line of the book holds ran off the English PDF's page at exit 0, and a
    paragraph past the catalogues' limit built the English site, then blocked the French one
    (attack round twenty-two): both refused at the English page's line."""
    page, built = _with(tmp_path, make_app, "", text)
    line = line_of(page, marker)
    errors = _errors(built)
    assert len(errors) == 1 and errors[0].startswith(f"{page}:{line}: ERROR: {said}"), errors


def test_directives_nested_past_twenty_are_refused_at_their_line(
    tmp_path: Path, make_app: Any
) -> None:
    """Sphinx crashed with "Recursion error!" on 200 nested notes, naming no page (attack round
    twenty-two): refused at the fence that goes past twenty, the page not parsed."""
    opened = "".join(":" * (203 - depth) + "{note}\n\n" for depth in range(200))
    closed = "".join(":" * (4 + depth) + "\n\n" for depth in range(200))
    page, built = _with(tmp_path, make_app, "", opened + "deep\n\n" + closed)
    lines = page.read_text(encoding="utf-8").splitlines()
    line = lines.index(":" * (203 - 20) + "{note}") + 1
    assert _errors(built) == [
        f"{page}:{line}: ERROR: directives nested deeper than 20 levels [nq.refused]"
    ]


def test_directives_nested_twenty_deep_are_published(tmp_path: Path, make_app: Any) -> None:
    opened = "".join(":" * (30 - depth) + "{note}\n" for depth in range(20))
    closed = "".join(":" * (11 + depth) + "\n" for depth in range(20))
    _, built = _with(tmp_path, make_app, "", opened + "DEEPMARK\n" + closed)
    assert _errors(built) == []
    assert "DEEPMARK" in built.html("magic")


def test_a_run_without_a_space_is_refused_at_its_line(tmp_path: Path, make_app: Any) -> None:
    """Attacker round 21: 15,000 brackets in an English paragraph were published, and stopped
    the PDF's build with "This can't happen (vpack)", naming no page."""
    page, built = _with(tmp_path, make_app, "", "Brackets " + "[" * 15_000 + "\n")
    line = line_of(page, "Brackets ")
    assert _errors(built) == [
        f"{page}:{line}: ERROR: a run of 15,000 characters without a space (at most 80): TeX"
        " cannot break it, and it would run off the page or stop the book's build; break it"
        " with spaces [nq.refused]"
    ]


def test_a_style_attribute_is_refused_and_not_published(tmp_path: Path, make_app: Any) -> None:
    """sphinx-design's ``{div}`` ``:style:``: the e-book, with no Content-Security-Policy, loaded
    a remote image from it and covered the page (attacker round 39)."""
    style = "position:fixed;inset:0;background:url(https://evil.example/x.png) red"
    page, built = _with(tmp_path, make_app, "", f":::{{div}}\n:style: {style}\n\nzzqx\n:::")
    line = line_of(page, "{div}")
    assert _errors(built) == [
        f"{page}:{line}: ERROR: a style attribute is refused (the theme styles every page):"
        f" {style[:60]!r} [nq.refused]"
    ]
    html = built.html("magic")
    assert "zzqx" in html and "evil.example" not in html
