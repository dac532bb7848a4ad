"""The natural 10s of a support weapon's burst ("Burst Fire (Number Of Dice)"): "the other shots
may still hit, but the support weapon crew may not perform any other actions", which is more
than the attacks a model's fumble loses (player round 27: a bolt thrower's burst said "the
model loses its remaining attacks")."""

from __future__ import annotations

from dataclasses import replace

from nqcore.i18n import N_
from nqcore.rules.answer_notes import Note, volley_fumble_notes
from nqcore.rules.dice import VolleyChances

CREW_FUMBLE = N_(
    "Fumbles: a natural {natural} on at least one of the {dice} dice ({chance}); the other "
    "dice may still hit, but the crew may not perform any other actions this turn (Burst Fire)."
)
CREW_FUMBLE_TWO = N_(
    "Fumbles: a natural {natural} on at least one of the {dice} dice ({chance}); the other "
    "die may still hit, but the crew may not perform any other actions this turn (Burst Fire)."
)


def crew_fumble_notes(target: int | None, chances: VolleyChances) -> list[Note]:
    """The fumble line of a support weapon's burst: the ranged volley's, said of its crew; none
    when no die can hit.

    >>> from nqcore.rules.dice import volley_chances
    >>> [note.values["dice"] for note in crew_fumble_notes(6, volley_chances(3, 6))]
    [3]
    """
    message = CREW_FUMBLE_TWO if chances.dice == 2 else CREW_FUMBLE
    found = volley_fumble_notes(target, chances, close_combat=False)
    return [replace(note, message=message) for note in found]
