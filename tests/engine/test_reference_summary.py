"""The quick-reference summaries (action costs, rolls needed) follow the engine's constants,
and cells read the same in the rulebook and the print products."""

from __future__ import annotations

import doctest

import nqcore.rules.templates
import nqcore.tables.table_text
from nqcore.rules.armour import RANKED_ARMOUR_BONUS, save_target
from nqcore.rules.damage import BASE_WOUND_TARGET
from nqcore.rules.magic import CANCEL_USE_COST
from nqcore.rules.movement import STAND_UP_ACTIONS
from nqcore.tables.registry import get_table
from nqcore.tables.table_text import cell_text


def _rows(key: str, lang: str = "en") -> dict[str, str]:
    return {cell_text(row[0], lang): cell_text(row[1], lang) for row in get_table(key).rows}


def test_action_costs_come_from_the_rules() -> None:
    costs = _rows("action-costs")
    assert costs['Move 1"'] == "1"
    assert costs['Move 1" through difficult terrain'] == "2"  # double, per "Difficult Terrain"
    assert costs["Stand up from prone"] == str(STAND_UP_ACTIONS)
    assert costs["Cancel a spell in play"] == str(CANCEL_USE_COST)
    assert costs["Aim (RA+1)"] == "+2"
    assert costs["Close combat attack"] == "UC of the weapon (improvised: 3)"
    assert costs["Concentrate (once): +1"] == "1"  # one action spent (Concentration), for +1
    # "moved ≤ 6" one word: the bound neither breaks from its number nor from its words
    assert costs["Reorganise a ranked unit, models moved\u00a0≤\u00a06"] == "3"


def test_rolls_needed_come_from_the_rules() -> None:
    rolls = _rows("rolls-needed")
    assert rolls["Wound"] == f"≤\u00a0{BASE_WOUND_TARGET} + ST \u2212 T"
    assert rolls["Cancel a spell in play"] == "≤\u00a0spell level +1"
    assert rolls["Masterful hit"] == "natural 1: no armour save"
    french = _rows("rolls-needed", "fr")
    assert french["Blesser"] == f"≤\u00a0{BASE_WOUND_TARGET} + F \u2212 R"


def test_the_armour_save_line_names_resilience_and_the_ranked_bonus() -> None:
    """Proof round 17: the sheet's save line had neither the armour's resilience nor the +1
    of a ranked or closed unit, which the rules (and the engine's save) count."""
    rolls = _rows("rolls-needed")
    assert rolls["Armour save"].startswith("≤\u00a0AR + AM + PM + RE (")
    assert "RE only cancels AM and PM" in rolls["Armour save"]
    bonus = f"+{RANKED_ARMOUR_BONUS} to the armour save, if AR is 1 or more"
    assert rolls["Ranked or closed unit"] == bonus
    assert (
        save_target(3, 4, ranked=True) == 3 + RANKED_ARMOUR_BONUS
        and save_target(0, 4, ranked=True) is None
    )
    french = _rows("rolls-needed", "fr")
    assert french["Unité en ligne ou serrée"].startswith(f"+{RANKED_ARMOUR_BONUS} à la sauvegarde")


def test_docstring_examples() -> None:
    assert doctest.testmod(nqcore.tables.table_text).failed == 0
    assert doctest.testmod(nqcore.rules.templates).failed == 0


def test_the_natural_ten_line_names_every_roll_the_engine_fails_on_a_ten() -> None:
    """The sheet's natural 10 line is the engine's: the rulings of the errata (a natural 10
    fails a save, "natural-ten-armour-save", and a cancel, "cancelling-natural-ten") are on
    it, and a command test, which a natural 10 may pass, is not."""
    from nqcore.book.errata import all_errata
    from nqcore.tables.reference_summary import natural_ten_fails

    assert natural_ten_fails() == ("to hit", "to save", "to wound", "to cast", "to cancel a spell")
    rolls = _rows("rolls-needed")
    assert rolls["Natural 10"] == (
        "always fails to hit, to save, to wound, to cast and to cancel a spell"
    )
    french = _rows("rolls-needed", "fr")
    assert french["10 naturel"] == (
        "rate toujours pour toucher, pour sauvegarder, pour blesser, pour lancer un sort "
        "et pour annuler un sort"
    )
    notes = " ".join(get_table("rolls-needed").notes)
    assert "natural 10" not in notes
    rulings = {e.id for e in all_errata()}
    assert {"natural-ten-armour-save", "cancelling-natural-ten"} <= rulings
