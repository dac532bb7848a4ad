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
    assert sure[-1].endswith("changes nothing here, the first roll already succeeds (100.0%).")
    # player round eleven: CO 1 against fear 2 never succeeds, re-rolled or not; it said "the
    # first roll already succeeds (0.0%)"
    never = lines(["command", "1", "--fear", "2", "--battle-standard"], "en")
    assert never[-1].endswith("even the re-roll at CO+1 cannot succeed (0.0%).")
    assert not any("succeeds (0.0%)" in line or "already" in line for line in never)
    jamais = lines(["command", "1", "--fear", "2", "--battle-standard"], "fr")
    assert jamais[-1].endswith(f"le test ne peut pas réussir (0,0{NNBSP}%).")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["9"], False),
        (["10"], True),
        (["10", "--mod", "banner"], True),
        (["9", "--fear", "1"], False),
    ],
)
def test_a_sure_command_test_says_no_natural_ten_fails_it(argv: list[str], said: bool) -> None:
    """Player round eighteen: a test at 11 said 100% with no word of the natural 10 that fails
    a roll to hit; a command test has none."""
    english = lines(["command", *argv], "en")
    assert any("no natural-roll rule" in line for line in english) is said, english
    french = lines(["command", *argv], "fr")
    assert any("aucune règle de jet naturel" in line for line in french) is said, french


@pytest.mark.parametrize(
    ("argv", "lang", "said"),
    [
        (
            ["hit", "5", "--mod", "extra-attack"],
            "en",
            [
                "Chance of each die: 40.0%",
                "2 dice: at least one hit 64.0%, 2 hits 16.0%; average number of hits 0.8",
                "Fumbles: a natural 10 on at least one of the 2 dice (19.0%)",
                "two natural 10s (1.0%) give the enemy a free attack at CC+1",
            ],
        ),
        (
            ["hit", "5", "--mod", "extra-attack"],
            "fr",
            [
                f"Probabilité par dé\u00a0: 40,0{NNBSP}%",
                f"2 dés\u00a0: au moins une touche 64,0{NNBSP}%, 2 touches 16,0{NNBSP}%\u202f;",
                "nombre moyen de touches 0,8",
                f"un 10 naturel sur au moins un des 2 dés (19,0{NNBSP}%)",
            ],
        ),
        (
            ["shoot", "5", "10", "--weapon", "bow", "--mod", "extra-shot"],
            "en",
            [  # RA 5, +1 at close range, -1 for the extra shot: 5 or less on each die
                "Chance of each die: 50.0%",
                "2 dice: at least one hit 75.0%, 2 hits 25.0%; average number of hits 1.0\n",
                "Fumbles: a natural 10 on at least one of the 2 dice (19.0%)",
            ],
        ),
    ],
)
def test_two_dice_say_the_volley_and_its_fumbles(
    argv: list[str], lang: str, said: list[str]
) -> None:
    """Extra Attack Fumbles: two dice, each at CC-1 (RA-1); a natural 10 on either is a fumble,
    the other die may still hit."""
    text = "\n".join(lines(argv, lang))
    for words in said:
        assert words in text, text
    assert "a natural 10 (10.0%) always misses" not in text


def test_a_shot_s_extra_die_gives_the_enemy_no_free_attack() -> None:
    text = "\n".join(lines(["shoot", "5", "10", "--weapon", "bow", "--mod", "extra-shot"], "en"))
    assert "free attack" not in text


def test_hit_takes_the_dice_of_an_extra_attack() -> None:
    text = "\n".join(lines(["hit", "6", "--mod", "extra-attack", "--dice", "3"], "en"))
    assert (
        "3 dice: at least one hit 87.5%, at least 2 hits 50.0%, 3 hits 12.5%" in text
    )  # 5 or less
    refused = ask(["hit", "6", "--dice", "3"], "en")
    assert "extra-attack" in refused["error"]


@pytest.mark.parametrize(
    ("argv", "lang", "said"),
    [
        (
            ["hit", "5"],
            "en",
            "Masterful hits: a natural 1 to hit (10.0%) is a masterful hit, which allows no "
            "armour save.",
        ),
        (
            ["hit", "6", "--mod", "extra-attack", "--dice", "3"],
            "en",
            "Masterful hits: a natural 1 to hit (10.0%) is a masterful hit",
        ),
        (
            ["shoot", "5", "10", "--weapon", "bow"],
            "fr",
            f"Coups de maître\u00a0: un 1 naturel pour toucher (10,0{NNBSP}%) est un coup de "
            "maître, qui ne permet aucune sauvegarde d’armure.",
        ),
    ],
)
def test_a_roll_to_hit_says_what_a_natural_one_is(argv: list[str], lang: str, said: str) -> None:
    """ "Masterful Hit": the to-hit answers say what the whole attack's says, that a natural 1
    allows no armour save; where no roll can hit, why even a 1 misses (player round 35)."""
    assert any(said in line for line in lines(argv, lang)), lines(argv, lang)
    hopeless = lines(["hit", "1", *MINUS_THREE], "en")
    assert not any(line.startswith("Masterful hits") for line in hopeless), hopeless
    assert "Even a natural 1 misses: the modified value is −2, and a natural 1 hits" in "\n".join(
        hopeless
    ), hopeless


def test_a_ranked_model_without_armour_is_told_why_the_bonus_gives_no_save(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Player round seventeen: the ranked box was ticked and dropped without a word."""
    from nqcore.cli.commands import main as nq_main

    assert nq_main(["save", "0", "4", "--ranked"]) == 0
    assert "ranked or not: the +1 armour of a ranked or closed unit" in capsys.readouterr().out
    assert nq_main(["save", "0", "4"]) == 0
    assert "ranked or not" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv", [["cast", "8", "--wizardry", "4"], ["cancel", "8"], ["cast", "5", "--wizardry", "2"]]
)
def test_a_concentration_that_buys_nothing_says_keep_the_action(argv: list[str]) -> None:
    """Player round 35: at 9 or less without it (a natural 10 always fails), "Concentrating +1"
    changed nothing and said nothing; said now, in both languages, and only then."""
    sure = (
        ask(argv, "en")["json"]["chance"] == ask([*argv, "--concentrate"], "en")["json"]["chance"]
    )
    said = [line for line in lines([*argv, "--concentrate"], "en") if "adds nothing" in line]
    note = "Concentrating adds nothing here: the chance is 90.0% without it; keep the action."
    assert said == ([note] if sure else []), said
    french = [line for line in lines([*argv, "--concentrate"], "fr") if "n’apporte rien" in line]
    assert len(french) == len(said)
    assert sure == (argv[1] == "8")  # level 8 is at 9 already; level 5 at wizardry 2 is not
    assert not [line for line in lines(argv, "en") if "adds nothing" in line]


@pytest.mark.parametrize(
    ("key", "lang", "said"),
    [
        (
            "fog",
            "en",
            "Fog: 6 AC to cast (its use cost, UC); to keep it in play, 6 AC in the Wizard's "
            "activation of each later turn, within the spell's cast range, one spell an "
            "activation (Upkeep).",
        ),
        ("fireball", "en", "Fireball: 6 AC to cast (its use cost, UC)."),
        (
            "quickening",
            "fr",
            "Accélération\u00a0: 4 Ac pour le lancer (son coût d’utilisation, CU)\u202f; pour le "
            "maintenir en jeu, 2 Ac lors de l’activation du magicien à chaque tour suivant, à "
            "portée de lancement du sort, un seul sort par activation (Maintien).",
        ),
    ],
)
def test_a_spell_cast_by_name_says_what_it_costs_and_its_upkeep(
    key: str, lang: str, said: str
) -> None:
    """Player review round 55: casting Fog said its chance, nothing of the 6 AC it costs each
    later turn to keep (the card's upkeep, where the Spell List prints 3: linked to the
    erratum); the figures are the card's, in the engine's data."""
    from nqcore.rules.spells import spell

    card = spell(key)
    answer = ask(["cast", "--spell", key], lang)
    assert answer["text"][-1] == said
    assert str(card.use_cost) in said and (card.upkeep is None or str(card.upkeep) in said)
    readings = [reading["id"] for reading in answer.get("readings", [])]
    assert readings == (["spell-list-fog-upkeep"] if key == "fog" else [])
    assert not any("AC to cast" in line for line in ask(["cast", "5"], lang)["text"])
