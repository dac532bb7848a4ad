"""The schemas of the profiles' data files: the characteristics' costs, maxima and limits,
and the sample and example profiles (:data:`nqcore.data.dataschema.SCHEMAS` lists which file each
reads)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, field

from nqcore.data.schema_types import (
    Characteristic,
    Cost,
    Key,
    Modifier,
    Penetration,
    Points,
    Strength,
    Strict,
    Text,
)


class Maxima(Strict):
    core: Characteristic
    elite: Characteristic
    unit_leader: Characteristic = field(name="unit-leader")
    individual: Characteristic | None = None
    character: Characteristic | None = None


class CharacteristicCosts(Strict):
    key: Key
    name: Text
    abbreviation: Text
    values: list[Characteristic]
    costs: list[Points]
    maximum: Maxima
    source: Text


class ArmourCosts(Strict):
    values: list[Characteristic]
    costs: list[Cost]
    shield: Cost
    barding: Cost
    armoured_mount: Cost
    mounted_maximum_bonus: Characteristic
    maximum: Maxima
    source: Text


class ArmourType(Strict):
    kind: Text
    description: Text
    ar: list[Characteristic] = []
    human: Characteristic | None = None
    bonus: bool = False


class Resilience(Strict):
    levels: list[Annotated[int, Meta(ge=1, le=9)]]
    costs: list[Cost]
    source: Text


class MagicLevel(Strict):
    level: Annotated[int, Meta(ge=0, le=8)]
    cost: Cost
    note: Text | None = None


class Limits(Strict):
    types: list[Key]
    abilities: list[Annotated[int, Meta(ge=0, le=20)]]
    traits: list[Annotated[int, Meta(ge=0, le=20)]]
    equipment: list[Annotated[int, Meta(ge=0, le=20)]]
    source: Text


class ProfileRules(Strict):
    minimum_points: Cost
    core_maximum: Cost
    large_core_maximum: Cost
    specialist_percent: Annotated[int, Meta(ge=0, le=100)]
    elite_ratio: list[Annotated[int, Meta(ge=1, le=20)]]


class CharacteristicCostsFile(Strict):
    characteristic: list[CharacteristicCosts]
    armour: ArmourCosts
    armour_type: list[ArmourType]
    resilience: Resilience
    magic_level: list[MagicLevel]
    limits: Limits
    rules: ProfileRules


class Pick(Strict):
    key: Key
    level: Text | None = None
    target: Text | None = None


class ProfileWeapon(Strict):
    """A weapon a profile defines itself; :func:`nqcore.army.armoury.weapon_from_record` checks the
    rest (which fields each kind needs)."""

    name: Text
    uc: Strength
    kind: Key | None = None
    st: Strength | None = None
    st_bonus: Modifier | None = None
    pm: Penetration | None = None
    teardrop: Literal["TTS", "TTM", "TTL"] | None = None


class ProfileArmour(Strict):
    value: Characteristic
    description: Text | None = None
    shield: bool = False
    large_bonus: bool = False
    natural: bool = False


class Element(Strict):
    name: Text
    ra: Characteristic | None = None
    cc: Characteristic | None = None
    st: Characteristic | None = None
    weapons: list[Key | ProfileWeapon] = []
    abilities: list[Key | Pick] = []
    traits: list[Key | Pick] = []


class Profile(Strict):
    """The fields a profile of the book shows; :func:`nqcore.army.profile_files.parse_profile`
    checks the characteristics against the book's ranges."""

    key: Key
    name: Text
    source: Text
    ac: Characteristic
    ra: Characteristic | Literal["-"]
    cc: Characteristic | Literal["-"]
    st: Characteristic
    t: Characteristic
    w: Characteristic
    co: Characteristic
    type: Key | None = None
    size: Key | None = None
    mounted: bool = False
    armour: ProfileArmour | None = None
    weapons: list[Key | ProfileWeapon] = []
    abilities: list[Key | Pick] = []
    traits: list[Key | Pick] = []
    equipment: list[Key | Pick] = []
    element: list[Element] = []
    unit_size: Text | None = None


class SampleProfile(Profile, kw_only=True):
    printed_points: Cost
    section: Key
    composition: Key | None = None


class ExampleProfile(Profile, kw_only=True):
    table: Key
    printed_points: Cost | None = None
    title: Text | None = None


class SampleProfilesFile(Strict):
    profile: list[SampleProfile]


class ExampleProfilesFile(Strict):
    profile: list[ExampleProfile]
