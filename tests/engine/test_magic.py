"""Magic: casting, concentrating, chants, cancelling, aspects, the 39 spells (Magic chapter)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqcompanion.bridge.web import ask
from nqcore.data import datafiles
from nqcore.rules import magic
from nqcore.rules.magic import (
    Aspect,
    army_aspects_allowed,
    cancel_chance,
    cancelling_target,
    cast_chance,
    casting_cost,
    casting_target,
    chant_bonus,
    opposed,
    spells_allowed,
)
from nqcore.rules.spells import all_spells, parse_spells, spell, spells_of
from nqcore.tables.registry import get_table

levels = st.integers(min_value=1, max_value=8)
wizardry = st.integers(min_value=0, max_value=4)


def test_the_shaman_examples() -> None:
    assert casting_target(spell_level=5, wizardry_level=2) == 7
    assert casting_target(spell_level=2, wizardry_level=2) == 4
    assert cast_chance(spell_level=5, wizardry_level=2) == Fraction(7, 10)


def test_concentrating_adds_one_for_one_action() -> None:
    assert casting_target(5, 2, concentrating=True) == 8
    assert casting_cost(use_cost=6, concentrating=True) == 7
    assert casting_cost(use_cost=6) == 6


def test_a_natural_ten_always_fails() -> None:
    assert casting_target(8, 4, concentrating=True) == 13
    assert cast_chance(8, 4, concentrating=True) == Fraction(9, 10)


def test_spell_chants_add_one_per_initiate_up_to_three() -> None:
    assert [chant_bonus(n) for n in range(6)] == [0, 1, 2, 3, 3, 3]
    assert casting_target(6, 0, chanting_initiates=2) == 8
    assert casting_target(6, 0, chanting_initiates=5) == 9


def test_chanting_initiates_cannot_concentrate_and_are_level_zero() -> None:
    with pytest.raises(ValueError, match="may not concentrate"):
        casting_target(6, 0, concentrating=True, chanting_initiates=3)
    with pytest.raises(ValueError, match="only initiates"):
        casting_target(6, 1, chanting_initiates=3)
    with pytest.raises(ValueError, match="negative"):
        chant_bonus(-1)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_chant_refusal_names_every_field_that_makes_it(lang: str) -> None:
    """Initiates chanting at wizardry level 2: the level is as much the cause as the chant (the
    level first, concentrating or not); concentrating at level 0, the box."""
    level = ask(["cast", "3", "--wizardry", "2", "--chant", "3", "--concentrate"], lang)
    assert level["field"] == "chant"
    assert level["also"] == [{"field": "wizardry", "error": level["error"]}]
    focus = ask(["cast", "3", "--wizardry", "0", "--chant", "3", "--concentrate"], lang)
    assert focus["field"] == "chant"
    assert focus["also"] == [{"field": "concentrate", "error": focus["error"]}]
    assert "also" not in ask(["cast", "3", "--wizardry", "9"], lang)


def test_cancelling_the_smoke_spell() -> None:
    smoke = spell("Smoke")
    assert (smoke.level, smoke.use_cost) == (5, 5)
    assert magic.CANCEL_USE_COST == 3
    assert cancelling_target(smoke.level) == 6
    assert cancelling_target(smoke.level, concentrating=True) == 7
    assert cancel_chance(smoke.level) == Fraction(6, 10)


def test_out_of_range_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="spell level must be 1 to 8, not 9"):
        casting_target(9, 1)
    with pytest.raises(ValueError, match="wizardry level must be 0 to 4, not 5"):
        casting_target(3, 5)
    with pytest.raises(ValueError, match="wizardry level"):
        spells_allowed(-1)
    with pytest.raises(ValueError, match="spell level"):
        cancelling_target(0)


def test_the_six_aspects_and_their_oppositions() -> None:
    assert len(Aspect) == 6
    assert opposed(Aspect.EARTH, Aspect.WIND)
    assert opposed(Aspect.FIRE, Aspect.WATER) and opposed(Aspect.LIGHT, Aspect.DARK)
    assert not opposed(Aspect.FIRE, Aspect.EARTH)
    assert all(a.opposed.opposed is a for a in Aspect)
    assert not army_aspects_allowed([Aspect.EARTH, Aspect.WIND])
    assert army_aspects_allowed([Aspect.EARTH, Aspect.FIRE, Aspect.LIGHT])


def test_spells_allowed_per_wizardry_level() -> None:
    assert spells_allowed(wizardry_level=2) == 2


def test_thirty_nine_spells_from_the_cards() -> None:
    spells = all_spells()
    assert len(spells) == 39
    counts = {a: len(spells_of(a)) for a in Aspect}
    assert counts == {
        Aspect.FIRE: 6,
        Aspect.WATER: 6,
        Aspect.EARTH: 6,
        Aspect.WIND: 6,
        Aspect.LIGHT: 6,
        Aspect.DARK: 9,
    }


@pytest.mark.parametrize(
    "name,uc,level,upkeep,points",
    [
        ("Fireball", 6, 3, None, 15),
        ("Quickening", 4, 5, 2, 10),
        ("Stone Armour", 6, 4, 3, 25),
        ("Fog", 6, 5, 6, 8),
        ("Summon Fallen", 6, 4, None, 70),
        ("Gain Life", 6, 3, None, 15),
        ("Meteor", 8, 3, None, 35),
    ],
)
def test_spell_cards(name: str, uc: int, level: int, upkeep: int | None, points: int) -> None:
    card = spell(name)
    assert (card.use_cost, card.level, card.upkeep, card.points) == (uc, level, upkeep, points)


def test_unknown_spell() -> None:
    with pytest.raises(KeyError, match="unknown spell 'Frostbolt'"):
        spell("Frostbolt")


def _spells_refusal(records: list[dict[str, object]]) -> str:
    """How the engine refuses a ``spells.toml`` of ``records``: its schema's one line."""
    with pytest.raises(datafiles.DataFileError) as refused:
        datafiles.check({"spell": records}, SPELLS, datafiles.schema_for("spells.toml"))
    return str(refused.value)


SPELLS = "nqcore/data/spells.toml"
_RECORD = {
    "key": "x",
    "name": "X",
    "aspect": "fire",
    "use_cost": 1,
    "level": 3,
    "points": 1,
    "text": [],
    "source": "x",
}


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"key": "fireball", "points": None}, "spell #1 (fireball): missing field(s) points"),
        ({"aspect": "ice"}, "spell #1 (x), field aspect: invalid enum value 'ice'"),
        ({"level": 9}, "spell #1 (x), field level: expected int <= 8, not 9"),
        ({"level": 0}, "spell #1 (x), field level: expected int >= 1, not 0"),
        ({"use_cost": "6"}, "spell #1 (x), field use_cost: expected int, got str ('6')"),
    ],
)
def test_malformed_spell_records_are_named(change: dict[str, object], said: str) -> None:
    """The schema refuses a malformed spell, naming the file, the record and the field."""
    record = {k: v for k, v in (_RECORD | change).items() if v is not None}
    assert _spells_refusal([record]) == f"{SPELLS}, {said}"


def test_a_spell_key_given_twice_is_refused() -> None:
    assert _spells_refusal([_RECORD, _RECORD]) == f"{SPELLS}: duplicate spell key(s) x"


def test_the_spell_levels_the_schema_allows_are_the_rules() -> None:
    """The schema's range of a spell's level is the rules' (:data:`magic.SPELL_LEVELS`)."""
    for level in magic.SPELL_LEVELS:
        datafiles.check(
            {"spell": [_RECORD | {"level": level}]}, SPELLS, datafiles.schema_for("spells.toml")
        )
    assert parse_spells({"spell": [_RECORD]})[0].aspect is Aspect.FIRE


def test_spell_list_table_comes_from_the_cards() -> None:
    table = get_table("spell-list")
    assert len(table.rows) == 39
    assert table.rows[0][1:] == ("Fireball", 6, 3, None, 15)


@given(levels, wizardry)
def test_chances_are_probabilities(level: int, wiz: int) -> None:
    for concentrating in (False, True):
        chance = cast_chance(level, wiz, concentrating=concentrating)
        assert 0 <= chance <= Fraction(9, 10)


@given(levels, wizardry)
def test_more_wizardry_or_concentrating_never_lowers_the_chance(level: int, wiz: int) -> None:
    base = cast_chance(level, wiz)
    assert cast_chance(level, wiz, concentrating=True) >= base
    if wiz < 4:
        assert cast_chance(level, wiz + 1) >= base
    if level < 8:
        assert cast_chance(level + 1, wiz) >= base
