"""The schemas of the rules' data files: abilities, traits and equipment, magic (aspects,
spells, mutations), the book's tables, the dice modifiers, game turns, panic and movement
abilities (:data:`nqcore.data.dataschema.SCHEMAS` lists which file each reads)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from nqcore.army import features, profiles
from nqcore.data.schema_types import (
    D10,
    Cell,
    Cost,
    Inches,
    Key,
    Modifier,
    Points,
    Strict,
    Text,
    unique_keys,
)
from nqcore.rules import magic


class FeatureLevel(Strict):
    level: Text
    name: Text
    points: Points


class Feature(Strict):
    key: Key
    name: Text
    summary: Text
    source: Text
    points: Points | None = None
    note: Text | None = None
    rule: Key | None = None
    only: list[Key] = []
    requires: list[Key] = []
    levels: list[FeatureLevel] = []
    levels_from: features.LevelsFrom | None = None
    priced_by: Key | None = None
    special_attack_mode: bool = False

    def __post_init__(self) -> None:
        unknown = sorted((set(self.only) | set(self.requires)) - profiles.CONDITIONS)
        if unknown:
            raise ValueError(f"unknown condition(s) {', '.join(unknown)} in only or requires")
        if self.points is None and not self.levels and self.levels_from is None:
            raise ValueError("needs points, levels or levels_from")
        if (self.only or self.requires) and self.note is None:  # the warning says who may
            raise ValueError("only or requires needs a note saying who may take it")


class AbilitiesFile(Strict):
    ability: list[Feature]

    def __post_init__(self) -> None:
        unique_keys(self.ability, "ability")


class TraitsFile(Strict):
    trait: list[Feature]

    def __post_init__(self) -> None:
        unique_keys(self.trait, "trait")


class EquipmentFile(Strict):
    equipment: list[Feature]

    def __post_init__(self) -> None:
        unique_keys(self.equipment, "equipment")


class Aspect(Strict):
    key: Key
    name: Text
    opposed: Key
    colour: Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}$")]
    intro: list[Text]
    source: Text


class AspectsFile(Strict):
    aspect: list[Aspect]


class SpellResult(Strict):
    roll: Text
    effect: Text


class ProfileAdjustment(Strict):
    AC: Text
    RA: Text
    CC: Text
    ST: Text
    T: Text
    W: Text
    CO: Text


class Spell(Strict):
    key: Key
    name: Text
    aspect: magic.Aspect
    use_cost: Annotated[int, Meta(ge=1, le=10)]
    level: Annotated[int, Meta(ge=magic.SPELL_LEVELS.start, le=magic.SPELL_LEVELS.stop - 1)]
    points: Cost
    text: list[Text]
    source: Text
    upkeep: Annotated[int, Meta(ge=1, le=10)] | None = None
    range_inches: Inches | None = None
    template: Key | None = None
    results: list[SpellResult] = []
    profile_adjustment: ProfileAdjustment | None = None


class SpellsFile(Strict):
    spell: list[Spell]

    def __post_init__(self) -> None:
        unique_keys(self.spell, "spell")


class Mutation(Strict):
    key: Key
    name: Text
    points: Cost
    text: list[Text]
    source: Text


class MutationsFile(Strict):
    mutation: list[Mutation]


class BookTable(Strict):
    key: Key
    title: Text
    source: Text
    columns: list[Text]
    rows: list[list[Cell]]
    details: list[tuple[Text, Cell]] = []


class BookTablesFile(Strict):
    table: list[BookTable]


class DiceModifier(Strict):
    key: Key
    label: Text
    value: Modifier
    source: Text
    group: Key | None = None
    cumulative: bool = True
    requires: Key | None = None
    #: The roll that hits whatever the value and the other modifiers (a very large target).
    hits_on: D10 | None = None


class ModifiersFile(Strict):
    modifier: list[DiceModifier]


class TurnsResult(Strict):
    lowest: D10
    highest: D10
    turns: Annotated[int, Meta(ge=1, le=20)]
    source: Text


class GameTurnsFile(Strict):
    result: list[TurnsResult]


class PanicResult(Strict):
    key: Key
    label: Text
    lowest: D10
    highest: D10
    text: Text
    source: Text


class PanicTableFile(Strict):
    result: list[PanicResult]


class MovementAbility(Strict):
    key: Key
    label: Text
    inches: Inches
    actions: Annotated[int, Meta(ge=1, le=3)]
    terrain: bool
    source: Text


class MovementAbilitiesFile(Strict):
    ability: list[MovementAbility]
