"""Answers that say why: the rule behind a figure a player would question (no armour, the
optional Lucky Save, a fumble, a capped chant, the battle standard's re-roll), in both languages,
as the At the table page gets them (:func:`nqcompanion.bridge.web.ask`)."""

from __future__ import annotations

import pytest

from nqcompanion.bridge.web import ask

NNBSP = "\u202f"


def lines(argv: list[str], lang: str) -> list[str]:
    answer = ask(argv, lang)
    assert "error" not in answer, answer
    text: list[str] = answer["text"]
    return text


@pytest.mark.parametrize(
    ("argv", "lang", "said"),
    [
        (["save", "0", "4"], "en", "AR 0: a model without armour has no armour save"),
        (["save", "0", "4"], "fr", "Ar 0\u00a0: une figurine sans armure n’a pas de sauvegarde"),
        (["attack", "5", "3", "3", "--armour", "0"], "en", "has no armour save"),
        (["attack", "5", "3", "3", "--armour", "0"], "fr", "n’a pas de sauvegarde d’armure"),
    ],
)
def test_no_armour_says_there_is_no_save(argv: list[str], lang: str, said: str) -> None:
    assert any(said in line for line in lines(argv, lang))


def test_lucky_save_is_named_optional_with_its_chance_where_it_applies() -> None:
    english = lines(["save", "2", "8"], "en")  # AR 2 against ST 8: a save of -2
    assert "The Lucky Save (optional rule)" in english[-1] and "10.0%" in english[-1]
    french = lines(["save", "2", "8"], "fr")
    assert "Sauvegarde ultime (règle optionnelle)" in french[-1]
    assert f"10,0{NNBSP}%" in french[-1]
    whole = lines(["attack", "5", "8", "3", "--armour", "2"], "en")
    assert any("the chances above leave it out" in line for line in whole)
    # a save of 1 or more: a natural 1 saves anyway, the optional rule changes nothing
    assert not any("Lucky" in line for line in lines(["save", "4", "5"], "en"))


@pytest.mark.parametrize(
    ("argv", "lang", "said"),
    [
        (["hit", "5"], "en", "Fumbles: a natural 10 (10.0%) always misses"),
        (["hit", "5"], "fr", f"Maladresses\u00a0: un 10 naturel (10,0{NNBSP}%) manque toujours"),
        (
            ["shoot", "5", "10", "--weapon", "bow"],
            "en",
            "the chance to hit already counts it as a miss",
        ),
        (
            ["attack", "5", "4", "3"],
            "fr",
            "la probabilité de toucher le compte déjà comme un échec",
        ),
    ],
)
def test_a_roll_to_hit_names_its_fumble(argv: list[str], lang: str, said: str) -> None:
    assert any(said in line for line in lines(argv, lang))


MINUS_THREE = ["--mod", "target-dodges", "--mod", "enemy-higher-ground"]
MINUS_THREE += ["--mod", "attacker-panicked"]


@pytest.mark.parametrize(
    "argv", [["hit", "1", *MINUS_THREE], ["attack", "1", "4", "3", *MINUS_THREE]]
)
def test_no_fumble_is_said_of_a_hit_that_cannot_succeed(argv: list[str]) -> None:
    """A natural 10 misses; with no roll that hits, the fumble adds nothing to "it cannot
    succeed"."""
    said = lines(argv, "en")
    assert not any("Fumbles" in line for line in said), said


def test_a_chant_over_the_cap_says_it_was_capped() -> None:
    english = lines(["cast", "3", "--chant", "5"], "en")
    assert "Spell Chants" in english[-1] and "5 initiates is capped at +3" in english[-1]
    french = lines(["cast", "3", "--chant", "5"], "fr")
    assert "le bonus de 5 initiés est plafonné à +3" in french[-1]
    assert not any("capped" in line for line in lines(["cast", "3", "--chant", "3"], "en"))


def test_battle_standard_says_what_its_re_roll_changes() -> None:
    english = lines(["command", "7", "--battle-standard"], "en")
    assert any("70.0% on the first roll" in line and "94.0%" in line for line in english)
    french = lines(["command", "7", "--battle-standard"], "fr")
    assert any(f"70,0{NNBSP}% au premier jet" in line for line in french)
    sure = lines(["command", "10", "--battle-standard"], "en")
    assert any("changes nothing here" in line for line in sure)
