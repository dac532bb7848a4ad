"""The errata added after an independent proof-reading of the book, which found three
contradictions the reading log had missed: each record exists, and the engine does what it says
the engine does."""

from __future__ import annotations

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
