"""Two names of one kind translated alike are refused (attack round twenty-four, finding 3):
« Brouillard » for Smoke and Fog made two spells of one French name, and « Actions » for the
glossary's Move and Actions two terms of one word, with no warning from the build or from
``python -m nqtranslate check``."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqsphinx.directives.glossary import GlossaryError, load_terms
from nqtranslate import glossary_check
from nqtranslate.guard import check_catalogue
from nqtranslate.name_clashes import data_names

ROOT = Path(__file__).resolve().parents[1]
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def _engine_catalogue(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "nqcore.po"
    path.write_text(HEADER + text, encoding="utf-8")
    return path


def test_two_spells_translated_alike_are_refused_at_both_lines(tmp_path: Path) -> None:
    path = _engine_catalogue(
        tmp_path, 'msgid "Smoke"\nmsgstr "Brouillard"\n\nmsgid "Fog"\nmsgstr "brouillard"\n'
    )
    findings = check_catalogue(path)
    assert [finding.line for finding in findings] == [5, 8]
    assert findings[0].what.startswith(
        "the spell names 'Smoke' (line 5) and 'Fog' (line 8) are both translated 'brouillard'"
    )


def test_names_of_two_kinds_and_other_messages_may_share_a_word(tmp_path: Path) -> None:
    """A spell and a trait, or a spell and a word that names nothing, are told apart by where
    they stand."""
    spell = next(text for (_, text), kinds in data_names().items() if kinds == {"spell"})
    trait = next(text for (_, text), kinds in data_names().items() if kinds == {"trait"})
    text = f'msgid "{spell}"\nmsgstr "Pareil"\n\nmsgid "{trait}"\nmsgstr "Pareil"\n\n'
    text += 'msgid "Not a name"\nmsgstr "Pareil"\n'
    assert check_catalogue(_engine_catalogue(tmp_path, text)) == []


def test_every_kind_of_name_is_known() -> None:
    kinds = {kind for found in data_names().values() for kind in found}
    assert kinds == {"spell", "weapon", "ability", "trait", "equipment", "mutation", "profile"}
    assert data_names()[(None, "Fog")] == {"spell"}


def test_two_glossary_terms_of_one_french_word_are_refused(tmp_path: Path) -> None:
    glossary = tmp_path / "docs" / "_data" / "glossary.toml"
    glossary.parent.mkdir(parents=True)
    text = (ROOT / "docs" / "_data" / "glossary.toml").read_text(encoding="utf-8")
    assert '\nfr = "Déplacement"\n' in text
    glossary.write_text(text.replace('\nfr = "Déplacement"\n', '\nfr = "Actions"\n', 1))
    with pytest.raises(GlossaryError) as refused:
        load_terms(glossary)
    assert str(refused.value) == (
        f"{glossary}, term #2 (move), field fr: 'Actions' is already term #1 (actions)'s: a"
        " reader could not tell the two terms apart; give each its own words"
    )


def test_the_glossary_check_says_it_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    glossary = tmp_path / "docs" / "_data" / "glossary.toml"
    glossary.parent.mkdir(parents=True)
    text = (ROOT / "docs" / "_data" / "glossary.toml").read_text(encoding="utf-8")
    glossary.write_text(text.replace('\nfr = "Déplacement"\n', '\nfr = "Actions"\n', 1))
    monkeypatch.setattr(glossary_check, "GLOSSARY", glossary)
    assert glossary_check.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "term #2 (move), field fr: 'Actions'" in err


#: Two spells translated to words a reader cannot tell apart (attack round twenty-five,
#: findings 6 and 9): a Cyrillic "е", an apostrophe against a typographic one, a decomposed "é".
READ_ALIKE = [
    ("Fumée", "Fum\u00e9\u0435"),
    ("L'ombre", "L\u2019ombre"),
    ("L\u2019ombre", "L\u02bcombre"),
    ("Fumée", "Fume\u0301e"),
    ("Fumée", "FUMÉE"),
    # attacker round 31: an accent apart, as a player types it, « Boule dé feu » found Fireball
    ("Boule de feu", "Boule dé feu"),
]


@pytest.mark.parametrize(("smoke", "fog"), READ_ALIKE)
def test_names_that_read_alike_are_refused_by_the_guard_and_shown_in_english_by_nq(
    tmp_path: Path, smoke: str, fog: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from nqcore import catalogue_loading

    path = _engine_catalogue(
        tmp_path,
        f'msgid "Smoke"\nmsgstr "{smoke}"\n\nmsgid "Fog"\nmsgstr "{fog}"\n\n'
        'msgid "Blast"\nmsgstr "Explosion"\n',
    )
    findings = check_catalogue(path)
    clashes = [finding for finding in findings if "tell them apart" in finding.what]
    assert [finding.line for finding in clashes] == [5, 8], findings
    assert "the spell names 'Smoke' (line 5) and 'Fog' (line 8) are" in clashes[0].what
    loaded = catalogue_loading.load_po(path)
    assert "Smoke" not in loaded and "Fog" not in loaded and loaded["Blast"] == "Explosion"
    err = capsys.readouterr().err.splitlines()
    warned = [line.split(": warning: ")[0] for line in err if "tell them apart" in line]
    assert warned == [f"{path}:5", f"{path}:8"], err
    assert all(line.endswith(": the English is shown") for line in err), err


def test_a_name_with_a_word_of_two_scripts_is_refused_by_the_guard_and_by_nq(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """« Brouillаrd » with a Cyrillic "а", as ``nq army`` refuses a unit's name."""
    from nqcore import catalogue_loading

    path = _engine_catalogue(tmp_path, 'msgid "Fog"\nmsgstr "Brouill\u0430rd"\n')
    findings = check_catalogue(path)
    said = (
        "the spell name 'Fog': the word Brouill\u0430rd mixes the letters of two scripts"
        " (U+0042 and U+0430)"
    )
    assert [(f.line, f.what) for f in findings] == [(5, said)]
    assert catalogue_loading.load_po(path) == {}
    assert capsys.readouterr().err == f"{path}:5: warning: {said}: the English is shown\n"


def test_the_french_catalogue_names_read_apart() -> None:
    """No name of the project's French engine catalogue is refused: nq says nothing."""
    from nqcore import catalogue_loading

    path = ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"
    assert [f for f in check_catalogue(path) if "name" in f.what] == []
    assert "Fog" in catalogue_loading.load_po(path)
