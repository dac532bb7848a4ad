"""The schema of every data file (``nqcore/data``, its errata, the docs' glossary), as msgspec
structs that forbid unknown fields: what each record may hold, of which type, in which range.

The ranges are those of the game (a D10 roll is 1 to 10, a spell's level 1 to 8) or, where the
book gives none, wide sanity bounds that still refuse a slipped sign or digit.  A record's checks
are declared once, here: a spell, an ability, a template is built from its record as it is (what
a profile's characteristics or a weapon's cost allow is the army rules', checked where they are
priced).  Field names with a hyphen are renamed (``unit_leader`` reads ``unit-leader``).

The registry of every file's schema (:data:`SCHEMAS`) reads here in one place; the schemas live by
what they describe: the field types they share (:mod:`nqcore.data.schema_types`), the rules'
files (:mod:`nqcore.data.rules_schema`), the profiles' (:mod:`nqcore.data.profile_schema`), the
weapons' (:mod:`nqcore.data.weapon_schema`), the book's own records
(:mod:`nqcore.data.book_schema`) and the look-alike table of names (:mod:`nqcore.data.text_schema`).
"""

from __future__ import annotations

from msgspec import Struct

from nqcore.army.army_schema import ArmyRulesFile
from nqcore.data.book_schema import EditionChangesFile, ErrataFile, GameLimitsFile
from nqcore.data.book_schema import GlossaryFile as GlossaryFile
from nqcore.data.book_schema import Term as Term
from nqcore.data.profile_schema import (
    CharacteristicCostsFile,
    ExampleProfilesFile,
    SampleProfilesFile,
)
from nqcore.data.rules_schema import (
    AbilitiesFile,
    AspectsFile,
    BookTablesFile,
    EquipmentFile,
    GameTurnsFile,
    ModifiersFile,
    MovementAbilitiesFile,
    MutationsFile,
    PanicTableFile,
    SpellsFile,
    TraitsFile,
)
from nqcore.data.text_schema import ConfusablesFile
from nqcore.data.weapon_schema import (
    SupportWeaponsFile,
    TeardropTemplatesFile,
    TemplatesFile,
    WeaponCreationFile,
    WeaponsFile,
)

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
    "confusables.toml": ConfusablesFile,
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
