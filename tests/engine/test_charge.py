"""``nq charge`` ("Momentum Attack"): the book's example, and every answer's figures against the
rule over a grid of inputs, in both languages."""

from __future__ import annotations

import itertools
import re

import pytest

from nqcompanion.bridge.web import ask
from nqcore.rules.close_combat import IMPROVISED_USE_COST, MOMENTUM_ACTIONS
from nqcore.rules.movement import MovementAbility, move_cost


def test_the_books_example_one_sword_attack_or_two_at_base_strength() -> None:
    """Actions, Momentum Attack: 10 AC, a UC4 sword, the enemy 7" away: 3 AC left, 6 with the
    momentum attack, ONE attack with the sword or TWO at base strength."""
    assert ask(["charge", "10", "7", "--use-cost", "4"], "en")["text"] == [
        'Charging 7" with 10 AC',
        "Movement ability: Normal move",
        "Actions needed: 7 AC",
        "Actions left after the charge: 3 AC",
        "Momentum attack: AC+3, for close combat only",
        "Actions for close combat: 6 AC",
        "Attacks: 1 with the weapon (UC4), or 2 at base strength (UC3)",
    ]
    french = ask(["charge", "10", "7", "--use-cost", "4"], "fr")["text"]
    assert french[-1] == "Attaques\xa0: 1 avec l’arme (CU4), ou 2 à la force de base (CU3)"


def test_a_charge_after_another_action_has_no_momentum_attack() -> None:
    """The second example: a unit that fired first gains nothing; with no actions left it
    cannot attack."""
    text = ask(["charge", "7", "7", "--not-first"], "en")["text"]
    assert "No momentum attack: the charge was not the model's first action" in text
    assert text[-1] == "Attacks at base strength (UC3): 0"
    assert ask(["charge", "7", "7"], "en")["text"][-1] == "Attacks at base strength (UC3): 1"


FIGURE = re.compile(r"-?\d+")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_charge_answer_adds_up(lang: str) -> None:
    abilities = [ability.value for ability in MovementAbility]
    for actions, distance, cost, ability, first in itertools.product(
        range(0, 21, 3), ("0.5", "1.5", "7", "9.5"), (3, 5), abilities, (True, False)
    ):
        argv = ["charge", str(actions), distance, "--use-cost", str(cost), "--ability", ability]
        text = ask(argv + ([] if first else ["--not-first"]), lang)["text"]
        needed = move_cost(float(distance), ability=MovementAbility(ability))
        if needed > actions:
            assert FIGURE.findall(text[-1]) == [str(needed - actions)], (argv, text)
            continue
        total = actions - needed + (MOMENTUM_ACTIONS if first else 0)
        attacks = FIGURE.findall(text[6])
        expected = (
            [str(total // 3)]
            if cost == 3
            else [str(total // cost), str(cost), str(total // 3), "3"]
        )
        assert attacks == [*(["3"] if cost == 3 else []), *expected], (argv, text)
        assert FIGURE.findall(text[5]) == [str(total)], (argv, text)
        weapon, left = total // cost, total % cost
        both = [str(weapon), str(left // IMPROVISED_USE_COST), "3", str(left)]
        mixed = cost != IMPROVISED_USE_COST and weapon > 0 and left >= IMPROVISED_USE_COST
        assert [FIGURE.findall(line) for line in text[7:]] == ([both] if mixed else []), text


def test_the_weapon_then_base_strength_is_offered_with_what_is_left() -> None:
    """Player review round 55: 9 AC with a UC5 weapon said "1 with the weapon, or 3 at base
    strength", not that the 4 AC the weapon leaves pay one attack at base strength too ("one
    attack with a UC4 sword ... and then make an improvised UC3 attack", Close Combat)."""
    argv = ["charge", "10", "7", "--use-cost", "5", "--ability", "cavalry"]
    assert ask(argv, "en")["text"][-2:] == [
        "Attacks: 1 with the weapon (UC5), or 3 at base strength (UC3)",
        "Or both: 1 with the weapon, then 1 at base strength (UC3) with the 4 AC left",
    ]
    assert ask(argv, "fr")["text"][-1] == (
        "Ou les deux\xa0: 1 avec l’arme, puis 1 à la force de base (CU3) avec les 4 Ac restantes"
    )


def test_refusals_name_the_field() -> None:
    zero = ask(["charge", "8", "0"], "fr")  # a model in contact does not charge (player 33)
    assert zero["field"] == "distance" and "plus de 0" in zero["error"], zero
    assert "error" in ask(["charge", "21", "7"], "en")
    assert "error" in ask(["charge", "10", "7", "--use-cost", "2"], "en")
