"""The schemas of the weapons' data files: the armouries, the support weapon profile, the
weapon creation tables and the templates (:data:`nqcore.data.dataschema.SCHEMAS` lists which file
each reads)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from msgspec import Meta

from nqcore.data.schema_types import (
    Characteristic,
    Cost,
    Inches,
    InchesText,
    Key,
    Modifier,
    Penetration,
    Points,
    Strength,
    Strict,
    Text,
)
from nqcore.rules.template_attacks import TeardropSize


class Melee(Strict):
    key: Key
    name: Text
    range: Text
    uc: Strength
    st_bonus: Modifier
    da: Annotated[int, Meta(ge=1, le=9)]


class Weapon(Strict):
    key: Key
    name: Text
    uc: Strength
    da: Annotated[int, Meta(ge=1, le=9)]
    points: Cost
    source: Text
    range: Text | None = None
    st_bonus: Modifier | None = None
    st: Strength | None = None
    am: Penetration | None = None
    pm: Penetration | None = None
    cr: Text | None = None
    mr: Text | None = None
    lr: Text | None = None
    reach: Annotated[int, Meta(ge=1, le=9)] | None = None
    burst: Annotated[int, Meta(ge=1, le=4)] | None = None
    blast: Annotated[int, Meta(ge=1, le=9)] | None = None
    travel: Annotated[int, Meta(ge=1, le=10)] | None = None
    optional_pm: Penetration | None = None
    optional_pm_points: Cost | None = None
    rules: list[Key] = []
    text: Text | None = None
    melee: Melee | None = None
    indirect: bool = False
    knock_prone: bool = False
    plus_crew: bool = False
    save_x2: bool = False
    siege: bool = False


class Chassis(Strict):
    name: Text
    t: Characteristic
    w: Characteristic
    ar: Characteristic
    source: Text


class WeaponsFile(Strict):
    weapon: list[Weapon]


class SupportWeaponsFile(Strict):
    weapon: list[Weapon]
    chassis: Chassis


class CostTable(Strict):
    values: list[int | float]
    costs: list[Points]


class RangeBand(Strict):
    ranges: list[Inches]
    cost: Points
    max_strength: Strength


class RangeModifier(Strict):
    modifiers: list[Modifier]
    cost: Points


class AreaEffect(Strict):
    sizes: list[int | float]
    costs: list[Cost]
    max_strength: list[Strength]


class TeardropCost(Strict):
    size: Text
    name: Text
    points: Cost
    max_strength: Strength


class Grenades(Strict):
    sizes: list[int | float]
    strengths: list[Strength]
    costs: list[list[Cost]]
    knock_prone: Cost


class SpecialRule(Strict):
    key: Key
    name: Text
    cost: Cost
    kinds: list[Key]


class WeaponCreationFile(Strict):
    cc_strength_bonus: CostTable
    penetration: CostTable
    reach: CostTable
    ranged_strength: CostTable
    support_strength: CostTable
    range_band: list[RangeBand]
    range_modifier: list[RangeModifier]
    area_effect: AreaEffect
    teardrop: list[TeardropCost]
    grenades: Grenades
    special_rule: list[SpecialRule]


class TeardropTemplate(Strict):
    key: Key
    label: Text
    abbreviation: Text
    use_cost_over_strength: Annotated[int, Meta(ge=0, le=9)]
    minimum_use_cost: Annotated[int, Meta(ge=1, le=10)]
    source: Text


class TeardropTemplatesFile(Strict):
    template: list[TeardropTemplate]


class Blast(Strict):
    diameters: list[InchesText]
    source: Text


class Counter(Strict):
    key: Key
    name: Text
    diameter: InchesText
    source: Text


class Siege(Strict):
    key: Key
    name: Text
    diameter: InchesText
    shape: Literal["round", "semicircle"]
    source: Text


class Teardrop(Strict):
    key: TeardropSize
    length: InchesText
    width: InchesText
    source: Text

    def __post_init__(self) -> None:
        if Fraction(self.width) >= Fraction(self.length):
            raise ValueError("a teardrop must be longer than wide")


class TemplatesFile(Strict):
    blast: Blast
    counter: list[Counter] = []
    siege: list[Siege] = []
    teardrop: list[Teardrop] = []

    def __post_init__(self) -> None:
        if [drop.key for drop in self.teardrop] != list(TeardropSize):
            raise ValueError("give one teardrop of each size, small to large")
