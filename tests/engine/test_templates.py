"""The printed templates and counters: sizes from the book, teardrops chosen by the engine, and
clear errors for a malformed templates.toml."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from nqcore.rules.ranged import TeardropSize
from nqcore.rules.spells import spell
from nqcore.rules.templates import (
    TemplateDataError,
    blast_templates,
    counters,
    parse_blasts,
    parse_sieges,
    parse_teardrops,
    siege_templates,
    spell_templates,
    teardrop_template,
    teardrop_templates,
)
from nqcore.tables.registry import get_table


def test_blast_templates_run_from_one_to_four_inches_by_halves() -> None:
    diameters = [t.diameter for t in blast_templates()]
    assert diameters == [Fraction(n, 2) for n in range(2, 9)]


def test_spell_templates_are_the_spells_that_place_a_circle() -> None:
    """Cards, Counters & Templates: 2½" Fireball, 2½" Meteor, 3" Pestilence, 2½" Lava Pool,
    3" Smoke."""
    sizes = {str(t.name): t.diameter for t in spell_templates()}
    assert sizes == {
        "Fireball": Fraction(5, 2),
        "Meteor": Fraction(5, 2),
        "Pestilence": Fraction(3),
        "Lava Pool": Fraction(5, 2),
        "Smoke": Fraction(3),
    }
    assert all(
        spell(str(t.name)).template == f"blast-{float(t.diameter):g}" for t in spell_templates()
    )


def test_siege_templates_and_counters() -> None:
    assert [t.semicircle for t in siege_templates()] == [True, True, False, False]
    assert {t.diameter for t in siege_templates()} == {Fraction(3)}
    names = [str(c.name) for c in counters()]
    assert names[:5] == ["Activated", "Hold", "Flee", "Panicked", "Terrified"]
    assert "Support weapon loaded" in names


def test_teardrops_grow_from_small_to_large() -> None:
    drops = teardrop_templates()
    assert [t.size for t in drops] == list(TeardropSize)
    assert [t.length for t in drops] == sorted(t.length for t in drops)
    assert [t.width for t in drops] == sorted(t.width for t in drops)
    assert teardrop_template(TeardropSize.MEDIUM).length == 8
    table = get_table("teardrop-template-sizes")
    assert [row[1:] for row in table.rows] == [(t.length, t.width) for t in drops]


def _drop(key: str, length: str = "8", width: str = "3") -> dict[str, str]:
    return {"key": key, "length": length, "width": width, "source": "test"}


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ([_drop("huge")], "teardrop #1 (huge): unknown teardrop size"),
        ([_drop("small", width="x")], "teardrop #1 (small): width 'x' is not a number of inches"),
        ([_drop("small", length="0")], "teardrop #1 (small): length must be positive"),
        ([_drop("small", length="2")], "teardrop #1 (small): a teardrop must be longer than wide"),
        ([_drop("small")], "give one teardrop of each size, small to large"),
        ([{"key": "small", "width": "2"}], "teardrop #1 (small): missing field 'length'"),
    ],
)
def test_malformed_teardrops_are_named(records: list[dict[str, str]], message: str) -> None:
    with pytest.raises(TemplateDataError, match=re.escape(message)):
        parse_teardrops(records)


def test_malformed_siege_and_blast_records_are_named() -> None:
    bad_shape = [{"key": "rocks", "name": "Rocks", "shape": "square", "diameter": "3"}]
    with pytest.raises(TemplateDataError, match=r"siege template #1 \(rocks\): shape must be"):
        parse_sieges(bad_shape)
    with pytest.raises(
        TemplateDataError,
        match="blast diameter #2: diameter '-1' must be|"
        "blast diameter #2: diameter must be positive",
    ):
        parse_blasts({"diameters": ["1", "-1"], "source": "test"})
