"""A whole close combat attack, step by step: a Dwarf axeman charges a ranked unit of Human Men At
Arms (both from the Sample Profiles); to hit, armour save and to wound, each an exact chance; then
the Men At Arms strike back.

Run: python examples/attack_sequence.py [--lang fr]
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run from anywhere

from _story import N_, chance, parse_language, plural, run, translator  # noqa: E402

from nqcore.army.armoury import Weapon  # noqa: E402
from nqcore.army.profile_files import sample_profile
from nqcore.army.profiles import Profile  # noqa: E402
from nqcore.i18n import format_number, format_signed  # noqa: E402
from nqcore.i18n import translator as engine_translator  # noqa: E402
from nqcore.rules.armour import RANKED_ARMOUR_BONUS, armour_modifier, save_target  # noqa: E402
from nqcore.rules.attack import Defence, attack_chances, wounds_distribution  # noqa: E402
from nqcore.rules.close_combat import (  # noqa: E402
    attacks_possible,
    close_combat_modifier_total,
    close_combat_modifiers,
    momentum_actions,
)
from nqcore.rules.damage import BASE_WOUND_TARGET, wound_target  # noqa: E402
from nqcore.rules.formations import Formation, formed_bonus_applies  # noqa: E402
from nqcore.rules.movement import move_cost  # noqa: E402

UNIT_SIZE = 16
CHARGE_INCHES = Fraction(7, 2)


def main(argv: list[str] | None = None) -> int:
    lang = parse_language(__doc__ or "", argv)
    _ = translator(lang)
    engine = engine_translator(lang)
    dwarf = sample_profile("dwarf").profile
    men = sample_profile("human-men-at-arms").profile
    ranked = formed_bonus_applies(Formation.RANKED, UNIT_SIZE)

    print(_(N_("A whole attack, step by step")))
    print()
    print(
        _(N_("Two ranked units of {models} models: {attacker} and {target}.")).format(
            models=UNIT_SIZE, attacker=engine(dwarf.name), target=engine(men.name)
        )
    )
    print()

    axe = dwarf.weapons[0]
    print(
        _(N_('1. The {attacker} charges {inches}" as his first action and makes contact.')).format(
            attacker=engine(dwarf.name), inches=format_number(CHARGE_INCHES, lang)
        )
    )
    spent = move_cost(CHARGE_INCHES)
    momentum = momentum_actions(charge_was_first_action=True, made_contact=True)
    left = (dwarf.ac or 0) - spent + momentum
    attacks = attacks_possible(left, axe.uc or 0)
    print(
        _(
            plural(
                lang,
                attacks,
                N_(
                    "   AC {ac} - {spent} for the move + {momentum} momentum = {left} AC: "
                    "{attacks} attack with the {weapon} (UC {uc})."
                ),
                N_(
                    "   AC {ac} - {spent} for the move + {momentum} momentum = {left} AC: "
                    "{attacks} attacks with the {weapon} (UC {uc})."
                ),
            )
        ).format(
            ac=dwarf.ac,
            spent=spent,
            momentum=momentum,
            left=left,
            attacks=attacks,
            weapon=engine(axe.name),
            uc=axe.uc,
        )
    )
    charging = close_combat_modifiers()["charging"]
    print(
        _(N_("   To hit he adds: {modifier} ({value}).")).format(
            modifier=engine(charging.label), value=format_signed(charging.value, lang)
        )
    )
    _steps(dwarf, axe, men, ["charging"], ranked, lang)
    print()

    sword = men.weapons[0]
    attacks = attacks_possible(men.ac or 0, sword.uc or 0)
    print(
        _(
            plural(
                lang,
                attacks,
                N_(
                    "2. When they are activated, the {attacker} strike back: AC {ac}, "
                    "{attacks} attack each with the {weapon} (UC {uc})."
                ),
                N_(
                    "2. When they are activated, the {attacker} strike back: AC {ac}, "
                    "{attacks} attacks each with the {weapon} (UC {uc})."
                ),
            )
        ).format(
            attacker=engine(men.name),
            ac=men.ac,
            attacks=attacks,
            weapon=engine(sword.name),
            uc=sword.uc,
        )
    )
    total = _steps(men, sword, dwarf, [], ranked, lang)
    for wounds, probability in wounds_distribution(total, attacks).items():
        print(
            _(
                plural(
                    lang,
                    wounds,
                    N_("   {wounds} wound from {attacks} attacks: {chance}."),
                    N_("   {wounds} wounds from {attacks} attacks: {chance}."),
                )
            ).format(wounds=wounds, attacks=attacks, chance=chance(probability, lang))
        )
    return 0


def _steps(
    attacker: Profile,
    weapon: Weapon,
    target: Profile,
    modifiers: list[str],
    ranked: bool,
    lang: str,
) -> Fraction:
    """Print one attack's steps and return the chance that it wounds."""
    _ = translator(lang)
    cc, st, toughness = attacker.cc or 0, attacker.st or 0, target.t or 0
    strength = weapon.attack_strength(st)
    to_hit = cc + close_combat_modifier_total(modifiers)
    steps = attack_chances(
        cc,
        strength,
        toughness,
        defence=Defence(armour=target.ar, ranked=ranked),
        penetration=weapon.pm,
        to_hit_modifier=close_combat_modifier_total(modifiers),
    )
    modifier = close_combat_modifier_total(modifiers)
    shown = f" {format_signed(modifier, lang)}" if modifiers else ""
    print(
        _(N_("   To hit: CC {cc}{modifier}: roll {target} or less: {chance}.")).format(
            cc=cc, modifier=shown, target=to_hit, chance=chance(steps.hit, lang)
        )
    )
    print(
        _(
            N_(
                "   A natural 1 is a masterful hit, no armour save: {masterful}; a natural 10 is a "
                "fumble: {fumble}."
            )
        ).format(masterful=chance(steps.masterful, lang), fumble=chance(steps.fumble, lang))
    )
    bonus = f" {format_signed(weapon.st_bonus, lang)}" if weapon.st_bonus is not None else ""
    print(
        _(N_("   Strength: ST {st}{bonus} = {strength}.")).format(
            st=st, bonus=bonus, strength=strength
        )
    )
    saved = save_target(target.ar, strength, penetration=weapon.pm, ranked=ranked)
    parts = [_(N_("AR {ar}")).format(ar=target.ar)]
    if ranked:
        parts.append(_(N_("ranked {bonus}")).format(bonus=format_signed(RANKED_ARMOUR_BONUS, lang)))
    parts.append(_(N_("AM {am}")).format(am=format_signed(armour_modifier(strength), lang)))
    if weapon.pm:
        parts.append(_(N_("PM {pm}")).format(pm=format_signed(weapon.pm, lang)))
    print(
        _(
            N_("   Armour save: {parts}: roll {target} or less to save an ordinary hit: {chance}.")
        ).format(parts=", ".join(parts), target=saved, chance=chance(steps.save, lang))
    )
    print(
        _(
            N_(
                "   To wound: {base} + ST {strength} - T {toughness}: roll {target} or less: "
                "{chance}."
            )
        ).format(
            base=BASE_WOUND_TARGET,
            strength=strength,
            toughness=toughness,
            target=wound_target(strength, toughness),
            chance=chance(steps.wound, lang),
        )
    )
    print(_(N_("   One attack wounds: {chance}.")).format(chance=chance(steps.total, lang)))
    return steps.total


if __name__ == "__main__":
    raise SystemExit(run(main, "attack_sequence.py"))
