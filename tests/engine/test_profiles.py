"""Tests for nqcore.army.profiles: profiles, their valid values, the catalogue, the profile
files."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import nqcore.army.profiles
from nqcore.army.armoury import WeaponKind
from nqcore.army.characteristics import (
    ModelType,
    ProfileError,
    Size,
    Specialist,
    characteristic_range,
)
from nqcore.army.features import abilities, equipment, feature, traits
from nqcore.army.profile_files import load_profile, parse_profile
from nqcore.army.profiles import Armour, Element, Pick, Profile
from nqcore.tables.registry import get_table

BASIC = {"name": "Warrior", "ac": 8, "ra": 4, "cc": 5, "st": 4, "t": 4, "w": 1, "co": 6}


def warrior(**changes: object) -> Profile:
    values: dict[str, object] = {**BASIC, **changes}
    return Profile(**values)  # type: ignore[arg-type]


def test_doctests() -> None:
    assert doctest.testmod(nqcore.army.profiles).failed == 0


def test_valid_ranges_are_those_the_cost_tables_price() -> None:
    ranges = {key: characteristic_range(key) for key in ("ac", "ra", "cc", "st", "t", "w", "co")}
    assert ranges == {
        "ac": range(6, 13),
        "ra": range(1, 9),
        "cc": range(1, 9),
        "st": range(1, 9),
        "t": range(1, 9),
        "w": range(1, 9),
        "co": range(2, 10),
    }
    assert characteristic_range("ar") == range(0, 8)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("ac", 5, "AC 5 is beyond its cost table: Creating A Profile prices AC 6 to 12"),
        ("ac", 13, "AC 13 is beyond its cost table: Creating A Profile prices AC 6 to 12"),
        ("ra", 9, "RA 9 is beyond its cost table: Creating A Profile prices RA 1 to 8"),
        ("cc", 0, "CC 0 is beyond its cost table: Creating A Profile prices CC 1 to 8"),
        ("st", 9, "ST 9 is beyond its cost table: Creating A Profile prices ST 1 to 8"),
        ("t", 0, "T 0 is beyond its cost table: Creating A Profile prices T 1 to 8"),
        ("w", 9, "W 9 is beyond its cost table: Creating A Profile prices W 1 to 8"),
        ("co", 1, "CO 1 is beyond its cost table: Creating A Profile prices CO 2 to 9"),
        ("co", 10, "CO 10 is beyond its cost table: Creating A Profile prices CO 2 to 9"),
    ],
)
def test_out_of_range_characteristics_are_named(key: str, value: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        warrior(**{key: value})


@pytest.mark.parametrize("value", [1, 10])
def test_a_value_off_its_table_is_off_it_in_french_too(value: int) -> None:
    """Below the table as above it: « hors de sa table », not « dépasse » (player round ten:
    « CO 1 dépasse sa table des coûts »)."""
    with pytest.raises(ValueError) as refused:
        warrior(co=value)
    said = refused.value.text("fr")  # type: ignore[attr-defined]
    assert said.startswith(f"Co {value} est hors de sa table des coûts"), said


def test_armour_range_and_total() -> None:
    with pytest.raises(
        ValueError, match="AR 8 is beyond its cost table: Creating A Profile prices AR 0 to 7"
    ):
        Armour(value=8)
    with pytest.raises(ValueError, match="armour.resilience: RE is 0 or 1 to 3, not 4"):
        Armour(value=3, resilience=4)
    # Barding Cost example: heavy armour AR4, shield, barded warhorse: AR6.
    assert Armour(value=4, shield=True, barding=True).total == 6
    # Armoured Mount example: light armour AR3, shield, scaly mount: AR5.
    assert Armour(value=3, shield=True, armoured_mount=True).total == 5


def test_only_large_models_have_the_free_armour() -> None:
    with pytest.raises(ValueError, match="only a large model"):
        warrior(armour=Armour(value=3, large_bonus=True))
    ogre = warrior(size=Size.LARGE, armour=Armour(value=3, large_bonus=True))
    assert ogre.ar == 4


def test_a_chariot_may_leave_out_ra_and_cc() -> None:
    chariot = Profile("Chariot", 12, None, None, 7, 7, 3, 7, model_type=ModelType.SUPPORT)
    assert chariot.characteristics()["ra"] is None


def test_picks_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown ability 'flight'"):
        warrior(abilities=(Pick("flight"),))
    with pytest.raises(ValueError, match="needs a level"):
        warrior(abilities=(Pick("extra-attack"),))
    with pytest.raises(ValueError, match="has no level 'x5'"):
        warrior(abilities=(Pick("extra-attack", "x5"),))
    with pytest.raises(ValueError, match="has no levels"):
        warrior(abilities=(Pick("dodge", "2"),))
    with pytest.raises(ValueError, match="needs the mutation trait"):
        warrior(mutations=("horns",))
    with pytest.raises(ValueError, match="unknown mutation"):
        warrior(traits=(Pick("mutation"),), mutations=("wings",))
    assert warrior(traits=(Pick("mutation"),), mutations=("horns",)).mutations == ("horns",)


def test_the_catalogue_sizes_and_fields() -> None:
    assert len(abilities()) == 40
    assert len(traits()) == 21
    assert len(equipment()) == 7
    for item in abilities() + traits() + equipment():
        assert item.summary and item.source and item.summary.endswith(".")


def test_ability_points_from_the_book() -> None:
    points = {a.key: a.points for a in abilities() if a.points is not None}
    assert points["adept"] == 12 and points["evade"] == 17 and points["unerring"] == 17
    assert points["wall-of-invulnerability"] == 1 and points["unwavering"] == 16
    extra = feature("ability", "Extra Attack")
    assert [(lv.level, lv.points) for lv in extra.levels] == [("x2", 8), ("x3", 16), ("x4", 24)]
    fear = feature("ability", "fear")
    assert [fear.cost(level) for level in ("0", "1", "2")] == [7, 16, 27]
    assert extra.cost("3") == 16  # "3" is read as x3


def test_trait_points_from_the_book() -> None:
    points = {t.key: t.points for t in traits()}
    assert points["confused"] == -8 and points["unstable"] == -10 and points["devour"] == -2
    assert points["hesitate"] == -1 and points["mechanical"] == -4
    assert points["large-model"] == 0 and points["nemesis"] == 0 and points["siege-weapon"] == 0
    assert points["tail-attack"] == 14 and points["boiler-overload"] == 18
    magic_user = feature("trait", "magic-user")
    assert [magic_user.cost(str(level)) for level in range(1, 5)] == [20, 30, 45, 65]


def test_equipment_points_from_the_book() -> None:
    runes = feature("equipment", "Armour Runes Of Defiance")
    assert [runes.cost(level) for level in ("RE -1", "RE -2", "-3")] == [1, 3, 6]
    tattoos = feature("equipment", "magic-tattoos")
    assert [tattoos.cost(f"AR{ar}") for ar in range(1, 6)] == [3, 4, 6, 9, 13]
    grenades = feature("equipment", "grenades")
    assert grenades.cost('ST4 1½"') == 4
    assert grenades.cost("ST4 1.5") == 4
    assert grenades.cost("st6 3 knock prone") == 18
    assert grenades.cost("ST3 0.5") == 1
    assert feature("equipment", "army-battle-standard").points == 12


def test_conditions() -> None:
    hero = warrior(model_type=ModelType.INDIVIDUAL, general=True)
    assert hero.satisfies("individual") and hero.satisfies("general")
    assert not hero.satisfies("large") and hero.satisfies("unarmoured")
    musician = warrior(specialist=Specialist.MUSICIAN, armour=Armour(value=3, shield=True))
    assert musician.satisfies("musician") and musician.satisfies("shield")
    assert musician.satisfies("manufactured-armour") and not musician.satisfies("unarmoured")
    mage = warrior(traits=(Pick("magic-user", "2"),))
    assert mage.magic_level == 2 and mage.satisfies("magic-user")
    assert warrior(traits=(Pick("initiate"),)).magic_level == 0
    assert warrior().magic_level is None


def test_combination_elements() -> None:
    dragon = Element("Dragon", ra=3, cc=6, st=7, abilities=(Pick("extra-attack", "x3"),))
    lord = warrior(elements=(dragon,), abilities=(Pick("extra-attack", "x2"),))
    assert lord.is_combination and len(lord.all_picks("ability")) == 2
    with pytest.raises(ValueError, match="ST 9 is beyond its cost table"):
        Element("Dragon", st=9)


PROFILE_FILE = """
name = "Ogre"
type = "elite"
size = "large"
ac = 8
ra = 4
cc = 6
st = 6
t = 7
w = 2
co = 6
weapons = ["mace", { name = "Claws", uc = 3, st_bonus = 0 }, { key = "crossbow", pm = -1 }]
abilities = [{ key = "extra-attack", level = "x2" }]
armour = { value = 3, large_bonus = true }
"""


def test_load_profile(tmp_path: Path) -> None:
    path = tmp_path / "ogre.toml"
    path.write_text(PROFILE_FILE, encoding="utf-8")
    ogre = load_profile(path)
    assert (ogre.name, ogre.model_type, ogre.size, ogre.ar) == (
        "Ogre",
        ModelType.ELITE,
        Size.LARGE,
        4,
    )
    assert [w.name for w in ogre.weapons] == ["Mace", "Claws", "Crossbow"]
    assert ogre.weapons[1].kind is WeaponKind.CLOSE_COMBAT and ogre.weapons[1].points is None
    assert ogre.weapons[2].pm == -1 and ogre.weapons[2].points == 6
    assert ogre.abilities == (Pick("extra-attack", "x2"),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = 'X'\nac = 8", "missing field"),
        (
            PROFILE_FILE.replace("co = 6", "co = 1"),
            "CO 1 is beyond its cost table: Creating A Profile prices CO 2 to 9",
        ),
        (PROFILE_FILE + "colour = 'red'\n", "unknown field\\(s\\) colour"),
        (PROFILE_FILE.replace('"mace"', '"laser"'), "weapons #1: unknown weapon 'laser'"),
        (PROFILE_FILE.replace('"extra-attack"', '"extra-atack"'), "unknown ability"),
        (PROFILE_FILE.replace('"large"', '"huge"'), 'unknown size "huge"'),
        (PROFILE_FILE.replace('"elite"', '"hero"'), 'unknown model type "hero"'),
        (PROFILE_FILE.replace("pm = -1", "pm = -2"), "has no penetration modifier −2"),
        (PROFILE_FILE.replace("value = 3", "value = 9"), "AR 9 is beyond its cost table"),
        (PROFILE_FILE.replace("[{ key", "[{ kee"), "neither a key nor a table"),
        ("name = 'X'\nac = ", "not valid TOML"),
        (
            PROFILE_FILE.replace('"mace"', ", ".join(['"mace"'] * 100_000)),
            "weapons lists 100,002 items, at most 50",
        ),
        (
            PROFILE_FILE + "[[element]]\nname = 'E'\ntraits = [" + "'x', " * 51 + "]\n",
            "element #1: traits lists 51 items, at most 50",
        ),
        (  # "the second and (if required) the third elements": 50 were priced without a word
            PROFILE_FILE + "[[element]]\nname = 'E'\nst = 3\n" * 3,
            "element #3: too many elements: a combination model has its main one and at most 2",
        ),
    ],
)
def test_profile_file_errors_name_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError, match=message) as caught:
        load_profile(path)
    assert str(caught.value).startswith(str(path))
    assert isinstance(caught.value, ValueError)


def test_the_ar_shorthand() -> None:
    assert parse_profile({**BASIC, "ar": 3}).ar == 3
    assert parse_profile({**BASIC, "ar": 3, "armour": {"shield": True}}).ar == 4
    with pytest.raises(
        ProfileError, match="AR 8 is beyond its cost table: Creating A Profile prices AR 0 to 7"
    ):
        parse_profile({**BASIC, "ar": 8})
    with pytest.raises(ProfileError, match="give the armour value once"):
        parse_profile({**BASIC, "ar": 3, "armour": {"value": 3}})


def test_missing_profile_file(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="cannot read the file"):
        load_profile(tmp_path / "nothing.toml")


def test_parse_profile_with_elements_and_a_dash() -> None:
    chariot = parse_profile(
        {
            "name": "Chariot",
            "type": "support",
            "ac": 12,
            "ra": "-",
            "cc": "-",
            "st": 7,
            "t": 7,
            "w": 3,
            "co": 7,
            "mounted": True,
            "element": [{"name": "Driver", "ra": 4, "cc": 6, "st": 4, "weapons": ["hand-weapon"]}],
        }
    )
    assert chariot.ra is None and chariot.elements[0].weapons[0].key == "hand-weapon"
    with pytest.raises(ProfileError, match="element #1: unknown field"):
        parse_profile({**BASIC, "element": [{"name": "Driver", "ac": 8}]})


def test_catalogue_tables() -> None:
    ability_rows = get_table("abilities").rows
    assert ability_rows[0][:2] == ("Adept", 12)
    assert ("Extra Attack (x3)", 16) in [row[:2] for row in ability_rows]
    assert len(ability_rows) == 40 - 2 + 3 + 3  # Extra Attack and Fear in three levels each
    trait_rows = {row[0]: row[1] for row in get_table("traits").rows}
    assert trait_rows["Unstable"] == -10 and trait_rows["Magic User"] == "Points vary"
    equipment_rows = {row[0]: row[1] for row in get_table("equipment").rows}
    assert (
        equipment_rows["Magic Tattoos (AR5)"] == 13 and equipment_rows["Grenades"] == "Points vary"
    )
