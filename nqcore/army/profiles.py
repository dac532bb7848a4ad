"""Model profiles: characteristics, armour, weapons, and the abilities, traits and equipment a model
has, attached by key (their catalogue is :mod:`nqcore.army.features`, the characteristics'
values :mod:`nqcore.army.characteristics`).

Book sections: "Model Profile", "Extra Equipment And Special Rules" (The Army), "Special
Combination Models".  What a profile costs is :func:`nqcore.army.profile_points.profile_points`.

A profile file is TOML (read by :func:`nqcore.army.profile_files.load_profile`)::

    name = "Men At Arms"
    type = "core"
    ac = 8
    ra = 3
    cc = 5
    st = 4
    t = 5
    w = 1
    co = 6
    weapons = ["sword"]
    abilities = [{ key = "extra-attack", level = "x2" }]
    [armour]
    value = 2
    shield = true

``ar = 2`` is short for ``armour = { value = 2 }``.  A weapon is an armoury key, or a table that
creates one (``{ name = "Claws", uc = 3, st_bonus = 0 }``); a combination model lists its other
elements as ``[[element]]`` tables with their own ``ra``, ``cc``, ``st``, weapons and abilities.
A file is at most 1 MiB, and each list (weapons, abilities, traits, equipment, mutations,
spells, elements) at most 50 items (:data:`nqcore.army.profile_files.MAX_LIST`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from nqcore.army.armoury import Weapon
from nqcore.army.characteristics import (
    ARMOUR_BONUS,
    CHARACTERISTICS,
    ELEMENT_CHARACTERISTICS,
    OPTIONAL_CHARACTERISTICS,
    ModelType,
    Size,
    Specialist,
    characteristic_range,
    check_characteristic,
    shown_value,
)
from nqcore.army.features import feature, mutation_points
from nqcore.data import datafiles
from nqcore.i18n import N_, Refusal, UnknownName

# --- profiles -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pick:
    """An ability, trait or item of equipment a model has: its key, its level if it has levels,
    and what it is aimed at (the arch rival of a Nemesis)."""

    key: str
    level: str | None = None
    target: str | None = None

    def __str__(self) -> str:
        return self.key if self.level is None else f"{self.key} ({self.level})"


@dataclass(frozen=True)
class Armour:
    """A model's armour ("Creating A Profile" > Armour Values to Armoured Mount).

    ``value`` is the armour bought on the AR table (worn or natural); each flag adds +1: a shield,
    barding, a naturally armoured mount, and the free +1 a large model may have.
    ``resilience`` is the armour resilience level bought (RE +1 to +3).
    """

    value: int = 0
    shield: bool = False
    barding: bool = False
    armoured_mount: bool = False
    large_bonus: bool = False
    natural: bool = False
    resilience: int = 0
    description: str | None = None

    def __post_init__(self) -> None:
        allowed = characteristic_range("ar")
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise Refusal(
                N_("{name} must be a whole number, not {value}"),
                name=N_("AR"),
                value=shown_value(self.value),
            ).about("armour")
        if self.value not in allowed:
            raise Refusal(
                N_(
                    "{name} {value} is beyond its cost table: Creating A Profile prices {name} "
                    "{low} to {high}"
                ),
                name=N_("AR"),
                value=self.value,
                low=allowed.start,
                high=allowed.stop - 1,
            ).about("armour")
        levels = datafiles.load("characteristic_costs.toml")["resilience"]["levels"]
        if self.resilience != 0 and self.resilience not in levels:
            raise Refusal(
                N_("RE is 0 or {low} to {high}, not {value}"),
                where="armour.resilience",
                low=min(levels),
                high=max(levels),
                value=self.resilience,
            )

    @property
    def total(self) -> int:
        """The model's AR: the bought value plus every +1."""
        bonuses = (self.shield, self.barding, self.armoured_mount, self.large_bonus)
        return self.value + ARMOUR_BONUS * sum(bonuses)


@dataclass(frozen=True)
class Element:
    """A second or third element of a combination model (a mount, a driver, a weaponeer): its own
    RA, CC and ST, weapons and abilities; AC, T, W, CO and armour are the whole model's."""

    name: str
    ra: int | None = None
    cc: int | None = None
    st: int | None = None
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Pick, ...] = ()
    traits: tuple[Pick, ...] = ()

    def __post_init__(self) -> None:
        for key in ELEMENT_CHARACTERISTICS:
            value = getattr(self, key)
            if value is not None:
                check_characteristic(key, value)
        check_picks("ability", self.abilities)
        check_picks("trait", self.traits)


def check_field(key: str, value: int) -> None:
    """A characteristic's value in the range its cost table prices, refused about its field
    (the profile builder marks it)."""
    try:
        check_characteristic(key, value)
    except Refusal as refused:
        raise refused.about(key) from None


#: A profile's refusal of a spell taken twice (the builder's too).
SPELL_TWICE = N_("{name} is taken twice: a model knows each spell once")


def check_spells(keys: tuple[str, ...]) -> None:
    """Each spell a profile takes known to the spell cards, and taken once: a spell listed 50
    times was priced 50 times (attacker round 32)."""
    from nqcore.rules.spells import spell  # the spell cards belong to the magic engine

    seen = set()
    for key in keys:
        try:
            found = spell(key)
        except UnknownName as error:
            raise error.at("", Refusal) from None
        if found.key in seen:
            raise Refusal(SPELL_TWICE, name=found.name)
        seen.add(found.key)


#: A profile's refusal of an ability, trait or item taken twice.
TAKEN_TWICE = N_(
    "{name} is taken twice: a model has each ability, trait and item of equipment once "
    "(a higher level instead, where it has levels)"
)


def check_picks(category: str, picks: tuple[Pick, ...]) -> None:
    """Each pick known, at a level it has, and taken once: the book prices what a model *has*
    ("Abilities", "Traits", "Equipment"); an ability with levels is bought at one level (Extra
    Attack x2 *or* x3), and a Nemesis names one arch rival."""
    seen = set()
    for pick in picks:
        try:
            found = feature(category, pick.key)
        except UnknownName as error:
            raise error.at("", Refusal) from None  # a ValueError, not a KeyError
        found.level(pick.level)
        if found.key in seen:
            raise Refusal(TAKEN_TWICE, name=found.name)
        seen.add(found.key)


@dataclass(frozen=True)
class Profile:
    """A model profile ("Model Profile"): the characteristics AC, RA, CC, ST, T, W, CO, the armour,
    the weapons (primary first), and abilities, traits, equipment and mutations by key.

    Every characteristic must lie in the range its cost table prices (``ValueError`` otherwise);
    RA and CC may be ``None`` for an inanimate model such as a chariot.
    """

    name: str
    ac: int
    ra: int | None
    cc: int | None
    st: int
    t: int
    w: int
    co: int
    model_type: ModelType = ModelType.CORE
    size: Size = Size.MEDIUM
    armour: Armour = field(default_factory=Armour)
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Pick, ...] = ()
    traits: tuple[Pick, ...] = ()
    equipment: tuple[Pick, ...] = ()
    mutations: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    elements: tuple[Element, ...] = ()
    specialist: Specialist | None = None
    mounted: bool = False
    general: bool = False
    key: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        for key in CHARACTERISTICS:
            value = getattr(self, key)
            if value is None and key in OPTIONAL_CHARACTERISTICS:
                continue
            check_field(key, value)
        if not isinstance(self.model_type, ModelType):
            raise ValueError(f"model type must be a ModelType, not {self.model_type!r}")
        if not isinstance(self.size, Size):
            raise ValueError(f"size must be a Size, not {self.size!r}")
        check_picks("ability", self.abilities)
        check_picks("trait", self.traits)
        check_picks("equipment", self.equipment)
        unknown = [m for m in self.mutations if m not in mutation_points()]
        if unknown:
            raise ValueError(f"unknown mutation(s) {', '.join(unknown)}")
        if self.mutations and not self.has("trait", "mutation"):
            raise ValueError("a model needs the mutation trait to take mutations")
        check_spells(self.spells)
        if self.armour.large_bonus and not self.size.is_large:
            raise ValueError("only a large model has the free +1 armour of the Large Model trait")

    @property
    def ar(self) -> int:
        """The model's armour value, tattoos included."""
        tattoo = self.pick("equipment", "magic-tattoos")
        tattoo_ar = int(tattoo.level.removeprefix("AR")) if tattoo and tattoo.level else 0
        return self.armour.total + tattoo_ar

    def characteristics(self) -> dict[str, int | None]:
        return {key: getattr(self, key) for key in CHARACTERISTICS}

    def all_picks(self, category: str) -> tuple[Pick, ...]:
        """The picks of ``category`` of the model and of all its elements."""
        own: tuple[Pick, ...] = getattr(self, _PICK_FIELDS[category])
        for element in self.elements:
            if category == "ability":
                own += element.abilities
            elif category == "trait":
                own += element.traits
        return own

    def pick(self, category: str, key: str) -> Pick | None:
        for candidate in self.all_picks(category):
            if candidate.key == key:
                return candidate
        return None

    @property
    def ridden(self) -> bool:
        """A rider and its steed (a single combined profile, ``mounted``), or a model with a
        mount's or a crew's line: cavalry, for the lance and Cavalry Move."""
        return self.mounted or bool(self.elements)

    def has(self, category: str, key: str) -> bool:
        return self.pick(category, key) is not None

    @property
    def magic_level(self) -> int | None:
        """0 for an Initiate, 1 to 4 for a Magic User, ``None`` for a model that casts no spells."""
        if self.has("trait", "initiate"):
            return 0
        picked = self.pick("trait", "magic-user")
        return None if picked is None or picked.level is None else int(picked.level)

    @property
    def is_combination(self) -> bool:
        return bool(self.elements)

    def satisfies(self, condition: str) -> bool:
        """Whether the model meets one of the abilities' conditions ("Individuals and characters
        only", "Large models only", ...)."""
        if condition in {t.value for t in ModelType}:
            return self.model_type.value == condition
        if condition not in _CONDITIONS:
            raise KeyError(f"unknown condition {condition!r}")
        return _CONDITIONS[condition](self)


#: What a profile must be to meet each condition of the abilities besides a model type ("Large
#: models only", "Shield only").
_CONDITIONS: dict[str, Callable[[Profile], bool]] = {
    "large": lambda p: p.size.is_large,
    # a rider with its mount's line, a chariot with its crew's: ridden (player round 32)
    "mounted": lambda p: p.ridden,
    "magic-user": lambda p: p.magic_level is not None,
    "musician": lambda p: p.specialist is Specialist.MUSICIAN,
    "general": lambda p: p.general,
    "strength-6": lambda p: p.st >= 6,
    "close-combat-6": lambda p: (p.cc or 0) >= 6,
    "shield": lambda p: p.armour.shield,
    "unarmoured": lambda p: p.ar == 0,
    "manufactured-armour": lambda p: p.armour.value > 0 and not p.armour.natural,
}
#: What a feature's ``only`` and ``requires`` may name (its schema refuses any other): a model
#: type or a condition of :meth:`Profile.satisfies`.
CONDITIONS = frozenset({t.value for t in ModelType} | _CONDITIONS.keys())


_PICK_FIELDS = {"ability": "abilities", "trait": "traits", "equipment": "equipment"}
