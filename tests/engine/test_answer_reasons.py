"""Player round fourteen: each answer names the reason for its number (#8: the wizardry level
among the casting modifiers, flying's free crossing of terrain), the whole attack's "Wounds:"
line lists every count down to 1 % or says its counts are examples (#10), and French answers say
« Probabilité » for a chance, one word (#16)."""

from __future__ import annotations

import pytest

from nqcompanion.bridge.web import ask


def _plain(lines: list[str]) -> list[str]:
    return [line.replace("\u00a0", " ").replace("\u202f", " ") for line in lines]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Modifiers: Wizardry level +3"), ("fr", "Modificateurs : Niveau de magie +3")],
)
def test_the_casting_answer_lists_the_wizardry_level(lang: str, said: str) -> None:
    assert said in _plain(ask(["cast", "2", "--wizardry", "3"], lang)["text"])


def test_wizardry_zero_adds_nothing() -> None:
    text = ask(["cast", "2", "--wizardry", "0"], "en")["text"]
    assert not [line for line in text if line.startswith("Modifiers")], text


@pytest.mark.parametrize(("lang", "said"), [("en", "Flying: "), ("fr", "Vol : ")])
def test_the_terrain_answer_says_why_flying_costs_nothing(lang: str, said: str) -> None:
    argv = ["move-cost", "4", "--difficult", "2", "--barriers", "1", "--ability", "flying"]
    assert any(line.startswith(said) for line in _plain(ask(argv, lang)["text"]))
    walking = ["move-cost", "4", "--difficult", "2", "--barriers", "1"]
    assert not any(line.startswith(said) for line in _plain(ask(walking, lang)["text"]))


OGRES = ["attack", "--attacker", "ogre-freebooter", "--target", "human-men-at-arms", "--ranked"]


@pytest.mark.parametrize("models", ["3", "5"])
def test_the_wounds_line_skips_no_count_above_one_percent(models: str) -> None:
    answer = ask([*OGRES, "--models", models], "en")
    line = next(line for line in answer["text"] if line.startswith("Wounds"))
    assert line.startswith("Wounds: "), line
    chances = answer["json"]["at_least"]
    listed = [k for k in range(2, len(chances) + 1) if f"at least {k} wounds" in line]
    wanted = [k for k in range(2, len(chances) + 1) if chances[k - 1]["value"] >= 0.01]
    assert listed == wanted, line


@pytest.mark.parametrize(
    ("lang", "start"), [("en", "Wounds, for example: "), ("fr", "Blessures, par exemple : ")]
)
def test_landmarks_are_said_to_be_examples(lang: str, start: str) -> None:
    text = _plain(ask([*OGRES, "--models", "6"], lang)["text"])
    assert any(line.startswith(start) for line in text), text


def test_french_answers_say_probabilite_for_a_chance() -> None:
    for argv in (["cast", "2", "--wizardry", "3"], ["hit", "7"], ["wound", "6", "3"]):
        text = _plain(ask(argv, "fr")["text"])
        assert any(line.startswith("Probabilité : ") for line in text), text
        assert not any(line.startswith("Chance") for line in text), text
