"""The army builder's bridge (nqcompanion.bridge.web_army), as the At the table page asks it: every
rule of the book's army rules comes back with its section, kind, entry and field as data; the total
is the engine's price of the force; a refused file or change names its entry and field, in
French too; the file it writes is the one ``nq army`` reads."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from nqcompanion.bridge.web import ask_json
from nqcompanion.bridge.web_army import army, army_toml, import_army
from nqcompanion.bridge.web_starting import starting_record
from nqcore.army.army_rules import army_rules
from nqcore.army.army_schema import ArmyFile, Model, Support, Unit
from nqcore.army.force import parse_army, price
from nqcore.army.schema_problems import schema_problem
from nqcore.cli.files import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parents[2]
ARMIES = ROOT / "examples" / "armies"
GENERAL = {"name": "Lord", "profile": "hero", "general": True}
CORE = {"name": "Orcs", "profile": "orc-bruiser", "models": 10}
#: The records of the army file, by kind of entry (the army's own fields: "army").
STRUCTS: dict[str, Any] = {
    "unit": Unit,
    "individual": Model,
    "character": Model,
    "support": Support,
    "army": ArmyFile,
}
BEARER = {"equipment": ["army-battle-standard"]}
#: The Growler One Horn's fields as a player's own profile (65 points, typed core): the book's
#: statement that one horns are core is about its profile, so this one is elite by its points.
BEAST = {**starting_record("growler-one-horn"), "key": "beast", "name": "Beast"}


def unit(name: str, profile: str | dict[str, Any], models: int, **more: Any) -> dict[str, Any]:
    return {"name": name, "profile": profile, "models": models, **more}


def battery(crew: int, weapons: int = 1, **more: Any) -> dict[str, Any]:
    guns = {"name": "Guns", "weapon": "cannon", "weapons": weapons, "profile": "dwarf"}
    return {**guns, "crew": crew, **more}


X3 = {"key": "extra-attack", "level": "x3"}
TATTOO_AR5 = {"key": "magic-tattoos", "level": "AR5"}


def mage(name: str, spell: str, level: int = 1, *more: str) -> dict[str, Any]:
    """An individual magic user of ``level`` with the ``spell`` (and ``more``), as the player's
    own profile."""
    profile = {**starting_record("hero"), "key": "mage", "name": name, "spells": [spell, *more]}
    profile["traits"] = [{"key": "magic-user", "level": str(level)}]
    return {"name": name, "profile": profile}


def data(*units: dict[str, Any], general: bool = True, **more: Any) -> dict[str, Any]:
    individuals = [GENERAL] if general else []
    individuals += more.pop("individual", [])
    army_data: dict[str, Any] = {"name": "Test", "points": more.pop("points", 3000)}
    army_data |= {"unit": list(units), "individual": individuals, **more}
    return army_data


#: An army breaking each rule of the book, and the entry the breach is about (none: the army).
BROKEN: dict[str, tuple[dict[str, Any], tuple[str, int] | None]] = {
    "game-size": (data(unit("Orcs", "orc-bruiser", 20), points=500), None),
    "unit-size": (data(unit("Men", "basic-soldier", 3)), ("unit", 0)),
    "sample-unit-size": (data(CORE, unit("Axes", "dwarf", 4)), ("unit", 1)),
    "sample-unit-range": (data(CORE, unit("Pack", "growler-one-horn", 12)), ("unit", 1)),
    "unit-models": (
        data(unit("Orcs", "orc-bruiser", 2, leader="hero", specialists=["musician"] * 2)),
        ("unit", 0),
    ),
    "elite-units": (
        data(CORE, unit("Chaos", "chaos-warrior", 4), unit("C2", "chaos-warrior", 4)),
        None,
    ),
    "core-units-larger": (data(CORE, unit("Chaos", "chaos-warrior", 12)), None),
    "elite-models": (
        data(
            unit("Orcs", "orc-bruiser", 10),
            unit("Goblins", "goblin-archer", 10),
            unit("Chaos", "chaos-warrior", 14),
        ),
        None,
    ),
    "core-by-points": (data(CORE, unit("Beasts", BEAST, 4)), ("unit", 1)),
    "model-type": (
        data(CORE, character=[{"name": "Warlord", "profile": "orc-warlord-on-dragon"}]),
        ("character", 0),
    ),
    "leader-type": (
        data(CORE, unit("Guards", "orc-bruiser", 8, leader="vampire-on-demon-beast")),
        ("unit", 1),
    ),
    "battle-standard-single": (
        data(
            CORE,
            individual=[
                {"name": "Bearer", "profile": "hero", "options": BEARER},
                {"name": "Bearer 2", "profile": "hero", "options": BEARER},
            ],
        ),
        None,
    ),
    "battle-standard-individual": (data({**CORE, "options": BEARER}), ("unit", 0)),
    "battle-standard-only-standard": (
        data(
            {**CORE, "specialists": ["standard-bearer"]},
            individual=[{"name": "Bearer", "profile": "hero", "options": BEARER, "joins": "Orcs"}],
        ),
        ("individual", 1),
    ),
    "general-single": (data(CORE, individual=[{**GENERAL, "name": "Second"}]), None),
    "general-missing": (data(CORE, general=False), None),
    "general-type": (
        data(
            CORE,
            general=False,
            individual=[{"name": "Boss", "profile": "orc-bruiser", "general": True}],
        ),
        ("individual", 0),
    ),
    "joins-unit": (
        data(CORE, individual=[{"name": "Hero", "profile": "hero", "joins": "Elves"}]),
        ("individual", 1),
    ),
    "character-twice": (
        data({**CORE, "leader": "hero"}, individual=[{"name": "Hero", "profile": "hero"}]),
        None,
    ),
    "support-crew": (data(CORE, support=[battery(1)]), ("support", 0)),
    "battery-leader": (data(CORE, support=[battery(2, leader="hero")]), ("support", 0)),
    "support-availability": (data(CORE, support=[battery(3, weapons=2)]), None),
    "support-unit-type": (data(CORE, support=[unit("Chaos", "chaos-warrior", 1)]), ("support", 0)),
    "support-large-creature": (
        data(CORE, support=[unit("Ogre", "ogre-freebooter", 1)]),
        ("support", 0),
    ),
    "ranked-size": (data(unit("Orcs", "orc-bruiser", 7, formation="ranked")), ("unit", 0)),
    "closed-size": (data(unit("Orcs", "orc-bruiser", 7, formation="closed")), ("unit", 0)),
    "infiltrating-size": (
        data(unit("S", "goblin-archer", 8, options={"abilities": ["infiltrate"]})),
        ("unit", 0),
    ),
    "initiates-size": (
        data(CORE, unit("Initiates", "human-men-at-arms", 8, options={"traits": ["initiate"]})),
        ("unit", 1),
    ),
    "opposed-magic": (
        data(CORE, individual=[mage("Fire Mage", "fireball"), mage("Water Mage", "flood")]),
        None,
    ),
    "one-aspect": (
        data(CORE, individual=[mage("Mixed Mage", "fireball", 2, "stone-armour")]),
        ("individual", 1),
    ),
    "extra-attack-maximum": (
        data(CORE, unit("Men", "human-men-at-arms", 10, options={"abilities": [X3]})),
        ("unit", 1),
    ),
    "tattoo-maximum": (
        data(CORE, unit("Men", "human-men-at-arms", 10, options={"equipment": [TATTOO_AR5]})),
        ("unit", 1),
    ),
    "specialists-single": (
        data({**CORE, "specialists": ["standard-bearer", "musician", "standard-bearer"]}),
        ("unit", 0),
    ),
    "magic-level-4": (data(CORE, individual=[mage("Archmage", "fireball", 4)]), ("individual", 1)),
}


def test_every_rule_of_the_book_has_a_broken_army_here() -> None:
    assert set(BROKEN) == set(army_rules())


@pytest.mark.parametrize("key", list(BROKEN))
def test_each_breach_comes_back_with_its_section_entry_and_field(key: str) -> None:
    army_data, place = BROKEN[key]
    answer = army({"data": army_data}, "en")
    assert "error" not in answer, answer
    found = {b["rule"]: b for b in answer["breaches"]}
    breach, rule = found[key], army_rules()[key]
    assert breach["section"] == rule.section and breach["kind"] == rule.kind
    assert breach["field"] == rule.field
    expected = None if place is None else {"kind": place[0], "index": place[1]}
    assert breach["entry"] == expected
    if place is not None:  # beside its entry: the entry's own field, and said without its name
        record = answer["data"][place[0]][place[1]]
        assert breach["text"] == f"{record['name']}: {breach['said']}"
        assert rule.field is None or rule.field in STRUCTS[place[0]].__struct_fields__
    refusals, warnings = shown_counts(answer)
    assert answer["summary"].endswith(
        f"{refusals} refusal{'s' * (refusals != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    )


def shown_counts(answer: dict[str, Any]) -> tuple[int, int]:
    """The refusals and warnings the page shows: the breaches (army-wide and under their
    entries) and the warnings of each entry's profile, shown under the entry."""
    refusals = sum(b["kind"] == "refusal" for b in answer["breaches"])
    warnings = len(answer["breaches"]) - refusals
    return refusals, warnings + sum(len(e["warnings"]) for e in answer["entries"])


#: The Barrow Host with grenades bought for its ghouls: their profile is no longer the book's
#: as printed, and warns of its two abilities (the recommended maximum for a core model is 1).
GRENADES = 'options = { equipment = [{ key = "grenades", level = "ST3 1\\"" }] }\n'
CHANGED_GHOULS = (
    (ARMIES / "barrow-host.toml")
    .read_text(encoding="utf-8")
    .replace('profile = "craven-ghouls"\n', 'profile = "craven-ghouls"\n' + GRENADES)
)


def test_a_unit_is_led_by_a_unit_leader_or_an_individual() -> None:
    """Unit Leaders, and Individuals: "individuals may be used as unit leaders"; a character
    or a unit's profile leading a unit is warned of, in the page's language."""
    led = data(CORE, unit("Guards", "orc-bruiser", 8, leader="hero"))
    assert "leader-type" not in {b["rule"] for b in army({"data": led}, "en")["breaches"]}
    for leader, found in (("vampire-on-demon-beast", "personnage"), ("dwarf", "élite")):
        answer = army({"data": data(CORE, unit("G", "orc-bruiser", 8, leader=leader))}, "fr")
        said = [b["said"] for b in answer["breaches"] if b["rule"] == "leader-type"]
        assert said == [
            f"le profil de son chef est de type {found} ; une unité est menée par un "
            "profil de type chef d’unité ou individu"
        ], said


def test_the_summary_counts_the_warnings_shown_under_the_entries() -> None:
    text = CHANGED_GHOULS.encode("utf-8")
    answer = import_army(text, "fr")
    assert shown_counts(answer) == (0, 1)  # the ghouls' abilities
    assert answer["summary"].endswith(" · 0 refus, 1 avertissement"), answer["summary"]
    english = import_army(text, "en")
    assert english["summary"].endswith("0 refusals, 1 warning"), english["summary"]


def test_the_books_own_profiles_do_not_warn_of_the_guidelines_in_an_army() -> None:
    """The book's Wight Lord has W 4 and four traits, beyond the recommended maxima for an
    individual: its designers' choice, not the player's, so the army says nothing of it."""
    answer = import_army((ARMIES / "barrow-host.toml").read_bytes(), "en")
    assert shown_counts(answer) == (0, 0), answer["entries"]
    assert answer["summary"].endswith("0 refusals, 0 warnings"), answer["summary"]


def test_each_rules_field_is_a_field_of_the_army_file() -> None:
    fields = {name for struct in STRUCTS.values() for name in struct.__struct_fields__}
    for rule in army_rules().values():
        assert rule.field is None or rule.field in fields, rule.key


@pytest.mark.parametrize("name", ["barrow-host.toml", "orc-warband.toml"])
def test_the_total_is_the_engines_price_of_the_force(name: str) -> None:
    text = (ARMIES / name).read_text(encoding="utf-8")
    if "file =" in text:  # the page has no folder: the leader's profile given inline
        text = text.replace('leader = { file = "orc-captain.toml" }', 'leader = "hero"')
    answer = army({"toml": text}, "en")
    assert "error" not in answer, answer
    force = price(*parse_army(answer["data"], "army.toml"))
    assert answer["total"] == force.total == sum(e["points"] for e in answer["entries"])
    assert answer["points"] == force.points
    assert answer["json"]["total"] == force.total
    for entry, priced in zip(answer["entries"], force.entries, strict=True):
        assert entry["points"] == priced.points
        assert [line["points"] for line in entry["lines"]] == [li.points for li in priced.lines]


def test_the_file_written_is_the_one_nq_army_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.engine.test_army_cli import run

    army_data, _place = BROKEN["joins-unit"]
    answer = army({"data": army_data}, "fr")
    path = tmp_path / "army.toml"
    path.write_text(answer["toml"], encoding="utf-8")
    code, out, _err = run(capsys, "--lang", "fr", "--json", "army", str(path))
    assert code == 2  # joins a unit the army lacks: a refusal
    printed = json.loads(out)
    assert printed["roster"] == answer["json"]["roster"]
    assert printed["refusals"] == answer["json"]["refusals"]
    assert printed["total"] == answer["total"]
    lines = run(capsys, "--lang", "fr", "army", str(path))[1].splitlines()
    assert lines == answer["text"]
    again = army({"toml": path.read_text(encoding="utf-8")}, "fr")
    assert again["data"] == answer["data"] and again["toml"] == answer["toml"]


def test_adding_an_entry_names_it_and_gives_it_the_books_least_models() -> None:
    start = {"name": "Test", "points": 1000}
    answer = army({"data": start, "add": {"kind": "unit", "profile": "dwarf"}}, "fr")
    assert answer["data"]["unit"] == [{"name": "Nain", "profile": "dwarf", "models": 6}]  # 6+
    again = army({"data": answer["data"], "add": {"kind": "unit", "profile": "dwarf"}}, "fr")
    assert [u["name"] for u in again["data"]["unit"]] == ["Nain", "Nain 2"]
    mine = (
        'name = "Pikeman"\ntype = "core"\nac = 8\nra = "-"\ncc = 5\nst = 4\nt = 5\nw = 1\nco = 6\n'
    )
    own = army({"data": start, "add": {"kind": "support", "toml": mine}}, "en")
    assert own["data"]["support"][0]["profile"]["name"] == "Pikeman"
    assert own["entries"][0]["points"] > 0
    led = army(
        {
            "data": again["data"],
            "use": {"kind": "unit", "index": 1, "field": "leader", "toml": mine},
        },
        "en",
    )
    assert led["data"]["unit"][1]["leader"]["name"] == "Pikeman"


@pytest.mark.parametrize(
    ("change", "entry", "field", "french"),
    [
        (
            {"unit": [unit("Orcs", "orc-bruiser", 0)]},
            ("unit", 0),
            "models",
            "army.toml, unité nº 1, champ models (nombre de figurines)"
            "\u00a0: il faut un nombre entier de 1 à 1000",
        ),
        (
            {"unit": [unit("Orcs", "no-such", 4)]},
            ("unit", 0),
            "profile",
            "profil inconnu « no-such »",
        ),
        (
            {"unit": [CORE], "character": [{"name": "Orcs", "profile": "hero"}]},
            ("character", 0),
            "name",
            "une seconde entrée nommée Orcs",
        ),
        (
            {"support": [{"name": "A", "profile": "dwarf", "weapon": "sword", "crew": 2}]},
            ("support", 0),
            "weapon",
            "n’est pas une arme de soutien",
        ),
        (
            {"unit": [unit("Orcs", "orc-bruiser", 4, formation="wedge")]},
            ("unit", 0),
            "formation",
            "champ formation\u00a0: « wedge » n’est pas l’un des choix",
        ),
        (
            {"points": "many"},
            None,
            "points",
            "champ points (taille de la partie en points)"
            "\u00a0: il faut un nombre entier, pas un texte",
        ),
    ],
)
def test_a_refused_change_names_its_entry_and_field_in_french(
    change: dict[str, Any], entry: tuple[str, int] | None, field: str, french: str
) -> None:
    answer = army({"data": {"name": "T", "points": 100, **change}}, "fr")
    assert answer["field"] == field
    assert answer["entry"] == (None if entry is None else {"kind": entry[0], "index": entry[1]})
    assert french in answer["error"], answer["error"]
    assert "\n" not in answer["error"] and "Traceback" not in answer["error"]
    assert answer["said"] in answer["error"]
    english = army({"data": {"name": "T", "points": 100, **change}}, "en")
    assert english["field"] == field and english["error"] != answer["error"]


def test_breaches_and_the_summary_in_french() -> None:
    answer = army({"data": BROKEN["elite-units"][0]}, "fr")
    found = {b["rule"]: b for b in answer["breaches"]}
    assert found["elite-units"]["said"].startswith("les unités d’élite (2)")
    assert found["elite-units"]["heading"] == "Unités"
    assert answer["summary"].endswith("1 refus, 1 avertissement"), answer["summary"]
    assert answer["entries"][0]["kind_name"] == "Unité"
    said = answer["entries"][0]["lines"][0]["said"]
    assert said == "Cogneur orque\u00a0: 10 figurines × 30 points = 300 points"


HOSTILE = {
    "deep.toml": b"a = " + b"[" * 3000 + b"]" * 3000,
    "latin1.toml": 'name = "\xe9t\xe9"\npoints = 100\n'.encode("latin-1"),
    "huge.toml": b'name = "X"\npoints = 100\n' + b"#" * MAX_FILE_BYTES,
    "half.toml": b'name = "X\npoints = 100\n',
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_import_is_one_line_naming_the_file(name: str) -> None:
    for lang in ("en", "fr"):
        answer = import_army(HOSTILE[name], lang, name)
        assert answer["error"].startswith(f"{name}") and "\n" not in answer["error"], answer
    request = json.dumps(
        {"lang": "fr", "army_import": base64.b64encode(HOSTILE[name]).decode(), "file": name}
    )
    assert json.loads(ask_json(request))["error"] == import_army(HOSTILE[name], "fr", name)["error"]


def test_an_import_is_read_as_nq_army_reads_it() -> None:
    text = (ARMIES / "barrow-host.toml").read_bytes()
    request = json.dumps({"lang": "en", "army_import": base64.b64encode(text).decode()})
    answer = json.loads(ask_json(request))
    assert answer["data"]["name"] == "The Barrow Host" and answer["total"] <= 1000
    assert not [b for b in answer["breaches"] if b["kind"] == "refusal"]
    asked = json.loads(ask_json(json.dumps({"lang": "en", "army": {"toml": answer["toml"]}})))
    assert asked["total"] == answer["total"]
    assert army_toml(answer["data"]) == answer["toml"]


def test_schema_problems_unknown_to_the_engine_stay_as_msgspec_says() -> None:
    assert schema_problem("Something new", "fr") == "Something new"
    assert schema_problem("Expected `int` <= 1000", "fr") == (
        "il faut un nombre entier d’au plus 1000"
    )


def test_a_list_or_a_text_too_long_is_said_as_what_it_is() -> None:
    """A list of 3,000 units, a name of 10,000 characters: each said as a list or a text, not
    "at most 100 (characters or items)" (player round 29)."""
    said = schema_problem("Expected `array` of length <= 100", "en", None, "unit")
    assert said == "too many entries in a list (the most: 100)"
    said = schema_problem("Expected `str` of length <= 60", "fr", None, "name")
    assert said == "texte trop long (au plus 60)"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "'orc-captain.toml' is a profile file beside the army file, and a browser has no"),
        ("fr", "« orc-captain.toml » est un fichier de profil placé à côté du fichier d’armée"),
    ],
)
def test_an_import_naming_a_profile_file_is_refused_at_its_field(lang: str, said: str) -> None:
    """The page has only the file it was given: a ``{ file = ... }`` profile is refused at its
    entry's field, in the page's language, without the engine's scratch folder in the message
    (before, it said the file could not be read, naming no reason a player could act on)."""
    text = (ARMIES / "orc-warband.toml").read_bytes()
    answer = import_army(text, lang, "orc-warband.toml")
    place = {"en": "unit #1 (Orc Bruisers), leader", "fr": "unité nº 1 (Orc Bruisers), chef"}[lang]
    assert answer["error"].startswith(f"orc-warband.toml, {place}")
    assert said in answer["error"] and said in answer["said"]
    assert (answer["entry"], answer["field"]) == ({"kind": "unit", "index": 0}, "leader")
    assert "/tmp" not in answer["error"] and "\n" not in answer["error"]
    # The same file sent as the army's text (a kept army) is refused the same way.
    asked = army({"toml": text.decode()}, lang)
    assert asked["error"].replace("army.toml", "orc-warband.toml") == answer["error"]


def test_the_answer_carries_the_engines_roster() -> None:
    """The page prints the roster the engine gives (nqcore.army.roster): each entry with its
    points and profile line, the total against the game's size, in the page's language."""
    text = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8")
    answer = army({"toml": text}, "fr")
    roster = answer["roster"]
    assert roster["title"] == "The Barrow Host" and roster["colon"] == "\u00a0: "
    assert [e["name"] for e in roster["entries"]] == [e["name"] for e in answer["entries"]]
    assert [e["points"] for e in roster["entries"]] == [e["points_said"] for e in answer["entries"]]
    assert roster["total"] == "Total\u00a0: 970 points sur les 1\u202f000 convenus"
    first = roster["entries"][0]["profiles"][0]
    assert first["values"] == ["8", "2", "5", "4", "4", "1", "2", "0"]
    assert first["details"][0] == ["Armes", "Épée (CU4, F+1)"]


@pytest.mark.parametrize(
    ("line", "entry", "field", "said"),
    [
        ("points = 1979-05-27", None, "points", "il faut un nombre entier, pas une date"),
        (
            "models = 1979-05-27T10:00:00",
            {"kind": "unit", "index": 0},
            "models",
            "il faut un nombre entier, pas une date et une heure",
        ),
        ("name = 07:32:00", None, "name", "il faut un texte, pas une heure"),
    ],
)
def test_a_toml_date_is_refused_at_its_entry_and_field_in_the_pages_language(
    line: str, entry: dict[str, Any] | None, field: str, said: str
) -> None:
    """As ``nq army`` refuses it (its schema names the field), never "no TOML for datetime"."""
    fields = {"name": '"Host"', "points": "500", "models": "10"}
    key = line.split(" = ")[0]
    fields[key] = line.split(" = ")[1]
    text = (
        f'name = {fields["name"]}\npoints = {fields["points"]}\n\n[[unit]]\nname = "Orcs"\n'
        f'profile = "orc-bruiser"\nmodels = {fields["models"]}\n'
    )
    answer = import_army(text.encode(), "fr")
    assert (answer["entry"], answer["field"], answer["said"]) == (entry, field, said)
    assert answer["error"].startswith("army.toml, ") and "datetime" not in answer["error"]


def test_a_date_no_schema_names_is_refused_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the engine's reader take it, the page still refuses it, at its entry and field."""
    from nqcore.army import force

    monkeypatch.setattr(force, "army", lambda path: None)
    text = (
        'name = "Host"\npoints = 500\n\n[[unit]]\nname = "Orcs"\nprofile = { when = 1979-05-27 }\n'
    )
    answer = import_army(text.encode(), "fr")
    assert answer["error"] == (
        "army.toml, unité nº 1, profil\u00a0: « 1979-05-27 » est une date ou une heure\u00a0: "
        "aucun champ "
        "d’un fichier d’armée n’en prend"
    )
    assert (answer["entry"], answer["field"]) == ({"kind": "unit", "index": 0}, "profile")


#: Army-wide breaches and the entries each concerns, which the page shows it beside.
CONCERNS = {
    "general-single": [("individual", 0), ("individual", 1)],
    "elite-units": [("unit", 1), ("unit", 2)],
    "core-units-larger": [("unit", 1)],
    "battle-standard-single": [("individual", 1), ("individual", 2)],
    "support-availability": [("support", 0)],
    "opposed-magic": [("individual", 1), ("individual", 2)],
}


@pytest.mark.parametrize("key", list(CONCERNS))
def test_an_army_wide_breach_names_the_entries_it_concerns(key: str) -> None:
    answer = army({"data": BROKEN[key][0]}, "en")
    found = {b["rule"]: b for b in answer["breaches"]}[key]
    assert found["entry"] is None
    assert found["concerns"] == [{"kind": k, "index": i} for k, i in CONCERNS[key]]
    assert "general-missing" not in CONCERNS  # no entry to name: shown at the top only


def test_an_imported_unit_with_two_standard_bearers_is_refused_not_priced_twice() -> None:
    """ "A standard bearer and / or a musician": the second standard bearer is refused beside
    the unit's specialists, in French too."""
    text = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8")
    two = text.replace('["standard-bearer", "musician"]', '["standard-bearer", "standard-bearer"]')
    assert two != text
    answer = import_army(two.encode(), "fr")
    (found,) = [b for b in answer["breaches"] if b["rule"] == "specialists-single"]
    assert found["kind"] == "refusal" and found["field"] == "specialists"
    assert found["entry"] == {"kind": "unit", "index": 0}
    assert found["said"].startswith("2 porteurs de bannière dans l’unité")
    assert "1 refus" in answer["summary"]


@pytest.mark.parametrize(
    ("field", "value", "lang", "said"),
    [
        (
            "models",
            -3,
            "en",
            "army.toml, unit #1, field models: expected a whole number from 1 to 1000",
        ),
        (
            "models",
            5000,
            "en",
            "army.toml, unit #1, field models: expected a whole number from 1 to 1000",
        ),
        ("models", -3, "fr", "il faut un nombre entier de 1 à 1000"),
        ("points", 0, "en", "army.toml, field points: expected a whole number from 1 to 99999"),
    ],
)
def test_an_imported_count_out_of_bounds_is_told_both_bounds(
    field: str, value: int, lang: str, said: str
) -> None:
    """The schema's two bounds, not msgspec's one: "expected a whole number from 1" trails off."""
    record = {"name": "A", "profile": "orc-bruiser", "models": 10}
    army_data = {"name": "X", "points": 1000, "unit": [record]}
    if field == "points":
        army_data["points"] = value
    else:
        record[field] = value
    answer = import_army(army_toml(army_data).encode(), lang)
    assert said in answer["error"], answer["error"]


def test_a_unit_on_foot_is_offered_leaders_on_foot_of_its_size() -> None:
    """The book: "In many cases, individuals may be used as unit leaders": a rider on a dragon (a
    large individual, mounted) is not offered to lead Men At Arms; the Hero is."""
    men = {"name": "Men", "profile": "human-men-at-arms", "models": 10}
    answer = army({"data": {"name": "X", "points": 2000, "unit": [men]}}, "en")
    leaders = answer["entries"][0]["leaders"]
    assert "hero" in leaders
    assert not {"wight-lord-on-zombie-dragon", "orc-warlord-on-dragon"} & set(leaders)


def test_a_warning_that_follows_an_erratum_links_its_record() -> None:
    """Player round 24: a Magic User of level 4 in the army said "see the errata" and, unlike
    the profile builder, linked no record."""
    got = army({"data": data(CORE, individual=[mage("Archmage", "fireball", 4)])}, "en")
    readings = [r for b in got["breaches"] for r in b.get("readings", [])]
    assert [r["id"] for r in readings] == ["named-characters-wizardry-4"], got["breaches"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_character_of_magic_level_4_links_its_erratum(lang: str) -> None:
    """Player round 27: a character at Magic User level 4 broke nothing, so the army linked no
    erratum where the 2007 book's "Named characters only" applies; the entry links it (an
    individual's refusal links it itself, the entry not twice)."""
    archmage = mage("Archmage", "fireball", 4)
    archmage["profile"] = {**archmage["profile"], "type": "character"}
    answer = army({"data": data(CORE, character=[archmage])}, lang)
    entry = next(e for e in answer["entries"] if e["kind"] == "character")
    assert [r["id"] for r in entry["readings"]] == ["named-characters-wizardry-4"]
    assert not [w for w in entry["warnings"] if w["code"] == "magic-level-4"]
    individual = army({"data": data(CORE, individual=[mage("Mage", "fireball", 4)])}, lang)
    mage_entry = next(e for e in individual["entries"] if e["name"] == "Mage")
    assert "readings" not in mage_entry
