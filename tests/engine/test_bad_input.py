"""Bad input to the engine is refused with a message that names the fault, everywhere.

Each case is a call the rules forbid (a die face of 11, a negative number of attacks, a weapon
record with a positive penetration modifier...) and the message a reader gets."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from nqcore import i18n
from nqcore.army import armoury
from nqcore.rules import armour, attack, close_combat, damage, dice, morale, movement, ranged, turns
from nqcore.tables import book_tables
from nqcore.tables import registry as tables

CASES: list[tuple[Callable[[], Any], type[Exception], str]] = [
    # armour and damage
    (lambda: armour.armour_modifier(-1), ValueError, "a strength cannot be negative"),
    (lambda: damage.wound_target(-1, 4), ValueError, "cannot be negative"),
    # dice
    (lambda: dice.sum_distribution(-1), ValueError, "cannot roll a negative number of dice"),
    (lambda: dice.sum_distribution(1, 6), ValueError, "the game rolls D10s and D5s, not D6"),
    (lambda: dice.volley_distribution(0, 5), ValueError, "roll at least one die to hit"),
    (lambda: dice.best_of(Fraction(1, 2), 0), ValueError, "roll at least one die"),
    (lambda: dice.d5_from_d10(11), ValueError, "a D10 shows 1 to 10, not 11"),
    (
        lambda: dice.total_modifier(["x"], {}, kind="test modifier"),
        ValueError,
        "unknown test modifier 'x'",
    ),
    # the whole attack
    (
        lambda: attack.wounds_distribution(Fraction(1, 2), -1),
        ValueError,
        "the number of attacks cannot be negative",
    ),
    (
        lambda: attack.wounds_distribution(Fraction(3, 2), 2),
        ValueError,
        "a chance lies between 0 and 1",
    ),
    # close combat
    (
        lambda: close_combat.combat_assistance_bonus(True, team_work_assistants=-1),
        ValueError,
        "team work assistants cannot be negative",
    ),
    (
        lambda: close_combat.team_work_strength_bonus(-1),
        ValueError,
        "team work assistants cannot be negative",
    ),
    (lambda: close_combat.extra_attack_target(5, 0), ValueError, "roll at least one die"),
    (
        lambda: close_combat.voluntary_retreat_free_hits(-1),
        ValueError,
        "the number of enemies cannot be negative",
    ),
    (lambda: close_combat.weapon_use_cost(-1), ValueError, "strength bonus cannot be negative"),
    (lambda: close_combat.attacks_possible(8, 0), ValueError, "a use cost is at least 1 action"),
    (lambda: close_combat.actions_still_needed(8, 0), ValueError, "a use cost is at least 1"),
    (lambda: close_combat.combination_attack_cost(), ValueError, "at least one attack"),
    (
        lambda: close_combat.very_large_target_target(siege_weapon=False),
        ValueError,
        "only models with the siege weapon trait",
    ),
    (lambda: close_combat.parry_succeeds(11, 1), ValueError, "a D10 shows 1 to 10, not 11"),
    # morale
    (lambda: morale.command_test_passes(0, 5), ValueError, "a D10 shows 1 to 10, not 0"),
    (lambda: morale.panic_result(11), ValueError, "a D10 shows 1 to 10, not 11"),
    (lambda: morale.panic_distribution(choose_from=0), ValueError, "roll at least one die"),
    (lambda: morale.rally_cost(-1), ValueError, "actions cannot be negative"),
    (lambda: morale.rallied_actions(-1), ValueError, "actions cannot be negative"),
    (lambda: morale.retreat_actions(-1), ValueError, "actions cannot be negative"),
    # movement
    (lambda: movement.move_cost(-1), ValueError, "distances and barriers cannot be negative"),
    (lambda: movement.move_cost(1, barriers=-1), ValueError, "cannot be negative"),
    (lambda: movement.leap_distance(0), ValueError, "a D10 shows 1 to 10, not 0"),
    (lambda: movement.flee_actions(-2), ValueError, "actions cannot be negative"),
    # ranged combat
    (lambda: ranged.WeaponRanges.parse("-", "-", "-"), ValueError, "at least one range"),
    (lambda: ranged.parse_range("ten"), ValueError, "a range reads like 10/+1, not 'ten'"),
    (
        lambda: ranged.range_band(-1, ranged.WeaponRanges.parse("10/+1", "20/+0", "30/-1")),
        ValueError,
        "a distance cannot be negative",
    ),
    (lambda: ranged.move_and_fire_actions(-1, 4), ValueError, "actions cannot be negative"),
    (lambda: ranged.close_combat_victim_chances([]), ValueError, "at least one model"),
    (lambda: ranged.grenade_use_cost(0), ValueError, "a grenade has a strength of at least 1"),
    (lambda: ranged.combined_grenade_blast(1, 0), ValueError, "at least one model throws"),
    (lambda: ranged.blast_deviation(5, 5, 11), ValueError, "a D10 shows 1 to 10, not 11"),
    (lambda: ranged.rain_of_arrows_templates(0), ValueError, "at least one archer fires"),
    (
        lambda: ranged.TeardropSize.from_abbreviation("TTX"),
        ValueError,
        "unknown teardrop template 'TTX': TTS, TTM or TTL",
    ),
    (
        lambda: ranged.teardrop_use_cost(ranged.TeardropSize.SMALL, 0),
        ValueError,
        "a teardrop attack has a strength of at least 1",
    ),
    (lambda: ranged.support_weapon_use_cost(0), ValueError, "a support weapon has a strength"),
    (lambda: ranged.loading_cost(0), ValueError, "a use cost is at least 1 action"),
    (
        lambda: ranged.projectile_travel_distribution(6),
        ValueError,
        'projectile travel is D5" or D10", not D6"',
    ),
    (
        lambda: ranged.projectile_further_damage_distribution(Fraction(2), 1),
        ValueError,
        "a chance lies between 0 and 1",
    ),
    (
        lambda: ranged.projectile_further_damage_distribution(Fraction(1, 2), -1),
        ValueError,
        "the number of models cannot be negative",
    ),
    (
        lambda: ranged.support_weapon_hit_element(0, ranged.RangeBand.LONG),
        ValueError,
        "a D10 shows 1 to 10, not 0",
    ),
    (lambda: ranged.support_weapon_crew_state(-1), ValueError, "the crew cannot be negative"),
    (
        lambda: ranged.aimed_use_cost(4, support_weapon=True),
        ValueError,
        "support weapons may not be aimed",
    ),
    # turns
    (lambda: turns.initiative_score(0), ValueError, "a D10 shows 1 to 10, not 0"),
    (lambda: turns.game_turns(11), ValueError, "a D10 shows 1 to 10, not 11"),
    (lambda: turns.battle_points(-1), ValueError, "points and features cannot be negative"),
    (lambda: turns.concession_battle_points(-1, 10), ValueError, "points cannot be negative"),
    # tables, weapons and languages
    (
        lambda: tables.get_table("chance-to-hitt"),
        KeyError,
        "unknown table 'chance-to-hitt'; did you mean chance-to-hit",
    ),
    (
        lambda: tables.register_table("chance-to-hit")(tables.get_table),
        ValueError,
        "table 'chance-to-hit' is registered twice",
    ),
    (
        lambda: tables.Table("t", i18n.N_("T"), (i18n.N_("A"),), ((1, 2),), "here"),
        ValueError,
        "table t: row (1, 2) does not match its columns",
    ),
    (lambda: book_tables.weapon_profile_table("laser"), KeyError, "laser"),
    (
        lambda: armoury.Weapon("x", i18n.N_("X"), armoury.WeaponKind.RANGED).attack_strength(4),
        ValueError,
        "weapon 'x' has no strength",
    ),
    (lambda: i18n.translator("de"), ValueError, "unknown language 'de': choose one of en, fr"),
]


@pytest.mark.parametrize("call,error,message", CASES, ids=[m for _, _, m in CASES])
def test_bad_input_names_the_fault(
    call: Callable[[], Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        call()
    assert message in str(caught.value.args[0])


WEAPON_FAULTS: list[tuple[dict[str, Any], str]] = [
    ({"name": "X", "st_bonus": 0, "indirect": "yes"}, 'indirect must be true or false, not "yes"'),
    ({"name": "X", "st_bonus": 0, "reach": "far"}, 'reach must be a number of inches, not "far"'),
    ({"name": "X", "kind": "laser", "st": 4}, 'unknown kind "laser"; choose one of close-combat'),
    ({"st_bonus": 0}, "missing field(s) name"),
    ({"name": "X", "st_bonus": 0, "rules": "two-handed"}, "rules must be a list of rule keys"),
    ({"name": "X", "st_bonus": 0, "rules": ["flaming"]}, "unknown rule(s) flaming; known: "),
    ({"name": "X", "st_bonus": 0, "range": "far"}, "range of a close combat weapon is"),
    ({"name": "X", "kind": "close-combat"}, "a close combat weapon needs st_bonus"),
    ({"name": "X", "kind": "grenade"}, "a grenade weapon needs st"),
    ({"name": "X", "st_bonus": 1, "cr": "10"}, "cr is not a field of a close-combat weapon"),
    ({"name": "X", "st_bonus": 1, "st": 4}, "st is not a field of a close-combat weapon"),
    ({"name": "X", "kind": "teardrop", "teardrop": "TTM", "st": 4, "lr": "30"}, "lr is not a"),
    ({"name": "X", "kind": "grenade", "st": 4, "st_bonus": 1}, "st_bonus is not a field of a gren"),
    (
        {"name": "X", "kind": "ranged", "st": 4, "cr": "8", "mr": "16", "lr": "24", "range": ""},
        "range is not a field of a ranged weapon",
    ),
    ({"name": "X", "st": 4, "cr": "4/+1", "mr": "8", "lr": "12/-1"}, "a range reads"),
    ({"name": "X", "st": 4, "cr": "12/+1", "mr": "8/+0", "lr": "4/-1"}, "ranges must grow"),
    ({"name": "X", "st_bonus": 0, "pm": 1}, "a penetration modifier is 0 or negative, not 1"),
    (
        {
            "name": "X",
            "st": 7,
            "kind": "support",
            "cr": "4/+1",
            "mr": "8/+0",
            "lr": "12/-1",
            "travel": 6,
        },
        "projectile travel is D5 or D10, not D6",
    ),
    (
        {
            "name": "X",
            "st": 7,
            "kind": "support",
            "cr": "4/+1",
            "mr": "8/+0",
            "lr": "12/-1",
            "burst": 5,
        },
        "burst fire is x2, x3 or x4, not x5",
    ),
    (
        {"name": "X", "st_bonus": 1, "uc": 100},
        "`uc` is the actions one use costs, 1 to 12, not 100",
    ),
    ({"name": "X", "st_bonus": 1, "uc": 0}, "`uc` is the actions one use costs, 1 to 12, not 0"),
    ({"name": "X", "st_bonus": 40}, "`st_bonus` is one of 0, 1, 2, 3, not 40"),
    ({"name": "X", "st_bonus": -1}, "`st_bonus` is one of 0, 1, 2, 3, not \u22121"),
]


@pytest.mark.parametrize("record,message", WEAPON_FAULTS, ids=[m for _, m in WEAPON_FAULTS])
def test_malformed_weapon_records_are_named(record: dict[str, Any], message: str) -> None:
    with pytest.raises(armoury.WeaponDataError) as caught:
        armoury.weapon_from_record(record, "file.toml, weapon #3")
    assert str(caught.value).startswith("file.toml, weapon #3") and message in str(caught.value)


def test_a_weapon_record_is_a_table() -> None:
    with pytest.raises(armoury.WeaponDataError, match="here: a weapon is a table of fields"):
        armoury.weapon_from_record(["sword"], "here")  # type: ignore[arg-type]


def test_a_teardrop_weapon_is_known_by_its_template() -> None:
    breath = armoury.weapon_from_record({"name": "Breath", "teardrop": "TTS", "st": 4}, "here")
    assert breath.kind is armoury.WeaponKind.TEARDROP


#: A profile whose own weapon the armoury's checks refuse (its projectile travel, then a field).
WEAPON_PROFILE = (
    'name = "Archer"\nac = 8\nra = 4\ncc = 5\nst = 4\nt = 4\nw = 1\nco = 6\n'
    'weapons = [{ name = "Zap", st = 4, kind = "ranged", cr = "4/+1", mr = "8/+0", '
    'lr = "12/-1", travel = 6 }, "sword"]\n'
)


@pytest.mark.parametrize(
    ("fault", "english", "french"),
    [
        (
            "travel = 6",
            "projectile travel is D5 or D10, not D6",
            "le projectile traversant est de D5",
        ),
        ("colour = 1", "unknown field(s) colour", "champ(s) inconnu(s)\u00a0: colour"),
        ('burst = "x"', "burst must be a whole number", "burst doit être un nombre entier"),
        ('rules = ["fly"]', "unknown rule(s) fly; known", "règle(s) inconnue(s)\u00a0: fly\u202f;"),
        (
            "uc = 100",
            "`uc` is the actions one use costs",
            "`uc`, le coût d’utilisation, vaut de 1 à 12",
        ),
    ],
)
def test_a_profiles_own_weapon_is_refused_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fault: str, english: str, french: str
) -> None:
    """On the command line and on the page: the armoury's refusals were English in French."""
    from nqcompanion.bridge.web import points
    from nqcore.cli.commands import main as nq

    text = WEAPON_PROFILE.replace("travel = 6", fault)
    profile = tmp_path / "archer.toml"
    profile.write_text(text, encoding="utf-8")
    assert nq(["--lang", "fr", "points", str(profile)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"nq points\u00a0: {profile}\u00a0: weapons nº 1\u00a0: {french}"), (
        error
    )
    assert nq(["points", str(profile)]) == 2
    assert capsys.readouterr().err.startswith(f"nq points: {profile}: weapons #1: {english}")
    page = points(text, "fr", "archer.toml")
    assert page["error"].startswith(f"archer.toml\u00a0: weapons nº 1\u00a0: {french}"), page
    assert page["message"].startswith(f"archer.toml: weapons #1: {english}"), page


def test_a_weapon_the_tables_do_not_price_is_refused_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A penetration modifier beyond the table: refused when priced, in French on a French
    command line (it was English there), with the table's values."""
    from nqcore.cli.commands import main as nq

    profile = tmp_path / "archer.toml"
    profile.write_text(WEAPON_PROFILE.replace("travel = 6", "pm = -9"), encoding="utf-8")
    assert nq(["--lang", "fr", "points", str(profile)]) == 2
    error = capsys.readouterr().err
    assert "un modificateur de pénétration de \u22129 n’a pas de coût" in error, error
    assert "la table donne 0, \u22121, \u22122, \u22123" in error, error


@pytest.mark.parametrize(
    ("argv", "french"),
    [
        (["5", "4"], "donnez ici trois nombres, CC F R (ou --attacker PROFILE avec R"),
        (["--attacker", "orc-bruiser"], "donnez ici un nombre, R (--attacker donne"),
        (
            ["--target", "dwarf", "5"],
            "donnez ici deux nombres, CC F (--target donne la R)\u202f; donnés\u00a0: 5",
        ),
        (["--attacker", "orc-bruiser", "--target", "dwarf", "3"], "ne donnez ici aucun nombre"),
        (["--attacker", "orc-bruiser", "1", "2"], "donnés\u00a0: 1 2"),
        (["--target", "dwarf"], "donnés\u00a0: aucun"),
    ],
)
def test_the_attacks_numbers_miscounted_are_refused_in_french(
    capsys: pytest.CaptureFixture[str], argv: list[str], french: str
) -> None:
    """``nq attack``'s three numbers (SKILL ST T), too few or too many, said in the reader's
    language with the French names of the characteristics (its refusal was English)."""
    from nqcore.cli.commands import main as nq

    assert nq(["--lang", "fr", "attack", *argv]) == 2
    error = capsys.readouterr().err
    assert error.startswith("nq attack\u00a0: ") and french in error, error
    assert "give" not in error and "Traceback" not in error, error
