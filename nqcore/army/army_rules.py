"""The book's rules about a whole force, checked against a priced army (:mod:`nqcore.army.force`).

Each rule is data (``data/army_rules.toml``: key, section label, kind, the msgid that says a
breach, the unit size it uses); each check below finds the breaches of one rule.  A breach is a
:class:`Breach`, a :class:`~nqcore.i18n.Refusal` that names the entry, the rule and its section,
said in the reader's language.  A ``refusal`` is a rule the book gives as one ("must", "may
never"): ``nq army`` exits with status 2; a ``warning`` is a rule it gives loosely ("normally",
"should", "tend to"), and its text says so.

Three rules are kept by the army file's shape rather than checked: a unit has one profile, so its
models are "armed and equipped in the same manner" (Units); its standard bearers and musicians
are that profile with the specialist's 25 % ("Standard Bearers and Musicians": "the same profile
characteristics as the models in the unit"); and it has at most one leader (Unit Leaders).
One of each specialist is checked (a list may name one twice): "a standard bearer and / or a
musician".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from nqcore.army.breaches import ArmyRule as ArmyRule  # its readers import them from here too
from nqcore.army.breaches import Breach, army_rules, breach
from nqcore.army.breaches import raised_warnings as raised_warnings
from nqcore.army.characteristics import ModelType, Specialist
from nqcore.army.force import Force, PricedEntry
from nqcore.army.points import max_elite_models
from nqcore.army.profiles import Profile
from nqcore.army.structure_lines import sample_unit_size
from nqcore.army.support_rules import support_models, support_weapons
from nqcore.i18n import N_, P_, Msg, Refusal
from nqcore.rules.game_limits import unit_sizes
from nqcore.rules.magic import Aspect

#: How a breach names a model type ("the profile is of type individual").
TYPE_NAMES: dict[ModelType, Msg] = {
    ModelType.CORE: N_("core"),
    ModelType.ELITE: N_("elite"),
    ModelType.UNIT_LEADER: N_("unit leader"),
    ModelType.INDIVIDUAL: N_("individual"),
    ModelType.CHARACTER: N_("character"),
    ModelType.SUPPORT: N_("support"),
}
#: The model types each kind of entry expects ("A model is classed as one of the following:
#: core, elite, support, individual or character"), and how a breach says them: a support
#: entry takes a support weapon's crew of any type, its own models are support models
#: (:mod:`nqcore.army.support_rules`).
EXPECTED: dict[str, tuple[frozenset[ModelType], Msg]] = {
    "unit": (frozenset({ModelType.CORE, ModelType.ELITE}), N_("core or elite")),
    "individual": (frozenset({ModelType.INDIVIDUAL}), N_("individual")),
    "character": (frozenset({ModelType.CHARACTER}), N_("character")),
    "support": (frozenset(ModelType), N_("support")),
}
#: The model types that lead a unit or a battery (Unit Leaders: "A unit leader will accompany a
#: unit"; Individuals: "In many cases, individuals may be used as unit leaders"), and how a
#: breach says them.
LEADS: tuple[frozenset[ModelType], Msg] = (
    frozenset({ModelType.UNIT_LEADER, ModelType.INDIVIDUAL}),
    N_("unit leader or individual"),
)


def may_lead(leader: Profile, unit: Profile) -> bool:
    """Whether ``leader`` may lead a unit of ``unit``'s models: a unit leader or an individual
    (LEADS) that goes with the unit ("A unit leader will accompany a unit"), of its models' size
    and mounted as they are: a rider on a dragon (a Special Combination Model, a large
    individual) is not offered to lead a unit on foot ("In many cases, individuals may be used
    as unit leaders": not every individual)."""
    return (
        leader.model_type in LEADS[0]
        and leader.size == unit.size
        and leader.mounted == unit.mounted
    )


#: How a breach names the kind an entry is added as ("added as a character").
ADDED_AS: dict[str, Msg] = {
    "unit": P_("added as", "a unit"),
    "individual": P_("added as", "an individual"),
    "character": P_("added as", "a character"),
    "support": P_("added as", "a support unit"),
}
BATTLE_STANDARD = "army-battle-standard"
#: The kinds of entry an army battle standard bearer may be ("created as an individual model").
BATTLE_STANDARD_KINDS = ("individual", "character")


def check(force: Force) -> list[Breach]:
    """Every breach of the book's army rules by ``force``: refusals first, each in rule order."""
    found = [b for check_rule in CHECKS for b in check_rule(force)]
    order = list(army_rules())
    return sorted(found, key=lambda b: (not b.refused, order.index(b.rule.key)))


def _units(force: Force) -> list[PricedEntry]:
    return [e for e in force.entries if e.entry.kind == "unit"]


def _game_size(force: Force) -> Iterator[Breach]:
    if force.total > force.points:
        yield breach("game-size", total=force.total, points=force.points)


#: How a breach names more than one specialist of a kind ("2 standard bearers").
SPECIALISTS: dict[Specialist, Msg] = {
    Specialist.STANDARD_BEARER: N_("standard bearers"),
    Specialist.MUSICIAN: N_("musicians"),
}


def _specialists(force: Force) -> Iterator[Breach]:
    """A second standard bearer or musician in a unit ("a standard bearer and / or a
    musician"): refused, not priced as a second specialist."""
    for unit in _units(force):
        for specialist, name in SPECIALISTS.items():
            count = unit.entry.specialists.count(specialist)
            if count > 1:
                yield breach("specialists-single", unit.entry.name, count=count, specialists=name)


def _unit_sizes(force: Force) -> Iterator[Breach]:
    usual = unit_sizes()["unit"]
    for unit in _units(force):
        entry = unit.entry
        if entry.rank_and_file < 0:
            needed = entry.models - entry.rank_and_file
            yield breach("unit-models", entry.name, models=entry.models, needed=needed)
        # A sample profile's own Structure line says its unit's size where it gives one
        # ("2 to 4" Growlers: "normally 4 to 20" warned two of them, not twelve: player round 39).
        own = sample_unit_size(entry.profile.key)
        small = own is None and entry.models < usual.minimum
        large = (own is None or own.maximum is None) and (
            usual.maximum or entry.models
        ) < entry.models
        if small or large:
            yield breach("unit-size", entry.name, models=entry.models)
        magic = entry.profile.magic_level == 0
        if magic and not _fits("initiates", entry.models):
            yield breach("initiates-size", entry.name, models=entry.models)


def _formation_sizes(force: Force) -> Iterator[Breach]:
    """A ranked or closed unit of fewer models than its formation takes, counting the
    individuals and characters who join it: they stand in its front rank ("Facing And
    Formations"; the errata's open question "ranked-unit-joined-models": a Hero joining seven
    Dwarves was refused, "this one has 7", player round 39)."""
    joined = Counter(item.entry.joins for item in force.entries if item.entry.joins is not None)
    for unit in _units(force):
        entry = unit.entry
        models = entry.models + joined[entry.name]
        if entry.formation in ("ranked", "closed") and not _fits(entry.formation, models):
            yield breach(f"{entry.formation}-size", entry.name, models=models)


def _sample_unit_sizes(force: Force) -> Iterator[Breach]:
    """A unit of a sample profile outside its Structure line's "6+ per unit" or "2 to 4"."""
    for unit in _units(force):
        own = sample_unit_size(unit.entry.profile.key)
        if own is None or own.fits(unit.entry.models):
            continue
        key = "sample-unit-size" if own.maximum is None else "sample-unit-range"
        yield breach(
            key,
            unit.entry.name,
            profile=own.heading,
            minimum=own.minimum,
            maximum=own.maximum,
            models=unit.entry.models,
        )


def _fits(key: str, models: int) -> bool:
    limit = unit_sizes()[key]
    return limit.minimum <= models and (limit.maximum is None or models <= limit.maximum)


def _infiltrating(force: Force) -> Iterator[Breach]:
    for item in force.entries:
        infiltrates = item.entry.profile.has("ability", "infiltrate")
        if infiltrates and not _fits("infiltrating", item.entry.models):
            yield breach("infiltrating-size", item.entry.name, models=item.entry.models)


def _core_and_elite(force: Force) -> Iterator[Breach]:
    """The ratio of elite to core units and models ("Units", "Maximum Number Of Elite Models")."""
    core = [u for u in _units(force) if u.classification is ModelType.CORE]
    elite = [u for u in _units(force) if u.classification is ModelType.ELITE]
    for unit in elite:
        limit_breach = _above_core_limit(unit)
        if limit_breach is not None:
            yield limit_breach
    elite_names = tuple(u.entry.name for u in elite)
    if len(elite) > len(core):
        yield breach("elite-units", concerns=elite_names, elite=len(elite), core=len(core))
    core_models = sum(u.entry.models for u in core)
    elite_models = sum(u.entry.models for u in elite)
    if elite_models > max_elite_models(core_models):
        yield breach(
            "elite-models",
            concerns=elite_names,
            elite=elite_models,
            core=core_models,
            maximum=max_elite_models(core_models),
        )
    if core and elite:
        largest_core = max(u.entry.models for u in core)
        largest_elite = max(u.entry.models for u in elite)
        if largest_elite > largest_core:
            larger = tuple(u.entry.name for u in elite if u.entry.models > largest_core)
            yield breach(
                "core-units-larger", concerns=larger, elite=largest_elite, core=largest_core
            )


def _above_core_limit(unit: PricedEntry) -> Breach | None:
    from nqcore.army.points import core_points_limit

    if unit.entry.profile.model_type is not ModelType.CORE:
        return None
    limit = core_points_limit(unit.entry.profile.size)
    return breach("core-by-points", unit.entry.name, points=unit.model_points, maximum=limit)


def _model_types(force: Force) -> Iterator[Breach]:
    """A profile of a type its kind of entry does not take; a support unit's is
    :func:`~nqcore.army.support_rules.support_fit`'s (a support weapon's crew is any)."""
    from nqcore.army.support_rules import support_fit

    for item in force.entries:
        allowed, expected = EXPECTED[item.entry.kind]
        found = item.entry.profile.model_type
        if item.entry.kind == "support":  # its crew any, its own models a support model's
            if item.entry.weapon is not None or support_fit(item.entry.profile) != "model-type":
                continue
            allowed = frozenset({ModelType.SUPPORT})
        if found not in allowed:
            kind = ADDED_AS[item.entry.kind]
            yield breach(
                "model-type", item.entry.name, found=TYPE_NAMES[found], kind=kind, expected=expected
            )


def _leaders(force: Force) -> Iterator[Breach]:
    allowed, expected = LEADS
    for item in force.entries:
        leader = item.entry.leader
        if leader is not None and leader.model_type not in allowed:
            found = TYPE_NAMES[leader.model_type]
            yield breach("leader-type", item.entry.name, found=found, expected=expected)


def _generals(force: Force) -> Iterator[Breach]:
    generals = [e for e in force.entries if e.entry.general or e.entry.profile.general]
    if len(generals) > army_rules()["general-single"].parameters["maximum"]:
        named = tuple(g.entry.name for g in generals)
        yield breach("general-single", concerns=named, count=len(generals))
    if not generals:
        yield breach("general-missing")
    for general in generals:
        found = general.entry.profile.model_type
        if found not in (ModelType.INDIVIDUAL, ModelType.CHARACTER):
            yield breach("general-type", general.entry.name, found=TYPE_NAMES[found])


def _joins(force: Force) -> Iterator[Breach]:
    units = {u.entry.name: u for u in _units(force)}
    for item in force.entries:
        if item.entry.joins is not None and item.entry.joins not in units:
            yield breach("joins-unit", item.entry.name, unit=item.entry.joins)


def _leading_twice(force: Force) -> list[tuple[PricedEntry, PricedEntry]]:
    """Each individual or character entry with the unit (or battery) whose leader is of its
    profile, by the profile's name: one character bought twice, if it is one model."""
    from nqcore.army.names import name_key

    alone = [e for e in force.entries if e.entry.kind in ("individual", "character")]
    return [
        (single, led)
        for single in alone
        for led in force.entries
        if led.entry.leader is not None
        and name_key(led.entry.leader.name) == name_key(single.entry.profile.name)
    ]


def _character_twice(force: Force) -> Iterator[Breach]:
    """ "Individual models ... can operate as a single model or be added to a unit of warriors.
    In many cases, individuals may be used as unit leaders" (Individuals): one model, either
    an entry that joins the unit or its leader; both price it twice."""
    for single, led in _leading_twice(force):
        yield breach(
            "character-twice",
            concerns=(single.entry.name, led.entry.name),
            profile=Msg(single.entry.profile.name),
            individual=single.entry.name,
            unit=led.entry.name,
        )


def _battle_standards(force: Force) -> Iterator[Breach]:
    """ "A single model in the army may be designated as the army battle standard bearer ...
    created as an individual model ... must be the only standard bearer in the unit"."""
    units = {u.entry.name: u for u in _units(force)}
    count, named = 0, []
    for item in force.entries:
        entry = item.entry
        bearers = entry.models if entry.profile.has("equipment", BATTLE_STANDARD) else 0
        leads = entry.leader is not None and entry.leader.has("equipment", BATTLE_STANDARD)
        count += bearers + leads
        named += [entry.name] if bearers or leads else []
        if (bearers and entry.kind not in BATTLE_STANDARD_KINDS) or leads:
            yield breach("battle-standard-individual", entry.name)
        joined = units.get(entry.joins or "")
        if bearers and joined is not None and _has_standard(joined):
            yield breach("battle-standard-only-standard", entry.name, unit=joined.entry.name)
    if count > army_rules()["battle-standard-single"].parameters["maximum"]:
        yield breach("battle-standard-single", concerns=tuple(named), count=count)


def _has_standard(unit: PricedEntry) -> bool:
    return Specialist.STANDARD_BEARER in unit.entry.specialists


#: Whose spells a breach of one model's aspects names: the entry's own models, or its leader.
WHOSE_SPELLS = (N_("its spells"), N_("its leader's spells"))
#: How a breach of two models' aspects names a unit's leader ("the leader of Orcs").
LEADER_OF = N_("the leader of {name}")


@dataclass(frozen=True)
class _Wizard:
    """One model of an entry that takes spells: the entry's name, whether it is the entry's
    leader, and the aspects of its spells, from their cards, in the order it takes them."""

    entry: str
    leader: bool
    aspects: tuple[Aspect, ...]

    def named(self) -> object:
        """The model as a breach names it: the entry, or "the leader of" the entry."""
        return Refusal(LEADER_OF, name=self.entry) if self.leader else self.entry


def _wizards(force: Force) -> list[_Wizard]:
    """Each model that takes spells, once: a unit's leader that is also an individual entry of
    the army (:func:`_character_twice`) is that entry's model."""
    from nqcore.rules.spells import spell

    twice = {id(led) for _single, led in _leading_twice(force)}
    return [
        _Wizard(item.entry.name, leads, tuple(dict.fromkeys(spell(k).aspect for k in model.spells)))
        for item in force.entries
        for leads, model in ((False, item.entry.profile), (True, item.entry.leader))
        if model is not None and model.spells and not (leads and id(item) in twice)
    ]


def _one_aspect(force: Force) -> Iterator[Breach]:
    """ "A Wizard is able to use spells from one of the magic aspects" (Magic): one model's
    spells from two aspects or more."""
    for wizard in _wizards(force):
        if len(wizard.aspects) > 1:
            whose = WHOSE_SPELLS[wizard.leader]
            aspects = [a.label for a in wizard.aspects]
            yield breach("one-aspect", wizard.entry, whose=whose, aspects=aspects)


def _opposed_magic(force: Force) -> Iterator[Breach]:
    """ "Models in the same army may not use magic spells that are opposed to each other"
    (Magic Relationships): each model's aspects, from its spells' cards, against every other
    model's (one model's own are :func:`_one_aspect`'s); which aspects oppose is the aspects'
    data (:attr:`nqcore.rules.magic.Aspect.opposed`)."""
    from nqcore.rules.magic import opposed

    used = [(wizard, aspect) for wizard in _wizards(force) for aspect in wizard.aspects]
    for at, (first, first_aspect) in enumerate(used):
        for second, second_aspect in used[at + 1 :]:
            if first is not second and opposed(first_aspect, second_aspect):
                yield breach(
                    "opposed-magic",
                    concerns=(first.entry, second.entry),
                    first=first.named(),
                    first_aspect=first_aspect.label,
                    second=second.named(),
                    second_aspect=second_aspect.label,
                )


def _profile_maxima(force: Force) -> Iterator[Breach]:
    """The maxima the book states for one model (extra attack, magic tattoos, magic level 4),
    found by its profile's warnings and said by the rule that names that warning."""
    rules = {r.warning: r.key for r in army_rules().values() if r.warning is not None}
    for item in force.entries:
        for found in item.raised:
            values: dict[str, Any] = dict(found.params)  # names, numbers: never concerns
            yield breach(rules[found.code], item.entry.name, **values)


#: The checks, one function per rule or group of rules.
CHECKS: tuple[Callable[[Force], Iterator[Breach]], ...] = (
    _game_size,
    _specialists,
    _unit_sizes,
    _formation_sizes,
    _sample_unit_sizes,
    _infiltrating,
    _core_and_elite,
    _model_types,
    _leaders,
    _generals,
    _joins,
    _character_twice,
    _battle_standards,
    support_weapons,
    support_models,
    _one_aspect,
    _opposed_magic,
    _profile_maxima,
)
