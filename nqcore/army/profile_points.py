"""What a model and a unit cost: :func:`profile_points` prices a
:class:`~nqcore.army.profiles.Profile` item by item ("Creating A Profile", "Calculating Combination
Models", "Profile Creation Summary") from the costs of :mod:`nqcore.army.points` and
:mod:`nqcore.army.weapon_costs`, and lists the book's warnings
(:mod:`nqcore.army.profile_warnings`).
"""

from __future__ import annotations

from collections.abc import Iterable

from nqcore.army.armoury import Weapon
from nqcore.army.characteristics import ABBREVIATIONS, CHARACTERISTICS, ModelType, Specialist
from nqcore.army.features import feature, level_parts, mutation_points

# --- profiles -----------------------------------------------------------------------------------
from nqcore.army.points import (
    SECTIONS,
    LineItem,
    PointsBreakdown,
    additional_weapon_cost,
    armour_cost,
    armoured_mount_cost,
    barding_cost,
    characteristic_cost,
    classify,
    minimum_points,
    resilience_cost,
    shield_cost,
    specialist_cost,
)
from nqcore.army.profile_warnings import profile_warnings
from nqcore.army.profiles import Armour, Profile
from nqcore.army.weapon_costs import weapon_price
from nqcore.i18n import N_, Msg
from nqcore.tables.registry import Phrase, Signed


def _weapon_items(owner: str, weapons: Iterable[Weapon]) -> list[LineItem]:
    items = []
    for index, weapon in enumerate(weapons):
        price = weapon_price(weapon)
        who: tuple[Msg | str, ...] = (Msg(owner.removesuffix(": ")), ": ") if owner else ()
        if index == 0:
            phrase = Phrase((*who, weapon.name))
            items.append(LineItem(SECTIONS["weapons"], f"{owner}{weapon.name}", price, phrase))
        else:
            phrase = Phrase(
                (*who, weapon.name, " (", N_("additional weapon, half of"), " ", price, ")")
            )
            items.append(
                LineItem(
                    SECTIONS["weapons"],
                    f"{owner}{weapon.name} (additional weapon, half of {price})",
                    additional_weapon_cost(price),
                    phrase,
                )
            )
    return items


def _feature_item(category: str, key: str, level: str | None, owner: str = "") -> LineItem:
    found = feature(category, key)
    chosen = found.level(level)
    points = found.cost(level)
    name = str(chosen.name) if chosen is not None else str(found.name)
    named: tuple[Msg | str | int, ...] = (Msg(name),)
    if key == "magic-user" and level is not None:
        name = f"Magic User (level {level})"
        named = (N_("Magic User"), " (", N_("level"), " ", level, ")")
    elif key == "grenades" and level is not None:
        name = f"Grenades ({level})"
        named = (N_("Grenades"), " (", *level_parts(level), ")")
    if category == "equipment":
        section = SECTIONS["equipment"]
    elif points < 0:
        section = SECTIONS["negative"]
    elif key in ("magic-user", "initiate"):
        section = SECTIONS["magic"]
    else:
        section = SECTIONS[category]
    who: tuple[Msg | str, ...] = (Msg(owner.removesuffix(": ")), ": ") if owner else ()
    return LineItem(section, f"{owner}{name}", points, Phrase((*who, *named)))


def profile_points(profile: Profile) -> PointsBreakdown:
    """The points of a model, item by item ("Creating A Profile"): characteristics, armour,
    weapons, abilities, traits, mutations, equipment, spells, then the 9-point minimum and a
    standard bearer's or musician's 25%.

    >>> from nqcore.army.profiles import Profile
    >>> profile_points(Profile("Starting Profile", 8, 3, 3, 3, 3, 1, 4)).total
    9
    """
    items = _characteristic_items(profile) + _armour_items(profile.armour)
    items += _picked_items(profile)
    unit_items: list[LineItem] = []
    if profile.magic_level == 0:
        unit_items = _spell_items(profile)  # a unit of Initiates pays its spell once
    else:
        items += _spell_items(profile)
    subtotal = sum(item.points for item in items)
    if subtotal < minimum_points():
        items.append(
            LineItem(
                SECTIONS["minimum"],
                f"minimum {minimum_points()} points",
                minimum_points() - subtotal,
                Phrase(
                    (N_("Added to reach the minimum of"), " ", minimum_points(), " ", N_("points"))
                ),
            )
        )
    if profile.specialist is not None:
        items.append(_specialist_item(profile.specialist, sum(item.points for item in items)))
    total = sum(item.points for item in items)
    classification = None
    if profile.model_type in (ModelType.CORE, ModelType.ELITE):
        classification = classify(total - _specialist_points(items), profile.size)
    return PointsBreakdown(
        items=tuple(items),
        warnings=tuple(profile_warnings(profile, total - _specialist_points(items))),
        unit_items=tuple(unit_items),
        classification=classification,
    )


def _characteristic_items(profile: Profile) -> list[LineItem]:
    """The model's characteristics, then those of a combination model's other elements."""
    items = [
        LineItem(
            SECTIONS[key],
            f"{key.upper()} {value}",
            characteristic_cost(key, value),
            Phrase((ABBREVIATIONS[key], " ", value)),
        )
        for key in CHARACTERISTICS
        if (value := getattr(profile, key)) is not None
    ]
    for element in profile.elements:
        items += [
            LineItem(
                SECTIONS["combination"],
                f"{element.name}: {key.upper()} {value}",
                characteristic_cost(key, value),
                Phrase((Msg(element.name), ": ", ABBREVIATIONS[key], " ", value)),
            )
            for key in ("ra", "cc", "st")
            if (value := getattr(element, key)) is not None
        ]
    return items


def _armour_items(armour: Armour) -> list[LineItem]:
    """The armour value (unless only a shield, barding or mount gives armour), its bonuses and
    resilience."""
    items = []
    if armour.value or not (armour.shield or armour.barding or armour.armoured_mount):
        items.append(
            LineItem(
                SECTIONS["armour"],
                f"AR {armour.value}",
                armour_cost(armour.value),
                Phrase((N_("AR"), " ", armour.value)),
            )
        )
    plus_one = (", ", N_("AR"), " ", Signed(1))
    bonuses = (
        (armour.shield, "shield", "shield, AR +1", shield_cost, N_("Shield")),
        (armour.barding, "barding", "barding, AR +1", barding_cost, N_("Barding")),
        (
            armour.armoured_mount,
            "armoured-mount",
            "armoured mount, AR +1",
            armoured_mount_cost,
            N_("Armoured Mount"),
        ),
        (armour.large_bonus, "large-armour", "large model, AR +1", lambda: 0, N_("Large Model")),
    )
    for present, section, label, cost, name in bonuses:
        if present:
            items.append(LineItem(SECTIONS[section], label, cost(), Phrase((name, *plus_one))))
    if armour.resilience:
        # RE +1 to +3, the sign this edition reads (erratum resilience-sign)
        re_level = abs(armour.resilience)
        items.append(
            LineItem(
                SECTIONS["resilience"],
                f"resilience RE +{re_level}",
                resilience_cost(armour.resilience),
                Phrase((N_("Resilience"), " ", N_("RE"), " ", Signed(re_level))),
            )
        )
    return items


def _picked_items(profile: Profile) -> list[LineItem]:
    """Weapons, abilities, traits (each the model's, then its elements'), mutations, equipment."""
    items = _weapon_items("", profile.weapons)
    for element in profile.elements:
        items += _weapon_items(f"{element.name}: ", element.weapons)
    for category, field in (("ability", "abilities"), ("trait", "traits")):
        items += [_feature_item(category, p.key, p.level) for p in getattr(profile, field)]
        for element in profile.elements:
            owner = f"{element.name}: "
            items += [
                _feature_item(category, p.key, p.level, owner) for p in getattr(element, field)
            ]
    items += [
        LineItem(
            SECTIONS["mutation"],
            f"mutation {key}",
            mutation_points()[key],
            Phrase((N_("Mutation"), " ", _mutation_name(key))),
        )
        for key in profile.mutations
    ]
    items += [_feature_item("equipment", p.key, p.level) for p in profile.equipment]
    return items


def _spell_items(profile: Profile) -> list[LineItem]:
    """The spells the model knows (paid once by a unit of Initiates, magic level 0)."""
    if not profile.spells:
        return []
    from nqcore.rules.spells import spell  # the spell cards belong to the magic engine

    items = []
    for key in profile.spells:
        found = spell(key)
        items.append(
            LineItem(
                SECTIONS["magic"],
                f"spell {found.name}",
                found.points,
                Phrase((N_("Spell"), " ", found.name)),
            )
        )
    return items


def _specialist_item(specialist: Specialist, base: int) -> LineItem:
    """A standard bearer's or musician's 25% of the model's points."""
    bearer = specialist is Specialist.STANDARD_BEARER
    label = "standard bearer" if bearer else "musician"
    name = N_("Standard Bearer") if bearer else N_("Musician")
    return LineItem(
        SECTIONS["specialist"],
        f"{label}, 25% of {base}",
        specialist_cost(base),
        Phrase((name, ", ", N_("25% of"), " ", base)),
    )


def _mutation_name(key: str) -> Msg:
    from nqcore.rules.mutations import all_mutations

    return next(m.name for m in all_mutations() if m.key == key)


def _specialist_points(items: Iterable[LineItem]) -> int:
    return sum(item.points for item in items if item.section == SECTIONS["specialist"])


def unit_points(profile: Profile, models: int) -> int:
    """The points of a unit of ``models`` identical models: per-model points times the number,
    plus what the unit pays once (the shared spell of Initiates)."""
    if models < 1:
        raise ValueError(f"a unit has at least one model, not {models}")
    breakdown = profile_points(profile)
    return breakdown.total * models + sum(item.points for item in breakdown.unit_items)
