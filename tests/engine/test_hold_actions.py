"""Tests for nqcore.rules.hold_actions: one response action per model of a holding unit."""

from __future__ import annotations

import doctest

import pytest

import nqcore.rules.hold_actions
from nqcore.army.profile_files import sample_profile
from nqcore.rules.hold_actions import (
    RESPONSE_SHOOTING_ACTIONS,
    HoldingUnit,
    ResponseError,
    can_fire_in_response,
)


def test_docstring_examples() -> None:
    assert doctest.testmod(nqcore.rules.hold_actions).failed == 0


def test_response_shooting_spends_up_to_five_actions() -> None:
    assert RESPONSE_SHOOTING_ACTIONS == 5
    assert [can_fire_in_response(uc) for uc in (1, 4, 5, 6, 8)] == [True, True, True, False, False]
    # The Elf archers of the example answer with their long bows (UC4).
    (long_bow,) = sample_profile("wood-elf-archer").profile.weapons
    assert can_fire_in_response(long_bow.uc or 0)
    with pytest.raises(ValueError, match="at least 1 action"):
        can_fire_in_response(0)


def test_every_archer_fires_once() -> None:
    archers = HoldingUnit.numbered(15, "archer")
    assert archers.models[0] == "archer 1" and archers.models[-1] == "archer 15"
    archers.respond(*archers.models[:5])  # the front rank first, rank by rank
    assert len(archers.waiting) == 10 and not archers.can_respond("archer 3")
    archers.respond(*archers.waiting)
    assert archers.waiting == () and len(archers.responded) == 15
    with pytest.raises(ResponseError, match="archer 15 has already made its response action"):
        archers.respond("archer 15")


def test_a_model_responds_against_one_charger_only() -> None:
    orcs = HoldingUnit(["Orc A", "Orc B"])
    orcs.respond("Orc A")
    assert orcs.can_respond("Orc B") and not orcs.can_respond("Orc A")
    with pytest.raises(ResponseError, match="Orc A has already"):
        orcs.respond("Orc B", "Orc A")
    assert orcs.can_respond("Orc B")  # nothing was recorded by the refused call
    with pytest.raises(ResponseError, match="single response"):
        orcs.respond("Orc B", "Orc B")


def test_bad_units_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one model"):
        HoldingUnit([])
    with pytest.raises(ValueError, match="its own name"):
        HoldingUnit(["Orc", "Orc"])
    with pytest.raises(ValueError, match="'Elf' is not a model of the holding unit"):
        HoldingUnit(["Orc"]).can_respond("Elf")
