"""The book's rules about support units ("Support Units", "Support Weapon Crew", "Support Weapon
Availability"), checked against a priced army as :mod:`nqcore.army.army_rules` checks the others
(each rule is data, ``data/army_rules.toml``).

"A support unit is a specialist model, usually a war machine such as a cannon or a chariot. Some
large creatures are also classed as support units" (Support Units), and "A model is classed as
one of the following: core, elite, support, individual or character", shown on its Structure
line.  A support unit of its own models (no support weapon) of a profile classed core or elite is
refused: core and elite models form units, and the number of elite units "may never exceed" the
number of core units, which a support unit would escape.  A large creature classed core or elite
is warned of ("some large creatures": a guideline).  A support weapon's crew may be any warriors.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from nqcore.army.characteristics import ModelType
from nqcore.army.profiles import Profile
from nqcore.rules.game_limits import unit_sizes

if TYPE_CHECKING:
    from nqcore.army.breaches import Breach
    from nqcore.army.force import Force

#: The model types a unit is made of ("There are two types of unit, core and elite").
UNIT_TYPES = frozenset({ModelType.CORE, ModelType.ELITE})


def support_fit(profile: Profile) -> str | None:
    """The rule a support unit of ``profile``'s own models (no support weapon) breaks, by its
    key: ``support-unit-type`` for a core or elite model, ``support-large-creature`` for a large
    creature classed core or elite, ``model-type`` for an individual, a character or a unit
    leader; none for a support model."""
    if profile.model_type is ModelType.SUPPORT:
        return None
    if profile.model_type not in UNIT_TYPES:
        return "model-type"
    return "support-large-creature" if profile.size.is_large else "support-unit-type"


def support_models(force: Force) -> Iterator[Breach]:
    """Each support unit of its own models whose profile is classed core or elite."""
    from nqcore.army.army_rules import TYPE_NAMES
    from nqcore.army.breaches import breach
    from nqcore.army.force import book_name

    for item in force.entries:
        entry = item.entry
        if entry.kind != "support" or entry.weapon is not None:
            continue
        key = support_fit(entry.profile)
        if key in ("support-unit-type", "support-large-creature"):
            found = TYPE_NAMES[entry.profile.model_type]
            yield breach(key, entry.name, profile=book_name(entry.profile), found=found)


def support_weapons(force: Force) -> Iterator[Breach]:
    """A support weapon's crew, a battery's leader, and one support weapon per core or elite
    unit ("Support Weapon Crew", "Support Weapon Availability")."""
    from nqcore.army.breaches import breach

    crew_limit = unit_sizes()["support-weapon-crew"]
    weapons, named = 0, []
    for item in force.entries:
        entry = item.entry
        if entry.weapon is None:
            continue
        weapons += entry.weapons
        named.append(entry.name)
        crew = entry.crew or 0
        if not crew_limit.minimum <= crew <= (crew_limit.maximum or crew):
            yield breach("support-crew", entry.name, crew=crew)
        if entry.leader is not None and entry.weapons < 2:
            yield breach("battery-leader", entry.name)
    units = sum(1 for u in force.entries if u.entry.kind == "unit" and u.classification is not None)
    if weapons > units:
        yield breach("support-availability", concerns=tuple(named), weapons=weapons, units=units)
