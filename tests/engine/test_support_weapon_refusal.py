"""Player round fourteen (#3): "Support weapons are large powerful weapons that may not be wielded
by a normal man sized model" (Support Weapons). "May not" is a prohibition, as "may never" is: the
engine refuses it, with the Support Weapons section, in the army builder, the profile builder and
``nq points``; the army builder does not offer a support weapon to a man sized unit's models."""

from __future__ import annotations

from typing import Any

import pytest

from nqcompanion.bridge.web import build
from nqcompanion.bridge.web_army import army
from nqcore.cli.commands import main as nq_main

LORD = {"name": "Lord", "profile": "hero", "general": True}


def _army(lang: str, weapon: str = "cannon", profile: str = "human-men-at-arms") -> dict[str, Any]:
    data: dict[str, Any] = {"name": "Test", "points": 4000, "individual": [LORD]}
    data["unit"] = [
        {"name": "S", "profile": profile, "models": 10, "options": {"weapons": [weapon]}}
    ]
    answer = army({"data": data}, lang)
    assert "error" not in answer, answer
    return answer


@pytest.mark.parametrize(("lang", "refused"), [("en", "refusals"), ("fr", "refus")])
def test_a_support_weapon_on_a_man_sized_model_is_refused(lang: str, refused: str) -> None:
    answer = _army(lang)
    unit = next(e for e in answer["entries"] if e["kind"] == "unit")
    found = [w for w in unit["warnings"] if w["code"] == "support-weapon-size"]
    assert [(w["kind"], w["section"]) for w in found] == [("refusal", "support-weapons")]
    # the summary counts it among the refusals, beside the army rules' own
    army_refusals = sum(1 for b in answer["breaches"] if b["kind"] == "refusal")
    assert f"{army_refusals + 1} {refused}" in answer["summary"].replace("\u00a0", " ")
    roster = answer["roster_text"]
    assert ("Refused: Cannon" if lang == "en" else "Refusé : Canon") in roster.replace(
        "\u202f", " "
    ).replace("\u00a0", " ")


def test_a_man_sized_unit_is_not_offered_a_support_weapon() -> None:
    answer = _army("en", weapon="spear")
    unit = next(e for e in answer["entries"] if e["kind"] == "unit")
    assert "weapons:cannon" in unit["refused"] and "weapons:trebuchet" in unit["refused"]
    assert "weapons:spear" not in unit["refused"]
    large = {"name": "Test", "points": 4000, "individual": [LORD]}
    large["character"] = [{"name": "W", "profile": "orc-warlord-on-dragon"}]
    entry = next(e for e in army({"data": large}, "en")["entries"] if e["kind"] == "character")
    assert entry["refused"] == []


def test_nq_points_refuses_it_with_its_section(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gunner.toml"
    path.write_text(
        'name = "Gunner"\nac = 8\nra = 3\ncc = 4\nst = 4\nt = 4\nw = 1\nco = 5\n'
        'type = "core"\nweapons = ["cannon"]\n',
        encoding="utf-8",
    )
    nq_main(["points", str(path)])
    out = capsys.readouterr().out
    assert "Refused: Cannon: a support weapon may not be wielded" in out
    assert "section support-weapons" in out


@pytest.mark.parametrize(("lang", "word"), [("en", "refusal"), ("fr", "refus")])
def test_the_profile_builder_counts_it_as_a_refusal(lang: str, word: str) -> None:
    start = build({"start": ""}, lang)
    answer = build({"toml": start["toml"], "add": ["weapons", "cannon"]}, lang)
    assert f"1 {word}" in answer["summary"].replace("\u00a0", " ")


def test_nq_army_does_not_say_the_army_keeps_every_rule(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "army.toml"
    path.write_text(
        'name = "T"\npoints = 4000\n\n[[individual]]\nname = "Lord"\nprofile = "hero"\n'
        'general = true\n\n[[unit]]\nname = "S"\nprofile = "human-men-at-arms"\n'
        'models = 10\noptions = { weapons = ["cannon"] }\n',
        encoding="utf-8",
    )
    nq_main(["army", str(path)])
    out = capsys.readouterr().out
    assert "Refused: Cannon: a support weapon may not be wielded" in out, out
    assert "keeps every army rule" not in out, out
