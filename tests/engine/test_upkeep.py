"""Tests for nqcore.rules.upkeep: the Magic chapter's Upkeep rules with the spell cards' values."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

import nqcore.rules.upkeep
from nqcore.rules.spells import all_spells, spell
from nqcore.rules.upkeep import (
    UPKEPT_SPELLS_PER_ACTIVATION,
    actions_to_keep,
    dissipating,
    upkeep_cost,
    within_upkeep_range,
)


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.upkeep).failed == 0


def test_upkeep_comes_from_the_cards() -> None:
    # Fog and Lure: the cards say 6 where the Spell List prints 3 (errata spell-list-*-upkeep).
    assert upkeep_cost(spell("Fog")) == 6 and upkeep_cost(spell("Lure")) == 6
    assert upkeep_cost(spell("Talisman")) == 3
    with pytest.raises(ValueError, match="Fireball has no upkeep"):
        upkeep_cost(spell("Fireball"))
    assert {s.key for s in all_spells() if s.upkeep is not None} >= {"quickening", "shield"}


def test_range_is_the_original_cast_range() -> None:
    quickening = spell("Quickening")
    assert quickening.range_inches == 20
    assert within_upkeep_range(quickening, Fraction(39, 2))
    assert not within_upkeep_range(quickening, Fraction(41, 2))
    assert within_upkeep_range(spell("Shield"), None)  # cast on the Wizard himself
    with pytest.raises(ValueError, match='range of 20": give the distance'):
        within_upkeep_range(quickening, None)
    with pytest.raises(ValueError, match="cannot be negative"):
        within_upkeep_range(quickening, -1)
    with pytest.raises(ValueError, match="no upkeep"):
        within_upkeep_range(spell("Smoke"), 5)


def test_actions_over_several_activations() -> None:
    quickening = spell("Quickening")
    assert actions_to_keep(quickening, 1) == 4
    assert actions_to_keep(quickening, 1, concentrating=True) == 5
    assert actions_to_keep(quickening, 2, concentrating=True) == 7
    assert actions_to_keep(spell("Fireball"), 1) == 6  # cast only, nothing to upkeep
    with pytest.raises(ValueError, match="at least one activation"):
        actions_to_keep(quickening, 0)


def test_one_spell_each_activation() -> None:
    assert UPKEPT_SPELLS_PER_ACTIVATION == 1
    quickening, shield, smoke = spell("Quickening"), spell("Shield"), spell("Smoke")
    assert dissipating([quickening, shield, smoke], quickening) == (shield,)
    assert dissipating([quickening, shield], None) == (quickening, shield)
    with pytest.raises(ValueError, match="Shield is not in play"):
        dissipating([quickening], shield)
    with pytest.raises(ValueError, match="no upkeep"):
        dissipating([smoke], smoke)
