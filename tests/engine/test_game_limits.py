"""Tests for nqcore.rules.game_limits: game and unit sizes, attack zones, coherency, uses per
activation.

Besides the answers, one truth: every number of ``data/game_limits.toml`` is also printed in the
rule's prose on its page, so a test finds the sentence that states it there; changing the datum
without the prose (or the prose without the datum) fails naming both.
"""

from __future__ import annotations

import doctest
import re
from fractions import Fraction
from pathlib import Path

import pytest

import nqcore.rules.game_limits
from nqcore.army.characteristics import Size
from nqcore.filled import number_word
from nqcore.rules.formations import Formation, effective_formation
from nqcore.rules.game_limits import (
    attack_zones,
    coherency_reaches,
    game_size,
    game_sizes,
    in_attack_zone,
    is_coherent,
    unit_size_fits,
    unit_sizes,
    uses_per_activation,
)
from nqcore.tables.registry import get_table
from nqcore.tables.table_text import cell_text

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_doctests() -> None:
    assert doctest.testmod(nqcore.rules.game_limits).failed == 0


def _page_of(label: str) -> str:
    pages = [p for p in DOCS.glob("*.md") if f"({label})=" in p.read_text("utf-8")]
    assert len(pages) == 1, f"section label {label!r} is on {len(pages)} pages"
    return pages[0].read_text("utf-8")


def _section(label: str) -> str:
    """The prose of one labelled section, up to the next label."""
    text = _page_of(label)
    start = text.index(f"({label})=")
    following = re.search(r"^\([\w-]+\)=", text[start + 1 :], re.M)
    return text[start : start + 1 + following.start()] if following else text[start:]


def _prose_states(label: str, pattern: str) -> None:
    assert re.search(pattern, _section(label)), (
        f"data/game_limits.toml and section {label!r} of docs/ disagree: its prose does not say "
        f"/{pattern}/"
    )


def test_every_record_names_a_section_that_exists() -> None:
    sections = [s.section for s in game_sizes()]
    sections += [u.section for u in unit_sizes().values()]
    sections += [z.section for z in attack_zones().values()]
    sections += [r.section for r in coherency_reaches().values()]
    sections += [u.section for u in uses_per_activation().values()]
    for label in sections:
        _page_of(label)


def test_the_game_sizes_are_the_books() -> None:
    assert [(s.key, s.points, s.open) for s in game_sizes()] == [
        ("skirmish", 1000, False),
        ("small", 2000, False),
        ("medium", 3000, False),
        ("epic", 4000, True),
    ]
    assert game_size(999) is None and game_size(1000) is game_sizes()[0]
    table = get_table("game-sizes")
    # each language groups the thousands its way (proof round thirty-one: « 4000+ » in French)
    assert [cell_text(c, "fr") for c in table.rows[-1]] == ["Épique", "4\u202f000+"]
    assert [cell_text(c, "en") for c in table.rows[0]] == ["Skirmish", "1,000"]
    assert table.row_keys == ("skirmish", "small", "medium", "epic")


def test_unit_sizes_follow_the_prose() -> None:
    units = unit_sizes()
    any_unit = units["unit"]
    _prose_states(
        "units",
        rf"normally consist of between {any_unit.minimum} and "
        rf"{any_unit.maximum} models",
    )
    ranked, closed = (
        number_word(units["ranked"].minimum, "en"),
        number_word(units["closed"].minimum, "en"),
    )
    _prose_states("ranked-formation", rf"{ranked} or more models")
    _prose_states("closed-formation", rf"fewer than {closed} models")
    most = number_word(units["infiltrating"].maximum or 0, "en")
    _prose_states("infiltrating-units", rf"never consist of more than {most} models")
    crew = units["support-weapon-crew"]
    fewest, largest = number_word(crew.minimum, "en"), number_word(crew.maximum or 0, "en")
    _prose_states("support-weapon-crew", rf"minimum of {fewest} crew and a maximum of {largest}")
    initiates = units["initiates"]
    between = rf"between {initiates.minimum} and {initiates.maximum} initiates"
    _prose_states("initiates-and-neophytes", rf"usually {between}")


def test_unit_size_limits() -> None:
    assert unit_size_fits("unit", 4) and unit_size_fits("unit", 20)
    assert not unit_size_fits("unit", 21) and not unit_size_fits("unit", 3)
    assert unit_size_fits("ranked", 8) and not unit_size_fits("ranked", 7)
    with pytest.raises(ValueError, match="cannot have -1 models"):
        unit_size_fits("unit", -1)
    table = get_table("unit-sizes")
    ranked = table.rows[table.row_keys.index("ranked")]
    assert [cell_text(c, "en") for c in ranked] == ["Ranked formation", "8", "–", "Always"]


def test_formations_read_their_minimum_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """The formation rules use the data's numbers: a closed unit with a minimum of 10 counts as
    skirmished at 9 models, a ranked one (still 8) does not."""
    changed = dict(unit_sizes())
    closed = changed["closed"]
    changed["closed"] = type(closed)(closed.key, closed.name, 10, None, False, closed.section)
    monkeypatch.setattr("nqcore.rules.formations.unit_sizes", lambda: changed)
    assert effective_formation(Formation.CLOSED, 9) is Formation.SKIRMISH
    assert effective_formation(Formation.RANKED, 9) is Formation.RANKED


def test_attack_zones_follow_the_prose() -> None:
    medium, large = attack_zones()[Size.MEDIUM], attack_zones()[Size.LARGE]
    assert attack_zones()[Size.SMALL] == type(medium)(Size.SMALL, 1, 360, "attack-zone")
    _prose_states("attack-zone", rf"attack zone forms a {medium.reach}\" circle")
    _prose_states("attack-zone", rf"frontal {large.arc}° field of vision")
    _prose_states("attack-zone", rf"attack zone extends for {large.reach}\"")
    very_large = attack_zones()[Size.VERY_LARGE]
    assert (very_large.reach, very_large.arc) == (large.reach, large.arc)  # a large model too


@pytest.mark.parametrize(
    ("size", "gap", "bearing", "inside"),
    [
        (Size.MEDIUM, Fraction(1), 180, True),
        (Size.MEDIUM, Fraction(3, 2), 0, False),
        (Size.LARGE, Fraction(2), 90, True),
        (Size.LARGE, Fraction(2), -90, True),
        (Size.LARGE, Fraction(1), 91, False),
        (Size.LARGE, Fraction(1), 270, True),  # 270 degrees round is 90 to the other side
        (Size.VERY_LARGE, Fraction(5, 2), 0, False),
    ],
)
def test_in_attack_zone(size: Size, gap: Fraction, bearing: int, inside: bool) -> None:
    assert in_attack_zone(size, gap, bearing) is inside
    assert not in_attack_zone(size, gap, bearing, engaged=True)


def test_a_negative_gap_is_refused() -> None:
    with pytest.raises(ValueError, match="not negative"):
        in_attack_zone(Size.SMALL, Fraction(-1), 0)


def test_coherency_follows_the_prose() -> None:
    reaches = coherency_reaches()
    for key, label in (("skirmish", "skirmish-formation"), ("dispersed", "dispersed-formation")):
        _prose_states(label, rf"operate at {reaches[key].reach}\" ")
        _prose_states(label, rf"no model is more than {reaches[key].reach}\" from at least one")
    _prose_states(
        "support-weapon-crew", rf"no more than {reaches['support-battery'].reach}\" apart"
    )


def test_coherency_is_one_chain() -> None:
    chain: list[list[Fraction | int]] = [[0, 2, 3], [2, 0, 2], [3, 2, 0]]
    assert is_coherent("dispersed", chain)
    assert not is_coherent("skirmish", chain)
    assert is_coherent("skirmish", [])
    with pytest.raises(ValueError, match="square table"):
        is_coherent("skirmish", [[0, 1], [1]])


def test_uses_per_activation_follow_the_prose() -> None:
    phrases = {
        "support-weapon": "A support weapon may only be fired once per activation",
        "teardrop-template-weapon": "A teardrop template weapon may only be fired once per",
        "burst-fire-weapon": "Burst fire weapons may only be fired once per activation",
    }
    for key, uses in uses_per_activation().items():
        assert uses.uses == 1, f"{key}: the prose says once; the data says {uses.uses}"
        _prose_states(uses.section, re.escape(phrases[key]))
