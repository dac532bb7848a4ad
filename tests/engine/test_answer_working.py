"""Answers that show their working: every number an answer uses is named in it.

The armour save names the armour modifier of the attack's strength, the penetration its
resilience cancels and the ranked bonus, and adds them up to the roll needed; a resilience with
nothing to cancel says so; a whole attack keeps its to-hit modifiers apart from its armour's,
shows the save roll and the wound roll, and says why a masterful hit is not saved.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from nqcompanion.bridge.web import ask
from nqcore.rules.armour import save_modifiers, save_target
from nqcore.rules.profile_attack import weapon_attack


def _text(argv: list[str], lang: str = "en") -> list[str]:
    got = ask(argv, lang)
    assert "text" in got, got
    return got["text"]


def test_the_strength_s_armour_modifier_is_named() -> None:
    text = _text(["save", "3", "6"])
    assert "Armour after modifiers: AR 3, Armour modifier of ST 6 −2 = 1" in text, text


def test_french_names_it_too() -> None:
    said = "\n".join(_text(["save", "3", "6"], "fr"))
    assert "Ar 3, Modificateur d’armure de F 6 −2 = 1" in said, said


def test_the_modifiers_add_up_to_the_roll() -> None:
    text = _text(["save", "3", "5", "--pm", "-1", "--ranked"])
    expected = (
        "Armour after modifiers: AR 3, Armour modifier of ST 5 −1, Penetration modifier (PM) −1, "
        "Ranked or closed formation (AR) +1 = 2"
    )
    assert expected in text, text
    assert "Roll needed: 2 or less" in text
    assert not any(line.startswith("Modifiers:") for line in text), text


def test_a_resilience_with_nothing_to_cancel_says_so() -> None:
    text = _text(["save", "3", "4", "--re", "3"])
    said = "\n".join(text)
    assert "+3" not in said, said
    assert "Armour resilience (RE) 3 changes nothing here" in said, said


def test_a_resilience_counts_what_it_cancels() -> None:
    said = "\n".join(_text(["save", "3", "6", "--re", "3"]))
    assert "Armour resilience (RE) 3, cancelling penetration +2 = 3" in said, said


@pytest.mark.parametrize("strength", range(1, 13))
@pytest.mark.parametrize("pm", [0, -1, -3])
@pytest.mark.parametrize("re_", [0, 1, 3])
@pytest.mark.parametrize("ranked", [False, True])
def test_the_terms_sum_to_the_target(strength: int, pm: int, re_: int, ranked: bool) -> None:
    terms = save_modifiers(3, strength, penetration=pm, resilience=re_, ranked=ranked)
    assert all(value for _, value in terms)
    target = save_target(3, strength, penetration=pm, resilience=re_, ranked=ranked)
    assert 3 + sum(value for _, value in terms) == target


def test_a_whole_attack_shows_its_save_and_why_a_masterful_hit_is_not_saved() -> None:
    text = _text(
        [
            "attack",
            "--attacker",
            "human-men-at-arms",
            "--target",
            "dwarf",
            "--ranked",
            "--hit-modifier",
            "1",
        ]
    )
    said = "\n".join(text)
    assert "To-hit modifiers: Other to-hit modifier +1" in text, said
    assert (
        "Armour after modifiers: AR 3, Armour modifier of ST 5 −1, "
        "Ranked or closed formation (AR) +1 = 3" in text
    ), said
    assert "Armour save of an ordinary hit: 30.0% (roll needed: 3 or less)" in text, said
    assert any(
        line.startswith("Hits and is not saved: 45.0%; a natural 1 to hit (10.0%) is a masterful")
        and "and the other hits (50.0%) fail the save 70.0% of the time" in line
        for line in text
    ), said
    assert "Roll to wound succeeds: 40.0% (roll needed: 4 or less)" in text, said


def test_the_french_whole_attack_names_its_steps() -> None:
    said = "\n".join(
        _text(["attack", "--attacker", "human-men-at-arms", "--target", "dwarf"], "fr")
    )
    assert "Sauvegarde d’armure d’une touche ordinaire" in said, said
    assert "coup de maître" in said, said


def test_the_masterful_sum_is_the_engine_s() -> None:
    """What the unsaved line says (masterful + ordinary × failed) is the engine's figure."""
    from nqcore.army.armoury import weapon
    from nqcore.rules.attack import Defence

    for armour, skill in ((3, 5), (1, 8), (5, 2)):
        result = weapon_attack(skill, 5, 4, weapon("sword"), defence=Defence(armour=armour))
        steps = result.chances
        rebuilt = steps.masterful + (steps.hit - steps.masterful) * (1 - steps.save)
        assert rebuilt == steps.unsaved
        assert isinstance(rebuilt, Fraction)
