"""A model's characteristics and kinds ("Model Profile", "Creating A Profile"): the model types,
sizes and specialists, the seven characteristics, their abbreviations and the values their cost
tables price.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from functools import cache
from typing import Any

from nqcore.army.toml_values import quoted
from nqcore.data import datafiles
from nqcore.i18n import N_, Msg, Refusal


class ProfileError(Refusal):
    """A profile file or record is wrong: the message names the file and what is wrong."""


class ProfileProblems(ProfileError):
    """Several problems of one profile, each said on a line of its own after the place they
    share ("profile.toml: field ac: ..."): a player fixes a file once, not once per problem.
    Its message, values and field are the first problem's, for what reads only one."""

    def __init__(self, problems: Sequence[Refusal], *, where: str = "") -> None:
        self.problems = tuple(problems)
        first = self.problems[0]
        super().__init__(first.message, where=where, **first.values)
        self.about(first.argument, *first.chosen, also=first.also)

    def lines(self, lang: str) -> list[str]:
        """Each problem in ``lang``, a line each, after its place."""
        return [problem.at(self.where).text(lang) for problem in self.problems]

    def text(self, lang: str) -> str:
        return "\n".join(self.lines(lang))

    def at(self, where: str, kind: type[Refusal] | None = None) -> Refusal:
        """The same problems about ``where``; as one refusal of ``kind`` if that is another
        kind of refusal than a profile's (an army's reads its first)."""
        inner = ": ".join(part for part in (where, self.where) if part)
        if kind is None or issubclass(ProfileProblems, kind):
            return ProfileProblems(self.problems, where=inner)
        return self.problems[0].at(inner, kind)


class ModelType(Enum):
    """The structure classes of "Extra Equipment And Special Rules" and "Creating A Profile"."""

    CORE = "core"
    ELITE = "elite"
    UNIT_LEADER = "unit-leader"
    INDIVIDUAL = "individual"
    CHARACTER = "character"
    SUPPORT = "support"


class Size(Enum):
    """Model sizes: "If the model is not of a standard medium size, the large or extra large size
    description will also be included" (Special Rules); the book also calls the biggest
    "very large".  The order is the order of size."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    VERY_LARGE = "very-large"

    @property
    def is_large(self) -> bool:
        return self in (Size.LARGE, Size.VERY_LARGE)


class Specialist(Enum):
    """Unit specialists ("Standard Bearers and Musicians")."""

    STANDARD_BEARER = "standard-bearer"
    MUSICIAN = "musician"


#: The characteristics in profile order, with their abbreviations.
CHARACTERISTICS: tuple[str, ...] = ("ac", "ra", "cc", "st", "t", "w", "co")
ABBREVIATIONS: Mapping[str, Msg] = {
    "ac": N_("AC"),
    "ra": N_("RA"),
    "cc": N_("CC"),
    "st": N_("ST"),
    "t": N_("T"),
    "w": N_("W"),
    "co": N_("CO"),
}
#: The characteristics a second or third element of a combination model has of its own.
ELEMENT_CHARACTERISTICS: tuple[str, ...] = ("ra", "cc", "st")
#: Characteristics that an inanimate model (a chariot) may leave out, printed "-".
OPTIONAL_CHARACTERISTICS = frozenset({"ra", "cc"})
#: What a shield, barding, a naturally armoured mount or a large model's mass adds to the armour
#: value ("Shield Cost", "Barding Cost / Armoured Mount", "Natural Armour Values").
ARMOUR_BONUS = 1


@cache
def characteristic_range(key: str) -> range:
    """The values of a characteristic that the Creating A Profile cost tables price.

    >>> characteristic_range("ac")
    range(6, 13)
    """
    if key == "ar":
        values = datafiles.load("characteristic_costs.toml")["armour"]["values"]
    else:
        records = {
            r["key"]: r for r in datafiles.load("characteristic_costs.toml")["characteristic"]
        }
        if key not in records:
            raise KeyError(f"unknown characteristic {key!r}")
        values = records[key]["values"]
    return range(min(values), max(values) + 1)


#: The name of the profile builder's blank start.
BLANK_NAME = N_("New profile")


def blank_profile(lang: str) -> dict[str, Any]:
    """The profile builder's blank start ("Creating A Profile"): a core model of medium size
    named in ``lang``, each characteristic at the lowest the cost tables price, nothing else."""
    from nqcore.i18n import translator

    record: dict[str, Any] = {"name": translator(lang)(BLANK_NAME), "type": "core"}
    return record | {key: characteristic_range(key).start for key in CHARACTERISTICS}


def shown_value(value: object) -> object:
    """A refused characteristic as a refusal shows it: a whole number in the reader's format,
    anything else as TOML writes it, as typed (``4.0``, ``"x"``, ``true``, ``[1]``): a decimal
    in the reader's format lost what made it wrong (``4.0`` shown as 4)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return quoted(value)


def check_characteristic(key: str, value: int) -> None:
    """Raise ``ValueError`` naming the characteristic and its allowed range if ``value`` is out."""
    allowed = characteristic_range(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(
            N_("{name} must be a whole number, not {value}"),
            name=Msg(key.upper()),
            value=shown_value(value),
        )
    if value not in allowed:
        raise Refusal(
            N_(
                "{name} {value} is beyond its cost table: Creating A Profile prices {name} "
                "{low} to {high}"
            ),
            name=Msg(key.upper()),
            value=value,
            low=allowed.start,
            high=allowed.stop - 1,
        )
