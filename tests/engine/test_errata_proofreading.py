"""The errata added after an independent proof-reading of the book, which found three
contradictions the reading log had missed: each record exists, and the engine does what it says
the engine does."""

from __future__ import annotations

import pytest

from nqcore.army.armoury import weapon
from nqcore.army.characteristics import Size
from nqcore.army.profile_files import example_profile, sample_profile
from nqcore.army.profile_points import profile_points
from nqcore.army.weapon_costs import ranged_weapon_use_cost, weapon_points
from nqcore.book.errata import Erratum, all_errata, errata_for


def record(record_id: str) -> Erratum:
    (found,) = [e for e in all_errata() if e.id == record_id]
    return found


def test_large_models_take_the_free_armour_or_not() -> None:
    """Large Model says every large model gains +1 AR; Natural Armour Values says it may. The
    large Giant Eagle and Wolverine go without it, the Ogre takes it, and the engine agrees."""
    erratum = record("large-model-free-armour")
    assert (erratum.kind, erratum.section) == ("erratum", "large-model")
    assert erratum in errata_for("giant-eagle") and erratum in errata_for("wolverine-predator")
    eagle, wolverine, ogre = (
        sample_profile(key).profile
        for key in ("giant-eagle", "wolverine-predator", "ogre-freebooter")
    )
    assert eagle.size is wolverine.size is ogre.size is Size.LARGE
    assert (eagle.ar, wolverine.ar, ogre.ar) == (0, 2, 4)
    assert ogre.armour.large_bonus and not eagle.armour.large_bonus
    assert "may have" in erratum.correct


def test_the_repeating_crossbow_keeps_its_printed_use_cost() -> None:
    crossbow = weapon("repeating-crossbow")
    assert (crossbow.uc, crossbow.st) == (5, 4)
    assert ranged_weapon_use_cost(4) == 4  # what UC = ST would give
    assert weapon_points(crossbow).total == crossbow.points == 7
    erratum = record("repeating-crossbow-use-cost")
    assert (erratum.kind, erratum.section) == ("open-question", "ranged-weapons")
    assert erratum.correct.startswith(f"UC {crossbow.uc},")


def test_the_chariots_price_their_broadsword_on_the_chariot() -> None:
    erratum = record("chariot-broadsword")
    assert erratum.kind == "open-question"
    for key in ("chariot-and-driver", "chariot-driver-weaponeer"):
        profile = example_profile(key).profile
        assert [w.name for w in profile.weapons] == ["Broadsword"]
        assert profile.cc is None  # the chariot itself cannot strike with it
        items = {i.subject: i.points for i in profile_points(profile).items}
        assert items["Broadsword"] == 8
    # the sections that print the two profiles
    assert erratum in errata_for("creating-chariots")
    assert erratum in errata_for("calculating-combination-models")


def test_the_vampires_structure_is_a_type_the_rules_know_and_its_erratum_says_so() -> None:
    """The 2007 book prints the Vampire on Demon Beast's Structure as "Unique Character", a type
    no rule defines (Model Profile lists core, elite, support, individual and character): the
    table prints Character, and an erratum keeps the printed words and says why."""
    from nqcore.tables.registry import get_table

    table = get_table("profile-vampire-on-demon-beast")
    assert dict(table.details)["Structure"] == "Character"
    erratum = record("vampire-unique-character")
    assert (erratum.kind, erratum.section) == ("erratum", "special-combination-models")
    assert erratum.printed == "Structure: Unique Character"
    assert erratum.correct == f"Structure: {dict(table.details)['Structure']}"
    assert erratum in errata_for("model-profile")


def test_the_fear_example_and_its_errata_agree_that_undead_causes_no_fear() -> None:
    """Undead gives no fear (the erratum "Undead: does it include fear (0)?"), and the Skeleton's
    profile has no fear: the fear example, which charges with a Living Dead model, says its model
    bought fear (0) and links that erratum, and the fear test's erratum rests on no Skeleton."""
    from tests.engine.test_errata import examples_errata_by_section

    skeleton = sample_profile("skeleton-warrior").profile
    assert [t.key for t in skeleton.traits] == ["undead"]
    assert not any(a.key == "fear" for a in skeleton.abilities)
    undead, fear_test = record("undead-fear"), record("fear-test-modifiers")
    assert "no fear" in undead.correct
    assert "being-charged-by-fear-causing-models" in undead.sections
    assert any(
        "undead-fear" in ids
        for ids in examples_errata_by_section()["being-charged-by-fear-causing-models"]
    )
    assert "Skeleton" not in fear_test.correct + fear_test.why


def test_every_sample_profile_whose_armour_is_named_one_way_and_valued_another_is_listed() -> None:
    """A sample profile whose printed AR is not its named armour's value on the armour tables
    (with a shield's +1) is in the erratum's printed list and its section has the box: the Ogre's
    "Light Armour (AR4)" (light armour is AR 3; its 4 takes a large model's free +1) too."""
    import re

    from nqcore.army.profile_files import sample_profiles
    from nqcore.tables.characteristic_tables import costs_data

    types = {r["description"]: r for r in costs_data()["armour_type"] if "ar" in r}
    erratum = record("sample-armour-names-and-values")
    unlisted = []
    for sample in sample_profiles():
        profile = sample.profile
        armour = profile.armour
        if armour is None or armour.description is None:
            continue
        named = [p.strip() for p in re.split(r"[,&]", armour.description)]
        worn = [t for name in named for d, t in types.items() if d.split()[0] == name.split()[0]]
        values = {v + ("Shield" in named) for t in worn for v in t["ar"]}
        if profile.ar not in values:
            printed = f"{armour.description} (AR{profile.ar})"
            if sample.section not in erratum.sections or printed not in erratum.printed:
                unlisted.append((sample.section, printed))
    assert unlisted == []


@pytest.mark.parametrize(
    "record", ["support-weapons-above-maximum-strength", "teardrop-examples-above-maximum"]
)
def test_a_recommended_maximum_is_not_said_as_a_limit(record: str) -> None:
    """Proof round 29 (F2): the box above the Support Weapon Armoury said "This edition: At most
    ST 6 at a long range of 30"..." over a table of ST 7 and 8, which the same record's why keeps
    as printed: this edition's reading says the printed strengths stand."""
    (erratum,) = [e for e in all_errata() if e.id == record]
    assert "keeps" in str(erratum.why)
    assert "as printed" in str(erratum.correct) and "not limits" in str(erratum.correct)
    assert not str(erratum.correct).lower().startswith(("at most", "a ttm at most"))


def test_the_army_banners_own_section_says_the_ruling() -> None:
    """Proof round 29 (F1): Equipment's Army Battle Standard prints a re-roll with nothing said
    of a panicked standard, and its box named the record without this edition's reading."""
    (erratum,) = [e for e in all_errata() if e.id == "battle-standard-reroll"]
    assert "equipment-army-battle-standard" in erratum.printed_sections
