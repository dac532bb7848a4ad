"""What the engine answers a player, in both languages: refusals in the reader's language, rolls
the die cannot show, the figures of a morale trigger, counts with their plural, the book's names
for the sample profiles, a duplicate refused (the review of the "At the table" page, session 8)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from nqcompanion.bridge.web import ask, build, points
from nqcompanion.bridge.web_starting import sample_choices, starting_choices

ROOT = Path(__file__).resolve().parents[2]

#: Bad questions and files a player can give the page, each refused.
BAD_QUESTIONS = [
    ["shoot", "5", "12", "--ranges", "30/-1", "20/+0", "10/+1"],
    ["shoot", "5", "12", "--ranges", "-", "-", "-"],
    ["morale", "4", "3", "2"],
    ["hit", "5", "--mod", "bogus"],
    ["cast", "--spell", "frostbolt"],
    ["attack", "5", "4", "4", "--weapon", "laser"],
    ["shoot", "5", "12"],
]
BAD_FILES = {
    "missing": 'name = "Orc"\nac = 8\n',
    "not-toml": "this is not TOML",
    "unfinished": "name = ",
    "bad-st": 'name = "Orc"\nac = 8\nra = 3\ncc = 5\nst = "big"\nt = 5\nw = 1\nco = 6\n',
    "out-of-range": 'name = "Orc"\nac = 8\nra = 3\ncc = 5\nst = 40\nt = 5\nw = 1\nco = 6\n',
    "unknown-ability": (
        'name = "Orc"\nac = 8\nra = 3\ncc = 5\nst = 4\nt = 5\nw = 1\nco = 6\nabilities = ["x"]\n'
    ),
    "bad-size": 'name = "Orc"\nac = 8\nra = 3\ncc = 5\nst = 4\nt = 5\nw = 1\nco = 6\nsize = "x"\n',
}
#: English words that French may keep: names of fields, keys and options typed in files;
#: "table", the French book's word too (« table des coûts »).
KEPT = {"st", "t", "w", "co", "ra", "cc", "ac", "ar", "toml", "utf", "profile", "orc", "x", "nq"}
KEPT |= {"table"}


def _english_words(english: str, french: str) -> set[str]:
    """The words of the English answer that the French answer repeats, but for what a reader
    typed or reads as code: keys and choices listed, options, quoted values (as the reader's
    language quotes, or as TOML writes them), the file's name."""

    def words(text: str) -> set[str]:
        text = text.removeprefix("my orc.toml")
        text = re.sub(r"(known|connus|choose one of|choisissez parmi):? .*$", "", text)
        text = re.sub(r"--[\w-]+|'[^']*'|« [^»]* »|\"[^\"]*\"", "", text)  # "x": TOML's
        return {w.lower() for w in re.findall(r"[A-Za-z]{2,}", text)}

    return words(english) & words(french) - KEPT


@pytest.mark.parametrize("argv", BAD_QUESTIONS, ids=lambda argv: " ".join(argv))
def test_a_refused_question_is_french_on_the_french_page_and_from_nq(argv: list[str]) -> None:
    french, english = ask(argv, "fr"), ask(argv, "en")
    assert "error" in french and "error" in english
    assert not _english_words(english["error"], french["error"]), french["error"]
    assert "[" not in french["error"] and "[" not in english["error"]
    run = subprocess.run(
        [sys.executable, "-m", "nqcore", *argv, "--lang", "fr"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 2 and run.stderr.strip() == f"nq {argv[0]}\u00a0: {french['error']}"


def test_ranges_that_shrink_are_listed_as_a_player_writes_them() -> None:
    argv = ["shoot", "5", "12", "--ranges", "30/-1", "20/+0", "10/+1"]
    assert ask(argv, "en")["error"] == "ranges must grow from close to long, not 30, 20, 10 inches"
    assert ask(argv, "fr")["error"] == (
        "les portées doivent croître de courte à longue, pas 30, 20, 10 pouces"
    )
    none = ["shoot", "5", "12", "--ranges", "-", "-", "-"]
    assert ask(none, "fr")["error"] == "une arme de tir a au moins une portée"


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_refused_profile_file_is_french_and_names_the_chosen_file(case: str) -> None:
    text = BAD_FILES[case]
    french = build({"toml": text, "file": "C:\\army\\my orc.toml"}, "fr")
    english = build({"toml": text, "file": "my orc.toml"}, "en")
    if "error" not in french:  # read, then refused by `nq points`
        french, english = french["points"], english["points"]
    assert french["error"].startswith("my orc.toml"), french["error"]
    assert "profile.toml" not in french["error"] + english["error"]
    assert not _english_words(english["error"], french["error"]), french["error"]
    assert "[" not in french["error"]


def test_tomllib_s_reasons_are_said_in_french() -> None:
    answer = build({"toml": "= 1", "file": "orc.toml"}, "fr")
    assert answer["error"] == (
        "orc.toml, ligne 1\u00a0: TOML non valide\u00a0: Instruction non valide (colonne 1)"
    )
    missing = points('name = "Orc"\n', "fr", "orc.toml")["error"]
    assert missing == "orc.toml\u00a0: champ(s) manquant(s)\u00a0: ac, st, t, w, co, ra, cc"


@pytest.mark.parametrize(
    "argv,english,french",
    [
        (
            ["save", "3", "12"],
            "Cannot succeed: every roll fails, even a 1",
            "Impossible de réussir\u00a0: tout résultat échoue, même un 1",
        ),
        (
            ["hit", "1", "--mod", "attacker-panicked"],
            "Cannot succeed: every roll fails, even a 1",
            "Impossible de réussir\u00a0: tout résultat échoue, même un 1",
        ),
        (
            ["hit", "10", "--mod", "charging"],
            "Succeeds on 1–9; a natural 10 always fails",
            "Réussit sur 1–9\u202f; un 10 naturel échoue toujours",
        ),
        (
            ["hit", "10"],
            "Succeeds on 1–9; a natural 10 always fails",
            "Réussit sur 1–9\u202f; un 10 naturel échoue toujours",
        ),
        (
            ["command", "10"],
            "Succeeds on any roll (needs 10 or less)",
            "Réussit sur tout résultat (il faut 10 ou moins)",
        ),
        ("hit", "Roll needed: 5 or less", "Résultat nécessaire\u00a0: 5 ou moins"),
        (  # a whole attack: the roll to hit, whatever the chance of all its steps
            ["attack", "10", "4", "4"],
            "Succeeds on 1–9; a natural 10 always fails",
            "Réussit sur 1–9\u202f; un 10 naturel échoue toujours",
        ),
        (
            ["attack", "5", "4", "4"],
            "Roll needed: 5 or less",
            "Résultat nécessaire\u00a0: 5 ou moins",
        ),
        (
            ["command", "10", "--battle-standard"],
            "Succeeds on any roll (needs 10 or less)",
            "Réussit sur tout résultat (il faut 10 ou moins)",
        ),
    ],
)
def test_a_roll_the_die_cannot_show_is_said_as_what_the_die_does(
    argv: list[str] | str, english: str, french: str
) -> None:
    argv = ["hit", "5"] if argv == "hit" else argv
    before = {lang: ask(list(argv), lang)["json"] for lang in ("en", "fr")}
    assert english in ask(list(argv), "en")["text"]
    assert french in ask(list(argv), "fr")["text"]
    assert before["en"]["target"] == before["fr"]["target"]  # the figures stay the engine's


def test_the_first_morale_test_gives_the_losses_of_the_game() -> None:
    """16 Dwarfs losing 3, 4 and 2: the test comes at 9 lost of 16 (the book's first example)."""
    en = ask(["morale", "16", "3", "4", "2", "4"], "en")["text"]
    assert en[1] == (
        "Turn 3: Half of the starting number lost (9 casualties of the 16 at the start of the game)"
    )
    assert en[2].endswith("(4 casualties of the 7 at the start of the turn)")
    fr = ask(["morale", "16", "3", "4", "2"], "fr")["text"]
    assert fr[1].endswith("(9 pertes sur les 16 du début de la partie)")
    one = ask(["morale", "2", "1"], "fr")["text"]
    assert one[1].endswith("(1 perte sur les 2 du début de la partie)")
    assert ask(["morale", "2", "1"], "en")["text"][1].endswith(
        "(1 casualty of the 2 at the start of the game)"
    )


@pytest.mark.parametrize(
    "argv,lang,said",
    [
        (["morale", "4", "3", "2"], "en", "turn 2: 2 casualties but only 1 model left"),
        (["morale", "4", "1", "4"], "en", "turn 2: 4 casualties but only 3 models left"),
        (["morale", "4", "3", "2"], "fr", "tour 2\u00a0: 2 pertes pour 1 figurine restante"),
        (["morale", "4", "1", "4"], "fr", "tour 2\u00a0: 4 pertes pour 3 figurines restantes"),
        (["morale", "2", "1", "2"], "fr", "tour 2\u00a0: 2 pertes pour 1 figurine restante"),
    ],
)
def test_casualties_and_models_left_take_their_plural(
    argv: list[str], lang: str, said: str
) -> None:
    assert ask(argv, lang)["error"] == said


@pytest.mark.parametrize(
    "barriers,lang,said",
    [
        ("0", "en", "over 0 barriers"),
        ("1", "en", "over 1 barrier"),
        ("2", "en", "over 2 barriers"),
        ("0", "fr", "en franchissant 0 barrière"),
        ("1", "fr", "en franchissant 1 barrière"),
        ("2", "fr", "en franchissant 2 barrières"),
    ],
)
def test_barriers_take_their_plural(barriers: str, lang: str, said: str) -> None:
    answer = ask(["move-cost", "6", "--barriers", barriers], lang)
    assert answer["text"][0].endswith(said)
    assert answer["json"]["barriers"] == int(barriers)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_total_of_one_point_is_singular(lang: str) -> None:
    from nqcore.cli.render import _lines_points

    one = _lines_points({"points": 1, "items": []}, lang)
    many = _lines_points({"points": 43, "items": []}, lang)
    assert one == [{"en": "Total: 1 point", "fr": "Total\u00a0: 1 point"}[lang]]
    assert many == [{"en": "Total: 43 points", "fr": "Total\u00a0: 43 points"}[lang]]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "  Added to reach the minimum of 9 points: 12"),
        ("fr", "  Ajoutés pour atteindre le minimum de 9 points\u00a0: 12"),
    ],
)
def test_the_points_added_to_reach_the_minimum_say_so(lang: str, said: str) -> None:
    """A profile priced under the minimum: the line says what its points are, the ones added to
    reach the minimum, not a minimum of that many points."""
    text = build({"start": ""}, lang)["points"]["text"]
    assert said in text, text
    assert text[-1] == {"en": "Total: 9 points", "fr": "Total\u00a0: 9 points"}[lang]


def _headings(lang: str) -> dict[str, str]:
    """The Sample Profiles' section headings of the book, by label, in ``lang``."""
    text = (ROOT / "docs" / "sample-profiles.md").read_text(encoding="utf-8")
    english = dict(re.findall(r"^\(([a-z0-9-]+)\)=\n## (.+)$", text, flags=re.M))
    if lang == "en":
        return english
    from nqcore import po

    path = ROOT / "locale" / "fr" / "LC_MESSAGES" / "sample-profiles.po"
    catalogue = po.read(path.read_bytes())
    french = {m.id: m.string for m in po.messages(catalogue, obsolete=True) if m.string}
    return {label: french[heading] for label, heading in english.items()}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_sample_profile_is_named_by_its_section_s_heading(lang: str) -> None:
    from nqcore.army.profile_files import sample_profiles

    headings = _headings(lang)
    sections = {s.profile.key: s.section for s in sample_profiles()}
    for choices in (sample_choices(lang), starting_choices(lang)[: len(sections)]):
        assert {key: headings[sections[key]] for key, _ in choices} == dict(choices)
    assert (
        dict(sample_choices(lang))["growler-one-horn"]
        == {
            "en": "Growler One Horn",
            "fr": "Growler à une corne",
        }[lang]
    )
    said = ask(
        ["attack", "--attacker", "growler-one-horn", "--target", "wight-lord-on-zombie-dragon"],
        lang,
    )["text"]
    assert (
        said[1:3]
        == {
            "en": ["Attacker: Growler One Horn", "Target: Wight Lord On Zombie Dragon"],
            "fr": [
                "Attaquant\u00a0: Growler à une corne",
                "Cible\u00a0: Seigneur revenant sur dragon zombi",
            ],
        }[lang]
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_builder_s_card_is_headed_by_the_profile_s_name(lang: str) -> None:
    card = build({"start": "dwarf"}, lang)["points"]["text"]
    assert card[0] == {"en": "Points of Dwarf", "fr": "Points du profil Nain"}[lang]
    assert "profile.toml" not in " ".join(card)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_ability_taken_twice_is_refused_by_name(lang: str) -> None:
    once = build({"start": "dwarf", "add": ["abilities", "agile"]}, lang)
    twice = build({"toml": once["toml"], "add": ["abilities", "agile"]}, lang)
    assert twice["error"].startswith(
        {"en": "Agile is taken twice", "fr": "Agile est pris deux"}[lang]
    )
    by_hand = once["toml"].replace('abilities = ["agile"]', 'abilities = ["agile", "agile"]')
    assert by_hand != once["toml"]
    refused = points(by_hand, lang)
    assert refused["error"].startswith("profile.toml") and "Agile" in refused["error"]
    levels = build({"start": "dwarf", "add": ["abilities", "extra-attack|x2"]}, lang)
    again = build({"toml": levels["toml"], "add": ["abilities", "extra-attack|x2"]}, lang)
    assert "error" in again


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_another_level_of_an_item_takes_its_place(lang: str) -> None:
    """Player round 26: Fear (2) after Fear (0) was refused as "taken twice" and the points
    vanished; the new level replaces the old, in its place, and the answer names both."""
    first = build({"start": "dwarf", "add": ["abilities", "fear|0"]}, lang)
    agile = build({"toml": first["toml"], "add": ["abilities", "agile"]}, lang)
    second = build({"toml": agile["toml"], "add": ["abilities", "fear|2"]}, lang)
    assert "error" not in second and "error" not in second["points"]
    fear = {"en": "Fear", "fr": "Peur"}[lang]
    assert second["picks"]["abilities"][0].startswith(f"{fear} (2")
    assert len(second["picks"]["abilities"]) == 2
    assert second["replaced"] == {
        "old": agile["picks"]["abilities"][0],
        "name": second["picks"]["abilities"][0],
    }
    assert second["points"]["json"]["points"] > agile["points"]["json"]["points"]
    assert "replaced" not in agile


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "“The unit is ranked or closed” and “The unit is dispersed”"),
        ("fr", "« L’unité est en ligne ou serrée » et « L’unité est dispersée »"),
    ],
)
def test_modifiers_that_cannot_apply_together_are_named_from_their_own_table(
    lang: str, said: str
) -> None:
    """The command test's "dispersed" is the command table's modifier, not the ranged table's
    "Dispersed unit" of the same key."""
    answer = ask(["command", "6", "--mod", "ranked-or-closed", "--mod", "dispersed"], lang)
    assert said in answer["error"], answer


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_builder_names_every_characteristic_the_engine_refuses(lang: str) -> None:
    """The engine refuses the first; the builder marks the others too (``also``)."""
    blank = build({"start": ""}, lang)["toml"]
    priced = build({"toml": blank, "set": {"ac": "13", "co": "1"}}, lang)["points"]
    assert priced["field"] == "ac"
    named = {"en": "CO 1", "fr": "Co 1"}[lang]
    assert [(other["field"], other["error"][:4]) for other in priced["also"]] == [("co", named)]


@pytest.mark.parametrize("argv", [["--help"], ["cast", "--help"], ["army", "-h"]])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_request_for_help_is_refused_in_words(argv: list[str], lang: str) -> None:
    """The page never asks for a terminal's help: asked, the answer says so, never empty."""
    answer = ask(argv, lang)
    asked = " ".join(argv)
    assert answer == {
        "error": answer["error"],
        "message": f"the page does not ask {asked}: run nq {asked} on a computer",
    }
    assert asked in answer["error"] and (lang == "en") == (answer["error"] == answer["message"])
