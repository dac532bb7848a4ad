"""An engine message's bracketed rule is the rule its translation names (attacker round 29: a
French answer cited « (Table de panique) » for "(Armour Saves)", or added a link to a rule the
English does not name, and a heading renamed left the engine's citation naming no section, each
without a word): ``nqtranslate lint`` and the French build name the engine catalogue's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqtranslate import cited_rules, lint
from nqtranslate.reading import Message

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
SECTIONS = {"Dodge": {"Esquive"}, "Panic Table": {"Table de panique"}, "Magic": {"La magie"}}
#: The French of each section the English messages cite, to its English heading.
CITED = {"Esquive": "Dodge", "Table de panique": "Panic Table"}
DODGE = "No effect against a template (Dodge)."


def _findings(msgstr: str, msgid: str = DODGE) -> list[str]:
    message = Message(msgid=msgid, msgstr=(msgstr,), line=7)
    return [f.what for f in cited_rules._message_findings(Path("x.po"), message, SECTIONS, CITED)]


def test_the_same_section_in_french_is_right() -> None:
    assert _findings("Aucun effet contre un gabarit (Esquive).") == []


def test_another_section_named_is_both_missing_and_added() -> None:
    assert _findings("Aucun effet contre un gabarit (Table de panique).") == [
        "names no section where the English names “Dodge”: its heading is “Esquive”",
        "names the section “Table de panique” (Panic Table), which the English does not name",
    ]


def test_a_section_added_to_a_right_translation_is_named() -> None:
    found = _findings("Aucun effet (Esquive) (Table de panique).")
    assert found == [
        "names the section “Table de panique” (Panic Table), which the English does not name"
    ]


def test_a_name_in_brackets_that_is_no_section_is_left_alone() -> None:
    assert _findings("Relancez (x2).", msgid="Reroll (x2).") == []


def test_the_project_s_french_cites_the_rules_its_english_cites() -> None:
    assert [str(f) for f in cited_rules.cited_rule_findings("fr")] == []


def _catalogue(path: Path, entries: dict[str, str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(f'\nmsgid "{k}"\nmsgstr "{v}"\n' for k, v in entries.items())
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_lint_names_the_engine_line_of_a_heading_renamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page's heading translated anew: the engine's « (Esquive) » names no section."""
    page = _catalogue(tmp_path / "locale/fr/LC_MESSAGES/abilities.po", {"Dodge": "Esquiver"})
    engine = _catalogue(
        tmp_path / "nqcore/locale/fr/LC_MESSAGES/nqcore.po", {DODGE: "Aucun effet (Esquive)."}
    )
    monkeypatch.setattr(cited_rules, "catalogues", lambda lang: [page, engine])
    monkeypatch.setattr(lint, "catalogues", lambda lang: [page])
    assert lint.main([]) == 1
    said = capsys.readouterr().err
    assert f"{engine.name}:5: names no section where the English names “Dodge”" in said
    assert "its heading is “Esquiver”" in said
