"""A thrown grenade's whole attack (``nq attack --weapon grenade``; player round 29: the whole
attack had no grenade, though the ranged calculator throws one): the book's grenade (ST 4,
Indirect 1½" blast), its reach 2" plus the attacker's ST, the thrower's RA with +1 in line of
sight (-1 without), then the grenade's ST against the target's T, and a grenade's notes."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from nqcore.i18n import ROOT
from nqcore.rules.grenades import GRENADE, GRENADE_BLAST, GRENADE_STRENGTH
from tests.engine.test_cli import answer, refused, run

Capture = pytest.CaptureFixture[str]
#: RA 4, ST 4 (the Pirate of "Throwing Grenades": a 6" reach), against T 4.
PIRATE = ("attack", "--weapon", "grenade", "4", "4", "4")


def test_the_grenade_is_the_book_s_profile() -> None:
    tables = tomllib.loads((ROOT / "nqcore/data/book_tables.toml").read_text(encoding="utf-8"))
    row = next(t for t in tables["table"] if t["key"] == "profile-grenade")["rows"][0]
    assert row[3] == GRENADE_STRENGTH and '1½" blast' in row[4] and GRENADE_BLAST == 1.5
    assert GRENADE.indirect and GRENADE.reach is None  # its reach is its thrower's


def test_a_grenade_thrown_in_reach_hits_then_wounds_at_its_own_strength(capsys: Capture) -> None:
    result: dict[str, Any] = answer(capsys, *PIRATE, "--distance", "6", "--armour", "2")
    assert result["reach"] == {"inches": 6, "strength": 4}
    assert result["target"] == 5 and result["hit"]["value"] == 0.5  # RA 4 + 1 in sight
    assert [m["key"] for m in result["modifiers"]] == ["grenade-line-of-sight"]
    assert result["strength"] == 4 and result["wound_target"] == 5
    # a blast: a natural 1 is an ordinary hit, saved as usual (no masterful hit)
    assert result["masterful"]["value"] == 0.0 and result["save_target"] == 2
    assert result["chance"]["value"] == pytest.approx(0.5 * 0.8 * 0.5)


def test_beyond_its_reach_it_cannot_be_thrown(capsys: Capture) -> None:
    code, out, _ = run(capsys, *PIRATE, "--distance", "6.5")
    assert code == 0
    assert 'Beyond the grenade\'s reach of 6" (2" + ST 4): it misses' in out
    assert "Chance: 0.0%, it cannot succeed" in out


def test_without_line_of_sight_it_is_thrown_at_minus_one(capsys: Capture) -> None:
    argv = (*PIRATE, "--distance", "5", "--mod", "grenade-no-line-of-sight")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "To-hit modifiers: Grenade thrown without line of sight −1" in out
    assert "Roll needed: 3 or less" in out
    assert 'Misses: a grenade that misses (60.0%) lands 2" from the target point' in out
    assert "explodes in the thrower's hand" in out


def test_the_grenade_s_refusals_and_the_dodge_not_counted(capsys: Capture) -> None:
    code, _, err = refused(capsys, *PIRATE, "--distance", "5", "--mod", "indirect-fire")
    assert code == 2 and "is not for a thrown grenade" in err
    code, _, err = refused(capsys, *PIRATE)
    assert code == 2 and "give the distance to the target for the Grenade" in err
    # a bow takes no grenade's modifier
    code, _, err = refused(
        capsys,
        "attack",
        "--weapon",
        "bow",
        "4",
        "4",
        "4",
        "--distance",
        "5",
        "--mod",
        "grenade-line-of-sight",
    )
    assert code == 2 and "is for a thrown grenade" in err
    dodged = answer(capsys, *PIRATE, "--distance", "5", "--mod", "target-dodges")
    assert dodged["target"] == 5  # a template: the dodge's -1 does not count


def test_in_french_the_grenade_s_reach_and_notes(capsys: Capture) -> None:
    code, out, _ = run(capsys, "--lang", "fr", *PIRATE, "--distance", "5")
    assert code == 0
    assert "Grenade" in out and "Portée" in out and "Résultat nécessaire\xa0: 5 ou moins" in out
    assert "explose dans la main du lanceur" in out, out
