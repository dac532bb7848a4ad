"""Why a shot's answer is what it is (:mod:`nqcore.rules.answer_notes`, the notes of every
other question): what a template changes in the roll to hit, where a thrown grenade or a blast
goes when it does not hit, and a siege weapon's roll against a very large target.
"""

from __future__ import annotations

from fractions import Fraction

from nqcore.i18n import N_, Msg
from nqcore.rules.answer_notes import ONE_FACE, Note
from nqcore.rules.dice import FUMBLE_ROLL, MASTERFUL_HIT_ROLL
from nqcore.tables.registry import Chance


def template_notes(target: int | None, *, dodged: bool) -> list[Note]:
    """What a template changes in the roll to hit: a natural 1 places it on its target like any
    hit, the models under it saving as usual (the open question ``blast-masterful-hit``); the
    dodge ability, when asked for, has no effect ("Dodge").  No masterful note when no roll can
    hit.

    >>> [note.reading for note in template_notes(5, dodged=True)]
    ['blast-masterful-hit', '']
    """
    notes = []
    if target is not None and target >= 1:
        message = N_(
            "Masterful hits: a natural {natural} to hit ({chance}) places the template on its "
            "target like any hit, and the models under it save as usual (this edition's "
            "reading: see the errata)."
        )
        values: dict[str, int | Fraction] = {"natural": MASTERFUL_HIT_ROLL, "chance": ONE_FACE}
        notes.append(Note(message, values, "blast-masterful-hit"))
    if dodged:
        message = N_(
            "Dodge: the target's dodge ability has no effect against an attack that uses a "
            "template: its −1 is not counted (Dodge)."
        )
        notes.append(Note(message))
    return notes


def _missed(target: int) -> Fraction:
    """The chance that a roll to hit at ``target`` misses without fumbling (a natural 10)."""
    from nqcore.rules.dice import hit_chance

    return 1 - hit_chance(target) - ONE_FACE


def very_large_target_notes(target: int | None) -> list[Note]:
    """Why a shot at a very large target has its own roll ("Attacks Against Very Large
    Targets", "Siege Weapon"), the range and the modifiers left aside.  No note beyond long
    range, where the shot misses all the same.

    >>> [note.values for note in very_large_target_notes(9)]
    [{'roll': 9}]
    """
    if target is None:
        return []
    message = N_(
        "Very large target: a model with the siege weapon trait hits it on {roll} or less "
        "within range, whatever its RA, the range and the modifiers; the attacks of a model "
        "without that trait have no effect on it (Attacks Against Very Large Targets)."
    )
    return [Note(message, {"roll": target})]


GRENADE_MISS = N_(
    'Misses: a grenade that misses ({chance}) lands {inches}" from the target point, in '
    "the direction a D10 rolled there points, whatever its number (Deviating Grenades)."
)
GRENADE_FUMBLE = N_(
    "Fumbles: on a natural {natural} ({chance}) the grenade explodes in the thrower's hand: "
    "its blast template is centred on the thrower (Grenade Fumbles), who loses its "
    "remaining attacks this turn (Fumbles)."
)


def grenade_notes(target: int | None) -> list[Note]:
    """Where a thrown grenade goes when it does not hit: a miss deviates 2" ("Deviating
    Grenades"), a natural 10 explodes in the thrower's hand ("Grenade Fumbles").  No note when
    it cannot be thrown (beyond its reach) or cannot hit (every roll deviates but the 10).

    >>> [note.values for note in grenade_notes(6)]
    [{'chance': Chance(3, 10), 'inches': 2}, {'natural': 10, 'chance': Chance(1, 10)}]
    """
    from nqcore.rules.ranged import GRENADE_DEVIATION_INCHES

    inches = {"inches": GRENADE_DEVIATION_INCHES}
    return _miss_and_fumble(target, (GRENADE_MISS, inches), GRENADE_FUMBLE)


BLAST_MISS = N_(
    "Misses: a shot that misses ({chance}) moves its blast template from the target "
    "point as many inches as a D10 rolled there shows, in the direction it points "
    "(Blast Template Deviation)."
)
BLAST_MISFIRE = N_(
    "Fumbles: a natural {natural} ({chance}) is a misfire: no template is placed, and the "
    "crew loses its remaining attacks this turn (this edition's reading: see the errata)."
)


def blast_notes(target: int | None) -> list[Note]:
    """Where a blast support weapon's shot goes when it does not hit ("Blast Template
    Deviation"): a miss deviates the D10's number of inches, a natural 10 is a misfire, which
    this edition reads as a shot that hits nothing (the open question ``blast-misfire``).  No
    note when the shot cannot be made (beyond long range).

    >>> [note.values for note in blast_notes(6)]
    [{'chance': Chance(3, 10)}, {'natural': 10, 'chance': Chance(1, 10)}]
    """
    return _miss_and_fumble(target, (BLAST_MISS, {}), BLAST_MISFIRE, "blast-misfire")


def _miss_and_fumble(
    target: int | None,
    miss: tuple[Msg, dict[str, int]],
    fumble: Msg,
    reading: str = "",
) -> list[Note]:
    """A miss's note with its chance (none when every roll but the 10 hits) and the natural
    10's; nothing when the shot cannot be made (``target`` None)."""
    if target is None:
        return []
    missed = _missed(target)
    notes = [Note(miss[0], {"chance": Chance(missed), **miss[1]})] if missed > 0 else []
    return [*notes, Note(fumble, {"natural": FUMBLE_ROLL, "chance": ONE_FACE}, reading)]
