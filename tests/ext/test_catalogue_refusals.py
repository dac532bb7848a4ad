"""French catalogues of the tiny rulebook that the build refuses before reading anything
(Sphinx's own words where Sphinx has them, a compiled ``sphinx.mo`` it did not make), or whose
translations no longer match their page (named at their line)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from sphinx.util.console import strip_escape_sequences
from sphinx.util.docutils import docutils_namespace

from tests.ext.conftest import build, copy_root
from tests.ext.test_refusals import MAGIC_PO, line_of, refused


def test_a_translation_whose_msgid_no_longer_matches_is_named_at_its_line(
    tmp_path: Path, make_app: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """An edited msgid (a trailing space) leaves its page in English: the entry is named."""
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    po = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(po.replace('msgid "Wounds"', 'msgid "Wounds "'), encoding="utf-8")
    line = line_of(catalogue, 'msgid "Wounds "')
    capsys.readouterr()
    built = build(srcdir, "fr", make_app)
    unused = [w for w in capsys.readouterr().err.splitlines() if "is no message" in w]
    assert unused == [
        f"{catalogue}:{line}: warning: 'Wounds ' is no message of the page magic: "
        "its translation is not used (./dev update-po)"
    ]
    assert "Cette page n’est pas encore entièrement traduite" in built.html("magic")


def test_catalogues_that_match_their_pages_name_no_entry(
    tmp_path: Path, make_app: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    build(copy_root("nq", tmp_path), "fr", make_app)
    assert "is no message" not in capsys.readouterr().err


def test_a_caption_the_print_edition_leaves_out_is_no_unused_translation(
    tmp_path: Path, make_app: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The print edition drops a toctree of editors' pages, caption and all: its translated
    caption is still a message of the page, not one that ``update-po`` would remove."""
    srcdir = copy_root("nq", tmp_path)
    index = srcdir / "index.md"
    index.write_text(
        index.read_text(encoding="utf-8") + "\n```{toctree}\n:caption: For Editors\n\nnq\n```\n",
        encoding="utf-8",
    )
    catalogue = srcdir / "locale" / "fr" / "LC_MESSAGES" / "index.po"
    catalogue.write_text(
        catalogue.read_text(encoding="utf-8")
        + '\nmsgid "For Editors"\nmsgstr "Pour les rédacteurs"\n',
        encoding="utf-8",
    )
    capsys.readouterr()
    warning = StringIO()
    app = make_app(
        "html",
        srcdir=srcdir,
        confoverrides={"language": "fr", "nq_site_url": "https://example.org/"},
        status=StringIO(),
        warning=warning,
        tags=["print"],
    )
    try:
        app.build()
    finally:
        app.cleanup()
    assert "is no message" not in capsys.readouterr().err
    assert "Pour les rédacteurs" not in (Path(app.outdir) / "index.html").read_text("utf-8")


SPHINX_PO = Path("locale") / "fr" / "LC_MESSAGES" / "sphinx.po"
BREAK_OUT = 'Lien\\"><meta/http-equiv=\\"refresh\\"/content=\\"0;url=https://evil.example/\\">'


def _sphinx_po(msgid: str, msgstr: str) -> str:
    header = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n'
    )
    return f'{header}\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n'


def test_a_sphinx_po_for_a_language_sphinx_translates_stops_the_build(
    tmp_path: Path, make_app: Any
) -> None:
    """Sphinx puts its words unescaped into HTML attributes: French takes them from Sphinx."""
    srcdir = copy_root("nq", tmp_path)
    (srcdir / SPHINX_PO).write_text(_sphinx_po("Link to this heading", BREAK_OUT), "utf-8")
    stop, errors = refused(srcdir, make_app)
    assert stop.code == 2
    assert errors[0].startswith(f"{srcdir / SPHINX_PO}:1: ERROR: Sphinx has its own catalogue")
    assert not (srcdir / "_build" / "html" / "magic.html").exists()
    # attacker round 20: the sphinx.mo Sphinx compiled from it went unnamed and stayed, and
    # the next build, the .po deleted, blamed it: it goes with its refused .po
    assert len(errors) == 1, errors
    assert not (srcdir / SPHINX_PO.with_suffix(".mo")).exists()


def test_a_compiled_sphinx_mo_from_the_repository_stops_the_build(
    tmp_path: Path, make_app: Any
) -> None:
    """A ``sphinx.mo`` with no ``.po`` would be read by Sphinx before any check could run."""
    from nqcore import po

    srcdir = copy_root("nq", tmp_path)
    catalogue = po.Catalog(locale="fr")
    catalogue.add("Link to this heading", BREAK_OUT.replace("\\", ""))
    compiled = srcdir / SPHINX_PO.with_suffix(".mo")
    compiled.write_bytes(po.compiled(catalogue))
    stop, errors = refused(srcdir, make_app)
    assert stop.code == 2
    assert errors == [
        f"{compiled}:1: ERROR: a compiled catalogue not made by the build from its checked .po "
        "(the build compiles every catalogue itself): delete this file"
    ]


@pytest.mark.parametrize(
    "kept",
    [
        "A model with no Wounds left is removed. See {nq:spell}`fireball`.",
        # Attack round twenty-five, finding 8: the English with a word or two changed.
        "A model with no wounds left is removed. Voir {nq:spell}`fireball`.",
    ],
)
def test_a_translation_left_in_english_is_warned_and_noticed(
    tmp_path: Path, make_app: Any, capsys: pytest.CaptureFixture[str], kept: str
) -> None:
    """A msgstr that is its English msgid (four words or more, no ``same-as-english`` comment),
    or that English with a word or two changed, shows English: the build names its line and
    the page says it is not fully translated."""
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    english = "A model with no Wounds left is removed. See {nq:spell}`fireball`."
    french = "Une figurine sans Blessures restantes est retirée. Voir {nq:spell}`fireball`."
    po = catalogue.read_text(encoding="utf-8").replace(f'msgstr "{french}"', f'msgstr "{kept}"')
    catalogue.write_text(po, encoding="utf-8")
    line = line_of(catalogue, f'msgid "{english}"')
    capsys.readouterr()
    built = build(srcdir, "fr", make_app)
    left = [w for w in capsys.readouterr().err.splitlines() if "left as their English" in w]
    assert [w.split(": warning:")[0] for w in left] == [str(catalogue)]
    assert f"(lines {line})" in left[0]
    assert "Cette page n’est pas encore entièrement traduite" in built.html("magic")


@pytest.mark.parametrize("left", ["english", "untranslated"])
def test_a_paragraph_shown_in_english_is_marked_english(
    tmp_path: Path, make_app: Any, left: str
) -> None:
    """A French page's paragraph left in English (its msgstr its English, or empty) is marked
    ``lang="en"``: a screen reader reads it in English, not with French sounds."""
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    english = "A model with no Wounds left is removed. See {nq:spell}`fireball`."
    french = "Une figurine sans Blessures restantes est retirée. Voir {nq:spell}`fireball`."
    shown = english if left == "english" else ""
    po = catalogue.read_text(encoding="utf-8").replace(f'msgstr "{french}"', f'msgstr "{shown}"')
    catalogue.write_text(po, encoding="utf-8")
    html = build(srcdir, "fr", make_app).html("magic")
    assert '<p lang="en">A model with no' in html, html
    assert '<p lang="en">' not in html.replace('<p lang="en">A model with no', "")


def _without_entry(catalogue: Path, msgid: str) -> None:
    """``catalogue`` with the entry of ``msgid`` deleted, as a translator's editor would."""
    po = catalogue.read_text(encoding="utf-8")
    entry = next(block for block in po.split("\n\n") if block.startswith(f'msgid "{msgid}"'))
    catalogue.write_text(po.replace(f"\n\n{entry}", ""), encoding="utf-8")


@pytest.mark.parametrize("builder", ["html", "latex"])
def test_a_message_with_no_entry_is_warned_where_its_entry_would_go(
    tmp_path: Path, make_app: Any, capsys: pytest.CaptureFixture[str], builder: str
) -> None:
    """An entry deleted from a page's catalogue leaves its English on the French page (the
    PDF has no notice at all): warned as an empty msgstr is, naming the page's line and where
    in the catalogue the entry goes (before the entry of the page's next message)."""
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    gone = "A model with no Wounds left is removed. See {nq:spell}`fireball`."
    _without_entry(catalogue, gone)
    line = line_of(catalogue, 'msgid "A human archer')  # the entry of the page's next message
    source = line_of(srcdir / "magic.md", "A model with no Wounds left")
    capsys.readouterr()
    app = make_app(
        builder,
        srcdir=srcdir,
        confoverrides={"language": "fr", "nq_site_url": "https://example.org/"},
        status=StringIO(),
        warning=StringIO(),
        tags=["print"] if builder == "latex" else [],
    )
    try:
        app.build()
    finally:
        app.cleanup()
    warned = [w for w in capsys.readouterr().err.splitlines() if "untranslated" in w]
    assert warned == [
        f"{catalogue}: warning: 1 untranslated message(s), shown in English (no entry, due at"
        f" line {line}: {srcdir / 'magic.md'}:{source} {gone[:40]!r}): ./dev update-po adds it"
    ]


def test_a_catalogue_with_every_entry_warns_of_no_untranslated_message(
    tmp_path: Path, make_app: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    build(copy_root("nq", tmp_path), "fr", make_app)
    assert "untranslated" not in capsys.readouterr().err


def test_a_tab_after_a_keyword_is_named_at_its_line_only(
    tmp_path: Path,
    make_app: Any,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """GNU reads ``msgstr<TAB>"..."``, Babel does not: the build stops at the faulty line, and
    nothing reads the catalogue with Babel first, whose warnings name the line before it."""
    from sphinx.util.console import strip_escape_sequences
    from sphinx.util.docutils import docutils_namespace

    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    catalogue.write_text(
        catalogue.read_text(encoding="utf-8").replace('msgstr "Blessures"', 'msgstr\t"Blessures"'),
        encoding="utf-8",
    )
    line = line_of(catalogue, 'msgstr\t"Blessures"')
    catalogue.with_suffix(".mo").write_bytes(b"")  # an earlier build's, compiled again
    warning = StringIO()
    with docutils_namespace(), pytest.raises(SystemExit):
        make_app("html", srcdir=srcdir, confoverrides={"language": "fr"}, warning=warning)
    printed = capsys.readouterr()  # Babel prints its warnings to the standard output
    said = strip_escape_sequences(warning.getvalue()) + printed.out + printed.err + caplog.text
    assert f"{catalogue}:{line}: ERROR: msgstr followed by U+0009" in said
    assert "Problem on line" not in said and "misformatted" not in said, said


def test_a_result_format_the_translation_breaks_is_named_at_its_catalogue_line(
    tmp_path: Path, make_app: Any
) -> None:
    """The refusal quotes the msgstr as the catalogue has it (MyST would read its underscores
    as emphasis) and names the catalogue's line, where the translator mends it."""
    srcdir = copy_root("nq", tmp_path)
    catalogue = srcdir / MAGIC_PO
    hostile = "{0.__class__.__mro__} ou moins"
    catalogue.write_text(
        catalogue.read_text(encoding="utf-8").replace('"{} ou moins"', f'"{hostile}"'),
        encoding="utf-8",
    )
    line = line_of(catalogue, hostile)
    built = build(srcdir, "fr", make_app)
    [warned] = [w for w in built.warnings.splitlines() if "the example's result" in w]
    assert warned.startswith(f"{catalogue}:{line}: WARNING: "), warned
    assert f"(it has {hostile!r})" in warned, warned


def _english_build_stops(make_app: Any, srcdir: Path) -> list[str]:
    """The errors the English build of ``srcdir`` names as it stops, with exit status 2."""
    warning = StringIO()
    with docutils_namespace(), pytest.raises(SystemExit) as stop:
        make_app("html", srcdir=srcdir, confoverrides={"language": "en"}, warning=warning)
    assert stop.value.code == 2
    lines = strip_escape_sequences(warning.getvalue()).splitlines()
    return [line for line in lines if "ERROR" in line]


@pytest.mark.parametrize("suffix", [".po", ".mo"])
def test_a_catalogue_for_english_stops_the_english_build(
    tmp_path: Path, make_app: Any, suffix: str
) -> None:
    """A page catalogue for ``en``, written or only compiled, would translate the English pages
    with no check at all (attack round seventeen: a link to another origin published on the
    English site, its archive and its e-book): the English build refuses it, naming it."""
    from nqcore import po

    srcdir = copy_root("nq", tmp_path)
    french = (srcdir / MAGIC_PO).read_text(encoding="utf-8")
    hostile = srcdir / "locale" / "en" / "LC_MESSAGES" / f"magic{suffix}"
    hostile.parent.mkdir(parents=True)
    if suffix == ".po":
        hostile.write_text(french.replace("Language: fr", "Language: en"), encoding="utf-8")
    else:
        hostile.write_bytes(po.compiled(po.read(french, locale="fr", strict=False)))
    errors = _english_build_stops(make_app, srcdir)
    assert errors == [
        f"{hostile}:1: ERROR: a catalogue for English, the language of the sources, which is "
        "never translated: delete this file"
    ]
    assert not (srcdir / "_build" / "html" / "magic.html").exists()


def test_the_english_build_checks_the_other_languages_words_it_publishes(
    tmp_path: Path, make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The English site publishes every language's book profile names (the army builder names a
    file's entries with them), the start page and the offline page their extension words: a
    French engine catalogue the French build refuses stops the English build too, at its line
    (attack round twenty: `</script>` in « Guerrier squelette » was published on the English
    page, escaped)."""
    srcdir = copy_root("nq", tmp_path)
    extra = tmp_path / "extra"
    hostile = extra / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"
    hostile.parent.mkdir(parents=True)
    hostile.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "Skeleton Warrior"\nmsgstr "Guerrier squelette </script>"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("NQ_LOCALE_PATH", str(extra))
    errors = _english_build_stops(make_app, srcdir)
    assert errors == [f"{hostile}:7: ERROR: msgstr adds 'HTML </script>', not in its msgid"]


def test_a_message_without_a_line_of_its_own_is_named_at_its_parent_s() -> None:
    """Attacker round eighteen: ``docs/credits.md:0``; a node without a line is named at its
    nearest ancestor's, and at line 1 where none has one, never 0."""
    from docutils import nodes

    from nqsphinx.languages.translation_notice import line_of

    section = nodes.section()
    section.line = 12
    paragraph = nodes.paragraph(text="Credits")
    section += paragraph
    assert paragraph.line is None and line_of(paragraph) == 12
    assert line_of(nodes.paragraph(text="alone")) == 1


def test_sphinx_s_mo_compiled_a_minute_apart_is_still_its_own() -> None:
    """CI: Sphinx compiled the refused ``sphinx.po`` at one minute and the check at the next; the
    dates differ, the ``.mo`` is still Sphinx's (and goes with its .po); another msgstr is not."""
    from datetime import UTC, datetime

    from nqcore import po
    from nqsphinx.untrusted import _same_compiled

    def compiled(msgstr: str, minute: int) -> bytes:
        catalogue = po.read(_sphinx_po("Link to this heading", msgstr), locale="fr", strict=False)
        catalogue.creation_date = datetime(2026, 12, 4, 12, minute, tzinfo=UTC)
        return po.compiled(catalogue)

    assert compiled("Lien", 59) != compiled("Lien", 58)
    assert _same_compiled(compiled("Lien", 59), compiled("Lien", 58))
    assert not _same_compiled(compiled("Lien", 59), compiled("Lieu", 59))


def test_a_dropdown_title_and_a_tab_label_are_named_at_their_own_lines(tmp_path: Path) -> None:
    """sphinx-design gives a dropdown's title and a tab's label line 0, under a container at
    the directive's line or none (the tab set's): both were warned at the page's line 1
    (attacker round 30); each is found in the page from its ancestor's line on."""
    from docutils import nodes

    from nqsphinx.languages.translation_notice import line_of

    page = tmp_path / "page.md"
    page.write_text(
        "# T\n\nDropdown title words\n\n```{dropdown} Dropdown title words\nbody\n```\n\n"
        "::::{tab-set}\n:::{tab-item} Tab label words\ntext\n:::\n::::\n",
        encoding="utf-8",
    )
    dropdown = nodes.container(source=str(page))
    dropdown.source, dropdown.line = str(page), 5
    title = nodes.rubric("Dropdown title words", "Dropdown title words")
    title.source, title.line = str(page), 0
    dropdown += title
    tab_set = nodes.container()
    tab_set.source, tab_set.line = str(page), 9
    tab = nodes.container()
    label = nodes.rubric("Tab label words", "Tab label words")
    label.source, label.line = str(page), 0
    tab += label
    tab_set += tab
    assert (line_of(title), line_of(label)) == (5, 10)
    body = nodes.paragraph("body", "body")
    body.line = 6
    assert line_of(body) == 6
