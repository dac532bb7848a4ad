"""The `nq` command: table questions answered with the roll and its exact chance, in English or
French or as JSON; a mistake in the question is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import ast
import gettext
import json
import subprocess
import sys
from pathlib import Path

import pytest

import nqcore.cli.args
import nqcore.cli.asking
import nqcore.cli.commands
import nqcore.cli.parser
import nqcore.cli.questions
import nqcore.cli.render
import nqcore.cli.usage
from nqcore.cli.commands import build_parser, main
from nqcore.cli.usage import ARGPARSE_MESSAGES, language_of
from nqcore.i18n import DOMAIN, LOCALE_DIR, catalogue_key, catalogue_messages, translator

Capture = pytest.CaptureFixture[str]

MEN_AT_ARMS = """\
name = "Men At Arms"
type = "core"
ac = 8
ra = 3
cc = 5
st = 4
t = 5
w = 1
co = 6
weapons = ["sword", "bow"]
[armour]
value = 2
shield = true
"""


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: Capture, *argv: str) -> tuple[int | str | None, str, str]:
    """A question refused by argparse (which exits) or by the question itself (which returns)."""
    try:
        code: int | str | None = main(list(argv))
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def answer(capsys: Capture, *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    result: dict[str, object] = json.loads(out)
    return result


# --- answers ------------------------------------------------------------------------------------


def test_cast(capsys: Capture) -> None:
    code, out, _ = run(capsys, "cast", "5", "--wizardry", "2")
    assert code == 0
    assert out.splitlines() == [
        "Casting a level 5 spell at wizardry level 2",
        "Modifiers: Wizardry level +2",
        "Roll needed: 7 or less",
        "Chance: 70.0%",
    ]


def test_cast_in_french(capsys: Capture) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "cast", "5", "--wizardry", "2")
    assert code == 0 and "70,0\u202f%" in out and "Roll needed" not in out


def test_cast_a_named_spell_as_json(capsys: Capture) -> None:
    result = answer(capsys, "cast", "--spell", "Fireball", "--wizardry", "1", "--concentrate")
    assert result["target"] == 5 and result["spell"] == "Fireball"
    assert result["chance"] == {"fraction": "1/2", "value": 0.5}
    assert result["question"] == "Casting a level 3 spell at wizardry level 1"


def test_json_questions_follow_the_language(capsys: Capture) -> None:
    result = answer(capsys, "--lang", "fr", "cast", "--spell", "Fireball", "--wizardry", "1")
    assert result["spell"] == "Boule de feu"
    assert str(result["question"]).startswith("Lancer un sort de niveau 3")


def test_cancel_smoke(capsys: Capture) -> None:
    code, out, _ = run(capsys, "cancel", "--spell", "Smoke", "--concentrate")
    assert code == 0 and "7 or less" in out and "(3 AC)" in out and "Spell: Smoke" in out


def test_close_combat_modifiers_are_named(capsys: Capture) -> None:
    result = answer(capsys, "hit", "5", "--mod", "charging", "--mod", "target-dodges")
    assert result["target"] == 5 and result["chance"] == {"fraction": "1/2", "value": 0.5}
    assert [(m["key"], m["value"]) for m in result["modifiers"]] == [  # type: ignore[attr-defined]
        ("charging", 1),
        ("target-dodges", -1),
    ]


def test_shooting_reads_the_weapon_band(capsys: Capture) -> None:
    code, out, _ = run(capsys, "shoot", "5", "12", "--weapon", "bow", "--mod", "large-target")
    assert code == 0
    assert "Range modifier: Medium range (MR), +0" in out and "Roll needed: 6 or less" in out
    result = answer(capsys, "shoot", "5", "25/2", "--ranges", "10/+1", "20/+0", "30/-1")
    assert result["distance"] == 12.5 and result["range"] == {
        "band": "Medium range (MR)",
        "modifier": 0,
    }
    far = answer(capsys, "shoot", "5", "40", "--weapon", "bow")
    assert far["range"] is None and far["target"] is None
    assert far["chance"] == {"fraction": "0/1", "value": 0.0}


def test_a_whole_attack_counts_the_modifiers_of_its_weapon_s_kind_and_names_the_rest(
    capsys: Capture,
) -> None:
    """The whole attack's boxes hold both kinds of modifiers (player round 29: one number, no
    names): those of the weapon's kind count and are named, the others are said not counted."""
    code, out, _ = run(
        capsys,
        "attack",
        "5",
        "4",
        "4",
        "--weapon",
        "bow",
        "--distance",
        "10",
        "--mod",
        "charging",
        "--mod",
        "soft-cover",
        "--mod",
        "large-target",
    )
    assert code == 0
    assert "To-hit modifiers: Soft cover (25% concealed) −1, Large target (including ranked" in out
    assert "Roll needed: 6 or less" in out  # RA 5, close range +1, large +1, soft cover -1
    assert "Not counted with a ranged weapon: Charging (all attacks on the turn" in out
    code, out, _ = run(capsys, "attack", "5", "4", "4", "--weapon", "sword", "--mod", "aiming")
    assert "Not counted in close combat: Aiming at target (2 extra actions)" in out
    assert "Roll needed: 5 or less" in out
    code, _, err = refused(capsys, "attack", "5", "4", "4", "--mod", "smoke")
    assert code == 2 and "smoke" in err
    result = answer(
        capsys,
        "attack",
        "3",
        "9",
        "8",
        "--weapon",
        "cannon",
        "--distance",
        "30",
        "--mod",
        "very-large-target",
        "--mod",
        "hard-cover",
        "--hit-modifier",
        "2",
    )
    assert result["target"] == 9 and result["modifiers"] == [] and result["hit_modifier"] == 0
    assert result["hit"]["value"] == 0.9 and result["fixed_roll"] is True


def test_a_siege_weapon_hits_a_very_large_target_on_nine_whatever_the_modifiers(
    capsys: Capture,
) -> None:
    """Close Combat > "Attacks Against Very Large Targets": 9 or less, whatever the RA, the
    range band and the modifiers ticked; none of them shown as counted (review round 26)."""
    argv = ["shoot", "3", "40", "--weapon", "cannon", "--mod", "hard-cover"]
    code, out, _ = run(capsys, *argv, "--mod", "very-large-target")
    assert code == 0
    assert "Roll needed: 9 or less" in out and "Chance: 90.0%" in out
    assert "Range modifier" not in out and "Modifiers" not in out and "Hard cover" not in out
    assert "Very large target: a model with the siege weapon trait hits it on 9 or less" in out
    result = answer(capsys, *argv, "--mod", "very-large-target")
    assert result["modifiers"] == [] and result["fixed_roll"] is True
    far = answer(capsys, "shoot", "3", "80", "--weapon", "cannon", "--mod", "very-large-target")
    assert far["target"] is None and far["chance"]["value"] == 0.0  # beyond long range
    code, out, _ = run(
        capsys,
        "--lang",
        "fr",
        "shoot",
        "3",
        "40",
        "--weapon",
        "cannon",
        "--mod",
        "very-large-target",
    )
    assert "Résultat nécessaire\xa0: 9 ou moins" in out and "Cible très grande\xa0: " in out
    code, _, err = refused(
        capsys,
        "shoot",
        "5",
        "4",
        "--weapon",
        "grenade",
        "--thrower-st",
        "4",
        "--mod",
        "very-large-target",
    )
    assert code == 2 and "is not for a thrown grenade" in err, err


@pytest.mark.parametrize(
    "argv,expected",
    [
        (["hit", "5", "--mod", "charging"], "Roll needed: 6 or less"),
        (["shoot", "5", "12", "--weapon", "bow"], "Roll needed: 5 or less"),
        (["shoot", "5", "40", "--ranges", "10/+1", "20/+0", "30/-1"], "No roll can succeed"),
        (["save", "4", "6", "--pm", "-1"], "Roll needed: 1 or less"),
        (["save", "3", "6", "--re", "1", "--ranked"], "Roll needed: 3 or less"),
        (["save", "0", "4"], "No roll can succeed"),
        (["wound", "4", "3"], "Roll needed: 6 or less"),
        (["attack", "5", "4", "4", "--armour", "3"], "19.0%"),
        (["command", "7"], "Roll needed: 7 or less"),
        (["command", "7", "--battle-standard"], "94.0%"),
        (["command", "7", "--fear", "1"], "Roll needed: 6 or less"),
        (
            ["morale", "16", "3", "4", "2"],
            "Turn 3: Half of the starting number lost (9 casualties of the 16 at the start of",
        ),
        (["morale", "16", "1", "1"], "No command test is needed."),
        (["move", "6", "--ability", "flying"], 'Distance: 15"'),
        (["move", "3", "--ability", "double-time"], 'Distance: 4½"'),
        (["move-cost", "3", "--difficult", "1.5", "--barriers", "1"], "Actions needed: 7 AC"),
        (["move-cost", "3", "--difficult", "1.5", "--barriers", "1", "--agile"], "needed: 6 AC"),
        (["move-cost", "3", "--difficult", "1.5", "--ability", "flying"], "Actions needed: 2 AC"),
    ],
)
def test_questions(capsys: Capture, argv: list[str], expected: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert expected in out


def test_a_whole_attack_step_by_step(capsys: Capture) -> None:
    result = answer(capsys, "attack", "5", "4", "4", "--armour", "3")
    assert result["hit"] == {"fraction": "1/2", "value": 0.5}
    assert result["unsaved"] == {"fraction": "19/50", "value": 0.38}
    assert result["wound"] == {"fraction": "1/2", "value": 0.5}
    assert result["chance"] == {"fraction": "19/100", "value": 0.19}


def test_an_attack_between_sample_profiles(capsys: Capture) -> None:
    # Orc Bruiser (CC5, ST5, sword ST+1) against a Dwarf (T6, AR3): as the odds table says.
    result = answer(capsys, "attack", "--attacker", "orc-bruiser", "--target", "Dwarf")
    assert (result["attacker"], result["defender"], result["weapon"]) == (
        "Orc Bruiser",
        "Dwarf",
        "Sword",
    )
    assert (result["skill"], result["strength"], result["toughness"], result["armour"]) == (
        5,
        6,
        6,
        3,
    )
    assert result["chance"] == {"fraction": "23/100", "value": 0.23}


def test_an_attack_takes_the_targets_own_modifiers(capsys: Capture) -> None:
    # An Ogre (large) is hit at +1; a Giant Eagle (large, dodge) at +1 -1; the Ogre's own
    # Extra Attack (x2) rolls two dice at CC-1: each wounds 2/5, at least one 1 - (3/5)^2.
    ogre = answer(capsys, "attack", "5", "4", "--target", "ogre-freebooter")
    assert [m["key"] for m in ogre["modifiers"]] == ["large-target"]  # type: ignore[attr-defined]
    assert ogre["target"] == 6
    eagle = answer(capsys, "attack", "--attacker", "ogre-freebooter", "--target", "giant-eagle")
    assert [m["key"] for m in eagle["modifiers"]] == [  # type: ignore[attr-defined]
        "large-target",
        "target-dodges",
        "extra-attack",
    ]
    assert eagle["target"] == 5 and eagle["each"] == {"fraction": "2/5", "value": 0.4}
    assert eagle["chance"] == {"fraction": "16/25", "value": 0.64}


def test_an_attack_with_an_armoury_weapon(capsys: Capture) -> None:
    # A model of ST4 with an axe (ST+1, PM-1): ST5 against AR3 saves on 1.
    axe = answer(capsys, "attack", "5", "4", "4", "--armour", "3", "--weapon", "axe")
    assert (axe["strength"], axe["penetration"]) == (5, -1)
    # 4/10 x 9/10 x 6/10 + 1/10 x 6/10
    assert axe["chance"] == {"fraction": "69/250", "value": 0.276}
    bow = answer(
        capsys,
        "attack",
        "--attacker",
        "wood-elf-archer",
        "--weapon",
        "long-bow",
        "--distance",
        "20",
        "--target",
        "ogre-freebooter",
    )
    assert bow["skill"] == 6 and bow["range"] == {"band": "Medium range (MR)", "modifier": 0}
    assert bow["target"] == 7 and bow["chance"] == {"fraction": "23/250", "value": 0.092}
    out_of_range = answer(capsys, "attack", "6", "4", "4", "--weapon", "bow", "--distance", "31")
    assert out_of_range["range"] is None and out_of_range["chance"]["value"] == 0  # type: ignore[index]


def test_points_of_a_profile_file(tmp_path: Path, capsys: Capture) -> None:
    profile = tmp_path / "men.toml"
    profile.write_text(MEN_AT_ARMS, encoding="utf-8")
    code, out, err = run(capsys, "points", str(profile))
    assert code == 0, err
    assert "  Shield, AR +1: 1" in out and "  Bow (additional weapon, half of 4): 2" in out
    assert out.rstrip().endswith("Total: 30 points")
    result = answer(capsys, "points", str(profile))
    assert result["points"] == 30 and len(result["items"]) == 11  # type: ignore[arg-type]


def test_points_in_french_translate_every_item(tmp_path: Path, capsys: Capture) -> None:
    profile = tmp_path / "men.toml"
    profile.write_text(MEN_AT_ARMS, encoding="utf-8")
    code, out, _ = run(capsys, "--lang", "fr", "points", str(profile))
    assert code == 0
    assert "  Bouclier, Ar +1\u00a0: 1" in out and "  F 4\u00a0: 4" in out
    assert "  Arc (arme supplémentaire, moitié de 4)\u00a0: 2" in out
    assert "Total\u00a0: 30 points" in out and "Shield" not in out
    profile.write_text(
        MEN_AT_ARMS + '[[element]]\nname = "Horse"\ncc = 3\nst = 3\n', encoding="utf-8"
    )
    code, out, _ = run(capsys, "--lang", "fr", "points", str(profile))
    assert code == 0 and "  Horse\u00a0: CC 3\u00a0: 1\n  Horse\u00a0: F 3\u00a0: 2\n" in out


def test_errata_list(capsys: Capture) -> None:
    code, out, _ = run(capsys, "errata")
    assert code == 0 and "Fog: upkeep: 3 → 6." in out
    errata = answer(capsys, "errata")["errata"]
    assert {"id", "section", "subject", "printed", "correct", "why"} <= set(errata[0])  # type: ignore[index]
    assert {"kind", "check", "sections"} <= set(errata[0])  # type: ignore[index]
    assert "- Open question: The D5: Rolled by Masters Of Combat" in out
    assert "- Open question: Fog" not in out


def test_errata_list_in_french_marks_open_questions(capsys: Capture) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "errata")
    assert code == 0 and "- Question ouverte\u00a0: Le D5\u00a0: Lancé par" in out


def test_export(tmp_path: Path, capsys: Capture) -> None:
    target = tmp_path / "rules.json"
    assert run(capsys, "export", "--output", str(target)) == (0, "", "")
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["schema"] == "nqcore-export" and document["schema_version"] == 1
    assert len(document["spells"]) == 39
    assert document["tables"]["wound-table"]["rows"]
    code, out, _ = run(capsys, "export")
    assert code == 0 and json.loads(out) == document


def test_export_in_another_language_is_refused(tmp_path: Path, capsys: Capture) -> None:
    """The export is data for other programs, the same in every language (the engine's English,
    which its catalogues translate): ``--lang fr`` printed it in English, exit 0."""
    target = tmp_path / "rules.json"
    for argv in (["--lang", "fr", "export"], ["export", "--output", str(target), "--lang=fr"]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "") and err.startswith("nq export\u00a0: ") and "--lang fr" in err
        assert "programmes" in err and len(err.splitlines()) == 1, err
    assert not target.exists()
    assert run(capsys, "--lang", "en", "export", "--output", str(target))[0] == 0


def test_help_lists_every_question(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0
    for question in (
        "cast",
        "cancel",
        "hit",
        "shoot",
        "save",
        "wound",
        "attack",
        "command",
        "morale",
        "panic",
        "move",
        "move-cost",
        "points",
        "errata",
        "export",
    ):
        assert f"\n    {question} " in out, question


# --- French: every line ----------------------------------------------------------------------


#: The command, its parser and its questions, each beside its arguments.
QUESTION_FILES = (
    nqcore.cli.commands.__file__,
    nqcore.cli.asking.__file__,
    nqcore.cli.parser.__file__,
    *sorted(str(p) for p in Path(nqcore.cli.questions.__file__).parent.glob("*.py")),
)


def _cli_messages() -> list[str]:
    """Every msgid the command and its rendering mark with N_()."""
    files = (*QUESTION_FILES, nqcore.cli.render.__file__)
    trees = [ast.parse(Path(f).read_text(encoding="utf-8")) for f in files]
    return [
        node.args[0].value
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "N_"
        and isinstance(node.args[0], ast.Constant)
    ]


FRENCH_QUESTIONS = [
    ["cast", "--spell", "Fireball", "--wizardry", "1", "--concentrate"],
    ["cancel", "--spell", "Smoke"],
    ["hit", "5", "--mod", "charging", "--mod", "large-target"],
    ["shoot", "5", "12", "--weapon", "bow", "--mod", "aiming"],
    ["shoot", "5", "40", "--weapon", "bow"],
    ["save", "4", "6", "--pm", "-1"],
    ["wound", "4", "3"],
    ["attack", "--attacker", "ogre-freebooter", "--target", "giant-eagle"],
    [
        "attack",
        "--attacker",
        "wood-elf-archer",
        "--weapon",
        "long-bow",
        "--distance",
        "20",
        "--target",
        "ogre-freebooter",
    ],
    ["command", "7", "--mod", "banner", "--battle-standard"],
    ["morale", "16", "3", "4", "2", "4"],
    ["morale", "16", "1"],
    ["move", "3", "--ability", "cavalry"],
    ["errata"],
]


def _usage_messages() -> list[str]:
    """Every catalogue key the command's usage errors use: N_() and P_() of the argument checks
    (nqcore.cli.args), argparse's messages (nqcore.cli.usage) and the argument names
    (the questions)."""
    files = (*QUESTION_FILES, nqcore.cli.args.__file__, nqcore.cli.usage.__file__)
    trees = [ast.parse(Path(f).read_text(encoding="utf-8")) for f in files]
    keys = []
    for node in (node for tree in trees for node in ast.walk(tree)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if node.func.id == "N_" and len(texts) == 1:
                keys.append(catalogue_key(texts[0]))
            elif node.func.id == "P_" and len(texts) == 2:
                keys.append(catalogue_key(texts[1], texts[0]))
    return keys


def test_every_message_of_the_command_is_translated() -> None:
    """In the catalogue with its French (an abbreviation may read the same: CC, AR)."""
    french = catalogue_messages(LOCALE_DIR, "fr", DOMAIN)
    messages = [catalogue_key(m) for m in _cli_messages()] + _usage_messages()
    assert len(_usage_messages()) > 40  # the checks, argparse's messages and the names are seen
    assert [m for m in messages if m not in french] == []


@pytest.mark.parametrize("argv", FRENCH_QUESTIONS, ids=lambda argv: "-".join(argv[:2]))
def test_french_answers_have_no_english_line(capsys: Capture, argv: list[str]) -> None:
    code, english, _ = run(capsys, *argv)
    assert code == 0
    code, french, _ = run(capsys, "--lang", "fr", *argv)
    assert code == 0
    english_lines, french_lines = english.splitlines(), french.splitlines()
    assert len(english_lines) == len(french_lines)
    for en, fr in zip(english_lines, french_lines, strict=True):
        assert en != fr, f"not translated: {en}"
    fr_of = translator("fr")
    for message in _cli_messages():
        words = message.split("{")[0].strip()
        if len(words) > 3 and fr_of(message) != message:
            assert words not in french, words


# --- bad questions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,message",
    [
        (["cast", "9", "--wizardry", "1"], "spell level must be 1 to 8, not 9"),
        (["cast", "5", "--wizardry", "7"], "wizardry level must be 0 to 4, not 7"),
        (["cast", "--spell", "Frostbolt"], "unknown spell 'Frostbolt'"),
        (["cast"], "give a spell level or --spell NAME"),
        (["cast", "5", "--chant", "2", "--wizardry", "1"], "only initiates (wizardry level 0)"),
        (["cast", "5", "--chant", "-1"], "chanting initiates must be 0 to 100, not -1"),
        (["cancel"], "give a spell level or --spell NAME"),
        (["cancel", "0"], "spell level must be 1 to 8, not 0"),
        (["hit", "15"], "argument cc: CC must be 1 to 10, not 15"),
        (["hit", "5", "--mod", "bogus"], "unknown close combat modifier 'bogus'; known: charging"),
        (["hit", "5", "--mod", "charging", "--mod", "charging"], "'charging' is listed twice"),
        (["shoot", "5", "12"], "give --weapon NAME or --ranges"),
        (["shoot", "11", "12", "--weapon", "bow"], "RA must be 1 to 10, not 11"),
        (["shoot", "5", "12", "--weapon", "laser"], "unknown weapon 'laser'"),
        (["shoot", "5", "12", "--weapon", "sword"], "the Sword has no close, medium and long"),
        (["shoot", "5", "abc", "--weapon", "bow"], "a distance is a number of inches"),
        (["shoot", "5", "1/0", "--weapon", "bow"], "a distance is a number of inches"),
        (["shoot", "5", "-3", "--weapon", "bow"], "a distance must be 0 to 1000 inches, not -3"),
        (["shoot", "5", "12", "--ranges", "10", "20", "30"], "a range needs its modifier"),
        (["shoot", "5", "12", "--ranges", "30/+1", "20/+0", "10/-1"], "ranges must grow"),
        (["shoot", "5", "12", "--weapon", "bow", "--mod", "nope"], "unknown ranged modifier"),
        (["save", "12", "4"], "AR must be 0 to 10, not 12"),
        (["save", "3", "0"], "ST must be 1 to 12, not 0"),
        (["save", "3", "4", "--pm", "1"], "PM must be -10 to 0, not 1"),
        (["save", "3", "4", "--re", "5"], "RE must be 0 to 3, not 5"),
        (["wound", "4", "11"], "T must be 1 to 10, not 11"),
        (
            ["attack", "5", "4"],
            "give three numbers here, SKILL ST T (or --attacker PROFILE with T, or --target "
            "PROFILE with SKILL ST); given: 5 4",
        ),
        (
            ["attack", "--attacker", "orc-bruiser"],
            "give one number here, T (--attacker gives SKILL and ST); given: none",
        ),
        (["attack", "--attacker", "nobody", "4"], "unknown sample profile 'nobody'; known: "),
        (["attack", "--target", "dwarf", "5", "4", "--armour", "3"], "--target gives the armour"),
        (["attack", "5", "4", "4", "--weapon", "bow"], "give the distance to the target"),
        (["attack", "5", "4", "4", "--weapon", "laser"], "unknown weapon 'laser'"),
        (["attack", "5", "4", "4", "--pm", "2"], "PM must be -10 to 0, not 2"),
        (["attack", "5", "4", "4", "--mod", "smoke"], "unknown close combat modifier 'smoke'"),
        (["attack", "5", "4", "4", "--weapon", "bow", "--distance", "x"], "a distance is a"),
        (["attack", "15", "4", "4"], "CC must be 1 to 10, not 15"),
        (["attack", "5", "4", "4", "--armour", "11"], "AR must be 0 to 10, not 11"),
        (["command", "12"], "CO must be 1 to 10, not 12"),
        (["command", "7", "--mod", "nope"], "unknown command modifier 'nope'"),
        (["command", "7", "--fear", "-1"], "a fear level must be 0 to 2, not -1"),
        (
            ["command", "7", "--mod", "dispersed", "--mod", "ranked-or-closed"],
            "'dispersed' and 'ranked-or-closed' cannot apply together",
        ),
        (["morale", "0", "1"], "a unit's starting number must be 1 to 1000, not 0"),
        (["morale", "16", "20"], "turn 1: 20 casualties but only 16 models left"),
        (["morale", "16", "-1"], "casualties in a turn must be 0 to 1000, not -1"),
        (["move", "-1"], "actions must be 0 to 20, not -1"),
        (["points", "/nonexistent/profile.toml"], "profile.toml: cannot read the file"),
        (["export", "--output", "/nonexistent/dir/rules.json"], "/nonexistent/dir/rules.json: "),
    ],
)
def test_bad_questions_get_one_line_and_status_2(
    capsys: Capture, argv: list[str], message: str
) -> None:
    code, out, err = refused(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"nq {argv[0]}: ") and message in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv,message",
    [
        ([], "nq: the following arguments are required: QUESTION (see nq --help)"),
        (["frobnicate"], "nq: argument QUESTION: invalid choice: 'frobnicate'"),
        (["--lang", "de", "cast", "5"], "invalid choice: 'de'"),
        (["hit", "five"], "nq hit: argument cc: CC must be a whole number, not 'five' (see nq hit"),
        (["morale", "16"], "nq morale: the following arguments are required: casualties"),
        (["move", "4", "--ability", "swim"], "nq move: argument --ability: invalid choice"),
        (["cast", "5", "--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_malformed_command_lines_get_one_line(
    capsys: Capture, argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


# --- usage errors in French --------------------------------------------------------------------

#: (command line, what `nq --lang fr` prints, what `nq` prints): each kind of usage error.
USAGE_ERRORS = [
    (  # out of range
        ["cast", "5", "--wizardry", "9"],
        "nq cast\u00a0: argument --wizardry\u00a0: le niveau de magie doit être de 0 à 4, et non 9 "
        "(voir nq cast --help)",
        "nq cast: argument --wizardry: wizardry level must be 0 to 4, not 9 (see nq cast --help)",
    ),
    (  # a number too long to read is out of range too
        ["save", "3", "4", "--pm", "1234567"],
        "nq save\u00a0: argument --pm\u00a0: MP doit être de -10 à 0, et non « 1234567 » "
        "(voir nq save --help)",
        "nq save: argument --pm: PM must be -10 to 0, not '1234567' (see nq save --help)",
    ),
    (  # not a number
        ["cast", "x"],
        "nq cast\u00a0: argument level\u00a0: le niveau du sort doit être un nombre entier, et "
        "non « x » "
        "(voir nq cast --help)",
        "nq cast: argument level: spell level must be a whole number, not 'x' (see nq cast --help)",
    ),
    (
        ["shoot", "5", "x", "--weapon", "bow"],
        "nq shoot\u00a0: argument distance\u00a0: une distance est un nombre de pouces tel que "
        "12, 12.5 "
        "ou 25/2, et non « x » (voir nq shoot --help)",
        "nq shoot: argument distance: a distance is a number of inches such as 12, 12.5 or "
        "25/2, not 'x' (see nq shoot --help)",
    ),
    (
        ["shoot", "5", "1001", "--weapon", "bow"],
        "nq shoot\u00a0: argument distance\u00a0: une distance doit être de 0 à 1000 pouces, et "
        "non 1001 "
        "(voir nq shoot --help)",
        "nq shoot: argument distance: a distance must be 0 to 1000 inches, not 1001 "
        "(see nq shoot --help)",
    ),
    (
        ["shoot", "5", "12", "--ranges", "1", "2", "3"],
        "nq shoot\u00a0: argument --ranges\u00a0: une portée demande son modificateur après une "
        "barre oblique, comme 10/+1, et non « 1 » (voir nq shoot --help)",
        "nq shoot: argument --ranges: a range needs its modifier after a slash, such as 10/+1, "
        "not '1' (see nq shoot --help)",
    ),
    (
        ["cast", "--spell", ""],
        "nq cast\u00a0: argument --spell\u00a0: un nom a de 1 à 100 caractères, et non «  » "
        "(voir nq cast --help)",
        "nq cast: argument --spell: a name is 1 to 100 characters, not '' (see nq cast --help)",
    ),
    (
        ["points", ""],
        "nq points\u00a0: argument file\u00a0: pas un nom de fichier\u00a0: «  » (voir nq points "
        "--help)",
        "nq points: argument file: not a file name: '' (see nq points --help)",
    ),
    (  # missing arguments
        ["morale"],
        "nq morale\u00a0: arguments obligatoires manquants\u00a0: starting, casualties "
        "(voir nq morale --help)",
        "nq morale: the following arguments are required: starting, casualties "
        "(see nq morale --help)",
    ),
    (
        ["cast", "5", "--wizardry"],
        "nq cast\u00a0: argument --wizardry\u00a0: il faut un argument (voir nq cast --help)",
        "nq cast: argument --wizardry: expected one argument (see nq cast --help)",
    ),
    (
        ["shoot", "5", "12", "--ranges", "1/+1"],
        "nq shoot\u00a0: argument --ranges\u00a0: il faut 3 arguments (voir nq shoot --help)",
        "nq shoot: argument --ranges: expected 3 arguments (see nq shoot --help)",
    ),
    (  # unknown choice
        ["move", "3", "--ability", "swim"],
        "nq move\u00a0: argument --ability\u00a0: choix invalide\u00a0: « swim » (choisir parmi "
        "'normal', "
        "'double-time', 'cavalry', 'flying') (voir nq move --help)",
        "nq move: argument --ability: invalid choice: 'swim' (choose from 'normal', "
        "'double-time', 'cavalry', 'flying') (see nq move --help)",
    ),
    (  # unrecognized arguments
        ["cast", "5", "--bogus"],
        "nq\u00a0: arguments non reconnus\u00a0: --bogus (voir nq --help)",
        "nq: unrecognized arguments: --bogus (see nq --help)",
    ),
    (
        ["cast", "5", "--concentrate=yes"],
        "nq cast\u00a0: argument --concentrate\u00a0: valeur explicite ignorée\u00a0: « yes » "
        "(voir nq cast --help)",
        "nq cast: argument --concentrate: ignored explicit argument 'yes' (see nq cast --help)",
    ),
]


def _refused_line(capsys: Capture, *argv: str) -> str:
    """The one line of a command line argparse refuses: exit status 2, nothing on stdout."""
    code, out, err = refused(capsys, *argv)
    assert (code, out) == (2, "") and err.endswith("\n") and len(err.splitlines()) == 1, err
    return err.removesuffix("\n")


@pytest.mark.parametrize("where", ["first", "last"])
@pytest.mark.parametrize(
    "argv,french,english", USAGE_ERRORS, ids=[" ".join(argv) for argv, _, _ in USAGE_ERRORS]
)
def test_usage_errors_in_french_and_english(
    capsys: Capture, argv: list[str], french: str, english: str, where: str
) -> None:
    asked = ["--lang", "fr", *argv] if where == "first" else [*argv, "--lang", "fr"]
    assert _refused_line(capsys, *asked) == french
    assert _refused_line(capsys, *argv) == english
    assert _refused_line(capsys, "--lang", "en", *argv) == english


def test_a_question_out_of_range_is_refused_in_french(capsys: Capture) -> None:
    """SKILL ST T of `nq attack` are checked once the options are known, with the same words."""
    code, out, err = run(capsys, "--lang", "fr", "attack", "15", "4", "4")
    assert (code, out, err) == (2, "", "nq attack\u00a0: CC doit être de 1 à 10, et non 15\n")
    assert run(capsys, "attack", "15", "4", "4")[2] == "nq attack: CC must be 1 to 10, not 15\n"


def test_an_unknown_language_is_refused_in_english(capsys: Capture) -> None:
    assert _refused_line(capsys, "cast", "5", "--lang", "xx") == (
        "nq cast: argument --lang: invalid choice: 'xx' (choose from 'en', 'fr') "
        "(see nq cast --help)"
    )
    assert _refused_line(capsys, "--lang", "fr", "cast", "5", "--lang", "xx").startswith(
        "nq cast: argument --lang: invalid choice: 'xx'"
    )


@pytest.mark.parametrize(
    "argv,lang",
    [
        ([], "en"),
        (["--lang", "fr", "cast", "5"], "fr"),
        (["cast", "5", "--lang=fr"], "fr"),
        (["--la", "fr", "cast"], "en"),  # no abbreviation: nq refuses it, in English
        (["cast", "--lang"], "en"),
        (["--lang", "xx", "cast"], "en"),
        (["--lang", "fr", "cast", "--lang", "xx"], "en"),  # refused by argparse, in English
        (["--lang", "fr", "cast", "--lang", "en"], "en"),  # argparse keeps the last
        (["cast", "--", "--lang", "fr"], "en"),
        (["--language", "fr"], "en"),
    ],
)
def test_the_language_is_read_before_parsing(argv: list[str], lang: str) -> None:
    assert language_of(argv) == lang


@pytest.mark.parametrize(
    "argv", [["cast", "5", "--wiz", "2"], ["--l", "fr", "cast", "5"], ["cast", "5", "--l=en"]]
)
def test_no_option_is_taken_by_an_abbreviation(capsys: Capture, argv: list[str]) -> None:
    """``--l en`` would be ``--lang en`` to argparse: a command line that reads as another
    language than it shows."""
    assert not _refused_line(capsys, *argv).startswith("Casting")


def test_no_parser_of_nq_takes_abbreviations() -> None:
    parser = build_parser()
    (questions,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert not parser.allow_abbrev
    assert not any(sub.allow_abbrev for sub in questions.choices.values())


def test_argparse_is_left_as_it_was_after_a_french_parse(capsys: Capture) -> None:
    before = vars(argparse)["_"], vars(argparse)["ngettext"]
    assert before == (gettext.gettext, gettext.ngettext)
    assert _refused_line(capsys, "--lang", "fr", "morale").startswith("nq morale\u00a0: arguments")
    assert (vars(argparse)["_"], vars(argparse)["ngettext"]) == before
    assert _refused_line(capsys, "morale").startswith("nq morale: the following arguments")
    assert run(capsys, "--lang", "fr", "wound", "4", "4")[0] == 0
    assert (vars(argparse)["_"], vars(argparse)["ngettext"]) == before


def test_argparse_messages_are_its_own_word_for_word() -> None:
    """A Python whose argparse words a message otherwise would leave it English: say so."""
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    missing = [m for m in ARGPARSE_MESSAGES if f"'{m}'" not in source]
    assert missing == []


# --- malformed profile files ------------------------------------------------------------------

PROFILE_FAULTS = [
    ("shield = = true", "bad.toml, line 10: not valid TOML: Invalid value (column 10)"),
    ('colour = "red"', "bad.toml: unknown field(s) colour"),
    ('ar = "heavy"', 'bad.toml: AR must be a whole number, not "heavy"'),
    ('weapons = "sword"', "bad.toml: weapons must be a list of armoury keys or weapon tables"),
    ('weapons = ["laser"]', "bad.toml: weapons #1: unknown weapon 'laser'"),
    ('weapons = [{ name = "Claws", uc = "x", st_bonus = 0 }]', "uc must be a whole number"),
    ('abilities = ["flight"]', "bad.toml: unknown ability 'flight'"),
    ('abilities = [{ key = "extra-attack", level = 7 }]', "has no level '7'; levels: x2, x3, x4"),
    ('spells = ["Frostbolt"]', "bad.toml: unknown spell 'Frostbolt'"),
    ("spells = [3]", "bad.toml: spells must be a list of keys, not [3]"),
    ("mutations = 3", "bad.toml: mutations must be a list of keys, not 3"),
    ('mounted = "yes"', 'bad.toml: mounted must be true or false, not "yes"'),
    ('size = "huge"', 'bad.toml: unknown size "huge"; choose one of small, medium'),
    ("armour = 3", "bad.toml: armour must be a table such as { value = 3, shield = true }"),
    ("[armour]\ncolour = 1", "bad.toml: armour: unknown field(s) colour"),
    (
        '[[element]]\nname = "Horse"\ncc = "x"',
        'bad.toml: element #1: CC must be a whole number, not "x"',
    ),
    ("[[element]]\ncc = 5", "bad.toml: element #1: missing field(s) name"),
    ('[[element]]\nname = ""', "bad.toml: element #1: a mount or crew member needs a name"),
    ("element = [3]", "bad.toml: element #1: an element is a table"),
    ('abilities = "dodge"', "bad.toml: abilities must be a list of keys or { key = ..., level"),
    ('abilities = [{ key = "dodge", colour = 1 }]', "abilities #1: unknown field(s) colour"),
    ("traits = [3]", "bad.toml: traits #1: 3 is neither a key nor a table with a key"),
    ("weapons = [3]", "weapons #1: 3 is neither an armoury key nor a weapon table"),
    ('weapons = [{ key = "laser" }]', "bad.toml: weapons #1: unknown weapon 'laser'"),
    ('weapons = [{ key = "bow", pm = -2 }]', "weapons #1: the Bow has no penetration modifier −2"),
]


@pytest.mark.parametrize("extra,message", PROFILE_FAULTS, ids=[m for _, m in PROFILE_FAULTS])
def test_malformed_profile_files(tmp_path: Path, capsys: Capture, extra: str, message: str) -> None:
    text = MEN_AT_ARMS.split("[armour]")[0].replace('weapons = ["sword", "bow"]\n', "")
    path = tmp_path / "bad.toml"
    path.write_text(f"{text}{extra}\n", encoding="utf-8")
    code, out, err = run(capsys, "points", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert message in err, err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_decimal_characteristic_is_shown_as_typed(
    tmp_path: Path, capsys: Capture, lang: str
) -> None:
    """``st = 4.0`` was refused as "must be a whole number, not 4": the reader typed 4.0."""
    path = tmp_path / "decimal.toml"
    path.write_text(MEN_AT_ARMS.replace("st = 4", "st = 4.0"), encoding="utf-8")
    code, out, err = run(capsys, "--lang", lang, "points", str(path))
    assert code == 2 and out == "" and err.rstrip().endswith(("not 4.0", "non 4.0")), err


def test_profile_values_out_of_range_and_missing(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "strong.toml"
    path.write_text(MEN_AT_ARMS.replace("st = 4", "st = 14"), encoding="utf-8")
    assert (
        "ST 14 is beyond its cost table: Creating A Profile prices ST 1 to 8"
        in run(capsys, "points", str(path))[2]
    )
    path.write_text(MEN_AT_ARMS.replace("co = 6\n", ""), encoding="utf-8")
    assert "missing field(s) co" in run(capsys, "points", str(path))[2]
    path.write_bytes(b"\xff\xfe")
    assert run(capsys, "points", str(path))[2].endswith("strong.toml: not UTF-8 text (byte 1)\n")
    assert "cannot read the file" in run(capsys, "points", str(tmp_path))[2]


def test_an_armoury_weapon_with_its_optional_penetration(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "crossbowman.toml"
    path.write_text(
        MEN_AT_ARMS.replace('["sword", "bow"]', '[{ key = "crossbow", pm = -1 }]'), encoding="utf-8"
    )
    items = answer(capsys, "points", str(path))["items"]
    assert {"item": "Crossbow", "points": 6} in items  # type: ignore[operator]


def test_python_dash_m_runs_the_command(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    import runpy

    monkeypatch.setattr(sys, "argv", ["nq", "wound", "4", "4"])
    with pytest.raises(SystemExit) as stop:
        runpy.run_module("nqcore", run_name="__main__")
    assert stop.value.code == 0 and "Roll needed: 5 or less" in capsys.readouterr().out


def test_python_dash_m_and_argument_errors() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "nqcore", "cast", "five"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "spell level must be a whole number, not 'five'" in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize(
    "argv", [["cast", "5", "--wizardry", "2"], ["army", "examples/armies/orc-warband.toml"]]
)
def test_an_answer_that_cannot_be_written_is_one_line(argv: list[str]) -> None:
    """`nq cast 5 > /dev/full` printed a traceback (OSError from print): one line, status 1."""
    root = Path(__file__).resolve().parents[2]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "nqcore", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=root,
            check=False,
        )
    assert result.returncode == 1
    assert result.stderr == "nq: cannot write the answer: No space left on device\n"


def test_a_closed_pipe_is_a_quiet_exit() -> None:
    """`nq errata | head -0`: the reader has seen enough; no message."""
    reader = subprocess.Popen(["head", "-c", "0"], stdin=subprocess.PIPE)
    result = subprocess.run(
        [sys.executable, "-m", "nqcore", "errata"],
        stdout=reader.stdin,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    assert reader.stdin is not None
    reader.stdin.close()
    reader.wait()
    assert (result.returncode, result.stderr) == (0, "")


def test_an_output_file_in_a_missing_folder_names_the_folder(
    capsys: Capture, tmp_path: Path
) -> None:
    """`nq export --output /nonexistent/x.json`: the folder is never made, and it is named."""
    target = tmp_path / "missing" / "rules.json"
    code, out, err = refused(capsys, "export", "--output", str(target))
    assert (code, out) == (2, "")
    assert err == (
        f"nq export: {target}: cannot write the file (the folder {target.parent} does not exist)\n"
    )
    assert not target.parent.exists()
