"""The whole attack and the profile builder as player round 33 found them: a ranked target is a
large target to shoot at and cannot dodge; a lance strikes only in a charge; a knight and its
steed in one profile ("Basic cavalry steeds have the rider and steed profile combined into a
single profile") may carry a lance and Cavalry Move without a warning."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.bridge.web import build, profile_toml
from nqcore.army.profile_files import parse_profile
from nqcore.army.profile_warnings import profile_warnings
from nqcore.rules.profile_attack import formation_modifiers
from tests.engine.test_cli import answer, refused

Capture = pytest.CaptureFixture[str]
ARCHERS = ("attack", "--attacker", "wood-elf-archer", "--target", "human-men-at-arms")


def test_a_ranked_unit_is_a_large_target_to_shoot_at(capsys: Capture) -> None:
    """Wood Elf Archers at 10" against ranked Men At Arms: RA 6, close range +1, large +1."""
    loose: dict[str, Any] = answer(capsys, *ARCHERS, "--weapon", "long-bow", "--distance", "10")
    ranked: dict[str, Any] = answer(
        capsys, *ARCHERS, "--weapon", "long-bow", "--distance", "10", "--ranked"
    )
    assert (loose["target"], ranked["target"]) == (7, 8)
    assert [m["key"] for m in ranked["modifiers"]] == ["large-target"]
    twice: dict[str, Any] = answer(
        capsys, *ARCHERS, "--weapon", "long-bow", "--distance", "10", "--ranked",
        "--mod", "large-target",
    )  # fmt: skip
    assert twice["target"] == 8  # counted once


def test_a_ranked_target_does_not_dodge(capsys: Capture) -> None:
    argv = ("attack", "--attacker", "human-men-at-arms", "--target", "wolverine-predator")
    loose: dict[str, Any] = answer(capsys, *argv)
    ranked: dict[str, Any] = answer(capsys, *argv, "--ranked")
    assert "target-dodges" in [m["key"] for m in loose["modifiers"]]
    assert [m["key"] for m in ranked["modifiers"]] == ["large-target"]
    assert ranked["target"] == loose["target"] + 1
    assert any("ranked or closed formation may not benefit" in str(n) for n in ranked["notes"])


def test_formation_modifiers_in_close_combat_keep_the_size_and_drop_the_dodge() -> None:
    assert formation_modifiers(["target-dodges"], ranged=False) == ([], True)
    assert formation_modifiers(["target-dodges"], ranged=True) == (["large-target"], True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lance_out_of_a_charge_is_refused(capsys: Capture, lang: str) -> None:
    argv = ("--lang", lang, "attack", "5", "3", "4", "--armour", "2", "--weapon", "lance")
    code, out, err = refused(capsys, *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    assert {"en": "only be used on the turn", "fr": "qu’au tour où"}[lang] in err
    charged: dict[str, Any] = answer(capsys, *argv, "--mod", "charging")
    assert charged["strength"] == 5


def test_a_knight_that_is_not_charging_strikes_with_its_sword(capsys: Capture) -> None:
    """The crew's weaponeer of the book's chariot has a lance, then a hand weapon."""
    from nqcore.army.profile_files import example_profile
    from nqcore.rules.profile_attack import attack_weapon

    weaponeer = example_profile("chariot-driver-weaponeer").profile.elements[1]
    assert [w.key for w in weaponeer.weapons] == ["lance", "hand-weapon"]
    knight = parse_profile(KNIGHT | {"mounted": True})
    assert attack_weapon(knight).key == "lance"
    assert attack_weapon(knight, charging=False).key == "sword"


KNIGHT = {
    "name": "Knight",
    "ac": 8, "ra": 3, "cc": 5, "st": 4, "t": 4, "w": 1, "co": 6, "ar": 3,
    "weapons": ["lance", "sword"],
    "abilities": ["cavalry-move"],
}  # fmt: skip


def _codes(record: dict[str, Any]) -> set[str]:
    return {w.code for w in profile_warnings(parse_profile(record))}


def test_a_knight_and_its_steed_in_one_profile_may_have_a_lance_and_cavalry_move() -> None:
    assert {"cavalry-only"} <= _codes(KNIGHT)
    assert not {"cavalry-only"} & _codes(KNIGHT | {"mounted": True})
    with_horse = KNIGHT | {"element": [{"name": "Horse", "cc": 3, "st": 4}]}
    assert "cavalry-only" not in _codes(with_horse)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_builder_s_mounted_box_clears_the_warnings(lang: str) -> None:
    def codes(answer: dict[str, Any]) -> set[str]:
        return {w["code"] for w in answer["points"]["json"]["warnings"]}

    start = build({"toml": profile_toml(dict(KNIGHT))}, lang)
    assert {"restricted", "cavalry-only"} <= codes(start) and start["fields"]["mounted"] is False
    ridden = build({"toml": start["toml"], "set": {"mounted": True}}, lang)
    assert "mounted = true" in ridden["toml"] and ridden["fields"]["mounted"] is True
    assert not {"restricted", "cavalry-only"} & codes(ridden)
    again = build({"toml": ridden["toml"], "set": {"mounted": False}}, lang)
    assert "mounted" not in again["toml"]
