"""Looking rules data up by key or name: what the book calls them, and a clear error otherwise."""

from __future__ import annotations

import pytest

from nqcore.rules.magic import Aspect
from nqcore.rules.mutations import mutation
from nqcore.rules.spells import aspect_intro
from nqcore.rules.turns import UnitState


def test_mutations_by_key_or_name() -> None:
    assert mutation("Scorpion Tail").key == "scorpion-tail"
    assert mutation(" extra-limb ").points == 6  # the Extra Limb card: 6 points
    with pytest.raises(KeyError, match="unknown mutation 'wings'"):
        mutation("wings")


def test_every_aspect_has_its_card_page_introduction() -> None:
    assert aspect_intro(Aspect.FIRE)[0].startswith("The fire aspect is mainly offensive")
    assert all(aspect_intro(aspect) for aspect in Aspect)


def test_unit_states_have_labels() -> None:
    assert [state.label for state in UnitState] == [
        "Unactivated",
        "Active",
        "Holding",
        "Responding",
        "Activated",
        "Panicked",
    ]
