"""The book's recommendations that a profile breaks ("Creating A Profile", "Abilities", "Traits",
"Equipment", the weapon creation chapters): maxima by model type, ability limits, restrictions,
the core points limit.  A warning is a :class:`~nqcore.book.book_warnings.BookWarning`, never an
error: the book recommends, the player decides.
"""

from __future__ import annotations

import dataclasses

from nqcore.army.armoury import Weapon, WeaponKind
from nqcore.army.characteristics import CHARACTERISTICS, ModelType
from nqcore.army.features import feature
from nqcore.army.points import (
    ability_limits,
    core_points_limit,
    recommended_maximum,
    stated_type,
)
from nqcore.army.profiles import Profile
from nqcore.army.weapon_costs import weapon_points
from nqcore.book.book_warnings import RESTRICTED, BookWarning, Owner, warn
from nqcore.i18n import Msg

#: How a warning names the model type ("a core model").
_TYPE_NAMES = {
    ModelType.CORE: "a core",
    ModelType.ELITE: "an elite",
    ModelType.UNIT_LEADER: "a unit leader",
    ModelType.INDIVIDUAL: "an individual",
    ModelType.CHARACTER: "a character",
    ModelType.SUPPORT: "a support",
}


def profile_warnings(profile: Profile, points: int | None = None) -> list[BookWarning]:
    """The book's recommendations that ``profile`` breaks: maxima by model type, ability limits,
    restrictions of abilities and traits, the core points limit.  Never raises for these.

    A core model above the core points limit is judged against an elite model's maxima: "Any
    medium sized models with a points cost of 36 points or more are treated as elite troops"
    (The Army > Units), and its own warning says it is elite."""
    judged = _judged(profile, points)
    model = Msg(f"{_TYPE_NAMES[judged.model_type]} model")
    return [
        *_above_maxima(judged, model),
        *_too_many_features(judged, model),
        *_restrictions(profile),
        *_trait_rules(profile, model, judged.model_type),
        *_magic(profile),
        *_weapons(profile),
        *_core_points(profile, points),
    ]


def profile_readings(profile: Profile) -> list[str]:
    """The errata records an item of ``profile`` follows on any model, warned of or not
    (:data:`~nqcore.book.book_warnings.PICK_READINGS`: a character at Magic User level 4)."""
    from nqcore.book.book_warnings import PICK_READINGS

    return [
        reading
        for (key, level), reading in PICK_READINGS.items()
        for category in ("ability", "trait", "equipment")
        if (found := profile.pick(category, key)) is not None and found.level == level
    ]


def _judged(profile: Profile, points: int | None) -> Profile:
    """``profile`` as its maxima judge it: elite if it is a core model above the core limit."""
    if _core_points(profile, points):
        return dataclasses.replace(profile, model_type=ModelType.ELITE)
    return profile


def _above_maxima(profile: Profile, model: Msg) -> list[BookWarning]:
    """Characteristics above the book's maximum for the model type."""
    kind = profile.model_type
    values: list[tuple[str, str, int | None]] = [
        (key, "", getattr(profile, key)) for key in CHARACTERISTICS
    ]
    for element in profile.elements:
        values += [(key, element.name, getattr(element, key)) for key in ("ra", "cc", "st")]
    values.append(("ar", "", profile.ar))
    warnings: list[BookWarning] = []
    for key, owner, value in values:
        maximum = recommended_maximum(key, kind, mounted=profile.ridden)
        if value is not None and maximum is not None and value > maximum:
            warnings.append(
                warn(
                    "above-maximum",
                    owner=Owner(owner),
                    key=Msg(key.upper()),
                    value=value,
                    maximum=maximum,
                    model=model,
                )
            )
    return warnings


def _too_many_features(profile: Profile, model: Msg) -> list[BookWarning]:
    """More abilities, traits or equipment than the model type's limit."""
    limits = ability_limits(profile.model_type)
    if limits is None:
        return []
    counts = {
        "abilities": len(profile.all_picks("ability")),
        "traits": len(profile.all_picks("trait")),
        "equipment": len(profile.all_picks("equipment")),
    }
    return [
        warn("too-many", count=count, counted=Msg(name), model=model, maximum=limits[name])
        for name, count in counts.items()
        if count > limits[name]
    ]


def _restrictions(profile: Profile) -> list[BookWarning]:
    """Abilities, traits and equipment taken by a model they are not for."""
    warnings: list[BookWarning] = []
    for category in ("ability", "trait", "equipment"):
        for pick in profile.all_picks(category):
            found = feature(category, pick.key)
            # the section of the rule, where the restriction is another section's (Parry's)
            cited = {"section": found.rule} if found.rule else {}
            restricted = warn(
                "restricted", name=Msg(found.name), note=found.note or RESTRICTED, **cited
            )
            if found.only and not any(profile.satisfies(c) for c in found.only):
                warnings.append(restricted)
            elif found.requires and not all(profile.satisfies(c) for c in found.requires):
                warnings.append(restricted)
    return warnings


def _trait_rules(profile: Profile, model: Msg, judged: ModelType) -> list[BookWarning]:
    """The extra attack of core and elite models, the undead's limits, magic tattoos (their
    maximum by the type the model is ``judged``, see :func:`_judged`)."""
    kind = profile.model_type
    warnings: list[BookWarning] = []
    extra = [p for p in profile.all_picks("ability") if p.key == "extra-attack"]
    if kind in (ModelType.CORE, ModelType.ELITE) and any(p.level not in ("x2",) for p in extra):
        warnings.append(warn("extra-attack"))
    if profile.has("trait", "undead"):
        if profile.has("ability", "double-time") and not profile.ridden:
            warnings.append(warn("undead-double-time"))
        ranged = any(w.kind is not WeaponKind.CLOSE_COMBAT for w in profile.weapons)
        if kind is ModelType.CORE and ranged and (profile.ra or 0) > 4:
            warnings.append(warn("undead-ranged"))
    tattoos = profile.pick("equipment", "magic-tattoos")
    if tattoos is not None and tattoos.level is not None:
        limit = {ModelType.CORE: 3, ModelType.ELITE: 4}.get(judged, 5)
        if int(tattoos.level.removeprefix("AR")) > limit:
            warnings.append(warn("tattoo-maximum", model=model, maximum=limit))
        if profile.armour.value:
            warnings.append(warn("tattoos-with-armour"))
    return warnings


def _magic(profile: Profile) -> list[BookWarning]:
    """Spells without magic, more spells than the magic level, spells of two aspects or more,
    levels 3 and 4 by model type."""
    from nqcore.rules.spells import spell

    kind = profile.model_type
    warnings: list[BookWarning] = []
    if profile.spells:
        level = profile.magic_level
        if level is None:
            warnings.append(warn("spells-without-magic"))
        elif len(profile.spells) > max(1, level) and level == 0:
            warnings.append(warn("too-many-spells-level-0"))
        elif len(profile.spells) > max(1, level):
            count = len(profile.spells)
            warnings.append(warn("too-many-spells", level=level, allowed=level, count=count))
    aspects = tuple(dict.fromkeys(spell(key).aspect for key in profile.spells))
    if len(aspects) > 1:  # "A Wizard is able to use spells from one of the magic aspects" (Magic)
        warnings.append(warn("one-aspect", aspects=tuple(aspect.label for aspect in aspects)))
    if profile.magic_level == 4 and kind is not ModelType.CHARACTER:
        warnings.append(warn("magic-level-4"))
    if profile.magic_level == 3 and kind not in (ModelType.INDIVIDUAL, ModelType.CHARACTER):
        warnings.append(warn("magic-level-3"))
    return warnings


def _weapons(profile: Profile) -> list[BookWarning]:
    """Each weapon's own warnings (a created weapon's costs), then how the model carries it."""
    kind = profile.model_type
    all_weapons = list(profile.weapons)
    for element in profile.elements:
        all_weapons += element.weapons
    warnings: list[BookWarning] = []
    for weapon in all_weapons:
        if weapon.points is None:
            warnings.extend(weapon_points(weapon).warnings)
        name = Msg(weapon.name)
        if weapon.extra_wound and weapon.is_close_combat and kind is not ModelType.CHARACTER:
            warnings.append(warn("extra-wound", name=name))
        if (
            "two-handed" in weapon.rules
            and profile.armour.shield
            and not _one_hand(weapon, profile)
        ):
            warnings.append(warn("two-handed-shield", name=name))
        if "cavalry-and-chariots-only" in weapon.rules and not profile.ridden:
            warnings.append(warn("cavalry-only", name=name))
        if "no-cavalry" in weapon.rules and profile.ridden:
            warnings.append(warn("no-cavalry", name=name))
        if weapon.teardrop in ("TTM", "TTL") and not profile.size.is_large:
            warnings.append(warn("large-teardrop", name=name))
        # "Support weapons are large powerful weapons that may not be wielded by a normal man
        # sized model" (Support Weapons); "mounted on a vehicle", a large model, they may.
        # "May not": a refusal (book_warnings.REFUSALS), with its section.
        if weapon.kind is WeaponKind.SUPPORT and not profile.size.is_large:
            warnings.append(warn("support-weapon-size", name=name))
    return warnings


def _one_hand(weapon: Weapon, profile: Profile) -> bool:
    """A weapon two handed for its use cost a large model wields in one hand: "Any weapon with a
    use cost (UC) of 5 or more counts as a double handed weapon unless the model wielding the
    weapon is particularly large" (Penetration Modifier Points Cost; the book's Orc Warlord on
    Dragon and Vampire on Demon Beast carry a Broadsword and a shield)."""
    return profile.size.is_large and (weapon.uc or 0) >= 5


def _core_points(profile: Profile, points: int | None) -> list[BookWarning]:
    """A core model (not a specialist) above the core points limit of its size."""
    core = profile.model_type is ModelType.CORE and profile.specialist is None
    if points is None or not core or stated_type(profile) is ModelType.CORE:
        return []  # the book's Growler One Horn: core for composition, whatever its points
    limit = core_points_limit(profile.size)
    if points > limit:
        return [warn("core-points-limit", points=points, maximum=limit)]
    return []
