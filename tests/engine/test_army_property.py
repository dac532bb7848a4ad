"""For any army, its total is the sum of its entries' engine prices: each unit's models priced by
``profile_points`` (as ``nq points`` prices them), each support weapon by ``weapon_price``."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from nqcore.army.army_rules import check
from nqcore.army.characteristics import Specialist
from nqcore.army.force import parse_army, price
from nqcore.army.profile_files import example_profile, sample_profile, sample_profiles
from nqcore.army.profile_points import profile_points, unit_points
from nqcore.army.weapon_costs import weapon_price

SAMPLES = [s.profile.key for s in sample_profiles()]
LEADERS = [None, "hero", "warrior", "swordmaster"]

units = st.lists(
    st.fixed_dictionaries(
        {
            "profile": st.sampled_from(SAMPLES),
            "models": st.integers(1, 30),
            "leader": st.sampled_from(LEADERS),
            "specialists": st.lists(st.sampled_from(["standard-bearer", "musician"]), max_size=2),
        }
    ),
    max_size=6,
)
batteries = st.lists(
    st.fixed_dictionaries(
        {
            "weapon": st.sampled_from(["cannon", "bolt-thrower", "mortar"]),
            "weapons": st.integers(1, 3),
            "crew": st.integers(0, 6),
            "profile": st.sampled_from(SAMPLES),
        }
    ),
    max_size=2,
)


def _profile(key: str) -> Any:
    try:
        return sample_profile(key).profile
    except KeyError:
        return example_profile(key).profile


def expected_points(record: dict[str, Any]) -> int:
    """One unit's price, computed apart from nqcore.army.force."""
    profile = _profile(record["profile"])
    leader = 0 if record.get("leader") is None else profile_points(_profile(record["leader"])).total
    specialists = sum(
        profile_points(dataclasses.replace(profile, specialist=Specialist(s))).total
        for s in record["specialists"]
    )
    rank_and_file = (
        record["models"] - (record.get("leader") is not None) - len(record["specialists"])
    )
    if rank_and_file < 1:  # refused (unit-models), yet priced: what the unit pays once
        breakdown = profile_points(profile)
        return sum(item.points for item in breakdown.unit_items) + leader + specialists
    return unit_points(profile, rank_and_file) + leader + specialists


@settings(max_examples=40, deadline=None)
@given(units, batteries, st.integers(1, 5000))
def test_the_army_total_is_the_sum_of_its_units_engine_prices(
    drawn: list[dict[str, Any]], guns: list[dict[str, Any]], points: int
) -> None:
    records = []
    for index, record in enumerate(drawn):
        entry = {"name": f"Unit {index}", **record}
        if entry["leader"] is None:
            del entry["leader"]
        records.append(entry)
    support = [{"name": f"Battery {i}", **gun} for i, gun in enumerate(guns)]
    data = {"name": "Any", "points": points, "unit": records, "support": support}
    army = price(*parse_army(data, "army.toml"))
    priced = {entry.entry.name: entry.points for entry in army.entries}
    for record in records:
        assert priced[record["name"]] == expected_points(record)
    for gun in support:
        from nqcore.army.armoury import weapon

        crew = profile_points(_profile(gun["profile"])).total * gun["crew"] * gun["weapons"]
        each = weapon_price(weapon(gun["weapon"]))
        assert priced[gun["name"]] == crew + each * gun["weapons"]
    assert army.total == sum(priced.values())
    refused = {b.rule.key for b in check(army) if b.refused}
    assert ("game-size" in refused) == (army.total > points)
