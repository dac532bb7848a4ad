"""The printed templates and counters: sizes from the book, teardrops chosen by the engine, and
clear errors for a malformed templates.toml."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nqcore.data import datafiles
from nqcore.rules.ranged import TeardropSize
from nqcore.rules.spells import spell
from nqcore.rules.templates import (
    blast_templates,
    counters,
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


TEMPLATES = "nqcore/data/templates.toml"
_BLAST = {"diameters": ["1"], "source": "test"}


def _drop(key: str, length: str = "8", width: str = "3") -> dict[str, str]:
    return {"key": key, "length": length, "width": width, "source": "test"}


def _drops(first: dict[str, str]) -> list[dict[str, str]]:
    return [first, _drop("medium"), _drop("large", length="12", width="4")]


def _refusal(data: dict[str, object]) -> str:
    """How the engine refuses a templates.toml of ``data``: its schema's one line."""
    with pytest.raises(datafiles.DataFileError) as refused:
        datafiles.check({"blast": _BLAST} | data, TEMPLATES, datafiles.schema_for("templates.toml"))
    return str(refused.value)


@pytest.mark.parametrize(
    ("first", "message"),
    [
        (_drop("huge"), "teardrop #1 (huge), field key: invalid enum value 'huge'"),
        (_drop("small", width="x"), "teardrop #1 (small), field width: expected str matching"),
        (_drop("small", length="0"), "teardrop #1 (small), field length: expected str matching"),
        (_drop("small", length="2"), "teardrop #1 (small): a teardrop must be longer than wide"),
        ({"key": "small", "width": "2"}, "teardrop #1 (small): missing field(s) length, source"),
    ],
)
def test_malformed_teardrops_are_named(first: dict[str, str], message: str) -> None:
    assert _refusal({"teardrop": _drops(first)}).startswith(f"{TEMPLATES}, {message}")


def test_the_teardrops_are_one_of_each_size() -> None:
    said = f"{TEMPLATES}: give one teardrop of each size, small to large"
    assert _refusal({"teardrop": [_drop("small")]}) == said
    assert _refusal({"teardrop": list(reversed(_drops(_drop("small"))))}) == said
    assert [t.size for t in parse_teardrops(_drops(_drop("small")))] == list(TeardropSize)


def test_malformed_siege_and_blast_records_are_named() -> None:
    bad_shape = {"key": "rocks", "name": "Rocks", "shape": "square", "diameter": "3", "source": "s"}
    assert _refusal({"siege": [bad_shape], "teardrop": _drops(_drop("small"))}) == (
        f"{TEMPLATES}, siege #1 (rocks), field shape: invalid enum value 'square'"
    )
    blast = {"blast": {"diameters": ["1", "-1"], "source": "test"}}
    assert _refusal(blast | {"teardrop": _drops(_drop("small"))}).startswith(
        f"{TEMPLATES}, field blast diameters #2: expected str matching"
    )
