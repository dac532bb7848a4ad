"""An army file lists 100 entries at most, of all kinds, and a unit 10 specialists: 600 entries
with inline profiles, each within its kind's old bound of 200, priced for 205 s and froze the At
the table page for 75 s (attack round twenty-seven).  Refused in one line, in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqcore.army.army_schema import MAX_ENTRIES, MAX_SPECIALISTS
from nqcore.army.force import ArmyError, parse_army


def _army(units: int, characters: int, **unit: Any) -> dict[str, Any]:
    one = {"name": "Orcs", "profile": "orc-bruiser", "models": 10, **unit}
    return {
        "name": "Big",
        "points": 3000,
        "unit": [{**one, "name": f"Orcs {n}"} for n in range(units)],
        "character": [{"name": f"Hero {n}", "profile": "hero"} for n in range(characters)],
    }


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "army.toml: too many entries: 101, where an army file lists 100 at most"),
        (
            "fr",
            "army.toml\u00a0: trop d’entrées\u00a0: 101, quand un fichier d’armée en liste "
            "100 au plus",
        ),
    ],
)
def test_an_army_of_more_entries_than_any_table_holds_is_refused(lang: str, said: str) -> None:
    assert MAX_ENTRIES == 100
    with pytest.raises(ArmyError) as refused:
        parse_army(_army(60, 41), "army.toml")
    assert refused.value.text(lang) == said


def test_a_unit_of_more_specialists_than_the_rules_name_is_refused() -> None:
    with pytest.raises(ArmyError) as refused:
        parse_army(_army(1, 0, specialists=["musician"] * (MAX_SPECIALISTS + 1)), "army.toml")
    assert "field specialists" in refused.value.text("en")


def test_an_army_of_a_hundred_entries_is_read() -> None:
    force = parse_army(_army(60, 40), "army.toml")
    assert force is not None


def test_profile_files_coming_to_more_than_two_mib_are_refused(tmp_path: Path) -> None:
    """Attack round twenty-eight: 200 profile files of 1 MiB each, every field within bounds,
    took ``nq army`` 72 s of CPU; the files an army reads come to 2 MiB at most."""
    from nqcore.army.force import MAX_PROFILE_FILES_BYTES, army

    profile = 'name = "Brute"\ntype = "unit-leader"\nac = 8\nra = 3\ncc = 6\nst = 5\nt = 5\n'
    profile += "w = 2\nco = 7\n" + "#\n" * (400 * 1024)
    units = ""
    for n in range(3):
        (tmp_path / f"p{n}.toml").write_text(profile, encoding="utf-8")
        units += f'[[unit]]\nname = "U{n}"\nprofile = {{ file = "p{n}.toml" }}\nmodels = 10\n'
    (tmp_path / "army.toml").write_text(f'name = "A"\npoints = 3000\n\n{units}', encoding="utf-8")
    assert 2 * len(profile) <= MAX_PROFILE_FILES_BYTES < 3 * len(profile)
    with pytest.raises(ArmyError) as refused:
        army(str(tmp_path / "army.toml"))
    said = refused.value.text("en")
    assert said.endswith("'p2.toml' and the army's other profile files come to more than 2 MiB")
