"""Catalogues, sources and TeX runs cannot publish a file, run a script or fetch anything.

The build-level faults (a hostile message really stops ``make html-fr``) are in tests/faults/;
here each rule is checked on its own, quickly.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nqcore import po
from nqprint.tex_sandbox import sandboxed_env
from nqsphinx.directives.examples import unclosed_fence
from nqsphinx.untrusted import image_problem
from nqtranslate import guard as catalogue_guard
from nqtranslate.guard import Finding, check_catalogue, page_warnings, refused_markup

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


@pytest.mark.parametrize(
    ("msgstr", "refused"),
    [
        ("```{include} ../../../etc/passwd\n```", ["directive {include}"]),
        ("```{eval-rst}\n.. raw:: html\n```", ["directive {eval-rst}"]),
        (":::{raw} html\n<b>x</b>\n:::", ["directive {raw}"]),
        ("Voir <script>alert(1)</script>", ["HTML </script>", "HTML <script>"]),
        (
            '<iframe src="https://x.example"></iframe>',
            ['HTML <iframe src="https://x.example"></iframe>'],
        ),
        ("{raw-latex}`\\input{/etc/passwd}`", ["role {raw-latex} -> \\input{/etc/passwd}"]),
        ("[ici](https://evil.example)", ["link -> https://evil.example"]),
        ("<https://evil.example>", ["link -> https://evil.example"]),
        ("![](https://evil.example/a.png)", ["image https://evil.example/a.png"]),
        ("{ref}`ailleurs <victory-conditions>`", ["role {ref} -> victory-conditions"]),
        ("(evil)=\n# Titre", ["target evil"]),
    ],
)
def test_markup_the_english_lacks_is_refused(msgstr: str, refused: list[str]) -> None:
    assert refused_markup("Cast a spell, see {ref}`magic <magic>`.", msgstr) == refused


def test_the_markup_of_the_english_is_kept_freely() -> None:
    msgid = "See {ref}`Casting <casting-a-spell>` and [the book](https://nq.example) **now**."
    msgstr = (
        "Voir **maintenant** [le livre](https://nq.example) et {ref}`lancer <casting-a-spell>`."
    )
    assert refused_markup(msgid, msgstr) == []


def test_a_translation_keeps_the_placeholders_of_its_english(tmp_path: Path) -> None:
    body = (
        'msgid "Has upkeep {upkeep}, see {ref}`magic <magic>`."\n'
        'msgstr "Coût de maintien de 6, voir {ref}`magie <magic>`."\n\n'
        'msgid "Range {range}"\nmsgstr "Portée {portee}"\n'
    )
    assert [(f.line, f.what) for f in check_catalogue(_po(tmp_path, body, "nqcore.po"))] == [
        (5, "msgstr drops the placeholder {upkeep}"),
        (8, "msgstr drops the placeholder {range}"),
        (8, "msgstr adds the placeholder {portee}, not in its msgid"),
    ]


def test_every_catalogue_of_the_project_passes() -> None:
    catalogues = catalogue_guard.catalogues("fr")
    assert len(catalogues) >= 35
    assert catalogue_guard.verify("fr") == []


def _po(tmp_path: Path, body: str, name: str = "page.po") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_a_hostile_translation_is_named_with_file_and_line(tmp_path: Path) -> None:
    path = _po(tmp_path, 'msgid "Hello"\nmsgstr "Bonjour"\n\nmsgid "Cast"\nmsgstr "<script>x"\n')
    assert [str(f).split(": ", 1)[1] for f in check_catalogue(path)] == [
        "msgstr adds 'HTML <script>x', not in its msgid"
    ]
    assert check_catalogue(path)[0].line == 8


@pytest.mark.parametrize(
    ("msgstr", "said"),
    [
        ("<img/src/onerror=alert(1)>", "msgstr adds '<i', the opening of an HTML tag"),
        ("Lancer <!-- x", "msgstr adds '<!', the opening of an HTML tag"),
        ("Lancer si CO < 5", ""),
    ],
)
def test_a_tag_markdown_leaves_as_text_is_refused_too(
    tmp_path: Path, msgstr: str, said: str
) -> None:
    """Attacker round eighteen: ``<img/src/onerror=...>`` is no HTML to Markdown, so it was
    published escaped, shown to readers; any tag opener the English lacks is refused."""
    path = _po(tmp_path, f'msgid "Cast"\nmsgstr "{msgstr}"\n', "nqcore.po")
    found = [str(f).split(": ", 1)[1] for f in check_catalogue(path)]
    assert found[0].startswith(said) if said else found == [], found


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize(
    ("body", "line", "what"),
    [
        ('msgid "a"\nmsgstr "b\n', 6, "not a keyword and one quoted string: 'msgstr \"b'"),
        ('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', 8, "msgid 'a' twice (first at"),
    ],
)
def test_a_catalogue_that_does_not_parse_is_named_with_its_line(
    tmp_path: Path, body: str, line: int, what: str
) -> None:
    findings = check_catalogue(_po(tmp_path, body))
    assert findings and findings[0].line == line and what in findings[0].what


def test_a_byte_order_mark_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bom.po"
    path.write_bytes(b"\xef\xbb\xbf" + HEADER.encode())
    assert check_catalogue(path) == [
        Finding(path, 1, "starts with a byte order mark (save it as UTF-8 without BOM)")
    ]


def test_missing_empty_and_fuzzy_page_catalogues_are_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "empty.po").write_text("\n", encoding="utf-8")
    (folder / "fuzzy.po").write_text(
        '#\nmsgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#, fuzzy\nmsgid "Hello"\nmsgstr "Bonjour"\n\nmsgid "Bye"\nmsgstr "Salut"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogue_guard, "PAGE_LOCALE", tmp_path)
    warnings = page_warnings("fr", ["missing", "empty", "fuzzy"])
    assert [w.split(": warning: ")[1].split(":")[0] for w in warnings] == [
        "empty",
        "1 fuzzy message(s), shown in English (lines 6)",  # its msgid's line
        "missing",
    ]
    assert all(w.startswith(str(folder)) for w in warnings)


@pytest.mark.parametrize(
    ("uri", "refused"),
    [
        ("/_static/diagrams/pushback-1.svg", ""),
        ("diagrams/x.svg", ""),
        ("https://example.invalid/x.png", "remote images are refused"),
        ("//example.invalid/x.png", "remote images are refused"),
        ("data:image/png;base64,AAAA", "remote images are refused"),
        ("../../etc/x.png", "outside docs/"),
        ("/../../etc/x.png", "outside docs/"),
    ],
)
def test_images_are_files_of_the_sources(uri: str, refused: str, tmp_path: Path) -> None:
    problem = image_problem(uri, "magic", tmp_path)
    assert (refused in problem) if refused else problem == ""


@pytest.mark.parametrize(
    ("lines", "unclosed"),
    [
        (["text", "```{doctest}", ">>> 1", "1", "```", "more"], None),
        (["text", "```{doctest}", ">>> 1", "1", "more"], 1),
        (["````{x}", "```", "````"], None),
        ([":::{note}", "```{doctest}", ">>> 1", "```", ":::"], None),
        ([":::{note}", "```", "x", ":::"], 0),
        (["~~~", "```", "~~~~"], None),
    ],
)
def test_an_unclosed_fence_is_found(lines: list[str], unclosed: int | None) -> None:
    assert unclosed_fence(lines) == unclosed


@pytest.mark.skipif(shutil.which("xelatex") is None, reason="TeX Live is not installed")
def test_tex_reads_no_file_outside_its_folder(tmp_path: Path) -> None:
    outside = tmp_path / "secret.tex"
    outside.write_text("SECRET-TEXT-OUTSIDE\n", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    source = (
        r"\documentclass{article}\begin{document}"
        rf"\input{{{outside}}}\immediate\write18{{touch pwned}}x\end{{document}}"
    )
    (work / "t.tex").write_text(source, encoding="utf-8")
    command = ["xelatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "t.tex"]
    result = subprocess.run(
        command, cwd=work, env=sandboxed_env(), capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    assert "SECRET-TEXT-OUTSIDE" not in result.stdout
    assert not (work / "t.pdf").exists() and not (work / "pwned").exists()


def test_only_the_catalogues_changed_since_the_last_clean_check_are_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nqsphinx import untrusted

    good = _po(tmp_path, 'msgid "Hello"\nmsgstr "Bonjour"\n')
    bad = good.with_name("bad.po")
    bad.write_text(HEADER + 'msgid "Cast"\nmsgstr "<script>x"\n', encoding="utf-8")
    monkeypatch.setattr(catalogue_guard, "catalogues", lambda lang, page_locale: [good, bad])
    checked: list[Path] = []
    check = catalogue_guard.check_catalogue
    monkeypatch.setattr(
        catalogue_guard, "check_catalogue", lambda path: checked.append(path) or check(path)
    )
    record = tmp_path / "doctrees" / untrusted.CHECKED_FILE
    assert [f.path for f in untrusted._verify("fr", record)] == [bad]
    assert [f.path for f in untrusted._verify("fr", record)] == [bad]  # found again
    assert checked == [good, bad, bad]  # the clean one is not read again
    good.write_text(HEADER + 'msgid "Hello"\nmsgstr "<b>x</b>"\n', encoding="utf-8")
    assert list(dict.fromkeys(f.path for f in untrusted._verify("fr", record))) == [good, bad]


def test_plain_messages_carry_no_markup_the_guard_would_refuse() -> None:
    from nqsphinx.upstream.patches import plain_text

    root = Path(__file__).resolve().parents[1]
    plain = 0
    for path in sorted((root / "locale").rglob("*.po")):
        for entry in po.messages(po.read(path.read_bytes()), obsolete=True):
            if entry.string and plain_text(entry.string):
                plain += 1
                assert not catalogue_guard.markup(entry.string), (path.name, entry.string)
    assert plain > 1000
    assert refused_markup("Move", "Bouger") == []
    assert refused_markup("Move", "Bouger <b>vite</b>") == ["HTML </b>", "HTML <b>"]


def test_a_theme_word_is_text_in_an_element_and_in_an_attribute() -> None:
    from nqsphinx.languages.theme_text import escaped_translation
    from nqtranslate.html_words import added_html_characters

    hostile = 'Langue"><meta/http-equiv="refresh" content="0;url=https://evil.example/">'
    assert escaped_translation("Language", hostile) == (
        "Langue&#34;&gt;&lt;meta/http-equiv=&#34;refresh&#34; "
        "content=&#34;0;url=https://evil.example/&#34;&gt;"
    )
    assert escaped_translation("Don't & <stop>", "N'arrête pas &amp;") == (
        "N&#39;arrête pas &amp;amp;"
    )
    copyright = '<a href="%(path)s">Copyright</a> &#169; %(copyright)s'
    assert escaped_translation(copyright, '<a href="%(path)s">Droits</a> &#169; <b>x</b>') == (
        '<a href="%(path)s">Droits</a> &#169; &lt;b&gt;x&lt;/b&gt;'
    )
    assert added_html_characters("Language", hostile) == ["<", ">", '"']
    assert added_html_characters('Range 12"', 'Portée 12"') == []


def test_a_compiled_catalogue_is_what_its_checked_po_gives_before_a_translated_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``.mo`` newer than its ``.po`` would be used unchecked (a header-only one: the page in
    English): each of the language is made what its ``.po`` compiles to, or deleted."""
    import gettext
    from types import SimpleNamespace

    from nqsphinx import untrusted

    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    (folder / "sub").mkdir(parents=True)
    (folder / "credits.po").write_text(HEADER + 'msgid "Hello"\nmsgstr "Bonjour"\n', "utf-8")
    for name in ("credits.mo", "sub/x.mo"):
        (folder / name).write_bytes(b"x")
    other = tmp_path / "locale" / "de" / "LC_MESSAGES"
    other.mkdir(parents=True)
    (other / "credits.mo").write_bytes(b"x")
    monkeypatch.setattr(untrusted, "_stop_on_bad_catalogues", lambda *_: None)
    monkeypatch.setattr(catalogue_guard, "page_warnings", lambda *_: [])
    config = SimpleNamespace(language="fr", locale_dirs=["locale"])
    app = SimpleNamespace(config=config, srcdir=str(tmp_path), doctreedir=str(tmp_path / "d"))
    untrusted.check_catalogues(app)  # type: ignore[arg-type]
    assert sorted(p.name for p in folder.rglob("*")) == ["credits.mo", "credits.po", "sub"]
    with (folder / "credits.mo").open("rb") as handle:  # as Sphinx reads it
        assert gettext.GNUTranslations(handle).gettext("Hello") == "Bonjour"
    assert (other / "credits.mo").read_bytes() == b"x"  # another language's build: not this one's


@pytest.mark.parametrize(
    ("msgid", "msgstr", "refused"),
    [
        ("Link to this heading", 'Lien"><meta/http-equiv="refresh">', '\'"""<>>\''),
        ("continues on next page", "suite ^^5cspecial^^7bpdf^^7d", "'^^^^^^'"),
        ("continues on next page", "suite \\input language.dat", "'\\\\'"),
        ("Search within %(docstitle)s", "Chercher dans %(docstitle)s %(x)s", "placeholder"),
        ("%s 'x'", "%s 'x' ' ", '"\'"'),
    ],
)
def test_sphinx_words_are_plain_text(msgid: str, msgstr: str, refused: str) -> None:
    from nqtranslate.sphinx_words import sphinx_word_problems

    problems = sphinx_word_problems(msgid, msgstr)
    assert problems and refused in problems[0]


def test_sphinx_words_keep_their_placeholders_and_plain_text() -> None:
    from nqtranslate.sphinx_words import sphinx_word_problems

    # Breton writes c'h: refused with the apostrophe a translator can use instead, which passes
    [refused] = sphinx_word_problems("Contents", "Disoc'hoù")
    assert refused.endswith("(write an apostrophe as ’, U+2019)")
    assert sphinx_word_problems("Contents", "Disoc’hoù") == []

    assert sphinx_word_problems("Search within %(docstitle)s", "Chercher dans %(docstitle)s") == []
    assert sphinx_word_problems("%s 'x' 100%%", "%s ‘x’ 'y' 100 %%") == []
    assert sphinx_word_problems("Link to {0}", "Lien vers {0} : « ici »") == []


def test_a_hostile_sphinx_po_is_named_by_the_guard(tmp_path: Path) -> None:
    path = tmp_path / "sphinx.po"
    path.write_text(HEADER + 'msgid "Link to this term"\nmsgstr "Lien\\" onmouseover=\\"x"\n')
    [finding] = check_catalogue(path)
    assert finding.line == HEADER.count("\n") + 1
    assert "Sphinx puts its own words unescaped" in finding.what


def test_the_guards_digest_covers_every_module_of_the_engines_checks() -> None:
    """A check changed in a module the digest left out would not check again the catalogues
    passed before it (the header's check, ``nqcore/catalogue_header.py``)."""
    import nqcore.catalogue_check as checks
    from nqsphinx.untrusted import GUARD_MODULES

    modules = {getattr(value, "__module__", "") for value in vars(checks).values()}
    paths = {f"{m.replace('.', '/')}.py" for m in modules if m.startswith("nqcore.")}
    assert paths and paths <= set(GUARD_MODULES), sorted(paths - set(GUARD_MODULES))


def test_a_failed_book_build_leaves_no_pass_for_the_next(tmp_path: Path) -> None:
    """Attacker round 22: a hostile index entry stayed in ``noquarter.ind`` after xelatex
    crashed, and crashed every later build of the reverted sources."""
    from unittest import mock

    from nqprint import tex_sandbox

    kept = ["noquarter.tex", "sphinx.sty", "Makefile"]
    passes = ["noquarter.aux", "noquarter.ind", "noquarter.idx", "noquarter.toc"]
    for name in kept + passes:
        (tmp_path / name).write_text("x", encoding="utf-8")
    failed = mock.Mock(returncode=12, stdout="", stderr="Segmentation fault\n")
    with mock.patch.object(tex_sandbox, "compile_sphinx_latex", return_value=failed):
        assert tex_sandbox.main([str(tmp_path)]) == 12
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kept)


def test_a_line_run_off_the_page_fails_the_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attacker round 23: 40 wide letters in a chapter's title ran 212 pt off the page, xelatex
    logging it and every check passing; the books have no such line."""
    from unittest import mock

    from nqprint import tex_sandbox

    (tmp_path / "noquarter.log").write_text(
        "Overfull \\hbox (3.2pt too wide) in paragraph at lines 10--11\n"
        "Overfull \\hbox (212.31656pt too wide) in paragraph at lines 632--634\n",
        encoding="utf-8",
    )
    built = mock.Mock(returncode=0, stdout="", stderr="")
    with mock.patch.object(tex_sandbox, "compile_sphinx_latex", return_value=built):
        assert tex_sandbox.main([str(tmp_path)]) == 1
    said = capsys.readouterr().err
    assert f"{tmp_path / 'noquarter.tex'}:632: a line runs 212 pt past the text's edge" in said
    assert ":10:" not in said


def test_a_line_past_the_edge_is_quoted_with_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attacker round 24, F1-F2: the refusal named a generated line alone (``\\loop``), not the
    text nor where a translator wrote it; five lines at most, with no count of the rest; a card
    tried at each size named five times."""
    from unittest import mock

    from nqprint import tex_sandbox

    run = "MMMMMMMMMMMMMMMMMMMMMMMMMMMMM.MMMMMMMMMM"
    project = tmp_path / "project"
    catalogue = project / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"
    catalogue.parent.mkdir(parents=True)
    catalogue.write_text(f'msgid "Fireball"\nmsgstr ""\n"Une boule de feu {run}"\n')
    monkeypatch.setattr(tex_sandbox, "ROOT", project)
    book = tmp_path / "book"
    book.mkdir()
    boxes = [
        f"Overfull \\hbox ({pt}pt too wide) in paragraph at lines 37001--37001\n"
        f"[]\\TU/FreeSerif(0)/m/n/10.95 Une boule de feu {run[:5]}\n{run[5:]}\n\n"
        for pt in (253, 236, 219)
    ]
    boxes += [
        f"Overfull \\hbox (30pt too wide) in paragraph at lines {n}--{n}\n[]\\TU/X(0) W\n\n"
        for n in range(100, 125)
    ]
    (book / "noquarter.log").write_text("".join(boxes), encoding="utf-8")
    built = mock.Mock(returncode=0, stdout="", stderr="")
    with mock.patch.object(tex_sandbox, "compile_sphinx_latex", return_value=built):
        assert tex_sandbox.main([str(book)]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0].startswith(f"error: {book / 'noquarter.tex'}:37001: a line runs 253 pt")
    where = "nqcore/locale/fr/LC_MESSAGES/nqcore.po:3"
    assert f"“Une boule de feu {run}” (written at {where})" in said[0], said[0]
    assert sum(":37001:" in line for line in said) == 1  # once, at its widest
    assert len(said) == tex_sandbox.MOST_NAMED + 1
    assert said[-1] == "error: and 6 more such lines"
    # a title quoted inside a sentence's parentheses (attacker round 25: not found)
    assert tex_sandbox._written_at(f"Où : Modificateurs (Une boule de feu {run},") == where
