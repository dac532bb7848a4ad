"""The choices of the At the table calculators' lists (:mod:`nqcompanion.page.calculators`), in
the page's language: the engine's spells, modifiers, weapons, sample profiles and abilities, by
their keys.
"""

from __future__ import annotations

from collections.abc import Callable

from nqcore.i18n import format_number
from nqcore.rules.dice import Modifier
from nqsphinx.messages import engine_text, ui_text


def spells(lang: str) -> list[tuple[str, str]]:
    from nqcore.rules.spells import all_spells

    return [(s.key, f"{engine_text(s.name, lang)} ({s.level})") for s in all_spells()]


def modifiers(kind: str) -> Callable[[str], list[tuple[str, str]]]:
    def choices(lang: str) -> list[tuple[str, str]]:
        from nqcore.rules.close_combat import close_combat_modifiers
        from nqcore.rules.morale import command_modifiers
        from nqcore.rules.ranged import ranged_modifiers
        from nqcore.tables.registry import Signed
        from nqcore.tables.table_text import cell_text

        table = {
            "close": close_combat_modifiers,
            "ranged": ranged_modifiers,
            "command": command_modifiers,
        }[kind]()

        # the value signed as the tables print it: a minus sign, not a hyphen ("(−1)"); a
        # very large target's roll, no modifier ("(hits on 9 or less)")
        def value(m: Modifier) -> str:
            if m.hits_on is None:
                return cell_text(Signed(m.value), lang)
            hits_on = ui_text("hits on {roll} or less", lang)
            return hits_on.format(roll=format_number(m.hits_on, lang))

        return [(key, f"{engine_text(m.label, lang)} ({value(m)})") for key, m in table.items()]

    return choices


def shooting_weapons(lang: str) -> list[tuple[str, str]]:
    """The armoury's weapons with three ranges, then the thrown grenade (its reach its
    thrower's: ``--thrower-st``)."""
    from nqcore.army.armoury import all_weapons
    from nqcore.rules.ranged import GRENADE_KEY, GRENADE_NAME

    weapons = [(w.key, engine_text(w.name, lang)) for w in all_weapons() if len(w.ranges) == 3]
    return [*weapons, (GRENADE_KEY, engine_text(GRENADE_NAME, lang))]


def weapons(lang: str) -> list[tuple[str, str]]:
    """The armoury's weapons, the improvised attack of a model without any (the weapon a whole
    attack may name, and the one it says of such an attacker), then the book's grenade, thrown
    2" plus the attacker's ST."""
    from nqcore.army.armoury import all_weapons
    from nqcore.rules.grenades import GRENADE
    from nqcore.rules.profile_attack import IMPROVISED

    weapons = [*all_weapons(), IMPROVISED, GRENADE]
    return [(w.key, engine_text(w.name, lang)) for w in weapons]


def own_weapons() -> dict[str, dict[str, str]]:
    """Each sample profile's weapon as the whole attack's weapon list offers it (the engine's
    :func:`~nqcore.rules.profile_attack.attack_weapon`: a shooter's ranged weapon), "" for one
    the list does not offer (the Wight Sword: the engine names it) and for no attacker."""
    from nqcore.army.profile_files import sample_profiles
    from nqcore.rules.profile_attack import attack_weapon

    offered = {key for key, _name in weapons("en")}
    picked = {"": {"weapon": ""}}
    for sample in sample_profiles():
        key = attack_weapon(sample.profile).key
        picked[sample.profile.key] = {"weapon": key if key in offered else ""}
    return picked


def extra_attack_levels(lang: str) -> list[tuple[str, str]]:
    """The levels of the extra attack ability by their dice: "3" is Extra Attack (x3)."""
    from nqcore.army.features import feature
    from nqcore.rules.close_combat import EXTRA_ATTACK, level_dice

    levels = feature("ability", EXTRA_ATTACK).levels
    return [(str(level_dice(level.level)), engine_text(level.name, lang)) for level in levels]


def samples(lang: str) -> list[tuple[str, str]]:
    from nqcompanion.bridge.web_starting import (
        sample_choices,  # by the book's headings, as the answers say
    )

    return sample_choices(lang)


def abilities(lang: str) -> list[tuple[str, str]]:
    from nqcore.rules.movement import MovementAbility

    return [(a.value, engine_text(a.label, lang)) for a in MovementAbility]


def attack_modifiers(lang: str) -> list[tuple[str, str]]:
    """A whole attack's boxes: the close combat modifiers, then the ranged ones not among them;
    those of the weapon's kind count (``nq attack`` says which do not), a modifier of both kinds
    with its value in each; a thrown grenade's line of sight, for the grenade alone.  Not the
    attacker's own extra attack (its profile's dice)."""
    from nqcore.rules.close_combat import EXTRA_ATTACK, close_combat_modifiers
    from nqcore.rules.ranged import ranged_modifiers
    from nqcore.tables.registry import Signed
    from nqcore.tables.table_text import cell_text

    close, ranged = close_combat_modifiers(), ranged_modifiers()
    left_out = {EXTRA_ATTACK}
    shown = dict([*modifiers("ranged")(lang), *modifiers("close")(lang)])
    for key in close.keys() & ranged.keys():
        if close[key].value != ranged[key].value:
            values = ui_text("{close} in close combat, {ranged} ranged", lang).format(
                close=cell_text(Signed(close[key].value), lang),
                ranged=cell_text(Signed(ranged[key].value), lang),
            )
            shown[key] = f"{engine_text(close[key].label, lang)} ({values})"
    order = [*close, *(key for key in ranged if key not in close)]
    return [(key, shown[key]) for key in order if key not in left_out]
