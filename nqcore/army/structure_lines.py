"""The unit size a sample profile's Structure line prints ("6+ per unit", "2+", "2 to 4"): the
book's own guideline for that profile, which the army rules hold a unit of it to
(:mod:`nqcore.army.army_rules`) and the army builder starts a unit with (nqcompanion's bridge)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nqcore.i18n import Msg

#: A Structure line's unit size: "6+ per unit", "2+", "2 to 4".
_UNIT_SIZE = re.compile(r"(?P<least>\d+)(?:\+| to (?P<most>\d+))(?: per unit)?")


@dataclass(frozen=True)
class SampleUnitSize:
    """The sample profile's heading, and the least and (for "2 to 4") the most models its
    Structure line fields to a unit."""

    heading: Msg
    minimum: int
    maximum: int | None = None

    def fits(self, models: int) -> bool:
        return self.minimum <= models and (self.maximum is None or models <= self.maximum)


def sample_unit_size(key: str | None) -> SampleUnitSize | None:
    """The unit size of the sample profile ``key``'s Structure line; none for another profile,
    or one whose line gives no size."""
    from nqcore.army.profile_files import sample_profiles

    for sample in sample_profiles():
        found = _UNIT_SIZE.fullmatch(str(sample.unit_size or "").strip())
        if sample.profile.key == key and found:
            most = int(found["most"]) if found["most"] else None
            return SampleUnitSize(sample.heading, int(found["least"]), most)
    return None
