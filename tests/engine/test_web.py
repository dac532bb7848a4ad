"""``nqcompanion.bridge.web``, what the At the table page asks in the browser: the answers of
``nq``, the engine's refusals in the reader's language, and the profile builder's steps."""

from __future__ import annotations

import io
import json
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web import ask, ask_json, build, profile_toml
from nqcompanion.bridge.web_checks import refusal_answer
from nqcompanion.bridge.web_starting import starting_choices, starting_profiles, starting_record
from nqcore.army.points import additional_weapon_cost, armoured_mount_cost, barding_cost
from nqcore.army.profile_files import parse_profile, sample_profile
from nqcore.army.profile_points import profile_points
from nqcore.cli.commands import main


def nq(argv: list[str], lang: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main([*argv, "--lang", lang, "--json"])
        except SystemExit as leaving:
            status = int(leaving.code or 0)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    "argv",
    [
        ["cast", "5", "--wizardry", "2"],
        ["shoot", "5", "12.5", "--weapon", "bow"],
        ["attack", "--attacker", "orc-bruiser", "--target", "dwarf"],
        ["morale", "16", "3", "4", "2"],
        ["move", "3", "--ability", "flying"],
    ],
)
def test_ask_answers_as_nq_json(argv: list[str], lang: str) -> None:
    status, out, _err = nq(argv, lang)
    assert status == 0
    answer = ask(argv, lang)
    assert answer["json"] == json.loads(out)
    assert answer["text"][0] == answer["json"]["question"]


@pytest.mark.parametrize(
    "argv,french",
    [
        (
            ["cast", "5", "--chant", "3", "--wizardry", "1"],
            "seuls les initiés (niveau de magie 0) exécutent des chants magiques",
        ),
        (
            ["cast", "5", "--chant", "3", "--concentrate"],
            "les initiés qui exécutent un chant magique ne peuvent pas se concentrer",
        ),
        (
            ["hit", "5", "--mod", "higher-ground", "--mod", "enemy-higher-ground"],
            "les modificateurs « Attaquant en hauteur » et « Ennemi en hauteur » ne peuvent pas "
            "s’appliquer ensemble",
        ),
        (
            ["attack", "5", "4", "4", "--weapon", "catapult"],
            "donnez la distance de la cible pour l’arme Catapulte",
        ),
        (["morale", "4", "2", "5"], "tour 2\u00a0: 5 pertes pour 2 figurines restantes"),
    ],
)
def test_a_refusal_is_nq_s_message_in_the_reader_s_language(argv: list[str], french: str) -> None:
    status, _out, err = nq(argv, "fr")
    answer = ask(argv, "fr")
    assert (
        status == 2 and err.strip() == f"nq {argv[0]}\u00a0: {french}"
    )  # nq --lang fr says it too
    assert answer["error"] == french
    english = ask(argv, "en")
    assert answer["message"] == english["message"] != french
    # the page's English names two modifiers as labelled, English nq the keys as typed
    assert english["error"] == english["message"] or "values" in english


def test_a_mistake_argparse_finds_is_its_line_and_an_unknown_refusal_is_the_engines() -> None:
    answer = ask(["hit", "11"], "fr")
    french = (
        "nq hit\u00a0: argument cc\u00a0: CC doit être de 1 à 10, et non 11 (voir nq hit --help)"
    )
    assert answer == {"error": french, "message": french}
    english = "nq hit: argument cc: CC must be 1 to 10, not 11 (see nq hit --help)"
    assert ask(["hit", "11"], "en") == {"error": english, "message": english}
    # Python's error, not the engine's: said in the engine's words, its own kept in English
    said = {"error": "le moteur ne peut pas répondre à cette question telle qu’elle est posée"}
    assert refusal_answer(ValueError("something new"), "fr") == said | {"message": "something new"}


@pytest.mark.parametrize(
    "argv,french",
    [
        (["cast", "5", "--wizardry", "9"], "le niveau de magie doit être de 0 à 4, et non 9"),
        (["hit", "x"], "CC doit être un nombre entier, et non « x »"),
        (["morale"], "arguments obligatoires manquants\u00a0: starting, casualties"),
        (["move", "3", "--ability", "swim"], "choix invalide\u00a0: « swim » (choisir parmi"),
        (["cast", "5", "--bogus"], "arguments non reconnus\u00a0: --bogus"),
        (["attack", "15", "4", "4"], "CC doit être de 1 à 10, et non 15"),
    ],
)
def test_a_refused_command_line_is_nq_s_line_in_french(argv: list[str], french: str) -> None:
    """What `nq --lang fr` prints, in `error` and `message`; the next English answer is English."""
    status, _out, err = nq(argv, "fr")
    answer = ask(argv, "fr")
    assert status == 2 and french in answer["error"] == answer["message"]
    assert err.strip().endswith(answer["message"])
    english = ask(argv, "en")["error"]
    assert french not in english and ("must be" in english or "argument" in english)


def test_ask_json_and_points_read_what_the_page_sends(tmp_path: Path) -> None:
    cast = json.loads(ask_json(json.dumps({"argv": ["cast", "5"], "lang": "fr"})))
    assert cast["json"]["chance"] == {"fraction": "1/2", "value": 0.5}
    toml = profile_toml(
        {
            "name": "Pikeman",
            "ac": 8,
            "ra": "-",
            "cc": 5,
            "st": 4,
            "t": 5,
            "w": 1,
            "co": 6,
            "weapons": ["spear"],
        }
    )
    priced = json.loads(ask_json(json.dumps({"toml": toml, "lang": "en"})))
    assert priced["json"]["file"] == "profile.toml"
    assert priced["json"]["points"] == profile_points(parse_profile(tomllib.loads(toml))).total
    broken = json.loads(ask_json(json.dumps({"toml": "name = ", "lang": "en"})))
    assert broken["error"].startswith("profile.toml: not valid TOML")


@pytest.mark.parametrize("key", [key for key, _name in starting_profiles()])
def test_every_starting_profile_round_trips_to_its_points(key: str) -> None:
    step = build({"start": key}, "en")
    assert tomllib.loads(step["toml"])["key"] == key
    assert "error" not in step["points"], step["points"]
    assert len(starting_profiles()) == 24


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_starting_list_names_each_profile_once_in_the_readers_language(lang: str) -> None:
    """Two "Chariot" entries could not be told apart: they are named by their crews."""
    choices = dict(starting_choices(lang))
    assert list(choices) == [key for key, _name in starting_profiles()]
    assert len(set(choices.values())) == len(choices)
    assert choices["human-men-at-arms"] == {"en": "Human Men At Arms", "fr": "Hommes d’armes"}[lang]
    crews = {"en": "Chariot (Driver, Weaponeer)", "fr": "Chariot (Conducteur, Spécialiste)"}
    assert choices["chariot-driver-weaponeer"] == crews[lang]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_starting_profile_takes_the_readers_name_for_it(lang: str) -> None:
    """Named as the list the player chose it from names it: a Sample Profile by its section's
    heading, not its table's first line ("Wight" of the Wight Lord On Zombie Dragon)."""
    step = build({"start": "human-men-at-arms"}, lang)
    name = {"en": "Human Men At Arms", "fr": "Hommes d’armes"}[lang]
    assert step["fields"]["name"] == name and tomllib.loads(step["toml"])["name"] == name
    rider = build({"start": "wight-lord-on-zombie-dragon"}, lang)
    heading = {"en": "Wight Lord On Zombie Dragon", "fr": "Seigneur revenant sur dragon zombi"}
    assert rider["fields"]["name"] == heading[lang] == rider["card"]["name"]
    assert (
        step["points"]["json"]["points"]
        == build({"start": "human-men-at-arms"}, "en")["points"]["json"]["points"]
    )


def test_builder_steps_set_add_and_remove() -> None:
    first = build({"start": "dwarf"}, "fr")
    assert (
        first["points"]["json"]["points"] == profile_points(sample_profile("dwarf").profile).total
    )
    step = build(
        {
            "toml": first["toml"],
            "set": {"st": "6", "ra": "-", "shield": True},
            "add": ["abilities", "extra-attack|x2"],
        },
        "fr",
    )
    record = tomllib.loads(step["toml"])
    assert record["st"] == 6 and record["ra"] == "-" and record["armour"]["shield"] is True
    assert record["abilities"] == [{"key": "extra-attack", "level": "x2"}]
    assert step["picks"]["abilities"] == ["Attaque supplémentaire (x2)"]
    grenades = build(
        {"toml": step["toml"], "add": ["equipment", 'grenades|ST3 1½" knock prone']}, "fr"
    )
    # Player round 25: the chosen list (and its Remove button's name) said "ST3 … knock prone".
    assert grenades["picks"]["equipment"] == ['Grenades (F3 1½" Mise à terre)'], grenades
    assert step["fields"]["shield"] is True and step["fields"]["size"] == "medium"
    gone = build(
        {"toml": step["toml"], "remove": ["weapons", 0], "set": {"armour": "0", "shield": False}},
        "en",
    )
    record = tomllib.loads(gone["toml"])
    assert "weapons" not in record and "armour" not in record
    assert (
        build({"toml": "ar = 2\nname = 'x'", "set": {"shield": True}}, "en")["fields"]["armour"]
        == 2
    )
    refused = build({"toml": gone["toml"], "set": {"st": "lots"}}, "en")
    assert "invalid literal" in refused["message"] and "invalid" not in refused["error"]
    assert "error" in build({"start": "nobody"}, "en")
    assert "error" in build({"toml": gone["toml"], "add": ["familiars", "cat"]}, "en")


def test_profile_toml_writes_what_toml_reads() -> None:
    record = {
        "name": 'Say "hi"',
        "mounted": False,
        "ratio": 1.5,
        "weapons": ["sword", {"name": "Claws", "uc": 3}],
        "armour": {"value": 2},
    }
    assert tomllib.loads(profile_toml(record)) == record
    with pytest.raises(ValueError, match="no TOML"):
        profile_toml({"when": object()})


@pytest.mark.parametrize(("lang", "name"), [("en", "New profile"), ("fr", "Nouveau profil")])
def test_the_builder_s_blank_start_clears_the_book_s_profile(lang: str, name: str) -> None:
    """ "—" under "Start from a profile of the book": a blank profile, each characteristic at the
    lowest the cost tables price, no weapon, no armour, no item; priced as any other."""
    from nqcompanion.bridge.web import build
    from nqcore.army.characteristics import CHARACTERISTICS, characteristic_range

    got = build({"start": ""}, lang)
    assert "error" not in got, got
    fields = got["fields"]
    assert fields["name"] == name and fields["key"] == ""
    assert all(fields[k] == characteristic_range(k).start for k in CHARACTERISTICS), fields
    assert not any(got["picks"].values()), got["picks"]
    assert "error" not in got["points"], got["points"]


#: The engine's refusal of a characteristic no cost table prices (nqcore.army.characteristics).
BEYOND = "{name} {value} is beyond its cost table: Creating A Profile prices {name} {low} to {high}"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("field", "name", "value"), [("st", "ST", 99), ("armour", "AR", 9)])
def test_a_builder_s_field_beyond_its_cost_table_is_refused_without_the_file_s_name(
    lang: str, field: str, name: str, value: int
) -> None:
    """Player round nine: a value typed in the builder was refused as "profile.toml: ST 99 is
    beyond ...", the name of a file the player never chose, on the card and beside the field;
    the refusal says the value alone, and names the field the page marks."""
    from nqcore.army.characteristics import characteristic_range
    from nqcore.i18n import translator

    _ = translator(lang)
    start = build({"start": "dwarf"}, lang)
    priced = build({"toml": start["toml"], "set": {field: str(value)}}, lang)["points"]
    allowed = characteristic_range("ar" if field == "armour" else field)
    said = _(BEYOND).format(name=_(name), value=value, low=allowed.start, high=allowed.stop - 1)
    assert priced["error"] == said, priced
    assert priced["field"] == field
    assert "toml" not in priced["error"] and "toml" not in priced["message"]
    # a file the player chose is still named: its refusal is about that file
    chosen = build({"toml": start["toml"], "file": "mine.toml", "set": {field: str(value)}}, lang)
    assert chosen["points"]["error"].startswith("mine.toml"), chosen["points"]


@pytest.mark.parametrize("name", ["a\x7fb", "a\u2028b", "a\u202eb"])
def test_the_builder_never_writes_a_name_its_reader_refuses(name: str) -> None:
    """A name with DEL, a line separator or a bidi control was written into the kept file, then
    refused at the next step as the file's (attack round seventeen): refused as the name field's
    at once, and no file is written."""
    request = {"build": {"start": "", "set": {"name": name}}, "lang": "en"}
    answer = json.loads(ask_json(json.dumps(request)))
    assert answer.get("field") == "name", answer
    assert "toml" not in answer
    assert "name" in answer["error"] or "text" in answer["error"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_builder_warning_that_says_see_the_errata_links_its_record(lang: str) -> None:
    """Player round 24, F7: "Magic User: level 4 is for characters only (...: see the errata)"
    linked nowhere in the profile builder."""
    first = build({"start": "orc-bruiser"}, lang)
    step = build({"toml": first["toml"], "add": ["traits", "magic-user|4"]}, lang)
    said = "\n".join(step["points"]["text"])
    assert "see the errata" in said or "voir les errata" in said, said
    assert [r["id"] for r in step["points"]["readings"]] == ["named-characters-wizardry-4"]
    assert "readings" not in first["points"]


def test_a_french_file_names_the_book_s_sections_as_the_french_pages_do() -> None:
    """Player round thirty: a profile file made on the French page said "Creating A Profile >
    Creating Chariots" as its source; each section of every starting profile's source is said in
    French, as the French page's heading of that section says it."""
    from nqcore import po

    headings: dict[str, set[str]] = {}  # a heading's French on some page ("Dwarf": « Nain »)
    for path in sorted((Path(__file__).parents[2] / "locale" / "fr" / "LC_MESSAGES").glob("*.po")):
        for message in po.read(path.read_bytes()):
            headings.setdefault(str(message.id), set()).add(str(message.string))
    for key, _name in starting_profiles():
        english = str(starting_record(key)["source"]).split(" > ")
        source = tomllib.loads(build({"start": key}, "fr")["toml"])["source"].split(" > ")
        assert len(source) == len(english), (key, source)
        for section, said in zip(english, source, strict=True):
            assert said in headings[section], (key, section, said)


@pytest.mark.parametrize("bonus", ["barding", "armoured_mount"])
def test_the_builder_gives_a_mount_its_barding_or_natural_armour(bonus: str) -> None:
    """The book's knight, heavy armour (AR4), a shield and a barded warhorse: AR6, the barding
    priced +3 (Barding Cost / Armoured Mount), which the builder had no field for (player round
    40); the box unticked takes it back off."""
    start = build({"start": "basic-warrior"}, "en")
    knight = build(
        {
            "toml": start["toml"],
            "set": {"armour": "4", "shield": True, bonus: True, "mounted": True},
        },
        "en",
    )
    record = tomllib.loads(knight["toml"])
    assert record["armour"] == {"value": 4, "shield": True, bonus: True}
    assert knight["fields"][bonus] is True and knight["fields"]["shield"] is True
    items = {i["item"]: i["points"] for i in knight["points"]["json"]["items"]}
    said = {"barding": "Barding, AR +1", "armoured_mount": "Armoured Mount, AR +1"}[bonus]
    cost = {"barding": barding_cost, "armoured_mount": armoured_mount_cost}[bonus]()
    assert items[said] == cost
    unticked = build({"toml": knight["toml"], "set": {bonus: False}}, "en")
    assert bonus not in tomllib.loads(unticked["toml"])["armour"]
    points = unticked["points"]["json"]["points"]
    assert points == knight["points"]["json"]["points"] - cost


def test_any_weapon_can_be_made_the_primary_at_full_points() -> None:
    """Weapon Selection: the primary weapon at full points, the others at half (rounded up); the
    builder made primary whichever was added first (player round 40), now any can be."""
    start = build({"start": "basic-warrior"}, "en")
    sword = build({"toml": start["toml"], "add": ["weapons", "sword"]}, "en")
    both = build({"toml": sword["toml"], "add": ["weapons", "long-bow"]}, "en")
    assert both["picks"]["weapons"] == ["Sword", "Long Bow"]
    bow = build({"toml": both["toml"], "primary": 1}, "en")
    assert bow["picks"]["weapons"] == ["Long Bow", "Sword"]
    assert tomllib.loads(bow["toml"])["weapons"] == ["long-bow", "sword"]
    sword_first, bow_first = _weapon_prices(both), _weapon_prices(bow)
    # each at full points first, at half (rounded up) second
    assert bow_first["Sword"] == additional_weapon_cost(sword_first["Sword"])
    assert sword_first["Long Bow"] == additional_weapon_cost(bow_first["Long Bow"])


def _weapon_prices(answer: dict[str, Any]) -> dict[str, int]:
    """The points of each weapon of a builder's answer, by its name ("Sword", "Long Bow")."""
    return {
        item["item"].split(" (")[0]: int(item["points"])
        for item in answer["points"]["json"]["items"]
        if item["item"].split(" (")[0] in answer["picks"]["weapons"]
    }
