"""The link from an erratum to the engine code is data (its ``engine`` field), never printed:
every name resolves to a module or attribute of the engine, and no text a player reads, in
either language, names the engine's code."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nqcore.book.errata import ErrataError, Erratum, all_errata, parse_errata, resolve_engine_name
from nqcore.i18n import translator
from tests.engine.errata_records import erratum_file

#: ``nqcore``, or a dotted Python name such as ``morale.rally_cost`` or ``templates.toml``.
CODE = re.compile(r"nqcore|\b[a-z_][a-z0-9_]+\.[a-z_][a-z0-9_]+\b")


def unresolved(errata: tuple[Erratum, ...] | list[Erratum]) -> list[str]:
    """One line per engine name that does not resolve, naming its file and record."""
    problems = []
    for erratum in errata:
        for name in erratum.engine:
            try:
                resolve_engine_name(name)
            except LookupError as error:
                problems.append(f"{erratum.source_file}, {erratum.id}: {error}")
    return problems


def test_every_engine_name_resolves() -> None:
    linked = [e for e in all_errata() if e.engine]
    assert len(linked) >= 30
    assert unresolved(all_errata()) == []


def test_engine_names_resolve_to_functions_and_modules() -> None:
    from nqcore.rules import morale, upkeep

    assert resolve_engine_name("nqcore.rules.morale.rally_cost") is morale.rally_cost
    assert resolve_engine_name("nqcore.rules.upkeep") is upkeep
    (rally,) = [e for e in all_errata() if e.id == "rally-cost-rounding"]
    assert rally.engine == ("nqcore.rules.morale.rally_cost",)


def _record(engine: object) -> dict[str, object]:
    return erratum_file(engine=engine)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nqcore.rules.morale.raly_cost", r"nqcore\.rules\.morale has no 'raly_cost'"),
        ("nqcore.moral.rally_cost", r"nqcore has no 'moral'"),
        (
            "nqcore.rules.morale.rally_cost.nope",
            r"nqcore\.rules\.morale has no 'rally_cost'|has no 'nope'",
        ),
    ],
)
def test_a_misspelled_engine_name_fails_naming_its_record(name: str, message: str) -> None:
    errata = parse_errata(_record([name]), "x.toml")
    (problem,) = unresolved(errata)
    assert problem.startswith(f"x.toml, a: {name}: ")
    assert re.search(message, problem)


@pytest.mark.parametrize(
    "engine", ["nqcore.rules.morale.rally_cost", ["rally_cost"], ["nqcore..x"], [3]]
)
def test_an_engine_field_that_is_not_a_list_of_dotted_names_is_refused(engine: object) -> None:
    with pytest.raises(ErrataError, match=r"^x\.toml, erratum #1 \(a\): field engine must be"):
        parse_errata(_record(engine), "x.toml")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_errata_text_names_the_engine_code(lang: str) -> None:
    translate = translator(lang) if lang != "en" else str
    found = [
        f"{erratum.id}.{field}: {match.group()!r}"
        for erratum in all_errata()
        for field in ("subject", "printed", "correct", "why")
        for match in CODE.finditer(translate(getattr(erratum, field)))
    ]
    assert found == []


def test_the_code_pattern_finds_engine_names() -> None:
    hits = CODE.findall("rounded up (nqcore.rules.morale.rally_cost); see templates.toml, e.g. 2.5")
    assert hits == ["nqcore", "rules.morale", "templates.toml"]


def test_the_support_weapons_above_their_maxima_are_the_armourys() -> None:
    """Erratum support-weapons-above-maximum-strength: eight of the nine support weapons, all but
    the Organ Gun, are stronger than Strength To Range Ratio or Strength To Area Effect Ratio
    recommend (the engine's maxima, which the record's text names)."""
    from nqcore.army.armoury import support_weapons
    from nqcore.army.weapon_costs import max_strength_for_area, max_strength_for_range
    from nqcore.tables.weapon_tables import creation_range_bands

    bands = set(creation_range_bands())

    def above(weapon: Any) -> bool:
        ranges = tuple(band.max_inches for band in weapon.ranges)
        over_range = ranges not in bands or weapon.st > max_strength_for_range(ranges)
        over_blast = weapon.blast is not None and weapon.st > max_strength_for_area(weapon.blast)
        return over_range or over_blast

    weapons = list(support_weapons())
    assert len(weapons) == 9
    assert [w.name for w in weapons if not above(w)] == ["Organ Gun"]
    record = next(e for e in all_errata() if e.id == "support-weapons-above-maximum-strength")
    assert "Eight of the nine" in str(record.printed) and "Organ Gun" in str(record.printed)


def test_the_normal_number_of_abilities_is_the_tables() -> None:
    """Erratum normal-number-of-abilities: "the normal two" is the elite model's maximum; a core
    model's is one (the record's text names the engine's maxima)."""
    from nqcore.army.characteristics import ModelType
    from nqcore.army.points import ability_limits

    elite, core = ability_limits(ModelType.ELITE), ability_limits(ModelType.CORE)
    assert elite is not None and core is not None
    assert (elite["abilities"], core["abilities"]) == (2, 1)
    record = next(e for e in all_errata() if e.id == "normal-number-of-abilities")
    assert "normal two" in str(record.printed)
