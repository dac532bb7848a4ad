"""The pseudo language's catalogues: every msgid accented and bracketed, its markup kept."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqcore import po
from nqtranslate.pseudo import (
    _ACCENTED,
    _KEPT,
    _PLAIN,
    CLOSE,
    GLOSSARY,
    OPEN,
    PSEUDO,
    pseudo,
    source_catalogues,
    write_pseudo,
)
from tests.building import ROOT

ROLE_TARGET = re.compile(r"\{[\w:.+-]+\}`[^`]*`")
PLACEHOLDER = re.compile(r"\{[\w.]*(?::[^{}]*)?\}|%(?:\(\w+\))?[sd]")


def unaccent(text: str) -> str:
    return text.translate(str.maketrans(_ACCENTED, _PLAIN))


def prose_letters(text: str) -> str:
    """The ASCII letters of ``text`` outside the spans the pseudo language keeps."""
    return "".join(re.findall(r"[A-Za-z]", _KEPT.sub("", text)))


@pytest.mark.parametrize(
    "msgid,expected",
    [
        ("Close Combat", "⁅Çľōśé Çōṁƀàţ⁆"),
        ("{ref}`Move <move>` or {doc}`intro`", "⁅{ref}`Ṁōṽé <move>` ōŕ {doc}`intro`⁆"),
        ('{nq:spell}`fireball` at 2½"', '⁅{nq:spell}`fireball` àţ 2½"⁆'),
        ("{nq-entities}`weapon | Claws <claws>`", "⁅{nq-entities}`weapon | Çľàŵś <claws>`⁆"),
        (
            "Weapons: {nq-entities}`weapon | Claws <claws> | Big Fists <fists>`",
            "⁅Ŵéàþōñś: {nq-entities}`weapon | Çľàŵś <claws> | Ḃîĝ Ƒîśţś <fists>`⁆",
        ),
        ("   Erratum {id}: {subject}.", "   ⁅Éŕŕàţûṁ {id}: {subject}.⁆"),
        ("Toggle navigation of %(title)s", "⁅Ţōĝĝľé ñàṽîĝàţîōñ ōƒ %(title)s⁆"),
        ("PDF, {size} kB", "⁅ÞĎƑ, {size} ķḂ⁆"),
        ("**bold**, *em*, ``x = 1``", "⁅**ƀōľď**, *éṁ*, ``x = 1``⁆"),
        ("see [the site](https://example.org/a)", "⁅śéé [ţĥé śîţé](https://example.org/a)⁆"),
        ("50% chance of 10/20", "⁅50% çĥàñçé ōƒ 10/20⁆"),
        ("a<br/>b &amp; c", "⁅à<br/>ƀ &amp; ç⁆"),
        ("%b %d, %Y", "⁅%b %d, %Y⁆"),
    ],
)
def test_prose_accented_markup_kept(msgid: str, expected: str) -> None:
    assert pseudo(msgid) == expected


@pytest.mark.parametrize(
    "broken",
    ["unclosed `code", "{ref}`no end <label", "{", "}", "%(", "[link](", "\\", "``", "&;", "<"],
)
def test_a_broken_msgid_is_accented_not_fatal(broken: str) -> None:
    result = pseudo(broken)
    assert result.startswith(OPEN) and result.endswith(CLOSE)
    assert unaccent(result) == OPEN + broken + CLOSE


@given(st.text(st.characters(exclude_characters=_ACCENTED)))
def test_any_text_is_itself_once_unaccented(text: str) -> None:
    core = text.strip()
    expected = text.replace(core, OPEN + core + CLOSE, 1) if core else text
    assert unaccent(pseudo(text)) == expected


def test_blank_messages_stay_blank() -> None:
    assert pseudo("") == "" and pseudo("  \n") == "  \n"


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Path]:
    """The pseudo twin of every French catalogue, by the French catalogue's path."""
    out = tmp_path_factory.mktemp("pseudo")
    written = write_pseudo(out)
    return dict(zip(source_catalogues(), written, strict=True))


def test_every_catalogue_has_a_pseudo_twin(catalogues: dict[Path, Path]) -> None:
    folders = {path.relative_to(ROOT).parts[0] for path in catalogues}
    assert folders == {"locale", "nqcore", "nqsphinx", "examples", "nqprint"}
    tracked = subprocess.run(
        ["git", "ls-files", "*locale/fr/LC_MESSAGES/*.po", ":!tests/"],  # not test projects
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout.split()
    assert sorted(catalogues) == sorted(ROOT / path for path in tracked)
    for source, twin in catalogues.items():
        assert twin.parts[-3:] == (PSEUDO, "LC_MESSAGES", source.name)


def test_every_msgid_translated_with_its_markup_numbers_and_placeholders(
    catalogues: dict[Path, Path],
) -> None:
    checked = 0
    for source, twin in catalogues.items():
        french = {(m.context, po.ids(m)[0]) for m in po.messages(po.read(source.read_bytes()))}
        entries = po.messages(po.read(twin.read_bytes()), obsolete=True)
        assert {(m.context, po.ids(m)[0]) for m in entries} == french, twin
        for entry in entries:
            text, msgid = po.forms(entry)[0], po.ids(entry)[0]
            where = f"{twin}: {msgid!r}"
            assert not entry.fuzzy and text.strip().startswith(OPEN), where
            assert re.findall(r"\d+", text) == re.findall(r"\d+", msgid), where
            assert ROLE_TARGET.findall(_without_titles(text)) == ROLE_TARGET.findall(
                _without_titles(msgid)
            ), where
            assert PLACEHOLDER.findall(text) == PLACEHOLDER.findall(msgid), where
            assert prose_letters(text) == "", where
            checked += 1
    assert checked > 2500  # 2774 on 2026-11-25


def _without_titles(text: str) -> str:
    """Roles with their titles left out: what the pseudo language must keep exactly (of an
    entity list, its kind and each extra entry's label: ``{nq-entities}`| words <label> | …```)."""
    text = re.sub(
        r"\{nq-entities\}`[^`]*`",
        lambda role: re.sub(r"[^|<>`]*(<[^<>]*>)", r"\1", role[0]),
        text,
    )
    return re.sub(r"(\{[\w:.+-]+\}`)[^`<]*?(\s*<[^`<>]*>`)", r"\1\2", text)


def test_a_broken_catalogue_is_one_line_naming_it(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    broken = repo / "locale" / "fr" / "LC_MESSAGES" / "page.po"
    broken.parent.mkdir(parents=True)
    broken.write_text('msgid "a"\nfoo\n', encoding="utf-8")
    done = _cli(str(tmp_path / "out"), "--root", str(repo))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "page.po" in done.stderr, done.stderr


def test_the_command_writes_every_catalogue(tmp_path: Path) -> None:
    done = _cli(str(tmp_path))
    count = len(list(source_catalogues()))
    assert done.returncode == 0 and done.stdout == f"{count} catalogues in {tmp_path}\n"
    sphinx_words = tmp_path / "locale" / PSEUDO / "LC_MESSAGES" / "sphinx.po"
    assert len(list(tmp_path.glob(f"**/{PSEUDO}/LC_MESSAGES/*.po"))) == count + 1
    words = {m.id: m.string for m in po.messages(po.read(sphinx_words.read_bytes()), obsolete=True)}
    assert words["Link to this heading"] == "⁅Ľîñķ ţō ţĥîś ĥéàďîñĝ⁆"
    assert not [msgid for msgid in words if "\n" in msgid or "<" in msgid]


def test_the_glossary_terms_in_the_pseudo_language(tmp_path: Path) -> None:
    write_pseudo(tmp_path)
    glossary = tomllib.loads((tmp_path / "locale" / PSEUDO / "glossary.toml").read_text("utf-8"))
    english = tomllib.loads((ROOT / GLOSSARY).read_text("utf-8"))["term"]
    assert [term["key"] for term in glossary["term"]] == [term["key"] for term in english]
    actions = glossary["term"][0]
    assert (actions[PSEUDO], actions[f"abbr_{PSEUDO}"]) == ("Àçţîōñś", "ÀÇ")
    assert actions[f"def_{PSEUDO}"].startswith("⁅Ţĥé ñûṁƀéŕ ōƒ àçţîōñś")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nqtranslate.pseudo", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
