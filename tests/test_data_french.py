"""English in the French fields of docs/_data (the glossary's ``def_fr``, the rules index's
``fr``) shipped on French pages unwarned (attacker round 28, F5, F8): the catalogues' English
check is applied to each of them, named at its file and line by ``nqtranslate glossary`` (in
``check``) and the French build, and counted by ``nqtranslate status``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nqtranslate import data_french, glossary_check, lint, status

DATA = Path(__file__).resolve().parents[1] / "docs" / "_data"
#: The attacker's ranged-attack definition and index entry, and where they stand.
RANGED_ATTACK = (
    "L’aptitude de la figurine à utiliser ses armes à distance. Pour toucher une cible, la "
    "figurine qui tire doit obtenir un résultat inférieur ou égal à sa valeur d’attaque à "
    "distance (AD).",
    "An attack made at a distance with a bow, crossbow, sling or thrown weapon, rolled against "
    "the target's range.",
)
STRIKING = ("Frapper l’ennemi; probabilité de toucher", "Striking The Enemy; chance to hit")


def _planted(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of docs/_data with ``old`` made ``new`` in ``name``; the line of the change."""
    folder = tmp_path / "_data"
    shutil.copytree(DATA, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _line(folder: Path, name: str, text: str) -> int:
    lines = (folder / name).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def test_the_projects_french_data_reads_as_french() -> None:
    assert data_french.data_findings("fr") == []


@pytest.mark.parametrize(
    ("name", "field", "old", "new"),
    [("glossary.toml", "def_fr", *RANGED_ATTACK), ("rules_index.toml", "fr", *STRIKING)],
)
def test_english_in_a_french_field_is_named_at_its_line(
    tmp_path: Path, name: str, field: str, old: str, new: str
) -> None:
    folder = _planted(tmp_path, name, old, new)
    found = data_french.data_findings("fr", folder)
    assert [(f.path.name, f.line, f.field) for f in found] == [
        (name, _line(folder, name, f'{field} = "{new}"'), field)
    ]
    assert f"{name}:{found[0].line}: warning: {field}: the French " in str(found[0])


def test_status_and_the_glossary_check_count_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _planted(tmp_path, "glossary.toml", *RANGED_ATTACK)
    monkeypatch.setattr(data_french, "DATA", folder)
    row = next(r for r in status.data_status() if r.page == "docs/_data/glossary.toml")
    assert (row.untranslated, row.complete, len(row.missing)) == (1, False, 1)
    assert glossary_check.main([]) == 1
    line = _line(folder, "glossary.toml", f'def_fr = "{RANGED_ATTACK[1]}"')
    assert f"glossary.toml:{line}: warning: def_fr: " in capsys.readouterr().out


def test_a_word_meant_in_english_says_why(tmp_path: Path) -> None:
    old, new = STRIKING
    comment = "# same-as-english: a test of the marker\n"
    folder = _planted(tmp_path, "rules_index.toml", f'fr = "{old}"', f'{comment}fr = "{new}"')
    assert data_french.data_findings("fr", folder) == []


@pytest.mark.parametrize(
    ("name", "old", "new", "english"),
    [
        # the attacker's: one Title-Case word, and a short sentence appended to a French one
        ("rules_index.toml", 'fr = "Lanceur de sorts"', 'fr = "Spellcaster"', "Spellcaster"),
        ("glossary.toml", "pour ces actions.", "pour ces actions. Reroll any doubles.", "Reroll"),
    ],
)
def test_every_french_field_gets_the_english_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, old: str, new: str, english: str
) -> None:
    """What english_sentence reads as English (its rules are another change's) is named at its
    field's line: here it is told that the attacker's short English is."""
    real = lint.english_sentence

    def told(msgstr: str, msgid: str = "") -> tuple[str, list[str]] | None:
        return (english, [english]) if english in msgstr else real(msgstr, msgid)

    monkeypatch.setattr(lint, "english_sentence", told)
    folder = _planted(tmp_path, name, old, new)
    found = data_french.data_findings("fr", folder)
    field = new if new.startswith("fr =") else "Reroll any doubles."
    assert [(f.path.name, f.line) for f in found] == [(name, _line(folder, name, field))]
