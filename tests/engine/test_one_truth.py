"""One truth: a number a text states is its record's (or the engine's), filled in; no card types
one in figures; no printed text says what an erratum calls wrong."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

import nqcore.rules.spells
from nqcore.army.features import abilities
from nqcore.book import named_values
from nqcore.book.errata import all_errata, parse_errata
from nqcore.book.one_truth import card_problems, errata_disagreements
from nqcore.data import datafiles
from nqcore.filled import TextError, filled
from nqcore.i18n import Filled, Msg, translator
from nqcore.rules.spells import Spell, all_spells, parse_spells, spell


def _with(key: str, **changes: Any) -> list[Spell]:
    """The engine's spells with one card changed in memory."""
    return [dataclasses.replace(s, **changes) if s.key == key else s for s in all_spells()]


def _records(key: str, **changes: Any) -> dict[str, Any]:
    """The parsed spells.toml with one card's fields changed (``None``: removed)."""
    data = copy.deepcopy(datafiles.load("spells.toml"))
    (record,) = [r for r in data["spell"] if r["key"] == key]
    for name, value in changes.items():
        record.pop(name) if value is None else record.__setitem__(name, value)
    return data


def test_no_card_types_a_number_its_record_holds() -> None:
    problems = card_problems()
    assert not problems, "\n".join(problems)


def test_no_printed_text_says_what_an_erratum_calls_wrong() -> None:
    clashes = errata_disagreements()
    assert not clashes, "\n".join(str(clash) for clash in clashes)


def test_changing_fogs_upkeep_changes_its_card_and_errata_in_both_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    changed = parse_spells(_records("fog", upkeep=7))
    fog = next(s for s in changed if s.key == "fog")
    french = translator("fr")
    assert fog.text[3].endswith("has upkeep 7.")
    assert french(fog.text[3]).endswith("a un coût de maintien de 7.")
    monkeypatch.setattr(nqcore.rules.spells, "all_spells", lambda: changed)
    (erratum,) = [
        e
        for e in parse_errata(datafiles.load("errata/spells.toml"), "errata/spells.toml")
        if e.id == "spell-list-fog-upkeep"
    ]
    assert (erratum.correct, french(erratum.correct)) == ("7", "7")
    assert "card gives upkeep 7 while" in erratum.why
    assert "donne un maintien de 7 alors" in french(erratum.why)


def test_a_card_that_types_its_upkeep_is_named() -> None:
    typed = Msg(spell("fog").text[3])  # the text filled, as an editor might type it
    changed = _with("fog", text=(*spell("fog").text[:3], typed))
    assert card_problems(changed) == [
        "nqcore/data/spells.toml [fog] text[3] types 'upkeep 6': write its number as {upkeep}",
        "nqcore/data/spells.toml [fog] upkeep = 6: no text of the card says {upkeep}",
    ]


def test_a_card_that_types_its_range_or_template_is_named() -> None:
    typed = tuple(Msg(text) for text in spell("fireball").text)
    problems = card_problems(_with("fireball", text=typed))
    assert problems[0] == (
        "nqcore/data/spells.toml [fireball] text[1] types 'range of 20\"': write its number as"
        " {range_inches}"
    )
    assert any("text[1] types 'the 2½\" circular template'" in p for p in problems)


def test_a_placeholder_its_record_lacks_is_refused_naming_the_text() -> None:
    with pytest.raises(TextError) as refused:
        parse_spells(_records("quickening", upkeep=None))
    assert str(refused.value) == (
        "nqcore/data/spells.toml [quickening] text[1]: the text says {upkeep},"
        " a value its record does not have"
    )


def test_a_teardrop_the_card_does_not_name_is_named() -> None:
    changed = _with("burning-hand", template="teardrop-medium")
    assert card_problems(changed) == [
        "nqcore/data/spells.toml [burning-hand] template = 'teardrop-medium':"
        " no text of the card names (TTM)"
    ]


def test_a_card_printing_an_erratums_wrong_reading_is_named() -> None:
    book = Msg(spell("molten-grasp").text[1].replace("equal to or under", "under"))
    changed = _with("molten-grasp", text=(spell("molten-grasp").text[0], book))
    (clash,) = errata_disagreements(spells=changed)
    message = str(clash)
    assert message.startswith("Molten Grasp: nqcore/data/spells.toml [molten-grasp] text[1]")
    assert "'molten-grasp-resist-test'" in message and "rolling under its own" in message


def test_infiltrate_says_the_unit_limit_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    (infiltrate,) = [a for a in abilities() if a.key == "infiltrate"]
    (erratum,) = [e for e in all_errata() if e.id == "infiltrate-maximum-models"]
    french = translator("fr")
    assert 'at most seven models, not within 10" of' in infiltrate.summary
    assert 'avec sept figurines au plus, pas à 10" ou moins' in french(infiltrate.summary)
    assert (erratum.correct, french(erratum.correct)) == ("seven models", "sept figurines")
    monkeypatch.setitem(named_values.NAMED_VALUES, "infiltrating_maximum", lambda: 6)
    assert isinstance(erratum.correct, Filled)
    six = filled(erratum.correct.msgid, named_values.named_values, "errata")
    assert (six, french(six)) == ("six models", "six figurines")
    (clash,) = errata_disagreements(summaries={"infiltrate": six.replace("models", "models,")})
    assert clash.erratum.id == "infiltrate-maximum-models"
