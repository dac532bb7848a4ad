"""A whole attack rolls the attacker's dice: an extra attack's level (Abilities > "Extra Attack",
each die at CC-1, each hit saved and wounded on its own), and a shooter's own ranged weapon;
"Improvised" is a weapon the question offers (``--weapon improvised``)."""

from __future__ import annotations

from fractions import Fraction

from nqcompanion.bridge.web import ask
from nqcore.army.profile_files import sample_profile
from nqcore.book.errata import all_errata
from nqcore.rules.attack import dice_wounds
from nqcore.rules.profile_attack import IMPROVISED, attack_dice, attack_weapon

NNBSP = "\u202f"


def test_a_shooter_attacks_with_its_ranged_weapon() -> None:
    archer = sample_profile("wood-elf-archer").profile
    assert attack_weapon(archer).key == "long-bow"
    assert attack_weapon(sample_profile("orc-bruiser").profile).key == "sword"
    assert attack_weapon(sample_profile("craven-ghouls").profile) is IMPROVISED  # no weapon


def test_a_shooter_asks_for_the_distance_and_shoots() -> None:
    argv = ["attack", "--attacker", "wood-elf-archer", "--target", "orc-bruiser"]
    refused = ask(argv, "en")
    assert refused["field"] == "distance"
    assert refused["error"] == "give the distance to the target for the Long Bow"
    assert "Improvised" not in str(refused)
    shot = ask([*argv, "--distance", "12"], "en")["json"]
    assert (shot["weapon"], shot["skill"], shot["target"]) == ("Long Bow", 6, 7)  # RA 6, CR +1
    french = ask(argv, "fr")
    assert french["field"] == "distance" and "Arc long" in french["error"]


def test_an_improvised_attack_is_a_weapon_to_name() -> None:
    answer = ask(["attack", "5", "4", "4", "--weapon", "improvised"], "en")["json"]
    assert (answer["weapon"], answer["strength"]) == ("Improvised", 4)


def test_the_dice_of_an_attacker_with_extra_attacks() -> None:
    wight = sample_profile("wight-lord-on-zombie-dragon").profile
    assert attack_dice(wight, attack_weapon(wight)) == 2  # the Wight's own x2, not the Dragon's x3
    assert attack_dice(sample_profile("orc-bruiser").profile, IMPROVISED) == 1
    archer = sample_profile("wood-elf-archer").profile
    assert attack_dice(archer, attack_weapon(archer)) == 1
    both = dice_wounds(Fraction(9, 25), 2)
    assert (both.at_least_one, both.expected) == (Fraction(369, 625), Fraction(18, 25))


WIGHT = ["attack", "--attacker", "wight-lord-on-zombie-dragon", "--target", "orc-bruiser"]


def test_a_whole_attack_rolls_the_dice_of_an_extra_attack() -> None:
    """Wight Lord (CC7, Extra Attack (x2), unerring) against an Orc Bruiser (T5, AR2): each die
    at CC7-1, hits on 6 or less; the Wight Sword's ST 6 leaves AR2 no save and wounds on 6: each
    die 6/10 x 6/10 = 9/25; at least one of two 1 - (16/25)^2 = 369/625; 18/25 on average."""
    answer = ask(WIGHT, "en")
    json = answer["json"]
    assert json["dice"] == 2 and json["target"] == 6
    assert [m["key"] for m in json["modifiers"]] == ["extra-attack"]
    assert json["each"] == {"fraction": "9/25", "value": 0.36}
    assert json["chance"] == {"fraction": "369/625", "value": 0.5904}
    assert json["expected_wounds"] == 0.72  # as nq hit's average number of hits
    text = "\n".join(answer["text"])
    assert "Each die hits: 60.0%" in text
    assert "Each die wounds: 36.0%" in text
    assert "2 dice: at least one wound 59.0%; average number of wounds 0.7" in answer["text"]
    assert "Chance: " not in text
    french = "\n".join(ask(WIGHT, "fr")["text"]).replace("\u00a0", " ").replace(NNBSP, " ")
    assert "2 dés : au moins une blessure 59,0 % ; nombre moyen de blessures 0,7" in french.split(
        "\n"
    )
    assert "Chaque dé touche : 60,0 %" in french


def test_one_die_answers_as_before() -> None:
    json = ask(["attack", "--attacker", "orc-bruiser", "--target", "dwarf"], "en")["json"]
    assert json["dice"] == 1 and "each" not in json
    assert json["chance"] == {"fraction": "23/100", "value": 0.23}


def test_numbers_with_the_extra_attack_modifier_roll_two_dice() -> None:
    json = ask(["attack", "6", "4", "4", "--mod", "extra-attack"], "en")["json"]
    assert json["dice"] == 2 and json["target"] == 5


def test_three_dice_say_two_or_more_natural_tens() -> None:
    """Open question: with three or four dice, two natural 10s or more give the enemy one free
    attack at CC+1."""
    text = "\n".join(ask(["hit", "6", "--mod", "extra-attack", "--dice", "3"], "en")["text"])
    assert "two or more natural 10s (2.8%) give the enemy one free attack at CC+1" in text
    two = "\n".join(ask(["hit", "6", "--mod", "extra-attack"], "en")["text"])
    assert "two natural 10s (1.0%) give the enemy a free attack at CC+1" in two
    (record,) = [e for e in all_errata() if e.id == "extra-attack-several-natural-tens"]
    assert record.kind == "open-question"
