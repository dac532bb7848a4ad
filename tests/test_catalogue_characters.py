"""Characters no reader can be shown (noncharacters, unassigned, private use) are refused in a
catalogue's message at its file and line, by the guard and by the engine's reader, and in a data
file's text: the EPUB's XML would not be well-formed, the PDF would drop them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore import catalogue_loading
from nqcore.characters import noncharacter, unshowable
from nqcore.data import datafiles
from nqtranslate.guard import check_catalogue

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
REFUSED = [
    ("\uffff", "noncharacter U+FFFF"),
    ("\ufffe", "noncharacter U+FFFE"),
    ("\U0010ffff", "noncharacter U+10FFFF"),
    ("\U0001fffe", "noncharacter U+1FFFE"),
    ("\ufdd0", "noncharacter U+FDD0"),
    ("\ufdef", "noncharacter U+FDEF"),
    ("\ue000", "private-use U+E000"),
    ("\U000f0000", "private-use U+F0000"),
    ("\u0378", "unassigned U+0378"),
]


@pytest.mark.parametrize(("char", "said"), REFUSED)
def test_the_guard_refuses_them_at_their_line(tmp_path: Path, char: str, said: str) -> None:
    for name in ("magic", "nqcore"):
        path = tmp_path / f"{name}.po"
        path.write_text(HEADER + f'msgid "Cast a spell"\nmsgstr "Lancer un{char} sort"\n')
        assert [(f.line, f.what.split(" in ")[0]) for f in check_catalogue(path)] == [(5, said)]


@pytest.mark.parametrize(("char", "said"), REFUSED[:3])
def test_the_engine_shows_the_english_and_names_the_line(
    tmp_path: Path, char: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nqcore.po"
    path.write_text(HEADER + f'msgid "Done"\nmsgstr "Fait{char}"\n\nmsgid "Yes"\nmsgstr "Oui"\n')
    assert list(catalogue_loading.load_po(path)) == ["Yes"]
    assert capsys.readouterr().err == f"{path}:5: warning: {said}: the English is shown\n"


@pytest.mark.parametrize(("char", "said"), REFUSED)
def test_a_data_file_refuses_them_naming_the_field(char: str, said: str) -> None:
    text = f'[[term]]\nkey = "rally"\nfr = "Rassemblement{char}"\n'
    with pytest.raises(
        datafiles.DataFileError,
        match=rf"glossary\.toml, term #1 \(rally\), field fr: {re.escape(said)} in",
    ):
        datafiles.parse(text, "docs/_data/glossary.toml", None)


def test_letters_of_every_script_pass() -> None:
    assert unshowable("Élite « Œuvre » 25 mm ½ — Ωμέγα 日本 \U0001f3b2 \ufffd") == ""
    assert [hex(c) for c in range(0x110000) if noncharacter(c)][:3] == [
        "0xfdd0",
        "0xfdd1",
        "0xfdd2",
    ]
    assert sum(1 for c in range(0x110000) if noncharacter(c)) == 66


def test_a_fuzzy_translation_asked_for_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``nq --lang fr`` showed the English of a fuzzy message without a word, where the build
    and every other refused translation name the line (attack round 23)."""
    from nqcore import i18n

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / "nqcore.po"
    path.write_text(
        HEADER + 'msgid "Yes"\nmsgstr "Oui"\n\n#, fuzzy\nmsgid "{count} models"\n'
        'msgstr "{count} figurines"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    translate = i18n.translator("fr")
    assert translate("Yes") == "Oui"
    assert capsys.readouterr().err == ""
    assert [translate("{count} models") for _ in range(3)] == ["{count} models"] * 3
    said = f"{path}:9: warning: its translation is fuzzy: the English is shown\n"
    assert capsys.readouterr().err == said


def test_an_untranslated_entry_asked_for_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry left empty printed its English in ``nq --lang fr`` and in the example stories
    with no word, where a fuzzy one is said (attacker round 30)."""
    from nqcore import i18n

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / "nqcore.po"
    path.write_text(HEADER + 'msgid "Yes"\nmsgstr "Oui"\n\nmsgid "Smoke"\nmsgstr ""\n', "utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    translate = i18n.translator("fr")
    assert [translate("Smoke") for _ in range(2)] == ["Smoke"] * 2
    said = f"{path}:8: warning: it has no translation: the English is shown\n"
    assert capsys.readouterr().err == said
    assert translate("Never in the catalogue") == "Never in the catalogue"
    assert capsys.readouterr().err == ""
