"""Close combat: striking the enemy, its modifiers, assistance, parry, retreat, momentum, pushback.

Book chapter "Close Combat" (pp. 24-27) and the sections of "Actions" it relies on ("Momentum
Attack", "Masterful Hit", "Fumbles", "Extra Attack Fumbles").  A model strikes by rolling equal to
or under its modified close combat (CC) value on a D10 ("Striking The Enemy"); a natural 1 is a
masterful hit and a natural 10 a fumble (see :mod:`nqcore.rules.dice`).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from nqcore.i18n import N_
from nqcore.rules.dice import (
    AttackRoll,
    DiceVolley,
    Modifier,
    VolleyChances,
    attack_roll,
    check_d10,
    d10_distribution,
    hit_chance,
    keep_better,
    load_modifiers,
    total_modifier,
    volley_chances,
    volley_distribution,
)
from nqcore.tables.registry import Signed, Table, register_table

#: "Close Combat": the base (improvised) attack costs 3 actions; a weapon adds its ST bonus.
IMPROVISED_USE_COST = 3
#: "Momentum Attack": a charging model gains 3 extra actions for the first round of combat.
MOMENTUM_ACTIONS = 3
#: "Attacks Against Very Large Targets": siege weapon models always hit a VLT on 9 or less.
VERY_LARGE_TARGET_HIT = 9
#: "Voluntarily Retreating From Combat": the free hit's armour save is at an extra -1.
RETREAT_SAVE_MODIFIER = -1
#: "Parry": a natural 10 rolled to parry lowers the defender's armour (AR) by 1.
PARRY_FUMBLE_ARMOUR = -1
#: "Parry": only models with a base CC of 6 or more may parry.
PARRY_MINIMUM_CC = 6
#: "Extra Attack Fumbles": the enemy's free attack after two natural 10s is made at CC+1.
DOUBLE_FUMBLE_FREE_ATTACK_BONUS = 1
#: "Follow Up Movement": a free 2" move after killing an opponent.
FOLLOW_UP_INCHES = 2
#: "Pushback": a ranked unit outnumbering the enemy models by 3 to 1 or more pushes them back.
PUSHBACK_RATIO = 3

_ASSISTANCE = "combat-assistance"


def close_combat_modifiers() -> dict[str, Modifier]:
    """The named close combat modifiers ("Close Combat Modifiers" and the sections they cite)."""
    return load_modifiers("close_combat_modifiers.toml")


def combat_assistance_bonus(assisted: bool, *, team_work_assistants: int = 0) -> int:
    """The CC bonus for friendly assistance ("Combat Assistance", Abilities > "Team Work").

    Assistance gives CC+1 and is not cumulative; with the team work ability the attacker gains
    CC+1 for each other friendly team work model in the same combat, without limit.

    >>> combat_assistance_bonus(True), combat_assistance_bonus(True, team_work_assistants=3)
    (1, 3)
    """
    if team_work_assistants < 0:
        raise ValueError("the number of team work assistants cannot be negative")
    return max(1 if assisted else 0, team_work_assistants)


def team_work_strength_bonus(team_work_assistants: int) -> int:
    """Abilities > "Team Work": ST+1 for each other friendly team work model in the combat."""
    if team_work_assistants < 0:
        raise ValueError("the number of team work assistants cannot be negative")
    return team_work_assistants


def close_combat_modifier_total(
    modifiers: Iterable[str] = (), *, team_work_assistants: int = 0
) -> int:
    """The sum of the named close combat modifiers ("Close Combat Modifiers").

    Unknown names raise ``ValueError`` naming the modifier.
    """
    keys = list(modifiers)
    known = close_combat_modifiers()
    others = [key for key in keys if key != _ASSISTANCE]
    total = total_modifier(others, known, kind="close combat modifier")
    return total + combat_assistance_bonus(
        _ASSISTANCE in keys, team_work_assistants=team_work_assistants
    )


def close_combat_target(
    cc: int, modifiers: Iterable[str] = (), *, team_work_assistants: int = 0
) -> int:
    """The number a model must roll equal to or under to strike ("Striking The Enemy",
    "Close Combat Modifiers").

    >>> close_combat_target(5, ["charging"])  # a Regency soldier (CC5) charging a Goblin
    6
    >>> close_combat_target(4, ["charging"])  # a Goblin (CC4) charging a Regency soldier
    5
    """
    return cc + close_combat_modifier_total(modifiers, team_work_assistants=team_work_assistants)


def close_combat_hit_chance(
    cc: int, modifiers: Iterable[str] = (), *, team_work_assistants: int = 0
) -> Fraction:
    """Exact chance of striking with one die ("Striking The Enemy"; a natural 10 is a fumble)."""
    return hit_chance(close_combat_target(cc, modifiers, team_work_assistants=team_work_assistants))


def very_large_target_target(*, siege_weapon: bool) -> int:
    """Per "Attacks Against Very Large Targets": a siege weapon model hits a VLT on 9 or less.

    Only models with the siege weapon trait can damage very large targets ("Structures And
    Colossal Creatures", Traits > "Siege Weapon"), so others raise ``ValueError``.
    """
    if not siege_weapon:
        raise ValueError("only models with the siege weapon trait can damage a very large target")
    return VERY_LARGE_TARGET_HIT


#: The ability, and its modifier, of an attack that rolls several dice (Abilities > "Extra
#: Attack": every die at CC-1).
EXTRA_ATTACK = "extra-attack"


def extra_attack_dice() -> range:
    """The dice an extra attack rolls: one a level of the ability (Abilities > "Extra Attack",
    x2 to x4 in ``abilities.toml``).

    >>> extra_attack_dice()
    range(2, 5)
    """
    from nqcore.army.features import feature

    levels = feature("ability", EXTRA_ATTACK).levels
    dice = [level_dice(level.level) for level in levels]
    return range(min(dice), max(dice) + 1)


def level_dice(level: str) -> int:
    """The dice of a level of the extra attack ability: "x3" rolls three.

    >>> level_dice("x3")
    3
    """
    return int(level.removeprefix("x"))


def extra_attack_target(cc: int, dice: int, modifiers: Iterable[str] = ()) -> int:
    """The target of each die of an extra attack (xN) (Abilities > "Extra Attack").

    Every die is rolled at CC-1 when more than one die is rolled:

    >>> extra_attack_target(6, 2)  # the Elf hero of the Extra Attack example
    5
    """
    if dice < 1:
        raise ValueError("roll at least one die to hit")
    keys = list(modifiers)
    if dice > 1:
        keys.append(EXTRA_ATTACK)
    return close_combat_target(cc, keys)


def extra_attack_distribution(
    cc: int, dice: int, modifiers: Iterable[str] = (), *, unerring: bool = False
) -> dict[DiceVolley, Fraction]:
    """Exact outcomes of an extra attack (xN) ("Extra Attack Fumbles", Abilities > "Extra Attack").

    Each volley counts hits, masterful hits and fumbles; two natural 10s give the enemy a free
    attack at CC+1 (:attr:`DiceVolley.gives_free_attack`).
    """
    return volley_distribution(dice, extra_attack_target(cc, dice, modifiers), unerring=unerring)


def extra_attack_chances(
    cc: int, dice: int, modifiers: Iterable[str] = (), *, unerring: bool = False
) -> VolleyChances:
    """What a player asks of an extra attack (xN): the chance of at least one hit, of at least
    two..., the hits expected, a fumble on any die and two natural 10s or more, which give the
    enemy one free attack at CC+1 (Abilities > "Extra Attack", "Extra Attack Fumbles").

    >>> three = extra_attack_chances(6, 3)  # Extra Attack (x3) at CC6: three dice at 5 or less
    >>> three.at_least[0], three.double_fumble
    (Fraction(7, 8), Fraction(7, 250))
    """
    target = extra_attack_target(cc, dice, modifiers)
    return volley_chances(dice, target, unerring=unerring)


def overkill_hits(wounding_hits: int, wounds_left: int, *, wounds_per_hit: int = 1) -> int:
    """Abilities > "Extra Attack": the hits left over when a model kills its enemy with fewer
    hits than it scored ("overkill").  They may be applied to another enemy model in base contact
    with the attacker, which still makes its armour save before the roll to wound.

    ``wounding_hits`` are the hits that were not saved and wounded; ``wounds_per_hit`` is the
    weapon's damage (DA).  No hit is left over unless the enemy is killed.

    >>> overkill_hits(2, 1)  # the Elf hero wounds an Orc of one wound twice
    1
    """
    if wounding_hits < 0 or wounds_left < 1 or wounds_per_hit < 1:
        raise ValueError("hits cannot be negative; the enemy and each hit have at least 1 wound")
    hits_to_kill = -(-wounds_left // wounds_per_hit)
    return max(0, wounding_hits - hits_to_kill)


_PREFERENCE = (AttackRoll.MASTERFUL_HIT, AttackRoll.HIT, AttackRoll.MISS, AttackRoll.FUMBLE)


def aggressive_attack_distribution(target: int) -> dict[AttackRoll, Fraction]:
    """Abilities > "Aggressive Attack": roll 2D10 and choose one; a 10 is only a fumble when both
    dice are natural 10s.  The player keeps the better die.

    >>> aggressive_attack_distribution(5)[AttackRoll.FUMBLE]
    Fraction(1, 100)
    """
    one = {outcome: Fraction(0) for outcome in AttackRoll}
    for face, chance in d10_distribution().items():
        one[attack_roll(face, target)] += chance
    # the better die kept: a fumble, the worst outcome, only when both dice fumble
    kept = keep_better(one, _PREFERENCE)
    return {outcome: kept[outcome] for outcome in AttackRoll}


def can_parry(
    base_cc: int,
    *,
    individual_or_character: bool,
    parry_ability: bool = True,
    attacker_dazzles: bool = False,
) -> bool:
    """Whether a model may attempt to parry ("Parry" in Close Combat; Abilities > "Parry",
    "Dazzle").

    Only individuals and characters with a base CC of 6 or more, having the parry ability, may
    parry; nobody can parry the attacks of a model with the dazzle ability.

    >>> can_parry(6, individual_or_character=True)  # the Fallen Elf Sorceress of the example
    True
    >>> can_parry(6, individual_or_character=True, parry_ability=False)  # CC6 is not enough
    False
    """
    return (
        parry_ability
        and individual_or_character
        and base_cc >= PARRY_MINIMUM_CC
        and not attacker_dazzles
    )


def parry_target(attack_natural: int) -> int:
    """Per "Parry": the number the defender must roll equal to or under to parry, one below the
    attacker's die (it must roll *under* it); 0 when the attacker rolled a 1.

    >>> parry_target(5)  # the Vampire rolled a 5: the Sorceress parries on 4 or less
    4
    """
    check_d10(attack_natural)
    return attack_natural - 1


def parry_succeeds(attack_natural: int, parry_natural: int) -> bool:
    """Per "Parry": the defender must roll *under* the attacker's die to deflect the blow.

    >>> parry_succeeds(5, 4), parry_succeeds(5, 5)  # the Vampire rolled a 5
    (True, False)
    """
    check_d10(parry_natural)
    return parry_natural <= parry_target(attack_natural)


def parry_chance(attack_natural: int) -> Fraction:
    """Exact chance of parrying a hit scored with ``attack_natural`` ("Parry").

    >>> parry_chance(5)
    Fraction(2, 5)
    """
    faces = d10_distribution()
    return sum((faces[p] for p in faces if parry_succeeds(attack_natural, p)), Fraction(0))


def voluntary_retreat_free_hits(enemies_in_contact: int, *, morale_failure: bool = False) -> int:
    """Per "Voluntarily Retreating From Combat": each enemy model in base contact gains one free,
    automatic hit at its basic ST (saved at an extra :data:`RETREAT_SAVE_MODIFIER`); none when
    the model retreats because it failed a morale test.
    """
    if enemies_in_contact < 0:
        raise ValueError("the number of enemies cannot be negative")
    return 0 if morale_failure else enemies_in_contact


def momentum_actions(
    *, charge_was_first_action: bool, made_contact: bool, follow_up: bool = False
) -> int:
    """Per "Momentum Attack": a charging model gains 3 actions for close combat in the first round,
    only if the charge was its first action and it made contact; never on a follow up move
    ("Follow Up Movement")."""
    if charge_was_first_action and made_contact and not follow_up:
        return MOMENTUM_ACTIONS
    return 0


def can_pushback(models: int, enemy_models: int, *, ranked: bool) -> bool:
    """Per "Pushback": a ranked unit that outnumbers the enemy models by 3 to 1 or more may keep
    charging, pushing them back until more of them are in base contact, and still gain the
    momentum attack; other formations never push back.

    >>> can_pushback(15, 4, ranked=True)  # three ranks of five spearmen, four Orcs
    True
    >>> can_pushback(11, 4, ranked=True), can_pushback(15, 4, ranked=False)
    (False, False)
    """
    if models < 0 or enemy_models < 1:
        raise ValueError("a unit cannot have fewer than 0 models, and pushes back at least one")
    return ranked and models >= PUSHBACK_RATIO * enemy_models


def weapon_use_cost(strength_bonus: int) -> int:
    """Per "Close Combat": as a general rule a weapon's use cost is 3 actions plus its ST bonus.

    >>> weapon_use_cost(0), weapon_use_cost(1)  # improvised attack, sword
    (3, 4)
    """
    if strength_bonus < 0:
        raise ValueError("a weapon's strength bonus cannot be negative")
    return IMPROVISED_USE_COST + strength_bonus


def attacks_possible(actions: int, use_cost: int) -> int:
    """How many attacks of ``use_cost`` fit in ``actions`` ("Weapon Profile", "Momentum Attack").

    >>> attacks_possible(10 - 7 + MOMENTUM_ACTIONS, 4), attacks_possible(6, 3)
    (1, 2)
    """
    if use_cost < 1:
        raise ValueError("a use cost is at least 1 action")
    return max(actions, 0) // use_cost


def actions_still_needed(actions: int, use_cost: int) -> int:
    """How many more actions a model must spend before it can make an attack of ``use_cost``
    with ``actions`` in hand (Creating A Profile > "Chariot Crew And Overrun": the lance
    weaponeer's UC5 against the 3 momentum actions).

    >>> actions_still_needed(MOMENTUM_ACTIONS, 5), actions_still_needed(MOMENTUM_ACTIONS, 3)
    (2, 0)
    """
    if use_cost < 1:
        raise ValueError("a use cost is at least 1 action")
    return max(0, use_cost - max(actions, 0))


def combination_attack_cost(*use_costs: int) -> int:
    """Creating A Profile > "Special Combination Models": rider and steed attack at the same time,
    at the higher action cost of their two attacks.

    >>> combination_attack_cost(4, 3)
    4
    """
    if not use_costs:
        raise ValueError("give the use cost of at least one attack")
    return max(use_costs)


@register_table("close-combat-modifiers")
def close_combat_modifiers_table() -> Table:
    """The close combat modifiers as the book lists them, with the ones other sections add."""
    return Table(
        key="close-combat-modifiers",
        title=N_("Close combat modifiers"),
        columns=(N_("Situation"), N_("Modifier")),
        rows=tuple(
            (modifier.label, Signed(modifier.value))
            for modifier in close_combat_modifiers().values()
        ),
        source="Close Combat > Close Combat Modifiers",
        notes=(
            N_(
                "After applying all the modifiers, the attacker must roll equal to or under its "
                "modified close combat value."
            ),
        ),
    )
