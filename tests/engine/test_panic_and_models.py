"""Two questions players of dice calculators ask: the chance of each result of the panic table
(Morale > "Panic Table", with the +1 of a failed rally and of infamous fighters, and the 2D10 of
inspiring leadership), and a whole attack made by several models (``--models``): the wounds to
expect and the chance of at least k wounds, each die wounding on its own."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nqcompanion.bridge.web import ask
from nqcore.cli.commands import main
from nqcore.rules.attack import wounds_at_least
from nqcore.rules.morale import panic_distribution

NNBSP = "\u202f"


def _french(lines: list[str]) -> str:
    return "\n".join(lines).replace("\u00a0", " ").replace(NNBSP, " ")


def test_at_least_k_wounds_of_several_attacks() -> None:
    assert wounds_at_least(Fraction(1, 2), 2) == {1: Fraction(3, 4), 2: Fraction(1, 4)}
    three = wounds_at_least(Fraction(1, 5), 3)
    assert three == {1: 1 - Fraction(4, 5) ** 3, 2: Fraction(13, 125), 3: Fraction(1, 125)}


def test_panic_answers_the_engines_distribution() -> None:
    plain = ask(["panic"], "en")
    chances = [r["chance"]["fraction"] for r in plain["json"]["results"]]
    assert chances == [str(c) for c in panic_distribution().values()]
    assert plain["text"] == [
        "Panic table roll: D10",
        "Panicked and Stand Firm (1): 10.0%",
        "Panicked and Retreat (2–7): 60.0%",
        "Terrified (8–9): 20.0%",
        "Destroyed (10): 10.0%",
    ]
    both = ask(["panic", "--failed-rally", "--infamous-fighters"], "en")
    expected = panic_distribution(2)
    assert [Fraction(r["chance"]["fraction"]) for r in both["json"]["results"]] == list(
        expected.values()
    )
    assert both["json"]["modifier"] == 2
    assert (
        both["text"][1]
        == "Modifiers: Re-roll after a failed rally +1, Fighting Infamous Fighters +1"
    )
    assert both["text"][-1] == "Destroyed (10): 30.0%"


def test_inspiring_leadership_chooses_the_better_of_two_dice() -> None:
    answer = ask(["panic", "--inspiring-leadership"], "en")
    chances = [Fraction(r["chance"]["fraction"]) for r in answer["json"]["results"]]
    assert chances == list(panic_distribution(choose_from=2).values())
    assert chances[0] == Fraction(19, 100)  # 1 - (9/10)^2
    assert answer["text"][0] == "Panic table roll: 2D10, choose one"


def test_panic_in_french() -> None:
    text = _french(ask(["panic", "--failed-rally"], "fr")["text"])
    assert "Détruite (10) : 20,0 %" in text
    assert "Paniquée et retraite (2–7) : 60,0 %" in text


WIGHT = ["attack", "--attacker", "wight-lord-on-zombie-dragon", "--target", "orc-bruiser"]


def test_several_models_attack_together() -> None:
    """Three Wight Lords (each two dice, each die wounding 9/25): six dice."""
    answer = ask([*WIGHT, "--models", "3"], "en")
    json = answer["json"]
    assert (json["models"], json["dice"], json["attacks"]) == (3, 2, 6)
    found = wounds_at_least(Fraction(9, 25), 6)
    assert [c["fraction"] for c in json["at_least"]] == [str(c) for c in found.values()]
    assert json["chance"]["fraction"] == str(found[1])
    assert json["expected_wounds"] == float(Fraction(54, 25))
    text = answer["text"]
    assert "Each die wounds: 36.0%" in text
    assert "3 models, 6 attacks: at least one wound 93.1%; average number of wounds 2.2" in text
    assert "at least 2 wounds 69.9%" in "\n".join(text)
    french = _french(ask([*WIGHT, "--models", "3"], "fr")["text"])
    assert "3 figurines, 6 attaques : au moins une blessure 93,1 %" in french


def test_one_model_answers_as_before() -> None:
    one = ask(["attack", "5", "4", "4", "--armour", "3"], "en")
    assert one["json"]["models"] == 1 and "at_least" not in one["json"]
    assert ask(["attack", "5", "4", "4", "--armour", "3", "--models", "1"], "en") == one


def test_each_attack_of_models_with_one_die() -> None:
    answer = ask(["attack", "5", "4", "4", "--armour", "3", "--models", "5"], "en")
    assert "Each attack wounds: 19.0%" in answer["text"]
    assert (
        "5 models, 5 attacks: at least one wound 65.1%; average number of wounds 1.0"
        in answer["text"]
    )


def test_a_bad_number_of_models_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    refused = ask(["attack", "5", "4", "4", "--models", "0"], "en")
    assert "models attacking must be 1 to 50, not 0" in refused["error"]
    with pytest.raises(SystemExit) as exited:
        main(["attack", "5", "4", "4", "--models", "x"])
    assert exited.value.code == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "models attacking must be a whole number" in said
