"""The schema of every data file (``nqcore/data``, its errata, the docs' glossary), as msgspec
structs that forbid unknown fields: what each record may hold, of which type, in which range.

The ranges are those of the game (a D10 roll is 1 to 10, a spell's level 1 to 8) or, where the
book gives none, wide sanity bounds that still refuse a slipped sign or digit; the modules that read
a file keep their finer checks (a profile's characteristics, a weapon's cost).  Field names with a
hyphen are renamed (``unit_leader`` reads ``unit-leader``).

Over 500 lines because it holds one small schema class per data file, with the field types they
share, so that the registry of every file's schema (``SCHEMAS``) reads in one place.
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, Struct, field

from nqcore.army.army_schema import ArmyRulesFile

Text = Annotated[str, Meta(min_length=1)]
Key = Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9.-]*$")]
Points = Annotated[int, Meta(ge=-99, le=999)]
Cost = Annotated[int, Meta(ge=0, le=999)]
Modifier = Annotated[int, Meta(ge=-9, le=9)]
Characteristic = Annotated[int, Meta(ge=0, le=20)]
D10 = Annotated[int, Meta(ge=1, le=10)]
Inches = Annotated[int, Meta(ge=1, le=99)]
Strength = Annotated[int, Meta(ge=1, le=20)]
Penetration = Annotated[int, Meta(ge=-9, le=0)]
#: A number of inches as an exact text: a whole number or a fraction (``"3"``, ``"5/2"``).
InchesText = Annotated[str, Meta(pattern=r"^[1-9][0-9]*(?:/[1-9][0-9]*)?$")]
#: A dotted Python name inside the engine (``nqcore.rules.morale.rally_cost``).
EngineName = Annotated[str, Meta(pattern=r"^nqcore(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")]
Cell = str | int | float


class Strict(Struct, forbid_unknown_fields=True, kw_only=True):
    """A record whose fields are all named here."""


# --- features: abilities, traits, equipment --------------------------------------------------


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


# --- magic ------------------------------------------------------------------------------------


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


# --- tables -----------------------------------------------------------------------------------


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


# --- characteristic costs -------------------------------------------------------------------


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


# --- weapons ----------------------------------------------------------------------------------


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


# --- templates --------------------------------------------------------------------------------


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
    key: Key
    length: InchesText
    width: InchesText
    source: Text


class TemplatesFile(Strict):
    blast: Blast
    counter: list[Counter] = []
    siege: list[Siege] = []
    teardrop: list[Teardrop] = []


# --- profiles ---------------------------------------------------------------------------------


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


# --- errata and glossary ----------------------------------------------------------------------


class ErratumCell(Strict):
    """A cell of an engine table (``nq-table`` key) whose value the book prints otherwise: its
    row is the one whose cell in ``row_column`` (the first column if omitted) reads ``row`` in
    the English table, its column is headed ``column`` (English); ``printed`` is what the 2007
    book prints there (:mod:`nqcore.tables.printed_cells`)."""

    table: Key
    row: Text
    column: Text
    printed: Text | int
    row_column: Text | None = None


class Erratum(Strict):
    """One place where the book disagrees with itself, or leaves a question open (``kind``),
    found by one item of the reading checklist (``check``, :data:`nqcore.book.errata.CHECKS`);
    ``sections`` are the labels of every section that prints a reading, the first the one whose
    reading the engine does not follow; ``engine`` names the code that follows the ``correct``
    reading, for the editors (never printed)."""

    id: Key
    kind: Literal["erratum", "open-question"]
    check: Literal[
        "arithmetic",
        "price",
        "two-statements",
        "other-profile",
        "summary-omission",
        "undefined-term",
        "counter-without-rule",
        "rounding",
        "rule-and-ability",
        "left-open",
    ]
    sections: Annotated[list[Key], Meta(min_length=1)]
    subject: Text
    printed: Text | int  # a bare number is shown as it is (``str()``)
    correct: Text | int
    why: Text
    engine: list[EngineName] = []
    cell: list[ErratumCell] = []


class ErrataFile(Strict):
    erratum: list[Erratum] = []


class Term(Strict):
    key: Key
    en: Text
    fr: Text
    def_en: Text
    def_fr: Text
    section: Key
    abbr_en: Text | None = None
    abbr_fr: Text | None = None


class Phrase(Strict):
    """A recurring phrasing: the English and the one French form (regular expressions)."""

    key: Key
    en: Text
    fr: Text
    note: Text
    avoid: Text | None = None


class Avoid(Strict):
    """A French form no catalogue uses, the approved French, and English words it may render."""

    key: Key
    fr: Text
    use: Text
    note: Text
    en_only: list[Text] = []


class Sense(Strict):
    sense: Text
    fr: Text
    context: Key | None = None


class Homonym(Strict):
    """An English word of two senses, each with its French (and gettext context)."""

    key: Key
    en: Text
    senses: Annotated[list[Sense], Meta(min_length=2)]


class GlossaryFile(Strict):
    term: list[Term]
    phrase: list[Phrase] = []
    avoid: list[Avoid] = []
    homonym: list[Homonym] = []


# --- game limits: game and unit sizes, attack zones, coherency, uses per activation ------------

Models = Annotated[int, Meta(ge=0, le=999)]


class GameSize(Strict):
    key: Key
    name: Text
    points: Annotated[int, Meta(ge=1, le=99999)]
    section: Key
    open: bool = False


class UnitLimit(Strict):
    key: Key
    name: Text
    minimum: Models
    section: Key
    maximum: Models | None = None
    usual: bool = False


class AttackZoneRecord(Strict):
    size: Literal["small", "medium", "large", "very-large"]
    reach: Inches
    arc: Annotated[int, Meta(ge=1, le=360)]
    section: Key


class Coherency(Strict):
    key: Key
    name: Text
    reach: Inches
    section: Key


class UsesPerActivation(Strict):
    key: Key
    name: Text
    uses: Annotated[int, Meta(ge=1, le=9)]
    section: Key


class GameLimitsFile(Strict):
    game_size: list[GameSize]
    unit_limit: list[UnitLimit]
    attack_zone: list[AttackZoneRecord]
    coherency: list[Coherency]
    uses_per_activation: list[UsesPerActivation]


# --- what changed since the French v2.4b ---------------------------------------------------


class EditionChange(Strict):
    key: Key
    section: Key
    kind: Literal["number", "meaning", "added", "removed"]
    old_reading: Text
    new_reading: Text
    source: Text


class EditionChangesFile(Strict):
    change: list[EditionChange]


ERRATA_SCHEMA: type[Struct] = ErrataFile

#: The schema of each file of ``nqcore/data`` (the errata files share :data:`ERRATA_SCHEMA`).
SCHEMAS: dict[str, type[Struct]] = {
    "abilities.toml": AbilitiesFile,
    "army_rules.toml": ArmyRulesFile,
    "aspects.toml": AspectsFile,
    "book_tables.toml": BookTablesFile,
    "characteristic_costs.toml": CharacteristicCostsFile,
    "close_combat_modifiers.toml": ModifiersFile,
    "command_modifiers.toml": ModifiersFile,
    "edition_changes.toml": EditionChangesFile,
    "equipment.toml": EquipmentFile,
    "example_profiles.toml": ExampleProfilesFile,
    "game_limits.toml": GameLimitsFile,
    "game_turns.toml": GameTurnsFile,
    "hand_weapons.toml": WeaponsFile,
    "movement_abilities.toml": MovementAbilitiesFile,
    "mutations.toml": MutationsFile,
    "panic_table.toml": PanicTableFile,
    "ranged_modifiers.toml": ModifiersFile,
    "ranged_weapons.toml": WeaponsFile,
    "sample_profiles.toml": SampleProfilesFile,
    "spells.toml": SpellsFile,
    "support_weapons.toml": SupportWeaponsFile,
    "teardrop_templates.toml": TeardropTemplatesFile,
    "templates.toml": TemplatesFile,
    "traits.toml": TraitsFile,
    "weapon_creation.toml": WeaponCreationFile,
}
