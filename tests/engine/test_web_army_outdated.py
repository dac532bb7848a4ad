"""A unit made from the player's own profile keeps the copy it was made from; when that profile
changes in the profile builder, the army's answer says so beside the entry, and choosing the
profile as it is now prices and prints the entry from it (player round fourteen, #5)."""

from __future__ import annotations

from typing import Any

from nqcompanion.bridge.web_army import army

MILITIA = 'name = "Militia"\nac = 8\nra = 3\ncc = 4\nst = 4\nt = 4\nw = 1\nco = 5\nar = 1\n'
VETERAN = MILITIA.replace("Militia", "Veteran Militia").replace("cc = 4", "cc = 6")


def _asked(request: dict[str, Any]) -> dict[str, Any]:
    answer = army(request, "en")
    assert "error" not in answer, answer
    return answer


def _added() -> dict[str, Any]:
    data = {"name": "T", "points": 1000}
    return _asked({"data": data, "add": {"kind": "unit", "toml": MILITIA, "id": "p1"}})


def test_an_entry_says_when_its_profile_changed_and_keeps_its_copy() -> None:
    before = _added()
    assert before["data"]["unit"][0]["profile"]["builder_id"] == "p1"
    [unit] = before["entries"]
    assert unit["outdated"] == [] and unit["points"] == 4 * 16
    same = _asked({"data": before["data"], "profiles": [{"id": "p1", "toml": MILITIA}]})
    assert same["entries"][0]["outdated"] == []
    changed = _asked({"data": before["data"], "profiles": [{"id": "p1", "toml": VETERAN}]})
    [unit] = changed["entries"]
    assert unit["outdated"] == [{"field": "profile", "name": "Veteran Militia", "id": "p1"}]
    assert unit["points"] == 4 * 16  # the copy, until the player chooses the profile as it is
    assert "cc = 4" in changed["toml"]


def test_choosing_the_profile_as_it_is_now_prices_it() -> None:
    before = _added()
    use = {"kind": "unit", "index": 0, "field": "profile", "toml": VETERAN, "id": "p1"}
    profiles = [{"id": "p1", "toml": VETERAN}]
    after = _asked({"data": before["data"], "use": use, "profiles": profiles})
    [unit] = after["entries"]
    assert unit["outdated"] == []
    assert unit["points"] == 4 * 20
    assert after["data"]["unit"][0]["profile"]["builder_id"] == "p1"
    assert any("Veteran Militia" in line for line in after["roster_text"].splitlines())


def test_a_profile_the_builder_no_longer_keeps_changes_nothing() -> None:
    before = _added()
    answer = _asked({"data": before["data"], "profiles": [{"id": "p2", "toml": VETERAN}]})
    assert answer["entries"][0]["outdated"] == []
    hostile = _asked({"data": before["data"], "profiles": "not a list"})
    assert hostile["entries"][0]["outdated"] == []


def test_an_unreadable_kept_profile_never_refuses_the_army() -> None:
    before = _added()
    broken = [{"id": "p1", "toml": 'name = "Militia\ncc = [[[['}]
    answer = _asked({"data": before["data"], "profiles": broken})
    assert answer["entries"][0]["outdated"] == []
