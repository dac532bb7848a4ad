"""The notes the engine prints under its tables are the edition's own words: plain, whole
sentences a player understands at first reading, never an editor's shorthand ("A dash: no upper
limit.", "Ranges read maximum inches / RA modifier.")."""

from __future__ import annotations

import re

from nqcore.tables.registry import get_table, table_keys
from nqcore.tables.table_text import cell_text

#: A sentence that opens on a label and a colon ("Usually: the book says ...").
_LABEL = re.compile(r"(?:^|[.;] )(?:\S+ )?\S+: ")
#: The notes as copy-edited (session 8); a new or changed note is read and added here.
REVIEWED = frozenset(
    {
        "All points values are per model.",
        "Strength 4 or less has no armour modifier.",
        "Each attack is one die rolled to hit against the attacker's CC, with its first close "
        "combat weapon (or an improvised attack if it has none), at +1 against a large target "
        "and -1 against a target with the dodge ability; then the target makes its armour save, "
        "and the attacker rolls to wound.",
        "A natural 10 is a fumble and always misses.",
        "For a ranged attack, the modifier includes the weapon's range modifier.",
        "A natural 10 always fails and a masterful hit allows no save.",
        "Models in a ranked or closed unit gain +1 armour.",
        "A D10 roll of 1 always wounds; a roll of 10 never does.",
        "After applying all the modifiers, the attacker must roll equal to or under its "
        "modified close combat value.",
        "A failed command test may be re-rolled at CO+1 if the Army Battle Standard is not "
        'panicked, within 20" and in line of sight.',
        "A close combat weapon's ST is a bonus added to the wielder's strength.",
        "The Lance's bonus applies only on the turn the model charges.",
        "A unit that fails to rally re-rolls on this table, adding +1 to the dice.",
        "Add the range modifier of the weapon for the distance to the target; beyond long range "
        "the shot misses.",
        "Each range gives the greatest distance in inches, then the ranged attack (RA) modifier "
        'up to that distance: 12/+1 means up to 12" at +1.',
        "The Slingstaff is a sling and a staff in one weapon, for one price.",
        "A natural 1 always wounds.",
        "At medium or long range. At close range the firer chooses the crew or the weapon; once "
        "the weapon is destroyed, every shot strikes the crew.",
        "Where the book's points and the engine's computed points differ, the errata explain "
        "the difference item by item.",
        "The columns are lined up so that the values of the starting profile are all on the "
        "same row, whose costs add up to the starting profile's points; read each column on its "
        "own to price a value.",
        "The points pay for the weapon alone; its crew is bought separately.",
        "For the Trebuchet, the book does not say whether its cost includes its crew; this "
        "edition buys its crew separately, as for every other support weapon.",
        "On a fear test, the enemy's fear (X) penalty replaces the -1 for a fear causing enemy; "
        "the other modifiers apply.",
        "The use cost is one higher than the attack strength, with a minimum of 5 for the small "
        "template, 6 for the medium and 8 for the large.",
        "Traits do not count towards the number of abilities a model may have.",
        "Counted as large targets (+1 to hit): Wight (Large Model); Ogre, Predator, Giant Eagle, "
        "as their descriptions call them.",
        'A dash means that the book sets no upper limit. "Usually" marks a limit that the book '
        'says applies "normally" or "usually"; "Always" marks a limit it gives without such a '
        "word.",
    }
)


def shorthand(note: str) -> list[str]:
    """What makes ``note`` an editor's shorthand rather than a sentence."""
    found = []
    if not (note[:1].isupper() and note.endswith(".")):
        found.append("not a sentence")
    if _LABEL.search(note):
        found.append("a label and a colon")
    if " / " in note:
        found.append("a slash for words")
    return found


def table_notes() -> dict[str, list[str]]:
    notes: dict[str, list[str]] = {}
    for key in table_keys():
        for note in get_table(key).notes:
            notes.setdefault(cell_text(note, "en"), []).append(key)
    return notes


def test_every_table_note_is_a_plain_sentence() -> None:
    notes = table_notes()
    assert len(notes) >= 20
    assert {note: shorthand(note) for note in notes if shorthand(note)} == {}


def test_every_table_note_was_read() -> None:
    assert {note: keys for note, keys in table_notes().items() if note not in REVIEWED} == {}


def test_the_shorthand_check_can_fail() -> None:
    assert shorthand('A dash: no upper limit. Usually: the book says "normally".') == [
        "a label and a colon"
    ]
    assert shorthand("Ranges read maximum inches / RA modifier.") == ["a slash for words"]
    assert shorthand("share a row") == ["not a sentence"]
