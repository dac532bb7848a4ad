"""The Odds page's tables show what their titles say: each cell is recounted here face by face
from the book's rules (roll equal to or under; natural 1 and natural 10), not from the function
that built the table."""

from __future__ import annotations

from fractions import Fraction

from nqcore.army.armoury import weapon
from nqcore.rules.ranged import WeaponRanges, ranged_hit_chance
from nqcore.tables.registry import get_table

FACES = range(1, 11)


def faces_under(target: int, *, one_always: bool = False) -> Fraction:
    """The share of D10 faces equal to or under ``target``, a natural 10 always failing."""
    passing = [f for f in FACES if f != 10 and (f <= target or (one_always and f == 1))]
    return Fraction(len(passing), 10)


def test_chance_to_hit() -> None:
    table = get_table("chance-to-hit")
    modifiers = [-3, -2, -1, 0, 1, 2, 3]
    assert table.columns[1:] == (
        "Modifier -3",
        "Modifier -2",
        "Modifier -1",
        "No modifier",
        "Modifier +1",
        "Modifier +2",
        "Modifier +3",
    )
    for row in table.rows:
        skill = row[0]
        assert isinstance(skill, int)
        for modifier, cell in zip(modifiers, row[1:], strict=True):
            # "Striking The Enemy": equal to or under; a natural 10 is a fumble and misses.
            assert cell == faces_under(skill + modifier), (skill, modifier)


def test_chance_to_hit_reads_for_ranged_attacks_too() -> None:
    """A bow's close, medium and long range (+1, +0, -1) are the columns +1, none and -1."""
    table = get_table("chance-to-hit")
    bow = WeaponRanges.of(weapon("bow").ranges)
    for row in table.rows:
        ra = row[0]
        assert isinstance(ra, int)
        assert [ranged_hit_chance(ra, d, bow) for d in (10, 20, 30)] == [row[5], row[4], row[3]]


def test_chance_to_save() -> None:
    table = get_table("chance-to-save")
    strengths = list(range(3, 11))
    for row in table.rows:
        armour = row[0]
        assert isinstance(armour, int)
        for strength, cell in zip(strengths, row[1:], strict=True):
            # "Armour Modifier": -1 per point of strength above 4; a natural 10 always fails.
            modified = armour - max(0, strength - 4)
            assert cell == faces_under(modified), (armour, strength)


def test_chance_to_wound() -> None:
    table = get_table("chance-to-wound")
    for row in table.rows:
        strength = row[0]
        assert isinstance(strength, int)
        for toughness, cell in zip(range(1, 11), row[1:], strict=True):
            # "Damage": 5 + ST - T; a natural 1 always wounds, a natural 10 never does.
            expected = faces_under(5 + strength - toughness, one_always=True)
            assert cell == expected, (strength, toughness)


def test_chance_to_cast() -> None:
    for key, bonus in (("chance-to-cast", 0), ("chance-to-cast-concentrating", 1)):
        table = get_table(key)
        assert table.columns[-1] == "Wizardry 4"  # named characters' level (proof round 28)
        for row in table.rows:
            level = row[0]
            assert isinstance(level, int)
            for wizardry, cell in enumerate(row[1:]):
                # "Casting A Spell": level + wizardry level (+1 concentrating); a 10 fails.
                assert cell == faces_under(level + wizardry + bonus)
