"""Control characters (raw), bidi controls a translation adds, and escapes beyond ``\\n \\t \\"
\\\\`` (octal ``\\033``, hex ``\\x1b``, ``\\a``: msgfmt reads them as the character, Babel and
polib as their letters) are refused in every catalogue, at its file and line, by the one check
every reader goes through (:func:`nqcore.catalogue_check.character_problem`): the build's guard,
tidy-po, the engine's reader, and ``nq``, which exits 2 with one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqcore import catalogue_loading, i18n
from nqcore.cli.commands import main as nq
from nqtranslate import tidy
from nqtranslate.catalogue import CatalogueError
from nqtranslate.guard import check_catalogue

HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)
CAST = "Casting a level {level} spell at wizardry level {wizardry}"
#: The msgstr of line 7, as the file writes it, and the reason its refusal starts with.
REFUSED = [
    ("Lancer \x1b[31m{level} {wizardry}", "control character U+001B"),
    ("Lancer \x07{level} {wizardry}", "control character U+0007"),
    ("Lancer \x7f{level} {wizardry}", "control character U+007F"),
    ("Lancer \x85{level} {wizardry}", "control character U+0085"),
    ("Lancer \x9b31m{level} {wizardry}", "control character U+009B"),
    ("Lancer \u202e{level} {wizardry}", "bidi control U+202E"),
    ("Lancer \u2066{level}\u2069 {wizardry}", "bidi control U+2066"),
    ("Lancer \\033[31m{level} {wizardry}", "escape \\033"),
    ("Lancer \\x1b[31m{level} {wizardry}", "escape \\x1b"),
    ("Lancer \\a{level} {wizardry}", "escape \\a"),
    ("Lancer \\r{level} {wizardry}", "escape \\r"),
    ("Lancer \\u202e{level} {wizardry}", "escape \\u202e"),
    ("Lancer \\0{level} {wizardry}", "escape \\0"),
]


def _catalogue(folder: Path, name: str, msgstr: str) -> Path:
    path = folder / f"{name}.po"
    path.write_text(HEADER + f'msgid "{CAST}"\nmsgstr "{msgstr}"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize(("msgstr", "said"), REFUSED)
def test_the_guard_and_tidy_refuse_them_at_their_line(
    tmp_path: Path, msgstr: str, said: str
) -> None:
    for name in ("nqcore", "nqsphinx", "magic"):  # the engine's, the extension's, a page's
        path = _catalogue(tmp_path, name, msgstr)
        assert [(f.line, f.what.startswith(said)) for f in check_catalogue(path)] == [(7, True)]
        with pytest.raises(CatalogueError, match=rf"^{path}:7: "):
            tidy.tidy(path)


@pytest.mark.parametrize(("msgstr", "said"), REFUSED)
def test_the_engine_reads_no_message_of_such_a_catalogue(
    tmp_path: Path, msgstr: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _catalogue(tmp_path, "nqcore", msgstr)
    catalogue_loading.load_po.cache_clear()
    assert catalogue_loading.load_po(path) == {}
    warning = capsys.readouterr().err
    assert warning.startswith(f"{path}:7: warning: {said}"), warning


@pytest.mark.parametrize(("msgstr", "said"), REFUSED)
def test_nq_refuses_to_answer_in_one_line_naming_file_and_line(
    tmp_path: Path,
    msgstr: str,
    said: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = _catalogue(tmp_path, "nqcore", msgstr)
    monkeypatch.setattr(i18n, "find_catalogue", lambda *_: path)
    catalogue_loading.load_po.cache_clear()
    try:
        assert nq(["--lang", "fr", "cast", "--spell", "fireball", "--wizardry", "3"]) == 2
    finally:
        catalogue_loading.load_po.cache_clear()
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"nq: {path}:7: {said}") and len(err.splitlines()) == 1, err
    assert "\x1b" not in err and "\u202e" not in err and "Traceback" not in err
    assert nq(["cast", "--spell", "fireball", "--wizardry", "3"]) == 0  # English needs none


@pytest.mark.parametrize(
    "body",
    [
        # an escaped backslash, then 033; a tab its English has (one it lacks is refused)
        'msgid "a \\\\033 b \\t"\nmsgstr "a \\\\033 b \\" \\t"\n',
        'msgid "a \u2067b\u2069"\nmsgstr "a \u2067b\u2069"\n',  # the bidi control of its English
        '# a comment \\x1b is never read\nmsgid "a"\nmsgstr "b"\n',
        'msgid "a"\nmsgid_plural "as \u2066x\u2069"\nmsgstr[0] "b"\nmsgstr[1] "bs \u2066x\u2069"\n',
    ],
)
def test_what_every_reader_reads_alike_passes(tmp_path: Path, body: str) -> None:
    path = tmp_path / "nqcore.po"  # the engine's: a page's catalogue has no plural forms
    path.write_text(HEADER + body, encoding="utf-8")
    assert check_catalogue(path) == []
    catalogue_loading.load_po.cache_clear()
    assert catalogue_loading.load_po(path)


def test_an_obsolete_message_and_a_context_are_checked_too(tmp_path: Path) -> None:
    for body, line, said in [
        ('#~ msgid "a"\n#~ msgstr "b\\x41"\n', 7, "escape \\x41"),
        ('msgctxt "x\u202e"\nmsgid "a"\nmsgstr "b"\n', 6, "bidi control U+202E"),
        ('msgid "a"\nmsgstr ""\n"b \u202e"\n', 8, "bidi control U+202E"),
    ]:
        path = tmp_path / "nqcore.po"
        path.write_text(HEADER + body, encoding="utf-8")
        assert [(f.line, f.what.startswith(said)) for f in check_catalogue(path)] == [(line, True)]


#: What the build's guard refused but the engine read (a header field twice, a msgstr of an
#: obsolete ``#~ msgid``, plural forms of a message without plural, the header twice): the
#: engine's reader (and nq) refuses them too.  The line, and the reason its refusal starts with.
ENGINE_REFUSED = {
    '"Content-Type: text/plain; charset=ISO-8859-1\\n"\n\nmsgid "Light"\nmsgstr "Légère"\n': (
        1,
        "the header names content-type twice",
    ),
    '"Plural-Forms: nplurals=1; plural=0;\\n"\n\nmsgid "Light"\nmsgstr "Légère"\n': (
        1,
        "the header names plural-forms twice",
    ),
    '\n#~ msgid "Light"\nmsgstr "Lourde"\n': (7, "msgstr without its msgid"),
    '\nmsgid "Light"\nmsgstr[0] "Légère"\n': (7, "msgstr[0] of a message without msgid_plural"),
    '\nmsgid "Light"\nmsgstr "Légère"\nmsgstr[1] "Lourde"\n': (8, "msgstr[1] of a message"),
    '\nmsgid "a"\nmsgid_plural "as"\nmsgstr "b"\n': (8, "msgstr of a message with plural"),
    '\n#, fuzzy\nmsgid ""\nmsgstr "Language: de\\n"\n\nmsgid "Light"\nmsgstr "Légère"\n': (
        7,
        "msgid '' twice",
    ),
}


@pytest.mark.parametrize("body", sorted(ENGINE_REFUSED))
def test_what_readers_read_differently_the_engine_refuses_too(
    tmp_path: Path, body: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    line, said = ENGINE_REFUSED[body]
    path = tmp_path / "nqcore.po"
    path.write_text(HEADER.rstrip("\n") + "\n" + body, encoding="utf-8")
    guard = check_catalogue(path)  # the build's guard refuses each, at the same place
    assert [(f.line, f.what.startswith(said)) for f in guard][:1] == [(line, True)], guard
    monkeypatch.setattr(i18n, "find_catalogue", lambda *_: path)
    catalogue_loading.load_po.cache_clear()
    try:
        assert catalogue_loading.load_po(path) == {}
        capsys.readouterr()
        assert nq(["--lang", "fr", "cast", "--spell", "fireball", "--wizardry", "3"]) == 2
    finally:
        catalogue_loading.load_po.cache_clear()
    err = capsys.readouterr().err
    assert err.startswith(f"nq: {path}:{line}: {said}") and len(err.splitlines()) == 1, err


def test_a_field_written_twice_is_named_as_often_as_it_is_written() -> None:
    from nqcore.catalogue_check import field_problem

    said = field_problem("upkeep {upkeep}", "maintien {upkeep} {upkeep}")
    assert said == "its fields ['{upkeep}', '{upkeep}'] are not its English's ['{upkeep}']"


def test_a_message_too_long_to_be_a_translation_shows_the_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nqcore.po"
    path.write_text(HEADER + 'msgid "Smoke"\nmsgstr "Fumée' + " très" * 5000 + '"\n', "utf-8")
    catalogue_loading.load_po.cache_clear()
    assert catalogue_loading.load_po(path) == {}
    assert capsys.readouterr().err.startswith(f"{path}:6: warning: a message of 25005 characters")


#: A page's msgstr, as the file writes it, that its page would show otherwise than the guard
#: read it (attacker round 20: a ``<br />`` the build refused at the English page's line 1; a
#: line separator published), and the reason its refusal starts with.
PAGE_REFUSED = [
    ("Lancer {level}\\\\\\n{wizardry}", "msgstr adds a hard line break"),
    ("Lancer {level}  \\n{wizardry}", "msgstr adds a hard line break"),
    ("Lancer &#x2028;{level} {wizardry}", "line separator U+2028"),
    ("Lancer &#8233;{level} {wizardry}", "line separator U+2029"),
]


@pytest.mark.parametrize(("msgstr", "said"), PAGE_REFUSED)
def test_the_guard_refuses_what_a_page_would_show_otherwise(
    tmp_path: Path, msgstr: str, said: str
) -> None:
    path = _catalogue(tmp_path, "magic", msgstr)  # named at its message's first line
    assert [(f.line, f.what.startswith(said)) for f in check_catalogue(path)] == [(6, True)]


def test_a_line_separator_in_a_comment_is_named_at_its_line(tmp_path: Path) -> None:
    """Attacker round 20: a U+2028 in a translator's comment made Python read two lines where
    GNU reads one, and the refusal ("msgid 'Magic' twice") named lines an editor does not show."""
    path = tmp_path / "magic.po"
    comment = '# c\u2028msgid "Magic"\u2028msgstr "EVIL"\n'
    path.write_text(HEADER + comment + 'msgid "Magic"\nmsgstr "Magie"\n', encoding="utf-8")
    assert [(f.line, f.what) for f in check_catalogue(path)] == [
        (6, "line separator U+2028: readers differ on where lines end")
    ]


@pytest.mark.parametrize(
    "run", ["." * 1000, "[" * 1000, ".a" * 300, "mot\u00a0" * 60, "ab\u2009" * 60, "ab\u3000" * 60]
)
def test_a_run_without_a_space_tex_cannot_break_is_refused(tmp_path: Path, run: str) -> None:
    """Attacker round 21: 1,000 dots in a msgstr passed the guard (it counted letters) and
    crashed xelatex with no file named; 500 ran off the page."""
    path = _catalogue(tmp_path, "magic", f"Lancer {{level}} {{wizardry}} {run}")
    assert [
        (f.line, f.what.startswith(f"a run of {len(run):,} characters"))
        for f in check_catalogue(path)
    ] == [(6, True)]


def test_a_title_given_to_a_link_is_no_tag_but_a_tag_still_is() -> None:
    """Attacker round 21: ``{doc}`Intro <introduction>``` was refused as an HTML tag."""
    from nqtranslate.guard import tag_problem

    assert tag_problem("See {doc}`introduction`.", "Voir {doc}`l’intro <introduction>`.") == ""
    assert tag_problem("See {doc}`introduction`.", "Voir <img src=x onerror=alert(1)>.")
