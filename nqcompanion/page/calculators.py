"""The calculators of the "At the table" page (:mod:`nqcompanion.page.directive`): each one's
fields, drawn from the engine's own choices and ranges (:mod:`nqcore.cli.asking`), and the ``nq``
argument each gives.  Their HTML is :mod:`nqcompanion.page.forms`'.
"""

from __future__ import annotations

from nqcompanion.page import calculator_choices as choices
from nqcompanion.page.calculator_fields import Calculator as Calculator
from nqcompanion.page.calculator_fields import Field as Field
from nqcore.cli import asking as cli
from nqcore.rules.close_combat import EXTRA_ATTACK
from nqcore.rules.morale import fear_levels

#: A weapon's three ranges as the ranges field takes them (its example, shown while it is empty).
RANGES_EXAMPLE = "10/+1 20/+0 30/-1"


def _magic() -> tuple[Calculator, ...]:
    from nqcore.rules.magic import SPELL_LEVELS, WIZARDRY_LEVELS

    spell = Field(
        "spell",
        "Spell (or its level below)",
        "choice",
        "--spell",
        choices=choices.spells,
        optional=True,
    )
    level = Field("level", "Spell level", "int", "", SPELL_LEVELS, "5", omit_if="spell")
    concentrate = Field("concentrate", "Concentrating (1 AC for +1)", "check", "--concentrate")
    return (
        Calculator(
            "cast",
            "casting-a-spell",
            (
                spell,
                level,
                Field("wizardry", "Wizardry level", "int", "--wizardry", WIZARDRY_LEVELS, "0"),
                concentrate,
                Field(
                    "chant",
                    "Initiates chanting",
                    "int",
                    "--chant",
                    cli.INITIATE_VALUES,
                    "0",
                    blank="0",
                ),
            ),
        ),
        Calculator("cancel", "cancelling-a-spell-in-play", (spell, level, concentrate)),
    )


def _to_hit() -> tuple[Calculator, ...]:
    return (
        Calculator(
            "hit",
            "close-combat-modifiers",
            (
                Field("cc", "Close combat (CC)", "int", "", cli.SKILL_VALUES, "5"),
                Field("mod", "Modifiers", "multi", "--mod", choices=choices.modifiers("close")),
                Field(
                    "dice",
                    "Extra attack level (its dice)",
                    "choice",
                    "--dice",
                    choices=choices.extra_attack_levels,
                    default="2",
                    used_if=f"mod:{EXTRA_ATTACK}",
                ),
            ),
        ),
        _shoot(),
    )


def _shoot() -> Calculator:
    """A ranged attack's roll to hit: a weapon's ranges or a grenade's reach, and the modifiers."""
    return Calculator(
        "shoot",
        "ranged-attack-modifiers",
        (
            Field("ra", "Ranged attack (RA)", "int", "", cli.SKILL_VALUES, "5"),
            Field("distance", "Distance (inches)", "distance", "", default="12"),
            Field(
                "weapon",
                "Weapon (or its ranges below)",
                "choice",
                "--weapon",
                choices=choices.shooting_weapons,
                default="bow",
                optional=True,
            ),
            Field(
                "ranges",
                "Ranges (close, medium, long)",
                "ranges",
                "--ranges",
                omit_if="weapon",
                example=RANGES_EXAMPLE,
                hint="Close, medium and long range, each inches/modifier, such as {example} "
                "(- for none).",
            ),
            Field(
                "thrower-st",
                "Thrower's strength (ST, for a grenade)",
                "int",
                "--thrower-st",
                cli.SKILL_VALUES,
                "4",
                used_if="weapon:grenade",
            ),
            Field("mod", "Modifiers", "multi", "--mod", choices=choices.modifiers("ranged")),
        ),
        # the rules its answers and boxes name: a grenade's, a blast's deviation, a dodge
        # against a template, a support weapon not aimed, its dice, the abilities and a
        # siege weapon at a very large target
        answers=(
            "throwing-grenades",
            "blast-template-deviation",
            "dodge",
            "aiming",
            "indirect-fire",
            "burst-fire-number-of-dice",
            "extra-shot",
            "move-and-fire",
            "attacks-against-very-large-targets",
        ),
    )


def _save_and_wound() -> tuple[Calculator, ...]:
    strength = Field("strength", "Strength (ST)", "int", "", cli.STRENGTH_VALUES, "4")
    return (
        Calculator(
            "save",
            "armour-saves",
            (
                Field("armour", "Armour (AR)", "int", "", cli.ARMOUR_VALUES, "3"),
                strength,
                Field(
                    "pm", "Penetration modifier (PM)", "int", "--pm", cli.PENETRATION_VALUES, "0"
                ),
                Field(
                    "re",
                    "Armour resilience (RE)",
                    "int",
                    "--re",
                    cli.RESILIENCE_VALUES,
                    "0",
                    blank="0",
                ),
                Field("ranked", "Ranked or closed formation (+1 AR)", "check", "--ranked"),
            ),
            answers=("armour-modifier",),  # a natural 10 rolled to save
        ),
        Calculator(
            "wound",
            "wounding-the-target",
            (
                strength,
                Field("toughness", "Toughness (T)", "int", "", cli.SKILL_VALUES, "4"),
            ),
        ),
    )


def _attacker_fields() -> tuple[Field, ...]:
    """A sample profile, or the numbers it gives."""
    return (
        Field(
            "attacker",
            "Attacker (a sample profile, or the numbers below)",
            "choice",
            "--attacker",
            choices=choices.samples,
            optional=True,
            picks=choices.own_weapons,
        ),
        Field(
            "skill",
            "Attacker's CC (RA with a ranged weapon)",
            "int",
            "",
            cli.SKILL_VALUES,
            "5",
            omit_if="attacker",
            shows="skill",
        ),
        Field(
            "st",
            "Attacker's strength (ST)",
            "int",
            "",
            cli.STRENGTH_VALUES,
            "4",
            omit_if="attacker",
            shows="attacker_strength",
        ),
    )


def _target_fields() -> tuple[Field, ...]:
    """A sample profile, or the numbers it gives."""
    return (
        Field(
            "target",
            "Target (a sample profile, or the numbers below)",
            "choice",
            "--target",
            choices=choices.samples,
            optional=True,
        ),
        Field(
            "t",
            "Target's toughness (T)",
            "int",
            "",
            cli.SKILL_VALUES,
            "4",
            omit_if="target",
            shows="toughness",
        ),
        Field(
            "armour",
            "Target's armour (AR)",
            "int",
            "--armour",
            cli.ARMOUR_VALUES,
            "0",
            omit_if="target",
            shows="armour",
        ),
        Field(
            "re",
            "Armour resilience (RE)",
            "int",
            "--re",
            cli.RESILIENCE_VALUES,
            "0",
            omit_if="target",
            shows="resilience",
            blank="0",
        ),
    )


def _attack() -> tuple[Calculator, ...]:
    return (
        Calculator(
            "attack",
            "damage",
            (
                *_attacker_fields(),
                *_target_fields(),
                Field(
                    "weapon", "Weapon", "choice", "--weapon", choices=choices.weapons, optional=True
                ),
                Field(
                    "distance",
                    "Distance (inches, for a ranged weapon)",
                    "distance",
                    "--distance",
                    optional=True,
                ),
                Field(
                    "mod",
                    "To-hit modifiers (those of the weapon's kind count)",
                    "multi",
                    "--mod",
                    choices=choices.attack_modifiers,
                ),
                Field(
                    "hit_modifier",
                    "Other to-hit modifier",
                    "int",
                    "--hit-modifier",
                    cli.HIT_MODIFIER_VALUES,
                    "0",
                ),
                Field("ranked", "Ranked or closed formation (+1 AR)", "check", "--ranked"),
                Field(
                    "models",
                    "Models attacking",
                    "int",
                    "--models",
                    cli.ATTACKING_MODELS,
                    "1",
                ),
            ),
            # the rules of its boxes: each kind's modifiers, a very large target's roll, a
            # thrown grenade's
            answers=(
                "close-combat-modifiers",
                "ranged-attack-modifiers",
                "attacks-against-very-large-targets",
                "throwing-grenades",
            ),
        ),
    )


def _panic() -> Calculator:
    """The panic table's results: its modifiers and dice as ``nq panic`` takes them."""
    return Calculator(
        "panic",
        "panic-table",
        (
            Field("failed_rally", "Re-roll after a failed rally (+1)", "check", "--failed-rally"),
            Field(
                "infamous_fighters",
                "Fighting Infamous Fighters (+1)",
                "check",
                "--infamous-fighters",
            ),
            _inspiring_leadership(),
        ),
    )


def _inspiring_leadership() -> Field:
    """Inspiring Leadership's box, of the command test and of the panic table: 2D10, one kept."""
    return Field(
        "inspiring_leadership",
        "Led with Inspiring Leadership (roll 2D10, choose one)",
        "check",
        "--inspiring-leadership",
    )


def _morale() -> tuple[Calculator, ...]:
    return (
        Calculator(
            "command",
            "morale-command-test-modifiers",
            (
                Field("co", "Command (CO)", "int", "", cli.SKILL_VALUES, "7"),
                Field(
                    "fear",
                    "Fear level (X)",
                    "int",
                    "--fear",
                    fear_levels(),
                    optional=True,
                    hint="Only for a fear test; leave it empty for any other command test.",
                ),
                Field(
                    "battle_standard",
                    "Battle standard (re-roll at CO+1)",
                    "check",
                    "--battle-standard",
                ),
                Field(
                    "great_leader",
                    "Great Leader in sight (re-roll a failed test)",
                    "check",
                    "--great-leader",
                ),
                _inspiring_leadership(),
                Field("mod", "Modifiers", "multi", "--mod", choices=choices.modifiers("command")),
            ),
            answers=("fear-causing-models",),  # a fear test's penalty, alone
        ),
        Calculator(
            "morale",
            "morale",
            (
                Field(
                    "starting", "Models at the start of the game", "int", "", cli.UNIT_SIZES, "16"
                ),
                Field(
                    "casualties",
                    "Casualties in each turn",
                    "list",
                    "",
                    cli.CASUALTY_VALUES,
                    "3 4 2",
                ),
            ),
        ),
        _panic(),
    )


#: A model's movement ability, for moving, moving through terrain and charging.
_ABILITY = Field(
    "ability",
    "Movement ability",
    "choice",
    "--ability",
    choices=choices.abilities,
    default="normal",
)


def _movement() -> tuple[Calculator, ...]:
    return (
        Calculator(
            "move",
            "movement-ability-table",
            (
                Field("actions", "Actions (AC) spent moving", "int", "", cli.ACTION_VALUES, "3"),
                _ABILITY,
            ),
        ),
        Calculator(
            "move-cost",
            "difficult-terrain",
            (
                Field("open", "Inches in the open", "distance", "", default="4"),
                Field(
                    "difficult",
                    "Inches through difficult terrain",
                    "distance",
                    "--difficult",
                    default="2",
                ),
                Field(
                    "barriers",
                    "Terrain barriers crossed",
                    "int",
                    "--barriers",
                    cli.BARRIER_VALUES,
                    "0",
                ),
                _ABILITY,
                Field("agile", "Agile (barriers cost nothing)", "check", "--agile"),
            ),
        ),
    )


def _charge() -> tuple[Calculator, ...]:
    """The "Momentum Attack" calculator: what a charge leaves for close combat."""
    return (
        Calculator(
            "charge",
            "momentum-attack",
            (
                Field("actions", "Actions (AC) of the model", "int", "", cli.ACTION_VALUES, "10"),
                Field("distance", "Inches to the target", "distance", "", default="7"),
                Field(
                    "use-cost",
                    "Weapon use cost (UC)",
                    "int",
                    "--use-cost",
                    cli.USE_COST_VALUES,
                    "4",
                ),
                _ABILITY,
                Field(
                    "not-first",
                    "It did something else before charging (no momentum attack)",
                    "check",
                    "--not-first",
                ),
            ),
        ),
    )


def _calculators() -> dict[str, Calculator]:
    calculators = (*_magic(), *_to_hit(), *_save_and_wound(), *_attack(), *_morale(), *_movement())
    calculators += _charge()
    return {calculator.command: calculator for calculator in calculators}


CALCULATORS = _calculators()
