"""The reference tables of Creating A Profile, weapon creation, the Profile Creation Summary and
the Sample Profiles: every key the docs use is registered, and the values are the book's (or the
errata's), computed from the engine's data."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from nqcore.army.armoury import hand_weapons, ranged_weapons, support_weapons
from nqcore.army.characteristics import ModelType
from nqcore.army.points import ability_limits
from nqcore.army.profile_files import example_profile, sample_profiles
from nqcore.army.profile_points import profile_points
from nqcore.book.errata import all_errata
from nqcore.data import datafiles
from nqcore.i18n import Msg
from nqcore.tables.registry import Phrase, Signed, Table, get_table, table_keys
from nqcore.tables.table_text import cell_text

ROOT = Path(__file__).resolve().parents[2]
DIRECTIVE = re.compile(r"```\{nq-table\} (\S+)")


def column(table: Table, heading: str, index: int = 0) -> list[object]:
    """The cells of the ``index``-th column called ``heading``."""
    positions = [i for i, c in enumerate(table.columns) if c == heading]
    return [row[positions[index]] for row in table.rows]


def test_every_table_of_the_docs_is_registered() -> None:
    known = set(table_keys())
    missing = [
        (key, page.name)
        for page in sorted((ROOT / "docs").glob("*.md"))
        for key in DIRECTIVE.findall(page.read_text(encoding="utf-8"))
        if key not in known
    ]
    assert not missing


def test_every_table_builds() -> None:
    for key in table_keys():
        table = get_table(key)
        assert table.key == key and table.rows, key


def test_engine_strings_are_marked_as_literals_only() -> None:
    """``N_`` marks string literals for extraction; data-derived names are ``Msg``."""
    wrong = []
    for source in sorted((ROOT / "nqcore").glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_":
                argument = node.args[0] if node.args else None
                if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
                    wrong.append(f"{source.name}:{node.lineno}")
    assert not wrong


# --- Creating A Profile ------------------------------------------------------------------------


def test_recommended_maxima() -> None:
    assert get_table("creating-a-profile-max-ac").rows == (
        ("Characters", 12),
        ("Individuals", 12),
        ("Unit Leaders", 12),
        ("Elite", 12),
        ("Core", 10),
    )
    assert column(get_table("creating-a-profile-max-t"), "Max T") == [8, 7, 6, 6, 5]
    assert column(get_table("creating-a-profile-max-w"), "Model Type") == [
        "Individuals",
        "Unit Leaders",
        "Elite",
        "Core",
    ]
    assert get_table("creating-a-profile-max-ar").rows == (
        ("Unit Leaders", 5),
        ("Elite", 5),
        ("Core", 4),
    )


def test_armour_types_shield_and_barding() -> None:
    worn = get_table("creating-a-profile-armour-types").rows
    assert worn == (
        ("No Armour", 0),
        ("Leather Armour", "1–2"),
        ("Light Armour", 3),
        ("Heavy Armour", 4),
        ("Shield", 1),
    )
    assert isinstance(worn[-1][1], Signed)
    natural = get_table("creating-a-profile-natural-armour").rows
    assert natural == get_table("army-armour-values-natural").rows
    assert natural[1:4] == (("Toughened Hide", "1–2"), ("Scaly Hide", "3–4"), ("Carapace", "5–6"))
    assert get_table("army-armour-values-human").rows[1] == ("Leather Armour", 2)
    assert get_table("creating-a-profile-shield-cost").rows == ((1, 1),)
    assert get_table("creating-a-profile-barding-cost").rows == ((1, 3),)


# --- profiles ----------------------------------------------------------------------------------


def test_starting_profile_and_basic_warrior() -> None:
    start = get_table("profile-starting")
    assert start.rows == (("Starting Profile", 8, 3, 3, 3, 3, 1, 4, 0, 9, 9),)
    warrior = get_table("profile-basic-warrior")
    assert warrior.rows[0][:8] == ("Basic Warrior", 8, 4, 5, 4, 4, 1, 6)
    assert warrior.rows[0][-2:] == (20, 21)  # the erratum basic-warrior-toughness-cost
    points = get_table("profile-basic-warrior-points")
    assert column(points, "Points Cost") == [0, 3, 4, 4, 4, 0, 6, 21]


def test_combination_models_and_chariots() -> None:
    warlord = get_table("profile-orc-warlord-on-dragon")
    assert warlord.rows[1][:5] == ("Dragon", None, 3, 6, 7)
    details = dict(warlord.details)
    assert details["Weapons"] == Phrase(("Broadsword", " (", "UC", 5, ", ", "ST", 2, ")"))
    assert details["Armour (AR)"] == Phrase(("Heavy Armour, Shield", " (", "AR", 5, ")"))
    dragon = details["Dragon"]
    assert isinstance(dragon, Phrase) and "Fire breath" in dragon and "TTL" in dragon
    # The teardrop in the reader's abbreviation, the glossary's and the template sheets' (GGG).
    assert cell_text(dragon, "fr").endswith("(CU8, F4, GGG)"), cell_text(dragon, "fr")
    assert details["Structure"] == "Individual"
    vampire = get_table("profile-vampire-on-demon-beast")
    vampire_profile = example_profile("vampire-on-demon-beast").profile
    assert vampire.rows[0][-1] == profile_points(vampire_profile).total
    chariot = get_table("profile-chariot-driver-weaponeer")
    assert [row[0] for row in chariot.rows] == ["Chariot", "Driver", "Weaponeer"]
    assert chariot.rows[0][1:4] == (12, None, None)
    assert get_table("profile-chariot-and-driver").rows[0][8] == 4  # Chariot Save (AR4)


def test_the_army_sample_profiles() -> None:
    assert get_table("army-model-profile").rows == (
        ("Basic Soldier", 8, 4, 5, 4, 4, 1, 6),
        ("Hero", 10, 5, 6, 5, 5, 2, 7),
    )
    swordmaster = get_table("army-sample-swordmaster")
    assert swordmaster.rows[0][-3:] == (3, 44, 44)
    assert dict(swordmaster.details)["Structure"] == Phrase(("Elite", ", ", "3+ per unit"))


@pytest.mark.parametrize("sample", sample_profiles(), ids=lambda s: s.profile.key)
def test_sample_profile_tables(sample: object) -> None:
    from nqcore.army.profile_files import SampleProfile

    assert isinstance(sample, SampleProfile)
    table = get_table(f"sample-{sample.profile.key}")
    printed, computed = table.rows[0][-2:]
    assert printed == sample.printed_points
    assert computed == profile_points(sample.profile).total
    assert len(table.rows) == 1 + len(sample.profile.elements)
    assert [label for label, _ in table.details][:3] == ["Weapons", "Armour (AR)", "Special Rules"]


# --- the Profile Creation Summary ----------------------------------------------------------------

#: Model Characteristics Summary (book lines 3814-3821), column by column.
SUMMARY_COSTS = {
    "Actions": [-4, -2, 0, 3, 7, 11, 16],
    "Ranged Attack": [0, 0, 1, 3, 4, 6, 10, 15],
    "Close Combat": [0, 0, 1, 2, 4, 6, 10, 15],
    "Strength": [0, 1, 2, 4, 7, 11, 16, 21],
    "Toughness": [0, 1, 2, 4, 7, 11, 16, 21],
    "Wounds": [0, 10, 25, 45, 70, 100],  # W 7 and W 8: an erratum
    "Command": [1, 2, 3, 4, 6, 9, 13, 18],
}


def test_model_characteristics_summary() -> None:
    table = get_table("summary-model-characteristics")
    names = table.columns[::2]
    assert list(names) == list(SUMMARY_COSTS)
    for index, name in enumerate(names):
        costs = [row[2 * index + 1] for row in table.rows if row[2 * index] is not None]
        printed = SUMMARY_COSTS[name]
        assert costs[: len(printed)] == printed, name
    wounds = [row[11] for row in table.rows if row[10] is not None]
    assert wounds[6:] == [135, 175]
    starting_row = table.rows[2]
    assert starting_row[::2] == (8, 3, 3, 3, 3, 1, 4)  # the starting profile shares a row
    ids = {e.id for e in all_errata()}
    assert "model-characteristics-summary-wounds" in ids


def test_model_characteristics_summary_note_says_what_its_row_costs() -> None:
    """The note under the summary says what the starting profile's row shows: its values share a
    row, and that row's costs add up to the starting profile's points. It once said that they
    "cost +0", while the row costs +0, +1, +1, +2, +2, +0 and +3: 9 points."""
    from nqcore.i18n import translator

    table = get_table("summary-model-characteristics")
    start = example_profile("starting-profile").profile
    values = tuple(getattr(start, key) for key in ("ac", "ra", "cc", "st", "t", "w", "co"))
    rows = [row for row in table.rows if row[::2] == values]
    assert len(rows) == 1, "the starting profile's values share one row"
    costs = [int(cost) for cost in rows[0][1::2]]
    assert sum(costs) == profile_points(start).total
    (note,) = table.notes
    free = all(cost == 0 for cost in costs)
    assert ("+0" in note) == free, note
    assert "starting profile's points" in note
    assert ("+0" in translator("fr")(note)) == free
    assert "points du profil de départ" in translator("fr")(note)


def test_model_characteristics_summary_names_each_cost_column() -> None:
    """Seven columns headed "Points Cost" did not say whose cost they were: each is its own, in
    each language."""
    from nqcore.i18n import translator

    headings = get_table("summary-model-characteristics").columns[1::2]
    assert list(headings) == [f"{a} Cost" for a in ("AC", "RA", "CC", "ST", "T", "W", "CO")]
    french = [translator("fr")(heading) for heading in headings]
    assert french == [f"Coût {a}" for a in ("Ac", "AD", "CC", "F", "R", "B", "Co")]


def test_armour_and_limits_summaries_repeat_the_chapter() -> None:
    armour = get_table("summary-armour")
    assert column(armour, "Points Cost") == [0, 1, 2, 4, 7, 11, 15, 20]
    assert armour.rows[0][2:] == (1, 1) and armour.rows[1][2:] == (None, None)
    assert get_table("summary-barding").rows == get_table("creating-a-profile-barding-cost").rows
    limits = get_table("ability-limits")
    summary = get_table("summary-ability-limits")
    assert summary.columns == limits.columns == ("Model Type", "Abilities", "Traits", "Equipment")
    assert summary.rows == limits.rows


def test_summary_limits_give_the_traits_of_the_engine() -> None:
    """Erratum summary-lists-omissions: the summary's Traits column, from the engine's limits."""
    summary = get_table("summary-ability-limits")
    kinds = datafiles.load("characteristic_costs.toml")["limits"]["types"]
    types = [ModelType(kind) for kind in kinds]
    engine = [limits["traits"] for limits in map(ability_limits, types) if limits is not None]
    assert column(summary, "Traits") == engine == [3, 3, 2, 2, 2]


#: Standard Weapons Points Cost (book lines 3843-3856), by the armoury's names: UC, ST, PM, points.
STANDARD_WEAPONS = {
    "Improvised": (3, 0, None, "Free"),
    "Dagger/Knife": (3, 0, -1, 1),
    "Sword": (4, 1, None, 3),
    "Broadsword": (5, 2, None, 8),
    "Scythe": (5, 2, None, 8),
    "Mace": (4, 1, None, 3),
    "Axe": (4, 1, -1, 4),
    "Battle-axe": (5, 2, None, 8),
    "Flail": (4, 1, None, 3),
    "Hammer": (4, 1, None, 3),
    "War Hammer": (5, 2, None, 8),
    "Spear": (4, 1, None, 4),  # printed 3: an erratum
    "Halberd": (5, 2, None, 9),  # printed 8: an erratum
    "Lance": (5, 2, None, 5),
}


def test_standard_weapons_summary() -> None:
    rows = {row[0]: row[1:] for row in get_table("summary-standard-weapons").rows}
    for name, expected in STANDARD_WEAPONS.items():
        assert rows[name] == expected, name
    assert set(rows) - set(STANDARD_WEAPONS) == {"Hand Weapon", "Whip"}  # an erratum
    assert all(isinstance(row[1], Signed) for row in rows.values())


def test_close_combat_weapon_profiles() -> None:
    table = get_table("summary-close-combat-weapon-profiles")
    assert column(table, "Cost") == [0, 1, 3, 6, 3, 4, 6, 9, 8, 9, 11, 14, 14, 15, 17, 20]
    assert column(table, "UC") == [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4
    assert table.rows[5][1:] == (None, "Close Combat", None, 1, -1, 4)


def test_ranged_combat_weapon_profiles() -> None:
    table = get_table("summary-ranged-combat-weapon-profiles")
    assert column(table, "Cost") == [
        -2,
        -1,
        0,
        1,
        2,
        3,
        5,
        7,
        -1,
        0,
        1,
        2,
        3,
        4,
        6,
        8,
        1,
        2,
        3,
        4,
        5,
        6,
        8,
        10,
        3,
        4,
        5,
        6,
        7,
        8,
        10,
        12,
    ]
    assert table.rows[0] == (3, "3/+1", "6/+0", "9/-1", 3, None, -2)
    assert table.rows[-1] == (6, "15/+1", "30/+0", "45/-1", 6, None, 12)


def test_teardrop_template_examples() -> None:
    table = get_table("summary-teardrop-templates")
    assert column(table, "UC") == [5, 5, 6, 7, 8, 9, 6, 6, 6, 7, 8, 9, 8, 8, 8, 8, 8, 9]
    assert column(table, "Cost") == [
        5,
        6,
        8,
        10,
        12,
        16,
        13,
        14,
        16,
        18,
        20,
        24,
        31,
        32,
        34,
        36,
        38,
        42,
    ]


# --- weapon creation ---------------------------------------------------------------------------


def test_weapon_creation_tables() -> None:
    assert get_table("weapon-creation-support-use-cost").rows == tuple(
        (st, st) for st in range(3, 10)
    )  # ST + 1 printed: an erratum
    assert column(get_table("weapon-creation-strength-to-range-ratio"), "Maximum Strength") == [
        8,
        8,
        7,
        7,
        6,
        6,
        5,
        5,
    ]
    assert column(
        get_table("weapon-creation-strength-to-area-effect-ratio"), "Maximum Strength"
    ) == [9, 8, 7, 6, 5]
    assert get_table("weapon-creation-teardrop-strength-cost").rows == (
        get_table("support-strength-cost").rows
    )
    assert get_table("weapon-creation-teardrop-use-cost").rows == (
        ("Small (TTS)", "ST+1", 5),
        ("Medium (TTM)", "ST+1", 6),
        ("Large (TTL)", "ST+1", 8),
    )
    assert column(get_table("weapon-creation-teardrop-maximum-strength"), "Maximum Strength") == [
        8,
        7,
        6,
    ]
    assert column(get_table("teardrop-points"), "Points Cost") == [6, 14, 32]
    assert get_table("weapon-creation-grenade-knock-prone").rows == (("Knock Prone", 2),)
    assert get_table("equipment-grenades").rows[1] == (4, 2, 3, 4, 6, 8, 12)


SPECIAL_RULES = {
    "weapon-creation-knock-prone-cost": [("Knock Prone", "Yes", "No", "Yes", "Yes", 2)],
    "weapon-creation-burst-fire-cost": [
        ("Burst Fire (x2)", "No", "Yes", "Yes", "No", 4),
        ("Burst Fire (x3)", "No", "No", "Yes", "No", 10),
        ("Burst Fire (x4)", "No", "No", "Yes", "No", 18),
    ],
    "weapon-creation-indirect-fire-cost": [("Indirect", "No", "No", "Yes", "No", 3)],
    "weapon-creation-projectile-travel-cost": [
        ('Travel (D5")', "No", "No", "Yes", "No", 2),
        ('Travel (D10")', "No", "No", "Yes", "No", 4),
    ],
    "weapon-creation-save-x2-cost": [("Save (x2)", "Yes", "Yes", "Yes", "Yes", 2)],
    "weapon-creation-extra-wound-cost": [("Extra Wound", "Characters Only", "No", "Yes", "No", 18)],
}


@pytest.mark.parametrize("key", SPECIAL_RULES)
def test_weapon_special_rule_tables(key: str) -> None:
    table = get_table(key)
    assert list(table.rows) == SPECIAL_RULES[key]
    assert isinstance(table.rows[0][-1], Signed)


def test_each_armoury_row_names_its_weapon() -> None:
    """The rows of the armoury tables carry their weapon's key (the site's row anchors)."""
    weapons = {}
    for w in (*hand_weapons(), *ranged_weapons(), *support_weapons()):
        weapons[w.key] = w
        if w.melee is not None:  # the Slingstaff's staff, on the row after it
            weapons[w.melee.key] = w.melee
    for key in ("hand-weapons", "ranged-weapons", "support-weapons"):
        table = get_table(key)
        assert [weapons[k].name for k in table.row_keys] == [row[0] for row in table.rows]
    ranged = get_table("ranged-weapons").row_keys
    assert ranged[ranged.index("slingstaff") + 1] == "staff"


def test_row_keys_must_match_the_rows() -> None:
    with pytest.raises(ValueError, match="table t: 1 row keys for 2 rows"):
        Table(
            key="t",
            title=Msg("T"),
            columns=(Msg("A"),),
            rows=((1,), (2,)),
            source="s",
            row_keys=("a",),
        )


def test_no_table_heads_a_column_with_the_undefined_sr() -> None:
    """The erratum "SR in the weapon creation tables" says this edition's tables print CR (close
    range, as Weapon Profile defines it): no generated table heads a column "SR"."""
    from nqcore.tables.registry import get_table, table_keys

    headed = {key: get_table(key).columns for key in table_keys()}
    assert [key for key, columns in headed.items() if "SR" in columns] == []
    assert [key for key, columns in headed.items() if "CR" in columns] != []
