"""The schemas of the rules' data files: abilities, traits and equipment, magic (aspects,
spells, mutations), the book's tables, the dice modifiers, game turns, panic and movement
abilities (:data:`nqcore.data.dataschema.SCHEMAS` lists which file each reads)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

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
)


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
    only: list[Key] = []
    requires: list[Key] = []
    levels: list[FeatureLevel] = []
    levels_from: Key | None = None
    priced_by: Key | None = None
    special_attack_mode: bool = False


class AbilitiesFile(Strict):
    ability: list[Feature]


class TraitsFile(Strict):
    trait: list[Feature]


class EquipmentFile(Strict):
    equipment: list[Feature]


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
    aspect: Literal["fire", "water", "earth", "wind", "light", "dark"]
    use_cost: Annotated[int, Meta(ge=1, le=10)]
    level: Annotated[int, Meta(ge=1, le=8)]
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
