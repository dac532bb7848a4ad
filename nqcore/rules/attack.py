"""The whole attack: to hit, armour save, to wound, as exact chances.

Book sections: "Striking The Enemy" (Close Combat), "Ranged Attack Modifiers" (Ranged Combat),
"Masterful Hit", "Fumbles" (Actions), "Armour Saves", "Damage", "Parry", "Voluntarily Retreating
From Combat", and "Poisonous Attack" (Abilities).  The attacker rolls to hit against its CC or RA;
a hit is saved on the target's armour; an unsaved hit wounds on 5 + ST - T.  A masterful hit (a
natural 1 to hit) allows no armour save.

The functions take plain integers so they work for any profile and weapon.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb, floor

from nqcore.i18n import N_, Msg
from nqcore.rules.armour import save_chance
from nqcore.rules.close_combat import PARRY_FUMBLE_ARMOUR, RETREAT_SAVE_MODIFIER
from nqcore.rules.damage import wound_chance
from nqcore.rules.dice import FUMBLE_ROLL, AttackRoll, attack_roll, d10_distribution, hit_chance
from nqcore.tables.registry import Cell, Chance, Table, register_table


@dataclass(frozen=True)
class AttackChances:
    """Exact chances of each step of one attack (one die to hit).

    ``hit`` includes masterful hits; ``save`` is the chance that an ordinary hit is saved;
    ``unsaved`` the chance that the attack hits and gets through (not parried, not saved);
    ``wound`` the chance that an unsaved ordinary hit wounds; ``total`` the chance that the
    attack wounds.
    """

    to_hit_target: int | None
    hit: Fraction
    masterful: Fraction
    fumble: Fraction
    parried: Fraction
    save: Fraction
    unsaved: Fraction
    wound: Fraction
    total: Fraction


@dataclass(frozen=True)
class Defence:
    """The target's side of an attack: its armour value (``armour``), the armour's
    ``resilience``, a ranked or closed formation (``ranked``, +1 AR), any other change to its save
    (``save_modifier``), a lucky save or special armour (:func:`nqcore.rules.armour.save_chance`),
    and whether it parries every hit (``parry``: "Parry", it must roll under the attacker's die;
    a natural 10 lowers its armour by 1); ``saves``: the armour saves a hit demands (two against
    a weapon with Save (x2): one failure lets it through)."""

    armour: int = 0
    resilience: int = 0
    ranked: bool = False
    save_modifier: int = 0
    lucky_save: bool = False
    special_armour: bool = False
    parry: bool = False
    saves: int = 1


#: A target without armour, which does not parry.
UNARMOURED = Defence()


def attack_chances(
    skill: int,
    strength: int,
    toughness: int,
    *,
    defence: Defence = UNARMOURED,
    to_hit_modifier: int = 0,
    penetration: int = 0,
    armour_mod: int | None = None,
    poisonous: bool = False,
    unerring: bool = False,
    masterful_allowed: bool = True,
    automatic_hit: bool = False,
) -> AttackChances:
    """The exact chance that one attack wounds, step by step.

    ``skill`` is the attacker's CC or RA, ``to_hit_modifier`` the sum of its modifiers (see
    :func:`nqcore.rules.close_combat.close_combat_modifier_total`,
    :func:`nqcore.rules.ranged.ranged_target`).
    ``strength`` is the attack's strength (model ST plus weapon bonus, or the ranged weapon's ST);
    its armour modifier follows from it unless ``armour_mod`` is given; ``penetration`` is the
    weapon's PM.  ``defence`` describes the target (:class:`Defence`).  ``poisonous``: a masterful
    hit wounds automatically (Abilities > "Poisonous Attack").  ``automatic_hit``: no roll to hit
    (a voluntary retreat's free hit, see :func:`retreat_free_hit_chances`).

    >>> result = attack_chances(5, 4, 4, defence=Defence(armour=3), to_hit_modifier=1)
    >>> result.hit, result.masterful, result.save, result.wound, result.total
    (Fraction(3, 5), Fraction(1, 10), Fraction(3, 10), Fraction(1, 2), Fraction(9, 40))
    """
    after = _AfterTheHit(strength, toughness, defence, penetration, armour_mod, poisonous)
    if automatic_hit:
        through, wounded = after.unsaved_and_wounded(False, 0)
        return AttackChances(
            to_hit_target=None,
            hit=Fraction(1),
            masterful=Fraction(0),
            fumble=Fraction(0),
            parried=Fraction(0),
            save=after.ordinary_save(),
            unsaved=through,
            wound=wound_chance(strength, toughness),
            total=wounded,
        )
    target = skill + to_hit_modifier
    return _rolled(target, after, unerring=unerring, masterful_allowed=masterful_allowed)


@dataclass(frozen=True)
class _AfterTheHit:
    """What follows a hit: the target's save against the attack's strength, then the wound."""

    strength: int
    toughness: int
    defence: Defence
    penetration: int
    armour_mod: int | None
    poisonous: bool

    def unsaved_and_wounded(self, masterful: bool, extra_save: int) -> tuple[Fraction, Fraction]:
        """The chance that a hit gets through the armour, and that it also wounds."""
        defence = self.defence
        saved = save_chance(
            defence.armour,
            self.strength,
            penetration=self.penetration,
            resilience=defence.resilience,
            ranked=defence.ranked,
            modifier=defence.save_modifier + extra_save,
            armour_mod=self.armour_mod,
            lucky_save=defence.lucky_save,
            masterful_hit=masterful,
            special_armour=defence.special_armour,
        )
        through = 1 - saved**defence.saves  # Save (x2): both saves must pass
        if masterful and self.poisonous:
            return through, through
        return through, through * wound_chance(self.strength, self.toughness)

    def ordinary_save(self) -> Fraction:
        """One save against an ordinary hit (of the two a Save (x2) hit demands)."""
        single = _AfterTheHit(
            self.strength,
            self.toughness,
            replace(self.defence, saves=1),
            self.penetration,
            self.armour_mod,
            self.poisonous,
        )
        return 1 - single.unsaved_and_wounded(False, 0)[0]


def _rolled(
    target: int, after: _AfterTheHit, *, unerring: bool, masterful_allowed: bool
) -> AttackChances:
    """The chances of an attack rolled to hit against ``target``, each face of the die (and of
    the target's parry roll) followed through the save and the wound."""
    faces = d10_distribution()
    hit = masterful_total = fumble = parried = unsaved = total = Fraction(0)
    for natural, chance in faces.items():
        outcome = attack_roll(
            natural, target, unerring=unerring, masterful_allowed=masterful_allowed
        )
        if outcome is AttackRoll.FUMBLE:
            fumble += chance
        if not outcome.hits:
            continue
        is_masterful = outcome is AttackRoll.MASTERFUL_HIT
        hit += chance
        if is_masterful:
            masterful_total += chance
        # (parry roll, its chance, extra save modifier); no parry: one certain "roll".
        parries = list(faces.items()) if after.defence.parry else [(None, Fraction(1))]
        for parry_natural, parry_chance in parries:
            weight = chance * parry_chance
            if parry_natural is not None and parry_natural < natural:
                parried += weight
                continue
            extra = PARRY_FUMBLE_ARMOUR if parry_natural == FUMBLE_ROLL else 0
            through, wounded = after.unsaved_and_wounded(is_masterful, extra)
            unsaved += weight * through
            total += weight * wounded
    return AttackChances(
        to_hit_target=target,
        hit=hit,
        masterful=masterful_total,
        fumble=fumble,
        parried=parried,
        save=after.ordinary_save(),
        unsaved=unsaved,
        wound=wound_chance(after.strength, after.toughness),
        total=total,
    )


def retreat_free_hit_chances(
    base_strength: int,
    toughness: int,
    *,
    armour: int = 0,
    resilience: int = 0,
    ranked: bool = False,
    lucky_save: bool = False,
) -> AttackChances:
    """Per "Voluntarily Retreating From Combat": the free, automatic hit at the attacker's basic ST,
    saved at an extra -1.

    >>> retreat_free_hit_chances(4, 4, armour=3).total
    Fraction(2, 5)
    """
    defence = Defence(
        armour=armour,
        resilience=resilience,
        ranked=ranked,
        lucky_save=lucky_save,
        save_modifier=RETREAT_SAVE_MODIFIER,
    )
    return attack_chances(0, base_strength, toughness, defence=defence, automatic_hit=True)


def wounds_distribution(chance: Fraction, attacks: int) -> dict[int, Fraction]:
    """How many of ``attacks`` independent attacks wound, each with ``chance`` (for the dice of an
    extra attack or a burst, each hit is saved and wounded on its own: Abilities > "Extra Attack").

    >>> wounds_distribution(Fraction(1, 2), 2)
    {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    """
    if attacks < 0:
        raise ValueError("the number of attacks cannot be negative")
    if not 0 <= chance <= 1:
        raise ValueError("a chance lies between 0 and 1")
    return {
        n: comb(attacks, n) * chance**n * (1 - chance) ** (attacks - n) for n in range(attacks + 1)
    }


def wounds_at_least(chance: Fraction, attacks: int) -> dict[int, Fraction]:
    """The chance that at least k of ``attacks`` independent attacks wound, each with ``chance``,
    for k from 1 to ``attacks``: the whole attack of several models, each die of each model
    saved and wounded on its own (Abilities > "Extra Attack").

    >>> wounds_at_least(Fraction(1, 2), 2)
    {1: Fraction(3, 4), 2: Fraction(1, 4)}
    >>> wounds_at_least(Fraction(19, 100), 5)[1]  # five models, each wounding 19 % of the time
    Fraction(6513215599, 10000000000)
    """
    exactly = wounds_distribution(chance, attacks)
    found: dict[int, Fraction] = {}
    total = Fraction(0)
    for wounds in range(attacks, 0, -1):
        total += exactly[wounds]
        found[wounds] = total
    return dict(sorted(found.items()))


#: The chances a player reads as neither sure nor impossible: "more than 99.9%" and "less than
#: 0.1%" outside them (:func:`nqcore.cli.render.percent`).
READABLE = (Fraction(1, 2000), Fraction(1999, 2000))
#: The chances of "at least k wounds" a short spread shows the counts nearest to: nine times in
#: ten, half the time, one time in ten (the points an "at least" chart is read by).
SPREAD_CHANCES = (Fraction(9, 10), Fraction(1, 2), Fraction(1, 10))
#: At most this many counts a player can read: every one of them, none picked.
SPREAD_ALL = 6
#: The least chance of "at least k" a short answer lists every count down to (player round
#: fourteen: "every count from the first up to where it falls below 1 %").
SPREAD_DOWN_TO = Fraction(1, 100)


def spread_counts(at_least: Sequence[Fraction], expected: Fraction) -> list[int]:
    """The counts of wounds a short answer gives the chance of "at least k" for, beyond one
    (at least one wound is the attack's own chance, said with its average): of the counts
    whose chance is neither sure nor impossible (:data:`READABLE`), every one down to the first
    below :data:`SPREAD_DOWN_TO` when they are at most :data:`SPREAD_ALL`; else those nearest
    nine in ten, one in two and one in ten (:data:`SPREAD_CHANCES`), and the average rounded:
    landmarks, which the answer says they are.  ``at_least[k - 1]`` is the chance of at least
    ``k`` (:func:`wounds_at_least`).

    >>> spread_counts(list(wounds_at_least(Fraction(42, 100), 30).values()), Fraction(63, 5))
    [10, 13, 17]
    >>> spread_counts(list(wounds_at_least(Fraction(19, 100), 5).values()), Fraction(19, 20))
    [2, 3]
    """
    low, high = READABLE
    readable = [k for k, chance in enumerate(at_least, start=1) if k > 1 and low <= chance <= high]
    every = [k for k in readable if at_least[k - 1] >= SPREAD_DOWN_TO]
    if len(every) <= SPREAD_ALL:
        return every
    picked = {
        min(readable, key=lambda k: (abs(at_least[k - 1] - aim), k)) for aim in SPREAD_CHANCES
    }
    average = floor(expected + Fraction(1, 2))
    if average in readable:
        picked.add(average)
    return sorted(picked)


@dataclass(frozen=True)
class DiceWounds:
    """What several dice rolled to hit at once wound (Abilities > "Extra Attack": each hit is
    saved and wounded on its own): the chance that at least one die wounds, and the wounds
    expected (overkill wounds, carried to another enemy in contact, included)."""

    dice: int
    at_least_one: Fraction
    expected: Fraction


def dice_wounds(chance: Fraction, dice: int) -> DiceWounds:
    """The wounds of ``dice`` dice rolled to hit together, each wounding with ``chance``.

    >>> found = dice_wounds(Fraction(1, 2), 2)
    >>> found.at_least_one, found.expected
    (Fraction(3, 4), Fraction(1, 1))
    """
    if dice < 1:
        raise ValueError("roll at least one die to hit")
    none = wounds_distribution(chance, dice)[0]
    return DiceWounds(dice=dice, at_least_one=1 - none, expected=dice * chance)


#: The chance-to-hit table: CC or RA 1 to 10, total modifier -3 to +3.
TABLE_SKILLS = range(1, 11)
TABLE_MODIFIERS = range(-3, 4)
_MODIFIER_COLUMNS: dict[int, Msg] = {
    -3: N_("Modifier -3"),
    -2: N_("Modifier -2"),
    -1: N_("Modifier -1"),
    0: N_("No modifier"),
    1: N_("Modifier +1"),
    2: N_("Modifier +2"),
    3: N_("Modifier +3"),
}


@register_table("chance-to-hit")
def chance_to_hit_table() -> Table:
    """Chance to hit with one die for each CC or RA value and total modifier."""
    rows: list[tuple[Cell, ...]] = [
        (skill, *(Chance(hit_chance(skill + m)) for m in TABLE_MODIFIERS)) for skill in TABLE_SKILLS
    ]
    return Table(
        key="chance-to-hit",
        title=N_("Chance to hit"),
        columns=(N_("CC or RA"), *(_MODIFIER_COLUMNS[m] for m in TABLE_MODIFIERS)),
        rows=tuple(rows),
        source="Close Combat > Striking The Enemy",
        notes=(
            N_("A natural 10 is a fumble and always misses."),
            N_("For a ranged attack, the modifier includes the weapon's range modifier."),
        ),
    )
