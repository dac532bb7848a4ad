"""A weapon's ranges and the band a distance falls in ("Weapon Profile", "Measuring Range").

Read by shooting (:mod:`nqcore.rules.ranged`), support weapons (:mod:`nqcore.rules.support_weapons`)
and the armoury's weapon profiles (:mod:`nqcore.army.armoury`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from nqcore.i18n import N_, Msg, Refusal, Typed


class RangeBand(Enum):
    """The three ranges of a weapon profile ("Weapon Profile": CR, MR, LR)."""

    CLOSE = "close"
    MEDIUM = "medium"
    LONG = "long"

    @property
    def label(self) -> Msg:
        return _BAND_LABELS[self]


_BAND_LABELS = {
    RangeBand.CLOSE: N_("Close range (CR)"),
    RangeBand.MEDIUM: N_("Medium range (MR)"),
    RangeBand.LONG: N_("Long range (LR)"),
}


@dataclass(frozen=True)
class Range:
    """One "max inches/RA modifier" entry of a weapon profile, e.g. 10/+1 ("Weapon Profile")."""

    max_inches: int
    modifier: int

    def __str__(self) -> str:
        """As the book prints it: ``10/+1``."""
        return f"{self.max_inches}/{self.modifier:+d}"


_RANGE_TEXT = re.compile(r"^\s*(\d+)\s*\"?\s*/\s*([-+−]?\s*\d+)\s*$")


def parse_range(text: str) -> Range | None:
    """Read a profile's range cell: ``"10/+1"`` is up to 10" at RA+1; ``"-"`` or ``""`` is none.

    >>> parse_range("30/-1")
    Range(max_inches=30, modifier=-1)
    """
    if text.strip() in ("", "-", "–"):
        return None
    match = _RANGE_TEXT.match(text)
    if match is None:
        raise Refusal(N_("a range reads like 10/+1, not {value}"), value=Typed(text))
    modifier = int(match.group(2).replace("−", "-").replace(" ", ""))
    return Range(int(match.group(1)), modifier)


@dataclass(frozen=True)
class WeaponRanges:
    """A ranged weapon's close, medium and long range ("Weapon Profile"); "Not all weapons can be
    used at all ranges", so a band may be missing."""

    close: Range | None
    medium: Range | None
    long: Range | None

    @classmethod
    def parse(cls, close: str, medium: str, long: str) -> WeaponRanges:
        """Build from a profile's cells: ``WeaponRanges.parse("10/+1", "20/+0", "30/-1")``."""
        ranges = cls(parse_range(close), parse_range(medium), parse_range(long))
        limits = [band.max_inches for band in ranges.bands().values()]
        if not limits:
            raise Refusal(N_("a ranged weapon has at least one range"))
        if limits != sorted(limits) or len(set(limits)) != len(limits):
            raise Refusal(
                N_("ranges must grow from close to long, not {ranges} inches"), ranges=limits
            )
        return ranges

    def bands(self) -> dict[RangeBand, Range]:
        found = {RangeBand.CLOSE: self.close, RangeBand.MEDIUM: self.medium}
        found[RangeBand.LONG] = self.long
        return {band: value for band, value in found.items() if value is not None}

    @classmethod
    def of(cls, ranges: tuple[Range, ...]) -> WeaponRanges:
        """From a weapon's three ranges (close, medium, long)."""
        if len(ranges) != 3:
            raise ValueError("a weapon shoots with a close, a medium and a long range")
        return cls(*ranges)

    @property
    def maximum(self) -> int:
        """The weapon's maximum range in inches (its last band)."""
        return max(band.max_inches for band in self.bands().values())


def range_band(distance: Fraction | int, ranges: WeaponRanges) -> tuple[RangeBand, int] | None:
    """The band a target at ``distance`` inches falls in and its RA modifier ("Measuring Range",
    "Ranged Attack Modifiers"); ``None`` beyond long range: the shot is an automatic miss, the
    actions are still spent.

    >>> bow = WeaponRanges.parse("10/+1", "20/+0", "30/-1")
    >>> range_band(10, bow), range_band(Fraction(41, 2), bow), range_band(31, bow)
    ((<RangeBand.CLOSE: 'close'>, 1), (<RangeBand.LONG: 'long'>, -1), None)
    """
    if distance < 0:
        raise Refusal(N_("a distance cannot be negative"))
    for band, limit in ranges.bands().items():
        if distance <= limit.max_inches:
            return band, limit.modifier
    return None
