"""Answers a player reads on a phone at the table: a whole attack of many models says its average
and a short spread of wounds (every count folded away: ``nq attack --all``, the page's "every
count"), averages read with one decimal in every language, and morale over the turns answers
the turns it can when later casualties come after the unit is destroyed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nqcompanion.bridge.web import ask
from nqcore.cli import render_dice
from nqcore.cli.commands import main
from nqcore.rules.attack import wounds_at_least

NNBSP = "\u202f"
CHAOS = ["attack", "--attacker", "chaos-warrior", "--target", "human-men-at-arms"]


def _plain(lines: list[str]) -> str:
    return "\n".join(lines).replace("\u00a0", " ").replace(NNBSP, " ")


def test_the_spread_is_the_average_and_the_counts_near_nine_five_and_one_in_ten() -> None:
    """30 attacks wounding 42 % each: 12.6 on average; at least 10 wounds 87.5 % (nearest
    90 %), at least 13 (the average rounded) 51.1 %, at least 17 7.5 % (nearest 10 %)."""
    from nqcore.rules.attack import spread_counts

    chances = list(wounds_at_least(Fraction(42, 100), 30).values())
    assert spread_counts(chances, Fraction(126, 10)) == [10, 13, 17]
    # few counts a player can read: every one of them down to 1 % (2 and 3 here; 4 is 0.4 %)
    few = list(wounds_at_least(Fraction(19, 100), 5).values())
    assert spread_counts(few, Fraction(95, 100)) == [2, 3]
    # one attack more than one wound cannot be: nothing beyond "at least one"
    assert spread_counts([Fraction(1, 2)], Fraction(1, 2)) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_thirty_models_answer_in_a_few_lines(lang: str) -> None:
    text = ask([*CHAOS, "--models", "30"], lang)["text"]
    wounds = [line for line in text if line.startswith(("Wounds", "Blessures"))]
    if lang == "en":
        assert wounds == [
            "Wounds, for example: at least 10 wounds 87.5%, at least 13 wounds 51.1%, "
            "at least 17 wounds 7.5%"
        ]
        assert (
            "30 models, 30 attacks: at least one wound more than 99.9%; average number of "
            "wounds 12.6" in text
        )
    else:
        assert _plain(wounds) == (
            "Blessures, par exemple : au moins 10 blessures 87,5 %, au moins 13 blessures 51,1 %, "
            "au moins 17 blessures 7,5 %"
        )
    joined = "\n".join(text)
    one = "at least one wound" if lang == "en" else "au moins une blessure"
    assert joined.count(one) == 1, joined
    assert len(wounds[0]) < 120  # about two lines of a phone


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_count_is_kept_for_whoever_wants_it(lang: str) -> None:
    """The page folds every count away (``every``: a heading, then one line a count, from one
    wound on, none skipped, to the first count under 0.05 %); ``nq attack --all`` prints it."""
    answer = ask([*CHAOS, "--models", "30"], lang)
    every = answer["every"]
    chances = answer["json"]["at_least"]
    assert len(every) == 1 + 23  # 1 to 22 wounds, then "23 or more: less than 0.1%"
    counts = [int(line.split()[0]) for line in every[1:]]
    assert counts == list(range(1, 24))
    if lang == "en":
        assert every[0] == "Every count of wounds:"
        assert every[1] == "1 or more: more than 99.9%"
        assert every[13] == "13 or more: 51.1%"
        assert every[-1] == "23 or more: less than 0.1%"
    assert len(chances) == 30
    assert not set(every) & set(answer["text"])


def test_nq_attack_all_prints_every_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*CHAOS, "--models", "30", "--all"]) == 0
    printed = capsys.readouterr().out.splitlines()
    at = printed.index("Every count of wounds:")
    assert printed[at + 1 : at + 3] == ["1 or more: more than 99.9%", "2 or more: more than 99.9%"]
    assert main([*CHAOS, "--models", "30"]) == 0
    assert "Every count of wounds:" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "lang", "said"),
    [
        (["hit", "6", "--mod", "extra-attack"], "en", "average number of hits 1.0"),
        (["hit", "6", "--mod", "extra-attack"], "fr", "nombre moyen de touches 1,0"),
        (
            ["attack", "5", "4", "4", "--armour", "3", "--models", "5"],
            "en",
            "average number of wounds 1.0",
        ),
        (
            ["attack", "5", "4", "4", "--armour", "3", "--models", "5"],
            "fr",
            "nombre moyen de blessures 1,0",
        ),
        (["hit", "5", "--mod", "extra-attack"], "fr", "nombre moyen de touches 0,8"),
    ],
)
def test_averages_read_with_one_decimal(argv: list[str], lang: str, said: str) -> None:
    assert said in _plain(ask(argv, lang)["text"])


def test_the_dice_lines_count_with_one_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hits of a volley and the wounds of several models are one loop: the three wordings of
    a count (one, some, every die or attack) given to it."""
    seen: list[str] = []
    helper = render_dice.counted_chances

    def spy(*args: object, **kwargs: object) -> str:
        seen.append(str(kwargs["one"]))
        return helper(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(render_dice, "counted_chances", spy)
    ask(["hit", "6", "--mod", "extra-attack"], "en")
    ask(["attack", "5", "4", "4", "--models", "5"], "en")
    assert seen == ["at least one hit {chance}", "at least one wound {chance}"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_morale_answers_until_the_unit_is_destroyed(lang: str) -> None:
    """10 models losing 5, 5 and 3: a test at turn 1; destroyed at turn 2; turn 3's casualties
    come after it and are not counted."""
    answer = ask(["morale", "10", "5", "5", "3"], lang)
    assert "error" not in answer, answer
    text = _plain(answer["text"])
    assert [t["turn"] for t in answer["json"]["tests"]] == [1]
    assert answer["json"]["destroyed"] == {"turn": 2, "at_start_of_turn": 5, "casualties": 5}
    if lang == "en":
        assert answer["text"][1:] == [
            "Turn 1: Half of the starting number lost (5 casualties of the 10 at the start of "
            "the game)",
            "Turn 2: the unit is destroyed (5 casualties of the 5 at the start of the turn); "
            "nobody is left to test.",
            "The casualties after turn 2 are not counted: the unit is no longer in play.",
        ]
    else:
        assert "Tour 2 : l’unité est détruite (5 pertes sur les 5 du début du tour)" in text


def test_a_unit_destroyed_with_nothing_after_says_so() -> None:
    text = ask(["morale", "4", "4"], "en")["text"]
    assert text[1:] == [
        "Turn 1: the unit is destroyed (4 casualties of the 4 at the start of the turn); nobody "
        "is left to test.",
        "No command test is needed.",
    ]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["morale", "4", "1", "4"], "turn 2: 4 casualties but only 3 models left"),
        (["morale", "10", "5", "5", "-1"], "casualties in a turn must be 0 to 1000, not -1"),
    ],
)
def test_morale_refuses_only_what_is_wrong_on_its_face(argv: list[str], said: str) -> None:
    refused = ask(argv, "en")
    assert said in refused["error"]


#: Whole attacks and dice rolled together: a masterful hit's working, several models, an extra
#: attack's dice, a volley.
SPREAD_QUESTIONS = [
    ["attack", "5", "4", "4", "--armour", "3"],
    ["attack", "5", "4", "4", "--armour", "3", "--models", "5"],
    [*CHAOS, "--models", "30"],
    ["attack", "--attacker", "orc-bruiser", "--target", "dwarf", "--models", "12"],
    ["hit", "6", "--mod", "extra-attack"],
]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("argv", SPREAD_QUESTIONS, ids=" ".join)
def test_the_spread_comes_after_what_it_counts_and_no_colon_is_doubled(
    argv: list[str], lang: str
) -> None:
    """Player round nine: "Hits and is not saved: 38.0%: a natural 1 to hit ..." read as a
    doubled colon, and the spread of the wounds ("Wounds: at least 10 wounds 87.5%, ...") came
    before the line that says what it counts ("30 models, 30 attacks: ..."). One colon after a
    line's label, none after a figure; the models' line first, then the spread; the page's
    summary is that line."""
    import re

    answer = ask(argv, lang)
    lines = [*answer["text"], *answer.get("every", [])]
    for line in map(_plain, lines):
        assert "::" not in line and ": :" not in line, line
        assert not re.search(r"%\s*:", line), line  # "38.0%: a natural 1" no more
    text = answer["text"]
    spread = [at for at, line in enumerate(text) if line.startswith(("Wounds", "Blessures"))]
    together = [at for at, line in enumerate(text) if re.match(r"\d+ (models|figurines)", line)]
    if spread:
        assert together and together[0] < spread[0], text
        assert answer["summary"] == text[together[0]]
