"""The answers' words agree with their chances, over each calculator's inputs.

A player reads the words ("Roll needed: 5 or less", "Succeeds on any roll") and the chance
("Chance: 50.0%"); both come from the engine (:func:`nqcompanion.bridge.web.ask`).  Here every
finite input of the casting, cancelling, to-hit, save, wound, command and morale calculators is
walked, and moving over a grid of its values: an answer whose words say one thing and its chance
another, a modifier that changed the result but is not named, a bare fraction, fails.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import pytest

from nqcompanion.bridge.web import ask
from nqcore.cli import commands as cli
from nqcore.rules.close_combat import close_combat_modifiers
from nqcore.rules.magic import SPELL_LEVELS, WIZARDRY_LEVELS
from nqcore.rules.morale import FEAR_IN_COMBAT, command_modifiers, fear_levels
from nqcore.rules.movement import MovementAbility
from nqcore.rules.ranged import GRENADE_GROUP, ranged_modifiers

FRACTION = re.compile(r"\(\d+/\d+\)")
NEEDED = re.compile(r"^Roll needed: (-?\d+) or less$")
ABILITIES = [ability.value for ability in MovementAbility]
ROLL_WORDS = ("Roll needed", "Succeeds", "Cannot succeed", "No roll")
PERCENT = re.compile(r"^(Chance|Chance to wound|Hits): (?:(less|more) than )?(\d+\.\d)%")


def _answer(argv: Sequence[str], lang: str = "en") -> dict[str, Any]:
    got = ask(list(argv), lang)
    assert "text" in got, (argv, got)
    return got


#: What the roll needed says of Inspiring Leadership's 2D10.
EITHER_DIE = ", on either die of the 2D10"
#: How the line of a failed command test's re-roll starts, by what gives it.
REROLL_LINES = {
    "battle-standard": "Battle standard: a failed test is re-rolled at CO+1. ",
    "great-leader": "Great Leader: a failed test is re-rolled. ",
}


def _chance(json: dict[str, Any], key: str = "chance") -> Fraction:
    return Fraction(json[key]["fraction"])


def _check_words(argv: Sequence[str], got: dict[str, Any]) -> None:
    """What a player reads agrees with the chance the engine worked out."""
    text, json = got["text"], got["json"]
    said = "\n".join(text)
    assert not FRACTION.search(said), (argv, said)
    if "chance" not in json:
        return
    chance = _chance(json)
    roll = (
        _chance(json, "roll")
        if "roll" in json
        else _chance(json, "hit" if "hit" in json else "chance")
    )
    rolls = [line for line in text if line.startswith(ROLL_WORDS)]
    assert len(rolls) == 1, (argv, said)
    dice = 2 if json.get("inspiring_leadership") else 1
    _check_roll(argv, rolls[0], roll, dice)
    if "reroll" in json:
        again = next(line for line in text if line.startswith(REROLL_LINES[json["reroll"]["by"]]))
        needed = again.partition("re-rolled")[2].partition(". ")[2]
        _check_roll(argv, needed, _chance(json["reroll"]), dice)
    if json.get("battle_standard"):
        assert any(line.startswith("Battle standard: a failed test is re-rolled") for line in text)
    for line in text:
        shown = PERCENT.match(line)
        if shown and shown.group(1).startswith("Chance"):
            value = Fraction(shown.group(3)) / 100
            if shown.group(2) is None:
                assert abs(chance - value) <= Fraction(1, 2000), (argv, said)
                assert (value == 1) == (chance == 1) and (value == 0) == (chance == 0), (argv, said)
            else:
                assert 0 < chance < 1, (argv, said)
    if chance == 1:
        assert any(line.endswith("sure to succeed") for line in text), (argv, said)
    if chance == 0:
        assert any(line.endswith("it cannot succeed") for line in text), (argv, said)


def _check_roll(argv: Sequence[str], words: str, roll: Fraction, dice: int = 1) -> None:
    """The words of one roll against its chance: one D10, tenths; ``dice`` D10 of which one is
    kept (Inspiring Leadership), one less the chance that every die fails."""

    def kept(tenths: int) -> Fraction:
        return 1 - (1 - Fraction(tenths, 10)) ** dice

    if dice > 1:  # said of the dice (player round 22: "7 or less" beside 91 %)
        assert words.endswith(EITHER_DIE), (argv, words)
        words = words.removesuffix(EITHER_DIE)

    found = NEEDED.match(words)
    if found:
        assert roll == kept(int(found.group(1))), (argv, words, roll)
    elif words.startswith("Succeeds on any roll"):
        assert roll == 1, (argv, words, roll)
    elif words.startswith(("Cannot succeed", "No roll")):
        assert roll == 0, (argv, words, roll)
    elif words.startswith("Succeeds on 1–9"):
        assert roll == kept(9), (argv, words, roll)
    else:
        assert words.startswith("Succeeds only on a natural 1"), (argv, words)
        assert roll == kept(1), (argv, words, roll)


def _walk() -> Iterator[list[str]]:
    """Every finite input of the calculators (moving: a grid)."""
    for level, wizardry, concentrate, chant in itertools.product(
        SPELL_LEVELS, WIZARDRY_LEVELS, (False, True), range(0, 4)
    ):
        if chant and (concentrate or wizardry):
            continue
        yield ["cast", str(level), "--wizardry", str(wizardry), "--chant", str(chant)] + (
            ["--concentrate"] if concentrate else []
        )
    for level, concentrate in itertools.product(SPELL_LEVELS, (False, True)):
        yield ["cancel", str(level)] + (["--concentrate"] if concentrate else [])
    yield from _walk_attacks()
    yield from _walk_tests()


def _walk_attacks() -> Iterator[list[str]]:
    for cc in cli.SKILL_VALUES:
        yield ["hit", str(cc)]
        for key, modifier in close_combat_modifiers().items():
            needed = ["--mod", modifier.requires] if modifier.requires else []  # the ram's charge
            yield ["hit", str(cc), "--mod", key, *needed]
    for ra, distance in itertools.product(cli.SKILL_VALUES, ("5", "15", "25", "40")):
        yield ["shoot", str(ra), distance, "--weapon", "bow"]
        for key, modifier in ranged_modifiers().items():  # a grenade's with a grenade
            thrown = modifier.group == GRENADE_GROUP
            weapon = ["--weapon", "grenade", "--thrower-st", "4"] if thrown else ["--weapon", "bow"]
            yield ["shoot", str(ra), distance, *weapon, "--mod", key]
    for ra, distance, strength in itertools.product(cli.SKILL_VALUES, ("3", "7"), (1, 5, 10)):
        yield ["shoot", str(ra), distance, "--weapon", "grenade", "--thrower-st", str(strength)]
    for armour, strength, pm, re_, ranked in itertools.product(
        cli.ARMOUR_VALUES, cli.STRENGTH_VALUES, (0, -1, -3), (0, 1), (False, True)
    ):
        extra = ["--ranked"] if ranked else []
        yield ["save", str(armour), str(strength), "--pm", str(pm), "--re", str(re_), *extra]
    for strength, toughness in itertools.product(cli.STRENGTH_VALUES, cli.SKILL_VALUES):
        yield ["wound", str(strength), str(toughness)]


def _walk_tests() -> Iterator[list[str]]:
    fears = [[], *(["--fear", str(fear)] for fear in fear_levels())]  # a fear test, or not
    rerolls = ([], ["--battle-standard"], ["--great-leader"], ["--inspiring-leadership"])
    rerolls += (["--battle-standard", "--great-leader", "--inspiring-leadership"],)
    for co, fear, extra in itertools.product(cli.SKILL_VALUES, fears, rerolls):
        yield ["command", str(co), *fear, *extra]
        for key in command_modifiers():
            if not (fear and key == FEAR_IN_COMBAT):  # refused: the same fear twice
                yield ["command", str(co), *fear, "--mod", key, *extra]
    for starting, casualties in itertools.product((10, 16, 20), ("0", "3 4 2", "1 1 1 1 1", "9")):
        yield ["morale", str(starting), *casualties.split()]
    for actions, ability in itertools.product(cli.ACTION_VALUES, ABILITIES):
        yield ["move", str(actions), "--ability", ability]
    for ability, barriers, agile in itertools.product(ABILITIES, (0, 1, 2), (False, True)):
        extra = ["--agile"] if agile else []
        yield ["move-cost", "4", "--difficult", "2", "--barriers", str(barriers), *extra]
        yield ["move-cost", "4", "--ability", ability, "--barriers", str(barriers), *extra]
    for actions, distance, cost, ability, first in itertools.product(
        (0, 3, 7, 10, 20), ("0.5", "6.5", "7", "12"), (3, 4, 7), ABILITIES, (True, False)
    ):
        extra = [] if first else ["--not-first"]
        yield ["charge", str(actions), distance, "--use-cost", str(cost), "--ability", ability]
        yield ["charge", str(actions), distance, "--use-cost", str(cost), *extra]


def test_walk_covers_the_calculators() -> None:
    commands = {argv[0] for argv in _walk()}
    assert commands == {
        "cast",
        "cancel",
        "hit",
        "shoot",
        "save",
        "wound",
        "command",
        "morale",
        "move",
        "move-cost",
        "charge",
    }


def test_every_answer_says_what_its_chance_is() -> None:
    """Words and chance agree over every input walked, in English; French shows no fraction."""
    for argv in _walk():
        got = _answer(argv)
        _check_words(argv, got)
    for argv in itertools.islice(_walk(), 0, None, 7):
        said = "\n".join(_answer(argv, "fr")["text"])
        assert not FRACTION.search(said), (argv, said)


SEE_THE_ERRATA = ("see the errata", "voir les errata")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_see_the_errata_names_its_record(lang: str) -> None:
    """Player round 22: "see the errata" linked nowhere; each answer saying it names the records
    it follows (the page links them), and only those answers."""
    from nqcore.book.errata import all_errata

    known = {erratum.id for erratum in all_errata()}
    cited = set()
    for argv in itertools.islice(_walk(), 0, None, 1 if lang == "en" else 5):
        got = _answer(argv, lang)
        said = "\n".join(got["text"])
        readings = got.get("readings", [])
        assert bool(readings) == any(words in said for words in SEE_THE_ERRATA), (argv, said)
        assert {reading["id"] for reading in readings} <= known, readings
        cited |= {reading["id"] for reading in readings}
    for argv in (["save", "0", "4", "--ranked"], ["command", "6", "--great-leader", "--fear", "1"]):
        cited |= {reading["id"] for reading in _answer(argv, lang)["readings"]}
    assert cited >= {
        "ranked-unarmoured-save",
        "natural-ten-command-test",
        "great-leader-with-battle-standard",
        "great-leader-which-tests",
    }, cited


#: One change to a question and the words that must name it when it changes the answer.
CHANGES = [
    (["cast", "5", "--wizardry", "2"], ["--concentrate"], "Concentrating +1"),
    (["cast", "5", "--wizardry", "0"], ["--chant", "2"], "Initiates chanting +2"),
    (["cancel", "5"], ["--concentrate"], "Concentrating +1"),
    (["save", "3", "4"], ["--pm", "-1"], "Penetration modifier (PM) −1"),
    (
        ["save", "3", "6", "--pm", "-2"],
        ["--re", "1"],
        "Armour resilience (RE) 1, cancelling penetration +1",
    ),
    (["save", "3", "4"], ["--ranked"], "Ranked or closed formation (AR) +1"),
    (["command", "7"], ["--fear", "2"], "Fear level −2"),
    (["command", "5"], ["--battle-standard"], "Battle standard: a failed test is re-rolled"),
    (["command", "5"], ["--great-leader"], "Great Leader: a failed test is re-rolled"),
    (["command", "5"], ["--inspiring-leadership"], "Inspiring Leadership: 2D10"),
    (["command", "5", "--battle-standard"], ["--great-leader"], "Great Leader: not used here"),
    (["attack", "5", "4", "4"], ["--hit-modifier", "1"], "Other to-hit modifier +1"),
    (["attack", "5", "4", "4", "--armour", "3"], ["--ranked"], "Ranked or closed formation"),
    (["move-cost", "4", "--barriers", "1"], ["--agile"], "Agile"),
]


@pytest.mark.parametrize(("base", "change", "named"), CHANGES)
def test_a_modifier_that_changes_the_answer_is_named(
    base: list[str], change: list[str], named: str
) -> None:
    before, after = _answer(base), _answer([*base, *change])
    assert before["text"][1:] != after["text"][1:]  # the change changed the answer
    assert named in "\n".join(after["text"]), after["text"]
    assert named not in "\n".join(before["text"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_battle_standard_says_its_reroll(lang: str) -> None:
    """CO 5 with the battle standard: 80%, and the words say why (a re-roll at 6 or less)."""
    text = _answer(["command", "5", "--battle-standard"], lang)["text"]
    expected = {
        "en": ["Roll needed: 5 or less", "re-rolled at CO+1. Roll needed: 6 or less", "80.0%"],
        "fr": [
            "Résultat nécessaire\u00a0: 5 ou moins",
            "relancé à Co+1. Résultat nécessaire\u00a0: 6",
            "80,0",
        ],
    }[lang]
    said = "\n".join(text)
    assert all(words in said for words in expected), said
    assert "any roll" not in said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_leaders_abilities_say_what_they_change(lang: str) -> None:
    """CO 5: a Great Leader's re-roll at the same CO makes 75 %, Inspiring Leadership's 2D10
    75 %, both 93.75 %; with the battle standard and both, the standard's re-roll is the one used
    (1 - 1/4 x 4/25 = 96 %)."""
    expected = {
        "en": {
            ("--great-leader",): ["re-rolled. Roll needed: 5 or less", "Chance: 75.0%"],
            ("--inspiring-leadership",): ["50.0% with one die, 75.0% with two", "Chance: 75.0%"],
            ("--great-leader", "--inspiring-leadership"): ["75.0% on the first", "93.8%"],
            ("--battle-standard", "--great-leader", "--inspiring-leadership"): [
                "Chance: 96.0%",
                "Great Leader: not used here",
            ],
        },
        "fr": {
            ("--great-leader",): ["relancé. Résultat nécessaire\u00a0: 5 ou moins", "75,0"],
            ("--inspiring-leadership",): ["50,0\u202f% avec un dé, 75,0\u202f% avec deux"],
            ("--great-leader", "--inspiring-leadership"): ["75,0\u202f% au premier", "93,8"],
            ("--battle-standard", "--great-leader", "--inspiring-leadership"): [
                "96,0",
                "Grand chef\u00a0: pas utilisé ici",
            ],
        },
    }[lang]
    for flags, words in expected.items():
        said = "\n".join(_answer(["command", "5", *flags], lang)["text"])
        assert all(word in said for word in words), (flags, said)
    both = _answer(["command", "5", "--great-leader", "--inspiring-leadership"])["json"]
    assert both["chance"]["fraction"] == "15/16"


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Chance to wound: 25.0%"), ("fr", "Probabilité de blesser\u00a0: 25,0")],
)
def test_a_whole_attack_says_what_its_chance_is_of(lang: str, said: str) -> None:
    """Player round 21: "Chance: 23.0%" under the roll to wound read as that roll's chance."""
    text = _answer(["attack", "5", "4", "4"], lang)["text"]
    assert any(line.startswith(said) for line in text), text
    assert not any(line.startswith(("Chance:", "Probabilité\u00a0:")) for line in text), text


@pytest.mark.parametrize(
    ("argv", "lang", "opening"),
    [
        (["attack", "5", "4", "4"], "en", "A whole attack: CC 5, ST 4"),
        (
            ["attack", "5", "4", "4", "--weapon", "bow", "--distance", "10"],
            "en",
            "A whole attack: RA 5",
        ),
        (["attack", "5", "4", "4"], "fr", "Une attaque complète\u00a0: CC 5, F 4"),
        (
            ["attack", "5", "4", "4", "--weapon", "bow", "--distance", "10"],
            "fr",
            "Une attaque complète\u00a0: AD 5",
        ),
    ],
)
def test_a_whole_attack_names_the_attacker_s_value_as_the_book_does(
    argv: list[str], lang: str, opening: str
) -> None:
    """Player round 22, F9: "skill 5" where the book says CC or RA."""
    assert _answer(argv, lang)["text"][0].startswith(opening)


def test_a_grenade_s_modifier_is_refused_with_an_armoury_weapon() -> None:
    """Player round 21: a bow shot took the +1 of a grenade thrown with line of sight."""
    got = ask(["shoot", "5", "12", "--weapon", "bow", "--mod", "grenade-line-of-sight"], "en")
    assert (
        got["error"]
        == "“Grenade thrown with line of sight” is for a thrown grenade, not for the Bow"
    )
    assert (got["field"], got.get("values")) == ("mod", ["grenade-line-of-sight"]), got
    typed = ask(
        ["shoot", "5", "12", "--ranges", "4/0", "8/0", "12/-1", "--mod", "grenade-line-of-sight"],
        "en",
    )
    assert typed["error"] == (
        "“Grenade thrown with line of sight” is for a thrown grenade, not for a weapon of typed "
        "ranges"
    )
    assert (typed["field"], typed.get("values")) == ("mod", ["grenade-line-of-sight"]), typed


GRENADE = ["--weapon", "grenade", "--thrower-st", "4"]


@pytest.mark.parametrize(
    ("distance", "mods", "needed", "reach"),
    [
        ("6", [], "Roll needed: 6 or less", 'Reach: 6" (2" plus the thrower\'s ST 4)'),
        ("6", ["grenade-no-line-of-sight"], "Roll needed: 4 or less", "Reach: 6"),
        (
            "13/2",
            [],
            "No roll can succeed",
            'Beyond the grenade\'s reach of 6" (2" + ST 4): it misses, its actions spent.',
        ),
    ],
)
def test_a_thrown_grenade_reaches_two_inches_plus_its_thrower_s_strength(
    distance: str, mods: list[str], needed: str, reach: str
) -> None:
    """Player round 22: no weapon was a grenade, no field took its thrower's ST; "Throwing
    Grenades": 2" plus ST, RA+1 with line of sight (the default), RA-1 without."""
    argv = ["shoot", "5", distance, *GRENADE, *(w for key in mods for w in ("--mod", key))]
    got = _answer(argv)
    said = "\n".join(got["text"])
    assert needed in got["text"] and reach in said, said
    sight = "without" if mods else "with"
    # beyond its reach, the line before the figures says why (player round 24: the phone's bar
    # showed the +1 of line of sight beside "No roll can succeed")
    beyond = got["json"]["target"] is None
    assert (f"Modifiers: Grenade thrown {sight} line of sight" in said) != beyond, said
    assert not beyond or got["text"][-3] == reach, got["text"]
    if not beyond:
        assert "who loses its remaining attacks this turn (Fumbles)" in said
        assert 'lands 2" from the target point' in said
        miss = next(line for line in got["text"] if line.startswith("Misses:"))
        hit, fumble = _chance(got["json"]), Fraction(1, 10)
        assert f"({float(1 - hit - fumble):.1%})" in miss, miss
        assert "explodes in the thrower's hand" in said
        _check_words(argv, got)


@pytest.mark.parametrize(
    ("argv", "field", "error"),
    [
        (
            ["--mod", "grenade-no-line-of-sight", "--mod", "indirect-fire", *GRENADE],
            "mod",
            "“Indirect fire” is not for a thrown grenade",
        ),
        (["--weapon", "grenade"], None, "give --thrower-st with --weapon grenade"),
        (["--weapon", "bow", "--thrower-st", "4"], None, "--thrower-st is for a thrown grenade"),
        (["--mod", "extra-shot", *GRENADE], "mod", "“Extra shot (both dice)” is not for a thrown"),
        (["--mod", "extra-shot", "--weapon", "catapult"], "mod", "not for the Catapult: a support"),
        (["--mod", "aiming", "--weapon", "mortar"], "mod", "support weapons may not be aimed"),
        (["--thrower-st", "11", "--weapon", "grenade"], None, "ST must be 1 to 10, not 11"),
    ],
)
def test_a_grenade_refuses_what_is_not_thrown(
    argv: list[str], field: str | None, error: str
) -> None:
    """Player round 22, F7: a grenade over a wall took indirect fire's -1 beside its own
    (the open question ``grenade-indirect-fire``: once)."""
    got = ask(["shoot", "5", "5", *argv], "en")
    assert error in got.get("error", ""), got
    if field is not None:
        assert got.get("field") == field, got


def test_sure_and_hopeless_said_plainly() -> None:
    sure = _answer(["command", "9", "--battle-standard"])["text"]
    assert "Chance: 100.0%, sure to succeed" in sure
    assert not any(line.startswith("Succeeds on any roll (needs 9") for line in sure)
    hopeless = _answer(["command", "1", "--fear", "2"])["text"]
    assert "Chance: 0.0%, it cannot succeed" in hopeless
    assert _answer(["command", "1", "--fear", "2"])["json"]["chance"]["fraction"] == "0/1"


@pytest.mark.parametrize(
    ("argv", "reading"),
    [
        (["command", "6", "--fear", "2", "--mod", "fear-in-close-combat"], "fear-test-modifiers"),
        (
            ["shoot", "5", "5", *GRENADE, "--mod", "indirect-fire"],
            "grenade-indirect-fire",
        ),
        (["shoot", "5", "5", *GRENADE, "--mod", "extra-shot"], "grenade-extra-shot"),
        (
            ["shoot", "5", "12", "--weapon", "mortar", "--mod", "extra-shot"],
            "support-weapon-extra-shot",
        ),
    ],
)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refusal_that_follows_a_reading_links_its_record(
    argv: list[str], reading: str, lang: str
) -> None:
    """Player round 24, F2, F3, F19: refusals said "see the errata" with no link, or stated this
    edition's reading of an open question as a rule."""
    got = ask(argv, lang)
    assert any(words in got["error"] for words in SEE_THE_ERRATA), got
    assert [found["id"] for found in got["readings"]] == [reading], got


@pytest.mark.parametrize(
    "argv",
    [
        ["shoot", "5", "12", "--weapon", "mortar"],
        ["shoot", "5", "5", *GRENADE],
        ["attack", "5", "4", "4", "--weapon", "mortar", "--distance", "12"],
    ],
    ids=["mortar", "grenade", "whole-attack"],
)
def test_a_template_s_answer_counts_no_dodge_and_no_masterful_hit(argv: list[str]) -> None:
    """Player round 25, F4, F6: the dodge ability against a template was refused rather than
    answered (it has no effect: Dodge), and the whole attack with a Mortar counted a masterful
    hit and a bow's fumble where the ranged calculator said neither."""
    plain = ask(argv, "en")
    dodged = ask([*argv, "--mod", "target-dodges"], "en")
    assert _chance(dodged["json"]) == _chance(plain["json"]), dodged
    assert "Dodge: the target's dodge ability has no effect" in " ".join(dodged["text"])
    said = " ".join(plain["text"])
    assert "the models under it save as usual" in said and "which allows no armour save" not in said
    assert [found["id"] for found in plain["readings"]][0] == "blast-masterful-hit", plain
    if argv[0] == "attack":  # no masterful hit: every hit takes two saves (Save (x2)) at 10%
        armoured = ask([*argv, "--armour", "3"], "en")
        assert armoured["json"]["unsaved"]["fraction"] == "297/500", armoured["json"]
        assert "is a misfire" in said and "moves its blast template" in said


def test_aiming_and_dodge_stay_where_the_rules_allow_them() -> None:
    """A bow may be aimed at a dodging target; a support weapon without a blast (the Bolt
    Thrower) takes the dodge's -1 but may not be aimed."""
    bow = _answer(
        ["shoot", "5", "12", "--weapon", "bow", "--mod", "aiming", "--mod", "target-dodges"]
    )
    assert "Roll needed: 5 or less" in bow["text"]
    bolt = ask(["shoot", "5", "12", "--weapon", "bolt-thrower", "--mod", "target-dodges"], "en")
    assert "text" in bolt, bolt
    refused = ask(["shoot", "5", "12", "--weapon", "bolt-thrower", "--mod", "aiming"], "en")
    assert refused.get("field") == "mod" and "may not be aimed" in refused["error"], refused


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_blast_weapon_says_where_a_miss_and_a_misfire_land(lang: str) -> None:
    """Player round 24, F12: a mortar's answer said nothing of its template's deviation, nor of
    the misfire (the open question blast-misfire), where the grenade's said both."""
    argv = ["shoot", "5", "20", "--weapon", "mortar"]
    got = _answer(argv, lang)
    said = "\n".join(got["text"])
    words = {
        "en": ("Blast Template Deviation", "is a misfire: no template is placed"),
        "fr": ("Déviation des gabarits d’explosion", "aucun gabarit n’est posé"),
    }[lang]
    assert words[0] in said, said
    assert [found["id"] for found in got["readings"]] == ["blast-masterful-hit", "blast-misfire"]
    if lang == "en":
        assert words[1] in said, said
        _check_words(argv, got)


@pytest.mark.parametrize(
    ("argv", "working"),
    [
        (
            ["move-cost", "4", "--difficult", "2", "--barriers", "1", "--ability", "double-time"],
            [
                'Working: 8" of effort, difficult terrain counting twice, at 1½" an action: '
                "6 AC (actions are spent whole).",
                "Barriers: 1 AC more, 7 AC in all.",
            ],
        ),
        (
            ["move-cost", "5", "--ability", "cavalry"],
            ['Working: 5" at 2" an action: 3 AC (actions are spent whole).'],
        ),
        (["move-cost", "4"], []),
    ],
)
def test_a_move_s_cost_shows_its_working(argv: list[str], working: list[str]) -> None:
    """Player round 24, F20: "Actions needed: 7 AC" alone, where the other calculators show
    their working; a move of whole actions in the open needs none."""
    text = _answer(argv)["text"]
    assert [line for line in text if line.startswith(("Working", "Barriers"))] == working, text


def test_a_save_x2_weapon_s_hit_must_pass_two_saves() -> None:
    """Player round 26, F1: the whole attack with a Mortar (Save (x2)) saved a hit at 10%, one
    save, where the hit must pass two: 1%."""
    argv = ["attack", "5", "4", "4", "--weapon", "mortar", "--distance", "12", "--armour", "3"]
    got = ask([*argv, "--hit-modifier", "-1"], "en")
    assert got["json"]["unsaved"]["fraction"] == "99/200", got["json"]  # 1/2 x (1 - 1/100)
    assert "Save (x2): a hit must pass two armour saves, each at 10.0%; both pass at 1.0%" in (
        " ".join(got["text"])
    )
    assert "Save (x2)" not in " ".join(ask([*argv[:5], "bow", *argv[6:]], "en")["text"])


@pytest.mark.parametrize("command", ["shoot", "attack"])
def test_burst_fire_rolls_its_dice(command: str) -> None:
    """Player round 26, F2: an Organ Gun (burst fire (x3)) rolled one die in both calculators,
    with a single die's fumble; at 6 or less: 93.6% at least one hit, 27.1% a fumble."""
    argv = ["shoot", "5", "8", "--weapon", "organ-gun"]
    if command == "attack":
        argv = ["attack", "5", "4", "4", "--weapon", "organ-gun", "--distance", "8"]
    got = ask(argv, "en")
    said = " ".join(got["text"])
    assert got["json"]["dice"] == 3 if command == "attack" else got["json"]["volley"]["dice"] == 3
    assert "a natural 10 on at least one of the 3 dice (27.1%)" in said, said
    assert "the crew may not perform any other actions this turn (Burst Fire)" in said, said
    assert "Extra attack" not in said and "extra-attack" not in str(got["json"]["modifiers"])
