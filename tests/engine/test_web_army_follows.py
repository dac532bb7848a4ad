"""Player round fourteen (#5): a unit made from the player's own profile follows that profile
when it changes (as BattleScribe and New Recruit do): priced and printed from the profile as it
is now, after a reload too; the roster and the total agree with what the page shows."""

from __future__ import annotations

from typing import Any

from nqcompanion.bridge.web_army import army

MILITIA = 'name = "Militia"\nac = 8\nra = 3\ncc = 4\nst = 4\nt = 4\nw = 1\nco = 5\nar = 1\n'
VETERAN = MILITIA.replace("Militia", "Veteran Militia").replace("cc = 4", "cc = 6")


def _added() -> dict[str, Any]:
    data = {"name": "T", "points": 1000}
    answer = army({"data": data, "add": {"kind": "unit", "toml": MILITIA, "id": "p1"}}, "en")
    assert "error" not in answer, answer
    return answer


def test_the_unit_follows_its_profile_once_changed() -> None:
    before = _added()
    unit = before["entries"][0]
    assert unit["points"] == 4 * 16, unit
    profiles = [{"id": "p1", "toml": VETERAN}]
    after = army({"data": before["data"], "profiles": profiles}, "en")
    assert "error" not in after, after
    unit = after["entries"][0]
    assert unit["profile"] == "Veteran Militia"
    assert unit["points"] == 4 * 20 == after["total"], unit
    assert "Veteran Militia" in after["roster_text"]
    assert "Total: 80 points" in after["roster_text"]
    row = next(line for line in after["roster_text"].splitlines() if line.startswith("Veteran"))
    assert row.split()[2:6] == ["8", "3", "6", "4"], row  # AC RA CC ST: the CC as changed
    # after a reload: the kept file, read again with the profiles as they are now
    reloaded = army({"toml": after["toml"], "profiles": profiles}, "en")
    assert reloaded["entries"][0]["points"] == 80


def test_a_profile_no_longer_kept_leaves_the_copy() -> None:
    before = _added()
    after = army({"data": before["data"], "profiles": [{"id": "other", "toml": VETERAN}]}, "en")
    assert after["entries"][0]["points"] == 64
