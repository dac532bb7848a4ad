"""The gettext contexts of the data's fields whose words have another sense elsewhere: "Light"
armour is « Légère », the Light aspect « Lumière ».  Read by the catalogues' extraction
(:mod:`nqtranslate.catalogue`) and by the engine's name check (:mod:`nqcore.name_clashes`)."""

from __future__ import annotations

from nqcore.i18n import ARMOUR_CONTEXT

#: A data field of one sense, by (data file, field path): its context.
DATA_CONTEXTS: dict[tuple[str, str], str] = {
    ("data/characteristic_costs.toml", ".armour_type.description"): ARMOUR_CONTEXT,
    ("data/sample_profiles.toml", ".profile.armour.description"): ARMOUR_CONTEXT,
    ("data/example_profiles.toml", ".profile.armour.description"): ARMOUR_CONTEXT,
}
