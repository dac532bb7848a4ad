"""The changes since the French v2.4b: data that names real sections, and errors that name the
record."""

from __future__ import annotations

import re

import pytest

from nqcore.book.edition_changes import (
    KINDS,
    EditionChangeError,
    edition_changes,
    parse_changes,
    rate,
)
from nqcore.i18n import translator
from tests.building import ROOT

LABELS = {
    match
    for page in (ROOT / "docs").glob("*.md")
    for match in re.findall(r"^\(([\w-]+)\)=$", page.read_text(encoding="utf-8"), re.M)
}


def test_every_change_names_a_section_of_the_rules() -> None:
    changes = edition_changes()
    assert len(changes) >= 15
    assert [c.section for c in changes if c.section not in LABELS] == []
    assert len({c.key for c in changes}) == len(changes)
    assert {c.kind for c in changes} == set(KINDS)


def test_every_reading_has_its_french() -> None:
    fr = translator("fr")
    texts = [t for c in edition_changes() for t in (c.old_reading, c.new_reading, c.kind_label)]
    assert [t for t in texts if fr(t) == t] == []


def test_the_flying_height_is_the_2007_number() -> None:
    change = next(c for c in edition_changes() if c.key == "flying-height")
    assert (change.kind, change.section) == ("number", "flying")
    assert '7"' in change.old_reading and '7½"' in change.new_reading
    assert "7½" in translator("fr")(change.new_reading)


def test_a_rate_bought_one_action_at_a_time_is_not_a_number_changed() -> None:
    """Proof round fifteen: Cavalry Move, Double Time and Flying said "A number changed" where
    the rate is the same and only the step changed."""
    steps = {c.key for c in edition_changes() if c.kind == "step"}
    assert steps == {"cavalry-move-rate", "double-time-rate", "flying-rate"}
    same = {
        c.key
        for c in edition_changes()
        if rate(c.old_reading) is not None and rate(c.old_reading) == rate(c.new_reading)
    }
    assert {c.key for c in edition_changes() if c.kind == "number"} & same == set()
    record = {"key": "x", "section": "s", "kind": "step", "source": "FR 1"}
    record |= {"old_reading": 'Spend 2 actions (AC) to move 4".'}
    record |= {"new_reading": 'Spend 1 action (AC) to move 3".'}
    with pytest.raises(EditionChangeError, match=r"'step' needs the same rate"):
        parse_changes({"change": [record]})


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            {"key": "x", "section": "s", "kind": "number", "old_reading": "a", "new_reading": "b"},
            r"change #1 \(x\): missing field\(s\) source",
        ),
        (
            {
                "key": "x",
                "section": "s",
                "kind": "typo",
                "old_reading": "a",
                "new_reading": "b",
                "source": "FR 1",
            },
            r"change #1 \(x\): field kind: 'typo' is not one of",
        ),
    ],
)
def test_a_bad_record_is_named(record: dict[str, str], message: str) -> None:
    with pytest.raises(EditionChangeError, match=message):
        parse_changes({"change": [record]}, "changes.toml")


#: A record every check passes.
GOOD = {
    "key": "x",
    "section": "s",
    "kind": "added",
    "old_reading": "a",
    "new_reading": "b",
    "source": "EN 1",
}


def test_a_duplicate_key_is_named() -> None:
    record = dict(GOOD)
    with pytest.raises(EditionChangeError, match=r"change #2 \(x\): field key: duplicate"):
        parse_changes({"change": [record, record]}, "changes.toml")


def test_a_change_names_an_erratum_that_exists() -> None:
    """Undead: "Rules of 2007" gives the Traits' reading; the Skeleton Warrior's text prints the
    other, which its erratum records (proof round 33): the change names it, and a name of no
    erratum is refused at its field."""
    undead = next(c for c in edition_changes() if c.key == "undead-fear")
    assert undead.erratum == "undead-fear"
    record = GOOD | {"erratum": "no-such-erratum"}
    with pytest.raises(EditionChangeError, match=r"change #1 \(x\): field erratum: no erratum"):
        parse_changes({"change": [record]}, "changes.toml")
