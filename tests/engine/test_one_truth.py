"""One truth: card texts, summaries and errata values say what the engine's numbers say, and no
printed text says what an erratum calls wrong (issues 13 and 16)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from nqcore.army.features import abilities
from nqcore.book.errata import all_errata
from nqcore.book.one_truth import (
    ERRATUM_REASONS,
    ERRATUM_VALUES,
    INFILTRATE_MAX_MODELS,
    all_pairs,
    disagreements,
    errata_disagreements,
    number_word,
)
from nqcore.i18n import Msg, translator
from nqcore.rules.spells import Spell, all_spells, spell


def _with(key: str, **changes: Any) -> list[Spell]:
    """The engine's spells with one card changed in memory."""
    return [dataclasses.replace(s, **changes) if s.key == key else s for s in all_spells()]


def test_every_number_agrees_with_its_texts() -> None:
    wrong = disagreements()
    assert not wrong, "\n".join(str(pair) for pair in wrong)


def test_no_printed_text_says_what_an_erratum_calls_wrong() -> None:
    clashes = errata_disagreements()
    assert not clashes, "\n".join(str(clash) for clash in clashes)


def test_every_spell_number_stated_on_its_card_is_paired() -> None:
    pairs = all_pairs()
    paired = {(p.number.record, p.number.field) for p in pairs}
    for card in all_spells():
        for field in ("upkeep", "range_inches", "template"):
            if getattr(card, field) is not None:
                assert (card.key, field) in paired, (card.key, field)
    assert len(pairs) >= 63


def test_changing_fogs_upkeep_fails_naming_the_number_and_both_texts() -> None:
    changed = _with("fog", upkeep=7)
    messages = [str(pair) for pair in disagreements(spells=changed)]
    assert len(messages) == 3, messages
    card, erratum, reason = sorted(messages, key=lambda m: ("errata" in m, "] why" in m))
    assert card.startswith("nqcore/data/spells.toml [fog] text[")
    assert "'upkeep 7'" in card and "nqcore/data/spells.toml [fog] upkeep = 7" in card
    assert erratum.startswith("nqcore/data/errata/spells.toml [spell-list-fog-upkeep] correct")
    assert "says '6'" in erratum and "[fog] upkeep = 7" in erratum
    assert reason.startswith("nqcore/data/errata/spells.toml [spell-list-fog-upkeep] why says")
    assert "'card gives upkeep 7'" in reason and "[fog] upkeep = 7" in reason


def test_a_changed_rule_fails_the_erratum_that_states_its_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nqcore.army.weapon_costs

    rule = nqcore.army.weapon_costs.support_weapon_use_cost
    costs = nqcore.army.weapon_costs
    monkeypatch.setattr(costs, "support_weapon_use_cost", lambda st: rule(st) + 1)
    (pair,) = disagreements()
    assert str(pair).startswith("nqcore/data/errata/ranged.toml [support-weapon-use-cost-table]")
    assert "nqcore/army/weapon_costs.py [Support Weapon Use Cost]" in str(pair)
    assert "'ST 3 to 9, UC 4, 5, 6, 7, 8, 9, 10'" in str(pair)


def test_every_paired_erratum_exists() -> None:
    ids = {e.id for e in all_errata()}
    assert set(ERRATUM_VALUES) | set(ERRATUM_REASONS) <= ids
    errata_texts = [p for p in all_pairs() if "/errata/" in p.text.file]
    assert len(errata_texts) == len(ERRATUM_VALUES) + len(ERRATUM_REASONS) >= 19


def test_an_erratum_value_is_the_whole_number() -> None:
    (fog,) = [e for e in all_errata() if e.id == "spell-list-fog-upkeep"]
    errata = [dataclasses.replace(e, correct=Msg("16")) if e is fog else e for e in all_errata()]
    assert [str(p.text) for p in disagreements(errata=errata)] == [
        "nqcore/data/errata/spells.toml [spell-list-fog-upkeep] correct"
    ]


def test_a_number_in_a_text_without_its_field_is_caught() -> None:
    changed = _with("quickening", upkeep=None)
    wrong = disagreements(spells=changed)
    assert [str(p.text) for p in wrong] == ["nqcore/data/spells.toml [quickening] text[1]"]


def test_a_card_printing_an_erratums_wrong_reading_is_named() -> None:
    book = Msg(spell("molten-grasp").text[1].replace("equal to or under", "under"))
    changed = _with("molten-grasp", text=(spell("molten-grasp").text[0], book))
    (clash,) = errata_disagreements(spells=changed)
    message = str(clash)
    assert message.startswith("Molten Grasp: nqcore/data/spells.toml [molten-grasp] text[1]")
    assert "'molten-grasp-resist-test'" in message and "rolling under its own" in message


def test_infiltrate_says_seven_models_everywhere() -> None:
    (infiltrate,) = [a for a in abilities() if a.key == "infiltrate"]
    (erratum,) = [e for e in all_errata() if e.id == "infiltrate-maximum-models"]
    assert INFILTRATE_MAX_MODELS == 7
    assert "at most seven models" in infiltrate.summary and erratum.correct == "seven models"
    french = translator("fr")
    assert (
        "sept figurines" in french(infiltrate.summary)
        and french(erratum.correct) == "sept figurines"
    )
    six = {"infiltrate": infiltrate.summary.replace("seven", "six")}
    assert [str(p.text) for p in disagreements(summaries=six)] == [
        "nqcore/data/abilities.toml [infiltrate] summary"
    ]
    (clash,) = errata_disagreements(summaries=six)
    assert clash.erratum.id == "infiltrate-maximum-models"


def test_number_words() -> None:
    assert [number_word(n) for n in (0, 6, 7, 10, 11)] == ["zero", "six", "seven", "ten", "11"]


def test_an_erratum_explanation_that_misstates_the_card_is_named() -> None:
    (fog,) = [e for e in all_errata() if e.id == "spell-list-fog-upkeep"]
    why = Msg(fog.why.replace("gives upkeep 6", "gives upkeep 5"))
    errata = [dataclasses.replace(e, why=why) if e is fog else e for e in all_errata()]
    assert [str(p.text) for p in disagreements(errata=errata)] == [
        "nqcore/data/errata/spells.toml [spell-list-fog-upkeep] why"
    ]
