"""Tests for nqcore.rules.formations: ranked and closed units lose their bonuses below eight
models."""

from __future__ import annotations

import doctest

import pytest

import nqcore.rules.formations
from nqcore.rules.formations import (
    FORMED_MINIMUM_MODELS,
    Formation,
    can_form_ranks,
    effective_formation,
    formed_bonus_applies,
)


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.formations).failed == 0


def test_eight_models_keep_the_bonus_seven_do_not() -> None:
    assert FORMED_MINIMUM_MODELS == 8
    for formation in (Formation.RANKED, Formation.CLOSED):
        assert formed_bonus_applies(formation, 8)
        assert not formed_bonus_applies(formation, 7)
        assert effective_formation(formation, 7) is Formation.SKIRMISH


def test_loose_formations_never_gain_the_bonus() -> None:
    for formation in (Formation.SKIRMISH, Formation.DISPERSED):
        assert effective_formation(formation, 20) is formation
        assert not formed_bonus_applies(formation, 20)


def test_the_books_ranked_diagrams() -> None:
    assert can_form_ranks(18, 3)  # "Three ranks of six models"
    assert can_form_ranks(16, 4)  # "Four ranks of four models"
    assert not can_form_ranks(8, 1)
    assert not can_form_ranks(7, 2)
    assert not can_form_ranks(15, 4)


def test_bad_numbers_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one model, not 0"):
        effective_formation(Formation.RANKED, 0)
    with pytest.raises(ValueError, match="at least one rank, not 0"):
        can_form_ranks(8, 0)
