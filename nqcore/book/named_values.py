"""The engine's values that texts of other records state: an erratum's "the rules give" value, a
feature's summary.  Such a text names the value by a placeholder (``correct = '{spear_points}'``,
"at most {infiltrating_maximum:word} models"), filled where the text is read
(:func:`nqcore.filled.filled`): the number lives in one place, its text follows it.

Each value is computed from the engine when a text asks for it, never typed here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

#: The strengths the book's use cost tables list ("ST 3 to 9").
STRENGTHS = range(3, 10)


def _spell_upkeep(key: str) -> Callable[[], object]:
    def value() -> object:
        from nqcore.rules.spells import spell

        return spell(key).upkeep

    return value


def _weapon(key: str, field: str) -> Callable[[], object]:
    def value() -> object:
        from nqcore.army.armoury import weapon

        return getattr(weapon(key), field)

    return value


def _sample_points(key: str) -> Callable[[], object]:
    def value() -> object:
        from nqcore.army.profile_files import sample_profile
        from nqcore.army.profile_points import profile_points

        return profile_points(sample_profile(key).profile).total

    return value


def _infiltrating_maximum() -> object:
    from nqcore.rules.game_limits import unit_sizes

    return unit_sizes()["infiltrating"].maximum


def _infiltrating_enemy_distance() -> object:
    from nqcore.rules.game_limits import INFILTRATE_ENEMY_DISTANCE

    return INFILTRATE_ENEMY_DISTANCE


def _support_use_costs() -> object:
    from nqcore.army.weapon_costs import support_weapon_use_cost

    return [support_weapon_use_cost(st) for st in STRENGTHS]


def _teardrop_use_costs(size: str) -> Callable[[], object]:
    def value() -> object:
        from nqcore.army.weapon_costs import teardrop_use_cost

        return [teardrop_use_cost(st, size) for st in STRENGTHS]

    return value


def _limit(model_type: str, column: str = "traits") -> Callable[[], object]:
    """The recommended maximum number of traits (or abilities) of a model type (Ability, Trait
    And Equipment Maximums)."""

    def value() -> object:
        from nqcore.army.characteristics import ModelType
        from nqcore.army.points import ability_limits

        limits = ability_limits(ModelType(model_type))
        assert limits is not None, model_type
        return limits[column]

    return value


def _range_maximum(long_range: int) -> Callable[[], object]:
    """The recommended maximum strength of a support weapon of this long range (Strength To
    Range Ratio)."""

    def value() -> object:
        from nqcore.army.weapon_costs import max_strength_for_range
        from nqcore.tables.weapon_tables import creation_range_bands

        (band,) = [band for band in creation_range_bands() if band[-1] == long_range]
        return max_strength_for_range(band)

    return value


def _blast_maximum(diameter: int) -> Callable[[], object]:
    """The recommended maximum strength of a support weapon of this blast (Strength To Area
    Effect Ratio)."""

    def value() -> object:
        from nqcore.army.weapon_costs import max_strength_for_area

        return max_strength_for_area(diameter)

    return value


def _double_time_3_actions() -> object:
    from nqcore.rules.movement import MovementAbility, max_move

    return max_move(3, MovementAbility.DOUBLE_TIME)


#: Each value a text may name, by its placeholder's name.
NAMED_VALUES: dict[str, Callable[[], object]] = {
    "fog_upkeep": _spell_upkeep("fog"),
    "lure_upkeep": _spell_upkeep("lure"),
    "spear_points": _weapon("spear", "points"),
    "halberd_points": _weapon("halberd", "points"),
    "catapult_points": _weapon("catapult", "points"),
    "bolt_thrower_use_cost": _weapon("bolt-thrower", "uc"),
    "repeating_crossbow_use_cost": _weapon("repeating-crossbow", "uc"),
    "repeating_bolt_thrower_burst": _weapon("repeating-bolt-thrower", "burst"),
    "wood_elf_archer_points": _sample_points("wood-elf-archer"),
    "goblin_archer_points": _sample_points("goblin-archer"),
    "craven_ghouls_points": _sample_points("craven-ghouls"),
    "wight_lord_points": _sample_points("wight-lord-on-zombie-dragon"),
    "infiltrating_maximum": _infiltrating_maximum,
    "infiltrating_enemy_distance": _infiltrating_enemy_distance,
    "support_weapon_use_costs": _support_use_costs,
    "ttm_use_costs": _teardrop_use_costs("TTM"),
    "ttl_use_costs": _teardrop_use_costs("TTL"),
    "double_time_3_actions": _double_time_3_actions,
    **{
        f"{kind.replace('-', '_')}_trait_maximum": _limit(kind)
        for kind in ("character", "individual", "unit-leader", "elite", "core")
    },
    "elite_ability_maximum": _limit("elite", "abilities"),
    "core_ability_maximum": _limit("core", "abilities"),
    **{f"support_strength_at_{inches}": _range_maximum(inches) for inches in (30, 36, 45)},
    **{f"support_strength_with_{inches}_blast": _blast_maximum(inches) for inches in (2, 3)},
}


class ValueCycle(Exception):
    """A named value asked for while it is being worked out: a text names a value computed from
    the record that holds the text (:func:`nqcore.filled.filled` names the field)."""


#: The named values being worked out now, to tell a cycle from a deep computation.
_WORKING_OUT: set[str] = set()


class _Named(Mapping[str, object]):
    """The named values, each computed when a text asks for it."""

    def __getitem__(self, name: str) -> object:
        compute = NAMED_VALUES[name]
        if name in _WORKING_OUT:
            raise ValueCycle(name)
        _WORKING_OUT.add(name)
        try:
            return compute()
        finally:
            _WORKING_OUT.discard(name)

    def __iter__(self) -> Iterator[str]:
        return iter(NAMED_VALUES)

    def __len__(self) -> int:
        return len(NAMED_VALUES)


#: What fills the placeholders of a text that names engine values.
named_values: Mapping[str, object] = _Named()
