"""``nq army FILE``: the roster, the totals and the breaches in English and French, as JSON;
exit status 0, or 2 on a refusal or a file it will not read (one line naming file and field)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nqcore.cli.commands import main
from nqcore.typography import colon

Capture = pytest.CaptureFixture[str]
ARMIES = Path(__file__).resolve().parents[2] / "examples" / "armies"

REFUSED = """\
name = "Orc Raiders"
points = 1000
[[unit]]
name = "Bruisers"
profile = "orc-bruiser"
models = 10
[[unit]]
name = "Ogres"
profile = "ogre-freebooter"
models = 1
[[unit]]
name = "Chaos Warriors"
profile = "chaos-warrior"
models = 4
"""


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "army.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_sample_army_in_english(capsys: Capture) -> None:
    code, out, err = run(capsys, "army", str(ARMIES / "barrow-host.toml"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Army The Barrow Host: 970 of 1,000 points"
    assert lines[1] == "Unit Skeleton Warriors (core, 20 models): 410 points"
    assert "  Standard Bearer: 1 model × 25 points = 25 points" in lines
    assert "Individual The Wight Lord (General): 219 points" in lines
    assert lines[-2:] == [
        "Total: 970 points of the 1,000 agreed",
        "The army keeps every army rule of the book.",
    ]


def test_the_sample_army_in_french(capsys: Capture) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "army", str(ARMIES / "barrow-host.toml"))
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "Armée The Barrow Host\u00a0: 970 points sur 1\u202f000"
    assert lines[1] == "Unité Skeleton Warriors (régulier, 20 figurines)\u00a0: 410 points"
    assert "Individu The Wight Lord (Général)\u00a0: 219 points" in lines
    assert lines[-1] == "L’armée respecte toutes les règles d’armée du livre."


def test_a_refused_army_exits_2_after_its_answer(capsys: Capture, tmp_path: Path) -> None:
    code, out, err = run(capsys, "army", write(tmp_path, REFUSED))
    assert (code, err) == (2, "")
    assert (
        "Refused: elite units (2) outnumber core units (1): the number of elite units may never "
        "exceed the number of core units (rule Units, section units)"
    ) in out
    assert (
        "Warning: Ogres: the book fields Ogre Freebooter 2 or more to a unit; this one has 1 "
        "(its Structure line: a guideline) (rule Sample Profiles, section "
        "sample-profiles-sample-profiles)"
    ) in out


def test_a_refused_army_in_french(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "army", write(tmp_path, REFUSED), "--lang", "fr")
    assert code == 2
    assert (
        "Refusé\u00a0: les unités d’élite (2) sont plus nombreuses que les unités régulières "
        "(1)\u00a0: le "
        "nombre d’unités d’élite ne peut jamais dépasser celui des unités régulières (règle "
        "Unités, section units)"
    ) in out
    assert "Avertissement\u00a0: aucune figurine n’est désignée Général d’armée" in out


def test_json_names_rule_section_and_kind(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "army", "--json", write(tmp_path, REFUSED), "--lang", "fr")
    answer = json.loads(out)
    assert code == 2
    assert (answer["total"], answer["agreed"]) == (555, 1000)
    assert [u["points"] for u in answer["roster"]] == [300, 67, 188]
    assert answer["total"] == sum(u["points"] for u in answer["roster"])
    refusal = answer["refusals"][0]
    assert (refusal["rule"], refusal["section"], refusal["entry"]) == ("elite-units", "units", None)
    assert refusal["text"].startswith("les unités d’élite (2)")
    warning = next(w for w in answer["army_warnings"] if w["rule"] == "sample-unit-size")
    assert warning["entry"] == "Ogres"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('name = "X"\n', "army.toml: missing field(s) points"),
        (
            'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nprofile = "orc-bruiser"\nmodels = 0\n',
            "army.toml, unit #1 (A), field models: expected int >= 1",
        ),
        (
            'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nprofile = "orc-bruiser"\n'
            "models = 4\ncolour = 1\n",
            "army.toml, unit #1 (A), field colour: unknown field (misspelled?)",
        ),
        (
            'name = "X\\u001b[2J"\npoints = 100\n',
            "army.toml: name: a control character (U+001B) in the text",
        ),
        (
            'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nprofile = "no-such"\nmodels = 4\n',
            "army.toml, unit #1 (A), profile: unknown profile 'no-such'",
        ),
        (
            'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nprofile = { file = "gone.toml" }\n'
            "models = 4\n",
            "gone.toml: cannot read the file",
        ),
        (
            'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nmodels = 4\n'
            'leader = { file = "../../etc/passwd" }\nprofile = "dwarf"\n',
            "army.toml, unit #1 (A), leader, file: '../../etc/passwd' is not a file beside",
        ),
        (
            'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nmodels = 4\n'
            'profile = { file = "/etc/passwd" }\n',
            "army.toml, unit #1 (A), profile, file: '/etc/passwd' is not a file beside the army",
        ),
        (
            'name = "X"\npoints = 100\n[[support]]\nname = "A"\nprofile = "dwarf"\n'
            'weapon = "sword"\ncrew = 2\n',
            "army.toml, support #1 (A), field weapon: Sword is not a support weapon",
        ),
        (
            'name = "X"\npoints = 100\n[[individual]]\nname = "A"\nprofile = "hero"\n'
            '[[character]]\nname = "A"\nprofile = "hero"\n',
            "army.toml, character #1 (A): a second entry named A",
        ),
        (
            'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nmodels = 4\n'
            'profile = { name = "Y", ac = 8, ra = 3, cc = 3, st = 3, t = 3, w = 1, co = 40 }\n',
            "army.toml, unit #1 (A), profile: CO 40 is beyond its cost table",
        ),
        ("a = " + "[" * 40 + "]" * 40, "army.toml: nested deeper than 32 levels"),
        (
            'name = "X"\npoints = 100\nunit = [\n',
            "army.toml: not valid TOML at the end of the file",
        ),
        ('name = "X"\npoints = 100\n[[unit]\n', "army.toml, line 3: not valid TOML"),
    ],
)
def test_hostile_army_files_are_refused_naming_file_and_field(
    capsys: Capture, tmp_path: Path, text: str, said: str
) -> None:
    path = write(tmp_path, text)
    code, out, err = run(capsys, "army", path)
    assert (code, out) == (2, "")
    assert err.startswith("nq army: ") and len(err.splitlines()) == 1
    assert said in err.replace(str(tmp_path) + "/", ""), err


def test_a_binary_or_special_file_is_refused(capsys: Capture, tmp_path: Path) -> None:
    binary = tmp_path / "army.toml"
    binary.write_bytes(b"name = \x00")
    assert run(capsys, "army", str(binary))[0] == 2
    code, _, err = run(capsys, "army", str(tmp_path))
    assert code == 2 and "it is a directory" in err


def test_a_hostile_file_is_refused_in_french(capsys: Capture, tmp_path: Path) -> None:
    text = 'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nprofile = "no-such"\nmodels = 4\n'
    code, _, err = run(capsys, "--lang", "fr", "army", write(tmp_path, text))
    assert code == 2 and "profil inconnu « no-such »" in err


def test_a_profile_file_outside_the_army_folder_is_refused_in_french(
    capsys: Capture, tmp_path: Path
) -> None:
    text = 'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nmodels = 4\nprofile = { file = "/x" }\n'
    code, _, err = run(capsys, "--lang", "fr", "army", write(tmp_path, text))
    assert code == 2
    assert "« /x » n’est pas un fichier du dossier du fichier d’armée" in err


def test_a_profile_file_reached_through_a_link_out_of_the_folder_is_refused(
    capsys: Capture, tmp_path: Path
) -> None:
    """The path's words stay in the folder, a symbolic link on the way leaves it: refused by
    where the file is, before it is read."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "out").symlink_to("/etc")
    text = (
        'name = "X"\npoints = 100\n[[unit]]\nname = "A"\nmodels = 4\n'
        'profile = { file = "sub/out/hostname" }\n'
    )
    code, out, err = run(capsys, "army", write(tmp_path, text))
    assert (code, out) == (2, "")
    assert "'sub/out/hostname' is not a file beside the army file" in err, err


LEADER_FILE = (
    'name = "A"\npoints = 2000\n[[unit]]\nname = "B"\nprofile = "orc-bruiser"\nmodels = 16\n'
    'formation = "ranked"\nleader = { file = "chef.toml" }\n'
)


@pytest.mark.parametrize(
    ("lang", "reason"),
    [("en", "(No such file or directory)"), ("fr", "(aucun fichier ou dossier de ce nom)")],
)
def test_a_missing_leader_file_is_named_in_the_chosen_language(
    capsys: Capture, tmp_path: Path, lang: str, reason: str
) -> None:
    """The system's reason was English in French: "(No such file or directory)"."""
    code, _, err = run(capsys, "--lang", lang, "army", write(tmp_path, LEADER_FILE))
    assert code == 2
    place = {"en": "unit #1 (B), leader: ", "fr": "unité nº 1 (B), chef\u00a0: "}[lang]
    assert place in err and err.rstrip().endswith(reason), err


UNIT = 'name = "Host"\npoints = 500\n\n[[unit]]\nname = "Orcs"\nprofile = "orc-bruiser"\n'


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        (
            UNIT + 'models = 10\nspecialists = ["zz"]\n',
            "unit #1 (Orcs), field specialists #1: invalid enum value 'zz'",
            "unité nº 1, champ specialists (spécialistes)"
            "\u00a0: « zz » n’est pas l’un des choix\u00a0: "
            "standard-bearer, musician",
        ),
        (
            'name = "Host"\npoints = -2000\n',
            "field points: expected int >= 1, not -2000",
            "champ points (taille de la partie en points)"
            "\u00a0: il faut un nombre entier de 1 à 99999",
        ),
        (
            UNIT + 'models = 10\nspecialists = ["x - at `$.points`"]\n',
            "field specialists #1: invalid enum value 'x - at $.points'",
            "champ specialists (spécialistes)"
            "\u00a0: « x - at `$.points` » n’est pas l’un des choix\u00a0: "
            "standard-bearer, musician",
        ),
    ],
)
def test_a_field_the_schema_refuses_is_said_in_the_chosen_language(
    capsys: Capture, tmp_path: Path, text: str, english: str, french: str
) -> None:
    """msgspec's complaint, in French under --lang fr (it was its English), once, at its place
    (a list's item: msgspec's path to it was left in the message)."""
    path = write(tmp_path, text)
    code, _, err = run(capsys, "army", path)
    assert code == 2 and err.strip().endswith(english), err
    code, _, err = run(capsys, "army", path, "--lang", "fr")
    assert code == 2 and err.strip().endswith(french), err
    assert "$.unit" not in err and " - at " not in err.replace("x - at", "")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "unit #1 (Orc Bruisers), leader, file: '/dev/urandom' is not a file beside the army"
            " file (no absolute path, no ..)",
        ),
        (
            "fr",
            "unité nº 1 (Orc Bruisers), chef, fichier\u00a0: « /dev/urandom » "
            "n’est pas un fichier du"
            " dossier du fichier d’armée (ni chemin absolu, ni ..)",
        ),
    ],
)
def test_the_place_of_a_refusal_is_said_in_the_readers_language(
    capsys: Capture, tmp_path: Path, lang: str, said: str
) -> None:
    """French messages kept English places: « unit #1 (Orc Bruisers), leader, file: ... »."""
    text = (
        'name = "A"\npoints = 2000\n\n[[unit]]\nname = "Orc Bruisers"\nprofile = "orc-bruiser"\n'
        'leader = { file = "/dev/urandom" }\nmodels = 16\n'
    )
    path = write(tmp_path, text)
    code, _, err = run(capsys, "--lang", lang, "army", path)
    assert (code, err) == (2, f"nq army{colon(lang)}{path}, {said}\n")


ALONE = """name = "Test"
points = 1000

[[unit]]
name = "Orcs"
profile = "orc-bruiser"
models = 10
leader = "hero"

[[individual]]
name = "Mage"
profile = "hero"
"""


def test_an_individual_alone_has_no_empty_parentheses(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "army", write(tmp_path, ALONE))
    assert code == 0
    assert any(line.startswith("Individual Mage: ") for line in out.splitlines()), out
    assert "()" not in out


def test_the_leaders_profile_is_named_in_the_readers_language(
    capsys: Capture, tmp_path: Path
) -> None:
    from nqcompanion.bridge.web_army import import_army

    code, out, _ = run(capsys, "--lang", "fr", "army", write(tmp_path, ALONE))
    leader = "Chef d’unité (Héros)\u00a0: 1 figurine × 50 points = 50 points"
    assert f"  {leader}" in out.splitlines(), out
    entries = import_army(ALONE.encode(), "fr")["entries"]
    said = [line["said"] for line in entries[0]["lines"]]
    # the builder's card says too that he is priced as his profile (player round fourteen)
    assert any(line.startswith(f"{leader} (au prix de son profil") for line in said), said


SUPPORTED = (
    'name = "Support"\npoints = 2000\n[[unit]]\nname = "Men"\nprofile = "human-men-at-arms"\n'
    'models = 10\n[[individual]]\nname = "Lord"\nprofile = "hero"\ngeneral = true\n'
    '[[support]]\nname = "Chaos"\nprofile = "chaos-warrior"\nmodels = 1\n'
    '[[support]]\nname = "Ogre"\nprofile = "ogre-freebooter"\nmodels = 1\n'
)


def test_a_core_or_elite_model_as_a_support_unit(capsys: Capture, tmp_path: Path) -> None:
    """nq army says the support units' rules as the army builder does, in both languages."""
    code, out, _ = run(capsys, "army", write(tmp_path, SUPPORTED))
    assert code == 2
    assert (
        "Refused: Chaos: a model of type elite can be a support unit only as the crew of a "
        "support weapon: choose one in “Support weapon” (rule Extra Equipment And Special "
        "Rules, section extra-equipment-and-special-rules)"
    ) in out
    assert "Warning: Ogre: Ogre Freebooter is of type elite by its Structure line: some" in out
    code, out, _ = run(capsys, "army", write(tmp_path, SUPPORTED), "--lang", "fr")
    assert code == 2
    assert (
        "Refusé\u00a0: Chaos\u00a0: une figurine de type élite ne peut être une unité de "
        "soutien que comme servant d’une arme de soutien\u00a0: choisissez-en une dans "
        "« Arme de soutien »"
    ) in out
    assert "(le livre dit « certaines »\u00a0: une recommandation)" in out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "leader, file: no file named: name a profile file beside the army file"),
        (
            "fr",
            "chef, fichier\u00a0: aucun fichier nommé\u00a0: "
            "nommez un fichier de profil du dossier du fichier d’armée",
        ),
    ],
)
def test_an_empty_file_name_is_said_as_such(
    capsys: Capture, tmp_path: Path, lang: str, said: str
) -> None:
    """``leader = { file = "" }`` is no file of the folder: said so, not as the folder unread."""
    text = LEADER_FILE.replace('"chef.toml"', '" "')
    code, out, err = run(capsys, "--lang", lang, "army", write(tmp_path, text))
    assert (code, out) == (2, "")
    assert said in err, err
