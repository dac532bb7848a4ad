"""The profile builder's printed card and its file's identity (``nqcompanion.bridge.web``): the
card is the army roster's lines for the profile (one function for both, :mod:`nqcore.army.roster`)
with the armour the engine prices; a profile the player changed is the player's, no longer the
book's."""

from __future__ import annotations

import tomllib

import pytest

from nqcompanion.bridge.web import build
from nqcore.army.points import core_points_limit
from nqcore.army.profile_files import sample_profiles
from nqcore.tables.profile_tables import (
    example_profile_table,
    sample_profile_table,
    weapon_phrase,
)
from nqcore.tables.registry import Phrase
from nqcore.tables.table_text import cell_text


def card_text(card: dict[str, object]) -> str:
    """The card as a reader sees it printed: its name, its line under the columns, its details."""
    lines = [str(card["name"])]
    lines += [f"{c} {v}" for c, v in zip(card["columns"], card["values"], strict=True)]  # type: ignore[call-overload]
    lines += [f"{label}: {text}" for label, text in card["details"]]  # type: ignore[attr-defined]
    return "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("sample", sample_profiles(), ids=lambda s: s.profile.key)
def test_the_card_prints_the_engine_s_armour_and_each_weapon_s_line(
    sample: object, lang: str
) -> None:
    profile = sample.profile  # type: ignore[attr-defined]
    step = build({"start": profile.key}, lang)
    card = step["card"]
    values = dict(zip(card["columns"], card["values"], strict=True))
    armour_column = card["columns"][-1]
    assert values[armour_column] == cell_text(profile.ar, lang), card_text(card)
    text = card_text(card)
    for weapon in profile.weapons:
        assert cell_text(Phrase(weapon_phrase(weapon)), lang) in text, text
    labels = [label for label, _text in card["details"]]
    assert len(labels) >= 4, text  # weapons, armour, special rules, structure


def test_the_men_at_arms_card_reads_as_the_book_prints_them() -> None:
    """Light armour and a shield: AR 3 (the field holds the armour's 2 without the shield)."""
    card = build({"start": "human-men-at-arms"}, "en")["card"]
    text = card_text(card)
    assert "AR 3" in text and "Sword (UC4, ST+1)" in text, text
    assert "Light Armour & Shield (AR3)" in text, text
    assert "Structure: Core" in text, text


@pytest.mark.parametrize(
    ("lang", "made_from"),
    [
        ("en", "made from Sample Profiles > Human Men At Arms"),
        ("fr", "fait d’après Exemples de profils > Hommes d’armes"),
    ],
)
def test_a_changed_profile_is_the_player_s_made_from_the_book_s(lang: str, made_from: str) -> None:
    start = build({"start": "human-men-at-arms"}, lang)
    assert tomllib.loads(start["toml"])["key"] == "human-men-at-arms"
    renamed = build({"toml": start["toml"], "set": {"name": "Guards"}}, lang)
    record = tomllib.loads(renamed["toml"])
    assert "key" not in record and renamed["fields"]["key"] == ""
    assert record["source"] == made_from, record
    again = build({"toml": renamed["toml"], "set": {"cc": "6"}}, lang)
    assert tomllib.loads(again["toml"])["source"] == made_from
    added = build({"toml": start["toml"], "add": ["weapons", "spear"]}, lang)
    assert "key" not in tomllib.loads(added["toml"])
    same = build({"toml": start["toml"], "set": {"cc": "5"}}, lang)  # the book's value
    assert tomllib.loads(same["toml"])["key"] == "human-men-at-arms"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["Human Men At Arms · 28 points · 0 warnings", "X · 43 points · 2 warnings"]),
        (
            "fr",
            ["Hommes d’armes · 28 points · 0 avertissement", "X · 43 points · 2 avertissements"],
        ),
    ],
)
def test_the_builder_s_summary_says_the_name_the_points_and_the_warnings(
    lang: str, said: list[str]
) -> None:
    start = build({"start": "human-men-at-arms"}, lang)
    changed = build(
        {"toml": start["toml"], "set": {"name": "X"}, "add": ["spells", "fireball"]}, lang
    )
    assert [start["summary"], changed["summary"]] == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Structure: Elite (a core model"), ("fr", "Structure: Élite (figurine")],
)
def test_a_core_model_above_the_core_limit_is_elite_on_its_card(lang: str, said: str) -> None:
    """Player round eighteen: the card said "Structure: Core" under the warning "the model is
    elite"; it says elite, and why."""
    start = build({"start": "human-men-at-arms"}, lang)
    assert "Structure" in card_text(start["card"]) and said not in card_text(start["card"])
    big = build({"toml": start["toml"], "set": {"cc": "7", "st": "5", "co": "7"}}, lang)
    codes = [w["code"] for w in big["points"]["json"]["warnings"]]
    assert "core-points-limit" in codes, codes
    text = card_text(big["card"])
    assert said in text and str(core_points_limit()) in text, text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", 'Weapons: Grenade (UC5, 7", ST5, Indirect, blast template 2", Knock Prone)'),
        (
            "fr",
            'Armes\u00a0: Grenade (CU5, 7", F5, Tir indirect, gabarit d’explosion 2", '
            "Mise à terre)",
        ),
    ],
)
def test_the_card_gives_the_grenades_profile(lang: str, said: str) -> None:
    """Player round 26: the card named the grenades and gave no use cost, reach or blast; it
    prints the book's grenade profile (UC the grenade's ST, reach 2" + the thrower's ST 5)."""
    made = build({"start": "hero", "add": ["equipment", 'grenades|ST5 2" knock prone']}, lang)
    text = card_text(made["card"])
    assert said.replace("\u00a0:", ":") in text.replace("\u00a0:", ":").replace("\u202f:", ":")
    plain = build({"start": "hero", "add": ["equipment", 'grenades|ST3 1"']}, lang)["card"]
    assert '(UC3, 7", ST3' in card_text(plain) or '(CU3, 7", F3' in card_text(plain)
    assert "Knock Prone" not in card_text(plain) and "Mise à terre)" not in card_text(plain)


#: Combination models and the book's table of each (the site's, from the engine's data).
COMBINED = {
    "wight-lord-on-zombie-dragon": lambda: sample_profile_table("wight-lord-on-zombie-dragon"),
    "chariot-driver-weaponeer": lambda: example_profile_table("profile-chariot-driver-weaponeer"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", COMBINED)
def test_the_card_gives_a_mount_and_a_crew_their_own_line(key: str, lang: str) -> None:
    """Player round thirty (F9): the card and the roster printed the rider's line alone, without
    the mount's or the crew's RA, CC and ST the book prints under it ("Dragon - 3 6 7"): the
    card's lines under the model's are the book table's (Name, AC ... CO)."""
    card = build({"start": key}, lang)["card"]
    shown = [[line["name"], *line["values"][:-1]] for line in card["elements"]]
    book = [[cell_text(cell, lang) for cell in row[:8]] for row in COMBINED[key]().rows[1:]]
    assert len(book) >= 1 and shown == book, (shown, book)
    assert all(line["values"][-1] == "–" for line in card["elements"])  # AR: the whole model's
    assert card["nameColumn"] == {"en": "Name", "fr": "Nom"}[lang]
