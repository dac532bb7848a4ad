"""Tests for nqcore.rules.nemesis, with the two Unicorn examples of Traits > Nemesis."""

from __future__ import annotations

import doctest

import pytest

import nqcore.rules.nemesis
from nqcore.rules.nemesis import (
    NEMESIS_STRENGTH_BONUS,
    Nemesis,
    nemeses_in_play,
    nemesis_strength_bonus,
)

LIGHT = Nemesis("Light Unicorn", "Dark Unicorn")
DARK = Nemesis("Dark Unicorn", "Light Unicorn")


def test_docstring_examples() -> None:
    assert doctest.testmod(nqcore.rules.nemesis).failed == 0


def test_the_rival_gains_the_reciprocal_trait() -> None:
    assert LIGHT.reciprocal() == DARK
    assert DARK.reciprocal() == LIGHT
    assert nemeses_in_play([LIGHT]) == {LIGHT, DARK}
    assert nemeses_in_play([LIGHT, DARK]) == {LIGHT, DARK}
    assert nemeses_in_play([]) == frozenset()


def test_strength_bonus_only_between_the_rivals() -> None:
    assert NEMESIS_STRENGTH_BONUS == 1
    assert nemesis_strength_bonus("Light Unicorn", "Dark Unicorn", [LIGHT]) == 1
    assert nemesis_strength_bonus("Dark Unicorn", "Light Unicorn", [LIGHT]) == 1
    # The Chaos Lord riding the Dark Unicorn (a combination model) has no nemesis trait.
    assert nemesis_strength_bonus("Chaos Lord", "Light Unicorn", [LIGHT]) == 0
    # Against any other enemy the trait has no effect.
    assert nemesis_strength_bonus("Light Unicorn", "Vampire", [LIGHT]) == 0
    assert nemesis_strength_bonus("Light Unicorn", "Dark Unicorn", []) == 0


def test_the_first_wound_against_the_rival_is_ignored() -> None:
    assert LIGHT.wounds_counted(1) == 0
    assert LIGHT.wounds_counted(3) == 2
    assert LIGHT.wounds_counted(1, caused_before=1) == 1
    assert LIGHT.wounds_counted(0) == 0
    with pytest.raises(ValueError, match="negative"):
        LIGHT.wounds_counted(-1)


def test_a_model_is_not_its_own_nemesis() -> None:
    with pytest.raises(ValueError, match="Vampire cannot be its own nemesis"):
        Nemesis("Vampire", "Vampire")
