"""An entry's price lines say what they count, in the reader's language, the same in the
roster, the army builder and ``nq army``: "Skeleton Warrior: 18 models × 20 points = 360
points", the row named as the book's heading names the profile ("Skeleton Warrior", not its
profile line's "Skeleton"); a count that is not of models (support weapons, a price paid once
for the unit) says no models."""

from __future__ import annotations

from typing import Any

from nqcompanion.bridge.web_army import army as web_army
from nqcore.army.army_rules import check
from nqcore.army.force import parse_army, price
from nqcore.army.roster import roster_sheet

DATA: dict[str, Any] = {
    "name": "Host",
    "points": 2000,
    "unit": [
        {
            "name": "Skeletons",
            "profile": "skeleton-warrior",
            "models": 19,
            "specialists": ["standard-bearer"],
        }
    ],
    "individual": [{"name": "Lord", "profile": "hero", "general": True}],
}


def _lines(lang: str) -> list[str]:
    force = price(*parse_army(DATA, "army.toml"))
    return list(roster_sheet(force, check(force), lang)["entries"][0]["lines"])


def test_a_line_says_models_and_points_and_the_book_s_name() -> None:
    force = price(*parse_army(DATA, "army.toml"))
    each = force.entries[0].lines[0].each
    first, bearer = _lines("en")
    assert first == f"Skeleton Warrior: 18 models × {each} points = {18 * each} points"
    assert bearer.startswith("Standard Bearer: 1 model × ")


def test_in_french_through_the_catalogue() -> None:
    first, _bearer = _lines("fr")
    assert "\u00a0: 18 figurines × " in first and first.endswith(" points"), first
    assert first.startswith("Guerrier squelette"), first


def test_the_army_builder_says_the_roster_s_lines() -> None:
    for lang in ("en", "fr"):
        answer = web_army({"data": DATA}, lang)
        assert [line["said"] for line in answer["entries"][0]["lines"]] == _lines(lang)


def test_a_rider_s_line_is_named_as_its_entry() -> None:
    """A special combination model (a rider and its mount, one model) is priced on one line
    named as its entry names it ("Vampire on Demon Beast"), not by its table's first line alone
    ("Vampire"), in every language: the entry's name is the player's."""
    data = {
        **DATA,
        "character": [{"name": "Vampire on Demon Beast", "profile": "vampire-on-demon-beast"}],
    }
    force = price(*parse_army(data, "army.toml"))
    (rider,) = [item for item in force.entries if item.entry.kind == "character"]
    assert [line.label for line in rider.lines] == ["Vampire on Demon Beast"]
    said = web_army({"data": data}, "fr")["entries"]
    assert said[-1]["lines"][0]["said"].startswith("Vampire on Demon Beast\u00a0: 1 figurine × ")


def test_a_sample_profile_corrected_says_what_the_book_prints() -> None:
    """Player round eighteen: the roster priced Wood Elf Archers at the corrected 32 points
    without a word of the book's 35; it says both, in the roster, the builder and ``nq army``,
    and nothing for a profile whose points the book prints right."""
    from nqcore.army.profile_files import sample_profile

    archers = {
        "name": "Elves",
        "points": 1000,
        "unit": [{"name": "Archers", "profile": "wood-elf-archer", "models": 10}],
    }
    printed = sample_profile("wood-elf-archer").printed_points
    force = price(*parse_army(archers, "army.toml"))
    each = force.entries[0].lines[0].each
    assert printed != each and force.entries[0].lines[0].printed == printed
    (line,) = roster_sheet(force, check(force), "en")["entries"][0]["lines"]
    assert line.endswith(
        f"= {10 * each} points (the book prints {printed} each, corrected in Errata)"
    )
    (ligne,) = roster_sheet(force, check(force), "fr")["entries"][0]["lines"]
    assert ligne.endswith(
        f"(le livre indique {printed} points par figurine, corrigé dans les errata)"
    ), ligne
    said = web_army({"data": archers}, "en")["entries"][0]["lines"][0]["said"]
    assert said == line, said
    assert all(
        line.printed is None
        for entry in price(*parse_army(DATA, "army.toml")).entries
        for line in entry.lines
    )
